"""A fixed-shape tensor encoding of a The Dance observation, for learners.

Built from ``observation(seat)`` alone, so it carries exactly what that seat
may see. Seats are rotated so that the observing seat comes first (a
spectator sees them in seat order). Every value lies in [0, 1]: positions
and choices are one-hot, counts are divided by a cap and clipped.

Blocks, in order: phase; header (seated, turn, tempo, counts); actor,
current player, initiative, draw-for seat and turn order by rotated seat;
the Server's hex; per Dancer (on the floor, hex, seated by, influenced by,
dominated, marker slot, moves); per family (Avatar, Sanctuary, Avatar hex,
foiled, markers, Refreshment count and own Refreshments, known and revealed
Powers, drawn Powers, Plan, seated Dancers); finished seats; piles, spent
and discarded Refreshments; the next agenda task; the turn state; the
current Influence effort; a candidate Plan; winners. Per-seat blocks hold
``slots`` seats (by default the table's): laid out for the most players, the
seats a smaller table lacks stay zero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ballroom.core.state import Observation
from ballroom.games.the_dance.components import DOMAINS, FAMILIES, SEATS_PER_TABLE

if TYPE_CHECKING:
    from ballroom.games.the_dance.components import Components
    from ballroom.games.the_dance.game import TheDance

PHASES = 19
AGENDA_TASKS = 18
MAX_TURN = 100
MAX_COUNT = 10
"""Cap for small counters (markers, moves, attempts, Refreshments in hand...)."""
MAX_AGENDA = 100


class _Writer:
    """Fills fixed-size blocks of a preallocated array, left to right."""

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


def observation_size(components: Components, slots: int) -> int:
    """Length of the encoding with room for ``slots`` seats; mirrors ``encode`` block by block."""
    hexes = len(components.board.hexes)
    dancers = len(components.dancers)
    kinds = len(components.refreshments)
    powers = len(components.powers)
    plans = len(components.plans)
    n = slots
    header = PHASES + 4 + 5 * n + hexes
    dancer_blocks = dancers * (hexes + 2 * n + 5)
    family_blocks = n * (hexes + kinds + 3 * powers + plans + dancers + 20)
    piles = n + 4 + kinds + 1 + AGENDA_TASKS
    turn = 9
    effort = 12 + dancers + n + len(DOMAINS) + kinds
    return header + dancer_blocks + family_blocks + piles + turn + effort + plans + 1 + n


def encode(
    observation: Observation, components: Components, players: int, slots: int | None = None
) -> npt.NDArray[np.float32]:
    """The encoding described in the module docstring, with room for ``slots`` seats."""
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
    moves_left = turn["moves_left"]  # None: another family's Movement, hidden
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
    if w.at != w.out.size:
        raise RuntimeError(f"The Dance encoding wrote {w.at} values, not {w.out.size}")
    return w.out


def shape(game: TheDance) -> tuple[int, ...]:
    """The encoding's shape with room for the game's seats."""
    return (observation_size(game.components, game.players),)


def padded_shape(game: TheDance) -> tuple[int, ...]:
    """The encoding's shape with room for the most seats the game allows."""
    return (observation_size(game.components, game.max_players),)


def encode_observation(game: TheDance, observation: Observation) -> npt.NDArray[np.float32]:
    """``encode`` with room for the game's seats."""
    return encode(observation, game.components, game.players)


def encode_padded(game: TheDance, observation: Observation) -> npt.NDArray[np.float32]:
    """``encode`` with room for the most seats the game allows."""
    return encode(observation, game.components, game.players, game.max_players)
