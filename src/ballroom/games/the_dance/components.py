"""The Dance's components, loaded from the TOML files in ``data/`` and validated.

The rulebook describes but does not print the map and the markers, so every
file is a reconstruction that a group owning the game may replace: a file in
the folder given to ``load_components``, or in ``$BALLROOM_DATA/the-dance/``
for ``default_components``, replaces the shipped file of its name. The loader
(built on ``ballroom.core.components``) checks every constraint the rulebook
and RULINGS.md state (paths run counter-clockwise, every off-path floor hex
has an arrow that leads back to a path, one start hex per Dancer, Server hexes
1-6, six Sanctuaries of five seats, a four-box Tempo track, six Avatars,
twelve Powers, enough Plans and Refreshments to deal six families, Plans that
the Dancers can complete, ...) and raises ``ComponentError`` naming the file,
the key path, what was found and what is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from ballroom.core import effects as fx
from ballroom.core import words
from ballroom.core.components import (
    HEADER_KEY,
    DataFiles,
    Default,
    Int,
    Keyed,
    ListOf,
    OneOf,
    Spec,
    Table,
    Text,
    Value,
    Where,
    slug,
    unique,
)
from ballroom.core.errors import ComponentError as ComponentError  # noqa: PLC0414  (a public name of The Dance, re-exported)
from ballroom.core.errors import EffectError

DOMAINS: tuple[str, ...] = ("extortion", "corruption", "subjugation", "confidence")
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
DIRECTION_WORDS: tuple[str, ...] = (
    "east",
    "north-east",
    "north-west",
    "west",
    "south-west",
    "south-east",
)
"""The directions as players say them, in the order of ``DIRECTION_NAMES``."""
PIP_WORDS: tuple[str, ...] = ("no", "one", "two", "three", "four", "five", "six")
POWER_IDS: tuple[str, ...] = (
    "athletic",
    "discipline",
    "host",
    "mesmerize",
    "old-wealth",
    "overwhelming",
    "regale",
    "resourceful",
    "shadow",
    "strategic",
    "tactician",
    "willpower",
)

# The names a Power's rules may use: each is one the engine reads (``powers.py``).
DANCE_STEP = "dance-step"
AFTER_ROLL = "after-roll"
AT_WILL: dict[str, tuple[str, ...]] = {
    DANCE_STEP: ("discipline", "strategic"),
    AFTER_ROLL: ("tactician", "willpower"),
}
"""The moments a Power is used at will, and the Powers that have an action then."""
NAMES_A_KIND = ("tactician", "willpower")
"""The Powers whose action names the Refreshment spent (``tactician ankh``): their first
operation is a spend of that one."""
PAYS_IN_STEPS = ("discipline",)
"""The Powers whose action names none: what they spend is paid a Refreshment at a time."""
POWER_LIMITS = (
    "movement",
    "ankhs",
    "influence-reach",
    "server-reach",
    "influence-attempts",
    "refreshment-limit",
    "starting-refreshments",
    "roll-refreshments",
)
"""What a ``set-limit`` or ``cap-limit`` may name."""
POWER_GRANTS = ("server-at-any-range", "every-success-dominates", "pass-through-pieces")
POWER_QUANTITIES = (
    "refreshments",
    "influence-markers",
    "plans-to-draw",
    "die",
    "roll-refreshments-left",
)
"""What a condition ``quantity >= n`` may read."""
POWER_FLAGS = ("tempo-in-box-4", "strategic-used", "die-lowered", "rerolled")
POWER_STEPS = ("new-plan", "reroll")
"""What an ``extra-step`` may grant."""
POWER_SPENDS = ("refreshments",)
POWER_GAINS = ("influence-markers",)
FAMILIES = 6
SEATS_PER_TABLE = 5
SERVER_HEXES = 6
TEMPO_BOXES = 4
"""The Tempo track's boxes; the last is the Refreshment box (RULINGS 5)."""
GAME_ID = "the-dance"
DATA_DIR = Path(__file__).parent / "data"

