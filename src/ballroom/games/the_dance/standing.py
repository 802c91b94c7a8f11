"""The rules that read a family's Powers: the limits and permissions they settle, and a
Power shown the first time it visibly acts.

The rules of the Dance step, the Influence step and the Refreshments ask
here for a limit or a permission (``Held``, worked out in ``powers.py``),
never which Power a family holds; a Power revealed by what it allowed is
told with an event that ``reveals`` (RULINGS 14, 20). Nothing here changes
the table beyond the Powers revealed, so every section may ask it.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance.components import POWER_IDS

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


class Power(IntEnum):
    """The Powers, numbered as the component file lists them (``POWER_IDS``)."""

    ATHLETIC = 0
    DISCIPLINE = 1
    HOST = 2
    MESMERIZE = 3
    OLD_WEALTH = 4
    OVERWHELMING = 5
    REGALE = 6
    RESOURCEFUL = 7
    SHADOW = 8
    STRATEGIC = 9
    TACTICIAN = 10
    WILLPOWER = 11

    @property
    def id(self) -> str:
        """The Power's id in the component file and in action texts: ``old-wealth``."""
        return POWER_IDS[self]


# The rulebook's limits, which Powers raise or cap.
REACH = 1
"""How far the Avatar's Influence, Foil and Server call reach."""
ATTEMPTS = 1
"""Influence attempts a turn."""
REFRESHMENT_LIMIT = 4
STARTING_REFRESHMENTS = 4
ROLL_REFRESHMENTS = 1
"""Refreshments one roll may use (RULINGS 2)."""
ANKHS = 1
"""Ankhs one Dance step may use."""
PASS_THROUGH = "pass-through-pieces"
"""The grant that lets an Avatar pass through pieces (``Held.passes_through``)."""

BY_ID = {power.id: power for power in Power}


def reveal(s: Ball, p: int, power: Power) -> bool:
    """Show family ``p``'s ``power`` to the table if she holds it; whether it was hidden until now."""
    if power in s.powers[p] and power not in s.revealed[p]:
        s.revealed[p].append(int(power))
        return True
    return False


def use(s: Ball, p: int, power: Power, effect: str, events: list[Event]) -> None:
    """A Power visibly acts: the first time, the log says so and the table learns it."""
    if reveal(s, p, power):
        events.append(
            s.event(
                "power",
                f"{s.who(p)} uses {s.comp.powers[power].name}: {effect}.",
                player=p,
                power=POWER_IDS[power],
                reveals=True,
            )
        )


def show(s: Ball, p: int, found: tuple[str, str] | None, events: list[Event]) -> None:
    """The Power ``found`` (its id, and what shows it), if any, visibly acts (``use``)."""
    if found is not None:
        use(s, p, BY_ID[found[0]], found[1], events)


# -- the Dance step: Movement, the Ankh, passing through pieces ------------------------------------


def movement(s: Ball, p: int) -> int:
    """The Avatar's Movement for a Dance step."""
    return s.held[p].standing.limit("movement", s.comp.avatars[s.avatar_of[p]].movement)


def after_step(s: Ball, p: int, events: list[Event]) -> None:
    """A step beyond the printed Movement (and the Ankhs) shows what allowed it."""
    used = s.movement_spent - s.ankhs_used
    base = s.comp.avatars[s.avatar_of[p]].movement
    if used > base:
        show(s, p, s.held[p].standing.raiser("movement", used, base), events)


def ankh_offered(s: Ball, p: int) -> bool:
    """Whether the Ankh may add a Movement now."""
    return s.ankhs_used < s.held[p].limits["ankhs"]


def on_ankh(s: Ball, p: int, events: list[Event]) -> None:
    show(s, p, s.held[p].standing.raiser("ankhs", s.ankhs_used, ANKHS), events)


def passes_through(s: Ball, p: int) -> bool:
    """Whether the family's Avatar may pass through pieces at all."""
    return s.held[p].passes_through


