"""A game's seats and aids over HTTP: its table, claiming a seat, a new seat link, a bot
for an absent player, why-not questions, and a rematch."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import orjson
from fastapi import (
    APIRouter,
    Header,
    Request,
)
from pydantic import BaseModel, Field

from ballroom.core.errors import BallroomError
from ballroom.server import aids
from ballroom.server.deps import header_tokens, manager_of, seat_of_token

router = APIRouter()


class JoinSeat(BaseModel):
    """A request to take a free seat."""

    join: str | None = Field(default=None, max_length=64)
    """A private game's join key, from its join link."""


class Handover(BaseModel):
    """A request to let a bot play an absent player's seat."""

    bot: str | None = Field(default=None, max_length=200)
    """A bot spec; default: the game's first bot."""


@router.get("/api/games/{game_id}")
async def meta(request: Request, game_id: str) -> dict[str, Any]:
    room = await manager_of(request).get(game_id)
    return room.meta()


@router.post("/api/games/{game_id}/seats/{seat}/claim")
async def claim(
    request: Request, game_id: str, seat: int, body: JoinSeat | None = None
) -> dict[str, Any]:
    """Take a free seat: anyone in an open game; with the join key in a private one."""
    manager = manager_of(request)
    room = await manager.get(game_id)
    token = secrets.token_urlsafe(18)
    await manager.claim(room, seat, token, body.join if body is not None else None)
    return {"token": token, "seat": seat}


@router.post("/api/games/{game_id}/seats/{seat}/link")
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


@router.post("/api/games/{game_id}/seats/{seat}/bot")
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


@router.get("/api/games/{game_id}/why-not")
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


@router.post("/api/games/{game_id}/rematch")
async def rematch(
    request: Request,
    game_id: str,
    x_ballroom_token: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    manager = manager_of(request)
    room = await manager.get(game_id)
    new_id = await manager.rematch(room, [x_ballroom_token or ""])
    return {"id": new_id}
