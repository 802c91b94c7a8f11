"""The rulebook's worked example and the core rules of The Dance, on hand-made positions."""

from __future__ import annotations

import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.games.the_dance.state import P_DANCE, P_OVER

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

TATIANA, THORNE = 0, 1


def example_position(tatiana_at: tuple[int, int]) -> object:
    """End of turn 10: Tatiana (plum) blocks the Primar and the Contessa; Thorne sits on hex 1."""
    state = ready_state(players=2)
    arrange(
        state,
        dancers={
            "Primar Todoran": (4, -1),  # on the great waltz, which runs on to (4, -2)
            "Contessa Marta": (5, -2),  # arrow hex pointing at (4, -2)
            "Artisan Belan": (0, -4),
            "Captain Lupei": (-1, -3),  # ahead of Belan on the path
            "Patron Constantin": (-4, 4),
            "Lady Julia": (0, 0),
        },
        avatars={TATIANA: tatiana_at, THORNE: (3, -1)},  # (3, -1) is Server hex 1
        influenced={"Lady Julia": TATIANA},
        seated={"Rev. Mother Anna": TATIANA},
    )
    state.tempo = 1
    return state


def end_player_phase(state: object) -> list[str]:
    sentences: list[str] = []
    for _ in range(2):
        sentences += act(state, "end-dance", "pass")
    return sentences


def test_turn_11_example_blocking_order_and_kitchen() -> None:
    state = example_position(tatiana_at=(4, -2))
    end_player_phase(state)
    sentences = act(state, "roll 1")
    assert "The Server rolls 1, but hex 1 is occupied: he stays in the kitchen." in sentences
    assert state.server == -1
    pos = {name: state.dancer_pos[d] for name, d in DANCER.items()}
    # Blocked by Tatiana: neither the path Dancer nor the arrow Dancer moves.
    assert pos["Primar Todoran"] == hex_at(4, -1)
    assert pos["Contessa Marta"] == hex_at(5, -2)
    # The others waltz one hex; Lupei's move frees Belan's hex ahead.
    assert pos["Captain Lupei"] == hex_at(-2, -2)
    assert pos["Artisan Belan"] == hex_at(-1, -3)
    assert pos["Patron Constantin"] == hex_at(-3, 4)
    # Lady Julia is Influenced: she does not waltz. The Rev. Mother stays seated.
    assert pos["Lady Julia"] == hex_at(0, 0)
    assert state.dancer_seat[DANCER["Rev. Mother Anna"]] == TATIANA
    assert state.tempo == 2


def test_path_dancers_move_before_arrow_dancers() -> None:
    """Had Tatiana moved away, the Primar would move and block the Contessa."""
    state = example_position(tatiana_at=(-1, 1))
    end_player_phase(state)
    act(state, "roll 1")
    assert state.dancer_pos[DANCER["Primar Todoran"]] == hex_at(4, -2)
    assert state.dancer_pos[DANCER["Contessa Marta"]] == hex_at(5, -2)


def test_server_returns_to_an_empty_numbered_hex() -> None:
    state = example_position(tatiana_at=(4, -2))
    end_player_phase(state)
    act(state, "roll 2")
    assert state.server == hex_at(2, -3)
    assert state.occ[state.server] == state.server_code


def test_packed_ring_does_not_rotate_and_box_four_pauses_the_floor() -> None:
    state = ready_state(players=2)
    ring = list(BOARD_PATH())
    names = list(DANCER)[: len(ring)]
    arrange(state, dancers=dict(zip(names, ring, strict=True)), avatars={0: (4, 0), 1: (-4, 0)})
    before = list(state.dancer_pos)
    assert state.waltz() == 0
    assert state.dancer_pos == before
    state.tempo = 3
    end_player_phase(state)
    act(state, "roll 3")
    assert state.tempo == 4
    assert state.dancer_pos == before


def BOARD_PATH() -> list[tuple[int, int]]:  # noqa: N802 - reads like the constant it returns
    from .helpers import BOARD

    return [BOARD.hexes[h] for h in BOARD.paths[0]]


