"""``ballroom play``: a game in the terminal, humans and bots at one table.

Every human sees only what a player at the table would see: the picture
comes from ``observation(seat)`` and the log holds public events plus that
seat's private ones. With several humans the terminal is passed around like
a hotseat, and a pass screen stops one player from seeing another's secrets.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ballroom.agents import make_agent
from ballroom.cli.common import RuleOptions, parse_options, parse_seats, reports_errors
from ballroom.core.agent import Agent, Decision
from ballroom.core.capabilities import describe_action, render
from ballroom.core.errors import IllegalActionError
from ballroom.core.events import Event
from ballroom.core.game import Game, make_game
from ballroom.core.play import past_cap, step
from ballroom.core.state import CHANCE

if TYPE_CHECKING:
    from rich.console import Console

MENU_LIMIT = 24


class QuitError(Exception):
    """The human typed quit (or input ended)."""


class TerminalHuman:
    """A seat played by a person at the keyboard."""

    def __init__(self, console: Console, game: Game, seat: int, hotseat: bool) -> None:
        self.console = console
        self.game = game
        self.seat = seat
        self.hotseat = hotseat
        self.unseen: list[Event] = []

    def act(self, decision: Decision) -> int:
        name = self.game.player_name(self.seat)
        if self.hotseat:
            self._ask(f"\n[bold]Pass the terminal to {name}[/bold] and press Enter")
            self.console.clear()
        for event in self.unseen:
            self.console.print(f"[cyan]{event.text}[/cyan]", highlight=False)
        self.unseen.clear()
        self.console.print(render(self.game, decision.observation))
        labels = [self._label(action, decision.observation) for action in decision.legal_actions]
        self._show_menu(labels)
        while True:
            answer = self._ask(
                f"[bold]{name}[/bold], your move (number or text, ? lists all)"
            ).strip()
            if answer in ("quit", "exit"):
                raise QuitError
            if answer == "?":
                self._show_menu(labels, everything=True)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(labels):
                return decision.legal_actions[int(answer) - 1]
            try:
                action = self.game.parse_action(answer)
            except IllegalActionError as error:
                self.console.print(f"[red]{error}[/red]", highlight=False)
                continue
            if action in decision.legal_actions:
                return action
            self.console.print(
                f"[red]{answer!r} is not legal now[/red]; type ? to list the legal moves"
            )

    def _label(self, action: int, observation: dict[str, Any]) -> str:
        return describe_action(self.game, action, observation)

    def _show_menu(self, labels: list[str], everything: bool = False) -> None:
        shown = labels if everything or len(labels) <= MENU_LIMIT else labels[:MENU_LIMIT]
        for number, label in enumerate(shown, start=1):
            self.console.print(f"  {number:>3}. {label}", highlight=False)
        if len(shown) < len(labels):
            self.console.print(
                f"  ... {len(labels) - len(shown)} more: type ? to list all, or type a move"
            )

    def _ask(self, prompt: str) -> str:
        self.console.print(prompt + ": ", end="")
        try:
            return input()
        except EOFError:
            raise QuitError from None


@reports_errors
def play_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. dancing-dice.")],
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default: one per seat, or the game's default)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Seat specs: human, random, expert, ... "
            "(default: you in seat 1, the game's default bot in the others)."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed: the same seed and moves give the same game (default: a fresh random one)."
        ),
    ] = None,
    option: RuleOptions = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the game record here when the game stops.")
    ] = None,
) -> None:
    """Play in the terminal against bots, or hotseat with friends."""
    from rich.console import Console

    if seed is None:
        seed = secrets.randbits(62)
    seat_specs = parse_seats(game_id, seats, players, human_first=True)
    game = make_game(game_id, len(seat_specs), **parse_options(game_id, option or []))
    console = Console(highlight=False)
    hotseat = seat_specs.count("human") > 1
    agents: list[Agent] = []
    humans: dict[int, TerminalHuman] = {}
    for seat, spec in enumerate(seat_specs):
        if spec == "human":
            humans[seat] = TerminalHuman(console, game, seat, hotseat)
            agents.append(humans[seat])
        else:
            agents.append(make_agent(game, seat, spec, seed))
    state = game.new_state(seed)
    names = ", ".join(f"{game.player_name(s)} ({spec})" for s, spec in enumerate(seat_specs))
    # The seed foretells every die and card: a person at the table learns it at the end.
    secret_seed = bool(humans)
    shown_seed = "" if secret_seed else f", seed {seed}"
    console.print(f"[bold]{game.name}[/bold]{shown_seed}: {names}")
    # Bots alone are cut off past the game's turn cap, as the lab does: The Dance sets no
    # turn limit, and bots might never end it.
    cap = None if humans else game.turn_cap
    try:
        while not state.is_terminal():
            if past_cap(state, cap):
                console.print(
                    f"Cut off after turn {cap}, the turn limit for bots alone: "
                    "the game ends unfinished, with no winner."
                )
                break
            acting = state.current_players()[0]
            events = step(state, agents)
            for event in events:
                if event.audience is None:
                    console.print(event.text)
                else:
                    for seat in event.audience:
                        if seat in humans:
                            humans[seat].unseen.append(event)
            if not hotseat and acting != CHANCE:
                for human in humans.values():
                    for event in human.unseen:
                        console.print(f"[cyan]{event.text}[/cyan]")
                    human.unseen.clear()
    except QuitError:
        console.print("Game stopped.")
    finally:
        if save is not None:
            state.record().save(save)
            console.print(f"Record saved to {save}; `ballroom replay {save}` verifies it.")
    if state.is_terminal():
        known_as = game.player_names(state.observation(None))
        for place, group in enumerate(state.outcome().ranking, start=1):
            console.print(f"{place}. " + ", ".join(known_as[p] for p in group))
        if secret_seed:
            console.print(f"The game's seed was {seed}.")


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
