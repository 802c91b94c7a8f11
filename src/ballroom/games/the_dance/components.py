"""The Dance's components, loaded from the TOML files in ``data/`` and validated.

The rulebook describes but does not print the map and the markers, so every
file is a reconstruction that a group owning the game may overwrite. The
loader checks every constraint the rulebook and RULINGS.md state (paths run
counter-clockwise, every off-path floor hex has an arrow that leads back to a
path, one start hex per Dancer, Server hexes 1-6, six Sanctuaries of five
seats, twelve Powers, ...) and raises ``ComponentError`` naming the file, the
entry and the broken rule.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ballroom.core.errors import BallroomError

DOMAINS: tuple[str, ...] = ("extortion", "corruption", "subjugation", "confidence")
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
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
FAMILIES = 6
SEATS_PER_TABLE = 5
SERVER_HEXES = 6
DATA_DIR = Path(__file__).parent / "data"

Hex = tuple[int, int]


class ComponentError(BallroomError):
    """A component file that is missing, unreadable or breaks a rule."""


def slug(name: str) -> str:
    """The name as one lower-case word for action texts: ``Rev. Mother Anna`` -> ``rev-mother-anna``."""
    cleaned = "".join(ch.lower() if ch.isalnum() else " " for ch in name)
    return "-".join(cleaned.split())


@dataclass(frozen=True, slots=True)
class Avatar:
    name: str
    short: str
    family: str
    ratings: tuple[int, ...]
    movement: int
    mark: str
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


@dataclass(frozen=True, slots=True)
class Plan:
    id: str
    needs: tuple[int, ...]
    """How many seated symbols of each colour the Plan asks for."""


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Sanctuary:
    colour: str
    seats: int
    entry: int
    """Floor hex index of the entry hex (the Avatar's start hex)."""


@dataclass(frozen=True, slots=True)
class Board:
    """The ballroom as plain tables indexed by hex number, for fast rules code."""

    name: str
    hexes: tuple[Hex, ...]
    index: Mapping[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]
    """Six entries per hex, in DIRECTIONS order; -1 off the floor."""
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


# -- reading ------------------------------------------------------------------


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise ComponentError(f"cannot read {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ComponentError(f"{path.name} is not valid TOML: {error}") from None
    if not isinstance(data.get("reconstruction"), str):
        raise ComponentError(
            f"{path.name}: the key 'reconstruction' must say where the values come from"
        )
    return data


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise ComponentError(f"{where}: '{key}' must be a non-empty list")
    return value


def _int(value: object, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ComponentError(f"{where} must be an integer in {low}..{high}, not {value!r}")
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ComponentError(f"{where} must be a non-empty string, not {value!r}")
    return value


def _mark(value: object, where: str) -> str:
    mark = _str(value, where)
    if not 1 <= len(mark) <= 2 or not mark.isalnum():
        raise ComponentError(f"{where} must be one or two letters or digits, not {value!r}")
    return mark


def _hex(value: object, where: str) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ComponentError(f"{where} must be a hex [q, r] of two integers, not {value!r}")
    return (value[0], value[1])


def _domain_table(value: object, where: str, high: int) -> tuple[int, ...]:
    if not isinstance(value, dict) or set(value) != set(DOMAINS):
        raise ComponentError(f"{where} must give exactly the Domains {', '.join(DOMAINS)}")
    return tuple(_int(value[d], f"{where}.{d}", 0, high) for d in DOMAINS)


def _unique(names: Sequence[str], what: str, where: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ComponentError(f"{where}: {what} {name!r} appears twice")
        seen.add(name)


# -- the ballroom ---------------------------------------------------------------


def _signed_area(points: Sequence[Hex]) -> float:
    """Shoelace area with y pointing up, so counter-clockwise on screen is positive."""
    xy = [(math.sqrt(3) * (q + r / 2), -1.5 * r) for q, r in points]
    return (
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(xy, xy[1:] + xy[:1], strict=True)) / 2
    )


def _adjacent(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def parse_board(data: Mapping[str, Any], dancers: int, where: str = "ballroom.toml") -> Board:
    """Build and validate the ballroom; ``dancers`` is how many start hexes it needs."""
    name = _str(data.get("name"), f"{where}: 'name'")
    tempo = data.get("tempo")
    if not isinstance(tempo, dict):
        raise ComponentError(
            f"{where}: a [tempo] table with 'boxes' and 'refreshment_box' is required"
        )
    boxes = _int(tempo.get("boxes"), f"{where}: tempo.boxes", 2, 12)
    refresh_box = _int(tempo.get("refreshment_box"), f"{where}: tempo.refreshment_box", 1, boxes)

    path_hexes: list[list[Hex]] = []
    for number, entry in enumerate(_list(data, "paths", where), start=1):
        here = f"{where}: path {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table with 'hexes'")
        hexes = [_hex(h, f"{here} hex") for h in _list(entry, "hexes", here)]
        if len(hexes) < 3:
            raise ComponentError(f"{here} must have at least 3 hexes to form a loop")
        if len(set(hexes)) != len(hexes):
            raise ComponentError(f"{here} visits a hex twice")
        for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True):
            if not _adjacent(a, b):
                raise ComponentError(
                    f"{here}: {list(a)} and {list(b)} are not adjacent, so the loop is broken"
                )
        if _signed_area(hexes) <= 0:
            raise ComponentError(f"{here} runs clockwise; the waltz must run counter-clockwise")
        path_hexes.append(hexes)
    on_path: dict[Hex, int] = {}
    for number, hexes in enumerate(path_hexes, start=1):
        for h in hexes:
            if h in on_path:
                raise ComponentError(f"{where}: hex {list(h)} is on two paths")
            on_path[h] = number

    arrows: dict[Hex, Hex] = {}
    for entry in _list(data, "arrows", where):
        if not isinstance(entry, dict):
            raise ComponentError(f"{where}: each arrow must be {{ from = [q, r], to = [q, r] }}")
        source = _hex(entry.get("from"), f"{where}: arrow 'from'")
        target = _hex(entry.get("to"), f"{where}: arrow 'to'")
        if source in on_path:
            raise ComponentError(
                f"{where}: hex {list(source)} is on a path and cannot carry an arrow"
            )
        if source in arrows:
            raise ComponentError(f"{where}: hex {list(source)} has two arrows")
        if not _adjacent(source, target):
            raise ComponentError(
                f"{where}: the arrow on {list(source)} points at {list(target)}, which is not adjacent"
            )
        arrows[source] = target
    floor = set(on_path) | set(arrows)
    for source, target in arrows.items():
        if target not in floor:
            raise ComponentError(
                f"{where}: the arrow on {list(source)} points off the floor at {list(target)}"
            )
    for source, first in arrows.items():
        seen = {source}
        at = first
        while at not in on_path:
            if at in seen:
                raise ComponentError(
                    f"{where}: the arrows from {list(source)} loop without reaching a path"
                )
            seen.add(at)
            at = arrows[at]

    hexes_sorted = tuple(sorted(floor, key=lambda h: (h[1], h[0])))
    index = {h: i for i, h in enumerate(hexes_sorted)}
    reached = {hexes_sorted[0]}
    frontier = [hexes_sorted[0]]
    while frontier:
        q, r = frontier.pop()
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n in floor and n not in reached:
                reached.add(n)
                frontier.append(n)
    if len(reached) != len(floor):
        raise ComponentError(f"{where}: the dance floor is not connected")

    def floor_hex(value: object, label: str) -> int:
        h = _hex(value, f"{where}: {label}")
        if h not in index:
            raise ComponentError(f"{where}: {label} {list(h)} is not a dance floor hex")
        return index[h]

    starts = [floor_hex(v, "start hex") for v in _list(data, "start_hexes", where)]
    if len(set(starts)) != len(starts):
        raise ComponentError(f"{where}: a start hex (white circle) is listed twice")
    if len(starts) != dancers:
        raise ComponentError(
            f"{where}: there must be one start hex per Dancer ({dancers}), not {len(starts)}"
        )
    servers = [floor_hex(v, "server hex") for v in _list(data, "server_hexes", where)]
    if len(servers) != SERVER_HEXES or len(set(servers)) != SERVER_HEXES:
        raise ComponentError(
            f"{where}: there must be six different Server hexes, numbered 1-6 in order"
        )
    if set(servers) & set(starts):
        raise ComponentError(f"{where}: a Server hex may not also be a Dancer start hex")

    sanctuaries: list[Sanctuary] = []
    for number, entry in enumerate(_list(data, "sanctuaries", where), start=1):
        here = f"{where}: sanctuary {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table with colour, seats and entry")
        colour = _str(entry.get("colour"), f"{here} colour")
        seats = entry.get("seats")
        if seats != SEATS_PER_TABLE:
            raise ComponentError(f"{here} must have {SEATS_PER_TABLE} seats, not {seats!r}")
        entry_hex = floor_hex(entry.get("entry"), f"sanctuary {number} entry")
        q, r = hexes_sorted[entry_hex]
        if all((q + dq, r + dr) in floor for dq, dr in DIRECTIONS):
            raise ComponentError(
                f"{here}: the entry hex {[q, r]} must lie at the edge of the floor, beside the table"
            )
        if entry_hex in starts or entry_hex in servers:
            raise ComponentError(f"{here}: the entry hex may not be a start or Server hex")
        sanctuaries.append(Sanctuary(colour, seats, entry_hex))
    if len(sanctuaries) != FAMILIES:
        raise ComponentError(
            f"{where}: there must be {FAMILIES} Sanctuaries, not {len(sanctuaries)}"
        )
    _unique([s.colour for s in sanctuaries], "Sanctuary colour", where)
    if len({s.entry for s in sanctuaries}) != FAMILIES:
        raise ComponentError(f"{where}: two Sanctuaries share an entry hex")

    neighbours = tuple(
        tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in hexes_sorted
    )
    path_next = [-1] * len(hexes_sorted)
    for hexes in path_hexes:
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
        path_next=tuple(path_next),
        arrow_to=tuple(arrow_to),
        paths=tuple(tuple(index[h] for h in hexes) for hexes in path_hexes),
        start_hexes=tuple(starts),
        server_hexes=tuple(servers),
        sanctuaries=tuple(sanctuaries),
        tempo_boxes=boxes,
        refreshment_box=refresh_box,
        distance=tuple(tuple(distance(a, b) for b in hexes_sorted) for a in hexes_sorted),
    )


