"""Records and replays: a finished game's record (during play, a seat's own view of it),
a replay frame at any ply, and uploading a record to replay it here."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import (
    APIRouter,
    Header,
    HTTPException,
    Request,
)
from fastapi.responses import Response

from ballroom.core.errors import InvalidOptionError
from ballroom.core.record import GameRecord
from ballroom.server.deps import header_tokens, manager_of, seat_of_token
from ballroom.server.rooms import (
    event_json,
)

router = APIRouter()

MAX_RECORD = 2_000_000
"""Largest uploaded record, in bytes."""


LIVE_RECORD_REFUSED = (
    "the game is still being played: its full record, seed included, is published when it "
    "ends; until then a seated player may download their own view by sending their seat "
    "token in the X-Ballroom-Token header"
)


@router.get("/api/games/{game_id}/record")
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


@router.get("/api/games/{game_id}/replay")
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


@router.post("/api/records")
async def upload(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_RECORD:
        raise HTTPException(413, f"a record may be at most {MAX_RECORD} bytes")
    # Parsed off the event loop: a long record takes a while to read.
    record_in = await asyncio.to_thread(GameRecord.loads, body.decode("utf-8", errors="replace"))
    game_id = await manager_of(request).upload(record_in)
    return {"id": game_id}


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
