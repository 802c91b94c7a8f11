"""The rulebook's worked example and the core rules of The Dance, on hand-made positions."""

from __future__ import annotations

import pytest

from ballroom.core.errors import IllegalActionError
from ballroom.games.the_dance import TheDanceState
from ballroom.games.the_dance.components import DOMAINS, default_components, slug
from ballroom.games.the_dance.position import (
    SERVER,
    Hex,
    Look,
    Position,
    act,
    entry_hex,
    legal_texts,
)

COMP = default_components()
DANCERS = {d.name: d for d in COMP.dancers}
CORRUPTION = DOMAINS.index("corruption")


def example_position(tatiana_at: Hex) -> TheDanceState:
    """End of turn 10: Tatiana (plum) blocks the Primar and the Contessa; Thorne sits on hex 1."""
    return (
        Position(players=2)
        .dancer("Primar Todoran", at=(4, -1))  # on the great waltz, which runs on to (4, -2)
        .dancer("Contessa Marta", at=(5, -2))  # arrow hex pointing at (4, -2)
        .dancer("Artisan Belan", at=(0, -4))
        .dancer("Captain Lupei", at=(-1, -3))  # ahead of Belan on the path
        .dancer("Patron Constantin", at=(-4, 4))
        .dancer("Lady Julia", at=(0, 0), influenced_by="plum")
        .avatar("plum", at=tatiana_at)
        .avatar("grey", at=(3, -1))  # (3, -1) is Server hex 1
        .seated("plum", "Rev. Mother Anna")
        .tempo(1)
        .build()
    )


def end_player_phase(state: TheDanceState) -> list[str]:
    sentences: list[str] = []
    for _ in range(2):
        sentences += act(state, "end-dance", "pass")
    return sentences


def test_turn_11_example_blocking_order_and_kitchen() -> None:
    state = example_position(tatiana_at=(4, -2))
    end_player_phase(state)
    sentences = act(state, "roll 1")
    assert "The Server rolls 1, but hex 1 is occupied: he stays in the kitchen." in sentences
    look = Look(state)
    assert look.server() is None
    # Blocked by Tatiana: neither the path Dancer nor the arrow Dancer moves.
    assert look.where("Primar Todoran") == (4, -1)
    assert look.where("Contessa Marta") == (5, -2)
    # The others waltz one hex; Lupei's move frees Belan's hex ahead.
    assert look.where("Captain Lupei") == (-2, -2)
    assert look.where("Artisan Belan") == (-1, -3)
    assert look.where("Patron Constantin") == (-3, 4)
    # Lady Julia is Influenced: she does not waltz. The Rev. Mother stays seated.
    assert look.where("Lady Julia") == (0, 0)
    assert look.seated("plum") == ["Rev. Mother Anna"]
    assert look.tempo() == 2


def test_path_dancers_move_before_arrow_dancers() -> None:
    """Had Tatiana moved away, the Primar would move and block the Contessa."""
    state = example_position(tatiana_at=(-1, 1))
    end_player_phase(state)
    act(state, "roll 1")
    look = Look(state)
    assert look.where("Primar Todoran") == (4, -2)
    assert look.where("Contessa Marta") == (5, -2)


def test_server_returns_to_an_empty_numbered_hex() -> None:
    state = example_position(tatiana_at=(4, -2))
    end_player_phase(state)
    act(state, "roll 2")
    look = Look(state)
    assert look.server() == (2, -3)
    assert look.occupant((2, -3)) == SERVER


RING = [COMP.board.hexes[h] for h in COMP.board.paths[0]]


def packed_ring(tempo: int) -> TheDanceState:
    """Every hex of the great waltz holds a Dancer; the Avatars stand inside the ring."""
    position = Position(players=2).avatar("plum", at=(0, 0)).avatar("grey", at=(1, 0))
    for name, at in zip(DANCERS, RING, strict=False):
        position.dancer(name, at=at)
    return position.tempo(tempo).build()


def floor(state: TheDanceState) -> dict[str, Hex | None]:
    look = Look(state)
    return {name: look.where(name) for name in DANCERS}


def test_packed_ring_does_not_rotate_and_box_four_pauses_the_floor() -> None:
    state = packed_ring(tempo=1)
    before = floor(state)
    sentences = end_player_phase(state) + act(state, "roll 3")
    assert "The Tempo reaches box 2: the waltz moves 0 Dancers." in sentences
    assert floor(state) == before
    state = packed_ring(tempo=3)
    end_player_phase(state)
    act(state, "roll 3")
    assert Look(state).tempo() == 4
    assert floor(state) == before


