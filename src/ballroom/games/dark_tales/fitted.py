"""A reading of the table fitted to play: what each holding is worth, learned from games.

The heuristic's weights (``heuristic.Weights``) are set by hand: every card in hand
is worth its text and half its VP, every item half a VP beyond its score. The
fitted reading instead gives each holding the weight that best predicts the final
VP margin in games the heuristic played against itself: a least-squares fit of
"how much the seat's lead grew from here to the end" on the differences of the two
seats' *features* (``features``), made by ``scripts/fit_dark_tales.py`` and kept in
``data/fitted.toml``, one table for the base game and one with Cinderella.

A seat's worth is its VP plus the sum of its features, each times its weight.
Features are counted on the cards the seat will play (``heuristic.plays``, in turn
order), ranked by the heuristic's value of a card in hand; each card's weight has a
part for "late" (times the share of a base deck still to draw), so a card can be
worth more early than late or the other way. The bot that reads the table this way
is ``fitted``; the weights are data, so refitting them changes no code.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from operator import mul
from pathlib import Path
from typing import NamedTuple

from ballroom.core.errors import ComponentError
from ballroom.games.dark_tales import ball, heuristic
from ballroom.games.dark_tales.components import BASE_CARDS, CardType, Item, Time
from ballroom.games.dark_tales.state import DECK, FRONT, DarkTalesState
from ballroom.games.dark_tales.turn import CATALOG

FITTED_FILE = Path(__file__).parent / "data" / "fitted.toml"
MODES = ("base", "cinderella")
"""The tables of ``data/fitted.toml``: one per way of playing, fitted on its own games."""
CARD_NAMES = tuple(sorted({card.name for card in CATALOG.cards}))
A_NAMES = tuple(card.name for card in CATALOG.a_cards)
FRONT_TYPES = (CardType.MALE, CardType.FEMALE, CardType.LOCATION)
"""The types of card that go in front of a player."""
PER_CARD = {"Noble": "female", "Merchant": "Merchant", "Dark Lord": "monster"}
"""The cards that score per card in play, and what each counts (as ``data/cards.toml``)."""
TARGETS = {"Dragon": CardType.MALE, "Ogre": CardType.FEMALE}
"""The monsters whose text discards a card in play of a type: a gain when another player
has one, a loss when only the player's own is there to go."""

Features = dict[str, float]


def feature_names() -> tuple[str, ...]:
    """Every feature, in the order ``data/fitted.toml`` lists their weights."""
    names = [f"hand:{name}" for name in CARD_NAMES]
    names += [f"hand-late:{name}" for name in CARD_NAMES]
    names += ["spare", "next", "next-late", "plays", "plays-late", "item-score"]
    for item in Item:
        names += [f"item:{item.value}", f"item-late:{item.value}"]
        names += [f"item:{item.value}@{a}" for a in A_NAMES]
    names += [f"front:{kind.value}" for kind in FRONT_TYPES]
    for name in PER_CARD:
        names += [f"{name}:in-play", f"{name}:to-come"]
    names += ["Witch:at-night", "Gypsy:by-day"]
    names += ["Princess:best-male", "Princess:males"]
    for name, kind in TARGETS.items():
        names += [f"{name}:other-{kind.value}", f"{name}:own-{kind.value}-only"]
    names += ["tiles-shown-vp", "final-ball-awards", "couples"]
    return tuple(names)