def may_pass_through(s: Ball, p: int, nxt: int, closed: frozenset[int]) -> bool:
    """Whether the Avatar may step onto the piece on ``nxt``: where the family may pass
    through pieces, if an empty hex can still be reached from there with the Movement left."""
    return passes_through(s, p) and _can_escape(s, nxt, s.movement_left - 1, closed)


def _can_escape(s: Ball, start: int, budget: int, closed: frozenset[int]) -> bool:
    """Whether an Avatar passing through pieces on ``start`` can reach an empty hex within
    ``budget`` steps, never through a ``closed`` hex."""
    if budget <= 0:
        return False
    neighbours = s.comp.board.neighbours
    occ = s.occ
    me = s.nd + s.current
    frontier = [start]
    seen = {start}
    for _ in range(budget):
        nxt_frontier = []
        for h in frontier:
            for nxt in neighbours[h]:
                if nxt >= 0 and nxt not in seen and nxt not in closed:
                    if occ[nxt] < 0 or occ[nxt] == me:
                        return True
                    seen.add(nxt)
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return False


def on_pass_through(s: Ball, p: int, events: list[Event]) -> None:
    show(s, p, s.held[p].standing.granter(PASS_THROUGH), events)


# -- the Influence step: reach, attempts, the Server, Domination -----------------------------------


def may_call_server(s: Ball, p: int, distance: int) -> bool:
    held = s.held[p]
    return distance <= held.limits["server-reach"] or held.standing.grants("server-at-any-range")


def on_call_server(s: Ball, p: int, distance: int, events: list[Event]) -> None:
    standing = s.held[p].standing
    if distance > standing.limit("server-reach", REACH):
        show(s, p, standing.granter("server-at-any-range"), events)
    else:
        show(s, p, standing.raiser("server-reach", distance, REACH), events)


def on_effort(s: Ball, p: int, distance: int, events: list[Event]) -> None:
    """An effort beyond the reach, or beyond the turn's attempts, shows what allowed it."""
    if distance > REACH:
        show(s, p, s.held[p].standing.raiser("influence-reach", distance, REACH), events)
    if s.attempts >= ATTEMPTS:
        show(
            s, p, s.held[p].standing.raiser("influence-attempts", s.attempts + 1, ATTEMPTS), events
        )


def second_attempt(s: Ball, p: int) -> bool:
    """Whether the family may make a second attempt this turn.

    Every family meets the second Influence decision (``pass`` alone without
    one), so that the turn's end does not give Regale away (RULINGS 20).
    """
    return s.held[p].limits["influence-attempts"] > 1


def regale_choice(s: Ball, p: int) -> bool:
    """Whether a success on the second attempt lets the family keep both Dancers or choose.

    The choice arises on the second attempt, when the Power that allowed it is public.
    """
    return s.attempts == 1 and second_attempt(s, p)


def every_success_dominates(s: Ball, p: int) -> bool:
    return s.held[p].standing.grants("every-success-dominates")


def on_success(s: Ball, p: int, events: list[Event]) -> None:
    show(s, p, s.held[p].standing.granter("every-success-dominates"), events)


# -- Refreshments: the limit, the deal, how many on one roll ---------------------------------------


def hand_limit(s: Ball, p: int) -> int:
    return s.held[p].limits["refreshment-limit"]


def starting_refreshments(s: Ball, p: int, events: list[Event]) -> int:
    """How many Refreshments the family is dealt: more are drawn in sight of all, so the
    Power that allows them is public (RULINGS 20)."""
    standing = s.held[p].standing
    count = standing.limit("starting-refreshments", STARTING_REFRESHMENTS)
    show(s, p, standing.raiser("starting-refreshments", count, STARTING_REFRESHMENTS), events)
    return count


def refreshment_limit(s: Ball, p: int) -> int:
    """How many Refreshments one roll may use (Tactician's spend included, RULINGS 18)."""
    return s.held[p].limits["roll-refreshments"]


def on_roll_refreshment(s: Ball, p: int, used: int, events: list[Event]) -> None:
    """The roll has used ``used`` Refreshments: beyond one shows what allowed it."""
    show(s, p, s.held[p].standing.raiser("roll-refreshments", used, ROLL_REFRESHMENTS), events)
