"""One game of Dark Tales: the table's fields and the agenda, and what the rules read of
their game (``Edition``). It imports no other module of the game's rules: ``rules.py``
plays the state (``rules.Played``), the rules' parts read and change its fields.

The public fields are immutable values (numbers, tuples, enums), so a view
is the fields themselves and ``determinize`` sets them back. The secrets are
all in the zones: the hands (each seen by its owner), the deck and the base
cards set aside for the shorter game (by nobody), and with Cinderella the
tiles: those in front of a player lie in its ``tiles`` zone, which only it
sees (so it knows their other sides), while everyone sees the side each one
shows (``showing``); the pile lies unframed side up, so everyone sees that
side of its top tile (``top``) but nobody which tile it is (``tile-top``),
and nobody sees the tiles below it (``tile-pile``, then the discarded tiles
under it, ``tile-bottom``). The agenda is a tuple of ``(Task, argument)``; ``proceed`` runs
tasks until one waits for a decision, whose ``Phase`` becomes the step. The
rules of each task live in ``playing.py``, ``card_texts.py`` and ``ending.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import accumulate, chain
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple, Self

from ballroom.core.events import Event, Wording
from ballroom.core.flow import Step
from ballroom.core.rng import Rng
from ballroom.core.rule_tables import RuleTables
from ballroom.core.standard import StandardGame, StandardState
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones
from ballroom.games.dark_tales.components import Item, Side, Time
from ballroom.games.dark_tales.turn import (
    CATALOG,
    CODEC,
    DRAW,
    MAX_SEATS,
    TILE_BASE,
    TILE_DRAWN_IDS,
    TILE_IDS,
    Phase,
    Task,
)

ITEM_INDEX = {item: index for index, item in enumerate(Item)}
LIMITS = tuple(CATALOG.limit(item) for item in Item)
"""The item tokens of each kind, in the enum's order."""
DECK = ZoneId.parse("deck")
DISCARD = ZoneId.parse("discard")
MIDDLE = ZoneId.parse("middle")
REMOVED = ZoneId.parse("removed")
RESOLVING = ZoneId.parse("resolving")
ASIDE = ZoneId.parse("set-aside")
HAND = tuple(ZoneId.parse(f"hand/{seat}") for seat in range(MAX_SEATS))
FRONT = tuple(ZoneId.parse(f"front/{seat}") for seat in range(MAX_SEATS))
TILES = tuple(ZoneId.parse(f"tiles/{seat}") for seat in range(MAX_SEATS))
"""The zones the rules move cards to and read, each id made once (the zones' own ids, so a
look-up finds its key without building one)."""
ALONE = tuple(frozenset({seat}) for seat in range(MAX_SEATS))
"""Each seat as the only audience of an event (a card drawn is told to its drawer alone)."""
IN_PLAY = {players: itemgetter(*FRONT[:players], MIDDLE) for players in range(1, MAX_SEATS + 1)}
"""By the number of players: the zones of the cards in play, fronts then middle, taken from
the zones at once (the rules ask which cards are in play at nearly every move)."""
_CARDS = attrgetter("cards")
DRAW_IDS = CODEC.ids(DRAW)
"""The action id of drawing each card, by card."""
TILE_PILE = ZoneId.parse("tile-pile")
DRAWN: dict[Phase, tuple[ZoneId, Sequence[int] | Mapping[int, int]]] = {
    Phase.DRAW: (DECK, DRAW_IDS),
    Phase.TILE_DRAW: (TILE_PILE, TILE_DRAWN_IDS),
}
"""The chance steps that draw from a pile whose order nobody knows, each card (tile)
equally likely: the pile, and the id of drawing each card (tile) of it."""


class Edition(StandardGame[Phase]):
    """The game as its rules read it: the seats, and whether the Cinderella expansion (and
    its shorter game) is played. The game itself (``game.DarkTales``) is one; the rules
    name their game by this class, so that no module the game imports imports the game."""

    cinderella: bool
    """Whether the Cinderella expansion is played."""
    shorter: bool
    """The shorter game: ten different base cards set aside first."""

    @cached_property
    def seat_names(self) -> tuple[str, ...]:
        """Each seat's name (``player_name``), made once: the events name a seat at every
        move."""
        return tuple(self.player_name(seat) for seat in range(self.players))


