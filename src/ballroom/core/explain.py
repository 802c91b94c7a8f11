"""Learning aids a game declares once: the rule behind each of its steps and action
families, so that a player is told what to do now, what a move does, and why a move
they expect is not offered, each with the rulebook section it comes from.

A game declares ``Aids``: for each step a ``StepAid`` (the "what to do now" line and
its rule), for each action family a ``FamilyAid`` (its name for people, its effect in
plain words, its rule, and the ``Requirement`` values that must hold for it to be
offered, each with the rule that says so). Everything here reads a seat's own
observation and its legal moves, nothing else, so no aid tells a seat more than it
could see at the table. ``Teaching`` answers the capabilities from a game's ``aids``.

An outcome explanation (``Outcome``) is plain JSON: per seat its score broken down
by the game's scoring rules, and the sentence that says what decided the places.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, TypeVar

from ballroom.core.actions import Action, ActionCodec, Family
from ballroom.core.errors import IllegalActionError
from ballroom.core.state import Observation


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule in one plain sentence and the rulebook section it comes from."""

    text: str
    section: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.text, "section": self.section}


@dataclass(frozen=True, slots=True)
class Requirement:
    """One thing that must hold for a family's move to be offered, with the rule that
    says so. ``met`` reads the seat's observation (or what the game's ``Aids.read`` made
    of it) and the move asked about (``None`` when the player asks about the family as
    a whole)."""

    rule: Rule
    met: Callable[[Any, Action | None], bool]


@dataclass(frozen=True, slots=True)
class FamilyAid:
    """What people are told about one action family."""

    name: str
    """Its name for people ("Choose an Action card")."""
    rule: Rule
    effect: Callable[[Action], str]
    """What one of its moves does, in plain words."""
    requires: tuple[Requirement, ...] = ()
    ask: bool = True
    """Whether a player may ask why it is not offered (chance's families are not asked)."""
    params: tuple[str, ...] = ()
    """The parameters a player may name when asking (others are left open)."""


@dataclass(frozen=True, slots=True)
class StepAid:
    """What people are told at one step: the line for the seats who decide, and what
    everyone else is told is happening."""

    rule: Rule
    prompt: Callable[[Observation], str]
    happening: str


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Seen(Generic[S]):
    """What requirements read when they ask the rules' own checks: the seat's observation
    and a state dealt from it (what the seat cannot see is dealt at random, and no check
    may read it)."""

    observation: Observation
    state: S


class Answer(TypedDict):
    """A why-not answer: whether the move is offered, why (not), and the rule."""

    offered: bool
    answer: str
    rule: str
    section: str


class Outcome(TypedDict):
    """An outcome explained: each seat's breakdown (``seat``, ``score``, ``parts``: pairs
    of label and value text, ``sum``: the arithmetic in words) and what decided it."""

    seats: list[dict[str, Any]]
    decided: str
    rule: str
    section: str


def outcome(seats: list[dict[str, Any]], decided: str, rule: Rule) -> Outcome:
    """An outcome explanation from its parts."""
    return {"seats": seats, "decided": decided, "rule": rule.text, "section": rule.section}


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one: "1 dance", "2 dances"."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def said(text: str) -> Callable[[Observation], str]:
    """A prompt that is the same at every visit of its step."""
    return lambda _: text


