"""The rulebook's worked examples, each with its stated outcome."""

from __future__ import annotations

import pytest

from ballroom.games.dominare.conspiracy import player_order
from ballroom.games.dominare.influence import controller
from ballroom.games.dominare.position import Position, act, block, card, draw
from ballroom.games.dominare.scoring import exposure_penalties
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import CATALOG, Phase

ALEX, CHRIS, DIANE, BRITT = 0, 1, 2, 3
ATHENEUM = CATALOG.district("atheneum")
SENATE = CATALOG.district("senate")


def test_block_control_three_against_two() -> None:
    """Chris places three in a Merchant Quarter block where Alex has two: one yellow stays."""
    state = (
        Position(players=4)
        .ranks(CHRIS, "Hamish Lothian")
        .influence("merchant-quarter-1", ALEX, 2)
        .order(CHRIS, ALEX, DIANE, BRITT)
        .crowns(CHRIS, 0)
        .build(at="canvass")
    )
    act(state, CHRIS, "place merchant-quarter-1", "done")
    assert block(state, "merchant-quarter-1") == (CHRIS, 1)


def test_district_control_of_the_atheneum() -> None:
    """Britt 3 blocks, Alex and Diane 2, Chris 1, one vacant: Britt controls; Diane ties
    her; Britt takes Chris's block and controls again."""
    position = Position(players=4)
    for name, seat in (("1", BRITT), ("2", BRITT), ("3", BRITT), ("4", ALEX), ("5", ALEX)):
        position.influence(f"atheneum-{name}", seat, 1)
    position.influence("atheneum-6", DIANE, 1).influence("atheneum-7", DIANE, 1)
    position.influence("atheneum-8", CHRIS, 1)
    state = position.crowns(DIANE, 20).crowns(BRITT, 20).order(DIANE, ALEX, CHRIS, BRITT).build()
    assert controller(state, ATHENEUM) == BRITT
    act(state, DIANE, "inspire atheneum-9", "amount 2")
    assert controller(state, ATHENEUM) == -1
    act(state, ALEX, "crown")
    act(state, CHRIS, "crown")
    act(state, BRITT, "inspire atheneum-8", "amount 2")
    assert block(state, "atheneum-8") == (BRITT, 1)
    assert controller(state, ATHENEUM) == BRITT


def test_pavel_when_revealed_takes_two_crowns() -> None:
    state = Position(players=2).season(1).hand(0, "Pavel").hand(1, "Beggar").build(at="conspiracy")
    act(state, 0, "select pavel")
    act(state, 1, "select beggar-1")
    assert state.crowns[0] == 5 + 2
    assert state.ranks[0] == (card("Pavel"),)


def test_player_order_example() -> None:
    """Seated Alex, Diane, Britt, Chris; Alex the scapegoat; exposure 17, 19, 14, 17 with
    Alex and Chris tied on their highest agent: Diane, Chris, Alex, Britt."""
    alex, diane, britt, chris = 0, 1, 2, 3
    order = player_order((17, 19, 14, 17), alex, [5, 6, 4, 5])
    assert order == (diane, chris, alex, britt)


def test_player_order_ties_go_to_the_highest_single_exposure_first() -> None:
    assert player_order((10, 10, 3), 0, [4, 6, 1]) == (1, 0, 2)


def test_scandal_in_season_five() -> None:
    """Season 1 section removes one influence from each Canal and Merchant Quarter block;
    the Season 3 section also applies: each player spends five crowns or takes exposure
    equal to its highest agent's, in turn order; then the scapegoat adjusts both by 2."""
    state = (
        Position(players=2)
        .season(5)
        .ranks(0, "Pilare Elmen")
        .ranks(1, "Pavel")
        .influence("canals-1", 0, 2)
        .influence("merchant-quarter-1", 1, 1)
        .influence("senate-1", 1, 3)
        .crowns(0, 9)
        .crowns(1, 2)
        .vp("merchant-quarter", 2)
        .vp("canals", 4)
        .build(at="event")
    )
    draw(state, "Scandal")
    assert block(state, "canals-1") == (0, 1)
    assert block(state, "merchant-quarter-1") == (-1, 0)
    assert block(state, "senate-1") == (1, 3)
    assert state.step.name is Phase.SPEND
    act(state, 0, "answer yes")
    assert state.crowns[0] == 4
    assert state.legal_actions(1) == [state.game.parse_action("answer no")]
    act(state, 1, "answer no")
    assert state.exposure[1] == CATALOG.agent(card("Pavel")).exposure
    act(state, 0, "raise canals")
    # "He decides to drop the Merchant Quarter from 2 to 1": the track's lowest number.
    assert state.vp[CATALOG.district("merchant-quarter")] == 1
    assert state.vp[CATALOG.district("canals")] == 6


