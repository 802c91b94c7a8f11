"""Scenarios, optional rules and variants as declared options."""

from __future__ import annotations

import pytest

from ballroom.agents import make_agent
from ballroom.core.errors import InvalidOptionError
from ballroom.core.play import play_out
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.state import P_AVATAR, P_DANCE, P_OVER

from .helpers import DANCER, act, arrange, legal_texts, ready_state


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
    state = ready_state(players=3)
    view = state.observation(1)
    assert view["families"][0]["plan"] is None and view["families"][1]["plan"] == state.plan[1]
    assert state.observation(None)["families"][2]["plan"] is None


def test_arrogance_reveals_plans_at_the_first_player_phase() -> None:
    game = TheDance(3, scenario="arrogance")
    state = game.new_state(1)
    while state.turn == 0:
        if state.plan[0] >= 0:
            assert state.observation(1)["families"][0]["plan"] is None
        player = state.current_players()[0]
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    assert state.observation(1)["families"][0]["plan"] == state.plan[0]


def test_new_blood_draws_plans_before_avatars() -> None:
    for scenario, plan_known in (("subtlety", False), ("new-blood", True)):
        state = TheDance(2, scenario=scenario).new_state(3)
        while state.phase != P_AVATAR:
            player = state.current_players()[0]
            state.apply(
                state.sample_chance() if player == CHANCE else state.legal_actions(player)[0],
                player,
            )
        assert (state.plan[0] >= 0) == plan_known


@pytest.mark.parametrize("scenario", ["subtlety", "new-blood"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_avatars_are_chosen_youngest_to_oldest(scenario: str, players: int) -> None:
    """RULINGS 15: the first player (seat 0, the oldest) chooses her Avatar last; with
    NEW BLOOD after every Plan is drawn. Sanctuaries follow in seat order."""
    state = TheDance(players, scenario=scenario).new_state(2)
    choosers: dict[str, list[int]] = {"choose-avatar": [], "choose-sanctuary": []}
    while state.phase != P_DANCE:
        player = state.current_players()[0]
        if player == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        phase = state.observation(player)["phase"]
        if phase == "choose-avatar" and not choosers[phase]:
            assert all(plan >= 0 for plan in state.plan) == (scenario == "new-blood")
        choosers.get(phase, []).append(player)
        state.apply(state.legal_actions(player)[0], player)
    assert choosers["choose-avatar"] == list(reversed(range(players)))
    assert choosers["choose-sanctuary"] == list(range(players))


def test_super_villains_keep_both_powers() -> None:
    state = TheDance(3, super_villains=True).new_state(5)
    while state.phase != P_DANCE:
        player = state.current_players()[0]
        assert state.observation(player)["phase"] != "keep-power"
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    assert [len(p) for p in state.powers] == [2, 2, 2]


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
    assert len(state.powers[0]) == 1 and len(state.power_pile) == 11


def test_initiative_passes_to_the_chosen_player() -> None:
    state = ready_state(players=3, initiative=True)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0), 2: (4, 0)}, server=(2, 0))
    for _ in range(3):
        act(state, "end-dance", "pass")
    assert state.observation(0)["phase"] == "initiative"
    assert legal_texts(state) == ["initiative 2", "initiative 3"]
    act(state, "initiative 3")
    assert state.phase == P_DANCE and state.current == 2
    assert state.order == [2, 0, 1]


def test_without_initiative_the_first_player_always_starts() -> None:
    state = ready_state(players=3)
    arrange(state, avatars={0: (0, 0), 1: (-4, 0), 2: (4, 0)}, server=(2, 0))
    for _ in range(3):
        act(state, "end-dance", "pass")
    assert state.current == 0 and state.order == [0, 1, 2]


