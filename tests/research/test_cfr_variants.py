"""The card games' research variants (``games/<game>/research.py``): finite trees, CFR
converging on each, and the rules each keeps (``docs/research-variants.md``)."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from pathlib import Path

import pyspiel
import pytest
from examples.cfr_curves import VARIANTS, Tree, checkpoints, count_tree, estimated_leaves, load
from open_spiel.python.algorithms import cfr, exploitability

from ballroom.core.game import game_ids
from ballroom.core.state import CHANCE
from ballroom.games.dark_tales.research import (
    KING,
    OGRE,
    PRINCESS,
    QUEEN,
    YOUNG_HERO,
    DarkTalesResearch,
)
from ballroom.games.dominare.research import DominareResearch, exposure_loss
from ballroom.games.vampires_harvest.research import HarvestResearch, score

TREES = {
    "vampires-harvest": Tree(6155, 3264, 1001, 1890, (472, 436)),
    "dominare": Tree(3857, 1536, 41, 2280, (288, 288)),
    "dark-tales": Tree(5726, 1440, 206, 4080, (300, 180)),
}
"""The trees ``docs/research-variants.md`` reports."""


@pytest.mark.parametrize("game_id", list(VARIANTS))
def test_the_tree_is_finite_and_of_the_reported_size(game_id: str) -> None:
    assert count_tree(load(game_id)) == TREES[game_id]


@pytest.mark.parametrize(
    ("game_id", "params"),
    [
        ("vampires-harvest", {"research_turns": 1}),
        ("dominare", {"research_seasons": 1}),
        ("dark-tales", {"research_deck": 4}),
    ],
)
def test_a_few_cfr_iterations_lower_exploitability(game_id: str, params: dict[str, int]) -> None:
    game = load(game_id, **params)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    solver = cfr.CFRSolver(game)
    uniform = exploitability.exploitability(game, solver.average_policy())
    for _ in range(3):
        solver.evaluate_and_update_policy()
    after = exploitability.exploitability(game, solver.average_policy())
    assert 0.0 <= after < uniform


def test_checkpoints_are_log_spaced_and_end_at_the_last_iteration() -> None:
    assert checkpoints(100) == [0, 1, 2, 5, 10, 20, 50, 100]
    assert checkpoints(30) == [0, 1, 2, 5, 10, 20, 30]


def test_research_variants_are_not_among_the_rulebook_games() -> None:
    assert not {game.id for game in VARIANTS.values()} & set(game_ids())
    for game in VARIANTS.values():
        assert "not the rulebook's" in game.name


def test_harvest_scores_the_two_lower_tracks_multiplied_plus_the_highest() -> None:
    assert score((4, 7, 5)) == 27  # the rulebook's Alyssa
    assert score((6, 2, 8)) == 20  # and Bob


def test_harvest_splits_the_pool_and_the_first_at_the_area_pays_its_tribute() -> None:
    state = HarvestResearch(2).new_state()
    state.apply_text("roll 2", CHANCE)  # the Pool: 2 Blood
    state.apply_text("draw tribute-to-the-elders", CHANCE)
    assert state.legal_actions(0) == state.legal_actions(1)  # both choose, in secret
    state.apply_text("select area-1", 0)
    state.apply_text("select harvest", 1)
    assert state.current_players() == (0,)  # seat 0 holds the Initiative and faces it
    state.apply_text("attempt", 0)
    assert (state.blood, state.tribute) == ((0, 4), (3, 1))
    assert state.turn == 2 and state.initiative == 1


def test_dominare_exposure_penalty_is_the_rulebooks() -> None:
    assert exposure_loss((12, 14)) == [0, 4]  # the most: 1 VP per 3 full points
    assert exposure_loss((5, 5)) == [0, 0]  # tied for least: neither loses


def test_dominare_the_scapegoat_places_first_and_control_scores() -> None:
    state = DominareResearch(2).new_state()
    for agent in ("senator", "street-urchin", "templar", "guild-merchant"):
        state.apply_text(f"deal {agent}", CHANCE)
    assert set(state.zones.zone("hand", 0).cards) == {2, 3}  # the Templar and the Senator
    state.apply_text("reveal senator", 0)
    state.apply_text("reveal street-urchin", 1)
    assert state.scapegoat == 0 and state.current_players() == (0,)
    state.apply_text("place 1", 0)
    state.apply_text("place 1", 1)
    state.apply_text("reveal templar", 0)
    state.apply_text("reveal guild-merchant", 1)
    assert state.exposure == (5, 2) and state.current_players() == (0,)
    state.apply_text("place 2", 0)
    state.apply_text("place 2", 1)
    assert state.is_terminal()
    assert state.victory_points() == [2 - 1, 0]  # block 1 (block 2 tied), less 5 // 3


def test_dark_tales_texts_and_the_ball() -> None:
    state = DarkTalesResearch(2).new_state()
    for card in ("king", "ogre", "princess", "queen", "young-hero"):
        state.apply_text(f"deal {card}", CHANCE)  # four dealt, then seat 0 draws
    assert set(state.zones.zone("hand", 0).cards) == {YOUNG_HERO, KING, PRINCESS}
    state.apply_text("play king", 0)
    state.apply_text("play queen", 1)
    state.apply_text("play princess", 0)  # no Male in front of the other player to take
    state.apply_text("play ogre", 1)  # discards the Female in play with most VP: the Queen
    assert state.zones.zone("discard").cards == (QUEEN,)
    state.apply_text("play young-hero", 0)  # discards the Ogre from the middle
    assert set(state.zones.zone("discard").cards) == {QUEEN, OGRE}
    assert state.is_terminal()
    assert state.vp == (3 + 2 + 1 + 2, 3 + 2)  # seat 0's King and Princess dance


def test_knuths_estimate_comes_near_a_counted_tree() -> None:
    game = load("vampires-harvest", research_turns=1)
    counted = count_tree(game).terminals
    estimate = 10 ** estimated_leaves(game, 400, random.Random(1))
    assert counted / 2 < estimate < counted * 2


ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research-variants.md"
CURVES = ROOT / "docs" / "figures" / "cfr-curves.jsonl"


def test_the_doc_shows_what_the_committed_run_measured() -> None:
    """``docs/research-variants.md`` quotes ``figures/cfr-curves.jsonl``, the output of the
    command it gives, whose trees are today's."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "python examples/cfr_curves.py --iterations 100 --out docs/figures" in text
    runs = [json.loads(line) for line in CURVES.read_text(encoding="utf-8").splitlines()]
    assert [run["game"] for run in runs] == list(VARIANTS)
    for run in runs:
        tree = TREES[run["game"]]
        assert run["tree"] == {**asdict(tree), "information_states": list(tree.information_states)}
        assert f"| {tree.histories:,} | {tree.terminals:,} |" in text
        gaps = {point["iteration"]: point["exploitability"] for point in run["curve"]}
        assert f"{gaps[0]:.3g} → {gaps[10]:.3g} → {gaps[100]:.3g}" in text
        assert gaps[100] < gaps[10] < gaps[0]
        assert (ROOT / run["figure"]).is_file()
        assert f"(figures/cfr-{run['game']}.png)" in text