Hex = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Avatar:
    """An Avatar as ``avatars.toml`` writes it (read by these declared types)."""

    name: str
    short: str
    family: str
    ratings: Annotated[tuple[int, ...], RATINGS]
    movement: Annotated[int, Int(1, 6)]
    mark: Annotated[str, Mark()]
    """The one or two letters on the Avatar's token, unique among the Avatars."""

    @property
    def slug(self) -> str:
        return slug(self.name)


@dataclass(frozen=True, slots=True)
class Dancer:
    name: str
    symbol: int
    pips: tuple[int, ...]
    negates: tuple[bool, ...]

    @property
    def slug(self) -> str:
        return slug(self.name)


@dataclass(frozen=True, slots=True)
class RefreshmentKind:
    domain: int
    """Index into DOMAINS, or -1 for the Ankh."""
    pips: int
    count: int

    @property
    def slug(self) -> str:
        return "ankh" if self.domain < 0 else f"{DOMAINS[self.domain]}-{self.pips}"

    @property
    def name(self) -> str:
        """The marker as players name it: ``Ankh``, ``two-pip Corruption``."""
        if self.domain < 0:
            return "Ankh"
        pips = PIP_WORDS[self.pips] if self.pips < len(PIP_WORDS) else str(self.pips)
        return f"{pips}-pip {DOMAINS[self.domain].capitalize()}"


@dataclass(frozen=True, slots=True)
class Plan:
    id: str
    needs: tuple[int, ...]
    """How many seated symbols of each colour the Plan asks for."""

    def name(self, colours: tuple[str, ...]) -> str:
        """The symbols the Plan asks for, as players read them: ``Rose, Lily and Ivy``."""
        symbols = [
            colours[c].capitalize() for c, need in enumerate(self.needs) for _ in range(need)
        ]
        return words.listing(symbols)


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    text: str
    ability: fx.Ability
    """The Power's rules, named by its id."""


@dataclass(frozen=True, slots=True)
class Sanctuary:
    colour: str
    seats: int
    entry: int
    """Floor hex index of the entry hex (the Avatar's start hex)."""


Exits = tuple[tuple[tuple[int, int], ...], ...]
"""Per hex, ``(direction, hex)`` pairs of the neighbours a piece may move onto."""


@dataclass(frozen=True, slots=True)
class Board:
    """The ballroom as plain tables indexed by hex number, for fast rules code."""

    name: str
    hexes: tuple[Hex, ...]
    index: Mapping[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]
    """Six entries per hex, in DIRECTIONS order; -1 off the floor."""
    exits: Exits
    """Per hex, its neighbours on the floor as ``(direction, hex)`` pairs, in DIRECTIONS
    order: ``neighbours`` without the edge, for the rules that walk every step."""
    adjacent: tuple[tuple[int, ...], ...]
    """Per hex, its neighbours on the floor, in DIRECTIONS order: for searches of the floor."""
    path_next: tuple[int, ...]
    """The next hex along the waltz for a path hex, else -1."""
    arrow_to: tuple[int, ...]
    """The hex an arrow hex points at, else -1."""
    paths: tuple[tuple[int, ...], ...]
    start_hexes: tuple[int, ...]
    server_hexes: tuple[int, ...]
    sanctuaries: tuple[Sanctuary, ...]
    tempo_boxes: int
    refreshment_box: int
    distance: tuple[tuple[int, ...], ...]

    def direction(self, origin: int, target: int) -> int:
        """The direction index from ``origin`` to adjacent ``target`` (-1 if not adjacent)."""
        row = self.neighbours[origin]
        return row.index(target) if target in row else -1


