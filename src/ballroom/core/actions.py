"""Actions as named families with typed parameters, and their three encodings.

A game declares its action families once (``step`` with a direction,
``influence`` with a Dancer and a Domain, ``pass`` with nothing); the
``ActionCodec`` built from them gives every (family, parameters) pair

- a dense, stable integer id (families in declared order, each family's
  parameters as the digits of a mixed-radix number): what RL and search use;
- a stable text form that parses back (``influence lady-julia confidence``):
  what records, the terminal and people use; text that names no action is
  refused with what is allowed;
- a structured form, the family's name and each parameter's text by name,
  JSON-ready: what a web client renders without parsing text or knowing a
  rule (``catalog`` describes every family for it).

The ids stay stable as long as the declaration does: add families and
values at the end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import chain
from typing import Any, Generic, TypeVar, overload

from ballroom.core.errors import IllegalActionError, allowed_list

T = TypeVar("T")
E = TypeVar("E", bound=Enum)


@dataclass(frozen=True, slots=True)
class Param(Generic[T]):
    """One typed parameter: its name and the values it takes, each with its text form.

    Texts are non-empty and unique; they may hold spaces (a set of dice,
    ``0 3``), and parsing tries the shortest match first.
    """

    name: str
    values: tuple[T, ...]
    texts: tuple[str, ...]
    doc: str = ""
    _index: dict[T, int] = field(init=False, repr=False, compare=False, hash=False)
    _parse: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if len(self.values) != len(self.texts) or not self.values:
            raise ValueError(f"parameter {self.name}: one text for each of at least one value")
        bad = [t for t in self.texts if not t or t != t.strip()]
        if bad or len(set(self.texts)) != len(self.texts):
            raise ValueError(f"parameter {self.name}: texts must be unique and trimmed: {bad}")
        object.__setattr__(self, "_index", {v: i for i, v in enumerate(self.values)})
        object.__setattr__(self, "_parse", {t: i for i, t in enumerate(self.texts)})
        object.__setattr__(self, "_hash", hash((self.name, self.values, self.texts, self.doc)))

    def __hash__(self) -> int:
        """Worked out once: every action's hash and every id asks for it."""
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Param):
            return NotImplemented
        return self._hash == other._hash and (
            self.name,
            self.values,
            self.texts,
            self.doc,
        ) == (other.name, other.values, other.texts, other.doc)

    @classmethod
    def of_enum(cls, name: str, kind: type[E], doc: str = "") -> Param[E]:
        """Every member of ``kind``; text: the member's string value, else its lowered name."""
        members = tuple(kind)
        texts = tuple(
            m.value if isinstance(m.value, str) else m.name.lower().replace("_", "-")
            for m in members
        )
        return Param(name, members, texts, doc)

    @classmethod
    def of_range(cls, name: str, low: int, high: int, doc: str = "") -> Param[int]:
        """The integers ``low..high``."""
        numbers = tuple(range(low, high + 1))
        return Param(name, numbers, tuple(map(str, numbers)), doc)

    @classmethod
    def of_names(cls, name: str, names: Sequence[str], doc: str = "") -> Param[int]:
        """Component indexes, written by their names (``lady-julia`` is Dancer 3)."""
        return Param(name, tuple(range(len(names))), tuple(names), doc)

    @classmethod
    def of_texts(cls, name: str, texts: Sequence[str], doc: str = "") -> Param[str]:
        """Plain words, each its own value."""
        return Param(name, tuple(texts), tuple(texts), doc)

    def __len__(self) -> int:
        return len(self.values)

    def index(self, value: T) -> int:
        try:
            return self._index[value]
        except KeyError:
            raise IllegalActionError(
                f"{value!r} is not a {self.name}; allowed: {allowed_list(list(self.texts))}"
            ) from None

    def text(self, value: T) -> str:
        return self.texts[self.index(value)]

    def lookup(self, text: str) -> int | None:
        """The index of the value written ``text``, if any."""
        return self._parse.get(text)


