"""Dominare, played to the rulebook and RULINGS.md (Dominare 1-6).

Rules in brief: 2-6 players lead secret conspiracies in Tempest over seven
Seasons. Each Season: the Conspiracy Phase (each player adds an agent to
the rank equal to the Season, chosen in secret and revealed together;
"when revealed" abilities; exposure; the new player order, highest exposure
first as the scapegoat), the Event Phase (an event's Season-gated sections,
then the scapegoat's adjustment of two districts' VP), the Canvassing
Phase (income and influence, rank by rank, in player order; networking,
spreading) and the Action Phase (two actions each, three in Season 7). A
draft before Season 4. At the end, VP for districts and blocks controlled,
less VP for exposure; ties by crowns, then shared.

Chance: every agent and event drawn. Secrets: see ``view.py``.

Rulings of this implementation, where neither the rulebook nor RULINGS.md
decides:

1. Seats are numbered clockwise and "the left" is the next seat; seat 1 is
   the youngest, so it starts as the scapegoat and the first player order
   runs 1, 2, 3, ...
2. Spreading from a first block in the Canals may reach any district the
   Canal block touches (the sample turn's Alex spreads from a Canal block
   into the Estate and the Atheneum); from any other first block, spread
   blocks lie in at most one district besides the first's.
3. "Up to" removals take as many as the block holds up to the number; the
   block may be declined. Optional targets (remove, move, flip any) offer
   "done"; compulsory ones (place, a player, a district) do not, and an
   operation with no legal target does nothing.
4. Inspire costs at least one crown per influence (a district at 0 VP
   would otherwise give influence away); one Inspire buys at most 20, one
   Whitewash moves at most 20.
5. A "when revealed" ability of an agent revealed in the Conspiracy Phase
   resolves in the player order still standing from the last Season (the
   new order is determined after the reveals); one entering by Replace
   resolves at once.
6. "Look at the top cards of the event deck" (Rousseau Baudin) looks at the
   top event only; it waits on top of the deck, seen by whoever looked,
   and is the next event revealed.
7. A cost that cannot be paid (Severin Aspistes' flip of your own Plebian)
   stops the rest of that ability.
8. "Just Learning": each player's starting hand is one of the six starting
   conspiracies, dealt at random, instead of the deal of eight.
9. A replacing agent is a new agent: it enters face up and unused this
   Season, whatever the agent it replaced had done.
10. A player order tie for the scapegoat is broken by the highest single
   exposure value in the ranks, then by closeness to the left of the
   current scapegoat; later places by the same value, then closeness to
   the left of the new scapegoat (the rulebook's example).
"""

from ballroom.core.game import register
from ballroom.games.dominare.game import Dominare
from ballroom.games.dominare.state import DominareState

register(Dominare)

__all__ = ["Dominare", "DominareState"]
