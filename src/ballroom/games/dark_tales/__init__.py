"""Dark Tales, the base game, played to RULINGS.md (Dark Tales with Cinderella 1-3).

Rules in brief: 2-4 players. Two Setting cards are drawn at random: an A
card (which items may be used during play, and what each does) and a B card
(what each item scores at the end). Each turn a player draws a card while
the deck lasts, may use one item as the A card allows, then plays one card
(mandatory), does what its text says as far as possible, scores its VP, and
puts it where its symbol says: the discard pile, in front of itself, or the
middle of the table. Once the deck is empty, play goes on until a player
starts a turn with no cards in hand; the B card scores, most VP wins, ties
go to most items plus cards in hand, then the win is shared.

Chance: the Setting cards and every card drawn. Secrets: see ``view.py``.

Rulings of this implementation, where neither RULINGS.md nor a rulebook
decides:

1. Each player is dealt 3 cards at the start, seat 0 plays first, and play
   goes clockwise (seat order). Nobody starts with items.
2. A played card's text is carried out in its order before the card is in
   play; then its VP is scored and it goes where its symbol says. So a card
   never names itself (the first Merchant in play scores no Merchant VP).
3. "A card in play" is any card in front of any player or in the middle;
   the player chooses which when several fit, its own included; a text with
   no card to name skips that part. Taken cards go to the player's hand.
4. Day and Night (base game): a Day or Night card played to the middle
   replaces the Day or Night card there, which is discarded; it is day or
   night as that card says, neither before the first. Midnight ("day turns
   into night"): if it is day, the Day card is discarded and the top Night
   card of the discard pile, if any, takes its place.
5. An item is used by returning it to the supply; a use is offered only when
   every card its text names is in play. Items are taken while the supply
   lasts. The item step is asked only of a player holding a usable item
   (items are public, so this gives nothing away).
"""

from ballroom.core.game import register
from ballroom.games.dark_tales.game import DarkTales
from ballroom.games.dark_tales.state import DarkTalesState

register(DarkTales)

__all__ = ["DarkTales", "DarkTalesState"]
