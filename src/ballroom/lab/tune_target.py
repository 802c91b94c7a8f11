"""Balance targets for ``ballroom tune``: a statement the lab can measure, and how far a run
misses it.

One target per line, in points of win rate (1 point = 1%) or in turns/actions::

    first-player within 2                    seat 1 wins the fair share, +-2 points
    presence opportunity_dealt within 10     no level's presence moves the win rate more
    presence agent within 3 of tuned         ... only the levels of the tuned items
    level power within 5                     each Power wins the fair share, +-5 points
    level setting within 5 of a,b            ... only the levels a and b
    turns in 10..14                          the mean game length in turns
    actions in 200..300                      the mean game length in actions

*Presence* of a level is the win rate of the seats that had it minus that of the seats
that did not (the same games), with Newcombe's interval for a difference of two
proportions. It mixes a card's worth with who can get it (a card the leader can
afford looks strong), so it is the bots' view of the card, measured. A feature's values
joined by ``+`` (a hand, the cards taken) count each part as a level; ``none`` is
never a level. A level needs ``MIN_SEATS`` seats to be judged (for presence, as many
without it too); one named by ``of`` that has fewer counts as missing by the whole band, so that a candidate cannot meet a target
by making a card nobody takes.

A target's *miss* is how far its readings lie outside the band, summed (0 when met):
the search minimises the misses of all targets together.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ballroom.core.errors import InvalidOptionError
from ballroom.lab.features import MIN_SEATS
from ballroom.lab.simulate import GameResult
from ballroom.lab.stats import mean_interval, wilson

KINDS = ("first-player", "presence", "level", "turns", "actions")
TUNED = "tuned"
"""``of tuned``: the items of the tuned numbers."""
NONE_LEVEL = "none"

_WITHIN = re.compile(
    r"^(?P<kind>first-player|presence|level)(?:\s+(?P<feature>[A-Za-z0-9_-]+))?"
    r"\s+within\s+(?P<within>\d+(?:\.\d+)?)(?:\s+of\s+(?P<of>\S+))?$"
)
_RANGE = re.compile(
    r"^(?P<kind>turns|actions)\s+in\s+(?P<low>\d+(?:\.\d+)?)\s*\.\.\s*(?P<high>\d+(?:\.\d+)?)$"
)
SYNTAX = (
    "first-player within N | presence FEATURE within N [of tuned|a,b] | "
    "level FEATURE within N [of tuned|a,b] | turns in LOW..HIGH | actions in LOW..HIGH"
)


@dataclass(frozen=True, slots=True)
class Target:
    """One balance statement: what is measured and the band it must stay in."""

    text: str
    kind: str
    feature: str | None = None
    low: float = 0.0
    high: float = 0.0
    of: tuple[str, ...] | None = None
    """Only these levels (``("tuned",)`` until resolved against a space)."""

    @property
    def in_points(self) -> bool:
        return self.kind in ("first-player", "presence", "level")

    def resolved(self, tuned_items: Sequence[str]) -> Target:
        """The target with ``of tuned`` replaced by the tuned numbers' items."""
        if self.of != (TUNED,):
            return self
        if not tuned_items:
            raise InvalidOptionError(
                f"target {self.text!r} says 'of tuned' but no tuned number names an item "
                '(give a path with ["Name"] or an item = "..." key)'
            )
        return Target(self.text, self.kind, self.feature, self.low, self.high, tuple(tuned_items))


def parse_target(text: str) -> Target:
    """A target from its line; an error names what is wrong and the syntax."""
    line = " ".join(text.split())
    if match := _WITHIN.match(line):
        kind, feature = match["kind"], match["feature"]
        if kind == "first-player" and feature is not None:
            raise InvalidOptionError(
                f"target {text!r}: first-player takes no feature; write 'first-player within N'"
            )
        if kind != "first-player" and feature is None:
            raise InvalidOptionError(
                f"target {text!r}: {kind} needs a seat feature, e.g. '{kind} power within 5'"
            )
        if kind == "first-player" and match["of"]:
            raise InvalidOptionError(f"target {text!r}: first-player takes no 'of'")
        within = float(match["within"])
        if within <= 0:
            raise InvalidOptionError(f"target {text!r}: the band must be wider than 0 points")
        of = tuple(part for part in (match["of"] or "").split(",") if part) or None
        return Target(line, kind, feature, -within, within, of)
    if match := _RANGE.match(line):
        low, high = float(match["low"]), float(match["high"])
        if low > high:
            raise InvalidOptionError(f"target {text!r}: {low:g} is above {high:g}")
        return Target(line, match["kind"], None, low, high)
    raise InvalidOptionError(f"cannot read target {text!r}; write one of: {SYNTAX}")


@dataclass(frozen=True, slots=True)
class Reading:
    """One measured number of a target (a seat, a level, a mean) with its 95% interval."""

    label: str
    value: float
    low: float
    high: float
    n: int
    band: tuple[float, float]
    measured: bool = True

    @property
    def miss(self) -> float:
        """How far the value lies outside the band (0 inside it)."""
        if not self.measured:
            return self.band[1] - self.band[0]
        return max(0.0, self.band[0] - self.value, self.value - self.band[1])

    @property
    def surely_inside(self) -> bool:
        """Whether the whole interval lies inside the band."""
        return self.measured and self.band[0] <= self.low and self.high <= self.band[1]


