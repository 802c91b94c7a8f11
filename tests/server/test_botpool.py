"""The bot pool: quick bots never wait behind searches, searches are served in turn,
one decision per game at a time, and a dead worker does not stall the other games."""

from __future__ import annotations

import asyncio
import functools
import os
import threading
from collections.abc import Callable

import pytest

from ballroom.server.botpool import BotPool


class Gate:
    """A decision that runs until the test lets it finish, noting when it started."""

    def __init__(self, name: str, started: list[str]) -> None:
        self.name = name
        self.started = started
        self.release = threading.Event()

    def __call__(self) -> int:
        self.started.append(self.name)
        assert self.release.wait(10), f"{self.name} was never released"
        return len(self.name)


async def until(check: Callable[[], bool]) -> None:
    for _ in range(1000):
        if check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("timed out")


def test_searches_are_served_in_the_order_their_games_asked() -> None:
    async def scenario() -> list[str]:
        pool = BotPool(0, threads=1)
        started: list[str] = []
        gates = {name: Gate(name, started) for name in ("a1", "b1", "c1", "a2")}
        tasks = {}
        for name in ("a1", "b1", "c1", "a2"):
            tasks[name] = asyncio.ensure_future(pool.decide(name[0], quick=False, call=gates[name]))
            await until(lambda: bool(started))
        for name in ("a1", "b1", "c1", "a2"):
            await until(functools.partial(started.__contains__, name))
            gates[name].release.set()
            assert await tasks[name] == 2
        pool.close()
        return started

    assert asyncio.run(scenario()) == ["a1", "b1", "c1", "a2"]


def test_a_game_never_has_two_decisions_in_flight() -> None:
    async def scenario() -> None:
        pool = BotPool(0, threads=2)
        started: list[str] = []
        a1, a2, b1 = Gate("a1", started), Gate("a2", started), Gate("b1", started)
        first = asyncio.ensure_future(pool.decide("a", quick=False, call=a1))
        await until(lambda: started == ["a1"])
        second = asyncio.ensure_future(pool.decide("a", quick=False, call=a2))
        other = asyncio.ensure_future(pool.decide("b", quick=False, call=b1))
        await until(lambda: started == ["a1", "b1"])
        await asyncio.sleep(0.05)
        assert started == ["a1", "b1"], "a free slot does not take a game's second decision"
        a1.release.set()
        await until(lambda: started == ["a1", "b1", "a2"])
        a2.release.set()
        b1.release.set()
        assert [await first, await second, await other] == [2, 2, 2]
        pool.close()

    asyncio.run(scenario())


def test_a_quick_bot_does_not_wait_behind_busy_searches() -> None:
    async def scenario() -> None:
        pool = BotPool(0, threads=1)
        started: list[str] = []
        slow = Gate("slow", started)
        search = asyncio.ensure_future(pool.decide("a", quick=False, call=slow))
        queued = asyncio.ensure_future(pool.decide("b", quick=False, call=lambda: 7))
        await until(lambda: started == ["slow"])
        assert await asyncio.wait_for(pool.decide("c", quick=True, call=lambda: 3), 2) == 3
        assert not queued.done()
        slow.release.set()
        assert (await search, await queued) == (4, 7)
        pool.close()

    asyncio.run(scenario())


def test_a_decision_its_game_gave_up_on_is_never_started() -> None:
    async def scenario() -> None:
        pool = BotPool(0, threads=1)
        started: list[str] = []
        busy, dropped = Gate("busy", started), Gate("dropped", started)
        running = asyncio.ensure_future(pool.decide("a", quick=False, call=busy))
        await until(lambda: started == ["busy"])
        waiting = asyncio.ensure_future(pool.decide("b", quick=False, call=dropped))
        await asyncio.sleep(0.01)
        waiting.cancel()  # as an undo cancels the room's bot driver
        busy.release.set()
        assert await running == 4
        assert await pool.decide("c", quick=False, call=lambda: 1) == 1
        assert started == ["busy"]
        pool.close()

    asyncio.run(scenario())


def test_a_worker_that_dies_is_replaced_and_the_other_games_go_on() -> None:
    async def scenario() -> None:
        pool = BotPool(1)
        try:
            with pytest.raises(Exception, match="terminated abruptly"):
                await pool.decide("a", quick=False, call=functools.partial(os._exit, 3))
            assert await pool.decide("b", quick=False, call=functools.partial(abs, -5)) == 5
            assert await pool.decide("c", quick=True, call=functools.partial(abs, -6)) == 6
        finally:
            pool.close()

    asyncio.run(scenario())