def test_paolo_portales_canvasses_the_senate_without_being_a_senator() -> None:
    agent = CATALOG.agent(card("Paolo Portales"))
    assert agent.faction.home == "senate" and "senator" not in {t.value for t in agent.traits}
    state = Position(players=2).ranks(0, "Paolo Portales").crowns(0, 0).build(at="canvass")
    assert state.crowns[0] == 1
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert moves == {f"place senate-{n}" for n in range(1, 10)}
    act(state, 0, "place senate-5")
    assert block(state, "senate-5") == (0, 1)


def test_spreading_hamish_lothians_influence() -> None:
    """Three influence into the Merchant Quarter; a crown to spread one into the adjacent
    Canal block, another into the adjacent Merchant Quarter block."""
    state = Position(players=2).ranks(1, "Hamish Lothian").crowns(1, 4).order(1, 0)
    state = state.build(at="canvass")
    assert state.crowns[1] == 5
    act(state, 1, "place merchant-quarter-3", "place canals-4", "place merchant-quarter-2")
    assert state.crowns[1] == 3
    for name in ("merchant-quarter-3", "canals-4", "merchant-quarter-2"):
        assert block(state, name) == (1, 1)


def test_spreading_stays_adjacent_to_the_first_block() -> None:
    state = Position(players=2).ranks(0, "Hamish Lothian").crowns(0, 4).build(at="canvass")
    act(state, 0, "place merchant-quarter-3")
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert moves == {
        "place merchant-quarter-3",
        "place merchant-quarter-2",
        "place canals-3",
        "place canals-4",
        "done",
    }
    act(state, 0, "done")
    assert block(state, "merchant-quarter-3") == (0, 3)


MAP_EXAMPLE = {
    "small": ("merchant-quarter-3", "merchant-quarter-5", "canals-3", "canals-4"),
    "large": ("merchant-quarter-7", "merchant-quarter-4", "canals-7", "canals-6"),
}
"""The rulebook's map example on each side: blocks A, B and Canal blocks C, D."""


@pytest.mark.parametrize("side", ["small", "large"])
def test_the_map_example_merchant_quarter_a_touches_c_and_d_b_only_d(side: str) -> None:
    """ "The Merchant Quarter block marked with an A is adjacent to the Canal blocks marked C
    and D. The Merchant Quarter block marked B is adjacent to Canal block D, but not to
    Canal block C." (RULINGS: Dominare 8): a Merchant agent canvassing A may spread into C
    and D; canvassing B, into D but not C."""
    a, b, c, d = MAP_EXAMPLE[side]
    for first, reached, not_reached in ((a, {c, d}, set()), (b, {d}, {c})):
        state = Position(players=2, side=side).ranks(0, "Hamish Lothian").crowns(0, 4)
        built = state.build(at="canvass")
        act(built, 0, f"place {first}")
        assert built.current_players() == (0,)
        canals = {m for m in texts(built, 0) if m.startswith("place canals")}
        assert {f"place {x}" for x in reached} <= canals
        assert not {f"place {x}" for x in not_reached} & canals
        assert canals


def texts(state: DominareState, seat: int) -> set[str]:
    return {state.game.action_to_text(a) for a in state.legal_actions(seat)}


def test_janis_velox_and_ivan_sobol_network_as_knaves() -> None:
    from ballroom.games.dominare.canvassing import influence

    state = Position(players=2).ranks(0, "Janis Velox", "Ivan Sobol").build()
    assert influence(state, 0, 1) == CATALOG.agent(card("Janis Velox")).influence + 1
    assert influence(state, 0, 2) == CATALOG.agent(card("Ivan Sobol")).influence + 1


def test_franco_quadrelli_and_severin_aspistes_do_not_network() -> None:
    from ballroom.games.dominare.canvassing import influence

    state = Position(players=2).ranks(0, "Franco Quadrelli", "Severin Aspistes").build()
    assert influence(state, 0, 1) == CATALOG.agent(card("Franco Quadrelli")).influence
    assert influence(state, 0, 2) == CATALOG.agent(card("Severin Aspistes")).influence


def test_vinizio_ursini_and_mother_anna_gain_one_influence_for_two_shared_traits() -> None:
    from ballroom.games.dominare.canvassing import influence

    state = Position(players=2).ranks(0, "Vinizio Ursini", "Mother Anna").build()
    assert influence(state, 0, 2) == CATALOG.agent(card("Mother Anna")).influence + 1


def test_sirus_van_der_waald_uses_either_ability_from_rank_six() -> None:
    """In rank 6 both abilities are open; the first removes two from each of five Senate
    blocks controlled by opponents."""
    names = ("Beggar", "Beggar", "Beggar", "Pavel", "Gillie", "Sirus van der Waald")
    position = Position(players=4).season(6).ranks(DIANE, *names)
    for number, seat in zip(range(1, 8), (0, 1, 3, 0, 1, 3, 0), strict=True):
        position.influence(f"senate-{number}", seat, 3)
    state = position.order(DIANE, ALEX, CHRIS, BRITT).build()
    moves = {state.game.action_to_text(a) for a in state.legal_actions(DIANE)}
    assert {"ability 6 1", "ability 6 2"} <= moves
    act(state, DIANE, "ability 6 1")
    for number in range(1, 6):
        act(state, DIANE, f"place senate-{number}")
    assert [block(state, f"senate-{n}")[1] for n in range(1, 8)] == [1, 1, 1, 1, 1, 3, 3]
    assert state.step.players == (ALEX,)


