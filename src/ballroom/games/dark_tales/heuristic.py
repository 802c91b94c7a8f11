"""A rule-aware bot: it tries each move on a world dealt from its view and keeps the best.

The bot deals one world consistent with its observation (``determinize``), so
it never reads what it may not see. It plays each legal move there, and its
own decisions that follow in the same turn (a target, a tile, a couple) as
well, each the best for it, a card drawn or a tile taken as the mean of a
few, until another seat is next; then it rates the
table: its VP less the best opponent's, where a seat's worth is its VP, its
items as the B Setting card will score them, its cards in hand and in front,
and with Cinderella what its tiles would win at the final Ball, the VP its
tiles show at Balls to come, and its best couples now. Once the game is over,
winning is what counts. The rules are the engine's own, so the bot needs no
copy of any card's text; but it knows two rules that reward waiting: a card
scoring per card in play (the Noble per Female, the Merchant per Merchant)
is worth in hand what it would score counting a share of the cards still to
come, so it is kept while they keep coming; and a player plays one card a
turn until the first player runs out, so cards in hand beyond the others'
hands plus one are spares, worth little.

What each holding is worth is one ``Weights`` value (``HEURISTIC``). The ``tuned``
bot plays the same look-ahead with ``TUNED``: weights tuned by play against the
heuristic, with the cards a seat will play counted as the end rule has it (``plays``).
Any ``Reading`` can rate the tables: the ``fitted`` bot's is fitted to the heuristic's
games (``fitted.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from operator import mul
from typing import NamedTuple, Protocol, cast

from ballroom.core.agent import Decision, TakesForcedMoveBlind
from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame
from ballroom.core.state import CHANCE
from ballroom.games.dark_tales import ball, tiles
from ballroom.games.dark_tales.card_texts import KINDS
from ballroom.games.dark_tales.components import Item, Per
from ballroom.games.dark_tales.state import DECK, FRONT, HAND, DarkTalesState
from ballroom.games.dark_tales.turn import BEST_ID, CATALOG, Phase

WON = 100.0
"""What winning is worth over losing, once the game is over (beyond the VP margin)."""
SHOWN_VP = 0.5
"""What a tile's shown VP is worth: a Ball to come is likely, not sure."""
AWARDS_NOW = 0.8
"""What the final Ball's awards the seat would win now are worth (ranks still change)."""
COUPLES_NOW = 0.8
"""What the seat's best couples now are worth at the Balls to come."""
LOOK_AHEAD = 4
"""The bot's own decisions (and tiles taken) followed after a move, at most."""
DRAWS_TRIED = 3
"""The cards (tiles) tried for one drawn in the seat's turn (spread over the deck's)."""
COUNTED = tuple(
    sorted({op.what for card in CATALOG.cards for op in card.does if isinstance(op, Per)})
)
"""The kinds of card that some card scores per card in play (the Noble's Females, ...)."""

COUNTED_KINDS = tuple((what, KINDS[what]) for what in COUNTED)
"""Each kind counted with its cards."""
Counts = dict[str, tuple[int, int]]
"""Per kind of card counted (``COUNTED``): how many are in play, and how many to come."""
PER_TEXTS = tuple(
    tuple((op.what, op.vp, index in KINDS[op.what]) for op in card.does if isinstance(op, Per))
    for index, card in enumerate(CATALOG.cards)
)
"""Per card: what its text scores per card in play (the kind, the VP for each, and whether
the card is of that kind itself), read once for ``held_value``, which every table rated
asks of every card in hand."""
FACE_VP = tuple(side.vp for side in CATALOG.cinderella.faces)
"""The VP each side of a tile shows, by face."""


class Reading(Protocol):
    """How a bot reads the table: each seat's worth in VP, what it holds included."""

    def worths(self, state: DarkTalesState) -> list[float]: ...


