"""``ballroom games``: every game with its players, options and bots."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ballroom.agents import bots_of
from ballroom.core.game import Game, games

if TYPE_CHECKING:
    from rich.table import Table


def list_games() -> None:
    """List the games, their player counts, rule options, and bots with their parameters."""
    from rich.console import Console

    console = Console()
    for game in games():
        console.print(
            f"[bold]{game.name}[/bold]  ({game.id}, {game.min_players}-{game.max_players} players)"
        )
        console.print(game.summary)
        if game.option_set.options:
            console.print(option_table(game))
        else:
            console.print("No rule options.")
        console.print(bot_table(game(game.min_players)))
        console.print("Seat specs: a bot's name, then any parameters: mcts:iterations=200,c=1.4\n")


def option_table(game: type[Game]) -> Table:
    """The game's rule options, each with its default, what it allows and what it means."""
    from rich.table import Table as RichTable

    table = RichTable(title="rule options", title_justify="left")
    table.add_column("option")
    table.add_column("default")
    table.add_column("allowed")
    table.add_column("meaning")
    for option in game.option_set.options:
        table.add_row(option.name, str(option.default), option.allowed(), option.doc)
    return table


def bot_table(game: Game) -> Table:
    """Every bot that can sit at ``game``, each with its declared parameters."""
    from rich.table import Table as RichTable

    table = RichTable(title="bots (and 'human' in play)", title_justify="left")
    table.add_column("bot / parameter")
    table.add_column("default")
    table.add_column("allowed")
    table.add_column("meaning")
    for bot in bots_of(game):
        kind = "searches" if bot.searches else "answers at once"
        table.add_row(f"[bold]{bot.name}[/bold]", "", "", f"{bot.doc} ({kind})")
        for param in bot.declared(game):
            default = "unset" if param.default is None else str(param.default)
            table.add_row(f"  {param.name}", default, param.allowed(), param.doc)
    return table


def register(app: typer.Typer) -> None:
    app.command("games")(list_games)
