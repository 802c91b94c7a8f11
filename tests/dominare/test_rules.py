"""Rule sentences of the rulebook, each as a test (set-up, phases, actions, scoring)."""

from __future__ import annotations

import pytest

from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.action_phase import season_tasks
from ballroom.games.dominare.canvassing import influence
from ballroom.games.dominare.components import JUST_LEARNING, REMOVED_WHEN_LEARNING
from ballroom.games.dominare.events_phase import active_sections, affected
from ballroom.games.dominare.position import Position, act, card, draw
from ballroom.games.dominare.scoring import ranking, scores
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import CATALOG, Phase, Task


def chance_until(state: DominareState, phase: Phase) -> None:
    while state.step.name is not phase:
        state.apply(state.sample_chance(), CHANCE)


def event(name: str):  # type: ignore[no-untyped-def]
    return next(e for e in CATALOG.events if e.name == name)


# -- set-up -------------------------------------------------------------------------


def test_setup_five_crowns_eight_dealt_keep_three_the_youngest_is_scapegoat() -> None:
    state = Dominare(3).new_state(seed=4)
    assert state.crowns == (5, 5, 5) and state.order == (0, 1, 2)
    chance_until(state, Phase.KEEP)
    assert [state.zones.zone("dealt", s).size for s in range(3)] == [8, 8, 8]
    assert set(state.step.players) == {0, 1, 2}
    for _ in range(3):
        for seat in range(3):
            act(state, seat, f"keep {CATALOG.card_texts[state.zones.zone('dealt', seat).cards[0]]}")
    assert [state.zones.zone("hand", s).size for s in range(3)] == [3, 3, 3]
    assert state.zones.zone("agent-deck").size == 95 - 9
    assert state.season == 1 and state.step.name is Phase.SELECT


def test_a_seats_hand_and_face_down_choice_are_hidden_from_the_others() -> None:
    state = Position(players=2).hand(0, "Pavel", "Gillie").hand(1, "Beggar").build(at="conspiracy")
    act(state, 0, "select pavel")
    other = state.zones.view(1)
    assert other.zone("hand", 0).cards is None and other.zone("chosen", 0).cards is None
    assert other.zone("chosen", 0).size == 1
    act(state, 1, "select beggar-1")
    assert state.ranks[0] == (card("Pavel"),)


def test_the_agent_goes_into_the_rank_equal_to_the_season() -> None:
    state = (
        Position(players=2).season(3).ranks(0, "Beggar", "Pavel").ranks(1, "Gillie", "Beggar")
        .hand(0, "Mother Anna").hand(1, "Hamish Lothian").build(at="conspiracy")
    )  # fmt: skip
    act(state, 0, "select mother-anna")
    act(state, 1, "select hamish-lothian")
    assert state.ranks[0][2] == card("Mother Anna") and len(state.ranks[1]) == 3


def test_a_player_without_agents_in_hand_takes_the_top_of_the_deck() -> None:
    state = Position(players=2).hand(1, "Pavel").build(at="conspiracy")
    assert state.step.name is Phase.DRAW
    draw(state, "Gillie")
    assert state.step.players == (1,)
    act(state, 1, "select pavel")
    assert state.ranks[0] == (card("Gillie"),)


def test_exposure_is_added_when_revealed_and_the_highest_becomes_scapegoat() -> None:
    state = Position(players=2).hand(0, "Pavel").hand(1, "Pilare Elmen").build(at="conspiracy")
    act(
        state,
        0,
        "select pavel",
    )
    act(state, 1, "select pilare-elmen")
    assert state.exposure == (1, 6)
    draw(state, "Gillie", "Beggar")  # Pilare Elmen, when revealed: recruit
    act(state, 1, "keep gillie")
    assert state.order == (1, 0)


# -- the Event Phase -------------------------------------------------------------------


def test_sections_resolve_by_season_with_also_and_instead() -> None:
    tax = event("Tax Collection")
    assert [s.season for s in active_sections(tax, 4)] == [1]
    assert [s.season for s in active_sections(tax, 5)] == [5]
    scandal = event("Scandal")
    assert [s.season for s in active_sections(scandal, 2)] == [1]
    assert [s.season for s in active_sections(scandal, 3)] == [1, 3]


def test_lowest_exposure_means_every_tied_player_and_a_district_its_controller() -> None:
    state = (
        Position(players=3).exposure(0, 4).exposure(1, 2).exposure(2, 2)
        .influence("church-1", 2, 1).build()
    )  # fmt: skip
    assert affected(state, "lowest-exposure") == [1, 2]
    assert affected(state, "church") == [2] and affected(state, "senate") == []
    assert affected(state, "scapegoat") == [0]


