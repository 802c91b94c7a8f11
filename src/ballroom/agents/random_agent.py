"""The uniform random player: the baseline every other bot must beat."""

from __future__ import annotations

from collections.abc import Sequence

from ballroom.core.agent import Decision
from ballroom.core.rng import Rng


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded source."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        return self.rng.choice(decision.legal_actions)

    def choose(self, legal: Sequence[int]) -> int:
        """The same pick as ``act``, from the legal actions alone (``ChoosesBlind``)."""
        return self.rng.choice(legal)
