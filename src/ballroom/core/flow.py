"""The decision flow: which step of the game is due, and who decides it.

A game names its steps in an enum (``choose-avatar``, ``dance``, ``pick``)
and declares, in a ``Flow``, the action families each step offers. A
``Step`` value says what is due now: one seat deciding (or several in turn,
each meeting the step), several seats deciding in secret at once, chance,
or nothing (the end). ``current_players`` and the legal actions of a State
come from it, instead of from an int-coded phase and flags.

Secrets and the flow (RULINGS 20): a step that exists only because of
something secret must be met by every seat, so that who is asked what, and
when, gives nothing away. ``Step.each`` asks every seat in turn and
``Step.secret`` all at once; ``offer`` builds a seat's choices there, with
"no" as the only choice where nothing applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ballroom.core.actions import Action, Family
from ballroom.core.errors import IllegalActionError
from ballroom.core.state import CHANCE
from ballroom.core.terms import Term

N = TypeVar("N", bound=Enum)
A = TypeVar("A")


class Mode(Term):
    """Who decides a step."""

    SEATS = "seats"
    """One seat, then the next in the queue: each meets the step in turn."""
    SECRET = "secret"
    """Every listed seat at once, in secret, in any order."""
    CHANCE = "chance"
    OVER = "over"
    """Nobody: the game has ended."""


@dataclass(frozen=True, slots=True)
class Step(Generic[N]):
    """The decision due now: a step of the game and the seats that still owe it.

    Steps are values. Those made by the class methods below and by ``after``
    are shared (one object per step name, mode and seats), and each keeps
    the steps that follow it, so that a game stepping through a round asks
    for nothing new after its first round.
    """

    name: N
    mode: Mode
    seats: tuple[int, ...] = ()
    players: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """What ``current_players`` returns, worked out once."""
    _after: dict[int, Step[N] | None] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        needs_seats = self.mode in (Mode.SEATS, Mode.SECRET)
        if needs_seats != bool(self.seats) or len(set(self.seats)) != len(self.seats):
            raise ValueError(f"step {self.name.value}: {self.mode.value} with seats {self.seats}")
        if self.mode is Mode.CHANCE:
            players: tuple[int, ...] = (CHANCE,)
        elif self.mode is Mode.SEATS:
            players = self.seats[:1]
        else:
            players = self.seats
        object.__setattr__(self, "players", players)

    @classmethod
    def seat(cls, name: N, seat: int) -> Step[N]:
        """One seat decides."""
        return _shared(name, Mode.SEATS, (seat,))

    @classmethod
    def each(cls, name: N, seats: Iterable[int]) -> Step[N]:
        """Every seat in ``seats`` meets the step, one after another in that order."""
        return _shared(name, Mode.SEATS, tuple(seats))

    @classmethod
    def secret(cls, name: N, seats: Iterable[int]) -> Step[N]:
        """Every seat in ``seats`` decides at once, in secret."""
        return _shared(name, Mode.SECRET, tuple(sorted(seats)))

    @classmethod
    def chance(cls, name: N) -> Step[N]:
        return _shared(name, Mode.CHANCE, ())

    @classmethod
    def over(cls, name: N) -> Step[N]:
        return _shared(name, Mode.OVER, ())

    def current_players(self) -> tuple[int, ...]:
        """What ``State.current_players`` returns at this step."""
        return self.players

    def after(self, seat: int) -> Step[N] | None:
        """The step once ``seat`` has decided; ``None`` once every seat has."""
        try:
            return self._after[seat]
        except KeyError:
            pass
        if self.mode is Mode.CHANCE:
            return None
        if seat not in self.players:
            raise IllegalActionError(f"seat {seat} does not decide {self.name.value} now")
        rest = tuple(s for s in self.seats if s != seat)
        following = _shared(self.name, self.mode, rest) if rest else None
        self._after[seat] = following
        return following

    def __deepcopy__(self, memo: dict[int, object]) -> Step[N]:
        return self  # a value: a copied state shares it

    def to_json(self) -> dict[str, Any]:
        return {"step": self.name.value, "mode": self.mode.value, "seats": list(self.seats)}

    @classmethod
    def from_json(cls, kind: type[N], data: Mapping[str, Any]) -> Step[N]:
        return _shared(kind(data["step"]), Mode(data["mode"]), tuple(data["seats"]))


@lru_cache(maxsize=4096)
def _shared(name: Enum, mode: Mode, seats: tuple[int, ...]) -> Step[Any]:
    """The one Step of ``name``, ``mode`` and ``seats`` (checked once, when first made)."""
    return Step(name, mode, seats)


@dataclass(frozen=True, slots=True)
class Flow(Generic[N]):
    """A game's steps and the action families each offers: its decision points, declared."""

    steps: Mapping[N, tuple[Family, ...]]
    every: frozenset[N] = frozenset()
    """Steps that offer every action of their families, whatever the state (a die's
    faces, any set of dice); at such a chance step each outcome is equally likely."""

    @classmethod
    def declare(
        cls, kind: type[N], steps: Mapping[N, Sequence[Family]], *, every: Iterable[N] = ()
    ) -> Flow[N]:
        """Check that every member of ``kind`` is declared, then build the flow."""
        missing = [member.value for member in kind if member not in steps]
        if missing:
            raise ValueError(f"steps not declared: {', '.join(map(str, missing))}")
        whole = frozenset(every)
        empty = [name.value for name in whole if not steps[name]]
        if empty:
            raise ValueError(f"steps offering every action of no family: {', '.join(empty)}")
        return cls({name: tuple(families) for name, families in steps.items()}, whole)

    def check(self, step: Step[N], actions: Iterable[Action]) -> None:
        """Refuse actions of a family that ``step`` does not offer (a rules bug, caught early)."""
        offered = self.steps[step.name]
        for action in actions:
            if action.family not in offered:
                names = ", ".join(family.name for family in offered) or "nothing"
                raise IllegalActionError(
                    f"step {step.name.value} offers {names}, not {action.family.name}"
                )

    def to_json(self) -> dict[str, list[str]]:
        """Each step's families by name, for a client to know what a step asks."""
        return {
            str(name.value): [family.name for family in families]
            for name, families in self.steps.items()
        }


def offer(choices: Iterable[A], no: A, *, optional: bool = True) -> list[A]:
    """A seat's choices at a step every seat meets: ``choices`` and "no".

    ``optional`` steps always allow "no"; a compulsory one allows it only
    where nothing applies, so that the seat still meets the step.
    """
    found = list(choices)
    if optional or not found:
        found.append(no)
    return found
