"""The Server: where he steps onto the floor, and what calling him gives.

In the set-up and in each Waltz Phase while he is in the kitchen, a die
names the Server hex he steps onto; if that hex is occupied he stays out.
An Avatar in range may call him instead of an effort (Influence Server):
two Refreshments, then he returns to the kitchen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import standing
from ballroom.games.the_dance.steps import Phase, RollFor, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every turn reads them.
_ROLL = Phase.ROLL
_FOR_SERVER = RollFor.SERVER

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


def roll_for_server(s: Ball) -> None:
    s.phase = _ROLL
    s.roll_for = _FOR_SERVER


def waltz_task(s: Ball, p: int, events: list[Event]) -> bool:
    """The Waltz Phase begins with a roll for the Server, if he is off the floor."""
    if s.server < 0:
        roll_for_server(s)
        return True
    return False


def apply_roll(s: Ball, face: int, events: list[Event]) -> None:
    hex_ = s.comp.board.server_hexes[face - 1]
    if s.occ[hex_] < 0:
        s.server = hex_
        s.occ[hex_] = s.server_code
        if s.reporting:
            s.say(
                events,
                "server",
                "The Server rolls {roll} and steps onto hex {roll}.",
                {"roll": face, "hex": hex_},
            )
    elif s.reporting:
        s.say(
            events,
            "server",
            "The Server rolls {roll}, but hex {roll} is occupied: he stays in the kitchen.",
            {"roll": face},
        )
    s.run_agenda(events)


def call(s: Ball, p: int, events: list[Event]) -> None:
    """Influence Server: two Refreshments (then down to the limit), and he leaves the floor."""
    standing.on_call_server(s, p, s.comp.board.distance[s.avatar_pos[p]][s.server], events)
    s.occ[s.server] = -1
    s.server = -1
    if s.reporting:
        s.say(
            events,
            "server",
            "{who} calls the Server, takes two Refreshments, and he returns to the kitchen.",
            {"player": p},
        )
    s.agenda[:0] = [
        (Task.DRAW_REFRESHMENT, p),
        (Task.DRAW_REFRESHMENT, p),
        (Task.DISCARD_TO_LIMIT, p),
    ]
    s.end_turn(events)
