"""Every game declares the table a command sets when it is given no seats."""

from __future__ import annotations

from typing import ClassVar

import pytest
from tests.examples import EXAMPLE_GAMES

from ballroom.core.game import Game, games, register


@pytest.mark.parametrize("game", [*games(), *EXAMPLE_GAMES], ids=lambda g: g.id)
def test_default_seats_are_the_games_own_bots_then_random(game: type[Game]) -> None:
    seats = game.default_seats()
    own = list(game.bots)
    assert len(seats) == game.default_players
    assert seats[0] == game.default_bot() == (own[0] if own else "random")
    assert seats[: len(own)] == own[: len(seats)]
    assert seats[len(own) :] == ["random"] * (len(seats) - len(own))
    assert game.default_seats(game.min_players)[0] == game.default_bot()


def test_a_game_without_bots_is_seated_with_random() -> None:
    class Botless(Game):
        id: ClassVar[str] = "botless"
        min_players: ClassVar[int] = 2
        max_players: ClassVar[int] = 3
        default_players: ClassVar[int] = 3

    assert Botless.default_bot() == "random"
    assert Botless.default_seats() == ["random"] * 3
    assert Botless.default_seats(2) == ["random"] * 2


def test_a_game_without_a_default_player_count_is_refused_at_registration() -> None:
    class Nameless(Game):
        id: ClassVar[str] = "nameless"
        min_players: ClassVar[int] = 2
        max_players: ClassVar[int] = 3

    with pytest.raises(TypeError, match="Nameless must declare default_players between 2 and 3"):
        register(Nameless)
    assert "nameless" not in {g.id for g in games()}