def test_box_four_gives_every_family_a_refreshment() -> None:
    state = ready_state(players=2)
    arrange(state, avatars={0: (4, 0), 1: (-4, 0)}, server=(2, 0))
    give_refreshments(state, 0, "ankh")
    give_refreshments(state, 1, "ankh", "extortion-1")
    state.tempo = 3
    sentences = end_player_phase(state)
    act(state, "drawn-refreshment corruption-1", "drawn-refreshment confidence-2")
    assert any("every family gains a Refreshment" in s for s in sentences)
    assert state.hand_size == [2, 3]
    assert state.phase == P_DANCE and state.turn == 2


def test_influence_odds_add_avatar_dancer_and_refreshment_pips() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)}, server=(2, -2))
    give_refreshments(state, 0, "corruption-1", "extortion-1")
    julia = DANCER["Lady Julia"]
    assert state.comp.dancers[julia].pips[1] == 2
    act(state, "end-dance", "influence lady-julia", "domain corruption")
    # Only a Refreshment of the rolled Domain may be played (default variant).
    assert legal_texts(state) == ["refresh corruption-1", "no-refreshment"]
    act(state, "refresh corruption-1")
    assert legal_texts(state) == ["no-refreshment"]  # one Refreshment per roll
    act(state, "no-refreshment")
    assert state.is_chance_node()
    # Tatiana corruption 2 + Lady Julia corruption 2 + Refreshment 1 = 5.
    assert any("rolls 6 against 5: no effect" in s for s in act(state, "roll 6", "accept"))
    assert state.dancer_inf[julia] == -1
    assert state.spent[[k.slug for k in state.comp.refreshments].index("corruption-1")] == 1


def test_refreshment_domain_any_variant() -> None:
    state = ready_state(players=2, refreshment_domain="any")
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_refreshments(state, 0, "extortion-2", "ankh")
    act(state, "end-dance", "influence lady-julia", "domain corruption")
    assert legal_texts(state) == ["refresh extortion-2", "no-refreshment"]
    act(state, "refresh extortion-2")
    assert state._target_number() == 6


def test_a_roll_at_most_the_total_influences_and_moves_the_marker() -> None:
    state = ready_state(players=2)
    arrange(
        state,
        dancers={"Lady Julia": (1, 0), "Contessa Marta": (-2, 2)},
        avatars={0: (0, 0), 1: (-4, 0)},
        influenced={"Contessa Marta": 0},
    )
    give_refreshments(state, 0)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    sentences = act(state, "roll 2", "accept")
    assert any(
        s.startswith("The Saar family rolls 2 against") and "Lady Julia is Influenced" in s
        for s in sentences
    )
    assert state.dancer_inf[DANCER["Lady Julia"]] == 0
    assert state.dancer_inf[DANCER["Contessa Marta"]] == -1  # the one marker moved


def test_negated_domains_cannot_be_chosen() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Rev. Mother Anna": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    act(state, "end-dance", "influence rev-mother-anna")
    negated = [
        d
        for d, n in zip(
            ("extortion", "corruption", "subjugation", "confidence"),
            state.comp.dancers[DANCER["Rev. Mother Anna"]].negates,
            strict=True,
        )
        if n
    ]
    assert negated
    for domain in negated:
        assert f"domain {domain}" not in legal_texts(state)
        with pytest.raises(IllegalActionError):
            act(state, f"domain {domain}")


@pytest.mark.parametrize("variant", ["natural-one", "margin-three"])
def test_domination_variants(variant: str) -> None:
    state = ready_state(players=2, domination=variant)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-4, 0)})
    give_refreshments(state, 0)
    target = 2 + state.comp.dancers[DANCER["Lady Julia"]].pips[1]
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 1", "accept")
    julia = DANCER["Lady Julia"]
    assert state.dancer_inf[julia] == 0
    assert state.dancer_dom[julia] == (variant == "natural-one" or target - 1 >= 3)


