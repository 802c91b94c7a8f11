"""The twelve Powers: dealing them, showing them, and each Power's rules in one place.

A family holds its Powers in secret; a Power is revealed (``use``) the first
time it visibly acts, and the event that says so ``reveals``, so that
secrecy tests let twin games part there (RULINGS 14, 20). Every rule that
depends on a Power asks this module, through one function per effect, in
the Power's own section below; the rest of the engine never tests a Power.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import plans, refreshments
from ballroom.games.the_dance.components import POWER_IDS
from ballroom.games.the_dance.steps import Phase, Task

if TYPE_CHECKING:
    from ballroom.games.the_dance.state import TheDanceState


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


# A family's Powers are also kept as a bit mask (``TheDanceState.power_mask``), read only here.
_ATHLETIC, _DISCIPLINE, _HOST, _MESMERIZE, _OLD_WEALTH, _OVERWHELMING = (
    1 << w for w in Power if w < Power.REGALE
)
_REGALE, _RESOURCEFUL, _SHADOW, _STRATEGIC, _TACTICIAN, _WILLPOWER = (
    1 << w for w in Power if w >= Power.REGALE
)


def mask(held: list[int]) -> int:
    """The bit mask of the Powers ``held``."""
    return sum(1 << w for w in held)


def holds(s: TheDanceState, p: int, power: Power) -> bool:
    return bool(s.power_mask[p] & (1 << power))


def offer_in_dance_step(s: TheDanceState, p: int, out: list[int]) -> None:
    """Add the Dance step's Power actions: Discipline's (two Refreshments buy a second
    Influence marker) and Strategic's (a new Plan, with the Tempo in box 4)."""
    bits = s.power_mask[p]
    if bits & _DISCIPLINE and s.markers[p] == 1 and s.hand_size[p] >= 2:
        out.append(ac.DISCIPLINE)
    if (
        bits & _STRATEGIC
        and not s.strategic_used
        and s.tempo == s.comp.board.refreshment_box
        and s.plan_pile
    ):
        out.append(ac.STRATEGIC)


# -- dealing and showing ---------------------------------------------------------------------------


def draw_task(s: TheDanceState, p: int, events: list[Event]) -> bool:
    s.phase = Phase.DRAW_POWER
    s.draw_for = p
    return True


def draw_outcomes(s: TheDanceState) -> list[int]:
    """The Powers left to draw, as chance actions."""
    return [ac.DRAW_POWER + w for w in sorted(s.power_pile)]


def apply_draw(s: TheDanceState, action: int, events: list[Event]) -> None:
    w = action - ac.DRAW_POWER
    p = s.draw_for
    s.power_pile.remove(w)
    s.dealt_powers[p].append(w)
    if s.game.options["super-villains"]:
        gain(s, p, w)
    else:
        s.drawn_powers[p].append(w)
    events.append(s.event("draw-power", f"{s.who(p)} draws a Power.", player=p))
    events.append(
        s.event(
            "your-power",
            f"You draw {s.comp.powers[w].name}.",
            audience=p,
            power=POWER_IDS[w],
        )
    )
    s.advance(events)


def keep_actions(s: TheDanceState, p: int) -> list[int]:
    return sorted(ac.KEEP_POWER + w for w in s.drawn_powers[p])


def apply_keep(s: TheDanceState, action: int, p: int, events: list[Event]) -> None:
    w = action - ac.KEEP_POWER
    pair = s.drawn_powers[p]
    pair.remove(w)
    s.power_pile.extend(pair)
    s.drawn_powers[p] = []
    gain(s, p, w)
    events.append(
        s.event("keep-power", f"{s.who(p)} keeps one Power and returns the other.", player=p)
    )
    events.append(
        s.event("your-power", f"You keep {s.comp.powers[w].name}.", audience=p, power=POWER_IDS[w])
    )
    s.advance(events)


def gain(s: TheDanceState, p: int, w: int) -> None:
    s.powers[p].append(w)
    s.power_mask[p] |= 1 << w


def reveal(s: TheDanceState, p: int, power: Power) -> bool:
    """Show family ``p``'s ``power`` to the table if she holds it; whether it was hidden until now."""
    if s.power_mask[p] & (1 << power) and power not in s.revealed[p]:
        s.revealed[p].append(int(power))
        return True
    return False


def use(s: TheDanceState, p: int, power: Power, effect: str, events: list[Event]) -> None:
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


# -- ATHLETIC: Movement 3, and never the Ankh ------------------------------------------------------


def movement(s: TheDanceState, p: int) -> int:
    """The Avatar's Movement for a Dance step."""
    base = s.comp.avatars[s.avatar_of[p]].movement
    return max(base, 3) if s.power_mask[p] & _ATHLETIC else base


def after_step(s: TheDanceState, p: int, events: list[Event]) -> None:
    """A step beyond the printed Movement (and the Ankhs) shows Athletic."""
    if s.movement_spent > s.comp.avatars[s.avatar_of[p]].movement + s.ankhs_used:
        use(s, p, Power.ATHLETIC, "a step beyond the Avatar's Movement", events)


