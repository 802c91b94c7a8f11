"""Zones: where a game's cards lie, and who may see them.

A zone is an ordered collection of component ids (a deck, a hand, a
tableau, a discard pile, a face-up row) with an owner (a seat, or none) and
a visibility: its owner only, everyone, or nobody. Sizes are always public.
The top of a zone is the end of its tuple.

``Zones`` holds every zone of a game; every card lies in exactly one of
them. It is a frozen value: a move returns new zones, so a State keeps one
and replaces it, and a search's clone shares what did not change.

Each seat has a **memory** of cards it saw that went where it cannot see
(the cards it passed in a draft, a card shown to it): for each such card,
the zones it may be in now. Moves keep memories up to date by themselves: a
seat that sees a card leave for a hidden zone remembers where it went; a
seat that sees neither end of a move knows only that *some* card moved, so
a card it remembered in the source may now be in either zone.

A seat's ``view`` shows the zones it may see and the sizes of the rest,
with its memory. ``determinize`` deals, from such a view, every card the
seat cannot see among the zones it cannot see, consistently with the sizes
and the memory: the worlds a search for that seat may look at.

Draws: a hidden pile whose order nobody knows is drawn by a chance node
whose outcomes are its cards (``draw_outcomes``), so the record names the
card and a search never foresees it. A pile whose order is fixed and kept
(put back on top, looked at) is shuffled with the state's ``Rng`` and drawn
from the top; cards a seat looked at and put back are best kept in a zone of
their own that this seat may see.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from ballroom.core.copying import value_class
from ballroom.core.errors import ZoneError, allowed_list
from ballroom.core.rng import Rng

_new_zone = object.__new__


class Visibility(Enum):
    """Who may see the cards of a zone (everyone may always see its size)."""

    OWNER = "owner"
    EVERYONE = "everyone"
    NOBODY = "nobody"


_INTERNED: dict[tuple[str, int | None], ZoneId] = {}
"""The one id of each name and owner (``ZoneId``)."""


class ZoneId:
    """A zone's name and owner; its text form is ``hand/2`` (owner 2) or ``deck`` (no owner).

    There is one id per name and owner: ``ZoneId(name, owner)`` hands back the id made
    first (a copy or an unpickled one too), so that ids compare and hash by identity, as
    fast as any object, where every move and every view looks zones up by their ids."""

    __slots__ = ("_text", "name", "owner")

    name: str
    owner: int | None
    _text: str

    def __new__(cls, name: str, owner: int | None = None) -> ZoneId:
        found = _INTERNED.get((name, owner))
        if found is not None:
            return found
        if not isinstance(name, str) or not name or "/" in name or name != name.strip():
            raise ZoneError(f"a zone name is a non-empty word without '/', not {name!r}")
        made = object.__new__(cls)
        object.__setattr__(made, "name", name)
        object.__setattr__(made, "owner", owner)
        object.__setattr__(made, "_text", name if owner is None else f"{name}/{owner}")
        _INTERNED[(name, owner)] = made
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a zone id is a value; cannot set {name}")

    def __reduce__(self) -> tuple[type[ZoneId], tuple[str, int | None]]:
        return (ZoneId, (self.name, self.owner))

    def __copy__(self) -> ZoneId:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ZoneId:
        return self

    def __repr__(self) -> str:
        return f"ZoneId(name={self.name!r}, owner={self.owner!r})"

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> ZoneId:
        """The id a text form names (``hand/2``, ``deck``): the one id of that name and owner."""
        found = _PARSED.get(text)
        if found is not None:
            return found
        name, sep, owner = text.partition("/")
        if sep and not owner.isdigit():
            raise ZoneError(f"zone {text!r} must be written name or name/seat")
        found = _PARSED[text] = ZoneId(name, int(owner) if sep else None)
        return found

    def sort_key(self) -> tuple[str, int]:
        return (self.name, -1 if self.owner is None else self.owner)


@value_class
class Zone:
    """One ordered collection of card ids; the top is the last card. A value: never
    changed once made (a move makes new zones)."""

    __slots__ = ("_views", "cards", "id", "visibility")

    id: ZoneId
    visibility: Visibility
    cards: tuple[int, ...]
    _views: tuple[ZoneView, ZoneView] | None
    """This zone as a seat that cannot see its cards sees it, and as one that can: made at
    the first view and shared by every later one (a move leaves most zones as they were)."""

    def __init__(self, id: ZoneId, visibility: Visibility, cards: tuple[int, ...] = ()) -> None:
        if visibility is Visibility.OWNER and id.owner is None:
            raise ZoneError(f"zone {id} is visible to its owner only, so it needs an owner")
        self.id = id
        self.visibility = visibility
        self.cards = cards
        self._views = None

    def holding(self, cards: tuple[int, ...]) -> Zone:
        """This zone with ``cards`` instead (its id and visibility were checked when made)."""
        made = _new_zone(Zone)
        made.id = self.id
        made.visibility = self.visibility
        made.cards = cards
        made._views = None
        return made

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zone):
            return NotImplemented
        return (self.id, self.visibility, self.cards) == (other.id, other.visibility, other.cards)

    def __hash__(self) -> int:
        return hash((self.id, self.visibility, self.cards))

    def __repr__(self) -> str:
        return f"Zone(id={self.id!r}, visibility={self.visibility!r}, cards={self.cards!r})"

    def __reduce__(self) -> tuple[type[Zone], tuple[ZoneId, Visibility, tuple[int, ...]]]:
        return (Zone, (self.id, self.visibility, self.cards))

    def views(self) -> tuple[ZoneView, ZoneView]:
        """``_views``, made now if no seat looked at this zone yet."""
        views = self._views
        if views is None:
            size = len(self.cards)
            views = (
                ZoneView(self.id, self.visibility, size, None),
                ZoneView(self.id, self.visibility, size, self.cards),
            )
            self._views = views
        return views

    @property
    def size(self) -> int:
        return len(self.cards)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see the cards of this zone."""
        if self.visibility is Visibility.EVERYONE:
            return True
        return self.visibility is Visibility.OWNER and seat is not None and seat == self.id.owner