def test_natural_one_domination_puts_the_dancer_out_of_reach() -> None:
    state = ready_state(players=2)
    arrange(
        state,
        dancers={"Lady Julia": (1, 0)},
        avatars={0: (0, 0), 1: (2, -1)},
        influenced={"Lady Julia": 1},
        dominated=["Lady Julia"],
    )
    act(state, "end-dance")
    assert "influence lady-julia" not in legal_texts(state)


def test_margin_three_domination_takes_a_dominated_dancer_over() -> None:
    state = ready_state(players=2, domination="margin-three")
    arrange(
        state,
        dancers={"Lady Julia": (1, 0)},
        avatars={0: (0, 0), 1: (2, -1)},
        influenced={"Lady Julia": 1},
        dominated=["Lady Julia"],
    )
    give_refreshments(state, 0, "corruption-2")
    julia = DANCER["Lady Julia"]
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-2")
    total = state._target_number()
    assert total - 1 >= 3
    act(state, "no-refreshment", "roll 1", "accept")
    assert (state.dancer_inf[julia], state.dancer_dom[julia]) == (0, True)


def test_margin_three_success_without_margin_leaves_domination() -> None:
    state = ready_state(players=2, domination="margin-three")
    arrange(
        state,
        dancers={"Lady Julia": (1, 0)},
        avatars={0: (0, 0), 1: (2, -1)},
        influenced={"Lady Julia": 1},
        dominated=["Lady Julia"],
    )
    give_refreshments(state, 0)
    julia = DANCER["Lady Julia"]
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    total = state._target_number()
    act(state, f"roll {total}", "accept")
    assert (state.dancer_inf[julia], state.dancer_dom[julia]) == (1, True)


def test_influencing_an_influenced_dancer_frees_her() -> None:
    state = ready_state(players=2)
    arrange(
        state,
        dancers={"Lady Julia": (1, 0)},
        avatars={0: (0, 0), 1: (2, -1)},
        influenced={"Lady Julia": 1},
    )
    give_refreshments(state, 0)
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    sentences = act(state, "roll 2", "accept")
    assert any("freed from the Balaz family's Influence" in s for s in sentences)
    assert state.dancer_inf[DANCER["Lady Julia"]] == -1


def by_symbol(state: object, colour: str) -> list[str]:
    c = state.comp.colours.index(colour)
    return [n for n, d in DANCER.items() if state.comp.dancers[d].symbol == c]


def test_five_seats_and_the_sixth_dancer_rule() -> None:
    state = ready_state(players=2)
    state.plan[0] = [p.id for p in state.comp.plans].index("rose-lily-ivy")
    entry = BOARD_ENTRY(state, 0)
    rose, lily, ivy = by_symbol(state, "rose"), by_symbol(state, "lily"), by_symbol(state, "ivy")
    sun, moon = by_symbol(state, "sun"), by_symbol(state, "moon")
    # Five seats full of Dancers the Plan does not want: a sixth may not sit.
    full = {n: 0 for n in sun[:3] + moon[:2]}
    arrange(
        state,
        dancers={sun[3]: entry},
        avatars={0: (0, 0), 1: (-4, 0)},
        influenced={sun[3]: 0},
        seated=full,
    )
    assert "seat " + state.comp.dancers[DANCER[sun[3]]].slug not in legal_texts(state)
    # A rose, a lily and three others seated: the ivy completing the Plan may take a sixth seat.
    five = {n: 0 for n in rose[:1] + lily[:1] + sun[:3]}
    arrange(
        state,
        dancers={ivy[0]: entry},
        avatars={0: (0, 0), 1: (-4, 0)},
        influenced={ivy[0]: 0},
        seated=five,
    )
    act(state, "seat " + state.comp.dancers[DANCER[ivy[0]]].slug)
    assert len(state.seated[0]) == 6
    assert state.phase == P_OVER and state.outcome().winners == (0,)


def BOARD_ENTRY(state: object, seat: int) -> tuple[int, int]:  # noqa: N802 - a lookup, named like one
    from .helpers import BOARD

    return BOARD.hexes[BOARD.sanctuaries[state.sanctuary_of[seat]].entry]


