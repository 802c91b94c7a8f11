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
from functools import cache
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
HAND_FEATURES = tuple((f"hand:{card.name}", f"hand-late:{card.name}") for card in CATALOG.cards)
"""Per card: the names of its features in hand, early and late."""
ITEM_FEATURES = tuple(
    (
        f"item:{item.value}",
        f"item-late:{item.value}",
        tuple(f"item:{item.value}@{a}" for a in A_NAMES),
    )
    for item in Item
)
"""Per item: the names of its features, early, late and with each A card."""
PER_CARD_FEATURES = {name: (f"{name}:in-play", f"{name}:to-come") for name in PER_CARD}
"""Per card scoring per card in play: the names of its features, in play and to come."""
TARGET_FEATURES = {
    name: (f"{name}:other-{kind.value}", f"{name}:own-{kind.value}-only")
    for name, kind in TARGETS.items()
}
"""Per monster discarding a type: the names of its features, another's and its own only."""
ITEMS = tuple(Item)
FRONT_FEATURES = tuple(
    f"front:{card.type.value}" if card.type in FRONT_TYPES else None for card in CATALOG.cards
)
"""Per card: the name of its feature in front of a seat (``None``: a type not counted)."""


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


def table(state: DarkTalesState) -> Table:
    """What the seats' features read of ``state``."""
    zones = state.zones.zones
    fronts = [zones[FRONT[s]].cards for s in range(state.game.players)]
    males = [CATALOG.cards[c].vp for front in fronts for c in front if _type(c) is CardType.MALE]
    late = len(zones[DECK].cards) / BASE_CARDS
    counts = heuristic.table_counts(state)
    middle = ball.middle(state) if state.game.cinderella else ()
    held = heuristic.hand_sizes(state)
    return Table(late, counts, held, fronts, males, state.time(), middle)


def features(state: DarkTalesState, seat: int, read: Table | None = None) -> Features:
    """The seat's features (those not zero), as the module says (``read``: ``table(state)``)."""
    read = table(state) if read is None else read
    found: Features = {}

    def add(name: str, amount: float) -> None:
        if amount:
            found[name] = found.get(name, 0.0) + amount

    late = read.late
    hand = state.hand(seat)
    count = heuristic.plays_of(read.held, seat, state.player, in_turn_order=True)
    values = heuristic.hand_values(hand, read.counts, heuristic.HEURISTIC)
    ranked = [hand[at] for at in sorted(range(len(hand)), key=values.__getitem__)]
    own = read.fronts[seat]
    for card in ranked[len(hand) - count :]:
        name = CATALOG.cards[card].name
        in_hand, in_hand_late = HAND_FEATURES[card]
        found[in_hand] = found.get(in_hand, 0.0) + 1.0
        add(in_hand_late, late)
        if name in PER_CARD:
            what = PER_CARD[name]
            now, later = read.counts[what]
            in_play, to_come = PER_CARD_FEATURES[name]
            add(in_play, now)
            add(to_come, later - heuristic.is_kind(card, what))
        elif name == "Witch":
            add("Witch:at-night", read.time is Time.NIGHT)
        elif name == "Gypsy":
            add("Gypsy:by-day", read.time is Time.DAY)
        elif name == "Princess":
            add("Princess:best-male", max(read.males, default=0))
            add("Princess:males", len(read.males))
        elif name in TARGETS:
            kind = TARGETS[name]
            others = (c for s, front in enumerate(read.fronts) if s != seat for c in front)
            others_have = any(_type(c) is kind for c in others)
            own_only = not others_have and any(_type(c) is kind for c in own)
            other, own_only_name = TARGET_FEATURES[name]
            add(other, others_have)
            add(own_only_name, own_only)
    # Each feature below is named once, so it is set where not zero (as ``add`` would).
    spare = len(hand) - count
    if spare:
        found["spare"] = spare
    if state.player == seat:
        found["next"] = 1.0
        if late:
            found["next-late"] = late
    if count:
        found["plays"] = count
        if late:
            found["plays-late"] = count * late
    if state.a_card is not None and state.b_card is not None:
        scores = CATALOG.b_cards[state.b_card]
        for item, held, (named, named_late, named_with) in zip(
            ITEMS, state.items[seat], ITEM_FEATURES, strict=True
        ):
            if held:
                add("item-score", held * scores.score(item))
                found[named] = held
                if late:
                    found[named_late] = held * late
                found[named_with[state.a_card]] = held
    for card in own:
        in_front = FRONT_FEATURES[card]
        if in_front is not None:
            found[in_front] = found.get(in_front, 0.0) + 1.0
    if state.game.cinderella:
        add("tiles-shown-vp", sum([heuristic.FACE_VP[face] for face in state.showing[seat]]))
        add("final-ball-awards", heuristic.awards_now(state, seat))
        if state.dancer is None:
            add("couples", heuristic.best_couples_vp(ball.front(state, seat), read.middle))
    return found


def _type(card: int) -> CardType:
    return CATALOG.cards[card].type


Weights = Mapping[str, float]
"""A table: the weight of each feature (``FEATURES``)."""


class FittedReading:
    """Reads a table with the weights fitted to its way of playing, base or Cinderella
    (``tables``: ``data/fitted.toml``'s by default)."""

    def __init__(self, tables: Mapping[str, Weights] | None = None) -> None:
        self.tables = shipped_tables() if tables is None else tables

    def worths(self, state: DarkTalesState) -> list[float]:
        """Each seat's VP plus its weighed features."""
        weights = self.tables["cinderella" if state.game.cinderella else "base"]
        read = table(state)
        return [
            state.vp[seat]
            + sum([weights[name] * v for name, v in features(state, seat, read).items()])
            for seat in range(state.game.players)
        ]


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