Memory = Mapping[int, frozenset[ZoneId]]
"""One seat's memory: for each card it saw go out of its sight, the zones it may be in now."""


@dataclass(frozen=True, slots=True)
class ZoneView:
    """A zone as one seat sees it: its cards if it may see them (``None`` if not), its size."""

    id: ZoneId
    visibility: Visibility
    size: int
    cards: tuple[int, ...] | None
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)
    """The JSON form without the cards, written once (a zone's view is shared by many
    observations); each ``to_json`` returns a copy."""
    _zone: Zone | None = field(default=None, init=False, repr=False, compare=False)
    """The zone of these cards, made by the first world dealt from this view and shared
    by every later one, its own views with it (a search deals many worlds from one
    observation, and looks at each)."""

    def to_json(self) -> dict[str, object]:
        return _zone_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> ZoneView:
        cards = data.get("cards")
        size = data["size"]
        if not isinstance(size, int) or not isinstance(data["zone"], str):
            raise ZoneError(f"a zone view needs a zone name and an integer size, not {data!r}")
        if cards is None:
            key = (data["zone"], data["visibility"], size)
            found = _UNSEEN.get(key)
            if found is None:
                found = _UNSEEN[key] = cls(ZoneId.parse(key[0]), Visibility(key[1]), size, None)
            return found
        if not isinstance(cards, list):
            raise ZoneError(f"zone {data['zone']}: cards must be a list, not {cards!r}")
        return cls(
            id=ZoneId.parse(data["zone"]),
            visibility=Visibility(data["visibility"]),
            size=size,
            cards=tuple(map(int, cards)),
        )


_PLACE_TEXTS: dict[frozenset[ZoneId], tuple[str, ...]] = {}
"""A memory's places as its JSON names them, sorted once per set (many cards share one)."""


def _zone_json(zone: ZoneView) -> dict[str, object]:
    data = zone._json
    if data is None:
        data = {"zone": str(zone.id), "visibility": zone.visibility.value, "size": zone.size}
        object.__setattr__(zone, "_json", data)
    cards = zone.cards
    return dict(data) if cards is None else {**data, "cards": list(cards)}


_UNSEEN: dict[tuple[str, object, int], ZoneView] = {}
"""Zone views without cards read back so far (a value: its name, visibility and size), so
that every seat's view read back at every move does not build them again."""


