"""The Dance."""

from ballroom.core.game import register
from ballroom.games.the_dance.game import TheDance
from ballroom.games.the_dance.state import TheDanceState

register(TheDance)

__all__ = ["TheDance", "TheDanceState"]
