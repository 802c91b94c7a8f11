"""Invariants of Dancing Dice over many random games (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import ballroom
from ballroom.agents import RandomAgent
from ballroom.core.play import decision_for
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.judging import satisfactory_count
from ballroom.games.dancing_dice.position import Look
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.state import DancingDiceState

MAX_ROUNDS = 500

games = st.tuples(
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=1, max_value=MAX_ENDURANCE),
)


COUPLE_KEYS = {"name", "endurance", "dancing", "rerolled"}


def check_secrets(state: DancingDiceState, told: dict[int, list[int]]) -> None:
    """Before the reveal no seat (nor a spectator) sees another seat's dice or choices.

    The public part holds no dice of this round (only the last round's, turned
    up); a seat's private part is its own, and a couple still dancing sees its
    own dice as it was last told them.
    """
    dancing = Look(state).dancing()
    for viewer in [None, *range(state.game.players)]:
        view = state.observation(viewer)
        json.dumps(view)  # plain data only
        public = dict(view["public"])
        public.pop("last_round")
        assert '"dice"' not in json.dumps(public)
        assert all(set(couple) == COUPLE_KEYS for couple in public["couples"])
        assert view["seat"] == viewer
        if viewer is None:
            assert view["private"] is None
        elif viewer in dancing:
            assert view["private"]["dice"] == told[viewer]


def play_random(players: int, seed: int, endurance: int) -> DancingDiceState:
    state = ballroom.make("dancing-dice", players=players, seed=seed, endurance=endurance)
    assert isinstance(state, DancingDiceState)
    agents = [RandomAgent(Rng(seed + seat)) for seat in range(players)]
    look = Look(state)
    told: dict[int, list[int]] = {}
    before_round = look.endurance()
    round_number = state.turns()
    while not state.is_terminal():
        assert state.turns() <= MAX_ROUNDS
        player = state.current_players()[0]
        if player == CHANCE:
            events = state.apply(state.sample_chance(), CHANCE)
        else:
            if player == state.current_players()[-1]:
                check_secrets(state, told)
            events = state.apply(agents[player].act(decision_for(state, player)), player)
        for event in events:
            if event.audience is not None:
                assert event.audience == frozenset({event.data["player"]})
                if event.kind == "dice":
                    told[event.data["player"]] = event.data["dice"]
            if event.kind == "judging":
                dancers = len(event.data["values"])
                assert len(event.data["satisfactory"]) >= satisfactory_count(dancers) >= 1
                assert len(event.data["lost"]) <= dancers - satisfactory_count(dancers)
        if state.turns() != round_number or state.is_terminal():
            # Endurance moves only when a round is judged: the limits are checked then.
            endurance, dancing = look.endurance(), look.dancing()
            assert all(0 <= e <= MAX_ENDURANCE for e in endurance)
            assert all((p in dancing) == (endurance[p] > 0) for p in range(players))
            for p in range(players):
                # A round costs at most one point per dance; a Gala gives back two.
                assert (
                    before_round[p] - 2 <= endurance[p] <= min(MAX_ENDURANCE, before_round[p] + 2)
                )
            before_round, round_number = endurance, state.turns()
    return state


@settings(max_examples=1000)
@given(games)
def test_random_games_end_keep_limits_and_hide_dice(game: tuple[int, int, int]) -> None:
    players, seed, endurance = game
    state = play_random(players, seed, endurance)
    look = Look(state)
    assert look.step() == "over"
    outcome = state.outcome()
    assert len(outcome.winners) >= 1
    assert abs(sum(outcome.returns) - 1.0) < 1e-9
    assert sorted(p for group in outcome.ranking for p in group) == list(range(players))
    survivors = look.dancing()
    assert len(survivors) <= 1
    assert list(outcome.winners) == (survivors or list(outcome.winners))


@settings(max_examples=150)
@given(games)
def test_replaying_the_record_reproduces_the_game(game: tuple[int, int, int]) -> None:
    players, seed, endurance = game
    state = play_random(players, seed, endurance)
    record = GameRecord.loads(state.record().dumps())
    again = replay(record)
    assert again.history == state.history
    assert again.observation(None) == state.observation(None)
    assert isinstance(again, DancingDiceState)
    assert all(again.observation(p) == state.observation(p) for p in range(players))


@settings(max_examples=100)
@given(games, st.data())
def test_clone_is_independent(game: tuple[int, int, int], data: st.DataObject) -> None:
    players, seed, endurance = game
    state = ballroom.make("dancing-dice", players=players, seed=seed, endurance=endurance)
    agents = [RandomAgent(Rng(seed + seat)) for seat in range(players)]
    for _ in range(data.draw(st.integers(min_value=0, max_value=300))):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        action = (
            state.sample_chance()
            if player == CHANCE
            else agents[player].act(decision_for(state, player))
        )
        state.apply(action, player)
    twin = state.clone()
    snapshot = state.observation(None), list(state.history)
    while not twin.is_terminal():
        player = twin.current_players()[0]
        action = twin.sample_chance() if player == CHANCE else twin.legal_actions(player)[0]
        twin.apply(action, player)
    assert (state.observation(None), state.history) == snapshot
