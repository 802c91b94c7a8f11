"""Component data files: a game's TOML files, read and checked declaratively.

Rulebooks describe their components (maps, cards, ratings) without printing
them, so each game ships its own as TOML files in its ``data/`` folder that a
group owning the physical game may overwrite (RULINGS.md). This module reads
them and checks them, so that every game's loader says as clearly what is
wrong. Every problem raises ``ComponentError`` naming the file, the key path,
what was found and what is allowed::

    dancers.toml: dancer 3 (Contessa Marta) > pips > subjugation: found 9; must be an integer from 0 to 6

The pieces:

- ``DataFiles(shipped, override)`` reads ``name.toml`` from ``override`` when
  that folder has it, else from ``shipped``; ``DataFiles.of_game`` takes the
  override from ``$BALLROOM_DATA/<game id>/``, so the real values can replace
  the reconstructed ones without touching code. Every file must begin with
  ``reconstruction = "..."`` saying where its values come from.
- ``Table`` is one TOML table with its location: ``get(key, spec)`` reads a
  value, ``records(key, label)`` a list of tables (``[[cards]]``), ``only``
  refuses unknown keys (a misspelt key is an error, not a silent default),
  ``build(Card, fields)`` makes a frozen record from declared fields.
- Specs say what a value must be: ``Int``, ``Text``, ``Flag``, ``OneOf``
  (choices, or names listed in another file), ``EnumOf``, ``ListOf``,
  ``Keyed`` (a table with exactly the given keys), ``TableSpec``, ``Raw``
  (data such as a card's ability, compiled later with its location) and
  ``Default``. A game writes its own ``Spec`` for anything else.
- ``unique`` refuses a repeated name, naming both places.
- ``Table.record(Card)`` and ``Table.typed_records(key, label, Card)`` read a
  frozen dataclass by its declared field types (``spec_of``): ``str`` is
  ``Text``, ``bool`` ``Flag``, an enum ``EnumOf``, ``tuple[X, ...]``
  ``ListOf``, a nested dataclass a table of its own, ``dict[str, Any]`` a
  table kept as data (an ability), ``Annotated[int, Int(1, 13)]`` any spec;
  a field with a default may be left out. The enum and
  record parsing a game would write by hand is its declaration.
- ``Tagged`` reads a table whose first key names which record it is
  (``{draw = 2}``, ``{gain = "sword", count = 2}``: a card text's
  operation), the key's value being the record's first field; ``Exactly``
  is one allowed value (``{nightfall = true}``).
- ``slug`` and ``numbered`` name cards as action texts: ``Old Sage`` is
  ``old-sage``, and three copies of it ``old-sage-1`` to ``old-sage-3``.

A card list then reads as its declaration::

    CARD = {"name": Text(), "cost": Int(0, 9), "type": EnumOf(CardType),
            "count": Default(Int(1, 9), 1), "ability": Default(Raw(), None)}
    cards = [t.build(Card, CARD) for t in files.read("cards.toml").records("cards", "card")]
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
import types
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import (
    Annotated,
    Any,
    Generic,
    NamedTuple,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from ballroom.core.errors import ComponentError, allowed_list

T = TypeVar("T")
E = TypeVar("E", bound=Enum)

HEADER_KEY = "reconstruction"
"""The key every component file begins with: where its values come from."""
DATA_VARIABLE = "BALLROOM_DATA"
"""The environment variable naming a folder of per-game override folders."""
SHOWN_LIMIT = 60
"""How many characters of a wrong value an error message quotes."""


class Where(NamedTuple):
    """A place in a component file: the file and the key path inside it.

    A named tuple rather than a frozen dataclass: a loader makes one per
    value it reads, and tuples are built several times faster.
    """

    file: str
    path: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.file}: {' > '.join(self.path)}" if self.path else self.file

    def at(self, part: str) -> Where:
        """The place one step further in: a key, or a labelled list entry."""
        return Where(self.file, (*self.path, part))

    def relative_to(self, other: Where) -> str:
        """This place as seen from ``other``: without the file name when it is the same file."""
        if self.file == other.file and self.path:
            return " > ".join(self.path)
        return str(self)

    def error(self, problem: str) -> ComponentError:
        """The error for a problem found here."""
        return ComponentError(f"{self}: {problem}")


MISSING: Any = object()
"""The value of a key that a table does not have."""


def shown(raw: object) -> str:
    """A value as an error message quotes it, cut short if long."""
    text = repr(raw)
    return text if len(text) <= SHOWN_LIMIT else text[: SHOWN_LIMIT - 3] + "..."


class Value:
    """One value read from a component file, with where it was found.

    A key that is absent gives a ``Value`` whose ``raw`` is ``MISSING``, so
    that a required key and a wrong one are reported by the same spec.
    """

    __slots__ = ("raw", "where")

    def __init__(self, raw: object, where: Where) -> None:
        self.raw = raw
        self.where = where

    @property
    def missing(self) -> bool:
        return self.raw is MISSING

    def read(self, spec: Spec[T]) -> T:
        return spec.read(self)

    def wrong(self, allowed: str) -> ComponentError:
        """The error for a value that is not what ``allowed`` describes."""
        found = "missing" if self.missing else f"found {shown(self.raw)}"
        return self.where.error(f"{found}; must be {allowed}")

    def entries(self, label: str) -> list[Value]:
        """The items of a list, each placed as ``label n`` (counted from 1)."""
        if not isinstance(self.raw, list):
            raise self.wrong("a list [ ... ]")
        return [Value(raw, self.where.at(f"{label} {n}")) for n, raw in enumerate(self.raw, 1)]


class Spec(ABC, Generic[T]):
    """What a value must be, and how to turn it into a Python value."""

    @abstractmethod
    def describe(self) -> str:
        """What is allowed, as the rest of "must be ...": ``an integer from 0 to 6``."""

    @abstractmethod
    def read(self, value: Value) -> T:
        """The checked value; raises ``value.wrong(...)`` (or another ComponentError)."""


@dataclass(frozen=True, slots=True)
class Int(Spec[int]):
    """An integer in a closed range (TOML's ``true`` is not one)."""

    low: int
    high: int

    def describe(self) -> str:
        if self.low == self.high:
            return str(self.low)
        return f"an integer from {self.low} to {self.high}"

    def read(self, value: Value) -> int:
        raw = value.raw
        if not isinstance(raw, int) or isinstance(raw, bool) or not self.low <= raw <= self.high:
            raise value.wrong(self.describe())
        return raw


@dataclass(frozen=True, slots=True)
class Integer(Spec[int]):
    """Any integer (``Int`` where the rules bound it)."""

    def describe(self) -> str:
        return "an integer"

    def read(self, value: Value) -> int:
        if not isinstance(value.raw, int) or isinstance(value.raw, bool):
            raise value.wrong(self.describe())
        return value.raw


@dataclass(frozen=True, slots=True)
class Text(Spec[str]):
    """A string with something in it, at most ``max_length`` characters if given."""

    max_length: int | None = None

    def describe(self) -> str:
        if self.max_length is None:
            return "a non-empty string"
        return f"a non-empty string of at most {self.max_length} characters"

    def read(self, value: Value) -> str:
        raw = value.raw
        if (
            not isinstance(raw, str)
            or not raw.strip()
            or (self.max_length is not None and len(raw) > self.max_length)
        ):
            raise value.wrong(self.describe())
        return raw


@dataclass(frozen=True, slots=True)
class Flag(Spec[bool]):
    """``true`` or ``false``."""

    def describe(self) -> str:
        return "true or false"

    def read(self, value: Value) -> bool:
        if not isinstance(value.raw, bool):
            raise value.wrong(self.describe())
        return value.raw


@dataclass(frozen=True, slots=True)
class Exactly(Spec[T]):
    """One allowed value: ``{nightfall = true}`` says only that the operation is there."""

    value: T

    def describe(self) -> str:
        if isinstance(self.value, bool):
            return "true" if self.value else "false"
        return repr(self.value)

    def read(self, value: Value) -> T:
        if type(value.raw) is not type(self.value) or value.raw != self.value:
            raise value.wrong(self.describe())
        return self.value


@dataclass(frozen=True, slots=True)
class OneOf(Spec[str]):
    """One of a fixed set of strings: a choice, or a name another file lists.

    ``among`` says where the names come from, for a cross-reference
    (``"the colours in plans.toml"``).
    """

    options: Sequence[str]
    among: str = ""

    def describe(self) -> str:
        listed = allowed_list(list(self.options))
        return f"one of {self.among}: {listed}" if self.among else f"one of {listed}"

    def read(self, value: Value) -> str:
        if not isinstance(value.raw, str) or value.raw not in self.options:
            raise value.wrong(self.describe())
        return value.raw


@dataclass(frozen=True, slots=True)
class EnumOf(Spec[E]):
    """A member of a string-valued enum, written as its value (``type = "monster"``)."""

    enum: type[E]

    def describe(self) -> str:
        return "one of " + allowed_list([str(member.value) for member in self.enum])

    def read(self, value: Value) -> E:
        for member in self.enum:
            if member.value == value.raw:
                return member
        raise value.wrong(self.describe())


@dataclass(frozen=True, slots=True)
class ListOf(Spec[tuple[T, ...]]):
    """A list whose items each meet ``item``, placed as ``label n`` in messages."""

    item: Spec[T]
    label: str = "item"
    min_length: int = 0
    max_length: int | None = None
    unique: bool = False
    """Refuse an item listed twice."""

    def describe(self) -> str:
        low, high = self.min_length, self.max_length
        if high is None:
            size = f" of at least {low} entries" if low > 0 else ""
        elif low == high:
            size = f" of exactly {low} entries"
        else:
            size = f" of {low} to {high} entries"
        return f"a list{size}, each {self.item.describe()}"

    def read(self, value: Value) -> tuple[T, ...]:
        if not isinstance(value.raw, list):
            raise value.wrong(self.describe())
        entries = value.entries(self.label)
        too_many = self.max_length is not None and len(entries) > self.max_length
        if len(entries) < self.min_length or too_many:
            raise value.wrong(self.describe())
        items = tuple(entry.read(self.item) for entry in entries)
        if self.unique:
            seen: dict[Hashable, Where] = {}
            for entry in entries:
                key = _hashable(entry.raw)
                if key in seen:
                    first = seen[key].relative_to(entry.where)
                    raise entry.where.error(f"{shown(entry.raw)} is listed twice (also at {first})")
                seen[key] = entry.where
        return items


@dataclass(frozen=True, slots=True)
class Keyed(Spec[tuple[T, ...]]):
    """A table with exactly the given keys, each meeting ``item``; read in ``keys`` order."""

    keys: Sequence[str]
    item: Spec[T]

    def describe(self) -> str:
        return f"a table giving exactly {', '.join(self.keys)}"

    def read(self, value: Value) -> tuple[T, ...]:
        if not isinstance(value.raw, dict):
            raise value.wrong(self.describe())
        table = Table(value.raw, value.where).only(*self.keys)
        return tuple(table.get(key, self.item) for key in self.keys)


@dataclass(frozen=True, slots=True)
class TableSpec(Spec["Table"]):
    """A table (``{ ... }`` or a ``[section]``), to be read key by key."""

    def describe(self) -> str:
        return "a table { key = value, ... }"

    def read(self, value: Value) -> Table:
        if not isinstance(value.raw, dict):
            raise value.wrong(self.describe())
        return Table(value.raw, value.where)


@dataclass(frozen=True, slots=True)
class Mapped(Spec[dict[str, Any]]):
    """A table kept as plain data, for a reader of its own (an ability, compiled by the
    effects engine)."""

    def describe(self) -> str:
        return "a table { key = value, ... }"

    def read(self, value: Value) -> dict[str, Any]:
        if not isinstance(value.raw, dict):
            raise value.wrong(self.describe())
        return dict(value.raw)


@dataclass(frozen=True, slots=True)
class Raw(Spec[Value]):
    """Any value, kept with its location: data compiled later, such as a card's ability."""

    def describe(self) -> str:
        return "a value"

    def read(self, value: Value) -> Value:
        if value.missing:
            raise value.wrong(self.describe())
        return value


@dataclass(frozen=True, slots=True)
class Default(Spec[T]):
    """``spec``, or ``default`` when the key is absent."""

    spec: Spec[T]
    default: T

    def describe(self) -> str:
        return self.spec.describe()

    def read(self, value: Value) -> T:
        return self.default if value.missing else self.spec.read(value)


def _hashable(raw: object) -> Hashable:
    """A TOML value as something a set can hold (lists become tuples)."""
    if isinstance(raw, list):
        return tuple(_hashable(item) for item in raw)
    if isinstance(raw, dict):
        return tuple(sorted((key, _hashable(item)) for key, item in raw.items()))
    return raw if isinstance(raw, Hashable) else repr(raw)


def unique(items: Iterable[tuple[Hashable, Where]], what: str) -> None:
    """Refuse a key that appears twice, naming both places.

    ``what`` names the thing (``"Dancer"``, ``"token mark"``); the places may
    lie in different files, for names that must differ across files.
    """
    seen: dict[Hashable, Where] = {}
    for key, where in items:
        if key in seen:
            first = seen[key].relative_to(where)
            raise where.error(f"{what} {shown(key)} appears twice (also at {first})")
        seen[key] = where


class Table:
    """One TOML table of a component file, read key by key with specs."""

    __slots__ = ("data", "where")

    def __init__(self, data: Mapping[str, object], where: Where) -> None:
        self.data = data
        self.where = where

    @classmethod
    def of(cls, data: Table | Mapping[str, object], file: str) -> Table:
        """``data`` as a table, placed at the top of ``file`` unless it is one already."""
        return data if isinstance(data, Table) else cls(data, Where(file))

    def value(self, key: str) -> Value:
        """The value under ``key`` (``MISSING`` if absent), placed at ``key``."""
        return Value(self.data.get(key, MISSING), self.where.at(key))

    def get(self, key: str, spec: Spec[T]) -> T:
        return self.value(key).read(spec)

    def table(self, key: str) -> Table:
        return self.get(key, TableSpec())

    def only(self, *keys: str) -> Table:
        """This table, after refusing any key other than ``keys`` (a misspelt key)."""
        for key in self.data:
            if key not in keys:
                raise self.where.at(key).error(
                    f"unknown key; the keys allowed here are {', '.join(keys)}"
                )
        return self

    def error(self, problem: str) -> ComponentError:
        return self.where.error(problem)

    def records(
        self,
        key: str,
        label: str,
        *,
        name: str | None = "name",
        count: int | None = None,
        noun: str = "",
    ) -> list[Table]:
        """The non-empty list of tables under ``key`` (``[[key]]`` sections).

        Each is placed as ``label n (its name)`` (``dancer 3 (Lady Julia)``),
        its name read from the key ``name`` when it has one. ``count``, if
        given, is how many there must be, said as ``there must be 6 {noun}``.
        """
        value = self.value(key)
        if not isinstance(value.raw, list) or not value.raw:
            raise value.wrong("a non-empty list of tables")
        tables = []
        for number, raw in enumerate(value.raw, 1):
            part = f"{label} {number}"
            if isinstance(raw, dict) and name is not None and isinstance(raw.get(name), str):
                part += f" ({raw[name]})"
            tables.append(Value(raw, self.where.at(part)).read(TableSpec()))
        if count is not None and len(tables) != count:
            raise value.where.error(f"there must be {count} {noun or label}, not {len(tables)}")
        return tables

    def build(self, make: Callable[..., T], fields: Mapping[str, Spec[Any]]) -> T:
        """``make(**values)`` from exactly the declared ``fields`` (``a-key`` -> ``a_key``)."""
        self.only(*fields)
        return make(**{key.replace("-", "_"): self.get(key, spec) for key, spec in fields.items()})

    def record(self, kind: type[T], specs: Mapping[str, Spec[Any]] | None = None) -> T:
        """A ``kind`` (a dataclass) read by its declared field types (``fields_of``);
        ``specs`` replaces the spec of a field of that name (``a_key``)."""
        fields = fields_of(kind)
        for name, spec in (specs or {}).items():
            fields[name.replace("_", "-")] = spec
        return self.build(kind, fields)

    def typed_records(
        self, key: str, label: str, kind: type[T], *, count: int | None = None
    ) -> tuple[T, ...]:
        """Every table under ``key`` read as a ``kind`` (``[[cards]]`` as ``Card``)."""
        fields = fields_of(kind)
        return tuple(entry.build(kind, fields) for entry in self.records(key, label, count=count))


@dataclass(frozen=True, slots=True)
class Record(Spec[T]):
    """A table read as the dataclass ``kind`` by its field types (a record inside a record);
    ``specs`` as in ``Table.record``."""

    kind: type[T]
    specs: Mapping[str, Spec[Any]] = dataclasses.field(default_factory=dict)

    def describe(self) -> str:
        return "a table giving " + ", ".join(fields_of(self.kind))

    def read(self, value: Value) -> T:
        return TableSpec().read(value).record(self.kind, self.specs)


@dataclass(frozen=True, slots=True)
class Tagged(Spec[T]):
    """A table whose first key names which record it is, one of ``kinds``: the key's value
    is the record's first field and the other keys its other fields, each read by its
    declared type (``{per = "male", vp = 2}`` as ``Per(what="male", vp=2)``). A record of
    no fields is written ``{nightfall = true}``.

    ``specs`` replaces the declared spec of a field of that name in any kind, for a value
    checked against names read elsewhere (a card's name among the cards' names).
    """

    kinds: Mapping[str, type[T]]
    specs: Mapping[str, Spec[Any]] = dataclasses.field(default_factory=dict)
    what: str = "operation"
    """What one record is, for messages: ``a table naming one operation: gain, draw``."""

    def describe(self) -> str:
        return f"a table naming one {self.what}: " + ", ".join(self.kinds)

    def read(self, value: Value) -> T:
        raw = value.raw
        tag = next(iter(raw), None) if isinstance(raw, dict) else None
        kind = None if tag is None else self.kinds.get(tag)
        if tag is None or kind is None:
            raise value.wrong(self.describe())
        table = Table(raw, value.where)  # type: ignore[arg-type]
        names = [field.name for field in dataclasses.fields(kind)]  # type: ignore[arg-type]
        if not names:
            table.only(tag).get(tag, Exactly(True))
            return kind()
        declared = fields_of(kind)
        specs = {name: self.specs.get(name) or declared[name.replace("_", "-")] for name in names}
        keys = {names[0]: tag, **{name: name.replace("_", "-") for name in names[1:]}}
        table.only(*keys.values())
        return kind(**{name: table.get(keys[name], specs[name]) for name in names})


def slug(name: str) -> str:
    """A name as one lower-case word for action texts: ``Elder's Seal`` -> ``elders-seal``
    (an apostrophe joins, any other mark separates)."""
    cleaned = "".join(ch.lower() if ch.isalnum() else (" " if ch != "'" else "") for ch in name)
    return "-".join(cleaned.split())


def numbered(name: str, count: int) -> tuple[str, ...]:
    """The action texts of ``count`` copies of the card ``name``: its slug for one copy,
    numbered from 1 for several (``old-sage-1``, ``old-sage-2``)."""
    base = slug(name)
    return (base,) if count == 1 else tuple(f"{base}-{n}" for n in range(1, count + 1))


def fields_of(kind: type[Any]) -> dict[str, Spec[Any]]:
    """The spec of each field of the dataclass ``kind``, keyed as its data file writes it
    (``a_key`` as ``a-key``); a field with a default may be left out."""
    found = _DECLARED.get(kind)
    if found is None:
        found = _DECLARED[kind] = _declared_fields(kind)
    return dict(found)


_DECLARED: dict[type[Any], dict[str, Spec[Any]]] = {}
"""Each record kind's field specs, worked out once (every record of a file asks)."""


def _declared_fields(kind: type[Any]) -> dict[str, Spec[Any]]:
    if not dataclasses.is_dataclass(kind):
        raise TypeError(f"{kind!r} is not a dataclass, so it declares no fields to read")
    hints = get_type_hints(kind, include_extras=True)
    fields: dict[str, Spec[Any]] = {}
    for field in dataclasses.fields(kind):
        spec = spec_of(hints[field.name])
        if field.default is not dataclasses.MISSING:
            spec = Default(spec, field.default)
        elif field.default_factory is not dataclasses.MISSING:
            spec = Default(spec, field.default_factory())
        fields[field.name.replace("_", "-")] = spec
    return fields


def spec_of(hint: Any) -> Spec[Any]:
    """The spec a declared type stands for: ``int`` any integer, ``str`` ``Text``, ``bool``
    ``Flag``, an enum ``EnumOf``, ``tuple[X, ...]`` a list of them, ``X | None`` ``X`` (with
    ``None`` its default), a dataclass a table, ``dict[str, Any]`` a table kept as data, and
    ``Annotated[X, spec]`` that spec."""
    origin = get_origin(hint)
    if origin is Annotated:
        spec = next((extra for extra in get_args(hint)[1:] if isinstance(extra, Spec)), None)
        return spec if spec is not None else spec_of(get_args(hint)[0])
    if origin in (Union, types.UnionType):
        inner = [arg for arg in get_args(hint) if arg is not type(None)]
        if len(inner) == 1:
            return spec_of(inner[0])
    if origin is tuple and len(get_args(hint)) == 2 and get_args(hint)[1] is Ellipsis:
        return ListOf(spec_of(get_args(hint)[0]))
    if origin in (dict, Mapping) and get_args(hint)[:1] == (str,):
        return Mapped()
    if hint is bool:
        return Flag()
    if hint is int:
        return Integer()
    if hint is str:
        return Text()
    if isinstance(hint, type) and issubclass(hint, Enum):
        return EnumOf(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return Record(hint)
    raise TypeError(f"no data file spec for a field of type {hint!r}; annotate it with one")


@dataclass(frozen=True, slots=True)
class DataFiles:
    """A game's component files: the shipped ones, each replaced by its namesake in ``override``.

    A file from ``override`` is named by its full path in messages, a
    shipped one by its name. A TOML file in ``override`` that the game does
    not ship is refused, so a misspelt file name is not silently ignored.
    """

    shipped: Path
    override: Path | None = None

    def __post_init__(self) -> None:
        if self.override is None:
            return
        if not self.override.is_dir():
            raise ComponentError(f"{self.override}: not a directory of component files")
        known = sorted(path.name for path in self.shipped.glob("*.toml"))
        for path in sorted(self.override.glob("*.toml")):
            if path.name not in known:
                raise ComponentError(
                    f"{path}: not a component file of this game; its files are {', '.join(known)}"
                )

    @classmethod
    def of_game(cls, game_id: str, shipped: Path) -> DataFiles:
        """The shipped files, overridden by ``$BALLROOM_DATA/<game_id>/`` where that exists."""
        return cls(shipped, user_directory(game_id))

    def path(self, name: str) -> Path:
        """Where ``name`` is read from."""
        if self.override is not None and (self.override / name).is_file():
            return self.override / name
        return self.shipped / name

    def read(self, name: str) -> Table:
        """The top table of ``name``, after checking that it begins by saying where it comes from."""
        path = self.path(name)
        label = name if path.parent == self.shipped else str(path)
        try:
            with path.open("rb") as handle:
                data = tomllib.load(handle)
        except OSError as error:
            raise ComponentError(f"{label}: cannot be read ({error.strerror or error})") from None
        except tomllib.TOMLDecodeError as error:
            raise ComponentError(f"{label} is not valid TOML: {error}") from None
        except UnicodeDecodeError:
            raise ComponentError(f"{label} is not UTF-8 text") from None
        root = Table(data, Where(label))
        if next(iter(data), None) != HEADER_KEY or not isinstance(data[HEADER_KEY], str):
            raise root.where.error(
                f'the file must begin with {HEADER_KEY} = "..." saying where its values come '
                "from (designed as a reconstruction, or typed in from the printed game)"
            )
        root.get(HEADER_KEY, Text())
        return root


def user_directory(game_id: str) -> Path | None:
    """``$BALLROOM_DATA/<game_id>/`` if the variable is set and that folder exists."""
    root = os.environ.get(DATA_VARIABLE)
    if not root:
        return None
    base = Path(root).expanduser()
    if not base.is_dir():
        raise ComponentError(
            f"{DATA_VARIABLE}={root} is not a directory; it must hold a folder per game "
            f"(named by game id, such as {game_id}) with the data files that replace the shipped ones"
        )
    folder = base / game_id
    return folder if folder.is_dir() else None