@dataclass(frozen=True, slots=True)
class Family:
    """A named kind of action and its parameters, in the order its text writes them."""

    name: str
    params: tuple[Param[Any], ...] = ()
    doc: str = ""
    _hash: int = field(init=False, repr=False, compare=False, hash=False)
    _made: dict[tuple[Any, ...], Action] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )
    """Each action this family made, by its values: a game lists its legal moves afresh
    at every decision, mostly the same ones, and an action is a value."""
    places: Mapping[str, int] = field(init=False, repr=False, compare=False, hash=False)
    """Each parameter's place among the values, by its name (a game's rules read an
    action's values by name)."""

    def __post_init__(self) -> None:
        if not self.name or " " in self.name:
            raise ValueError(f"a family name is one word, not {self.name!r}")
        object.__setattr__(self, "_hash", hash((self.name, self.params, self.doc)))
        places = {param.name: place for place, param in reversed(list(enumerate(self.params)))}
        object.__setattr__(self, "places", places)

    def __hash__(self) -> int:
        """Worked out once: every action's hash asks for it."""
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Family):
            return NotImplemented
        return self._hash == other._hash and (self.name, self.params, self.doc) == (
            other.name,
            other.params,
            other.doc,
        )

    @property
    def size(self) -> int:
        return math.prod(len(param) for param in self.params)

    def __call__(self, *values: Any) -> Action:
        """The action of this family with ``values``, one per parameter."""
        made = self._made.get(values)
        if made is not None:
            return made
        if len(values) != len(self.params):
            raise IllegalActionError(f"{self.name} takes {self.usage()}, not {values!r}")
        number = 0
        for param, value in zip(self.params, values, strict=True):
            number = number * len(param.values) + param.index(value)
        made = self._made[values] = Action(self, values, number)
        return made

    def usage(self) -> str:
        """How its text is written: ``influence <target> <domain>``."""
        return " ".join([self.name, *(f"<{param.name}>" for param in self.params)])

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.name,
            "doc": self.doc,
            "params": [
                {"name": param.name, "doc": param.doc, "values": list(param.texts)}
                for param in self.params
            ],
        }


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its family and a value for each parameter."""

    family: Family
    values: tuple[Any, ...] = ()
    number: int = field(default=-1, compare=False, hash=False, repr=False)
    """Its place in its family (the values' indexes as mixed-radix digits), known when the
    family made it, so that its id costs an addition; -1 when not yet worked out."""

    def __getitem__(self, name: str) -> Any:
        place = self.family.places.get(name)
        if place is None:
            raise KeyError(f"{self.family.name} has no parameter {name!r}")
        return self.values[place]

    def __str__(self) -> str:
        texts = (p.text(v) for p, v in zip(self.family.params, self.values, strict=True))
        return " ".join([self.family.name, *texts])

    def to_json(self) -> dict[str, Any]:
        """The structured form: the family's name and each parameter's text by name."""
        return {
            "family": self.family.name,
            "params": {
                p.name: p.text(v) for p, v in zip(self.family.params, self.values, strict=True)
            },
        }


class _Decoded(dict[int, Action]):
    """A codec's actions by id, each decoded at its first reading and then remembered."""

    __slots__ = ("_codec",)

    def __init__(self, codec: ActionCodec) -> None:
        super().__init__()
        self._codec = codec

    def __missing__(self, action_id: int) -> Action:
        action = self[action_id] = self._codec._decode(action_id)
        return action


class Offer(Sequence[Action]):
    """A seat's choices as parts the rules make once and offer again (an agent's
    abilities, a district's moves), each a tuple: encoded a part at a time, each part's
    ids kept (``DeclaredGame.encode_offered``), where a list is encoded action by action
    at every decision."""

    __slots__ = ("parts",)

    def __init__(self, parts: Iterable[tuple[Action, ...]] = ()) -> None:
        self.parts = list(parts)

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self.parts)

    def __len__(self) -> int:
        return sum(map(len, self.parts))

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return tuple(self)[index]

    def __repr__(self) -> str:
        return f"Offer({self.parts!r})"