def ankh_offered(s: TheDanceState, p: int) -> bool:
    """Whether the Ankh may add a Movement now (one a Dance step, two with Resourceful)."""
    bits = s.power_mask[p]
    return not bits & _ATHLETIC and s.ankhs_used < (2 if bits & _RESOURCEFUL else 1)


# -- DISCIPLINE: two Refreshments buy a second marker (offered by ``offer_in_dance_step``) ---------


def start_discipline(s: TheDanceState, p: int, events: list[Event]) -> None:
    s.pay_left = 2
    s.phase = Phase.DISCIPLINE_PAYMENT
    use(s, p, Power.DISCIPLINE, "two Refreshments buy a second Influence marker", events)


def pay_actions(s: TheDanceState, p: int) -> list[int]:
    return [ac.PAY + k for k, c in enumerate(s.hand[p]) if c]


def apply_pay(s: TheDanceState, action: int, p: int, events: list[Event]) -> None:
    refreshments.spend(s, p, action - ac.PAY)
    s.pay_left -= 1
    if s.pay_left == 0:
        s.markers[p] = 2
        events.append(
            s.event(
                "discipline", f"{s.who(p)} uses Discipline: a second Influence marker.", player=p
            )
        )
        s.phase = Phase.DANCE


# -- HOST and MESMERIZE: the Server from afar; Influence from two hexes ----------------------------


def reach(s: TheDanceState, p: int) -> int:
    """How far the Avatar's Influence, Foil and Server call reach (not May I Cut In?)."""
    return 2 if s.power_mask[p] & _MESMERIZE else 1


def may_call_server(s: TheDanceState, p: int, distance: int) -> bool:
    return bool(s.power_mask[p] & _HOST) or distance <= reach(s, p)


def on_call_server(s: TheDanceState, p: int, distance: int, events: list[Event]) -> None:
    if distance > reach(s, p):
        use(s, p, Power.HOST, "the Server is called from afar", events)
    elif distance > 1:
        use(s, p, Power.MESMERIZE, "the Server is called from two hexes", events)


def on_effort(s: TheDanceState, p: int, distance: int, events: list[Event]) -> None:
    """An effort from two hexes shows Mesmerize; a second one this turn shows Regale."""
    if distance > 1:
        use(s, p, Power.MESMERIZE, "an Influence effort from two hexes", events)
    if s.attempts == 1:
        use(s, p, Power.REGALE, "a second Influence attempt this turn", events)


# -- OLD WEALTH: six Refreshments to begin with, and a limit of six --------------------------------


def hand_limit(s: TheDanceState, p: int) -> int:
    return 6 if s.power_mask[p] & _OLD_WEALTH else 4


def starting_refreshments(s: TheDanceState, p: int, events: list[Event]) -> int:
    if s.power_mask[p] & _OLD_WEALTH:
        # Six Refreshments drawn are seen by all: Old Wealth is public.
        use(s, p, Power.OLD_WEALTH, "the family begins with six Refreshments", events)
        return 6
    return 4


# -- OVERWHELMING: every success Dominates ---------------------------------------------------------


def every_success_dominates(s: TheDanceState, p: int) -> bool:
    return bool(s.power_mask[p] & _OVERWHELMING)


def on_success(s: TheDanceState, p: int, events: list[Event]) -> None:
    if s.power_mask[p] & _OVERWHELMING:
        use(s, p, Power.OVERWHELMING, "every success Dominates", events)


# -- REGALE: a second Influence attempt in a turn --------------------------------------------------


def second_attempt(s: TheDanceState, p: int) -> bool:
    """Whether the family may make a second attempt this turn.

    Every family meets the second Influence decision (``pass`` alone without
    Regale), so that the turn's end does not give Regale away (RULINGS 20).
    """
    return bool(s.power_mask[p] & _REGALE)


def regale_choice(s: TheDanceState, p: int) -> bool:
    """Whether a success on the second attempt lets the family keep both Dancers or choose.

    Regale's choice arises on the second attempt, when Regale is public.
    """
    return bool(s.power_mask[p] & _REGALE) and s.attempts == 1


# -- RESOURCEFUL: two Refreshments on one roll, two Ankhs in one Dance step ------------------------


def refreshment_limit(s: TheDanceState, p: int) -> int:
    """How many Refreshments one roll may use (Tactician's spend included, RULINGS 18)."""
    return 2 if s.power_mask[p] & _RESOURCEFUL else 1


def on_second_refreshment(s: TheDanceState, p: int, events: list[Event]) -> None:
    use(s, p, Power.RESOURCEFUL, "a second Refreshment on one roll", events)


def on_ankh(s: TheDanceState, p: int, events: list[Event]) -> None:
    if s.ankhs_used == 2:
        use(s, p, Power.RESOURCEFUL, "a second Ankh in one Dance step", events)


# -- SHADOW: the Avatar passes through pieces ------------------------------------------------------


