"""The Dance's game state: one game in progress as plain lists and ints.

The rules live in one module per rulebook section, as functions over this
state: ``setup``, ``dance_step``, ``influence``, ``refreshments``,
``server``, ``sanctuary``, ``waltz``, ``plans``, with each Power's rules in
``powers``; ``flow`` runs the agenda between decisions, ``steps`` names the
steps and tasks, ``view`` builds observations and deals worlds from them.
This class holds the fields and the State contract; ``STEPS`` says which
section lists and plays the actions of each decision step, ``DRAWS`` the
same for each chance step.

Pieces on the floor live in ``occ`` (one entry per hex: -1 empty, a Dancer
index, ``nd + seat`` for an Avatar, ``server_code``), mirrored by
``dancer_pos``, ``avatar_pos`` and ``server``.

The commonest events (steps, leads, rolls, Influence efforts, the Tempo, the
Server, Refreshments drawn) are told with ``say``: worded only when read, and
not made at all while a search or a simulation plays with ``advance``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation, Outcome, State
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
from ballroom.games.the_dance.components import POWER_IDS, Components
from ballroom.games.the_dance.steps import Agenda, Phase, RollFor, Target

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

ROLL_OUTCOMES = [(ac.ROLL + face, 1 / 6) for face in range(6)]

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
    drawn: Callable[[TheDanceState], list[int]],
) -> tuple[Outcomes, Sample, Draw]:
    """The outcomes, the sampler and a search's draw of a draw whose outcomes ``drawn``
    lists, each as likely."""

    def outcomes(s: TheDanceState) -> list[tuple[int, float]]:
        found = drawn(s)
        chance = 1 / len(found)
        return [(a, chance) for a in found]

    def sample(s: TheDanceState) -> int:
        found = drawn(s)
        return found[s.rng.below(len(found))]

    def draw(s: TheDanceState, rng: Rng) -> int:
        found = drawn(s)
        return found[rng.running_index(*_even_odds(len(found)))]

    return outcomes, sample, draw


def _roll_outcomes(s: TheDanceState) -> list[tuple[int, float]]:
    return ROLL_OUTCOMES[:]


def _sample_roll(s: TheDanceState) -> int:
    return ac.ROLL + s.rng.below(6)


def _draw_roll(s: TheDanceState, rng: Rng) -> int:
    return ac.ROLL + rng.running_index(*_even_odds(6))


_ROLLED = (server.apply_roll, influence.apply_roll)
"""What a die's face does, by ``RollFor``."""


def _rolled(s: TheDanceState, action: int, events: list[Event]) -> None:
    _ROLLED[s.roll_for](s, action - ac.ROLL + 1, events)


DRAWS: dict[Phase, tuple[Outcomes, Sample, Draw, Drawn]] = {
    Phase.ROLL: (_roll_outcomes, _sample_roll, _draw_roll, _rolled),
    Phase.DRAW_REFRESHMENT: (
        refreshments.draw_outcomes,
        refreshments.sample_draw,
        refreshments.draw_with,
        refreshments.apply_draw,
    ),
    Phase.DRAW_POWER: (*_equally_likely(powers.draw_outcomes), powers.apply_draw),
    Phase.DRAW_PLAN: (*_equally_likely(plans.draw_outcomes), plans.apply_draw),
    Phase.PLACE_DANCER: (*_equally_likely(setup.draw_outcomes), setup.apply_place_dancer),
}
"""Each chance step: its outcomes with their chances, a seeded draw, a search's draw with
its own source (the outcome ``State.draw_chance`` draws, without listing the odds), and
what the outcome does."""

_DRAWS: tuple[tuple[Outcomes, Sample, Draw, Drawn] | None, ...] = tuple(DRAWS.get(p) for p in Phase)
_IS_CHANCE: tuple[bool, ...] = tuple(p in DRAWS for p in Phase)


def family_name(comp: Components, avatar: int) -> str:
    """How the table names a seat once its Avatar is chosen: ``the Balaz family``."""
    return f"the {comp.avatars[avatar].family} family"


