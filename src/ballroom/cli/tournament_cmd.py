"""``ballroom tournament``: bots rotated through the seats, rated, with confidence intervals.

Also home of ``run_with_progress``, the progress bar and Ctrl-C handling that
``simulate`` and ``sweep`` share.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
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
from ballroom.lab.backends import BACKENDS

if TYPE_CHECKING:
    from ballroom.lab.runner import Backend, Checkpoint, RunOutcome, Task, Workers
    from ballroom.lab.tournament import Standing

DEFAULT_WORKERS = os.cpu_count() or 1
WorkersOption = Annotated[int, typer.Option(min=1, help="Worker processes (Ray: CPUs to start).")]
BackendOption = Annotated[
    str, typer.Option(help=f"Where to play: {' or '.join(BACKENDS)} (local processes).")
]
AddressOption = Annotated[
    str | None, typer.Option(help="Ray cluster to join: 'auto' or host:port (default: start one).")
]
OutOption = Annotated[
    Path | None,
    typer.Option(
        "--out",
        help="Save every game (facts and record) to a .parquet or .duckdb file; "
        "a run stopped early resumes when the same command is run again.",
    ),
]


def checkpoint_for(out: Path | None, meta: dict[str, Any]) -> Checkpoint | None:
    """The resumable progress file beside ``out`` (none when nothing is saved).

    The game count is left out of its header: a game's set-up depends only on
    its index, so a finished run (whose games are read back from ``out``) can
    be extended with a larger ``--games``.
    """
    if out is None:
        return None
    from ballroom.lab.runner import Checkpoint
    from ballroom.lab.store import check_output, read_results

    check_output(out)
    header = {key: value for key, value in meta.items() if key != "games"}
    checkpoint = Checkpoint(out.with_name(out.name + ".progress.jsonl"), header)
    if out.exists() and not checkpoint.path.exists():
        saved_meta, saved = read_results(out)
        if {k: v for k, v in saved_meta.items() if k != "games"} == json.loads(json.dumps(header)):
            checkpoint.start({result.index: result for result in saved})
    return checkpoint


def save_run(
    out: Path | None, checkpoint: Checkpoint | None, outcome: RunOutcome, meta: dict[str, Any]
) -> None:
    """Write what the run holds; drop the progress file once nothing is left to resume."""
    if out is None:
        return
    from ballroom.lab.store import write_results

    write_results(out, outcome.results, meta)
    if checkpoint is not None and not outcome.interrupted:
        checkpoint.remove()


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A transient progress bar on stderr; yields the callback that advances it.

    Only a terminal gets one: in a pipe or a log it would be noise, and a
    short scripted run would pay more for loading rich than for its games.
    """
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console(),
        transient=True,
    )
    with progress:
        bar = progress.add_task(label, total=total)
        yield lambda n: progress.advance(bar, n)


def run_with_progress(
    label: str,
    tasks: Sequence[Task],
    backend: Backend | Workers,
    checkpoint: Checkpoint | None,
) -> tuple[RunOutcome, float]:
    """Run with a progress bar; Ctrl-C stops, keeps what finished and says how to resume."""
    from ballroom.lab.runner import run_tasks

    started = time.perf_counter()
    with progress_bar(label, len(tasks)) as advance:
        outcome = run_tasks(tasks, backend, checkpoint=checkpoint, on_progress=advance)
    seconds = time.perf_counter() - started
    if outcome.resumed:
        err_console().print(f"resumed: {outcome.resumed} games were already played")
    if outcome.interrupted:
        again = (
            "run the same command again to resume"
            if checkpoint is not None
            else "use --out to make a run resumable"
        )
        err_console().print(
            f"[yellow]stopped:[/yellow] {len(outcome.results)} of {len(tasks)} games kept; {again}"
        )
    return outcome, seconds


@reports_errors
def tournament_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. dancing-dice.")],
    seats: Annotated[
        str | None,
        typer.Option(
            help="One bot per seat, e.g. mcts:iterations=500,expert,random "
            "(default: the game's own bots, then random, at its default player count)."
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 60,
    seed: Annotated[int, typer.Option(help="Base seed; same seed, same results.")] = 0,
    workers: WorkersOption = DEFAULT_WORKERS,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: RuleOptions = None,
    max_turns: MaxTurns = None,
    out: OutOption = None,
    as_json: AsJson = False,
) -> None:
    """Rotate the bots through the seats, rate them (OpenSkill) and show win rates with 95% CIs."""
    from rich.console import Console

    from ballroom.lab.runner import Backend
    from ballroom.lab.tournament import standings, tournament_tasks

    bots = parse_seats(game, seats, None)
    options = parse_options(game, option or [])
    where = Backend(backend, workers, address)
    tasks = tournament_tasks(game, bots, games, options=options, seed=seed, max_turns=max_turns)
    meta = {
        "game": game,
        "options": options,
        "seed": seed,
        "bots": bots,
        "games": games,
        "kind": "tournament",
        "max_turns": max_turns,
    }
    checkpoint = checkpoint_for(out, meta)
    outcome, seconds = run_with_progress(game, tasks, where, checkpoint)
    save_run(out, checkpoint, outcome, meta)
    results = outcome.results
    table = standings(results)
    fair = 1.0 / len(bots)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    **meta,
                    "played": len(results),
                    "interrupted": outcome.interrupted,
                    "seconds": seconds,
                    "standings": [
                        {
                            "bot": s.bot,
                            "seats_played": s.seats_played,
                            "win_rate": s.win_rate.value,
                            "win_rate_ci": [s.win_rate.low, s.win_rate.high],
                            "mean_place": s.mean_place.value,
                            "mu": s.mu,
                            "sigma": s.sigma,
                            "ordinal": s.ordinal,
                        }
                        for s in table
                    ],
                }
            )
        )
    else:
        print_standings(game, seed, bots, table, len(results))
        Console().print(
            f"fair share {fair:.0%}; {len(results) / seconds if seconds else 0:.2f} games/s "
            f"with {workers} worker(s) on {backend}"
        )
    if outcome.interrupted:
        raise typer.Exit(INTERRUPTED)


def print_standings(
    game: str, seed: int, bots: list[str], table: list[Standing], played: int
) -> None:
    """The standings table: also printed for a stopped tournament, over the games it kept."""
    from rich.console import Console
    from rich.table import Table

    view = Table(title=f"{game}: {played} games, seats rotated, seed {seed}")
    for column in ("bot", "seats", "win rate", "95% CI", "mean place", "OpenSkill mu ± sigma"):
        view.add_column(column, justify="left" if column == "bot" else "right")
    labels = bot_labels(bots)  # lettered in the order the bots were given
    for s in table:
        view.add_row(
            labels[s.bot],
            str(s.seats_played),
            f"{s.win_rate.value:.1%}",
            f"{s.win_rate.low:.1%} - {s.win_rate.high:.1%}",
            f"{s.mean_place.value:.2f}",
            f"{s.mu:.1f} ± {s.sigma:.1f}",
        )
    console = Console()
    console.print(view)
    print_legend(console, labels)


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament_command)