@dataclass(frozen=True, slots=True)
class Components:
    board: Board
    avatars: tuple[Avatar, ...]
    dancers: tuple[Dancer, ...]
    refreshments: tuple[RefreshmentKind, ...]
    plans: tuple[Plan, ...]
    powers: tuple[Power, ...]
    colours: tuple[str, ...]
    effects: fx.Effects
    """The Powers' rules (``Power.ability``), as one table of abilities."""
    settled: dict[tuple[int, ...], object] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """What each set of Powers makes of the rules (a ``powers.Held``, from ``powers.settle``),
    once worked out: a family's Powers change at every deal in search, but come from few
    sets. Kept as ``object`` so that the components need not know the rules' types."""
    closed_entries: dict[tuple[int, ...], tuple[tuple[frozenset[int], ...], tuple[Exits, ...]]] = (
        field(default_factory=dict, init=False, repr=False, compare=False)
    )
    """For each choice of Sanctuaries met so far (one per seat, -1 before it is made), the
    hexes each family's Avatar may not enter and the exits left to her from each hex
    (``sanctuary.close_entries``): chosen at every set-up a search plays, from few choices."""
    open_exits: dict[frozenset[int], Exits] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """The board's exits less those onto each set of closed hexes met so far (subsets of
    the entry hexes, so few), shared by every choice of Sanctuaries that closes them."""
    influence_odds: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Dancer by Dancer, the chance of Influencing her in her best Domain, per pair of
    Avatar ratings and Refreshment bonuses met so far (the ``heuristic`` bot's): few pairs,
    met in game after game."""


# -- reading ------------------------------------------------------------------

DOMAIN_SPEC = OneOf(DOMAINS, among="the Domains")


@dataclass(frozen=True, slots=True)
class HexSpec(Spec[Hex]):
    """A hex as ``[q, r]``: two integers in axial coordinates."""

    def describe(self) -> str:
        return "a hex [q, r] of two integers"

    def read(self, value: Value) -> Hex:
        raw = value.raw
        if (
            not isinstance(raw, list)
            or len(raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
        ):
            raise value.wrong(self.describe())
        return (raw[0], raw[1])


HEX = HexSpec()


@dataclass(frozen=True, slots=True)
class FloorHex(Spec[int]):
    """A hex of the dance floor, read as its index in ``index``."""

    index: Mapping[Hex, int]
    role: str

    def describe(self) -> str:
        return f"a dance floor hex [q, r] (on a path or carrying an arrow) for {self.role}"

    def read(self, value: Value) -> int:
        h = HEX.read(value)
        if h not in self.index:
            raise value.where.error(
                f"{list(h)} is not a dance floor hex; {self.role} must be on a path "
                "or carry an arrow"
            )
        return self.index[h]


@dataclass(frozen=True, slots=True)
class Mark(Spec[str]):
    """The letters on an Avatar's token."""

    def describe(self) -> str:
        return "one or two letters or digits"

    def read(self, value: Value) -> str:
        raw = value.raw
        if not isinstance(raw, str) or not 1 <= len(raw) <= 2 or not raw.isalnum():
            raise value.wrong(self.describe())
        return raw


RATINGS = Keyed(DOMAINS, Int(0, 6))
"""A value per Domain: an Avatar's ratings, a Dancer's pips."""


# -- the ballroom ---------------------------------------------------------------


def _signed_area(points: Sequence[Hex]) -> float:
    """Shoelace area with y pointing up, so counter-clockwise on screen is positive."""
    xy = [(math.sqrt(3) * (q + r / 2), -1.5 * r) for q, r in points]
    return (
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(xy, xy[1:] + xy[:1], strict=True)) / 2
    )


def _adjacent(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def _read_paths(root: Table) -> list[tuple[list[Hex], Where]]:
    """Each waltz loop in order, checked to be a counter-clockwise ring of adjacent hexes."""
    paths: list[tuple[list[Hex], Where]] = []
    on_path: dict[Hex, Where] = {}
    for entry in root.records("paths", "path"):
        entry.only("name", "hexes")
        ring: tuple[Hex, ...] = entry.get("hexes", ListOf(HEX, "hex", min_length=3, unique=True))
        hexes = list(ring)
        here = entry.where.at("hexes")
        for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True):
            if not _adjacent(a, b):
                raise here.error(
                    f"{list(a)} and {list(b)} are not adjacent, so the loop is broken"
                    " (each hex must neighbour the next, and the last the first)"
                )
        if _signed_area(hexes) <= 0:
            raise here.error(
                "the path runs clockwise; the waltz must run counter-clockwise (list the hexes"
                " in the other order)"
            )
        for h in hexes:
            if h in on_path:
                raise here.error(
                    f"hex {list(h)} is on two paths (also at {on_path[h].relative_to(here)})"
                )
            on_path[h] = here
        paths.append((hexes, entry.where))
    return paths


