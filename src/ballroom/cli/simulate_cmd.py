"""``ballroom simulate``: many games in parallel, summarised."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ballroom.cli.common import err_console, parse_options, parse_seats, reports_errors
from ballroom.lab.simulate import SimulationSpec, simulate


@reports_errors
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dancing-dice.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seats: Annotated[
        str | None, typer.Option(help="Seat specs, e.g. expert,random,random.")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="Player count (default: one per seat).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Base seed; same seed, same numbers.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes.")] = os.cpu_count() or 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Rule option name=value.")
    ] = None,
    max_turns: Annotated[
        int | None, typer.Option(help="Cut games past this many turns (counted as unfinished).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play GAMES games in parallel and report wins per seat."""
    seat_specs = parse_seats(seats, players, "random")
    spec = SimulationSpec(
        game=game,
        seats=tuple(seat_specs),
        options=parse_options(game, option or []),
        seed=seed,
        max_turns=max_turns,
    )
    spec.validate()
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    )
    with progress:
        task = progress.add_task(f"{game}", total=games)
        summary = simulate(spec, games, workers, lambda n: progress.advance(task, n))
    if as_json:
        typer.echo(json.dumps(summary))
        return
    table = Table(title=f"{game}: {summary['games']} games, seed {seed}")
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    for index, (bot, wins, rate) in enumerate(
        zip(summary["seats"], summary["wins"], summary["win_rate"], strict=True)
    ):
        table.add_row(str(index + 1), bot, f"{wins:g}", f"{rate:.1%}")
    console = Console()
    console.print(table)
    console.print(
        f"mean rounds {summary['mean_rounds']:.2f}, unfinished {summary['unfinished']}, "
        f"{summary['games_per_second']:.1f} games/s with {workers} worker(s)"
    )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
