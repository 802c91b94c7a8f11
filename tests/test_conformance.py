"""Generic checks every registered game must pass, parametrised over the registry.

A new game is tested by these the day it registers: stable sorted legal
actions, text forms that parse back, illegal input refused with the state
unchanged, independent clones, JSON observations, records that replay, and
(where it can determinize) worlds dealt from a seat's view that show that
seat exactly its view and play on to the end. The example game, which is not
registered, is included by name.
"""

from __future__ import annotations

import json

import pytest

import ballroom
from ballroom.agents import RandomAgent, make_agent
from ballroom.core.capabilities import Determinizes
from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.game import Game, games
from ballroom.core.play import decision_for, past_cap, play_out
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State
from ballroom.games.high_card import HighCard

MAX_ACTIONS = 20_000
EXAMPLES: list[type[Game]] = [HighCard]
"""Games that are not registered (not in the lobby or the lab) but must keep the contract."""
GAME_CLASSES = games() + EXAMPLES


def random_walk(game: Game, seed: int, check: bool = True) -> State:
    """Play a random game, checking the contract at every step when ``check``, to its end
    or until cut off past the game's ``turn_cap`` (truncated: no winner)."""
    state = game.new_state(seed)
    agents = [RandomAgent(Rng(seed * 31 + seat)) for seat in range(game.players)]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal() or past_cap(state, game.turn_cap):
            break
        players = state.current_players()
        player = players[0]
        legal = state.legal_actions(player)
        if check:
            assert legal == sorted(set(legal)) and legal, (
                "legal actions are sorted, unique, non-empty"
            )
            assert all(0 <= a < game.num_distinct_actions for a in legal)
            for action in legal:
                assert game.parse_action(game.action_to_text(action)) == action
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert sorted(a for a, _ in outcomes) == legal
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            json.dumps(state.observation(None))
            for seat in range(game.players):
                json.dumps(state.observation(seat))
        if player == CHANCE:
            action = state.sample_chance()
        else:
            action = agents[player].act(decision_for(state, player))
        state.apply(action, player)
    assert state.is_terminal() or past_cap(state, game.turn_cap), (
        f"no end after {MAX_ACTIONS} actions"
    )
    return state


@pytest.fixture(params=GAME_CLASSES, ids=lambda g: g.id)
def game(request: pytest.FixtureRequest) -> Game:
    game_class: type[Game] = request.param
    return game_class(min(4, game_class.max_players))


def test_random_games_follow_the_contract(game: Game) -> None:
    state = random_walk(game, seed=1)
    assert len(state.returns()) == game.players
    if state.is_terminal():
        assert state.outcome().winners
        assert abs(sum(state.returns()) - 1.0) < 1e-9
    else:  # cut off at the game's turn cap: truncated, no winner
        assert state.returns() == [0.0] * game.players


def test_the_games_own_bots_finish_with_a_winner(game: Game) -> None:
    """Purposeful play ends by the rules, well within any turn cap for automated play."""
    seats = type(game).default_seats(game.players)
    agents = [make_agent(game, seat, spec, 6) for seat, spec in enumerate(seats)]
    state = play_out(game.new_state(6), agents, max_turns=game.turn_cap)
    assert state.is_terminal() and state.outcome().winners
    assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_same_seed_same_game(game: Game) -> None:
    first = random_walk(game, seed=5, check=False)
    second = random_walk(game, seed=5, check=False)
    assert first.history == second.history
    assert first.observation(None) == second.observation(None)


def test_record_round_trip_replays_exactly(game: Game) -> None:
    state = random_walk(game, seed=2, check=False)
    record = GameRecord.loads(state.record().dumps())
    replayed = replay(record, game_class=type(game))
    assert replayed.history == state.history
    assert replayed.observation(None) == state.observation(None)
    halfway = replay(record, upto=len(record.actions) // 2, game_class=type(game))
    assert halfway.history == state.history[: len(record.actions) // 2]


def test_illegal_actions_are_refused_and_change_nothing(game: Game) -> None:
    state = game.new_state(3)
    for _ in range(200):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        before = state.observation(None), list(state.history)
        illegal = next((a for a in range(game.num_distinct_actions) if a not in legal), None)
        if illegal is not None:
            with pytest.raises(IllegalActionError, match="legal"):
                state.apply(illegal, player)
        outsider = next((p for p in range(game.players) if p not in state.current_players()), None)
        if outsider is not None:
            with pytest.raises(IllegalActionError, match="not player"):
                state.apply(legal[0], outsider)
        with pytest.raises(IllegalActionError):
            state.apply_text("this is not a move", player)
        assert (state.observation(None), state.history) == before
        state.apply(state.sample_chance() if player == CHANCE else legal[-1], player)


def test_clones_are_independent(game: Game) -> None:
    state = game.new_state(4)
    for _ in range(50):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    twin = state.clone()
    before = state.observation(None), list(state.history)
    for _ in range(50):
        if twin.is_terminal():
            break
        player = twin.current_players()[0]
        twin.apply(
            twin.sample_chance() if player == CHANCE else twin.legal_actions(player)[-1], player
        )
    assert (state.observation(None), state.history) == before


@pytest.mark.parametrize(
    "game_class", [g for g in GAME_CLASSES if issubclass(g, Determinizes)], ids=lambda g: g.id
)
def test_determinized_worlds_show_the_seat_its_view_and_play_to_the_end(
    game_class: type[Game],
) -> None:
    game = game_class(min(4, game_class.max_players))
    assert isinstance(game, Determinizes)
    state = game.new_state(6)
    chooser = Rng(6)
    for depth in range(300):
        if state.is_terminal():
            break
        if depth % 25 == 0:
            for seat in range(game.players):
                view = state.observation(seat)
                world = game.determinize(view, Rng(depth * 7 + seat))
                assert world.observation(seat) == view, f"seat {seat}'s world shows another view"
                assert world.current_players() == state.current_players()
                if seat in state.current_players():
                    assert world.legal_actions(seat) == state.legal_actions(seat)
                random_finish(world, chooser)
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        state.apply(state.sample_chance() if player == CHANCE else chooser.choice(legal), player)


def random_finish(state: State, chooser: Rng) -> None:
    """Play ``state`` to its end, or its cut-off past the game's turn cap, with random legal
    moves (a dealt world must allow it)."""
    for _ in range(MAX_ACTIONS):
        if state.is_terminal() or past_cap(state, state.game.turn_cap):
            return
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        assert legal, "a dealt world offers no legal action"
        state.apply(state.sample_chance() if player == CHANCE else chooser.choice(legal), player)
    raise AssertionError(f"a dealt world did not end in {MAX_ACTIONS} actions")


def test_unknown_options_and_bad_player_counts_are_refused(game: Game) -> None:
    game_class = type(game)
    with pytest.raises(InvalidOptionError, match="unknown option 'no-such-option'"):
        game_class(game_class.min_players, no_such_option=1)
    with pytest.raises(
        InvalidOptionError, match=f"{game_class.min_players} to {game_class.max_players}"
    ):
        game_class(game_class.max_players + 1)
    for option in game_class.option_set.options:
        with pytest.raises(InvalidOptionError, match="allowed"):
            game_class(game_class.min_players, **{option.name: "not-a-value"})


def test_make_uses_the_registry() -> None:
    state = ballroom.make("dancing-dice", players=3, seed=9)
    assert state.game.players == 3
    with pytest.raises(ballroom.core.UnknownGameError, match=r"known games: .*dancing-dice"):
        ballroom.make("chess", players=2)
