"""A fixed-shape tensor encoding of a Dark Tales observation, for learners.

Built from ``observation(seat)`` alone, so it carries exactly what that seat
may see. Seats are rotated so that the observing seat comes first; every
value lies in [0, 1].

=========  ====================  ============================================
block      size                  contents
=========  ====================  ============================================
step       6                     one-hot over the phases
header     2 + 3 + 3             seated, deck / 48; the A card, the B card
seats      7 per seat (4 seats)  present, to play, VP / 50, four items / 8,
                                 hand / 10 (as one value with the others)
cards      6 + 4 per card        where I see it: my hand, the middle, the
                                 discard, removed, being played, in front
                                 of a seat (rotated)
cinderella 4 + 6 + 7 per seat    played, night, Ball at the Palace cards / 2,
                                 tile pile / 21; the side the pile's top
                                 shows: VP / 10, each image / 10; per seat
                                 (rotated): tiles / 21, tile VP shown / 10,
                                 each image / 10
=========  ====================  ============================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ballroom.core.state import Observation, State
from ballroom.core.view import View
from ballroom.games.dark_tales.components import IMAGES, Time
from ballroom.games.dark_tales.state import DarkTalesState, Table
from ballroom.games.dark_tales.tiles import images
from ballroom.games.dark_tales.turn import CATALOG, TILE_IDS, Phase
from ballroom.games.dark_tales.view import read

if TYPE_CHECKING:
    from ballroom.games.dark_tales.game import DarkTales

PHASES = tuple(Phase)
MAX_SEATS = 4
SEAT_SIZE = 8
PLACES = ("hand", "middle", "discard", "removed", "resolving")
CARD_SIZE = len(PLACES) + MAX_SEATS
TILES_SIZE = 2 + len(IMAGES)
TOP_SIZE = 1 + len(IMAGES)
PILE_ZONES = ("tile-top", "tile-pile", "tile-bottom")


def size(players: int) -> int:
    settings = len(CATALOG.a_cards) + len(CATALOG.b_cards)
    cards = CARD_SIZE * len(CATALOG.cards)
    return (
        len(PHASES)
        + 2
        + settings
        + MAX_SEATS * SEAT_SIZE
        + cards
        + 4
        + TOP_SIZE
        + MAX_SEATS * TILES_SIZE
    )


def _unit(value: float, top: float) -> float:
    return min(1.0, max(0.0, value / top))


def shape(game: DarkTales) -> tuple[int, ...]:
    return (size(game.players),)


def encode_observation(game: DarkTales, observation: Observation) -> npt.NDArray[np.float32]:
    return encode_view(read(observation), game.players)


def encode_state(
    game: DarkTales, state: State, seat: int | None, padded: bool = False
) -> npt.NDArray[np.float32]:
    """The seat's typed view encoded without its JSON form (every table size is laid out
    for four seats, so ``padded`` changes nothing)."""
    assert isinstance(state, DarkTalesState)
    return encode_view(state.view(seat), game.players)


def encode_view(view: View[Phase, Table, None], players: int) -> npt.NDArray[np.float32]:
    """``encode`` of the typed view the observation is written from."""
    table = view.public
    out = np.zeros(size(players), dtype=np.float32)
    at = 0
    out[at + PHASES.index(view.step.name)] = 1.0
    at += len(PHASES)
    out[at] = view.seat is not None
    out[at + 1] = _unit(view.zones.zone("deck").size, len(CATALOG.cards))
    at += 2
    if table.a_card is not None:
        out[at + table.a_card] = 1.0
    if table.b_card is not None:
        out[at + len(CATALOG.a_cards) + table.b_card] = 1.0
    at += len(CATALOG.a_cards) + len(CATALOG.b_cards)
    me = view.seat or 0
    for place in range(players):
        seat = (me + place) % players
        base = at + place * SEAT_SIZE
        row = [
            1.0,
            float(seat == table.player),
            _unit(table.vp[seat], 50),
            *(_unit(v, 8) for v in table.items[seat]),
            _unit(view.zones.zone("hand", seat).size, 10),
        ]
        out[base : base + len(row)] = row
    at += MAX_SEATS * SEAT_SIZE
    for zone in view.zones.zones:
        if zone.cards is None:
            continue
        if zone.id.name == "front":
            assert zone.id.owner is not None
            slot = len(PLACES) + (zone.id.owner - me) % players
        elif zone.id.name in PLACES:
            slot = PLACES.index(zone.id.name)
        else:
            continue
        for card in zone.cards:
            out[at + card * CARD_SIZE + slot] = 1.0
    at += CARD_SIZE * len(CATALOG.cards)
    if table.clock is not None:
        pile = sum(view.zones.zone(name).size for name in PILE_ZONES)
        out[at : at + 4] = [
            1.0,
            float(table.clock is Time.NIGHT),
            _unit(
                view.zones.zone("ball").size + view.zones.zone("ball-unseen").size,
                CATALOG.cinderella.holds,
            ),
            _unit(pile, len(TILE_IDS)),
        ]
    at += 4
    if table.top is not None:
        top = [CATALOG.cinderella.faces[table.top]]
        row = [_unit(top[0].vp, 10), *(_unit(images(top, image), 10) for image in IMAGES)]
        out[at : at + TOP_SIZE] = row
    at += TOP_SIZE
    for place in range(players):
        seat = (me + place) % players
        faces = [CATALOG.cinderella.faces[face] for face in table.showing[seat]]
        row = [
            _unit(len(faces), len(TILE_IDS)),
            _unit(sum(side.vp for side in faces), 10),
            *(_unit(images(faces, image), 10) for image in IMAGES),
        ]
        out[at + place * TILES_SIZE : at + (place + 1) * TILES_SIZE] = row
    return out