def _read_arrows(root: Table, on_path: set[Hex]) -> dict[Hex, Hex]:
    """The arrows, checked to lead every off-path floor hex back to a path without a loop."""
    arrows: dict[Hex, Hex] = {}
    placed: dict[Hex, Where] = {}
    for entry in root.records("arrows", "arrow", name=None):
        entry.only("from", "to")
        source, target = entry.get("from", HEX), entry.get("to", HEX)
        if source in on_path:
            raise entry.error(f"hex {list(source)} is on a path and cannot carry an arrow")
        if source in arrows:
            raise entry.error(
                f"hex {list(source)} has two arrows (also at {placed[source].relative_to(entry.where)})"
            )
        if not _adjacent(source, target):
            raise entry.error(
                f"the arrow on {list(source)} points at {list(target)}, which is not adjacent"
            )
        arrows[source], placed[source] = target, entry.where
    floor = on_path | set(arrows)
    for source, target in arrows.items():
        if target not in floor:
            raise placed[source].error(
                f"the arrow on {list(source)} points off the floor at {list(target)}"
                " (neither a path hex nor an arrow hex)"
            )
    for source, first in arrows.items():
        seen = {source}
        at = first
        while at not in on_path:
            if at in seen:
                raise placed[source].error(
                    f"the arrows from {list(source)} loop without reaching a path"
                )
            seen.add(at)
            at = arrows[at]
    return arrows


def _check_connected(root: Table, hexes: Sequence[Hex]) -> None:
    floor = set(hexes)
    reached = {hexes[0]}
    frontier = [hexes[0]]
    while frontier:
        q, r = frontier.pop()
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n in floor and n not in reached:
                reached.add(n)
                frontier.append(n)
    if len(reached) != len(floor):
        cut_off = min(floor - reached, key=lambda h: (h[1], h[0]))
        raise root.error(
            f"the dance floor is not connected: hex {list(cut_off)} cannot be reached"
            f" from {list(hexes[0])}"
        )


