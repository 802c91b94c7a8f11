"""The game's bots: the heuristic beats random seats; mcts plays through the seat spec."""

from __future__ import annotations

from ballroom.agents import make_agent
from ballroom.core.play import play_out
from ballroom.games.vampires_harvest import VampiresHarvest


def test_the_heuristic_beats_random_seats_in_two_player_games() -> None:
    wins = 0.0
    for seed in range(20):
        game = VampiresHarvest(2)
        mine = seed % 2
        seats = ["random", "random"]
        seats[mine] = "heuristic"
        agents = [make_agent(game, s, spec, seed * 7 + s) for s, spec in enumerate(seats)]
        wins += play_out(game.new_state(seed), agents).returns()[mine]
    assert wins >= 18


def test_the_heuristic_finishes_games_at_every_table_size() -> None:
    for players in (2, 3, 5):
        game = VampiresHarvest(players)
        agents = [make_agent(game, s, "heuristic", s) for s in range(players)]
        state = play_out(game.new_state(players), agents)
        assert state.is_terminal() and state.turn == 12


def test_mcts_plays_through_the_common_seat_spec() -> None:
    game = VampiresHarvest(2)
    agents = [make_agent(game, 0, "mcts:iterations=2", 1), make_agent(game, 1, "random", 2)]
    state = play_out(game.new_state(5), agents)
    assert state.is_terminal()


def test_the_evaluation_favours_the_leader_and_sums_to_one() -> None:
    from ballroom.games.vampires_harvest.position import Position

    state = Position(players=3).turn(11).tracks(0, 4, 7, 5).tracks(1, 2, 2, 2).build()
    shares = state.game.evaluate(state)
    assert abs(sum(shares) - 1.0) < 1e-9
    assert shares[0] > 0.99 and shares[1] > shares[2]
    early = Position(players=3).turn(1).tracks(0, 2, 1, 1).build()
    assert max(early.game.evaluate(early)) < 0.5


def test_the_heuristic_rerolls_every_miss_it_may_and_keeps_its_hits() -> None:
    from ballroom.core.play import decision_for
    from ballroom.games.vampires_harvest.position import Position, act, roll, select

    state = Position(players=3).skills(0, speed=4, blood_fury=1).area(1, "inquisitor").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face inquisitor", "attempt fury")  # 4 dice hitting on 3 or more
    roll(state, 2, 5, 1, 2)  # one hit of five; the 1 stays below level 3
    agent = make_agent(state.game, 0, "heuristic", 0)
    assert state.game.action_to_text(agent.act(decision_for(state, 0))) == "reroll two 2s"


def test_a_searchs_rollouts_reroll_every_miss_they_may_while_hits_are_lacking() -> None:
    from ballroom.core.rng import Rng
    from ballroom.games.vampires_harvest.position import Position, act, roll, select

    state = Position(players=3).skills(0, speed=4, blood_fury=1).area(1, "inquisitor").build()
    select(state, {0: "area-1", 1: "train", 2: "train"})
    act(state, 0, "face inquisitor", "attempt fury")  # strength 5; 4 dice hitting on 3 or more
    roll(state, 2, 5, 1, 2)
    move = state.game.rollout_action(state, 0, Rng(0))
    assert state.game.action_to_text(move) == "reroll two 2s"  # not the 5; the 1 may not go
    act(state, 0, "reroll two 2s")
    roll(state, 6, 6)  # three hits of five, but no miss left to roll (the 1 stays)
    assert state.game.action_to_text(state.game.rollout_action(state, 0, Rng(0))) == "stop"
    assert state.game.rollout_action(state, 0, Rng(0)) in state.legal_actions(0)
