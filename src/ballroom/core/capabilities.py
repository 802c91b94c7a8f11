"""What a game may offer beyond the State/Game contract, declared as Protocols.

A game has a capability by defining the method; callers ask with
``isinstance(game, Determinizes)`` and so on, instead of looking the method
up by name, and mypy checks both sides. Where a caller needs an answer from
every game, the functions below give the plain one for a game without the
capability (its JSON, no hints, the action's text).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from ballroom.core.explain import Answer, Outcome
    from ballroom.core.game import Game
    from ballroom.core.rng import Rng
    from ballroom.core.state import Observation, State


@runtime_checkable
class Determinizes(Protocol):
    """Deals a full state consistent with one seat's observation (what IS-MCTS searches)."""

    def determinize(self, observation: Observation, rng: Rng) -> State:
        """What the seat cannot see is dealt afresh with ``rng``; the rest is as it saw it."""
        ...


@runtime_checkable
class Evaluates(Protocol):
    """Estimates each seat's share of the win in a state a search cut short."""

    def evaluate(self, state: Any) -> Sequence[float]: ...


@runtime_checkable
class HasRolloutPolicy(Protocol):
    """Picks a fast, strong move for a search's rollouts."""

    def rollout_action(self, state: Any, player: int, rng: Rng) -> int: ...


@runtime_checkable
class DescribesActions(Protocol):
    """Says an action in words, in the context of a seat's observation (menus, logs)."""

    def describe_action(self, action: int, observation: Observation) -> str: ...


@runtime_checkable
class StructuresActions(Protocol):
    """Gives an action's structured form: its family and parameters by name, which a
    client renders without parsing text (``ActionCodec.to_json``)."""

    def action_json(self, action: int) -> dict[str, Any]:
        """``{"id", "text", "family", "params": {name: text}}``."""
        ...


@runtime_checkable
class Renders(Protocol):
    """Draws an observation for the terminal (rich console markup allowed)."""

    def render(self, observation: Observation) -> str: ...


@runtime_checkable
class HintsMoves(Protocol):
    """Notes a seat's screen shows on its legal moves, from its observation alone.

    The odds of a roll, what an arrangement scores: the game computes them
    so that no rule is written twice in a client, and they tell the seat
    nothing it could not work out at the table. Keyed by action id, plain
    JSON values.
    """

    def move_hints(self, observation: Observation, legal: Sequence[int]) -> dict[int, Any]: ...


@runtime_checkable
class ShowsComponents(Protocol):
    """Gives what is printed on its components (cards by id, boards) as plain JSON, as the
    game reads them, so that a client draws the cards its views name by id."""

    def components_json(self) -> dict[str, Any]: ...


@runtime_checkable
class Prompts(Protocol):
    """Says in plain words what the seat whose observation it is should do now (or what
    is happening while others decide), from that observation alone."""

    def prompt(self, observation: Observation) -> str: ...


@runtime_checkable
class HelpsMoves(Protocol):
    """Says what a move does and the rule behind it: ``{"effect", "rule", "section"}``,
    from the action alone, so that a server lists it once per game configuration."""

    def move_help(self, action: int) -> dict[str, str]: ...


@runtime_checkable
class ExplainsRefusals(Protocol):
    """Answers "why can't I ...?": whether a move of a family (with some parameters
    named) is offered to the seat now, and if not the rule that forbids it, reading
    only the seat's observation and its legal moves."""

    def why_not(
        self,
        observation: Observation,
        legal: Sequence[int],
        family: str,
        params: Mapping[str, str],
    ) -> Answer: ...

    def why_not_menu(self) -> list[dict[str, Any]]:
        """The families a player may ask about, with the parameters they may name."""
        ...


@runtime_checkable
class ExplainsOutcome(Protocol):
    """Explains a finished game: each seat's score broken down by the game's scoring
    rules and what decided the places (plain JSON). Asked only of a finished state,
    whose whole record is public."""

    def explain_outcome(self, state: Any) -> Outcome: ...


@runtime_checkable
class ScoresLive(Protocol):
    """Each player's score so far, where the rules define one, from a seat's observation:
    ``[{"seat", "score", "parts"}]`` with ``parts`` pairs of label and value text."""

    def live_scores(self, observation: Observation) -> list[dict[str, Any]]: ...


@cache
def offers(kind: type, capability: type) -> bool:
    """Whether games of class ``kind`` have ``capability``: answered once per class, since
    a runtime Protocol check walks the Protocol's members on every call, and a server
    asks after every move."""
    return issubclass(kind, capability)


def render(game: Game, observation: Observation) -> str:
    """The game's picture of ``observation``, or its indented JSON."""
    if offers(type(game), Renders):
        return cast(Renders, game).render(observation)
    return json.dumps(observation, indent=1)


def move_hints(game: Game, observation: Observation, legal: Sequence[int]) -> dict[int, Any]:
    """The game's notes on ``legal`` moves, or none."""
    if offers(type(game), HintsMoves):
        return cast(HintsMoves, game).move_hints(observation, legal)
    return {}


def describe_action(game: Game, action: int, observation: Observation) -> str:
    """The game's words for ``action``, or its text form."""
    if offers(type(game), DescribesActions):
        return cast(DescribesActions, game).describe_action(action, observation)
    return game.action_to_text(action)