@dataclass(frozen=True)
class Weights:
    """How a bot reads the table: what a seat's holdings are worth, in VP, beyond its VP."""

    card_in_hand: float = 1.0
    """What a card in hand is worth beyond its VP: its text to come."""
    hand_vp: float = 0.5
    """The share of a card's VP a card in hand is worth (it is not scored yet)."""
    growth: float = 0.5
    """The share of the cards still to come that a card scoring per card in play counts on."""
    spare_card: float = 0.2
    """What a card in hand beyond those the seat will play is worth: a choice, and the
    tiebreak."""
    in_front: float = 0.3
    """What a card in front of a seat is worth: fodder for Nobles, and others' targets."""
    item_in_hand: float = 0.5
    """What an item is worth beyond its B card score: a use to come."""
    plays_in_turn_order: bool = False
    """Whether the cards a seat will play are counted in turn order (the seats before the
    first with the fewest cards play one more than it), or as the others' hands plus one."""

    def worths(self, state: DarkTalesState) -> list[float]:
        """Each seat's ``worth`` read with these weights."""
        return worths(state, self)

    @cached_property
    def fixed_values(self) -> tuple[float | None, ...]:
        """Per card, its ``held_value`` where that does not depend on the table (``None`` for
        a card scoring per card in play): worked out once, as every table rated asks it of
        every card in hand."""
        return tuple(
            None if PER_TEXTS[card] else held_value(card, {}, self)
            for card in range(len(CATALOG.cards))
        )


HEURISTIC = Weights()
"""The heuristic bot's reading: a seat plays at most the others' hands plus one."""
TUNED = Weights(item_in_hand=1.0, plays_in_turn_order=True)
"""The ``tuned`` bot's reading, tuned by play against the heuristic
(``docs/bot-strength.md``): an item's use to come worth a VP, and the cards a seat will
play counted in turn order."""


class HeuristicAgent(TakesForcedMoveBlind):
    """Tries each move on one world dealt from its view; ``rng`` deals it and breaks ties,
    ``reading`` rates the tables it reaches."""

    def __init__(self, rng: Rng, reading: Reading = HEURISTIC) -> None:
        self.rng = rng
        self.reading = reading

    def act(self, decision: Decision) -> int:
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]
        game = decision.game
        assert isinstance(game, StandardGame)
        seat = decision.player
        world = game.determinize(decision.observation, self.rng)
        assert isinstance(world, DarkTalesState)
        if world.step.name is Phase.DANCE:
            return BEST_ID  # the most VP at this Ball; the cards stay for the next
        scores = {
            action: _value(after_move(world, seat, action), seat, LOOK_AHEAD, self.reading)
            for action in legal
        }
        best = max(scores.values())
        choices = [action for action, score in scores.items() if score == best]
        return choices[self.rng.below(len(choices))]


def after_move(state: DarkTalesState, seat: int, action: int) -> DarkTalesState:
    """A copy of ``state`` with ``action`` taken by ``seat``."""
    after = state.clone()
    after.advance(action, seat)
    return after


