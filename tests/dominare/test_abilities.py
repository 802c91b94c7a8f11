"""Agent, district and event abilities as data, done through the effect language."""

from __future__ import annotations

from ballroom.games.dominare.position import Position, act, block, card, draw
from ballroom.games.dominare.turn import CATALOG, Phase


def vp(state: object, district: str) -> int:
    return state.vp[CATALOG.district(district)]  # type: ignore[attr-defined]


def test_the_warrens_steal_two_from_each_player() -> None:
    state = Position(players=3).influence("the-warrens-1", 0, 1).crowns(1, 1).build()
    act(state, 0, "use the-warrens")
    assert state.crowns == (5 + 2 + 1, 0, 3)


def test_corte_scalzo_lowers_every_district_by_one() -> None:
    state = Position(players=2).influence("corte-scalzo-1", 0, 1).build()
    before = state.vp
    act(state, 0, "use corte-scalzo")
    assert state.vp == tuple(max(1, v - 1) for v in before)  # the track ends at 1


def test_the_atheneum_recruits_from_the_top_four() -> None:
    state = Position(players=2).influence("atheneum-1", 0, 1).build()
    act(state, 0, "use atheneum")
    draw(state, "Pavel", "Gillie", "Beggar", "Mother Anna")
    act(state, 0, "keep mother-anna")
    assert state.zones.zone("hand", 0).cards == (card("Mother Anna"),)
    assert state.zones.zone("agent-discard").size == 3


def test_the_canals_move_influence_to_an_adjacent_block() -> None:
    state = Position(players=2).influence("canals-2", 0, 1).influence("senate-1", 1, 1).build()
    act(state, 0, "use canals", "place canals-2", "place senate-1")
    assert block(state, "senate-1") == (-1, 0) and block(state, "canals-2") == (-1, 0)


def test_an_ability_acts_on_a_rivals_influence_only_where_it_says() -> None:
    """Michael Elmen's second ability removes one from each Merchant Quarter block the
    player does not control."""
    names = ("Beggar", "Pavel", "Gillie", "Beggar", "Hamish Lothian", "Michael Elmen")
    state = (
        Position(players=2).season(6).ranks(0, *names)
        .influence("merchant-quarter-1", 0, 2).influence("merchant-quarter-2", 1, 2)
        .influence("merchant-quarter-3", 1, 1).build()
    )  # fmt: skip
    act(state, 0, "ability 6 2")
    assert block(state, "merchant-quarter-1") == (0, 2)
    assert block(state, "merchant-quarter-2") == (1, 1)
    assert block(state, "merchant-quarter-3") == (-1, 0)
    assert state.crowns[0] == 5 + 8


def test_franco_quadrelli_doubles_exposure_gains_for_the_season() -> None:
    names = ("Beggar", "Pavel", "Franco Quadrelli")
    state = Position(players=2).season(3).ranks(0, *names).build()
    act(state, 0, "ability 3 3")
    act(state, 1, "whitewash up", "amount 1")
    assert state.exposure[1] == 1  # Whitewash adjusts; it is no exposure gain
    state.adjust_exposure(1, 2)
    assert state.exposure[1] == 5


def test_franco_quadrelli_rallies_and_uses_another_agents_ability() -> None:
    state = (
        Position(players=2).season(2).ranks(0, "Franco Quadrelli", "Hamish Lothian", down=(2,))
        .build()
    )  # fmt: skip
    act(state, 0, "ability 1 1")
    assert state.down[0] == (False, False) and state.step.name is Phase.EXTRA
    act(state, 0, "ability 2 1")
    assert state.crowns[0] == 5 + 2 and state.used[0] == (True, True)


def test_vinizio_ursini_discards_a_recruit_that_is_no_clergy_or_plebian() -> None:
    state = Position(players=2).hand(0, "Vinizio Ursini").hand(1, "Beggar").build(at="conspiracy")
    act(state, 0, "select vinizio-ursini")
    act(state, 1, "select beggar-1")
    draw(state, "Hamish Lothian", "Pavel")
    act(state, 0, "keep hamish-lothian")
    assert state.zones.zone("hand", 0).size == 0


def test_severin_aspistes_cannot_be_flipped_and_needs_a_plebian_to_flip_others() -> None:
    names = ("Beggar", "Pavel", "Gillie", "Severin Aspistes")
    state = Position(players=2).season(4).ranks(0, *names).ranks(1, "Beggar", "Street Urchin")
    built = state.build()
    act(built, 0, "ability 4 2", "agent 1 1")
    moves = {built.game.action_to_text(a) for a in built.legal_actions(0)}
    assert "agent 1 4" not in moves and "agent 2 2" in moves
    act(built, 0, "agent 2 1", "agent 2 2", "done")
    assert built.down[0][0] and built.down[1] == (True, True)


def test_a_cost_that_cannot_be_paid_stops_the_ability() -> None:
    names = ("Hamish Lothian", "Lorenzo Osorio", "Ilkay Fahir", "Severin Aspistes")
    state = Position(players=2).season(4).ranks(0, *names).ranks(1, "Beggar").build()
    act(state, 0, "ability 4 2")
    assert state.down[1] == (False,) and state.step.players == (1,)


def test_ivan_sobol_flips_himself_to_pay_a_knave() -> None:
    state = Position(players=2).season(2).ranks(0, "Street Urchin", "Ivan Sobol").build()
    act(state, 0, "ability 2 1", "player 2", "player 1")
    assert state.down[0] == (False, True) and state.crowns == (10, 0)


def test_a_look_at_the_top_event_is_the_next_event() -> None:
    names = ("Beggar", "Rousseau Baudin")
    state = Position(players=2).season(2).ranks(0, *names).build()
    act(state, 0, "ability 2 1")
    draw(state, "Flood")
    top = state.zones.zone("event-top").cards[0]
    assert CATALOG.event(top).name == "Flood"
    assert top in state.zones.memory[0] and top not in state.zones.memory[1]
    from ballroom.games.dominare.events_phase import reveal_event

    assert reveal_event(state, 0) is None
    assert state.zones.zone("event").cards == (top,)


def test_antonia_salmeri_makes_giovanni_trabocchi_a_knave() -> None:
    from ballroom.games.dominare.components import Trait

    state = Position(players=2).season(2).ranks(0, "Giovanni Trabocchi", "Antonia Salmeri").build()
    assert Trait.KNAVE in state.traits(0, 1)
    alone = Position(players=2).ranks(0, "Giovanni Trabocchi").build()
    assert Trait.KNAVE not in alone.traits(0, 1)


def test_an_event_for_a_district_affects_its_controller_only() -> None:
    state = (
        Position(players=2).influence("senate-1", 1, 1).crowns(0, 0).crowns(1, 0).build(at="event")
    )
    draw(state, "Royal Decree")
    assert state.crowns == (0, 3)
