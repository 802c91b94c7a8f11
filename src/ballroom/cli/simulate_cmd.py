"""``ballroom simulate``: many games in parallel, summarised, optionally saved and resumable."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ballroom.cli.common import (
    INTERRUPTED,
    AsJson,
    MaxTurns,
    RuleOptions,
    bot_labels,
    err_console,
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
    progress_bar,
    run_with_progress,
    save_run,
)

if TYPE_CHECKING:
    from ballroom.lab.batched import BatchOutcome
    from ballroom.lab.runner import Backend
    from ballroom.lab.simulate import SimulationSpec


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
    engine: Annotated[
        bool,
        typer.Option(
            "--engine",
            help="Play every game on the rules engine even where the batch could "
            "(slower; the same distribution).",
        ),
    ] = False,
    as_json: AsJson = False,
) -> None:
    """Play GAMES games in parallel and report wins per seat.

    Where every seat is a bot the game's batch plays (Dancing Dice: random,
    expert), the games are played many at once with numpy; the summary's
    path says so, or why the engine played them. With --out, every game's
    facts (winner, length, seat features) and record go to a .parquet or
    .duckdb file for `ballroom report` or your own queries; Ctrl-C keeps the
    finished games, exits 130, and the same command resumes.
    """
    from ballroom.lab.batched import refusal
    from ballroom.lab.runner import Backend, Task
    from ballroom.lab.simulate import SimulationSpec, summarize
    from ballroom.lab.simulate import summary as batch_summary

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
    if engine:
        reason: str | None = "--engine was given"
    elif out is not None:
        reason = "--out saves every game's record, and only the engine keeps records"
    else:
        reason = refusal(spec)
    if reason is None:
        outcome, seconds = run_batched_with_progress(game, spec, games, where)
        summary = batch_summary(spec, outcome.tally, seconds)
        interrupted = outcome.interrupted
    else:
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
        run, seconds = run_with_progress(game, tasks, where, checkpoint)
        save_run(out, checkpoint, run, meta)
        summary = summarize(spec, run.results, seconds)
        interrupted = run.interrupted
    summary["workers"] = workers
    summary["backend"] = backend
    summary["interrupted"] = interrupted
    summary["path"] = "engine" if reason else "batched"
    summary["path_reason"] = reason
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        print_summary(game, seed, workers, summary)
    if interrupted:
        raise typer.Exit(INTERRUPTED)


def run_batched_with_progress(
    label: str, spec: SimulationSpec, games: int, where: Backend
) -> tuple[BatchOutcome, float]:
    """The batch, with a progress bar by chunks; Ctrl-C stops and keeps the chunks played."""
    from ballroom.lab.batched import run_batched
    from ballroom.lab.runner import Workers

    started = time.perf_counter()
    with Workers(where) as pool, progress_bar(label, games) as advance:
        outcome = run_batched(spec, games, pool, advance)
    seconds = time.perf_counter() - started
    if outcome.interrupted:
        err_console().print(
            f"[yellow]stopped:[/yellow] {outcome.tally.games} of {games} games kept "
            "(a batched run keeps no records to resume from)"
        )
    return outcome, seconds


def print_summary(game: str, seed: int, workers: int, summary: dict[str, Any]) -> None:
    """The wins table: also printed for a stopped run, over the games it kept."""
    from rich.console import Console
    from rich.table import Table

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
    if summary["path"] == "batched":
        console.print("played by the batch (numpy, many games at once)")
    else:
        console.print(f"played by the engine: {summary['path_reason']}", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
