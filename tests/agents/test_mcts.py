"""IS-MCTS: it plays from the observation alone, legally, reproducibly, and better than chance."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import ballroom
from ballroom.agents import make_agent
from ballroom.agents.mcts import MCTS, ISMCTSAgent, SearchSettings, observation_key
from ballroom.core.errors import InvalidOptionError
from ballroom.core.play import decision_for, play_out, step
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State
from ballroom.games.the_dance.search import progress


def advance_to_choice(state: State, seat: int, bots: str, seed: int, skip: int = 0) -> State:
    """Play ``bots`` until ``seat`` has a real choice (more than one legal action)."""
    agents = [make_agent(state.game, p, bots, seed) for p in range(state.game.players)]
    seen = 0
    while not state.is_terminal():
        current = state.current_players()
        if seat in current and len(state.legal_actions(seat)) > 1:
            if seen == skip:
                return state
            seen += 1
            state.apply(agents[seat].act(decision_for(state, seat)), seat)
        elif current[0] == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
        else:
            step(state, agents)
    raise AssertionError("the game ended before the seat had a choice")


def twin_with_other_secrets(state: State, seat: int, seed: int) -> State:
    """A state ``seat`` cannot tell apart from ``state``, differing in what it cannot see."""
    twin = state.game.determinize(state.observation(seat), Rng(seed))
    assert twin.observation(seat) == state.observation(seat)
    others = [p for p in range(state.game.players) if p != seat]
    assert twin.seed != state.seed
    assert any(twin.observation(p) != state.observation(p) for p in others)
    return twin


@pytest.mark.parametrize(
    ("game", "players", "bots", "skip", "spec"),
    [
        ("dancing-dice", 3, "expert", 0, "mcts:iterations=60"),
        ("dancing-dice", 4, "expert", 3, "mcts:iterations=60"),
        ("the-dance", 3, "heuristic", 6, "mcts:iterations=60"),
        ("dancing-dice", 3, "expert", 0, "mcts:iterations=60,search=halving"),
        ("the-dance", 3, "heuristic", 6, "mcts:iterations=60,search=halving,rollout=heuristic"),
        ("the-dance", 3, "heuristic", 6, "mcts:iterations=60,search=halving,below=rollout"),
        ("dancing-dice", 3, "expert", 0, "mcts:iterations=60,search=halving,below=rollout"),
    ],
)
def test_mcts_plays_identically_when_only_hidden_information_differs(
    game: str, players: int, bots: str, skip: int, spec: str
) -> None:
    state = advance_to_choice(ballroom.make(game, players=players, seed=11), 0, bots, 11, skip)
    twin = twin_with_other_secrets(state, 0, seed=99)
    choices = []
    for world in (state, twin):
        agent = make_agent(world.game, 0, spec, seed=5)
        assert isinstance(agent, ISMCTSAgent)
        choices.append(agent.act(decision_for(world, 0)))
    assert choices[0] == choices[1]
    assert choices[0] in state.legal_actions(0)


@pytest.mark.parametrize("game", ["dancing-dice", "the-dance", "dark-tales"])
def test_information_set_keys_are_equal_exactly_when_the_observations_read_alike(
    game: str,
) -> None:
    """A node's key stands for its observation's JSON text: the same text, the same key;
    another text, another key (seats, turns and twins dealt from one view met alike)."""
    state = ballroom.make(game, players=3, seed=4)
    rng = Rng(4)
    views: list[tuple[State, int]] = []
    while not state.is_terminal() and len(views) < 150:
        for seat in range(3):
            views.append((state, seat))
            views.append((state.game.determinize(state.observation(seat), rng), seat))
        state = state.clone()
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        state.apply(
            state.sample_chance() if player == CHANCE else legal[rng.below(len(legal))], player
        )
    texts = [json.dumps(world.observation(seat), separators=(",", ":")) for world, seat in views]
    keys = [observation_key(world, seat) for world, seat in views]
    assert len(set(texts)) < len(texts)  # some views repeat, so both sides of the claim are met
    by_text = dict(zip(texts, keys, strict=True))
    assert len(set(keys)) == len(by_text)
    assert all(by_text[text] == key for text, key in zip(texts, keys, strict=True))


@pytest.mark.parametrize("spec", ["mcts:iterations=80", "mcts:iterations=80,search=halving"])
def test_same_seed_same_choice(spec: str) -> None:
    state = advance_to_choice(ballroom.make("dancing-dice", players=3, seed=2), 0, "expert", 2)
    decision = decision_for(state, 0)
    first = make_agent(state.game, 0, spec, seed=1).act(decision)
    assert make_agent(state.game, 0, spec, seed=1).act(decision) == first


@hypothesis_settings(max_examples=6)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_dancing_dice_determinize_agrees_with_every_observation(seed: int, players: int) -> None:
    state = ballroom.make("dancing-dice", players=players, seed=seed, endurance=2)
    agents = [make_agent(state.game, p, "expert", seed) for p in range(players)]
    rng = Rng(seed)
    while not state.is_terminal():
        for seat in range(players):
            view = state.observation(seat)
            sample = state.game.determinize(view, rng)
            assert sample.observation(seat) == view
            assert sample.current_players() == state.current_players() or state.is_chance_node()
        step(state, agents)


@pytest.mark.parametrize(("game", "bots"), [("dancing-dice", "expert"), ("the-dance", "heuristic")])
def test_mcts_finishes_multiplayer_games_legally(game: str, bots: str) -> None:
    options = {"endurance": 2} if game == "dancing-dice" else {}
    state = ballroom.make(game, players=3, seed=4, **options)
    agents = [
        make_agent(state.game, 0, "mcts:iterations=15", 4),
        make_agent(state.game, 1, bots, 4),
        make_agent(state.game, 2, "mcts:iterations=10,rollout=random", 4),
    ]
    play_out(state, agents, max_actions=300 if game == "the-dance" else None)
    if game == "dancing-dice":
        assert state.is_terminal()
        assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("spec", ["mcts:ms=30", "mcts:ms=30,search=halving"])
def test_time_budget_stops_the_search(spec: str) -> None:
    state = advance_to_choice(ballroom.make("dancing-dice", players=2, seed=3), 0, "expert", 3)
    agent = make_agent(state.game, 0, spec, 3)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.act(decision_for(state, 0)) in state.legal_actions(0)
    assert 1 <= agent.last_iterations < 2000


def test_mcts_beats_random_at_dancing_dice() -> None:
    wins = 0.0
    bot = "mcts:iterations=60"
    for seed in range(8):
        state = ballroom.make("dancing-dice", players=2, seed=seed, endurance=3)
        seats = [bot, "random"] if seed % 2 == 0 else ["random", bot]
        agents = [make_agent(state.game, p, spec, seed) for p, spec in enumerate(seats)]
        play_out(state, agents)
        wins += state.returns()[seats.index(bot)]
    assert wins >= 6


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=0", "mcts iterations must be an integer 1..1000000, not '0'"),
        ("mcts:iterations=1e12", "mcts iterations must be an integer 1..1000000, not '1e12'"),
        ("mcts:ms=1e9", "mcts ms must be a number 1..60000, not '1e9'"),
        ("mcts:ms=soon", "mcts ms must be a number 1..60000, not 'soon'"),
        ("mcts:c=nan", "mcts c must be a number 0..10, not 'nan'"),
        (
            "mcts:depth=3",
            "the mcts bot has no parameter depth; allowed: below, c, horizon, iterations, "
            "margin, ms, prior, rollout, search, z",
        ),
        ("mcts:below=air", "mcts below must be one of rollout, tree, not 'air'"),
        ("mcts:search=deep", "mcts search must be one of halving, tree, not 'deep'"),
        ("mcts:z=-1", "mcts z must be a number 0..100, not '-1'"),
        ("mcts:rollout=wizard", "mcts rollout must be one of game, random, expert, not 'wizard'"),
        ("mcts:ms=5,ms=6", "seat spec 'mcts:ms=5,ms=6' gives 'ms' twice"),
    ],
)
def test_bad_mcts_parameters_are_named(spec: str, message: str) -> None:
    game = ballroom.make_game("dancing-dice", players=2)
    with pytest.raises(InvalidOptionError) as refused:
        make_agent(game, 0, spec, 0)
    assert str(refused.value) == message


def test_settings_default_to_iterations() -> None:
    game = ballroom.make_game("dancing-dice", players=2)
    assert SearchSettings.from_values(MCTS.resolve(game, {})).iterations == 300
    timed = SearchSettings.from_values(MCTS.resolve(game, {"ms": "50", "c": "1.2"}))
    assert timed.iterations is None and timed.milliseconds == 50.0 and timed.exploration == 1.2


@pytest.mark.parametrize("search", ["tree", "halving"])
def test_a_decisions_deadline_stops_an_iteration_budget(search: str) -> None:
    """A server's cap on think time stops a search whatever its budget."""
    state = advance_to_choice(ballroom.make("the-dance", players=2, seed=8), 0, "heuristic", 8, 4)
    agent = make_agent(state.game, 0, f"mcts:iterations=1000000,search={search}", 8)
    assert isinstance(agent, ISMCTSAgent)
    decision = decision_for(state, 0)
    started = time.perf_counter()
    capped = replace(decision, deadline=started + 0.3)
    assert agent.act(capped) in decision.legal_actions
    assert time.perf_counter() - started < 1.5
    assert 1 <= agent.last_iterations < 1_000_000


