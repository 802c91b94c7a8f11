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

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ballroom.core.state import Observation
from ballroom.games.the_dance.components import DOMAINS, FAMILIES, SEATS_PER_TABLE, Components

if TYPE_CHECKING:
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


class _Layout(NamedTuple):
    """The sizes and places an encoding with room for some seats uses, worked out once."""

    size: int
    hexes: int
    dancers: int
    powers: int
    plans: int
    counts: tuple[int, ...]
    """Each Refreshment kind's count."""
    total: int
    """All the Refreshments."""
    tempo_boxes: int
    dancer_blocks: tuple[int, ...]
    """Where each Dancer's block begins."""
    families_at: int
    """Where the families' blocks begin, after the Dancers'."""


_LAYOUTS: dict[tuple[int, int], tuple[Components, _Layout]] = {}


def _layout(components: Components, room: int) -> _Layout:
    known = _LAYOUTS.get((id(components), room))
    if known is not None and known[0] is components:
        return known[1]
    hexes = len(components.board.hexes)
    counts = tuple(k.count for k in components.refreshments)
    start = PHASES + 4 + 5 * room + hexes
    width = hexes + 2 * room + 5
    layout = _Layout(
        size=observation_size(components, room),
        hexes=hexes,
        dancers=len(components.dancers),
        powers=len(components.powers),
        plans=len(components.plans),
        counts=counts,
        total=sum(counts),
        tempo_boxes=components.board.tempo_boxes,
        dancer_blocks=tuple(start + d * width for d in range(len(components.dancers))),
        families_at=start + len(components.dancers) * width,
    )
    _LAYOUTS[id(components), room] = (components, layout)
    return layout


