"""The adapters' fast paths answer exactly what the slow ones do."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.core.events import Event
from ballroom.interop import Words
from ballroom.interop.infos import UNMADE, MadeWhenRead
from ballroom.interop.openspiel import REGISTERED
from ballroom.interop.pettingzoo import env


def _pyspiel_answer(state: pyspiel.State, *args: int) -> object:
    try:
        return pyspiel.State.legal_actions(state, *args)
    except pyspiel.SpielError as error:
        return str(error)


def _our_answer(state: pyspiel.State, *args: int) -> object:
    try:
        return state.legal_actions(*args)
    except pyspiel.SpielError as error:
        return str(error)


@pytest.mark.parametrize("name", REGISTERED)
def test_legal_actions_and_chance_nodes_answered_in_python_are_pyspiels(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 2})
    rng = random.Random(1)
    state, asked = game.new_initial_state(), 0
    while asked < 150:
        for args in ((), (-1,), (0,), (1,), (-4,), (5,)):
            assert _our_answer(state, *args) == _pyspiel_answer(state, *args)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        asked += 1
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_an_illegal_action_is_still_refused_with_the_rules_message() -> None:
    game = pyspiel.load_game("python_ballroom_dancing_dice", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert 0 not in state.legal_actions()
    with pytest.raises(
        IllegalActionError, match="'roll 1' is not legal for player 0 now; legal: keep"
    ):
        state.apply_action(0)


def test_words_are_worded_when_read_and_read_as_a_list() -> None:
    worded: list[str] = []

    def wording(data: object) -> str:
        worded.append("once")
        return "A die shows 6."

    events = [Event("roll", wording), Event("note", "Andrew passes.")]
    words = Words.of_events(events)
    assert worded == []
    assert len(words) == 2 and words == ["A die shows 6.", "Andrew passes."]
    assert list(words) == ["A die shows 6.", "Andrew passes."] and words[1:] == ["Andrew passes."]
    assert worded == ["once"]
    assert words != ["A die shows 6."] and repr(words) == repr(list(words))


@pytest.mark.parametrize("game_id", ["dancing-dice", "the-dance", "dominare"])
def test_infos_read_at_their_step_equal_infos_made_afresh(game_id: str) -> None:
    """Every agent's info, the selected one's made at once and the others' when read, is the
    one the environment would make now."""
    environment = env(game_id, players=3, max_turns=2)
    environment.reset(seed=2)
    rng = random.Random(2)
    for _ in environment.agent_iter(300):
        _, _, terminated, truncated, info = environment.last(observe=False)
        for name in environment.agents:
            read = environment.infos[name]
            fresh = environment._info(environment._seat_of[name])
            assert list(read["raw_legal_actions"]) == list(fresh["raw_legal_actions"])
            assert list(read["events"]) == list(fresh["events"])
            assert read["action_mask"].tolist() == fresh["action_mask"].tolist()
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))


def test_an_infos_words_are_made_when_read_and_it_reads_as_a_plain_dict() -> None:
    environment = env("dancing-dice", players=2)
    environment.reset(seed=3)
    agent = environment.agent_selection
    info, seat = environment.infos[agent], environment._seat_of[agent]
    keys = ["raw_legal_actions", "action_mask", "events"]
    assert list(info) == keys and dict.__getitem__(info, "events") is UNMADE
    seen = [event for event in environment._log if event.audience in (None, {seat})]
    assert len(seen) < len(environment._log), "another seat's secret was rolled"
    assert info["events"] == [event.text for event in seen]
    assert dict.__getitem__(info, "raw_legal_actions") is UNMADE
    copied = pickle.loads(pickle.dumps(info))
    assert type(copied) is dict and list(copied) == keys
    assert all(value is not UNMADE for value in dict.values(info))
    assert "action_mask" in info and info.get("nothing") is None and len(info) == len(keys)
    assert repr(info) == repr(copied) and info == dict(info)


def _plain(info: dict[str, Any]) -> dict[str, Any]:
    return {
        key: np.asarray(list(value) if key != "action_mask" else value).tolist()
        for key, value in info.items()
    }


def test_infos_read_steps_later_are_those_of_their_step() -> None:
    """Infos are made when read: one read after more steps (the log of events started over
    meanwhile) is still the one of its step, and every seat's info equals one made then."""
    environment = env("the-dance", players=3, max_turns=40)
    environment.reset(seed=4)
    rng = random.Random(4)
    held: list[tuple[MadeWhenRead, dict[str, dict[str, Any]]]] = []
    logs = set()
    for step, _ in enumerate(environment.agent_iter(600)):
        logs.add(id(environment._log))
        if step % 7 == 0:
            made_now = {
                name: _plain(environment._info(seat)) for name, seat in environment._seat_of.items()
            }
            held.append((environment.infos, made_now))
        _, _, terminated, truncated, info = environment.last(observe=False)
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
    assert len(held) == 86, "the game went on for the 600 steps"
    assert len(logs) > 2, "the log started over"
    for infos, made_now in held:
        assert {name: _plain(info) for name, info in infos.items()} == made_now


def test_infos_read_as_a_plain_dict_of_made_infos() -> None:
    environment = env("dancing-dice", players=3)
    environment.reset(seed=1)
    infos = environment.infos
    assert isinstance(infos, dict) and list(infos) == environment.agents
    for copy in (dict(infos), {**infos}, infos.copy(), pickle.loads(pickle.dumps(infos))):
        assert type(copy) is dict and list(copy) == environment.agents
        assert all(isinstance(info, dict) for info in copy.values())
    assert all(isinstance(info, dict) for info in infos.values())
    assert infos == dict(infos) and infos.get("player_1") is infos["player_1"]
    assert infos.get("nobody") is None and "player_2" in repr(infos)
