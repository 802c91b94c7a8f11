"""The rules by step and by task: which module plays each, in one table, and the state
that plays by them.

``HANDLERS`` runs an agenda task (returning the step it waits at, if any);
``CHOICES`` lists a seat's moves at a step; ``PLAYERS`` plays one. Chance
steps play by the task that waits: a die goes to the Pool, the closing die
or a fight, a card to the Area, hand or pile its task draws for.

``HarvestRules`` is the state the game makes: the table of ``state.py``
answering the declared core from these tables. This is the only module that
imports the rulebook sections' modules all together, so none of them (nor
the state) imports it back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import accumulate

from ballroom.core import effects as fx
from ballroom.core.actions import Action
from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.game import Game
from ballroom.core.rng import Rng
from ballroom.core.rule_tables import RuleTables
from ballroom.games.vampires_harvest import actions_phase, attempts, cards, prepare, resolution
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import FIRST, Phase, Task

Handler = Callable[["HarvestState", int], "Step[Phase] | None"]
Choices = Callable[["HarvestState", int], "list[Action]"]
Player = Callable[["HarvestState", "Action", int], None]

HANDLERS: dict[Task, Handler] = {
    Task.DEAL_BLOODSTONE: prepare.deal_bloodstone,
    Task.DEAL_OPPORTUNITY: prepare.deal_opportunity,
    Task.FIRST_INITIATIVE: prepare.first_initiative,
    Task.ADVANCE_TURN: prepare.advance_turn,
    Task.PASS_INITIATIVE: prepare.pass_initiative,
    Task.POOL_DIE: prepare.roll_die,
    Task.CLOSING_DIE: prepare.roll_die,
    Task.EVENT: prepare.reveal_event,
    Task.BROKER: prepare.broker,
    Task.SKILLS: prepare.skills,
    Task.SELECT: actions_phase.select,
    Task.REVEAL: actions_phase.reveal,
    Task.RESOLVE: resolution.resolve,
    Task.ENCOUNTER_DRAW: resolution.encounter_draw,
    Task.ENCOUNTER_FACE: resolution.encounter_face,
    Task.FIGHT_DIE: prepare.roll_die,
    Task.FIGHT_CHECK: attempts.fight_check,
    Task.SEDUCE_DRAW: attempts.seduce_draw,
    Task.SEDUCE_KEEP: attempts.seduce_keep,
    Task.BLOODSTONE_REWARD: prepare.deal_bloodstone,
    Task.END_TURN: resolution.end_turn,
}

CHOICES: dict[Phase, Choices] = {
    Phase.BROKER: prepare.broker_choices,
    Phase.AUCTION: prepare.auction_choices,
    Phase.SKILLS: prepare.skill_choices,
    Phase.SELECT: actions_phase.select_choices,
    Phase.LATE: actions_phase.select_choices,
    Phase.FACE: resolution.face_choices,
    Phase.ATTEMPT: attempts.attempt_choices,
    Phase.REROLL: attempts.reroll_choices,
    Phase.KEEP: attempts.keep_choices,
    Phase.TRAIN: resolution.train_choices,
    Phase.TRAINER: resolution.trainer_choices,
}


def chances(state: HarvestState) -> list[tuple[Action, float]]:
    """The first Initiative holder, or the card the pending task draws."""
    if state.step.name is Phase.FIRST:
        n = state.game.players
        return [(FIRST(seat + 1), 1.0 / n) for seat in range(n)]
    return cards.draw_outcomes(state)


ROLLED: dict[Task, Callable[[HarvestState, int], None]] = {
    Task.POOL_DIE: prepare.pool_rolled,
    Task.CLOSING_DIE: prepare.closing_rolled,
    Task.FIGHT_DIE: attempts.fight_rolled,
}


def play_roll(state: HarvestState, action: Action, seat: int) -> None:
    assert state.pending is not None
    (face,) = action.values
    ROLLED[state.pending[0]](state, face)
    state.proceed()


def play_draw(state: HarvestState, action: Action, seat: int) -> None:
    assert state.pending is not None
    (card,) = action.values
    cards.place_drawn(state, card)
    if state.pending[0] is Task.EVENT:
        prepare.event_revealed(state, card)
    state.proceed()


def play_first(state: HarvestState, action: Action, seat: int) -> None:
    prepare.first_player(state, action["player"] - 1)
    state.proceed()


PLAYERS: dict[Phase, Player] = {
    Phase.FIRST: play_first,
    Phase.ROLL: play_roll,
    Phase.DRAW: play_draw,
    Phase.BROKER: prepare.play_broker,
    Phase.AUCTION: prepare.play_auction,
    Phase.SKILLS: prepare.play_skills,
    Phase.SELECT: actions_phase.play_select,
    Phase.LATE: actions_phase.play_late,
    Phase.FACE: resolution.play_face,
    Phase.ATTEMPT: attempts.play_attempt,
    Phase.REROLL: attempts.play_reroll,
    Phase.KEEP: attempts.play_keep,
    Phase.TRAIN: resolution.play_train,
    Phase.TRAINER: resolution.play_trainer,
}


@cache
def uniform_odds(outcomes: int) -> tuple[tuple[float, ...], float]:
    """The running sums and the total of ``outcomes`` equal odds, added as
    ``Rng.weighted_index`` adds them."""
    odds = [1.0 / outcomes] * outcomes
    return tuple(accumulate(odds)), sum(odds)


class HarvestRules(HarvestState, RuleTables[Phase, Task]):
    """A game of Vampire's Harvest, played by the tables above: Setup is under way from the
    start (``deal=False``: an empty agenda, for a position builder that sets the table)."""

    tasks = HANDLERS
    choosers = CHOICES
    movers = PLAYERS

    def __init__(self, game: Game, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        if deal:
            self.agenda = prepare.setup_agenda(self)
            self.proceed()
            self.told = []

    def chances(self) -> list[tuple[Action, float]]:
        return chances(self)

    # A draw is most of the chance nodes: its outcomes are each card of the pile, equally
    # likely, so they are listed by id and drawn from odds summed once per pile size; the
    # same outcome as the core's ``weighted_index`` of ``chance_outcomes``, and the same
    # numbers drawn from the source.

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.step.name is not Phase.DRAW:
            return super().chance_outcomes()
        ids = cards.draw_ids(self)
        probability = 1.0 / len(ids)
        return [(action, probability) for action in ids]

    def sample_chance(self) -> int:
        if self.step.name is not Phase.DRAW:
            return super().sample_chance()
        return self._draw(self.rng)

    def draw_chance(self, rng: Rng) -> int:
        if self.step.name is not Phase.DRAW:
            return super().draw_chance(rng)
        return self._draw(rng)

    def _draw(self, rng: Rng) -> int:
        pile = sorted(cards.draw_pile(self))
        running, total = uniform_odds(len(pile))
        return cards.DRAW_IDS[pile[rng.running_index(running, total)]]

    def perform(self, seat: int, operation: fx.Primitive, source: str) -> list[Event]:
        """A card ability's operation, for the effects engine (``cards.perform``)."""
        cards.perform(self, seat, operation)
        return []
