"""The Dance's game state: a ``Ball`` that plays by the rulebook's sections.

The rules live in one module per rulebook section, as functions over the
ball's fields (``ball.py``): ``setup``, ``dance_step``, ``influence``,
``refreshments``, ``server``, ``sanctuary``, ``waltz``, ``plans``, with each
Power's rules in ``powers`` and ``standing``; ``flow`` runs the agenda between
decisions, ``steps`` names the steps and tasks, ``view`` builds observations
and deals worlds from them. This module alone imports them all: the State
contract, with ``STEPS`` saying which section lists and plays the actions of
each decision step, ``DRAWS`` the same for each chance step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import accumulate
from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Choose, Observation
from ballroom.games.the_dance import (
    actions as ac,
)
from ballroom.games.the_dance import (
    dance_step,
    flow,
    influence,
    plans,
    powers,
    refreshments,
    server,
    setup,
    view,
    waltz,
)
from ballroom.games.the_dance.ball import FLAT_LISTS, NESTED_LISTS, Ball
from ballroom.games.the_dance.steps import Phase

if TYPE_CHECKING:
    from ballroom.games.the_dance.game import TheDance

Moves = Callable[["TheDanceState", int], list[int]]
Play = Callable[["TheDanceState", int, int, list[Event]], None]

STEPS: dict[Phase, tuple[Moves, Play]] = {
    Phase.CHOOSE_AVATAR: (setup.avatar_actions, setup.apply_avatar),
    Phase.CHOOSE_SANCTUARY: (setup.sanctuary_actions, setup.apply_sanctuary),
    Phase.KEEP_POWER: (powers.keep_actions, powers.apply_keep),
    Phase.DANCE: (dance_step.actions, dance_step.apply),
    Phase.INFLUENCE: (influence.actions, influence.apply),
    Phase.DOMAIN: (influence.domain_actions, influence.apply_domain),
    Phase.REFRESHMENT: (refreshments.play_actions, refreshments.apply_play),
    Phase.POST_ROLL: (powers.post_roll_actions, powers.apply_post_roll),
    Phase.DROP_INFLUENCE: (influence.drop_actions, influence.apply_drop),
    Phase.DISCARD: (refreshments.discard_actions, refreshments.apply_discard),
    Phase.DISCIPLINE_PAYMENT: (powers.pay_actions, powers.apply_pay),
    Phase.STRATEGIC_PLAN: (powers.plan_choice_actions, powers.apply_plan_choice),
    Phase.INITIATIVE: (waltz.initiative_actions, waltz.apply_initiative),
}
"""Each decision step: the section that lists its legal actions, and the one that plays them."""

_MOVES: tuple[Moves | None, ...] = tuple(STEPS[p][0] if p in STEPS else None for p in Phase)
_PLAYS: tuple[Play | None, ...] = tuple(STEPS[p][1] if p in STEPS else None for p in Phase)
_OVER = Phase.OVER
_NO_CAP = 1 << 62
"""A turn cap no game reaches: ``play_to_end`` without one."""

ROLL_OUTCOMES = [(ac.ROLL + face, 1 / 6) for face in range(6)]
_ROLLS = tuple(range(ac.ROLL, ac.ROLL + 6))

Listing = Callable[["TheDanceState"], list[int]]
Outcomes = Callable[["TheDanceState"], list[tuple[int, float]]]
Sample = Callable[["TheDanceState"], int]
Draw = Callable[["TheDanceState", Rng], int]
Drawn = Callable[["TheDanceState", int, list[Event]], None]


@cache
def _even_odds(count: int) -> tuple[tuple[float, ...], float]:
    """``count`` equal chances summed once for ``Rng.running_index``: the running sums and
    the total, as ``State.draw_chance`` would sum them from ``chance_outcomes``."""
    chances = [1 / count] * count
    return tuple(accumulate(chances)), sum(chances)


def _equally_likely(
    drawn: Listing,
    left: Callable[[TheDanceState], int],
    drawn_at: Callable[[TheDanceState, int], int],
) -> tuple[Listing, Outcomes, Sample, Draw]:
    """The listing, the outcomes, the sampler and a search's draw of a draw whose outcomes
    ``drawn`` lists, each as likely: ``left`` counts them and ``drawn_at`` finds one, so
    that a draw need not list them all."""

    def outcomes(s: TheDanceState) -> list[tuple[int, float]]:
        found = drawn(s)
        chance = 1 / len(found)
        return [(a, chance) for a in found]

    def sample(s: TheDanceState) -> int:
        return drawn_at(s, s.rng.below(left(s)))

    def draw(s: TheDanceState, rng: Rng) -> int:
        return drawn_at(s, rng.running_index(*_even_odds(left(s))))

    return drawn, outcomes, sample, draw


def _rolls(s: TheDanceState) -> list[int]:
    return list(_ROLLS)


def _roll_outcomes(s: TheDanceState) -> list[tuple[int, float]]:
    return ROLL_OUTCOMES[:]


def _sample_roll(s: TheDanceState) -> int:
    return s.rng.choice(_ROLLS)


def _draw_roll(s: TheDanceState, rng: Rng) -> int:
    return ac.ROLL + rng.running_index(*_even_odds(6))


_ROLLED = (server.apply_roll, influence.apply_roll)
"""What a die's face does, by ``RollFor``."""


