"""A view part declared once, copied from the state and back.

A game's public part (and a seat's private part) is a frozen dataclass whose
fields are named as the state's attributes. ``part_of`` builds it from the
state (lists become tuples, dicts and sets are copied, so the view never
shares what the state will change), and ``restore`` sets its fields back on a
state that ``determinize`` deals, in the form the state holds them (a list
where it holds a list). The declaration is the dataclass: no field is copied
by hand in either direction.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

P = TypeVar("P")


def part_of(
    kind: type[P],
    state: object,
    *,
    frozen: bool = False,
    worked_out: Mapping[str, Any] | None = None,
) -> P:
    """The view part ``kind`` with each field read from ``state``'s attribute of its name.

    ``frozen``: the state holds these fields as immutable values already (numbers,
    tuples, frozen records), so they are taken as they are, not copied. ``worked_out``
    gives the fields the state does not hold, worked out from those it does (who
    controls a district)."""
    given = worked_out or {}
    values = {
        name: given[name]
        if name in given
        else (getattr(state, name) if frozen else freeze(getattr(state, name)))
        for name in field_names(kind)
    }
    return kind(**values)


def field_names(kind: type[Any]) -> tuple[str, ...]:
    """The fields of the view part ``kind``, in order, worked out once per kind."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in dataclasses.fields(kind))
    return names


_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def restore(state: object, part: object, kind: type[Any] | None = None) -> None:
    """Set each field of the view part ``part`` back on ``state``, as the state holds it;
    with ``kind``, only the fields ``kind`` declares (a part that also shows values worked
    out from them)."""
    for name in field_names(kind or type(part)):
        setattr(state, name, thaw(getattr(part, name), getattr(state, name, None)))


def freeze(value: Any) -> Any:
    """``value`` with no part the state may change later: lists as tuples, sets frozen
    (a tuple that hashes, so holds nothing that changes, is itself)."""
    if isinstance(value, tuple):
        try:
            hash(value)
        except TypeError:
            return tuple([freeze(item) for item in value])
        return value
    if isinstance(value, list):
        return tuple([freeze(item) for item in value])
    if isinstance(value, dict):
        return {key: freeze(item) for key, item in value.items()}
    if isinstance(value, set):
        return frozenset(value)
    return value


def thaw(value: Any, like: Any) -> Any:
    """``value`` in the form of ``like`` (the state's own value of the field): a list where
    it holds a list (of lists, where it holds those), a dict or a set likewise."""
    if isinstance(like, list):
        inner = like[0] if like else None
        return [thaw(item, inner) for item in value]
    if isinstance(like, dict):
        inner = next(iter(like.values()), None)
        return {key: thaw(item, inner) for key, item in value.items()}
    if isinstance(like, set):
        return set(value)
    return value
