"""``ballroom tune``: search a game's data for numbers that meet a balance target."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ballroom.cli.common import (
    INTERRUPTED,
    AsJson,
    MaxTurns,
    RuleOptions,
    parse_options,
    reports_errors,
)
from ballroom.cli.tournament_cmd import DEFAULT_WORKERS, AddressOption, BackendOption, WorkersOption


@reports_errors
def tune_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. vampires-harvest.")],
    space: Annotated[
        Path,
        typer.Option(
            "--space", help="TOML file naming the numbers that may move and their bounds."
        ),
    ],
    target: Annotated[
        list[str] | None,
        typer.Option(
            "--target",
            "-t",
            help="Balance target, e.g. 'first-player within 2', 'presence agent within 3 "
            "of tuned', 'level power within 5', 'turns in 10..14' (default: the space "
            "file's targets).",
        ),
    ] = None,
    trials: Annotated[
        int, typer.Option(min=1, help="Candidates to try (the first is the data as it is).")
    ] = 40,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per candidate.")] = 200,
    holdout: Annotated[
        int, typer.Option(min=1, help="Held-out games for the before/after claim, each.")
    ] = 400,
    bot: Annotated[
        str | None,
        typer.Option(help="The bot in every seat (default: the space's, else the game's own)."),
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="Player count (default: the space's, else the game's).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Base seed of the games and the search.")] = 0,
    workers: WorkersOption = DEFAULT_WORKERS,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: RuleOptions = None,
    max_turns: MaxTurns = None,
    out: Annotated[
        Path,
        typer.Option(
            "--out", help="Folder for the study, games and results; the same command resumes."
        ),
    ] = Path("tune-out"),
    html_path: Annotated[
        Path | None, typer.Option("--html", help="Report page (default: OUT/report.html).")
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Search the data files for numbers that meet the targets, played by the game's bots;
    report the diff and before/after on held-out games."""
    from rich.console import Console

    from ballroom.core.game import get_game
    from ballroom.lab.runner import Backend
    from ballroom.lab.tune import Settings, Tuner, summary, write_outputs
    from ballroom.lab.tune_play import data_files
    from ballroom.lab.tune_report import findings, render_html
    from ballroom.lab.tune_space import parse_space
    from ballroom.lab.tune_target import parse_target

    game_class = get_game(game)
    if not space.is_file():
        raise typer.BadParameter(f"no space file at {space}", param_hint="--space")
    parsed = parse_space(space.read_text(encoding="utf-8"), game, data_files(game), str(space))
    texts = target or list(parsed.targets)
    if not texts:
        raise typer.BadParameter("give at least one --target (or targets in the space file)")
    targets = tuple(parse_target(t).resolved(parsed.items()) for t in texts)
    count = players or parsed.players or game_class.default_players
    game_class.check_players(count)
    seat = bot or parsed.bot or game_class.default_bot()
    settings = Settings(
        space=parsed,
        targets=targets,
        seats=(seat,) * count,
        options=parse_options(game, option or []),
        seed=seed,
        trials=trials,
        games=games,
        holdout=holdout,
        max_turns=max_turns,
    )
    settings.spec().validate()
    console = Console(stderr=True)
    tuner = Tuner(
        settings,
        out,
        Backend(backend, workers, address),
        lambda line: console.print(line, highlight=False),
    )
    try:
        outcome = tuner.run()
    except KeyboardInterrupt:
        console.print(f"stopped; the same command resumes from {out}", highlight=False)
        raise typer.Exit(INTERRUPTED) from None
    paths = write_outputs(outcome, out)
    page = html_path or out / "report.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(render_html(outcome), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(summary(outcome)))
    else:
        shown = Console()
        for line in findings(outcome):
            shown.print(f"- {line}", highlight=False, markup=False)
        for line in outcome.warnings:
            shown.print(f"! {line}", highlight=False, markup=False)
        shown.print(outcome.diff or "(no change)", highlight=False, markup=False)
        shown.print(
            f"tuned files in {paths['folder']}, diff in {paths['diff']}, report {page}",
            highlight=False,
        )


def register(app: typer.Typer) -> None:
    app.command("tune")(tune_command)
