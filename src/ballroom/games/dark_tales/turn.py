"""The turn as decision steps, the moves each offers, and the agenda's tasks.

A turn (RULINGS, Dark Tales 2): draw a card while the deck lasts; use one
item as the A Setting card allows, or not; play one card, do what it says as
far as possible, score its VP; the card goes where its symbol says. The
state keeps an agenda of ``Task`` values; a task happens at once or waits at
a ``Phase``: a seat's decision or chance. With Cinderella a card's tile
symbol asks its player to take or flip tiles first, and a third card on the
Ball at the Palace holds a Ball, where each player forms its couples.

Chance: the two Setting cards (``setting``), the base cards set aside for
the shorter game (``set-aside``), every card drawn (``draw``) and every tile
that comes to the top of the tile pile (``tile``: its unframed side shows),
so records name each and a search never foresees them.
"""

from __future__ import annotations

from ballroom.core.actions import ActionCodec, Family, Param
from ballroom.core.components import slug
from ballroom.core.flow import Flow, Step
from ballroom.core.terms import Term
from ballroom.games.dark_tales.components import Item, default_catalog

CATALOG = default_catalog()
HAND_SIZE = 3
"""Cards dealt to each player at the start (this implementation's ruling 1)."""
SHORTER_GAME = 10
"""The shorter game removes this many different base cards (the expansion's rulebook)."""
TILE_BASE = len(CATALOG.cards)
"""Tiles lie in zones as ids from ``TILE_BASE`` on, after the cards' ids."""
TILE_IDS = range(TILE_BASE, TILE_BASE + len(CATALOG.cinderella.tiles))
MAX_SEATS = 4


class Phase(Term):
    """The decision points of the game."""

    SETTING = "setting"
    """Chance: the A and then the B Setting card."""
    DRAW = "draw"
    """Chance: the card drawn from the deck."""
    ITEM = "item"
    """The player may use one item as the A card allows."""
    PLAY = "play"
    """The player plays one card from its hand."""
    TARGET = "target"
    """The player chooses the card in play that a text (or an item) names."""
    SET_ASIDE = "set-aside"
    """Chance: a base card removed for the shorter game."""
    TILE = "tile"
    """The player takes a tile from the pile or flips one of its own."""
    TILE_DRAW = "tile-draw"
    """Chance: the tile that comes to the top of the pile (its unframed side shows)."""
    TILE_TARGET = "tile-target"
    """The player chooses the tile a text discards."""
    DANCE = "dance"
    """At a Ball, the player forms its dancing couples one by one."""
    OVER = "over"


class Task(Term):
    """One line of the agenda."""

    SETTING = "setting"
    DEAL = "deal"
    """Deal a card to the seat given."""
    START_TURN = "start-turn"
    DRAW = "draw"
    """Draw a card for the seat given, while the deck lasts."""
    ITEM = "item"
    PLAY = "play"
    OPERATION = "operation"
    """Carry out the operation of the resolving text with the index given."""
    FINISH_CARD = "finish-card"
    """Score the played card's VP and put it where its symbol says."""
    FINISH_ITEM = "finish-item"
    """The item's use is done."""
    END_TURN = "end-turn"
    FINAL = "final"
    """The B Setting card scores; the game ends."""
    SET_ASIDE = "set-aside"
    """Remove one more different base card (the shorter game)."""
    TILE = "tile"
    """Take or flip a tile, the argument's number of times."""
    TILE_DRAW = "tile-draw"
    """Turn up the pile's new top tile, if it has none and any tile is left."""
    BALL = "ball"
    """Hold a Ball: during the game (0) or the final Ball (1)."""
    BALL_SEAT = "ball-seat"
    """The seat given scores its tiles and flips its Shoes (not at the final Ball)."""
    COUPLES = "couples"
    """The seat given may form a couple."""
    BALL_END = "ball-end"
    """The Ball's bonuses; the middle's dancers are discarded; the final awards."""


DRAWING = Step.chance(Phase.DRAW)
"""The steps the rules wait at most, made once (a ``Step`` is one shared value): a draw,
and per seat its item, its play and its target."""
USING = tuple(Step.seat(Phase.ITEM, seat) for seat in range(MAX_SEATS))
PLAYING = tuple(Step.seat(Phase.PLAY, seat) for seat in range(MAX_SEATS))
TARGETING = tuple(Step.seat(Phase.TARGET, seat) for seat in range(MAX_SEATS))


