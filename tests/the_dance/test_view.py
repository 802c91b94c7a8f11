"""A seat's observation is the public part with her private part laid over it, nothing more."""

from __future__ import annotations

import copy
import json
from itertools import chain
from types import UnionType
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict

from tests.the_dance.test_view_unchanged import _heuristic_states, _random_states

from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.view import Seen, public


def test_observations_are_the_public_part_and_the_seats_own() -> None:
    game = TheDance(3, scenario="arrogance")
    state = game.new_state(5)
    rng = Rng(5)
    for step in range(400):
        if step % 9 == 0:
            assert state.observation(None) == public(state)
            for seat in range(game.players):
                expected = copy.deepcopy(public(state))
                expected["you"] = seat
                family = expected["families"][seat]
                family["refreshments"] = state.hand[seat]
                family["powers"] = state.powers[seat]
                family["drawn_powers"] = state.drawn_powers[seat]
                family["plan"] = state.plan[seat] if state.plan[seat] >= 0 else None
                if seat == state.current:
                    expected["turn_state"]["moves_left"] = state.movement_left
                if seat == state.draw_for:
                    expected["candidate_plan"] = state.candidate_plan
                assert state.observation(seat) == expected
        legal = state.legal_actions()
        if state.current_players() == (CHANCE,):
            state.apply(state.sample_chance())
        else:
            state.apply(legal[rng.below(len(legal))])


def _problems(value: object, hint: Any, where: str) -> list[str]:
    """How ``value`` strays from the type ``hint``: a ``TypedDict``'s keys in its order,
    ``bool`` and ``int`` told apart, a list for a list."""
    if is_typeddict(hint):
        if type(value) is not dict:
            return [f"{where} is a {type(value).__name__}, not a {hint.__name__}"]
        fields = get_type_hints(hint)
        if list(value) != list(fields):
            return [f"{where} has the keys {list(value)}, {hint.__name__} {list(fields)}"]
        return [
            p
            for key, inner in fields.items()
            for p in _problems(value[key], inner, f"{where}.{key}")
        ]
    if isinstance(hint, UnionType):
        if any(not _problems(value, option, where) for option in get_args(hint)):
            return []
        return [f"{where} = {value!r} is not a {hint}"]
    if get_origin(hint) is list:
        if type(value) is not list:
            return [f"{where} = {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for k, inner in enumerate(value) for p in _problems(inner, item, f"{where}[{k}]")]
    if type(value) is not hint:
        return [f"{where} = {value!r} is a {type(value).__name__}, not a {hint.__name__}"]
    return []


def test_every_part_of_every_observation_is_laid_out_as_its_typed_dict() -> None:
    """The ``TypedDict``s alone list the fields (the builder names none): every seat's and
    the spectator's observation has each part's keys in its ``TypedDict``'s order, every
    value of its type, so a field added to one and not the other fails here."""
    states = chain(
        _random_states(TheDance(2), seed=4, every=11),
        _random_states(TheDance(5, super_villains=True), seed=5, every=11),
        _heuristic_states(TheDance(3, scenario="arrogance"), seed=1),
    )
    reached = {"own plan": 0, "shown plan": 0, "candidate": 0, "moves": 0, "over": 0}
    for state in states:
        for seat in [*range(state.n), None]:
            seen = state.observation(seat)
            assert _problems(seen, Seen, "observation") == []
            json.dumps(seen)
            reached["own plan"] += seat is not None and seen["families"][seat]["plan"] is not None
            reached["shown plan"] += any(f["plan_public"] for f in seen["families"])
            reached["candidate"] += seen["candidate_plan"] is not None
            reached["moves"] += seen["turn_state"]["moves_left"] is not None
            reached["over"] += seen["winners"] is not None
    assert all(reached.values()), reached


def test_the_layout_check_sees_a_stray_key_an_order_and_a_type() -> None:
    seen = TheDance(3).new_state(2).observation(0)
    assert _problems(seen, Seen, "observation") == []
    added = copy.deepcopy(seen)
    added["families"][1]["extra"] = 0
    reordered = copy.deepcopy(seen)
    reordered["turn_state"] = dict(reversed(reordered["turn_state"].items()))
    retyped = copy.deepcopy(seen)
    retyped["effort"]["rerolled"] = 0
    missing = copy.deepcopy(seen)
    del missing["winners"]
    for wrong in (added, reordered, retyped, missing):
        assert _problems(wrong, Seen, "observation")