class ActionCodec:
    """The ids, texts and structured forms of a game's declared action families."""

    def __init__(self, families: Iterable[Family]) -> None:
        self.families = tuple(families)
        self._by_name: dict[str, Family] = {}
        self._offset: dict[str, int] = {}
        total = 0
        for family in self.families:
            if family.name in self._by_name:
                raise ValueError(f"action family {family.name!r} is declared twice")
            self._by_name[family.name] = family
            self._offset[family.name] = total
            total += family.size
        self.size = total
        self.decoded: Mapping[int, Action] = _Decoded(self)
        """Each id's action (``decode``), as a mapping read in C: applying an action reads it."""

    def family(self, name: str) -> Family:
        try:
            return self._by_name[name]
        except KeyError:
            raise IllegalActionError(
                f"unknown action {name!r}; allowed: {allowed_list(list(self._by_name))}"
            ) from None

    # -- ids ----------------------------------------------------------------

    def encode(self, action: Action) -> int:
        family = action.family
        offset = self._offset.get(family.name)
        if offset is None or (
            self._by_name[family.name] is not family and self._by_name[family.name] != family
        ):
            raise IllegalActionError(f"{family.name!r} is not a family of this game")
        number = action.number
        if number < 0:
            number = 0
            for param, value in zip(family.params, action.values, strict=True):
                number = number * len(param.values) + param.index(value)
        return offset + number

    def ids(self, family: Family) -> range:
        """Every id of ``family``, in order."""
        if self._by_name.get(family.name) != family:
            raise IllegalActionError(f"{family.name!r} is not a family of this game")
        offset = self._offset[family.name]
        return range(offset, offset + family.size)

    def decode(self, action_id: int) -> Action:
        """The action an id names (each decoded once, then remembered)."""
        return self.decoded[action_id]

    def _decode(self, action_id: int) -> Action:
        if not 0 <= action_id < self.size:
            raise IllegalActionError(
                f"action #{action_id} does not exist; ids are 0..{self.size - 1}"
            )
        for family in reversed(self.families):
            offset = self._offset[family.name]
            if action_id >= offset:
                number = rest = action_id - offset
                values: list[Any] = []
                for param in reversed(family.params):
                    rest, digit = divmod(rest, len(param))
                    values.append(param.values[digit])
                return Action(family, tuple(reversed(values)), number)
        raise AssertionError("unreachable: the id is in range")

    # -- text ---------------------------------------------------------------

    def to_text(self, action_id: int) -> str:
        return str(self.decode(action_id))

    def parse(self, text: str) -> int:
        """The id ``text`` names, or an error saying what is allowed."""
        return self.encode(self.parse_action(text))

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise IllegalActionError(
                f"an action is needed; allowed: {allowed_list(list(self._by_name))}"
            )
        family = self.family(words[0])
        found = _parse_values(family.params, words[1:])
        if isinstance(found, str):
            raise IllegalActionError(f"{text.strip()!r}: {found}")
        return Action(family, found)

    # -- structured form ----------------------------------------------------

    def to_json(self, action_id: int) -> dict[str, Any]:
        """The structured form of an id, with the id and text alongside."""
        action = self.decode(action_id)
        return {"id": action_id, "text": str(action), **action.to_json()}

    def from_json(self, data: Mapping[str, Any]) -> int:
        """The id of a structured form (``{"family": ..., "params": {...}}``)."""
        family = self.family(str(data.get("family")))
        given = data.get("params", {})
        if not isinstance(given, Mapping) or set(given) != {p.name for p in family.params}:
            raise IllegalActionError(f"{family.name} takes parameters {family.usage()}")
        values: list[Any] = []
        for param in family.params:
            index = param.lookup(str(given[param.name]))
            if index is None:
                raise IllegalActionError(
                    f"{given[param.name]!r} is not a {param.name}; "
                    f"allowed: {allowed_list(list(param.texts))}"
                )
            values.append(param.values[index])
        return self.encode(Action(family, tuple(values)))

    def catalog(self) -> list[dict[str, Any]]:
        """Every family with its parameters and their values, for a client to render."""
        return [family.to_json() for family in self.families]


def _parse_values(params: Sequence[Param[Any]], words: Sequence[str]) -> tuple[Any, ...] | str:
    """The values ``words`` give ``params`` in order, or why they do not."""
    if not params:
        return () if not words else f"too many words: {' '.join(words)!r}"
    param = params[0]
    if not words:
        return f"missing <{param.name}>; allowed: {allowed_list(list(param.texts))}"
    first_error = ""
    for take in range(1, len(words) + 1):
        index = param.lookup(" ".join(words[:take]))
        if index is None:
            continue
        rest = _parse_values(params[1:], words[take:])
        if not isinstance(rest, str):
            return (param.values[index], *rest)
        first_error = first_error or rest
    return first_error or (
        f"{words[0]!r} is not a {param.name}; allowed: {allowed_list(list(param.texts))}"
    )
