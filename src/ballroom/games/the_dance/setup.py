"""Setting up the game: compose the families, place the Dancers, the Server and the Avatars.

Seats are numbered in play order from the first player, who is the oldest;
the engine takes that order as age order too, so Avatars are chosen
youngest to oldest, from the last seat back to seat 0 (RULINGS 15), after
the Plans with NEW BLOOD. Sanctuaries, for which the rulebook gives no
order, are declared in seat order. Each family draws two Powers and keeps
one (both with ``super-villains``), then four Refreshments and a Plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import sanctuary, server
from ballroom.games.the_dance.components import FAMILIES
from ballroom.games.the_dance.steps import Agenda, Phase, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every set-up a search plays reads it for each Dancer.
_PLACE_DANCER = Phase.PLACE_DANCER

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


def agenda(s: Ball) -> Agenda:
    """The set-up's tasks, in the scenario's order, then the first turn."""
    opts = s.game.options
    seats = range(s.n)
    families: Agenda = [(Task.CHOOSE_AVATAR, p) for p in reversed(seats)]
    families += [(Task.CHOOSE_SANCTUARY, p) for p in seats]
    deal: Agenda = []
    for p in seats:
        deal += [(Task.DRAW_POWER, p), (Task.DRAW_POWER, p)]
        if not opts["super-villains"]:
            deal.append((Task.KEEP_POWER, p))
    deal += [(Task.DEAL_REFRESHMENTS, p) for p in seats]
    deal += [(Task.DRAW_PLAN, p) for p in seats]
    tasks = deal + families if opts["scenario"] == "new-blood" else families + deal
    tasks += [(Task.PLACE_DANCER, i) for i in range(s.nd)]
    tasks += [(Task.PLACE_SERVER_AND_AVATARS, 0), (Task.NEW_TURN, 0)]
    return tasks


def avatar_actions(s: Ball, p: int) -> list[int]:
    taken = set(s.avatar_of)
    return [ac.CHOOSE_AVATAR + a for a in range(FAMILIES) if a not in taken]


def apply_avatar(s: Ball, action: int, p: int, events: list[Event]) -> None:
    a = action - ac.CHOOSE_AVATAR
    s.avatar_of[p] = a
    s.wordings = None
    avatar = s.comp.avatars[a]
    if s.reporting:
        s.say(
            events,
            "avatar",
            "{seat} plays {name} of the {family} family.",
            {"player": p, "avatar": avatar.slug},
            {"seat": s.game.player_name(p), "name": avatar.name, "family": avatar.family},
        )
    s.run_agenda(events)


def sanctuary_actions(s: Ball, p: int) -> list[int]:
    taken = set(s.sanctuary_of)
    return [ac.CHOOSE_SANCTUARY + t for t in range(FAMILIES) if t not in taken]


def apply_sanctuary(s: Ball, action: int, p: int, events: list[Event]) -> None:
    t = action - ac.CHOOSE_SANCTUARY
    s.sanctuary_of[p] = t
    sanctuary.close_entries(s)
    if s.reporting:
        s.say(
            events,
            "sanctuary",
            "{who} takes the {colour} Sanctuary.",
            {"player": p, "sanctuary": t},
            {"colour": s.comp.board.sanctuaries[t].colour},
        )
    s.run_agenda(events)


def place_dancer_task(s: Ball, p: int, events: list[Event]) -> bool:
    s.phase = _PLACE_DANCER
    return True


def draw_outcomes(s: Ball) -> list[int]:
    """The Dancers still to be drawn onto the floor, as chance actions."""
    return [ac.PLACE + d for d in range(s.nd) if s.dancer_pos[d] < 0]


def left_to_draw(s: Ball) -> int:
    """How many ``draw_outcomes`` there are: the Dancers not yet placed (no Dancer is
    seated before the first turn)."""
    return s.nd - s.placed


def drawn_at(s: Ball, k: int) -> int:
    """``draw_outcomes(s)[k]``, found by the list's own search for the Dancers off the
    floor (-1) up to it: every world a search deals at the set-up places them one draw at
    a time."""
    pos = s.dancer_pos
    d = pos.index(-1)
    for _ in range(k):
        d = pos.index(-1, d + 1)
    return ac.PLACE + d


def apply_place_dancer(s: Ball, action: int, events: list[Event]) -> None:
    """The drawn Dancer takes the next start hex."""
    d = action - ac.PLACE
    hex_ = s.comp.board.start_hexes[s.placed]
    s.placed += 1
    s.dancer_pos[d] = hex_
    s.occ[hex_] = d
    if s.reporting:
        s.say(
            events,
            "place",
            "{name} takes her place on the floor.",
            {"dancer": d, "hex": hex_},
            {"name": s.comp.dancers[d].name},
        )
    s.run_agenda(events)


def place_server_and_avatars_task(s: Ball, p: int, events: list[Event]) -> bool:
    """The Avatars stand on their entry hexes while the Server's die is rolled."""
    server.roll_for_server(s)
    sanctuaries = s.comp.board.sanctuaries
    for q in range(s.n):
        entry = sanctuaries[s.sanctuary_of[q]].entry
        s.avatar_pos[q] = entry
        s.occ[entry] = s.nd + q
    return True
