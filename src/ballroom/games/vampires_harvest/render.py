"""The table in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from typing import Any

from ballroom.core import words
from ballroom.core.game import Game
from ballroom.core.state import Observation
from ballroom.core.view import View, read_once
from ballroom.games.vampires_harvest.components import Kind
from ballroom.games.vampires_harvest.faces import (
    ACTION_WORDS,
    SKILL_WORDS,
    TRACK_WORDS,
    reward_text,
)
from ballroom.games.vampires_harvest.scoring import final_score
from ballroom.games.vampires_harvest.state import Secret, Table
from ballroom.games.vampires_harvest.turn import (
    ATTEMPT,
    BID,
    BROKER,
    BUY,
    CATALOG,
    CODEC,
    DONE,
    DRAW,
    FACE,
    FIRST,
    KEEP,
    PASS,
    RAISE,
    REROLL,
    ROLL,
    SELECT,
    STONE,
    STOP,
    TRAINER,
    Phase,
    Skill,
    Track,
    Way,
)
from ballroom.games.vampires_harvest.view import read


def _card(card: int) -> str:
    """A card's name, with an Opportunity's kind, what it asks and what it gives."""
    found = CATALOG.cards[card]
    if found.kind is Kind.TRIBUTE:
        return f"{found.name} (Tribute: {found.cost} Blood for {reward_text(CATALOG, found)})"
    if found.kind is Kind.SLAY:
        return f"{found.name} (Enemy of strength {found.strength}: {reward_text(CATALOG, found)})"
    if found.kind is Kind.SEDUCE:
        return f"{found.name} (Seduction: {reward_text(CATALOG, found)} per Success)"
    return found.name


STEP_WORDS = {
    Phase.FIRST: "setup",
    Phase.ROLL: "a die is rolled",
    Phase.DRAW: "a card is drawn",
    Phase.BROKER: "Power Broker",
    Phase.AUCTION: "the Initiative auction",
    Phase.SKILLS: "raising Skills",
    Phase.SELECT: "choosing Actions in secret",
    Phase.LATE: "Late Decisions in secret",
    Phase.FACE: "choosing an Opportunity",
    Phase.ATTEMPT: "meeting an Opportunity",
    Phase.REROLL: "Blood Fury rerolls",
    Phase.KEEP: "keeping Seduction cards",
    Phase.TRAIN: "training",
    Phase.TRAINER: "a Trainer Skill",
    Phase.OVER: "game over",
}
"""Each step as the terminal names it."""
WAY_WORDS = {
    Way.PAY: "Pay the Tribute",
    Way.FIGHT: "Fight",
    Way.FURY: "Fight in Blood Fury",
    Way.SEDUCE: "Seduce",
    Way.DECLINE: "Decline",
}
PASS_WORDS = {
    Phase.BROKER: "Keep Power Broker for later",
    Phase.AUCTION: "Drop out of the auction",
    Phase.TRAINER: "Take no Trainer Skill",
}
"""What passing means at each step that allows it."""


def render(game: Game, observation: Observation) -> str:
    """Turn, Pool, Event, Areas, every player's Blood, tracks and Skills, and the seat's hand."""
    view = read(observation)
    table = view.public
    zones = view.zones
    event = zones.zone("event").cards or ()
    closed = words.listing(map(str, table.closed))
    lines = [
        f"[bold]Turn {table.turn} of 12[/bold]   {STEP_WORDS[view.step.name]}   "
        f"Blood Pool: {table.pool}",
        f"Event: {', '.join(CATALOG.cards[c].name for c in event) or 'none'}"
        + (f"   closed: Area {closed}" if table.closed else ""),
    ]
    for area in range(1, table.areas + 1):
        cards = zones.zone(f"area-{area}").cards or ()
        lines.append(f"  Area {area}: {'; '.join(map(_card, cards)) or 'empty'}")
    for seat in range(game.players):
        marker = " (Initiative)" if seat == table.initiative else ""
        you = " (you)" if view.seat == seat else ""
        tracks = ", ".join(
            f"{TRACK_WORDS[t]} {v}" for t, v in zip(Track, table.tracks[seat], strict=True)
        )
        skills = ", ".join(
            f"{SKILL_WORDS[s]} {v}" for s, v in zip(Skill, table.skills[seat], strict=True)
        )
        shown = table.revealed[seat]
        action = f"; Action: {ACTION_WORDS[shown]}" if shown else ""
        stones = words.count(zones.zone("hand", seat).size, "Bloodstone")
        points = words.count(table.skill_points[seat], "Skill Point")
        lines.append(
            f"  {game.player_name(seat)}{you}{marker}: Blood {table.blood[seat]}; "
            f"{tracks} (score {final_score(table.tracks[seat])}); Skills: {skills}; "
            f"{points}; {stones}{action}"
        )
    if view.seat is not None:
        hand = zones.zone("hand", view.seat).cards or ()
        lines.append(
            f"Your Bloodstones: {', '.join(CATALOG.cards[c].name for c in hand) or 'none'}"
        )
        if view.private is not None and view.private.chosen is not None:
            lines.append(f"You chose: {ACTION_WORDS[view.private.chosen]}")
    if table.facing is not None:
        dice = " ".join(map(str, table.dice)) or "none rolled"
        lines.append(f"Facing: {_card(table.facing)}   dice: {dice}")
    return "\n".join(lines)


_read = read_once(read)
"""The observation a menu's moves are worded from, read once for them all."""


