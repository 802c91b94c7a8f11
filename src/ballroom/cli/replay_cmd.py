"""``ballroom replay``: verify a game record and print where it ends."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ballroom.cli.common import reports_errors
from ballroom.core.events import Event
from ballroom.core.record import GameRecord, replay


@reports_errors
def replay_command(
    record_file: Annotated[Path, typer.Argument(help="A GameRecord JSON file.")],
    show_log: Annotated[bool, typer.Option("--log", help="Print every public event.")] = False,
) -> None:
    """Re-apply every action of a record, checking each, and print the final standings."""
    from rich.console import Console

    record = GameRecord.load(record_file)
    console = Console()

    def print_public(events: list[Event]) -> None:
        for event in events:
            if event.visible_to(None):
                console.print(event.text, highlight=False)

    state = replay(record, on_events=print_public if show_log else None)
    game = state.game
    console.print(
        f"[green]verified[/green]: {len(record.actions)} actions of {game.name} replay exactly."
    )
    if not state.is_terminal():
        waiting = ", ".join(map(str, state.current_players()))
        console.print(
            f"The game is still in progress (turn {state.turns()}), waiting for {waiting}."
        )
        return
    known_as = game.player_names(state.observation(None))
    for place, group in enumerate(state.outcome().ranking, start=1):
        names = ", ".join(known_as[p] for p in group)
        console.print(f"{place}. {names}")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