@dataclass(slots=True)
class Measurement:
    """A target read from a set of games."""

    target: Target
    readings: list[Reading] = field(default_factory=list)
    thin: list[str] = field(default_factory=list)
    """Levels seen in fewer than ``MIN_SEATS`` seats, not judged (and not named by ``of``)."""

    @property
    def miss(self) -> float:
        return sum(r.miss for r in self.readings)

    @property
    def met(self) -> bool:
        return self.miss == 0.0

    @property
    def worst(self) -> Reading | None:
        """The reading furthest outside (or nearest the edge of) the band."""
        if not self.readings:
            return None
        centre = (self.target.low + self.target.high) / 2
        return max(self.readings, key=lambda r: (r.miss, abs(r.value - centre)))

    @property
    def headline(self) -> float:
        """One number per target for the sensitivity regression: the mean for a length,
        seat 1's advantage, or the largest departure of any level."""
        if self.target.kind in ("turns", "actions", "first-player"):
            return self.readings[0].value if self.readings else 0.0
        measured = [abs(r.value) for r in self.readings if r.measured]
        return max(measured, default=0.0)


def _levels(value: str) -> list[str]:
    return [part for part in value.split("+") if part and part != NONE_LEVEL]


def _seats(done: Sequence[GameResult], feature: str) -> list[tuple[list[str], float]]:
    """Per finished seat: its levels of ``feature`` and its share of the win."""
    seats: list[tuple[list[str], float]] = []
    for result in done:
        for seat, features in enumerate(result.features):
            if feature not in features:
                raise InvalidOptionError(
                    f"the games have no seat feature {feature!r}; they have: "
                    f"{', '.join(sorted(features))}"
                )
            seats.append((_levels(features[feature]), result.returns[seat]))
    return seats


def _difference(
    wins_in: float, n_in: int, wins_out: float, n_out: int
) -> tuple[float, float, float]:
    """p_in - p_out with Newcombe's hybrid score interval (from the two Wilson intervals)."""
    a, b = wilson(wins_in, n_in), wilson(wins_out, n_out)
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return d, low, high


def _comparable(target: Target, inside: int, total: int) -> bool:
    """Whether a level has seats enough to judge: with it, and (for presence) without it."""
    return inside >= MIN_SEATS and (target.kind == "level" or total - inside >= MIN_SEATS)


def measure(target: Target, results: Sequence[GameResult]) -> Measurement:
    """Read ``target`` from the finished games of ``results``."""
    done = [r for r in results if r.finished]
    band = (target.low, target.high)
    found = Measurement(target)
    if not done:
        return found
    players = len(done[0].returns)
    fair = 1.0 / players
    if target.kind in ("turns", "actions"):
        values = [float(r.turns if target.kind == "turns" else r.actions) for r in done]
        mean = mean_interval(values)
        found.readings.append(
            Reading(f"mean {target.kind}", mean.value, mean.low, mean.high, mean.n, band)
        )
        return found
    if target.kind == "first-player":
        rate = wilson(sum(r.returns[0] for r in done), len(done))
        found.readings.append(
            Reading(
                "seat 1 minus fair share",
                100 * (rate.value - fair),
                100 * (rate.low - fair),
                100 * (rate.high - fair),
                rate.n,
                band,
            )
        )
        return found
    assert target.feature is not None
    seats = _seats(done, target.feature)
    counts: dict[str, int] = {}
    for levels, _ in seats:
        for level in levels:
            counts[level] = counts.get(level, 0) + 1
    levels = list(target.of) if target.of is not None else sorted(counts)
    for level in levels:
        inside = [share for held, share in seats if level in held]
        if not _comparable(target, len(inside), len(seats)):
            if target.of is None:
                found.thin.append(level)
            else:
                found.readings.append(
                    Reading(level, 0.0, 0.0, 0.0, len(inside), band, measured=False)
                )
            continue
        if target.kind == "level":
            rate = wilson(sum(inside), len(inside))
            value, low, high = rate.value - fair, rate.low - fair, rate.high - fair
        else:
            outside = [share for held, share in seats if level not in held]
            value, low, high = _difference(sum(inside), len(inside), sum(outside), len(outside))
        found.readings.append(Reading(level, 100 * value, 100 * low, 100 * high, len(inside), band))
    return found


def usage(results: Sequence[GameResult], feature: str, items: Sequence[str]) -> dict[str, float]:
    """The share of finished seats whose ``feature`` names each item (how often bots play it)."""
    seats = _seats([r for r in results if r.finished], feature)
    total = len(seats)
    return {
        item: (sum(item in levels for levels, _ in seats) / total if total else 0.0)
        for item in items
    }


def total_miss(measurements: Sequence[Measurement]) -> float:
    """What the search minimises: the misses of every target, added."""
    return sum(m.miss for m in measurements)
