"""What each seat did over a game, kept for balance studies, and the features the lab groups
wins by: the Setting pair, the VP each card gained when played, the Balls held and whether
the Balls decided the game.

Everything here was public at the table; it lives beside the view (not in it), so
observations stay the table as it is now.
"""

from __future__ import annotations

from ballroom.games.dark_tales.ending import ranking, ranking_by
from ballroom.games.dark_tales.state import DarkTalesState, Play
from ballroom.games.dark_tales.turn import CATALOG

CARD_VP = "card_vp:"
"""The prefix of the features naming a card: ``card_vp:Prince`` is the VP a seat gained
playing its Princes (the mean over its plays, rounded)."""


def own_vp(state: DarkTalesState, seat: int) -> int:
    """The seat's VP outside Balls."""
    return state.vp[seat] - state.ball_vp[seat]


def card_started(state: DarkTalesState) -> None:
    """The played card's text begins: its VP gained is counted from here."""
    state.played_from = own_vp(state, state.player)


def card_finished(state: DarkTalesState, card: int) -> None:
    """The played card is placed: note the VP its play gained."""
    seat = state.player
    play = Play(CATALOG.cards[card].name, own_vp(state, seat) - state.played_from)
    plays = list(state.plays)
    plays[seat] = (*plays[seat], play)
    state.plays = tuple(plays)


def ball_decided(state: DarkTalesState) -> bool:
    """Whether the winners would differ without the VP scored at Balls."""
    without = ranking_by(state, [own_vp(state, seat) for seat in range(state.game.players)])
    return ranking(state)[0] != without[0]


def seat_features(state: DarkTalesState) -> list[dict[str, str]]:
    """Per seat: ``card_vp:NAME`` for each card it played; with Cinderella ``balls`` (held
    during the game) and ``ball_decides`` (the same for every seat: the share of seats
    with ``yes`` is the share of games); and for the first player only ``settings`` (the A
    and B cards: every seat has the same pair, so only the first player's win rate by
    pair says anything)."""
    found: list[dict[str, str]] = []
    decided = "yes" if state.is_terminal() and ball_decided(state) else "no"
    for seat in range(state.game.players):
        features: dict[str, str] = {}
        if seat == 0 and state.a_card is not None and state.b_card is not None:
            pair = f"{CATALOG.a_cards[state.a_card].name} + {CATALOG.b_cards[state.b_card].name}"
            features["settings"] = pair
        if state.game.cinderella:
            features["balls"] = str(state.balls)
            features["ball_decides"] = decided
        by_name: dict[str, list[int]] = {}
        for play in state.plays[seat]:
            by_name.setdefault(play.card, []).append(play.vp)
        for name, vps in sorted(by_name.items()):
            features[CARD_VP + name] = str(round(sum(vps) / len(vps)))
        found.append(features)
    return found
