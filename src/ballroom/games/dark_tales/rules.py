"""The rules by step and by task: which module plays each, in one table, and the state
that plays by them (``Played``).

``HANDLERS`` runs an agenda task (returning the step it waits at, if any);
``CHOICES`` lists a seat's moves at a step (``OFFERED`` their ids, at the steps of
every turn); ``PLAYERS`` plays one. This is the one module that imports the modules
of the rules' parts, so that they, the state's fields (``state.py``) and the game
import in one direction.
"""

from __future__ import annotations

from collections.abc import Callable

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.state import Outcome
from ballroom.games.dark_tales import ball, card_texts, chronicle, ending, playing, tiles
from ballroom.games.dark_tales.state import DarkTalesState, Edition
from ballroom.games.dark_tales.turn import SETTING, Phase, Task

Handler = Callable[["DarkTalesState", int], "Step[Phase] | None"]
Choices = Callable[["DarkTalesState", int], "list[Action]"]
Player = Callable[["DarkTalesState", "Action", int], None]
Offered = Callable[["DarkTalesState", int], "list[int]"]


HANDLERS: dict[Task, Handler] = {
    Task.SETTING: playing.setting_step,
    Task.DEAL: playing.draw_step,
    Task.START_TURN: playing.start_turn,
    Task.DRAW: playing.draw_step,
    Task.ITEM: playing.item_step,
    Task.PLAY: playing.play_step,
    Task.OPERATION: card_texts.operation,
    Task.FINISH_CARD: card_texts.finish_card,
    Task.FINISH_ITEM: card_texts.finish_item,
    Task.END_TURN: playing.end_turn,
    Task.FINAL: ending.final,
    Task.SET_ASIDE: playing.set_aside_step,
    Task.TILE: tiles.tile_step,
    Task.TILE_DRAW: tiles.draw_step,
    Task.BALL: ball.hold,
    Task.BALL_SEAT: ball.perform,
    Task.COUPLES: ball.couples_step,
    Task.BALL_END: ball.end,
}

CHOICES: dict[Phase, Choices] = {
    Phase.TILE: tiles.tile_choices,
    Phase.TILE_TARGET: tiles.target_choices,
}


OFFERED: dict[Phase, Offered] = {
    Phase.ITEM: playing.item_ids,
    Phase.PLAY: playing.play_ids,
    Phase.TARGET: card_texts.target_ids,
    Phase.DANCE: ball.dance_ids,
}
"""The steps of every turn (and a Ball's) list a seat's moves as their sorted ids, not as
actions: a game asks at each of them."""


def chances(state: DarkTalesState) -> list[tuple[Action, float]]:
    """The Setting card or the card set aside, each equally likely (a card or a tile drawn:
    ``DarkTalesState.chance_outcomes``, by its id)."""
    if state.step.name is Phase.SET_ASIDE:
        return playing.set_aside_chances(state)
    found = playing.setting_outcomes(state)
    return [(SETTING(i), 1.0 / len(found)) for i in found]


def play_setting(state: DarkTalesState, action: Action, seat: int) -> None:
    playing.setting_drawn(state, action["card"])


def play_draw(state: DarkTalesState, action: Action, seat: int) -> None:
    playing.card_drawn(state, action["card"])


PLAYERS: dict[Phase, Player] = {
    Phase.SETTING: play_setting,
    Phase.DRAW: play_draw,
    Phase.ITEM: playing.play_item,
    Phase.PLAY: playing.play_card,
    Phase.TARGET: card_texts.play_target,
    Phase.SET_ASIDE: playing.set_aside,
    Phase.TILE: tiles.play_tile,
    Phase.TILE_DRAW: tiles.play_drawn,
    Phase.TILE_TARGET: tiles.play_target,
    Phase.DANCE: ball.play_dance,
}


class Played(DarkTalesState):
    """A game of Dark Tales played by these rules, set up unless ``deal`` is false."""

    tasks = HANDLERS
    choosers = CHOICES
    movers = PLAYERS
    proceeds_after_move = True

    def __init__(self, game: Edition, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        if deal:
            self.agenda = playing.setup_agenda(game)
            self.proceed()
            self.told = []

    def legal_actions(self, player: int | None = None) -> list[int]:
        """At the steps of every turn (``OFFERED``) the ids straight from the table; at the
        others the actions ``CHOICES`` lists, by their ids."""
        offered = OFFERED.get(self.step.name)
        if offered is None:
            return super().legal_actions(player)
        current = self.step.players
        seat = current[0] if player is None else player
        return offered(self, seat) if seat in current else []

    def chances(self) -> list[tuple[Action, float]]:
        return chances(self)

    def seat_features(self) -> list[dict[str, str]]:
        return chronicle.seat_features(self)

    def outcome(self) -> Outcome:
        return Outcome.from_ranking(self.game.players, ending.ranking(self))
