"""Hand-made moments of Dark Tales, said the way the table looks, then played on.

A rule test says "two players, The Battle of the Forgotten Lands and The
Armoury; Player 1 holds a Princess and a Sword; Player 2 has a King in front
of them; an Ogre is in the middle"::

    state = (
        Position(players=2)
        .settings("the-battle-of-the-forgotten-lands", "the-armoury")
        .hand(0, "princess-1")
        .items(0, sword=1)
        .front(1, "king-1")
        .middle("ogre-1")
        .build()
    )

``build()`` leaves the game at the start of the turn of the player to play
(``player``, Player 1 by default): its draw is a chance step while the deck
holds cards, so a test draws the card it wants with ``draw``. Cards are named
by their action texts (``princess-1``); a card not placed stays in the deck,
``deck(...)`` keeps only the cards named in the deck (``empty_deck()`` none),
removing the rest from the game. Then ``act`` and
``draw`` play the moves by their texts.
"""

from __future__ import annotations

from ballroom.core.errors import PositionError
from ballroom.core.state import CHANCE
from ballroom.core.zones import ZoneId
from ballroom.games.dark_tales.components import Item, slug
from ballroom.games.dark_tales.game import DarkTales
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import CATALOG, Task


class Position:
    """A table to build: settings, hands, cards in play, items, VP, whose turn."""

    def __init__(self, players: int = 2) -> None:
        self.game = DarkTales(players)
        self.placed: list[tuple[str, ZoneId]] = []
        self.a_card = 0
        self.b_card = 0
        self.to_play = 0
        self.held: dict[int, dict[Item, int]] = {}
        self.scores: dict[int, int] = {}
        self.kept: tuple[str, ...] | None = None

    def settings(self, a: str, b: str) -> Position:
        """The A and B Setting cards, by their names as words."""
        a_names = [slug(card.name) for card in CATALOG.a_cards]
        b_names = [slug(card.name) for card in CATALOG.b_cards]
        if a not in a_names or b not in b_names:
            raise PositionError(
                f"settings: A is one of {', '.join(a_names)}; B one of {', '.join(b_names)}"
            )
        self.a_card, self.b_card = a_names.index(a), b_names.index(b)
        return self

    def hand(self, seat: int, *cards: str) -> Position:
        self.placed += [(card, ZoneId("hand", seat)) for card in cards]
        return self

    def front(self, seat: int, *cards: str) -> Position:
        self.placed += [(card, ZoneId("front", seat)) for card in cards]
        return self

    def middle(self, *cards: str) -> Position:
        self.placed += [(card, ZoneId("middle")) for card in cards]
        return self

    def discard(self, *cards: str) -> Position:
        """Cards on the discard pile, the last on top."""
        self.placed += [(card, ZoneId("discard")) for card in cards]
        return self

    def items(self, seat: int, **counts: int) -> Position:
        """Items held: ``gold_coin``, ``sword``, ``armour``, ``magic_wand``."""
        self.held[seat] = {Item(name.replace("_", "-")): n for name, n in counts.items()}
        return self

    def vp(self, seat: int, vp: int) -> Position:
        self.scores[seat] = vp
        return self

    def player(self, seat: int) -> Position:
        """Whose turn starts."""
        self.to_play = seat
        return self

    def deck(self, *cards: str) -> Position:
        """The deck holds only ``cards``: every other card not placed is removed from the game."""
        self.kept = cards
        return self

    def empty_deck(self) -> Position:
        """Every card not placed is removed from the game: the deck is empty."""
        return self.deck()

    def build(self) -> DarkTalesState:
        state = DarkTalesState(self.game, 0, deal=False)
        state.a_card, state.b_card = self.a_card, self.b_card
        state.player = self.to_play
        for text, zone in self.placed:
            if text not in CATALOG.texts:
                raise PositionError(f"{text!r} is not a card; cards are named like king-1")
            state.zones = state.zones.move(CATALOG.card(text), zone)
        if self.kept is not None:
            for card in state.zones.zone("deck").cards:
                if CATALOG.texts[card] not in self.kept:
                    state.zones = state.zones.move(card, ZoneId("removed"))
        for seat, counts in self.held.items():
            for item, count in counts.items():
                state.change_item(seat, item, count)
        for seat, vp in self.scores.items():
            state.score(seat, vp)
        state.agenda = ((Task.START_TURN, 0),)
        state.proceed()
        return state


def act(state: DarkTalesState, text: str) -> None:
    """Play a move, by its text, for the seat to decide."""
    seat = state.current_players()[0]
    state.apply(state.game.parse_action(text), seat)


def draw(state: DarkTalesState, card: str) -> None:
    """Chance: the deck gives ``card``."""
    assert state.current_players() == (CHANCE,), "not a chance step"
    state.apply(state.game.parse_action(f"draw {card}"), CHANCE)
