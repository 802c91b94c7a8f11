"""Capabilities: what a game offers beyond the contract, found with isinstance."""

from __future__ import annotations

import json

import pytest

import ballroom
from ballroom.agents.mcts import MCTS
from ballroom.core.capabilities import (
    DescribesActions,
    Determinizes,
    Evaluates,
    HasRolloutPolicy,
    HintsMoves,
    Renders,
    StructuresActions,
    describe_action,
    move_hints,
    render,
)
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game, make_game
from ballroom.core.rng import Rng
from ballroom.core.state import State


class Bare(Game):
    """A game declaring nothing beyond the contract (its states are never needed here)."""

    id = "bare"
    name = "Bare"
    summary = "Nothing."
    rules_version = "1"
    min_players = max_players = default_players = 2

    def new_state(self, seed: int = 0) -> State:
        raise AssertionError("not played")

    @property
    def num_distinct_actions(self) -> int:
        return 1

    def action_to_text(self, action: int) -> str:
        return "wait"

    def parse_action(self, text: str) -> int:
        return 0


def test_the_built_in_games_declare_their_capabilities() -> None:
    ballroom.make("dancing-dice", players=2)  # registers the built-in games
    dice, dance = make_game("dancing-dice", 2), make_game("the-dance", 2)
    for game in (dice, dance):
        for capability in (Determinizes, Renders, HintsMoves, DescribesActions, HasRolloutPolicy):
            assert isinstance(game, capability), (game.id, capability)
    assert isinstance(dice, Evaluates)
    assert isinstance(dance, StructuresActions)


def test_a_game_without_them_gets_the_plain_answers() -> None:
    game = Bare(2)
    for capability in (
        Determinizes,
        Renders,
        HintsMoves,
        DescribesActions,
        Evaluates,
        StructuresActions,
    ):
        assert not isinstance(game, capability)
    observation = {"seat": 0, "cards": [1, 2]}
    assert json.loads(render(game, observation)) == observation
    assert move_hints(game, observation, [0]) == {}
    assert describe_action(game, 0, observation) == "wait"


def test_the_games_own_answers_are_used_where_declared() -> None:
    state = ballroom.make("the-dance", players=2, seed=1)
    game = state.game
    observation = state.observation(0)
    assert render(game, observation) != json.dumps(observation, indent=1)
    action = state.legal_actions(state.current_players()[0])[0]
    assert isinstance(game, DescribesActions)
    assert describe_action(game, action, observation) == game.describe_action(action, observation)


def test_mcts_asks_for_determinize() -> None:
    with pytest.raises(InvalidOptionError, match="needs Bare to support determinize"):
        MCTS.make(Bare(2), 0, Rng(0), {})


@pytest.mark.parametrize("kind", ballroom.game_classes(), ids=lambda kind: kind.id)
def test_a_game_that_names_seats_from_the_table_says_so(kind: type[Game]) -> None:
    """A server names the seats without building the spectator's view unless the game says
    its names come from play: a game that reads the table for them must say it does."""
    if kind.player_names is not Game.player_names:
        assert kind.names_from_play
    assert kind.names_from_play == (kind.id == "the-dance")
