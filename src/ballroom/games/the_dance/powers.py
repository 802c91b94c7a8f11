"""The twelve Powers: dealing them, what they make of the rules, and using them at will.

Each Power's rules are data (``data/powers.toml``, in the effect language of
``ballroom.core.effects``), written once: a standing rule raises or caps a
limit or grants a permission; a Power used at will (Discipline, Strategic,
Tactician, Willpower) has the conditions under which it is offered and the
operations it performs. What a family's Powers make of the rules (``Held``:
her ``Standing``, the limits it settles, and the Powers she may use at will,
their conditions compiled to the readers below), worked out when she gains a
Power (``settle``), is what the rules read (``standing.py``): they ask for a
limit, a permission or the actions a moment offers, never which Power a
family holds.

A family holds its Powers in secret; a Power is revealed (``standing.use``)
the first time it visibly acts, with what the data says shows it, and the
event that says so ``reveals``, so that secrecy tests let twin games part
there (RULINGS 14, 20).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ballroom.core import effects as fx
from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import influence, plans, refreshments
from ballroom.games.the_dance.components import (
    AFTER_ROLL,
    AT_WILL,
    DANCE_STEP,
    NAMES_A_KIND,
    PAYS_IN_STEPS,
    POWER_IDS,
    Components,
)
from ballroom.games.the_dance.standing import (
    ANKHS,
    ATTEMPTS,
    BY_ID,
    PASS_THROUGH,
    REACH,
    REFRESHMENT_LIMIT,
    ROLL_REFRESHMENTS,
    STARTING_REFRESHMENTS,
    Power,
    on_roll_refreshment,
    refreshment_limit,
    reveal,
    use,
)
from ballroom.games.the_dance.steps import Phase, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every set-up a search plays reads it.
_DRAW_POWER = Phase.DRAW_POWER

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


SETTLED_LIMITS = {
    "influence-reach": REACH,
    "server-reach": REACH,
    "influence-attempts": ATTEMPTS,
    "refreshment-limit": REFRESHMENT_LIMIT,
    "starting-refreshments": STARTING_REFRESHMENTS,
    "roll-refreshments": ROLL_REFRESHMENTS,
    "ankhs": ANKHS,
}
"""The limits whose rule is the same for every family, by their rule: settled once a family's
Powers are known (the Movement, which is the Avatar's, is asked each turn)."""


@dataclass(frozen=True, slots=True)
class Held:
    """What the Powers a family holds make of the rules, worked out once (``settle``) for the
    rules that ask on every move: her standing rules, the limits they settle, and the
    Powers she may use at will in the Dance step and after a roll (in Power order, as
    their actions)."""

    standing: fx.Standing
    limits: Mapping[str, int]
    passes_through: bool
    """Whether her Avatar may pass through pieces: asked at every Dance step decision."""
    dance_step: tuple[AtWill, ...] = ()
    after_roll: tuple[AtWill, ...] = ()

    @classmethod
    def of(cls, effects: fx.Effects, held: Iterable[int]) -> Held:
        standing = effects.standing(POWER_IDS[w] for w in sorted(held))
        return cls(
            standing,
            {q: standing.limit(q, default) for q, default in SETTLED_LIMITS.items()},
            standing.grants(PASS_THROUGH),
            *(
                tuple(AtWill.of(ability) for ability in standing.moments.get(moment, ()))
                for moment in (DANCE_STEP, AFTER_ROLL)
            ),
        )


def settle(s: Ball, p: int) -> None:
    """Work out again what family ``p``'s Powers make of the rules, from those she holds now
    (replaced whole, never changed in place, so that clones share it)."""
    s.held = (*s.held[:p], held_of(s.comp, s.powers[p]), *s.held[p + 1 :])


def held_of(comp: Components, held: Iterable[int]) -> Held:
    """What the Powers ``held`` make of the rules, worked out once per set of Powers
    (``Components.settled``)."""
    key = tuple(sorted(held))
    found = comp.settled.get(key)
    if not isinstance(found, Held):
        found = comp.settled[key] = Held.of(comp.effects, key)
    return found


# -- what the conditions of a Power used at will read ----------------------------------------------


def _refreshments(s: Ball, p: int) -> int:
    return s.hand_size[p]


def _influence_markers(s: Ball, p: int) -> int:
    return s.markers[p]


def _plans_to_draw(s: Ball, p: int) -> int:
    return len(s.plan_pile)


def _die(s: Ball, p: int) -> int:
    """What the die counts as now."""
    return s.roll - s.lowered


def _roll_refreshments_left(s: Ball, p: int) -> int:
    return refreshment_limit(s, p) - len(s.played)


def _tempo_in_box_4(s: Ball, p: int) -> bool:
    return s.tempo == s.comp.board.refreshment_box


def _strategic_used(s: Ball, p: int) -> bool:
    return s.strategic_used


def _die_lowered(s: Ball, p: int) -> bool:
    return s.tactician_used


def _rerolled(s: Ball, p: int) -> bool:
    return s.rerolled


_QUANTITIES: dict[str, Callable[[Ball, int], int]] = {
    "refreshments": _refreshments,
    "influence-markers": _influence_markers,
    "plans-to-draw": _plans_to_draw,
    "die": _die,
    "roll-refreshments-left": _roll_refreshments_left,
}
_FLAGS: dict[str, Callable[[Ball, int], bool]] = {
    "tempo-in-box-4": _tempo_in_box_4,
    "strategic-used": _strategic_used,
    "die-lowered": _die_lowered,
    "rerolled": _rerolled,
}


# -- dealing and showing ---------------------------------------------------------------------------


def draw_task(s: Ball, p: int, events: list[Event]) -> bool:
    s.phase = _DRAW_POWER
    s.draw_for = p
    return True


def draw_outcomes(s: Ball) -> list[int]:
    """The Powers left to draw, as chance actions."""
    return [ac.DRAW_POWER + w for w in sorted(s.power_pile)]


def left_to_draw(s: Ball) -> int:
    """How many ``draw_outcomes`` there are."""
    return len(s.power_pile)


def drawn_at(s: Ball, k: int) -> int:
    """``draw_outcomes(s)[k]``, without listing the others."""
    return ac.DRAW_POWER + sorted(s.power_pile)[k]


def apply_draw(s: Ball, action: int, events: list[Event]) -> None:
    w = action - ac.DRAW_POWER
    p = s.draw_for
    s.power_pile.remove(w)
    s.dealt_powers[p].append(w)
    if s.game.options["super-villains"]:
        gain(s, p, w)
    else:
        s.drawn_powers[p].append(w)
    if s.reporting:  # the Power is named only for a reader
        s.say_secret(
            events,
            p,
            ("draw-power", "{who} draws a Power."),
            ("your-power", "You draw {name}."),
            {"power": POWER_IDS[w]},
            {"name": s.comp.powers[w].name},
        )
    s.run_agenda(events)


def keep_actions(s: Ball, p: int) -> list[int]:
    return sorted(ac.KEEP_POWER + w for w in s.drawn_powers[p])


def apply_keep(s: Ball, action: int, p: int, events: list[Event]) -> None:
    w = action - ac.KEEP_POWER
    pair = s.drawn_powers[p]
    pair.remove(w)
    s.power_pile.extend(pair)
    s.drawn_powers[p] = []
    gain(s, p, w)
    if s.reporting:
        s.say_secret(
            events,
            p,
            ("keep-power", "{who} keeps one Power and returns the other."),
            ("your-power", "You keep {name}."),
            {"power": POWER_IDS[w]},
            {"name": s.comp.powers[w].name},
        )
    s.run_agenda(events)


def gain(s: Ball, p: int, w: int) -> None:
    s.powers[p].append(w)
    settle(s, p)


def shown_at_deal(comp: Components) -> tuple[int, ...]:
    """The Powers that deal their family more Refreshments than the rule: drawn in sight of
    all, they show themselves at the deal (RULINGS 20)."""
    return tuple(
        w
        for w, power in enumerate(comp.powers)
        if comp.effects.standing([power.id]).limit("starting-refreshments", STARTING_REFRESHMENTS)
        > STARTING_REFRESHMENTS
    )


# -- Powers used at will: offered where their conditions hold, then performed ----------------------

_ACTIONS = {name: ac.first_id(name) for names in AT_WILL.values() for name in names}
"""The first action of each Power used at will: its own family, named by its id."""


def _used_by() -> dict[int, tuple[str, int]]:
    """Each action of a Power used at will: the Power's id, and the Refreshment kind it
    names (-1 where it names none)."""
    found: dict[int, tuple[str, int]] = {}
    for name, first in _ACTIONS.items():
        if name in NAMES_A_KIND:
            found.update({first + k: (name, k) for k in range(ac.K)})
        else:
            found[first] = (name, -1)
    return found


_USED_BY = _used_by()


@dataclass(frozen=True, slots=True)
class AtWill:
    """A Power used at will, compiled once for the legal actions that ask it: its first
    action, whether it has one per Refreshment kind held (the one it spends), and its
    conditions as the readers they name (reader, at least, negated)."""

    first: int
    per_kind: bool
    checks: tuple[tuple[Callable[[Ball, int], int], int, bool], ...]

    @classmethod
    def of(cls, ability: fx.Ability) -> AtWill:
        per_kind = ability.name in NAMES_A_KIND
        return cls(_ACTIONS[ability.name], per_kind, tuple(map(_check, ability.conditions)))

    def offer(self, s: Ball, p: int, out: list[int]) -> None:
        """Add its actions where every condition holds."""
        for read, least, negated in self.checks:
            if (read(s, p) >= least) is negated:
                return
        if self.per_kind:
            first = self.first
            out.extend(first + k for k, c in enumerate(s.hand[p]) if c)
        else:
            out.append(self.first)


def _check(
    condition: fx.Condition, negated: bool = False
) -> tuple[Callable[[Ball, int], int], int, bool]:
    if isinstance(condition, fx.Not):
        return _check(condition.condition, not negated)
    if isinstance(condition, fx.AtLeast):
        return _QUANTITIES[condition.quantity], condition.amount, negated
    return _FLAGS[condition.flag], 1, negated


def offer_in_dance_step(s: Ball, p: int, out: list[int]) -> None:
    """Add the Dance step's Power actions (Discipline's, Strategic's)."""
    for power in s.held[p].dance_step:
        power.offer(s, p, out)


def post_roll_actions(s: Ball, p: int) -> list[int]:
    """``accept``, and what Tactician and Willpower allow after this roll.

    Every family meets the post-roll step (``accept`` alone without either),
    so that it gives neither away (RULINGS 20). Tactician's spend is one of
    the roll's Refreshments (RULINGS 18): its data offers it only while the
    roll has used fewer than its limit. Willpower's Refreshment pays for a
    new roll instead.
    """
    out = [ac.ACCEPT]
    for power in s.held[p].after_roll:
        power.offer(s, p, out)
    return out


def apply_post_roll(s: Ball, action: int, p: int, events: list[Event]) -> None:
    """``accept`` the roll (the effort is settled), or use a Power on it."""
    if action == ac.ACCEPT:
        influence.resolve(s, events)
    else:
        use_at_will(s, action, p, events)


def use_at_will(s: Ball, action: int, p: int, events: list[Event]) -> None:
    """Family ``p`` uses the Power of ``action``: its operations, in order."""
    name, kind = _USED_BY[action]
    ability = s.comp.effects.abilities[name]
    if ability.shows:
        use(s, p, BY_ID[name], ability.shows, events)
    _perform(s, p, ability, ability.do, kind, events)


def _perform(
    s: Ball,
    p: int,
    ability: fx.Ability,
    operations: tuple[fx.Operation, ...],
    kind: int,
    events: list[Event],
) -> None:
    power = BY_ID[ability.name]
    name = s.comp.powers[power].name
    for operation in operations:
        if isinstance(operation, fx.Spend) and kind < 0:
            # The action named no Refreshment: they are paid one at a time
            # (``pay``), and the rest of the operations follow the last.
            s.pay_left = operation.amount
            s.phase = Phase.DISCIPLINE_PAYMENT
            return
        if isinstance(operation, fx.Spend):
            refreshments.spend(s, p, kind)
        elif isinstance(operation, fx.Gain):
            s.markers[p] += operation.amount
            text = f"{s.who(p)} uses {name}: a second Influence marker."
            events.append(s.event(ability.name, text, player=p))
        elif isinstance(operation, fx.ModifyRoll):
            _modify_roll(s, p, power, operation.delta, events)
        elif isinstance(operation, fx.ExtraStep):
            _EXTRA_STEPS[operation.step](s, p, power, events)
        else:
            raise AssertionError(f"unreachable: {ability.name} performs {operation} at will")


def pay_actions(s: Ball, p: int) -> list[int]:
    return [ac.PAY + k for k, c in enumerate(s.hand[p]) if c]


def apply_pay(s: Ball, action: int, p: int, events: list[Event]) -> None:
    """One Refreshment of the price (only Discipline's action pays in steps); after the last,
    the rest of its operations."""
    refreshments.spend(s, p, action - ac.PAY)
    s.pay_left -= 1
    if s.pay_left == 0:
        (payer,) = PAYS_IN_STEPS
        ability = s.comp.effects.abilities[payer]
        s.phase = Phase.DANCE
        paid = next(i for i, op in enumerate(ability.do) if isinstance(op, fx.Spend))
        _perform(s, p, ability, ability.do[paid + 1 :], -1, events)


def _modify_roll(s: Ball, p: int, power: Power, delta: int, events: list[Event]) -> None:
    """The roll counts ``delta`` otherwise; the Refreshment spent was one of the roll's."""
    s.lowered -= delta
    s.tactician_used = True
    events.append(
        s.event(
            power.id,
            f"{s.who(p)} uses {s.comp.powers[power].name}: the roll counts as {s.roll - s.lowered}.",
            player=p,
            reveals=reveal(s, p, power),
        )
    )
    on_roll_refreshment(s, p, len(s.played) + 1, events)
    # The post-roll step goes on (``accept`` alone without Willpower) so
    # that its end does not tell whether Willpower is held (RULINGS 20).


def _reroll(s: Ball, p: int, power: Power, events: list[Event]) -> None:
    """The die is rolled again (its Refreshment paid for the new roll, not on it)."""
    s.rerolled = True
    s.tactician_used = False
    events.append(
        s.event(
            power.id,
            f"{s.who(p)} uses {s.comp.powers[power].name} to roll again.",
            player=p,
            reveals=reveal(s, p, power),
        )
    )
    influence.start_roll(s)


def _new_plan(s: Ball, p: int, power: Power, events: list[Event]) -> None:
    """A new Plan is drawn, and the family keeps one of the two (``apply_plan_choice``)."""
    s.strategic_used = True
    events.append(
        s.event(
            power.id,
            f"{s.who(p)} uses {s.comp.powers[power].name} to draw a new Plan.",
            player=p,
            reveals=reveal(s, p, power),
        )
    )
    s.agenda[:0] = [(Task.STRATEGIC_DRAW, p), (Task.STRATEGIC_CHOICE, p), (Task.RESUME_DANCE, p)]
    s.run_agenda(events)


_EXTRA_STEPS: dict[str, Callable[[Ball, int, Power, list[Event]], None]] = {
    "reroll": _reroll,
    "new-plan": _new_plan,
}
"""What each step a Power grants does (``components.POWER_STEPS``)."""


def strategic_draw_task(s: Ball, p: int, events: list[Event]) -> bool:
    if not s.plan_pile:
        s.agenda.pop(0)
        return False
    return plans.draw_task(s, p, events)


def plan_choice_actions(s: Ball, p: int) -> list[int]:
    return [ac.KEEP_PLAN, ac.TAKE_PLAN]


def apply_plan_choice(s: Ball, action: int, p: int, events: list[Event]) -> None:
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
        named = s.comp.plans[new].name(s.comp.colours)
        text = f"takes the new Plan for {named}" if take else "keeps its Plan"
        events.append(s.event("plan", f"{s.who(p)} {text}.", player=p, reveals=take))
    else:
        # Face down (RULINGS 20): the table sees a Plan go back, not which one.
        events.append(
            s.event("plan", f"{s.who(p)} keeps one Plan and returns the other face down.", player=p)
        )
        events.append(
            s.event(
                "your-plan",
                f"You {'take the new' if take else 'keep your'} Plan for "
                f"{s.comp.plans[s.plan[p]].name(s.comp.colours)}.",
                audience=p,
                plan=s.comp.plans[s.plan[p]].id,
            )
        )
    if plans.plan_done(s, p):
        plans.finish(s, p, events)
        return
    s.run_agenda(events)
