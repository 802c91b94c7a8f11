"""Preparation and the turn: the Setting cards, the deal, drawing, items, playing a card.

RULINGS, Dark Tales 2: draw one card while the deck lasts; optionally use
one item as the A card allows; play one card (mandatory). What the card (or
the item) says is carried out by ``card_texts.py``; the end by ``ending.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.flow import Step
from ballroom.games.dark_tales import chronicle
from ballroom.games.dark_tales.card_texts import all_in_play, named, start_text
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.faces import ITEM_WORDS
from ballroom.games.dark_tales.state import ALONE, ASIDE, DECK, HAND, RESOLVING
from ballroom.games.dark_tales.turn import (
    CATALOG,
    DRAWING,
    HAND_SIZE,
    PASS,
    PASS_ID,
    PLAY_IDS,
    PLAYING,
    SET_ASIDE,
    SHORTER_GAME,
    USE_IDS,
    USING,
    Phase,
    Task,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.dark_tales.state import DarkTalesState, Edition


def setup_agenda(game: Edition) -> tuple[tuple[Task, int], ...]:
    """Draw the A and the B Setting card, set aside 10 different base cards for the shorter
    game, turn up the tile pile's top (Cinderella), deal each player its hand, start the
    first turn."""
    deal = tuple((Task.DEAL, seat) for _ in range(HAND_SIZE) for seat in range(game.players))
    shorter = tuple((Task.SET_ASIDE, 0) for _ in range(SHORTER_GAME)) if game.shorter else ()
    pile = ((Task.TILE_DRAW, 0),) if game.cinderella else ()
    return ((Task.SETTING, 0), (Task.SETTING, 1), *shorter, *pile, *deal, (Task.START_TURN, 0))


# -- the Setting cards -------------------------------------------------------------------


def setting_step(state: DarkTalesState, letter: int) -> Step[Phase]:
    return Step.chance(Phase.SETTING)


def setting_outcomes(state: DarkTalesState) -> list[int]:
    """The Setting cards the pending draw may give (as ``SETTING_TEXTS`` indexes): the base
    game's, and with Cinderella A4 (B4) too."""
    a_count = len(CATALOG.a_cards)
    drawn_from = a_count if state.game.cinderella else CATALOG.base_settings
    if state.a_card is None:
        return list(range(drawn_from))
    return list(range(a_count, a_count + drawn_from))


def setting_drawn(state: DarkTalesState, index: int) -> None:
    a_count = len(CATALOG.a_cards)
    if index < a_count:
        state.a_card = index
        state.say("setting", "The A Setting card is {card}.", card=CATALOG.a_cards[index].name)
    else:
        state.b_card = index - a_count
        name = CATALOG.b_cards[index - a_count].name
        state.say("setting", "The B Setting card is {card}.", card=name)


# -- the shorter game ------------------------------------------------------------------------


def set_aside_step(state: DarkTalesState, _: int) -> Step[Phase]:
    return Step.chance(Phase.SET_ASIDE)


def set_aside_outcomes(state: DarkTalesState) -> list[int]:
    """One card of each base card's name not set aside yet, each name equally likely."""
    gone = {CATALOG.cards[card].name for card in state.zones[ASIDE].cards}
    first: dict[str, int] = {}
    for card in sorted(state.zones[DECK].cards):
        name = CATALOG.cards[card].name
        if card < CATALOG.base_cards and name not in gone:
            first.setdefault(name, card)
    return sorted(first.values())


def set_aside(state: DarkTalesState, action: Action, seat: int) -> None:
    """The card leaves the game unseen (``set-aside``, which nobody sees)."""
    state.zones = state.zones.move(action["card"], ASIDE)
    state.say("set-aside", "A base card is set aside for the shorter game.")


def set_aside_chances(state: DarkTalesState) -> list[tuple[Action, float]]:
    found = set_aside_outcomes(state)
    return [(SET_ASIDE(card), 1.0 / len(found)) for card in found]


# -- drawing ------------------------------------------------------------------------------


