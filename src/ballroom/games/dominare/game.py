"""The Dominare declaration: players, options, moves and flow, and what it offers.

Beyond the State contract: ``determinize`` for search (``view.py``),
``render`` and ``describe_action`` for the terminal (``render.py``), and
``components_json`` (``faces.py``, with each side's map from ``board_layout.py``)
for the browser view in ``web/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.declared import DeclaredGame
from ballroom.core.explain import Aids, Outcome, Teaching
from ballroom.core.flow import Flow
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.state import Observation, State
from ballroom.games.dominare import render
from ballroom.games.dominare.bots import BOT_DEFAULTS, BOTS
from ballroom.games.dominare.components import Board, Side
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import CATALOG, CODEC, FLOW, Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

AUTO = "auto"
STANDARD = "standard"
SOLE_AUTHORITY = "sole-authority"
SEMI_BLIND = "semi-blind"
SMALL_SIDE_PLAYERS = range(2, 5)


class Dominare(Teaching, DeclaredGame[Phase]):
    id: ClassVar[str] = "dominare"
    name: ClassVar[str] = "Dominare"
    summary: ClassVar[str] = (
        "Seven Seasons of secret conspiracies in the City-State of Tempest: reveal agents, "
        "canvass influence, control blocks and districts, and keep your exposure low."
    )
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "side",
                "The board's side: auto (small for 2-4 players, large for 5-6), small or large "
                "(either side may be played by any number, as the rulebook allows).",
                default=AUTO,
                choices=(AUTO, Side.SMALL.value, Side.LARGE.value),
                label="Board side",
                choice_labels=("By player count", "Small", "Large"),
            ),
            Option(
                "just-learning",
                'The "Just Learning?" setup: Culture, Nobility and Shadowmen out of the deck, and '
                "each player starts with one of the six starting conspiracies instead of the deal.",
                default=False,
                label="Just Learning?",
            ),
            Option(
                "agents",
                "How conspiracies are drawn: standard (deal eight, keep three, the draft before "
                "Season 4), sole-authority (deal fifteen, keep eight, no draft) or semi-blind "
                "(draw two at a time from separate faction decks to ten, discard two, no draft).",
                default=STANDARD,
                choices=(STANDARD, SOLE_AUTHORITY, SEMI_BLIND),
                label="Conspiracies",
            ),
            Option(
                "epic",
                "Epic: each Season, an action with each agent (the agents of rank one first, "
                "then of rank two, and so on): its ability, a district ability or a basic ability.",
                default=False,
            ),
            Option(
                "anything-goes",
                "Anything Goes: on its action turn a player may first open one trade of crowns "
                "and agents in hand with another, binding once accepted.",
                default=False,
            ),
            Option(
                "cells",
                "Cells: from Season 4 each player's lowest ranks are flipped face down for good, "
                "so only the top three agents canvass and act.",
                default=False,
            ),
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS
    codec: ClassVar[ActionCodec] = CODEC
    flow: ClassVar[Flow[Phase]] = FLOW

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        side = str(self.options["side"])
        if side == AUTO:
            side = Side.SMALL.value if players in SMALL_SIDE_PLAYERS else Side.LARGE.value
        self.board: Board = CATALOG.boards[Side(side)]
        self.just_learning = bool(self.options["just-learning"])
        drawing = self.options["agents"]
        self.sole_authority = drawing == SOLE_AUTHORITY and not self.just_learning
        """Sole Authority's deal (the Just Learning set-up replaces any deal)."""
        self.semi_blind = drawing == SEMI_BLIND and not self.just_learning
        self.draft = drawing == STANDARD
        self.cells = bool(self.options["cells"])
        self.epic = bool(self.options["epic"])
        self.anything_goes = bool(self.options["anything-goes"])

    def new_state(self, seed: int = 0) -> DominareState:
        return DominareState(self, seed)

    def determinize(self, observation: Observation, rng: Rng) -> DominareState:
        from ballroom.games.dominare import view

        return view.determinize(self, observation, rng)

    def evaluate(self, state: DominareState) -> list[float]:
        """Search hook: estimated win shares of a state cut short (``evaluation.py``)."""
        from ballroom.games.dominare.evaluation import evaluate

        return evaluate(state)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from ballroom.games.dominare import encoding  # numpy, only for learners

        return (encoding.SIZE,)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        from ballroom.games.dominare import encoding

        names = tuple(block.id for block in self.board.blocks)
        return encoding.encode(observation, self.players, names)

    def encode_state(
        self, state: State, seat: int | None, padded: bool = False
    ) -> npt.NDArray[np.float32]:
        from ballroom.games.dominare import encoding

        assert isinstance(state, DominareState)
        names = tuple(block.id for block in self.board.blocks)
        return encoding.encode_view(state.view(seat), self.players, names)

    def render(self, observation: Observation) -> str:
        return render.render(self, observation)

    def describe_action(self, action: int, observation: Observation) -> str:
        return render.describe_action(self, action, observation)

    def components_json(self) -> dict[str, Any]:
        from ballroom.games.dominare import board_layout, faces

        components = faces.components_json(CATALOG)
        components["maps"] = board_layout.layouts(CATALOG.boards.values())
        return components

    @property
    def aids(self) -> Aids:
        from ballroom.games.dominare import explain

        return explain.AIDS

    def explain_outcome(self, state: DominareState) -> Outcome:
        from ballroom.games.dominare import explain

        return explain.explain_outcome(state)

    def live_scores(self, observation: Observation) -> list[dict[str, Any]]:
        from ballroom.games.dominare import explain

        return explain.live_scores(observation)