@dataclass(frozen=True, slots=True)
class ZonesView:
    """What one seat knows of the zones: those it sees, the sizes of the rest, its memory."""

    seat: int | None
    seats: int
    zones: tuple[ZoneView, ...]
    memory: Memory = field(default_factory=dict)

    def zone(self, name: str, owner: int | None = None) -> ZoneView:
        wanted = ZoneId(name, owner)
        for zone in self.zones:
            if zone.id is wanted:
                return zone
        raise ZoneError(f"no zone {wanted}; zones: {allowed_list([str(z.id) for z in self.zones])}")

    def seen(self) -> set[int]:
        """Every card this seat sees now."""
        return {card for zone in self.zones if zone.cards is not None for card in zone.cards}

    def to_json(self) -> dict[str, object]:
        memory: dict[str, list[str]] = {}
        for card, places in sorted(self.memory.items()):
            texts = _PLACE_TEXTS.get(places)
            if texts is None:
                texts = _PLACE_TEXTS[places] = tuple(sorted(str(z) for z in places))
            memory[str(card)] = list(texts)
        return {
            "seats": self.seats,
            "zones": [_zone_json(zone) for zone in self.zones],
            "memory": memory,
        }

    @classmethod
    def from_json(cls, seat: int | None, data: Mapping[str, object]) -> ZonesView:
        zones, memory, seats = data.get("zones"), data.get("memory", {}), data.get("seats")
        if (
            not isinstance(zones, list)
            or not isinstance(memory, dict)
            or not isinstance(seats, int)
        ):
            raise ZoneError("a zones view needs a seat count, a list of zones and a memory object")
        return cls(
            seat=seat,
            seats=seats,
            zones=tuple(ZoneView.from_json(zone) for zone in zones),
            memory={int(card): _places(places) for card, places in memory.items()},
        )


def _places(texts: list[str]) -> frozenset[ZoneId]:
    """The zones a memory names (read back once per set of names: many cards share one)."""
    key = tuple(texts)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = frozenset(ZoneId.parse(text) for text in texts)
    return found


_PLACES: dict[tuple[str, ...], frozenset[ZoneId]] = {}


_PARSED: dict[str, ZoneId] = {}
"""The ids read back from text so far (a view read back names every zone), by their text."""


_VIEW_ORDER: dict[tuple[ZoneId, ...], tuple[int, ...]] = {}
"""Where each of a game's zone ids stands among the ids as the zones hold them, in the order
its views list them: a game keeps the same zones all game, so they are sorted once."""


RECENT_MOVES = 24
"""How many cards' new places a move copies at most before it writes them into the places
of all cards (``Zones._recent``)."""
NOTHING_RECENT: Mapping[int, ZoneId] = {}
"""No card moved since the places of all cards were written (never changed: moves make new
mappings)."""

Moved = tuple[int, ZoneId, Visibility, ZoneId, Visibility, bool]
"""A move memories have yet to take in: the card, where it went from and to (each zone's id
and visibility) and whether it emptied the source."""


@dataclass(frozen=True, slots=True)
class Passed:
    """A pass of whole zones (``Zones.pass_all``) memories have yet to take in."""

    moves: Mapping[ZoneId, ZoneId]
    """Each source zone's target."""
    moved: Mapping[ZoneId, tuple[int, ...]]
    """The cards each source held."""
    before: Mapping[ZoneId, Zone]
    """The zones before the pass (who could see each)."""

    def remembered(self, minds: tuple[Memory, ...]) -> tuple[Memory, ...]:
        """The memories after this pass: a seat that remembered a card in a source now
        knows it is in that source's target; a seat that saw a source's cards go where
        it cannot see remembers where they went."""
        moves, moved, before = self.moves, self.moved, self.before
        memory: list[Memory] = []
        for seat, mind in enumerate(minds):
            kept = {
                card: places
                if places.isdisjoint(moves)
                else frozenset(moves.get(z, z) for z in places)
                for card, places in mind.items()
            }
            for source, to in moves.items():
                if before[source].visible_to(seat) and not before[to].visible_to(seat):
                    kept.update((card, frozenset({to})) for card in moved[source])
                if before[to].visible_to(seat):
                    for card in moved[source]:
                        kept.pop(card, None)
            memory.append(kept)
        return tuple(memory)


Unremembered = tuple["Moved | Passed", "Unremembered"] | None
"""The moves since the memories were last brought up to date, the latest first."""


