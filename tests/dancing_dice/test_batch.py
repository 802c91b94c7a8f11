"""The vectorised random-play path agrees with the rules engine."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ballroom.agents import make_agent
from ballroom.core.game import make_game
from ballroom.core.play import play_out
from ballroom.games.dancing_dice import batch
from ballroom.games.dancing_dice.position import Look, Position, play_round
from ballroom.games.dancing_dice.rules import TANGO, TRIPLES, dance_rank, judge


def test_rank_table_matches_the_rules_for_every_tango_and_triple() -> None:
    for tango_id, tango in enumerate(TRIPLES):
        for triple_id, triple in enumerate(TRIPLES):
            rank = dance_rank(triple, tango)
            assert int(batch.DOUBLE_RANK[56 * tango_id + triple_id]) == 2 * rank, (triple, tango)
            if triple_id == tango_id:
                assert rank >= TANGO


def test_sorted_ids_cover_every_ordered_roll() -> None:
    counts = np.bincount(batch.SORTED_ID, minlength=56)
    for triple_id, triple in enumerate(TRIPLES):
        assert counts[triple_id] == 6 // math.prod(
            math.factorial(triple.count(f)) for f in set(triple)
        )


@given(
    hnp.arrays(
        np.int64, st.tuples(st.integers(1, 20), st.integers(2, 6)), elements=st.integers(8, 45)
    ),
    st.data(),
)
def test_batch_judging_matches_the_rules(values: np.ndarray, data: st.DataObject) -> None:  # type: ignore[type-arg]
    dancing = data.draw(hnp.arrays(np.bool_, values.shape))
    result = batch.judge(values.T, dancing.T).T  # the batch lays out players by games
    for game in range(values.shape[0]):
        seats = {p: int(values[game, p]) for p in range(values.shape[1]) if dancing[game, p]}
        expected = judge(seats) if len(seats) >= 2 else set()
        assert {p for p in range(values.shape[1]) if result[game, p]} == expected


def test_batch_plays_from_the_same_distribution_as_the_engine() -> None:
    game = make_game("dancing-dice", 3, endurance=3)
    rounds, lengths = [], []
    for seed in range(600):
        state = game.new_state(seed)
        play_out(state, [make_agent(game, seat, "random", seed) for seat in range(3)])
        rounds.append(state.turns())
        lengths.append(len(state.history))
    result = batch.simulate(("random",) * 3, 200_000, seed=1, options={"endurance": 3})
    assert result.finished.all()
    for engine, batched in ((rounds, result.rounds), (lengths, result.actions)):
        standard_error = float(np.std(engine)) / math.sqrt(len(engine))
        assert abs(batched.mean() - float(np.mean(engine))) < 4 * standard_error
    short_engine = np.mean(np.array(rounds) <= 3)
    short_batch = np.mean(result.rounds <= 3)
    assert abs(short_engine - short_batch) < 4 * math.sqrt(
        short_batch * (1 - short_batch) / len(rounds)
    )
    assert abs(result.wins.sum() - 200_000) < 1e-6
    assert np.allclose(result.wins / 200_000, 1 / 3, atol=0.01)


faces = st.integers(1, 6)
triple = st.tuples(faces, faces, faces)
# Rows drawn from a few shapes so that Rocks, Galas and Tangos come up often.
rows_of_a_player = st.one_of(
    st.tuples(triple, triple),
    triple.map(lambda t: (t, (t[2], t[0], t[1]))),  # a Rock
    faces.map(lambda f: ((f, f, f), (f, f, f))),  # a Gala
)


@given(
    st.integers(2, 6).flatmap(
        lambda players: st.tuples(
            st.lists(rows_of_a_player, min_size=players, max_size=players),
            st.lists(st.booleans(), min_size=players, max_size=players),
            st.lists(st.integers(1, 10), min_size=players, max_size=players),
        )
    ),
    st.one_of(triple, st.sampled_from([(1, 1, 1), (4, 4, 4), (1, 2, 4)])),
)
def test_one_batch_round_judges_exactly_like_the_engine(
    setup: tuple[list[tuple[tuple[int, int, int], tuple[int, int, int]]], list[bool], list[int]],
    tango: tuple[int, int, int],
) -> None:
    pairs, pure, endurance = setup
    players = len(pure)
    rows = [row for pair in pairs for row in pair]
    position = Position(players)
    for p, points in enumerate(endurance):
        position.endurance(p, points)
    state = position.build()
    # Pure rows are a b c | d e f; mixed rows are a b d | c e f.
    dice = {}
    for p in range(players):
        one, two = rows[2 * p], rows[2 * p + 1]
        dice[p] = (*one, *two) if pure[p] else (one[0], one[1], two[0], one[2], two[1], two[2])
    play_round(state, dice, {p: "abc" if pure[p] else "abd" for p in range(players)}, tango=tango)

    def ids(triple: tuple[int, int, int]) -> int:
        return TRIPLES.index(tuple(sorted(triple)))

    stamina, dancing, tango_danced, _ = batch.judge_round(  # one game: players by 1
        batch.Round(
            first=np.array([[ids(rows[2 * p])] for p in range(players)]),
            second=np.array([[ids(rows[2 * p + 1])] for p in range(players)]),
            pure=np.array([[flag] for flag in pure]),
        ),
        np.array([ids(tango)]),
        np.array([[e] for e in endurance], dtype=np.int8),
        np.ones((players, 1), dtype=bool),
    )
    look = Look(state)
    assert stamina[:, 0].tolist() == look.endurance()
    assert dancing[:, 0].tolist() == [p in look.dancing() for p in range(players)]
    if not state.is_terminal():  # the next round re-rolls the Tango exactly when it was danced
        assert bool(tango_danced[0]) == (look.step() == "tango")
