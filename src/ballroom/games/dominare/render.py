"""The table in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.state import Observation
from ballroom.games.dominare.turn import AGENT, CATALOG, CODEC

if TYPE_CHECKING:
    from ballroom.games.dominare.game import Dominare


def render(game: Dominare, observation: Observation) -> str:
    """Season, districts with their VP and blocks, every conspiracy, and the seat's hand."""
    from ballroom.games.dominare.influence import controller
    from ballroom.games.dominare.view import determinize_free

    view = determinize_free(game, observation)
    table = view.public
    event = view.zones.zone("event").cards or ()
    lines = [
        f"[bold]Season {table.season}/7[/bold]   step: {view.step.name.value}   event: "
        + (", ".join(CATALOG.event(c).name for c in event) or "-"),
    ]
    state = view.state
    for index, district in enumerate(CATALOG.districts):
        holder = controller(state, index)
        held = f" held by {game.player_name(holder)}" if holder >= 0 else ""
        blocks = " ".join(
            f"{game.board.blocks[b].id.rsplit('-', 1)[1]}({game.board.blocks[b].vp:+d})"
            + (f":{table.owners[b] + 1}x{table.tokens[b]}" if table.tokens[b] else "")
            for b in game.board.district_blocks[index]
        )
        lines.append(f"  {district.name} [{table.vp[index]} VP]{held}: {blocks}")
    for seat in table.order:
        you = " (you)" if view.seat == seat else ""
        agents = ", ".join(
            CATALOG.agent(card).name + (" (down)" if table.down[seat][r] else "")
            for r, card in enumerate(table.ranks[seat])
        )
        lines.append(
            f"  {game.player_name(seat)}{you}: {table.crowns[seat]} crowns, exposure "
            f"{table.exposure[seat]}, hand {view.zones.zone('hand', seat).size}; ranks: {agents or '-'}"
        )
    if view.seat is not None:
        hand = view.zones.zone("hand", view.seat).cards or ()
        lines.append(f"Your hand: {', '.join(CATALOG.agent(c).name for c in hand) or '-'}")
    return "\n".join(lines)


def describe_action(action: int) -> str:
    """The action's text, with the agent's name where it names one."""
    move = CODEC.decode(action)
    text = str(move)
    for param, value in zip(move.family.params, move.values, strict=True):
        if param is AGENT:
            agent = CATALOG.agent(value)
            return f"{text}  ({agent.name}: {agent.faction.value}, {' '.join(sorted(t.value for t in agent.traits))})"
    return text
