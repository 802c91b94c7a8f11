"""``ballroom simulate``: many games in parallel, summarised, optionally saved and resumable."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ballroom.cli.common import (
    INTERRUPTED,
    AsJson,
    MaxTurns,
    RuleOptions,
    bot_labels,
    parse_options,
    parse_seats,
    print_legend,
    reports_errors,
)
from ballroom.cli.tournament_cmd import (
    DEFAULT_WORKERS,
    AddressOption,
    BackendOption,
    OutOption,
    WorkersOption,
    checkpoint_for,
    run_with_progress,
    save_run,
)


@reports_errors
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dancing-dice.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Seat specs, e.g. expert,random,random "
            "(default: the game's own bots, then random, at its default player count)."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Player count (default: one per seat, or the game's default)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Base seed; same seed, same numbers.")] = 0,
    workers: WorkersOption = DEFAULT_WORKERS,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: RuleOptions = None,
    max_turns: MaxTurns = None,
    out: OutOption = None,
    as_json: AsJson = False,
) -> None:
    """Play GAMES games in parallel and report wins per seat.

    With --out, every game's facts (winner, length, seat features) and record
    go to a .parquet or .duckdb file for `ballroom report` or your own
    queries; Ctrl-C keeps the finished games, exits 130, and the same command resumes.
    """
    from ballroom.lab.runner import Backend, Task
    from ballroom.lab.simulate import SimulationSpec, summarize

    seat_specs = parse_seats(game, seats, players)
    spec = SimulationSpec(
        game=game,
        seats=tuple(seat_specs),
        options=parse_options(game, option or []),
        seed=seed,
        max_turns=max_turns,
    )
    spec.validate()
    where = Backend(backend, workers, address)
    meta = {
        "game": game,
        "options": spec.options,
        "seed": seed,
        "seats": list(seat_specs),
        "games": games,
        "kind": "simulation",
        "max_turns": max_turns,
    }
    checkpoint = checkpoint_for(out, meta)
    tasks = [Task(spec, index) for index in range(games)]
    outcome, seconds = run_with_progress(game, tasks, where, checkpoint)
    save_run(out, checkpoint, outcome, meta)
    summary = summarize(spec, outcome.results, seconds)
    summary["workers"] = workers
    summary["backend"] = backend
    summary["interrupted"] = outcome.interrupted
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        print_summary(game, seed, workers, summary)
    if outcome.interrupted:
        raise typer.Exit(INTERRUPTED)


def print_summary(game: str, seed: int, workers: int, summary: dict[str, Any]) -> None:
    """The wins table: also printed for a stopped run, over the games it kept."""
    table = Table(title=f"{game}: {summary['games']} games, seed {seed}")
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    labels = bot_labels(summary["seats"])
    for index, (bot, wins, rate) in enumerate(
        zip(summary["seats"], summary["wins"], summary["win_rate"], strict=True)
    ):
        table.add_row(str(index + 1), labels[bot], f"{wins:g}", f"{rate:.1%}")
    console = Console()
    console.print(table)
    print_legend(console, labels)
    console.print(
        f"mean rounds {summary['mean_rounds']:.2f}, unfinished {summary['unfinished']}, "
        f"{summary['games_per_second']:.1f} games/s with {workers} worker(s)"
    )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
