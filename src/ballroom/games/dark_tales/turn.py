"""The turn as decision steps, the moves each offers, and the agenda's tasks.

A turn (RULINGS, Dark Tales 2): draw a card while the deck lasts; use one
item as the A Setting card allows, or not; play one card, do what it says as
far as possible, score its VP; the card goes where its symbol says. The
state keeps an agenda of ``Task`` values; a task happens at once or waits at
a ``Phase``: a seat's decision or chance.

Chance: the two Setting cards (``setting``) and every card drawn (``draw``),
so records name each and a search never foresees them.
"""

from __future__ import annotations

from enum import Enum

from ballroom.core.actions import ActionCodec, Family, Param
from ballroom.core.flow import Flow
from ballroom.games.dark_tales.components import Item, default_catalog, slug

CATALOG = default_catalog()
HAND_SIZE = 3
"""Cards dealt to each player at the start (this implementation's ruling 1)."""


class Phase(Enum):
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
    OVER = "over"


class Task(Enum):
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

CODEC = ActionCodec((SETTING, DRAW, USE, PASS, PLAY, CHOOSE))
FLOW = Flow.declare(
    Phase,
    {
        Phase.SETTING: [SETTING],
        Phase.DRAW: [DRAW],
        Phase.ITEM: [USE, PASS],
        Phase.PLAY: [PLAY],
        Phase.TARGET: [CHOOSE],
        Phase.OVER: [],
    },
)
