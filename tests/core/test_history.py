"""A history shared between a state and its copies: each copy sees its own entries only."""

from __future__ import annotations

import copy
import pickle
import random

import ballroom
from ballroom.core.history import SHORT_TAIL, History


def test_a_fork_and_its_original_go_their_own_ways() -> None:
    original = History([(0, 1), (1, 2)])
    twin = original.fork()
    original.append((0, 3))
    twin.append((1, 4))
    twin.extend([(1, 5), (0, 6)])
    assert original == [(0, 1), (1, 2), (0, 3)]
    assert twin == [(0, 1), (1, 2), (1, 4), (1, 5), (0, 6)]
    assert twin != original
    for copied in (copy.deepcopy(original), pickle.loads(pickle.dumps(original))):
        copied.append((2, 7))
        assert copied == [(0, 1), (1, 2), (0, 3), (2, 7)] and len(original) == 3


def test_many_forks_keep_every_entry_in_order_and_few_chunks() -> None:
    """Forks at random moments, of random histories: each reads as the plain list it mirrors."""
    rng = random.Random(7)
    histories = [History()]
    mirrors: list[list[tuple[int, int]]] = [[]]
    for step in range(20_000):
        which = rng.randrange(len(histories))
        if rng.random() < 0.003:
            histories.append(histories[which].fork())
            mirrors.append(mirrors[which][:])
        else:
            histories[which].append((which % 4, step))
            mirrors[which].append((which % 4, step))
    for size in (9, 8, 7, 6, 5, 4, 3, 2, 1):  # falling tails, each forked at once
        histories[0].extend((0, size) for _ in range(size * SHORT_TAIL))
        mirrors[0].extend((0, size) for _ in range(size * SHORT_TAIL))
        histories[0].fork()
    assert all(history._chunks for history in histories)  # long tails were frozen
    for history, mirror in zip(histories, mirrors, strict=True):
        assert list(history) == mirror and len(history) == len(mirror)
        assert history == mirror and History(mirror) == history
        assert len(history._chunks) <= max(1, len(mirror)).bit_length()


def test_reading_like_a_list() -> None:
    history = History([(0, 1), (1, 2)])
    history.fork()
    history.append((-1, 3))
    assert history[-1] == (-1, 3) and history[-2] == (1, 2) and history[0] == (0, 1)
    assert history[:2] == [(0, 1), (1, 2)] and history[1:] == [(1, 2), (-1, 3)]
    assert (1, 2) in history and len(history) == 3
    assert repr(History([(0, 1)])) == "History([(0, 1)])"
    assert History([(0, 1)]) != ((0, 1),)  # a tuple is not a history, as it is not a list


def test_a_cloned_state_deep_in_a_game_replays_its_own_history() -> None:
    state = ballroom.make("the-dance", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(400):
        legal = state.legal_actions()
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
    twin = state.clone()
    for copied in (twin, copy.deepcopy(twin), pickle.loads(pickle.dumps(twin))):
        assert copied.history == state.history
    while not twin.is_terminal() and len(twin.history) < 450:
        legal = twin.legal_actions()
        twin.apply(twin.sample_chance() if twin.is_chance_node() else rng.choice(legal))
    assert len(state.history) == 400 and twin.history[:400] == state.history
    assert ballroom.replay(twin.record()).history == twin.history
