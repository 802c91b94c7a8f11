"""A rule-aware bot: it plays the card worth most to it now, against its opponents.

It values a card by its VP, what its text scores at once (``per``, ``at``),
the items it gains as the B Setting card will score them, cards drawn, and
the best target it can hit; it uses an item when the use scores more than
keeping it (as the B card pays); it takes the card worth most VP into its
hand, and discards or removes its opponents' cards, never its own. Every
value is read from the seat's observation.
"""

from __future__ import annotations

from ballroom.core.agent import Decision
from ballroom.core.rng import Rng
from ballroom.core.zones import ZonesView
from ballroom.games.dark_tales.card_texts import TYPES
from ballroom.games.dark_tales.components import (
    ANY,
    At,
    Discard,
    Draw,
    Gain,
    Item,
    Operation,
    Per,
    Recover,
    Remove,
    Score,
    Take,
    Time,
)
from ballroom.games.dark_tales.state import Table
from ballroom.games.dark_tales.turn import CATALOG, CHOOSE, CODEC, PLAY, USE, Phase
from ballroom.games.dark_tales.view import read

CARD_IN_HAND = 1.5
"""What an unknown card drawn into the hand is worth: about one card's VP to come."""


def _matches(card: int, what: str) -> bool:
    found = CATALOG.cards[card]
    if what == ANY:
        return True
    return found.type.value == what if what in TYPES else found.name == what


class _Table:
    """What the seat reads from its view."""

    def __init__(self, zones: ZonesView, table: Table, seat: int, players: int) -> None:
        self.seat = seat
        self.table = table
        self.mine = set(zones.zone("front", seat).cards or ())
        self.in_play: list[int] = []
        for s in range(players):
            self.in_play += zones.zone("front", s).cards or ()
        self.in_play += zones.zone("middle").cards or ()
        self.time: Time | None = None
        for card in zones.zone("middle").cards or ():
            if CATALOG.cards[card].time is not None:
                self.time = CATALOG.cards[card].time
        self.discard = zones.zone("discard").cards or ()
        self.deck = zones.zone("deck").size

    def item_worth(self, item: Item) -> float:
        """What holding an item is worth at the end (by the B card), or a little to use."""
        b = self.table.b_card
        worth = CATALOG.b_cards[b].score(item) if b is not None else 0
        return max(float(worth), 0.5)

    def hit(self, card: int, *, take: bool = False) -> float:
        """What hitting ``card`` in play is worth: a card to play again (its VP once more), or
        a little for an opponent's card gone (its VP stays scored), never one's own."""
        if take:
            return float(CATALOG.cards[card].vp)
        return 0.5 if card not in self.mine else -1.0

    def value(self, does: tuple[Operation, ...]) -> float:
        total = 0.0
        for op in does:
            match op:
                case Gain(item, count):
                    total += count * self.item_worth(item)
                case Draw(count) | Recover(count):
                    total += (
                        count * CARD_IN_HAND * (1.0 if isinstance(op, Draw) or self.discard else 0)
                    )
                case Per(what, vp):
                    total += vp * sum(_matches(c, what) for c in self.in_play)
                case Score(vp):
                    total += vp
                case At(time, vp):
                    total += vp if self.time is time else 0
                case Take(what) | Discard(what) | Remove(what):
                    hits = [
                        self.hit(c, take=isinstance(op, Take))
                        for c in self.in_play
                        if _matches(c, what)
                    ]
                    total += max(hits, default=0.0)
        return total


class HeuristicAgent:
    """Rules of thumb; ``rng`` breaks ties."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]
        view = read(decision.observation)
        seat = decision.player
        seen = _Table(view.zones, view.public, seat, decision.game.players)
        scores: dict[int, float] = {}
        for action in legal:
            move = CODEC.decode(action)
            if move.family is PLAY:
                card = CATALOG.cards[move["card"]]
                scores[action] = card.vp + seen.value(card.does)
            elif move.family is CHOOSE:
                table = view.public
                source = (
                    CATALOG.cards[table.playing].does
                    if table.using is None and table.playing is not None
                    else CATALOG.a_cards[table.a_card].use(table.using) or ()
                    if table.a_card is not None and table.using is not None
                    else ()
                )
                op = source[table.target_of] if table.target_of < len(source) else None
                scores[action] = seen.hit(move["card"], take=isinstance(op, Take))
            elif move.family is USE:
                item: Item = move["item"]
                a = view.public.a_card
                does = CATALOG.a_cards[a].use(item) if a is not None else None
                scores[action] = seen.value(does or ()) - seen.item_worth(item)
            else:
                scores[action] = 0.0
        best = max(scores.values())
        choices = [a for a, s in scores.items() if s == best]
        return (
            choices[self.rng.below(len(choices))] if view.step.name is not Phase.OVER else legal[0]
        )
