"""``ballroom games``: every game with its players, options and bots."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from ballroom.agents import GENERIC_BOTS
from ballroom.core.game import games


def list_games() -> None:
    """List the games, their player counts, rule options and bots."""
    console = Console()
    for game in games():
        table = Table(
            title=f"[bold]{game.name}[/bold]  ({game.id}, {game.min_players}-{game.max_players} players)",
            title_justify="left",
            show_lines=False,
        )
        table.add_column("option")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("meaning")
        for option in game.option_set.options:
            table.add_row(option.name, str(option.default), option.allowed(), option.doc)
        console.print(game.summary)
        if game.option_set.options:
            console.print(table)
        bots = list(dict.fromkeys([*game.bots, *GENERIC_BOTS]))
        console.print(f"bots: {', '.join(bots)}   (and 'human' in play)\n")


def register(app: typer.Typer) -> None:
    app.command("games")(list_games)
