"""Each game's running score, read from the spectator's view, for a reward paid as it changes.

The adapters' ``reward="score"`` pays a seat each change of its score in
the game's own terms: Dancing Dice's endurance, Dark Tales' VP, Dominare's
standing (VP less exposure penalties), Vampire's Harvest's score (the two
lower tracks multiplied, plus the highest). The Dance has no score
between its start and a completed Plan, so it pays its win share there.
Scores come from ``observation(None)``, so they carry nothing hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ballroom.core.errors import InvalidOptionError
from ballroom.core.state import Observation, State

REWARDS = ("win", "score")


def _dancing_dice(public: Mapping[str, Any]) -> list[float]:
    return [float(couple["endurance"]) for couple in public["couples"]]


def _dark_tales(public: Mapping[str, Any]) -> list[float]:
    return [float(vp) for vp in public["vp"]]


def _dominare(public: Mapping[str, Any]) -> list[float]:
    return [float(vp) for vp in public["standing"]]


def _vampires_harvest(public: Mapping[str, Any]) -> list[float]:
    scores = []
    for tracks in public["tracks"]:
        low, middle, high = sorted(tracks)
        scores.append(float(low * middle + high))
    return scores


SCORES: dict[str, Callable[[Mapping[str, Any]], list[float]]] = {
    "dancing-dice": _dancing_dice,
    "dark-tales": _dark_tales,
    "dominare": _dominare,
    "vampires-harvest": _vampires_harvest,
}
"""Game id -> its score per seat from the spectator's ``public`` view."""


def check_reward(reward: str) -> str:
    """Refuse a reward other than ``REWARDS``, saying which are allowed."""
    if reward not in REWARDS:
        raise InvalidOptionError(f"reward={reward!r} is not allowed; allowed: {', '.join(REWARDS)}")
    return reward


def scores(state: State) -> list[float]:
    """Each seat's score now: the game's own, or its win share for a game with none."""
    read = SCORES.get(state.game.id)
    if read is None:
        return state.returns()
    spectator: Observation = state.observation(None)
    return read(spectator["public"])
