"""The example games meet the RL adapters' suites as a registered game does.

The generic suites that read ``GAME_CLASSES`` (conformance, twin secrecy,
words, copying), the golden games and the default seats include the example
games by name. The adapters' suites (``tests/interop``) reach a game by id
through the registry, so here each of their per-game checks runs on every
example game, registered for the test's duration: the encoding, PettingZoo's
API and seed tests (both APIs), OpenSpiel's random simulation, ISMCTS,
resampling, undo, length bound and information-state checks, and
Gymnasium's environment checker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.examples import EXAMPLE_GAMES, registered
from tests.interop import test_encoding as encoding_suite
from tests.interop import test_openspiel as openspiel_suite
from tests.interop import test_openspiel_complete as complete_suite
from tests.interop import test_openspiel_information as information_suite
from tests.interop import test_pettingzoo as pettingzoo_suite
from tests.interop import test_pettingzoo_parallel as parallel_suite

from ballroom.core.game import Game

Config = tuple[str, int, dict[str, Any]]
Check = Callable[[Config], None]

CHECKS: dict[str, Check] = {
    "encoding_shape_and_range": encoding_suite.test_encoding_has_fixed_shape_and_unit_range,
    "pettingzoo_api": pettingzoo_suite.test_pettingzoo_api_test,
    "pettingzoo_seed": pettingzoo_suite.test_pettingzoo_seed_test,
    "pettingzoo_parallel_api": parallel_suite.test_pettingzoo_parallel_api_test,
    "openspiel_random_sim": openspiel_suite.test_openspiel_random_sim_test,
    "openspiel_ismcts": complete_suite.test_ismcts_bot_plays_every_game,
    "openspiel_resampled": complete_suite.test_a_resampled_state_is_the_same_to_the_seat,
    "openspiel_undo": complete_suite.test_undo_action_takes_back_every_action,
    "openspiel_bound": complete_suite.test_random_games_end_before_the_bound,
    "openspiel_tensors": information_suite.test_tensors_have_the_declared_shape_and_unit_range,
    "openspiel_unseen": information_suite.test_what_a_seat_cannot_see_changes_none_of_its_views,
    "openspiel_views": information_suite.test_seats_views_differ_only_where_their_observations_do,
}


def configs() -> list[Config]:
    """Each example game at a small table and at its largest, with its default options."""
    return [
        (game.id, players, {})
        for game in EXAMPLE_GAMES
        for players in sorted({min(game.max_players, game.min_players + 1), game.max_players})
    ]


@pytest.fixture(autouse=True)
def examples_registered() -> Iterator[None]:
    """The example games in the registry, and so with pyspiel, as a registered game is."""
    from ballroom.interop import openspiel

    with registered(*EXAMPLE_GAMES):
        openspiel.register_games()
        yield


@pytest.mark.parametrize("game", EXAMPLE_GAMES, ids=lambda g: g.id)
def test_every_example_game_has_an_encoding(game: type[Game]) -> None:
    encoding_suite.test_every_registered_game_has_an_encoding(game)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("config", configs(), ids=lambda c: f"{c[0]}-{c[1]}p")
def test_the_adapters_suites(config: Config, check: str) -> None:
    CHECKS[check](config)


@pytest.mark.parametrize("game", EXAMPLE_GAMES, ids=lambda g: g.id)
def test_gymnasiums_env_checker(game: type[Game]) -> None:
    from gymnasium.utils.env_checker import check_env

    from ballroom.interop.gym import make

    check_env(make(game.id, "random", illegal="lose"), skip_render_check=True)
