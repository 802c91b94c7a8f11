"""The learning aids a frame carries, from the games that declare them
(``ballroom.core.explain``): the "what to do now" line and the live scores, each from
the viewer's own observation; the outcome explained once a game is over; and the
answer to a seat's "why can't I ...?"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ballroom.core.capabilities import (
    ExplainsOutcome,
    ExplainsRefusals,
    Prompts,
    ScoresLive,
    offers,
)
from ballroom.core.errors import BallroomError
from ballroom.core.explain import Answer, Outcome
from ballroom.core.game import Game
from ballroom.core.state import Observation, State


def frame_aids(game: Game, observation: Observation) -> dict[str, Any]:
    """``prompt`` and ``scores`` for one viewer's frame (``None`` where the game has none)."""
    kind = type(game)
    prompt = cast(Prompts, game).prompt(observation) if offers(kind, Prompts) else None
    scores = cast(ScoresLive, game).live_scores(observation) if offers(kind, ScoresLive) else None
    return {"prompt": prompt, "scores": scores}


def outcome(game: Game, state: State) -> Outcome | None:
    """A finished game's outcome explained, if the game explains it."""
    if not state.is_terminal() or not offers(type(game), ExplainsOutcome):
        return None
    return cast(ExplainsOutcome, game).explain_outcome(state)


def why_not_menu(game: Game) -> list[dict[str, Any]]:
    """The action families a player may ask about (none for a game without the aid)."""
    if not offers(type(game), ExplainsRefusals):
        return []
    return cast(ExplainsRefusals, game).why_not_menu()


def why_not(
    game: Game,
    observation: Observation,
    legal: Sequence[int],
    family: str,
    params: Mapping[str, str],
) -> Answer:
    """The answer to a seat's question, from its observation and legal moves alone."""
    if not offers(type(game), ExplainsRefusals):
        raise BallroomError(f"{game.name} does not explain its rules move by move yet")
    return cast(ExplainsRefusals, game).why_not(observation, legal, family, params)
