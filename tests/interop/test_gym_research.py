"""The Gymnasium environment for researchers: registered ids, readable infos, score rewards."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ballroom.core.game import games
from ballroom.interop.gym import REGISTERED, gymnasium_id, make
from ballroom.interop.scores import SCORES, scores

from .configs import SMALL_OPTIONS


def test_every_game_is_registered_as_ballroom_game_v0() -> None:
    for game in games():
        assert gymnasium_id(game.id) in REGISTERED
        assert gymnasium_id(game.id) in gymnasium.registry
    environment = gymnasium.make("ballroom/dancing-dice-v0", opponents="random", endurance=1)
    assert environment.unwrapped.game.options["endurance"] == 1
    assert environment.metadata["render_fps"] > 0


@pytest.mark.parametrize("game_id", [game.id for game in games()])
def test_check_env_passes_on_every_game_with_both_rewards(game_id: str) -> None:
    for reward in ("win", "score"):
        check_env(
            make(
                game_id, "random", illegal="lose", reward=reward, **SMALL_OPTIONS.get(game_id, {})
            ),
            skip_render_check=True,
        )


def test_infos_carry_readable_legal_actions_and_only_the_learners_events() -> None:
    environment = make("dancing-dice", "random", players=3)
    _, info = environment.reset(seed=1)
    legal = [environment.game.parse_action(text) for text in info["raw_legal_actions"]]
    assert legal == np.flatnonzero(info["action_mask"]).tolist()
    own_dice = [e for e in info["events"] if e.startswith("Your dice")]
    assert len(own_dice) == 1, "each seat rolls behind its screen: only the learner's dice"
    _, _, _, _, info = environment.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert info["events"] and all(isinstance(sentence, str) for sentence in info["events"])
    assert len([e for e in info["events"] if e.startswith("Your dice")]) <= 1


@pytest.mark.parametrize("game_id", sorted(SCORES))
def test_score_rewards_sum_to_the_learners_score_change(game_id: str) -> None:
    options: dict[str, Any] = {"max_turns": 2} if game_id != "dancing-dice" else {"endurance": 2}
    environment = make(game_id, "random", reward="score", **options)
    environment.action_space.seed(5)
    environment.reset(seed=5)
    start, total, over = scores(environment.game_state)[0], 0.0, False
    while not over:
        _, reward, done, truncated, _ = environment.step(environment.action_space.sample())
        total += reward
        over = done or truncated
    assert total == pytest.approx(scores(environment.game_state)[0] - start)