def parse_board(
    data: Table | Mapping[str, Any], dancers: int, where: str = "ballroom.toml"
) -> Board:
    """Build and validate the ballroom; ``dancers`` is how many start hexes it needs."""
    root = Table.of(data, where).only(
        HEADER_KEY,
        "name",
        "tempo",
        "paths",
        "arrows",
        "start_hexes",
        "server_hexes",
        "sanctuaries",
    )
    name = root.get("name", Text())
    tempo = root.table("tempo").only("boxes", "refreshment_box")
    boxes = tempo.get("boxes", Int(TEMPO_BOXES, TEMPO_BOXES))
    refresh_box = tempo.get("refreshment_box", Int(TEMPO_BOXES, TEMPO_BOXES))

    paths = _read_paths(root)
    on_path = {h for hexes, _ in paths for h in hexes}
    arrows = _read_arrows(root, on_path)
    hexes_sorted = tuple(sorted(on_path | set(arrows), key=lambda h: (h[1], h[0])))
    _check_connected(root, hexes_sorted)
    index = {h: i for i, h in enumerate(hexes_sorted)}

    start_list = root.value("start_hexes")
    starts = start_list.read(
        ListOf(FloorHex(index, "a start hex"), "start hex", min_length=1, unique=True)
    )
    if len(starts) != dancers:
        raise start_list.where.error(
            f"there must be one start hex per Dancer ({dancers} in dancers.toml), not {len(starts)}"
        )
    server_list = root.value("server_hexes")
    servers = server_list.read(ListOf(FloorHex(index, "a Server hex"), "Server hex", unique=True))
    if len(servers) != SERVER_HEXES:
        raise server_list.where.error(
            f"there must be six different Server hexes, numbered 1-6 in order, not {len(servers)}"
        )
    for number, h in enumerate(servers, 1):
        if h in starts:
            raise server_list.where.at(f"Server hex {number}").error(
                f"{list(hexes_sorted[h])} is a Dancer start hex; a Server hex may not also be one"
            )

    sanctuaries: list[Sanctuary] = []
    sanctuary_tables = root.records(
        "sanctuaries", "sanctuary", name="colour", count=FAMILIES, noun="Sanctuaries"
    )
    for entry in sanctuary_tables:
        entry.only("colour", "seats", "entry")
        colour = entry.get("colour", Text())
        seats = entry.get("seats", Int(0, 99))
        if seats != SEATS_PER_TABLE:
            raise entry.where.at("seats").error(
                f"a Sanctuary table must have {SEATS_PER_TABLE} seats, not {seats}"
            )
        entry_hex = entry.get("entry", FloorHex(index, "a Sanctuary entry hex"))
        q, r = hexes_sorted[entry_hex]
        if all((q + dq, r + dr) in index for dq, dr in DIRECTIONS):
            raise entry.where.at("entry").error(
                f"the entry hex {[q, r]} must lie at the edge of the floor, beside the table"
            )
        if entry_hex in starts or entry_hex in servers:
            raise entry.where.at("entry").error(
                f"the entry hex {[q, r]} may not be a start or Server hex"
            )
        sanctuaries.append(Sanctuary(colour, seats, entry_hex))
    unique(
        (
            (s.colour, t.where.at("colour"))
            for s, t in zip(sanctuaries, sanctuary_tables, strict=True)
        ),
        "Sanctuary colour",
    )
    entries: dict[int, Where] = {}
    for s, t in zip(sanctuaries, sanctuary_tables, strict=True):
        if s.entry in entries:
            raise t.where.at("entry").error(
                f"two Sanctuaries share the entry hex {list(hexes_sorted[s.entry])}"
                f" (also at {entries[s.entry].relative_to(t.where)})"
            )
        entries[s.entry] = t.where

    neighbours = tuple(
        tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in hexes_sorted
    )
    path_next = [-1] * len(hexes_sorted)
    for hexes, _ in paths:
        for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True):
            path_next[index[a]] = index[b]
    arrow_to = [-1] * len(hexes_sorted)
    for source, target in arrows.items():
        arrow_to[index[source]] = index[target]

    def distance(a: Hex, b: Hex) -> int:
        dq, dr = a[0] - b[0], a[1] - b[1]
        return max(abs(dq), abs(dr), abs(dq + dr))

    return Board(
        name=name,
        hexes=hexes_sorted,
        index=index,
        neighbours=neighbours,
        exits=tuple(
            tuple((direction, n) for direction, n in enumerate(row) if n >= 0) for row in neighbours
        ),
        adjacent=tuple(tuple(n for n in row if n >= 0) for row in neighbours),
        path_next=tuple(path_next),
        arrow_to=tuple(arrow_to),
        paths=tuple(tuple(index[h] for h in hexes) for hexes, _ in paths),
        start_hexes=tuple(starts),
        server_hexes=tuple(servers),
        sanctuaries=tuple(sanctuaries),
        tempo_boxes=boxes,
        refreshment_box=refresh_box,
        distance=tuple(tuple(distance(a, b) for b in hexes_sorted) for a in hexes_sorted),
    )


# -- the markers ------------------------------------------------------------------


def parse_avatars(
    data: Table | Mapping[str, Any], where: str = "avatars.toml"
) -> tuple[Avatar, ...]:
    """The six Avatars, one per family, with different names, short names and token marks."""
    root = Table.of(data, where).only(HEADER_KEY, "avatars")
    tables = root.records("avatars", "avatar", count=FAMILIES, noun="Avatars, one per family")
    avatars = tuple(t.record(Avatar) for t in tables)
    unique(((a.slug, t.where.at("name")) for a, t in zip(avatars, tables, strict=True)), "Avatar")
    unique(
        ((a.short, t.where.at("short")) for a, t in zip(avatars, tables, strict=True)), "short name"
    )
    unique(
        ((a.mark, t.where.at("mark")) for a, t in zip(avatars, tables, strict=True)), "token mark"
    )
    return avatars