FEATURES = feature_names()
INDEX = {name: index for index, name in enumerate(FEATURES)}
"""Each feature's place in ``FEATURES``: the seats' features are counted by place, and a
table's weights read by place (``FittedReading``)."""
HAND_FEATURES = tuple(
    (INDEX[f"hand:{c.name}"], INDEX[f"hand-late:{c.name}"]) for c in CATALOG.cards
)
"""Per card: its features in hand, early and late."""
ITEM_FEATURES = tuple(
    (
        INDEX[f"item:{item.value}"],
        INDEX[f"item-late:{item.value}"],
        tuple(INDEX[f"item:{item.value}@{a}"] for a in A_NAMES),
    )
    for item in Item
)
"""Per item: its features, early, late and with each A card."""
ITEM_TERMS = tuple(
    tuple(
        tuple(
            (b_card.score(item), early, late, with_a[a_card])
            for item, (early, late, with_a) in zip(Item, ITEM_FEATURES, strict=True)
        )
        for b_card in CATALOG.b_cards
    )
    for a_card in range(len(CATALOG.a_cards))
)
"""Per A and B Setting card, per item in the enum's order: what the B card scores for it,
and its features early, late and with the A card."""
FRONT_FEATURES = tuple(
    INDEX[f"front:{card.type.value}"] if card.type in FRONT_TYPES else None
    for card in CATALOG.cards
)
"""Per card: its feature in front of a seat (``None``: a type not counted)."""
SPARE, NEXT, NEXT_LATE, PLAYS, PLAYS_LATE, ITEM_SCORE = (
    INDEX[name] for name in ("spare", "next", "next-late", "plays", "plays-late", "item-score")
)
AT_NIGHT, BY_DAY, BEST_MALE, MALES = (
    INDEX[name]
    for name in ("Witch:at-night", "Gypsy:by-day", "Princess:best-male", "Princess:males")
)
TILES_SHOWN, AWARDS, COUPLES = (
    INDEX[name] for name in ("tiles-shown-vp", "final-ball-awards", "couples")
)


class Text(NamedTuple):
    """What a card in hand adds beyond its features in hand, by its name (``None``: nothing)."""

    counts: str | None = None
    """A card scoring per card in play: the kind it counts (``PER_CARD``)."""
    itself: bool = False
    """Whether the card is of the kind it counts."""
    in_play: int = 0
    to_come: int = 0
    time: Time | None = None
    """The Witch and the Gypsy: the time they score at, and their feature ``in_play``."""
    princess: bool = False
    targets: CardType | None = None
    """The Dragon and the Ogre: the type they discard, with their features ``in_play``
    (another player has one) and ``to_come`` (only the seat's own is there)."""


def _text(card: int) -> Text | None:
    name = CATALOG.cards[card].name
    if name in PER_CARD:
        what = PER_CARD[name]
        found = (INDEX[f"{name}:in-play"], INDEX[f"{name}:to-come"])
        return Text(what, heuristic.is_kind(card, what), *found)
    if name == "Witch":
        return Text(in_play=AT_NIGHT, time=Time.NIGHT)
    if name == "Gypsy":
        return Text(in_play=BY_DAY, time=Time.DAY)
    if name == "Princess":
        return Text(princess=True)
    if name in TARGETS:
        kind = TARGETS[name]
        found = (INDEX[f"{name}:other-{kind.value}"], INDEX[f"{name}:own-{kind.value}-only"])
        return Text(in_play=found[0], to_come=found[1], targets=kind)
    return None


OF_TYPE = {
    kind: frozenset(c for c, card in enumerate(CATALOG.cards) if card.type is kind)
    for kind in CardType
}
"""The cards of each type."""
CARD_VP = tuple(card.vp for card in CATALOG.cards)
TEXTS = tuple(_text(card) for card in range(len(CATALOG.cards)))
"""Per card: what it adds in hand beyond its features in hand."""


class Table(NamedTuple):
    """What every seat's features read of the table, worked out once per table."""

    late: float
    """The share of a base deck still to draw."""
    counts: heuristic.Counts
    held: list[int]
    """How many cards each seat holds."""
    fronts: list[tuple[int, ...]]
    males: list[int]
    """The VP of each Male in play, in front of any player."""
    time: Time | None
    middle: tuple[int, ...]
    """With Cinderella: the cards in the middle at a Ball (``ball.middle``)."""
    plays: tuple[int, ...]
    """How many cards each seat will play (``heuristic.plays_by_seat``, in turn order)."""


