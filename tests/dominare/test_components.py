"""The components as data (RULINGS: Dominare 1-4), and the loader's clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from ballroom.core.components import DataFiles
from ballroom.core.errors import ComponentError
from ballroom.games.dominare import constraints
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


def _copy(tmp_path: Path, name: str, *edits: tuple[str, str] | str) -> DataFiles:
    """A data folder whose ``name`` is the shipped file with each ``(old, new)`` edit made
    once (or, given as three strings ``old, new``, the one edit)."""
    pairs = [e for e in edits if isinstance(e, tuple)] or [(str(edits[0]), str(edits[1]))]
    override = tmp_path / "dominare"
    override.mkdir(exist_ok=True)
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    (override / name).write_text(text, encoding="utf-8")
    return DataFiles(DATA_DIR, override)


def _agent(name: str, key: str, old: str, new: str) -> tuple[str, str]:
    """An edit of agent ``name``'s ``key`` line (its name first, then that key)."""
    text = (DATA_DIR / "agents.toml").read_text(encoding="utf-8")
    start = text.index(f'name = "{name}"\n')
    line = text[start:].index(f"\n{key} = {old}\n")
    block = text[start : start + line + len(f"\n{key} = {old}\n")]
    return block, block.replace(f"\n{key} = {old}\n", f"\n{key} = {new}\n")


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
    components = [path for path in DATA_DIR.glob("*.toml") if path.name != "how_to_play.toml"]
    assert len(components) >= 4
    for path in components:
        assert path.read_text(encoding="utf-8").startswith('reconstruction = "Designed')


# -- the rulebook's group constraints (RULINGS: Dominare 9), each refused when broken ------

BROKEN: dict[str, tuple[str, list[tuple[str, str]], str]] = {
    "artisans_have_the_culture_seal": (
        "agents.toml",
        [_agent("Queen Marlanna", "traits", '["noble"]', '["noble", "artisan"]')],
        r"agents.toml: agent \d+ \(Queen Marlanna\) > faction: an Artisan has the Culture "
        r"faction seal, not nobility",
    ),
    "artisans_earn_no_income": (
        "agents.toml",
        [_agent("Declan Jahani", "income", "0", "1")],
        r"agent \d+ \(Declan Jahani\) > income: found 1; an Artisan \(Culture\) has a base "
        r"income of zero",
    ),
    "nobility_has_no_influence": (
        "agents.toml",
        [_agent("King Arnaud IV", "influence", "0", "2")],
        r"agent \d+ \(King Arnaud IV\) > influence: found 2; a Nobility agent never has",
    ),
    "shadowmen_are_knaves": (
        "agents.toml",
        [_agent("Moira Callighan", "traits", '["knave"]', '["guildsman"]')],
        r"agent \d+ \(Moira Callighan\) > traits: every Shadowmen agent has the knave trait",
    ),
    "most_but_not_all_senate_agents_are_senators": (
        "agents.toml",
        [
            _agent("Paolo Portales", "traits", '["merchant", "scholar"]', '["senator"]'),
            _agent("Ilkay Fahir", "traits", '["noble", "merchant"]', '["senator"]'),
            _agent("City Watchman", "traits", '["plebian"]', '["plebian", "senator"]'),
        ],
        r"agents.toml: agents: 14 of the 14 Senate faction agents are Senators; most, but not",
    ),
    "reveal_effects_are_usually_artisans_knaves_and_plebians": (
        "agents.toml",
        [
            _agent("Franco Quadrelli", "traits", '["plebian"]', '["clergy"]'),
            _agent("Pavel", "traits", '["plebian"]', '["guildsman"]'),
        ],
        r"8 of the 17 agents with a when-revealed ability are Artisans, Knaves or Plebians",
    ),
    "the_deck_holds_the_named_and_common_agents": (
        "agents.toml",
        [_agent("Beggar", "copies", "3", "2")],
        r"exactly 3 common agents appear 3 times each; found Beggar x2",
    ),
    "just_learning_conspiracies_network_and_reach_a_variety": (
        "agents.toml",
        [_agent("Rousseau Baudin", "traits", '["scholar"]', '["noble"]')],
        r"the Just Learning conspiracy Paolo Portales, Rousseau Baudin, Mia Avelles must "
        r"network: Paolo Portales and Rousseau Baudin share no trait",
    ),
    "every_event_has_a_season_one_effect": (
        "events.toml",
        [('name = "Scandal"\nseals = {"merchant-quarter" = 2, canals = 2}\n'
          "[[events.sections]]\nseason = 1",
          'name = "Scandal"\nseals = {"merchant-quarter" = 2, canals = 2}\n'
          "[[events.sections]]\nseason = 2")],
        r"events.toml: event 1 \(Scandal\) > section 1 > season: found 2; every event's "
        r"first section is Season 1",
    ),
    "the_vp_track_starts_at_one": (
        "board.toml",
        [("vp-lowest = 1", "vp-lowest = 0")],
        r"board.toml: vp-lowest: found 0; the VP track's lowest number is 1",
    ),
    "the_map_example_is_on_both_sides": (
        "board.toml",
        [('"merchant-quarter-1", "merchant-quarter-3"]', '"merchant-quarter-1"]')],
        r"board.toml: small: no Merchant Quarter block touches two Canal blocks C and D",
    ),
    "the_great_basilica_is_the_churchs_one_four": (
        "board.toml",
        [("church = [[4, 2]", "church = [[4, 4]")],
        r"board.toml: small > rows > church: bonus VP \[4, 4, 0, 1, -1, 0\]: the Church's one",
    ),
    "the_merchant_quarter_has_one_high_value_block": (
        "board.toml",
        [("merchant-quarter = [[3, 0, 1]", "merchant-quarter = [[3, 0, 3]")],
        r"small > rows > merchant-quarter: bonus VP \[3, 0, 3, 2, 0, 0, -1\]: the Merchant",
    ),
    "corte_scalzo_has_one_valuable_block": (
        "board.toml",
        [("corte-scalzo = [[2, 0, -1]]", "corte-scalzo = [[2, 1, -1]]")],
        r"small > rows > corte-scalzo: bonus VP \[2, 1, -1\]: exactly one Corte Scalzo block",
    ),
    "the_atheneum_has_nine_blocks": (
        "board.toml",
        [("atheneum = [[1, 0, 2], [0, 3, 0], [1, 0, -1]]",
          "atheneum = [[1, 0, 2], [0, 3, 0], [1, 0, -1, 0]]")],
        r"small > rows > atheneum: 10 blocks; the Atheneum contains 9",
    ),
}  # fmt: skip
"""Per group constraint: a file broken against it, and what the error must say."""


