"""The rules by task and by step: which module plays each, in one table; and the state
that plays by them (``Played``).

``HANDLERS`` runs an agenda task (returning the step it waits at, if any);
``CHOICES`` lists a seat's moves at a step; ``PLAYERS`` plays one. Chance
steps play by the task that waits: an agent card goes to the pile its task
draws for, an event to the table (or on top of the deck, for a look).

This is the one module that imports the modules of the rules' parts, so that they, the
state's fields (``state.py``) and the game import in one direction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import accumulate

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.public import part_of
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Outcome
from ballroom.core.view import View
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import (
    abilities,
    action_phase,
    canvassing,
    chronicle,
    conspiracy,
    events_phase,
    setup,
    trading,
)
from ballroom.games.dominare.components import DECK_SIZE
from ballroom.games.dominare.influence import controllers
from ballroom.games.dominare.scoring import ranking, scores
from ballroom.games.dominare.state import (
    AGENT_DECK,
    CHOSEN_PILES,
    DEALT_PILES,
    EVENT_DECK,
    HANDS,
    DominareState,
    Edition,
    Shown,
)
from ballroom.games.dominare.turn import (
    CATALOG,
    CODEC,
    DRAW,
    EVENT,
    EVENT_PHASE,
    OP_TASK,
    Phase,
    Task,
)

Handler = Callable[["DominareState", int], "Step[Phase] | None"]
Choices = Callable[["DominareState", int], "Sequence[Action]"]
Player = Callable[["DominareState", "Action", int], None]

HANDLERS: dict[Task, Handler] = {
    Task.DEAL: setup.deal,
    Task.LEARNING: setup.learning,
    Task.KEEP: setup.keep,
    Task.RETURN: setup.return_dealt,
    Task.SEASON: conspiracy.season,
    Task.DRAFT_PICK: setup.draft_pass,
    Task.DRAFT_END: setup.draft_end,
    Task.SELECT_DRAW: conspiracy.select_draw,
    Task.SELECT: conspiracy.select,
    Task.REVEAL: conspiracy.reveal,
    Task.REVEALED: conspiracy.revealed,
    Task.ORDER: conspiracy.order,
    Task.EVENT: events_phase.reveal_event,
    Task.SECTIONS: events_phase.sections,
    Task.ADJUST: events_phase.adjust,
    Task.CANVASS: canvassing.canvass,
    Task.ACTION: action_phase.action,
    Task.OP: abilities.op,
    Task.RECRUIT_DRAW: setup.deal,
    Task.RECRUIT_KEEP: action_phase.recruit_keep,
    Task.SEASON_END: action_phase.season_end,
    Task.BLIND_DRAW: setup.blind_draw,
    Task.BLIND_DISCARD: setup.discard_step,
    Task.BLIND_MERGE: setup.blind_merge,
}

CHOICES: dict[Phase, Choices] = {
    Phase.KEEP: setup.keep_choices,
    Phase.SELECT: conspiracy.select_choices,
    Phase.RECRUIT: setup.keep_choices,
    Phase.CANVASS: canvassing.canvass_choices,
    Phase.SPREAD: canvassing.spread_choices,
    Phase.ACTION: action_phase.action_choices,
    Phase.EXTRA: abilities.choices,
    Phase.BLOCK: abilities.choices,
    Phase.PLAYER: abilities.choices,
    Phase.DISTRICT: abilities.choices,
    Phase.AGENT: abilities.choices,
    Phase.SIGN: abilities.choices,
    Phase.SPEND: abilities.choices,
    Phase.AMOUNT: abilities.choices,
    Phase.ADJUST: events_phase.adjust_choices,
    Phase.DECK: setup.deck_choices,
    Phase.DISCARD: setup.discard_choices,
    Phase.OFFER: trading.offer_choices,
    Phase.TRADE: trading.answer_choices,
    Phase.HAND_OVER: trading.hand_over_choices,
}

DRAWN_TO = {
    Task.DEAL: DEALT_PILES,
    Task.RECRUIT_DRAW: DEALT_PILES,
    Task.SELECT_DRAW: CHOSEN_PILES,
}
"""Where the agent drawn for each task goes (the seat's own pile)."""
DRAW_IDS = tuple(CODEC.encode(DRAW(card)) for card in range(DECK_SIZE))
EVENT_IDS = tuple(CODEC.encode(EVENT(card - DECK_SIZE)) for card in CATALOG.event_ids)
"""The id of the chance move drawing each agent card, and each event card (from
``DECK_SIZE``): a draw picks its card, then its move."""
CARD_DRAWS = (Phase.DRAW, EVENT_PHASE)
"""The chance steps that draw a card (an agent, an event) from a pile."""
DRAWN_CARD = {
    Phase.DRAW: dict(zip(DRAW_IDS, range(DECK_SIZE), strict=True)),
    EVENT_PHASE: dict(zip(EVENT_IDS, CATALOG.event_ids, strict=True)),
}
"""At each drawing step, the card each of its moves draws, by the move's id."""


def chances(state: DominareState) -> list[tuple[Action, float]]:
    """The agent, event or starting conspiracy chance deals."""
    if state.step.name is Phase.CONSPIRACY:
        return setup.conspiracy_outcomes(state)
    return [(drawn(state, card), p) for card, p in state.zones.draw_outcomes(pile(state))]


def pile(state: DominareState) -> ZoneId:
    """The pile a chance draw takes its card from."""
    if state.step.name is EVENT_PHASE:
        return EVENT_DECK
    return ZoneId(f"deck-{state.blind_deck}") if state.blind_deck else AGENT_DECK


def drawn(state: DominareState, card: int) -> Action:
    """The chance move that draws ``card``."""
    return EVENT(card - DECK_SIZE) if state.step.name is EVENT_PHASE else DRAW(card)


def play_draw(state: DominareState, action: Action, seat: int) -> None:
    assert state.pending is not None
    task, owner = state.pending
    (card,) = action.values
    to = HANDS if state.blind_deck else DRAWN_TO[task]
    state.zones = state.zones.move(card, to[owner])
    state.blind_deck = ""
    state.say("draw", f"{state.name(owner)} draws an agent.")
    state.proceed()


def play_event(state: DominareState, action: Action, seat: int) -> None:
    assert state.pending is not None
    card = action["event"] + DECK_SIZE
    if state.pending[0] is OP_TASK:
        abilities.peeked(state, card)
    else:
        events_phase.event_revealed(state, card)
    state.proceed()


PLAYERS: dict[Phase, Player] = {
    Phase.DRAW: play_draw,
    Phase.EVENT: play_event,
    Phase.CONSPIRACY: setup.play_conspiracy,
    Phase.KEEP: setup.play_keep,
    Phase.SELECT: conspiracy.play_select,
    Phase.RECRUIT: action_phase.play_recruit_keep,
    Phase.CANVASS: canvassing.play_first,
    Phase.SPREAD: canvassing.play_spread,
    Phase.ACTION: action_phase.play_action,
    Phase.EXTRA: abilities.extra_played,
    Phase.BLOCK: abilities.play,
    Phase.PLAYER: abilities.play,
    Phase.DISTRICT: abilities.play,
    Phase.AGENT: abilities.play,
    Phase.SIGN: abilities.play,
    Phase.SPEND: abilities.play,
    Phase.AMOUNT: abilities.play,
    Phase.ADJUST: events_phase.play_adjust,
    Phase.DECK: setup.play_deck,
    Phase.DISCARD: setup.play_discard,
    Phase.OFFER: trading.play_offer,
    Phase.TRADE: trading.play_answer,
    Phase.HAND_OVER: trading.play_hand_over,
}


@cache
def even_odds(count: int) -> tuple[tuple[float, ...], float]:
    """The running sums and the total of ``count`` equal shares, added as
    ``Rng.weighted_index`` adds them, so that ``Rng.running_index`` draws the very card it
    would: summed once per pile size, not at every draw."""
    shares = [1.0 / count] * count
    return tuple(accumulate(shares)), sum(shares)


class Played(DominareState):
    """A game of Dominare played by these rules, set up unless ``deal`` is false."""

    tasks = HANDLERS
    choosers = CHOICES
    movers = PLAYERS

    def __init__(self, game: Edition, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        if deal:
            self.agenda = setup.agenda(self)
            self.proceed()
            self.told = []

    def chances(self) -> list[tuple[Action, float]]:
        return chances(self)

    def sample_chance(self) -> int:
        """A draw picks its card at once, with the very odds the outcomes list would give
        (each card equally likely), without listing every card as a move."""
        if self.step.name not in CARD_DRAWS:
            return super().sample_chance()
        return self.draw_card(self.rng)

    def draw_chance(self, rng: Rng) -> int:
        """As ``sample_chance`` draws, with a search's ``rng``."""
        if self.step.name not in CARD_DRAWS:
            return super().draw_chance(rng)
        return self.draw_card(rng)

    def is_legal(self, action: int, player: int) -> bool:
        """A draw is legal when its card lies in the pile the step draws from (as
        ``chances`` lists them), asked without listing every card of the pile."""
        drawing = self.step.name
        if player != CHANCE or drawing not in CARD_DRAWS:
            return super().is_legal(action, player)
        card = DRAWN_CARD[drawing].get(action)
        return card is not None and card in self.zones[pile(self)].cards

    def draw_card(self, rng: Rng) -> int:
        """The draw's move, its card drawn with ``rng`` as ``Rng.weighted_index`` would
        draw it from the outcomes (listed by card)."""
        cards = sorted(self.zones[pile(self)].cards)
        card = cards[rng.running_index(*even_odds(len(cards)))]
        return EVENT_IDS[card - DECK_SIZE] if self.step.name is EVENT_PHASE else DRAW_IDS[card]

    def view(self, seat: int | None) -> View[Phase, Shown, None]:
        """The table's fields, with the side, who controls each district and each seat's VP
        so far worked out by the rules."""

        def public() -> Shown:
            worked_out = {
                "side": self.board.side.value,
                "control": controllers(self),
                "standing": scores(self),
            }
            return part_of(Shown, self, frozen=True, worked_out=worked_out)

        shown = self.till_moved("shown", public)  # every seat's alike, tallied once per moment
        return View(seat, self.step, self.zones.view(seat), shown, None)

    def seat_features(self) -> list[dict[str, str]]:
        return chronicle.seat_features(self)

    def outcome(self) -> Outcome:
        return Outcome.from_ranking(self.game.players, ranking(self))