@value_class
class Zones:
    """Every zone of one game, each card in exactly one, and each seat's memory.

    Build with ``Zones.create``. A value: never changed once made, nor the
    mappings inside (moves return new zones). Memories are brought up to date
    when read: a move only notes itself, since a game played out by a
    simulation or a search's rollout never asks what a seat remembers.
    """

    __slots__ = ("_memory", "_recent", "_unremembered", "_where", "order", "seats", "zones")

    seats: int
    zones: Mapping[ZoneId, Zone]
    _where: Mapping[int, ZoneId]
    """The zone each card lay in before the ``_recent`` moves."""
    _recent: Mapping[int, ZoneId]
    """The zone of each card moved since ``_where`` was last brought up to date: a move
    copies these few rather than every card's place."""
    _memory: tuple[Memory, ...]
    """Each seat's memory before the ``_unremembered`` moves."""
    _unremembered: Unremembered
    order: tuple[int, ...] | None
    """The zones' places in ``zones`` in the order views list them, once known: passed on
    by every move, which keeps the same zones in the same places."""

    def __init__(
        self,
        seats: int,
        zones: Mapping[ZoneId, Zone],
        where: Mapping[int, ZoneId],
        memory: tuple[Memory, ...],
        order: tuple[int, ...] | None = None,
        unremembered: Unremembered = None,
        recent: Mapping[int, ZoneId] = NOTHING_RECENT,
    ) -> None:
        self.seats = seats
        self.zones = zones
        self._where = where
        self._recent = recent
        self._memory = memory
        self._unremembered = unremembered
        self.order = order

    @property
    def where(self) -> Mapping[int, ZoneId]:
        """The zone each card lies in."""
        recent = self._recent
        if recent:
            self._where = {**self._where, **recent}
            self._recent = NOTHING_RECENT
        return self._where

    @property
    def memory(self) -> tuple[Memory, ...]:
        """Each seat's memory (``Memory``), after every move so far."""
        moves = self._unremembered
        if moves is None:
            return self._memory
        latest_first: list[Moved | Passed] = []
        while moves is not None:
            move, moves = moves
            latest_first.append(move)
        minds = self._memory
        run: list[Moved] = []  # the single moves since the last pass, oldest first
        for move in reversed(latest_first):
            if isinstance(move, Passed):
                if run:
                    minds = tuple(_remember(mind, seat, run) for seat, mind in enumerate(minds))
                    run = []
                minds = move.remembered(minds)
            else:
                run.append(move)
        if run:
            minds = tuple(_remember(mind, seat, run) for seat, mind in enumerate(minds))
        self._memory = minds
        self._unremembered = None
        return minds

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zones):
            return NotImplemented
        return (self.seats, self.zones, self.where, self.memory) == (
            other.seats,
            other.zones,
            other.where,
            other.memory,
        )

    __hash__ = None  # type: ignore[assignment]  # its mappings change with every move

    def __repr__(self) -> str:
        return f"Zones(seats={self.seats}, zones={self.zones!r}, memory={self.memory!r})"

    def __reduce__(self) -> tuple[type[Zones], tuple[object, ...]]:
        """Pickled with its memories up to date (a long chain of moves would not pickle)."""
        return (Zones, (self.seats, self.zones, self.where, self.memory, self.order))

    @classmethod
    def create(cls, seats: int, zones: Iterable[Zone]) -> Zones:
        """Zones from their declarations, checking that no id or card appears twice."""
        table: dict[ZoneId, Zone] = {}
        where: dict[int, ZoneId] = {}
        for zone in zones:
            if zone.id in table:
                raise ZoneError(f"zone {zone.id} is declared twice")
            if zone.id.owner is not None and not 0 <= zone.id.owner < seats:
                raise ZoneError(f"zone {zone.id}: owner must be a seat 0..{seats - 1}")
            table[zone.id] = zone
            placed = len(where)
            where.update(dict.fromkeys(zone.cards, zone.id))
            if len(where) != placed + len(zone.cards):
                _refuse_twice(table.values())
        return cls(seats=seats, zones=table, where=where, memory=tuple({} for _ in range(seats)))

    # -- reading ------------------------------------------------------------

    def zone(self, name: str, owner: int | None = None) -> Zone:
        found = self.zones.get(ZoneId(name, owner))
        return self[ZoneId(name, owner)] if found is None else found

    def __getitem__(self, zone_id: ZoneId) -> Zone:
        try:
            return self.zones[zone_id]
        except KeyError:
            known = allowed_list(sorted((str(z) for z in self.zones), key=str))
            raise ZoneError(f"no zone {zone_id}; zones: {known}") from None

    def locate(self, card: int) -> ZoneId:
        """The zone ``card`` lies in."""
        found = self._recent.get(card) or self._where.get(card)
        if found is None:
            raise ZoneError(f"card {card} is in no zone")
        return found

    def draw_outcomes(self, zone_id: ZoneId) -> list[tuple[int, float]]:
        """A chance node drawing from a pile whose order nobody knows: each card, equally likely."""
        cards = self[zone_id].cards
        if not cards:
            raise ZoneError(f"cannot draw from {zone_id}: it is empty")
        return [(card, 1.0 / len(cards)) for card in sorted(cards)]

    # -- moving -------------------------------------------------------------

    def move(self, card: int, to: ZoneId, *, bottom: bool = False) -> Zones:
        """``card`` moved onto the top (or the bottom) of zone ``to``."""
        zones = self.zones
        lies_in = self._recent.get(card) or self._where.get(card)
        source = zones.get(lies_in)  # type: ignore[arg-type]  # None: no zone
        target = zones.get(to)
        if source is None or target is None:
            source, target = self[self.locate(card)], self[to]
        if source is target:
            raise ZoneError(f"card {card} is already in {to}")
        held = source.cards
        place = held.index(card)
        left = held[:place] + held[place + 1 :]
        cards = (card, *target.cards) if bottom else (*target.cards, card)
        zones = dict(zones)
        zones[source.id] = source.holding(left)
        zones[target.id] = target.holding(cards)
        recent = self._recent
        if len(recent) < RECENT_MOVES:
            where, recent = self._where, {**recent, card: target.id}
        else:
            where, recent = {**self._where, **recent, card: target.id}, NOTHING_RECENT
        moves = self._unremembered
        if moves is not None or any(self._memory) or _may_see_it_go(source, target):
            moved = (card, source.id, source.visibility, target.id, target.visibility, not left)
            moves = (moved, moves)
        return Zones(self.seats, zones, where, self._memory, self.order, moves, recent)

    def move_top(self, source: ZoneId, to: ZoneId) -> tuple[Zones, int]:
        """The top card of ``source`` moved onto ``to``, and which card it was."""
        cards = self[source].cards
        if not cards:
            raise ZoneError(f"cannot take the top card of {source}: it is empty")
        return self.move(cards[-1], to), cards[-1]

    def pass_all(self, moves: Mapping[ZoneId, ZoneId]) -> Zones:
        """Every card of each source zone moved onto its target at once (a draft's pass).

        Sources and targets may overlap (each hand passed to the next seat):
        all sources are emptied first. A seat that remembered a card in a
        source now knows it is in that source's target.
        """
        # The zones' own ids: a memory holding them finds them without comparing.
        moves = {self[source].id: self[to].id for source, to in moves.items()}
        zones = dict(self.zones)
        where = dict(self.where)
        moved = {source: self[source].cards for source in moves}
        for source in moves:
            zones[source] = zones[source].holding(())
        for source, to in moves.items():
            target = zones[to]
            zones[to] = target.holding((*target.cards, *moved[source]))
            for card in moved[source]:
                where[card] = target.id
        passed = Passed(moves, moved, self.zones)
        return Zones(
            self.seats, zones, where, self._memory, self.order, (passed, self._unremembered)
        )

    def shuffle(self, zone_id: ZoneId, rng: Rng) -> Zones:
        """Zone ``zone_id`` in a new order drawn from ``rng`` (the state's, so replays agree)."""
        zone = self[zone_id]
        cards = list(zone.cards)
        rng.shuffle(cards)
        zones = dict(self.zones)
        zones[zone_id] = zone.holding(tuple(cards))
        return Zones(
            self.seats,
            zones,
            self._where,
            self._memory,
            self.order,
            self._unremembered,
            self._recent,
        )

    def show(self, card: int, seats: Iterable[int]) -> Zones:
        """``card`` shown to ``seats``: each now remembers the zone it lies in."""
        place = self.locate(card)
        memory = list(self.memory)
        for seat in seats:
            if not self[place].visible_to(seat):
                memory[seat] = {**memory[seat], card: frozenset({place})}
        return Zones(
            self.seats, self.zones, self._where, tuple(memory), self.order, None, self._recent
        )

    # -- what a seat knows --------------------------------------------------

    def view(self, seat: int | None) -> ZonesView:
        """The zones as ``seat`` may see them (``None``: a spectator, who remembers nothing)."""
        order = self.order
        if order is None:
            ids = tuple(self.zones)
            order = _VIEW_ORDER.get(ids)
            if order is None:
                ranked = sorted(range(len(ids)), key=lambda place: ids[place].sort_key())
                order = _VIEW_ORDER[ids] = tuple(ranked)
            self.order = order
        held = tuple(self.zones.values())
        everyone, owner = Visibility.EVERYONE, Visibility.OWNER
        zones = []
        for place in order:
            zone = held[place]
            views = zone._views or zone.views()
            visibility = zone.visibility
            shown = visibility is everyone or (visibility is owner and seat == zone.id.owner)
            zones.append(views[shown])
        memory = {} if seat is None else dict(self.memory[seat])
        return ZonesView(seat=seat, seats=self.seats, zones=tuple(zones), memory=memory)


