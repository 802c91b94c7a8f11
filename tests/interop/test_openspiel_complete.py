"""What OpenSpiel users expect of a game: ISMCTS, undo, perfect recall, named pieces, a real bound."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from tests.interop.configs import config_id, small_configs

from ballroom.core.errors import IllegalActionError
from ballroom.core.game import Game, games
from ballroom.interop.openspiel import LENGTHS, UNCAPPED_TURNS, game_length, openspiel_name


def _load(game_id: str, players: int, options: dict[str, Any]) -> Any:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players, **options})


def _chance(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=weights)))


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_ismcts_bot_plays_every_game(config: tuple[str, int, dict[str, Any]]) -> None:
    """ISMCTS resamples each root from the seat's information state and picks a legal move."""
    game = _load(*config)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 15, random_state=rng)
    state = game.new_initial_state()
    for _ in range(4):
        _chance(state, rng)
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.move_number() > 0


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_a_resampled_state_is_the_same_to_the_seat(config: tuple[str, int, dict[str, Any]]) -> None:
    game = _load(*config)
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    for _ in range(6):
        _chance(state, rng)
        if state.is_terminal():
            break
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, random.Random(3).random)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert twin.current_player() == seat
        assert twin.legal_actions() == state.legal_actions()
        for mover, action in twin.trail:
            assert action == -1 or mover == seat
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_undo_action_takes_back_every_action(config: tuple[str, int, dict[str, Any]]) -> None:
    """Undone one by one to the start, every state matches the one met on the way."""
    game = _load(*config)
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    path = []
    while not state.is_terminal() and len(path) < 40:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(outcomes, p=weights))
        else:
            action = int(rng.choice(state.legal_actions()))
        path.append((state.clone(), state.current_player(), action))
        state.apply_action(action)
    for earlier, player, action in reversed(path):
        state.undo_action(player, action)
        assert str(state) == str(earlier)
        assert state.history() == earlier.history()
        assert state.move_number() == earlier.move_number()
        assert state.current_player() == earlier.current_player()
        for seat in range(game.num_players()):
            assert state.information_state_tensor(seat) == earlier.information_state_tensor(seat)


def test_undo_refuses_anything_but_the_last_action() -> None:
    game = _load("dancing-dice", 2, {"endurance": 1})
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo_action(-1, 0)
    state.apply_action(2)
    with pytest.raises(IllegalActionError, match="only the last action"):
        state.undo_action(-1, 3)


def test_observers_give_named_pieces() -> None:
    game = _load("dancing-dice", 3, {"endurance": 2})
    state = game.new_initial_state()
    _chance(state, np.random.RandomState(5))
    state.apply_action(state.legal_actions()[0])
    rows = game.max_game_length()
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert {name: piece.shape for name, piece in recall.dict.items()} == {
        "player": (3,),
        "private": (122,),  # Dancing Dice, three seats: 96 + 3 * 13
        "public": (122,),
        "history": (rows, 4),
    }
    recall.set_from(state, 1)
    assert recall.dict["player"].tolist() == [0.0, 1.0, 0.0]
    assert recall.dict["history"][0].tolist() == [1.0, 0.0, 0.0, 0.0]  # seat 0 moved, unseen
    recall.set_from(state, 0)
    assert recall.dict["history"][0, 3] > 0.0  # seat 0's own move
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE),
    )
    assert set(public.dict) == {"public", "history"}
    public.set_from(state, 0)
    assert not public.dict["history"][:, 3].any()
    assert json.loads(public.string_from(state, 0))["history"] == [[0]]


def test_max_game_length_is_the_games_own_bound() -> None:
    assert set(LENGTHS) == {
        "dancing-dice",
        "dark-tales",
        "dominare",
        "the-dance",
        "vampires-harvest",
    }
    assert _load("dominare", 4, {}).max_game_length() == (7 + 1) * 48 * 4
    assert _load("the-dance", 2, {"max_turns": 3}).max_game_length() == (3 + 1) * 16 * 2
    assert _load("dark-tales", 2, {}).max_game_length() == (300 + 1) * 8
    assert _load("dancing-dice", 2, {"max_game_length": 9}).max_game_length() == 9
    engine = _load("vampires-harvest", 3, {}).new_initial_state().engine.game
    assert game_length(engine, None) == (12 + 1) * 20 * 3


@pytest.mark.parametrize("config", small_configs() + small_configs(largest=True), ids=config_id)
def test_random_games_end_before_the_bound(config: tuple[str, int, dict[str, Any]]) -> None:
    """The bound leaves room: random play ends by the rules (or the turn cap), never by it."""
    game = _load(*config)
    rng = np.random.RandomState(6)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            _chance(state, rng)
            if not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.decisions < game.max_game_length()


def _layout_row(game: type[Game]) -> str:
    """The row ``docs/openspiel.md`` gives ``game``, computed afresh."""
    seats = range(game.min_players, game.max_players + 1)
    sizes = {p: game(p).observation_shape[0] for p in seats}
    encoding = (
        str(sizes[game.min_players])
        if len(set(sizes.values())) == 1
        else ", ".join(f"{p}p {size}" for p, size in sizes.items())
    )
    length = LENGTHS[game.id]
    turns = (
        str(length.turns)
        if length.turns is not None
        else f"turn cap {game.turn_cap}"
        if game.turn_cap
        else f"none ({UNCAPPED_TURNS} counted)"
    )
    per_turn = [str(length.per_turn)] if length.per_turn else []
    per_turn += [f"{length.per_seat} x players"] if length.per_seat else []
    lengths = ", ".join(
        f"{p}p {game_length(game(p), game.turn_cap)}" for p in (game.min_players, game.max_players)
    )
    folder = game.__module__.rsplit(".", 1)[0].replace(".", "/")
    return (
        f"| `{game.id}` | `src/{folder}/encoding.py` | {encoding} | {turns} | "
        f"{' + '.join(per_turn)} | {lengths} |"
    )


def test_the_published_layout_matches_the_games() -> None:
    text = (Path(__file__).parents[2] / "docs" / "openspiel.md").read_text()
    for game in games():
        assert _layout_row(game) in text
        assert openspiel_name(game.id).removeprefix("python_ballroom") in text
