"""The socket: one per browser tab, carrying moves and live updates (the protocol is in
``ballroom.server.app``'s docstring)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import orjson
from fastapi import (
    APIRouter,
    WebSocket,
    WebSocketDisconnect,
)

from ballroom.core.errors import BallroomError
from ballroom.server.deps import manager_of
from ballroom.server.rooms import (
    Connection,
    Room,
    RoomManager,
    frame_text,
)

router = APIRouter()

MAX_FRAME = 4096
"""Largest client frame accepted, in bytes; a move is a few dozen."""
MAX_SOCKET_MESSAGE = 1 << 20
"""Largest message the WebSocket layer reads (``ballroom serve`` passes it to uvicorn).

Anything from ``MAX_FRAME`` up to this is read and answered with an error
naming ``MAX_FRAME``, and the socket carries on; only a bigger message, which
would have to be buffered whole, closes the socket (code 1009, with a reason
naming this limit)."""
MAX_SAFE_INTEGER = 2**53 - 1
"""Largest integer a browser reads exactly; a longer request id is not echoed."""
MESSAGE_TYPES = ("hello", "move", "undo", "resign", "ping")


@router.websocket("/ws/{game_id}")
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
                    conn.outbox.put_nowait(frame_text({"type": "pong", "id": safe_id(request_id)}))
            except BallroomError as error:
                reply = str(error)
            if reply is not None:
                frame = frame_text({"type": "error", "message": reply, "id": safe_id(request_id)})
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


async def join(manager: RoomManager, room: Room, data: dict[str, Any]) -> tuple[Connection, int]:
    tokens = data.get("tokens", [])
    if (
        not isinstance(tokens, list)
        or len(tokens) > 16
        or not all(isinstance(t, str) and len(t) <= 100 for t in tokens)
    ):
        raise BallroomError("'tokens' must be a list of at most 16 seat tokens (strings)")
    return await manager.join(room, tokens)


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
