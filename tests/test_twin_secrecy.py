"""Twin secrecy: nothing a seat receives depends on what it cannot see (RULINGS 14, 20).

At random points of random games, seat X's twin is dealt by ``determinize``
from X's observation: everything X cannot see (other hands, Powers, Plans,
piles) is dealt afresh, and the twin gets the same future dice. Both games are
then driven move for move with actions legal in both; X's observation, the
events X may see, X's legal moves and who is to act must stay identical. A
twin differs from the original exactly in what X may not know, so any
difference X can see is a leak, in the data or in the flow of play (which
decisions a family meets, and when).

The twins may part ways only where the rules reveal what was hidden (an event
that ``reveals``: a Plan completed, a Power used, dice turned up), at the end
of the game, or where a chance draw made in the original is impossible in the
twin (a card drawn from piles dealt differently).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from tests.random_games import (
    GAME_CLASSES,
    player_counts,
    random_game,
    random_options,
    replay_to,
)

from ballroom.core.capabilities import Determinizes
from ballroom.core.events import Event
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State

POINTS = 100
"""Random points per game and player count (two and the most players: 200 a game)."""
POINTS_PER_WALK = 5
FOLLOW = 60
"""Actions compared after each split at most."""
MAX_DEPTH = 1500
"""Actions played before a point at most."""


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two views differ, as readable paths: the message of a leak."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [
            d
            for k in sorted(a.keys() | b.keys(), key=str)
            for d in differences(a.get(k), b.get(k), f"{path}.{k}")
        ]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (p, q) in enumerate(zip(a, b, strict=True))
            for d in differences(p, q, f"{path}[{i}]")
        ]
    return [] if a == b else [f"{path or 'value'}: {a!r} (original) != {b!r} (twin)"]


def seen(state: State, x: int | None, events: list[Event]) -> dict[str, Any]:
    """Everything seat ``x`` (``None``: a spectator) receives after an action."""
    return {
        "observation": state.observation(x),
        "events": [event.to_json() for event in events if event.visible_to(x)],
        "current_players": list(state.current_players()),
        "legal": state.legal_actions(x) if x in state.current_players() else [],
    }


def follow(
    original: State,
    twin: State,
    x: int | None,
    chooser: random.Random,
    *,
    until_chance: bool = False,
) -> tuple[int, str]:
    """Drive both games with the same actions until they may part; assert X sees no difference.

    ``until_chance``: stop at the first chance step (twins the rules may not have dealt).
    Returns how many actions were compared and why the comparison stopped.
    """
    game = original.game
    start = seen(original, x, [])
    leaks = differences(start, seen(twin, x, []))
    assert not leaks, f"seat {x}'s twin differs at once, before any action: {leaks}"
    played: list[str] = []
    for compared in range(FOLLOW):
        if original.is_terminal():
            return compared, "the game ended"
        players = original.current_players()
        if players == (CHANCE,) and until_chance:
            return compared, "a chance step"
        if players == (CHANCE,):
            seat, action = CHANCE, original.sample_chance()
            if action not in twin.legal_actions(CHANCE):
                return compared, "a chance draw from holdings dealt differently"
        else:
            seat = chooser.choice(players)
            both = sorted(set(original.legal_actions(seat)) & set(twin.legal_actions(seat)))
            if not both:
                return compared, f"seat {seat}'s hidden holdings allow different moves"
            action = chooser.choice(both)
        text = f"{'chance' if seat == CHANCE else f'seat {seat}'}: {game.action_to_text(action)}"
        played.append(text)
        mine, theirs = original.apply(action, seat), twin.apply(action, seat)
        twin.rng = original.rng.clone()
        if any(event.reveals for event in mine + theirs):
            return compared, "the rules revealed what was hidden"
        leaks = differences(seen(original, x, mine), seen(twin, x, theirs))
        assert not leaks, (
            f"seat {x} tells its twin apart after {text!r} (actions since the split: {played}); "
            f"differing: {leaks}"
        )
    return FOLLOW, "the comparison's limit"


def cases() -> Iterator[tuple[str, int]]:
    for game_class in GAME_CLASSES:
        for players in player_counts(game_class):
            yield game_class.id, players


@pytest.mark.parametrize(("game_id", "players"), list(cases()))
def test_a_seat_cannot_tell_its_twin_apart(game_id: str, players: int) -> None:
    """``POINTS`` random points of random games with random options, each checked from a
    random seat; the points fall within each game's length, however short it is."""
    game_class = next(g for g in GAME_CLASSES if g.id == game_id)
    assert issubclass(game_class, Determinizes), (
        f"{game_id} must deal a twin from a seat's view: define determinize "
        "(ballroom.core.capabilities.Determinizes)"
    )
    points = 0
    walk = 0
    while points < POINTS:
        walk += 1
        chooser = random.Random(f"{game_id}:{players}:{walk}")
        game = game_class(players, **random_options(game_class, chooser))
        assert isinstance(game, Determinizes)
        seed = chooser.randrange(1 << 30)
        played = random_game(game.new_state(seed), chooser, MAX_DEPTH)
        state = game.new_state(seed)
        for depth in sorted(chooser.randrange(len(played)) for _ in range(POINTS_PER_WALK)):
            replay_to(state, played, depth)
            x = chooser.randrange(players)
            twin = game.determinize(state.observation(x), Rng(chooser.randrange(1 << 30)))
            twin.rng = state.rng.clone()
            where = f"{game!r}, walk {walk}, after {len(state.history)} actions"
            try:
                follow(state.clone(), twin, x, chooser)
            except AssertionError as leak:
                raise AssertionError(f"{where}: {leak}") from None
            points += 1
