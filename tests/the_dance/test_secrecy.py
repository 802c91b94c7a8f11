"""RULINGS 20: secret holdings stay secret in the flow of play.

Each test builds two positions that differ only in what the Balaz family (seat
1) cannot see, namely the Saar family's (seat 0) Powers or Refreshments, and
checks that seat 1 sees the same decisions, the same log and the same board in
both, until a Power is used (which the log then announces, and the
announcement ``reveals``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ballroom.core.events import Event
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDanceState
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.components import POWER_IDS
from ballroom.games.the_dance.position import Look, Position, act, legal_texts

BALAZ = 1


def saar_next_to(*powers: str, holding: Sequence[str] = ()) -> Position:
    """The Saar family's Dance step, Lady Julia adjacent, holding ``powers`` and Refreshments."""
    return (
        Position(players=2)
        .dancer("Lady Julia", at=(1, 0))
        .dancer("Contessa Marta", at=(-1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .powers("plum", *powers)
        .refreshments("plum", *holding)
    )


def saar_next_to_lady_julia(*powers: str, holding: Sequence[str] = ()) -> TheDanceState:
    return saar_next_to(*powers, holding=holding).build()


def seen(state: TheDanceState, events: Sequence[Event] = ()) -> dict[str, Any]:
    """What the Balaz family receives: its observation, its log and who is to act."""
    return {
        "observation": state.observation(BALAZ),
        "log": [e.to_json() for e in events if e.visible_to(BALAZ)],
        "to act": state.current_players(),
    }


def both(states: tuple[TheDanceState, TheDanceState], *texts: str) -> list[list[Event]]:
    """Play ``texts`` in both positions; the Balaz family must see the same after each."""
    logs: list[list[Event]] = [[], []]
    for text in texts:
        for log, state in zip(logs, states, strict=True):
            player = state.current_players()[0]
            log[:] = state.apply(ac.parse(text), player)
        assert seen(states[0], logs[0]) == seen(states[1], logs[1]), f"after {text!r}"
    return logs


def test_every_family_meets_the_refreshment_step_holding_a_fitting_one_or_not() -> None:
    fitting = saar_next_to_lady_julia("host", holding=["corruption-1"])
    other = saar_next_to_lady_julia("host", holding=["extortion-1"])
    both((fitting, other), "end-dance", "influence lady-julia", "domain corruption")
    assert legal_texts(fitting) == ["refresh corruption-1", "no-refreshment"]
    assert legal_texts(other) == ["no-refreshment"]
    assert other.observation(BALAZ)["phase"] == "refreshment"
    both((fitting, other), "no-refreshment")
    assert other.is_chance_node()


def test_after_one_refreshment_every_family_is_asked_for_a_second() -> None:
    resourceful = saar_next_to_lady_julia("resourceful", holding=["corruption-1"] * 2)
    plain = saar_next_to_lady_julia("host", holding=["corruption-1"] * 2)
    states = (resourceful, plain)
    both(states, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    assert legal_texts(plain) == ["no-refreshment"]
    assert legal_texts(resourceful) == ["refresh corruption-1", "no-refreshment"]
    events = resourceful.apply(ac.parse("refresh corruption-1"))
    used = [e for e in events if e.kind == "power"]
    assert [e.text for e in used] == [
        "The Saar family uses Resourceful: a second Refreshment on one roll."
    ]
    assert used[0].reveals and resourceful.is_chance_node()


def test_every_roll_meets_the_post_roll_step() -> None:
    tactician = saar_next_to_lady_julia("tactician", holding=["ankh"])
    plain = saar_next_to_lady_julia("host", holding=["ankh"])
    states = (tactician, plain)
    logs = both(states, "end-dance", "influence lady-julia", "domain corruption")
    logs = both(states, "no-refreshment", "roll 6")
    assert [e.text for e in logs[1]] == ["The Saar family rolls 6 against 4."]
    assert legal_texts(plain) == ["accept"]
    assert legal_texts(tactician) == ["accept", "tactician ankh"]
    logs = both(states, "accept")
    assert "rolls 6 against 4: no effect" in logs[1][0].text


def test_tactician_used_leaves_the_post_roll_step_open_willpower_or_not() -> None:
    both_powers = saar_next_to_lady_julia("tactician", "willpower", holding=["ankh", "ankh"])
    tactician = saar_next_to_lady_julia("tactician", "host", holding=["ankh", "ankh"])
    states = (both_powers, tactician)
    both(states, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    both(states, "roll 6")
    events = [state.apply(ac.parse("tactician ankh")) for state in states]
    assert all(e.kind == "tactician" and e.reveals for e, *_ in events)
    assert seen(both_powers, events[0]) == seen(tactician, events[1])
    assert legal_texts(tactician) == ["accept"]
    assert legal_texts(both_powers) == ["accept", "willpower ankh"]


def test_every_family_meets_a_second_influence_decision() -> None:
    regale = saar_next_to_lady_julia("regale")
    plain = saar_next_to_lady_julia("host")
    states = (regale, plain)
    both(states, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    both(states, "roll 6", "accept")
    assert plain.observation(BALAZ)["phase"] == "influence"
    assert legal_texts(plain) == ["pass"]
    assert "influence contessa-marta" in legal_texts(regale)
    events = regale.apply(ac.parse("influence contessa-marta"))
    assert [(e.text, e.reveals) for e in events] == [
        ("The Saar family uses Regale: a second Influence attempt this turn.", True)
    ]
    plain.apply(ac.parse("pass"))
    assert Look(plain).turn_of() == "grey"


def test_regale_first_success_moves_the_marker_as_anyone_s() -> None:
    """Regale's choice of Dancer arises on the second attempt only (RULINGS 17)."""
    regale, plain = (
        saar_next_to(power).dancer("Contessa Marta", at=(-1, 0), influenced_by="plum").build()
        for power in ("regale", "host")
    )
    states = (regale, plain)
    both(states, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    both(states, "roll 2", "accept")
    assert Look(regale).influenced_by("Lady Julia") == "plum"
    assert Look(regale).influenced_by("Contessa Marta") is None


def test_other_families_never_see_the_movement_left() -> None:
    athletic = saar_next_to_lady_julia("athletic")
    plain = saar_next_to_lady_julia("host")
    assert athletic.observation(0)["turn_state"]["moves_left"] == 3
    assert athletic.observation(BALAZ)["turn_state"]["moves_left"] is None
    both((athletic, plain), "step ne", "step nw")
    events = athletic.apply(ac.parse("step w"))
    assert [(e.text, e.reveals) for e in events if e.kind == "power"] == [
        ("The Saar family uses Athletic: a step beyond the Avatar's Movement.", True)
    ]


def test_determinize_works_out_the_hidden_movement_left() -> None:
    state = saar_next_to_lady_julia()  # no Power: the twin has none to deal either
    act(state, "step ne")
    twin = state.game.determinize(state.observation(BALAZ), Rng(1))
    assert Look(twin).movement_left() == Look(state).movement_left() == 1


def strategic_choice(scenario: str, choice: str) -> tuple[TheDanceState, list[Event]]:
    state = (
        Position(players=2, scenario=scenario)
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .powers("plum", "strategic")
        .tempo(4)
        .build()
    )
    act(state, "strategic")
    state.apply(state.chance_outcomes()[0][0], CHANCE)
    return state, state.apply(ac.parse(choice))


def plan_words(state: TheDanceState, plan: str) -> str:
    """A Plan, by id, as the log names it ("Rose, Lily and Ivy")."""
    found = next(p for p in state.comp.plans if p.id == plan)
    return found.name(state.comp.colours)


def test_a_strategic_choice_under_subtlety_is_face_down() -> None:
    public = set()
    for choice in ("keep-plan", "take-plan"):
        state, events = strategic_choice("subtlety", choice)
        public.add(tuple(e.text for e in events if e.visible_to(BALAZ)))
        mine = [e.text for e in events if e.audience == frozenset({0})]
        plan = plan_words(state, Look(state).plan("plum"))
        verb = "take the new" if choice == "take-plan" else "keep your"
        assert mine == [f"You {verb} Plan for {plan}."]
    assert public == {("The Saar family keeps one Plan and returns the other face down.",)}


def test_a_strategic_choice_under_arrogance_is_seen() -> None:
    state, events = strategic_choice("arrogance", "take-plan")
    plan = plan_words(state, Look(state).plan("plum"))
    assert [(e.text, e.reveals) for e in events] == [
        (f"The Saar family takes the new Plan for {plan}.", True)
    ]
    _, events = strategic_choice("arrogance", "keep-plan")
    assert [e.text for e in events] == ["The Saar family keeps its Plan."]


def test_discipline_is_revealed_when_bought_not_when_paid_for() -> None:
    state = saar_next_to_lady_julia("discipline", holding=["extortion-1", "ankh"])
    events = state.apply(ac.parse("discipline"))
    assert state.observation(BALAZ)["phase"] == "discipline-payment"
    assert [(e.kind, e.reveals) for e in events] == [("power", True)]
    assert state.observation(BALAZ)["families"][0]["revealed"] == [POWER_IDS.index("discipline")]


def test_old_wealth_is_public_from_the_deal_and_determinize_keeps_it_there() -> None:
    old_wealth = POWER_IDS.index("old-wealth")
    for seed in range(60):
        state = Position(players=3, seed=seed).dealt_powers().build()
        holders = [p for p in range(3) if "old-wealth" in Look(state).powers(p)]
        if holders:
            break
    else:
        raise AssertionError("no seed dealt Old Wealth")
    holder = holders[0]
    viewer = (holder + 1) % 3
    assert state.observation(viewer)["families"][holder]["revealed"] == [old_wealth]
    assert Look(state).refreshment_count(holder) == 6
    for seed in range(30):
        twin = Look(state.game.determinize(state.observation(viewer), Rng(seed)))
        assert ["old-wealth" in twin.powers(p) for p in range(3)] == [p == holder for p in range(3)]


def test_old_wealth_unseen_is_never_dealt_to_a_family_dealt_four() -> None:
    for seed in range(60):
        state = Position(players=3, seed=seed).dealt_powers().build()
        if all("old-wealth" not in Look(state).powers(p) for p in range(3)):
            break
    else:
        raise AssertionError("every seed dealt Old Wealth")
    for rng_seed in range(60):
        twin = Look(state.game.determinize(state.observation(0), Rng(rng_seed)))
        assert all("old-wealth" not in twin.powers(p) for p in range(3))
