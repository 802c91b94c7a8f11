"""Tournaments: bots rotated through the seats, rated and compared with confidence intervals.

Game ``i`` seats bot ``(s + i) mod n`` in seat ``s``, so over any ``n``
consecutive games every bot sits in every seat once and a seat advantage
cancels out. Each game keeps its own seed (``derive_seed(seed, "game", i)``)
whatever the seating, so a tournament is as reproducible as a simulation.
Ratings are OpenSkill's Plackett-Luce model, updated game by game in index
order; the win rate is each bot's mean share of the win, with a Wilson 95%
interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ballroom.agents import Seat, seat_label
from ballroom.core.errors import InvalidOptionError
from ballroom.core.options import OptionValue
from ballroom.lab.runner import Backend, Task, run_tasks
from ballroom.lab.simulate import GameResult, SimulationSpec
from ballroom.lab.stats import Estimate, mean_interval, wilson


def rotated(bots: Sequence[Seat], index: int) -> tuple[Seat, ...]:
    """The seating of game ``index``: bot ``(s + index) mod n`` in seat ``s``."""
    n = len(bots)
    return tuple(bots[(seat + index) % n] for seat in range(n))


def tournament_tasks(
    game: str,
    bots: Sequence[Seat],
    games: int,
    *,
    options: dict[str, OptionValue] | None = None,
    seed: int = 0,
    max_turns: int | None = None,
) -> list[Task]:
    """One task per game with its rotated seating; validates every bot once, up front.

    A bot is a spec or a Python agent; standings name an agent by its ``name``
    (else its class), so two different agents need two names.
    """
    if len(bots) < 2:
        raise InvalidOptionError(f"a tournament needs at least two seats, not {len(bots)}")
    named: dict[str, Seat] = {}
    for bot in bots:
        label = seat_label(bot)
        if label in named and named[label] is not bot and not isinstance(bot, str):
            raise InvalidOptionError(
                f"two different agents are both named {label!r}, so their results would "
                "mix; give each its own name attribute"
            )
        named.setdefault(label, bot)
    base = SimulationSpec(game, tuple(bots), dict(options or {}), seed, max_turns)
    base.validate()
    return [
        Task(
            SimulationSpec(game, rotated(bots, index), dict(options or {}), seed, max_turns),
            index,
        )
        for index in range(games)
    ]


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's results over a tournament."""

    bot: str
    seats_played: int
    win_rate: Estimate
    mean_place: Estimate
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


def tournament(
    game: str,
    bots: Sequence[Seat],
    games: int,
    *,
    options: dict[str, OptionValue] | None = None,
    seed: int = 0,
    max_turns: int | None = None,
    workers: int = 1,
) -> list[Standing]:
    """A tournament played from Python (``ballroom tournament``'s, whose bots may also be
    Python agents): the standings, best rated first."""
    tasks = tournament_tasks(game, bots, games, options=options, seed=seed, max_turns=max_turns)
    return standings(run_tasks(tasks, Backend("local", workers)).results)


def standings(results: Sequence[GameResult]) -> list[Standing]:
    """Every bot's win rate, place and OpenSkill rating, best rated first."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise InvalidOptionError("ratings need OpenSkill: pip install 'ballroom[lab]'") from None
    model = PlackettLuce()
    bots = list(dict.fromkeys(bot for r in results for bot in r.seats))
    ratings = {bot: model.rating(name=bot) for bot in bots}
    shares: dict[str, list[float]] = {bot: [] for bot in bots}
    places: dict[str, list[float]] = {bot: [] for bot in bots}
    for result in sorted(results, key=lambda r: r.index):
        if not result.finished:
            continue
        for seat, bot in enumerate(result.seats):
            shares[bot].append(result.returns[seat])
            places[bot].append(result.ranks[seat] + 1.0)
        if len(set(result.seats)) < 2:
            continue
        teams = [[ratings[bot]] for bot in result.seats]
        rated = model.rate(teams, ranks=[float(rank) for rank in result.ranks])
        updates: dict[str, list[tuple[float, float]]] = {}
        for bot, team in zip(result.seats, rated, strict=True):
            updates.setdefault(bot, []).append((team[0].mu, team[0].sigma))
        for bot, values in updates.items():
            mu = sum(v[0] for v in values) / len(values)
            sigma = sum(v[1] for v in values) / len(values)
            ratings[bot] = model.rating(mu=mu, sigma=sigma, name=bot)
    table = [
        Standing(
            bot=bot,
            seats_played=len(shares[bot]),
            win_rate=wilson(sum(shares[bot]), len(shares[bot])),
            mean_place=mean_interval(places[bot]),
            mu=ratings[bot].mu,
            sigma=ratings[bot].sigma,
        )
        for bot in bots
    ]
    return sorted(table, key=lambda s: -s.ordinal)
