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
from ballroom.core import words
from ballroom.games.dominare.components import Board, Catalog

SWAMP = ("the-estate", "the-warrens", "corte-scalzo")
"""The Swamp's districts: one district for canvassing and for abilities (rulebook, The Swamp)."""
FACTION_WORDS = {
    "culture-nobility": "Culture and Nobility",
    "shadowmen": "Shadowmen",
}
"""Faction deck names where they are not the faction's name capitalised."""


def deck_words(deck: str) -> str:
    """A faction deck by its name: "Culture and Nobility", "Senate"."""
    return FACTION_WORDS.get(deck) or deck.capitalize()


def district_words(catalog: Catalog, where: str) -> str:
    """Where an ability acts, as a player reads it: "the Senate", "the Swamp (The Estate,
    The Warrens or Corte Scalzo)", "any district"."""
    if where in ("any", "chosen", ""):
        return "any district"
    if where == "every":
        return "every district"
    if where.startswith("not:"):
        return f"any district but {district_words(catalog, where[4:])}"
    if where == "swamp":
        names = [_district(catalog, d) for d in SWAMP]
        return f"the Swamp ({words.listing(names, 'or')})"
    return _district_the(_district(catalog, where))


def _district(catalog: Catalog, district: str) -> str:
    for found in catalog.districts:
        if found.id == district:
            return found.name
    return words.titled(district)


def _district_the(name: str) -> str:
    """A district's name in a sentence: "the Senate", "The Estate", "Corte Scalzo"."""
    return (
        name
        if name.startswith("The ") or (" " in name and name != "Merchant Quarter")
        else f"the {name}"
    )


def block_name(catalog: Catalog, board: Board, block: int) -> str:
    """A block as players name it: "Senate block 3" (its district and its number there)."""
    found = board.blocks[block]
    number = found.id.rsplit("-", 1)[1]
    return f"{catalog.districts[found.district].name} block {number}"


def by(amount: int, rises: str = "rises", falls: str = "falls") -> str:
    """A change in words: "rises by 2", "falls by 1", "does not change"."""
    if amount == 0:
        return "does not change"
    return f"{rises if amount > 0 else falls} by {abs(amount)}"


def traits_words(traits: str) -> str:
    """Traits as a data file joins them ("clergy|plebian") in words: "Clergy or Plebian"."""
    if traits.startswith("not:"):
        names = [t.capitalize() for t in traits[4:].split(",")]
        if len(names) == 1:
            return f"not {names[0]}"
        return f"neither {', '.join(names[:-1])} nor {names[-1]}"
    return words.listing((t.capitalize() for t in traits.split("|")), "or")


def _influence(amount: int) -> str:
    return f"{amount} influence"


def _exposure(op: fx.Act) -> str:
    way = "raise" if op.amount >= 0 else "lower"
    n = abs(op.amount)
    return {
        "player": f"{way} a player's exposure by {n}",
        "either": f"raise or lower your exposure by {n}",
        "other-either": f"raise or lower another player's exposure by {n}",
    }.get(op.target, f"{way} your exposure by {n}")


