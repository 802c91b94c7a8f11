"""Seeded games through every environment, held to recorded transcripts: a faster adapter
must show the same observations, masks, rewards, flags and infos, and play the same actions.

Each transcript is everything a loop could read at every step, hashed
(``transcripts.json``). A transcript changes only where the game's rules,
observations or event sentences change; then rerun this module as a script to
record them again, and say why in the commit:

    PYTHONPATH=src .venv/bin/python -m tests.interop.test_transcripts
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest

import ballroom.interop.openspiel  # noqa: F401  (registers the games)
from ballroom.core.game import make_game
from ballroom.core.rng import Rng
from ballroom.interop.openspiel import openspiel_name
from ballroom.interop.pettingzoo import env, parallel_env
from ballroom.interop.structured import has_families

RECORDED = Path(__file__).with_name("transcripts.json")
TABLES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "dancing-dice": ("dancing-dice", 4, {"endurance": 2}),
    "the-dance": ("the-dance", 4, {"max_turns": 5}),
    "vampires-harvest": ("vampires-harvest", 4, {"max_turns": 3}),
    "dominare": ("dominare", 4, {"max_turns": 1}),
    "dark-tales": ("dark-tales", 4, {}),
    "cinderella": ("dark-tales", 3, {"expansion": "cinderella"}),
}
"""Every game at a full table, cut short where whole games are long (The Dance's is
truncated, so that path is in its transcripts)."""
SEEDS = (0, 7)


def _plain(value: Any) -> Any:
    """``value`` as JSON can hold it: arrays by dtype, shape and digest; sequences as lists."""
    if isinstance(value, np.ndarray):
        return [str(value.dtype), list(value.shape), hashlib.sha256(value.tobytes()).hexdigest()]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return [_plain(item) for item in value]


def _legal(mask: np.ndarray[Any, Any]) -> list[int]:
    return np.flatnonzero(mask).tolist()  # type: ignore[no-any-return]


def _aec(name: str, seed: int, read_all: bool, **settings: Any) -> Iterator[Any]:
    """The AEC loop, reading ``last()`` (and, with ``read_all``, every agent's info and
    the environment's dicts) at every step, choosing from the mask with a seeded source."""
    game_id, players, options = TABLES[name]
    environment = env(game_id, players=players, **settings, **options)
    environment.reset(seed=seed)
    chooser = Rng(seed)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        yield agent, observation, reward, terminated, truncated, info
        if read_all:
            yield environment.agents, environment.infos, environment.rewards
            yield environment.terminations, environment.truncations
            yield environment._cumulative_rewards
        if terminated or truncated:
            environment.step(None)
            continue
        action = chooser.choice(_legal(info["action_mask"]))
        yield action
        environment.step(action)


def _aec_blind(name: str, seed: int) -> Iterator[Any]:
    """The AEC loop of a learner that reads no observation (``last(observe=False)``) and
    only its own info's mask."""
    game_id, players, options = TABLES[name]
    environment = env(game_id, players=players, **options)
    environment.reset(seed=seed)
    chooser = Rng(seed)
    for agent in environment.agent_iter():
        _, reward, terminated, truncated, info = environment.last(observe=False)
        yield agent, reward, terminated, truncated, info["action_mask"]
        if terminated or truncated:
            environment.step(None)
            continue
        action = chooser.choice(_legal(info["action_mask"]))
        yield action
        environment.step(action)
    yield environment.rewards, environment._cumulative_rewards


def _parallel(name: str, seed: int) -> Iterator[Any]:
    game_id, players, options = TABLES[name]
    environment = parallel_env(game_id, players=players, **options)
    observations, infos = environment.reset(seed=seed)
    yield observations, infos
    chooser = Rng(seed)
    while environment.agents:
        actions = {}
        for agent, seen in observations.items():
            legal = _legal(seen["action_mask"])
            if legal != [environment.noop]:
                actions[agent] = chooser.choice(legal)
        yield actions
        observations, *rest = environment.step(actions)
        yield observations, rest


def _openspiel(name: str, seed: int) -> Iterator[Any]:
    game_id, players, options = TABLES[name]
    params = {key.replace("-", "_"): value for key, value in options.items()}
    state = pyspiel.load_game(openspiel_name(game_id), {"players": players, **params})
    position = state.new_initial_state()
    chooser = Rng(seed)
    while not position.is_terminal():
        if position.is_chance_node():
            outcomes = position.chance_outcomes()
            yield outcomes
            action = outcomes[chooser.below(len(outcomes))][0]
        else:
            player = position.current_player()
            legal = position.legal_actions()
            yield player, legal, position.observation_tensor(player), position.rewards()
            action = chooser.choice(legal)
        yield action
        position.apply_action(action)
    yield position.returns(), position.history()


PATHS: dict[str, Callable[[str, int], Iterator[Any]]] = {
    "aec": lambda name, seed: _aec(name, seed, read_all=False),
    "aec-all": lambda name, seed: _aec(name, seed, read_all=True),
    "aec-score": lambda name, seed: _aec(name, seed, read_all=True, reward="score"),
    "aec-blind": _aec_blind,
    "aec-opponents": lambda name, seed: _aec(name, seed, read_all=True, opponents={1: "random"}),
    "parallel": _parallel,
    "openspiel": _openspiel,
}


def transcript(path: str, name: str, seed: int) -> str:
    """The digest of everything ``path`` showed in game ``seed`` of table ``name``."""
    digest = hashlib.sha256()
    for shown in (_structured if path == "aec-structured" else PATHS[path])(name, seed):
        digest.update(json.dumps(_plain(shown), sort_keys=True).encode())
    return digest.hexdigest()


def _structured(name: str, seed: int) -> Iterator[Any]:
    """The AEC loop with structured actions, every agent's masks per head read."""
    return _aec(name, seed, read_all=True, actions="structured")


def _cases() -> list[tuple[str, str, int]]:
    cases = [(path, name, seed) for path in PATHS for name in TABLES for seed in SEEDS]
    families = [name for name, (game_id, players, _) in TABLES.items() if _has_families(game_id)]
    return cases + [("aec-structured", name, seed) for name in families for seed in SEEDS]


def _has_families(game_id: str) -> bool:
    return has_families(make_game(game_id, 2))


@pytest.mark.parametrize(("path", "name", "seed"), _cases())
def test_transcript_is_the_recorded_one(path: str, name: str, seed: int) -> None:
    recorded = json.loads(RECORDED.read_text())
    assert transcript(path, name, seed) == recorded[f"{path} {name} {seed}"]


if __name__ == "__main__":
    cases = {f"{path} {name} {seed}": transcript(path, name, seed) for path, name, seed in _cases()}
    RECORDED.write_text(json.dumps(cases, indent=1, sort_keys=True) + "\n")
