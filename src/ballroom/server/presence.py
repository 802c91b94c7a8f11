"""Who is at a table: connections joining and leaving, seats claimed, and the clocks of
seats whose players are away (after ``absent_after`` seconds any seated player may hand
an away seat to a bot)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Sequence

from ballroom.server import storage
from ballroom.server.manager_parts import ManagerParts
from ballroom.server.room import (
    Connection,
    NotAllowedError,
    Room,
    RoomError,
    _report_presence,
    frame_text,
)
from ballroom.server.storage import (
    UPLOADED,
    StorageError,
    StoredSeat,
    hash_token,
)


class Presence(ManagerParts):
    """Connections, claims and absence clocks of every room."""

    def _watch(self, room: Room) -> Room:
        """Start the absence clocks of a room's away seats (on the event loop)."""
        for seat in room.away_since:
            self._tell_when_idle(room, seat)
        return room

    async def join(self, room: Room, tokens: Sequence[str]) -> tuple[Connection, int]:
        """A new connection holding the seats of ``tokens``; also how many tokens held none."""
        async with room.lock:
            hashed = [hash_token(token) for token in tokens]
            hashes = frozenset(hashed)
            conn = Connection(room.seats_of(hashes), hashes=hashes)
            refused = sum(1 for one in hashed if not room.seats_of(frozenset((one,))))
            held = {seat for other in room.connections for seat in other.seats}
            room.connections.add(conn)
            for seat in conn.seats:
                room.away_since.pop(seat, None)
                if seat not in held:
                    self._note_presence(room.id, seat, here=True)
            events = room.all_events()
            for viewer in conn.viewers:
                conn.outbox.put_nowait(frame_text(room.view(viewer, events, reset=True)))
            room.broadcast([], exclude=conn)
            self._drive(room)  # bots stopped by an error start again when someone comes back
        return conn, refused

    def leave(self, room: Room, conn: Connection) -> None:
        """Forget a closed connection; the seats nobody holds any more are away from now."""
        self._close(room, conn, 1000, "")
        room.broadcast([])

    def _close(self, room: Room, conn: Connection, code: int, reason: str) -> None:
        if conn in room.connections:
            room.connections.discard(conn)
            conn.close_code, conn.close_reason = code, reason
            conn.outbox.put_nowait(None)
        held = {seat for other in room.connections for seat in other.seats}
        now = time.monotonic()
        for seat in conn.seats:
            if seat not in held:
                self._note_presence(room.id, seat, here=False)
                if not room.seats[seat].is_bot:
                    room.away_since[seat] = now
                    self._tell_when_idle(room, seat)
        conn.seats = ()

    def _note_presence(self, game_id: str, seat: int, *, here: bool) -> None:
        """Tell the other server processes that a connection here holds ``seat``, or that
        none does any more (in order: each note waits for the one before)."""
        if self.leases is None:
            return
        note = self.leases.hold if here else self.leases.let_go
        with contextlib.suppress(RuntimeError):  # no running loop: the server is closing
            task = asyncio.get_running_loop().create_task(note(game_id, seat))
            task.add_done_callback(_report_presence)

    def _tell_when_idle(self, room: Room, seat: int) -> None:
        """Tell everyone when an away seat may be handed to a bot by any seated player."""
        since = room.away_since[seat]

        def tell() -> None:
            if room.away_since.get(seat) == since and self.rooms.get(room.id) is room:
                room.broadcast([])

        with contextlib.suppress(RuntimeError):  # no running loop: nobody to tell
            asyncio.get_running_loop().call_later(room.absent_after + 0.05, tell)

    async def claim(self, room: Room, seat: int, token: str, join: str | None = None) -> None:
        """Give a free human seat to ``token``; a private game's needs its ``join`` key."""
        if not 0 <= seat < len(room.seats):
            raise RoomError(f"seat must be 0..{len(room.seats) - 1}, not {seat}")
        async with room.lock:
            info = room.seats[seat]
            if info.is_bot:
                raise RoomError(f"seat {seat} is played by a bot ({info.spec})")
            if room.status == UPLOADED:
                raise RoomError("an uploaded record has no seats to take")
            key = room.stored.join_key
            if key is not None and not secrets.compare_digest(join or "", key):
                raise NotAllowedError(
                    "this game is private: a free seat is taken only through a join link "
                    "from one of its players (it carries the game's join key)"
                    if not join
                    else "this join link's key does not match the game's; ask one of its "
                    "players for the game's join link"
                )
            ok = await self.writer.write(storage.claim_seat, room.id, seat, hash_token(token))
            if not ok:
                raise StorageError(f"seat {seat} ({room.seat_names()[seat]}) is already taken")
            room.seats[seat] = StoredSeat(seat, info.spec, hash_token(token))
            room.broadcast([])
