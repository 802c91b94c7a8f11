"""What each seat did over a game, kept for balance studies: its Actions, the Opportunities
it took and met, how it came by the Initiative; and the features the lab groups wins by.

Everything here was public at the table; it lives beside the view (not in it), so
observations stay the table as it is now.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ballroom.core.components import slug
from ballroom.games.vampires_harvest.turn import CATALOG, ActionCard, Skill

if TYPE_CHECKING:
    from ballroom.games.vampires_harvest.state import HarvestState


@dataclass(frozen=True, slots=True)
class Deeds:
    """One seat's record: Actions by turn, Opportunities taken and met (by name),
    whether it held the Initiative first, and the auctions it won."""

    actions: tuple[ActionCard, ...] = ()
    taken: tuple[str, ...] = ()
    met: tuple[str, ...] = ()
    first_initiative: bool = False
    auctions_won: int = 0

    # Each deed made without ``dataclasses.replace``, which finds the fields afresh at
    # every call: one is noted at almost every attempt.

    def acted(self, card: ActionCard) -> Deeds:
        """These deeds and ``card``, the turn's Action."""
        return Deeds(
            (*self.actions, card), self.taken, self.met, self.first_initiative, self.auctions_won
        )

    def took(self, name: str) -> Deeds:
        """These deeds and the Opportunity ``name``, taken."""
        return Deeds(
            self.actions, (*self.taken, name), self.met, self.first_initiative, self.auctions_won
        )

    def succeeded(self, name: str) -> Deeds:
        """These deeds and the Opportunity ``name``, met."""
        return Deeds(
            self.actions, self.taken, (*self.met, name), self.first_initiative, self.auctions_won
        )


def note(state: HarvestState, seat: int, **changes: Any) -> None:
    """Replace fields of ``seat``'s deeds (tuples are extended by the caller)."""
    deeds = list(state.deeds)
    deeds[seat] = replace(deeds[seat], **changes)
    state.deeds = tuple(deeds)


def actions_revealed(state: HarvestState) -> None:
    """The turn's Actions, once every Late Decision is made."""
    state.deeds = tuple(
        deeds if card is None else deeds.acted(card)
        for deeds, card in zip(state.deeds, state.revealed, strict=True)
    )


NAMES = tuple(slug(card.name) for card in CATALOG.cards)
"""Each card's name as the deeds record it, by id."""


def opportunity_taken(state: HarvestState, seat: int, card: int) -> None:
    deeds = state.deeds
    state.deeds = (*deeds[:seat], deeds[seat].took(NAMES[card]), *deeds[seat + 1 :])


def opportunity_met(state: HarvestState, seat: int, card: int) -> None:
    deeds = state.deeds
    state.deeds = (*deeds[:seat], deeds[seat].succeeded(NAMES[card]), *deeds[seat + 1 :])


def kind_of(card: ActionCard) -> str:
    """An Action card by what it does: the four Area cards are one kind, ``area``."""
    return "area" if card.area is not None else card.value


def skill_build(levels: tuple[int, ...]) -> str:
    """The Skills at a seat's highest level, joined by ``+`` (``none`` when all are 0)."""
    top = max(levels)
    if top == 0:
        return "none"
    return "+".join(skill.value for skill, level in zip(Skill, levels, strict=True) if level == top)


def action_mix(actions: tuple[ActionCard, ...]) -> str:
    """The two kinds of Action a seat chose most (ties by name), in name order."""
    counts = Counter(kind_of(card) for card in actions)
    ranked = sorted(counts, key=lambda kind: (-counts[kind], kind))
    return "+".join(sorted(ranked[:2])) or "none"


def seat_features(state: HarvestState) -> list[dict[str, str]]:
    """Per seat: ``first_action`` (turn 1's Action), ``action_mix``, ``skill_build``,
    ``first_initiative``, ``auctions_won``, and the Opportunities it took
    (``opportunity_dealt``) and met (``opportunity``): the lab reports that pair as how
    often each is taken, met, and won with."""
    return [
        {
            "first_action": kind_of(deeds.actions[0]) if deeds.actions else "none",
            "action_mix": action_mix(deeds.actions),
            "skill_build": skill_build(state.skills[seat]),
            "first_initiative": "yes" if deeds.first_initiative else "no",
            "auctions_won": str(deeds.auctions_won),
            "opportunity_dealt": "+".join(sorted(set(deeds.taken))) or "none",
            "opportunity": "+".join(sorted(set(deeds.met))) or "none",
        }
        for seat, deeds in enumerate(state.deeds)
    ]
