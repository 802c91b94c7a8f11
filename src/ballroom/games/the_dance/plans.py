"""Plans and winning: drawing a Plan, completing it at the Sanctuary table, places, dawn.

The game ends when a family's seated Dancers show every symbol of her Plan;
with ``play-for-places`` the rest play on for the next places. Dawn is a
house rule, not in the rulebook (RULINGS 16), off by default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import influence
from ballroom.games.the_dance.steps import Phase, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every set-up a search plays reads it.
_DRAW_PLAN = Phase.DRAW_PLAN

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


def draw_task(s: Ball, p: int, events: list[Event]) -> bool:
    s.phase = _DRAW_PLAN
    s.draw_for = p
    return True


def draw_outcomes(s: Ball) -> list[int]:
    """The Plans left to draw, as chance actions."""
    return [ac.DRAW_PLAN + x for x in sorted(s.plan_pile)]


def left_to_draw(s: Ball) -> int:
    """How many ``draw_outcomes`` there are."""
    return len(s.plan_pile)


def drawn_at(s: Ball, k: int) -> int:
    """``draw_outcomes(s)[k]``, without listing the others."""
    return ac.DRAW_PLAN + sorted(s.plan_pile)[k]


def apply_draw(s: Ball, action: int, events: list[Event]) -> None:
    x = action - ac.DRAW_PLAN
    p = s.draw_for
    s.plan_pile.remove(x)
    if s.plan[p] < 0:
        s.plan[p] = x
    else:
        s.candidate_plan = x
    if s.reporting:  # the Plan's name is worded only for a reader
        s.say_secret(
            events,
            p,
            ("draw-plan", "{who} draws a Plan."),
            ("your-plan", "You draw the Plan for {plan}."),
            {"plan": s.comp.plans[x].id},
            {"plan": s.comp.plans[x].name(s.comp.colours)},
        )
    s.run_agenda(events)


def plan_done(s: Ball, p: int, extra: int = -1) -> bool:
    """Whether the family's seated Dancers (and Dancer ``extra``, if given) complete her Plan."""
    needs = s.comp.plans[s.plan[p]].needs
    have = [0] * len(needs)
    dancers = s.comp.dancers
    for d in s.seated[p]:
        have[dancers[d].symbol] += 1
    if extra >= 0:
        have[dancers[extra].symbol] += 1
    return all(h >= need for h, need in zip(have, needs, strict=True))


def finish(s: Ball, p: int, events: list[Event]) -> None:
    """The family has completed her Plan: she wins, or takes the next place."""
    s.finished.append(p)
    s.plan_public[p] = True
    place = len(s.finished)
    plan = s.comp.plans[s.plan[p]].id
    named = s.comp.plans[s.plan[p]].name(s.comp.colours)
    if place == 1:
        text = f"{s.who(p)} reveals the Plan for {named} and wins The Dance!"
    else:
        text = f"{s.who(p)} completes the Plan for {named} and takes place {place}."
    events.append(s.event("plan-complete", text, player=p, place=place, plan=plan, reveals=True))
    remaining = [q for q in range(s.n) if q not in s.finished]
    if not s.game.options["play-for-places"] or len(remaining) <= 1:
        s.phase = Phase.OVER
        s.actor = -1
        s.agenda = []
        return
    # The finished family leaves the floor; her Influence ends.
    pos = s.avatar_pos[p]
    if pos >= 0 and not (s.passing and s.current == p):
        s.occ[pos] = -1
    s.avatar_pos[p] = -1
    for d in range(s.nd):
        if s.influenced_by[d] == p:
            influence.release(s, d, events, voluntary=False)
    s.agenda = [
        t for t in s.agenda if not (t[0] in (Task.PLAYER_PHASE, Task.RESUME_DANCE) and t[1] == p)
    ]
    if s.initiative == p:
        s.initiative = remaining[0]
    if s.current == p:
        s.end_turn(events)


def progress(s: Ball, p: int) -> tuple[int, int]:
    """(Plan symbols filled, Dancers seated): how dawn ranks unfinished families."""
    needs = s.comp.plans[s.plan[p]].needs
    have = [0] * len(needs)
    for d in s.seated[p]:
        have[s.comp.dancers[d].symbol] += 1
    return sum(min(h, need) for h, need in zip(have, needs, strict=True)), len(s.seated[p])


def dawn(s: Ball, events: list[Event]) -> None:
    """The house rule: the ball closes, and Plan progress ranks the families left."""
    rest = [q for q in range(s.n) if q not in s.finished]
    groups: dict[tuple[int, int], list[int]] = {}
    for q in rest:
        groups.setdefault(progress(s, q), []).append(q)
    s.dawn_ranking = [tuple(groups[key]) for key in sorted(groups, reverse=True)]
    s.phase = Phase.OVER
    s.actor = -1
    s.agenda = []
    for q in range(s.n):
        s.plan_public[q] = True
    best = s.dawn_ranking[0]
    names = " and ".join(s.who(q) for q in best)
    events.append(
        s.event(
            "dawn",
            f"Dawn breaks after turn {s.turn} and the ball closes: {names} {'wins' if len(best) == 1 else 'share the win'} by Plan progress.",
            winners=list(best),
            reveals=True,
        )
    )
