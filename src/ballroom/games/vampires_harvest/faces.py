"""What is printed on Vampire's Harvest's cards and Skill board, as plain JSON for a client.

Zones, actions and views name cards by id; a browser view draws each card
from this list (its name, its kind, what it costs or rewards), read from
the catalog the rules play with, overridden data files included.
"""

from __future__ import annotations

from typing import Any

from ballroom.core import effects as fx
from ballroom.core import words
from ballroom.games.vampires_harvest.components import Card, Catalog, Deck, Kind, Moment
from ballroom.games.vampires_harvest.turn import ActionCard, Skill, Track

RESOURCE_WORDS = {
    "tribute": "Tribute",
    "slayer": "Slayer",
    "seduction": "Seduction",
    "blood": "Blood",
    "skill-points": "Skill Point",
    "bloodstone": "Bloodstone",
}
"""The resources a card gives, as a player names one of them."""


VOCABULARY = fx.Vocabulary(
    nouns=RESOURCE_WORDS,
    gains={
        "pool": lambda n: (
            f"add {n} Blood to the Blood Pool" if n >= 0 else f"take {-n} Blood from the Blood Pool"
        ),
        "initiative": lambda n: "take the Initiative",
        "bloodstone": lambda n: (
            "earn a Bloodstone" if n == 1 else f"earn {words.count(n, 'Bloodstone')}"
        ),
        "fight-dice": lambda n: f"roll {words.count(n, 'more die')} in this fight",
        "fight-hits": lambda n: f"score {words.count(n, 'more hit')} in this fight",
        "seduce-draw": lambda n: f"may draw {words.count(n, 'more Seduction card')} when seducing",
        "seduce-keep": lambda n: f"may keep {words.count(n, 'more Seduction card')} when seducing",
        "tribute-discount": lambda n: f"pay {n} Blood less for a Tribute",
    },
)
"""Vampire's Harvest's words for the effect language: card texts and the log read them."""
SKILL_WORDS = {
    Skill.HARVEST: "Harvest",
    Skill.SPEED: "Speed",
    Skill.BLOOD_FURY: "Blood Fury",
    Skill.GLAMOUR: "Glamour",
}
TRACK_WORDS = {Track.TRIBUTE: "Tribute", Track.SLAYER: "Slayer", Track.SEDUCTION: "Seduction"}
ACTION_WORDS = {
    ActionCard.TRAIN: "Train",
    ActionCard.HARVEST: "Harvest",
    ActionCard.CHANCE_ENCOUNTER: "Chance Encounter",
    ActionCard.AREA_1: "Area 1",
    ActionCard.AREA_2: "Area 2",
    ActionCard.AREA_3: "Area 3",
    ActionCard.AREA_4: "Area 4",
    ActionCard.LATE_DECISION: "Late Decision",
}
"""The Action cards by the names printed on them."""
DECK_WORDS = {
    Deck.EARLY: "Early Opportunity",
    Deck.LATE: "Late Opportunity",
    Deck.EVENT: "Event",
    Deck.SEDUCTION: "Seduction",
    Deck.BLOODSTONE: "Bloodstone",
    Deck.TRAINER: "Trainer Skill",
}
"""Each deck by the cards it holds."""
MOMENT_WORDS = {
    Moment.PREPARE: "Prepare phase",
    Moment.TRIBUTE: "paying a Tribute",
    Moment.SLAY: "fighting",
    Moment.SEDUCE: "seducing",
}
"""When a Bloodstone may be played, as its face says it."""


def reward_text(catalog: Catalog, card: Card) -> str:
    """An Opportunity's rewards in words: ``2 Tribute and 1 Skill Point``."""
    assert card.ability is not None
    parts = []
    for operation in catalog.effects.abilities[card.ability].do:
        assert isinstance(operation, fx.Gain)
        if operation.resource == "bloodstone":
            parts.append(words.a("Bloodstone"))
        else:
            parts.append(VOCABULARY.amount(operation.amount, operation.resource))
    return words.listing(parts)


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
        face["when"] = MOMENT_WORDS[card.moment]
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
        "names": {
            "skills": {skill.value: SKILL_WORDS[skill] for skill in Skill},
            "actions": {card.value: ACTION_WORDS[card] for card in ActionCard},
        },
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
