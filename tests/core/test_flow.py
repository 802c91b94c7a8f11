"""The decision flow: steps, who decides them, and the step every seat meets."""

from __future__ import annotations

import json
from enum import Enum

import pytest

from ballroom.core.actions import Family, Param
from ballroom.core.errors import IllegalActionError
from ballroom.core.flow import Flow, Mode, Step, offer
from ballroom.core.state import CHANCE


class Phase(Enum):
    PICK = "pick"
    TACTICIAN = "tactician"
    DRAW = "draw"
    OVER = "over"


PLAY = Family("play", (Param.of_range("card", 0, 9),))
SPEND = Family("spend")
NO = Family("no")
DRAW = Family("draw", (Param.of_range("card", 0, 9),))
FLOW = Flow.declare(
    Phase,
    {Phase.PICK: [PLAY], Phase.TACTICIAN: [SPEND, NO], Phase.DRAW: [DRAW], Phase.OVER: []},
)


def test_a_secret_step_waits_for_every_seat_in_any_order() -> None:
    step: Step[Phase] | None = Step.secret(Phase.PICK, [2, 0, 1])
    assert step is not None and step.current_players() == (0, 1, 2)
    step = step.after(1)
    assert step is not None and step.current_players() == (0, 2)
    step = step.after(2)
    assert step is not None
    assert step.after(0) is None


def test_each_seat_meets_a_step_in_turn() -> None:
    step: Step[Phase] | None = Step.each(Phase.TACTICIAN, [2, 0, 1])
    order = []
    while step is not None:
        (seat,) = step.current_players()
        order.append(seat)
        step = step.after(seat)
    assert order == [2, 0, 1]


def test_chance_and_the_end() -> None:
    assert Step.chance(Phase.DRAW).current_players() == (CHANCE,)
    assert Step.chance(Phase.DRAW).after(CHANCE) is None
    assert Step.over(Phase.OVER).current_players() == ()


def test_steps_refuse_the_wrong_seat_and_bad_shapes() -> None:
    with pytest.raises(IllegalActionError, match="seat 1 does not decide tactician now"):
        Step.each(Phase.TACTICIAN, [0, 1]).after(1)
    with pytest.raises(ValueError, match="seats with seats"):
        Step(Phase.PICK, Mode.SEATS, ())
    with pytest.raises(ValueError, match="chance with seats"):
        Step(Phase.DRAW, Mode.CHANCE, (1,))


def test_steps_read_back_from_json() -> None:
    step = Step.secret(Phase.PICK, [1, 3])
    data = json.loads(json.dumps(step.to_json()))
    assert data == {"step": "pick", "mode": "secret", "seats": [1, 3]}
    assert Step.from_json(Phase, data) == step


def test_a_flow_declares_every_step_and_checks_families() -> None:
    with pytest.raises(ValueError, match="steps not declared: draw, over"):
        Flow.declare(Phase, {Phase.PICK: [PLAY], Phase.TACTICIAN: [NO]})
    FLOW.check(Step.seat(Phase.PICK, 0), [PLAY(3)])
    with pytest.raises(IllegalActionError, match="step tactician offers spend, no, not play"):
        FLOW.check(Step.seat(Phase.TACTICIAN, 0), [PLAY(3)])
    assert FLOW.to_json()["tactician"] == ["spend", "no"]


def test_offer_gives_no_where_nothing_applies() -> None:
    assert offer([SPEND()], NO()) == [SPEND(), NO()]
    assert offer([], NO()) == [NO()]
    assert offer([SPEND()], NO(), optional=False) == [SPEND()]
    assert offer([], NO(), optional=False) == [NO()]