def _remember(mind: Memory, seat: int, moves: list[Moved]) -> Memory:
    """One seat's memory after ``moves``, one after the other. A card the seat sees go out
    of its sight is remembered where it went; one it sees arrive is forgotten; where it
    sees neither end of a move, any card it placed in the source may have gone to the
    target; an emptied source holds none of them any more. The memory is a value: one
    copy of it is changed by all the moves."""
    kept = dict(mind)
    everyone, owner = Visibility.EVERYONE, Visibility.OWNER
    for card, source, seen_at_source, target, seen_at_target, emptied in moves:
        if seen_at_target is everyone or (seen_at_target is owner and seat == target.owner):
            kept.pop(card, None)
        elif seen_at_source is everyone or (seen_at_source is owner and seat == source.owner):
            kept[card] = frozenset({target})
        elif kept:
            for other, places in kept.items():
                if source in places and target not in places:
                    kept[other] = places | {target}
        if emptied and kept:
            for other, places in kept.items():
                if source in places:
                    kept[other] = places - {source}
    return kept if kept or mind else mind


def _may_see_it_go(source: Zone, target: Zone) -> bool:
    """Whether some seat may see a card leave ``source`` for a zone it cannot see (else a
    move leaves every empty memory empty)."""
    return (
        source.visibility is not Visibility.NOBODY and target.visibility is not Visibility.EVERYONE
    )


