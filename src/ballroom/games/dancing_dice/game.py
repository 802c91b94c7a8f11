"""The Dancing Dice game declaration: players, options, moves and flow, and what it offers.

Beyond the State contract it declares (``ballroom.core.capabilities``), each
answered by the module named, imported when first asked
(``ballroom.core.delegate``): ``determinize`` and ``rollout_action`` for
search (``determinize.py``), ``evaluate`` (``outlook.py``), ``move_hints``
for the browser (``hints.py``), ``render`` and ``describe_action`` for the
terminal (``render.py``, ``DrawnByModule``), and a tensor encoding of its
observations for learners (``encoding.py``, ``EncodedByModule``, with room
for the most seats too).

Its options are the starting ``endurance`` and the research options of
``research.py`` (off by default, not in the rulebook), which shrink the game
for algorithms that walk its whole tree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.declared import DeclaredGame
from ballroom.core.delegate import DrawnByModule, EncodedByModule, delegate
from ballroom.core.explain import Aids, Teaching
from ballroom.core.flow import Flow
from ballroom.core.options import Option, OptionSet
from ballroom.core.zones import Zones
from ballroom.games.dancing_dice.bots import BOT_DEFAULTS, BOTS
from ballroom.games.dancing_dice.game_play import CODEC, FLOW, Phase, read_action
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE, SEAT_NAMES
from ballroom.games.dancing_dice.research import OPTIONS as RESEARCH_OPTIONS
from ballroom.games.dancing_dice.research import RESEARCH_TURN_CAP, Dice
from ballroom.games.dancing_dice.state import DancingDiceState, Lineup

if TYPE_CHECKING:
    pass


class DancingDice(Teaching, EncodedByModule, DrawnByModule, DeclaredGame[Phase]):
    id: ClassVar[str] = "dancing-dice"
    name: ClassVar[str] = "Dancing Dice"
    summary: ClassVar[str] = (
        "Roll six dice behind a curtain, re-roll once, arrange two dances; "
        "the judges accept only the best half. Last couple dancing wins."
    )
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "endurance",
                "Starting endurance (the rulebook's 10; lower for a shorter game).",
                default=MAX_ENDURANCE,
                minimum=1,
                maximum=MAX_ENDURANCE,
            ),
            *RESEARCH_OPTIONS,
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS
    codec: ClassVar[ActionCodec] = CODEC
    flow: ClassVar[Flow[Phase]] = FLOW

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.dice = Dice.of(self.options)
        """How the dice are rolled: the rulebook's, unless a research option is on."""
        if not self.dice.is_rulebook:
            self.turn_cap = RESEARCH_TURN_CAP
        self.no_zones = Zones.create(players, [])
        """Dice are not cards: every marathon's zones are none."""
        self.no_zone_views = {seat: self.no_zones.view(seat) for seat in [None, *range(players)]}
        """Each seat's view of no zones, made once."""
        self._lineups: dict[tuple[int, ...], Lineup] = {}
        self._rerolled: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, int], ...]] = {}

    def lineup(self, couples: tuple[int, ...]) -> Lineup:
        """What a round with ``couples`` dancing rolls and asks, worked out once per lineup."""
        found = self._lineups.get(couples)
        if found is None:
            found = self._lineups[couples] = Lineup.of(couples, self.dice.rolled)
        return found

    def rerolled(self, couple: int, places: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """The dice chance rolls again when ``couple`` re-rolls ``places``, in order:
        ``(couple, die)``, worked out once per couple and choice."""
        key = (couple, places)
        found = self._rerolled.get(key)
        if found is None:
            found = tuple((couple, die) for die in self.dice.rerolled(places))
            self._rerolled[key] = found
        return found

    @cached_property
    def offers(self) -> Mapping[Any, Sequence[int]]:
        """The ids each step offers every couple alike, as the research options leave them."""
        return self.dice.offers()

    def new_state(self, seed: int = 0) -> DancingDiceState:
        return DancingDiceState(self, seed)

    def parse_action(self, text: str) -> int:
        return read_action(text)

    def player_name(self, player: int) -> str:
        return SEAT_NAMES[player]

    # -- search ---------------------------------------------------------------

    determinize = delegate(".determinize", "determinize")
    """Search hook: rivals' dice drawn as the expert would have rolled and chosen them."""
    evaluate = delegate(".outlook", "evaluate", game=False)
    """Search hook: estimated win shares of a state cut short."""
    rollout_action = delegate(".determinize", "rollout_action", game=False)
    """Search hook: a fast, strong rollout policy."""

    # -- learners (the encoding for the game's seats by its module) -----------

    padded_observation_shape = property(delegate(".encoding", "padded_shape"))
    encode_padded = delegate(".encoding", "encode_padded")

    # -- people ---------------------------------------------------------------

    move_hints = delegate(".hints", "move_hints", game=False)
    explain_outcome = delegate(".explain", "explain_outcome", game=False)

    @property
    def aids(self) -> Aids:
        from ballroom.games.dancing_dice import explain

        return explain.AIDS
