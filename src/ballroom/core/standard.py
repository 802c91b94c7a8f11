"""The answers a declared game gives the usual way, so that a game writes only its rules.

``StandardGame`` is a ``DeclaredGame`` that declares its view parts
(``public_part``, ``private_part``: frozen dataclasses whose fields are named
as the state's attributes) and its cards (``cards``: each card's name, by
id), and so gets:

- ``read``: an observation as its typed ``View``;
- ``determinize``: the standard body. A state from a seed the ``rng``
  draws (``blank_state``: a new one, or one not set up where set-up would
  deal and shuffle what is replaced anyway), the zones dealt from the
  seat's view (``deal``: every unseen card among the hidden zones; a game
  of several decks deals each among its own with
  ``zones.determinize_decks``; ``deal_zones`` where the zones a deck may
  lie in depend on the public part too), the public part's fields set back
  (``public.restore``; a view part that also shows values worked out from
  them is read as a subclass of ``public_part``) and the step. A game with
  secrets outside its zones deals them in ``deal_private``;
- ``encode_observation`` and ``observation_shape``: a tensor of the view
  (the step, the cards seen in each zone and each zone's size, the numbers of
  the public and private parts), seats turned so the observer comes first;
- ``render``: a terminal picture of the view in words.

``StandardState`` builds the view from the declaration (``public.part_of``),
and a seat's private part from ``private(seat)``. Any of these may be
overridden where the game knows better.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

from ballroom.core import words
from ballroom.core.declared import DeclaredGame, DeclaredState
from ballroom.core.flow import Mode
from ballroom.core.public import part_of, restore
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.core.zones import ZoneId, Zones, ZonesView, ZoneView, determinize

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

N = TypeVar("N", bound=Enum)


class StandardGame(DeclaredGame[N]):
    """A declared game with its view parts and cards declared; see the module's docstring."""

    public_part: ClassVar[type[Any]]
    """The frozen dataclass everyone sees: its fields are state attributes of the same names
    (``determinize`` sets them back; a game whose view shows values worked out from them
    reads its view as a subclass)."""
    private_part: ClassVar[type[Any]] = type(None)
    """A seat's own part (``type(None)``: the zones hold every secret)."""
    cards: ClassVar[tuple[str, ...]] = ()
    """Each card's name, by id: the components ``deal`` deals and ``render`` names."""

    @property
    def steps(self) -> type[N]:
        """The game's step enum, from its flow."""
        return type(next(iter(self.flow.steps)))

    def read(self, observation: Observation) -> View[N, Any, Any]:
        """A seat's observation, typed."""
        return View.from_observation(observation, self.steps, self.public_part, self.private_part)

    # -- determinize ------------------------------------------------------------

    def determinize(self, observation: Observation, rng: Rng) -> DeclaredState[N]:
        """A state the seat cannot tell from the real one, dealt from its view alone."""
        view = self._read_kept(observation)
        state = self.blank_state(rng.below(1 << 62))
        state.zones = self.deal_zones(view, rng)
        restore(state, view.public, self.public_part)
        state.step = view.step
        self.deal_private(state, view, rng)
        return state

    _last_read: tuple[Observation, View[N, Any, Any]] | None = None

    def _read_kept(self, observation: Observation) -> View[N, Any, Any]:
        """``read``, remembering the last observation read (by identity, as ``read_once``):
        a search deals many worlds from one observation."""
        last = self._last_read
        if last is not None and last[0] is observation:
            return last[1]
        view = self.read(observation)
        self._last_read = (observation, view)
        return view

    def blank_state(self, seed: int) -> DeclaredState[N]:
        """The state ``determinize`` deals into: a new one (a game whose set-up deals and
        shuffles may give one that has not, since the deal is replaced)."""
        state = self.new_state(seed)
        assert isinstance(state, DeclaredState)
        return state

    def deal_zones(self, view: View[N, Any, Any], rng: Rng) -> Zones:
        """The zones dealt for the seat's view: ``deal`` of its zones. A game whose decks
        may lie in other zones as the public part says (which deck is in play) answers
        here instead."""
        return self.deal(view.zones, rng)

    def deal(self, zones: ZonesView, rng: Rng) -> Zones:
        """Every card the seat cannot see dealt among the zones it cannot see."""
        return determinize(zones, range(len(self.cards)), rng)

    def deal_private(self, state: DeclaredState[N], view: View[N, Any, Any], rng: Rng) -> None:
        """Set the seat's own private part back; a game whose other seats hold secrets
        outside the zones deals theirs here too."""
        if view.private is not None:
            restore(state, view.private)

    # -- the tensor encoding ------------------------------------------------------

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (len(self._numbers(self.new_state(0).observation(None))),)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        import numpy as np

        return np.asarray(self._numbers(observation), dtype=np.float32)

    def _numbers(self, observation: Observation) -> list[float]:
        view = self.read(observation)
        seat = view.seat
        numbers = [float(view.step.name is name) for name in self.steps]
        numbers.append(float(seat is not None and seat in view.step.players))
        cards = len(self.cards)
        for zone in self._zones_from(view.zones, seat):
            shown = set(zone.cards or ())
            numbers += [float(card in shown) for card in range(cards)]
            numbers.append(zone.size / max(cards, 1))
        numbers += self._part_numbers(self.public_part, view.public, seat)
        if self.private_part is not type(None):
            numbers += self._part_numbers(self.private_part, view.private, seat)
        return numbers

    def _zones_from(self, zones: ZonesView, seat: int | None) -> list[ZoneView]:
        """The zones in a fixed order, each seat's own turned so ``seat``'s come first."""
        first = seat or 0

        def key(zone: ZoneView) -> tuple[str, int]:
            owner = zone.id.owner
            return (zone.id.name, -1 if owner is None else (owner - first) % self.players)

        return sorted(zones.zones, key=key)

    def _part_numbers(self, kind: type[Any], part: Any, seat: int | None) -> list[float]:
        """A part's numbers: ints squashed into the unit range, flags, enums one-hot, and
        a tuple of ints as one number per seat (turned to the observer). Other fields
        (text, nested parts, queues) are left out."""
        numbers: list[float] = []
        first = seat or 0
        for name, hint in get_type_hints(kind).items():
            value = None if part is None else getattr(part, name)
            if hint is bool:
                numbers.append(float(bool(value)))
            elif hint is int:
                numbers.append(_squash(value or 0))
            elif isinstance(hint, type) and issubclass(hint, Enum):
                numbers += [float(value is member) for member in hint]
            elif get_origin(hint) is tuple and get_args(hint) == (int, Ellipsis):
                values = list(value) if value is not None else [0] * self.players
                turned = values[first:] + values[:first] if len(values) == self.players else values
                numbers += [_squash(v) for v in turned]
        return numbers

    # -- the terminal picture -------------------------------------------------------

    def render(self, observation: Observation) -> str:
        """The view in words: the step, each zone, the public part's numbers."""
        view = self.read(observation)
        return "\n".join([self._step_words(view), *self._zone_words(view), *self._part_words(view)])

    def _step_words(self, view: View[N, Any, Any]) -> str:
        step = view.step
        name = words.capital(str(step.name.value).replace("-", " "))
        if step.mode is Mode.OVER:
            return "The game is over."
        if step.mode is Mode.CHANCE:
            return f"{name}: chance decides."
        who = words.listing(self.player_name(seat) for seat in step.players)
        how = " in secret" if step.mode is Mode.SECRET else ""
        return f"{name}: {who} to choose{how}."

    def _zone_words(self, view: View[N, Any, Any]) -> Iterator[str]:
        for zone in view.zones.zones:
            label = words.capital(self._zone_name(zone.id))
            if zone.cards is None:
                yield f"{label}: {words.count(zone.size, 'card')}, unseen."
            elif not zone.cards:
                yield f"{label}: empty."
            else:
                yield f"{label}: {words.listing(self._card_name(c) for c in zone.cards)}."

    def _zone_name(self, zone: ZoneId) -> str:
        noun = zone.name.replace("-", " ").replace("_", " ")
        return f"the {noun}" if zone.owner is None else f"{self.player_name(zone.owner)}'s {noun}"

    def _card_name(self, card: int) -> str:
        return self.cards[card] if card < len(self.cards) else f"card {card}"

    def _part_words(self, view: View[N, Any, Any]) -> Iterator[str]:
        for part in (view.public, view.private):
            if part is None or not dataclasses.is_dataclass(part):
                continue
            for name, value in ((f.name, getattr(part, f.name)) for f in dataclasses.fields(part)):
                said = self._value_words(value)
                if said is not None:
                    yield f"{words.capital(name.replace('_', ' '))}: {said}."

    def _value_words(self, value: Any) -> str | None:
        """A field's value in words, or ``None`` for one the picture leaves out."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int):
            return words.number(value)
        if isinstance(value, Enum):
            return str(value.value).replace("-", " ")
        if _per_seat(value, self.players):
            return ", ".join(
                f"{self.player_name(seat)} {words.number(v)}" for seat, v in enumerate(value)
            )
        return None


class StandardState(DeclaredState[N]):
    """A declared state whose view is built from its game's declared parts."""

    game: StandardGame[N]

    def private(self, seat: int) -> Any:
        """``seat``'s private part (``None`` where the zones hold every secret)."""
        return None

    frozen_fields: ClassVar[bool] = False
    """The state holds its public fields as immutable values (tuples, frozen records), so
    a view takes them as they are."""

    def view(self, seat: int | None) -> View[N, Any, Any]:
        public = self.till_moved(  # every seat's alike: made once per moment
            "public", lambda: part_of(self.game.public_part, self, frozen=self.frozen_fields)
        )
        mine = None if seat is None else self.private(seat)
        return View(seat, self.step, self.zones.view(seat), public, mine)


def _squash(value: int) -> float:
    """Any integer into the unit range, in order (0 is one half)."""
    return 0.5 + 0.5 * value / (1 + abs(value))


def _per_seat(value: Any, players: int) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and len(value) == players
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
