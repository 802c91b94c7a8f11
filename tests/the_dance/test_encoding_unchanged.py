"""The tensor encoding is built for speed but holds exactly the numbers it held before.

``_reference_encode`` is a frozen copy of the encoder as it was (``encoding.py`` at
7b2c69d), kept only here: the encoding of every seat's and the spectator's
observation of many states, with room for the table's seats and for the most, must be
the same array, value for value, in the same dtype and shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from tests.the_dance.test_view_unchanged import OPTION_SETS, _heuristic_states, _random_states

from ballroom.core.state import Observation
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.components import DOMAINS, FAMILIES, SEATS_PER_TABLE, Components
from ballroom.games.the_dance.encoding import (
    AGENDA_TASKS,
    MAX_AGENDA,
    MAX_COUNT,
    MAX_TURN,
    PHASES,
    encode,
    observation_size,
)


class _Writer:
    def __init__(self, size: int) -> None:
        self.out = np.zeros(size, dtype=np.float32)
        self.at = 0

    def one_hot(self, index: int | None, size: int) -> None:
        if index is not None and 0 <= index < size:
            self.out[self.at + index] = 1.0
        self.at += size

    def bits(self, indices: list[int] | None, size: int) -> None:
        for index in indices or ():
            if 0 <= index < size:
                self.out[self.at + index] = 1.0
        self.at += size

    def scaled(self, value: float, cap: float) -> None:
        self.out[self.at] = min(max(float(value), 0.0), cap) / cap
        self.at += 1

    def flag(self, value: object) -> None:
        self.out[self.at] = 1.0 if value else 0.0
        self.at += 1


def _reference_encode(
    observation: Observation, components: Components, players: int, slots: int | None = None
) -> npt.NDArray[np.float32]:
    """The encoding as the encoder made it before it was made fast."""
    room = players if slots is None else slots
    board = components.board
    hexes = len(board.hexes)
    dancers = len(components.dancers)
    kinds = len(components.refreshments)
    powers = len(components.powers)
    plans = len(components.plans)
    you = observation["you"]
    order = (
        [(you + k) % players for k in range(players)] if you is not None else list(range(players))
    )

    def seat(p: int) -> int | None:
        return order.index(p) if 0 <= p < players else None

    w = _Writer(observation_size(components, room))
    w.one_hot(observation["phase_id"], PHASES)
    w.flag(you is not None)
    w.scaled(observation["turn"], MAX_TURN)
    w.scaled(observation["tempo"], board.tempo_boxes)
    w.scaled(observation["placed"], dancers)
    for key in ("actor", "current", "initiative"):
        w.one_hot(seat(observation[key]), room)
    w.one_hot(seat(observation["turn_state"]["draw_for"]), room)
    turn_order = observation["order"]
    for p in order:
        w.scaled(turn_order.index(p) + 1 if p in turn_order else 0, players)
    w.at += room - players
    w.one_hot(observation["server"], hexes)
    for d in range(dancers):
        pos = observation["dancer_pos"][d]
        w.flag(pos >= 0)
        w.one_hot(pos, hexes)
        w.one_hot(seat(observation["dancer_seat"][d]), room)
        w.one_hot(seat(observation["dancer_influence"][d]), room)
        w.flag(observation["dancer_dominated"][d])
        w.one_hot(observation["dancer_slot"][d], 2)
        w.scaled(observation["dancer_moves"][d], MAX_COUNT)
    families: list[dict[str, Any]] = observation["families"]
    start = w.at
    for p in order:
        family = families[p]
        w.one_hot(family["avatar"], FAMILIES)
        w.one_hot(family["sanctuary"], FAMILIES)
        w.one_hot(family["pos"], hexes)
        w.flag(family["foiled"])
        w.scaled(family["markers"], 2)
        w.scaled(family["refreshment_count"], MAX_COUNT)
        hand = family["refreshments"]
        for k in range(kinds):
            w.scaled(hand[k] if hand is not None else 0, components.refreshments[k].count)
        w.bits(family["powers"], powers)
        w.scaled(family["power_count"], powers)
        w.bits(family["revealed"], powers)
        w.bits(family["drawn_powers"], powers)
        w.scaled(family["drawn_count"], powers)
        w.one_hot(family["plan"], plans)
        w.flag(family["has_plan"])
        w.flag(family["plan_public"])
        w.bits(family["seated"], dancers)
        w.scaled(len(family["seated"]), SEATS_PER_TABLE)
    w.at += (room - players) * ((w.at - start) // players)
    w.bits([order.index(p) for p in observation["finished"]], room)
    piles = observation["piles"]
    total = sum(k.count for k in components.refreshments)
    w.scaled(piles["powers"], powers)
    w.scaled(piles["refreshments"], total)
    w.scaled(piles["plans"], plans)
    for k in range(kinds):
        w.scaled(observation["spent"][k], components.refreshments[k].count)
    w.scaled(observation["discarded"], total)
    agenda = observation["agenda"]
    w.scaled(len(agenda), MAX_AGENDA)
    w.one_hot(agenda[0][0] if agenda else None, AGENDA_TASKS)
    turn = observation["turn_state"]
    moves_left = turn["moves_left"]
    w.scaled(moves_left if moves_left is not None else 0, MAX_COUNT)
    for key in ("ankhs_used", "movement_spent", "attempts", "pay_left"):
        w.scaled(turn[key], MAX_COUNT)
    w.flag(turn["passing"])
    w.flag(turn["strategic_used"])
    w.one_hot(turn["die_for"], 2)
    effort = observation["effort"]
    w.one_hot(effort["kind"], 2)
    w.one_hot(effort["target"] if effort["kind"] == 0 else None, dancers)
    w.one_hot(seat(effort["target"]) if effort["kind"] == 1 else None, room)
    w.one_hot(effort["domain"], len(DOMAINS))
    w.bits(effort["used"], kinds)
    w.one_hot(effort["roll"] - 1, 6)
    w.scaled(effort["modifier"], MAX_COUNT)
    for key in ("rerolled", "tactician_used", "dominates"):
        w.flag(effort[key])
    w.one_hot(observation["candidate_plan"], plans)
    w.flag(observation["has_candidate"])
    w.bits([order.index(p) for p in observation["winners"] or ()], room)
    assert w.at == w.out.size
    return w.out


def _assert_same(game: TheDance, state: Any) -> None:
    for seat in [*range(game.players), None]:
        seen = state.observation(seat)
        for slots in (None, game.max_players):
            built = encode(seen, game.components, game.players, slots)
            expected = _reference_encode(seen, game.components, game.players, slots)
            assert built.dtype == expected.dtype and built.shape == expected.shape
            assert built.tobytes() == expected.tobytes()


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_encodings_of_random_and_heuristic_play_are_unchanged(options: dict[str, Any]) -> None:
    for players in (2, 5):
        game = TheDance(players, **options)
        for state in _random_states(game, seed=players, every=11):
            _assert_same(game, state)
    game = TheDance(3, **options)
    for k, state in enumerate(_heuristic_states(game, seed=4)):
        if k % 5 == 0 or state.is_terminal():
            _assert_same(game, state)


def test_values_out_of_range_are_clipped_as_before() -> None:
    """Counts past their caps and below zero, and seats and indices out of range, as
    the old encoder wrote them (a hand-made observation can hold them)."""
    game = TheDance(4)
    seen = game.new_state(1).observation(2)
    seen["turn"] = 250
    seen["tempo"] = -3
    seen["families"][1]["markers"] = 7
    seen["families"][2]["pos"] = 10_000
    seen["dancer_pos"][3] = 10_000
    seen["dancer_moves"][4] = 99
    seen["actor"] = 9
    seen["effort"]["kind"] = 1
    seen["effort"]["target"] = 3
    seen["effort"]["roll"] = 9
    seen["effort"]["used"] = [0, 0, 50]
    seen["families"][2]["refreshments"] = [30, 0, 1, 0, 0, 0, 0, 0, 0]
    for slots in (None, 6):
        built = encode(seen, game.components, 4, slots)
        assert built.tobytes() == _reference_encode(seen, game.components, 4, slots).tobytes()
