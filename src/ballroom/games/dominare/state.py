"""One game of Dominare: the table's fields and the agenda, and what the rules read of
their game (``Edition``). It imports no other module of the game's rules: ``rules.py``
plays the state (``rules.Played``), the rules' parts read and change its fields.

The public fields are immutable values (numbers, tuples, small frozen
dataclasses), so a view is the fields themselves (with what ``Shown`` works
out from them) and ``determinize`` sets them back. Everything secret lies in the zones: hands, the agents dealt at
set-up, drawn by a recruit or passed in the draft, each seat's agent chosen
face down until the reveal, both decks and the agents discarded face down.

The agenda is a tuple of ``(Task, seat)``; ``proceed`` runs tasks until one
waits for a decision, whose ``Phase`` becomes the step. The rules of each
task live in the module of its rulebook section (``rules.py`` pairs them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Self

from ballroom.core import effects as fx
from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.rule_tables import RuleTables, Telling
from ballroom.core.standard import StandardGame
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones
from ballroom.games.dominare.components import DECK_SIZE, REMOVED_WHEN_LEARNING, Agent, Board, Trait
from ballroom.games.dominare.turn import (
    AGENTS,
    CATALOG,
    FACTION_DECKS,
    MAX_PLAYERS,
    OP_TASK,
    Phase,
    Task,
    faction_deck,
)

SEASONS = 7
START_CROWNS = 5
CELLS_FROM = 4
"""Cells: the Season from which the lowest ranks are flipped for good."""
NOBODY = -1
"""The owner of a vacant block."""
GRANTING = frozenset(card for card in range(DECK_SIZE) if CATALOG.agent(card).grants is not None)
"""The agent cards whose standing text grants another agent a trait: ``traits`` looks no
further in ranks that hold none (most)."""
AGENT_DECK, AGENT_DISCARD = ZoneId("agent-deck"), ZoneId("agent-discard")
EVENT_DECK = ZoneId("event-deck")
HANDS = tuple(ZoneId("hand", seat) for seat in range(MAX_PLAYERS))
DEALT_PILES = tuple(ZoneId("dealt", seat) for seat in range(MAX_PLAYERS))
CHOSEN_PILES = tuple(ZoneId("chosen", seat) for seat in range(MAX_PLAYERS))
RANK_PILES = tuple(ZoneId("ranks", seat) for seat in range(MAX_PLAYERS))
"""The piles the rules move agents between, by seat, named once: every draw, keep and
action turn looks one up."""


class Edition(StandardGame[Phase]):
    """The game as its rules read it: the seats, the board's side and the variants played.
    The game itself (``game.Dominare``) is one; the rules name their game by this class, so
    that no module the game imports imports the game."""

    board: Board
    just_learning: bool
    sole_authority: bool
    """Sole Authority's deal (the Just Learning set-up replaces any deal)."""
    semi_blind: bool
    draft: bool
    cells: bool
    epic: bool
    anything_goes: bool
    seat_names: tuple[str, ...]
    """Each seat's name (``player_name``), named once: the events name seats at every move."""


@dataclass(frozen=True, slots=True)
class Deeds:
    """One seat's record for balance studies (``chronicle.py``): the agents that entered
    its ranks (revealed or by Replace, in order, replaced ones included) and its place in
    each Season's player order (1 is the scapegoat)."""

    recruited: tuple[int, ...] = ()
    places: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Trade:
    """An offer being made: who offers whom what (the agent offered lies in the offerer's
    ``offer`` pile, seen by the offerer, and by the other once proposed)."""

    offerer: int
    other: int
    task: int
    """The argument of the offerer's action task, to take once the trade is over."""
    give_crowns: int = 0
    give_agent: bool = False
    ask_crowns: int = 0
    ask_agent: bool = False
    proposed: bool = False


@dataclass(frozen=True, slots=True)
class Pending:
    """One operation of an ability still to do: for whom, from which agent rank, and what.

    ``rank`` is the acting agent's rank (0 for a district ability or an
    event); ``act`` names the operation (``abilities.py``).
    """

    seat: int
    rank: int
    act: str
    amount: int = 1
    target: str = ""
    where: str = ""
    source: str = ""


