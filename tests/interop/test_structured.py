"""Structured action spaces: the declared families as heads, beside the flat ids."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test
from tests.interop.configs import config_id, rule_options, small_configs

from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.game import make_game
from ballroom.core.state import State
from ballroom.interop.gym import make
from ballroom.interop.pettingzoo import env, parallel_env
from ballroom.interop.structured import structured_actions

from .test_pettingzoo import DICT_OBSERVATION_WARNINGS

DICT_ACTION_WARNING = "Action space for each agent probably should be"
"""PettingZoo's checker prefers Box or Discrete action spaces; a Dict is what this is for."""


def _decisions(
    game_id: str, players: int, options: dict[str, Any], count: int, seed: int
) -> list[tuple[State, int]]:
    """(state, seat) at the first ``count`` decisions of a random game."""
    game = make_game(game_id, players, **rule_options(options))
    state, rng, found = game.new_state(seed), random.Random(seed), []
    while not state.is_terminal() and len(found) < count:
        seat = state.current_players()[0]
        if seat < 0:
            state.apply(state.sample_chance())
            continue
        found.append((state.clone(), seat))
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return found


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_every_legal_action_goes_to_its_structured_form_and_back(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, options = config
    heads = structured_actions(make_game(game_id, players, **rule_options(options)))
    space = heads.space()
    checked = 0
    for seed in (1, 2, 3):
        for state, seat in _decisions(game_id, players, options, 60, seed):
            legal = state.legal_actions(seat)
            for action in legal:
                form = heads.from_id(action)
                assert space.contains(form)
                assert heads.to_id(form) == action
                family = heads.families[form["family"]]
                assert state.game.action_to_text(action).split()[0] == family.name
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_masks_per_head_mark_exactly_what_the_legal_actions_take(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, options = config
    rng = random.Random(5)
    for state, seat in _decisions(game_id, players, options, 25, 4):
        heads = structured_actions(state.game)
        legal = state.legal_actions(seat)
        forms = [heads.form(action) for action in legal]
        masks = heads.masks(legal)
        assert set(np.flatnonzero(masks["family"])) == {family for family, _ in forms}
        for position, mask in enumerate(masks["params"]):
            taken = {digits[position] for _, digits in forms if position < len(digits)}
            assert set(np.flatnonzero(mask)) == taken
        # Head by head, each from its mask given the heads before: always a legal action.
        for _ in range(5):
            family = rng.choice(np.flatnonzero(masks["family"]).tolist())
            chosen: list[int] = []
            for position in range(heads.arity[family]):
                given = heads.masks(legal, family, chosen)["params"][position]
                chosen.append(rng.choice(np.flatnonzero(given).tolist()))
            action = heads.to_id({"family": family, "params": chosen + [0] * 2})
            assert action in legal


def test_dark_tales_start_is_a_few_families_not_thousands_of_ids() -> None:
    environment = env("dark-tales", players=2, actions="structured")
    environment.reset(seed=1)
    agent = environment.agent_selection
    space = environment.action_space(agent)
    assert space["family"].n == 14 and environment.game.num_distinct_actions == 5179
    masks = environment.infos[agent]["structured_masks"]
    assert masks["family"].sum() == 1
    legal = np.flatnonzero(environment.observe(agent)["action_mask"])
    assert masks["params"][0].sum() == len(legal) == 4


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_pettingzoo_api_test_with_structured_actions(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, options = config
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players, actions="structured", **options), num_cycles=200)
    unexpected = [
        str(w.message)
        for w in caught
        if not str(w.message).startswith((*DICT_OBSERVATION_WARNINGS, DICT_ACTION_WARNING))
    ]
    assert not unexpected


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_pettingzoo_parallel_api_test_with_structured_actions(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, options = config
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=DICT_ACTION_WARNING)
        parallel_api_test(
            parallel_env(game_id, players=players, actions="structured", **options),
            num_cycles=200,
        )


def test_pettingzoo_seed_test_with_structured_actions() -> None:
    seed_test(lambda **_: env("dominare", players=2, actions="structured", max_turns=1), 100)


@pytest.mark.parametrize("config", small_configs(), ids=config_id)
def test_gymnasium_check_env_with_structured_actions(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, options = config
    environment = make(
        game_id, "random", players=players, illegal="lose", actions="structured", **options
    )
    check_env(environment, skip_render_check=True)


def test_a_structured_step_is_the_flat_step() -> None:
    flat, structured = env("dominare", players=2), env("dominare", players=2, actions="structured")
    for environment in (flat, structured):
        environment.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        agent = flat.agent_selection
        action = int(rng.choice(np.flatnonzero(flat.observe(agent)["action_mask"])))
        flat.step(action)
        structured.step(structured.structured.from_id(action))
        assert flat.game_state.history == structured.game_state.history


def test_the_parallel_noop_is_a_family_of_its_own() -> None:
    environment = parallel_env("dancing-dice", players=3, endurance=1, actions="structured")
    observations, infos = environment.reset(seed=3)
    for agent, seen in observations.items():
        masks = infos[agent]["structured_masks"]
        idle = seen["action_mask"][environment.noop] == 1
        assert bool(masks["family"][-1]) == idle
        action = environment.action_space(agent).sample(seen["action_mask"])
        assert (action["family"] == len(masks["family"]) - 1) == idle


def test_the_gym_learner_may_act_by_heads() -> None:
    environment = make("vampires-harvest", "random", max_turns=2)
    _, info = environment.reset(seed=3)
    legal = np.flatnonzero(info["action_mask"]).tolist()
    form = environment.structured.from_id(legal[-1])
    masks = environment.structured_masks(int(form["family"]))
    assert masks["family"][form["family"]] == 1
    arity = environment.structured.arity[form["family"]]
    for position in range(arity):
        assert masks["params"][position][form["params"][position]] == 1
    before = len(environment.game_state.history)
    environment.step(form)
    assert environment.game_state.history[before] == (environment.seat, legal[-1])


def test_a_structured_action_naming_nothing_is_refused() -> None:
    heads = structured_actions(make_game("dancing-dice", 2))
    with pytest.raises(IllegalActionError, match=r"family 99 does not exist; families are 0\.\.3"):
        heads.to_id({"family": 99, "params": [0]})
    reroll = [f.name for f in heads.families].index("reroll")
    with pytest.raises(IllegalActionError, match=r"reroll's dice \(position 0\) takes 0\.\.62"):
        heads.to_id({"family": reroll, "params": [70]})
    with pytest.raises(IllegalActionError, match="a dict with 'family' and 'params'"):
        heads.to_id({"family": reroll})


def test_structured_actions_are_refused_by_name() -> None:
    with pytest.raises(InvalidOptionError, match="actions='grid' is not allowed; allowed: flat"):
        env("dancing-dice", players=2, actions="grid")
    with pytest.raises(InvalidOptionError, match="allowed: flat, structured"):
        make("dancing-dice", "random", actions="grid")