def table(state: DarkTalesState) -> Table:
    """What the seats' features read of ``state``."""
    zones = state.zones.zones
    fronts = [zones[FRONT[s]].cards for s in range(state.game.players)]
    male = OF_TYPE[CardType.MALE]
    males = [CARD_VP[c] for front in fronts for c in front if c in male]
    late = len(zones[DECK].cards) / BASE_CARDS
    counts = heuristic.table_counts(state)
    middle = ball.middle(state) if state.game.cinderella else ()
    held = heuristic.hand_sizes(state)
    plays = heuristic.plays_by_seat(tuple(held), state.player, True)
    return Table(late, counts, held, fronts, males, state.time(), middle, plays)


def features(state: DarkTalesState, seat: int, read: Table | None = None) -> Features:
    """The seat's features (those not zero), as the module says (``read``: ``table(state)``)."""
    counted = _counted(state, seat, table(state) if read is None else read)
    return {FEATURES[index]: amount for index, amount in counted.items()}


def _counted(state: DarkTalesState, seat: int, read: Table) -> dict[int, float]:
    """The seat's features not zero, by their places in ``FEATURES``, in the order first met
    (a reading sums their weights in that order)."""
    found: dict[int, float] = {}
    late = read.late
    hand = state.hand(seat)
    count = read.plays[seat]
    own = read.fronts[seat]
    if count:
        plan = _fixed_plan(hand, count)
        if plan is None:
            values = heuristic.hand_values(hand, read.counts, heuristic.HEURISTIC)
            ranked = [hand[at] for at in sorted(range(len(hand)), key=values.__getitem__)]
            plan = _plan(tuple(ranked[len(hand) - count :]))
        for in_hand, copies, in_hand_late, text in plan:
            found[in_hand] = copies
            if late:
                found[in_hand_late] = late if copies == 1.0 else _times(late, copies)
            if text is not None:
                for _ in range(int(copies)):
                    _add_text(found, text, seat, read)
    # Each feature below is met once, so it is set where not zero (as ``_add`` would).
    spare = len(hand) - count
    if spare:
        found[SPARE] = spare
    if state.player == seat:
        found[NEXT] = 1.0
        if late:
            found[NEXT_LATE] = late
    if count:
        found[PLAYS] = count
        if late:
            found[PLAYS_LATE] = count * late
    row = state.items[seat]
    if state.a_card is not None and state.b_card is not None and any(row):
        for held, (score, named, named_late, named_with) in zip(
            row, ITEM_TERMS[state.a_card][state.b_card], strict=True
        ):
            if held:
                amount = held * score
                if amount:
                    found[ITEM_SCORE] = found.get(ITEM_SCORE, 0.0) + amount
                found[named] = held
                if late:
                    found[named_late] = held * late
                found[named_with] = held
    for card in own:
        in_front = FRONT_FEATURES[card]
        if in_front is not None:
            found[in_front] = found.get(in_front, 0.0) + 1.0
    if state.game.cinderella:
        _add(found, TILES_SHOWN, sum([heuristic.FACE_VP[face] for face in state.showing[seat]]))
        _add(found, AWARDS, heuristic.awards_now(state, seat))
        if state.dancer is None:
            _add(found, COUPLES, heuristic.best_couples_vp(ball.front(state, seat), read.middle))
    return found


class Held(NamedTuple):
    """The cards of one name among those a seat will play: their features in hand."""

    in_hand: int
    copies: float
    """How many (the feature's amount: one for each)."""
    in_hand_late: int
    text: Text | None


@lru_cache(maxsize=4096)
def _fixed_plan(hand: tuple[int, ...], count: int) -> tuple[Held, ...] | None:
    """``_plan`` of the ``count`` cards of ``hand`` the heuristic values most (ties: the
    later in the hand), where no card's value depends on the table (else ``None``): worked
    out once for each hand."""
    values: list[float] = []
    for card in hand:
        value = heuristic.HEURISTIC.fixed_values[card]
        if value is None:
            return None
        values.append(value)
    ranked = [hand[at] for at in sorted(range(len(hand)), key=values.__getitem__)]
    return _plan(tuple(ranked[len(hand) - count :]))


