"""A fixed-shape tensor encoding of a Vampire's Harvest observation, for learners.

Built from ``observation(seat)`` alone, so it carries exactly what that seat
may see. Seats are rotated so that the observing seat comes first (a
spectator sees them in seat order); every value lies in [0, 1].

=============  =====================  ==========================================
block          size                   contents
=============  =====================  ==========================================
step           15                     one-hot over the phases
header         4 + 4                  seated, turn / 12, Pool / 60, locked
                                      Initiative; each Area closed
seats          22 per seat (5 seats)  present, Initiative, to decide now, Blood /
                                      60, three tracks / 30, four Skills / 5,
                                      Skill Points / 20, Power Broker used, Late
                                      Decision and Chance Encounter used, the
                                      revealed Action card one-hot (8)
my choice      8                      the Action card I chose, one-hot
fight          7                      dice one-hot by face (count / 10), Fury
cards          11 per card            where I see it: Area 1-4, the Event, my
                                      hand, my Chance Encounter, my drawn
                                      Seduction cards, a kept Seduction card, a
                                      Trainer Skill taken, being faced
=============  =====================  ==========================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ballroom.core.game import Game
from ballroom.core.state import Observation, State
from ballroom.core.view import View
from ballroom.games.vampires_harvest.state import HarvestState, Secret, Table
from ballroom.games.vampires_harvest.turn import CATALOG, MAX_PLAYERS, ActionCard, Phase
from ballroom.games.vampires_harvest.view import read

PHASES = tuple(Phase)
ACTION_CARDS = tuple(ActionCard)
SEAT_SIZE = 14 + len(ACTION_CARDS)
CARD_SIZE = 11
SIZE = (
    len(PHASES)
    + 8
    + MAX_PLAYERS * SEAT_SIZE
    + len(ACTION_CARDS)
    + 7
    + CARD_SIZE * len(CATALOG.cards)
)


def _unit(value: float, top: float) -> float:
    return min(1.0, max(0.0, value / top))


def shape(game: Game) -> tuple[int, ...]:
    """The encoding's shape, whatever the number of players (room for five seats)."""
    return (SIZE,)


def encode_observation(game: Game, observation: Observation) -> npt.NDArray[np.float32]:
    return encode_view(read(observation), game.players)


def encode_state(
    game: Game, state: State, seat: int | None, padded: bool = False
) -> npt.NDArray[np.float32]:
    """``encode_observation`` of ``seat``'s view of ``state``, without its JSON."""
    assert isinstance(state, HarvestState)
    return encode_view(state.view(seat), game.players)


def encode_view(view: View[Phase, Table, Secret], players: int) -> npt.NDArray[np.float32]:
    """``encode`` of the typed view the observation is written from."""
    table = view.public
    out = np.zeros(SIZE, dtype=np.float32)
    at = 0
    out[at + PHASES.index(view.step.name)] = 1.0
    at += len(PHASES)
    out[at : at + 4] = (
        view.seat is not None,
        table.turn / 12,
        _unit(table.pool, 60),
        table.initiative_locked,
    )
    for area in table.closed:
        out[at + 3 + area] = 1.0
    at += 8
    me = view.seat or 0
    for place in range(players):
        seat = (me + place) % players
        base = at + place * SEAT_SIZE
        used = table.discarded[seat]
        row = [
            1.0,
            float(seat == table.initiative),
            float(seat in view.step.seats),
            _unit(table.blood[seat], 60),
            *(_unit(v, 30) for v in table.tracks[seat]),
            *(v / 5 for v in table.skills[seat]),
            _unit(table.skill_points[seat], 20),
            float(table.broker_used[seat]),
            float(ActionCard.LATE_DECISION in used),
            float(ActionCard.CHANCE_ENCOUNTER in used),
        ]
        out[base : base + len(row)] = row
        shown = table.revealed[seat]
        if shown is not None:
            out[base + len(row) + ACTION_CARDS.index(shown)] = 1.0
    at += MAX_PLAYERS * SEAT_SIZE
    if view.private is not None and view.private.chosen is not None:
        out[at + ACTION_CARDS.index(view.private.chosen)] = 1.0
    at += len(ACTION_CARDS)
    for face in table.dice:
        out[at + face - 1] = min(1.0, out[at + face - 1] + 0.1)
    out[at + 6] = float(table.fury)
    at += 7
    places = [f"area-{a}" for a in range(1, 5)] + ["event"]
    mine = ["hand", "encounter", "drawn"]
    for zone in view.zones.zones:
        if zone.cards is None:
            continue
        if zone.id.name in places:
            slot = places.index(zone.id.name)
        elif zone.id.name in mine and zone.id.owner == view.seat:
            slot = 5 + mine.index(zone.id.name)
        elif zone.id.name == "kept":
            slot = 8
        elif zone.id.name == "trained":
            slot = 9
        else:
            continue
        for card in zone.cards:
            out[at + card * CARD_SIZE + slot] = 1.0
    if table.facing is not None:
        out[at + table.facing * CARD_SIZE + 10] = 1.0
    return out
