"""Each of the twelve Powers, on hand-made positions."""

from __future__ import annotations

import dataclasses

from ballroom.core import effects as fx
from ballroom.games.the_dance import TheDance, TheDanceState, powers
from ballroom.games.the_dance.components import (
    DOMAINS,
    POWER_FLAGS,
    POWER_QUANTITIES,
    POWER_STEPS,
    default_components,
)
from ballroom.games.the_dance.position import Look, Position, act, legal_texts
from ballroom.games.the_dance.powers import Power

DANCERS = {d.name: d for d in default_components().dancers}


def plain(**options: object) -> Position:
    """Tatiana (plum) on (0, 0), Thorne (grey) far away on (-4, 0)."""
    return Position(players=2, **options).avatar("plum", at=(0, 0)).avatar("grey", at=(-4, 0))


def next_to_lady_julia() -> Position:
    """Tatiana next to Lady Julia on (1, 0)."""
    return plain().dancer("Lady Julia", at=(1, 0))


def test_athletic_moves_three_and_ignores_the_ankh() -> None:
    state = plain().refreshments("plum", "ankh").build()
    assert "ankh" in legal_texts(state)
    state = plain().refreshments("plum", "ankh").powers("plum", "athletic").build()
    look = Look(state)
    assert look.movement_left() == 3
    assert "ankh" not in legal_texts(state)
    act(state, "step e", "step e", "step e")
    assert look.avatar("plum") == (3, 0)
    assert look.powers("plum", seen_by="grey") == ["athletic"]


def test_ankh_adds_one_movement() -> None:
    state = plain().refreshments("plum", "ankh").build()
    act(state, "step e", "step e")
    assert not any(t.startswith("step") for t in legal_texts(state))
    act(state, "ankh", "step e")
    assert Look(state).avatar("plum") == (3, 0)


def test_discipline_buys_a_second_marker_returned_when_its_dancer_is_seated() -> None:
    # Lady Julia waits one hex from plum's entry hex (5, 0), Tatiana beside her.
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(4, 1))
        .dancer("Contessa Marta", at=(-1, 0), influenced_by="plum")
        .avatar("plum", at=(3, 2))
        .avatar("grey", at=(-4, 0))
        .powers("plum", "discipline")
        .refreshments("plum", "extortion-1", "ankh", "confidence-1")
        .build()
    )
    look = Look(state)
    act(state, "discipline", "pay extortion-1", "pay ankh")
    assert look.markers("plum") == 2 and look.refreshment_count("plum") == 1
    assert "discipline" not in legal_texts(state)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 2", "accept")
    assert look.influenced_by("Lady Julia") == "plum" == look.influenced_by("Contessa Marta")
    assert look.second_marker("plum") == "Lady Julia"
    # Turn 2: lead Lady Julia onto the entry hex and seat her: the bonus marker goes back.
    act(state, "pass", "end-dance", "pass", "roll 6")
    assert look.turn_of() == "plum" and look.step() == "dance"
    act(state, "lead lady-julia ne", "seat lady-julia")
    assert look.markers("plum") == 1
    assert look.influenced_by("Contessa Marta") == "plum"


def server_far_away(*powers: str) -> Position:
    return plain().server(at=(-2, 2)).powers("plum", *powers)


def test_host_calls_the_server_from_afar() -> None:
    state = server_far_away().build()
    act(state, "end-dance")
    assert "server" not in legal_texts(state)
    state = server_far_away("host").build()
    act(state, "end-dance", "server")
    assert Look(state).server() is None


def test_mesmerize_reaches_two_hexes() -> None:
    state = plain().dancer("Lady Julia", at=(2, 0)).build()
    act(state, "end-dance")
    assert "influence lady-julia" not in legal_texts(state)
    state = plain().dancer("Lady Julia", at=(2, 0)).powers("plum", "mesmerize").build()
    act(state, "end-dance")
    assert "influence lady-julia" in legal_texts(state)