@pytest.mark.parametrize("search", ["tree", "halving"])
def test_a_deadline_not_reached_changes_nothing(search: str) -> None:
    """Iteration budgets stay reproducible under a cap they do not reach."""
    state = advance_to_choice(ballroom.make("the-dance", players=2, seed=8), 0, "heuristic", 8, 4)
    decision = decision_for(state, 0)
    spec = f"mcts:iterations=60,search={search}"
    free = make_agent(state.game, 0, spec, 8)
    capped = make_agent(state.game, 0, spec, 8)
    assert isinstance(free, ISMCTSAgent) and isinstance(capped, ISMCTSAgent)
    far = replace(decision, deadline=time.perf_counter() + 600)
    assert [free.act(decision) for _ in range(3)] == [capped.act(far) for _ in range(3)]
    assert free.last_iterations == capped.last_iterations


def test_the_dance_evaluation_is_a_win_share_that_follows_plan_progress() -> None:
    """The cut-off evaluation must be on the terminal returns' scale (shares summing
    to 1), and one move before she wins the winner's Plan must show as nearly done."""
    state = ballroom.make("the-dance", players=2, seed=3)
    game = state.game
    agents = [make_agent(game, p, "heuristic", 3) for p in range(2)]
    before_end = state
    while not state.is_terminal():
        shares = game.evaluate(state)  # type: ignore[attr-defined]
        assert sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= share <= 1.0 for share in shares)
        before_end = state.clone()
        step(state, agents)
    winner = state.outcome().winners[0]
    assert progress(before_end, winner) > 2 / 3  # type: ignore[arg-type]
    assert game.evaluate(state) == list(state.returns())  # type: ignore[attr-defined]