@lru_cache(maxsize=1 << 12)
def pending(
    seat: int,
    rank: int,
    act: str,
    amount: int = 1,
    target: str = "",
    where: str = "",
    source: str = "",
) -> Pending:
    """The ``Pending`` of these fields, one value for equal fields: a frozen record costs more
    to make than to look up, and the abilities queue the same few operations again and again."""
    return Pending(seat, rank, act, amount, target, where, source)


@dataclass(frozen=True, slots=True)
class Canvass:
    """An agent placing its influence: what is left to place and where it went."""

    seat: int
    rank: int
    left: int
    first: int = NOBODY
    placed: tuple[tuple[int, int], ...] = ()
    """(block, influence) in the order first placed."""


@dataclass(frozen=True, slots=True)
class Table:
    """Everything everyone sees beyond the zones (the state's public fields, by name)."""

    season: int
    crowns: tuple[int, ...]
    exposure: tuple[int, ...]
    order: tuple[int, ...]
    """Player order: the scapegoat first."""
    ranks: tuple[tuple[int, ...], ...]
    """Per seat, the agent card in each rank from rank 1."""
    down: tuple[tuple[bool, ...], ...]
    """Per seat and rank: face down."""
    used: tuple[tuple[bool, ...], ...]
    """Per seat and rank: the agent has used an ability this Season."""
    owners: tuple[int, ...]
    """Per block: who controls it (``NOBODY`` when vacant)."""
    tokens: tuple[int, ...]
    vp: tuple[int, ...]
    """Per district: its VP value."""
    district_used: tuple[bool, ...]
    bonus: tuple[int, ...]
    """Per seat: actions owed after all other actions this Season."""
    doubled: bool
    """Exposure gains are doubled for the rest of the Season (Franco Quadrelli)."""
    canvass: Canvass | None
    ops: tuple[Pending, ...]
    picked: tuple[int, ...]
    """Choices already made for the first pending operation."""
    last_block: int
    """The block the ability under way last acted on (for "an adjacent block")."""
    blind_deck: str
    """Semi-Blind Draw: the faction deck being drawn from ("" otherwise)."""
    blind_last: str
    """Semi-Blind Draw: the deck of the turn's first draw."""
    trade: Trade | None
    """Anything Goes: the trade being made."""
    traded: bool
    """Anything Goes: the acting player has opened its trade of this action turn."""
    epic_rank: int
    """Epic: the rank whose agent's turn it is (0: any agent may act)."""
    recruit_filter: str
    """The traits a recruited agent must have to be kept (Vinizio Ursini), if any."""
    agenda: tuple[tuple[Task, int], ...]
    pending: tuple[Task, int] | None


@dataclass(frozen=True, slots=True)
class Shown(Table):
    """The table as a view shows it: its public fields, and what anyone at the table reads
    off them at a glance, worked out by the rules so that no screen works it out again."""

    side: str
    """The board's side (``small`` or ``large``)."""
    control: tuple[int, ...]
    """Per district: who controls it (``NOBODY`` when nobody does)."""
    standing: tuple[int, ...]
    """Per seat: the VP it would score if the game ended now (exposure counted)."""


