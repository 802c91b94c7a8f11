"""Property tests over many random games: conservation, secrecy, replay, determinization."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ballroom.agents import make_agent
from ballroom.core.play import decision_for, past_cap
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance, TheDanceState
from ballroom.games.the_dance.components import default_components
from ballroom.games.the_dance.position import Look

COMP = default_components()
TOTAL_REFRESHMENTS = [k.count for k in COMP.refreshments]

options = st.fixed_dictionaries(
    {
        "domination": st.sampled_from(["natural-one", "margin-three"]),
        "refreshment_domain": st.sampled_from(["own", "any"]),
        "scenario": st.sampled_from(["subtlety", "arrogance", "new-blood"]),
        "initiative": st.booleans(),
        "super_villains": st.booleans(),
        "play_for_places": st.booleans(),
    }
)


def check_invariants(state: TheDanceState) -> None:
    check_floor(state)
    check_bookkeeping(state)


def check_floor(state: TheDanceState, *, every_dancer_in_play: bool = True) -> None:
    """Every piece in one place, one piece a hex, markers and hands as counted: as the table sees it.

    A hand-made position may leave Dancers out of play (``every_dancer_in_play=False``).
    """
    view = state.observation(None)
    fams = view["families"]
    dancers = len(COMP.dancers)
    for d in range(dancers):
        pos, seat = view["dancer_pos"][d], view["dancer_seat"][d]
        owner = view["dancer_influence"][d]
        assert not (pos >= 0 and seat >= 0)
        if seat >= 0:
            assert fams[seat]["seated"].count(d) == 1 and owner == -1
        if pos < 0 and seat < 0 and every_dancer_in_play:
            assert view["placed"] < dancers
        if owner >= 0:
            assert pos >= 0
    assert sum(len(f["seated"]) for f in fams) == sum(1 for s in view["dancer_seat"] if s >= 0)
    # No hex holds two pieces (a Shadow Avatar passing through stands on none).
    passing = view["turn_state"]["passing"]
    pieces = [p for p in view["dancer_pos"] if p >= 0]
    pieces += [
        f["pos"]
        for q, f in enumerate(fams)
        if f["pos"] >= 0 and not (passing and q == view["current"])
    ]
    if view["server"] >= 0:
        pieces.append(view["server"])
    assert len(pieces) == len(set(pieces))
    for q, fam in enumerate(fams):
        assert sum(1 for owner in view["dancer_influence"] if owner == q) <= fam["markers"]
        own = state.observation(q)["families"][q]
        assert sum(own["refreshments"]) == own["refreshment_count"] == fam["refreshment_count"]


def check_bookkeeping(state: TheDanceState) -> None:
    """The engine's own books, which no seat sees: the occupancy grid and the hidden piles.

    This reads the engine's fields on purpose: it checks that they agree with
    each other, which no observation can show.
    """
    # The occupancy grid agrees with every piece's position.
    on_floor = [p for p in state.dancer_pos if p >= 0]
    on_floor += [
        p
        for q, p in enumerate(state.avatar_pos)
        if p >= 0 and not (state.passing and q == state.current)
    ]
    if state.server >= 0:
        on_floor.append(state.server)
    assert sum(1 for x in state.occ if x >= 0) == len(on_floor)
    for d, pos in enumerate(state.dancer_pos):
        if pos >= 0:
            assert state.occ[pos] == d
    # Markers are conserved.
    for k, total in enumerate(TOTAL_REFRESHMENTS):
        held = sum(hand[k] for hand in state.hand)
        assert state.refresh_pile[k] + held + state.spent[k] + state.discarded[k] == total
    powers = sorted(
        state.power_pile
        + [w for ws in state.powers for w in ws]
        + [w for ws in state.drawn_powers for w in ws]
    )
    assert powers == list(range(len(COMP.powers)))
    plans = [x for x in state.plan if x >= 0] + state.plan_pile
    if state.candidate_plan >= 0:
        plans.append(state.candidate_plan)
    assert sorted(plans) == sorted(set(plans)) and len(plans) == len(COMP.plans)


def check_secrecy(state: TheDanceState) -> None:
    public = state.observation(None)
    for viewer in [None, *range(state.game.players)]:
        view = state.observation(viewer)
        for q, fam in enumerate(view["families"]):
            if q == viewer:
                continue
            assert fam["refreshments"] is None and fam["drawn_powers"] is None
            assert set(fam["powers"]) <= set(public["families"][q]["revealed"])
            if not public["families"][q]["plan_public"]:
                assert fam["plan"] is None
        if viewer is None or public["turn_state"]["draw_for"] != viewer:
            assert view["candidate_plan"] is None
        text = repr(view)
        assert "power_pile" not in text and "refresh_pile" not in text


def play(
    seed: int, players: int, seats: list[str], check_every: int, max_turns: int, **opts: object
) -> TheDanceState:
    """Play to the end, or until cut off past ``max_turns`` (truncated: no winner)."""
    game = TheDance(players, **opts)
    state = game.new_state(seed)
    agents = [make_agent(game, seat, seats[seat % len(seats)], seed) for seat in range(players)]
    rng = Rng(seed)
    steps = 0
    while not state.is_terminal() and not past_cap(state, max_turns):
        player = state.current_players()[0]
        if player == CHANCE:
            action = state.sample_chance()
        else:
            action = agents[player].act(decision_for(state, player))
        state.apply(action, player)
        steps += 1
        if check_every and steps % check_every == 0:
            check_invariants(state)
            check_secrecy(state)
            viewer = rng.below(players)
            twin = game.determinize(state.observation(viewer), Rng(steps))
            assert twin.observation(viewer) == state.observation(viewer)
            check_invariants(twin)
            assert (
                sorted(twin.legal_actions()) == sorted(state.legal_actions())
                or viewer != state.current_players()[0]
            )
    check_invariants(state)
    return state


@settings(max_examples=100)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), opts=options)
def test_random_games_keep_every_invariant(
    seed: int, players: int, opts: dict[str, object]
) -> None:
    state = play(seed, players, ["random"], check_every=7, max_turns=25, **opts)
    if state.is_terminal():
        assert abs(sum(state.returns()) - 1.0) < 1e-9
    else:  # cut off: truncated, no winner (RULINGS 16)
        assert state.turns() == 26 and state.returns() == [0.0] * players
    replayed = replay(GameRecord.loads(state.record().dumps()))
    assert replayed.history == state.history
    assert replayed.observation(None) == state.observation(None)


@settings(max_examples=50)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), opts=options)
def test_purposeful_games_end_by_plan_and_replay(
    seed: int, players: int, opts: dict[str, object]
) -> None:
    opts = {**opts, "play_for_places": False}
    state = play(
        seed, players, ["heuristic", "random"], check_every=11, max_turns=TheDance.turn_cap, **opts
    )
    assert state.is_terminal() and Look(state).finished(), "a heuristic family completes a Plan"
    record = state.record()
    assert replay(record).observation(0) == state.observation(0)


def test_many_short_random_games_end_and_conserve() -> None:
    """Many short random games (cut off after 6 turns), checked at the end."""
    endings: Counter[str] = Counter()
    for seed in range(1500):
        players = 2 + seed % 5
        state = play(seed, players, ["random"], check_every=0, max_turns=6)
        if state.is_terminal():
            endings["plan"] += 1
        else:
            assert state.turns() == 7 and state.returns() == [0.0] * players
            endings["truncated"] += 1
    assert endings["truncated"] + endings["plan"] == 1500


def test_clone_is_independent_and_equal() -> None:
    state = TheDance(4).new_state(11)
    for _ in range(400):
        player = state.current_players()[0]
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[-1], player
        )
    twin = state.clone()
    assert twin.observation(None) == state.observation(None)
    for _ in range(100):
        player = twin.current_players()[0]
        twin.apply(
            twin.sample_chance() if player == CHANCE else twin.legal_actions(player)[0], player
        )
    check_invariants(state)
    assert twin.history[: len(state.history)] == state.history
