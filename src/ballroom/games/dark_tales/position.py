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

With Cinderella (``Position(expansion="cinderella")``) tiles are named by
their action texts too (``tile-14``; ``tile-14/framed`` shows its framed
side): ``tiles`` puts them in front of a player, ``pile`` keeps only those
named in the pile, the first on top (the rest go in the box; without it the
pile's first tile by number lies on top), ``bottom`` puts tiles under the
pile, ``ball_card`` puts cards on the Ball at the Palace and ``night`` makes
it night; ``tile`` draws the tile a test wants to the pile's top.
"""

from __future__ import annotations

from ballroom.core.components import slug
from ballroom.core.errors import PositionError
from ballroom.core.state import CHANCE
from ballroom.core.zones import ZoneId
from ballroom.games.dark_tales.components import Item, Time
from ballroom.games.dark_tales.game import DarkTales
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.tiles import draw_step, face_of
from ballroom.games.dark_tales.turn import CATALOG, TILE, TILE_BASE, Task


class Position:
    """A table to build: settings, hands, cards in play, items, VP, whose turn."""

    def __init__(self, players: int = 2, expansion: str = "none") -> None:
        self.game = DarkTales(players, expansion=expansion)
        self.tiles_placed: list[tuple[str, ZoneId]] = []
        self.pile_kept: tuple[str, ...] | None = None
        self.at_night = False
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

    def tiles(self, seat: int, *tiles: str) -> Position:
        """Tiles in front of ``seat``, in order: ``tile-3`` unframed side up, ``tile-3/framed``."""
        self.tiles_placed += [(tile, ZoneId("tiles", seat)) for tile in tiles]
        return self

    def bottom(self, *tiles: str) -> Position:
        """Tiles under the pile, unframed side up; the first is drawn first. Each showed
        the side named when it was discarded (``tile-3/framed``; unframed by default)."""
        self.tiles_placed += [(tile, ZoneId("tile-bottom")) for tile in tiles]
        return self

    def pile(self, *tiles: str) -> Position:
        """The pile holds only ``tiles``, the first on top (unframed side up, as everyone
        sees it): every other tile not placed goes in the box."""
        self.pile_kept = tiles
        return self

    def ball_card(self, *cards: str) -> Position:
        """Cards on the Ball at the Palace."""
        self.placed += [(card, ZoneId("ball")) for card in cards]
        return self

    def night(self) -> Position:
        """It is night (Cinderella's two cards in the middle show the Night)."""
        self.at_night = True
        return self

    def empty_deck(self) -> Position:
        """Every card not placed is removed from the game: the deck is empty."""
        return self.deck()

    def build(self) -> DarkTalesState:
        state = self.game.blank_state(0)
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
        if self.tiles_placed or self.pile_kept is not None:
            self._place_tiles(state)
        if self.game.cinderella:
            self._turn_up(state)
        if self.at_night:
            state.clock = Time.NIGHT
        for seat, counts in self.held.items():
            for item, count in counts.items():
                state.change_item(seat, item, count)
        for seat, vp in self.scores.items():
            state.score(seat, vp)
        state.agenda = ((Task.START_TURN, 0),)
        state.proceed()
        return state

    def _place_tiles(self, state: DarkTalesState) -> None:
        if not self.game.cinderella:
            raise PositionError("tiles are played with the Cinderella expansion only")
        placed = set()
        for spec, zone in self.tiles_placed:
            name, _, side = spec.partition("/")
            index = TILE.lookup(name)
            if index is None or side not in ("", "framed"):
                raise PositionError(
                    f"{spec!r} is not a tile; tiles are named tile-1 or tile-1/framed"
                )
            state.zones = state.zones.move(
                TILE_BASE + index, zone, bottom=zone.name == "tile-bottom"
            )
            placed.add(name)
            face = face_of(index, side == "framed")
            if zone.owner is not None:
                state.set_showing(zone.owner, (*state.showing[zone.owner], face))
            else:
                state.under = (face, *state.under)
        if self.pile_kept is not None:
            for tile in state.zones.zone("tile-pile").cards:
                if TILE.texts[tile - TILE_BASE] not in self.pile_kept:
                    state.zones = state.zones.move(tile, ZoneId("tile-box"))

    def _turn_up(self, state: DarkTalesState) -> None:
        """The pile's top: the first tile ``pile`` names, else its first by number; with no
        pile, the first tile under it."""
        pile = state.zones.zone("tile-pile").cards
        if not pile:
            draw_step(state, 0)
            return
        top = min(pile)
        if self.pile_kept:
            named = TILE.lookup(self.pile_kept[0])
            if named is None or TILE_BASE + named not in pile:
                raise PositionError(
                    f"pile: {self.pile_kept[0]!r} cannot top the pile; name a tile like tile-1 "
                    "that is placed nowhere else"
                )
            top = TILE_BASE + named
        state.zones = state.zones.move(top, ZoneId("tile-top"))
        state.top = face_of(top - TILE_BASE, False)


def act(state: DarkTalesState, text: str) -> None:
    """Play a move, by its text, for the seat to decide."""
    seat = state.current_players()[0]
    state.apply(state.game.parse_action(text), seat)


def tile(state: DarkTalesState, name: str) -> None:
    """Chance: tile ``name`` comes to the top of the pile."""
    assert state.current_players() == (CHANCE,), "not a chance step"
    state.apply(state.game.parse_action(f"tile {name}"), CHANCE)


def draw(state: DarkTalesState, card: str) -> None:
    """Chance: the deck gives ``card``."""
    assert state.current_players() == (CHANCE,), "not a chance step"
    state.apply(state.game.parse_action(f"draw {card}"), CHANCE)
