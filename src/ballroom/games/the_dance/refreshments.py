"""Refreshments: the deal, draws, the limit of four, and playing one on a roll.

A hand's size is public, its kinds are secret. A spent Refreshment is shown
and leaves the game; a discarded one leaves face down. Every family meets
the Refreshment step of an effort on a Dancer, holding a fitting one or not
(RULINGS 20); after one, every family is asked again (only Resourceful may
say yes), so that the question does not give Resourceful away.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import influence, standing
from ballroom.games.the_dance.components import DOMAINS
from ballroom.games.the_dance.steps import Phase, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every set-up a search plays reads them.
_DRAW_REFRESHMENT_STEP = Phase.DRAW_REFRESHMENT
_DRAW_REFRESHMENT = Task.DRAW_REFRESHMENT

if TYPE_CHECKING:
    from ballroom.core.rng import Rng
    from ballroom.games.the_dance.ball import Ball
    from ballroom.games.the_dance.components import Components

NO_REFRESH = ac.NO_REFRESH
"""Bound once: offered at every Refreshment step."""


def deal_task(s: Ball, p: int, events: list[Event]) -> bool:
    """The set-up deal: four Refreshments (six with Old Wealth)."""
    s.agenda[:0] = [(_DRAW_REFRESHMENT, p)] * standing.starting_refreshments(s, p, events)
    return False


def draw_task(s: Ball, p: int, events: list[Event]) -> bool:
    if s.refresh_left:
        s.draw_for = p
        s.phase = _DRAW_REFRESHMENT_STEP
        return True
    s.say(events, "no-refreshments", "The Refreshments have run out.", {"player": p})
    return False


def drawn(s: Ball) -> list[int]:
    """The kinds left in the pile, as chance actions (``draw_outcomes`` without the odds)."""
    return [ac.DRAW_REFRESH + k for k, c in enumerate(s.refresh_pile) if c]


def draw_outcomes(s: Ball) -> list[tuple[int, float]]:
    total = s.refresh_left
    return [(ac.DRAW_REFRESH + k, c / total) for k, c in enumerate(s.refresh_pile) if c]


def sample_draw(s: Ball) -> int:
    """One integer draw from the pile, weighted by the count of each kind."""
    pick = s.rng.below(s.refresh_left)
    for k, count in enumerate(s.refresh_pile):
        if pick < count:
            return ac.DRAW_REFRESH + k
        pick -= count
    raise AssertionError("unreachable: the pick is below the pile's size")


def draw_with(s: Ball, rng: Rng) -> int:
    """A search's draw with its own source: ``rng.weighted_index`` of ``draw_outcomes``'
    chances, as ``State.draw_chance`` draws, without pairing them with their actions."""
    pile = s.refresh_pile
    total = s.refresh_left
    drawn = rng.weighted_index([c / total for c in pile if c])
    return ac.DRAW_REFRESH + list(compress(range(len(pile)), pile))[drawn]


def apply_draw(s: Ball, action: int, events: list[Event]) -> None:
    k = action - ac.DRAW_REFRESH
    p = s.draw_for
    s.refresh_pile[k] -= 1
    s.refresh_left -= 1
    s.hand[p][k] += 1
    s.hand_size[p] += 1
    if s.reporting:
        s.say_secret(
            events,
            p,
            ("draw", "{who} draws a Refreshment."),
            ("your-draw", "You draw {name} Refreshment."),
            {"kind": s.comp.refreshments[k].slug},
            {"name": kind_name(s, k)},
        )
    s.run_agenda(events)


def discard_task(s: Ball, p: int, events: list[Event]) -> bool:
    """Over the limit after drawing, the family discards down to it."""
    if s.hand_size[p] > standing.hand_limit(s, p):
        s.phase = Phase.DISCARD
        s.actor = p
        return True
    return False


def discard_actions(s: Ball, p: int) -> list[int]:
    return [ac.DISCARD + k for k, c in enumerate(s.hand[p]) if c]


def apply_discard(s: Ball, action: int, p: int, events: list[Event]) -> None:
    k = action - ac.DISCARD
    s.hand[p][k] -= 1
    s.hand_size[p] -= 1
    s.discarded[k] += 1
    s.discarded_count += 1
    s.say(events, "discard", "{who} discards a Refreshment face down.", {"player": p})
    if s.hand_size[p] <= standing.hand_limit(s, p):
        s.run_agenda(events)


def spend(s: Ball, p: int, k: int) -> None:
    """Play Refreshment kind ``k`` face up: it leaves the game."""
    s.hand[p][k] -= 1
    s.hand_size[p] -= 1
    s.spent[k] += 1


def fitting(comp: Components, any_domain: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per Domain, the Refreshment kinds that add to a roll in it (any but the Ankh with the
    ``refreshment-domain`` option ``any``), each with its ``refresh`` action, in kind order:
    worked out once per game (``Edition.fitting``) for the Refreshment step."""
    return tuple(
        tuple(
            (k, ac.REFRESH + k)
            for k, kind in enumerate(comp.refreshments)
            if kind.domain >= 0 and (any_domain or kind.domain == domain)
        )
        for domain in range(len(DOMAINS))
    )


def play_actions(s: Ball, p: int) -> list[int]:
    """The Refreshment step: a Refreshment that fits the effort's Domain, or none."""
    if len(s.played) >= s.held[p].limits["roll-refreshments"]:  # ``standing.refreshment_limit``
        return [NO_REFRESH]
    hand = s.hand[p]
    out = []
    for k, action in s.edition.fitting[s.domain]:
        if hand[k]:
            out.append(action)
    out.append(NO_REFRESH)
    return out


def apply_play(s: Ball, action: int, p: int, events: list[Event]) -> None:
    if action == ac.NO_REFRESH:
        influence.start_roll(s)
        return
    k = action - ac.REFRESH
    spend(s, p, k)
    s.played.append(k)
    if s.reporting:
        s.say(
            events,
            "refreshment",
            "{who} plays {name} Refreshment.",
            {"player": p, "kind": s.comp.refreshments[k].slug},
            {"name": kind_name(s, k)},
        )
    if len(s.played) == 2:
        standing.on_roll_refreshment(s, p, len(s.played), events)
        influence.start_roll(s)


def kind_name(s: Ball, k: int) -> str:
    """A Refreshment kind in the log, with its article: ``an Ankh``, ``a two-pip Corruption``."""
    return words.a(s.comp.refreshments[k].name)
