"""Dark Tales, the base game and its Cinderella expansion, played to RULINGS.md (Dark Tales
with Cinderella 1-4).

Rules in brief: 2-4 players. Two Setting cards are drawn at random: an A
card (which items may be used during play, and what each does) and a B card
(what each item scores at the end). Each turn a player draws a card while
the deck lasts, may use one item as the A card allows, then plays one card
(mandatory), does what its text says as far as possible, scores its VP, and
puts it where its symbol says: the discard pile, in front of itself, or the
middle of the table. Once the deck is empty, play goes on until a player
starts a turn with no cards in hand; the B card scores, most VP wins, ties
go to most items plus cards in hand, then the win is shared.

Option ``expansion``: ``none`` (the default: the base game, as a group without
the expansion plays it, and as every earlier record was played), ``cinderella``
(dark-tales-cinderella.txt: Day over Night in the middle for the whole game,
its 21 cards, A4 and B4 among the Setting cards drawn and the two Cinderella
Setting cards, the Ball at the Palace, the 21 tiles, Balls and the final Ball;
``ball.py``, ``tiles.py``), or ``cinderella-shorter`` (the same, 10 different
base cards removed at random first).

Chance: the Setting cards, the cards set aside, every card drawn and every
tile that comes to the top of the tile pile. Secrets: see ``view.py``.

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

Why every game ends (designed data keep it so; ``tests/dark_tales/test_the_game_ends.py``
checks the data against these conditions). Once the deck is empty a card comes back to a
hand only by a take (the Princess: a Male in play) or a recover (the Fairy, the Battle's
Armour, the Market's Wand: the discard pile's top). Count the cards in hands and the
"returning" items held (those whose use under the A card takes or recovers). Each turn
plays one card (-1); using a returning item spends it and brings one back (0); no card
both brings one back and gains a returning item, nor two of either (+1 at most). So the
count never rises, and falls on every turn whose card does neither: after finitely many
of those, only "even" cards could be played (the Princess, the Fairy, a gainer of a
returning item). Nothing an even card does (its text, or the use of an item it gains)
discards an even card, and no even Male or Female goes in the middle (where a Ball would
discard it): so each even card can come back by a recover at most once more, and
otherwise only by a take along a cycle of even cards taking one another (by its text, or
by the use of an item it gains). There is none: The Enchanted Court's Wand, which took a
Male in play, let the Wizard (a Male gaining a Wand) take itself back for ever, so it now
discards a Male in play and scores 1 VP.

With Cinderella:

6. The tile pile's top side is public. The rulebook shuffles the tiles "with
   the side without frames up" and places them "in a nearby pile", has a
   taken tile put in front "do not flip it to the other side!", and puts a
   discarded tile at the bottom "with the *unframed* side up": the pile lies
   on the table unframed side up, and a pile lying a side up shows that side
   of its top tile to everyone at the table. So everyone sees the unframed
   side of the top tile (before choosing to take it), but not which tile it
   is, since tiles share unframed sides and their framed sides differ. The
   order below the top is nobody's knowledge: the tile that comes up once
   the top one is taken is chance. Discarded tiles lie under the rest and
   come up once it is gone, the first discarded first; a tile discarded
   while the pile is empty becomes the pile.
7. The Ball at the Palace holds its cards face down (RULINGS 5): a card every
   player saw in play (every card a text removes, all of them in play) stays
   known by name; a card removed from a hand or the deck would be hidden from
   everyone, its count shown; a full Ball removes all three as they lie,
   nothing turned up. A "Shoe" that a Ball flips is a tile whose
   shown side has a Shoe image.
8. The card whose text holds a Ball (as the Secret Helper or the Stepsisters
   removing a third card) dances at that Ball where its symbol will put it,
   as the rulebook's example has the Stepsisters dance; it is not discarded
   with the middle's dancers, since it is not placed yet.
9. A couple scores when formed; the Stepmother's bonus is scored once every
   player has danced (it counts Stepsisters dancing in front of anyone, once
   per Stepsisters however many players it danced for).
10. The final Ball's awards go to players showing at least one image of the
    kind; with none, a player does not rank. The final Ball is held after
    the B card scores the items (the order changes nothing).
11. The ten cards of the shorter game are set aside unseen (nobody sees
    them): each a card of a base name not set aside yet, each name equally
    likely; Days and Nights are out of the deck already.
12. The expansion's cards other than the Prince, the Stepmother and the
    Stepsisters, and every tile, are designed (``data/cinderella.toml``); so
    is the Noble's 2 Musical Notes, from the rulebook's example.
"""

from ballroom.core.game import register
from ballroom.games.dark_tales.game import DarkTales
from ballroom.games.dark_tales.state import DarkTalesState

register(DarkTales)

__all__ = ["DarkTales", "DarkTalesState"]
