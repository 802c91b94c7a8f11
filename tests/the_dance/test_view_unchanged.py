"""The observation is built for speed but says exactly what it said before.

``_reference_observation`` is a frozen copy of the builder as it was (``view.py`` at
9d2bfa1..7b2c69d), kept only here: every seat's and the spectator's observation of
many states, from random and heuristic play under every option, must be equal to it
as a dict, as JSON (which tells ``True`` from ``1`` and keeps the key order) and as
``marshal`` bytes (the search's information-set key, which tells a list from a tuple
and an ``int`` from an enum member). Each observation must also be its own: no list
or dict in it is shared with the state or with another observation.
"""

from __future__ import annotations

import json
import marshal
import random
from collections.abc import Iterator
from itertools import chain
from typing import Any

import pytest

from ballroom.agents import make_agent
from ballroom.core.agent import Decision
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.state import TheDanceState
from ballroom.games.the_dance.steps import PHASE_NAMES
from ballroom.games.the_dance.view import public


def _reference_observation(s: TheDanceState, player: int | None) -> dict[str, Any]:
    """The observation as the builder made it before it was made fast."""
    seen = _reference_public(s)
    if player is not None:
        seat = player
        seen["you"] = seat
        family = seen["families"][seat]
        family["refreshments"] = s.hand[seat][:]
        family["powers"] = s.powers[seat][:]
        family["drawn_powers"] = s.drawn_powers[seat][:]
        plan = s.plan[seat]
        family["plan"] = plan if plan >= 0 else None
        if seat == s.current:
            seen["turn_state"]["moves_left"] = s.movement_left
        if s.draw_for == seat:
            seen["candidate_plan"] = s.candidate_plan
    return seen


def _reference_public(s: TheDanceState) -> dict[str, Any]:
    families: list[dict[str, Any]] = []
    for q in range(s.n):
        plan = s.plan[q]
        shown = s.revealed[q]
        families.append(
            {
                "avatar": s.avatar_of[q],
                "sanctuary": s.sanctuary_of[q],
                "pos": s.avatar_pos[q],
                "foiled": s.foiled[q],
                "markers": s.markers[q],
                "refreshment_count": s.hand_size[q],
                "refreshments": None,
                "powers": shown[:],
                "power_count": len(s.powers[q]),
                "revealed": shown[:],
                "drawn_powers": None,
                "drawn_count": len(s.drawn_powers[q]),
                "plan": plan if plan >= 0 and s.plan_public[q] else None,
                "has_plan": plan >= 0,
                "plan_public": s.plan_public[q],
                "seated": s.seated[q][:],
            }
        )
    return {
        "game": s.game.id,
        "you": None,
        "players": s.n,
        "phase": PHASE_NAMES[s.phase],
        "phase_id": +s.phase,
        "actor": s.actor,
        "current": s.current,
        "turn": s.turn,
        "tempo": s.tempo,
        "order": s.order[:],
        "initiative": s.initiative,
        "server": s.server,
        "dancer_pos": s.dancer_pos[:],
        "dancer_seat": s.dancer_seat[:],
        "dancer_influence": s.influenced_by[:],
        "dancer_dominated": s.dominated[:],
        "dancer_slot": s.marker_slot[:],
        "dancer_moves": s.lead_left[:],
        "placed": s.placed,
        "families": families,
        "finished": s.finished[:],
        "dawn_ranking": [list(group) for group in s.dawn_ranking],
        "piles": {
            "powers": len(s.power_pile),
            "refreshments": s.refresh_left,
            "plans": len(s.plan_pile),
        },
        "spent": s.spent[:],
        "discarded": s.discarded_count,
        "agenda": [[+task, seat] for task, seat in s.agenda],
        "turn_state": {
            "moves_left": None,
            "ankhs_used": s.ankhs_used,
            "movement_spent": s.movement_spent,
            "passing": s.passing,
            "attempts": s.attempts,
            "strategic_used": s.strategic_used,
            "pay_left": s.pay_left,
            "draw_for": s.draw_for,
            "die_for": +s.roll_for,
        },
        "effort": {
            "kind": +s.target_kind,
            "target": s.target,
            "domain": s.domain,
            "used": s.played[:],
            "roll": s.roll,
            "modifier": s.lowered,
            "rerolled": s.rerolled,
            "tactician_used": s.tactician_used,
            "dominates": s.dominates,
        },
        "candidate_plan": None,
        "has_candidate": s.candidate_plan >= 0,
        "winners": list(s.outcome().winners) if s.is_terminal() else None,
    }


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"super_villains": True},
    {"domination": "margin-three", "refreshment_domain": "any"},
    {"scenario": "arrogance", "initiative": True},
    {"scenario": "new-blood", "play_for_places": True},
    {"dawn": 3},
]


