"""The Dancing Dice game declaration: players, options, actions, picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ballroom.core.bots import Bot
from ballroom.core.game import Game
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.dancing_dice import actions, hints
from ballroom.games.dancing_dice.bots import BOT_DEFAULTS, BOTS
from ballroom.games.dancing_dice.rules import DIE_LABELS, MAX_ENDURANCE, describe_value
from ballroom.games.dancing_dice.state import DancingDiceState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

SEAT_NAMES = ("Andrew", "Barbara", "Cindy", "Daniel", "Emma", "Frances")


class DancingDice(Game):
    id: ClassVar[str] = "dancing-dice"
    name: ClassVar[str] = "Dancing Dice"
    summary: ClassVar[str] = (
        "Roll six dice behind a curtain, re-roll once, arrange two dances; "
        "the judges accept only the best half. Last couple dancing wins."
    )
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "endurance",
                "Starting endurance (the rulebook's 10; lower for a shorter game).",
                default=MAX_ENDURANCE,
                minimum=1,
                maximum=MAX_ENDURANCE,
            ),
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS

    def new_state(self, seed: int = 0) -> DancingDiceState:
        return DancingDiceState(self, seed)

    @property
    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS

    def action_to_text(self, action: int) -> str:
        return actions.to_text(action)

    def parse_action(self, text: str) -> int:
        return actions.parse(text)

    def determinize(self, observation: Observation, rng: Rng) -> DancingDiceState:
        from ballroom.games.dancing_dice import determinize  # numpy and the expert's tables

        return determinize.determinize(self, observation, rng)

    def evaluate(self, state: DancingDiceState) -> list[float]:
        """Search hook: estimated win shares of a state cut short (see determinize.py)."""
        from ballroom.games.dancing_dice import determinize

        return determinize.evaluate(state)

    def rollout_action(self, state: DancingDiceState, player: int, rng: Rng) -> int:
        """Search hook: a fast, strong rollout policy (see determinize.py)."""
        from ballroom.games.dancing_dice import determinize

        return determinize.rollout_action(state, player, rng)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from ballroom.games.dancing_dice import encoding  # numpy, only for learners

        return (encoding.observation_size(self.players),)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        from ballroom.games.dancing_dice import encoding

        return encoding.encode(observation, self.players)

    def player_name(self, player: int) -> str:
        return SEAT_NAMES[player]

    def move_hints(self, observation: Observation, legal: Sequence[int]) -> dict[int, Any]:
        return hints.move_hints(observation, legal)

    def render(self, observation: Observation) -> str:
        """The table as one seat sees it: endurance, Tango, own dice, last judging."""
        lines = [f"[bold]Round {observation['round']}[/bold]   phase: {observation['phase']}"]
        tango = observation["tango"]
        lines.append(
            f"Tango: {'-'.join(map(str, tango)) if tango else '(not rolled yet)'}"
            f"   satisfactory this dance: {observation['satisfactory']}"
        )
        for p, seat in enumerate(observation["players"]):
            bar = "●" * seat["endurance"] + "·" * (MAX_ENDURANCE - seat["endurance"])
            status = "" if seat["dancing"] else "  [dim]out[/dim]"
            extra = ""
            if seat["rerolled"] is not None:
                extra = f"  re-rolled {seat['rerolled']}"
            if seat["ready"]:
                extra += "  [green]ready[/green]"
            you = " (you)" if observation["you"] == p else ""
            lines.append(f"  {seat['name']:<9}{you:<6} {bar} {seat['endurance']:>2}{status}{extra}")
        you = observation["you"]
        if you is not None:
            dice = observation["players"][you]["dice"]
            if dice and any(dice):
                shown = "  ".join(
                    f"{DIE_LABELS[d]}:{face if face else '?'}{'w' if d < 3 else 'c'}"
                    for d, face in enumerate(dice)
                )
                lines.append(f"Your dice (w = white with coloured steps, c = coloured): {shown}")
        last = observation["last_round"]
        if last:
            lines.append(
                f"[bold]Last round ({last['round']})[/bold], Tango {'-'.join(map(str, last['tango']))}:"
            )
            for dance_number, dance in enumerate(last["dances"]):
                good = ", ".join(
                    f"{observation['players'][int(p)]['name']} {describe_value(v)}"
                    + (" [green]ok[/green]" if int(p) in dance["satisfactory"] else "")
                    for p, v in sorted(dance["values"].items(), key=lambda item: -item[1])
                )
                lines.append(f"  {'first' if dance_number == 0 else 'second'} dance: {good}")
        return "\n".join(lines)

    @staticmethod
    def describe_action(action: int, observation: dict[str, Any]) -> str:
        """Action text with the faces it concerns, for menus."""
        you = observation["you"]
        dice = observation["players"][you]["dice"] if you is not None else None
        text = actions.to_text(action)
        if dice is None or action < actions.REROLL_BASE:
            return text
        chosen = (
            actions.reroll_dice(action)
            if action < actions.ARRANGE_BASE
            else list(actions.first_row(action))
        )
        faces = " ".join(str(dice[d]) for d in chosen)
        return f"{text}  ({faces})" if chosen else text
