"""Typed views: JSON observations that read back, with nothing of the state's internals."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

import pytest

from ballroom.core.errors import ViewError
from ballroom.core.flow import Step
from ballroom.core.view import View, from_json, to_json
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
