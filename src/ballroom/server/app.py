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
import contextlib
import gc
import json
import secrets
import tomllib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ballroom.agents import bot_names, bots_of, resolve_seat
from ballroom.core.capabilities import ShowsComponents
from ballroom.core.errors import BallroomError, InvalidOptionError, UnknownGameError
from ballroom.core.game import Game, games, get_game
from ballroom.core.options import OptionValue
from ballroom.core.record import GameRecord
from ballroom.server import aids
from ballroom.server.botpool import check_seat
from ballroom.server.defaults import DEFAULT_BOT_MS_MAX
from ballroom.server.how_to_play import how_to_play
from ballroom.server.rooms import (
    Connection,
    NotAllowedError,
    Room,
    RoomManager,
    event_json,
    frame_text,
)
from ballroom.server.storage import Store, default_sqlite_url, hash_token, make_engine, migrate

MAX_FRAME = 4096
"""Largest client frame accepted, in bytes; a move is a few dozen."""
MAX_SOCKET_MESSAGE = 1 << 20
"""Largest message the WebSocket layer reads (``ballroom serve`` passes it to uvicorn).

Anything from ``MAX_FRAME`` up to this is read and answered with an error
naming ``MAX_FRAME``, and the socket carries on; only a bigger message, which
would have to be buffered whole, closes the socket (code 1009, with a reason
naming this limit)."""
MAX_RECORD = 2_000_000
"""Largest uploaded record, in bytes."""
MAX_SAFE_INTEGER = 2**53 - 1
"""Largest integer a browser reads exactly; a longer request id is not echoed."""
MESSAGE_TYPES = ("hello", "move", "undo", "resign", "ping")
SERVER_GC_THRESHOLDS = (700, 10, 100)
"""The server's garbage-collector thresholds: Python's defaults (700, 10, 10) but
for the last, which makes full collections ten times rarer.

A full collection scans every live room and holds the event loop meanwhile;
almost everything the games free goes by reference counting, so waiting for a
hundred middle-generation collections instead of ten loses little memory,
while the young collections keep their short default pauses."""
STATIC = Path(str(resources.files("ballroom.server") / "static"))


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


class NewGame(BaseModel):
    """A request to set up a game."""

    game: str = Field(max_length=64)
    players: int
    options: dict[str, OptionValue] = Field(default_factory=dict)
    seats: list[str] = Field(default_factory=list, max_length=16)
    """``human`` or a bot spec per seat; missing seats are human."""
    hotseat: bool = False
    """One browser plays every human seat, passing the device between players."""
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    """A chosen seed: single-player practice only (see ``seed_refusal``)."""
    claim: list[int] | None = None
    """Seats the creator takes; default: every human seat in hotseat, else the first."""
    open: bool = False
    """Listed in the lobby, where anyone may take a free seat; by default a game is
    private, and its free seats are taken through its join links only."""


class JoinSeat(BaseModel):
    """A request to take a free seat."""

    join: str | None = Field(default=None, max_length=64)
    """A private game's join key, from its join link."""


class Handover(BaseModel):
    """A request to let a bot play an absent player's seat."""

    bot: str | None = Field(default=None, max_length=200)
    """A bot spec; default: the game's first bot."""


def header_tokens(header: str | None) -> list[str]:
    """The seat tokens of an ``x-ballroom-token`` header: one, or several joined by commas."""
    return [token.strip() for token in (header or "").split(",")[:16] if token.strip()]


def seed_refusal(game: Game, seats: list[str]) -> str | None:
    """Why a creator may not choose this game's seed, or ``None`` if they may.

    The seed foretells every card and die, so whoever knows it can rebuild the
    game at home and read every other seat's hand. A chosen seed is therefore
    for single-player practice only: at most one human seat, and only bots that
    answer at once. Against another person, or a searching bot whose choices can
    be studied offline from the same seed, the server draws the seed itself.
    """
    humans = seats.count("human")
    searching = sorted(
        {spec for spec in seats if spec != "human" and resolve_seat(game, spec)[0].searches}
    )
    if humans > 1:
        reason = f"this game has {humans} human seats"
    elif humans and searching:
        reason = f"a person plays against the searching bot {searching[0]}"
    else:
        return None
    quick = [name for name in bot_names(game) if not resolve_seat(game, name)[0].searches]
    return (
        f"'seed' cannot be chosen here: {reason}, and whoever knows the seed can work out "
        "every hidden card and die. Leave 'seed' out and the server draws one. A chosen seed "
        "is for single-player practice only: one human seat, and bots that answer at once "
        f"({', '.join(quick)})"
    )