# -- the markers ------------------------------------------------------------------


def parse_avatars(data: Mapping[str, Any], where: str = "avatars.toml") -> tuple[Avatar, ...]:
    avatars = []
    for number, entry in enumerate(_list(data, "avatars", where), start=1):
        here = f"{where}: avatar {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table")
        avatars.append(
            Avatar(
                name=_str(entry.get("name"), f"{here} name"),
                short=_str(entry.get("short"), f"{here} short"),
                family=_str(entry.get("family"), f"{here} family"),
                ratings=_domain_table(entry.get("ratings"), f"{here} ratings", 6),
                movement=_int(entry.get("movement"), f"{here} movement", 1, 6),
                mark=_mark(entry.get("mark"), f"{here} mark"),
            )
        )
    if len(avatars) != FAMILIES:
        raise ComponentError(
            f"{where}: there must be {FAMILIES} Avatars, one per family, not {len(avatars)}"
        )
    _unique([a.slug for a in avatars], "Avatar", where)
    _unique([a.short for a in avatars], "short name", where)
    _unique([a.mark for a in avatars], "token mark", where)
    return tuple(avatars)


def parse_plans(
    data: Mapping[str, Any], where: str = "plans.toml"
) -> tuple[tuple[str, ...], tuple[Plan, ...]]:
    colours = tuple(_str(c, f"{where}: colour") for c in _list(data, "colours", where))
    _unique(colours, "colour", where)
    plans = []
    for number, entry in enumerate(_list(data, "plans", where), start=1):
        here = f"{where}: plan {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table with id and symbols")
        symbols = _list(entry, "symbols", here)
        needs = [0] * len(colours)
        for symbol in symbols:
            if symbol not in colours:
                raise ComponentError(
                    f"{here}: symbol {symbol!r} is not one of {', '.join(colours)}"
                )
            needs[colours.index(symbol)] += 1
        if len(symbols) > SEATS_PER_TABLE + 1:
            raise ComponentError(
                f"{here} asks for {len(symbols)} Dancers; a table seats at most six"
            )
        plans.append(Plan(slug(_str(entry.get("id"), f"{here} id")), tuple(needs)))
    _unique([p.id for p in plans], "plan id", where)
    return colours, tuple(plans)


