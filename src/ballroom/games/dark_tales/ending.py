"""The end (RULINGS, Dark Tales 3): once the deck is empty, play goes on until a player
starts a turn with no cards in hand; then the B Setting card scores the items (and with
Cinderella the final Ball is held, ``ball.py``); most VP wins; ties go to most items plus
cards in hand, then the win is shared."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from ballroom.games.dark_tales.ball import FINAL
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.turn import CATALOG, Task

if TYPE_CHECKING:
    from ballroom.games.dark_tales.state import DarkTalesState


def final(state: DarkTalesState, _: int) -> None:
    """The B card scores every player's items."""
    assert state.b_card is not None
    setting = CATALOG.b_cards[state.b_card]
    state.say(
        "end",
        "{player} starts a turn with no cards: the game ends.",
        player=state.name(state.player),
    )
    for seat in range(state.game.players):
        vp = sum(state.held(seat, item) * setting.score(item) for item in Item)
        if vp:
            state.score(seat, vp)
            state.say("final", "{player} scores {vp} VP for items.", player=state.name(seat), vp=vp)
    if state.game.cinderella:
        state.push((Task.BALL, FINAL))


def tiebreak(state: DarkTalesState, seat: int) -> int:
    """Items plus cards in hand."""
    return sum(state.items[seat]) + len(state.hand(seat))


def ranking(state: DarkTalesState) -> list[list[int]]:
    """Seats grouped by place: most VP first, ties by ``tiebreak``, still tied shared."""
    return ranking_by(state, state.vp)


def ranking_by(state: DarkTalesState, vps: Sequence[int]) -> list[list[int]]:
    """The ranking if the seats had ``vps``."""
    key = {seat: (vps[seat], tiebreak(state, seat)) for seat in range(state.game.players)}
    ordered = sorted(key, key=lambda seat: key[seat], reverse=True)
    return [list(group) for _, group in groupby(ordered, key=lambda seat: key[seat])]
