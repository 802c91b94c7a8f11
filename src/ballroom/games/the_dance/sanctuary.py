"""Sanctuaries: the entry hexes, seating an Influenced Dancer, and sending one back.

A Dancer is seated from her family's entry hex for one of the Dancer's
moves; a table has five seats, and a sixth Dancer may be seated only if she
completes the Plan. Unseating costs the Avatar one Movement. No Avatar may
enter another family's entry hex (RULINGS 19), so that none can seal a table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import influence, plans

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball
    from ballroom.games.the_dance.components import Components, Exits


def entry(s: Ball, p: int) -> int:
    """The family's entry hex: where her Avatar starts and her Dancers are seated from."""
    return s.comp.board.sanctuaries[s.sanctuary_of[p]].entry


def close_entries(s: Ball) -> None:
    """Set ``s.closed``: for each family, the hexes her Avatar may not enter (the other
    families' entry hexes), once the Sanctuaries are known, and ``s.open_exits``, the
    exits of each hex less those. Read from the components' ``closed_entries`` for the
    same choice of Sanctuaries, else worked out there."""
    chosen = tuple(s.sanctuary_of)
    known = s.comp.closed_entries
    found = known.get(chosen)
    if found is None:
        sanctuaries = s.comp.board.sanctuaries
        taken = list(enumerate(chosen))
        closed = tuple(
            frozenset(sanctuaries[t].entry for q, t in taken if q != p and t >= 0)
            for p in range(len(chosen))
        )
        found = known[chosen] = closed, tuple(_exits_without(s.comp, shut) for shut in closed)
    s.closed, s.open_exits = found


def _exits_without(comp: Components, shut: frozenset[int]) -> Exits:
    """``board.exits`` less the exits onto ``shut`` (only the rows of their neighbours
    change), kept in the components' ``open_exits``."""
    exits = comp.open_exits.get(shut)
    if exits is None:
        board = comp.board
        rows = list(board.exits)
        for h in shut:
            for beside in board.adjacent[h]:
                rows[beside] = tuple(pair for pair in rows[beside] if pair[1] not in shut)
        exits = comp.open_exits[shut] = tuple(rows)
    return exits


def may_seat(s: Ball, p: int, d: int) -> bool:
    seats = s.comp.board.sanctuaries[s.sanctuary_of[p]].seats
    if len(s.seated[p]) < seats:
        return True
    return len(s.seated[p]) == seats and plans.plan_done(s, p, extra=d)


def seat(s: Ball, p: int, d: int, events: list[Event]) -> None:
    """Dancer ``d`` takes a seat; her marker comes home (a Discipline marker is lost)."""
    hex_ = s.dancer_pos[d]
    s.occ[hex_] = -1
    s.dancer_pos[d] = -1
    s.dancer_seat[d] = p
    s.lead_left[d] = 0
    slot = s.marker_slot[d]
    s.influenced_by[d] = -1
    influence.marker_moved(s, p, d)
    s.dominated[d] = False
    if slot == 1:
        s.markers[p] = 1
    s.seated[p].append(d)
    if s.reporting:
        s.say(
            events,
            "seat",
            "{name} takes a seat at the {family} table.",
            {"player": p, "dancer": d},
            {"name": s.comp.dancers[d].name, "family": s.family(p)},
        )
    if plans.plan_done(s, p):
        plans.finish(s, p, events)


def unseat(s: Ball, p: int, d: int, events: list[Event]) -> None:
    """Dancer ``d`` goes back to the floor on the entry hex, not Influenced."""
    hex_ = entry(s, p)
    s.seated[p].remove(d)
    s.dancer_seat[d] = -1
    s.dancer_pos[d] = hex_
    s.occ[hex_] = d
    s.movement_left -= 1
    s.movement_spent += 1
    if s.reporting:
        s.say(
            events,
            "unseat",
            "{who} sends {name} back to the floor.",
            {"player": p, "dancer": d},
            {"name": s.comp.dancers[d].name},
        )