def test_box_four_gives_every_family_a_refreshment() -> None:
    state = (
        Position(players=2)
        .avatar("plum", at=(4, 0))
        .avatar("grey", at=(-4, 0))
        .server(at=(2, 0))
        .refreshments("plum", "ankh")
        .refreshments("grey", "ankh", "extortion-1")
        .tempo(3)
        .build()
    )
    sentences = end_player_phase(state)
    act(state, "drawn-refreshment corruption-1", "drawn-refreshment confidence-2")
    assert any("every family gains a Refreshment" in s for s in sentences)
    look = Look(state)
    assert [look.refreshment_count("plum"), look.refreshment_count("grey")] == [2, 3]
    assert look.step() == "dance" and state.turns() == 2


def test_influence_odds_add_avatar_dancer_and_refreshment_pips() -> None:
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .server(at=(2, -2))
        .refreshments("plum", "corruption-1", "extortion-1")
        .build()
    )
    assert DANCERS["Lady Julia"].pips[CORRUPTION] == 2
    act(state, "end-dance", "influence lady-julia", "domain corruption")
    # Only a Refreshment of the rolled Domain may be played (default variant).
    assert legal_texts(state) == ["refresh corruption-1", "no-refreshment"]
    act(state, "refresh corruption-1")
    assert legal_texts(state) == ["no-refreshment"]  # one Refreshment per roll
    act(state, "no-refreshment")
    assert state.is_chance_node()
    # Tatiana corruption 2 + Lady Julia corruption 2 + Refreshment 1 = 5.
    assert any("rolls 6 against 5: no effect" in s for s in act(state, "roll 6", "accept"))
    look = Look(state)
    assert look.influenced_by("Lady Julia") is None
    assert look.spent("corruption-1") == 1