@lru_cache(maxsize=4096)
def _plan(played: tuple[int, ...]) -> tuple[Held, ...]:
    """The cards a seat will play by name, in the order each name first comes: as a count
    of them meets each feature in hand in that order, and adds to it once for each card."""
    by_name: dict[str, list[int]] = {}
    for card in played:
        by_name.setdefault(CATALOG.cards[card].name, []).append(card)
    return tuple(
        Held(
            HAND_FEATURES[cards[0]][0],
            float(len(cards)),
            HAND_FEATURES[cards[0]][1],
            TEXTS[cards[0]],
        )
        for cards in by_name.values()
    )


def _times(amount: float, copies: float) -> float:
    """``amount`` added ``copies`` times over (as many additions of it would sum)."""
    total = amount
    for _ in range(int(copies) - 1):
        total += amount
    return total


def _add_text(found: dict[int, float], text: Text, seat: int, read: Table) -> None:
    """What a card to play adds by its text: what it counts in play and to come, the time it
    scores at, the Males a Princess meets, the cards a Dragon or an Ogre would discard."""
    if text.counts is not None:
        now, later = read.counts[text.counts]
        _add(found, text.in_play, now)
        _add(found, text.to_come, later - text.itself)
    elif text.time is not None:
        _add(found, text.in_play, read.time is text.time)
    elif text.princess:
        _add(found, BEST_MALE, max(read.males, default=0))
        _add(found, MALES, len(read.males))
    elif text.targets is not None:
        kind = OF_TYPE[text.targets]
        fronts = read.fronts
        others_have = any(not kind.isdisjoint(fronts[s]) for s in range(len(fronts)) if s != seat)
        own_only = not others_have and not kind.isdisjoint(fronts[seat])
        _add(found, text.in_play, others_have)
        _add(found, text.to_come, own_only)


def _add(found: dict[int, float], index: int, amount: float) -> None:
    """``amount`` more of a feature, if not zero."""
    if amount:
        found[index] = found.get(index, 0.0) + amount


Weights = Mapping[str, float]
"""A table: the weight of each feature (``FEATURES``)."""


class FittedReading:
    """Reads a table with the weights fitted to its way of playing, base or Cinderella
    (``tables``: ``data/fitted.toml``'s by default)."""

    def __init__(self, tables: Mapping[str, Weights] | None = None) -> None:
        self.tables = shipped_tables() if tables is None else tables
        self.by_place = {
            mode: tuple(weights[name] for name in FEATURES) for mode, weights in self.tables.items()
        }
        """Each table's weights in the order of ``FEATURES``."""

    def worths(self, state: DarkTalesState) -> list[float]:
        """Each seat's VP plus its weighed features (summed in the order ``features`` lists
        them)."""
        weight = self.by_place["cinderella" if state.game.cinderella else "base"].__getitem__
        read = table(state)
        worths = []
        for seat in range(state.game.players):
            counted = _counted(state, seat, read)
            worths.append(state.vp[seat] + sum(map(mul, map(weight, counted), counted.values())))
        return worths


@cache
def shipped_tables() -> dict[str, Weights]:
    """The tables of ``data/fitted.toml``, read once."""
    return load_tables(FITTED_FILE)


def load_tables(path: Path) -> dict[str, Weights]:
    """The tables of ``path``, checked: one per mode, each naming every feature with a number."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ComponentError(f"{path}: cannot read the fitted weights: {error}") from error
    return {mode: _table(raw, mode, path) for mode in MODES}


def _table(raw: Mapping[str, object], mode: str, path: Path) -> dict[str, float]:
    given = raw.get(mode)
    if not isinstance(given, dict):
        raise ComponentError(
            f"{path}: no [{mode}] table of weights (the tables: {', '.join(MODES)})"
        )
    unknown = sorted(set(given) - set(FEATURES))
    missing = [name for name in FEATURES if name not in given]
    if unknown:
        raise ComponentError(
            f"{path} [{mode}]: unknown feature(s) {', '.join(unknown)}; the features: "
            + ", ".join(FEATURES)
        )
    if missing:
        raise ComponentError(f"{path} [{mode}]: no weight for {', '.join(missing)}")
    weights: dict[str, float] = {}
    for name in FEATURES:
        value = given[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ComponentError(f"{path} [{mode}] {name}: {value!r} is not a number")
        weights[name] = float(value)
    return weights
