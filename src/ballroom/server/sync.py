"""Several server processes sharing one PostgreSQL database.

Any process serves any game: it keeps its own copy of the rooms its clients
watch, checks moves against it, and stores them with the (game, ply) primary
key, so of two processes storing the same ply one is refused and catches up.
Every committed change notifies the other processes (``NOTIFY ballroom``,
sent by a trigger: see migration 0005), and each brings its copy up to date
from storage and tells its own clients; this module's ``Listener`` hears
those notifications on a connection of its own.

Bots are driven by one process per game, the holder of the game's lease: a
session-level advisory lock held on the ``Leases`` connection. A process
killed in any way loses its connections, so PostgreSQL frees its leases, and
another process's sweep takes them over; a bot's decision depends only on
the game's seed and the ply, so the new holder makes the same one. While a
process's connection holds a seat, the process holds a shared lock on it too,
so another process knows not to hand a present player's seat to a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Callable, Sequence

import psycopg
from sqlalchemy import URL, Engine

LOG = logging.getLogger("ballroom.server")

CHANNEL = "ballroom"
LEASE_SPACE = 0x6261
"""The first key of every game lease's advisory lock (the second is the id's hash)."""
PRESENCE_SPACE = 0x6270
"""The first key of the shared advisory lock a process holds while one of its connections
holds a seat (the second is the hash of ``game:seat``)."""

HELD_ELSEWHERE = """
SELECT EXISTS (
    SELECT 1 FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
      AND classid = %(space)s AND objid = (hashtext(%(key)s)::bigint & 4294967295)::oid
      AND objsubid = 2
)
"""

TAKE_FREE_LEASES = """
WITH candidates AS MATERIALIZED (
    SELECT g.id FROM games g
    WHERE g.status = 'playing' AND g.id <> ALL(%(mine)s::text[])
      AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.spec <> 'human')
)
SELECT id FROM candidates WHERE pg_try_advisory_lock(%(space)s, hashtext(id))
"""
"""Lock the leases nobody holds of the games in play that have a bot seat (the candidates
are chosen first, so no lock is taken for a game then left out)."""

TAKE_LEASES = (
    "SELECT id FROM unnest(%(ids)s::text[]) AS id "
    "WHERE pg_try_advisory_lock(%(space)s, hashtext(id))"
)


def process_name() -> str:
    """A name for this process's database connections, unique among the servers."""
    return f"ballroom-{os.getpid()}-{secrets.token_hex(4)}"


def named(url: URL, name: str) -> URL:
    """``url`` with every connection it opens named ``name`` (``application_name``)."""
    return url.update_query_dict({"application_name": name})


def libpq_url(engine: Engine) -> str:
    """The engine's URL as psycopg itself takes it."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def seat_key(game_id: str, seat: int) -> str:
    return f"{game_id}:{seat}"


class Listener:
    """Hears which games the other server processes changed."""

    def __init__(self, engine: Engine, changed: Callable[[str], None]) -> None:
        self._url = libpq_url(engine)
        self._own = str(engine.url.query.get("application_name", ""))
        self._changed = changed
        self._connection: psycopg.AsyncConnection[object] | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._connection = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        await self._connection.execute(f"LISTEN {CHANNEL}")
        self._task = asyncio.get_running_loop().create_task(self._listen(self._connection))

    async def _listen(self, connection: psycopg.AsyncConnection[object]) -> None:
        async for notice in connection.notifies():
            origin, _, game_id = notice.payload.rpartition(" ")
            if origin != self._own:
                self._changed(game_id)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, psycopg.Error):
                await self._task
        if self._connection is not None:
            await self._connection.close()


class Leases:
    """The games whose bots this process drives, as advisory locks on one connection."""

    def __init__(self, engine: Engine) -> None:
        self._url = libpq_url(engine)
        self._connection: psycopg.AsyncConnection[object] | None = None
        self.held: set[str] = set()
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        self._connection = await psycopg.AsyncConnection.connect(self._url, autocommit=True)

    async def take_free(self) -> list[str]:
        """Take every free lease of a game in play with a bot seat; the games now held."""
        return await self._take(TAKE_FREE_LEASES, {"mine": sorted(self.held)})

    async def take(self, ids: Sequence[str]) -> list[str]:
        """Take the leases of ``ids`` that nobody holds; the ones this process now holds."""
        wanted = [game_id for game_id in ids if game_id not in self.held]
        taken = await self._take(TAKE_LEASES, {"ids": wanted}) if wanted else []
        return [game_id for game_id in ids if game_id in self.held or game_id in taken]

    async def _take(self, query: str, parameters: dict[str, object]) -> list[str]:
        if self._connection is None:
            return []
        async with self._lock:
            cursor = await self._connection.execute(query, {"space": LEASE_SPACE, **parameters})
            taken = [str(row[0]) for row in await cursor.fetchall()]  # type: ignore[index]
        self.held.update(taken)
        return taken

    async def hold(self, game_id: str, seat: int) -> None:
        """Note that a connection of this process holds ``seat`` (one note a seat)."""
        await self._run(
            "SELECT pg_advisory_lock_shared(%(space)s, hashtext(%(key)s))", seat_key(game_id, seat)
        )

    async def let_go(self, game_id: str, seat: int) -> None:
        """Note that no connection of this process holds ``seat`` any more."""
        await self._run(
            "SELECT pg_advisory_unlock_shared(%(space)s, hashtext(%(key)s))",
            seat_key(game_id, seat),
        )

    async def held_elsewhere(self, game_id: str, seat: int) -> bool:
        """Whether a connection of another server process holds ``seat``."""
        return bool(await self._run(HELD_ELSEWHERE, seat_key(game_id, seat)))

    async def _run(self, query: str, key: str) -> object:
        if self._connection is None:
            return None
        async with self._lock:
            cursor = await self._connection.execute(query, {"space": PRESENCE_SPACE, "key": key})
            row = await cursor.fetchone()
        return row[0] if row else None  # type: ignore[index]

    async def close(self) -> None:
        """Give every lease back (closing the session frees its advisory locks)."""
        if self._connection is not None:
            await self._connection.close()