@dataclass(frozen=True)
class Aids:
    """A game's learning aids over its action codec.

    ``step_of`` names the step an observation is at, ``deciding`` the seats who
    decide there, ``offers`` the families each step offers (a declared game's
    flow), ``over`` the name of the step of a finished game.
    """

    codec: ActionCodec
    families: Mapping[str, FamilyAid]
    steps: Mapping[str, StepAid]
    offers: Mapping[str, frozenset[str]]
    step_of: Callable[[Observation], str]
    deciding: Callable[[Observation], Sequence[int]]
    seat_of: Callable[[Observation], int | None]
    over: str = "over"
    labels: Mapping[str, Callable[[str], str]] = field(default_factory=dict)
    """How a parameter's value text reads for people, by parameter name (default: the
    text with its hyphens as spaces)."""
    read: Callable[[Any, Observation], Any] | None = None
    """What the requirements read, made from the game and the seat's observation (a
    state holding only what the seat sees, so the rules' own checks can be asked);
    ``None``: the observation itself."""

    @classmethod
    def declared(
        cls,
        codec: ActionCodec,
        flow_steps: Mapping[Any, Sequence[Family]],
        families: Mapping[str, FamilyAid],
        steps: Mapping[str, StepAid],
        *,
        labels: Mapping[str, Callable[[str], str]] | None = None,
        read: Callable[[Any, Observation], Any] | None = None,
    ) -> Aids:
        """The aids of a declared game, whose observations say their step and seats alike:
        only its own words (families, steps, labels) and what its requirements read differ."""
        return cls(
            codec=codec,
            families=families,
            steps=steps,
            offers=declared_offers(flow_steps),
            step_of=declared_step,
            deciding=declared_deciding,
            seat_of=declared_seat,
            labels=labels or {},
            read=read,
        )

    def __post_init__(self) -> None:
        names = {family.name for family in self.codec.families}
        if set(self.families) != names:
            missing, extra = names - set(self.families), set(self.families) - names
            raise ValueError(f"aids must cover every family: missing {missing}, unknown {extra}")
        if set(self.offers) - set(self.steps):
            raise ValueError(f"steps without aids: {set(self.offers) - set(self.steps)}")

    # -- the "what to do now" line ------------------------------------------------

    def prompt(self, observation: Observation) -> str:
        """The line for the seat whose observation this is: what to do now, or what is
        happening while others decide."""
        step = self.step_of(observation)
        if step == self.over:
            return "The game is over: see the result above for how it was decided."
        aid = self.steps[step]
        seat = self.seat_of(observation)
        if seat is not None and seat in self.deciding(observation):
            return aid.prompt(observation)
        return f"Now: {aid.happening}"

    # -- move help ------------------------------------------------------------------

    def help(self, action_id: int) -> dict[str, str]:
        """What a move does and the rule behind it: ``effect``, ``rule``, ``section``."""
        action = self.codec.decode(action_id)
        aid = self.families[action.family.name]
        return {"effect": aid.effect(action), **aid.rule.to_json()}

    # -- why not? -----------------------------------------------------------------

    def label(self, param: str, text: str) -> str:
        read = self.labels.get(param)
        return read(text) if read is not None else text.replace("-", " ")

    def menu(self) -> list[dict[str, Any]]:
        """The families a player may ask about, with the parameters they may name."""
        listed = []
        for family in self.codec.families:
            aid = self.families[family.name]
            if not aid.ask:
                continue
            params = [
                {
                    "name": param.name,
                    "values": [[text, self.label(param.name, text)] for text in param.texts],
                }
                for param in family.params
                if param.name in aid.params
            ]
            listed.append({"family": family.name, "name": aid.name, "params": params})
        return listed

    def why_not(
        self,
        game: Any,
        observation: Observation,
        legal: Sequence[int],
        family_name: str,
        params: Mapping[str, str],
    ) -> Answer:
        """Whether the move asked about is offered to this seat now, and if not, the rule
        that forbids it. ``params`` may name some of the family's parameters."""
        family = self.codec.family(family_name)
        aid = self.families[family.name]
        if not aid.ask:
            raise IllegalActionError(f"{aid.name} is chance's, not a player's decision")
        named = self._named(family, params)
        said_params = ", ".join(self.label(name, text) for name, text in params.items())
        asked = f"{aid.name}{f' ({said_params})' if params else ''}"
        matching = [
            action
            for action in (self.codec.decode(i) for i in legal)
            if action.family.name == family.name and _fits(action, named)
        ]
        if matching:
            return _answer(True, f"{asked} is offered now: {aid.effect(matching[0])}.", aid.rule)
        step = self.step_of(observation)
        if step == self.over:
            return _answer(False, "The game is over: nobody moves any more.", aid.rule)
        here = self.steps[step]
        seat = self.seat_of(observation)
        if seat is None:
            return _answer(False, "You are watching: only seated players move.", here.rule)
        if seat not in self.deciding(observation):
            text = f"It is not your decision now. Now: {here.happening}"
            return _answer(False, text, here.rule)
        action = _complete(family, named)
        reading = observation if self.read is None else self.read(game, observation)
        for requirement in aid.requires:
            if not requirement.met(reading, action):
                return _answer(False, f"{asked}: {requirement.rule.text}", requirement.rule)
        if family.name not in self.offers.get(step, frozenset()):
            when = [
                self.steps[s].happening for s, fams in self.offers.items() if family.name in fams
            ]
            text = f"{aid.name} is not part of this step. Now: {here.happening}"
            if when:
                text += f" {aid.name} belongs to another step: {when[0]}"
            return _answer(False, text, aid.rule)
        offered = [
            ", ".join(self.label(n, t) for n, t in self.codec.decode(i).to_json()["params"].items())
            for i in legal
            if self.codec.decode(i).family.name == family.name
        ]
        if offered:
            choices = "; ".join(o for o in offered[:8] if o) + ("…" if len(offered) > 8 else "")
            text = f"Not with that choice. {aid.rule.text} What you may choose now: {choices}."
        else:
            text = f"Not now. {aid.rule.text}"
        return _answer(False, text, aid.rule)

    def _named(self, family: Family, params: Mapping[str, str]) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, text in params.items():
            param = next((p for p in family.params if p.name == name), None)
            if param is None:
                raise IllegalActionError(
                    f"{family.name} has no parameter {name!r}; it takes {family.usage()}"
                )
            index = param.lookup(text)
            if index is None:
                raise IllegalActionError(f"{text!r} is not a {name} of {family.name}")
            values[name] = param.values[index]
        return values


