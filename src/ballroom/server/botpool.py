"""Where the server's bots think, so that one game cannot stall the others.

* Bots that answer at once (declared so: ``random``, ``heuristic``,
  ``expert``) have a lane of their own and never wait behind a search.
* Searches share a pool sized to the machine. A game has at most one
  decision in flight, and games are served in the order they asked, so a
  game whose bots search all the time holds one worker, never the pool.
* Every decision is cut off at the server's cap on think time: ``bot_move``
  gives it a deadline, at which a search stops whatever its budget.
* Worker processes exit as soon as the server process dies, even by
  SIGKILL, instead of lingering as orphans that hold a CPU.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ballroom.agents import make_agent, resolve_seat
from ballroom.core.agent import Decision
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game, games, make_game
from ballroom.core.options import OptionValue
from ballroom.core.state import Observation
from ballroom.server.lifeline import exit_with_parent

LOG = logging.getLogger("ballroom.server")
THREADS = 4
"""Search threads when the server thinks in threads (tests, small servers)."""

GameKey = tuple[str, int, tuple[tuple[str, OptionValue], ...]]
_GAMES: dict[GameKey, Game] = {}
"""Games a bot worker has built, so each decision does not rebuild the rules."""


def machine_cpus() -> int:
    """The CPUs this process may run on (its affinity, which containers narrow)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_seat(game: Game, seat: int, spec: str, ms_max: float) -> None:
    """Refuse a bot seat the server will not run: an invalid spec, or a think time
    per move above the server's cap (the cap would cut it short every move)."""
    make_agent(game, seat, spec, 0)
    bot, values = resolve_seat(game, spec)
    asked = bot.think_ms(values)
    if asked is not None and asked > ms_max:
        raise InvalidOptionError(
            f"seat {seat} ({spec}) asks for {asked:g} ms a move; this server allows "
            f"at most {ms_max:g} ms (ballroom serve --bot-ms-max)"
        )


def bot_move(
    key: GameKey,
    player: int,
    spec: str,
    seed: int,
    observation: Observation,
    legal: list[int],
    ms_max: float,
) -> int:
    """One bot decision from the seat's observation only, within ``ms_max``; runs in a worker.

    The bot is built afresh with a seed derived from (game seed, ply), so a
    restarted server makes exactly the choice the first one would have made
    (as long as no search reaches the cap, which depends on the machine).
    """
    deadline = time.perf_counter() + ms_max / 1000.0
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make_game(key[0], key[1], **dict(key[2]))
    agent = make_agent(game, player, spec, seed)
    return agent.act(Decision(game, player, observation, legal, deadline))


def warm_up() -> int:
    """Load every game's rules and bots (importing ballroom registers them)."""
    return len(games())


def _start_worker() -> None:
    """Worker initializer: exit when the server process dies; load the games now."""
    exit_with_parent()
    warm_up()


@dataclass(eq=False, slots=True)
class _Job:
    """A search a game asked for, waiting for a worker."""

    game_id: str
    call: Callable[[], int]
    future: asyncio.Future[int]


class BotPool:
    """A quick lane for bots that answer at once and a fair pool for searches.

    With ``processes`` > 0 both are worker processes (the quick lane has
    one); with 0 they are threads (``threads`` searching), for tests and
    small servers.
    """

    def __init__(self, processes: int, *, threads: int = THREADS) -> None:
        self.processes = processes
        self.slots = processes or threads
        """How many searches may run at once."""
        self.quick = self._executor(1, "ballroom-bot-quick")
        self.search = self._executor(self.slots, "ballroom-bot")
        self._waiting: deque[_Job] = deque()
        self._running: set[str] = set()
        """Games with a search in flight."""
        self._closed = False
        if processes:
            # Start a worker of each kind now, not on the first bot move.
            self.quick.submit(warm_up)
            self.search.submit(warm_up)

    def _executor(self, workers: int, name: str) -> Executor:
        if not self.processes:
            return ThreadPoolExecutor(workers, thread_name_prefix=name)
        return ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
        )

    async def decide(self, game_id: str, *, quick: bool, call: Callable[[], int]) -> int:
        """Run one decision of game ``game_id`` (``call``, picklable) and return its action."""
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        if quick:
            lane = self.quick
            try:
                return await asyncio.wrap_future(lane.submit(call))
            except BrokenProcessPool:
                if lane is self.quick:
                    self.quick = self._replace(lane, 1, "ballroom-bot-quick")
                raise
        job = _Job(game_id, call, asyncio.get_running_loop().create_future())
        self._waiting.append(job)
        self._dispatch()
        return await job.future

    def _dispatch(self) -> None:
        """Start the longest-waiting searches of games that have none in flight."""
        while not self._closed and len(self._running) < self.slots:
            job = self._next()
            if job is None:
                return
            self._running.add(job.game_id)
            lane = self.search
            try:
                running = asyncio.wrap_future(lane.submit(job.call))
            except BrokenProcessPool as error:
                running = asyncio.get_running_loop().create_future()
                running.set_exception(error)
            running.add_done_callback(functools.partial(self._finished, job, lane))

    def _next(self) -> _Job | None:
        for job in list(self._waiting):
            if job.future.done():  # its game stopped waiting (undo, shutdown)
                self._waiting.remove(job)
            elif job.game_id not in self._running:
                self._waiting.remove(job)
                return job
        return None

    def _finished(self, job: _Job, lane: Executor, running: asyncio.Future[int]) -> None:
        self._running.discard(job.game_id)
        if running.cancelled():
            job.future.cancel()
        elif (error := running.exception()) is not None:
            if isinstance(error, BrokenProcessPool) and lane is self.search and not self._closed:
                self.search = self._replace(lane, self.slots, "ballroom-bot")
            if not job.future.done():
                job.future.set_exception(error)
        elif not job.future.done():
            job.future.set_result(running.result())
        self._dispatch()

    def _replace(self, broken: Executor, workers: int, name: str) -> Executor:
        """A fresh executor for one whose worker died, so that the other games carry on."""
        LOG.error("a bot worker died; starting a new %s pool", name)
        broken.shutdown(wait=False, cancel_futures=True)
        return self._executor(workers, name)

    def close(self) -> None:
        """Drop waiting decisions and stop the workers (running ones end within the cap)."""
        self._closed = True
        for job in self._waiting:
            job.future.cancel()
        self._waiting.clear()
        self.quick.shutdown(wait=True, cancel_futures=True)
        self.search.shutdown(wait=True, cancel_futures=True)