def data_files(game_class: type[Game]) -> dict[str, Traversable]:
    """A game package's component files (``data/*.toml`` or ``*.json``) by stem.

    Components are printed on the box (maps, counters), so any client may read
    them; a view draws the board from them without the server knowing the game.
    """
    package = game_class.__module__.rsplit(".", 1)[0]
    folder = resources.files(package) / "data"
    if not folder.is_dir():
        return {}
    return {
        entry.name.rsplit(".", 1)[0]: entry
        for entry in folder.iterdir()
        if entry.name.endswith((".toml", ".json"))
    }


def web_view(game_class: type[Game]) -> Traversable | None:
    """A game's own web view, ``web/view.js`` in its package, if it has one.

    The view ships with the game's rules, so the server draws a game it does
    not know; games without one get the generic view.
    """
    package = game_class.__module__.rsplit(".", 1)[0]
    view = resources.files(package) / "web" / "view.js"
    return view if view.is_file() else None


def catalog_entry(game_class: type[Game]) -> dict[str, Any]:
    """Everything the client needs to offer a game: players, options, bots, view."""
    sample = game_class(game_class.min_players)
    return {
        "id": game_class.id,
        "name": game_class.name,
        "summary": game_class.summary,
        "min_players": game_class.min_players,
        "max_players": game_class.max_players,
        "options": [
            {
                "name": option.name,
                "label": option.title,
                "doc": option.doc_in_words(),
                "kind": option.kind,
                "default": option.default,
                "choices": list(option.choices),
                "choice_labels": list(option.choice_titles),
                "minimum": option.minimum,
                "maximum": option.maximum,
            }
            for option in game_class.option_set.options
        ],
        "bots": bot_names(sample),
        "bot_details": [bot.to_json(sample) for bot in bots_of(sample)],
        "view": f"/games/{game_class.id}/view.js"
        if web_view(game_class) is not None
        else "/static/views/generic.js",
        "data": sorted(data_files(game_class)),
        "seat_names": [sample.player_name(p) for p in range(game_class.max_players)]
        if game_class.max_players <= 16
        else [],
    }


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
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def manager_of(request: Request | WebSocket) -> RoomManager:
        manager: RoomManager = request.app.state.manager
        return manager

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

    # -- pages --------------------------------------------------------------

    index = STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(index)

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/r/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(index)

    # -- API ----------------------------------------------------------------

    @app.get("/api/catalog")
    async def catalog() -> list[dict[str, Any]]:
        return [catalog_entry(game_class) for game_class in games()]

    @app.get("/api/catalog/{game_id}/data/{name}")
    async def component_data(game_id: str, name: str) -> Any:
        files = data_files(get_game(game_id))
        if name not in files:
            raise HTTPException(
                404, f"{game_id} has no data file {name!r}; it has: {sorted(files)}"
            )
        text = files[name].read_text(encoding="utf-8")
        return tomllib.loads(text) if files[name].name.endswith(".toml") else json.loads(text)

    @app.get("/api/catalog/{game_id}/how-to-play")
    async def how_to_play_panel(game_id: str) -> dict[str, Any]:
        panel = how_to_play(get_game(game_id))
        if panel is None:
            raise HTTPException(404, f"{game_id} has no How to play panel")
        return panel

    @app.get("/api/catalog/{game_id}/components")
    async def components(game_id: str) -> dict[str, Any]:
        game_class = get_game(game_id)
        game = game_class(game_class.min_players)
        if not isinstance(game, ShowsComponents):
            raise HTTPException(
                404, f"{game_id} names no components by id; its data files are under /data/"
            )
        return game.components_json()

    @app.get("/games/{game_id}/view.js", include_in_schema=False)
    async def game_view(game_id: str) -> Response:
        try:
            view = web_view(get_game(game_id))
        except UnknownGameError as error:
            raise HTTPException(404, str(error)) from None
        if view is None:
            raise HTTPException(
                404,
                f"{game_id} has no web view of its own; it is drawn by /static/views/generic.js",
            )
        return Response(view.read_text(encoding="utf-8"), media_type="text/javascript")

    @app.get("/api/games")
    async def recent(request: Request) -> list[dict[str, Any]]:
        """The newest open games; private ones are reached through their links only."""
        return await manager_of(request).recent()

    @app.post("/api/games")
    async def create(request: Request, body: NewGame) -> dict[str, Any]:
        game = get_game(body.game)(body.players, **body.options)
        seats = list(body.seats) + ["human"] * (body.players - len(body.seats))
        if len(seats) != body.players:
            raise InvalidOptionError(
                f"'seats' lists {len(body.seats)} seats but the game has {body.players} players"
            )
        for index, spec in enumerate(seats):
            if spec != "human":
                check_seat(game, index, spec, config.bot_ms_max)
        if body.seed is not None and not config.chosen_seeds:
            refusal = seed_refusal(game, seats)
            if refusal is not None:
                raise InvalidOptionError(refusal)
        humans = [i for i, spec in enumerate(seats) if spec == "human"]
        default_claim = humans if body.hotseat else humans[:1]
        claim = body.claim if body.claim is not None else default_claim
        if any(seat not in humans for seat in claim):
            raise InvalidOptionError(f"'claim' may name human seats only: {humans}")
        token = secrets.token_urlsafe(18)
        manager = manager_of(request)
        game_id = await manager.create(
            game,
            seats,
            seed=body.seed if body.seed is not None else secrets.randbits(62),
            hotseat=body.hotseat,
            claim=claim,
            token_hash=hash_token(token),
            listed=body.open,
        )
        join = (await manager.get(game_id)).stored.join_key
        return {"id": game_id, "token": token, "seats": claim, "join": join}

    @app.get("/api/games/{game_id}")
    async def meta(request: Request, game_id: str) -> dict[str, Any]:
        room = await manager_of(request).get(game_id)
        return room.meta()

    @app.post("/api/games/{game_id}/seats/{seat}/claim")
    async def claim(
        request: Request, game_id: str, seat: int, body: JoinSeat | None = None
    ) -> dict[str, Any]:
        """Take a free seat: anyone in an open game; with the join key in a private one."""
        manager = manager_of(request)
        room = await manager.get(game_id)
        token = secrets.token_urlsafe(18)
        await manager.claim(room, seat, token, body.join if body is not None else None)
        return {"token": token, "seat": seat}

    @app.post("/api/games/{game_id}/seats/{seat}/link")
    async def reissue(
        request: Request,
        game_id: str,
        seat: int,
        x_ballroom_token: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """A new seat token for ``seat`` (the creator's token in the header); the old one ends."""
        manager = manager_of(request)
        room = await manager.get(game_id)
        token = await manager.reissue(room, header_tokens(x_ballroom_token), seat)
        return {"token": token, "seat": seat}

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def handover(
        request: Request,
        game_id: str,
        seat: int,
        body: Handover | None = None,
        x_ballroom_token: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """A bot plays an absent player's seat: the creator's or a seated player's request."""
        manager = manager_of(request)
        room = await manager.get(game_id)
        bot = body.bot if body is not None else None
        spec = await manager.handover(room, header_tokens(x_ballroom_token), seat, bot)
        return {"seat": seat, "bot": spec}

    @app.get("/api/games/{game_id}/record")
    async def record(
        request: Request,
        game_id: str,
        seat: int | None = None,
        x_ballroom_token: Annotated[str | None, Header()] = None,
    ) -> Response:
        """The full record of a finished game; during play, only a seat's own view."""
        room = await manager_of(request).get(game_id)
        if room.finished:
            text = json.dumps(room.record().to_json(), indent=1)
            name = f"{room.game.id}-{room.id}.json"
        else:
            viewer = seat_of_token(room, seat, x_ballroom_token, unseated=LIVE_RECORD_REFUSED)
            text = json.dumps(room.seat_record(viewer), indent=1)
            name = f"{room.game.id}-{room.id}-seat{viewer + 1}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/api/games/{game_id}/replay")
    async def replay_at(
        request: Request,
        game_id: str,
        ply: int = 0,
        seat: int | None = None,
        table: bool = False,
        x_ballroom_token: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """A replay frame: public, through a seat held, or, once the game is over
        (its whole record public), through any seat or the full table (every event)."""
        room = await manager_of(request).get(game_id)
        if room.finished and seat is not None:
            if not 0 <= seat < room.game.players:
                raise InvalidOptionError(f"seat must be 0..{room.game.players - 1}, not {seat}")
            viewer: int | None = seat
        elif table and not room.finished:
            raise HTTPException(403, "the full table is shown only once the game is over")
        else:
            viewer = None if seat is None else seat_of_token(room, seat, x_ballroom_token)
        # Replaying a long game takes a while: on a snapshot, off the event loop.
        frame = await asyncio.to_thread(
            replay_frame, room.record(), room.meta(), ply, viewer, everything=table
        )
        # The seats the token holds, so the page opens on its own seat's view.
        return {**frame, "held": list(room.holder_seats(header_tokens(x_ballroom_token)))}

    @app.get("/api/games/{game_id}/why-not")
    async def why_not(
        request: Request,
        game_id: str,
        seat: int | None = None,
        family: str | None = None,
        params: str = "{}",
        x_ballroom_token: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Why-not questions for a seat its token holds: without ``family`` the families
        one may ask about; with it (and ``params``, a JSON object naming some of its
        parameters) the answer, read from that seat's observation alone."""
        room = await manager_of(request).get(game_id)
        viewer = seat_of_token(room, seat, x_ballroom_token)
        if family is None:
            return {"menu": aids.why_not_menu(room.game)}
        try:
            named = orjson.loads(params) if params.strip() else {}
        except orjson.JSONDecodeError:
            named = None
        if not isinstance(named, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in named.items()
        ):
            raise BallroomError("'params' must be a JSON object of parameter name to value text")
        async with room.lock:
            observation = room.observation(viewer)
            acting = not room.finished and viewer in room.state.current_players()
            legal = room.state.legal_actions(viewer) if acting else []
            return dict(aids.why_not(room.game, observation, legal, family, named))

    @app.post("/api/records")
    async def upload(request: Request) -> dict[str, Any]:
        body = await request.body()
        if len(body) > MAX_RECORD:
            raise HTTPException(413, f"a record may be at most {MAX_RECORD} bytes")
        # Parsed off the event loop: a long record takes a while to read.
        record_in = await asyncio.to_thread(
            GameRecord.loads, body.decode("utf-8", errors="replace")
        )
        game_id = await manager_of(request).upload(record_in)
        return {"id": game_id}

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(
        request: Request,
        game_id: str,
        x_ballroom_token: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        room = await manager.get(game_id)
        new_id = await manager.rematch(room, [x_ballroom_token or ""])
        return {"id": new_id}

    # -- the socket ---------------------------------------------------------

    @app.websocket("/ws/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        manager = manager_of(ws)
        try:
            room = await manager.get(game_id)
        except BallroomError as error:
            await ws.send_text(frame_text({"type": "error", "message": str(error)}))
            await ws.close(code=4404)
            return
        conn: Connection | None = None
        writer: asyncio.Task[None] | None = None
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                request_id, reply = None, None
                try:
                    data = parse_frame(message)
                    request_id = data.get("id")
                    if data["type"] == "hello":
                        if conn is not None:
                            raise BallroomError("this connection has already said hello")
                        conn, refused = await join(manager, room, data)
                        writer = asyncio.get_running_loop().create_task(send_loop(ws, conn))
                        if refused:
                            reply = (
                                f"{refused} token(s) hold no seat of this game; "
                                f"you hold seats {list(conn.seats)}"
                                if conn.seats
                                else f"{refused} token(s) hold no seat of this game; "
                                "you are watching as a spectator"
                            )
                    elif conn is None:
                        raise BallroomError('say {"type": "hello", "tokens": [...]} first')
                    elif data["type"] == "move":
                        await manager.move(
                            room, conn, data.get("seat"), data.get("action"), data.get("ply")
                        )
                    elif data["type"] == "undo":
                        await manager.undo(room, conn, data.get("seat"), data.get("ply"))
                    elif data["type"] == "resign":
                        await manager.resign(room, conn, data.get("seat"))
                    else:
                        conn.outbox.put_nowait(
                            frame_text({"type": "pong", "id": safe_id(request_id)})
                        )
                except BallroomError as error:
                    reply = str(error)
                if reply is not None:
                    frame = frame_text(
                        {"type": "error", "message": reply, "id": safe_id(request_id)}
                    )
                    if conn is not None:
                        conn.outbox.put_nowait(frame)
                    else:
                        await ws.send_text(frame)
        except WebSocketDisconnect:
            pass
        finally:
            if conn is not None:
                manager.leave(room, conn)
            if writer is not None:
                with contextlib.suppress(Exception):
                    await writer

    async def join(
        manager: RoomManager, room: Room, data: dict[str, Any]
    ) -> tuple[Connection, int]:
        tokens = data.get("tokens", [])
        if (
            not isinstance(tokens, list)
            or len(tokens) > 16
            or not all(isinstance(t, str) and len(t) <= 100 for t in tokens)
        ):
            raise BallroomError("'tokens' must be a list of at most 16 seat tokens (strings)")
        return await manager.join(room, tokens)

    return app


LIVE_RECORD_REFUSED = (
    "the game is still being played: its full record, seed included, is published when it "
    "ends; until then a seated player may download their own view by sending their seat "
    "token in the X-Ballroom-Token header"
)


def seat_of_token(
    room: Room, seat: int | None, token: str | None, *, unseated: str | None = None
) -> int:
    """The seat a request may see as: one its ``X-Ballroom-Token`` holds (``seat`` picks one).

    ``unseated`` is the refusal for a token that holds no seat at all, where the
    request has its own reason to give.
    """
    held = room.holder_seats(header_tokens(token))
    if not held and unseated is not None:
        raise HTTPException(403, unseated)
    if seat is None:
        if held:
            return held[0]
        raise HTTPException(403, "your X-Ballroom-Token holds no seat of this game")
    if seat not in held:
        raise HTTPException(
            403, f"your X-Ballroom-Token does not hold seat {seat}; it holds: {list(held)}"
        )
    return seat


async def send_loop(ws: WebSocket, conn: Connection) -> None:
    """Send a connection's queued frames in order until told to stop, then close the socket."""
    while (text := await conn.outbox.get()) is not None:
        try:
            await ws.send_text(text)
        except (RuntimeError, WebSocketDisconnect, OSError):
            return
    with contextlib.suppress(RuntimeError, WebSocketDisconnect, OSError):
        await ws.close(conn.close_code, conn.close_reason)


def parse_frame(message: Any) -> dict[str, Any]:
    """A client frame as a dict with a known ``type``, or a BallroomError saying why not."""
    text = message.get("text")
    if text is None:
        raise BallroomError("frames must be JSON text, not binary")
    size = len(text.encode("utf-8", errors="replace"))
    if size > MAX_FRAME:
        raise BallroomError(f"message too large: {size} bytes; at most {MAX_FRAME} bytes")
    try:
        # orjson refuses what could not be echoed back: lone surrogates, nesting past 1,024.
        data = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise BallroomError(f"message is not valid JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise BallroomError("a message must be a JSON object with a 'type'")
    if data.get("type") not in MESSAGE_TYPES:
        raise BallroomError(
            f"unknown message type {data.get('type')!r}; allowed: {', '.join(MESSAGE_TYPES)}"
        )
    return data


def safe_id(value: object) -> str | int | None:
    """Echo a client's request id only when it is a short string or a JavaScript-safe integer."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) <= MAX_SAFE_INTEGER:
        return value
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


def replay_frame(
    record: GameRecord,
    meta: dict[str, Any],
    ply: int,
    viewer: int | None,
    *,
    everything: bool = False,
) -> dict[str, Any]:
    """The game as ``viewer`` saw it after ``ply`` actions, with the log up to then.

    ``everything`` (a finished game's full table) logs every event, each one
    that was not public naming the seats it was shown to (``seen_by``).
    """
    total = len(record.actions)
    if not 0 <= ply <= total:
        raise InvalidOptionError(f"ply must be 0..{total}, not {ply}")
    state = record.new_state()
    log = []
    for player, text in record.actions[:ply]:
        for event in state.apply(state.game.parse_action(text), player):
            if everything and event.audience is not None:
                log.append({**event_json(event), "seen_by": sorted(event.audience)})
            elif event.visible_to(viewer):
                log.append(event_json(event))
    return {
        "ply": ply,
        "total": total,
        "seat": viewer,
        "observation": state.observation(viewer),
        "current": list(state.current_players()),
        "events": log,
        "meta": meta,
    }
