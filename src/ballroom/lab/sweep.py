"""Rule-option sweeps: the same table played under each variant, compared side by side.

``--option domination=natural-one,margin-three --option x=1,2`` gives the
variants of the cross product. Every variant plays the same game seeds
(game ``i`` is seeded from the run seed and ``i`` only), so differences
between variants come from the rules, not from luckier dice.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import get_game
from ballroom.core.options import OptionValue
from ballroom.lab.features import MIN_SEATS, Level, group_features, judge
from ballroom.lab.simulate import GameResult
from ballroom.lab.stats import Estimate, mean_interval, wilson


def variants(game_id: str, sweeps: Sequence[str]) -> tuple[list[str], list[dict[str, OptionValue]]]:
    """The swept option names and every combination of their ``name=v1,v2,...`` values,
    each validated by the game's option declaration."""
    option_set = get_game(game_id).option_set
    axes: list[list[str]] = []
    names: list[str] = []
    for text in sweeps:
        name, sep, values = text.partition("=")
        if not sep or not name.strip() or not values.strip():
            raise InvalidOptionError(
                f"sweep option {text!r} must be written name=value1,value2,..."
            )
        canonical = option_set.get(name.strip().replace("_", "-")).name
        if canonical in names:
            raise InvalidOptionError(f"option {canonical!r} is swept twice")
        names.append(canonical)
        axes.append([v.strip() for v in values.split(",") if v.strip()])
    combos = [
        option_set.parse_pairs([f"{n}={v}" for n, v in zip(names, combo, strict=True)])
        for combo in itertools.product(*axes)
    ]
    return names, combos


def label(options: dict[str, OptionValue], swept: Sequence[str]) -> str:
    """A variant's short name: its swept options only."""
    return ", ".join(f"{name}={options[name]}" for name in swept) or "defaults"


@dataclass(frozen=True, slots=True)
class VariantSummary:
    """What a designer compares between variants."""

    label: str
    games: int
    unfinished: int
    turns: Estimate
    seat_rates: list[Estimate]
    spread: float | None
    """Largest minus smallest win rate among the levels of one feature that have at least
    ``MIN_SEATS`` seats (the largest over features); ``None`` when no feature has two such
    levels."""
    spread_note: str
    flagged: list[str]
    """Levels whose win rate differs from the fair share after Holm's correction over every
    level compared in this variant."""
    compared: int
    """How many levels were compared."""


def _describe(name: str, level: Level) -> str:
    return f"{name} {level.label} {level.rate} of {level.seats}"


def summarise(name: str, results: Sequence[GameResult]) -> VariantSummary:
    """Seat rates, lengths and the feature levels that stand out, judged as the report does
    (``ballroom.lab.features``): only levels with enough seats, Holm-corrected."""
    done = [r for r in results if r.finished]
    players = len(results[0].returns) if results else 0
    seat_rates = [wilson(sum(r.returns[s] for r in done), len(done)) for s in range(players)]
    rated = group_features(results).rated()
    verdict = judge(rated, 1 / players if players else 0.0)
    spread: float | None = None
    note = ""
    for feature, levels in rated.items():
        judged = [level for level in levels if level.judged]
        if len(judged) < 2:
            continue
        best, worst = judged[0], judged[-1]
        gap = best.rate.value - worst.rate.value
        if spread is None or gap > spread:
            spread = gap
            note = f"best {_describe(feature, best)}, worst {_describe(feature, worst)}"
    if spread is None:
        note = f"no feature has two levels with {MIN_SEATS} seats or more"
    return VariantSummary(
        label=name,
        games=len(results),
        unfinished=len(results) - len(done),
        turns=mean_interval([float(r.turns) for r in done]),
        seat_rates=seat_rates,
        spread=spread,
        spread_note=note,
        flagged=[_describe(feature, level) for feature, level in verdict.flagged],
        compared=len(verdict.compared),
    )