def _refuse_twice(zones: Iterable[Zone]) -> None:
    """Refuse zones that hold a card twice, naming the card and both zones."""
    where: dict[int, ZoneId] = {}
    for zone in zones:
        for card in zone.cards:
            if card in where:
                raise ZoneError(f"card {card} is in both {where[card]} and {zone.id}")
            where[card] = zone.id


def determinize(view: ZonesView, components: Iterable[int], rng: Rng) -> Zones:
    """Zones consistent with ``view``: every card the seat cannot see dealt among hidden zones.

    The pool is ``components`` minus every card the seat sees. Each pool card
    the seat remembers goes into one of the zones its memory allows; the
    rest are dealt at random into the room left, so every hidden zone keeps
    its size. The seat keeps its memory; other seats' memories are not
    known to it and start empty.
    """
    seen = view.seen()
    pool = sorted(set(components) - seen)
    missing = seen - set(components)
    if missing:
        raise ZoneError(f"the view shows cards that are not components: {sorted(missing)}")
    hidden = tuple(zone for zone in view.zones if zone.cards is None)
    kept = {card: view.memory[card] for card in pool if card in view.memory}
    return _with_dealt(view, _deal(hidden, kept, pool, rng), kept)


def _deal(
    hidden: tuple[ZoneView, ...], memory: Memory, pool: list[int], rng: Rng
) -> dict[ZoneId, tuple[int, ...]]:
    """The cards of ``pool`` dealt among the ``hidden`` zones, each filled to its size and each
    remembered card into a zone its ``memory`` allows (``determinize``'s deal)."""
    room = {zone.id: zone.size for zone in hidden}
    if sum(room.values()) != len(pool):
        raise ZoneError(
            f"the hidden zones hold {sum(room.values())} cards but {len(pool)} are unseen"
        )
    remembered = [card for card in pool if card in memory]
    rng.shuffle(remembered)
    allowed: dict[int, list[ZoneId]] = {}
    for card in remembered:
        places = sorted((z for z in memory[card] if room.get(z, 0) > 0), key=lambda z: z.sort_key())
        if not places:
            raise ZoneError(f"card {card} is remembered in {_names(memory[card])}, all seen")
        rng.shuffle(places)
        allowed[card] = places
    placed = _match(remembered, allowed, room)
    free = [card for card in pool if card not in placed]
    rng.shuffle(free)
    dealt: dict[ZoneId, list[int]] = {zone_id: [] for zone_id in room}
    for card, zone_id in placed.items():
        dealt[zone_id].append(card)
    for zone_id, size in room.items():
        cards = dealt[zone_id]
        wanted = size - len(cards)
        if wanted > 0:  # the last free cards, the last first
            cards.extend(reversed(free[-wanted:]))
            del free[-wanted:]
        rng.shuffle(cards)
    return {zone_id: tuple(cards) for zone_id, cards in dealt.items()}