def tatiana_next_to_lady_julia(**options: object) -> Position:
    """Tatiana (plum) on (0, 0) next to Lady Julia on (1, 0); Thorne (grey) far away."""
    return (
        Position(players=2, **options)
        .dancer("Lady Julia", at=(1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
    )


def test_refreshment_domain_any_variant() -> None:
    state = (
        tatiana_next_to_lady_julia(refreshment_domain="any")
        .refreshments("plum", "extortion-2", "ankh")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption")
    assert legal_texts(state) == ["refresh extortion-2", "no-refreshment"]
    act(state, "refresh extortion-2", "no-refreshment")
    assert Look(state).need() == 6


def test_a_roll_at_most_the_total_influences_and_moves_the_marker() -> None:
    state = (
        tatiana_next_to_lady_julia()
        .dancer("Contessa Marta", at=(-2, 2), influenced_by="plum")
        .refreshments("plum")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    sentences = act(state, "roll 2", "accept")
    assert any(
        s.startswith("The Saar family rolls 2 against") and "Lady Julia is Influenced" in s
        for s in sentences
    )
    look = Look(state)
    assert look.influenced_by("Lady Julia") == "plum"
    assert look.influenced_by("Contessa Marta") is None  # the one marker moved


def test_negated_domains_cannot_be_chosen() -> None:
    state = (
        Position(players=2)
        .dancer("Rev. Mother Anna", at=(1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .build()
    )
    act(state, "end-dance", "influence rev-mother-anna")
    negated = [d for d, n in zip(DOMAINS, DANCERS["Rev. Mother Anna"].negates, strict=True) if n]
    assert negated
    for domain in negated:
        assert f"domain {domain}" not in legal_texts(state)
        with pytest.raises(IllegalActionError):
            act(state, f"domain {domain}")


@pytest.mark.parametrize("variant", ["natural-one", "margin-three"])
def test_domination_variants(variant: str) -> None:
    state = tatiana_next_to_lady_julia(domination=variant).refreshments("plum").build()
    target = 2 + DANCERS["Lady Julia"].pips[CORRUPTION]
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    act(state, "roll 1", "accept")
    look = Look(state)
    assert look.influenced_by("Lady Julia") == "plum"
    assert look.dominated("Lady Julia") == (variant == "natural-one" or target - 1 >= 3)


def julia_dominated_by_thorne(**options: object) -> Position:
    """Lady Julia, Dominated by Thorne (grey), between Tatiana (plum) and Thorne."""
    return (
        Position(players=2, **options)
        .dancer("Lady Julia", at=(1, 0), influenced_by="grey", dominated=True)
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(2, -1))
    )


def test_natural_one_domination_puts_the_dancer_out_of_reach() -> None:
    state = julia_dominated_by_thorne().build()
    act(state, "end-dance")
    assert "influence lady-julia" not in legal_texts(state)


def test_margin_three_domination_takes_a_dominated_dancer_over() -> None:
    state = (
        julia_dominated_by_thorne(domination="margin-three")
        .refreshments("plum", "corruption-2")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption", "refresh corruption-2")
    act(state, "no-refreshment")
    look = Look(state)
    assert look.need() - 1 >= 3
    act(state, "roll 1", "accept")
    assert (look.influenced_by("Lady Julia"), look.dominated("Lady Julia")) == ("plum", True)


def test_margin_three_success_without_margin_leaves_domination() -> None:
    state = julia_dominated_by_thorne(domination="margin-three").refreshments("plum").build()
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    look = Look(state)
    act(state, f"roll {look.need()}", "accept")
    assert (look.influenced_by("Lady Julia"), look.dominated("Lady Julia")) == ("grey", True)


def test_influencing_an_influenced_dancer_frees_her() -> None:
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(1, 0), influenced_by="grey")
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(2, -1))
        .refreshments("plum")
        .build()
    )
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    sentences = act(state, "roll 2", "accept")
    assert any("freed from the Balaz family's Influence" in s for s in sentences)
    assert Look(state).influenced_by("Lady Julia") is None


def by_symbol(colour: str) -> list[str]:
    return [d.name for d in COMP.dancers if COMP.colours[d.symbol] == colour]


def rose_lily_ivy_at_the_entry(dancer: str, seated: list[str]) -> TheDanceState:
    """Plum's Plan is rose-lily-ivy; ``dancer``, Influenced, waits on the entry hex."""
    return (
        Position(players=2)
        .plan("plum", "rose-lily-ivy")
        .dancer(dancer, at=entry_hex("plum"), influenced_by="plum")
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .seated("plum", *seated)
        .build()
    )


def test_five_seats_and_the_sixth_dancer_rule() -> None:
    rose, lily, ivy = by_symbol("rose"), by_symbol("lily"), by_symbol("ivy")
    sun, moon = by_symbol("sun"), by_symbol("moon")
    # Five seats full of Dancers the Plan does not want: a sixth may not sit.
    state = rose_lily_ivy_at_the_entry(sun[3], seated=sun[:3] + moon[:2])
    assert "seat " + slug(sun[3]) not in legal_texts(state)
    # A rose, a lily and three others seated: the ivy completing the Plan may take a sixth seat.
    state = rose_lily_ivy_at_the_entry(ivy[0], seated=rose[:1] + lily[:1] + sun[:3])
    act(state, "seat " + slug(ivy[0]))
    assert len(Look(state).seated("plum")) == 6
    assert state.is_terminal() and state.outcome().winners == (0,)


def test_seating_the_last_symbol_wins_at_once() -> None:
    plan = next(p for p in COMP.plans if p.id == "lily-ivy-sun")
    needed = [by_symbol(COMP.colours[c])[i] for c, n in enumerate(plan.needs) for i in range(n)]
    last = needed.pop()
    state = (
        Position(players=2)
        .plan("plum", plan.id)
        .dancer(last, at=entry_hex("plum"), influenced_by="plum")
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .seated("plum", *needed)
        .build()
    )
    sentences = act(state, f"seat {slug(last)}")
    assert any("wins The Dance" in s for s in sentences)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_only_influenced_dancers_may_be_seated_and_leading_costs_movement() -> None:
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=entry_hex("plum"))
        .dancer("Contessa Marta", at=(0, 0), influenced_by="plum")
        .avatar("plum", at=(1, -1))
        .avatar("grey", at=(-4, 0))
        .build()
    )
    assert "seat lady-julia" not in legal_texts(state)
    act(state, "lead contessa-marta w", "lead contessa-marta w")
    assert not any(t.startswith("lead contessa-marta") for t in legal_texts(state))


def test_refreshment_limit_draw_then_discard() -> None:
    state = (
        Position(players=2)
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .server(at=(1, 0))
        .refreshments("plum", "extortion-1", "extortion-1", "corruption-1", "ankh")
        .build()
    )
    act(state, "end-dance", "server")
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    look = Look(state)
    assert look.refreshment_count("plum") == 6
    assert state.observation(0)["phase"] == "discard"
    act(state, legal_texts(state)[0])
    act(state, legal_texts(state)[0])
    assert look.refreshment_count("plum") == 4
    assert look.server() is None
    assert state.current_players() != (0,) or look.step() == "dance"


def test_foil_uses_both_avatars_ratings_and_costs_the_next_influence_step() -> None:
    state = Position(players=2).avatar("plum", at=(0, 0)).avatar("grey", at=(1, 0)).build()
    act(state, "end-dance", "foil thorne-balaz", "domain subjugation")
    # Tatiana subjugation 1 + Thorne subjugation 2 = 3.
    sentences = act(state, "roll 3", "accept")
    assert any("rolls 3 against 3: the Balaz family is Foiled" in s for s in sentences)
    act(state, "pass", "end-dance")
    assert legal_texts(state) == ["clear-foil"]
    act(state, "clear-foil")
    assert not Look(state).foiled("grey")


def test_may_i_cut_in_swaps_places() -> None:
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(1, 0), influenced_by="grey")
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .build()
    )
    act(state, "end-dance", "cut-in lady-julia")
    look = Look(state)
    assert look.avatar("plum") == (1, 0)
    assert look.where("Lady Julia") == (0, 0)
    assert look.influenced_by("Lady Julia") == "grey"


