"""Dancing Dice's own bots, declared without importing them.

The ``expert`` lives in ``expert.py`` with numpy and its tables; it is
imported when a seat first asks for it, so registering the game stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ballroom.core.bots import Bot, ParamValues, by_name
from ballroom.core.errors import InvalidOptionError
from ballroom.games.dancing_dice.research import Dice, research_options_on

if TYPE_CHECKING:
    from ballroom.core.agent import Agent
    from ballroom.core.game import Game
    from ballroom.core.options import OptionValue
    from ballroom.core.rng import Rng


def _expert(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    from ballroom.games.dancing_dice.expert import ExpertAgent

    rulebook_dice(game.options, "the expert bot")
    return ExpertAgent()


def rulebook_dice(options: Mapping[str, OptionValue], who: str) -> None:
    """Refuse research options to ``who`` (a bot built for the rulebook's dice)."""
    if not Dice.of(options).is_rulebook:
        on = ", ".join(research_options_on(options))
        raise InvalidOptionError(f"{who} plays the rulebook's dice, not the research options {on}")


BOTS = by_name(
    Bot(
        "expert",
        "Arranges and rerolls for the least expected endurance loss, computed exactly.",
        _expert,
    )
)

BOT_DEFAULTS = ("mcts:iterations=300,search=halving,below=rollout,horizon=0",)
"""What a bare ``mcts`` seat plays here: the setting measured to beat this game's own bot
(``docs/bot-strength.md``). Paired halving over the root moves from the expert's guess
(the game's rollout policy), each move judged right after it is made by the outlook of
the round (``outlook.py``): exact between two couples, a played-out round with more.
"""
