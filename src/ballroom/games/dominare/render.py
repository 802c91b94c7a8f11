"""The table in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ballroom.core import words
from ballroom.core.state import Observation
from ballroom.core.view import View, read_once
from ballroom.games.dominare import faces
from ballroom.games.dominare.state import Shown
from ballroom.games.dominare.turn import (
    CATALOG,
    CODEC,
    FACTION_DECKS,
    Answer,
    Direction,
    Phase,
    block_of,
)
from ballroom.games.dominare.view import read

if TYPE_CHECKING:
    from ballroom.games.dominare.game import Dominare

STEP_WORDS = {
    Phase.DRAW: "an agent is drawn",
    Phase.EVENT: "an event is revealed",
    Phase.CONSPIRACY: "a starting conspiracy is dealt",
    Phase.KEEP: "keeping an agent",
    Phase.SELECT: "placing an agent face down",
    Phase.RECRUIT: "keeping a recruit",
    Phase.CANVASS: "canvassing",
    Phase.SPREAD: "spreading influence",
    Phase.ACTION: "the Action Phase",
    Phase.EXTRA: "an extra ability",
    Phase.BLOCK: "choosing a block",
    Phase.PLAYER: "choosing a player",
    Phase.DISTRICT: "choosing a district",
    Phase.AGENT: "choosing an agent",
    Phase.SIGN: "choosing up or down",
    Phase.SPEND: "choosing what to spend",
    Phase.AMOUNT: "choosing how much",
    Phase.ADJUST: "adjusting the event's districts",
    Phase.DECK: "choosing a faction deck",
    Phase.DISCARD: "discarding an agent",
    Phase.OFFER: "making a trade offer",
    Phase.TRADE: "answering a trade offer",
    Phase.HAND_OVER: "handing over an agent",
    Phase.OVER: "game over",
}
"""Each step as the terminal names it."""


def _bonus(vp: int) -> str:
    return f"{vp} VP" if vp >= 0 else f"{-vp} VP less"


def render(game: Dominare, observation: Observation) -> str:
    """Season, districts with their VP and blocks, every conspiracy, and the seat's hand."""
    from ballroom.games.dominare.influence import controller
    from ballroom.games.dominare.view import determinize_free

    view = determinize_free(game, observation)
    table = view.public
    event = view.zones.zone("event").cards or ()
    lines = [
        f"[bold]Season {table.season} of 7[/bold]   {STEP_WORDS[view.step.name]}   event: "
        + (", ".join(CATALOG.event(c).name for c in event) or "none yet"),
    ]
    state = view.state
    for index, district in enumerate(CATALOG.districts):
        holder = controller(state, index)
        held = f", held by {game.player_name(holder)}" if holder >= 0 else ""
        blocks = "; ".join(
            f"{game.board.blocks[b].id.rsplit('-', 1)[1]} ({_bonus(game.board.blocks[b].vp)}"
            + (
                f", {game.player_name(table.owners[b])} {table.tokens[b]}"
                if table.tokens[b]
                else ""
            )
            + ")"
            for b in game.board.district_blocks[index]
        )
        lines.append(f"  {district.name} ({table.vp[index]} VP{held}), blocks: {blocks}")
    for seat in table.order:
        you = " (you)" if view.seat == seat else ""
        agents = ", ".join(
            CATALOG.agent(card).name + (" (face down)" if table.down[seat][r] else "")
            for r, card in enumerate(table.ranks[seat])
        )
        lines.append(
            f"  {game.player_name(seat)}{you}: {words.count(table.crowns[seat], 'crown')}, "
            f"exposure {table.exposure[seat]}, "
            f"{words.count(view.zones.zone('hand', seat).size, 'agent')} in hand; "
            f"ranks: {agents or 'none'}"
        )
    if view.seat is not None:
        hand = view.zones.zone("hand", view.seat).cards or ()
        lines.append(f"Your hand: {', '.join(CATALOG.agent(c).name for c in hand) or 'empty'}")
    return "\n".join(lines)


_read = read_once(read)
"""The observation a menu's moves are worded from, read once for them all."""

FIXED = {
    "crown": "Gain one crown",
    "rally": "Rally: flip all your face-down agents face up",
    "recruit": "Recruit: draw two agents and keep one",
    "ask-agent": "Ask for an agent from their hand (theirs to choose)",
    "propose": "Propose the offer as it stands",
}
"""The moves without parameters, but for Done (its meaning depends on the step)."""
DONE_WORDS = {
    Phase.SPREAD: "Put the rest of the influence on the first block",
    Phase.EXTRA: "Use no extra ability",
}


