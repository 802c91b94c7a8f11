"""One game of Vampire's Harvest: the table's fields, the agenda, and reading and changing them.

A leaf of the game's imports: the table (``Table``, everyone's) and each
seat's ``Secret`` are the view parts the game declares, copied from these
fields and back by the core (``ballroom.core.public``); the only secret
outside the zones is each seat's chosen Action card before the reveal
(``chosen``).

The agenda is a tuple of ``(Task, argument)``; ``proceed`` runs tasks until
one waits for a decision, whose ``Phase`` becomes the step. The rules of each
task and step are played by ``rules.py``'s ``HarvestRules``, the state the
game makes, from the modules of the rulebook's sections: ``prepare.py``,
``actions_phase.py``, ``resolution.py`` and ``attempts.py``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from ballroom.core import effects as fx
from ballroom.core.declared import AgendaState
from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.game import Game
from ballroom.core.rule_tables import Telling
from ballroom.core.standard import StandardState
from ballroom.core.state import Outcome
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones
from ballroom.games.vampires_harvest.chronicle import Deeds, seat_features
from ballroom.games.vampires_harvest.components import MODIFIERS, Deck, Lasts
from ballroom.games.vampires_harvest.scoring import ranking
from ballroom.games.vampires_harvest.turn import (
    CATALOG,
    CLOSING_DIE,
    MAX_PLAYERS,
    ActionCard,
    Phase,
    Skill,
    Task,
    Track,
)

TURNS = 12
EARLY_TURNS = 6
"""The Early Opportunity deck serves turns 1-6, the Late deck turns 7-12."""
START_BLOOD = 10
START_SKILL_POINTS = 4
START_TRACK = 1
OPPORTUNITIES_PER_AREA = 2
ENCOUNTER_DRAW = 5
SKILL_INDEX = {skill: index for index, skill in enumerate(Skill)}
TRACK_INDEX = {track: index for index, track in enumerate(Track)}


@dataclass(frozen=True, slots=True)
class Boost:
    """What Bloodstones played for the attempt under way add to it."""

    fight_dice: int = 0
    fight_hits: int = 0
    tribute_discount: int = 0
    seduce_draw: int = 0
    seduce_keep: int = 0


NO_BOOST = Boost()
"""No Bloodstone played for the attempt (a record is a value: one serves every attempt)."""


@dataclass(frozen=True, slots=True)
class Auction:
    """A Power Broker auction: the bid to beat, who made it, who is still in (clockwise)."""

    bid: int
    leader: int
    bidders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """Everything everyone sees beyond the zones (the state's public fields, by name)."""

    turn: int
    initiative: int
    initiative_locked: bool
    pool: int
    blood: tuple[int, ...]
    tracks: tuple[tuple[int, ...], ...]
    """Per seat: Tribute, Slayer, Seduction."""
    skills: tuple[tuple[int, ...], ...]
    """Per seat: the level of each ``Skill`` in its order."""
    skill_points: tuple[int, ...]
    broker_used: tuple[bool, ...]
    discarded: tuple[tuple[ActionCard, ...], ...]
    """Per seat: the Action cards discarded after use (Late Decision, Chance Encounter)."""
    areas: int
    closed: tuple[int, ...]
    revealed: tuple[ActionCard | None, ...]
    harvested: bool
    auction: Auction | None
    facing: int | None
    """The Opportunity card being attempted."""
    facing_area: int
    """Its Area (1-4), or 0 for a Chance Encounter's private Area."""
    fury: bool
    dice: tuple[int, ...]
    boost: Boost
    kept: int
    agenda: tuple[tuple[Task, int], ...]
    pending: tuple[Task, int] | None
    """The task waiting at the current step."""


@dataclass(frozen=True, slots=True)
class Secret:
    """A seat's own secret: the Action card it chose, until the reveal."""

    chosen: ActionCard | None


def closing_die(game: Game) -> bool:
    """Whether the two-player closing-die rules (RULINGS 1) apply to ``game``."""
    return game.players == 2 and game.options["two-player"] == CLOSING_DIE


def opportunity_deck(turn: int) -> Deck:
    """The Opportunity deck that serves turn ``turn``."""
    return Deck.EARLY if turn <= EARLY_TURNS else Deck.LATE


def area_count(game: Game) -> int:
    """How many Areas the table has: one fewer than players, two under the closing die."""
    return 2 if closing_die(game) else game.players - 1


class HarvestState(Telling, AgendaState[Phase, Task], StandardState[Phase]):
    """The table, the zones, each seat's secret choice, and the agenda; its rules are
    ``rules.HarvestRules``'s."""

    frozen_fields = True
    """Its public fields are immutable values (numbers, tuples, enums, frozen records)."""
    two_player: bool
    """Whether the two-player closing-die rules (RULINGS 1) apply."""

    turn: int
    initiative: int
    initiative_locked: bool
    pool: int
    blood: tuple[int, ...]
    tracks: tuple[tuple[int, ...], ...]
    skills: tuple[tuple[int, ...], ...]
    skill_points: tuple[int, ...]
    broker_used: tuple[bool, ...]
    discarded: tuple[tuple[ActionCard, ...], ...]
    areas: int
    closed: tuple[int, ...]
    revealed: tuple[ActionCard | None, ...]
    harvested: bool
    auction: Auction | None
    facing: int | None
    facing_area: int
    fury: bool
    dice: tuple[int, ...]
    boost: Boost
    kept: int
    chosen: list[ActionCard | None]
    agenda: tuple[tuple[Task, int], ...]
    pending: tuple[Task, int] | None
    """The agenda's fields, annotated with the game's tasks so that a copy shares them as
    the values they are."""
    deeds: tuple[Deeds, ...]
    """Each seat's record for balance studies (``chronicle.py``); not part of the view."""
    seat_names: tuple[str, ...]
    """Each seat's name (the game's), which the events say at almost every move."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.two_player = closing_die(game)
        self.told: list[Event] = []
        self.turn = 1
        self.initiative = 0
        self.initiative_locked = False
        self.pool = 0
        self.blood = (START_BLOOD,) * n
        self.tracks = ((START_TRACK,) * len(Track),) * n
        self.skills = ((0,) * len(Skill),) * n
        self.skill_points = (START_SKILL_POINTS,) * n
        self.broker_used = (False,) * n
        self.discarded = ((),) * n
        self.areas = area_count(game)
        self.closed = ()
        self.revealed = (None,) * n
        self.harvested = False
        self.auction = None
        self.facing = None
        self.facing_area = 0
        self.fury = False
        self.dice = ()
        self.boost = NO_BOOST
        self.kept = 0
        self.chosen = [None] * n
        self.deeds = (Deeds(),) * n
        self.seat_names = tuple(game.player_name(seat) for seat in range(n))
        self.zones = create_zones(self)
        self.agenda = ()
        self.pending = None
        self.step = Step.over(Phase.OVER)

    # -- the agenda -------------------------------------------------------------

    def over(self) -> Step[Phase]:
        return Step.over(Phase.OVER)

    def name(self, seat: int) -> str:
        return self.seat_names[seat]

    # -- the view ------------------------------------------------------------------

    def next_step(self) -> Step[Phase]:
        return self.step

    def private(self, seat: int) -> Secret:
        return Secret(self.chosen[seat])

    # -- reading the table --------------------------------------------------------

    def level(self, seat: int, skill: Skill) -> int:
        return self.skills[seat][SKILL_INDEX[skill]]

    def track(self, seat: int, track: Track) -> int:
        return self.tracks[seat][TRACK_INDEX[track]]

    def modifier(self, seat: int, quantity: str) -> int:
        """What the Event for the turn and the seat's Trainer Skills add to ``quantity``."""
        zones = self.zones
        event = zones[EVENT].cards
        return standing(event[-1] if event else None, zones[TRAINED[seat]].cards)[quantity]

    def order(self) -> list[int]:
        """Every seat clockwise from the Initiative holder."""
        n = self.game.players
        return TWO_ROUNDS[n][self.initiative : self.initiative + n]

    def current_deck(self) -> Deck:
        return opportunity_deck(self.turn)

    def turns(self) -> int:
        return self.turn

    # -- changing the table -------------------------------------------------------

    def gain_blood(self, seat: int, amount: int) -> None:
        blood = list(self.blood)
        blood[seat] = max(0, blood[seat] + amount)
        self.blood = tuple(blood)

    def gain_points(self, seat: int, amount: int) -> None:
        points = list(self.skill_points)
        points[seat] = max(0, points[seat] + amount)
        self.skill_points = tuple(points)

    def score(self, seat: int, track: Track, amount: int) -> None:
        self.tracks = _added(self.tracks, seat, TRACK_INDEX[track], amount)

    def raise_skill(self, seat: int, skill: Skill) -> None:
        self.skills = _added(self.skills, seat, SKILL_INDEX[skill], 1)

    # -- the effects' Host ----------------------------------------------------------

    def quantity(self, seat: int, name: str, source: str) -> int:
        if name == "blood":
            return self.blood[seat]
        if name == "skill-points":
            return self.skill_points[seat]
        return 0

    def flag(self, seat: int, name: str, source: str) -> bool:
        return name == "initiative-locked" and self.initiative_locked

    @abstractmethod
    def perform(self, seat: int, operation: fx.Primitive, source: str) -> list[Event]:
        """A card ability's operation (``rules.HarvestRules``: ``cards.perform``)."""

    def run_ability(self, card: int, seat: int, when: str) -> None:
        """Do what card ``card``'s ability does at ``when`` for ``seat`` (if its conditions hold)."""
        plain = PLAIN_ABILITIES[card]
        if plain is None:
            effects = CATALOG.effects
            effects.run(effects.trigger(when, seat, [_ability(card)], self), self)
            return
        ability, operations = plain
        if ability.when == when and fx.holds(self, seat, ability.name, ability.conditions):
            for operation in operations:
                self.perform(seat, operation, ability.name)

    # -- the end --------------------------------------------------------------------

    def seat_features(self) -> list[dict[str, str]]:
        return seat_features(self)

    def outcome(self) -> Outcome:
        return Outcome.from_ranking(self.game.players, ranking(self.tracks, self.blood))


def _added(
    rows: tuple[tuple[int, ...], ...], seat: int, index: int, amount: int
) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``amount`` added to ``seat``'s value at ``index`` (the other rows kept)."""
    row = list(rows[seat])
    row[index] += amount
    return (*rows[:seat], tuple(row), *rows[seat + 1 :])


@cache
def zone_id(name: str, owner: int | None = None) -> ZoneId:
    """The id the zones hold for zone ``name`` (of ``owner``), found once: the rules move
    cards at almost every step, and a look-up by the very key the zones hold compares
    nothing."""
    return ZoneId.parse(name if owner is None else f"{name}/{owner}")


CARD_MODIFIERS: tuple[Mapping[str, int], ...] = tuple(
    {}
    if card.ability is None
    else {quantity: CATALOG.effects.limit([card.ability], quantity, 0) for quantity in MODIFIERS}
    for card in CATALOG.cards
)
"""What each card's standing ability (an Event for the turn, a Trainer Skill) adds to each
modified quantity, worked out once from its operations: every attempt asks several."""


@cache
def standing(event: int | None, trained: tuple[int, ...]) -> Mapping[str, int]:
    """What the Event ``event`` (if it lasts the turn) and the Trainer Skills ``trained``
    add to each modified quantity: summed once for each, since every attempt asks several."""
    cards = [*trained]
    if event is not None and CATALOG.cards[event].lasts is Lasts.TURN:
        cards.append(event)
    return {
        quantity: sum(CARD_MODIFIERS[card][quantity] for card in cards) for quantity in MODIFIERS
    }


def _ability(card: int) -> str:
    ability = CATALOG.cards[card].ability
    assert ability is not None, f"card {CATALOG.cards[card].text} has no ability"
    return ability


def _plain(card: int) -> tuple[fx.Ability, tuple[fx.Gain | fx.Spend, ...]] | None:
    """Card ``card``'s ability and its operations if it only gains and spends, at a moment
    that is not secret."""
    name = CATALOG.cards[card].ability
    if name is None:
        return None
    ability = CATALOG.effects.abilities[name]
    operations = tuple(op for op in ability.do if isinstance(op, fx.Gain | fx.Spend))
    plain = len(operations) == len(ability.do) and ability.when not in CATALOG.effects.secret
    return (ability, operations) if plain else None


PLAIN_ABILITIES = tuple(_plain(card) for card in range(len(CATALOG.cards)))
"""Each card's ability where it only gains and spends (every shipped one does), done
operation by operation where its conditions hold, as the effects engine's ``trigger``
and ``run`` would do it without their bookkeeping: a reward or a Bloodstone is done at
almost every attempt."""
SEATS = range(MAX_PLAYERS)
TWO_ROUNDS = tuple([*range(players)] * 2 for players in range(MAX_PLAYERS + 1))
"""The seats twice round, by the number of players: an order is a slice of them."""
EVENT = zone_id("event")
TRAINED = tuple(zone_id("trained", seat) for seat in SEATS)
HAND = tuple(zone_id("hand", seat) for seat in SEATS)
DRAWN = tuple(zone_id("drawn", seat) for seat in SEATS)
KEPT = tuple(zone_id("kept", seat) for seat in SEATS)
ENCOUNTER = tuple(zone_id("encounter", seat) for seat in SEATS)
PRIVATE_AREA = tuple(zone_id("private-area", seat) for seat in SEATS)
AREA = {area: zone_id(f"area-{area}") for area in range(1, MAX_PLAYERS)}
"""The ids of the zones the rules read most, by seat (an Area's by its number)."""


START_ZONES: dict[tuple[int, bool, int], Zones] = {}
"""The zones at the start, by players, whether the closing-die rules apply and Areas: zones
are a value, so every new game and every blank state a search deals into shares them."""


def create_zones(state: HarvestState) -> Zones:
    """Every pile, Area and hand at the start, each card in its deck."""
    key = (state.game.players, state.two_player, state.areas)
    zones = START_ZONES.get(key)
    if zones is None:
        zones = START_ZONES[key] = start_zones(*key)
    return zones


def start_zones(players: int, two_player: bool, areas: int) -> Zones:
    """``create_zones``'s zones, laid out afresh."""
    seats = range(players)
    closing_events = {i for i in CATALOG.deck(Deck.EVENT) if CATALOG.cards[i].closes}
    events = tuple(i for i in CATALOG.deck(Deck.EVENT) if not (two_player and i in closing_events))
    removed = tuple(i for i in CATALOG.deck(Deck.EVENT) if i not in events)
    zones = [
        Zone(ZoneId("early-deck"), Visibility.NOBODY, CATALOG.deck(Deck.EARLY)),
        Zone(ZoneId("early-discard"), Visibility.NOBODY),
        Zone(ZoneId("late-deck"), Visibility.NOBODY, CATALOG.deck(Deck.LATE)),
        Zone(ZoneId("late-discard"), Visibility.NOBODY),
        Zone(ZoneId("event-deck"), Visibility.NOBODY, events),
        Zone(ZoneId("event"), Visibility.EVERYONE),
        Zone(ZoneId("event-discard"), Visibility.EVERYONE),
        Zone(ZoneId("events-removed"), Visibility.EVERYONE, removed),
        Zone(ZoneId("seduction-deck"), Visibility.NOBODY, CATALOG.deck(Deck.SEDUCTION)),
        Zone(ZoneId("seduction-discard"), Visibility.NOBODY),
        Zone(ZoneId("bloodstone-deck"), Visibility.NOBODY, CATALOG.deck(Deck.BLOODSTONE)),
        Zone(ZoneId("bloodstone-discard"), Visibility.EVERYONE),
        Zone(ZoneId("trainers"), Visibility.EVERYONE, CATALOG.deck(Deck.TRAINER)),
        *(Zone(ZoneId(f"area-{a}"), Visibility.EVERYONE) for a in range(1, areas + 1)),
        *(Zone(ZoneId("hand", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("encounter", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("private-area", s), Visibility.EVERYONE) for s in seats),
        *(Zone(ZoneId("drawn", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("kept", s), Visibility.EVERYONE) for s in seats),
        *(Zone(ZoneId("trained", s), Visibility.EVERYONE) for s in seats),
    ]
    return Zones.create(players, zones)