def _value(state: DarkTalesState, seat: int, budget: int, reading: Reading) -> float:
    """The rating the seat can reach from ``state`` with its own decisions that follow in the
    turn (the best of each) and what it draws (the mean of a few), ``budget`` deep."""
    if state.is_terminal() or not budget:
        return rating(state, seat, reading)
    players = state.current_players()
    if players == (CHANCE,):
        if not own_draw(state, seat):
            return rating(state, seat, reading)
        outcomes = [action for action, _ in state.chance_outcomes()]
        sampled = outcomes[:: max(1, len(outcomes) // DRAWS_TRIED)][:DRAWS_TRIED]
        total = sum(
            _value(after_move(state, CHANCE, o), seat, budget - 1, reading) for o in sampled
        )
        return total / len(sampled)
    if players != (seat,):
        return rating(state, seat, reading)
    if state.step.name is Phase.DANCE:
        return _value(after_move(state, seat, BEST_ID), seat, budget - 1, reading)
    return max(
        _value(after_move(state, seat, a), seat, budget - 1, reading)
        for a in state.legal_actions(seat)
    )


def own_draw(state: DarkTalesState, seat: int) -> bool:
    """Whether the chance step draws a card or a tile for the seat in its own turn."""
    drawing = state.step.name in (Phase.DRAW, Phase.TILE_DRAW)
    return (
        drawing
        and state.player == seat
        and state.pending is not None
        and (state.pending[1] == seat)
    )


def rating(state: DarkTalesState, seat: int, reading: Reading = HEURISTIC) -> float:
    """The seat's worth less the best opponent's; once the game is over, winning first."""
    if state.is_terminal():
        shares = state.returns()
        vps = state.vp
        best_other = max(s for other, s in enumerate(shares) if other != seat)
        margin = vps[seat] - max(v for other, v in enumerate(vps) if other != seat)
        return WON * (shares[seat] - best_other) + margin
    every = reading.worths(state)
    return every[seat] - max(w for s, w in enumerate(every) if s != seat)


def worths(state: DarkTalesState, weights: Weights = HEURISTIC) -> list[float]:
    """Each seat's ``worth``."""
    read = TableRead(
        table_counts(state),
        plays_by_seat(tuple(hand_sizes(state)), state.player, weights.plays_in_turn_order),
        ball.middle(state) if state.game.cinderella else (),
        _awards_by_seat(state.showing) if state.game.cinderella else (),
    )
    return [worth(state, seat, weights, read) for seat in range(state.game.players)]


class TableRead(NamedTuple):
    """What every seat's ``worth`` reads of the table, worked out once per table."""

    counts: Counts
    """``table_counts``."""
    plays: tuple[int, ...]
    """``plays_by_seat``: how many of its cards each seat is likely to play."""
    middle: tuple[int, ...]
    """With Cinderella: the cards in the middle at a Ball (``ball.middle``)."""
    awards: tuple[int, ...]
    """With Cinderella: each seat's ``awards_now``."""


def worth(state: DarkTalesState, seat: int, weights: Weights, read: TableRead) -> float:
    """VP, items, cards in hand, and with Cinderella tiles and couples, as the module says,
    each weighed by ``weights``."""
    total = float(state.vp[seat]) + _hand_worth(state, seat, read.counts, weights, read.plays)
    total += weights.in_front * len(state.zones.zones[FRONT[seat]].cards)
    if state.b_card is not None:
        each = _item_weights(state.b_card, weights.item_in_hand)
        total += sum(map(mul, state.items[seat], each))
    if not state.game.cinderella or state.is_terminal():
        return total
    total += SHOWN_VP * sum([FACE_VP[face] for face in state.showing[seat]])
    total += AWARDS_NOW * read.awards[seat]
    if state.dancer is None:
        total += COUPLES_NOW * best_couples_vp(ball.front(state, seat), read.middle)
    return total


def _hand_worth(
    state: DarkTalesState, seat: int, counts: Counts, weights: Weights, plays: Sequence[int]
) -> float:
    """The seat's cards in hand: the best as many as it will play (``plays``) in full, the
    rest as spares."""
    hand = state.hand(seat)
    fixed = _fixed_hand_worth(hand, plays[seat], weights)
    if fixed is not None:
        return fixed
    return _played_and_spare(hand_values(hand, counts, weights), plays[seat], weights)


def _played_and_spare(values: list[float], count: int, weights: Weights) -> float:
    """The best ``count`` of a hand's ``values`` in full, the rest as spares."""
    values.sort(reverse=True)
    return sum(values[:count]) + weights.spare_card * (len(values) - count)


@lru_cache(maxsize=8192)
def _fixed_hand_worth(hand: tuple[int, ...], count: int, weights: Weights) -> float | None:
    """``_hand_worth`` of a hand whose cards' values do not depend on the table (else
    ``None``): the same hands recur from table to table, so each is worked out once."""
    values = [weights.fixed_values[card] for card in hand]
    if None in values:
        return None
    return _played_and_spare(cast(list[float], values), count, weights)


def hand_values(hand: Sequence[int], counts: Counts, weights: Weights) -> list[float]:
    """Each card's ``held_value``, in the hand's order."""
    fixed = weights.fixed_values
    return [
        value if (value := fixed[card]) is not None else held_value(card, counts, weights)
        for card in hand
    ]


def hand_sizes(state: DarkTalesState) -> list[int]:
    """How many cards each seat holds."""
    zones = state.zones.zones
    return [len(zones[HAND[seat]].cards) for seat in range(state.game.players)]


def plays(state: DarkTalesState, seat: int, in_turn_order: bool) -> int:
    """How many of its cards the seat is likely to play (``plays_of`` the hands held)."""
    return plays_of(hand_sizes(state), seat, state.player, in_turn_order)


@lru_cache(maxsize=4096)
def plays_by_seat(held: tuple[int, ...], mover: int, in_turn_order: bool) -> tuple[int, ...]:
    """Per seat, ``plays_of`` the cards each seat holds (``held``): the same hands recur from
    table to table, so each is worked out once."""
    return tuple(plays_of(held, seat, mover, in_turn_order) for seat in range(len(held)))


def plays_of(held: Sequence[int], seat: int, mover: int, in_turn_order: bool) -> int:
    """How many of its cards the seat is likely to play, from the cards each seat holds
    (``held``) and the seat to move: a player plays one card a turn and the game ends when
    a player starts a turn with none, so a seat plays one more than the fewest cards held by
    another only if it comes before that seat, counting from the seat to move; not
    ``in_turn_order``, it counts the others' most cards plus one."""
    players = len(held)
    others = [s for s in range(players) if s != seat]
    if not in_turn_order:
        return min(held[seat], max([held[s] for s in others]) + 1)
    fewest = min([held[s] for s in others])
    first_out = min([(s - mover) % players for s in others if held[s] == fewest])
    return min(held[seat], fewest + (1 if (seat - mover) % players < first_out else 0))


def table_counts(state: DarkTalesState) -> Counts:
    """Per kind of card that some card scores per card in play: how many are in play, and
    how many are still to come (in the deck and in hands)."""
    zones = state.zones.zones
    coming = list(zones[DECK].cards)
    for seat in range(state.game.players):
        coming += zones[HAND[seat]].cards
    in_play = state.in_play()
    return {
        what: (len(kind.intersection(in_play)), len(kind.intersection(coming)))
        for what, kind in COUNTED_KINDS
    }


def held_value(card: int, counts: Counts, weights: Weights) -> float:
    """What a card in hand is worth: its text to come, and a share of the VP it would score,
    where a card scoring per card in play counts those in play and a share of those to come
    (a Noble is worth keeping while Females keep coming)."""
    vp = float(CATALOG.cards[card].vp)
    for what, each, itself in PER_TEXTS[card]:
        now, later = counts[what]
        later -= itself  # the card itself is to come, but counts not itself
        vp += each * (now + weights.growth * later)
    return weights.card_in_hand + weights.hand_vp * vp


def is_kind(card: int, what: str) -> bool:
    return card in KINDS[what]


@cache
def _item_weights(b_card: int, in_hand: float) -> tuple[float, ...]:
    """What each item held is worth under B Setting card ``b_card``, in the items' order
    (``in_hand``: ``Weights.item_in_hand``)."""
    setting = CATALOG.b_cards[b_card]
    return tuple(setting.score(item) + in_hand for item in Item)


@lru_cache(maxsize=4096)
def best_couples_vp(mine: tuple[int, ...], middle: tuple[int, ...]) -> int:
    """The VP of the best couples of ``mine`` with each other and the ``middle`` (the same
    tables recur from move to move, so each is worked out once)."""
    couples = ball.couples_of(mine, middle)
    return sum(couples[c] for c in ball.best_couples_of(mine, middle))


def awards_now(state: DarkTalesState, seat: int) -> int:
    """The final Ball's awards the seat would win if the game ended now."""
    return _awards_by_seat(state.showing)[seat]


@lru_cache(maxsize=4096)
def _awards_by_seat(showing: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Per seat, the final Ball's awards for the sides its tiles show (``showing``: the
    tables recur from move to move, so each is worked out once)."""
    faces = CATALOG.cinderella.faces
    totals = [0] * len(showing)
    for image, _ in CATALOG.cinderella.awards:
        counts = [tiles.images([faces[face] for face in shown], image) for shown in showing]
        for seat, (vp, _count, _rank) in enumerate(ball.ranks(counts, image)):
            totals[seat] += vp
    return tuple(totals)
