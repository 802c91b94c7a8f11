from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ballroom.core.agent import SeatSpec, split_seats
from ballroom.core.errors import InvalidOptionError
from ballroom.core.rng import Rng, derive_seed


def test_known_values_pin_the_stream_across_machines() -> None:
    # If these change, every stored record stops replaying: never change them.
    rng = Rng(2026)
    assert [rng.roll() for _ in range(10)] == [1, 3, 5, 5, 6, 1, 2, 5, 5, 5]
    assert derive_seed(7, "game", 3) == 6991002002023144651


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range_and_clones_continue_identically(seed: int, bound: int) -> None:
    rng = Rng(seed)
    rng.below(bound)
    twin = rng.clone()
    first = [rng.below(bound) for _ in range(20)]
    assert first == [twin.below(bound) for _ in range(20)]
    assert all(0 <= value < bound for value in first)


def test_weighted_index_follows_weights() -> None:
    rng = Rng(1)
    counts = [0, 0, 0]
    for _ in range(6000):
        counts[rng.weighted_index([0.5, 0.0, 0.5])] += 1
    assert counts[1] == 0 and 2700 < counts[0] < 3300


def test_seat_specs() -> None:
    assert split_seats("human,mcts:iterations=200,c=1.4,random") == [
        "human",
        "mcts:iterations=200,c=1.4",
        "random",
    ]
    spec = SeatSpec.parse("mcts:iterations=200,c=1.4")
    assert spec.name == "mcts" and spec.params == {"iterations": "200", "c": "1.4"}
    assert str(spec) == "mcts:iterations=200,c=1.4"
    with pytest.raises(InvalidOptionError, match="key=value"):
        SeatSpec.parse("mcts:iterations")


@given(st.integers(0, 2**63 - 1), st.integers(0, 60), st.integers(1, 300))
def test_rolls_drawn_together_are_the_rolls_one_at_a_time(
    seed: int, count: int, sides: int
) -> None:
    together, one_by_one = Rng(seed), Rng(seed)
    assert together.rolls(count, sides) == [one_by_one.roll(sides) for _ in range(count)]
    assert together.below(1 << 40) == one_by_one.below(1 << 40)  # the streams go on as one


@given(st.integers(0, 2**63 - 1), st.integers(1, 200))
def test_choice_is_the_item_below_picks(seed: int, size: int) -> None:
    items = list(range(100, 100 + size))
    assert Rng(seed).choice(items) == items[Rng(seed).below(size)]
    with pytest.raises(ValueError, match="at least one item"):
        Rng(seed).choice([])


@given(st.integers(0, 2**63 - 1), st.integers(0, 120))
def test_shuffle_makes_the_swaps_below_draws(seed: int, size: int) -> None:
    """Fisher-Yates with each swap ``below(i + 1)``: the stream pinned by its known values."""
    shuffled, reference = Rng(seed), Rng(seed)
    items, expected = list(range(size)), list(range(size))
    shuffled.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert shuffled.below(1 << 40) == reference.below(1 << 40)  # the streams go on as one


def _shuffled(rng: Rng, size: int) -> list[int]:
    items = list(range(size % 12))
    rng.shuffle(items)
    return items


DRAWS: dict[str, Callable[[Rng, int], object]] = {
    "below": lambda rng, n: rng.below(n),
    "roll": lambda rng, n: rng.roll(),
    "rolls": lambda rng, n: rng.rolls(n % 9),
    "choice": lambda rng, n: rng.choice(range(n)),
    "shuffle": _shuffled,
    "random": lambda rng, n: rng.random(),
    "weighted": lambda rng, n: rng.weighted_index([1.0, float(n)]),
}
COPIES: dict[str, Callable[[Rng], Rng]] = {
    "clone": Rng.clone,
    "deepcopy": copy.deepcopy,
    "pickle": lambda rng: pickle.loads(pickle.dumps(rng)),
}


@given(
    st.integers(0, 2**63 - 1),
    st.lists(
        st.tuples(st.sampled_from([*DRAWS, *COPIES]), st.integers(0, 99), st.integers(1, 50)),
        max_size=40,
    ),
)
def test_copies_draw_what_their_original_would_have_whoever_draws_first(
    seed: int, steps: list[tuple[str, int, int]]
) -> None:
    # A clone shares its original's generator until one of them draws: in any order of
    # draws and copies (of copies), each source gives what a source that made the same
    # draws from the seed gives.
    sources, paths = [Rng(seed)], [list[tuple[str, int]]()]
    for kind, which, arg in steps:
        index = which % len(sources)
        if kind in COPIES:
            sources.append(COPIES[kind](sources[index]))
            paths.append(list(paths[index]))
            continue
        replay = Rng(seed)
        for done, done_arg in paths[index]:
            DRAWS[done](replay, done_arg)
        assert DRAWS[kind](sources[index], arg) == DRAWS[kind](replay, arg)
        paths[index].append((kind, arg))


def _weighted_index_by_hand(rng: Rng, weights: list[float]) -> int:
    """The draw ``weighted_index`` pins: the first running sum past ``random() * sum``."""
    threshold = rng.random() * sum(weights)
    running = 0.0
    for index, weight in enumerate(weights):
        running += weight
        if threshold < running:
            return index
    return len(weights) - 1


@pytest.mark.parametrize(
    "weights",
    [[1 / 6] * 6, [0.5, 0.0, 0.5], [0.1, 0.2, 0.3, 0.4], [0.0, 0.0], [1.0], [0.25, 0.75, 0.0]],
)
def test_odds_summed_once_draw_what_weighted_index_draws(weights: list[float]) -> None:
    by_hand, weighted, running = Rng(9), Rng(9), Rng(9)
    sums = tuple(itertools.accumulate(weights))
    for _ in range(500):
        expected = _weighted_index_by_hand(by_hand, weights)
        assert weighted.weighted_index(weights) == expected
        assert running.running_index(sums, sum(weights)) == expected


def test_a_source_seeded_on_its_first_draw_draws_the_seeds_stream() -> None:
    """Made, cloned, copied or pickled before any draw, a source still draws its seed's
    numbers, each copy on its own."""
    generator = random.Random(31)
    stream = []
    while len(stream) < 50:  # ``below(1000)``: ten bits, drawn again when 1000 or more
        value = generator.getrandbits(10)
        if value < 1000:
            stream.append(value)
    for copy_of in (
        lambda rng: rng.clone(),
        copy.deepcopy,
        lambda rng: pickle.loads(pickle.dumps(rng)),
    ):
        original = Rng(31)
        twin = copy_of(original)
        assert [original.below(1000) for _ in range(50)] == stream
        assert [twin.below(1000) for _ in range(50)] == stream