def parse_plans(
    data: Table | Mapping[str, Any], where: str = "plans.toml"
) -> tuple[tuple[str, ...], tuple[Plan, ...]]:
    """The symbol colours and the Plans, at least one per family, each a table can complete."""
    root = Table.of(data, where).only(HEADER_KEY, "colours", "plans")
    colours = root.get("colours", ListOf(Text(), "colour", min_length=1, unique=True))
    symbol = OneOf(colours, among=f"the colours in {root.where.file}")
    tables = root.records("plans", "plan", name="id")
    plans = []
    for entry in tables:
        entry.only("id", "symbols")
        symbols = entry.get("symbols", ListOf(symbol, "symbol", min_length=1))
        if len(symbols) > SEATS_PER_TABLE + 1:
            raise entry.where.at("symbols").error(
                f"the Plan asks for {len(symbols)} Dancers; a table seats at most six"
                " (five seats, and a sixth Dancer who completes the Plan)"
            )
        needs = tuple(symbols.count(c) for c in colours)
        plans.append(Plan(slug(entry.get("id", Text())), needs))
    if len(plans) < FAMILIES:
        raise root.where.at("plans").error(
            f"there must be at least {FAMILIES} Plans, one for each family, not {len(plans)}"
        )
    unique(((p.id, t.where.at("id")) for p, t in zip(plans, tables, strict=True)), "plan id")
    return colours, tuple(plans)


def parse_dancers(
    data: Table | Mapping[str, Any], colours: Sequence[str], where: str = "dancers.toml"
) -> tuple[Dancer, ...]:
    """The Dancers, each showing a Plan colour, pips per Domain and the Domains she negates."""
    root = Table.of(data, where).only(HEADER_KEY, "dancers")
    symbol = OneOf(colours, among="the colours in plans.toml")
    negates = Default(ListOf(DOMAIN_SPEC, "Domain", unique=True), ())
    tables = root.records("dancers", "dancer")
    dancers = []
    for entry in tables:
        entry.only("name", "symbol", "pips", "negates")
        negated = entry.get("negates", negates)
        if len(negated) == len(DOMAINS):
            raise entry.where.at("negates").error(
                "the Dancer negates every Domain and could never be Influenced"
            )
        dancers.append(
            Dancer(
                name=entry.get("name", Text()),
                symbol=list(colours).index(entry.get("symbol", symbol)),
                pips=entry.get("pips", RATINGS),
                negates=tuple(d in negated for d in DOMAINS),
            )
        )
    unique(((d.slug, t.where.at("name")) for d, t in zip(dancers, tables, strict=True)), "Dancer")
    return tuple(dancers)


def parse_refreshments(
    data: Table | Mapping[str, Any], where: str = "refreshments.toml"
) -> tuple[RefreshmentKind, ...]:
    """The Refreshment marker kinds: pips in a Domain, or the Ankh; and how many of each."""
    root = Table.of(data, where).only(HEADER_KEY, "refreshments")
    kind_spec = OneOf((*DOMAINS, "ankh"), among="the Domains and the Ankh")
    tables = root.records("refreshments", "refreshment", name="kind")
    kinds = []
    for entry in tables:
        entry.only("kind", "pips", "count")
        kind = entry.get("kind", kind_spec)
        if kind == "ankh":
            domain, pips = -1, entry.get("pips", Default(Int(0, 0), 0))
        else:
            domain, pips = DOMAINS.index(kind), entry.get("pips", Int(1, 6))
        kinds.append(RefreshmentKind(domain, pips, entry.get("count", Int(1, 99))))
    unique(
        ((k.slug, t.where) for k, t in zip(kinds, tables, strict=True)),
        "refreshment kind",
    )
    needed = 4 * (FAMILIES - 1) + 6
    total = sum(k.count for k in kinds)
    if total < needed:
        raise root.where.at("refreshments").error(
            f"the counts add up to {total} markers; at least {needed} are needed to deal"
            " six families four each (six to one with Old Wealth)"
        )
    return tuple(kinds)


