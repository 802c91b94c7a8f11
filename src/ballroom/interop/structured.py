"""Structured action spaces from a game's declared action families, beside the flat one.

A game's flat action ids can be many (Dark Tales: thousands, with a handful
legal at a time); its ``codec`` declares them as families with typed
parameters. ``StructuredActions(codec)`` gives them as a Gymnasium ``Dict``
space, ``{"family": Discrete(families), "params": MultiDiscrete(widths)}``,
where ``params[i]`` is the index of the family's ``i``-th parameter's value
(positions past the family's parameters are 0 and ignored) and ``widths[i]``
is the most values any family's ``i``-th parameter takes. An environment
with a no-op (PettingZoo's Parallel one) gets one more family, ``no-op``,
without parameters.

``masks(legal, family, chosen)`` gives a mask per head: the families with a
legal action, and for each parameter position the values some legal action
takes there. Given a ``family`` (and the values ``chosen`` for its first
parameters), only the legal actions of that family (starting so) count, so
a policy that picks the family, then each parameter in turn, each from its
mask given the heads before, always names a legal action. Without them the
masks are each head's alone, and a combination of allowed values may still
be illegal; the flat mask stays the exact one. ``to_id`` and ``from_id``
turn a structured action into its flat id and back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ballroom.core.actions import ActionCodec
from ballroom.core.errors import IllegalActionError
from ballroom.core.game import Game
from ballroom.interop import missing_extra

try:
    from gymnasium import spaces
except ImportError as error:
    raise missing_extra(error) from error

Masks = dict[str, Any]
NOOP = "no-op"
"""The name of the extra family that stands for an environment's no-op."""


class StructuredActions:
    """A game's action families as a ``Dict`` space; see the module docstring."""

    def __init__(self, codec: ActionCodec, noop: int | None = None) -> None:
        self.codec = codec
        self.noop = noop
        self.families = codec.families
        self.names = tuple(family.name for family in self.families) + (
            (NOOP,) if noop is not None else ()
        )
        self.arity = tuple(len(family.params) for family in self.families) + (
            (0,) if noop is not None else ()
        )
        longest = max(self.arity, default=0)
        self.widths = tuple(
            max(len(family.params[i]) for family in self.families if len(family.params) > i)
            for i in range(longest)
        ) or (1,)
        self._radices = [tuple(len(param) for param in family.params) for family in self.families]
        self._offsets = [codec.ids(family).start for family in self.families]
        self._forms: dict[int, tuple[int, tuple[int, ...]]] = {}

    def space(self) -> spaces.Dict:
        """A fresh ``Dict`` space of structured actions (its own random source)."""
        return spaces.Dict(
            {
                "family": spaces.Discrete(len(self.names)),
                "params": spaces.MultiDiscrete(list(self.widths)),
            }
        )

    def form(self, action: int) -> tuple[int, tuple[int, ...]]:
        """Flat id ``action`` as its family's index and its parameters' value indexes."""
        known = self._forms.get(action)
        if known is not None:
            return known
        if action == self.noop:
            found: tuple[int, tuple[int, ...]] = (len(self.families), ())
        else:
            decoded = self.codec.decode(action)  # refuses an id that names no action
            family = self.names.index(decoded.family.name)
            number = action - self._offsets[family]
            digits: list[int] = []
            for radix in reversed(self._radices[family]):
                number, digit = divmod(number, radix)
                digits.append(digit)
            found = (family, tuple(reversed(digits)))
        self._forms[action] = found
        return found

    def from_id(self, action: int) -> dict[str, Any]:
        """The structured form of flat id ``action``."""
        family, digits = self.form(action)
        params = np.zeros(len(self.widths), dtype=np.int64)
        params[: len(digits)] = digits
        return {"family": family, "params": params}

    def to_id(self, action: Mapping[str, Any]) -> int:
        """The flat id of a structured action; refuses one naming no action, saying why."""
        if not isinstance(action, Mapping) or set(action) != {"family", "params"}:
            raise IllegalActionError(
                f"a structured action is a dict with 'family' and 'params', not {action!r}"
            )
        number = int(action["family"])
        if not 0 <= number < len(self.names):
            raise IllegalActionError(
                f"family {number} does not exist; families are 0..{len(self.names) - 1} "
                f"({', '.join(self.names)})"
            )
        if number == len(self.families):
            assert self.noop is not None
            return self.noop
        family = self.families[number]
        digits = [int(d) for d in np.asarray(action["params"]).reshape(-1)]
        flat = 0
        for position, param in enumerate(family.params):
            digit = digits[position] if position < len(digits) else -1
            if not 0 <= digit < len(param):
                raise IllegalActionError(
                    f"{family.name}'s {param.name} (position {position}) takes 0.."
                    f"{len(param) - 1}, not {digit}"
                )
            flat = flat * len(param) + digit
        return self._offsets[number] + flat

    def masks(
        self, legal: Iterable[int], family: int | None = None, chosen: Sequence[int] = ()
    ) -> Masks:
        """A mask per head for the ``legal`` flat ids (see the module docstring)."""
        families = np.zeros(len(self.names), dtype=np.int8)
        params = tuple(np.zeros(width, dtype=np.int8) for width in self.widths)
        start = tuple(int(digit) for digit in chosen)
        for action in legal:
            kind, digits = self.form(action)
            families[kind] = 1
            if family is not None and (kind != family or digits[: len(start)] != start):
                continue
            for position, digit in enumerate(digits):
                params[position][digit] = 1
        return {"family": families, "params": params}

    def allows(self, action: int, masks: Mapping[str, Any]) -> bool:
        """Whether every head's mask in ``masks`` allows flat id ``action``."""
        family, digits = self.form(action)
        if not masks["family"][family]:
            return False
        given = masks.get("params")
        return given is None or all(given[position][digit] for position, digit in enumerate(digits))


class StructuredSpace(spaces.Dict):
    """The structured ``Dict`` space whose ``sample`` names a legal action.

    Unmasked, it draws uniformly among the legal actions ``legal()`` gives;
    with a flat 0/1 ``mask`` (the observation's ``action_mask``), among the ids
    it marks; with a mask per head (``StructuredActions.masks``), among the
    legal actions every head's mask allows.
    """

    def __init__(self, actions: StructuredActions, legal: Callable[[], Sequence[int]]) -> None:
        template = actions.space()
        super().__init__(template.spaces)
        self.actions = actions
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        if probability is not None:
            raise IllegalActionError("a structured space samples by masks, not probabilities")
        if mask is None:
            candidates = list(self._legal())
        elif isinstance(mask, Mapping):
            candidates = [a for a in self._legal() if self.actions.allows(a, mask)]
        else:
            candidates = [int(a) for a in np.flatnonzero(np.asarray(mask))]
        if not candidates:
            raise IllegalActionError("no legal action is allowed by the mask given")
        return self.actions.from_id(candidates[int(self.np_random.integers(len(candidates)))])


def has_families(game: Game) -> bool:
    """Whether ``game`` declares action families whose ids are its own."""
    codec = getattr(game, "codec", None)
    return isinstance(codec, ActionCodec) and codec.size == game.num_distinct_actions


def structured_actions(game: Game, noop: int | None = None) -> StructuredActions:
    """The structured actions of ``game``, which must declare its action families."""
    if not has_families(game):
        raise IllegalActionError(
            f"{game.name} declares no action families whose ids are its own, "
            "so it has only the flat action space"
        )
    return StructuredActions(game.codec, noop)  # type: ignore[attr-defined]
