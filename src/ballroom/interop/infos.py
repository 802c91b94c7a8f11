"""The PettingZoo environments' ``infos``: plain dicts to read, whose entries are made when
first read.

A learning loop reads the info of the agent it steps (``last()``), seldom the
others', and in an info mostly the action mask; making every agent's info, and
every entry's words, at every step cost the environment more than the game's
own step. So the infos of a step hold what they are made from (each seat's
legal actions and the events it had seen, neither of which changes afterwards),
and each agent's info is made on its first read, through whichever of the
dict's methods; within an info, likewise, the worded entries (the legal
actions' texts, the events' sentences, the masks per head). An entry read steps
later is still the one of its step, and the mapping reads, compares, copies and
pickles as the dict of made entries (a copy or a pickle is a plain ``dict``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Self, SupportsIndex

UNMADE: Any = object()
"""The value of an entry not read yet."""

_get = dict.__getitem__
_set = dict.__setitem__


class MadeWhenRead(dict[str, Any]):
    """A dict whose entries that hold ``UNMADE`` are each made when first read (see the
    module docstring), by ``made``: a function and what the entries are made from, its
    arguments before the entry's key.

    Built as a dict is, without a Python ``__init__`` (a step builds a few), then given
    its ``made``: a tuple costs less to build than a ``functools.partial``.
    """

    __slots__ = ("made",)

    made: tuple[Any, ...]

    if TYPE_CHECKING:  # dict's own, typed as making this class

        @classmethod
        def fromkeys(cls, keys: Iterable[str], value: Any = None, /) -> Self: ...  # type: ignore[override]

    def __getitem__(self, key: str) -> Any:
        value = _get(self, key)
        if value is UNMADE:
            make, *recipe = self.made
            value = make(*recipe, key)
            _set(self, key, value)
        return value

    def _make_all(self) -> MadeWhenRead:
        for key in list(dict.keys(self)):
            self[key]
        return self

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self:
            return default
        return self[key]

    def __iter__(self) -> Iterator[str]:
        """The keys, as a dict iterates; defined so that ``dict(infos)`` and ``{**infos}``
        read each entry through ``__getitem__`` instead of copying the recipes."""
        return dict.__iter__(self)

    def values(self) -> Any:
        return dict.values(self._make_all())

    def items(self) -> Any:
        return dict.items(self._make_all())

    def copy(self) -> dict[str, Any]:
        return dict(self)

    def pop(self, key: str, *default: Any) -> Any:
        if key in self:
            self[key]
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self._make_all())

    def setdefault(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else dict.setdefault(self, key, default)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MadeWhenRead):
            other._make_all()
        return dict.__eq__(self._make_all(), other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # a dict's, which defining __eq__ would otherwise hide

    def __or__(self, other: Any) -> Any:
        return dict(self) | other

    def __ror__(self, other: Any) -> Any:
        return other | dict(self)

    def __repr__(self) -> str:
        return repr(dict(self))

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[type[dict[str, Any]], tuple[Any]]:
        return dict, (dict(self),)