def describe_action(game: Game, action: int, observation: Observation) -> str:
    """The move in words, as its button says it ("Raise Blood Fury to 2 for 2 Skill Points",
    "Keep Devoted (a Success)"); Seduction cards alike are told apart by their order."""
    view = _read(observation)
    move = CODEC.decode(action)
    family = move.family
    value: Any = move.values[0] if move.values else None
    if family is BROKER:
        return f"Play Power Broker: open the auction at {value} Blood"
    if family is BID:
        return f"Bid {value} Blood"
    if family is PASS:
        return PASS_WORDS.get(view.step.name, "Pass")
    if family is RAISE:
        seat = view.seat if view.seat is not None else 0
        level = view.public.skills[seat][list(Skill).index(value)] + 1
        cost = words.count(level, "Skill Point")
        return f"Raise {SKILL_WORDS[value]} to {level} for {cost}"
    if family is STONE:
        stone = CATALOG.cards[value]
        return f"Play the Bloodstone {stone.name}" + (f": {stone.says}" if stone.says else "")
    if family is DONE:
        return "Done raising Skills"
    if family is SELECT:
        return f"Choose the Action card {ACTION_WORDS[value]}"
    if family is FACE:
        return f"Attempt {_opportunity(view, value)}"
    if family is ATTEMPT:
        return WAY_WORDS[value]
    if family is REROLL:
        return f"Reroll {REROLL.params[0].text(value)}"
    if family is STOP:
        return "Reroll no more"
    if family is KEEP:
        return f"Keep {_seduction(view, value)}"
    if family is BUY:
        if not value:
            return "Buy no Skill Points"
        return f"Buy {words.count(value, 'Skill Point')} for {2 * value} Blood"
    if family is TRAINER:
        trainer = CATALOG.cards[value]
        return (
            f"Take the Trainer Skill {trainer.name} for {words.count(trainer.cost, 'Skill Point')}"
        )
    if family is FIRST:
        return f"{game.player_name(value - 1)} starts"
    if family is ROLL:
        return f"The die shows {value}"
    if family is DRAW:
        return f"{CATALOG.cards[value].name} is drawn"
    return words.capital(family.doc)


def _opportunity(view: View[Phase, Table, Secret], card: int) -> str:
    """An Opportunity on offer, told apart from others alike in its Area by their order."""
    for zone in view.zones.zones:
        cards = zone.cards or ()
        if card in cards:
            name = CATALOG.cards[card].name
            same = [c for c in cards if CATALOG.cards[c].name == name]
            if len(same) > 1:
                return f"{_card(card)}, the {words.ORDINALS[same.index(card)]} of {len(same)} alike"
            break
    return _card(card)


def _seduction(view: View[Phase, Table, Secret], card: int) -> str:
    """A Seduction card drawn, whether it is a Success, and its order among cards alike."""
    found = CATALOG.cards[card]
    drawn = view.zones.zone("drawn", view.seat).cards or ()
    same = [c for c in drawn if CATALOG.cards[c].name == found.name]
    name = words.alike(found.name, same.index(card), len(same)) if card in same else found.name
    return f"{name}, {'a Success' if found.success else 'no Success'}"
