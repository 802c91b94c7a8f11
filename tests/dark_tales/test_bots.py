"""The game's bots: the heuristic and the fitted bot beat random seats; the heuristic
knows the rules that pay (a Noble kept while Females keep coming); mcts plays through
the seat spec, with the game's evaluation and rollout policy."""

from __future__ import annotations

from ballroom.agents import make_agent
from ballroom.core.play import decision_for, play_out
from ballroom.core.rng import Rng
from ballroom.games.dark_tales import DarkTales, DarkTalesState
from ballroom.games.dark_tales.heuristic import HEURISTIC, TUNED, HeuristicAgent, Weights, plays
from ballroom.games.dark_tales.position import Position, draw


def won_against_random(bot: str, games: int, expansion: str = "none") -> float:
    """The games of two players ``bot`` wins against a random seat, its seat alternating."""
    wins = 0.0
    for seed in range(games):
        game = DarkTales(2, expansion=expansion)
        mine = seed % 2
        seats = ["random", "random"]
        seats[mine] = bot
        agents = [make_agent(game, s, spec, seed * 7 + s) for s, spec in enumerate(seats)]
        wins += play_out(game.new_state(seed), agents).returns()[mine]
    return wins


def test_the_heuristic_beats_random_seats_in_most_two_player_games() -> None:
    assert won_against_random("heuristic", 20) >= 12


def test_the_fitted_bot_beats_random_seats_with_and_without_cinderella() -> None:
    assert won_against_random("fitted", 8) >= 6
    assert won_against_random("fitted", 4, expansion="cinderella") >= 3


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
    assert won_against_random("heuristic", 6, expansion="cinderella") >= 5
    game = DarkTales(4, expansion="cinderella-shorter")
    agents = [make_agent(game, s, "heuristic" if s == 0 else "random", s) for s in range(4)]
    state = play_out(game.new_state(4), agents)
    assert state.is_terminal() and state.zones.zone("set-aside").size == 10


def _heuristic_plays(state: DarkTalesState, weights: Weights = HEURISTIC) -> str:
    seat = state.current_players()[0]
    agent = HeuristicAgent(Rng(1), weights)
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


def test_the_cards_a_seat_will_play_are_counted_in_turn_order() -> None:
    """A player plays one card a turn and the game ends when a player starts a turn with no
    cards: with the deck empty and 4 cards against 2, the seat to move plays 3 of its 4 and
    the other seat both of its 2; the seat with 4 plays only 2 if the other moves first.
    The heuristic's simpler count gives the seat with 4 three plays either way."""
    four = ("king-1", "queen", "wizard-1", "witch-1")
    first = Position().hand(0, *four).hand(1, "ogre-1", "goblin-1").empty_deck().build()
    second = Position().hand(0, *four).hand(1, "ogre-1", "goblin-1").player(1).empty_deck()
    assert [plays(first, seat, in_turn_order=True) for seat in (0, 1)] == [3, 2]
    assert [plays(second.build(), seat, in_turn_order=True) for seat in (0, 1)] == [2, 2]
    assert plays(second.build(), 0, in_turn_order=False) == 3


def test_with_three_players_the_first_to_run_out_in_turn_order_ends_the_count() -> None:
    """Seat 2 moves first and holds 2 cards, as seat 1 does: seat 2 is the first to start a
    turn with none (its third), so seat 0 plays only 2 of its 5; the heuristic's count
    (the most another seat holds, plus one) gives it 3."""
    state = (
        Position(players=3)
        .hand(0, "king-1", "queen", "wizard-1", "witch-1", "fairy-1")
        .hand(1, "ogre-1", "goblin-1")
        .hand(2, "dragon-1", "treasure")
        .player(2)
        .empty_deck()
        .build()
    )
    assert [plays(state, seat, in_turn_order=True) for seat in range(3)] == [2, 2, 2]
    assert plays(state, 0, in_turn_order=False) == 3


def test_the_tuned_reading_counts_an_items_use_to_come_as_a_vp() -> None:
    """Under The Tower of Spells a Sword and an Armour score nothing at the end: the
    heuristic values each at half a VP, so it plays the Goblin (1 VP and a Gold Coin,
    which scores 1) before the Blacksmith (1 VP, a Sword and an Armour); the tuned
    reading values each item's use to come at a VP and plays the Blacksmith."""
    state = (
        Position()
        .settings("the-battle-of-the-forgotten-lands", "the-tower-of-spells")
        .hand(0, "blacksmith-1", "goblin-1")
        .build()
    )
    draw(state, "night-1")
    assert _heuristic_plays(state) == "play goblin-1"
    assert _heuristic_plays(state, TUNED) == "play blacksmith-1"