class Play(NamedTuple):
    """A card a seat played and the VP it gained then (its VP and its text's, not a Ball's),
    kept for balance studies (``chronicle.py``)."""

    card: str
    vp: int


@dataclass(frozen=True, slots=True)
class Table:
    """Everything everyone sees beyond the zones (the state's public fields, by name)."""

    a_card: int | None
    """The A Setting card (an index into the catalog's A cards), once drawn."""
    b_card: int | None
    vp: tuple[int, ...]
    items: tuple[tuple[int, ...], ...]
    """Per seat: how many of each ``Item`` it holds, in the enum's order."""
    player: int
    """Whose turn it is."""
    turn: int
    """How many turns have started."""
    playing: int | None
    """The card whose text is being carried out (not yet in play)."""
    using: Item | None
    """The item whose use is being carried out."""
    target_of: int
    """The index of the operation a TARGET step chooses for."""
    agenda: tuple[tuple[Task, int], ...]
    pending: tuple[Task, int] | None
    """The task waiting at the current step."""
    clock: Time | None
    """With Cinderella: day or night, as the two cards in the middle show (else ``None``)."""
    showing: tuple[tuple[int, ...], ...]
    """Per seat: the side each of its tiles shows (an index into the catalog's faces), in
    the order of its ``tiles`` zone."""
    top: int | None
    """The side the pile's top tile shows (its unframed side, for everyone to see: the pile
    lies unframed side up); ``None`` while the pile is empty."""
    under: tuple[int, ...]
    """The side each tile under the pile showed when it was discarded, in the order of the
    ``tile-bottom`` zone (the last drawn first)."""
    dancer: int | None
    """The seat performing the Ball now."""
    dancing: tuple[int, ...]
    """The cards that dance with the dancer's couples so far (each dances once a player)."""
    danced: tuple[int, ...]
    """The cards that danced at this Ball, for any player."""
    couples: tuple[tuple[int, int, int], ...]
    """The couples formed at the latest Ball, as (seat, Male, Female) in the order formed;
    they stay on show until the next Ball."""
    balls: int
    """The Balls held during the game (the final Ball not counted)."""
    ball_vp: tuple[int, ...]
    """Per seat: the VP scored at Balls (tiles, couples, bonuses and the final awards)."""


