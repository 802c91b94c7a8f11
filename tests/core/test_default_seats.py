"""Every game declares the table a command sets when it is given no seats."""

from __future__ import annotations

from typing import ClassVar

import pytest

from ballroom.core.game import Game, games, register


@pytest.mark.parametrize("game", games(), ids=lambda g: g.id)
def test_default_seats_are_the_games_own_bots_then_random(game: type[Game]) -> None:
    seats = game.default_seats()
    assert len(seats) == game.default_players
    assert seats[0] == game.default_bot() == next(iter(game.bots))
    assert seats[len(game.bots) :] == ["random"] * (len(seats) - len(game.bots))
    assert game.default_seats(game.min_players)[0] == game.default_bot()


def test_a_game_without_a_default_player_count_is_refused_at_registration() -> None:
    class Nameless(Game):
        id: ClassVar[str] = "nameless"
        min_players: ClassVar[int] = 2
        max_players: ClassVar[int] = 3

    with pytest.raises(TypeError, match="Nameless must declare default_players between 2 and 3"):
        register(Nameless)
    assert "nameless" not in {g.id for g in games()}
