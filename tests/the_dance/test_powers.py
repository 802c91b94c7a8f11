"""Each of the twelve Powers, on hand-made positions."""

from __future__ import annotations

from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.state import P_DANCE

from .helpers import (
    DANCER,
    act,
    arrange,
    give_power,
    give_refreshments,
    hex_at,
    legal_texts,
    ready_state,
)


def plain(**options: object) -> object:
    state = ready_state(players=2, **options)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)})
    return state


def test_athletic_moves_three_and_ignores_the_ankh() -> None:
    state = plain()
    give_refreshments(state, 0, "ankh")
    assert "ankh" in legal_texts(state)
    give_power(state, 0, "athletic")
    assert state.moves_left == 3
    assert "ankh" not in legal_texts(state)
    act(state, "step e", "step e", "step e")
    assert state.avatar_pos[0] == hex_at(3, 0)
    assert 0 in state.revealed[0]


def test_ankh_adds_one_movement() -> None:
    state = plain()
    give_refreshments(state, 0, "ankh")
    act(state, "step e", "step e")
    assert not any(t.startswith("step") for t in legal_texts(state))
    act(state, "ankh", "step e")
    assert state.avatar_pos[0] == hex_at(3, 0)


def test_discipline_buys_a_second_marker_returned_when_its_dancer_is_seated() -> None:
    state = ready_state(players=2)
    entry = state.comp.board.hexes[state.comp.board.sanctuaries[state.sanctuary_of[0]].entry]
    arrange(
        state,
        dancers={"Lady Julia": (1, 0), "Contessa Marta": (-1, 0)},
        avatars={0: (0, 0), 1: (-4, 0)},
        influenced={"Contessa Marta": 0},
    )
    give_power(state, 0, "discipline")
    give_refreshments(state, 0, "extortion-1", "ankh", "confidence-1")
    act(state, "discipline", "pay extortion-1", "pay ankh")
    assert state.markers[0] == 2 and state.hand_size[0] == 1
    assert "discipline" not in legal_texts(state)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 2", "accept")
    julia, marta = DANCER["Lady Julia"], DANCER["Contessa Marta"]
    assert state.dancer_inf[julia] == 0 and state.dancer_inf[marta] == 0
    assert state.dancer_slot[julia] == 1
    # Seat Lady Julia (the bonus marker's Dancer): the bonus marker goes back.
    state.occ[state.dancer_pos[julia]] = -1
    state.dancer_pos[julia] = state.comp.board.index[entry]
    state.occ[state.dancer_pos[julia]] = julia
    state._start_turn(0)
    act(state, "seat lady-julia")
    assert state.markers[0] == 1


def test_host_calls_the_server_from_afar() -> None:
    state = ready_state(players=2)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)}, server=(-2, 2))
    act(state, "end-dance")
    assert "server" not in legal_texts(state)
    state.phase = P_DANCE
    give_power(state, 0, "host")
    act(state, "end-dance", "server")
    assert state.server == -1


def test_mesmerize_reaches_two_hexes() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (2, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    act(state, "end-dance")
    assert "influence lady-julia" not in legal_texts(state)
    state.phase = P_DANCE
    give_power(state, 0, "mesmerize")
    act(state, "end-dance")
    assert "influence lady-julia" in legal_texts(state)


def test_old_wealth_limit_six() -> None:
    state = ready_state(players=2)
    give_power(state, 0, "old-wealth")
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)}, server=(1, 0))
    give_refreshments(state, 0, "extortion-1", "extortion-1", "ankh", "ankh", "corruption-1")
    act(
        state,
        "end-dance",
        "server",
        "drawn-refreshment confidence-1",
        "drawn-refreshment confidence-1",
    )
    assert state.hand_size[0] == 7
    assert legal_texts(state)[0].startswith("discard")
    act(state, "discard ankh")
    assert state.hand_size[0] == 6 and state.current != 0


def test_old_wealth_starts_with_six_refreshments() -> None:
    for seed in range(40):
        state = ready_state(players=3, seed=seed, keep_powers=True)
        for p in range(3):
            if state.power_bits[p] & (1 << 4):
                assert state.hand_size[p] == 6
                return
    raise AssertionError("no seed dealt Old Wealth")


def test_overwhelming_dominates_every_success() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "overwhelming")
    give_refreshments(state, 0)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 4", "accept")
    assert state.dancer_dom[DANCER["Lady Julia"]]


def test_regale_two_attempts_and_choose_which_keeps_the_marker() -> None:
    state = ready_state(players=2)
    arrange(
        state,
        dancers={"Lady Julia": (1, 0), "Contessa Marta": (-1, 0)},
        avatars={0: (0, 0), 1: (-4, 0)},
    )
    give_power(state, 0, "regale")
    give_refreshments(state, 0)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 2", "accept")
    assert state.dancer_inf[DANCER["Lady Julia"]] == 0
    assert state.current == 0 and "influence contessa-marta" in legal_texts(state)
    assert "server" not in legal_texts(state)
    domain = next(
        t
        for t in ("corruption", "confidence", "subjugation", "extortion")
        if not state.comp.dancers[DANCER["Contessa Marta"]].negates[
            ("extortion", "corruption", "subjugation", "confidence").index(t)
        ]
    )
    act(state, "influence contessa-marta", f"domain {domain}", "no-refreshment")
    act(state, "roll 1", "accept")
    assert legal_texts(state) == ["drop lady-julia", "drop contessa-marta"] or sorted(
        legal_texts(state)
    ) == sorted(["drop lady-julia", "drop contessa-marta"])
    act(state, "drop lady-julia")
    assert state.dancer_inf[DANCER["Contessa Marta"]] == 0
    assert state.dancer_inf[DANCER["Lady Julia"]] == -1
    assert state.current == 1


