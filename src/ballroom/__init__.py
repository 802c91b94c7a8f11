"""ballroom: play, study and simulate tabletop games by their rulebooks.

>>> import ballroom
>>> state = ballroom.make("dancing-dice", players=3, seed=1)
>>> state.current_players()  # chance rolls the Tango dice first
(-1,)
"""

from ballroom import games as _builtin_games  # noqa: F401  (registers the built-in games)
from ballroom.core import (
    CHANCE,
    GameRecord,
    IllegalActionError,
    InvalidOptionError,
    RecordError,
    State,
    games,
    get_game,
    make,
    make_game,
    replay,
)

__all__ = [
    "CHANCE",
    "GameRecord",
    "IllegalActionError",
    "InvalidOptionError",
    "RecordError",
    "State",
    "games",
    "get_game",
    "make",
    "make_game",
    "replay",
]
