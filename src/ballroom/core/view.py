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
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar, Union, get_args, get_origin, get_type_hints

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
        return {
            "seat": self.seat,
            "step": self.step.to_json(),
            "zones": self.zones.to_json(),
            "public": to_json(self.public),
            "private": None if self.private is None else to_json(self.private),
        }

    @classmethod
    def from_observation(
        cls, observation: Observation, steps: type[N], public: type[P], private: type[Q]
    ) -> View[N, P, Q]:
        """Read back an observation written by ``to_observation``."""
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


def to_json(value: Any) -> Any:
    """A part (or any field of one) as plain JSON values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(to_json(item) for item in value)
    if isinstance(value, Mapping):
        return {str(to_json(key)): to_json(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise ViewError(f"a view part holds {value!r}, which has no JSON form")


def from_json(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` that ``to_json`` wrote as ``data``."""
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return None
        (inner,) = (option for option in options if option is not type(None))
        return from_json(inner, data)
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item) for item in data)
        return tuple(from_json(arg, item) for arg, item in zip(args, data, strict=True))
    if origin is frozenset:
        return frozenset(from_json(get_args(kind)[0], item) for item in data)
    if origin in (dict, Mapping) or kind is Mapping:
        key, item = get_args(kind)
        return {_key_from_json(key, k): from_json(item, v) for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = get_type_hints(kind)
        fields = {f.name: from_json(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)}
        return kind(**fields)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if kind in (int, str, bool) or kind is float:
        return kind(data)
    raise ViewError(f"a view part declares a field of type {kind!r}, which has no JSON form")


def _key_from_json(kind: Any, text: str) -> Any:
    """A mapping's key, which JSON wrote as text (an enum by its value's text)."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        for member in kind:
            if str(member.value) == text:
                return member
        raise ViewError(f"{text!r} is not a {kind.__name__}")
    return from_json(kind, text)
