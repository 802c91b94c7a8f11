"""``Term``: the base of a game's rulebook terms as enums (steps, tasks, decks, Skills).

Each member is one object, equal only to itself, so it hashes by identity: the rules look
terms up in tables at every move, and ``Enum``'s own hash is Python code.
"""

from __future__ import annotations

from enum import Enum


class Term(Enum):
    """A rulebook term: an enum whose members hash by identity (see the module)."""

    __hash__ = object.__hash__