def parse_dancers(
    data: Mapping[str, Any], colours: Sequence[str], where: str = "dancers.toml"
) -> tuple[Dancer, ...]:
    dancers = []
    for number, entry in enumerate(_list(data, "dancers", where), start=1):
        here = f"{where}: dancer {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table")
        symbol = entry.get("symbol")
        if symbol not in colours:
            raise ComponentError(f"{here}: symbol {symbol!r} must be one of {', '.join(colours)}")
        negates = entry.get("negates", [])
        if not isinstance(negates, list) or any(n not in DOMAINS for n in negates):
            raise ComponentError(f"{here}: negates must list Domains among {', '.join(DOMAINS)}")
        if len(set(negates)) == len(DOMAINS):
            raise ComponentError(f"{here} negates every Domain and could never be Influenced")
        dancers.append(
            Dancer(
                name=_str(entry.get("name"), f"{here} name"),
                symbol=list(colours).index(str(symbol)),
                pips=_domain_table(entry.get("pips"), f"{here} pips", 6),
                negates=tuple(d in negates for d in DOMAINS),
            )
        )
    _unique([d.slug for d in dancers], "Dancer", where)
    return tuple(dancers)


def parse_refreshments(
    data: Mapping[str, Any], where: str = "refreshments.toml"
) -> tuple[RefreshmentKind, ...]:
    kinds = []
    for number, entry in enumerate(_list(data, "refreshments", where), start=1):
        here = f"{where}: refreshment {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table with kind, pips and count")
        kind = entry.get("kind")
        if kind == "ankh":
            domain = -1
            pips = _int(entry.get("pips", 0), f"{here} pips", 0, 0)
        elif kind in DOMAINS:
            domain = DOMAINS.index(kind)
            pips = _int(entry.get("pips"), f"{here} pips", 1, 6)
        else:
            raise ComponentError(f"{here}: kind must be a Domain or 'ankh', not {kind!r}")
        kinds.append(
            RefreshmentKind(domain, pips, _int(entry.get("count"), f"{here} count", 1, 99))
        )
    _unique([k.slug for k in kinds], "refreshment kind", where)
    return tuple(kinds)


