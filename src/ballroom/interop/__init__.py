"""Standard AI interfaces: PettingZoo environments and OpenSpiel games.

``ballroom.interop.pettingzoo.env("dancing-dice", players=2)`` gives an AEC
environment (``parallel_env`` a Parallel one) and importing ``ballroom.interop.openspiel`` registers every game
with ``pyspiel`` as ``python_ballroom_<id>``. Both cover every registered game
that declares a tensor encoding (``Game.encode_observation``); a game without
one raises ``NoEncodingError`` and shows up in ``encoding_report()``.

Games cut off past a turn cap (``max_turns``, by default ``Game.turn_cap``)
end *truncated*: no winner, rewards of 0 (The Dance's RULINGS 16). PettingZoo
says so with ``truncations``, Gymnasium with ``truncated``; OpenSpiel, which
has no such flag, ends the game with every return 0.

This package imports no optional dependency itself: the adapters need the
``rl`` extra (``pip install 'ballroom[rl]'``) and say so when it is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from ballroom.core.errors import BallroomError, InvalidOptionError
from ballroom.core.events import Event
from ballroom.core.game import Game, games


class MissingExtraError(ImportError):
    """An adapter's optional dependency is not installed."""


class NoEncodingError(BallroomError):
    """A game that declares no tensor encoding, so RL adapters cannot serve it."""


def missing_extra(error: ImportError) -> MissingExtraError:
    """The error an adapter raises when its optional dependency failed to import."""
    return MissingExtraError(
        f"ballroom's RL adapters need {error.name or 'a package'!r}, which is not installed; "
        "install them with: pip install 'ballroom[rl]'"
    )


def has_encoding(game: type[Game]) -> bool:
    """Whether ``game`` overrides ``Game.encode_observation``."""
    return game.encode_observation is not Game.encode_observation


def encoding_report() -> dict[str, bool]:
    """Every registered game id, and whether the RL adapters can serve it."""
    return {game.id: has_encoding(game) for game in games()}


def check_encodable(game: Game) -> None:
    """Raise ``NoEncodingError`` unless ``game`` has a tensor encoding."""
    if not has_encoding(type(game)):
        served = ", ".join(g for g, ok in encoding_report().items() if ok) or "none"
        raise NoEncodingError(
            f"{game.name} ({game.id!r}) declares no tensor encoding "
            "(Game.observation_shape / encode_observation), so the RL adapters cannot serve it; "
            f"games they serve: {served}"
        )


class Words(Sequence[str]):
    """Texts each worded when first read (``infos["raw_legal_actions"]`` and
    ``infos["events"]``): a learning loop that never reads them never pays for
    their words. It reads as a list of strings and equals one with the same texts."""

    __slots__ = ("_items", "_word")

    def __init__(self, items: Sequence[Any], word: Callable[[Any], str]) -> None:
        self._items = items if isinstance(items, tuple | range) else tuple(items)
        self._word = word

    @classmethod
    def of_events(cls, events: Sequence[Event]) -> Words:
        """The sentences of ``events``."""
        return cls(events, _sentence)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self._word(item) for item in self._items[index]]
        return self._word(self._items[index])

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[str]:
        return map(self._word, self._items)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


def _sentence(event: Event) -> str:
    return event.text


def check_max_turns(game: Game, max_turns: int | None) -> int | None:
    """The turn cap an adapter applies: ``max_turns``, else the game's own ``turn_cap``."""
    if max_turns is None:
        return game.turn_cap
    if not isinstance(max_turns, int) or max_turns < 1:
        raise InvalidOptionError(
            f"max_turns must be a whole number of turns, at least 1, not {max_turns!r}"
        )
    return max_turns
