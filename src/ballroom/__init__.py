"""ballroom: play, study and simulate tabletop games by their rulebooks.

>>> import ballroom
>>> state = ballroom.make("dancing-dice", players=3, seed=1)
>>> state.current_players()  # chance rolls the Tango dice first
(-1,)
>>> [game.id for game in ballroom.game_classes()]
['dancing-dice', 'the-dance']

No public name here shadows a subpackage: ``ballroom.games`` is the package
of built-in games, so the registry is listed by ``game_classes()``.
"""

from ballroom import games as _builtin_games  # noqa: F401  (registers the built-in games)
from ballroom.core import (
    CHANCE,
    GameRecord,
    IllegalActionError,
    InvalidOptionError,
    RecordError,
    State,
    get_game,
    make,
    make_game,
    replay,
)
from ballroom.core.game import games as game_classes

__all__ = [
    "CHANCE",
    "GameRecord",
    "IllegalActionError",
    "InvalidOptionError",
    "RecordError",
    "State",
    "game_classes",
    "get_game",
    "make",
    "make_game",
    "replay",
]
