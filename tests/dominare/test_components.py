"""The components as data (RULINGS: Dominare 1-4), and the loader's clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from ballroom.core.components import DataFiles
from ballroom.core.errors import ComponentError
from ballroom.games.dominare.components import (
    CANALS,
    DATA_DIR,
    JUST_LEARNING,
    NAMED,
    Side,
    default_catalog,
    load,
)

CATALOG = default_catalog()


def test_two_sides_eight_districts_of_three_to_fifteen_blocks() -> None:
    assert [d.name for d in CATALOG.districts] == [
        "Atheneum", "Canals", "Church", "Merchant Quarter", "Senate",
        "Corte Scalzo", "The Estate", "The Warrens",
    ]  # fmt: skip
    assert [d.name for d in CATALOG.districts if d.swamp] == [
        "Corte Scalzo",
        "The Estate",
        "The Warrens",
    ]
    for side in Side:
        board = CATALOG.boards[side]
        assert all(3 <= len(blocks) <= 15 for blocks in board.district_blocks)
        assert all(-1 <= block.vp <= 4 for block in board.blocks)
    assert sum(map(len, CATALOG.boards[Side.LARGE].district_blocks)) > sum(
        map(len, CATALOG.boards[Side.SMALL].district_blocks)
    )


def test_land_districts_touch_only_the_canals() -> None:
    canals = next(i for i, d in enumerate(CATALOG.districts) if d.id == CANALS)
    for board in CATALOG.boards.values():
        for index, block in enumerate(board.blocks):
            for other in board.adjacent[index]:
                them = board.blocks[other].district
                assert them == block.district or canals in (them, block.district)
                assert index in board.adjacent[other]
        for district, blocks in enumerate(board.district_blocks):
            if district != canals:
                near = {board.blocks[o].district for b in blocks for o in board.adjacent[b]}
                assert canals in near


def test_the_atheneum_has_nine_blocks() -> None:
    for board in CATALOG.boards.values():
        assert len(board.district_blocks[0]) == 9


def test_the_deck_is_95_cards_with_three_common_agents_three_times() -> None:
    assert len(CATALOG.cards) == 95
    commons = [a.name for a in CATALOG.agents if a.copies == 3]
    assert commons == ["Beggar", "Street Urchin", "City Watchman"]
    names = {a.name for a in CATALOG.agents}
    assert set(NAMED) <= names


def test_the_just_learning_conspiracies_network() -> None:
    by_name = {a.name: a for a in CATALOG.agents}
    for trio in JUST_LEARNING:
        agents = [by_name[name] for name in trio]
        assert agents[0].traits & agents[1].traits and agents[1].traits & agents[2].traits
        assert len({a.faction for a in agents}) == 3


def test_agents_as_the_rulebook_states_them() -> None:
    by_name = {a.name: a for a in CATALOG.agents}
    pilare = by_name["Pilare Elmen"]
    assert (pilare.income, pilare.exposure, pilare.faction.value) == (2, 6, "senate")
    assert {t.value for t in pilare.traits} == {"senator", "merchant"}
    assert pilare.revealed is not None
    assert {t.value for t in by_name["Michael Elmen"].traits} == {"guildsman", "noble"}
    assert [a.number for a in by_name["Michael Elmen"].abilities] == [2, 6]
    assert by_name["Severin Aspistes"].cannot_flip
    assert by_name["Dante Straziami"].exposure == 5
    assert by_name["Moira Callighan"].influence == 3
    assert by_name["Paolo Portales"].income == 1 and by_name["Paolo Portales"].influence == 1


def test_thirty_events_with_two_seals_and_eight_district_abilities() -> None:
    assert len(CATALOG.events) == 30
    assert all(len(e.seals) == 2 for e in CATALOG.events)
    assert len(CATALOG.district_abilities) == 8


def _copy(tmp_path: Path, name: str, old: str, new: str) -> DataFiles:
    override = tmp_path / "dominare"
    override.mkdir()
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    assert old in text
    (override / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return DataFiles(DATA_DIR, override)


def test_a_district_with_too_few_blocks_is_refused(tmp_path: Path) -> None:
    files = _copy(tmp_path, "board.toml", "corte-scalzo = [[2, 0, -1]]", "corte-scalzo = [[2, 0]]")
    with pytest.raises(ComponentError, match="2 blocks; a district has 3 to 15"):
        load(files)


def test_a_block_bonus_out_of_range_is_refused(tmp_path: Path) -> None:
    files = _copy(tmp_path, "board.toml", "church = [[4, 2]", "church = [[5, 2]")
    with pytest.raises(ComponentError, match="church"):
        load(files)


def test_a_missing_named_agent_is_refused(tmp_path: Path) -> None:
    files = _copy(tmp_path, "agents.toml", 'name = "Pavel"', 'name = "Pavlo"')
    with pytest.raises(ComponentError, match="missing: Pavel"):
        load(files)


def test_an_unknown_operation_is_refused(tmp_path: Path) -> None:
    files = _copy(tmp_path, "districts.toml", 'act = "recruit"', 'act = "conjure"')
    with pytest.raises(ComponentError, match="unknown act 'conjure'; allowed:"):
        load(files)


def test_an_unknown_district_in_a_seal_is_refused(tmp_path: Path) -> None:
    files = _copy(tmp_path, "events.toml", '"merchant-quarter" = 2', '"harbour" = 2')
    with pytest.raises(ComponentError, match="no district 'harbour'"):
        load(files)


def test_each_file_says_it_is_a_reconstruction() -> None:
    for path in DATA_DIR.glob("*.toml"):
        assert path.read_text(encoding="utf-8").startswith('reconstruction = "Designed')
