"""The ``ballroom`` command. Each sub-command lives in its own module."""

from __future__ import annotations

import typer

from ballroom.cli import (
    games_cmd,
    play_cmd,
    replay_cmd,
    report_cmd,
    serve_cmd,
    simulate_cmd,
    sweep_cmd,
    tournament_cmd,
    tune_cmd,
)

app = typer.Typer(
    name="ballroom",
    help="Play, study and simulate tabletop games by their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
for module in (
    games_cmd,
    play_cmd,
    simulate_cmd,
    replay_cmd,
    serve_cmd,
    tournament_cmd,
    report_cmd,
    sweep_cmd,
    tune_cmd,
):
    module.register(app)


def main() -> None:
    app()
