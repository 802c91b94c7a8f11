"""Scoring after turn 12: the product of the two lower tracks plus the highest.

Ties are broken by Blood owned; players still tied share the place
(RULINGS 7).
"""

from __future__ import annotations

from collections.abc import Sequence


def final_score(tracks: Sequence[int]) -> int:
    """``(4, 7, 5)`` scores ``4 * 5 + 7 = 27``."""
    low, middle, high = sorted(tracks)
    return low * middle + high


def ranking(tracks: Sequence[Sequence[int]], blood: Sequence[int]) -> list[list[int]]:
    """Seats grouped by place, best first: by score, then by Blood; equal on both share."""
    keys = {seat: (final_score(row), blood[seat]) for seat, row in enumerate(tracks)}
    places: list[list[int]] = []
    for key in sorted(set(keys.values()), reverse=True):
        places.append([seat for seat, k in keys.items() if k == key])
    return places
