"""Playing many games on local processes or a Ray cluster, resumably.

A run is a list of ``Task`` s, each one game set-up and a game index; the
index alone fixes the game's seed (see ``simulate``), so a task gives the
same result on any worker, in any order, on any backend. Results are handed
back as they finish and appended to a checkpoint file, so a run stopped by
Ctrl-C (or a crash) resumes where it stopped, without playing a game twice
or losing one.
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.pool
import pickle
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

from ballroom.agents import seat_label
from ballroom.core.errors import InvalidOptionError
from ballroom.lab.backends import BACKENDS
from ballroom.lab.simulate import GameResult, SimulationSpec, play_one, summarize, summary

CHECKPOINT_FORMAT = "ballroom-checkpoint/1"
J = TypeVar("J")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Task:
    """Game ``index`` played with ``spec`` (its seats and options)."""

    spec: SimulationSpec
    index: int


@dataclass(frozen=True, slots=True)
class Backend:
    """Where games are played: ``local`` processes or ``ray`` (``address``: ``auto`` or host:port)."""

    name: str = "local"
    workers: int = 1
    address: str | None = None

    def __post_init__(self) -> None:
        if self.name not in BACKENDS:
            raise InvalidOptionError(
                f"unknown backend {self.name!r}; allowed: {', '.join(BACKENDS)}"
            )
        if self.workers < 1:
            raise InvalidOptionError(f"workers must be at least 1, not {self.workers}")
        if self.address is not None and self.name != "ray":
            raise InvalidOptionError("--address only applies to --backend ray")


def check_picklable(tasks: Sequence[Task], backend: Backend) -> None:
    """Refuse, naming its seat, a Python agent that cannot be sent to worker processes
    (they receive each task pickled: by ``pickle`` locally, Ray's ``cloudpickle`` on
    Ray), before any worker starts."""
    dumps: Callable[[object], bytes] = pickle.dumps
    if backend.name == "ray":
        dumps = _ray(backend).cloudpickle.dumps
    checked: set[int] = set()
    for task in tasks:
        for seat, spec in enumerate(task.spec.seats):
            if isinstance(spec, str) or id(spec) in checked:
                continue
            checked.add(id(spec))
            try:
                dumps(spec)
            except Exception as error:
                raise InvalidOptionError(
                    f"seat {seat}'s agent {seat_label(spec)!r} cannot be sent to worker "
                    f"processes, which need it pickled ({type(error).__name__}: {error}); "
                    "play it with one worker, or make it picklable (a class defined at module "
                    "level, holding no lambda, open file, lock or live model session)"
                ) from error


def play_batch(tasks: Sequence[Task]) -> list[GameResult]:
    """Play a batch of tasks in one worker (module-level so that workers can import it)."""
    return [play_one(task.spec, task.index) for task in tasks]


def _batches(tasks: Sequence[Task], workers: int) -> Iterator[list[Task]]:
    """Batches of up to 20 games in long runs of fast games (less overhead per game), single
    games in short runs, where games are slow and a finished game should reach the
    checkpoint (and the progress bar) at once."""
    size = max(1, min(20, len(tasks) // (workers * 50)))
    for start in range(0, len(tasks), size):
        yield list(tasks[start : start + size])


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which stops them cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Workers:
    """The processes that play a run's games: started on first use, once per run.

    A run that plays several lots of tasks (a sweep's variants, the chunks of
    a batched simulation) plays them all through one ``Workers``, so its
    processes start once; ``close`` (or leaving the ``with`` block) ends them.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._pool: multiprocessing.pool.Pool | None = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def pool(self) -> multiprocessing.pool.Pool:
        """The local processes, started the first time they are needed."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = context.Pool(self.backend.workers, initializer=_ignore_interrupt)
        return self._pool

    def stop(self) -> None:
        """End the processes at once, abandoning their work (after Ctrl-C or an error)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def close(self) -> None:
        """Let the processes finish and end them."""
        if self._pool is not None:
            self._pool.close()
            self._pool.join()
            self._pool = None

    def play(self, tasks: Sequence[Task], on_result: Callable[[GameResult], None]) -> None:
        """Play every task, calling ``on_result`` as each game finishes (in any order).

        On KeyboardInterrupt, unfinished work is cancelled and the interrupt is
        raised again; every result already handed to ``on_result`` stands.
        """
        if not tasks:
            return
        if self.backend.name == "ray" or self.backend.workers > 1:
            check_picklable(tasks, self.backend)
        if self.backend.name == "ray":
            _execute_ray(tasks, self.backend, on_result)
        elif self.backend.workers == 1:
            for task in tasks:
                on_result(play_one(task.spec, task.index))
        else:
            try:
                for batch in self.pool().imap_unordered(
                    play_batch, _batches(tasks, self.backend.workers)
                ):
                    for result in batch:
                        on_result(result)
            except BaseException:
                self.stop()
                raise

    def map_in_order(self, function: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
        """``function`` of each job, played by these workers, handed back in job order.

        On an error or Ctrl-C, the jobs not handed back are cancelled.
        """
        if self.backend.name == "ray":
            ray = _ray(self.backend)
            remote = ray.remote(function)
            pending = [remote.remote(job) for job in jobs]
            try:
                for ref in list(pending):
                    yield ray.get(ref)
                    pending.remove(ref)
            except BaseException:
                for ref in pending:
                    ray.cancel(ref, force=True)
                raise
        elif self.backend.workers == 1:
            yield from map(function, jobs)
        else:
            try:
                yield from self.pool().imap(function, jobs)
            except BaseException:
                self.stop()
                raise


def _ray(backend: Backend) -> Any:
    """The Ray module, joined to the backend's cluster (or one started here)."""
    try:
        import ray
    except ImportError:
        raise InvalidOptionError("--backend ray needs Ray: pip install 'ballroom[ray]'") from None
    if not ray.is_initialized():
        if backend.address is None:
            ray.init(num_cpus=backend.workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=backend.address, log_to_driver=False)
    return ray


def _execute_ray(
    tasks: Sequence[Task], backend: Backend, on_result: Callable[[GameResult], None]
) -> None:
    ray = _ray(backend)
    remote = ray.remote(play_batch)
    collect_ray(
        ray, [remote.remote(batch) for batch in _batches(tasks, backend.workers)], on_result
    )


def collect_ray(ray: Any, pending: list[Any], on_result: Callable[[GameResult], None]) -> None:
    """Hand on each Ray batch's results as it finishes; on any error (Ctrl-C too) cancel the
    batches still running."""
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(done[0]):
                on_result(result)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise


# -- checkpoints ----------------------------------------------------------------


def result_to_json(result: GameResult) -> dict[str, Any]:
    return asdict(result)


def result_from_json(data: dict[str, Any]) -> GameResult:
    return GameResult(
        index=int(data["index"]),
        seed=int(data["seed"]),
        finished=bool(data["finished"]),
        returns=tuple(float(v) for v in data["returns"]),
        turns=int(data["turns"]),
        actions=int(data["actions"]),
        features=tuple(dict(f) for f in data["features"]),
        seats=tuple(data.get("seats", ())),
        ranks=tuple(int(r) for r in data.get("ranks", ())),
        record=str(data.get("record", "")),
    )


class Checkpoint:
    """An append-only file of finished games: a header line, then one result per line.

    The header describes the run; resuming with a different description is
    refused, so a checkpoint never mixes two runs.
    """

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = {"format": CHECKPOINT_FORMAT, **header}

    def load(self) -> dict[int, GameResult]:
        """Games finished by earlier attempts at this run (none if there is no file)."""
        if not self.path.exists():
            return {}
        lines = self.path.read_text(encoding="utf-8").splitlines()
        if not lines or json.loads(lines[0]) != self.header:
            raise InvalidOptionError(
                f"{self.path} holds a different run (other game, seats, options, seed or "
                "game count); delete it or use another output to start afresh"
            )
        done: dict[int, GameResult] = {}
        for line in lines[1:]:
            try:
                result = result_from_json(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                continue  # a line cut short when the run was killed: that game is played again
            done[result.index] = result
        return done

    def start(self, done: dict[int, GameResult]) -> None:
        """Rewrite the file with its header and the games kept, dropping any torn line."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("w", encoding="utf-8") as handle:
            handle.write(json.dumps(self.header) + "\n")
            for index in sorted(done):
                handle.write(json.dumps(result_to_json(done[index])) + "\n")

    def append(self, result: GameResult) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(result_to_json(result)) + "\n")

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """The games a run holds, in index order, and whether it was stopped early."""

    results: list[GameResult]
    interrupted: bool
    resumed: int


def run_tasks(
    tasks: Sequence[Task],
    backend: Backend | Workers,
    *,
    checkpoint: Checkpoint | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> RunOutcome:
    """Play the tasks not already in ``checkpoint``; Ctrl-C stops and keeps what finished.

    Given a ``Backend``, workers are started for this call alone; given
    ``Workers``, those play the tasks and stay up for the caller's next ones.
    """
    done = checkpoint.load() if checkpoint is not None else {}
    wanted = {task.index for task in tasks}
    done = {index: result for index, result in done.items() if index in wanted}
    if checkpoint is not None:
        checkpoint.start(done)
    resumed = len(done)
    if on_progress is not None and resumed:
        on_progress(resumed)

    def keep(result: GameResult) -> None:
        done[result.index] = result
        if checkpoint is not None:
            checkpoint.append(result)
        if on_progress is not None:
            on_progress(1)

    interrupted = False
    todo = [task for task in tasks if task.index not in done]
    try:
        if isinstance(backend, Workers):
            backend.play(todo, keep)
        else:
            with Workers(backend) as workers:
                workers.play(todo, keep)
    except KeyboardInterrupt:
        interrupted = True
    return RunOutcome([done[index] for index in sorted(done)], interrupted, resumed)


def simulate(
    spec: SimulationSpec,
    games: int,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    *,
    engine: bool = False,
) -> dict[str, Any]:
    """Play games ``0..games-1`` on local processes and summarise them.

    The game's batch plays them when it can (``ballroom.lab.batched``) unless
    ``engine`` is set; otherwise the engine plays them one by one. The
    summary's ``path`` says which, and ``path_reason`` why not the batch.
    Its numbers depend only on ``spec``, ``games`` and the path; only
    ``seconds`` and ``games_per_second`` vary from run to run.
    """
    from ballroom.lab.batched import refusal, run_batched

    spec.validate()
    reason = "the engine was asked for" if engine else refusal(spec)
    started = time.perf_counter()
    with Workers(Backend("local", workers)) as pool:
        if reason is None:
            tally = run_batched(spec, games, pool, on_progress).tally
            result = summary(spec, tally, time.perf_counter() - started)
        else:
            tasks = [Task(spec, index) for index in range(games)]
            outcome = run_tasks(tasks, pool, on_progress=on_progress)
            result = summarize(spec, outcome.results, time.perf_counter() - started)
    result["workers"] = workers
    result["path"] = "engine" if reason else "batched"
    result["path_reason"] = reason
    return result