def describe_action(game: Dominare, action: int, observation: Observation) -> str:
    """The move in words, as its button says it: "Keep City Watchman (Shadowmen; Knave),
    the second of 2 alike", "Place influence in Senate block 3"."""
    view = _read(observation)
    move = CODEC.decode(action)
    name = move.family.name
    values: tuple[Any, ...] = move.values
    op = view.public.ops[0] if view.public.ops else None
    if name in FIXED:
        return FIXED[name]
    if name == "done":
        return DONE_WORDS.get(view.step.name, "Choose nothing more")
    if name in ("keep", "select", "discard", "give"):
        verb = {
            "keep": "Keep",
            "select": "Place face down in your next rank:",
            "discard": "Discard",
            "give": "Offer",
        }[name]
        return f"{verb} {_agent(view, values[0])}"
    if name in ("place", "inspire"):
        block = faces.block_name(CATALOG, game.board, block_of(game.board, move))
        return (
            f"Place influence in {block}"
            if name == "place"
            else f"Inspire: buy influence in {block}"
        )
    if name == "ability":
        return _ability(view, values[0], values[1])
    if name == "use":
        district = CATALOG.districts[values[0]].name
        ability = CATALOG.district_abilities[values[0]][0]
        return f"Use the ability of {district}: {faces.ability_text(CATALOG, ability)}"
    if name == "replace":
        rank, card = values
        seat = view.seat if view.seat is not None else 0
        ranks = view.public.ranks[seat]
        old = CATALOG.agent(ranks[rank - 1]).name if rank <= len(ranks) else f"rank {rank}"
        return f"Replace {old} (rank {rank}) with {_agent(view, card)}"
    if name in ("whitewash", "adjust"):
        up = values[0] is Direction.UP
        if name == "whitewash":
            return f"Whitewash: {'raise' if up else 'lower'} your exposure"
        return "Up: raise it" if up else "Down: lower it"
    if name == "amount":
        return _amount(op, values[0])
    if name == "player":
        return f"Choose {game.player_name(values[0] - 1)}"
    if name == "district":
        return f"Choose {CATALOG.districts[values[0]].name}"
    if name == "raise":
        return f"Raise {CATALOG.districts[values[0]].name}, lower the other"
    if name == "agent":
        return f"Choose {_ranked(game, view, values[0] - 1, values[1])}"
    if name == "spend":
        return f"Spend {words.count(values[0], 'crown')}" if values[0] else "Spend nothing"
    if name == "answer":
        yes = values[0] is Answer.YES
        if op is not None and op.act == "spend-or-exposure":
            return f"Pay {words.count(op.amount, 'crown')}" if yes else "Take the exposure"
        return "Yes" if yes else "No"
    if name == "deck":
        deck = faces.deck_words(FACTION_DECKS[values[0]])
        return f"Draw from the {deck} deck"
    if name == "trade":
        return f"Open a trade with {game.player_name(values[0] - 1)}"
    if name in ("give-crowns", "ask-crowns"):
        verb = "Offer" if name == "give-crowns" else "Ask for"
        return f"{verb} {words.count(values[0], 'crown')} more"
    if name == "draw":
        return f"{CATALOG.agent(values[0]).name} is drawn"
    if name == "event":
        return f"The event {CATALOG.event(values[0]).name} is revealed"
    return f"Starting conspiracy {values[0]}"


def _agent(view: View[Phase, Shown, None], card: int) -> str:
    """An agent with its seal and traits, told apart from others alike in the seat's hand or
    the cards it chooses among by their order."""
    agent = CATALOG.agent(card)
    traits = words.listing(sorted(t.value.capitalize() for t in agent.traits))
    said = f"{agent.name} ({agent.faction.value.capitalize()}; {traits})"
    for zone in view.zones.zones:
        cards = zone.cards or ()
        if card in cards:
            same = [c for c in cards if CATALOG.agent(c).name == agent.name]
            if len(same) > 1:
                order = words.ORDINALS[same.index(card)]
                return f"{said}, the {order} of {len(same)} alike"
            break
    return said


def _ability(view: View[Phase, Shown, None], rank: int, number: int) -> str:
    seat = view.seat if view.seat is not None else 0
    ranks = view.public.ranks[seat]
    if rank > len(ranks):
        return f"Use ability {number} of your agent in rank {rank}"
    agent = CATALOG.agent(ranks[rank - 1])
    ability = agent.abilities[number - 1]
    return f"{agent.name} (rank {rank}): {faces.ability_text(CATALOG, ability.name)}"


def _amount(op: Any, amount: int) -> str:
    if op is not None and op.act == "inspire":
        return f"Buy {amount} influence"
    if op is not None and op.act == "whitewash":
        way = "Raise" if op.target == Direction.UP.value else "Lower"
        return f"{way} your exposure by {amount}"
    return f"{amount}"


def _ranked(game: Dominare, view: View[Phase, Shown, None], seat: int, rank: int) -> str:
    ranks = view.public.ranks[seat]
    whose = "your" if seat == view.seat else f"{game.player_name(seat)}'s"
    if rank > len(ranks) or ranks[rank - 1] < 0:
        return f"{whose} agent in rank {rank}"
    return f"{whose} {CATALOG.agent(ranks[rank - 1]).name} (rank {rank})"
