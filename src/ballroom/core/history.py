"""A game's history: the ``(player, action)`` pairs taken so far, shared with its copies.

A history only grows, so a copy of a state need not copy what was taken
before it: ``fork`` freezes the entries taken since the last fork into a
chunk (a tuple) that both histories share, and each goes on appending to a
list of its own. A chunk is merged into the one before it while it is at
least half that one's size, so each chunk is more than twice the next: a
history of ``n`` entries keeps at most about ``log2(n)`` chunks, and copies
each entry about that many times in all.
Copying a state deep in a long game then costs what copying one at its start
does, which search and the lab's copies of long games need.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import overload

SHORT_TAIL = 64
"""A tail shorter than this is copied by ``fork`` rather than frozen: cheaper, for short games."""

Entry = tuple[int, int]
"""One action taken: ``(player, action)``, the player ``CHANCE`` for a draw."""


class History(Sequence[Entry]):
    """The ``(player, action)`` pairs taken so far, oldest first; see the module docstring."""

    __slots__ = ("_chunks", "_frozen", "_tail")

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._chunks: tuple[tuple[Entry, ...], ...] = ()
        """Entries taken before the last fork, shared with the histories forked from this one."""
        self._frozen = 0
        """How many entries the chunks hold (a state asks its history's length at every move)."""
        self._tail: list[Entry] = list(entries)
        """Entries taken since the last fork: this history's own."""

    def append(self, entry: Entry) -> None:
        self._tail.append(entry)

    def extend(self, entries: Iterable[Entry]) -> None:
        self._tail.extend(entries)

    def fork(self) -> History:
        """An independent history with the same entries, sharing those taken so far."""
        twin = History.__new__(History)
        if len(self._tail) < SHORT_TAIL:
            twin._chunks, twin._frozen, twin._tail = self._chunks, self._frozen, self._tail[:]
            return twin
        self._freeze()
        twin._chunks, twin._frozen, twin._tail = self._chunks, self._frozen, []
        return twin

    def _freeze(self) -> None:
        """Move the tail into the shared chunks, merging the last two while the newer is
        at least half the older."""
        chunks = [*self._chunks, tuple(self._tail)]
        while len(chunks) > 1 and 2 * len(chunks[-1]) >= len(chunks[-2]):
            newer = chunks.pop()
            chunks[-1] += newer
        self._chunks = tuple(chunks)
        self._frozen += len(self._tail)
        self._tail = []

    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    def __iter__(self) -> Iterator[Entry]:
        return chain(*self._chunks, self._tail)

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if isinstance(index, int) and index < 0 and -index <= len(self._tail):
            return self._tail[index]  # the latest entries, read without gathering the rest
        return list(self)[index]

    def __eq__(self, other: object) -> bool:
        """Equal to a history or a list with the same entries in the same order."""
        if isinstance(other, History):
            return list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list is

    def __repr__(self) -> str:
        return f"History({list(self)!r})"