@pytest.mark.parametrize("search", ["tree", "halving"])
def test_a_wide_margin_keeps_the_priors_move(search: str) -> None:
    """``margin`` guards the prior's guess against noisy means: no move can look 2 better."""
    state = ballroom.make("the-dance", players=2, seed=6)
    game = state.game
    agents = [make_agent(game, p, "heuristic", 6) for p in range(2)]
    spec = f"mcts:iterations=30,prior=heuristic,margin=2,search={search}"
    searcher = make_agent(game, 0, spec, 6)
    compared = 0
    while compared < 6:
        if 0 in state.current_players() and len(state.legal_actions(0)) > 1:
            decision = decision_for(state, 0)
            if decision.observation["phase"] not in ("choose-avatar", "choose-sanctuary"):
                assert searcher.act(decision) == agents[0].act(decision)
                compared += 1
        step(state, agents)


@pytest.mark.parametrize("below", ["rollout", "tree"])
def test_halving_spends_its_rollout_budget_on_paired_worlds(below: str) -> None:
    """Sequential halving splits ``iterations`` rollouts over its rounds. Flat rollouts never
    exceed them; a tree's last sample of a round may fork once per move still racing."""
    state = advance_to_choice(ballroom.make("the-dance", players=2, seed=8), 0, "heuristic", 8, 4)
    legal = state.legal_actions(0)
    assert len(legal) > 2
    agent = make_agent(state.game, 0, f"mcts:iterations=120,search=halving,below={below}", 8)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.act(decision_for(state, 0)) in legal
    overshoot = 0 if below == "rollout" else len(legal)
    assert 60 <= agent.last_iterations <= 120 + overshoot
