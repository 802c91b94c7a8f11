"""The lobby: the pages, the catalog of games (their data files, How to play panels,
components and web views), the list of open games, and creating a game."""

from __future__ import annotations

import json
import secrets
import tomllib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from fastapi import (
    APIRouter,
    HTTPException,
    Request,
)
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field

from ballroom.agents import bot_names, bots_of, resolve_seat
from ballroom.core.capabilities import ShowsComponents
from ballroom.core.errors import InvalidOptionError, UnknownGameError
from ballroom.core.game import Game, games, get_game
from ballroom.core.options import OptionValue
from ballroom.server.botpool import check_seat
from ballroom.server.deps import config_of, manager_of
from ballroom.server.how_to_play import how_to_play
from ballroom.server.storage import hash_token

router = APIRouter()

STATIC = Path(str(resources.files("ballroom.server") / "static"))
"""The web client's files."""
INDEX = STATIC / "index.html"


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


@router.get("/", include_in_schema=False)
async def home() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/g/{game_id}", include_in_schema=False)
async def game_page(game_id: str) -> FileResponse:
    return FileResponse(INDEX)


@router.get("/r/{game_id}", include_in_schema=False)
async def replay_page(game_id: str) -> FileResponse:
    return FileResponse(INDEX)


@router.get("/api/catalog")
async def catalog() -> list[dict[str, Any]]:
    return [catalog_entry(game_class) for game_class in games()]


@router.get("/api/catalog/{game_id}/data/{name}")
async def component_data(game_id: str, name: str) -> Any:
    files = data_files(get_game(game_id))
    if name not in files:
        raise HTTPException(404, f"{game_id} has no data file {name!r}; it has: {sorted(files)}")
    text = files[name].read_text(encoding="utf-8")
    return tomllib.loads(text) if files[name].name.endswith(".toml") else json.loads(text)


@router.get("/api/catalog/{game_id}/how-to-play")
async def how_to_play_panel(game_id: str) -> dict[str, Any]:
    panel = how_to_play(get_game(game_id))
    if panel is None:
        raise HTTPException(404, f"{game_id} has no How to play panel")
    return panel


@router.get("/api/catalog/{game_id}/components")
async def components(game_id: str) -> dict[str, Any]:
    game_class = get_game(game_id)
    game = game_class(game_class.min_players)
    if not isinstance(game, ShowsComponents):
        raise HTTPException(
            404, f"{game_id} names no components by id; its data files are under /data/"
        )
    return game.components_json()


@router.get("/games/{game_id}/view.js", include_in_schema=False)
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


@router.get("/api/games")
async def recent(request: Request) -> list[dict[str, Any]]:
    """The newest open games; private ones are reached through their links only."""
    return await manager_of(request).recent()


@router.post("/api/games")
async def create(request: Request, body: NewGame) -> dict[str, Any]:
    game = get_game(body.game)(body.players, **body.options)
    seats = list(body.seats) + ["human"] * (body.players - len(body.seats))
    if len(seats) != body.players:
        raise InvalidOptionError(
            f"'seats' lists {len(body.seats)} seats but the game has {body.players} players"
        )
    for index, spec in enumerate(seats):
        if spec != "human":
            check_seat(game, index, spec, config_of(request).bot_ms_max)
    if body.seed is not None and not config_of(request).chosen_seeds:
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
