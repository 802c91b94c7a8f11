"""Declared bots and their parameters, like rule options.

A bot declares once what it is, whether it searches (so its think time
grows with its budget) or answers at once, and each parameter's type, range
or choices, default and meaning. The same declaration validates every seat
spec, whether it comes from the command line, the lab or the web server,
fills in the defaults, and documents the bot in ``ballroom games`` and the
web catalog. An unknown parameter or a value out of range is refused with
what is allowed.

A game may declare its own defaults for a generic bot (``Game.bot_defaults``,
written as seat specs): a search's best setting differs from game to game,
and a bare ``mcts`` seat should play the one measured for the game at hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ballroom.core.agent import SeatSpec
from ballroom.core.errors import InvalidOptionError

if TYPE_CHECKING:
    from ballroom.core.agent import Agent
    from ballroom.core.game import Game
    from ballroom.core.rng import Rng

ParamValue = int | float | str
V = TypeVar("V", int, float, str)


def _number_text(value: float) -> str:
    """``1000000`` rather than ``1e+06`` or ``1000000.0`` in what users read."""
    return str(int(value)) if float(value).is_integer() else str(value)


@dataclass(frozen=True, slots=True)
class Param:
    """One bot parameter: an integer or a number in a closed range, or a named choice."""

    name: str
    doc: str
    kind: Literal["integer", "number", "choice"]
    default: ParamValue | None = None
    """``None`` leaves it unset unless a spec gives it (a budget that is off by default)."""
    choices: tuple[str, ...] = ()
    minimum: float = 0
    maximum: float = 0

    def __post_init__(self) -> None:
        if self.kind == "choice" and (not self.choices or self.choices[0] != self.default):
            raise ValueError(f"parameter {self.name}: the default must be listed first")
        if self.kind != "choice" and not self.minimum <= self.maximum:
            raise ValueError(f"parameter {self.name}: minimum above maximum")
        kind = {"integer": int, "number": float, "choice": str}[self.kind]
        if self.default is not None and type(self.default) is not kind:
            raise ValueError(f"parameter {self.name}: the default must be of type {kind.__name__}")

    def allowed(self) -> str:
        """The values this parameter accepts, as error messages and listings say it."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        span = f"{_number_text(self.minimum)}..{_number_text(self.maximum)}"
        return f"an integer {span}" if self.kind == "integer" else f"a number {span}"

    def parse(self, bot: str, text: str) -> ParamValue:
        """The value ``text`` stands for, or a clear error naming the bot, parameter and range."""
        text = text.strip()
        if self.kind == "choice":
            if text in self.choices:
                return text
            raise self._error(bot, text)
        value: float
        try:
            value = int(text) if self.kind == "integer" else float(text)
        except ValueError:
            raise self._error(bot, text) from None
        # ``not (a <= v <= b)`` also refuses NaN, which compares false with everything.
        if not (self.minimum <= value <= self.maximum) or not math.isfinite(value):
            raise self._error(bot, text)
        return value

    def with_default(self, value: ParamValue) -> Param:
        """This parameter with another default (a choice's default moves to the front)."""
        choices = (str(value), *(c for c in self.choices if c != value)) if self.choices else ()
        return replace(self, default=value, choices=choices)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "doc": self.doc,
            "kind": self.kind,
            "default": self.default,
            "choices": list(self.choices),
            "minimum": self.minimum if self.kind != "choice" else None,
            "maximum": self.maximum if self.kind != "choice" else None,
        }

    def _error(self, bot: str, text: str) -> InvalidOptionError:
        return InvalidOptionError(f"{bot} {self.name} must be {self.allowed()}, not {text!r}")


class ParamValues(dict[str, ParamValue | None]):
    """A seat spec's validated parameters, every declared one present (``None``: unset)."""

    def value(self, name: str, kind: type[V]) -> V:
        """A parameter that always has a value (it has a default)."""
        found = self.optional(name, kind)
        if found is None:
            raise KeyError(f"bot parameter {name!r} has no value and no default")
        return found

    def optional(self, name: str, kind: type[V]) -> V | None:
        """A parameter that may be unset; its declared type is checked, not converted."""
        found = self[name]
        if found is not None and not isinstance(found, kind):
            raise TypeError(f"bot parameter {name!r} is {type(found).__name__}, not {kind}")
        return found


BotBuilder = Callable[["Game", int, "Rng", ParamValues], "Agent"]
"""Builds a bot for (game, seat, its own random source, its validated parameters)."""
ParamsOf = tuple[Param, ...] | Callable[["Game"], tuple[Param, ...]]
"""A bot's parameters, or a function of the game for choices that depend on it (its bots)."""


@dataclass(frozen=True, slots=True)
class Bot:
    """A bot that can take a seat: its name, meaning, parameters and how to build it."""

    name: str
    doc: str
    build: BotBuilder
    params: ParamsOf = ()
    searches: bool = False
    """Whether its think time grows with a budget; a bot that does not answers at once,
    so a server need not queue it behind searches."""
    time_param: str | None = None
    """The parameter, if any, that sets its think time per move in milliseconds."""
    count_param: str | None = None
    """The parameter, if any, that bounds its search by a count. A spec that gives the
    think time and not the count is bounded by the time alone: the count's default is
    dropped, so ``ms=5000`` is not cut short by a default of a few hundred searches."""

    def declared(self, game: Game) -> tuple[Param, ...]:
        """Its parameters at ``game`` with the game's own defaults, in display order."""
        params = self.params(game) if callable(self.params) else self.params
        specs = [SeatSpec.parse(text) for text in game.bot_defaults]
        spec = next((spec for spec in specs if spec.name == self.name), None)
        if spec is None:
            return params
        names = {param.name for param in params}
        if not set(spec.params) <= names:
            raise ValueError(
                f"{game.name} declares defaults {spec} for the {self.name} bot; "
                f"its parameters are {', '.join(sorted(names))}"
            )
        return tuple(
            param.with_default(param.parse(self.name, spec.params[param.name]))
            if param.name in spec.params
            else param
            for param in params
        )

    def resolve(self, game: Game, given: Mapping[str, str]) -> ParamValues:
        """Validate a seat spec's ``key=value`` parameters and fill in every default."""
        declared = {param.name: param for param in self.declared(game)}
        unknown = sorted(set(given) - set(declared))
        if unknown:
            allowed = ", ".join(sorted(declared)) or "none (it takes no parameters)"
            raise InvalidOptionError(
                f"the {self.name} bot has no parameter {', '.join(unknown)}; allowed: {allowed}"
            )
        values = ParamValues({name: param.default for name, param in declared.items()})
        for name, text in given.items():
            values[name] = declared[name].parse(self.name, text)
        timed_only = self.time_param in given and self.count_param not in given
        if self.count_param is not None and timed_only:
            values[self.count_param] = None
        return values

    def think_ms(self, values: ParamValues) -> float | None:
        """The think time per move that ``values`` ask for, if the bot has a time budget."""
        if self.time_param is None:
            return None
        return values.optional(self.time_param, float)

    def make(self, game: Game, seat: int, rng: Rng, given: Mapping[str, str]) -> Agent:
        """The bot for ``seat``, its parameters validated."""
        return self.build(game, seat, rng, self.resolve(game, given))

    def to_json(self, game: Game) -> dict[str, Any]:
        return {
            "name": self.name,
            "doc": self.doc,
            "searches": self.searches,
            "params": [param.to_json() for param in self.declared(game)],
        }


def by_name(*bots: Bot) -> dict[str, Bot]:
    """A game's ``bots`` table, keyed by each bot's own name."""
    return {bot.name: bot for bot in bots}
