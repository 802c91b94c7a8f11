"""The lab's fastest path: a simulation played by a game's vectorised batch.

``simulate`` takes it by itself when ``refusal`` finds nothing against it:
the game has a batch, every seat is a policy the batch plays, and every rule
option is one it plays. The batch plays from the same distribution as the
engine with those bots (``tests/lab/test_batched.py``) and reports through
the same summary; it keeps no per-game records, and no seat features
(Dancing Dice has none, so ``by_feature`` is empty on either path).

The games are played in chunks of ``CHUNK_GAMES``; chunk ``c`` is seeded
``derive_seed(seed, "batch", c)`` and tallies are added in chunk order, so a
run's numbers depend only on its seed and settings, never on the workers or
the backend that played its chunks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ballroom.core.agent import SeatSpec
from ballroom.core.rng import derive_seed
from ballroom.lab.runner import Workers
from ballroom.lab.simulate import SimulationSpec, Tally

CHUNK_GAMES = 50_000
"""Games per chunk: large enough for numpy to pay, small enough to bound memory."""
BATCHED_GAMES = ("dancing-dice",)


def refusal(spec: SimulationSpec) -> str | None:
    """Why the batch cannot play ``spec``, or None when it can."""
    if spec.game not in BATCHED_GAMES:
        return f"{spec.game} has no batched simulation (only {', '.join(BATCHED_GAMES)})"
    from ballroom.games.dancing_dice.batch import POLICIES, unplayed_options

    for seat, text in enumerate(spec.seats, start=1):
        if not isinstance(text, str):
            return f"seat {seat} is a Python agent; the batch plays only {' and '.join(POLICIES)}"
        parsed = SeatSpec.parse(text)
        if parsed.name not in POLICIES or parsed.params:
            return f"seat {seat} is {text!r}; the batch plays only {' and '.join(POLICIES)}"
    unplayed = unplayed_options(spec.options)
    if unplayed:
        return f"the batch does not play the option {unplayed[0]}"
    return None


def play_chunk(spec: SimulationSpec, chunk: int, games: int) -> Tally:
    """Play chunk ``chunk`` of a batched run: ``games`` games (module-level for workers)."""
    from ballroom.games.dancing_dice.batch import simulate

    result = simulate(
        [SeatSpec.parse(str(text)).name for text in spec.seats],
        games,
        seed=derive_seed(spec.seed, "batch", chunk),
        options=spec.options,
        max_rounds=spec.max_turns,
    )
    finished = result.finished
    return Tally(
        games=games,
        finished=int(finished.sum()),
        wins=tuple(float(w) for w in result.wins),
        rounds=int(result.rounds[finished].sum()),
        actions=int(result.actions[finished].sum()),
    )


def _play_chunk(job: tuple[SimulationSpec, int, int]) -> Tally:
    return play_chunk(*job)


def add(one: Tally, two: Tally) -> Tally:
    """The tally of two lots of games (seat features: none in a batch)."""
    return Tally(
        games=one.games + two.games,
        finished=one.finished + two.finished,
        wins=tuple(a + b for a, b in zip(one.wins, two.wins, strict=True)),
        rounds=one.rounds + two.rounds,
        actions=one.actions + two.actions,
    )


@dataclass(frozen=True, slots=True)
class BatchOutcome:
    """The tally of the chunks played, and whether Ctrl-C stopped the run."""

    tally: Tally
    interrupted: bool


def run_batched(
    spec: SimulationSpec,
    games: int,
    workers: Workers,
    on_progress: Callable[[int], None] | None = None,
) -> BatchOutcome:
    """Play games ``0..games-1`` of ``spec`` by chunks; Ctrl-C keeps the chunks finished.

    Several chunks are shared among ``workers``; a single chunk is played
    here, where numpy is already loaded, and gives the same numbers.
    """
    jobs = [
        (spec, chunk, min(CHUNK_GAMES, games - start))
        for chunk, start in enumerate(range(0, games, CHUNK_GAMES))
    ]
    tally = Tally(games=0, finished=0, wins=(0.0,) * len(spec.seats), rounds=0, actions=0)
    chunks: Iterator[Tally] = (
        workers.map_in_order(_play_chunk, jobs) if len(jobs) > 1 else map(_play_chunk, jobs)
    )
    try:
        for done in chunks:  # in chunk order, so the sums are the same however they were played
            tally = add(tally, done)
            if on_progress is not None:
                on_progress(done.games)
    except KeyboardInterrupt:
        workers.stop()
        return BatchOutcome(tally, interrupted=True)
    return BatchOutcome(tally, interrupted=False)