class DominareState(Telling, RuleTables[Phase, Task]):
    """The table, the zones and the agenda; a new one is the table before set-up (what
    ``determinize`` deals into), and ``rules.Played`` plays it."""

    game: Edition

    season: int
    crowns: tuple[int, ...]
    exposure: tuple[int, ...]
    order: tuple[int, ...]
    ranks: tuple[tuple[int, ...], ...]
    down: tuple[tuple[bool, ...], ...]
    used: tuple[tuple[bool, ...], ...]
    owners: tuple[int, ...]
    tokens: tuple[int, ...]
    vp: tuple[int, ...]
    district_used: tuple[bool, ...]
    bonus: tuple[int, ...]
    doubled: bool
    canvass: Canvass | None
    ops: tuple[Pending, ...]
    picked: tuple[int, ...]
    last_block: int
    blind_deck: str
    blind_last: str
    trade: Trade | None
    traded: bool
    epic_rank: int
    recruit_filter: str
    deeds: tuple[Deeds, ...]
    """Each seat's record for balance studies (``chronicle.py``); not part of the view."""
    board: Board
    """The game's board (``Edition.board``), at hand: the rules read it at every block."""

    def __init__(self, game: Edition, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.told: list[Event] = []
        self.season = 0
        self.crowns = (START_CROWNS,) * n
        self.exposure = (0,) * n
        self.order = tuple(range(n))
        self.ranks = ((),) * n
        self.down = ((),) * n
        self.used = ((),) * n
        blocks = len(game.board.blocks)
        self.owners = (NOBODY,) * blocks
        self.tokens = (0,) * blocks
        self.vp = tuple(d.start for d in CATALOG.districts)
        self.district_used = (False,) * len(CATALOG.districts)
        self.bonus = (0,) * n
        self.doubled = False
        self.canvass = None
        self.ops = ()
        self.picked = ()
        self.last_block = NOBODY
        self.blind_deck = self.blind_last = ""
        self.trade = None
        self.traded = False
        self.epic_rank = 0
        self.recruit_filter = ""
        self.queued = []
        self.acting_rank = 0
        self.counted_control = None
        self.deeds = (Deeds(),) * n
        self.board = game.board
        self.zones = create_zones(game)
        self.agenda = ()
        self.pending = None
        self.step = Step.over(Phase.OVER)

    # -- the agenda -------------------------------------------------------------

    def over(self) -> Step[Phase]:
        return Step.over(Phase.OVER)

    # -- what a game writes for the declared core -------------------------------

    # -- reading the table --------------------------------------------------------

    def agent_at(self, seat: int, rank: int) -> Agent:
        """The agent in ``seat``'s rank ``rank`` (from 1)."""
        return AGENTS[self.ranks[seat][rank - 1]]

    def face_up(self, seat: int, rank: int) -> bool:
        return 0 < rank <= len(self.ranks[seat]) and not self.down[seat][rank - 1]

    def traits(self, seat: int, rank: int) -> frozenset[Trait]:
        """The traits of the face-up agent in ``seat``'s rank (none when face down), with any
        that another face-up agent of the ranks grants it."""
        if not self.face_up(seat, rank):
            return NO_TRAITS
        return ranks_traits(self.ranks[seat], self.down[seat])[rank - 1]

    def dead(self, seat: int, rank: int) -> bool:
        """Cells: a rank flipped for good (rank 1 from Season 4, rank 2 from Season 5, ...)."""
        return self.game.cells and rank <= self.season - CELLS_FROM + 1

    def dead_ranks(self) -> int:
        """How many ranks from rank 1 are ``dead`` (Cells; none in other games)."""
        return max(0, self.season - CELLS_FROM + 1) if self.game.cells else 0

    def has_trait(self, seat: int, trait: Trait) -> bool:
        return any(trait in self.traits(seat, r) for r in range(1, len(self.ranks[seat]) + 1))

    def highest_exposure_value(self, seat: int) -> int:
        """The highest exposure value printed on an agent of ``seat``'s ranks."""
        return max((CATALOG.agent(card).exposure for card in self.ranks[seat]), default=0)

    def name(self, seat: int) -> str:
        return self.game.seat_names[seat]

    def turns(self) -> int:
        return self.season

    counted_control: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    """The blocks' owners that ``influence.controllers`` last counted, and who controls each
    district by them: an action turn, a view, the score and the bots ask again and again,
    and a placement changes one district at most (a change makes a new ``owners`` tuple,
    and counts its block's district again)."""

    # -- changing the table -------------------------------------------------------

    def gain_crowns(self, seat: int, amount: int) -> int:
        """Add ``amount`` (pay, when negative: as much as there is); return the change."""
        crowns = list(self.crowns)
        change = max(amount, -crowns[seat])
        crowns[seat] += change
        self.crowns = tuple(crowns)
        return change

    def adjust_exposure(self, seat: int, amount: int) -> None:
        """Adjust exposure by ``amount`` (gains doubled while Franco's ability lasts); never
        below zero."""
        if amount > 0 and self.doubled:
            amount *= 2
        exposure = list(self.exposure)
        exposure[seat] = max(0, exposure[seat] + amount)
        self.exposure = tuple(exposure)

    def set_rank(
        self, seat: int, rank: int, *, down: bool | None = None, used: bool | None = None
    ) -> None:
        if down is not None:
            self.down = _replace(self.down, seat, rank - 1, down)
        if used is not None:
            self.used = _replace(self.used, seat, rank - 1, used)

    def adjust_vp(self, district: int, amount: int) -> None:
        """Move a district's VP, never beyond the track."""
        vp = list(self.vp)
        vp[district] = min(CATALOG.vp_highest, max(CATALOG.vp_lowest, vp[district] + amount))
        self.vp = tuple(vp)

    # -- the effects' Host ----------------------------------------------------------

    def quantity(self, seat: int, name: str, source: str) -> int:
        if name == "rank":
            return self.acting_rank
        if name == "crowns":
            return self.crowns[seat]
        return 0

    acting_rank: int = 0
    """The rank of the agent whose ability is being checked or started."""

    def flag(self, seat: int, name: str, source: str) -> bool:
        return Trait(name) in self.traits(seat, self.acting_rank)

    def perform(self, seat: int, operation: fx.Primitive, source: str) -> list[Event]:
        """Queue one operation of the ability under way (``abilities.py`` does it)."""
        if isinstance(operation, fx.Act):
            places = [operation.where]
            if operation.name == "place" and operation.where == "every":
                places = [district.id for district in CATALOG.districts]
            for where in places:
                self.queued.append(pending(seat, self.acting_rank, operation.name,
                                           operation.amount, operation.target, where, source))  # fmt: skip
            return []
        if isinstance(operation, fx.Gain):
            queued = pending(seat, self.acting_rank, "gain", operation.amount, source=source)
        elif isinstance(operation, fx.Spend):
            queued = pending(seat, self.acting_rank, "pay", operation.amount, source=source)
        else:
            raise TypeError(f"Dominare performs no {operation.key}")
        self.queued.append(queued)
        return []

    queued: list[Pending]

    def start(self, ability: str, seat: int, rank: int, when: str) -> None:
        """Queue ``ability``'s operations for ``seat`` (from the agent in ``rank``) before
        every operation still pending, and the tasks that do them. What an ability that
        reads nothing but the acting rank queues is worked out once (``STARTED``)."""
        self.acting_rank = rank
        seats = STARTED.get((ability, rank, when))
        queued = None if seats is None else seats.get(seat)
        if queued is None:
            if seats:  # another seat's operations, this seat's own
                queued = tuple(
                    pending(seat, p.rank, p.act, p.amount, p.target, p.where, p.source)
                    for p in next(iter(seats.values()))
                )
            else:
                queued = self._queue(ability, seat, when)
            if ability in ON_RANK_ALONE:
                STARTED.setdefault((ability, rank, when), {})[seat] = queued
        self.ops = (*queued, *self.ops)
        self.push(*((OP_TASK, seat) for _ in queued))

    def _queue(self, ability: str, seat: int, when: str) -> tuple[Pending, ...]:
        """The operations the effects engine queues (``perform``) for ``ability``."""
        effects = CATALOG.effects
        self.queued = []
        effects.run(effects.trigger(when, seat, [ability], self), self)
        queued = tuple(self.queued)
        self.queued = []
        return queued

    def clone(self) -> Self:
        """An independent copy. Every field but the lists, the history and the random source
        is a value (ints, tuples, frozen records, the zones, the step, the game), so the copy
        shares it instead of copying it deeply: search and the adapters clone at every node.
        What the state remembers until it moves (its legal ids, its view's tally) stays
        behind, as the core's copy leaves it: a copy moves on its own, and a tally kept in
        place would be read by a copy at the same move number after another move."""
        twin = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields.pop("_legal_memo", None)
        fields.pop("_till_moved", None)
        for name, value in fields.items():
            if isinstance(value, list):
                fields[name] = value.copy()
        fields["history"] = self.history.fork()
        fields["rng"] = self.rng.clone()
        twin.__dict__ = fields
        return twin


def _on_rank_alone(ability: fx.Ability) -> bool:
    """Whether what ``ability`` queues (``DominareState.start``) depends on nothing but the
    seat and the acting rank: operations that ask nothing, conditions on the rank alone."""
    return all(isinstance(op, fx.Act | fx.Gain | fx.Spend) for op in ability.do) and all(
        _on_rank(condition) for condition in ability.conditions
    )


def _on_rank(condition: fx.Condition) -> bool:
    if isinstance(condition, fx.Not):
        return _on_rank(condition.condition)
    return isinstance(condition, fx.AtLeast) and condition.quantity == "rank"


ON_RANK_ALONE = frozenset(
    name for name, ability in CATALOG.effects.abilities.items() if _on_rank_alone(ability)
)
"""The abilities whose operations, once queued for a seat and rank at a moment, are the
same every time (``STARTED``)."""
STARTED: dict[tuple[str, int, str], dict[int, tuple[Pending, ...]]] = {}
"""What ``DominareState.start`` queued for each ability of ``ON_RANK_ALONE``, rank and
moment, by seat (the same operations for every seat, each its own): running the effects
engine costs more than the rest of an action turn."""

NO_TRAITS: frozenset[Trait] = frozenset()


@lru_cache(maxsize=1 << 14)
def ranks_traits(cards: tuple[int, ...], down: tuple[bool, ...]) -> tuple[frozenset[Trait], ...]:
    """Each rank's traits (``DominareState.traits``) for one seat's ranks ``cards`` with
    ``down`` face down, worked out once per such ranks: canvassing, the abilities' checks
    and the bots ask rank by rank, and ranks change a few times a Season."""
    granting = [
        grants
        for card, hidden in zip(cards, down, strict=True)
        if card in GRANTING and not hidden and (grants := CATALOG.agent(card).grants) is not None
    ]
    found = []
    for card, hidden in zip(cards, down, strict=True):
        if hidden:
            found.append(NO_TRAITS)
            continue
        agent = CATALOG.agent(card)
        granted = {trait for name, trait in granting if name == agent.name}
        found.append(agent.traits | granted if granted else agent.traits)
    return tuple(found)


def crowns(amount: int) -> str:
    """``amount`` crowns in words: ``1 crown``, ``3 crowns``."""
    return f"{amount} crown{'' if amount == 1 else 's'}"


def _replace(
    rows: tuple[tuple[bool, ...], ...], seat: int, index: int, value: bool
) -> tuple[tuple[bool, ...], ...]:
    row = list(rows[seat])
    row[index] = value
    return (*rows[:seat], tuple(row), *rows[seat + 1 :])


def create_zones(game: Edition) -> Zones:
    """The agent and event decks, and each seat's hand, ranks and private piles: the same
    for every game of as many players dealing the same way (zones are values), so made once
    for each; the bots make a state from every observation, and every game a new state."""
    return _start_zones(game.players, game.just_learning, game.semi_blind)


@cache
def _start_zones(players: int, just_learning: bool, semi_blind: bool) -> Zones:
    seats = range(players)
    deck = tuple(
        card
        for card in range(DECK_SIZE)
        if not (just_learning and CATALOG.agent(card).faction in REMOVED_WHEN_LEARNING)
    )
    out = tuple(card for card in range(DECK_SIZE) if card not in deck)
    blind: dict[str, list[int]] = {name: [] for name in FACTION_DECKS}
    if semi_blind:  # each card into its deck, in one pass
        for card in deck:
            blind[faction_deck(card)].append(card)
        deck = ()
    zones = [
        Zone(ZoneId("agent-deck"), Visibility.NOBODY, deck),
        *(
            Zone(ZoneId(f"deck-{name}"), Visibility.NOBODY, tuple(blind[name]))
            for name in FACTION_DECKS
        ),
        Zone(ZoneId("agent-discard"), Visibility.NOBODY),
        Zone(ZoneId("removed"), Visibility.EVERYONE, out),
        Zone(ZoneId("event-deck"), Visibility.NOBODY, CATALOG.event_ids),
        Zone(ZoneId("event-top"), Visibility.NOBODY),
        Zone(ZoneId("event"), Visibility.EVERYONE),
        Zone(ZoneId("event-discard"), Visibility.EVERYONE),
        *(Zone(ZoneId("hand", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("dealt", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("chosen", s), Visibility.OWNER) for s in seats),
        *(Zone(ZoneId("ranks", s), Visibility.EVERYONE) for s in seats),
        *(Zone(ZoneId("offer", s), Visibility.OWNER) for s in seats),
    ]
    return Zones.create(players, zones)
