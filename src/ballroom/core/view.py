"""Typed views: what one seat may see, apart from the state's internals.

A ``View`` is the step due now, the zones as the seat sees them (with its
memory), a public part everyone sees alike, and the seat's private part
(``None`` for a spectator). The parts are the game's own frozen dataclasses
of plain fields (numbers, text, enums, tuples, mappings, nested parts);
``to_json`` and ``from_json`` convert them by their declared types.

``View.to_observation`` gives the JSON observation that ``State.observation``
returns, and ``View.from_observation`` reads one back, so that
``determinize`` can work from what a seat received, and nothing else.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Generic, TypeVar, Union, cast, get_args, get_origin, get_type_hints

import msgspec

from ballroom.core.errors import ViewError
from ballroom.core.flow import Step
from ballroom.core.state import Observation
from ballroom.core.zones import ZonesView

N = TypeVar("N", bound=Enum)
P = TypeVar("P")
Q = TypeVar("Q")


@dataclass(frozen=True, slots=True)
class View(Generic[N, P, Q]):
    """One seat's view: the step due, its zones, the public part and its private part."""

    seat: int | None
    step: Step[N]
    zones: ZonesView
    public: P
    private: Q | None

    def to_observation(self) -> Observation:
        """The JSON observation ``State.observation`` returns."""
        observation = {
            "seat": self.seat,
            "step": self.step.to_json(),
            "zones": self.zones.to_json(),
            "public": _public_json(self.public),
            "private": None if self.private is None else to_json(self.private),
        }
        _WRITTEN[0] = (observation, self)
        return observation

    @classmethod
    def from_observation(
        cls, observation: Observation, steps: type[N], public: type[P], private: type[Q]
    ) -> View[N, P, Q]:
        """Read back an observation written by ``to_observation``: the very view it was
        written from when it is the last one written (a bot reads the observation it was
        just handed; the view it reads back equals that view, and is a value)."""
        last, view = _WRITTEN[0]
        if (
            last is observation
            and type(view.public) is public
            and (view.private is None or type(view.private) is private)
            and isinstance(view.step.name, steps)
        ):
            return cast("View[N, P, Q]", view)
        try:
            seat = observation["seat"]
            mine = observation["private"]
            return cls(
                seat=seat,
                step=Step.from_json(steps, observation["step"]),
                zones=ZonesView.from_json(seat, observation["zones"]),
                public=from_json(public, observation["public"]),
                private=None if mine is None else from_json(private, mine),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ViewError(f"not a view of this game: {error!r}") from None


_WRITTEN: list[tuple[Observation | None, View[Any, Any, Any]]] = [(None, cast(Any, None))]
"""The last observation ``to_observation`` wrote and the view it wrote it from. Kept by
identity, as ``read_once`` keeps what it read: an observation is not changed once handed out."""


def to_json(value: Any) -> Any:
    """A part (or any field of one) as plain JSON values: dataclasses as objects, enums by
    value, tuples as lists, sets sorted, mapping keys as text.

    msgspec does it in C (into builtins, then through its JSON codec so that
    tuples come back as lists): every seat's observation is written after
    every action, and a server pays for it on every move.
    """
    try:
        return _DECODE(_ENCODE(msgspec.to_builtins(value, str_keys=True, order="deterministic")))
    except TypeError as error:
        raise ViewError(f"a view part holds a value with no JSON form: {error}") from None


def _public_json(part: Any) -> Any:
    """``to_json(part)``, encoded once for a part shown to every seat alike (a state that
    keeps its public part until it moves hands the same one to each seat's view)."""
    last, encoded = _PUBLIC[0]
    if last is not part:
        try:
            encoded = _ENCODE(msgspec.to_builtins(part, str_keys=True, order="deterministic"))
        except TypeError as error:
            raise ViewError(f"a view part holds a value with no JSON form: {error}") from None
        _PUBLIC[0] = (part, encoded)
    return _DECODE(encoded)


_PUBLIC: list[tuple[object, bytes]] = [(None, b"")]
"""The last public part written and its JSON text."""

_ENCODE = msgspec.json.Encoder().encode
_DECODE = msgspec.json.Decoder().decode
_PLAIN = frozenset({int, str, bool, float})


def from_json(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` that ``to_json`` wrote as ``data``."""
    return _reader(kind)(data)


Reader = Callable[[Any], Any]


@cache
def _reader(kind: Any) -> Reader:
    """How to read a value of type ``kind`` from JSON, worked out once per type."""
    if kind in _PLAIN:
        return cast(Reader, kind)
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        options = get_args(kind)
        (inner,) = (option for option in options if option is not type(None))
        read = _reader(inner)
        if type(None) not in options:
            return read
        return lambda data: None if data is None else read(data)
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])
            return lambda data: tuple(map(item, data))
        items = tuple(_reader(arg) for arg in args)
        return lambda data: tuple(read(x) for read, x in zip(items, data, strict=True))
    if origin is frozenset:
        member = _reader(get_args(kind)[0])
        return lambda data: frozenset(map(member, data))
    if origin in (dict, Mapping) or kind is Mapping:
        key_kind, item_kind = get_args(kind)
        key, item = _key_reader(key_kind), _reader(item_kind)
        return lambda data: {key(k): item(v) for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = get_type_hints(kind)
        fields = tuple((f.name, _reader(hints[f.name])) for f in dataclasses.fields(kind))
        part: Callable[..., Any] = kind
        return lambda data: part(**{name: read(data[name]) for name, read in fields})
    if isinstance(kind, type) and issubclass(kind, Enum):
        return cast(Reader, kind)
    raise ViewError(f"a view part declares a field of type {kind!r}, which has no JSON form")


def _key_reader(kind: Any) -> Reader:
    """How to read a mapping's key, which JSON wrote as text (an enum by its value's text)."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        members = {str(member.value): member for member in kind}

        def member(text: str) -> Any:
            try:
                return members[text]
            except KeyError:
                raise ViewError(f"{text!r} is not a {kind.__name__}") from None

        return member
    return _reader(kind)


V = TypeVar("V")


def read_once(read: Callable[[Observation], V]) -> Callable[[Observation], V]:
    """``read``, remembering the last observation it read: a menu words every legal move
    from one observation, and reads it once rather than once a move. The observation
    is recognised by identity (it is not copied, and must not change once read)."""
    last: list[tuple[Observation, V]] = []

    def remembered(observation: Observation) -> V:
        if last and last[0][0] is observation:
            return last[0][1]
        view = read(observation)
        last[:] = [(observation, view)]
        return view

    return remembered