def test_seating_the_last_symbol_wins_at_once() -> None:
    state = ready_state(players=2)
    plan = state.comp.plans[state.plan[0]]
    by_colour: dict[int, list[str]] = {}
    for name, d in DANCER.items():
        by_colour.setdefault(state.comp.dancers[d].symbol, []).append(name)
    needed = [by_colour[c][i] for c, n in enumerate(plan.needs) for i in range(n)]
    last = needed.pop()
    entry = BOARD_ENTRY(state, 0)
    arrange(
        state,
        dancers={last: entry},
        avatars={0: (0, 0), 1: (-4, 0)},
        influenced={last: 0},
        seated={n: 0 for n in needed},
    )
    sentences = act(state, f"seat {state.comp.dancers[DANCER[last]].slug}")
    assert any("wins The Dance" in s for s in sentences)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_only_influenced_dancers_may_be_seated_and_leading_costs_movement() -> None:
    state = ready_state(players=2)
    entry = BOARD_ENTRY(state, 0)
    arrange(
        state,
        dancers={"Lady Julia": entry, "Contessa Marta": (0, 0)},
        avatars={0: (1, -1), 1: (-4, 0)},
        influenced={"Contessa Marta": 0},
    )
    assert "seat lady-julia" not in legal_texts(state)
    act(state, "lead contessa-marta w", "lead contessa-marta w")
    assert not any(t.startswith("lead contessa-marta") for t in legal_texts(state))


def test_refreshment_limit_draw_then_discard() -> None:
    state = ready_state(players=2)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)}, server=(1, 0))
    give_refreshments(state, 0, "extortion-1", "extortion-1", "corruption-1", "ankh")
    act(state, "end-dance", "server")
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    assert state.hand_size[0] == 6
    assert state.observation(0)["phase"] == "discard"
    act(state, legal_texts(state)[0])
    act(state, legal_texts(state)[0])
    assert state.hand_size[0] == 4
    assert state.server == -1
    assert state.current_players() != (0,) or state.phase == P_DANCE


def test_foil_uses_both_avatars_ratings_and_costs_the_next_influence_step() -> None:
    state = ready_state(players=2)
    arrange(state, avatars={0: (0, 0), 1: (1, 0)})
    act(state, "end-dance", "foil thorne-balaz", "domain subjugation")
    # Tatiana subjugation 1 + Thorne subjugation 2 = 3.
    sentences = act(state, "roll 3", "accept")
    assert any("rolls 3 against 3: the Balaz family is Foiled" in s for s in sentences)
    act(state, "pass", "end-dance")
    assert legal_texts(state) == ["clear-foil"]
    act(state, "clear-foil")
    assert not state.foiled[1]


def test_may_i_cut_in_swaps_places() -> None:
    state = ready_state(players=2)
    arrange(
        state,
        dancers={"Lady Julia": (1, 0)},
        avatars={0: (0, 0), 1: (-4, 0)},
        influenced={"Lady Julia": 1},
    )
    act(state, "end-dance", "cut-in lady-julia")
    assert state.avatar_pos[0] == hex_at(1, 0)
    assert state.dancer_pos[DANCER["Lady Julia"]] == hex_at(0, 0)
    assert state.dancer_inf[DANCER["Lady Julia"]] == 1


def test_release_and_unseat() -> None:
    state = ready_state(players=2)
    entry = BOARD_ENTRY(state, 0)
    arrange(
        state,
        dancers={"Lady Julia": (0, 0)},
        avatars={0: (1, 0), 1: (-4, 0)},
        influenced={"Lady Julia": 0},
        seated={"Contessa Marta": 0},
    )
    act(state, "release lady-julia")
    assert state.dancer_inf[DANCER["Lady Julia"]] == -1
    act(state, "unseat contessa-marta")
    assert state.dancer_pos[DANCER["Contessa Marta"]] == hex_at(*entry)
    assert state.dancer_inf[DANCER["Contessa Marta"]] == -1
    assert state.moves_left == 1