def test_what_powers_make_of_the_rules_is_the_same_worked_out_once_or_again() -> None:
    """Families holding the same Powers share what they make of the rules (``settle``),
    as ``Held.of`` works it out afresh."""
    states = [
        plain().powers("plum", *held).build()
        for held in (("mesmerize", "host"), ("host", "mesmerize"))
    ]
    for state in states:
        fresh = powers.Held.of(state.comp.effects, state.powers[0])
        assert state.held[0].limits == fresh.limits
        assert state.held[0].standing == fresh.standing
        assert state.held[0].limits["influence-reach"] == 2
    assert states[0].held[0] is states[1].held[0]


def test_old_wealth_limit_six() -> None:
    state = (
        plain()
        .powers("plum", "old-wealth")
        .server(at=(1, 0))
        .refreshments("plum", "extortion-1", "extortion-1", "ankh", "ankh", "corruption-1")
        .build()
    )
    act(
        state,
        "end-dance",
        "server",
        "drawn-refreshment confidence-1",
        "drawn-refreshment confidence-1",
    )
    look = Look(state)
    assert look.refreshment_count("plum") == 7
    assert legal_texts(state)[0].startswith("discard")
    act(state, "discard ankh")
    assert look.refreshment_count("plum") == 6 and look.turn_of() != "plum"


def test_old_wealth_starts_with_six_refreshments() -> None:
    for seed in range(40):
        look = Look(Position(players=3, seed=seed).dealt_powers().build())
        for p in range(3):
            if "old-wealth" in look.powers(p):
                assert look.refreshment_count(p) == 6
                return
    raise AssertionError("no seed dealt Old Wealth")


def test_overwhelming_dominates_every_success() -> None:
    state = next_to_lady_julia().powers("plum", "overwhelming").refreshments("plum").build()
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 4", "accept")
    assert Look(state).dominated("Lady Julia")


def test_regale_two_attempts_and_choose_which_keeps_the_marker() -> None:
    state = (
        next_to_lady_julia()
        .dancer("Contessa Marta", at=(-1, 0))
        .powers("plum", "regale")
        .refreshments("plum")
        .build()
    )
    look = Look(state)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 2", "accept")
    assert look.influenced_by("Lady Julia") == "plum"
    assert look.turn_of() == "plum" and "influence contessa-marta" in legal_texts(state)
    assert "server" not in legal_texts(state)
    domain = next(
        t
        for t in ("corruption", "confidence", "subjugation", "extortion")
        if not DANCERS["Contessa Marta"].negates[DOMAINS.index(t)]
    )
    act(state, "influence contessa-marta", f"domain {domain}", "no-refreshment")
    act(state, "roll 1", "accept")
    assert legal_texts(state) == ["drop lady-julia", "drop contessa-marta"] or sorted(
        legal_texts(state)
    ) == sorted(["drop lady-julia", "drop contessa-marta"])
    act(state, "drop lady-julia")
    assert look.influenced_by("Contessa Marta") == "plum"
    assert look.influenced_by("Lady Julia") is None
    assert look.turn_of() == "grey"