def test_an_ability_numbered_above_the_rank_is_closed() -> None:
    state = Position(players=2).ranks(0, "Sirus van der Waald").build()
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert "ability 1 1" in moves and "ability 1 2" not in moves


def test_the_senate_ability_is_used_once_a_season_even_when_control_changes() -> None:
    """Britt raises the Church from 5 to 7; Alex, later in control, may not use it again:
    at his next action, his turn, the Senate is his and its ability is not offered."""
    state = (
        Position(players=4)
        .influence("senate-1", BRITT, 1)
        .influence("senate-2", BRITT, 1)
        .influence("senate-3", ALEX, 1)
        .crowns(ALEX, 30)
        .order(BRITT, ALEX, CHRIS, DIANE)
        .build()
    )
    act(state, BRITT, "use senate", "district church")
    assert state.vp[CATALOG.district("church")] == 7
    act(state, ALEX, "inspire senate-1", "amount 2")
    assert controller(state, SENATE) == ALEX
    act(state, CHRIS, "crown")
    act(state, DIANE, "crown")
    act(state, BRITT, "crown")
    assert state.current_players() == (ALEX,)
    moves = {state.game.action_to_text(a) for a in state.legal_actions(ALEX)}
    assert "crown" in moves and "use senate" not in moves
    fresh = (
        Position(players=4)
        .influence("senate-1", ALEX, 1)
        .influence("senate-3", ALEX, 1)
        .order(ALEX, BRITT, CHRIS, DIANE)
        .build()
    )
    assert "use senate" in {fresh.game.action_to_text(a) for a in fresh.legal_actions(ALEX)}


def test_inspire_costs_the_districts_vp_per_influence() -> None:
    """Three influence in a Senate block at 6 VP cost 18 crowns."""
    state = Position(players=2).vp("senate", 6).crowns(0, 18).build()
    act(state, 0, "inspire senate-2")
    assert state.step.name is Phase.AMOUNT
    amounts = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert amounts == {"amount 1", "amount 2", "amount 3"}
    act(state, 0, "amount 3")
    assert state.crowns[0] == 0 and block(state, "senate-2") == (0, 3)


def test_diane_inspires_to_take_a_church_block() -> None:
    """The Church at 3 VP: two influence for 6 crowns on Chris's lone token; Diane holds it
    with one."""
    state = (
        Position(players=4)
        .vp("church", 3)
        .influence("church-4", CHRIS, 1)
        .crowns(DIANE, 6)
        .order(DIANE, ALEX, CHRIS, BRITT)
        .build()
    )
    act(state, DIANE, "inspire church-4", "amount 2")
    assert state.crowns[DIANE] == 0 and block(state, "church-4") == (DIANE, 1)


def test_emaldus_bennett_is_replaced_by_lorenzo_osorio() -> None:
    state = (
        Position(players=4)
        .season(4)
        .ranks(BRITT, "Beggar", "Pavel", "Gillie", "Emaldus Bennett")
        .hand(BRITT, "Lorenzo Osorio")
        .exposure(BRITT, 6)
        .order(BRITT, ALEX, CHRIS, DIANE)
        .build()
    )
    act(state, BRITT, "replace 4 lorenzo-osorio")
    assert state.ranks[BRITT][3] == card("Lorenzo Osorio")
    assert state.zones.locate(card("Emaldus Bennett")).name == "removed"
    assert state.exposure[BRITT] == 7


def test_the_rank_seven_agent_is_never_replaced() -> None:
    names = ("Beggar", "Beggar", "Beggar", "Pavel", "Gillie", "Hamish Lothian", "Lorenzo Osorio")
    state = Position(players=2).season(7).ranks(0, *names).hand(0, "Mother Anna").build()
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert "replace 6 mother-anna" in moves and "replace 7 mother-anna" not in moves


def test_exposure_scoring_example() -> None:
    """Diane 12, Alex and Britt 14, Chris 15: 0, -2, -2, -5."""
    assert exposure_penalties((12, 14, 14, 15)) == (0, 2, 2, 5)


def test_exposure_scoring_ties_for_lowest_lose_nothing() -> None:
    assert exposure_penalties((9, 9, 15)) == (0, 0, 5)


def test_moira_callighan_spreads_anywhere_for_a_crown_a_block() -> None:
    """Three crowns: one influence in the Church, one in the Senate, one in the Merchant
    Quarter (the first outside the Swamp for a crown, two spreads ignoring adjacency)."""
    state = Position(players=2).ranks(0, "Moira Callighan").crowns(0, 2).build(at="canvass")
    assert state.crowns[0] == 3
    act(state, 0, "place church-2", "place senate-5", "place merchant-quarter-6")
    assert state.crowns[0] == 0
    for name in ("church-2", "senate-5", "merchant-quarter-6"):
        assert block(state, name) == (0, 1)
