"""What is printed on Vampire's Harvest's cards and Skill board, as plain JSON for a client.

Zones, actions and views name cards by id; a browser view draws each card
from this list (its name, its kind, what it costs or rewards), read from
the catalog the rules play with, overridden data files included.
"""

from __future__ import annotations

from typing import Any

from ballroom.core import effects as fx
from ballroom.games.vampires_harvest.components import Card, Catalog, Deck, Kind

RESOURCE_WORDS = {
    "tribute": "Tribute",
    "slayer": "Slayer",
    "seduction": "Seduction",
    "blood": "Blood",
    "skill-points": "Skill Points",
    "bloodstone": "Bloodstone",
}


def reward_text(catalog: Catalog, card: Card) -> str:
    """An Opportunity's rewards in words: ``2 Tribute, 1 Skill Points``."""
    assert card.ability is not None
    parts = []
    for operation in catalog.effects.abilities[card.ability].do:
        assert isinstance(operation, fx.Gain)
        word = RESOURCE_WORDS[operation.resource]
        parts.append(
            f"{operation.amount} {word}" if operation.resource != "bloodstone" else "a Bloodstone"
        )
    return ", ".join(parts)


def card_json(catalog: Catalog, card_id: int) -> dict[str, Any]:
    card = catalog.cards[card_id]
    face: dict[str, Any] = {
        "id": card_id,
        "deck": card.deck.value,
        "name": card.name,
        "text": card.text,
    }
    if card.kind is not None:
        face |= {"kind": card.kind.value, "reward": reward_text(catalog, card)}
        if card.kind is Kind.TRIBUTE:
            face["cost"] = card.cost
        if card.kind is Kind.SLAY:
            face["strength"] = card.strength
    if card.deck is Deck.SEDUCTION:
        face["success"] = card.success
    if card.lasts is not None:
        face["lasts"] = card.lasts.value
    if card.moment is not None:
        face["moment"] = card.moment.value
    if card.deck is Deck.TRAINER:
        face["cost"] = card.cost
    if card.says:
        face["says"] = card.says
    return face


def components_json(catalog: Catalog) -> dict[str, Any]:
    """Every card by id, and the Skill board's values by level."""
    skills = catalog.skills
    return {
        "cards": [card_json(catalog, i) for i in range(len(catalog.cards))],
        "skills": {
            "harvest": {"bonus": list(skills.harvest_bonus)},
            "speed": {"dice": list(skills.speed_dice), "hit": list(skills.hit)},
            "blood-fury": {
                "activation": list(skills.fury_activation),
                "reroll": list(skills.fury_reroll),
            },
            "glamour": {"draw": list(skills.glamour_draw), "keep": list(skills.glamour_keep)},
        },
    }
