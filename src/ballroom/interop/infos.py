"""The PettingZoo environments' ``infos``: a plain dict to read, each agent's info made when
first read.

A learning loop reads the info of the agent it steps (``last()``), seldom the
others'; making every agent's info at every step cost the environment more than
the game's own step. So the infos of a step hold what they are made from
(each seat's legal actions and the events it had seen, neither of which changes
afterwards), and each agent's info is made on its first read, through whichever
of the dict's methods. An info read steps later is still
the one of its step, and the mapping reads, compares, copies and pickles as the
dict of made infos (a copy or a pickle is a plain ``dict``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, SupportsIndex

Info = dict[str, Any]
_UNMADE: Any = object()
"""An entry not read yet."""


class Infos(dict[str, Info]):
    """``agents``' infos, each made by ``make(agent)`` when first read (see the module
    docstring): ``make`` holds what they are made from."""

    __slots__ = ("_make",)

    def __init__(self, agents: Iterable[str], make: Callable[[str], Info]) -> None:
        super().__init__(dict.fromkeys(agents, _UNMADE))
        self._make = make

    def __getitem__(self, agent: str) -> Info:
        info: Info = dict.__getitem__(self, agent)
        if info is _UNMADE:
            info = self._make(agent)
            dict.__setitem__(self, agent, info)
        return info

    def _make_all(self) -> Infos:
        for agent in list(dict.keys(self)):
            self[agent]
        return self

    def get(self, agent: str, default: Any = None) -> Any:
        if agent not in self:
            return default
        return self[agent]

    def __iter__(self) -> Iterator[str]:
        """The agents, as a dict iterates; defined so that ``dict(infos)`` and ``{**infos}``
        read each info through ``__getitem__`` instead of copying the recipes."""
        return dict.__iter__(self)

    def values(self) -> Any:
        return dict.values(self._make_all())

    def items(self) -> Any:
        return dict.items(self._make_all())

    def copy(self) -> dict[str, Info]:
        return dict(self)

    def pop(self, agent: str, *default: Any) -> Any:
        if agent in self:
            self[agent]
        return dict.pop(self, agent, *default)

    def popitem(self) -> tuple[str, Info]:
        return dict.popitem(self._make_all())

    def setdefault(self, agent: str, default: Any = None) -> Any:
        return self[agent] if agent in self else dict.setdefault(self, agent, default)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Infos):
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

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[type[dict[str, Info]], tuple[Info]]:
        return dict, (dict(self),)
