"""Ending the Game: the last couple dancing wins.

A couple whose endurance reaches 0 is out at once. When at most one couple
still dances, the game ends: the one left wins; if the last dancers were
knocked out together in one dance, they share the win (RULINGS 8). Couples
knocked out earlier rank behind, later ones first.
"""

from __future__ import annotations

from collections.abc import Sequence


def final_ranking(
    survivors: Sequence[int], eliminated_groups: Sequence[Sequence[int]]
) -> list[list[int]]:
    """Places, best first, from the survivors and the groups knocked out together."""
    ranking: list[list[int]] = [sorted(survivors)] if survivors else []
    ranking.extend(sorted(group) for group in reversed(eliminated_groups) if group)
    return ranking


def the_end(dancing: int) -> bool:
    """Whether the marathon is over with ``dancing`` couples left."""
    return dancing <= 1
