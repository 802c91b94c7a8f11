"""The game's bots: the heuristic beats random seats and knows the rules that pay (a Noble
kept while Females keep coming); mcts plays through the seat spec, with the
game's evaluation and rollout policy."""

from __future__ import annotations

from ballroom.agents import make_agent
from ballroom.core.play import decision_for, play_out
from ballroom.core.rng import Rng
from ballroom.games.dark_tales import DarkTales, DarkTalesState
from ballroom.games.dark_tales.heuristic import HeuristicAgent
from ballroom.games.dark_tales.position import Position, draw


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


def _heuristic_plays(state: DarkTalesState) -> str:
    seat = state.current_players()[0]
    agent = HeuristicAgent(Rng(1))
    return state.game.action_to_text(agent.act(decision_for(state, seat)))


def test_the_heuristic_keeps_a_noble_while_females_keep_coming_and_plays_it_at_the_end() -> None:
    early = Position().hand(0, "noble-1", "young-hero-1").front(1, "witch-1").build()
    draw(early, "king-1")
    assert _heuristic_plays(early) != "play noble-1"  # 1 Female now, more to come
    late = (
        Position()
        .hand(0, "noble-1", "young-hero-1")
        .hand(1, "king-1", "dragon-1")
        .front(1, "witch-1", "queen", "fairy-1", "princess-1")
        .empty_deck()
        .build()
    )
    assert _heuristic_plays(late) == "play noble-1"  # 4 Females in play, none to come


def test_the_rollout_policy_sees_a_draw_through() -> None:
    """The Old Sage (1 VP, draw a card) against the Young Hero (1 VP, discard a Monster, none
    in play): rated before its draw is drawn, the Sage looks no better than the Hero; once
    the draw is drawn, the Sage leaves a card more in hand, so the rollout policy plays it
    every time."""
    state = Position().hand(0, "old-sage-1", "young-hero-1").build()
    draw(state, "night-1")
    text = state.game.action_to_text
    chosen = {text(state.game.rollout_action(state, 0, Rng(seed))) for seed in range(12)}
    assert chosen == {"play old-sage-1"}


def test_a_search_evaluates_win_shares_and_rolls_out_legal_moves() -> None:
    game = DarkTales(2)
    state = game.new_state(3)
    state.run_chance()
    shares = game.evaluate(state)
    assert len(shares) == 2 and abs(sum(shares) - 1) < 1e-9 and all(0 < s < 1 for s in shares)
    seat = state.current_players()[0]
    assert game.rollout_action(state, seat, Rng(1)) in state.legal_actions(seat)
    ended = play_out(state, [make_agent(game, s, "random", s) for s in range(2)])
    assert game.evaluate(ended) == list(ended.returns())
