"""The web app: a JSON API, one WebSocket per browser tab, and the static client.

HTTP creates games, claims seats, serves records and replays; the socket
carries moves and live updates. The socket protocol (JSON text frames):

client -> server
    ``{"type": "hello", "tokens": [...]}``   first frame: seat tokens held (none: spectator)
    ``{"type": "move", "seat": 0, "action": "keep", "ply": 12}``   action text or integer id;
    ``ply`` (optional) is the state's ply the move was chosen at: a stale move is refused
    ``{"type": "undo", "seat": 0, "ply": 12}``   take back that seat's own last move
    ``{"type": "resign", "seat": 0}``, ``{"type": "ping"}``
server -> client
    ``{"type": "state", "seat": s, "observation": ..., "legal": [...], "events": [...], ...}``
    one per seat held (``seat: null`` for a spectator); ``reset: true`` carries the whole log;
    ``undo``: the seat may take its last move back; ``undo_refused``: why not, in words
    ``{"type": "error", "message": ...}``   the request changed nothing
    A connection whose seat link was re-issued is closed with code 4001.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ballroom.core.errors import BallroomError
from ballroom.server import game_routes, lobby_routes, record_routes, socket_routes
from ballroom.server.defaults import DEFAULT_BOT_MS_MAX
from ballroom.server.lobby_routes import STATIC
from ballroom.server.rooms import (
    NotAllowedError,
    RoomManager,
)
from ballroom.server.socket_routes import MAX_FRAME, MAX_SOCKET_MESSAGE
from ballroom.server.storage import Store, default_sqlite_url, make_engine, migrate

SERVER_GC_THRESHOLDS = (700, 10, 100)
"""The server's garbage-collector thresholds: Python's defaults (700, 10, 10) but
for the last, which makes full collections ten times rarer.

A full collection scans every live room and holds the event loop meanwhile;
almost everything the games free goes by reference counting, so waiting for a
hundred middle-generation collections instead of ten loses little memory,
while the young collections keep their short default pauses."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Where the server keeps its games and how it paces its bots."""

    db_url: str | None = None
    data_dir: str = "./data"
    bot_delay: float = 0.6
    bot_processes: int = 0
    """Worker processes for searching bots (plus one for the bots that answer at once);
    0 thinks in threads (tests, small servers)."""
    bot_ms_max: float = DEFAULT_BOT_MS_MAX
    """The most milliseconds a bot may think per move: a seat asking for more is refused,
    and every search, whatever its budget, stops there."""
    evict_after: float = 600.0
    """Seconds a room with no connection and no bot to move stays in memory."""
    absent_after: float = 300.0
    """Seconds a human seat must be away before any seated player (not only the game's
    creator) may hand it to a bot."""
    chosen_seeds: bool = False
    """Accept a creator's seed for every game, not only for single-player practice
    (``seed_refusal``): for tests and demonstrations that need a known deal with
    several people at the table, never for a server strangers play on."""
    tune_gc: bool = False
    """Tune the garbage collector for a long-running server: once started, move
    every object alive (modules, rules, tables) out of its sight (``gc.freeze``),
    and make full collections rarer (``SERVER_GC_THRESHOLDS``), since each one
    stops every game while it scans all the live rooms. For the server process
    (``ballroom serve``), not for tests, which start many apps in one process."""

    def url(self) -> str:
        return self.db_url or default_sqlite_url(self.data_dir)


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The ASGI app; storage is opened (and migrated) when it starts."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(config.url())
        await asyncio.to_thread(migrate, engine)
        manager = RoomManager(
            Store(engine),
            bot_delay=config.bot_delay,
            bot_processes=config.bot_processes,
            bot_ms_max=config.bot_ms_max,
            evict_after=config.evict_after,
            absent_after=config.absent_after,
        )
        app.state.manager = manager
        await manager.resume_all()
        if config.tune_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(*SERVER_GC_THRESHOLDS)
        yield
        await manager.close()
        engine.dispose()

    app = FastAPI(title="ballroom", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.config = config
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(BallroomError)
    async def _refused(_request: Request, error: BallroomError) -> JSONResponse:
        status = (
            404
            if "there is no game" in str(error)
            else 403
            if isinstance(error, NotAllowedError)
            else 400
        )
        if "already taken" in str(error):
            status = 409
        return JSONResponse({"detail": str(error)}, status_code=status)

    for routes in (lobby_routes, game_routes, record_routes, socket_routes):
        app.include_router(routes.router)
    return app


__all__ = ["MAX_FRAME", "MAX_SOCKET_MESSAGE", "SERVER_GC_THRESHOLDS", "ServerConfig", "create_app"]