def _rolled(s: TheDanceState, action: int, events: list[Event]) -> None:
    _ROLLED[s.roll_for](s, action - ac.ROLL + 1, events)


DRAWS: dict[Phase, tuple[Listing, Outcomes, Sample, Draw, Drawn]] = {
    Phase.ROLL: (_rolls, _roll_outcomes, _sample_roll, _draw_roll, _rolled),
    Phase.DRAW_REFRESHMENT: (
        refreshments.drawn,
        refreshments.draw_outcomes,
        refreshments.sample_draw,
        refreshments.draw_with,
        refreshments.apply_draw,
    ),
    Phase.DRAW_POWER: (
        *_equally_likely(powers.draw_outcomes, powers.left_to_draw, powers.drawn_at),
        powers.apply_draw,
    ),
    Phase.DRAW_PLAN: (
        *_equally_likely(plans.draw_outcomes, plans.left_to_draw, plans.drawn_at),
        plans.apply_draw,
    ),
    Phase.PLACE_DANCER: (
        *_equally_likely(setup.draw_outcomes, setup.left_to_draw, setup.drawn_at),
        setup.apply_place_dancer,
    ),
}
"""Each chance step: its outcomes (the legal actions at a chance node, listed without their
chances), its outcomes with their chances, a seeded draw, a search's draw with its own source (the outcome ``State.draw_chance`` draws, without listing the odds), and
what the outcome does."""

_DRAWS: tuple[tuple[Listing, Outcomes, Sample, Draw, Drawn] | None, ...] = tuple(
    DRAWS.get(p) for p in Phase
)
_IS_CHANCE: tuple[bool, ...] = tuple(p in DRAWS for p in Phase)