def test_release_and_unseat() -> None:
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(0, 0), influenced_by="plum")
        .avatar("plum", at=(1, 0))
        .avatar("grey", at=(-4, 0))
        .seated("plum", "Contessa Marta")
        .build()
    )
    act(state, "release lady-julia")
    look = Look(state)
    assert look.influenced_by("Lady Julia") is None
    act(state, "unseat contessa-marta")
    assert look.where("Contessa Marta") == entry_hex("plum")
    assert look.influenced_by("Contessa Marta") is None
    assert look.movement_left() == 1


def test_avatars_and_dancers_may_not_enter_occupied_hexes() -> None:
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-1, 0))
        .build()
    )
    texts = legal_texts(state)
    assert "step e" not in texts and "step w" not in texts and "step ne" in texts


GREY_ENTRY = (5, -5)  # the Balaz family's (grey, seat 1) entry hex


def test_no_avatar_enters_another_familys_entry_hex() -> None:
    """RULINGS 19: the Saar Avatar may not step onto the Balaz entry hex; her Dancer may."""
    assert entry_hex("grey") == GREY_ENTRY
    state = (
        Position(players=2)
        .dancer("Lady Julia", at=(5, -4), influenced_by="plum")
        .avatar("plum", at=(4, -4))
        .avatar("grey", at=(-4, 0))
        .build()
    )
    texts = legal_texts(state)
    assert "step ne" not in texts and "step nw" in texts
    assert "lead lady-julia nw" in texts  # Dancers may cross any entry hex
    own = Position(players=2).avatar("plum", at=(4, 0)).avatar("grey", at=(-4, 0)).build()
    assert entry_hex("plum") == (5, 0) and "step e" in legal_texts(own)


def test_shadow_neither_passes_nor_escapes_through_another_familys_entry_hex() -> None:
    """With Shadow and Athletic, the way through Lady Julia ends on the Balaz entry: refused."""
    crowd = {
        "Lady Julia": (4, -4),
        "Contessa Marta": (4, -3),
        "Artisan Belan": (5, -4),
        "Captain Lupei": (4, -5),
        "Patron Constantin": (3, -4),
        "Primar Todoran": (3, -3),
    }
    position = Position(players=2).avatar("plum", at=(4, -2)).avatar("grey", at=(-4, 0))
    for name, at in crowd.items():
        position.dancer(name, at=at)
    state = position.powers("plum", "shadow", "athletic").build()
    act(state, "step nw")  # into Contessa Marta's hex, passing: she may not stop there
    texts = legal_texts(state)
    assert "end-dance" not in texts and "step nw" not in texts
    blocked = (
        Position(players=2)
        .dancer("Lady Julia", at=GREY_ENTRY)
        .avatar("plum", at=(4, -4))
        .avatar("grey", at=(-4, 0))
        .powers("plum", "shadow")
        .build()
    )
    assert "step ne" not in legal_texts(blocked)


def test_may_i_cut_in_never_carries_an_avatar_onto_another_familys_entry_hex() -> None:
    def cut_ins(family: str, dancers: dict[str, Hex], avatars: dict[str, Hex]) -> list[str]:
        """The May I Cut In? moves of ``family``'s Influence step in a fresh position."""
        position = Position(players=2)
        for name, at in dancers.items():
            position.dancer(name, at=at)
        for colour, at in avatars.items():
            position.avatar(colour, at=at)
        state = position.build()
        if family == "grey":
            act(state, "end-dance", "pass")
        act(state, "end-dance")
        assert Look(state).turn_of() == family
        return [t for t in legal_texts(state) if t.startswith("cut-in")]

    dancers = {"Lady Julia": GREY_ENTRY, "Contessa Marta": (3, -4)}
    assert cut_ins("plum", dancers, {"plum": (4, -4), "grey": (5, -4)}) == [
        "cut-in contessa-marta",
        "cut-in thorne-balaz",
    ]
    # Thorne on his own entry: Tatiana may not take his place, nor swap him onto hers.
    assert cut_ins("plum", {}, {"plum": (4, -4), "grey": GREY_ENTRY}) == []
    assert cut_ins("plum", {}, {"plum": (5, 0), "grey": (4, 0)}) == []
    assert cut_ins("grey", {}, {"plum": (5, 0), "grey": (4, 0)}) == []
    # A Dancer may be swapped onto the acting family's own entry hex.
    dancer = {"Lady Julia": (4, 0)}
    assert cut_ins("plum", dancer, {"plum": (5, 0), "grey": (-4, 0)}) == ["cut-in lady-julia"]