def test_avatars_and_dancers_may_not_enter_occupied_hexes() -> None:
    state = ready_state(players=2)
    arrange(state, dancers={"Lady Julia": (1, 0)}, avatars={0: (0, 0), 1: (-1, 0)})
    texts = legal_texts(state)
    assert "step e" not in texts and "step w" not in texts and "step ne" in texts


GREY_ENTRY = (5, -5)  # the Balaz family's (seat 1) entry hex in a ready_state game


def test_no_avatar_enters_another_familys_entry_hex() -> None:
    """RULINGS 19: the Saar Avatar may not step onto the Balaz entry hex; her Dancer may."""
    state = ready_state(players=2)
    assert BOARD_ENTRY(state, THORNE) == GREY_ENTRY
    arrange(
        state,
        dancers={"Lady Julia": (5, -4)},
        avatars={TATIANA: (4, -4), THORNE: (-4, 0)},
        influenced={"Lady Julia": TATIANA},
    )
    texts = legal_texts(state)
    assert "step ne" not in texts and "step nw" in texts
    assert "lead lady-julia nw" in texts  # Dancers may cross any entry hex
    own = ready_state(players=2)
    arrange(own, avatars={TATIANA: (4, 0), THORNE: (-4, 0)})
    assert BOARD_ENTRY(own, TATIANA) == (5, 0) and "step e" in legal_texts(own)


def test_shadow_neither_passes_nor_escapes_through_another_familys_entry_hex() -> None:
    """With Shadow and Athletic, the way through Lady Julia ends on the Balaz entry: refused."""
    state = ready_state(players=2)
    arrange(
        state,
        dancers={
            "Lady Julia": (4, -4),
            "Contessa Marta": (4, -3),
            "Artisan Belan": (5, -4),
            "Captain Lupei": (4, -5),
            "Patron Constantin": (3, -4),
            "Primar Todoran": (3, -3),
        },
        avatars={TATIANA: (4, -2), THORNE: (-4, 0)},
    )
    give_power(state, TATIANA, "shadow", "athletic")
    act(state, "step nw")  # into Contessa Marta's hex, passing
    assert state.passing and "step nw" not in legal_texts(state)
    arrange(state, dancers={"Lady Julia": GREY_ENTRY}, avatars={TATIANA: (4, -4), THORNE: (-4, 0)})
    give_power(state, TATIANA, "shadow")
    assert "step ne" not in legal_texts(state)


def test_may_i_cut_in_never_carries_an_avatar_onto_another_familys_entry_hex() -> None:
    def cut_ins(
        seat: int, dancers: dict[str, tuple[int, int]], avatars: dict[int, tuple[int, int]]
    ) -> list[str]:
        """The May I Cut In? moves of ``seat``'s Influence step in a fresh position."""
        state = ready_state(players=2)
        arrange(state, dancers=dancers, avatars=avatars)
        if seat == THORNE:
            act(state, "end-dance", "pass")
        act(state, "end-dance")
        assert state.current == seat
        return [t for t in legal_texts(state) if t.startswith("cut-in")]

    dancers = {"Lady Julia": GREY_ENTRY, "Contessa Marta": (3, -4)}
    assert cut_ins(TATIANA, dancers, {TATIANA: (4, -4), THORNE: (5, -4)}) == [
        "cut-in contessa-marta",
        "cut-in thorne-balaz",
    ]
    # Thorne on his own entry: Tatiana may not take his place, nor swap him onto hers.
    assert cut_ins(TATIANA, {}, {TATIANA: (4, -4), THORNE: GREY_ENTRY}) == []
    assert cut_ins(TATIANA, {}, {TATIANA: (5, 0), THORNE: (4, 0)}) == []
    assert cut_ins(THORNE, {}, {TATIANA: (5, 0), THORNE: (4, 0)}) == []
    # A Dancer may be swapped onto the acting family's own entry hex.
    dancer = {"Lady Julia": (4, 0)}
    assert cut_ins(TATIANA, dancer, {TATIANA: (5, 0), THORNE: (-4, 0)}) == ["cut-in lady-julia"]
