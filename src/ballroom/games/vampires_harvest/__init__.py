"""Vampire's Harvest, played to the rulebook and RULINGS.md (Vampire's Harvest 1-9).

Rules in brief: 3-5 players (two with the ``two-player`` option) are new
Vampires over twelve turns. Each turn: Prepare (the turn marker; Initiative
passes right; 1d6 Blood per player into the Pool; an Event; one Power
Broker auction at most; Skill upgrades at n points for level n), every
player chooses an Action card in secret and all are revealed together, then
the Actions resolve clockwise from the Initiative holder: Harvest, Train,
an Area's Opportunity (Tribute, Slay, Seduce) or a Chance Encounter. After
turn 12 a player scores the product of its two lower tracks plus the
highest; ties by Blood, then shared.

Chance: the first Initiative holder, every die, every card drawn. Secrets:
see ``view.py``.

Rulings of this implementation, where neither the rulebook nor RULINGS.md
decides:

1. Seats are numbered clockwise; passing "to the right" gives the marker to
   the previous seat. 1B comes before 1E, so a Power Broker auction takes
   the marker after that turn's pass; "nothing may take it away" then bars
   the rest of the turn (the Usurper's Garnet Bloodstone).
2. Power Broker: the opener bids at least 1 Blood; then, clockwise from the
   opener, every player still in raises or drops out (a player may not bid
   more Blood than it owns; bids name at most 99) until one is left, who
   pays. The players still holding Power Broker are asked in Initiative
   order; once an auction is played nobody else is asked that turn.
3. Skill upgrades: each player in Initiative order, once per Prepare phase,
   raises any Skills it can pay for and may play Prepare Bloodstones, then
   says done. Skill Points are public, as the tokens are.
4. Late Decision players choose again at once and in secret, then reveal
   together; Late Decision may not be chosen again (it is discarded).
5. An Area card of a closed Area may not be chosen; an Area left without
   Opportunities (both decks and discards empty) offers nothing.
6. A player in an Area picks one of its two Opportunities, may play
   Bloodstones of that moment, then meets it or declines. A failed
   Opportunity stays. A Chance Encounter's kept card is attempted at once,
   then discarded (it lasts only this turn); its four others are discarded
   face down. With fewer than five cards left in the deck and its discards,
   fewer are drawn.
7. Harvest pays every harvester when the first of them resolves.
8. Blood Fury (RULINGS 9): declared, and its activation paid, before the
   first roll; a plain fight has no critical 6s and no rerolls. A reroll
   names its dice by face and count (dice showing one face are alike): any
   of them, a 6 too, but no 1 below the level the Skill board gives. Success
   needs as many hits as the Enemy's strength; a failed fight costs nothing
   more.
9. Seduce: the seducer keeps cards one by one up to its keep number (at
   least one); each Success kept gives the Opportunity's rewards once; at
   least one Success is a success. All drawn cards then go face down to the
   Seduction discards (kept ones were shown).
10. Train buys 0-8 points; a Trainer Skill is offered only if one is
    affordable. Trainer Skills are a public supply, each taken once.
11. One-time Events act for every player in Initiative order (a Blood Moon
    adds 2 Blood per player to the Pool); Events for the turn modify rules
    until the turn ends. The Event and Bloodstone decks refresh from their
    discards like the others.
12. Modifiers: a Tribute costs at least 0, a hit needs 2-6, a Seduction
    keeps at least one card, a fight rolls at least one die.
"""

from ballroom.core.game import register
from ballroom.games.vampires_harvest.game import VampiresHarvest
from ballroom.games.vampires_harvest.state import HarvestState

register(VampiresHarvest)

__all__ = ["HarvestState", "VampiresHarvest"]