def encode(
    observation: Observation, components: Components, players: int, slots: int | None = None
) -> npt.NDArray[np.float32]:
    """The encoding described in the module docstring, with room for ``slots`` seats.

    The places of the ones and of the other values above zero are gathered in lists
    and written into the array at once (one write per value through numpy would cost
    more than all the rest); a value scaled is ``min(max(value, 0), cap) / cap``.
    """
    room = players if slots is None else slots
    layout = _layout(components, room)
    hexes, dancers, powers, plans = layout.hexes, layout.dancers, layout.powers, layout.plans
    counts, total = layout.counts, layout.total
    kinds = len(counts)
    you = observation["you"]
    order = [(you + k) % players for k in range(players)] if you is not None else [*range(players)]
    rotated = [order.index(p) for p in range(players)]
    """Each seat's place in the rotated order."""
    ones: list[int] = []
    where: list[int] = []
    values: list[float] = []
    hot, put, value = ones.append, where.append, values.append

    at = 0
    phase = observation["phase_id"]
    if 0 <= phase < PHASES:
        hot(phase)
    at += PHASES
    if you is not None:
        hot(at)
    for offset, amount, cap in (
        (1, observation["turn"], MAX_TURN),
        (2, observation["tempo"], layout.tempo_boxes),
        (3, observation["placed"], dancers),
    ):
        if amount > 0:
            put(at + offset)
            value((amount if amount < cap else cap) / cap)
    at += 4
    for p in (
        observation["actor"],
        observation["current"],
        observation["initiative"],
        observation["turn_state"]["draw_for"],
    ):
        if 0 <= p < players:
            hot(at + rotated[p])
        at += room
    turn_order = observation["order"]
    for p in order:
        if p in turn_order:
            put(at)
            amount = turn_order.index(p) + 1
            value((amount if amount < players else players) / players)
        at += 1
    at += room - players
    server = observation["server"]
    if 0 <= server < hexes:
        hot(at + server)
    # The Dancers' blocks, most of the encoding: one field of every Dancer at a time,
    # ``rel`` its place in a block.
    blocks = layout.dancer_blocks
    placed = observation["dancer_pos"]
    ones += [b for b, pos in zip(blocks, placed, strict=False) if pos >= 0]
    ones += [b + 1 + pos for b, pos in zip(blocks, placed, strict=False) if 0 <= pos < hexes]
    rel = 1 + hexes
    ones += [
        b + rel + rotated[q]
        for b, q in zip(blocks, observation["dancer_seat"], strict=False)
        if 0 <= q < players
    ]
    rel += room
    ones += [
        b + rel + rotated[q]
        for b, q in zip(blocks, observation["dancer_influence"], strict=False)
        if 0 <= q < players
    ]
    rel += room
    ones += [b + rel for b, on in zip(blocks, observation["dancer_dominated"], strict=False) if on]
    ones += [
        b + rel + 1 + slot
        for b, slot in zip(blocks, observation["dancer_slot"], strict=False)
        if 0 <= slot < 2
    ]
    for b, moves in zip(blocks, observation["dancer_moves"], strict=False):
        if moves > 0:
            put(b + rel + 3)
            value((moves if moves < MAX_COUNT else MAX_COUNT) / MAX_COUNT)
    at = layout.families_at
    families: list[dict[str, Any]] = observation["families"]
    start = at
    for p in order:
        family = families[p]
        index = family["avatar"]
        if 0 <= index < FAMILIES:
            hot(at + index)
        at += FAMILIES
        index = family["sanctuary"]
        if 0 <= index < FAMILIES:
            hot(at + index)
        at += FAMILIES
        index = family["pos"]
        if 0 <= index < hexes:
            hot(at + index)
        at += hexes
        if family["foiled"]:
            hot(at)
        for offset, amount, cap in (
            (1, family["markers"], 2),
            (2, family["refreshment_count"], MAX_COUNT),
        ):
            if amount > 0:
                put(at + offset)
                value((amount if amount < cap else cap) / cap)
        at += 3
        hand = family["refreshments"]
        if hand is not None:
            for k, (amount, cap) in enumerate(zip(hand, counts, strict=False)):
                if amount > 0:
                    put(at + k)
                    value((amount if amount < cap else cap) / cap)
        at += kinds
        for index in family["powers"] or ():
            if 0 <= index < powers:
                hot(at + index)
        at += powers
        amount = family["power_count"]
        if amount > 0:
            put(at)
            value((amount if amount < powers else powers) / powers)
        at += 1
        for index in family["revealed"] or ():
            if 0 <= index < powers:
                hot(at + index)
        at += powers
        for index in family["drawn_powers"] or ():
            if 0 <= index < powers:
                hot(at + index)
        at += powers
        amount = family["drawn_count"]
        if amount > 0:
            put(at)
            value((amount if amount < powers else powers) / powers)
        at += 1
        index = family["plan"]
        if index is not None and 0 <= index < plans:
            hot(at + index)
        at += plans
        if family["has_plan"]:
            hot(at)
        if family["plan_public"]:
            hot(at + 1)
        at += 2
        seated = family["seated"]
        for index in seated or ():
            if 0 <= index < dancers:
                hot(at + index)
        at += dancers
        if seated:
            put(at)
            amount = len(seated)
            value((amount if amount < SEATS_PER_TABLE else SEATS_PER_TABLE) / SEATS_PER_TABLE)
        at += 1
    at += (room - players) * ((at - start) // players)
    for p in observation["finished"]:
        hot(at + order.index(p))
    at += room
    piles = observation["piles"]
    agenda = observation["agenda"]
    scaled = [
        (piles["powers"], powers),
        (piles["refreshments"], total),
        (piles["plans"], plans),
        *zip(observation["spent"], counts, strict=False),
        (observation["discarded"], total),
        (len(agenda), MAX_AGENDA),
    ]
    for offset, (amount, cap) in enumerate(scaled):
        if amount > 0:
            put(at + offset)
            value((amount if amount < cap else cap) / cap)
    at += 5 + kinds
    if agenda and 0 <= agenda[0][0] < AGENDA_TASKS:
        hot(at + agenda[0][0])
    at += AGENDA_TASKS
    turn = observation["turn_state"]
    moves_left = turn["moves_left"]  # None: another family's Movement, hidden
    for offset, amount in enumerate(
        (
            moves_left if moves_left is not None else 0,
            turn["ankhs_used"],
            turn["movement_spent"],
            turn["attempts"],
            turn["pay_left"],
        )
    ):
        if amount > 0:
            put(at + offset)
            value((amount if amount < MAX_COUNT else MAX_COUNT) / MAX_COUNT)
    at += 5
    if turn["passing"]:
        hot(at)
    if turn["strategic_used"]:
        hot(at + 1)
    at += 2
    if 0 <= turn["die_for"] < 2:
        hot(at + turn["die_for"])
    at += 2
    effort = observation["effort"]
    kind, target = effort["kind"], effort["target"]
    if 0 <= kind < 2:
        hot(at + kind)
    at += 2
    if kind == 0 and 0 <= target < dancers:
        hot(at + target)
    at += dancers
    if kind == 1 and 0 <= target < players:
        hot(at + rotated[target])
    at += room
    domain = effort["domain"]
    if 0 <= domain < len(DOMAINS):
        hot(at + domain)
    at += len(DOMAINS)
    for index in effort["used"] or ():
        if 0 <= index < kinds:
            hot(at + index)
    at += kinds
    if 0 <= effort["roll"] - 1 < 6:
        hot(at + effort["roll"] - 1)
    at += 6
    amount = effort["modifier"]
    if amount > 0:
        put(at)
        value((amount if amount < MAX_COUNT else MAX_COUNT) / MAX_COUNT)
    at += 1
    for key in ("rerolled", "tactician_used", "dominates"):
        if effort[key]:
            hot(at)
        at += 1
    index = observation["candidate_plan"]
    if index is not None and 0 <= index < plans:
        hot(at + index)
    at += plans
    if observation["has_candidate"]:
        hot(at)
    at += 1
    for p in observation["winners"] or ():
        hot(at + order.index(p))
    at += room
    if at != layout.size:
        raise RuntimeError(f"The Dance encoding wrote {at} values, not {layout.size}")
    out = np.zeros(layout.size, dtype=np.float32)
    out[np.fromiter(ones, np.intp, len(ones))] = 1.0
    out[np.fromiter(where, np.intp, len(where))] = np.fromiter(values, np.float64, len(values))
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
