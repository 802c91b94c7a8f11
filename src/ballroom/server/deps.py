"""What every route reads from its request: the room manager, the server's settings, and
the seats a request's token holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import HTTPException, Request, WebSocket

from ballroom.server.rooms import (
    Room,
    RoomManager,
)

if TYPE_CHECKING:
    from ballroom.server.app import ServerConfig


def manager_of(request: Request | WebSocket) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


def config_of(request: Request) -> ServerConfig:
    """The settings the app was created with."""
    config: ServerConfig = request.app.state.config
    return config


def header_tokens(header: str | None) -> list[str]:
    """The seat tokens of an ``x-ballroom-token`` header: one, or several joined by commas."""
    return [token.strip() for token in (header or "").split(",")[:16] if token.strip()]


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
