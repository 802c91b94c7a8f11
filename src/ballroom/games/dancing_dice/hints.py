"""What a dancer's screen says about each way of arranging her dice.

While arranging, the browser shows what each of the two dances would score,
whether it is pure, whether it is the Tango, and whether the arrangement
makes a Rock or a Gala, all judged by the rules' own modules on the seat's
own dice: the client keeps no copy of the scoring rules.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ballroom.core.state import Observation
from ballroom.core.view import from_json
from ballroom.games.dancing_dice.dance_values import dance_value, describe_value
from ballroom.games.dancing_dice.game_play import CODEC, FIRST, Phase
from ballroom.games.dancing_dice.judging import Performance
from ballroom.games.dancing_dice.view import Curtain, read_step


def move_hints(observation: Observation, legal: Sequence[int]) -> dict[int, Any]:
    """For each ``first ...`` move: both dances' values and names, Rock and Gala."""
    # Only the step, the Tango and the seat's own dice matter: reading the whole view
    # back would cost more than the notes, and a server asks after every move.
    private, tango = observation["private"], observation["public"]["tango"]
    if private is None or tango is None or read_step(observation).name is not Phase.ARRANGE:
        return {}
    return _arrangements(from_json(Curtain, private).dice, tuple(tango), tuple(legal))


@functools.lru_cache(maxsize=512)
def _arrangements(
    dice: tuple[int, ...], tango: tuple[int, ...], legal: tuple[int, ...]
) -> dict[int, Any]:
    """The notes for one hand of dice; cached, since every frame of a round asks again.

    Callers only read the notes (the server encodes them into frames).
    """
    notes: dict[int, Any] = {}
    for action in legal:
        move = CODEC.decode(action)
        if move.family is not FIRST:
            continue
        performance = Performance(dice, move.values[0])
        notes[action] = {
            "dances": [
                _dance(*performance.judged_as(dance), tango)
                | {"tango": performance.shows_tango(dance, tango)}
                for dance in (0, 1)
            ],
            "rock": performance.is_rock,
            "gala": performance.is_gala,
        }
    return notes


@functools.lru_cache(maxsize=8192)
def _dance(faces: tuple[int, ...], pure: bool, tango: tuple[int, ...]) -> dict[str, Any]:
    """One dance's value and name; a row of three faces recurs across hands and rounds."""
    value = dance_value(faces, pure, tango)
    return {"value": value, "name": describe_value(value), "pure": pure}
