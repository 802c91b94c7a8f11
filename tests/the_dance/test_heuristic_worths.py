"""The heuristic keeps its Dancer worths from one decision to the next only while every part
of the observation they read is the same."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ballroom.core.agent import Decision
from ballroom.core.play import play_out
from ballroom.core.rng import Rng
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.bots import DancerWorths, HeuristicAgent

View = dict[str, Any]


def _free_on_floor(view: View) -> list[int]:
    return [
        d
        for d, (owner, pos) in enumerate(
            zip(view["dancer_influence"], view["dancer_pos"], strict=True)
        )
        if owner < 0 <= pos
    ]


def _move_a_dancer(view: View, me: int) -> None:
    taken = set(view["dancer_pos"]) | {f["pos"] for f in view["families"]} | {view["server"]}
    free = [h for h in range(91) if h not in taken]
    for d in _free_on_floor(view):
        view["dancer_pos"][d] = free[(d * 7) % len(free)]


def _mark_a_dancer(view: View, me: int) -> None:
    for d in _free_on_floor(view)[::3]:
        view["dancer_influence"][d] = (me + 1) % len(view["families"])


def _dominate(view: View, me: int) -> None:
    view["dancer_dominated"] = [not x for x in view["dancer_dominated"]]


def _family(field: str, change: Callable[[Any], Any]) -> Callable[[View, int], None]:
    def perturb(view: View, me: int) -> None:
        fam = view["families"][me]
        fam[field] = change(fam[field])

    return perturb


def _other_sanctuaries(view: View, me: int) -> None:
    for q, fam in enumerate(view["families"]):
        if q != me:
            fam["sanctuary"] = (fam["sanctuary"] + 1) % 6


PERTURBATIONS: dict[str, Callable[[View, int], None]] = {
    "dancer_pos": _move_a_dancer,
    "dancer_influence": _mark_a_dancer,
    "dancer_dominated": _dominate,
    "plan": _family("plan", lambda plan: (plan + 1) % 8),
    "seated": _family("seated", lambda seated: [*seated, 0, 5, 10]),
    "markers": _family("markers", lambda markers: markers + 1),
    "powers": _family("powers", lambda powers: [*powers, 1, 5, 9]),
    "refreshments": _family("refreshments", lambda hand: [count + 1 for count in hand]),
    "avatar": _family("avatar", lambda avatar: (avatar + 1) % 4),
    "sanctuary": _family("sanctuary", lambda sanctuary: (sanctuary + 1) % 4),
    "other sanctuaries": _other_sanctuaries,
}
"""Each part of an observation the worths read, and a change to it."""


def _snapshot(worths: DancerWorths) -> tuple[Any, ...]:
    """Everything the scoring reads of ``worths``."""
    return (
        list(worths.values),
        worths.hex_values(-1),
        worths.hex_values(40),
        worths.best_target,
        worths.base_need,
        worths.closed,
        worths.best_refresh,
        worths.ratings,
        worths.entry,
        worths.powers,
    )


def _views(seed: int, **options: Any) -> list[tuple[TheDance, int, View]]:
    """The observations of the Dance steps of a heuristic game, seat by seat."""
    game = TheDance(4, **options)
    found: list[tuple[TheDance, int, View]] = []

    class Recording(HeuristicAgent):
        def act(self, decision: Decision) -> int:
            view = decision.observation
            if view["phase"] == "dance" and view["families"][decision.player]["plan"] is not None:
                found.append((game, decision.player, copy.deepcopy(view)))
            return super().act(decision)

    agents = [Recording(Rng(seat)) for seat in range(4)]
    play_out(game.new_state(seed), agents, max_turns=12)
    return found[::5]


def test_the_worths_are_kept_only_while_the_parts_they_read_are_the_same() -> None:
    """For each part of the observation the worths read, a change to it that matters (the
    fresh worths differ) makes the kept worths give way: worths kept are always those
    worked out afresh."""
    views = _views(1) + _views(2, domination="margin-three", refreshment_domain="any")
    mattered = dict.fromkeys(PERTURBATIONS, 0)
    for game, me, view in views:
        before = DancerWorths(game, view, me)
        kept = _snapshot(before)
        assert before.holds_for(game, copy.deepcopy(view), me)
        for name, perturb in PERTURBATIONS.items():
            changed = copy.deepcopy(view)
            perturb(changed, me)
            fresh = _snapshot(DancerWorths(game, changed, me))
            if fresh != kept:
                mattered[name] += 1
            if before.holds_for(game, changed, me):
                assert _snapshot(before) == fresh, name
    assert all(mattered.values()), mattered


def test_the_worths_are_kept_while_the_avatar_walks() -> None:
    """Nothing the worths read changes when only the Avatar and the seat's own Influenced
    Dancers move: the agent keeps them."""
    for game, me, view in _views(3):
        before = DancerWorths(game, view, me)
        walked = copy.deepcopy(view)
        fam = walked["families"][me]
        fam["pos"] = (fam["pos"] + 1) % 91
        for d, owner in enumerate(walked["dancer_influence"]):
            if owner == me:
                walked["dancer_pos"][d] = 90 - walked["dancer_pos"][d]
        assert before.holds_for(game, walked, me)
        assert not before.holds_for(TheDance(4), walked, me)
        assert not before.holds_for(game, walked, (me + 1) % 4)
