"""GOPS with a Joker: the sixth game, written from docs/writing-a-game.md alone.

Rules: 2-4 players. Each holds a suit, Ace (1) to King (13). The prize deck
is a fourteenth suit's thirteen cards and the Joker, shuffled face down. Each
round a prize is turned up into the pot; every player bids one card of their
hand, face down and all at once; the bids are turned up together. The one
highest bid takes the pot and scores each prize's rank; highest bids that
tie take nothing, and the pot waits for the next prize. The Joker is worth
nothing itself, but whoever wins it scores 5 points if it is the first prize
they win. The bids are spent. After thirteen rounds the most points win.

Chance: the prize turned up. Secrets: the hands, the bids until the reveal,
the order of the prize deck.

Not registered: the tests register it (tests/examples.py) and every generic
suite plays it.
"""

from examples.gops.game import Gops, GopsState

__all__ = ["Gops", "GopsState"]