def may_pass_through(s: TheDanceState, p: int, nxt: int, closed: frozenset[int]) -> bool:
    """Whether the Avatar may step onto the piece on ``nxt``: with Shadow, if an empty hex
    can still be reached from there with the Movement left."""
    return bool(s.power_mask[p] & _SHADOW) and _can_escape(s, nxt, s.movement_left - 1, closed)


def _can_escape(s: TheDanceState, start: int, budget: int, closed: frozenset[int]) -> bool:
    """Whether a Shadow Avatar on ``start`` can reach an empty hex within ``budget`` steps,
    passing through pieces but never through a ``closed`` hex."""
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


def on_pass_through(s: TheDanceState, p: int, events: list[Event]) -> None:
    use(s, p, Power.SHADOW, "the Avatar passes through a piece", events)


# -- STRATEGIC: a new Plan, one of the two kept (offered by ``offer_in_dance_step``) ---------------


def start_strategic(s: TheDanceState, p: int, events: list[Event]) -> None:
    s.strategic_used = True
    events.append(
        s.event(
            "strategic",
            f"{s.who(p)} uses Strategic to draw a new Plan.",
            player=p,
            reveals=reveal(s, p, Power.STRATEGIC),
        )
    )
    s.agenda[:0] = [(Task.STRATEGIC_DRAW, p), (Task.STRATEGIC_CHOICE, p), (Task.RESUME_DANCE, p)]
    s.advance(events)


def strategic_draw_task(s: TheDanceState, p: int, events: list[Event]) -> bool:
    if not s.plan_pile:
        s.agenda.pop(0)
        return False
    return plans.draw_task(s, p, events)


def plan_choice_actions(s: TheDanceState, p: int) -> list[int]:
    return [ac.KEEP_PLAN, ac.TAKE_PLAN]


def apply_plan_choice(s: TheDanceState, action: int, p: int, events: list[Event]) -> None:
    new = s.candidate_plan
    s.candidate_plan = -1
    take = action == ac.TAKE_PLAN
    if take:
        s.plan_pile.append(s.plan[p])
        s.plan[p] = new
    else:
        s.plan_pile.append(new)
    if s.plan_public[p]:
        # Arrogance: the Plans lie face up, so the choice and a new Plan are seen.
        text = f"takes the new Plan {s.comp.plans[new].id}" if take else "keeps its Plan"
        events.append(s.event("plan", f"{s.who(p)} {text}.", player=p, reveals=take))
    else:
        # Face down (RULINGS 20): the table sees a Plan go back, not which one.
        events.append(
            s.event("plan", f"{s.who(p)} keeps one Plan and returns the other face down.", player=p)
        )
        events.append(
            s.event(
                "your-plan",
                f"You {'take the new' if take else 'keep your'} Plan {s.comp.plans[s.plan[p]].id}.",
                audience=p,
                plan=s.comp.plans[s.plan[p]].id,
            )
        )
    if plans.plan_done(s, p):
        plans.finish(s, p, events)
        return
    s.advance(events)


# -- TACTICIAN and WILLPOWER: after the roll -------------------------------------------------------


def post_roll_actions(s: TheDanceState, p: int) -> list[int]:
    """``accept``, and what Tactician and Willpower allow after this roll.

    Every family meets the post-roll step (``accept`` alone without either),
    so that it gives neither away (RULINGS 20). Tactician's spend is one of
    the roll's Refreshments (RULINGS 18): it is offered only while the roll
    has used fewer than its limit. Willpower's Refreshment pays for a new
    roll instead.
    """
    out = [ac.ACCEPT]
    bits = s.power_mask[p]
    hand = s.hand[p]
    if (
        bits & _TACTICIAN
        and not s.tactician_used
        and s.roll - s.lowered > 1
        and len(s.played) < refreshment_limit(s, p)
    ):
        out.extend(ac.TACTICIAN + k for k, c in enumerate(hand) if c)
    if bits & _WILLPOWER and not s.rerolled:
        out.extend(ac.WILLPOWER + k for k, c in enumerate(hand) if c)
    return out


def apply_tactician(s: TheDanceState, action: int, p: int, events: list[Event]) -> None:
    refreshments.spend(s, p, action - ac.TACTICIAN)
    s.lowered += 1
    s.tactician_used = True
    events.append(
        s.event(
            "tactician",
            f"{s.who(p)} uses Tactician: the roll counts as {s.roll - s.lowered}.",
            player=p,
            reveals=reveal(s, p, Power.TACTICIAN),
        )
    )
    if s.played:
        on_second_refreshment(s, p, events)
    # The post-roll step goes on (``accept`` alone without Willpower) so
    # that its end does not tell whether Willpower is held (RULINGS 20).


def apply_willpower(s: TheDanceState, action: int, p: int, events: list[Event]) -> None:
    refreshments.spend(s, p, action - ac.WILLPOWER)
    s.rerolled = True
    s.tactician_used = False
    events.append(
        s.event(
            "willpower",
            f"{s.who(p)} uses Willpower to roll again.",
            player=p,
            reveals=reveal(s, p, Power.WILLPOWER),
        )
    )
