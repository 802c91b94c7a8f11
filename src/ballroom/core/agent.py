"""The contract between the engine and anything that chooses actions.

Bots get a ``Decision``: their seat's observation and legal actions, never
the state itself, so a bot cannot cheat by reading what its seat cannot see.
Seat specs such as ``mcts:iterations=2000`` name a bot and its parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ballroom.core.errors import InvalidOptionError

if TYPE_CHECKING:
    from ballroom.core.game import Game
    from ballroom.core.state import Observation


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat knows when it must choose, and nothing that leads elsewhere.

    The observation is built before the agent is asked, so the Decision holds
    values only: no bound method, closure or other reference through which an
    agent in the same process could walk to the State and read what its seat
    cannot see (the seed, the draw piles, the other hands).
    """

    game: Game
    player: int
    observation: Observation
    legal_actions: Sequence[int]
    deadline: float | None = None
    """The ``time.perf_counter()`` instant by which the seat must have chosen, if any
    (a server's cap on think time): a searching bot stops there, whatever its budget."""


class Agent(Protocol):
    """Anything that picks one of the legal actions.

    Besides bot names, the lab, tournaments and the adapters seat any Python
    object with this method (a learned policy, an OpenSpiel bot wrapped by
    ``ballroom.interop.openspiel.SpielAgent``).
    """

    def act(self, decision: Decision) -> int: ...


@runtime_checkable
class PlaysGames(Protocol):
    """A Python agent told of each game it is seated at, before the game's first decision.

    ``seed`` is the game's: an agent that draws at random derives its stream
    from it, so that a game played again plays the same. An agent without
    this method is seated as it is, game after game.
    """

    def new_game(self, game: Game, seat: int, seed: int) -> None: ...


@runtime_checkable
class ChoosesBlind(Protocol):
    """An agent that picks from the legal actions alone, never reading the observation.

    ``choose(legal)`` is what ``act`` does with ``decision.legal_actions``; a
    simulation's loop asks it directly, without making a Decision.
    """

    def choose(self, legal: Sequence[int]) -> int: ...


class TakesForcedMoveBlind:
    """A base for agents whose ``act``, offered a single legal action, returns it and does
    nothing else: a play loop gives them that action without building the observation,
    which would cost more than the rest of such a step."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A parsed seat spec: ``name`` and ``key=value`` parameters."""

    name: str
    params: dict[str, str]

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        name, _, rest = text.strip().partition(":")
        if not name:
            raise InvalidOptionError(f"seat spec {text!r} has no bot name")
        params: dict[str, str] = {}
        for item in filter(None, (part.strip() for part in rest.split(","))):
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise InvalidOptionError(
                    f"seat spec {text!r}: parameter {item!r} must be written key=value"
                )
            key = key.strip()
            if key in params:
                raise InvalidOptionError(f"seat spec {text!r} gives {key!r} twice")
            params[key] = value.strip()
        return cls(name=name, params=params)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())


def split_seats(text: str) -> list[str]:
    """Split ``"human,mcts:iterations=200,c=1.4,random"`` into seat specs.

    A comma separates seats, except inside a spec's parameter list, where a
    comma followed by ``key=`` continues that spec.
    """
    seats: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if seats and "=" in part and ":" not in part:
            seats[-1] += "," + part
        else:
            seats.append(part)
    return seats
