"""The rooms in memory and the store behind them: loading on demand, eviction of idle
rooms, commits, the lobby's list, and other server processes' changes (PostgreSQL).

Writes go through the store's ``Writer`` (group commit); reads through a small
thread pool. A room nobody is connected to and no bot has to drive is dropped
from memory after ``evict_after`` idle seconds; the next request loads it again
from storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ballroom.core.errors import BallroomError
from ballroom.server import storage
from ballroom.server.manager_parts import ManagerParts
from ballroom.server.room import (
    LOG,
    Room,
    RoomError,
    Step,
    T,
    _lobby_game,
    _seat_label,
    psycopg_error,
)
from ballroom.server.storage import (
    PLAYING,
    StoredGame,
)


class StoredRooms(ManagerParts):
    """The rooms of this process as the store holds them."""

    async def _read(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(
            self.reads, functools.partial(function, *args)
        )

    async def get(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            loading = self._loading.get(game_id)
            if loading is None:
                loading = self._loading[game_id] = asyncio.ensure_future(self._load(game_id))
                loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
            room = await asyncio.shield(loading)
        room.last_used = time.monotonic()
        return room

    async def _load(self, game_id: str) -> Room:
        stored = await self._read(self.store.load, game_id)
        if stored is None:
            raise RoomError(f"there is no game {game_id!r}")
        # Rebuilding replays every action: a long game must not hold up the others.
        return self._add(self._watch(await self._read(self._room, stored)))

    def _room(self, stored: StoredGame) -> Room:
        return Room(stored, self.bot_delay, self.absent_after)

    def _add(self, room: Room) -> Room:
        self.rooms[room.id] = room
        self._drive(room)
        return room

    async def resume_all(self) -> int:
        """Load every unfinished game so that bots and chance carry on after a restart.

        On PostgreSQL, shared with other server processes: start hearing their
        changes, and load the games with bots whose leases nobody holds.

        A game this engine cannot replay (recorded under rules since changed) is
        left as stored and logged, not allowed to stop the server: opening it
        answers with the reason. Returns how many games resumed.
        """
        if self.listener is not None and self.leases is not None:
            await self.listener.start()
            await self.leases.start()
            return len(await self._take_leases())
        ids = await self._read(self.store.playing_ids)
        resumed = 0
        for game_id in ids:
            try:
                await self.get(game_id)
            except BallroomError as error:
                LOG.warning("game %s cannot resume: %s", game_id, error)
            else:
                resumed += 1
        return resumed

    def evict_idle(self, now: float) -> list[str]:
        """Drop rooms that nobody watches and no bot drives, idle ``evict_after`` seconds.

        Everything a room holds is in storage, so ``get`` rebuilds it on demand.
        """
        evicted = [
            game_id
            for game_id, room in self.rooms.items()
            if not room.connections
            and not room.bots_to_move()
            and not room.lock.locked()
            and (room.driver is None or room.driver.done())
            and now - room.last_used >= self.evict_after
        ]
        for game_id in evicted:
            del self.rooms[game_id]
        return evicted

    async def _sweep(self) -> None:
        """Evict idle rooms now and then; checkpoint the SQLite WAL every second; on
        PostgreSQL, take over the games whose leases are free every second."""
        period = max(1.0, self.evict_after / 4)
        last = time.monotonic()
        while True:
            await asyncio.sleep(1.0)
            if self.writer.inline:
                await self._read(self.writer.checkpoint)
            if self.leases is not None:
                try:
                    await self._take_leases()
                except (BallroomError, OSError, psycopg_error()) as error:
                    LOG.warning("could not take over the leases of free games: %r", error)
            if time.monotonic() - last >= period:
                last = time.monotonic()
                self.evict_idle(last)

    async def close(self) -> None:
        self._sweeper.cancel()
        if self.listener is not None and self.leases is not None:
            await self.listener.close()
            await self.leases.close()
        for room in self.rooms.values():
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await room.driver
            for conn in room.connections:
                conn.close_code, conn.close_reason = 1001, "the server is shutting down"
                conn.outbox.put_nowait(None)
        self.writer.close()
        self.reads.shutdown(wait=True)
        self.bots.close()

    async def _take_leases(self) -> list[str]:
        """Take the free leases of games with bots (a process that held them has gone), and
        drive the bots of every game held; the games taken."""
        assert self.leases is not None
        taken = await self.leases.take_free()
        for game_id in taken:
            try:
                await self.get(game_id)
                await self._catch_up(game_id)
            except BallroomError as error:
                LOG.warning("game %s cannot resume: %s", game_id, error)
        for game_id in self.leases.held:
            if (room := self.rooms.get(game_id)) is not None:
                self._drive(room)
        return taken

    def _changed(self, game_id: str) -> None:
        """Another server process changed ``game_id``: bring its room up to date."""
        if game_id in self._catching_up:
            self._changed_again.add(game_id)
            return
        held = self.leases is not None and game_id in self.leases.held
        if game_id not in self.rooms and game_id not in self._loading and not held:
            return  # not in memory here: loaded from storage when asked for
        task = asyncio.get_running_loop().create_task(self._catch_up_while_changed(game_id))
        self._catching_up[game_id] = task
        task.add_done_callback(lambda _: self._catching_up.pop(game_id, None))

    async def _catch_up_while_changed(self, game_id: str) -> None:
        while True:
            self._changed_again.discard(game_id)
            try:
                await self._catch_up(game_id)
            except (BallroomError, OSError) as error:
                LOG.error("game %s: could not catch up with storage: %r", game_id, error)
            if game_id not in self._changed_again:
                return

    async def _catch_up(self, game_id: str) -> None:
        """Read the game from storage and tell this process's clients what changed."""
        room = self.rooms.get(game_id)
        if room is None:
            if game_id in self._loading or (self.leases and game_id in self.leases.held):
                room = await self.get(game_id)
            else:
                return
        async with room.lock:
            stored = await self._read(self.store.load, game_id)
            if stored is None:
                return
            steps, rebuilt = room.catch_up(stored)
            for conn in list(room.connections):
                lost = [seat for seat in conn.seats if seat not in room.seats_of(conn.hashes)]
                if lost:
                    name = room.seat_names()[lost[0]]
                    self._close(room, conn, 4001, f"{name}'s seat link was re-issued")
            room.broadcast(steps, reset=rebuilt)
        self._drive(room)

    async def _commit(self, room: Room, steps: list[Step]) -> None:
        """Store ``steps`` (already applied) in one transaction, then tell everyone."""
        if not steps:
            return
        first = room.ply - len(steps)
        status = room.final_status()
        try:
            await self.writer.write(
                storage.append_actions,
                room.id,
                first,
                [(step.player, step.text) for step in steps],
                status,
            )
        except Exception:
            stored = await self._read(self.store.load, room.id)
            if stored is not None:
                room.reset_from(stored)
                room.broadcast([], reset=True)
            raise
        room.status = status
        room.broadcast(steps)
        self._drive(room)

    async def recent(self, limit: int = 20) -> list[dict[str, Any]]:
        """The newest games for the lobby: game, who sits where, status, whose move, age."""
        now = datetime.now(UTC)
        listed = []
        for entry in await self._read(self.store.recent, limit):
            room = self.rooms.get(entry.id)
            if room is None and entry.status == PLAYING:
                with contextlib.suppress(BallroomError):  # a broken game is listed all the same
                    room = await self.get(entry.id)  # whose move it is takes the game itself
            game = room.game if room is not None else _lobby_game(entry)
            name: Callable[[int], str] = game.player_name if game else _seat_label
            created = entry.created_at
            created = created if created.tzinfo else created.replace(tzinfo=UTC)
            waiting = (
                [name(p) for p in room.state.current_players() if p >= 0]
                if room is not None and room.status == PLAYING
                else []
            )
            listed.append(
                {
                    "id": entry.id,
                    "game": entry.game,
                    "name": game.name if game else entry.game,
                    "players": entry.players,
                    "status": room.status if room is not None else entry.status,
                    "created": created.isoformat(),
                    "age": max(0, round((now - created).total_seconds())),
                    "waiting": waiting,
                    "seats": [
                        {
                            "name": name(seat.seat),
                            "kind": "bot" if seat.is_bot else "human",
                            "bot": seat.spec if seat.is_bot else None,
                            "claimed": seat.is_bot or seat.token_hash is not None,
                            "left": seat.left_at is not None,
                        }
                        for seat in (room.seats if room is not None else entry.seats)
                    ],
                }
            )
        return listed
