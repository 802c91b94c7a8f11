"""The game's bots: the heuristic beats random seats; mcts plays through the seat spec."""

from __future__ import annotations

from ballroom.agents import make_agent
from ballroom.core.play import play_out
from ballroom.games.dark_tales import DarkTales


def test_the_heuristic_beats_random_seats_in_most_two_player_games() -> None:
    wins = 0.0
    for seed in range(20):
        game = DarkTales(2)
        mine = seed % 2
        seats = ["random", "random"]
        seats[mine] = "heuristic"
        agents = [make_agent(game, s, spec, seed * 7 + s) for s, spec in enumerate(seats)]
        wins += play_out(game.new_state(seed), agents).returns()[mine]
    assert wins >= 12


def test_the_heuristic_finishes_games_at_every_table_size() -> None:
    for players in (2, 3, 4):
        game = DarkTales(players)
        agents = [make_agent(game, s, "heuristic", s) for s in range(players)]
        state = play_out(game.new_state(players), agents)
        assert state.is_terminal() and not state.zones.zone("deck").size


def test_mcts_plays_through_the_common_seat_spec() -> None:
    game = DarkTales(2)
    agents = [make_agent(game, 0, "mcts:iterations=2", 1), make_agent(game, 1, "random", 2)]
    state = play_out(game.new_state(5), agents)
    assert state.is_terminal()


def test_with_cinderella_the_heuristic_beats_random_seats_and_finishes_every_table() -> None:
    wins = 0.0
    for seed in range(6):
        game = DarkTales(2, expansion="cinderella")
        mine = seed % 2
        seats = ["random", "random"]
        seats[mine] = "heuristic"
        agents = [make_agent(game, s, spec, seed * 7 + s) for s, spec in enumerate(seats)]
        wins += play_out(game.new_state(seed), agents).returns()[mine]
    assert wins >= 5
    game = DarkTales(4, expansion="cinderella-shorter")
    agents = [make_agent(game, s, "heuristic" if s == 0 else "random", s) for s in range(4)]
    state = play_out(game.new_state(4), agents)
    assert state.is_terminal() and state.zones.zone("set-aside").size == 10
