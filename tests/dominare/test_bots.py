"""The game's bots and terminal: the heuristic beats random seats; mcts plays through the
seat spec; the render shows a seat's table and no one else's hand."""

from __future__ import annotations

from ballroom.agents import make_agent
from ballroom.core.agent import Decision
from ballroom.core.play import play_out
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.position import Position, act


def test_the_heuristic_beats_random_seats_in_two_player_games() -> None:
    wins = 0.0
    for seed in range(10):
        game = Dominare(2)
        mine = seed % 2
        seats = ["random", "random"]
        seats[mine] = "heuristic"
        agents = [make_agent(game, s, spec, seed * 7 + s) for s, spec in enumerate(seats)]
        wins += play_out(game.new_state(seed), agents).returns()[mine]
    assert wins >= 9


def test_the_heuristic_finishes_games_at_every_table_size() -> None:
    for players in (6,):
        game = Dominare(players, **{"anything-goes": True})
        agents = [make_agent(game, s, "heuristic", s) for s in range(players)]
        state = play_out(game.new_state(players), agents)
        assert state.is_terminal() and state.season == 7


def test_mcts_chooses_a_legal_move_through_the_common_seat_spec() -> None:
    state = Position(players=2).season(6).ranks(0, "Hamish Lothian").crowns(0, 9).build()
    game = state.game
    bot = make_agent(game, 0, "mcts:iterations=3", 1)
    legal = state.legal_actions(0)
    chosen = bot.act(Decision(game, 0, state.observation(0), legal))
    assert chosen in legal


def test_the_heuristic_inspires_just_enough_to_take_a_rivals_block() -> None:
    """One rival influence on a Church block: it buys two, not one (too few) nor more."""
    state = Position(players=2).vp("church", 3).influence("church-4", 1, 1).crowns(0, 15).build()
    game = state.game
    bot = make_agent(game, 0, "heuristic", 1)
    act(state, 0, "inspire church-4")
    legal = state.legal_actions(0)
    chosen = bot.act(Decision(game, 0, state.observation(0), legal))
    assert game.action_to_text(chosen) == "amount 2"


def test_the_evaluation_favours_the_leader_and_sums_to_one() -> None:
    state = Position(players=2).season(6).influence("senate-1", 0, 2).build()
    shares = state.game.evaluate(state)
    assert abs(sum(shares) - 1) < 1e-9 and shares[0] > shares[1]


def test_the_render_shows_the_table_and_only_the_seats_own_hand() -> None:
    state = Position(players=2).ranks(0, "Pavel").hand(0, "Gillie").hand(1, "Mother Anna").build()
    text = state.game.render(state.observation(0))
    assert "Season 1 of 7" in text and "Pavel" in text and "Your hand: Gillie" in text
    assert "Mother Anna" not in text
    move = state.game.parse_action("replace 1 gillie")
    assert "Gillie" in state.game.describe_action(move, state.observation(0))
