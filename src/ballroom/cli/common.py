"""What the sub-commands share: error reporting, options and seat parsing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, wraps
from typing import TYPE_CHECKING, Annotated, ParamSpec, TypeVar

import typer

from ballroom.core.agent import split_seats
from ballroom.core.errors import BallroomError, InvalidOptionError
from ballroom.core.game import get_game
from ballroom.core.options import OptionValue

if TYPE_CHECKING:
    from rich.console import Console

P = ParamSpec("P")
R = TypeVar("R")


@cache
def err_console() -> Console:
    """The console for errors and progress, made on first use: rich loads slowly, and
    ``ballroom --help`` needs none of it."""
    from rich.console import Console

    return Console(stderr=True)


INTERRUPTED = 130
"""Exit code of a run stopped by Ctrl-C (the shell's 128 + SIGINT): a script can tell
a partial run from a whole one, though what finished was printed and kept."""

RuleOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Rule option name=value.")
]
MaxTurns = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Cut games past this many turns (unfinished, no winner); default: the game's "
        "own cap for automated play, if it has one (The Dance: 200).",
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


LABEL_WIDTH = 16


def bot_labels(specs: Sequence[str]) -> dict[str, str]:
    """What a table calls each bot: its spec, or a letter when any spec is long.

    A long spec cut to fit a column ("mcts:iterati…") can be neither told
    apart from its neighbours nor run again, so long specs are named by
    letter in the table and written out whole in ``print_legend``.
    """
    unique = list(dict.fromkeys(specs))
    if all(len(spec) <= LABEL_WIDTH for spec in unique):
        return {spec: spec for spec in unique}
    return {spec: chr(ord("A") + index) for index, spec in enumerate(unique)}


def print_legend(console: Console, labels: dict[str, str]) -> None:
    """One unwrapped line per lettered bot, giving its whole spec."""
    for spec, label in labels.items():
        if label != spec:
            console.print(f"{label} = {spec}", soft_wrap=True, highlight=False, markup=False)


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn our input errors into one clear line on stderr and exit code 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BallroomError as error:
            err_console().print(f"[red]error:[/red] {error}", highlight=False, markup=True)
            raise typer.Exit(2) from None

    return wrapper


def parse_options(game_id: str, pairs: list[str]) -> dict[str, OptionValue]:
    """Validate ``--option name=value`` pairs against the game's declaration."""
    return get_game(game_id).option_set.parse_pairs(pairs)


def parse_seats(
    game_id: str, text: str | None, players: int | None, *, human_first: bool = False
) -> list[str]:
    """Seat specs from ``--seats``, checked against ``--players`` when both are given.

    Without ``--seats`` the game's default seats are used (its own bots, then
    ``random``) at ``--players`` or the game's default player count; with
    ``human_first`` a person takes seat 1 against the game's default bot.
    """
    if text is None:
        game = get_game(game_id)
        seats = game.default_seats(players)
        if human_first:
            return ["human"] + [game.default_bot()] * (len(seats) - 1)
        return seats
    seats = split_seats(text)
    if players is not None and len(seats) != players:
        raise InvalidOptionError(f"--seats names {len(seats)} seats but --players is {players}")
    return seats
