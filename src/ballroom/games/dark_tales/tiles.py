"""The Cinderella tiles: the tile symbol (take or flip), discarded tiles, images counted.

A card with the Cinderella Tile symbol asks its player, before its text, as
many times as the symbol says, to take the top tile of the pile (unframed
side up, not flipped) or to flip one of its own tiles. A player sees both
sides of its own tiles (its ``tiles`` zone); everyone sees the side each
shows (``showing``), and only that side scores. A discarded tile goes under
the pile, unframed side up (the ``tile-bottom`` zone, drawn once the pile
is empty, the first discarded first). The pile's order is nobody's
knowledge, so the tile taken from it is chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dark_tales.components import Image, Side
from ballroom.games.dark_tales.turn import (
    CATALOG,
    DISCARD_TILE,
    FLIP,
    TAKE_TILE,
    TILE_BASE,
    TILE_DRAWN,
    Phase,
    Task,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.dark_tales.state import DarkTalesState

PILE = ZoneId("tile-pile")
BOTTOM = ZoneId("tile-bottom")
FACES = {face: index for index, face in enumerate(CATALOG.cinderella.faces)}


def face_of(tile: int, framed: bool) -> int:
    """The face index of a tile's side (``tile`` as a catalog index)."""
    return FACES[CATALOG.cinderella.tiles[tile].side(framed)]


def describe(face: int) -> str:
    """A side in words: ``framed: 1 VP, 2 birds``."""
    side = CATALOG.cinderella.faces[face]
    parts = [f"{side.vp} VP"] if side.vp else []
    parts += [count_words(n, image) for image, n in zip(Image, side.images, strict=True) if n]
    return ("framed" if side.framed else "unframed") + ": " + (", ".join(parts) or "nothing")


def count_words(n: int, image: Image) -> str:
    """``2 birds``, ``1 mouse``."""
    return f"{n} {image.value}" if n == 1 else f"{n} {PLURALS.get(image, image.value + 's')}"


PLURALS = {Image.MOUSE: "mice"}


def pile_size(state: DarkTalesState) -> int:
    return state.zones[PILE].size + state.zones[BOTTOM].size


# -- the tile symbol ----------------------------------------------------------------------------


def tile_step(state: DarkTalesState, remaining: int) -> Step[Phase] | None:
    """Ask the player to take or flip, while it can (neither a pile nor a tile: skipped)."""
    if not remaining or not (pile_size(state) or state.showing[state.player]):
        return None
    return Step.seat(Phase.TILE, state.player)


def tile_choices(state: DarkTalesState, seat: int) -> list[Action]:
    take = [TAKE_TILE()] if pile_size(state) else []
    return [*take, *(FLIP(place) for place in range(len(state.showing[seat])))]


def play_tile(state: DarkTalesState, action: Action, seat: int) -> None:
    assert state.pending is not None
    remaining = state.pending[1] - 1
    if action.family is TAKE_TILE:
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


def draw_step(state: DarkTalesState, seat: int) -> Step[Phase] | None:
    """The pile's top is chance; once the pile is empty, the first tile discarded under it."""
    if state.zones[PILE].size:
        return Step.chance(Phase.TILE_DRAW)
    state.zones, tile = state.zones.move_top(BOTTOM, ZoneId("tiles", seat))
    state.under = state.under[:-1]
    taken(state, seat, tile, reveals=True)
    return None


def chances(state: DarkTalesState) -> list[tuple[Action, float]]:
    pile = state.zones[PILE].cards
    return [(TILE_DRAWN(tile - TILE_BASE), 1.0 / len(pile)) for tile in sorted(pile)]


def play_drawn(state: DarkTalesState, action: Action, seat: int) -> None:
    assert state.pending is not None
    owner = state.pending[1]
    tile = TILE_BASE + action["tile"]
    state.zones = state.zones.move(tile, ZoneId("tiles", owner))
    taken(state, owner, tile, reveals=False)


def taken(state: DarkTalesState, seat: int, tile: int, *, reveals: bool) -> None:
    """``tile`` came in front of ``seat`` unframed side up; only it is told the other side."""
    index = tile - TILE_BASE
    state.set_showing(seat, (*state.showing[seat], face_of(index, False)))
    state.say(
        "tile",
        "{player} takes a tile: it shows {side}.",
        player=state.name(seat),
        seat=seat,
        side=describe(face_of(index, False)),
        reveals=reveals,
    )
    state.say(
        "tile-back",
        "Its other side shows {side}.",
        audience=frozenset({seat}),
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
    state.zones = state.zones.move(tile, BOTTOM, bottom=True)
    state.under = (shown, *state.under)
    state.say(
        "discard-tile",
        "{player} discards {owner}'s tile showing {side}; it goes under the pile.",
        player=state.name(seat),
        seat=seat,
        owner=state.name(owner),
        side=describe(shown),
    )


# -- counting ---------------------------------------------------------------------------------


def images(faces: list[Side], image: Image) -> int:
    """How many ``image`` the sides show (images, not tiles)."""
    return sum(side.count(image) for side in faces)
