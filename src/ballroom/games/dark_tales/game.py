"""The Dark Tales declaration: players, moves and flow, and what it offers.

Beyond the State contract: ``determinize`` for search (``view.py``), ``evaluate`` and
``rollout_action`` for a search's rollouts (``search.py``),
``render`` and ``describe_action`` for the terminal (``render.py``), ``components_json``
(``faces.py``) for the browser view (``web/view.js``).
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
from ballroom.games.dark_tales import render
from ballroom.games.dark_tales.bots import BOT_DEFAULTS, BOTS
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import CODEC, FLOW, Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class DarkTales(Teaching, DeclaredGame[Phase]):
    id: ClassVar[str] = "dark-tales"
    name: ClassVar[str] = "Dark Tales"
    summary: ClassVar[str] = (
        "A card game of fairy tales: play one card a turn, do what it says, use the items "
        "the Setting allows, and score the most VP when the cards run out."
    )
    rules_version: ClassVar[str] = "2"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "expansion",
                "none: the base game alone; cinderella: with the Cinderella expansion "
                "(its cards, tiles, Setting cards and Balls at the Palace); "
                "cinderella-shorter: the same, first removing 10 different base cards at random.",
                "none",
                ("none", "cinderella", "cinderella-shorter"),
                choice_labels=("No expansion", "Cinderella", "Cinderella, shorter"),
            ),
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS
    codec: ClassVar[ActionCodec] = CODEC
    flow: ClassVar[Flow[Phase]] = FLOW
    turn_cap = 300
    """A safety net for automated play: the data make every game reach the end rule
    (RULINGS, Dark Tales 3; the argument is in the package's docstring), within several
    times fewer turns, so a game still going after 300 turns is cut off unfinished."""

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.cinderella = self.options["expansion"] != "none"
        """Whether the Cinderella expansion is played."""
        self.shorter = self.options["expansion"] == "cinderella-shorter"

    def new_state(self, seed: int = 0) -> DarkTalesState:
        return DarkTalesState(self, seed)

    def evaluate(self, state: DarkTalesState) -> list[float]:
        from ballroom.games.dark_tales import search

        return search.evaluate(state)

    def rollout_action(self, state: DarkTalesState, player: int, rng: Rng) -> int:
        from ballroom.games.dark_tales import search

        return search.rollout_action(state, player, rng)

    def determinize(self, observation: Observation, rng: Rng) -> DarkTalesState:
        from ballroom.games.dark_tales import view

        return view.determinize(self, observation, rng)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from ballroom.games.dark_tales import encoding  # numpy, only for learners

        return (encoding.size(self.players),)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        from ballroom.games.dark_tales import encoding

        return encoding.encode(observation, self.players)

    def encode_state(
        self, state: State, seat: int | None, padded: bool = False
    ) -> npt.NDArray[np.float32]:
        from ballroom.games.dark_tales import encoding

        assert isinstance(state, DarkTalesState)
        return encoding.encode_view(state.view(seat), self.players)

    def render(self, observation: Observation) -> str:
        return render.render(self, observation)

    def describe_action(self, action: int, observation: Observation) -> str:
        return render.describe_action(self, action, observation)

    def components_json(self) -> dict[str, Any]:
        from ballroom.games.dark_tales import faces
        from ballroom.games.dark_tales.turn import CATALOG, TILE_BASE

        return faces.components_json(CATALOG, TILE_BASE)

    @property
    def aids(self) -> Aids:
        from ballroom.games.dark_tales import explain

        return explain.AIDS

    def explain_outcome(self, state: DarkTalesState) -> Outcome:
        from ballroom.games.dark_tales import explain

        return explain.explain_outcome(state)

    def live_scores(self, observation: Observation) -> list[dict[str, Any]]:
        from ballroom.games.dark_tales import explain

        return explain.live_scores(observation)