def parse_powers(data: Mapping[str, Any], where: str = "powers.toml") -> tuple[Power, ...]:
    powers = {}
    for number, entry in enumerate(_list(data, "powers", where), start=1):
        here = f"{where}: power {number}"
        if not isinstance(entry, dict):
            raise ComponentError(f"{here} must be a table")
        power_id = entry.get("id")
        if power_id not in POWER_IDS:
            raise ComponentError(f"{here}: id {power_id!r} is not one of {', '.join(POWER_IDS)}")
        if power_id in powers:
            raise ComponentError(f"{here}: power {power_id!r} appears twice")
        powers[power_id] = Power(
            power_id,
            _str(entry.get("name"), f"{here} name"),
            _str(entry.get("text"), f"{here} text"),
        )
    missing = [p for p in POWER_IDS if p not in powers]
    if missing:
        raise ComponentError(
            f"{where}: the twelve Powers are all required; missing {', '.join(missing)}"
        )
    return tuple(powers[p] for p in POWER_IDS)


def load_components(directory: Path = DATA_DIR) -> Components:
    """Read and validate every component file in ``directory``."""
    colours, plans = parse_plans(_read(directory / "plans.toml"))
    dancers = parse_dancers(_read(directory / "dancers.toml"), colours)
    refreshments = parse_refreshments(_read(directory / "refreshments.toml"))
    needed = 4 * (FAMILIES - 1) + 6
    if sum(k.count for k in refreshments) < needed:
        raise ComponentError(
            f"refreshments.toml: at least {needed} markers are needed to deal six families"
        )
    avatars = parse_avatars(_read(directory / "avatars.toml"))
    _unique(
        [*(d.slug for d in dancers), *(a.slug for a in avatars)],
        "name",
        "dancers.toml/avatars.toml",
    )
    return Components(
        board=parse_board(_read(directory / "ballroom.toml"), len(dancers)),
        avatars=avatars,
        dancers=dancers,
        refreshments=refreshments,
        plans=plans,
        powers=parse_powers(_read(directory / "powers.toml")),
        colours=colours,
    )


@cache
def default_components() -> Components:
    """The components shipped in ``data/``, loaded once."""
    return load_components()
