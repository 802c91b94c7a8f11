"""The Dance step: the Avatar's Movement, leading Influenced Dancers, seating, the Ankh.

The Avatar steps one hex per action up to its Movement (an Ankh adds one);
it may not enter an occupied hex (Shadow excepted) nor another family's
entry hex. Each Influenced Dancer may be led up to two hexes, and seated
from the entry hex. Release, Discipline and Strategic are offered here too;
``end-dance`` moves on to the Influence step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import influence, powers, refreshments, sanctuary, standing
from ballroom.games.the_dance.steps import Phase

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every Dance step ends with it.
_INFLUENCE = Phase.INFLUENCE

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


STEP, LEAD, SEAT, UNSEAT, ANKH = ac.STEP, ac.LEAD, ac.SEAT, ac.UNSEAT, ac.ANKH
RELEASE, END_DANCE = ac.RELEASE, ac.END_DANCE
"""Bound once: the steps, leads and the step's end are listed at every decision of a Dance
step."""


def actions(s: Ball, p: int) -> list[int]:
    """The legal actions, listed in id order (steps, leads, the seat, unseats, the Ankh,
    releases, Powers, ``end-dance``) rather than sorted: one is listed at every decision."""
    occ = s.occ
    out: list[int] = []
    held = s.held[p]
    moving = s.movement_left > 0
    if moving:
        # Never onto another family's entry hex (RULINGS 19): ``open_exits`` leaves them out.
        steps = s.open_exits[p][s.avatar_pos[p]]
        if held.passes_through:
            for direction, nxt in steps:
                if occ[nxt] < 0 or standing.may_pass_through(s, p, nxt, s.closed[p]):
                    out.append(STEP + direction)
        else:
            for direction, nxt in steps:
                if occ[nxt] < 0:
                    out.append(STEP + direction)
    if s.passing:
        return out
    marked = s.marked
    mine = influence.influenced(s, p) if marked is None else marked[p]
    entry = s.comp.board.sanctuaries[s.sanctuary_of[p]].entry  # ``sanctuary.entry``
    if mine:
        exits = s.comp.board.exits
        lead_left = s.lead_left
        dancer_pos = s.dancer_pos
        seat = -1  # one piece to a hex: one Dancer at most stands on the entry hex
        for d in mine:
            if lead_left[d] <= 0:
                continue
            pos = dancer_pos[d]
            base = LEAD + 6 * d
            for direction, nxt in exits[pos]:
                if occ[nxt] < 0:
                    out.append(base + direction)
            if pos == entry:
                seat = d
        if seat >= 0 and sanctuary.may_seat(s, p, seat):
            out.append(SEAT + seat)
    seated = s.seated[p]
    if seated and moving and occ[entry] < 0:
        for d in sorted(seated):
            out.append(UNSEAT + d)
    ankh = s.edition.ankh_kind
    if ankh >= 0 and s.hand[p][ankh] and standing.ankh_offered(s, p):
        out.append(ANKH)
    for d in mine:
        out.append(RELEASE + d)
    if held.dance_step:
        powers.offer_in_dance_step(s, p, out)
    out.append(END_DANCE)
    return out


def apply(s: Ball, action: int, p: int, events: list[Event]) -> None:
    nd = s.nd
    if action < ac.STEP + 6:
        _step(s, p, action, events)
    elif action == ac.END_DANCE:  # the commonest after a step
        s.phase = _INFLUENCE
    elif action < ac.LEAD + 6 * nd:
        _lead(s, p, action, events)
    elif action < ac.SEAT + nd:
        sanctuary.seat(s, p, action - ac.SEAT, events)
    elif action < ac.UNSEAT + nd:
        sanctuary.unseat(s, p, action - ac.UNSEAT, events)
    elif action == ac.ANKH:
        refreshments.spend(s, p, s.edition.ankh_kind)
        s.ankhs_used += 1
        s.movement_left += 1
        s.say(events, "ankh", "{who} spends an Ankh: one more Movement.", {"player": p})
        standing.on_ankh(s, p, events)
    elif action < ac.RELEASE + nd:
        influence.release(s, action - ac.RELEASE, events, voluntary=True)
    elif action in (ac.DISCIPLINE, ac.STRATEGIC):
        powers.use_at_will(s, action, p, events)


def _direction(action: int) -> str:
    """The direction of a step or a lead as the log says it: ``NE``."""
    return ac.TEXTS[action].rsplit(" ", 1)[1].upper()


_STEPPED = {ac.STEP + i: f"{{who}} steps {_direction(ac.STEP + i)}." for i in range(6)}
"""Each step's sentence for its event, its direction filled in once."""


def _step(s: Ball, p: int, action: int, events: list[Event]) -> None:
    """The Avatar moves one hex; a Shadow Avatar on a piece is ``passing`` and stands on none."""
    here = s.avatar_pos[p]
    nxt = s.comp.board.neighbours[here][action - ac.STEP]
    occ = s.occ
    if not s.passing:
        occ[here] = -1
    s.movement_left -= 1
    s.avatar_pos[p] = nxt
    passing = s.passing = occ[nxt] >= 0
    if not passing:
        occ[nxt] = s.nd + p
    s.movement_spent += 1
    if s.reporting:  # at most steps of a game: not even the facts made for nobody
        s.say(events, "step", _STEPPED[action], {"player": p, "hex": nxt})
    if passing:
        standing.on_pass_through(s, p, events)
    standing.after_step(s, p, events)


def _lead(s: Ball, p: int, action: int, events: list[Event]) -> None:
    d, direction = divmod(action - ac.LEAD, 6)
    here = s.dancer_pos[d]
    nxt = s.comp.board.neighbours[here][direction]
    s.occ[here] = -1
    s.occ[nxt] = d
    s.dancer_pos[d] = nxt
    s.lead_left[d] -= 1
    if s.reporting:
        s.say(
            events,
            "lead",
            "{who} leads {name} {direction}.",
            {"player": p, "dancer": d, "hex": nxt},
            {"name": s.comp.dancers[d].name, "direction": _direction(action)},
        )
