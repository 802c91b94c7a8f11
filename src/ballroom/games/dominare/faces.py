"""What is printed on Dominare's cards and board, as plain JSON for a client.

Zones, actions and views name agents and events by id and blocks by
index; a browser view draws them from these lists (an agent's name,
faction, traits, values and abilities; an event's seals and sections;
each board side's blocks in the order the view's ``owners`` and
``tokens`` use), read from the catalog the rules play with, overridden
data files included.
"""

from __future__ import annotations

from typing import Any

from ballroom.core import effects as fx
from ballroom.games.dominare.components import Board, Catalog


def operation_text(operation: fx.Operation) -> str:
    """One operation as its data writes it: ``gain 5 crowns``, ``remove 3 (rival) in senate``."""
    if isinstance(operation, fx.Gain):
        return f"gain {operation.amount} {operation.resource}"
    if isinstance(operation, fx.Spend):
        return f"pay {operation.amount} {operation.resource}"
    assert isinstance(operation, fx.Act)
    text = f"{operation.name} {operation.amount}"
    if operation.target:
        text += f" ({operation.target})"
    if operation.where:
        text += f" in {operation.where}"
    return text


def ability_text(catalog: Catalog, name: str) -> str:
    """An ability's operations, in the order they happen."""
    return "; ".join(operation_text(op) for op in catalog.effects.abilities[name].do)


def agent_json(catalog: Catalog, card: int) -> dict[str, Any]:
    agent = catalog.agent(card)
    face: dict[str, Any] = {
        "id": card,
        "text": catalog.card_texts[card],
        "name": agent.name,
        "faction": agent.faction.value,
        "traits": sorted(trait.value for trait in agent.traits),
        "influence": agent.influence,
        "income": agent.income,
        "exposure": agent.exposure,
        "vp": agent.vp,
        "abilities": [
            {"rank": ability.number, "does": ability_text(catalog, ability.name)}
            for ability in agent.abilities
        ],
    }
    if agent.revealed is not None:
        face["revealed"] = ability_text(catalog, agent.revealed)
    if agent.cannot_flip:
        face["cannot_flip"] = True
    return face


def event_json(catalog: Catalog, card: int) -> dict[str, Any]:
    event = catalog.event(card)
    return {
        "id": card,
        "text": event.slug,
        "name": event.name,
        "seals": [
            {"district": catalog.districts[d].id, "amount": amount} for d, amount in event.seals
        ],
        "sections": [
            {
                "season": section.season,
                "mode": section.mode.value,
                "who": section.who,
                "does": ability_text(catalog, section.ability),
            }
            for section in event.sections
        ],
    }


def board_json(board: Board) -> list[dict[str, Any]]:
    """A side's blocks by index: name (as moves write it), district index and bonus VP."""
    return [{"id": b.id, "district": b.district, "vp": b.vp} for b in board.blocks]


def components_json(catalog: Catalog) -> dict[str, Any]:
    """Every agent and event by card id, the districts, and both sides' blocks."""
    return {
        "agents": [agent_json(catalog, card) for card in range(len(catalog.cards))],
        "events": [event_json(catalog, card) for card in catalog.event_ids],
        "districts": [
            {
                "id": district.id,
                "name": district.name,
                "swamp": district.swamp,
                "ability": catalog.district_abilities[index][1],
            }
            for index, district in enumerate(catalog.districts)
        ],
        "boards": {side.value: board_json(board) for side, board in catalog.boards.items()},
    }