def _fits(action: Action, named: Mapping[str, Any]) -> bool:
    return all(action[name] == value for name, value in named.items())


def _complete(family: Family, named: Mapping[str, Any]) -> Action | None:
    """The move asked about when every parameter is named, else ``None`` (the family)."""
    if len(named) != len(family.params):
        return None
    return Action(family, tuple(named[param.name] for param in family.params))


def _answer(offered: bool, text: str, rule: Rule) -> Answer:
    return {"offered": offered, "answer": text, "rule": rule.text, "section": rule.section}


def declared_offers(flow_steps: Mapping[Any, Sequence[Family]]) -> dict[str, frozenset[str]]:
    """The families each step of a declared flow offers, by the step's name."""
    return {
        step.value: frozenset(f.name for f in families) for step, families in flow_steps.items()
    }


def declared_step(observation: Observation) -> str:
    """The step a declared game's observation is at."""
    return str(observation["step"]["step"])


def declared_deciding(observation: Observation) -> Sequence[int]:
    """The seats who decide now at a declared game's step: every listed seat at a secret
    step, the first of the queue at a step the seats meet in turn (``Step.players``)."""
    step = observation["step"]
    seats = tuple(step["seats"])
    return seats if step["mode"] == "secret" else seats[:1]


def declared_seat(observation: Observation) -> int | None:
    seat = observation["seat"]
    return None if seat is None else int(seat)


def decided(
    names: Sequence[str],
    ranking: Sequence[Sequence[int]],
    keys: Sequence[Sequence[int]],
    units: Sequence[str],
) -> str:
    """What decided first place, in words: the score, or the tie-break that broke a tie
    ("level at 6-6 points; broken by Blood: 68 against 64"). ``keys`` are each seat's
    ranking keys in order (the score first), ``units`` what each counts."""
    first = ranking[0]
    together = " and ".join(names[seat] for seat in first)
    if len(first) > 1:
        values = ", ".join(f"{v} {unit}" for unit, v in zip(units, keys[first[0]], strict=True))
        return f"{together} are level on every count ({values}): they share the win."
    if len(ranking) < 2:
        return f"{together} wins."
    winner, second = first[0], ranking[1][0]
    mine, theirs = keys[winner], keys[second]
    index = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
    if index == 0:
        return (
            f"{together} wins with {mine[0]} {units[0]}, against {theirs[0]} "
            f"for {names[second]} in second place."
        )
    level = ", ".join(f"{mine[i]}-{theirs[i]} {units[i]}" for i in range(index))
    return (
        f"{together} and {names[second]} are level at {level}; broken by {units[index]}: "
        f"{mine[index]} against {theirs[index]}, so {together} wins."
    )


class Teaching:
    """Answers ``Prompts``, ``HelpsMoves`` and ``ExplainsRefusals`` from a game's ``aids``."""

    @property
    @abstractmethod
    def aids(self) -> Aids: ...

    def prompt(self, observation: Observation) -> str:
        return self.aids.prompt(observation)

    def move_help(self, action: int) -> dict[str, str]:
        return self.aids.help(action)

    def why_not(
        self,
        observation: Observation,
        legal: Sequence[int],
        family: str,
        params: Mapping[str, str],
    ) -> Answer:
        return self.aids.why_not(self, observation, legal, family, params)

    def why_not_menu(self) -> list[dict[str, Any]]:
        return self.aids.menu()
