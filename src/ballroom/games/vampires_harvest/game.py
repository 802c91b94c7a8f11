"""The Vampire's Harvest declaration: players, options, moves and flow, and what it offers.

Beyond the State contract: ``determinize`` for search (``view.py``),
``evaluate`` and ``rollout_action`` for its rollouts (``evaluation.py``,
``rollout.py``), ``render`` and ``describe_action`` for the terminal
(``render.py``), ``move_hints`` (``hints.py``) and ``components_json``
(``faces.py``) for the browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.declared import DeclaredGame
from ballroom.core.explain import Aids, Outcome, Teaching
from ballroom.core.flow import Flow
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.state import Observation, State
from ballroom.games.vampires_harvest import render
from ballroom.games.vampires_harvest.bots import BOT_DEFAULTS, BOTS
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CODEC, FLOW, Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

CLOSING_DIE = "closing-die"
ONE_AREA = "one-area"


class VampiresHarvest(Teaching, DeclaredGame[Phase]):
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

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.two_player = players == 2 and self.options["two-player"] == CLOSING_DIE
        """Whether the two-player closing-die rules (RULINGS 1) apply."""
        self.areas = 2 if self.two_player else players - 1

    def new_state(self, seed: int = 0) -> HarvestState:
        return HarvestState(self, seed)

    def determinize(self, observation: Observation, rng: Rng) -> HarvestState:
        from ballroom.games.vampires_harvest import view

        return view.determinize(self, observation, rng)

    def evaluate(self, state: HarvestState) -> list[float]:
        """Search hook: estimated win shares of a state cut short (``evaluation.py``)."""
        from ballroom.games.vampires_harvest.evaluation import evaluate

        return evaluate(state)

    def rollout_action(self, state: HarvestState, player: int, rng: Rng) -> int:
        """Search hook: a rollout's move (``rollout.py``)."""
        from ballroom.games.vampires_harvest.rollout import rollout_action

        return rollout_action(state, player, rng)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from ballroom.games.vampires_harvest import encoding  # numpy, only for learners

        return (encoding.SIZE,)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        from ballroom.games.vampires_harvest import encoding

        return encoding.encode(observation, self.players)

    def encode_state(
        self, state: State, seat: int | None, padded: bool = False
    ) -> npt.NDArray[np.float32]:
        from ballroom.games.vampires_harvest import encoding

        assert isinstance(state, HarvestState)
        return encoding.encode_view(state.view(seat), self.players)

    def render(self, observation: Observation) -> str:
        return render.render(self, observation)

    def describe_action(self, action: int, observation: Observation) -> str:
        return render.describe_action(self, action, observation)

    def move_hints(self, observation: Observation, legal: Sequence[int]) -> dict[int, Any]:
        from ballroom.games.vampires_harvest import hints

        return hints.move_hints(self, observation, legal)

    def components_json(self) -> dict[str, Any]:
        from ballroom.games.vampires_harvest import faces
        from ballroom.games.vampires_harvest.turn import CATALOG

        return faces.components_json(CATALOG)

    @property
    def aids(self) -> Aids:
        from ballroom.games.vampires_harvest import explain

        return explain.AIDS

    def explain_outcome(self, state: HarvestState) -> Outcome:
        from ballroom.games.vampires_harvest import explain

        return explain.explain_outcome(state)

    def live_scores(self, observation: Observation) -> list[dict[str, Any]]:
        from ballroom.games.vampires_harvest import explain

        return explain.live_scores(observation)