def test_the_adjustment_stays_on_the_track() -> None:
    """From 1 to 10: the lowest number is 1 (RULINGS: Dominare 7)."""
    state = Position(players=2).vp("senate", 10).vp("merchant-quarter", 1).build(at="event")
    draw(state, "Foreign Envoy")
    draw(state, "Gillie", "Beggar")
    act(state, 0, "keep gillie")
    draw(state, "Pavel", "Beggar")
    act(state, 1, "keep pavel")
    act(state, 0, "raise senate")
    assert state.vp[CATALOG.district("senate")] == 10
    assert state.vp[CATALOG.district("merchant-quarter")] == 1


# -- canvassing -----------------------------------------------------------------------


def test_canvassing_goes_rank_by_rank_in_player_order() -> None:
    state = Position(players=3).season(2).order(2, 0, 1).build()
    canvass = [arg for task, arg in season_tasks(state) if task is Task.CANVASS]
    assert [(a % 10, a // 10) for a in canvass] == [(2, 1), (0, 1), (1, 1), (2, 2), (0, 2), (1, 2)]


def test_face_down_agents_give_no_income_influence_or_networking() -> None:
    state = Position(players=2).ranks(0, "Janis Velox", "Ivan Sobol", down=(1,)).build()
    assert influence(state, 0, 1) == 0
    assert influence(state, 0, 2) == CATALOG.agent(card("Ivan Sobol")).influence


def test_nobility_never_has_influence_but_lets_a_neighbour_network() -> None:
    state = Position(players=2).ranks(0, "King Arnaud IV", "Queen Marlanna").build()
    assert influence(state, 0, 1) == 0 == influence(state, 0, 2)
    state = Position(players=2).ranks(0, "King Arnaud IV", "Ilkay Fahir").build()
    assert influence(state, 0, 2) == CATALOG.agent(card("Ilkay Fahir")).influence + 1


def test_culture_canvasses_anywhere_with_no_income() -> None:
    agent = CATALOG.agent(card("Declan Jahani"))
    assert agent.income == 0 and agent.faction.home == "any"
    state = Position(players=2).ranks(0, "Declan Jahani").crowns(0, 0).build(at="canvass")
    assert len(state.legal_actions(0)) == len(state.board.blocks)


def test_the_swamp_is_one_district_for_canvassing() -> None:
    state = Position(players=2).ranks(0, "Beggar").build(at="canvass")
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    swamp = [b.id for b in state.board.blocks if CATALOG.districts[b.district].swamp]
    assert moves == {f"place {name}" for name in swamp}


# -- the Action Phase -------------------------------------------------------------------


def test_two_actions_a_season_and_three_in_the_seventh() -> None:
    for season, count in ((1, 2), (6, 2), (7, 3)):
        state = Position(players=2).season(season).build()
        assert sum(t is Task.ACTION for t, _ in season_tasks(state)) == count * 2


def test_whitewash_costs_season_plus_two_a_point() -> None:
    state = Position(players=2).season(3).exposure(0, 4).crowns(0, 10).build()
    act(state, 0, "whitewash down")
    amounts = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert amounts == {"amount 1", "amount 2"}
    act(state, 0, "amount 2")
    assert state.exposure[0] == 2 and state.crowns[0] == 0


def texts(state: DominareState, seat: int) -> set[str]:
    return {state.game.action_to_text(a) for a in state.legal_actions(seat)}


def test_inspire_names_the_block_first_and_only_blocks_it_can_afford() -> None:
    """An action offers one Inspire per block it can pay one influence for (the Senate at 6
    VP is out of reach with 5 crowns); how much comes next, for the inspiring seat alone."""
    state = Position(players=2).vp("senate", 6).crowns(0, 5).build()
    inspires = {m for m in texts(state, 0) if m.startswith("inspire")}
    small = state.board.blocks
    assert inspires == {f"inspire {b.id}" for b in small if b.id.split("-")[0] != "senate"}
    act(state, 0, "inspire canals-1")
    assert state.step.name is Phase.AMOUNT and state.current_players() == (0,)
    assert texts(state, 1) == set()
    assert texts(state, 0) == {"amount 1"}  # the Canals at 4 VP: one influence for 5 crowns
    act(state, 0, "amount 1")
    assert state.crowns[0] == 1 and state.step.name is Phase.ACTION


def test_one_inspire_buys_at_most_twenty() -> None:
    state = Position(players=2).vp("corte-scalzo", 1).crowns(0, 50).build()
    act(state, 0, "inspire corte-scalzo-1")
    assert texts(state, 0) == {f"amount {n}" for n in range(1, 21)}


def test_whitewash_names_the_way_first_and_down_only_with_exposure() -> None:
    state = Position(players=2).season(1).crowns(0, 3).crowns(1, 2).build()
    assert {m for m in texts(state, 0) if m.startswith("whitewash")} == {"whitewash up"}
    act(state, 0, "crown")
    assert not {m for m in texts(state, 1) if m.startswith("whitewash")}  # 2 crowns < 3


def test_recruit_draws_two_keeps_one_and_discards_the_other() -> None:
    state = Position(players=2).build()
    act(state, 0, "recruit")
    draw(state, "Gillie", "Pavel")
    assert state.step.name is Phase.RECRUIT
    act(state, 0, "keep pavel")
    assert state.zones.zone("hand", 0).cards == (card("Pavel"),)
    assert state.zones.locate(card("Gillie")) == ZoneId("agent-discard")


def test_rally_flips_every_face_down_agent_face_up() -> None:
    state = Position(players=2).season(2).ranks(0, "Beggar", "Pavel", down=(1, 2)).build()
    act(state, 0, "rally")
    assert state.down[0] == (False, False)


def test_each_agent_acts_once_a_season() -> None:
    state = Position(players=2).ranks(0, "Hamish Lothian").build()
    act(state, 0, "ability 1 1")
    act(state, 1, "crown")
    moves = {state.game.action_to_text(a) for a in state.legal_actions(0)}
    assert not any(m.startswith("ability") for m in moves)


def test_a_district_ability_needs_control() -> None:
    state = Position(players=2).influence("senate-1", 1, 1).build()
    assert not any(state.game.action_to_text(a).startswith("use") for a in state.legal_actions(0))


def test_extra_action_is_taken_at_once() -> None:
    state = Position(players=2).season(2).ranks(0, "Beggar", "Queen Marlanna").build()
    act(state, 0, "ability 2 1")
    assert state.step.players == (0,) and state.step.name is Phase.ACTION


# -- the end ------------------------------------------------------------------------------


def test_scoring_adds_districts_and_blocks_and_ties_go_to_crowns() -> None:
    state = (
        Position(players=2).influence("church-1", 0, 1).influence("senate-1", 1, 1)
        .vp("church", 3).vp("senate", 2).crowns(0, 1).crowns(1, 4).build()
    )  # fmt: skip
    assert scores(state) == (3 + 4, 2 + 3)
    state = Position(players=2).influence("senate-1", 0, 1).influence("senate-2", 1, 1)
    state = state.vp("senate", 1).crowns(0, 1).crowns(1, 4).influence("church-6", 0, 1)
    built = state.build()
    assert scores(built) == (3 + 0 + 5, 2)
    tied = Position(players=2).crowns(0, 1).crowns(1, 4).build()
    assert ranking(tied) == [[1], [0]]
    shared = Position(players=2).crowns(0, 4).crowns(1, 4).build()
    assert ranking(shared) == [[0, 1]]


def test_a_whole_game_ends_after_the_seventh_season() -> None:
    from ballroom.agents.random_agent import RandomAgent
    from ballroom.core.play import play_out
    from ballroom.core.rng import Rng

    state = Dominare(3).new_state(seed=11)
    play_out(state, [RandomAgent(Rng(s)) for s in range(3)])
    assert state.is_terminal() and state.season == 7
    assert all(len(r) == 7 for r in state.ranks)


# -- the draft and the variants ------------------------------------------------------------


def _keep_first(state: DominareState) -> None:
    for seat in state.step.players:
        act(state, seat, f"keep {CATALOG.card_texts[state.zones.zone('dealt', seat).cards[0]]}")


def test_the_draft_deals_eight_keeps_five_passing_left_and_remembers_what_passed() -> None:
    state = Position(players=3).season(4).ranks(0, "Pavel").build(at="conspiracy")
    chance_until(state, Phase.KEEP)
    assert [state.zones.zone("dealt", s).size for s in range(3)] == [8, 8, 8]
    mine = set(state.zones.zone("dealt", 0).cards)
    _keep_first(state)
    passed = mine - set(state.zones.zone("hand", 0).cards)
    assert set(state.zones.zone("dealt", 1).cards) == passed
    assert all(state.zones.memory[0][c] == frozenset({ZoneId("dealt", 1)}) for c in passed)
    for _ in range(4):
        _keep_first(state)
    assert [state.zones.zone("hand", s).size for s in range(3)] == [5, 5, 5]
    assert state.zones.zone("agent-discard").size == 9
    assert state.step.name is Phase.SELECT


def test_sole_authority_deals_fifteen_keeps_eight_and_skips_the_draft() -> None:
    state = Dominare(2, agents="sole-authority").new_state(seed=2)
    chance_until(state, Phase.KEEP)
    assert state.zones.zone("dealt", 0).size == 15
    for _ in range(8):
        _keep_first(state)
    assert state.zones.zone("hand", 1).size == 8 and state.zones.zone("dealt", 1).size == 0
    assert not Dominare(2, agents="sole-authority").draft


def test_just_learning_removes_three_factions_and_deals_starting_conspiracies() -> None:
    state = Dominare(4, **{"just-learning": True}).new_state(seed=3)
    chance_until(state, Phase.SELECT)
    removed = state.zones.zone("removed").cards
    assert {CATALOG.agent(c).faction for c in removed} == set(REMOVED_WHEN_LEARNING)
    trios = [{card(name) for name in trio} for trio in JUST_LEARNING]
    for seat in range(4):
        assert set(state.zones.zone("hand", seat).cards) in trios


def test_cells_flip_the_lowest_ranks_for_good_from_season_four() -> None:
    names = ("Beggar", "Pavel", "Gillie", "Hamish Lothian")
    state = (
        Position(players=2, cells=True).season(5).ranks(0, *names).ranks(1, *names[:1])
        .hand(0, "Mother Anna").build(at="conspiracy")
    )  # fmt: skip
    assert state.down[0][:2] == (True, True) and not state.down[0][2]
    assert state.dead(0, 2) and not state.dead(0, 3)


def test_unknown_options_are_refused_with_what_is_allowed() -> None:
    from ballroom.core.errors import InvalidOptionError

    with pytest.raises(InvalidOptionError, match="small"):
        Dominare(2, side="medium")


def test_either_side_may_be_played_by_any_count() -> None:
    assert len(Dominare(2, side="large").board.blocks) > len(Dominare(2).board.blocks)
    assert Dominare(5).board.side.value == "large"


def test_an_agent_may_give_bonus_vp_to_the_player_who_has_it() -> None:
    assert CATALOG.agent(card("King Arnaud IV")).vp == 3
    state = Position(players=2).ranks(0, "King Arnaud IV").build()
    assert scores(state) == (3, 0)


def test_a_card_drawn_at_once_is_the_one_the_listed_odds_would_draw() -> None:
    """A draw of an agent or an event picks its card without listing the pile as moves:
    the very card ``State.draw_chance`` draws from the outcomes, for the state's own
    source and for a search's."""
    state = Dominare(3).new_state(seed=6)
    moves, drawn = Rng(6), {Phase.DRAW: 0, Phase.EVENT: 0}
    while not state.is_terminal():
        seat = state.current_players()[0]
        if seat != CHANCE:
            legal = state.legal_actions(seat)
            state.apply(legal[moves.below(len(legal))], seat)
            continue
        if state.step.name in drawn:
            drawn[state.step.name] += 1
            odds = sum(drawn.values())
            assert state.draw_chance(Rng(odds)) == State.draw_chance(state, Rng(odds))
            twin = state.clone()
            assert state.sample_chance() == State.draw_chance(twin, twin.rng)
        state.apply(state.sample_chance(), CHANCE)
    assert drawn[Phase.DRAW] > 30 and drawn[Phase.EVENT] == 7


def test_copies_that_take_different_moves_each_show_their_own_table() -> None:
    """What a state remembers of its view until it moves is its own: of two copies of one
    moment, each after its own move, each view shows that copy's table."""
    state = Dominare(4).new_state(seed=1)
    moves = Rng(3)
    compared = 0
    while compared < 60 and not state.is_terminal():
        seat = state.current_players()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            state.observation(None)
            first, last = state.clone(), state.clone()
            first.apply(legal[0], seat)
            first.observation(None)
            last.apply(legal[-1], seat)
            shown = last.view(None).public
            table = (last.crowns, last.owners, last.tokens, last.canvass, last.ops, last.agenda)
            assert (shown.crowns, shown.owners, shown.tokens, shown.canvass, shown.ops,
                    shown.agenda) == table  # fmt: skip
            compared += 1
        state.apply(legal[moves.below(len(legal))], seat)
    assert compared == 60