def parse_powers(data: Table | Mapping[str, Any], where: str = "powers.toml") -> tuple[Power, ...]:
    """The twelve Powers, each id once, each with its rules in the effect language."""
    root = Table.of(data, where).only(HEADER_KEY, "powers")
    tables = root.records("powers", "power", name="id")
    fields: dict[str, Spec[Any]] = {
        "id": OneOf(POWER_IDS, among="the twelve Power ids"),
        "name": Text(),
        "text": Text(),
    }
    powers = []
    for table in tables:
        table.only(*fields, "when", "if", "do", "shows")
        power_id, name, text = (table.get(key, spec) for key, spec in fields.items())
        powers.append(Power(power_id, name, text, _ability(table, power_id)))
    unique(((p.id, t.where.at("id")) for p, t in zip(powers, tables, strict=True)), "power")
    missing = [p for p in POWER_IDS if p not in {power.id for power in powers}]
    if missing:
        raise root.where.at("powers").error(
            f"the twelve Powers are all required; missing {', '.join(missing)}"
        )
    by_id = {p.id: p for p in powers}
    return tuple(by_id[p] for p in POWER_IDS)


def _ability(table: Table, power_id: str) -> fx.Ability:
    """A Power's rules: its moment, conditions and operations, each name one the engine reads."""
    when = table.get("when", OneOf((fx.ALWAYS, *AT_WILL), among="the Powers' moments"))
    if when != fx.ALWAYS and power_id not in AT_WILL[when]:
        raise table.where.at("when").error(
            f"only {' and '.join(AT_WILL[when])} have an action at {when}"
        )
    shows = table.get("shows", Default(Text(), ""))
    conditions = table.value("if")
    texts = conditions.read(Default(ListOf(Text(), "condition"), ()))
    try:
        parsed = tuple(fx.parse_condition(text) for text in texts)
    except EffectError as error:
        raise conditions.where.error(str(error)) from None
    for condition in parsed:
        _check_condition(conditions.where, condition)
    operations: list[fx.Operation] = []
    for entry in table.value("do").entries("operation"):
        if not isinstance(entry.raw, dict):
            raise entry.wrong('a table such as {set-limit = "movement", value = 3}')
        try:
            operation = fx.parse_operation(entry.raw)
        except EffectError as error:
            raise entry.where.error(str(error)) from None
        _check_operation(entry.where, operation, standing=when == fx.ALWAYS)
        if isinstance(operation, fx.Spend):
            if any(isinstance(op, fx.Spend) for op in operations):
                raise entry.where.error("a Power spends once: one spend among its operations")
            _check_spend(entry.where, operation, power_id, first=not operations)
        operations.append(operation)
    first = operations[0] if operations else None
    if power_id in NAMES_A_KIND and when != fx.ALWAYS and not isinstance(first, fx.Spend):
        raise table.where.at("do").error(
            f"the {power_id} action names the Refreshment it spends: its first operation"
            ' must be {spend = "refreshments", named = true}'
        )
    return fx.Ability(power_id, when, tuple(operations), parsed, shows)


def _check_condition(where: Where, condition: fx.Condition) -> None:
    if isinstance(condition, fx.Not):
        _check_condition(where, condition.condition)
    elif isinstance(condition, fx.AtLeast):
        _known(where, condition.quantity, POWER_QUANTITIES, "quantity")
    else:
        _known(where, condition.flag, POWER_FLAGS, "flag")


