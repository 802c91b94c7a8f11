"""The Dark Tales declaration: players, moves and flow, and what it offers.

Beyond the State contract, each in the module that knows it: the deal of
``determinize`` for search (``view.py``; the rest is the core's standard one),
``evaluate`` and ``rollout_action`` for a search's rollouts (``search.py``), the
tensor encoding (``encoding.py``), ``render`` and ``describe_action`` for the
terminal (``render.py``), ``components_json`` (``faces.py``) for the browser view
(``web/view.js``), the learning aids (``explain.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.delegate import DrawnByModule, EncodedByModule, ExplainedByModule, delegate
from ballroom.core.explain import Aids, Teaching
from ballroom.core.flow import Flow
from ballroom.core.options import Option, OptionSet
from ballroom.games.dark_tales.bots import BOT_DEFAULTS, BOTS
from ballroom.games.dark_tales.rules import Played
from ballroom.games.dark_tales.state import Edition, Table
from ballroom.games.dark_tales.turn import CODEC, FLOW, Phase


class DarkTales(Teaching, EncodedByModule, DrawnByModule, ExplainedByModule, Edition):
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
    public_part: ClassVar[type[Table]] = Table
    turn_cap = 300
    """A safety net for automated play: the data make every game reach the end rule
    (RULINGS, Dark Tales 3; the argument is in the package's docstring), within several
    times fewer turns, so a game still going after 300 turns is cut off unfinished."""

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.cinderella = self.options["expansion"] != "none"
        self.shorter = self.options["expansion"] == "cinderella-shorter"

    def new_state(self, seed: int = 0) -> Played:
        return Played(self, seed)

    def blank_state(self, seed: int) -> Played:
        """Not set up: ``determinize`` deals every zone and sets the agenda back."""
        return Played(self, seed, deal=False)

    deal = delegate(".view", "deal_cards")
    deal_private = delegate(".view", "deal_tiles")
    evaluate = delegate(".search", "evaluate", game=False)
    rollout_action = delegate(".search", "rollout_action", game=False)

    def components_json(self) -> dict[str, Any]:
        from ballroom.games.dark_tales import faces
        from ballroom.games.dark_tales.turn import CATALOG, TILE_BASE

        return faces.components_json(CATALOG, TILE_BASE)

    @property
    def aids(self) -> Aids:
        from ballroom.games.dark_tales import explain

        return explain.AIDS
