"""The Dominare declaration: players, options, moves and flow, and what it offers.

Beyond the State contract, each in the module that knows it: the deal of
``determinize`` for search (``view.py``; the rest is the core's standard one),
``evaluate`` (``evaluation.py``), the tensor encoding (``encoding.py``), ``render``
and ``describe_action`` for the terminal (``render.py``), ``components_json``
(``faces.py``, with each side's map from ``board_layout.py``) for the browser view
in ``web/``, the learning aids (``explain.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.delegate import DrawnByModule, EncodedByModule, ExplainedByModule, delegate
from ballroom.core.explain import Aids, Teaching
from ballroom.core.flow import Flow
from ballroom.core.options import Option, OptionSet
from ballroom.games.dominare.bots import BOT_DEFAULTS, BOTS
from ballroom.games.dominare.components import Side
from ballroom.games.dominare.rules import Played
from ballroom.games.dominare.state import Edition, Table
from ballroom.games.dominare.turn import CATALOG, CODEC, FLOW, Phase

AUTO = "auto"
STANDARD = "standard"
SOLE_AUTHORITY = "sole-authority"
SEMI_BLIND = "semi-blind"
SMALL_SIDE_PLAYERS = range(2, 5)


class Dominare(Teaching, EncodedByModule, DrawnByModule, ExplainedByModule, Edition):
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
    public_part: ClassVar[type[Table]] = Table
    """The table's own fields; a view shows them with what the rules work out (``Shown``)."""

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        side = str(self.options["side"])
        if side == AUTO:
            side = Side.SMALL.value if players in SMALL_SIDE_PLAYERS else Side.LARGE.value
        self.board = CATALOG.boards[Side(side)]
        self.just_learning = bool(self.options["just-learning"])
        drawing = self.options["agents"]
        self.sole_authority = drawing == SOLE_AUTHORITY and not self.just_learning
        self.semi_blind = drawing == SEMI_BLIND and not self.just_learning
        self.draft = drawing == STANDARD
        self.cells = bool(self.options["cells"])
        self.epic = bool(self.options["epic"])
        self.anything_goes = bool(self.options["anything-goes"])
        self.seat_names = tuple(self.player_name(seat) for seat in range(players))

    def new_state(self, seed: int = 0) -> Played:
        return Played(self, seed)

    def blank_state(self, seed: int) -> Played:
        """Not set up: ``determinize`` deals every zone and sets the agenda back."""
        return Played(self, seed, deal=False)

    read = delegate(".view", "read", game=False)
    deal = delegate(".view", "deal_hidden", game=False)
    evaluate = delegate(".evaluation", "evaluate", game=False)

    def components_json(self) -> dict[str, Any]:
        from ballroom.games.dominare import board_layout, faces

        components = faces.components_json(CATALOG)
        components["maps"] = board_layout.layouts(CATALOG.boards.values())
        return components

    @property
    def aids(self) -> Aids:
        from ballroom.games.dominare import explain

        return explain.AIDS