def test_resourceful_plays_two_refreshments() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "resourceful")
    give_refreshments(state, 0, "corruption-1", "corruption-1")
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    assert not state.is_chance_node()
    act(state, "refresh corruption-1")
    assert state.is_chance_node() and state._target_number() == 6


def test_shadow_passes_through_but_never_stops_on_a_piece() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    assert "step e" not in legal_texts(state)
    give_power(state, 0, "shadow")
    act(state, "step e")
    assert (
        state.passing
        and legal_texts(state)
        and all(t.startswith("step") for t in legal_texts(state))
    )
    assert state.occ[hex_at(1, 0)] == DANCER["Lady Julia"]
    act(state, "step e")
    assert state.avatar_pos[0] == hex_at(2, 0) and not state.passing
    assert state.occ[hex_at(0, 0)] == -1


def test_shadow_cannot_enter_a_piece_without_a_way_out() -> None:
    state = ready_state(players=2)
    arrange(
        state,
        dancers={"Lady Julia": (1, 0), "Contessa Marta": (2, 0)},
        avatars={0: (0, 0), 1: (-4, 0)},
    )
    give_power(state, 0, "shadow")
    act(state, "step ne")
    # One Movement left, standing next to Lady Julia: entering her hex would strand the Avatar.
    assert "step se" not in legal_texts(state)


def test_strategic_draws_a_plan_in_box_four() -> None:
    state = ready_state(players=2)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "strategic")
    assert "strategic" not in legal_texts(state)
    state.tempo = 4
    old = state.plan[0]
    act(state, "strategic")
    new = state.chance_outcomes()[0][0]
    state.apply(new)
    assert legal_texts(state) == ["keep-plan", "take-plan"]
    assert state.observation(1)["candidate_plan"] is None
    assert state.observation(0)["candidate_plan"] is not None
    act(state, "take-plan")
    assert state.plan[0] != old and old in state.plan_pile
    assert state.phase == P_DANCE and "strategic" not in legal_texts(state)


def test_tactician_lowers_the_die_by_one() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "tactician")
    give_refreshments(state, 0, "ankh")
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 5")
    assert legal_texts(state) == ["accept", "tactician ankh"]
    sentences = act(state, "tactician ankh", "accept")
    assert any("rolls 4 against 4: Lady Julia is Influenced" in s for s in sentences)


def test_tactician_spend_is_the_rolls_one_refreshment() -> None:
    """RULINGS 18: a Refreshment played before the roll leaves Tactician nothing to spend."""
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "tactician")
    give_refreshments(state, 0, "corruption-1", "ankh")
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    assert legal_texts(state) == ["no-refreshment"]
    act(state, "no-refreshment", "roll 6")
    assert legal_texts(state) == ["accept"]
    sentences = act(state, "accept")
    assert any("rolls 6 against 5: no effect" in s for s in sentences)
    assert state.hand_size[0] == 1


def test_resourceful_lets_tactician_spend_the_second_refreshment() -> None:
    """RULINGS 18 with RESOURCEFUL: one before the roll and one after, never three."""
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "tactician", "resourceful")
    give_refreshments(state, 0, "corruption-1", "corruption-1", "ankh")
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-1")
    act(state, "no-refreshment", "roll 6")
    assert legal_texts(state) == ["accept", "tactician corruption-1", "tactician ankh"]
    events = state.apply(ac.parse("tactician ankh"))
    assert [(e.text, e.reveals) for e in events] == [
        ("The Saar family uses Tactician: the roll counts as 5.", True),
        ("The Saar family uses Resourceful: a second Refreshment on one roll.", True),
    ]
    assert legal_texts(state) == ["accept"]
    sentences = act(state, "accept")
    assert any("rolls 5 against 5: Lady Julia is Influenced" in s for s in sentences)
    # Two before the roll spend the limit: nothing is left for Tactician.
    again = ready_state(players=2)
    arrange(again, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(again, 0, "tactician", "resourceful")
    give_refreshments(again, 0, "corruption-1", "corruption-1", "ankh")
    act(again, "end-dance", "influence lady-julia", "domain corruption")
    act(again, "refresh corruption-1", "refresh corruption-1", "roll 6")
    assert legal_texts(again) == ["accept"]


def test_willpower_rerolls() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "willpower")
    give_refreshments(state, 0, "ankh", "ankh")
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 6")
    assert legal_texts(state) == ["accept", "willpower ankh"]
    act(state, "willpower ankh")
    assert state.is_chance_node()
    act(state, "roll 3", "accept")
    assert state.dancer_inf[DANCER["Lady Julia"]] == 0
    assert state.hand_size[0] == 1


def test_unused_powers_stay_secret_until_used() -> None:
    state = ready_state(players=2)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)})
    give_power(state, 0, "athletic")
    assert state.observation(1)["families"][0]["powers"] == []
    assert state.observation(0)["families"][0]["powers"] == [0]
    act(state, "step e", "step e", "step e")
    assert state.observation(1)["families"][0]["powers"] == [0]
