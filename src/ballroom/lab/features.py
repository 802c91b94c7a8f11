"""How the lab reads seat features: one grouping and one test, shared by the JSON summary,
the sweep and the HTML report, so the three never disagree about what a feature says.

Three kinds of feature:

- A pair ``NAME_dealt`` beside ``NAME`` (what a seat was dealt, values joined by ``+``,
  and what it kept) is grouped by each thing dealt, not by the whole hand: a hand of
  five cards out of twenty is nearly always a level of its own, which says nothing.
- A *table-wide* feature has the same value for every seat of a game (Dark Tales'
  ``balls``): it cannot split the win between seats (with two players every level wins
  exactly half), so it is counted by games, never given a win rate.
- Any other feature is a per-seat level with a win rate.

A level is judged only with at least ``MIN_SEATS`` seats behind it, and the levels
judged together are tested against the fair share with Holm's correction for the
number of them, so a feature with many levels does not cry wolf.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ballroom.lab.simulate import GameResult
from ballroom.lab.stats import Estimate, wilson

DEALT = "_dealt"
"""The suffix of a feature that lists what a seat was dealt (values joined by ``+``)."""

MIN_SEATS = 30
"""Fewest seats a level needs before it is compared with anything."""

ALPHA = 0.05
"""The family-wise error rate of the Holm-corrected tests."""


@dataclass(frozen=True, slots=True)
class Level:
    """One value of a feature and the seats that had it (for a dealt pair: were dealt it)."""

    label: str
    seats: int
    wins: float
    kept: int | None = None
    """For a dealt pair: of the seats dealt it, those that kept it."""

    @property
    def rate(self) -> Estimate:
        return wilson(self.wins, self.seats)

    @property
    def judged(self) -> bool:
        return self.seats >= MIN_SEATS


@dataclass(slots=True)
class Features:
    """A run's features, grouped: per-seat levels, dealt pairs by thing dealt, table-wide."""

    per_seat: dict[str, list[Level]] = field(default_factory=dict)
    dealt: dict[str, list[Level]] = field(default_factory=dict)
    """Keyed by the kept feature's name (``power``), one level per thing dealt."""
    table: dict[str, dict[str, int]] = field(default_factory=dict)
    """Table-wide feature -> value -> games."""

    def rated(self) -> dict[str, list[Level]]:
        """Every feature that has win rates, a dealt pair under ``NAME_dealt``."""
        return {**self.per_seat, **{name + DEALT: levels for name, levels in self.dealt.items()}}


def _table_wide(done: Sequence[GameResult], name: str) -> bool:
    """Whether every game gives ``name`` to every seat (two or more), all with one value.

    Told from the games, not declared: a per-seat feature that happened to agree at every
    seat of every game of a small run is taken for table-wide, and says nothing per seat
    there either."""
    for result in done:
        values = {f.get(name) for f in result.features}
        if len(result.features) < 2 or len(values) > 1 or None in values:
            return False
    return bool(done)


def group_features(results: Sequence[GameResult]) -> Features:
    """The finished games' features, grouped as the module docstring says."""
    done = [r for r in results if r.finished]
    names = list(dict.fromkeys(name for r in done for f in r.features for name in f))
    chosen = [name for name in names if name + DEALT in names]
    grouped = Features()
    for name in names:
        if name in chosen or name.removesuffix(DEALT) in chosen:
            continue
        if _table_wide(done, name):
            counts: dict[str, int] = {}
            for r in done:
                value = next((f[name] for f in r.features if name in f), None)
                if value is not None:
                    counts[value] = counts.get(value, 0) + 1
            grouped.table[name] = counts
            continue
        tally: dict[str, list[float]] = {}
        for r in done:
            for seat, f in enumerate(r.features):
                if name in f:
                    entry = tally.setdefault(f[name], [0, 0.0])
                    entry[0] += 1
                    entry[1] += r.returns[seat]
        grouped.per_seat[name] = _sorted(Level(v, int(n), w) for v, (n, w) in tally.items())
    for name in chosen:
        dealt: dict[str, list[float]] = {}
        for r in done:
            for seat, f in enumerate(r.features):
                kept = set(f.get(name, "").split("+"))
                for value in f.get(name + DEALT, "").split("+"):
                    if value and value != "none":
                        entry = dealt.setdefault(value, [0, 0, 0.0])
                        entry[0] += 1
                        entry[1] += value in kept
                        entry[2] += r.returns[seat]
        grouped.dealt[name] = _sorted(Level(v, int(n), w, int(k)) for v, (n, k, w) in dealt.items())
    return grouped


def _sorted(levels: Iterable[Level]) -> list[Level]:
    return sorted(levels, key=lambda g: (-g.rate.value, g.label))


# -- tests ------------------------------------------------------------------------


def p_value(level: Level, fair: float) -> float:
    """Two-sided score test of the level's win rate against the fair share."""
    p = level.wins / level.seats
    se = math.sqrt(fair * (1 - fair) / level.seats)
    return math.erfc(abs(p - fair) / se / math.sqrt(2)) if se > 0 else 1.0


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down procedure: which hypotheses are rejected at family-wise ``alpha``."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    rejected = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        rejected[i] = True
    return rejected


@dataclass(frozen=True, slots=True)
class Judgement:
    """The levels that were compared (enough seats, in a feature with two or more such
    levels) and those whose rate differs from the fair share after Holm's correction."""

    compared: list[tuple[str, Level]]
    flagged: list[tuple[str, Level]]
    fair: float


def judge(rated: dict[str, list[Level]], fair: float) -> Judgement:
    """Test every level with enough seats against the fair share, all at once (Holm)."""
    compared = [
        (name, level)
        for name, levels in rated.items()
        if sum(level.judged for level in levels) >= 2
        for level in levels
        if level.judged
    ]
    rejected = holm([p_value(level, fair) for _, level in compared])
    flagged = [pair for pair, bad in zip(compared, rejected, strict=True) if bad]
    return Judgement(compared, flagged, fair)


def as_json(features: Features, finished: int) -> dict[str, object]:
    """The ``by_feature`` and ``table_features`` fields of a JSON summary."""
    by_feature = {
        name: {
            level.label: {
                "seats": level.seats,
                "wins": level.wins,
                "win_rate": level.rate.value,
                "ci": [level.rate.low, level.rate.high],
                **({} if level.kept is None else {"kept": level.kept}),
            }
            for level in levels
        }
        for name, levels in features.rated().items()
    }
    table = {
        name: {
            value: {"games": games, "share": games / finished if finished else 0.0}
            for value, games in counts.items()
        }
        for name, counts in features.table.items()
    }
    return {"by_feature": by_feature, "table_features": table}
