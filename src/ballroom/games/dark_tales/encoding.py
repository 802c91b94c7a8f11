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
=========  ====================  ============================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ballroom.core.state import Observation
from ballroom.games.dark_tales.turn import CATALOG, Phase
from ballroom.games.dark_tales.view import read

PHASES = tuple(Phase)
MAX_SEATS = 4
SEAT_SIZE = 8
PLACES = ("hand", "middle", "discard", "removed", "resolving")
CARD_SIZE = len(PLACES) + MAX_SEATS


def size(players: int) -> int:
    settings = len(CATALOG.a_cards) + len(CATALOG.b_cards)
    return len(PHASES) + 2 + settings + MAX_SEATS * SEAT_SIZE + CARD_SIZE * len(CATALOG.cards)


def _unit(value: float, top: float) -> float:
    return min(1.0, max(0.0, value / top))


def encode(observation: Observation, players: int) -> npt.NDArray[np.float32]:
    view = read(observation)
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
    return out
