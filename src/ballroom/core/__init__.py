"""The engine core: nothing game-specific, nothing web-specific."""

from ballroom.core.agent import Agent, Decision, SeatSpec
from ballroom.core.errors import (
    BallroomError,
    IllegalActionError,
    InvalidOptionError,
    RecordError,
    UnknownGameError,
)
from ballroom.core.events import Event
from ballroom.core.game import Game, games, get_game, make, make_game, register
from ballroom.core.options import Option, OptionSet
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import Rng, derive_seed
from ballroom.core.state import CHANCE, Observation, Outcome, State

__all__ = [
    "CHANCE",
    "Agent",
    "BallroomError",
    "Decision",
    "Event",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "InvalidOptionError",
    "Observation",
    "Option",
    "OptionSet",
    "Outcome",
    "RecordError",
    "Rng",
    "SeatSpec",
    "State",
    "UnknownGameError",
    "derive_seed",
    "games",
    "get_game",
    "make",
    "make_game",
    "register",
    "replay",
]