def vocabulary(catalog: Catalog) -> fx.Vocabulary:
    """Dominare's words for the effect language: agents', districts' and events' texts."""

    def where(op: fx.Act) -> str:
        return district_words(catalog, op.where)

    def place(op: fx.Act) -> str:
        if op.where == "every":
            return f"place {_influence(op.amount)} in one block of every district"
        if op.target == "adjacent":
            return f"place {_influence(op.amount)} in a block next to the last one"
        block = "an empty block" if op.target == "vacant" else "one block"
        return f"place {_influence(op.amount)} in {block} of {where(op)}"

    def remove(op: fx.Act) -> str:
        if op.target == "each":
            return f"remove {_influence(op.amount)} from every block of {where(op)}"
        if op.target == "each-rival":
            return f"remove {op.amount} of every rival's influence from each block of {where(op)}"
        whose = (
            f"{op.amount} of a rival's influence" if op.target == "rival" else _influence(op.amount)
        )
        return f"remove up to {whose} from one block of {where(op)}"

    def flip(op: fx.Act) -> str:
        kind = f" {traits_words(op.where)}" if op.where not in ("", "next-in-order", "self") else ""
        agents = words.count(op.amount, f"face-up{kind} agent")
        if op.target == "self":
            return "flip this agent face down"
        if op.target == "highest":
            whose = "the next player in order's" if op.where == "next-in-order" else "your"
            return f"flip the face-up agent in {whose} highest rank face down"
        if op.target == "own":
            return f"flip {words.a(f'face-up{kind} agent')} of yours face down"
        return f"flip up to {agents} of any player face down"

    def steal(op: fx.Act) -> str:
        crowns = words.count(op.amount, "crown")
        if op.target == "each":
            return f"steal {crowns} from each other player"
        if op.target == "to-knave":
            return f"take {crowns} from a player and give them to a player with a Knave"
        return f"steal {crowns} from a player"

    def district_vp(op: fx.Act) -> str:
        way = "raise" if op.amount >= 0 else "lower"
        which = {"every": "every district", "any": "one district", "chosen": "that district"}
        if op.where == "swamp":
            which["swamp"] = f"one district of {where(op)}"
        return f"{way} the VP of {which.get(op.where) or where(op)} by {abs(op.amount)}"

    def recruit(op: fx.Act) -> str:
        only = f" (keep only {traits_words(op.where)})" if op.target == "keep-only" else ""
        return f"recruit: draw {words.count(op.amount, 'agent')} and keep one{only}"

    def rally(op: fx.Act) -> str:
        kind = f" {traits_words(op.where)}" if op.where else ""
        return f"rally: flip all your face-down{kind} agents face up"

    acts: dict[str, fx.ActWording] = {
        "place": place,
        "remove": remove,
        "move": lambda op: (
            f"move {_influence(op.amount)} from a block of {where(op)} to a block next to it"
        ),
        "steal": steal,
        "exposure": _exposure,
        "district-vp": district_vp,
        "flip": flip,
        "rally": rally,
        "recruit": recruit,
        "extra-action": lambda op: f"take {words.count(op.amount, 'extra action')} at once",
        "bonus-action": lambda op: "take an extra action after every other action this Season",
        "ability": lambda op: (
            f"use an ability of one of your agents that is {traits_words(op.where)}"
            if op.where.startswith("not:")
            else f"use an ability of one of your {traits_words(op.where)} agents"
        ),
        "swap": lambda op: "swap this agent with one in another of your ranks",
        "gain-exposure": lambda op: f"gain crowns equal to your exposure, at most {op.amount}",
        "double-exposure": lambda op: "double every exposure gain for the rest of the Season",
        "peek-events": lambda op: "look at the top event and put it back",
        "pay": lambda op: f"pay {words.count(op.amount, 'crown')}",
        "spend-or-exposure": lambda op: (
            f"pay {words.count(op.amount, 'crown')}, or raise your "
            "exposure by the highest exposure printed on an agent in your ranks"
        ),
        "buy-off-exposure": lambda op: (
            f"pay up to {words.count(op.amount, 'crown')} to lower your exposure by 1 for each"
        ),
        "inspire": lambda op: f"buy up to {_influence(op.amount)}",
        "whitewash": lambda op: f"move your exposure by up to {op.amount}",
    }
    return fx.Vocabulary(nouns={"crowns": "crown"}, acts=acts)


def ability_text(catalog: Catalog, name: str) -> str:
    """An ability as one sentence, its operations in the order they happen."""
    ability = catalog.effects.abilities[name]
    return words.capital(fx.describe(ability.do, vocabulary(catalog))) + "."


WHO_WORDS = {
    "all": "every player",
    "board": "the board",
    "lowest-exposure": "the player with the lowest exposure",
    "scapegoat": "the scapegoat",
}
"""Whom an event's section is for (a district's id: the player who controls it)."""


def who_words(catalog: Catalog, who: str) -> str:
    return WHO_WORDS.get(who) or f"whoever controls {district_words(catalog, who)}"


def agent_json(catalog: Catalog, card: int) -> dict[str, Any]:
    agent = catalog.agent(card)
    face: dict[str, Any] = {
        "id": card,
        "text": catalog.card_texts[card],
        "name": agent.name,
        "faction": agent.faction.value,
        "seal": agent.faction.value.capitalize(),
        "traits": sorted(trait.value for trait in agent.traits),
        "trait_names": sorted(trait.value.capitalize() for trait in agent.traits),
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
            {
                "district": catalog.districts[d].id,
                "name": catalog.districts[d].name,
                "amount": amount,
            }
            for d, amount in event.seals
        ],
        "sections": [
            {
                "season": section.season,
                "mode": section.mode.value,
                "who": section.who,
                "for": who_words(catalog, section.who),
                "does": ability_text(catalog, section.ability),
            }
            for section in event.sections
        ],
    }


def board_json(catalog: Catalog, board: Board) -> list[dict[str, Any]]:
    """A side's blocks by index: name (as moves write it), district index and bonus VP."""
    return [
        {"id": b.id, "district": b.district, "vp": b.vp, "name": block_name(catalog, board, i)}
        for i, b in enumerate(board.blocks)
    ]


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
                "ability": ability_text(catalog, catalog.district_abilities[index][0]),
            }
            for index, district in enumerate(catalog.districts)
        ],
        "boards": {
            side.value: board_json(catalog, board) for side, board in catalog.boards.items()
        },
    }