class TheDanceState(Ball):
    """One game of The Dance; see the package docstring for the rules and rulings."""

    game: TheDance

    def __init__(self, game: TheDance, seed: int) -> None:
        super().__init__(game, seed, game.edition)
        self.held = (powers.held_of(self.comp, ()),) * self.n
        self._legal: tuple[int | None, list[int]] | None = None
        self.agenda = setup.agenda(self)
        self.run_agenda([])

    # -- the contract -------------------------------------------------------

    def current_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is _OVER:
            return ()
        if _IS_CHANCE[phase]:
            return (CHANCE,)
        return (self.actor,)

    def step(self) -> Step[Phase]:
        """The decision due now, in the core's terms: which step, and who decides it."""
        phase = self.phase
        if phase is _OVER:
            return Step.over(phase)
        if _IS_CHANCE[phase]:
            return Step.chance(phase)
        return Step.seat(phase, self.actor)

    def is_chance_node(self) -> bool:
        return _IS_CHANCE[self.phase]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        draws = _DRAWS[self.phase]
        return [] if draws is None else draws[1](self)

    def sample_chance(self) -> int:
        """Draw with the seeded source (one integer draw, no float weights)."""
        draws = _DRAWS[self.phase]
        return super().sample_chance() if draws is None else draws[2](self)

    def draw_chance(self, rng: Rng) -> int:
        """The outcome the declared odds give ``rng`` (``State.draw_chance``), drawn from
        odds summed once: a search draws at every chance step of its rollouts."""
        draws = _DRAWS[self.phase]
        return super().draw_chance(rng) if draws is None else draws[3](self, rng)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The sorted legal actions; a seat's decision lists them, then ``apply`` checks
        the choice against them, so a seat's last list is kept until the state changes
        (not one listed for whoever acts, ``None``: ``apply`` asks for a seat)."""
        known = self._legal
        if known is not None and known[0] == player:
            return known[1][:]
        phase = self.phase
        moves = _MOVES[phase]
        if moves is None:
            draws = _DRAWS[phase]
            if draws is None or player not in (None, CHANCE):
                return []
            return draws[0](self)
        if player is None:
            return moves(self, self.actor)
        if player != self.actor:
            return []
        found = moves(self, player)
        self._legal = (player, found)
        return found[:]

    def legal_sequence(self, player: int) -> Sequence[int]:
        """``legal_actions(player)`` as the list kept for ``apply``'s check, not a copy of it:
        the caller only reads it (a simulation's loop, at every decision)."""
        known = self._legal
        if known is not None and known[0] == player:
            return known[1]
        moves = _MOVES[self.phase]
        if moves is None or player != self.actor:
            return self.legal_actions(player)
        found = moves(self, player)
        self._legal = (player, found)
        return found

    def changed(self) -> None:
        """Forget the legal actions worked out so far: for code that edits the fields by
        hand (the position builder) instead of playing actions."""
        self._legal = None
        self.marked = None
        self.wordings = None

    def _apply(self, action: int, player: int) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        play = _PLAYS[self.phase]
        if play is not None:
            play(self, action, player, events)
        elif (draws := _DRAWS[self.phase]) is not None:
            draws[4](self, action, events)
        return events

    def play_to_end(self, choosers: Sequence[Choose], max_turns: int | None = None) -> None:
        """``State.play_to_end``'s loop, each step's section called straight from the tables:
        the same draws, questions and actions in the same order, one at a time, without the
        contract's calls around each (who acts, the kept listing, ``advance``). A seat's
        listing is not kept (``_legal``): nothing in the loop asks for it again. The events
        nobody reads go to one list, emptied after a seat's action that told one."""
        append = self.history.append
        unread: list[Event] = []
        draws_of, moves_of, plays_of, over = _DRAWS, _MOVES, _PLAYS, _OVER
        cap = _NO_CAP if max_turns is None else max_turns
        while True:
            phase = self.phase
            if phase is over or self.turn > cap:
                return
            draws = draws_of[phase]
            if draws is not None:  # a chance step: no seat's listing is kept there
                action = draws[2](self)
                self.reporting = False
                try:
                    draws[4](self, action, unread)
                finally:
                    self.reporting = True
                append((CHANCE, action))
                continue
            player = self.actor
            legal = moves_of[phase](self, player)  # type: ignore[misc]
            action = choosers[player](legal)
            if action not in legal:
                self.apply(action, player)  # refused, with the rules' message
            self._legal = None  # in case the chooser listed them
            self.reporting = False
            try:
                plays_of[phase](self, action, player, unread)  # type: ignore[misc]
            finally:
                self.reporting = True
            append((player, action))
            if unread:
                unread.clear()

    # -- the flow ---------------------------------------------------------------

    run_agenda = flow.advance
    """Run the agenda until a decision or a chance draw is due."""
    end_turn = flow.end_turn
    """The current family's turn is over; the agenda runs on."""

    observation = view.observation
    """What ``player`` may see: the floor, the counts, her own secrets; ``None`` a spectator."""

    def clone(self) -> TheDanceState:
        twin = object.__new__(TheDanceState)
        state = self.__dict__.copy()
        for key in FLAT_LISTS:
            state[key] = state[key][:]
        for key in NESTED_LISTS:
            state[key] = [inner[:] for inner in state[key]]
        state["rng"] = self.rng.clone()
        state["history"] = self.history.fork()
        state["_legal"] = None
        twin.__dict__ = state
        return twin

    @classmethod
    def from_observation(cls, game: TheDance, seen: Observation, rng: Rng) -> TheDanceState:
        """A full state that agrees with ``seen``; what it hides is dealt at random."""
        state = object.__new__(cls)
        state._legal = None
        view.determinize(state, game, game.edition, seen, rng)
        return state
