"""``ballroom sweep``: compare rule variants side by side on the same game seeds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ballroom.cli.common import INTERRUPTED, AsJson, MaxTurns, parse_seats, reports_errors
from ballroom.cli.tournament_cmd import (
    DEFAULT_WORKERS,
    AddressOption,
    BackendOption,
    WorkersOption,
    checkpoint_for,
    run_with_progress,
    save_run,
)

if TYPE_CHECKING:
    from ballroom.lab.sweep import VariantSummary


@reports_errors
def sweep_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. the-dance.")],
    option: Annotated[
        list[str],
        typer.Option(
            "--option", "-o", help="Option and the values to compare: name=value1,value2."
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per variant.")] = 100,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Seat specs (default: the game's own bots, then random, "
            "at --players or the game's default player count)."
        ),
    ] = None,
    players: Annotated[int | None, typer.Option(help="Player count.")] = None,
    seed: Annotated[int, typer.Option(help="Base seed, shared by every variant.")] = 0,
    workers: WorkersOption = DEFAULT_WORKERS,
    backend: BackendOption = "local",
    address: AddressOption = None,
    max_turns: MaxTurns = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder for one .parquet per variant (resumable)."),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Play GAMES games under each rule variant and compare lengths and win rates."""
    from ballroom.lab.runner import Backend, Task, Workers
    from ballroom.lab.simulate import SimulationSpec
    from ballroom.lab.sweep import label, summarise, variants

    seat_specs = tuple(parse_seats(game, seats, players))
    names, combos = variants(game, option)
    summaries = []
    interrupted = False
    with Workers(Backend(backend, workers, address)) as pool:  # started once for every variant
        for options in combos:
            name = label(options, names)
            spec = SimulationSpec(game, seat_specs, options, seed, max_turns)
            spec.validate()
            meta = {
                "game": game,
                "options": options,
                "seed": seed,
                "seats": list(seat_specs),
                "games": games,
                "kind": "simulation",
                "max_turns": max_turns,
            }
            target = None
            if out is not None:
                slug = "_".join(f"{k}-{options[k]}" for k in names) or "defaults"
                target = out / f"{slug}.parquet"
            checkpoint = checkpoint_for(target, meta)
            tasks = [Task(spec, index) for index in range(games)]
            outcome, _ = run_with_progress(name, tasks, pool, checkpoint)
            save_run(target, checkpoint, outcome, meta)
            summaries.append(summarise(name, outcome.results))
            if outcome.interrupted:
                interrupted = True
                break
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "variant": s.label,
                        "games": s.games,
                        "unfinished": s.unfinished,
                        "mean_turns": s.turns.value,
                        "mean_turns_ci": [s.turns.low, s.turns.high],
                        "seat_win_rates": [r.value for r in s.seat_rates],
                        "feature_spread": s.spread,
                        "feature_spread_note": s.spread_note,
                        "features_compared": s.compared,
                        "features_standing_out": s.flagged,
                    }
                    for s in summaries
                ]
            )
        )
    else:
        print_summaries(game, games, seed, seat_specs, summaries)
    if interrupted:
        raise typer.Exit(INTERRUPTED)


def print_summaries(
    game: str, games: int, seed: int, seat_specs: tuple[str, ...], summaries: list[VariantSummary]
) -> None:
    """The variants side by side: also printed for a stopped sweep, over what it kept."""
    from rich.console import Console
    from rich.table import Table

    from ballroom.lab.features import MIN_SEATS

    view = Table(title=f"{game}: {games} games per variant, seed {seed}")
    view.add_column("variant", no_wrap=True)
    view.add_column("turns (95% CI)", justify="right")
    view.add_column("unfinished", justify="right")
    view.add_column("seat 1 wins (95% CI)", justify="right")
    view.add_column("feature spread", justify="right")
    for s in summaries:
        first = s.seat_rates[0] if s.seat_rates else None
        view.add_row(
            s.label,
            f"{s.turns.value:.1f} ({s.turns.low:.1f}-{s.turns.high:.1f})",
            str(s.unfinished),
            f"{first.value:.1%} ({first.low:.0%}-{first.high:.0%})" if first else "-",
            "-" if s.spread is None else f"{s.spread:.0%}",
        )
    console = Console()
    console.print(view)
    console.print(f"seats: {', '.join(seat_specs)}; fair share {1 / len(seat_specs):.0%}")
    console.print(
        f"feature spread: best minus worst level of a feature, over levels with {MIN_SEATS} "
        "seats or more; a level stands out when it differs from the fair share after "
        "Holm's correction over every level compared",
        highlight=False,
    )
    for s in summaries:
        console.print(f"{s.label}: {s.spread_note}", highlight=False)
        if s.flagged:
            console.print(f"  stands out: {'; '.join(s.flagged)}", highlight=False)
        elif s.compared:
            console.print(f"  none of {s.compared} levels stands out", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep_command)
