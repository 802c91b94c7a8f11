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
    """The encoding described in the module docstring, with room for ``slots`` seats.

    The positions of the ones and of the other non-zero values are gathered in lists
    and written into the array at once: one write per value through numpy costs
    more than the rest of the encoding.
    """
    room = players if slots is None else slots
    size = observation_size(components, room)
    hexes = len(components.board.hexes)
    dancers = len(components.dancers)
    refreshments = components.refreshments
    kinds = len(refreshments)
    powers = len(components.powers)
    plans = len(components.plans)
    you = observation["you"]
    order = [(you + k) % players for k in range(players)] if you is not None else [*range(players)]
    rotated = [order.index(p) for p in range(players)]
    """Each seat's place in the rotated order (``None`` stands for a value out of range)."""
    ones: list[int] = []
    where: list[int] = []
    values: list[float] = []

    def one_hot(at: int, index: int | None, size: int) -> None:
        if index is not None and 0 <= index < size:
            ones.append(at + index)

    def seat_hot(at: int, p: int) -> None:
        if 0 <= p < players:
            ones.append(at + rotated[p])

    def scaled(at: int, value: float, cap: float) -> None:
        """``min(max(value, 0), cap) / cap``; a zero is left unwritten."""
        if value > 0:
            where.append(at)
            values.append((value if value < cap else cap) / cap)

    def bits(at: int, indices: list[int] | None, size: int) -> None:
        for index in indices or ():
            if 0 <= index < size:
                ones.append(at + index)

    at = 0
    one_hot(at, observation["phase_id"], PHASES)
    at += PHASES
    if you is not None:
        ones.append(at)
    scaled(at + 1, observation["turn"], MAX_TURN)
    scaled(at + 2, observation["tempo"], components.board.tempo_boxes)
    scaled(at + 3, observation["placed"], dancers)
    at += 4
    for key in ("actor", "current", "initiative"):
        seat_hot(at, observation[key])
        at += room
    seat_hot(at, observation["turn_state"]["draw_for"])
    at += room
    turn_order = observation["order"]
    for p in order:
        scaled(at, turn_order.index(p) + 1 if p in turn_order else 0, players)
        at += 1
    at += room - players
    one_hot(at, observation["server"], hexes)
    at += hexes
    for pos, sat, owner, dominated, slot, moves in zip(
        observation["dancer_pos"],
        observation["dancer_seat"],
        observation["dancer_influence"],
        observation["dancer_dominated"],
        observation["dancer_slot"],
        observation["dancer_moves"],
        strict=True,
    ):
        if pos >= 0:
            ones.append(at)
            if pos < hexes:
                ones.append(at + 1 + pos)
        at += 1 + hexes
        seat_hot(at, sat)
        at += room
        seat_hot(at, owner)
        at += room
        if dominated:
            ones.append(at)
        one_hot(at + 1, slot, 2)
        scaled(at + 3, moves, MAX_COUNT)
        at += 4
    families: list[dict[str, Any]] = observation["families"]
    start = at
    for p in order:
        family = families[p]
        one_hot(at, family["avatar"], FAMILIES)
        at += FAMILIES
        one_hot(at, family["sanctuary"], FAMILIES)
        at += FAMILIES
        one_hot(at, family["pos"], hexes)
        at += hexes
        if family["foiled"]:
            ones.append(at)
        scaled(at + 1, family["markers"], 2)
        scaled(at + 2, family["refreshment_count"], MAX_COUNT)
        at += 3
        hand = family["refreshments"]
        if hand is not None:
            for k in range(kinds):
                scaled(at + k, hand[k], refreshments[k].count)
        at += kinds
        bits(at, family["powers"], powers)
        at += powers
        scaled(at, family["power_count"], powers)
        at += 1
        bits(at, family["revealed"], powers)
        at += powers
        bits(at, family["drawn_powers"], powers)
        at += powers
        scaled(at, family["drawn_count"], powers)
        at += 1
        one_hot(at, family["plan"], plans)
        at += plans
        if family["has_plan"]:
            ones.append(at)
        if family["plan_public"]:
            ones.append(at + 1)
        at += 2
        bits(at, family["seated"], dancers)
        at += dancers
        scaled(at, len(family["seated"]), SEATS_PER_TABLE)
        at += 1
    at += (room - players) * ((at - start) // players)
    for p in observation["finished"]:
        ones.append(at + order.index(p))
    at += room
    piles = observation["piles"]
    total = sum(k.count for k in refreshments)
    scaled(at, piles["powers"], powers)
    scaled(at + 1, piles["refreshments"], total)
    scaled(at + 2, piles["plans"], plans)
    at += 3
    spent = observation["spent"]
    for k in range(kinds):
        scaled(at + k, spent[k], refreshments[k].count)
    at += kinds
    scaled(at, observation["discarded"], total)
    agenda = observation["agenda"]
    scaled(at + 1, len(agenda), MAX_AGENDA)
    at += 2
    one_hot(at, agenda[0][0] if agenda else None, AGENDA_TASKS)
    at += AGENDA_TASKS
    turn = observation["turn_state"]
    moves_left = turn["moves_left"]  # None: another family's Movement, hidden
    scaled(at, moves_left if moves_left is not None else 0, MAX_COUNT)
    at += 1
    for key in ("ankhs_used", "movement_spent", "attempts", "pay_left"):
        scaled(at, turn[key], MAX_COUNT)
        at += 1
    if turn["passing"]:
        ones.append(at)
    if turn["strategic_used"]:
        ones.append(at + 1)
    at += 2
    one_hot(at, turn["die_for"], 2)
    at += 2
    effort = observation["effort"]
    kind = effort["kind"]
    one_hot(at, kind, 2)
    at += 2
    one_hot(at, effort["target"] if kind == 0 else None, dancers)
    at += dancers
    if kind == 1:
        seat_hot(at, effort["target"])
    at += room
    one_hot(at, effort["domain"], len(DOMAINS))
    at += len(DOMAINS)
    bits(at, effort["used"], kinds)
    at += kinds
    one_hot(at, effort["roll"] - 1, 6)
    at += 6
    scaled(at, effort["modifier"], MAX_COUNT)
    at += 1
    for key in ("rerolled", "tactician_used", "dominates"):
        if effort[key]:
            ones.append(at)
        at += 1
    one_hot(at, observation["candidate_plan"], plans)
    at += plans
    if observation["has_candidate"]:
        ones.append(at)
    at += 1
    for p in observation["winners"] or ():
        ones.append(at + order.index(p))
    at += room
    if at != size:
        raise RuntimeError(f"The Dance encoding wrote {at} values, not {size}")
    out = np.zeros(size, dtype=np.float32)
    out[ones] = 1.0
    out[where] = values
    return out


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
