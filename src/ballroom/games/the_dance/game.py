"""The Dance game declaration: options, actions, and what it offers.

Beyond the State contract it offers, each from the module named:
``determinize`` (``view.py``); imported when first asked
(``ballroom.core.delegate``), ``evaluate`` and ``rollout_action`` for search
(``search.py``), a tensor encoding (``encoding.py``), ``render`` for the
terminal (``render.py``), ``move_hints`` (``hints.py``) and the teaching aids
(``explain.py``); ``describe_action`` (``wording.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.delegate import delegate
from ballroom.core.explain import Teaching
from ballroom.core.game import Game
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import powers, refreshments, wording
from ballroom.games.the_dance.ball import Edition, family_name
from ballroom.games.the_dance.bots import BOT_DEFAULTS, BOTS
from ballroom.games.the_dance.components import (
    Components,
    default_components,
)
from ballroom.games.the_dance.state import TheDanceState


class TheDance(Teaching, Game):
    id: ClassVar[str] = "the-dance"
    name: ClassVar[str] = "The Dance"
    summary: ClassVar[str] = (
        "Vampire families at a grand ball: steer your Avatar across the waltz, "
        "Influence the Dancers your secret Plan needs and seat them at your table."
    )
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    codec: ClassVar[ActionCodec] = ac.CODEC
    """The declared action families, whose ids are the game's (structured action spaces)."""
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "domination",
                "natural-one: an unmodified successful roll of one Dominates, and Dominated Dancers are "
                "out of everyone's reach (SEQUENCE OF PLAY); margin-three: a roll 3 or more "
                "under the target Dominates, and another Domination takes her over.",
                default="natural-one",
                choices=("natural-one", "margin-three"),
            ),
            Option(
                "refreshment-domain",
                "own: a Refreshment adds its pips only to its own Domain; any: to whichever "
                "Domain is rolled.",
                default="own",
                choices=("own", "any"),
            ),
            Option(
                "scenario",
                "subtlety: Plans stay secret until a win; arrogance: every Plan is revealed "
                "at the first Player Phase; new-blood: Avatars are chosen after the Plans.",
                default="subtlety",
                choices=("subtlety", "arrogance", "new-blood"),
            ),
            Option(
                "initiative",
                "Optional rule INITIATIVE: the holder acts first and passes the marker after "
                "each Waltz Phase.",
                default=False,
            ),
            Option(
                "super-villains",
                "Optional rule SUPER VILLAINS: keep both Powers drawn.",
                default=False,
            ),
            Option(
                "dawn",
                "House rule, not in the rulebook (off by default, 0): the ball closes at dawn "
                "after this game turn, and the families that filled the most Plan symbols, then "
                "seated the most Dancers, win. The rulebook ends the game only by a Plan.",
                default=0,
                minimum=0,
                maximum=100_000,
            ),
            Option(
                "play-for-places",
                "Play on after the first win to rank second, third and so on.",
                default=False,
            ),
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS
    turn_cap = 200
    """No turn limit in the rules (RULINGS 16), and random play seldom seats anyone, so
    automated play cuts a game off unfinished after 200 turns; purposeful games between
    the heuristic bots end by a Plan in about 10-25."""

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.components: Components = default_components()
        self.margin_three = self.options["domination"] == "margin-three"
        self.any_domain = self.options["refreshment-domain"] == "any"
        kinds = [k.domain for k in self.components.refreshments]
        self.ankh_kind = kinds.index(-1) if -1 in kinds else -1
        self.shown_at_deal = powers.shown_at_deal(self.components)
        """The Powers seen at the deal (Old Wealth's six Refreshments), which ``determinize``
        deals only to a family that showed one."""
        self.edition = Edition(
            self.components,
            self.margin_three,
            self.any_domain,
            self.ankh_kind,
            self.shown_at_deal,
            refreshments.fitting(self.components, self.any_domain),
        )
        """What the rules read of this game (``ball.Edition``)."""

    def new_state(self, seed: int = 0) -> TheDanceState:
        return TheDanceState(self, seed)

    @property
    def num_distinct_actions(self) -> int:
        return ac.NUM_ACTIONS

    action_to_text = staticmethod(ac.to_text)
    """An action's text (``actions.to_text``), called straight: a record writes one for
    every action of a game."""

    def parse_action(self, text: str) -> int:
        return ac.parse(text)

    def action_json(self, action: int) -> dict[str, Any]:
        """The structured form of ``action``: its family and parameters by name."""
        return ac.CODEC.to_json(action)

    def determinize(self, observation: Observation, rng: Rng) -> TheDanceState:
        return TheDanceState.from_observation(self, observation, rng)

    evaluate = delegate(".search", "evaluate", game=False)
    """Search hook for IS-MCTS: win shares of a game cut short."""
    rollout_action = delegate(".search", "rollout_action", game=False)
    """Search hook: a fast greedy rollout policy."""

    # -- learners -------------------------------------------------------------------

    observation_shape = property(delegate(".encoding", "shape"))
    padded_observation_shape = property(delegate(".encoding", "padded_shape"))
    encode_observation = delegate(".encoding", "encode_observation")
    encode_padded = delegate(".encoding", "encode_padded")

    # -- people ---------------------------------------------------------------------

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    names_from_play = True

    def player_names(self, public: Observation) -> list[str]:
        """Once a seat has chosen its Avatar, the table knows it by its family."""
        return [
            family_name(self.components, f["avatar"]) if f["avatar"] >= 0 else self.player_name(q)
            for q, f in enumerate(public["families"])
        ]

    move_hints = delegate(".hints", "move_hints")
    render = delegate(".render", "render")
    """The ballroom as a seat sees it, in rich markup."""

    @staticmethod
    def describe_action(action: int, observation: Observation) -> str:
        """The move in words, with the odds or place it concerns, for menus and buttons."""
        return wording.describe_action(action, observation)

    explain_outcome = delegate(".explain", "explain_outcome", game=False)

    aids = property(delegate(".explain", "aids"))