def _check_operation(where: Where, operation: fx.Operation, *, standing: bool) -> None:
    """A standing rule sets limits and grants; a Power used at will spends, gains, steps."""
    if isinstance(operation, fx.SetLimit | fx.CapLimit) and standing:
        _known(where, operation.quantity, POWER_LIMITS, "limit")
    elif isinstance(operation, fx.Grant) and standing:
        _known(where, operation.flag, POWER_GRANTS, "permission")
    elif isinstance(operation, fx.Spend) and not standing:
        _known(where, operation.resource, POWER_SPENDS, "thing to spend")
        if not operation.named:
            raise where.error("a Power spends Refreshments the family names: add named = true")
    elif isinstance(operation, fx.Gain) and not standing:
        _known(where, operation.resource, POWER_GAINS, "thing to gain")
    elif isinstance(operation, fx.ExtraStep) and not standing:
        _known(where, operation.step, POWER_STEPS, "step")
    elif not (isinstance(operation, fx.ModifyRoll) and not standing):
        allowed = (
            "set-limit, cap-limit, grant" if standing else "spend, gain, modify-roll, extra-step"
        )
        raise where.error(f"{operation.key} cannot be used here; allowed: {allowed}")


def _check_spend(where: Where, spend: fx.Spend, power_id: str, *, first: bool) -> None:
    """A spend is named by the action (one Refreshment, first), or paid in pay steps."""
    if power_id in NAMES_A_KIND:
        if not first or spend.amount != 1:
            raise where.error(
                f"the {power_id} action names one Refreshment, spent first: amount = 1, first"
            )
    elif power_id not in PAYS_IN_STEPS:
        raise where.error(
            f"only {', '.join((*NAMES_A_KIND, *PAYS_IN_STEPS))} have an action that spends"
        )
    if spend.amount < 1:
        raise where.error("a spend's amount must be at least 1")


def _known(where: Where, name: str, known: Sequence[str], what: str) -> None:
    if name not in known:
        raise where.error(f"{name!r} is not a {what} the engine knows; known: {', '.join(known)}")


def _check_plans_can_be_completed(
    plans_file: Table,
    plans: Sequence[Plan],
    colours: Sequence[str],
    dancers_file: Table,
    dancers: Sequence[Dancer],
) -> None:
    """Each Plan asks for no more Dancers of a colour than the Dancers file has."""
    have = [sum(d.symbol == c for d in dancers) for c in range(len(colours))]
    tables = plans_file.records("plans", "plan", name="id")
    for plan, table in zip(plans, tables, strict=True):
        for c, need in enumerate(plan.needs):
            if need > have[c]:
                raise table.where.at("symbols").error(
                    f"the Plan needs {need} {colours[c]} Dancer{'s' if need > 1 else ''},"
                    f" but {dancers_file.where.file} has {have[c]}"
                )


def load_components(directory: Path = DATA_DIR) -> Components:
    """Read and validate every component file, from ``directory`` where it has the file.

    A file missing from ``directory`` is read from the shipped ``data/``, so
    a group can replace one file (the Dancers) and keep the others.
    """
    return _load(DataFiles(DATA_DIR, None if directory == DATA_DIR else directory))


def _load(files: DataFiles) -> Components:
    plans_file = files.read("plans.toml")
    colours, plans = parse_plans(plans_file)
    dancers_file = files.read("dancers.toml")
    dancers = parse_dancers(dancers_file, colours)
    _check_plans_can_be_completed(plans_file, plans, colours, dancers_file, dancers)
    avatars_file = files.read("avatars.toml")
    avatars = parse_avatars(avatars_file)
    powers = parse_powers(files.read("powers.toml"))
    unique(
        [
            *(
                (d.slug, dancers_file.where.at(f"dancer {n} ({d.name})"))
                for n, d in enumerate(dancers, 1)
            ),
            *(
                (a.slug, avatars_file.where.at(f"avatar {n} ({a.name})"))
                for n, a in enumerate(avatars, 1)
            ),
        ],
        "name",
    )
    return Components(
        board=parse_board(files.read("ballroom.toml"), len(dancers)),
        avatars=avatars,
        dancers=dancers,
        refreshments=parse_refreshments(files.read("refreshments.toml")),
        plans=plans,
        powers=powers,
        colours=colours,
        effects=fx.Effects.of(p.ability for p in powers),
    )


@cache
def default_components() -> Components:
    """The components in ``data/``, or in ``$BALLROOM_DATA/the-dance/`` where it has a file; loaded once."""
    return _load(DataFiles.of_game(GAME_ID, DATA_DIR))