def draw_step(state: DarkTalesState, seat: int) -> Step[Phase] | None:
    """A chance step drawing for ``seat``; ``None`` once the deck is empty (nothing is drawn)."""
    return DRAWING if state.zones.zones[DECK].cards else None


def card_drawn(state: DarkTalesState, card: int) -> None:
    """The drawn card goes to the hand of the seat the pending task draws for."""
    assert state.pending is not None
    seat = state.pending[1]
    state.zones = state.zones.move(card, HAND[seat])
    if state.reporting:
        state.tell("draw", "{player} draws a card.", seat)
        state.say(
            "drawn",
            "You draw {card}.",
            audience=ALONE[seat],
            card=CATALOG.cards[card].name,
            seat=seat,
        )


# -- the turn -------------------------------------------------------------------------------


def start_turn(state: DarkTalesState, _: int) -> Step[Phase] | None:
    """Draw while the deck lasts; once it is empty, a player with no cards ends the game."""
    seat = state.player
    if not state.zones.zones[DECK].cards and not state.hand(seat):
        state.push((Task.FINAL, 0))
        return None
    state.turn += 1
    state.push((Task.DRAW, seat), (Task.ITEM, seat), (Task.PLAY, seat), (Task.END_TURN, seat))
    return None


ITEM_USES = tuple(
    tuple(
        (index, named(does))
        for index, item in enumerate(Item)
        if (does := setting.use(item)) is not None
    )
    for setting in CATALOG.a_cards
)
"""Per A Setting card: each item it lets a player use, as its index in the enum's order, with
the kinds of card its use names (which must be in play): worked out once, as
every turn asks."""


def usable_items(state: DarkTalesState, seat: int) -> list[int]:
    """The items ``seat`` holds whose use the A card allows and whose targets are in play,
    as their indexes in the enum's order."""
    held = state.items[seat]
    if state.a_card is None or not any(held):
        return []
    return [
        index
        for index, kinds in ITEM_USES[state.a_card]
        if held[index] and all_in_play(state, kinds)
    ]


def item_step(state: DarkTalesState, seat: int) -> Step[Phase] | None:
    """Offer the item step only when the player holds an item it may use (items are public)."""
    return USING[seat] if usable_items(state, seat) else None


def item_ids(state: DarkTalesState, seat: int) -> list[int]:
    """Use an item the seat may use, or pass."""
    return sorted([*(USE_IDS[index] for index in usable_items(state, seat)), PASS_ID])


def play_item(state: DarkTalesState, action: Action, seat: int) -> None:
    if action.family is PASS:
        return
    item: Item = action["item"]
    assert state.a_card is not None
    does = CATALOG.a_cards[state.a_card].use(item)
    assert does is not None
    state.change_item(seat, item, -1)
    state.using = item
    used = words.a(ITEM_WORDS[item])
    state.tell(
        "use",
        "{player} uses {used}.",
        seat,
        item=item.value,
        used=used,
    )
    start_text(state, len(does))


def play_step(state: DarkTalesState, seat: int) -> Step[Phase]:
    return PLAYING[seat]


def play_ids(state: DarkTalesState, seat: int) -> list[int]:
    """Play a card of the hand."""
    return sorted([PLAY_IDS[card] for card in state.hand(seat)])


def play_card(state: DarkTalesState, action: Action, seat: int) -> None:
    """The card leaves the hand, face up; its text is carried out before it is placed."""
    card: int = action.values[0]
    state.zones = state.zones.move(card, RESOLVING)
    state.playing = card
    chronicle.card_started(state)
    found = CATALOG.cards[card]
    if state.reporting:
        state.tell("play", "{player} plays {card}.", seat, card=found.name)
    symbol = found.tiles if state.game.cinderella else 0
    start_text(state, len(found.does), finish=True, tile_symbol=symbol)


def end_turn(state: DarkTalesState, seat: int) -> None:
    state.player = (seat + 1) % state.game.players
    state.push((Task.START_TURN, 0))
