"""The Cinderella tiles: the tile symbol (take or flip), discarded tiles, images counted.

A card with the Cinderella Tile symbol asks its player, before its text, as
many times as the symbol says, to take the top tile of the pile (unframed
side up, not flipped) or to flip one of its own tiles. A player sees both
sides of its own tiles (its ``tiles`` zone); everyone sees the side each
shows (``showing``), and only that side scores.

The pile lies unframed side up (shuffled that way, and a discarded tile goes
under it unframed side up), so everyone sees the unframed side of its top
tile (``top``), though not which tile it is: several tiles share an
unframed side, and their framed sides differ. The order below the top is
nobody's knowledge, so the tile that comes to the top once the top one is
taken is chance; the discarded tiles lie under the rest (the ``tile-bottom``
zone, the first discarded first), and come to the top in that order once
the rest is gone.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dark_tales.components import Image, Side
from ballroom.games.dark_tales.state import ALONE, TILES
from ballroom.games.dark_tales.turn import (
    CATALOG,
    DISCARD_TILE,
    FLIP,
    TAKE_TILE,
    TILE_BASE,
    Phase,
    Task,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.dark_tales.state import DarkTalesState

TOP = ZoneId.parse("tile-top")
PILE = ZoneId.parse("tile-pile")
BOTTOM = ZoneId.parse("tile-bottom")
FACES = {face: index for index, face in enumerate(CATALOG.cinderella.faces)}
TILE_FACES = tuple((FACES[tile.unframed], FACES[tile.framed]) for tile in CATALOG.cinderella.tiles)
"""Per tile (a catalog index): the face index of its unframed and of its framed side, found
once (a world dealt for a search matches the sides shown to the tiles)."""


def face_of(tile: int, framed: bool) -> int:
    """The face index of a tile's side (``tile`` as a catalog index)."""
    return TILE_FACES[tile][framed]


@cache
def describe(face: int) -> str:
    """A side in words: ``framed: 1 VP, 2 birds`` (each side's words made once)."""
    side = CATALOG.cinderella.faces[face]
    parts = [f"{side.vp} VP"] if side.vp else []
    parts += [count_words(n, image) for image, n in zip(Image, side.images, strict=True) if n]
    return ("framed" if side.framed else "unframed") + ": " + (", ".join(parts) or "nothing")


def count_words(n: int, image: Image) -> str:
    """``2 birds``, ``1 mouse``."""
    return f"{n} {image.value}" if n == 1 else f"{n} {PLURALS.get(image, image.value + 's')}"


PLURALS = {Image.MOUSE: "mice"}


# -- the tile symbol ----------------------------------------------------------------------------


def tile_step(state: DarkTalesState, remaining: int) -> Step[Phase] | None:
    """Ask the player to take or flip, while it can (neither a pile nor a tile: skipped)."""
    if not remaining or not (state.top is not None or state.showing[state.player]):
        return None
    return Step.seat(Phase.TILE, state.player)


def tile_choices(state: DarkTalesState, seat: int) -> list[Action]:
    take = [TAKE_TILE()] if state.top is not None else []
    return [*take, *(FLIP(place) for place in range(len(state.showing[seat])))]


def play_tile(state: DarkTalesState, action: Action, seat: int) -> None:
    assert state.pending is not None
    remaining = state.pending[1] - 1
    if action.family is TAKE_TILE:
        state.zones, tile = state.zones.move_top(TOP, TILES[seat])
        state.top = None
        taken(state, seat, tile)
        state.push((Task.TILE_DRAW, seat), (Task.TILE, remaining))
        return
    flip(state, seat, action["place"])
    state.push((Task.TILE, remaining))


