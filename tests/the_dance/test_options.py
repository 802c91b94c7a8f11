"""Scenarios, optional rules and variants as declared options."""

from __future__ import annotations

import pytest

from ballroom.agents import make_agent
from ballroom.core.errors import InvalidOptionError
from ballroom.core.play import play_out
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.components import default_components
from ballroom.games.the_dance.position import Look, Position, act, entry_hex, legal_texts


def test_defaults_follow_the_sequence_of_play() -> None:
    game = TheDance(4)
    assert game.options == {
        "domination": "natural-one",
        "refreshment-domain": "own",
        "scenario": "subtlety",
        "initiative": False,
        "super-villains": False,
        "dawn": 0,
        "play-for-places": False,
    }


def test_the_default_game_has_no_turn_limit() -> None:
    """RULINGS 16: only a Plan ends the game; dawn is a labelled house rule, off by default."""
    doc = TheDance.option_set.get("dawn").doc
    assert "House rule, not in the rulebook" in doc and "off by default" in doc
    game = TheDance(2)
    state = game.new_state(4)
    agents = [make_agent(game, seat, "random", 4) for seat in range(2)]
    play_out(state, agents, max_turns=250)
    assert state.turns() == 251 and not state.is_terminal()
    assert state.returns() == [0.0, 0.0] and state.outcome().winners == ()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("domination", "margin-two"),
        ("scenario", "cowardice"),
        ("refreshment-domain", "all"),
        ("dawn", -1),
    ],
)
def test_bad_option_values_are_refused(name: str, value: object) -> None:
    with pytest.raises(InvalidOptionError, match="allowed"):
        TheDance(3, **{name: value})


def test_subtlety_keeps_plans_secret() -> None:
    state = Position(players=3).plan("grey", "rose-lily-ivy").build()
    look = Look(state)
    assert look.plan("plum", seen_by="grey") is None
    assert look.plan("grey", seen_by="grey") == "rose-lily-ivy"
    assert state.observation(None)["families"][2]["plan"] is None


def test_arrogance_reveals_plans_at_the_first_player_phase() -> None:
    game = TheDance(3, scenario="arrogance")
    state = game.new_state(1)
    look = Look(state)
    while state.turns() == 0:
        if look.plan(0) is not None:
            assert look.plan(0, seen_by=1) is None
        player = state.current_players()[0]
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    assert look.plan(0, seen_by=1) == look.plan(0)


def test_new_blood_draws_plans_before_avatars() -> None:
    for scenario, plan_known in (("subtlety", False), ("new-blood", True)):
        state = TheDance(2, scenario=scenario).new_state(3)
        look = Look(state)
        while look.step() != "choose-avatar":
            player = state.current_players()[0]
            state.apply(
                state.sample_chance() if player == CHANCE else state.legal_actions(player)[0],
                player,
            )
        assert (look.plan(0) is not None) == plan_known


