"""Typed views: JSON observations that read back, with nothing of the state's internals."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

import pytest

from ballroom.core.errors import ViewError
from ballroom.core.flow import Step
from ballroom.core.view import _WRITTEN, View, from_json, to_json
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones


class Phase(Enum):
    PICK = "pick"


class Domain(Enum):
    CONFIDENCE = 1
    CORRUPTION = 2


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    rating: Mapping[Domain, int]


@dataclass(frozen=True, slots=True)
class Public:
    round: int
    scores: tuple[int, ...]
    seats: tuple[Seat, ...]
    leader: int | None
    revealed: frozenset[int]
    pair: tuple[str, float]


@dataclass(frozen=True, slots=True)
class Private:
    plan: Domain
    notes: Mapping[int, str]


PUBLIC = Public(
    round=2,
    scores=(1, 0),
    seats=(Seat("Ada", {Domain.CONFIDENCE: 3}), Seat("Bo", {Domain.CORRUPTION: 1})),
    leader=None,
    revealed=frozenset({3, 1}),
    pair=("x", 0.5),
)


def zones() -> Zones:
    return Zones.create(
        2,
        [
            Zone(ZoneId("deck"), Visibility.NOBODY, (0, 1, 2)),
            Zone(ZoneId("hand", 0), Visibility.OWNER, (3,)),
            Zone(ZoneId("hand", 1), Visibility.OWNER, (4,)),
        ],
    )


def test_parts_convert_by_their_declared_types() -> None:
    data = json.loads(json.dumps(to_json(PUBLIC)))
    assert data["seats"][0] == {"name": "Ada", "rating": {"1": 3}}
    assert data["revealed"] == [1, 3]
    assert from_json(Public, data) == PUBLIC


def test_a_view_is_the_observation_and_reads_back() -> None:
    view: View[Phase, Public, Private] = View(
        seat=0,
        step=Step.secret(Phase.PICK, [0, 1]),
        zones=zones().view(0),
        public=PUBLIC,
        private=Private(Domain.CORRUPTION, {4: "passed"}),
    )
    observation = json.loads(json.dumps(view.to_observation()))
    assert set(observation) == {"seat", "step", "zones", "public", "private"}
    assert observation["private"] == {"plan": 2, "notes": {"4": "passed"}}
    assert View.from_observation(observation, Phase, Public, Private) == view


def test_a_spectator_has_no_private_part() -> None:
    view: View[Phase, Public, Private] = View(
        None, Step.secret(Phase.PICK, [1]), zones().view(None), PUBLIC, None
    )
    observation = json.loads(json.dumps(view.to_observation()))
    assert observation["private"] is None
    assert View.from_observation(observation, Phase, Public, Private) == view


def test_foreign_observations_are_refused() -> None:
    with pytest.raises(ViewError, match="not a view of this game"):
        View.from_observation({"you": 0}, Phase, Public, Private)
    with pytest.raises(ViewError, match="no JSON form"):
        to_json(object())


READERS = {
    "dancing-dice": ("ballroom.games.dancing_dice.view", {}),
    "vampires-harvest": ("ballroom.games.vampires_harvest.view", {}),
    "dominare": ("ballroom.games.dominare.view", {}),
    "dark-tales": ("ballroom.games.dark_tales.view", {}),
    "cinderella": ("ballroom.games.dark_tales.view", {"expansion": "cinderella"}),
}


def _same_kinds(written: object, read: object, where: str) -> None:
    """``read`` has the very types of ``written`` all the way down (a list where a tuple was
    read back would be shared with the state, and could change under a reader)."""
    assert type(written) is type(read), f"{where}: {type(written)} read as {type(read)}"
    if isinstance(written, Mapping):
        assert isinstance(read, Mapping)
        for key, value in written.items():
            _same_kinds(value, read[key], f"{where}[{key!r}]")
    elif isinstance(written, (tuple, frozenset)):
        assert isinstance(read, (tuple, frozenset))
        mine, theirs = (
            sorted(x, key=repr) if isinstance(x, frozenset) else x for x in (written, read)
        )
        for index, (one, other) in enumerate(zip(mine, theirs, strict=True)):
            _same_kinds(one, other, f"{where}[{index}]")
    elif hasattr(written, "__dataclass_fields__"):
        for name in written.__dataclass_fields__:
            if not name.startswith("_"):
                _same_kinds(getattr(written, name), getattr(read, name), f"{where}.{name}")


@pytest.mark.parametrize("name", sorted(READERS))
def test_the_last_observation_written_reads_back_as_its_own_view_which_equals_the_read(
    name: str,
) -> None:
    """A bot reads the observation it was handed: the view it was written from comes back,
    and it is what reading a copy gives, field by field and type by type."""
    import importlib

    import ballroom
    from ballroom.core.rng import Rng

    module, options = READERS[name]
    read = importlib.import_module(module).read
    game_id = "dark-tales" if name == "cinderella" else name
    rng = Rng(3)
    for seed in range(2):
        state = ballroom.make(game_id, players=4, seed=seed, **options)
        for _ in range(120):
            if state.is_terminal():
                break
            for seat in range(4):
                observation = state.observation(seat)
                kept = read(observation)
                fresh = read(json.loads(json.dumps(observation)))
                assert kept is _WRITTEN[0][1] and kept is not fresh and kept == fresh
                _same_kinds(kept, fresh, f"{name} seat {seat}")
            player = state.current_players()[0]
            if state.is_chance_node():
                state.apply(state.sample_chance(), player)
            else:
                legal = state.legal_actions(player)
                state.apply(legal[rng.below(len(legal))], player)
