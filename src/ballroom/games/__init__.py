"""The built-in games; importing this package registers each of them."""

from ballroom.games import dancing_dice, the_dance

__all__ = ["dancing_dice", "the_dance"]