def test_every_group_constraint_has_a_broken_file() -> None:
    assert list(BROKEN) == [rule.__name__ for rule in constraints.RULES]


@pytest.mark.parametrize("rule", list(BROKEN))
def test_a_file_breaking_a_group_constraint_is_refused(tmp_path: Path, rule: str) -> None:
    name, edits, message = BROKEN[rule]
    with pytest.raises(ComponentError, match=message):
        load(_copy(tmp_path, name, *edits))


def test_the_common_agents_are_beggar_urchin_and_watch(tmp_path: Path) -> None:
    files = _copy(tmp_path, "agents.toml", 'name = "Street Urchin"', 'name = "Street Singer"')
    with pytest.raises(ComponentError, match="the common agents are Beggar, Street Singer, City"):
        load(files)


def test_an_agent_without_an_action_ability_is_refused(tmp_path: Path) -> None:
    """ "All agents have special abilities that can be used during the Action Phase": the
    file format refuses an agent with none."""
    text = (DATA_DIR / "agents.toml").read_text(encoding="utf-8")
    start = text.index('name = "Pavel"')
    end = text.index("[[agents]]", start)
    cut = text[start:end]
    kept = cut[: cut.index("[[agents.abilities]]")]
    with pytest.raises(ComponentError, match=r"agent \d+ \(Pavel\) > abilities: .*non-empty"):
        load(_copy(tmp_path, "agents.toml", (cut, kept)))


def test_queen_marlanna_is_no_artisan() -> None:
    """Artisans all have the Culture seal; the Queen is Nobility."""
    queen = next(a for a in CATALOG.agents if a.name == "Queen Marlanna")
    assert queen.faction.value == "nobility" and "artisan" not in {t.value for t in queen.traits}