def test_resourceful_plays_two_refreshments() -> None:
    state = (
        next_to_lady_julia()
        .powers("plum", "resourceful")
        .refreshments("plum", "corruption-1", "corruption-1")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    assert not state.is_chance_node()
    act(state, "refresh corruption-1")
    assert state.is_chance_node() and Look(state).need() == 6


def test_shadow_passes_through_but_never_stops_on_a_piece() -> None:
    state = next_to_lady_julia().build()
    assert "step e" not in legal_texts(state)
    state = next_to_lady_julia().powers("plum", "shadow").build()
    look = Look(state)
    act(state, "step e")
    # Passing through Lady Julia's hex: she keeps it, and only a step onward is offered.
    assert look.avatar("plum") == look.where("Lady Julia") == (1, 0)
    assert legal_texts(state) and all(t.startswith("step") for t in legal_texts(state))
    assert look.occupant((1, 0)) == "Lady Julia"
    act(state, "step e")
    assert look.avatar("plum") == (2, 0) and look.occupant((2, 0)) == "Tatiana Saar"
    assert look.occupant((0, 0)) is None


def test_shadow_cannot_enter_a_piece_without_a_way_out() -> None:
    state = (
        next_to_lady_julia()
        .dancer("Contessa Marta", at=(2, 0))
        .powers("plum", "shadow")
        .avatar("plum", at=(1, -1))
        .to_move("plum", movement=1)
        .build()
    )
    # One Movement left, standing next to Lady Julia: entering her hex would strand the Avatar.
    assert "step se" not in legal_texts(state)


def test_strategic_draws_a_plan_in_box_four() -> None:
    state = plain().powers("plum", "strategic").build()
    assert "strategic" not in legal_texts(state)
    state = plain().powers("plum", "strategic").tempo(4).build()
    look = Look(state)
    old, plans_in_the_pile = look.plan("plum"), look.piles()["plans"]
    act(state, "strategic")
    new = state.chance_outcomes()[0][0]
    state.apply(new)
    assert legal_texts(state) == ["keep-plan", "take-plan"]
    assert state.observation(1)["candidate_plan"] is None
    assert state.observation(0)["candidate_plan"] is not None
    act(state, "take-plan")
    # The new Plan is kept; the old one went back, leaving the pile as large as before.
    assert look.plan("plum") != old and look.piles()["plans"] == plans_in_the_pile
    assert look.step() == "dance" and "strategic" not in legal_texts(state)


def test_tactician_lowers_the_die_by_one() -> None:
    state = next_to_lady_julia().powers("plum", "tactician").refreshments("plum", "ankh").build()
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 5")
    assert legal_texts(state) == ["accept", "tactician ankh"]
    sentences = act(state, "tactician ankh", "accept")
    assert any("rolls 4 against 4: Lady Julia is Influenced" in s for s in sentences)


def test_tactician_spend_is_the_rolls_one_refreshment() -> None:
    """RULINGS 18: a Refreshment played before the roll leaves Tactician nothing to spend."""
    state = (
        next_to_lady_julia()
        .powers("plum", "tactician")
        .refreshments("plum", "corruption-1", "ankh")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    assert legal_texts(state) == ["no-refreshment"]
    act(state, "no-refreshment", "roll 6")
    assert legal_texts(state) == ["accept"]
    sentences = act(state, "accept")
    assert any("rolls 6 against 5: no effect" in s for s in sentences)
    assert Look(state).refreshment_count("plum") == 1


def test_resourceful_lets_tactician_spend_the_second_refreshment() -> None:
    """RULINGS 18 with RESOURCEFUL: one before the roll and one after, never three."""

    def tactician_and_resourceful() -> TheDanceState:
        return (
            next_to_lady_julia()
            .powers("plum", "tactician", "resourceful")
            .refreshments("plum", "corruption-1", "corruption-1", "ankh")
            .build()
        )

    state = tactician_and_resourceful()
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    act(state, "no-refreshment", "roll 6")
    assert legal_texts(state) == ["accept", "tactician corruption-1", "tactician ankh"]
    events = state.apply_text("tactician ankh")
    assert [(e.text, e.reveals) for e in events] == [
        ("The Saar family uses Tactician: the roll counts as 5.", True),
        ("The Saar family uses Resourceful: a second Refreshment on one roll.", True),
    ]
    assert legal_texts(state) == ["accept"]
    sentences = act(state, "accept")
    assert any("rolls 5 against 5: Lady Julia is Influenced" in s for s in sentences)
    # Two before the roll spend the limit: nothing is left for Tactician.
    again = tactician_and_resourceful()
    act(again, "end-dance", "influence lady-julia", "domain corruption")
    act(again, "refresh corruption-1", "refresh corruption-1", "roll 6")
    assert legal_texts(again) == ["accept"]


def test_willpower_rerolls() -> None:
    state = (
        next_to_lady_julia()
        .powers("plum", "willpower")
        .refreshments("plum", "ankh", "ankh")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 6")
    assert legal_texts(state) == ["accept", "willpower ankh"]
    act(state, "willpower ankh")
    assert state.is_chance_node()
    act(state, "roll 3", "accept")
    look = Look(state)
    assert look.influenced_by("Lady Julia") == "plum"
    assert look.refreshment_count("plum") == 1


def test_unused_powers_stay_secret_until_used() -> None:
    state = plain().powers("plum", "athletic").build()
    look = Look(state)
    assert look.powers("plum", seen_by="grey") == []
    assert look.powers("plum") == ["athletic"]
    act(state, "step e", "step e", "step e")
    assert look.powers("plum", seen_by="grey") == ["athletic"]


def test_athletic_caps_the_ankh_even_with_resourceful() -> None:
    """ATHLETIC: "the Ankh Refreshment does not add to this Avatar's speed", whatever else."""
    state = plain().refreshments("plum", "ankh").powers("plum", "athletic", "resourceful").build()
    assert Look(state).movement_left() == 3
    assert "ankh" not in legal_texts(state)


def test_resourceful_spends_a_second_ankh_and_shows_itself_then() -> None:
    state = plain().refreshments("plum", "ankh", "ankh").powers("plum", "resourceful").build()
    look = Look(state)
    act(state, "ankh")
    assert look.powers("plum", seen_by="grey") == []
    events = state.apply_text("ankh")
    assert events[-1].text == "The Saar family uses Resourceful: a second Ankh in one Dance step."
    assert "ankh" not in legal_texts(state) and look.movement_left() == 4


def test_the_least_power_that_reaches_the_server_is_the_one_shown() -> None:
    """With Host and Mesmerize, a call from two hexes shows Mesmerize; from afar, Host."""
    for at, shown in (((2, 0), "mesmerize"), ((3, 0), "host")):
        state = plain().server(at=at).powers("plum", "host", "mesmerize").build()
        act(state, "end-dance", "server")
        assert Look(state).powers("plum", seen_by="grey") == [shown]


def test_a_power_used_at_will_is_offered_only_where_its_data_holds() -> None:
    """Discipline needs two Refreshments and one marker; Willpower once an effort."""
    state = plain().powers("plum", "discipline").refreshments("plum", "ankh").build()
    assert "discipline" not in legal_texts(state)
    state = next_to_lady_julia().powers("plum", "willpower").refreshments("plum").build()
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 6")
    # No Refreshment to name: Willpower's spend offers nothing, and the step says only accept.
    assert legal_texts(state) == ["accept"]


def house_rule(state: TheDanceState, power_id: str, *do: fx.Operation) -> None:
    """Play ``state`` on with ``power_id``'s operations typed in as ``do`` (a group's
    powers.toml), every family's Powers worked out again."""
    comp = default_components()
    effects = fx.Effects.of(
        dataclasses.replace(p.ability, do=do) if p.id == power_id else p.ability
        for p in comp.powers
    )
    state.comp = dataclasses.replace(comp, effects=effects)
    for p in range(state.n):
        powers.settle(state, p)
    state.changed()


def test_the_rules_read_a_powers_data_not_its_name() -> None:
    """A house rule typed into powers.toml (Mesmerize reaching three hexes) is the rule."""
    state = plain().dancer("Lady Julia", at=(3, 0)).powers("plum", "mesmerize").build()
    house_rule(state, "mesmerize", fx.SetLimit("influence-reach", 3, "an Influence from afar"))
    act(state, "end-dance")
    assert "influence lady-julia" in legal_texts(state)
    events = state.apply_text("influence lady-julia")
    assert events[0].text == "The Saar family uses Mesmerize: an Influence from afar."


def test_discipline_pays_the_price_its_data_names() -> None:
    state = plain().powers("plum", "discipline").refreshments("plum", "ankh", "ankh").build()
    house_rule(
        state,
        "discipline",
        fx.Spend("refreshments", 1, named=True),
        fx.Gain("influence-markers"),
    )
    look = Look(state)
    act(state, "discipline", "pay ankh")
    assert look.markers("plum") == 2 and look.refreshment_count("plum") == 1
    assert look.step() == "dance"


def test_every_name_in_the_powers_data_is_one_the_rules_read() -> None:
    assert set(powers._QUANTITIES) == set(POWER_QUANTITIES)
    assert set(powers._FLAGS) == set(POWER_FLAGS)
    assert set(powers._EXTRA_STEPS) == set(POWER_STEPS)


def test_the_powers_seen_at_the_deal_are_those_that_deal_more() -> None:
    """Old Wealth's six Refreshments are drawn in sight of all; no other Power's are."""
    assert TheDance(3).shown_at_deal == (Power.OLD_WEALTH,)