@pytest.mark.parametrize("scenario", ["subtlety", "new-blood"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_avatars_are_chosen_youngest_to_oldest(scenario: str, players: int) -> None:
    """RULINGS 15: the first player (seat 0, the oldest) chooses her Avatar last; with
    NEW BLOOD after every Plan is drawn. Sanctuaries follow in seat order."""
    state = TheDance(players, scenario=scenario).new_state(2)
    choosers: dict[str, list[int]] = {"choose-avatar": [], "choose-sanctuary": []}
    look = Look(state)
    while look.step() != "dance":
        player = state.current_players()[0]
        if player == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        phase = state.observation(player)["phase"]
        if phase == "choose-avatar" and not choosers[phase]:
            plans_drawn = all(look.plan(seat, seen_by=seat) for seat in range(players))
            assert plans_drawn == (scenario == "new-blood")
        choosers.get(phase, []).append(player)
        state.apply(state.legal_actions(player)[0], player)
    assert choosers["choose-avatar"] == list(reversed(range(players)))
    assert choosers["choose-sanctuary"] == list(range(players))


def test_super_villains_keep_both_powers() -> None:
    state = TheDance(3, super_villains=True).new_state(5)
    look = Look(state)
    while look.step() != "dance":
        player = state.current_players()[0]
        assert state.observation(player)["phase"] != "keep-power"
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    assert [len(look.powers(q)) for q in range(3)] == [2, 2, 2]


def test_powers_draw_two_keep_one() -> None:
    state = TheDance(2).new_state(5)
    while state.observation(0)["phase"] != "keep-power":
        player = state.current_players()[0]
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    assert len(state.legal_actions(0)) == 2
    assert state.observation(1)["families"][0]["drawn_powers"] is None
    kept = state.legal_actions(0)[1]
    state.apply(kept, 0)
    look = Look(state)
    assert len(look.powers(0)) == 1 and look.piles()["powers"] == 11


def three_families(**options: object) -> Position:
    return (
        Position(players=3, **options)
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .avatar("crimson", at=(4, 0))
        .server(at=(2, 0))
    )


def test_initiative_passes_to_the_chosen_player() -> None:
    state = three_families(initiative=True).build()
    for _ in range(3):
        act(state, "end-dance", "pass")
    assert state.observation(0)["phase"] == "initiative"
    assert legal_texts(state) == ["initiative 2", "initiative 3"]
    act(state, "initiative 3")
    look = Look(state)
    assert look.step() == "dance" and look.turn_of() == "crimson"
    assert look.order() == ["crimson", "plum", "grey"]


def test_without_initiative_the_first_player_always_starts() -> None:
    state = three_families().build()
    for _ in range(3):
        act(state, "end-dance", "pass")
    look = Look(state)
    assert look.turn_of() == "plum" and look.order() == ["plum", "grey", "crimson"]


def one_dancer_short(position: Position, family: str, plan: str, dancers: list[str]) -> Position:
    """``family``'s Plan lacks only the last of ``dancers``, who waits Influenced on its entry hex."""
    *seated, last = dancers
    return (
        position.plan(family, plan)
        .seated(family, *seated)
        .dancer(last, at=entry_hex(family), influenced_by=family)
    )


def plum_and_grey_one_dancer_short(**options: object) -> Position:
    position = Position(players=3, **options).avatar("plum", at=(0, 0)).avatar("grey", at=(-4, 0))
    position = one_dancer_short(
        position, "plum", "rose-lily-ivy", ["Rev. Mother Anna", "Lady Julia", "Contessa Marta"]
    )
    return one_dancer_short(
        position, "grey", "ivy-sun-moon", ["Baroness Irina", "Primar Todoran", "Artisan Belan"]
    )


def test_play_for_places_ranks_the_followers() -> None:
    state = plum_and_grey_one_dancer_short(play_for_places=True).build()
    look = Look(state)
    act(state, "seat contessa-marta")
    assert not state.is_terminal() and look.finished() == ["plum"]
    assert look.avatar("plum") is None and look.turn_of() == "grey"
    act(state, "seat artisan-belan")
    assert state.is_terminal()
    assert state.outcome().ranking == ((0,), (1,), (2,))
    assert state.returns() == [1.0, 0.0, 0.0]


def test_without_play_for_places_the_first_plan_ends_the_game() -> None:
    state = plum_and_grey_one_dancer_short().build()
    act(state, "seat contessa-marta")
    assert state.is_terminal()
    assert state.outcome().ranking == ((0,), (1, 2))


def test_dawn_closes_the_ball_and_ranks_by_plan_progress() -> None:
    state = (
        Position(players=2, dawn=1)
        .plan("grey", "rose-lily-ivy")
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
        .server(at=(2, 0))
        .seated("grey", "Rev. Mother Anna")  # a rose: one symbol of grey's Plan
        .build()
    )
    sentences: list[str] = []
    for _ in range(2):
        sentences += act(state, "end-dance", "pass")
    assert state.is_terminal()
    assert any("Dawn breaks after turn 1" in s for s in sentences)
    assert state.outcome().winners == (1,)


def test_setup_is_a_chain_of_explicit_chance_draws() -> None:
    state = TheDance(4).new_state(8)
    look = Look(state)
    kinds: list[str] = []
    while look.step() != "dance":
        player = state.current_players()[0]
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            action = state.sample_chance()
            kinds.append(state.game.action_to_text(action).split()[0])
            state.apply(action, CHANCE)
        else:
            state.apply(state.legal_actions(player)[0], player)
    counts = {kind: kinds.count(kind) for kind in set(kinds)}
    assert counts == {
        "drawn-power": 8,
        "drawn-refreshment": sum(look.refreshment_count(q) for q in range(4)),
        "drawn-plan": 4,
        "placed": 25,
        "roll": 1,
    }
    comp = default_components()
    board = comp.board
    assert sorted(look.where(d.name) for d in comp.dancers) == sorted(
        board.hexes[h] for h in board.start_hexes
    )
    server_roll = int(state.game.action_to_text(state.history[-1][1]).split()[1])
    assert look.server() == board.hexes[board.server_hexes[server_roll - 1]]
    assert [look.avatar(f) for f in look.families()] == [entry_hex(f) for f in look.families()]


def test_seat_features_and_turns_report_power_plan_and_avatar() -> None:
    state = Position(players=3).dealt_powers().build()
    features = state.seat_features()
    assert [f["avatar"] for f in features] == ["tatiana-saar", "thorne-balaz", "ilona-vesna"]
    assert all(f["power"] != "none" and f["plan"] != "none" for f in features)
    assert [f["sanctuary"] for f in features] == ["plum", "grey", "crimson"]
    assert state.turns() == 1
    for f in features:
        dealt = f["power_dealt"].split("+")
        assert len(dealt) == 2 and f["power"] in dealt, "two Powers drawn, one of them kept"
    villains = Position(players=2, super_villains=True).dealt_powers().build()
    assert all(f["power"] == f["power_dealt"] for f in villains.seat_features())