class TheDanceState(State):
    """One game of The Dance; see the package docstring for the rules and rulings."""

    game: TheDance

    def __init__(self, game: TheDance, seed: int) -> None:
        super().__init__(game, seed)
        comp = game.components
        board = comp.board
        n = game.players
        nd = len(comp.dancers)
        self.comp = comp
        self.n = n
        self.nd = nd
        self.server_code = nd + n
        self.phase = Phase.OVER
        self.actor = -1
        self.agenda: Agenda = []
        self.turn = 0
        self.tempo = 1
        self.order: list[int] = []
        self.initiative = 0
        self.current = -1
        # The floor.
        self.occ = [-1] * len(board.hexes)
        self.dancer_pos = [-1] * nd
        self.dancer_seat = [-1] * nd
        self.influenced_by = [-1] * nd
        self.dominated = [False] * nd
        self.marker_slot = [0] * nd
        self.lead_left = [0] * nd
        self.placed = 0
        self.server = -1
        # Families (one per seat).
        self.avatar_of = [-1] * n
        self.sanctuary_of = [-1] * n
        self.closed: tuple[frozenset[int], ...] = (frozenset(),) * n
        """The hexes each family's Avatar may not enter (``sanctuary.close_entries``):
        replaced, never changed in place, so that clones and games share it."""
        self.avatar_pos = [-1] * n
        self.foiled = [False] * n
        self.markers = [1] * n
        self.powers: list[list[int]] = [[] for _ in range(n)]
        self.held = (powers.held_of(comp, ()),) * n
        """What each family's Powers make of the rules (``powers.settle``): replaced, never
        changed in place, so that a clone shares it."""
        self.revealed: list[list[int]] = [[] for _ in range(n)]
        self.drawn_powers: list[list[int]] = [[] for _ in range(n)]
        # Every Power each family drew, kept or returned: a balance fact no rule reads.
        self.dealt_powers: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[0] * len(comp.refreshments) for _ in range(n)]
        self.hand_size = [0] * n
        self.plan = [-1] * n
        self.plan_public = [False] * n
        self.candidate_plan = -1
        self.seated: list[list[int]] = [[] for _ in range(n)]
        self.finished: list[int] = []
        self.dawn_ranking: list[tuple[int, ...]] = []
        # Piles.
        self.power_pile = list(range(len(comp.powers)))
        self.refresh_pile = [k.count for k in comp.refreshments]
        self.refresh_left = sum(self.refresh_pile)
        self.plan_pile = list(range(len(comp.plans)))
        self.spent = [0] * len(comp.refreshments)
        self.discarded = [0] * len(comp.refreshments)
        self.discarded_count = 0
        # The current turn.
        self.movement_left = 0
        self.ankhs_used = 0
        self.movement_spent = 0
        self.passing = False
        self.attempts = 0
        self.strategic_used = False
        self.pay_left = 0
        self.draw_for = -1
        self.roll_for = RollFor.SERVER
        # The current Influence effort.
        self.target_kind = Target.DANCER
        self.target = -1
        self.domain = -1
        self.played: list[int] = []
        self.roll = 0
        self.lowered = 0
        self.rerolled = False
        self.tactician_used = False
        self.dominates = False
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

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def is_chance_node(self) -> bool:
        return _IS_CHANCE[self.phase]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        draws = _DRAWS[self.phase]
        return [] if draws is None else draws[0](self)

    def sample_chance(self) -> int:
        """Draw with the seeded source (one integer draw, no float weights)."""
        draws = _DRAWS[self.phase]
        return super().sample_chance() if draws is None else draws[1](self)

    def draw_chance(self, rng: Rng) -> int:
        """The outcome the declared odds give ``rng`` (``State.draw_chance``), drawn from
        odds summed once: a search draws at every chance step of its rollouts."""
        draws = _DRAWS[self.phase]
        return super().draw_chance(rng) if draws is None else draws[2](self, rng)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The sorted legal actions; a seat's decision lists them, then ``apply`` checks
        the choice against them, so the last list is kept until the state changes."""
        known = self._legal
        if known is not None and known[0] == player:
            return known[1][:]
        phase = self.phase
        moves = _MOVES[phase]
        if moves is None:
            if phase is _OVER or player not in (None, CHANCE):
                return []
            return [a for a, _ in self.chance_outcomes()]
        if player is not None and player != self.actor:
            return []
        found = moves(self, self.actor)
        self._legal = (player, found)
        return found[:]

    def changed(self) -> None:
        """Forget the legal actions worked out so far: for code that edits the fields by
        hand (the position builder) instead of playing actions."""
        self._legal = None

    def _apply(self, action: int, player: int) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        play = _PLAYS[self.phase]
        if play is not None:
            play(self, action, player, events)
        elif (draws := _DRAWS[self.phase]) is not None:
            draws[3](self, action, events)
        return events

    # -- the flow ---------------------------------------------------------------

    run_agenda = flow.advance
    """Run the agenda until a decision or a chance draw is due."""
    end_turn = flow.end_turn
    """The current family's turn is over; the agenda runs on."""

    # -- the end, views, copies ------------------------------------------------

    def outcome(self) -> Outcome:
        rest = tuple(p for p in range(self.n) if p not in self.finished)
        ranking: list[tuple[int, ...]] = [(p,) for p in self.finished]
        if self.dawn_ranking:
            ranking.extend(self.dawn_ranking)
        elif rest:
            ranking.append(rest)
        if self.phase != Phase.OVER:
            return Outcome(
                winners=(), ranking=tuple(ranking), returns=tuple(0.0 for _ in range(self.n))
            )
        return Outcome.from_ranking(self.n, ranking)

    def turns(self) -> int:
        return self.turn

    def seat_features(self) -> list[dict[str, str]]:
        comp = self.comp
        return [
            {
                "power": "+".join(sorted(POWER_IDS[w] for w in self.powers[p])) or "none",
                "power_dealt": "+".join(sorted(POWER_IDS[w] for w in self.dealt_powers[p]))
                or "none",
                "plan": comp.plans[self.plan[p]].id if self.plan[p] >= 0 else "none",
                "avatar": comp.avatars[self.avatar_of[p]].slug
                if self.avatar_of[p] >= 0
                else "none",
                "sanctuary": comp.board.sanctuaries[self.sanctuary_of[p]].colour
                if self.sanctuary_of[p] >= 0
                else "none",
            }
            for p in range(self.n)
        ]

    observation = view.observation
    """What ``player`` may see: the floor, the counts, her own secrets; ``None`` a spectator."""

    def clone(self) -> TheDanceState:
        twin = object.__new__(TheDanceState)
        state = self.__dict__.copy()
        for key in _FLAT_LISTS:
            state[key] = state[key][:]
        for key in _NESTED_LISTS:
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
        view.determinize(state, game, seen, rng)
        return state

    # -- the log's words ------------------------------------------------------------

    def who(self, p: int) -> str:
        """A seat's name in the log: its family once known, as on every screen."""
        return seat_name(self.comp, self.game, self.avatar_of, p)

    def family(self, p: int) -> str:
        a = self.avatar_of[p]
        return self.comp.avatars[a].family if a >= 0 else self.game.player_name(p)

    @staticmethod
    def event(
        event: str, text: str, *, audience: int | None = None, reveals: bool = False, **data: Any
    ) -> Event:
        """An event whose sentence starts with a capital (names start with "the")."""
        text = text[:1].upper() + text[1:]
        seats = None if audience is None else frozenset((audience,))
        return Event(event, text, data, seats, reveals)

    def say(
        self,
        events: list[Event],
        event: str,
        template: str,
        *,
        audience: int | None = None,
        words: Mapping[str, object] | None = None,
        **data: Any,
    ) -> None:
        """Report an event whose sentence is ``template`` filled in when first read
        (``sentence``), and nothing at all when nobody reads events (``advance``)."""
        if self.reporting:
            seats = None if audience is None else frozenset((audience,))
            names = (self.comp, self.game, tuple(self.avatar_of))
            events.append(Event(event, partial(sentence, template, words, names), data, seats))