CARD = Param.of_names("card", CATALOG.texts)
SETTING_TEXTS = (
    *(slug(card.name) for card in CATALOG.a_cards),
    *(slug(card.name) for card in CATALOG.b_cards),
)
"""The Setting cards as words: the A cards, then the B cards."""

SETTING = Family(
    "setting",
    (Param.of_names("card", SETTING_TEXTS),),
    "Chance: the Setting card drawn (A cards first, then B).",
)
DRAW = Family("draw", (CARD,), "Chance: the card drawn.")
USE = Family("use", (Param.of_enum("item", Item),), "Use one item as the A Setting card allows.")
PASS = Family("pass", (), "Use no item this turn.")
PLAY = Family("play", (CARD,), "Play a card from your hand.")
CHOOSE = Family("choose", (CARD,), "Choose this card in play.")
SET_ASIDE = Family("set-aside", (CARD,), "Chance: a base card removed for the shorter game.")
TILE = Param.of_names("tile", tuple(f"tile-{n}" for n in range(1, len(TILE_IDS) + 1)))
PLACE = Param(
    "place", tuple(range(len(TILE_IDS))), tuple(str(n) for n in range(1, len(TILE_IDS) + 1))
)
"""A tile's place among the tiles in front of a player: 1 is the first taken."""
SEAT = Param("player", tuple(range(MAX_SEATS)), tuple(f"p{n}" for n in range(1, MAX_SEATS + 1)))
TAKE_TILE = Family("take-tile", (), "Take the top tile of the pile.")
FLIP = Family("flip", (PLACE,), "Flip your tile in this place to its other side.")
TILE_DRAWN = Family("tile", (TILE,), "Chance: the tile that comes to the top of the pile.")
DISCARD_TILE = Family("discard-tile", (SEAT, PLACE), "Discard this player's tile in this place.")
COUPLE = Family(
    "couple",
    (Param.of_names("male", CATALOG.texts), Param.of_names("female", CATALOG.texts)),
    "Form a dancing couple of this Male and this Female.",
)
BEST = Family("best", (), "Form the best couples left (the most VP), and stop.")
STOP = Family("stop", (), "Form no more couples at this Ball.")

CODEC = ActionCodec(
    (
        SETTING,
        DRAW,
        USE,
        PASS,
        PLAY,
        CHOOSE,
        SET_ASIDE,
        TAKE_TILE,
        FLIP,
        TILE_DRAWN,
        DISCARD_TILE,
        BEST,
        STOP,
        COUPLE,
    )
)
PLAY_IDS = CODEC.ids(PLAY)
"""The id of playing each card, by card; and of choosing each, and of using each item (in
the enum's order): the steps of every turn list their ids from these (``rules.OFFERED``)."""
CHOOSE_IDS = CODEC.ids(CHOOSE)
USE_IDS = CODEC.ids(USE)
PASS_ID = CODEC.encode(PASS())
TILE_DRAWN_IDS = {tile: CODEC.encode(TILE_DRAWN(tile - TILE_BASE)) for tile in TILE_IDS}
"""The id of each tile coming to the top of the pile, by the tile's id in the zones."""
COUPLE_IDS = CODEC.ids(COUPLE)
BEST_ID = CODEC.encode(BEST())
STOP_ID = CODEC.encode(STOP())


def couple_id(male: int, female: int) -> int:
    """The id of forming the couple of ``male`` and ``female``: their family's ids run by
    Male, then by Female."""
    return COUPLE_IDS[male * len(CATALOG.texts) + female]


FLOW = Flow.declare(
    Phase,
    {
        Phase.SETTING: [SETTING],
        Phase.DRAW: [DRAW],
        Phase.ITEM: [USE, PASS],
        Phase.PLAY: [PLAY],
        Phase.TARGET: [CHOOSE],
        Phase.SET_ASIDE: [SET_ASIDE],
        Phase.TILE: [TAKE_TILE, FLIP],
        Phase.TILE_DRAW: [TILE_DRAWN],
        Phase.TILE_TARGET: [DISCARD_TILE],
        Phase.DANCE: [COUPLE, BEST, STOP],
        Phase.OVER: [],
    },
)