def _random_states(game: TheDance, seed: int, every: int) -> Iterator[TheDanceState]:
    """Every ``every``-th state of a random game (cut off at turn 40), and its last."""
    state = game.new_state(seed)
    chooser = random.Random(seed)
    step = 0
    while not state.is_terminal() and state.turn <= 40:
        if step % every == 0:
            yield state
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state.apply(state.sample_chance() if seat == CHANCE else chooser.choice(legal), seat)
        step += 1
    yield state


def _heuristic_states(game: TheDance, seed: int) -> Iterator[TheDanceState]:
    """Every state of a game between heuristic bots, which ends by a Plan (or at dawn)."""
    agents = [make_agent(game, seat, "heuristic", seed) for seat in range(game.players)]
    state = game.new_state(seed)
    while not state.is_terminal() and state.turn <= game.turn_cap:
        yield state
        seat = state.current_players()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        legal = state.legal_actions(seat)
        seen = state.observation(seat)
        state.apply(agents[seat].act(Decision(game, seat, seen, legal)), seat)
    yield state


def _assert_unchanged(state: TheDanceState) -> None:
    for seat in [*range(state.n), None]:
        built = state.observation(seat)
        expected = _reference_observation(state, seat)
        assert built == expected
        assert json.dumps(built) == json.dumps(expected)
        assert marshal.dumps(built, 2) == marshal.dumps(expected, 2)
    assert public(state) == _reference_public(state)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_observations_of_random_play_are_unchanged(options: dict[str, Any]) -> None:
    seen = 0
    for players in (2, 4, 6):
        for state in _random_states(TheDance(players, **options), seed=players, every=7):
            _assert_unchanged(state)
            seen += 1
    assert seen > 50


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_observations_of_heuristic_games_are_unchanged(options: dict[str, Any]) -> None:
    """Heuristic games reach what random play seldom does: shown Plans, seated Dancers,
    finished families, a dawn ranking, winners."""
    reached = {"plan": 0, "seated": 0, "over": 0}
    for players, seed in ((3, 1), (5, 2)):
        for state in _heuristic_states(TheDance(players, **options), seed):
            _assert_unchanged(state)
            reached["plan"] += any(state.plan_public)
            reached["seated"] += any(state.seated)
            reached["over"] += state.is_terminal()
    assert reached["seated"] and reached["over"] == 2


def _containers(value: object) -> Iterator[object]:
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _containers(inner)
    elif isinstance(value, list):
        yield value
        for inner in value:
            yield from _containers(inner)


def test_an_observation_shares_no_list_or_dict_with_the_state_or_another_observation() -> None:
    game = TheDance(4)
    states = chain(_random_states(game, seed=11, every=13), _heuristic_states(game, seed=3))
    seated = 0
    for k, state in enumerate(states):
        if k % 3:
            continue
        seated += any(state.seated)
        held = {id(value) for value in vars(state).values()}
        held |= {
            id(inner)
            for value in vars(state).values()
            if isinstance(value, list)
            for inner in value
        }
        first = [state.observation(seat) for seat in [*range(4), None]]
        second = [state.observation(seat) for seat in [*range(4), None]]
        owned = [{id(c) for c in _containers(seen)} for seen in first + second]
        for i, ids in enumerate(owned):
            assert not ids & held
            for other in owned[i + 1 :]:
                assert not ids & other
        # Changing one observation in place changes no other, nor the next one built.
        for seen in first:
            for container in _containers(seen):
                if isinstance(container, list):
                    container.append(-99)
        assert second == [_reference_observation(state, seat) for seat in [*range(4), None]]
    assert seated
