"""The uniform random player: the baseline every other bot must beat."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ballroom.core.agent import Decision
from ballroom.core.rng import Rng


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded source."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        return self.rng.choice(decision.legal_actions)

    @property
    def choose(self) -> Callable[[Sequence[int]], int]:
        """The same pick as ``act``, from the legal actions alone (``ChoosesBlind``): the
        source's own ``choice``, which a simulation's loop then calls with no step between."""
        return self.rng.choice
