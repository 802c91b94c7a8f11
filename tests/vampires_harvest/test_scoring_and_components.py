"""Scoring, the end of the game, the data files and what stays hidden (RULINGS 7, 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ballroom.agents import RandomAgent
from ballroom.core.components import DataFiles
from ballroom.core.errors import ComponentError
from ballroom.core.play import play_out
from ballroom.core.rng import Rng
from ballroom.games.vampires_harvest import VampiresHarvest
from ballroom.games.vampires_harvest.components import DATA_DIR, Deck, Kind, load_catalog
from ballroom.games.vampires_harvest.position import Position, act, select
from ballroom.games.vampires_harvest.scoring import final_score, ranking
from ballroom.games.vampires_harvest.turn import CATALOG


def test_alyssa_scores_27() -> None:
    assert final_score((4, 7, 5)) == 4 * 5 + 7 == 27


def test_bob_scores_20() -> None:
    assert final_score((6, 2, 8)) == 6 * 2 + 8 == 20


def test_ties_are_broken_by_blood_then_shared() -> None:
    tracks = [(4, 7, 5), (5, 7, 4), (6, 2, 8), (7, 5, 4)]
    assert ranking(tracks, [3, 9, 50, 3]) == [[1], [0, 3], [2]]


def test_the_game_ends_after_twelve_turns_with_the_best_score_winning() -> None:
    state = (
        Position(players=3)
        .turn(12)
        .tracks(0, 4, 7, 5)
        .tracks(1, 6, 2, 8)
        .tracks(2, 6, 2, 8)
        .blood(1, 20)
        .build()
    )
    select(state, {0: "train", 1: "train", 2: "train"})
    for seat in state.order():
        act(state, seat, "buy 0", "pass")
    assert state.is_terminal()
    assert state.outcome().ranking == ((0,), (1,), (2,))


def test_random_games_last_twelve_turns() -> None:
    for players in (2, 3, 5):
        game = VampiresHarvest(players)
        state = play_out(game.new_state(players), [RandomAgent(Rng(s)) for s in range(players)])
        assert state.is_terminal() and state.turn == 12


# -- data -------------------------------------------------------------------------


def test_the_shipped_data_keeps_the_rulebook_kinds_and_decks() -> None:
    for deck in (Deck.EARLY, Deck.LATE):
        kinds = {CATALOG.cards[c].kind for c in CATALOG.deck(deck)}
        assert kinds == {Kind.TRIBUTE, Kind.SLAY, Kind.SEDUCE}
    assert len(CATALOG.skills.harvest_bonus) == 6
    assert any(CATALOG.cards[c].success for c in CATALOG.deck(Deck.SEDUCTION))


def override(tmp_path: Path, name: str, text: str) -> DataFiles:
    folder = tmp_path / "vampires-harvest"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return DataFiles(DATA_DIR, folder)


def test_every_data_file_says_it_is_a_reconstruction(tmp_path: Path) -> None:
    files = override(tmp_path, "skills.toml", "[harvest]\nbonus = [0, 1, 2, 3, 4, 5]\n")
    with pytest.raises(ComponentError, match="must begin with reconstruction"):
        load_catalog(files)


def test_a_skill_table_needs_a_value_per_level(tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "skills.toml")
        .read_text()
        .replace("bonus = [0, 1, 2, 3, 4, 6]", "bonus = [0, 1]")
    )
    with pytest.raises(
        ComponentError,
        match=r"skills.toml: harvest > bonus: found \[0, 1\]; must be a list of exactly 6",
    ):
        load_catalog(override(tmp_path, "skills.toml", text))


def test_a_glamour_level_cannot_keep_more_than_it_draws(tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "skills.toml")
        .read_text()
        .replace("keep = [1, 1, 2, 2, 3, 3]", "keep = [3, 1, 2, 2, 3, 3]")
    )
    with pytest.raises(ComponentError, match="level 0 keeps 3 cards but draws only 2"):
        load_catalog(override(tmp_path, "skills.toml", text))


def test_a_reward_names_a_known_resource(tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "opportunities.toml")
        .read_text()
        .replace(
            'strength = 3\nreward = [{gain = "slayer", amount = 3}]',
            'strength = 3\nreward = [{gain = "glory", amount = 3}]',
            1,
        )
    )
    with pytest.raises(
        ComponentError,
        match=r"early opportunity 8 \(Werewolf Scout\) > reward > operation 1: 'glory' is not one of",
    ):
        load_catalog(override(tmp_path, "opportunities.toml", text))


def test_a_misspelt_key_is_refused(tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "bloodstones.toml")
        .read_text()
        .replace('when = "prepare"', 'whenn = "prepare"', 1)
    )
    with pytest.raises(ComponentError, match="whenn: unknown key"):
        load_catalog(override(tmp_path, "bloodstones.toml", text))


def test_a_bloodstone_moment_is_one_the_engine_offers(tmp_path: Path) -> None:
    text = (DATA_DIR / "bloodstones.toml").read_text().replace('when = "slay"', 'when = "dawn"', 1)
    with pytest.raises(ComponentError, match="must be one of prepare, tribute, slay, seduce"):
        load_catalog(override(tmp_path, "bloodstones.toml", text))


def test_only_a_slay_opportunity_has_a_strength(tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "opportunities.toml")
        .read_text()
        .replace("cost = 2\n", "cost = 2\nstrength = 2\n", 1)
    )
    with pytest.raises(ComponentError, match="only a Slay Opportunity has a strength"):
        load_catalog(override(tmp_path, "opportunities.toml", text))


# -- hidden information -----------------------------------------------------------------


def test_bloodstone_hands_are_seen_by_their_owner_only() -> None:
    state = Position(players=3).hand(0, "fang-stone-1").hand(1, "heartstone-1").build()
    zones = {z["zone"]: z for z in state.observation(0)["zones"]["zones"]}
    assert zones["hand/0"]["cards"] == [CATALOG.texts.index("fang-stone-1")]
    assert "cards" not in zones["hand/1"] and zones["hand/1"]["size"] == 1
    spectator = {z["zone"]: z for z in state.observation(None)["zones"]["zones"]}
    assert "cards" not in spectator["hand/0"]


def test_every_player_meets_the_skills_step_whatever_it_holds() -> None:
    state = Position(players=3).hand(1, "heartstone-1").build(at="prepare")
    from ballroom.games.vampires_harvest.position import draw, roll

    roll(state, 1, 1, 1)
    draw(state, "quiet-night")
    for seat in state.order():
        act(state, seat, "pass")
    asked = []
    while state.step.name.value == "skills":
        seat = state.current_players()[0]
        asked.append(seat)
        act(state, seat, "done")
    assert asked == state.order()


def test_every_fighter_meets_the_bloodstone_decision_holding_none() -> None:
    state = Position(players=3).area(1, "ghoul-pack-1").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face ghoul-pack-1")
    assert state.step.name.value == "attempt"