def _with_dealt(view: ZonesView, dealt: Mapping[ZoneId, tuple[int, ...]], kept: Memory) -> Zones:
    """The zones of ``view`` with its hidden ones holding the ``dealt`` cards; the seat
    keeps the memory ``kept``, the other seats start with none."""
    zones = [
        _seen_zone(z) if z.cards is not None else Zone(z.id, z.visibility, dealt[z.id])
        for z in view.zones
    ]
    result = Zones.create(view.seats, zones)
    if view.seat is None:
        return result
    mind = list(result.memory)
    mind[view.seat] = kept
    return Zones(result.seats, result.zones, result.where, tuple(mind))


def determinize_decks(
    view: ZonesView, decks: Iterable[tuple[Iterable[int], Collection[str | ZoneId]]], rng: Rng
) -> Zones:
    """Zones consistent with ``view`` in a game of several decks: each deck's unseen cards
    dealt (as ``determinize`` deals) only among the hidden zones of that deck.

    ``decks`` pairs each deck's card ids with the zones its cards may lie in
    unseen, so that a world never deals an event into a hand of agents: a zone
    name stands for every zone of that name (every seat's ``hand``), a
    ``ZoneId`` for that zone alone (a seat's own suit, only in its own
    ``hand``). Zone sizes and the seat's memory are kept.
    """
    seen = view.seen()
    unseen = [z for z in view.zones if z.cards is None]
    dealt: dict[ZoneId, tuple[int, ...]] = {}
    for cards, places_of_deck in decks:
        names = {place for place in places_of_deck if isinstance(place, str)}
        ids = {place for place in places_of_deck if isinstance(place, ZoneId)}
        hidden = tuple(z for z in unseen if z.id.name in names or (ids and z.id in ids))
        if not hidden:
            continue
        pool = sorted(set(cards) - seen)
        places = {z.id for z in hidden}
        memory = {
            card: frozenset(p for p in view.memory[card] if p in places)
            for card in pool
            if card in view.memory
        }
        dealt.update(_deal(hidden, memory, pool, rng))
    kept = {card: places for card, places in view.memory.items() if card not in seen}
    return _with_dealt(view, dealt, kept)


def _seen_zone(view: ZoneView) -> Zone:
    """The zone a seen ``view`` shows (``ZoneView._zone``)."""
    zone = view._zone
    if zone is None:
        assert view.cards is not None
        zone = Zone(view.id, view.visibility, view.cards)
        object.__setattr__(view, "_zone", zone)
    return zone


def _names(places: Iterable[ZoneId]) -> str:
    return ", ".join(sorted(str(z) for z in places))


def _match(
    cards: list[int], allowed: Mapping[int, list[ZoneId]], room: Mapping[ZoneId, int]
) -> dict[int, ZoneId]:
    """Each card placed in one of its allowed zones within each zone's room (augmenting paths)."""
    placed: dict[int, ZoneId] = {}
    holding: dict[ZoneId, list[int]] = {zone_id: [] for zone_id in room}

    def place(card: int, visited: set[ZoneId]) -> bool:
        for zone_id in allowed[card]:
            if zone_id in visited:
                continue
            visited.add(zone_id)
            if len(holding[zone_id]) < room[zone_id]:
                holding[zone_id].append(card)
                placed[card] = zone_id
                return True
            for other in list(holding[zone_id]):
                if place(other, visited):
                    holding[zone_id].remove(other)
                    holding[zone_id].append(card)
                    placed[card] = zone_id
                    return True
        return False

    for card in cards:
        if not place(card, set()):
            raise ZoneError(f"no way to place card {card} where memory allows: the view is wrong")
    return placed
