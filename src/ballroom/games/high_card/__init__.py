"""High Card: the example game of docs/writing-a-game.md, built on the declared core.

Rules in brief: 2-4 players and a deck of 13 cards ranked 1-13. Each seat is
dealt three. Each round, every seat holding cards plays one face down, all
at once; they are revealed together, and the highest card scores a point.
The 1 is the Jester: when it is revealed, its
owner may give up a point to draw a card. The played cards are discarded
and each seat draws one while the deck lasts. When nobody holds a card, the
most points win.

Chance: every card drawn is a chance step naming the card. Secrets: the
hands and the cards played face down, until the reveal.

Not registered: it exists to be read, and the conformance and twin-secrecy
suites include it by name.
"""

from ballroom.games.high_card.game import HighCard, HighCardState

__all__ = ["HighCard", "HighCardState"]