def seat_name(comp: Components, game: TheDance, avatars: Sequence[int], p: int) -> str:
    """Seat ``p``'s name in the log (``nobody`` for none): her family once she chose her
    Avatar (``avatars``, each seat's), else her seat."""
    if p < 0:
        return "nobody"
    a = avatars[p]
    return family_name(comp, a) if a >= 0 else game.player_name(p)


Names = tuple["Components", "TheDance", tuple[int, ...]]
"""What names the seats in a sentence: the components, the game, each seat's Avatar."""


def sentence(
    template: str, words: Mapping[str, object] | None, names: Names, data: Mapping[str, Any]
) -> str:
    """An event's sentence, made when first read: ``template`` filled from ``words``, the
    event's data and ``{who}``, the name of the data's ``player`` as the table knew it when
    the event was told (``TheDanceState.who``), with a capital first letter."""
    fields = dict(data)
    if words:
        fields.update(words)
    player = data.get("player")
    if player is not None:
        fields["who"] = seat_name(*names, player)
    text = template.format_map(fields)
    return text[:1].upper() + text[1:]


_FLAT_LISTS = (
    "agenda",
    "order",
    "occ",
    "dancer_pos",
    "dancer_seat",
    "influenced_by",
    "dominated",
    "marker_slot",
    "lead_left",
    "avatar_of",
    "sanctuary_of",
    "avatar_pos",
    "foiled",
    "markers",
    "hand_size",
    "plan",
    "plan_public",
    "finished",
    "power_pile",
    "refresh_pile",
    "plan_pile",
    "spent",
    "discarded",
    "played",
    "dawn_ranking",
)
_NESTED_LISTS = ("powers", "revealed", "drawn_powers", "dealt_powers", "hand", "seated")
