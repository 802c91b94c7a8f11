"""A fixed-shape tensor encoding of a Dancing Dice observation, for learners.

Built from ``observation(seat)`` alone, so it carries exactly what that seat
may see. Seats are rotated so that the observing seat comes first (a
spectator sees them in seat order); every value lies in [0, 1]. Per-seat
blocks hold ``slots`` seats (by default the table's): laid out for the most
players, the seats a smaller table lacks stay zero.

=====================  ===========  ===========================================
block                  size         contents
=====================  ===========  ===========================================
phase                  6            one-hot: tango, roll, reroll, reroll-roll,
                                    arrange, over
header                 3            seated (not a spectator), round / 50
                                    (capped), satisfactory count / 3
tango                  18           each sorted Tango die one-hot over 6 faces
seats                  5 per seat   endurance / 10, dancing, ready, re-roll
                                    announced, re-roll count / 6
my dice                36           each of my six dice one-hot over 6 faces
my face counts         6            how many of my dice show each face, / 6
my re-roll             7            chosen, then the re-rolled dice a-f
my first dance         7            chosen, then the dice a-f in it
last round             7 per seat   performed, first and second dance value /
                                    45, satisfactory in each, Rock, Gala
winners                1 per seat   won the game
=====================  ===========  ===========================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ballroom.core.declared import DeclaredState
from ballroom.core.flow import Mode
from ballroom.core.game import Game
from ballroom.core.state import Observation, State
from ballroom.games.dancing_dice.game_play import Phase
from ballroom.games.dancing_dice.preparation import DICE_PER_PLAYER, MAX_ENDURANCE
from ballroom.games.dancing_dice.view import DiceView, LastRound, read

PHASES = tuple(phase.value for phase in Phase)
FACES = 6
MAX_ROUND = 50
MAX_SATISFACTORY = 3
MAX_VALUE = 45
"""A pure Boogie: 2 * 22 + 1, the highest dance value."""
SEAT_SIZE = 5
LAST_ROUND_SIZE = 7
FIXED_SIZE = (
    len(PHASES) + 3 + 3 * FACES + DICE_PER_PLAYER * FACES + FACES + 2 * (1 + DICE_PER_PLAYER)
)


def observation_size(slots: int) -> int:
    """Length of the encoding with room for ``slots`` seats."""
    return FIXED_SIZE + slots * (SEAT_SIZE + LAST_ROUND_SIZE + 1)


def encode(
    observation: Observation, players: int, slots: int | None = None
) -> npt.NDArray[np.float32]:
    """The encoding described in the module docstring, with room for ``slots`` seats."""
    return encode_view(read(observation), players, slots)


def shape(game: Game) -> tuple[int, ...]:
    """The encoding's shape with room for the game's seats."""
    return (observation_size(game.players),)


def padded_shape(game: Game) -> tuple[int, ...]:
    """The encoding's shape with room for the most seats the game allows."""
    return (observation_size(game.max_players),)


def encode_observation(game: Game, observation: Observation) -> npt.NDArray[np.float32]:
    """``encode`` with room for the game's seats."""
    return encode(observation, game.players)


def encode_padded(game: Game, observation: Observation) -> npt.NDArray[np.float32]:
    """``encode`` with room for the most seats the game allows."""
    return encode(observation, game.players, game.max_players)


def encode_state(
    game: Game, state: State, seat: int | None, padded: bool = False
) -> npt.NDArray[np.float32]:
    """``encode`` of ``seat``'s view of ``state``, without its JSON."""
    assert isinstance(state, DeclaredState)
    slots = game.max_players if padded else None
    return encode_view(state.view(seat), game.players, slots)


def encode_view(view: DiceView, players: int, slots: int | None = None) -> npt.NDArray[np.float32]:
    """``encode`` of the typed view the observation is written from."""
    room = players if slots is None else slots
    floor, curtain = view.public, view.private
    out = np.zeros(observation_size(room), dtype=np.float32)
    you = view.seat
    order = (
        [(you + k) % players for k in range(players)] if you is not None else list(range(players))
    )
    out[PHASES.index(view.step.name.value)] = 1.0
    at = len(PHASES)
    out[at] = float(you is not None)
    out[at + 1] = min(floor.round, MAX_ROUND) / MAX_ROUND
    out[at + 2] = floor.satisfactory / MAX_SATISFACTORY
    at += 3
    for i, face in enumerate(floor.tango or ()):
        out[at + i * FACES + face - 1] = 1.0
    at += 3 * FACES
    choosing = view.step.seats if view.step.mode is Mode.SECRET else ()
    for p in order:
        couple = floor.couples[p]
        announced = couple.rerolled
        ready = couple.dancing and bool(choosing) and p not in choosing
        out[at : at + SEAT_SIZE] = (
            couple.endurance / MAX_ENDURANCE,
            float(couple.dancing),
            float(ready),
            float(announced is not None),
            (announced or 0) / DICE_PER_PLAYER,
        )
        at += SEAT_SIZE
    at += (room - players) * SEAT_SIZE
    for die, face in enumerate(curtain.dice if curtain is not None else ()):
        if face:
            out[at + die * FACES + face - 1] = 1.0
            out[at + DICE_PER_PLAYER * FACES + face - 1] += 1.0 / DICE_PER_PLAYER
    at += DICE_PER_PLAYER * FACES + FACES
    chosen_dice = (curtain.reroll, curtain.first_row) if curtain is not None else (None, None)
    for chosen in chosen_dice:
        if chosen is not None:
            out[at] = 1.0
            for die in chosen:
                out[at + 1 + die] = 1.0
        at += 1 + DICE_PER_PLAYER
    at = _encode_last_round(out, at, floor.last_round, order, room)
    for p in floor.winners or ():
        out[at + order.index(p)] = 1.0
    return out


def _encode_last_round(
    out: npt.NDArray[np.float32], at: int, last: LastRound | None, order: list[int], room: int
) -> int:
    """What the last reveal and judging showed every seat."""
    if last is not None:
        for slot, p in enumerate(order):
            shown = last.performances.get(p)
            if shown is None:
                continue
            base = at + slot * LAST_ROUND_SIZE
            out[base] = 1.0
            for d, dance in enumerate(last.dances):
                value = dance.values.get(p)
                if value is not None:
                    out[base + 1 + d] = value / MAX_VALUE
                    out[base + 3 + d] = float(p in dance.satisfactory)
            out[base + 5] = float(shown.rock)
            out[base + 6] = float(shown.gala)
    return at + room * LAST_ROUND_SIZE
