"""Copying a state for search: share what cannot change, copy what can.

Search and the adapters copy a state at every node, so a copy must cost little.
A state's fields are mostly values: numbers, strings, enums, and tuples and
frozen records of them (the zones, the step, the agenda). Those are shared
between a state and its copy; lists, dicts and sets are copied at every depth,
and whatever else a game keeps is copied deeply, so a copy is always
independent. A frozen record is taken at its word: it holds values. A field
the state's class annotates as a value (``turn: int``, ``blood: tuple[int,
...]``, ``boost: Boost`` for a frozen ``Boost``) is shared without a look.
"""

from __future__ import annotations

import copy
import sys
import types
import typing
from enum import Enum
from typing import Any, TypeVar

ATOMS = (int, float, str, bytes, type(None), Enum, range)
"""Values that no move changes in place."""


_FROZEN: dict[type, bool] = {}
_VALUE_FIELDS: dict[type, frozenset[str]] = {}


def frozen_record(kind: type) -> bool:
    """Whether ``kind`` is a dataclass declared frozen, or a class declared a value
    (``value_class``)."""
    known = _FROZEN.get(kind)
    if known is None:
        params = getattr(kind, "__dataclass_params__", None)
        known = _FROZEN[kind] = bool(params is not None and params.frozen)
    return known


Kind = TypeVar("Kind", bound=type)


def value_class(kind: Kind) -> Kind:
    """Declares ``kind`` a value, shared by copies as a frozen record is: a class made so
    often (a move makes several) that it is a plain class with slots, never changed once
    made, rather than a frozen dataclass, whose every field is set through a call."""
    _FROZEN[kind] = True
    return kind


def copied(value: Any) -> Any:
    """``value`` for an independent copy of a state: itself where it is a value, else a copy."""
    if isinstance(value, ATOMS):
        return value
    kind = type(value)
    if kind is tuple or kind is frozenset:
        try:
            hash(value)  # only values inside: a list or a dict has no hash
        except TypeError:
            return kind(copied(inner) for inner in value)
        return value
    if kind is list:
        return [copied(inner) for inner in value]
    if kind is dict:
        return {key: copied(inner) for key, inner in value.items()}
    if kind is set:
        return set(value)
    if frozen_record(kind):
        return value
    return copy.deepcopy(value)


def value_fields(kind: type) -> frozenset[str]:
    """The fields ``kind`` (a state class) annotates with a value type, so that a copy
    shares them without looking; an annotation that cannot be read is looked at instead."""
    known = _VALUE_FIELDS.get(kind)
    if known is None:
        known = _VALUE_FIELDS[kind] = _annotated_values(kind)
    return known


def _annotated_values(kind: type) -> frozenset[str]:
    found: set[str] = set()
    for owner in reversed(kind.__mro__):
        namespace = vars(sys.modules[owner.__module__])
        for name, annotation in vars(owner).get("__annotations__", {}).items():
            try:
                hint = eval(annotation, namespace) if isinstance(annotation, str) else annotation
            except (NameError, AttributeError, TypeError, SyntaxError):  # only for type checkers
                found.discard(name)
                continue
            if value_type(hint):
                found.add(name)
            else:
                found.discard(name)
    return frozenset(found)


def value_type(hint: Any) -> bool:
    """Whether every value of type ``hint`` is a value (see the module's docstring)."""
    if hint in (int, float, str, bool, bytes, type(None), None):
        return True
    origin = typing.get_origin(hint)
    if origin is typing.ClassVar:
        return False
    if origin in (typing.Union, types.UnionType):
        return all(value_type(arg) for arg in typing.get_args(hint))
    if origin in (tuple, frozenset):
        return all(arg is Ellipsis or value_type(arg) for arg in typing.get_args(hint))
    kind = origin if isinstance(origin, type) else hint
    return isinstance(kind, type) and (issubclass(kind, Enum) or frozen_record(kind))
