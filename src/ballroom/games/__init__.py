"""The built-in games; importing this package registers each of them."""

from ballroom.games import dancing_dice

__all__ = ["dancing_dice"]
