"""What the parts of ``RoomManager`` share: its fields, and the methods one part calls
on another (declared for the type checker only, so that each part's own method is the
one that runs)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from ballroom.server.botpool import BotPool
from ballroom.server.room import Connection, Room, Step
from ballroom.server.storage import Store, Writer
from ballroom.server.writer_process import WriterProcess

if TYPE_CHECKING:
    from ballroom.server.sync import Leases, Listener

T = TypeVar("T")


class ManagerParts:
    """The fields every part of ``RoomManager`` reads (set in ``RoomManager.__init__``)."""

    store: Store
    bot_delay: float
    evict_after: float
    absent_after: float
    reads: ThreadPoolExecutor
    writer: Writer | WriterProcess
    bots: BotPool
    bot_ms_max: float
    rooms: dict[str, Room]
    _loading: dict[str, asyncio.Future[Room]]
    listener: Listener | None
    leases: Leases | None
    _catching_up: dict[str, asyncio.Task[None]]
    _changed_again: set[str]
    _sweeper: asyncio.Task[None]

    if TYPE_CHECKING:

        async def _read(self, function: Callable[..., T], *args: Any) -> T: ...

        async def get(self, game_id: str) -> Room: ...

        def _add(self, room: Room) -> Room: ...

        async def _commit(self, room: Room, steps: list[Step]) -> None: ...

        def _watch(self, room: Room) -> Room: ...

        def _tell_when_idle(self, room: Room, seat: int) -> None: ...

        def _close(self, room: Room, conn: Connection, code: int, reason: str) -> None: ...

        def _drive(self, room: Room) -> None: ...