class DarkTalesState(StandardState[Phase], RuleTables[Phase, Task]):
    """The table, the zones and the agenda; a view shows the table's fields (``Table``). A
    new one is the table before set-up (what ``determinize`` deals into), and
    ``rules.Played`` plays it."""

    game: Edition
    frozen_fields = True

    a_card: int | None
    b_card: int | None
    vp: tuple[int, ...]
    items: tuple[tuple[int, ...], ...]
    player: int
    turn: int
    playing: int | None
    using: Item | None
    target_of: int
    clock: Time | None
    showing: tuple[tuple[int, ...], ...]
    top: int | None
    under: tuple[int, ...]
    dancer: int | None
    dancing: tuple[int, ...]
    danced: tuple[int, ...]
    couples: tuple[tuple[int, int, int], ...]
    balls: int
    ball_vp: tuple[int, ...]

    def __init__(self, game: Edition, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.told: list[Event] = []
        self.a_card = None
        self.b_card = None
        self.vp = (0,) * n
        self.items = ((0,) * len(Item),) * n
        self.player = 0
        self.turn = 0
        self.playing = None
        self.using = None
        self.target_of = 0
        self.clock = Time.DAY if game.cinderella else None
        self.showing = ((),) * n
        self.top = None
        self.under = ()
        self.dancer = None
        self.dancing = ()
        self.danced = ()
        self.couples = ()
        self.balls = 0
        self.ball_vp = (0,) * n
        self.plays: tuple[tuple[Play, ...], ...] = ((),) * n
        """Each seat's cards played and the VP each gained, for balance studies
        (``chronicle.py``); not part of the view."""
        self.played_from = 0
        self.zones = create_zones(game)
        self.agenda = ()
        self.pending = None
        self.step = Step.over(Phase.OVER)

    def clone(self) -> Self:
        """An independent copy: the fields are immutable values but the history, the events
        being told and the random source."""
        twin: Self = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields["history"] = self.history.fork()
        fields["told"] = list(self.told)
        fields["rng"] = self.rng.clone()
        twin.__dict__ = fields
        return twin

    # -- the agenda -------------------------------------------------------------

    def over(self) -> Step[Phase]:
        return Step.over(Phase.OVER)

    def name(self, seat: int) -> str:
        return self.game.seat_names[seat]

    def say(
        self,
        kind: str,
        template: str,
        *,
        audience: frozenset[int] | None = None,
        reveals: bool = False,
        **data: Any,
    ) -> None:
        """Report an event of the action being applied, its sentence ``template`` filled from
        its ``data`` when first read (nothing at all when nobody reads events: ``advance``);
        ``reveals``: it shows what some seat could not see (a tile's other side)."""
        if self.reporting:
            self.told.append(Event(kind, _wording(template), data, audience, reveals))

    def tell(self, kind: str, template: str, seat: int, **data: Any) -> None:
        """``say`` an event of what ``seat`` did: its data name the player and the seat, then
        ``data``."""
        if self.reporting:
            data = {"player": self.game.seat_names[seat], "seat": seat, **data}
            self.told.append(Event(kind, _wording(template), data))

    # -- what a game writes for the declared core -------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a draw (``DRAWN``), each card (tile) of the pile by its id in sorted order,
        equally likely, without making an action of each: a search draws at every turn."""
        drawn = DRAWN.get(self.step.name)
        if drawn is None or self.effect is not None:
            return super().chance_outcomes()
        pile, ids = drawn
        cards = self.zones.zones[pile].cards
        chance = 1.0 / len(cards)
        return [(ids[card], chance) for card in sorted(cards)]

    def draw_chance(self, rng: Rng) -> int:
        """At a draw, the card ``State.draw_chance`` gives ``rng`` from the odds
        ``chance_outcomes`` lists, found among the running sums of those odds, summed once
        for each size of the pile (a search draws at every turn)."""
        drawn = DRAWN.get(self.step.name)
        if drawn is None or self.effect is not None:
            return super().draw_chance(rng)
        pile, ids = drawn
        cards = sorted(self.zones.zones[pile].cards)
        running, total = _even_odds(len(cards))
        return ids[cards[rng.running_index(running, total)]]

    def sample_chance(self) -> int:
        """A card drawn from the deck: one ``Rng.below`` over its cards in sorted order (the
        outcomes and odds ``chance_outcomes`` lists), without listing them; a tile coming
        to the top of the pile: ``draw_chance`` with the state's own source, as
        ``State.sample_chance`` draws it."""
        if self.effect is None:
            if self.step.name is Phase.DRAW:
                deck = sorted(self.zones.zones[DECK].cards)
                return DRAW_IDS[deck[self.rng.below(len(deck))]]
            if self.step.name is Phase.TILE_DRAW:
                return self.draw_chance(self.rng)
        return super().sample_chance()

    # -- reading the table --------------------------------------------------------

    def held(self, seat: int, item: Item) -> int:
        return self.items[seat][ITEM_INDEX[item]]

    def supply(self, item: Item) -> int:
        """The item tokens nobody holds."""
        index = ITEM_INDEX[item]
        return LIMITS[index] - sum(row[index] for row in self.items)

    def in_play(self) -> list[int]:
        """The cards in play: in front of every player, then in the middle."""
        return list(chain.from_iterable(map(_CARDS, IN_PLAY[self.game.players](self.zones.zones))))

    def time(self) -> Time | None:
        """Day or night, as the Day or Night card in the middle shows (neither without one)."""
        if self.game.cinderella:
            return self.clock
        for card in reversed(self.zones.zones[MIDDLE].cards):
            time = CATALOG.cards[card].time
            if time is not None:
                return time
        return None

    def turns(self) -> int:
        return self.turn

    def hand(self, seat: int) -> tuple[int, ...]:
        return self.zones.zones[HAND[seat]].cards

    def faces(self, seat: int) -> list[Side]:
        """The sides ``seat``'s tiles show."""
        return [CATALOG.cinderella.faces[face] for face in self.showing[seat]]

    def tiles(self, seat: int) -> tuple[int, ...]:
        """The tiles in front of ``seat`` (as indexes into the catalog's tiles), in order."""
        return tuple(tile - TILE_BASE for tile in self.zones.zones[TILES[seat]].cards)

    # -- changing the table -------------------------------------------------------

    def score(self, seat: int, vp: int) -> None:
        vps = list(self.vp)
        vps[seat] += vp
        self.vp = tuple(vps)

    def score_at_ball(self, seat: int, vp: int) -> None:
        """VP scored at a Ball, also counted in ``ball_vp``."""
        self.score(seat, vp)
        vps = list(self.ball_vp)
        vps[seat] += vp
        self.ball_vp = tuple(vps)

    def set_showing(self, seat: int, faces: tuple[int, ...]) -> None:
        rows = list(self.showing)
        rows[seat] = faces
        self.showing = tuple(rows)

    def change_item(self, seat: int, item: Item, delta: int) -> None:
        row = list(self.items[seat])
        row[ITEM_INDEX[item]] += delta
        rows = list(self.items)
        rows[seat] = tuple(row)
        self.items = tuple(rows)

    # -- the end --------------------------------------------------------------------


@cache
def _wording(template: str) -> Wording:
    """The sentence of ``template`` filled from an event's data: one per template, shared by
    every event said with it."""
    return lambda data: template.format(**data)


@cache
def _even_odds(outcomes: int) -> tuple[tuple[float, ...], float]:
    """``outcomes`` equally likely, as ``Rng.running_index`` reads them: the running sums of
    their odds, and the odds' ``sum()``."""
    odds = [1.0 / outcomes] * outcomes
    return tuple(accumulate(odds)), sum(odds)


def create_zones(game: Edition) -> Zones:
    """The deck, the empty hands, fronts, middle, discard and removed, and the Cinderella
    zones: the Ball at the Palace card (its known and its unseen cards), the tile pile (its top tile, the tiles below it, then
    the discarded tiles under it, in order), each player's tiles, and the box (tiles out of
    the game, for a built position). Components out of this game are ``unused``: the
    expansion's cards in the base game; with Cinderella, the Days and Nights but the two
    in the ``clock``, the Day on top (each everyone sees). The Ball at the Palace holds its
    cards face down (RULINGS, Dark Tales 5): one every player saw in play stays known by name
    (``ball``, then ``removed``); one from a hand or the deck is seen by nobody, only counted
    (``ball-unseen``, then ``removed-unseen``)."""
    return _table_zones(game.players, game.cinderella)


@cache
def _table_zones(players: int, cinderella: bool) -> Zones:
    """``create_zones`` for a number of players, with Cinderella or not: made once, as
    zones are values that every move replaces (a search deals each world into a new state)."""
    seats = range(players)
    base = range(CATALOG.base_cards)
    clock: tuple[int, ...] = ()
    if cinderella:
        times = [card for card in base if CATALOG.cards[card].time is not None]
        night = next(c for c in times if CATALOG.cards[c].time is Time.NIGHT)
        day = next(c for c in times if CATALOG.cards[c].time is Time.DAY)
        clock = (night, day)
        deck = tuple(c for c in range(len(CATALOG.cards)) if c not in times)
        unused = tuple(c for c in times if c not in clock)
    else:
        deck, unused = tuple(base), tuple(range(CATALOG.base_cards, len(CATALOG.cards)))
    zones = [
        Zone(ZoneId("deck"), Visibility.NOBODY, deck),
        Zone(ZoneId("discard"), Visibility.EVERYONE),
        Zone(ZoneId("middle"), Visibility.EVERYONE),
        Zone(ZoneId("removed"), Visibility.EVERYONE),
        Zone(ZoneId("resolving"), Visibility.EVERYONE),
        Zone(ZoneId("unused"), Visibility.EVERYONE, unused),
        Zone(ZoneId("clock"), Visibility.EVERYONE, clock),
        Zone(ZoneId("set-aside"), Visibility.NOBODY),
        Zone(ZoneId("ball"), Visibility.EVERYONE),
        Zone(ZoneId("ball-unseen"), Visibility.NOBODY),
        Zone(ZoneId("removed-unseen"), Visibility.NOBODY),
        Zone(ZoneId("tile-top"), Visibility.NOBODY),
        Zone(ZoneId("tile-pile"), Visibility.NOBODY, tuple(TILE_IDS) if cinderella else ()),
        Zone(ZoneId("tile-bottom"), Visibility.NOBODY),
        Zone(ZoneId("tile-box"), Visibility.EVERYONE),
        *(Zone(ZoneId("hand", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("front", s), Visibility.EVERYONE) for s in seats),
        *(Zone(ZoneId("tiles", s), Visibility.OWNER) for s in seats),
    ]
    return Zones.create(players, zones)
