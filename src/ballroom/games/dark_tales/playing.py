"""Preparation and the turn: the Setting cards, the deal, drawing, items, playing a card.

RULINGS, Dark Tales 2: draw one card while the deck lasts; optionally use
one item as the A card allows; play one card (mandatory). What the card (or
the item) says is carried out by ``card_texts.py``; the end by ``ending.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dark_tales.card_texts import start_text, usable
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.turn import CATALOG, HAND_SIZE, PASS, PLAY, USE, Phase, Task

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.dark_tales.game import DarkTales
    from ballroom.games.dark_tales.state import DarkTalesState

DECK = ZoneId("deck")


def setup_agenda(game: DarkTales) -> tuple[tuple[Task, int], ...]:
    """Draw the A and the B Setting card, deal each player its hand, start the first turn."""
    deal = tuple((Task.DEAL, seat) for _ in range(HAND_SIZE) for seat in range(game.players))
    return ((Task.SETTING, 0), (Task.SETTING, 1), *deal, (Task.START_TURN, 0))


# -- the Setting cards -------------------------------------------------------------------


def setting_step(state: DarkTalesState, letter: int) -> Step[Phase]:
    return Step.chance(Phase.SETTING)


def setting_outcomes(state: DarkTalesState) -> list[int]:
    """The Setting cards the pending draw may give (as ``SETTING_TEXTS`` indexes)."""
    a_count = len(CATALOG.a_cards)
    if state.a_card is None:
        return list(range(a_count))
    return list(range(a_count, a_count + len(CATALOG.b_cards)))


def setting_drawn(state: DarkTalesState, index: int) -> None:
    a_count = len(CATALOG.a_cards)
    if index < a_count:
        state.a_card = index
        state.say("setting", "The A Setting card is {card}.", card=CATALOG.a_cards[index].name)
    else:
        state.b_card = index - a_count
        name = CATALOG.b_cards[index - a_count].name
        state.say("setting", "The B Setting card is {card}.", card=name)


# -- drawing ------------------------------------------------------------------------------


def draw_step(state: DarkTalesState, seat: int) -> Step[Phase] | None:
    """A chance step drawing for ``seat``; ``None`` once the deck is empty (nothing is drawn)."""
    return Step.chance(Phase.DRAW) if state.zones[DECK].size else None


def card_drawn(state: DarkTalesState, card: int) -> None:
    """The drawn card goes to the hand of the seat the pending task draws for."""
    assert state.pending is not None
    seat = state.pending[1]
    state.zones = state.zones.move(card, ZoneId("hand", seat))
    state.say("draw", "{player} draws a card.", player=state.name(seat), seat=seat)
    state.say(
        "drawn",
        "You draw {card}.",
        audience=frozenset({seat}),
        card=CATALOG.cards[card].name,
        seat=seat,
    )


# -- the turn -------------------------------------------------------------------------------


def start_turn(state: DarkTalesState, _: int) -> Step[Phase] | None:
    """Draw while the deck lasts; once it is empty, a player with no cards ends the game."""
    seat = state.player
    if not state.zones[DECK].size and not state.hand(seat):
        state.push((Task.FINAL, 0))
        return None
    state.turn += 1
    state.push((Task.DRAW, seat), (Task.ITEM, seat), (Task.PLAY, seat), (Task.END_TURN, seat))
    return None


def usable_items(state: DarkTalesState, seat: int) -> list[Item]:
    """The items ``seat`` holds whose use the A card allows and whose targets are in play."""
    if state.a_card is None:
        return []
    setting = CATALOG.a_cards[state.a_card]
    found = []
    for item in Item:
        does = setting.use(item)
        if does is not None and state.held(seat, item) and usable(state, seat, does):
            found.append(item)
    return found


def item_step(state: DarkTalesState, seat: int) -> Step[Phase] | None:
    """Offer the item step only when the player holds an item it may use (items are public)."""
    return Step.seat(Phase.ITEM, seat) if usable_items(state, seat) else None


def item_choices(state: DarkTalesState, seat: int) -> list[Action]:
    return [*(USE(item) for item in usable_items(state, seat)), PASS()]


def play_item(state: DarkTalesState, action: Action, seat: int) -> None:
    if action.family is PASS:
        return
    item: Item = action["item"]
    assert state.a_card is not None
    does = CATALOG.a_cards[state.a_card].use(item)
    assert does is not None
    state.change_item(seat, item, -1)
    state.using = item
    state.say("use", "{player} uses a {item}.", player=state.name(seat), seat=seat, item=item.value)
    start_text(state, len(does))


def play_step(state: DarkTalesState, seat: int) -> Step[Phase]:
    return Step.seat(Phase.PLAY, seat)


def play_choices(state: DarkTalesState, seat: int) -> list[Action]:
    return [PLAY(card) for card in state.hand(seat)]


def play_card(state: DarkTalesState, action: Action, seat: int) -> None:
    """The card leaves the hand, face up; its text is carried out before it is placed."""
    card: int = action["card"]
    state.zones = state.zones.move(card, ZoneId("resolving"))
    state.playing = card
    name = CATALOG.cards[card].name
    state.say("play", "{player} plays {card}.", player=state.name(seat), seat=seat, card=name)
    start_text(state, len(CATALOG.cards[card].does), finish=True)


def end_turn(state: DarkTalesState, seat: int) -> None:
    state.player = (seat + 1) % state.game.players
    state.push((Task.START_TURN, 0))
