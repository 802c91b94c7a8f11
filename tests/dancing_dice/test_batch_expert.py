"""The vectorised expert chooses exactly as the expert bot, and the batch plays it as the engine."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from ballroom.agents import make_agent
from ballroom.core.agent import Decision
from ballroom.core.game import make_game
from ballroom.core.play import decision_for
from ballroom.core.state import CHANCE, Observation
from ballroom.games.dancing_dice import actions, batch
from ballroom.games.dancing_dice.batch_expert import ExpertBatch, context_code
from ballroom.games.dancing_dice.expert import ExpertAgent
from ballroom.games.dancing_dice.rules import TRIPLE_INDEX, TRIPLES

IntArray = npt.NDArray[np.int64]
TANGOS = [(1, 1, 1), (2, 2, 2), (4, 4, 4), (6, 6, 6), (1, 2, 4), (2, 5, 6), (3, 3, 6), (1, 5, 5)]
"""Tangos that are also special triples, plain triples, and mixed ones."""


def positions(count: int, seed: int) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Faces (0-based), Tango ids, dancers and endurance: fair dice, except that a fifth of
    the seats show at most two numbers (Galas, Rocks, ties between choices)."""
    rng = np.random.default_rng(seed)
    faces = rng.integers(0, 6, size=(count, 6))
    pair = rng.integers(0, 6, size=(count, 2))
    two_numbers = np.where(rng.random((count, 6)) < 0.5, pair[:, :1], pair[:, 1:])
    faces = np.where((rng.random(count) < 0.2)[:, None], two_numbers, faces)
    tango = np.array([TRIPLE_INDEX[t] for t in TANGOS])[rng.integers(0, len(TANGOS), count)]
    return faces, tango, rng.integers(2, 7, count), rng.integers(1, 11, count)


def observation(faces: list[int], tango: int, dancers: int, endurance: int) -> Observation:
    """What seat 0 of six sees: its dice and endurance, the Tango, who still dances."""
    me = {"dice": [f + 1 for f in faces], "endurance": endurance, "dancing": True}
    others = [{"dice": None, "endurance": 5, "dancing": seat < dancers} for seat in range(1, 6)]
    return {"tango": list(TRIPLES[tango]), "players": [me, *others]}


def test_the_vectorised_expert_chooses_as_the_bot_on_many_positions() -> None:
    faces, tango, dancers, endurance = positions(3000, seed=5)
    codes = context_code(tango, dancers, endurance)
    chooser = ExpertBatch(6)
    masks = chooser.rerolls(faces, codes)
    rows = chooser.first_rows(faces, codes)
    game = make_game("dancing-dice", 6)
    agent = ExpertAgent()
    for i in range(len(faces)):
        view = observation(faces[i].tolist(), int(tango[i]), int(dancers[i]), int(endurance[i]))
        reroll = agent.act(Decision(game, 0, view, actions.REROLL_ACTIONS))
        arrange = agent.act(Decision(game, 0, view, actions.ARRANGE_ACTIONS))
        assert (reroll - actions.REROLL_BASE, arrange - actions.ARRANGE_BASE) == (
            masks[i],
            rows[i],
        ), view


def test_the_vectorised_expert_chooses_as_the_bot_in_play() -> None:
    game = make_game("dancing-dice", 4, endurance=4)
    chooser = ExpertBatch(4)
    compared = 0
    for seed in range(30):
        state = game.new_state(seed)
        agents = [make_agent(game, seat, "expert", seed) for seat in range(4)]
        while not state.is_terminal():
            player = state.current_players()[0]
            if player == CHANCE:
                state.apply(state.sample_chance(), CHANCE)
                continue
            decision = decision_for(state, player)
            action = agents[player].act(decision)
            view = decision.observation
            faces = np.array([view["players"][player]["dice"]]) - 1
            code = context_code(
                np.array([TRIPLE_INDEX[tuple(view["tango"])]]),
                np.array([sum(seat["dancing"] for seat in view["players"])]),
                np.array([view["players"][player]["endurance"]]),
            )
            if action >= actions.ARRANGE_BASE:
                assert action == actions.ARRANGE_BASE + chooser.first_rows(faces, code)[0]
            else:
                assert action == actions.REROLL_BASE + chooser.rerolls(faces, code)[0]
            compared += 1
            state.apply(action, player)
    assert compared > 800


def test_batched_expert_against_random_plays_as_the_engine() -> None:
    seats = ("expert", "random", "random")
    game = make_game("dancing-dice", 3, endurance=3)
    expert_wins, rounds, lengths = [], [], []
    for seed in range(400):
        state = game.new_state(seed)
        agents = [make_agent(game, seat, spec, seed) for seat, spec in enumerate(seats)]
        while not state.is_terminal():
            player = state.current_players()[0]
            if player == CHANCE:
                state.apply(state.sample_chance(), CHANCE)
            else:
                state.apply(agents[player].act(decision_for(state, player)), player)
        expert_wins.append(state.returns()[0])
        rounds.append(state.turns())
        lengths.append(len(state.history))
    games = 100_000
    result = batch.simulate(seats, games, seed=2, options={"endurance": 3})
    batched = (result.wins[0] / games, result.rounds.mean(), result.actions.mean())
    for engine, value in zip((expert_wins, rounds, lengths), batched, strict=True):
        standard_error = float(np.std(engine)) / math.sqrt(len(engine))
        assert abs(value - float(np.mean(engine))) < 4 * standard_error
    assert math.isclose(result.wins.sum(), games)