def flip(state: DarkTalesState, seat: int, place: int) -> None:
    """The tile in ``place`` turns over: its other side shows, for everyone to see."""
    tile = state.tiles(seat)[place]
    framed = not CATALOG.cinderella.faces[state.showing[seat][place]].framed
    faces = list(state.showing[seat])
    faces[place] = face_of(tile, framed)
    state.set_showing(seat, tuple(faces))
    state.say(
        "flip",
        "{player} flips a tile: it shows {side}.",
        player=state.name(seat),
        seat=seat,
        place=place + 1,
        side=describe(faces[place]),
        reveals=True,
    )


def draw_step(state: DarkTalesState, _: int) -> Step[Phase] | None:
    """Turn up the pile's new top tile: chance while tiles lie below the top, then the first
    tile discarded under the pile; nothing once the pile is empty (ruling 6)."""
    if state.top is not None:
        return None
    if state.zones[PILE].size:
        return Step.chance(Phase.TILE_DRAW)
    if state.zones[BOTTOM].size:
        state.zones, tile = state.zones.move_top(BOTTOM, TOP)
        state.under = state.under[:-1]
        on_top(state, tile, reveals=True)
    return None


def play_drawn(state: DarkTalesState, action: Action, seat: int) -> None:
    tile = TILE_BASE + action["tile"]
    state.zones = state.zones.move(tile, TOP)
    on_top(state, tile, reveals=False)


def on_top(state: DarkTalesState, tile: int, *, reveals: bool) -> None:
    """``tile`` lies on top of the pile: everyone sees its unframed side (ruling 6; ``reveals``:
    a discarded tile's, which the views did not carry where it showed its framed side)."""
    state.top = face_of(tile - TILE_BASE, False)
    state.say(
        "tile-top", "The pile's top tile shows {side}.", side=describe(state.top), reveals=reveals
    )


def taken(state: DarkTalesState, seat: int, tile: int) -> None:
    """``tile`` came in front of ``seat`` unframed side up, as everyone saw it on the pile;
    only the seat is told the other side (which tile it is: that ``reveals``)."""
    index = tile - TILE_BASE
    state.set_showing(seat, (*state.showing[seat], face_of(index, False)))
    state.say(
        "tile",
        "{player} takes a tile: it shows {side}.",
        player=state.name(seat),
        seat=seat,
        side=describe(face_of(index, False)),
    )
    state.say(
        "tile-back",
        "Its other side shows {side}.",
        audience=ALONE[seat],
        reveals=True,
        seat=seat,
        side=describe(face_of(index, True)),
    )


# -- discarding a tile ------------------------------------------------------------------------


def target_step(state: DarkTalesState) -> Step[Phase] | None:
    """Wait for the tile to discard, if any player has one."""
    return Step.seat(Phase.TILE_TARGET, state.player) if any(state.showing) else None


def target_choices(state: DarkTalesState, seat: int) -> list[Action]:
    return [
        DISCARD_TILE(owner, place)
        for owner, faces in enumerate(state.showing)
        for place in range(len(faces))
    ]


def play_target(state: DarkTalesState, action: Action, seat: int) -> None:
    owner, place = action["player"], action["place"]
    tile = TILE_BASE + state.tiles(owner)[place]
    shown = state.showing[owner][place]
    state.set_showing(owner, state.showing[owner][:place] + state.showing[owner][place + 1 :])
    where = "under the pile" if state.top is not None else "to the empty pile's place"
    state.say(
        "discard-tile",
        "{player} discards {owner}'s tile showing {side}; it goes " + where + ".",
        player=state.name(seat),
        seat=seat,
        owner=state.name(owner),
        side=describe(shown),
    )
    if state.top is None:  # the pile is empty: the tile is the pile, unframed side up
        state.zones = state.zones.move(tile, TOP)
        on_top(state, tile, reveals=True)
        return
    state.zones = state.zones.move(tile, BOTTOM, bottom=True)
    state.under = (shown, *state.under)


# -- counting ---------------------------------------------------------------------------------


def images(faces: list[Side], image: Image) -> int:
    """How many ``image`` the sides show (images, not tiles)."""
    return sum(side.count(image) for side in faces)
