"""The table in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.state import Observation
from ballroom.games.vampires_harvest.components import Kind
from ballroom.games.vampires_harvest.scoring import final_score
from ballroom.games.vampires_harvest.turn import CATALOG, CODEC, Skill, Track

if TYPE_CHECKING:
    from ballroom.games.vampires_harvest.game import VampiresHarvest


def _card(card: int) -> str:
    """A card's name, with an Opportunity's kind and its cost or strength."""
    found = CATALOG.cards[card]
    if found.kind is Kind.TRIBUTE:
        return f"{found.name} (tribute, cost {found.cost})"
    if found.kind is Kind.SLAY:
        return f"{found.name} (slay, strength {found.strength})"
    if found.kind is Kind.SEDUCE:
        return f"{found.name} (seduce)"
    return found.name


def render(game: VampiresHarvest, observation: Observation) -> str:
    """Turn, Pool, Event, Areas, every player's Blood, tracks and Skills, and the seat's hand."""
    from ballroom.games.vampires_harvest.view import read

    view = read(observation)
    table = view.public
    zones = view.zones
    event = zones.zone("event").cards or ()
    lines = [
        f"[bold]Turn {table.turn}/12[/bold]   step: {view.step.name.value}   Blood Pool: {table.pool}",
        f"Event: {', '.join(CATALOG.cards[c].name for c in event) or '-'}"
        + (f"   closed: Area {', '.join(map(str, table.closed))}" if table.closed else ""),
    ]
    for area in range(1, table.areas + 1):
        cards = zones.zone(f"area-{area}").cards or ()
        lines.append(f"  Area {area}: {'; '.join(map(_card, cards)) or '(empty)'}")
    for seat in range(game.players):
        marker = " *initiative*" if seat == table.initiative else ""
        you = " (you)" if view.seat == seat else ""
        tracks = " ".join(
            f"{t.value[:3]} {v}" for t, v in zip(Track, table.tracks[seat], strict=True)
        )
        skills = " ".join(f"{s.value} {v}" for s, v in zip(Skill, table.skills[seat], strict=True))
        shown = table.revealed[seat]
        action = f"  action: {shown.value}" if shown else ""
        lines.append(
            f"  {game.player_name(seat)}{you}{marker}: Blood {table.blood[seat]}, "
            f"{tracks} (score {final_score(table.tracks[seat])}), {skills}, "
            f"{table.skill_points[seat]} points, {zones.zone('hand', seat).size} Bloodstones{action}"
        )
    if view.seat is not None:
        hand = zones.zone("hand", view.seat).cards or ()
        lines.append(f"Your Bloodstones: {', '.join(CATALOG.cards[c].name for c in hand) or '-'}")
        if view.private is not None and view.private.chosen is not None:
            lines.append(f"You chose: {view.private.chosen.value}")
    if table.facing is not None:
        lines.append(
            f"Facing: {_card(table.facing)}   dice: {' '.join(map(str, table.dice)) or '-'}"
        )
    return "\n".join(lines)


def describe_action(action: int) -> str:
    """The action's text, with the card's name and details where it names a card."""
    move = CODEC.decode(action)
    text = str(move)
    if any(param.name == "card" for param in move.family.params) and isinstance(
        move.values[0], int
    ):
        return f"{text}  ({_card(move.values[0])})"
    return text
