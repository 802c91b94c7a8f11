"""The Vampire's Harvest declaration: players, options, moves and flow, and what it offers.

A standard game (``ballroom.core.standard``): its view parts (``Table``,
``Secret``) and cards declared, so the view, ``read`` and the body of
``determinize`` are the core's; the game deals each deck's unseen cards
among its own hidden zones and the Action cards chosen in secret. Beyond the
State contract it offers, each from the module named: ``evaluate`` and
``rollout_action`` for its rollouts (``evaluation.py``, ``rollout.py``), a
tensor encoding (``encoding.py``, ``EncodedByModule``), ``render`` and
``describe_action`` for the terminal (``render.py``, ``DrawnByModule``),
``move_hints`` (``hints.py``), the teaching aids and the outcome's account
(``explain.py``, ``ExplainedByModule``) and ``components_json``
(``faces.py``) for the browser.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.declared import DeclaredState
from ballroom.core.delegate import DrawnByModule, EncodedByModule, ExplainedByModule, delegate
from ballroom.core.explain import Aids, Teaching
from ballroom.core.flow import Flow
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame
from ballroom.core.view import View
from ballroom.core.zones import Zones
from ballroom.games.vampires_harvest import faces
from ballroom.games.vampires_harvest.actions_phase import open_cards
from ballroom.games.vampires_harvest.bots import BOT_DEFAULTS, BOTS
from ballroom.games.vampires_harvest.rules import HarvestRules
from ballroom.games.vampires_harvest.state import (
    HarvestState,
    Secret,
    Table,
    area_count,
    closing_die,
    opportunity_deck,
)
from ballroom.games.vampires_harvest.turn import (
    CATALOG,
    CLOSING_DIE,
    CODEC,
    FLOW,
    ONE_AREA,
    ActionCard,
    Phase,
)
from ballroom.games.vampires_harvest.view import deal_hidden


class VampiresHarvest(
    Teaching, EncodedByModule, DrawnByModule, ExplainedByModule, StandardGame[Phase]
):
    id: ClassVar[str] = "vampires-harvest"
    name: ClassVar[str] = "Vampire's Harvest"
    summary: ClassVar[str] = (
        "Twelve nights of choosing Actions in secret: harvest Blood, pay Tribute, slay "
        "Enemies, seduce humans. Score the two lower tracks multiplied, plus the highest."
    )
    rules_version: ClassVar[str] = "2"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 4
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "two-player",
                "How two play (the game is designed for 3-5; other counts ignore this): "
                "closing-die (RULINGS 1: two Areas, a die closes Area 1 on a 1 and Area 2 on "
                "a 2 each turn, Events that close an Area removed) or one-area (one Area fewer "
                "than players, as for 3-5).",
                default=CLOSING_DIE,
                choices=(CLOSING_DIE, ONE_AREA),
                label="Two players",
            ),
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS
    codec: ClassVar[ActionCodec] = CODEC
    flow: ClassVar[Flow[Phase]] = FLOW
    public_part: ClassVar[type[Table]] = Table
    private_part: ClassVar[type[Secret]] = Secret
    cards: ClassVar[tuple[str, ...]] = tuple(card.name for card in CATALOG.cards)

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.two_player = closing_die(self)
        """Whether the two-player closing-die rules (RULINGS 1) apply."""
        self.areas = area_count(self)

    def new_state(self, seed: int = 0) -> HarvestState:
        return HarvestRules(self, seed)

    # -- search ---------------------------------------------------------------------

    def blank_state(self, seed: int) -> HarvestState:
        """The table before Setup: ``determinize`` sets every public field back."""
        return HarvestRules(self, seed, deal=False)

    def deal_zones(self, view: View[Phase, Any, Any], rng: Rng) -> Zones:
        """Every unseen card into the hidden zones of its own deck; the Opportunity deck
        in play (by the turn) fills the Chance Encounters too (``view.deal_hidden``)."""
        return deal_hidden(view.zones, opportunity_deck(view.public.turn), rng)

    def deal_private(
        self, state: DeclaredState[Phase], view: View[Phase, Any, Any], rng: Rng
    ) -> None:
        """The seat's own Action card, and one for every other seat that has chosen in
        secret at this step."""
        assert isinstance(state, HarvestState)
        step = view.step
        secret_step = step.name in (Phase.SELECT, Phase.LATE)
        for seat in range(self.players):
            if seat == view.seat:
                state.chosen[seat] = view.private.chosen if view.private is not None else None
            elif secret_step and seat not in step.seats and _chose(state, seat):
                state.chosen[seat] = rng.choice(open_cards(state, seat))

    evaluate = delegate(".evaluation", "evaluate", game=False)
    """Search hook: estimated win shares of a state cut short."""
    rollout_action = delegate(".rollout", "rollout_action", game=False)
    """Search hook: a rollout's move."""

    # -- people (the encoding, the terminal and the outcome's account by their modules) ----

    move_hints = delegate(".hints", "move_hints")

    def components_json(self) -> dict[str, Any]:
        return faces.components_json(CATALOG)

    @property
    def aids(self) -> Aids:
        from ballroom.games.vampires_harvest import explain

        return explain.AIDS


def _chose(state: HarvestState, seat: int) -> bool:
    """Whether ``seat`` owes a choice at this secret step (and has made it)."""
    if state.step.name is Phase.SELECT:
        return True
    return state.revealed[seat] is ActionCard.LATE_DECISION
