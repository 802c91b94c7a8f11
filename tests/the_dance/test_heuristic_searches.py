"""The heuristic's searches of the floor: quicker ways to the same answers, and the same games."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from ballroom.agents import make_agent
from ballroom.core.play import play_out
from ballroom.core.rng import Rng
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.bots import UNREACHABLE, RoutesHome

RECORDED = [
    (2, 1, {}, "1c2533e595429d97"),
    (3, 2, {"domination": "margin-three", "refreshment_domain": "any"}, "f7d229ffc0b83572"),
    (4, 3, {"super_villains": True}, "4602ea76c3daa2e4"),
    (5, 4, {"scenario": "arrogance"}, "f5873b045057d959"),
    (6, 5, {"scenario": "new-blood", "play_for_places": True}, "97e9ef8e530231a8"),
]
"""Heuristic self-play games as the bot played them before its searches were made quicker
(commit 7b2c69d): players, seed, options and a digest of the history."""


@pytest.mark.parametrize(("players", "seed", "options", "digest"), RECORDED)
def test_the_heuristic_plays_the_games_it_played_before(
    players: int, seed: int, options: dict[str, Any], digest: str
) -> None:
    game = TheDance(players, **options)
    agents = [make_agent(game, s, "heuristic", seed) for s in range(players)]
    state = play_out(game.new_state(seed), agents, max_turns=game.turn_cap)
    found = hashlib.sha256(json.dumps(list(state.history)).encode()).hexdigest()[:16]
    assert found == digest


def _searched(adjacent: tuple[tuple[int, ...], ...], start: int, through: set[int]) -> list[int]:
    """Steps from ``start`` to each hex, going on only from ``through`` (a plain search)."""
    steps = [UNREACHABLE] * len(adjacent)
    steps[start] = 0
    frontier = [start]
    while frontier:
        ring = []
        for h in frontier:
            for n in adjacent[h]:
                if steps[n] == UNREACHABLE:
                    steps[n] = steps[h] + 1
                    if n in through:
                        ring.append(n)
        frontier = ring
    return steps


def test_home_distance_is_the_search_through_empty_hexes() -> None:
    """The route home read off the empty floor's routes (or searched when the pieces block
    them all) is the breadth-first search from the entry hex through empty hexes, for
    every hex, also when asked only below a bound."""
    game = TheDance(4)
    board = game.components.board
    rng = Rng(7)
    checked = 0
    for seed in range(6):
        state = game.new_state(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            player = state.current_players()[0]
            legal = state.legal_actions(player)
            state.apply(
                state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))],
                player,
            )
            if rng.below(10):
                continue
            for seat in range(4):
                view = state.observation(seat)
                sanctuary = view["families"][seat]["sanctuary"]
                if sanctuary < 0:
                    continue
                entry = board.sanctuaries[sanctuary].entry
                occupied = {
                    *view["dancer_pos"],
                    *(f["pos"] for f in view["families"]),
                    view["server"],
                }
                empty = set(range(len(board.hexes))) - occupied
                expected = _searched(board.adjacent, entry, empty)
                bound = 1 + rng.below(8)
                bounded = RoutesHome(game.components, entry, occupied)
                plain = RoutesHome(game.components, entry, occupied)
                for h in range(len(expected)):
                    below = bounded.steps(h, bound)
                    assert below == expected[h] or (below >= bound and expected[h] >= bound)
                    assert plain.steps(h) == expected[h]
                checked += 1
    assert checked > 50
