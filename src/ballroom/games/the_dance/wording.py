"""The Dance's moves in words, as a menu or a button says them, from a seat's observation.

Each move names Dancers, Avatars, Powers, Plans and Refreshments by the
names players use ("Influence Lady Julia", "Play a one-pip Corruption
Refreshment"), and says what the seat may count on where it can: the best
Domain's target for an Influence effort, the target of a Domain.
"""

from __future__ import annotations

from typing import Any

from ballroom.core import words
from ballroom.core.state import Observation
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.ball import family_name
from ballroom.games.the_dance.components import (
    DIRECTION_WORDS,
    DOMAINS,
    Components,
    default_components,
)
from ballroom.games.the_dance.steps import Phase


def plan_name(comp: Components, plan: int) -> str:
    """A Plan by the symbols it asks for: ``Rose, Lily and Ivy``."""
    return comp.plans[plan].name(comp.colours)


def refreshment(comp: Components, kind: int) -> str:
    """A Refreshment marker with its article: ``an Ankh``, ``a two-pip Corruption``."""
    return words.a(comp.refreshments[kind].name)


def _who(comp: Components, observation: Observation, seat: int) -> str:
    avatar = observation["families"][seat]["avatar"]
    return family_name(comp, avatar) if avatar >= 0 else f"Player {seat + 1}"


PHASE_WORDS = {
    Phase.CHOOSE_AVATAR: "choosing an Avatar",
    Phase.CHOOSE_SANCTUARY: "choosing a Sanctuary",
    Phase.KEEP_POWER: "keeping a Power",
    Phase.DANCE: "the Dance step",
    Phase.INFLUENCE: "the Influence step",
    Phase.DOMAIN: "choosing a Domain",
    Phase.REFRESHMENT: "playing Refreshments on the roll",
    Phase.POST_ROLL: "after the roll",
    Phase.DROP_INFLUENCE: "giving up an Influence",
    Phase.DISCARD: "discarding Refreshments down to the limit",
    Phase.DISCIPLINE_PAYMENT: "paying for Discipline",
    Phase.STRATEGIC_PLAN: "keeping or taking a Plan",
    Phase.INITIATIVE: "passing the Initiative",
    Phase.DRAW_POWER: "a Power is drawn",
    Phase.DRAW_REFRESHMENT: "a Refreshment is drawn",
    Phase.DRAW_PLAN: "a Plan is drawn",
    Phase.PLACE_DANCER: "a Dancer is placed",
    Phase.ROLL: "a die is rolled",
    Phase.OVER: "the Dance is over",
}
"""Each step as the terminal names it."""

FIXED = {
    "ankh": "Spend an Ankh for one more Movement",
    "discipline": "Discipline: pay two Refreshments for a second Influence marker",
    "strategic": "Strategic: draw a new Plan",
    "end-dance": "End the Dance step",
    "server": "Call the Server: draw two Refreshments",
    "pass": "End the Influence step",
    "clear-foil": "Shake off the Foil",
    "no-refreshment": "Roll without a Refreshment",
    "accept": "Let the roll stand",
    "keep-plan": "Keep your Plan",
    "take-plan": "Take the new Plan",
}
"""The moves without parameters."""


def describe_action(action: int, observation: Observation) -> str:
    """The move in words, with the odds or the place it concerns."""
    comp = default_components()
    move = ac.CODEC.decode(action)
    name = move.family.name
    if name in FIXED:
        return FIXED[name]
    value: Any = move.values[0]
    if name == "influence":
        return f"Influence {comp.dancers[value].name}{_best(comp, observation, value)}"
    if name == "domain":
        return f"Use {DOMAINS[value].capitalize()}{_need(comp, observation, value)}"
    if name == "step":
        return f"Step {DIRECTION_WORDS[value]}"
    if name == "lead":
        return f"Lead {comp.dancers[value].name} {DIRECTION_WORDS[move.values[1]]}"
    dancer_moves = {
        "seat": "Seat {} at your table",
        "unseat": "Send {} from your table back to the floor",
        "release": "Release {} from your Influence",
        "drop": "Give up your Influence on {}",
        "placed": "{} is placed on the floor",
    }
    if name in dancer_moves:
        return dancer_moves[name].format(comp.dancers[value].name)
    kind_moves = {
        "refresh": "Play {} Refreshment on the roll",
        "tactician": "Tactician: spend {} to count the roll one lower",
        "willpower": "Willpower: spend {} to roll again",
        "discard": "Discard {}",
        "pay": "Pay {} for Discipline",
        "drawn-refreshment": "{} is drawn",
    }
    if name in kind_moves:
        return words.capital(kind_moves[name].format(refreshment(comp, value)))
    if name == "avatar":
        avatar = comp.avatars[value]
        return f"Choose {avatar.name} of {family_name(comp, value)}"
    if name == "foil":
        return f"Foil {comp.avatars[value].name}"
    if name == "cut-in":
        dancers = len(comp.dancers)
        partner = (
            comp.dancers[value].name if value < dancers else comp.avatars[value - dancers].name
        )
        return f"May I Cut In?: trade places with {partner}"
    if name == "sanctuary":
        return f"Take the {comp.board.sanctuaries[value].colour.capitalize()} Sanctuary"
    if name in ("keep", "drawn-power"):
        power = comp.powers[value].name
        return f"Keep the Power {power}" if name == "keep" else f"{power} is drawn"
    if name == "drawn-plan":
        return f"The Plan for {plan_name(comp, value)} is drawn"
    if name == "initiative":
        return f"Pass the Initiative to {_who(comp, observation, value - 1)}"
    return f"The die shows {value}"


def _best(comp: Components, observation: Observation, d: int) -> str:
    """The symbol of a Dancer and the best roll the seat may aim at, by Domain."""
    dancer = comp.dancers[d]
    symbol = comp.colours[dancer.symbol].capitalize()
    ratings = _ratings(comp, observation)
    if ratings is None:
        return f" ({symbol})"
    need, domain = max(
        (ratings[i] + dancer.pips[i], DOMAINS[i])
        for i in range(len(DOMAINS))
        if not dancer.negates[i]
    )
    return f" ({symbol}; best by {domain.capitalize()}: roll {need} or less)"


def _need(comp: Components, observation: Observation, i: int) -> str:
    """What a Domain's effort must roll, before Refreshments."""
    ratings = _ratings(comp, observation)
    effort = observation.get("effort")
    if ratings is None or not effort:
        return ""
    if effort["kind"] == 0:
        need = ratings[i] + comp.dancers[effort["target"]].pips[i]
    else:
        avatar = observation["families"][effort["target"]]["avatar"]
        need = ratings[i] + comp.avatars[avatar].ratings[i]
    return f" (roll {need} or less before Refreshments)"


def _ratings(comp: Components, observation: Observation) -> tuple[int, ...] | None:
    me = observation.get("you")
    if me is None:
        return None
    avatar = observation["families"][me]["avatar"]
    return comp.avatars[avatar].ratings if avatar >= 0 else None