def seat_winner(state: object, seat: int) -> None:
    """Put the last Dancer a family's Plan needs on its entry hex, Influenced."""
    comp = state.comp
    plan = comp.plans[state.plan[seat]]
    taken = {d for d, s in enumerate(state.dancer_seat) if s >= 0}
    needed: list[str] = []
    for colour, count in enumerate(plan.needs):
        names = [
            n for n, d in DANCER.items() if comp.dancers[d].symbol == colour and d not in taken
        ]
        needed += names[:count]
    last = needed.pop()
    entry = comp.board.hexes[comp.board.sanctuaries[state.sanctuary_of[seat]].entry]
    keep = {comp.dancers[d].name: s for d, s in enumerate(state.dancer_seat) if s >= 0}
    keep.update({n: seat for n in needed})
    avatars = {
        q: comp.board.hexes[state.avatar_pos[q]]
        for q in range(state.n)
        if state.avatar_pos[q] >= 0 and q != seat
    }
    avatars[seat] = (0, 0)
    avatars = {q: h for q, h in avatars.items() if h != entry}
    arrange(state, dancers={last: entry}, avatars=avatars, influenced={last: seat}, seated=keep)
    act(state, "seat " + comp.dancers[DANCER[last]].slug)


def test_play_for_places_ranks_the_followers() -> None:
    state = ready_state(players=3, play_for_places=True)
    seat_winner(state, 0)
    assert state.phase != P_OVER and state.finished == [0]
    assert state.avatar_pos[0] == -1 and state.current == 1
    seat_winner(state, 1)
    assert state.phase == P_OVER
    assert state.outcome().ranking == ((0,), (1,), (2,))
    assert state.returns() == [1.0, 0.0, 0.0]


def test_without_play_for_places_the_first_plan_ends_the_game() -> None:
    state = ready_state(players=3)
    seat_winner(state, 0)
    assert state.phase == P_OVER
    assert state.outcome().ranking == ((0,), (1, 2))


def test_dawn_closes_the_ball_and_ranks_by_plan_progress() -> None:
    state = ready_state(players=2, dawn=1)
    comp = state.comp
    wanted = [
        n for n, d in DANCER.items() if comp.plans[state.plan[1]].needs[comp.dancers[d].symbol] > 0
    ]
    arrange(state, avatars={0: (0, 0), 1: (-4, 0)}, server=(2, 0), seated={wanted[0]: 1})
    sentences: list[str] = []
    for _ in range(2):
        sentences += act(state, "end-dance", "pass")
    assert state.phase == P_OVER
    assert any("Dawn breaks after turn 1" in s for s in sentences)
    assert state.outcome().winners == (1,)


def test_setup_is_a_chain_of_explicit_chance_draws() -> None:
    state = TheDance(4).new_state(8)
    kinds: list[str] = []
    while state.phase != P_DANCE:
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
        "drawn-refreshment": sum(state.hand_size),
        "drawn-plan": 4,
        "placed": 25,
        "roll": 1,
    }
    board = state.comp.board
    assert sorted(state.dancer_pos) == sorted(board.start_hexes)
    assert (
        state.server
        == board.server_hexes[int(state.game.action_to_text(state.history[-1][1]).split()[1]) - 1]
    )
    entries = [board.sanctuaries[s].entry for s in state.sanctuary_of]
    assert state.avatar_pos == entries


def test_seat_features_and_turns_report_power_plan_and_avatar() -> None:
    state = ready_state(players=3, keep_powers=True)
    features = state.seat_features()
    assert [f["avatar"] for f in features] == ["tatiana-saar", "thorne-balaz", "ilona-vesna"]
    assert all(f["power"] != "none" and f["plan"] != "none" for f in features)
    assert [f["sanctuary"] for f in features] == ["plum", "grey", "crimson"]
    assert state.turns() == 1
    for f in features:
        dealt = f["power_dealt"].split("+")
        assert len(dealt) == 2 and f["power"] in dealt, "two Powers drawn, one of them kept"
    villains = ready_state(players=2, keep_powers=True, **{"super-villains": True})
    assert all(f["power"] == f["power_dealt"] for f in villains.seat_features())
