"""One game of a simulation, and the summary of many.

Game ``i`` of a run with seed ``S`` is seeded ``derive_seed(S, "game", i)``
and its bots derive their own streams from that, so a run's results depend
only on its seed and settings, never on how many workers played it (see
``ballroom.lab.runner``): results are ordered by game index before anything
is summed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ballroom.agents import Seat, check_seat, seat_agent, seat_label
from ballroom.core.agent import SeatSpec
from ballroom.core.game import Game, make_game
from ballroom.core.options import OptionValue
from ballroom.core.play import play_out
from ballroom.core.record import GameRecord
from ballroom.core.rng import derive_seed


@dataclass(frozen=True, slots=True)
class SimulationSpec:
    """What to simulate: one game set-up, one seat per seat: a bot's spec, or a Python agent
    (an object with ``act(decision)``; see ``ballroom.agents.seat_agent``).

    ``max_turns`` cuts a game off past that many turns, unfinished and with no
    winner; ``None`` takes the game's own cap for automated play
    (``Game.turn_cap``: The Dance has no turn limit, RULINGS 16), if it has one.
    """

    game: str
    seats: tuple[Seat, ...]
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    max_turns: int | None = None

    def make_game(self) -> Game:
        return make_game(self.game, len(self.seats), **self.options)

    def turn_cap(self, game: Game) -> int | None:
        """The turns a game of this run may last: ``max_turns``, else the game's own cap."""
        return self.max_turns if self.max_turns is not None else game.turn_cap

    @property
    def labels(self) -> tuple[str, ...]:
        """Each seat's name in results: a spec as written, an agent by its ``name``."""
        return tuple(seat_label(seat) for seat in self.seats)

    def validate(self) -> None:
        """Fail fast, before any worker starts, on a bad game, option or seat."""
        game = self.make_game()
        for seat, spec in enumerate(self.seats):
            if isinstance(spec, str | SeatSpec):
                seat_agent(game, seat, spec, self.seed)
            else:
                check_seat(game, spec)  # a Python agent is told of a game only to play it


@dataclass(frozen=True, slots=True)
class GameResult:
    """One played game: its returns, length and per-seat features.

    ``ranks`` gives each seat's place (0 is first; unfinished games rank
    everyone 0); ``record`` is the game's GameRecord as JSON, so any game of
    a run can be replayed.
    """

    index: int
    seed: int
    finished: bool
    returns: tuple[float, ...]
    turns: int
    actions: int
    features: tuple[dict[str, str], ...]
    seats: tuple[str, ...] = ()
    ranks: tuple[int, ...] = ()
    record: str = ""


def play_one(spec: SimulationSpec, index: int) -> GameResult:
    """Play game ``index`` of a run to its end, or until it is cut off past its turn cap."""
    game = spec.make_game()
    seed = derive_seed(spec.seed, "game", index)
    state = game.new_state(seed)
    agents = [seat_agent(game, seat, seat_spec, seed) for seat, seat_spec in enumerate(spec.seats)]
    play_out(state, agents, max_turns=spec.turn_cap(game))
    finished = state.is_terminal()
    ranks = [0] * game.players
    if finished:
        for place, group in enumerate(state.outcome().ranking):
            for seat in group:
                ranks[seat] = place
    return GameResult(
        index=index,
        seed=seed,
        finished=finished,
        returns=tuple(state.returns()) if finished else (0.0,) * game.players,
        turns=state.turns(),
        actions=len(state.history),
        features=tuple(state.seat_features()),
        seats=spec.labels,
        ranks=tuple(ranks),
        record=GameRecord.of(state, spec.labels).dumps(),
    )


@dataclass(frozen=True, slots=True)
class Tally:
    """What a summary needs of many games: sums over the finished ones.

    ``wins`` per seat (shared wins as fractions); ``rounds`` and ``actions``
    are totals; ``by_feature`` maps feature -> value -> seats and wins.
    """

    games: int
    finished: int
    wins: tuple[float, ...]
    rounds: int
    actions: int
    by_feature: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)

    @classmethod
    def of(cls, players: int, results: Sequence[GameResult]) -> Tally:
        """The tally of games played one by one (in index order, so sums are reproducible)."""
        finished = [r for r in results if r.finished]
        by_feature: dict[str, dict[str, dict[str, float]]] = {}
        for result in finished:
            for seat, features in enumerate(result.features):
                for name, value in features.items():
                    entry = by_feature.setdefault(name, {}).setdefault(
                        value, {"seats": 0, "wins": 0.0}
                    )
                    entry["seats"] += 1
                    entry["wins"] += result.returns[seat]
        return cls(
            games=len(results),
            finished=len(finished),
            wins=tuple(sum(r.returns[seat] for r in finished) for seat in range(players)),
            rounds=sum(r.turns for r in finished),
            actions=sum(r.actions for r in finished),
            by_feature=by_feature,
        )


def summarize(
    spec: SimulationSpec, results: Sequence[GameResult], seconds: float
) -> dict[str, Any]:
    """The JSON summary of games played one by one (see ``summary``), its features grouped
    as ``ballroom.lab.features`` says (the same grouping as the sweep's and the report's)."""
    from ballroom.lab.features import as_json, group_features

    tally = Tally.of(len(spec.seats), results)
    return {
        **summary(spec, tally, seconds),
        **as_json(group_features(results), tally.finished),
    }


def summary(spec: SimulationSpec, tally: Tally, seconds: float) -> dict[str, Any]:
    """The JSON summary: wins per seat (shared wins as fractions), lengths, rates by feature
    (ungrouped: ``summarize`` replaces them by the grouped ones when it has the games).

    Both the engine and the batch report through here, so their summaries
    have the same fields.
    """
    finished = tally.finished
    by_feature = {
        name: {
            value: {**entry, "win_rate": entry["wins"] / entry["seats"]}
            for value, entry in values.items()
        }
        for name, values in tally.by_feature.items()
    }
    return {
        "game": spec.game,
        "options": spec.options,
        "seed": spec.seed,
        "games": tally.games,
        "finished": finished,
        "unfinished": tally.games - finished,
        "seats": list(spec.labels),
        "wins": list(tally.wins),
        "win_rate": [w / finished if finished else 0.0 for w in tally.wins],
        "mean_rounds": tally.rounds / finished if finished else 0.0,
        "mean_actions": tally.actions / finished if finished else 0.0,
        "by_feature": by_feature,
        "table_features": {},
        "seconds": seconds,
        "games_per_second": tally.games / seconds if seconds > 0 else 0.0,
    }


__all__ = ["GameResult", "SimulationSpec", "Tally", "play_one", "summarize", "summary"]
