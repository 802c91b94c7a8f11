"""The learning aids of every game, checked against the engine while games are played:
a prompt at every decision, help for every legal move, a why-not answer that agrees
with the legal moves, and aids that read only what the seat sees (twin states)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ballroom.agents import make_agent
from ballroom.core.capabilities import (
    ExplainsOutcome,
    ExplainsRefusals,
    HelpsMoves,
    Prompts,
    offers,
)
from ballroom.core.explain import Teaching, decided
from ballroom.core.game import Game, make_game
from ballroom.core.play import play_out
from ballroom.core.rng import Rng
from ballroom.core.state import State
from ballroom.server.aids import frame_aids

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("vampires-harvest", 3, {}),
    ("dancing-dice", 3, {}),
    ("dark-tales", 3, {}),
    ("dark-tales", 2, {"expansion": "cinderella"}),
    ("dominare", 3, {}),
    ("the-dance", 2, {}),
]
IDS = [f"{g}-{n}{'-' + '-'.join(map(str, o.values())) if o else ''}" for g, n, o in GAMES]


def decisions(game: Game, seed: int, limit: int) -> list[tuple[State, int]]:
    """Up to ``limit`` decisions of a random game, each as (a copy of the state, the seat)."""
    state = game.new_state(seed)
    chooser = random.Random(seed)
    found: list[tuple[State, int]] = []
    while not state.is_terminal() and len(found) < limit:
        if state.is_chance_node():
            state.apply(state.sample_chance(), -1)
            continue
        seat = state.current_players()[0]
        found.append((state.clone(), seat))
        state.apply(chooser.choice(state.legal_actions(seat)), seat)
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_every_game_declares_the_aids(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = make_game(game_id, players, **options)
    kind = type(game)
    assert isinstance(game, Teaching)
    for capability in (Prompts, HelpsMoves, ExplainsRefusals, ExplainsOutcome):
        assert offers(kind, capability), f"{game.name} lacks {capability.__name__}"
    families = {family.name for family in game.aids.codec.families}
    assert set(game.aids.families) == families
    assert set(game.aids.offers) <= set(game.aids.steps)


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_prompt_help_and_why_not_agree_with_the_legal_moves(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = make_game(game_id, players, **options)
    assert isinstance(game, Teaching)
    menu = game.why_not_menu()
    for state, seat in decisions(game, seed=11, limit=120):
        observation = state.observation(seat)
        legal = state.legal_actions(seat)
        prompt = game.prompt(observation)
        assert prompt and not prompt.startswith("Now:"), (seat, observation)
        for action in legal[:30]:
            helped = game.move_help(action)
            assert helped["effect"] and helped["rule"] and helped["section"]
        families = {game.aids.codec.decode(action).family.name for action in legal}
        for entry in menu:
            answer = game.why_not(observation, legal, entry["family"], {})
            assert answer["offered"] == (entry["family"] in families), (entry, answer)
            assert answer["answer"] and answer["section"]
        first = game.aids.codec.decode(legal[0])
        if game.aids.families[first.family.name].ask:
            named = first.to_json()["params"]
            assert game.why_not(observation, legal, first.family.name, named)["offered"]


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_a_waiting_seat_is_told_what_is_happening(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = make_game(game_id, players, **options)
    assert isinstance(game, Teaching)
    for state, _seat in decisions(game, seed=5, limit=60):
        waiting = [p for p in range(players) if p not in state.current_players()]
        for other in waiting:
            assert game.prompt(state.observation(other)).startswith("Now: ")
        assert game.prompt(state.observation(None)).startswith("Now: ")


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_aids_read_only_what_the_seat_sees(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Twin states, alike to the seat but re-dealt where it cannot see, give the seat the
    same prompt, live scores, move help and why-not answers."""
    game = make_game(game_id, players, **options)
    assert isinstance(game, Teaching)
    determinize = getattr(game, "determinize")  # every game here deals twins  # noqa: B009
    menu = game.why_not_menu()
    rng = Rng(3)
    checked = 0
    for state, seat in decisions(game, seed=23, limit=80)[::4]:
        observation = state.observation(seat)
        twin = determinize(observation, rng)
        assert twin.observation(seat) == observation, "the twin must look the same to the seat"
        legal, twin_legal = state.legal_actions(seat), twin.legal_actions(seat)
        assert legal == twin_legal
        assert frame_aids(game, observation) == frame_aids(game, twin.observation(seat))
        assert [game.move_help(a) for a in legal] == [game.move_help(a) for a in twin_legal]
        for entry in menu:
            mine = game.why_not(observation, legal, entry["family"], {})
            theirs = game.why_not(twin.observation(seat), twin_legal, entry["family"], {})
            assert mine == theirs
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_every_finished_game_is_explained(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = make_game(game_id, players, **options)
    explains = game
    assert isinstance(explains, ExplainsOutcome)
    # Random play seldom seats a Plan in The Dance; its heuristic families end the ball.
    spec = "heuristic" if game_id == "the-dance" else "random"
    agents = [make_agent(game, seat, spec, 2) for seat in range(players)]
    state = play_out(game.new_state(2), agents)
    assert state.is_terminal()
    explained = explains.explain_outcome(state)
    assert sorted(row["seat"] for row in explained["seats"]) == list(range(players))
    assert all(row["parts"] for row in explained["seats"])
    assert explained["decided"] and explained["rule"] and explained["section"]


def test_decided_says_the_score_the_tie_break_or_the_shared_win() -> None:
    names = ["Ann", "Bob", "Cy"]
    keys = [(7, 68), (7, 64), (3, 90)]
    assert decided(names, [[0], [1], [2]], keys, ("points", "Blood")) == (
        "Ann and Bob are level at 7-7 points; broken by Blood: 68 against 64, so Ann wins."
    )
    assert decided(names, [[2], [0], [1]], [(1, 0), (1, 0), (9, 0)], ("VP", "crowns")) == (
        "Cy wins with 9 VP, against 1 for Ann in second place."
    )
    assert decided(names, [[0, 1], [2]], [(5, 2), (5, 2), (1, 0)], ("VP", "crowns")) == (
        "Ann and Bob are level on every count (5 VP, 2 crowns): they share the win."
    )


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_every_move_of_every_family_has_help_in_words(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Help for every action id, with no id written as code (``senate-3``) in it."""
    game = make_game(game_id, players, **options)
    assert isinstance(game, Teaching)
    code = re.compile(r"\b[a-z]+(?:-[a-z]*[0-9]+)+\b")
    for action in range(game.num_distinct_actions):
        helped = game.move_help(action)
        assert helped["effect"] and helped["rule"] and helped["section"], action
        assert not code.findall(helped["effect"]), (action, helped["effect"])


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_a_requirement_never_forbids_a_legal_move(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Each declared requirement, asked of every move of its family at every decision, fails
    only for moves the engine does not offer: the reasons given are never false."""
    game = make_game(game_id, players, **options)
    assert isinstance(game, Teaching)
    aids = game.aids
    checked = 0
    for state, seat in decisions(game, seed=17, limit=150):
        observation = state.observation(seat)
        legal = set(state.legal_actions(seat))
        reading = observation if aids.read is None else aids.read(game, observation)
        for family in aids.codec.families:
            requires = aids.families[family.name].requires
            if not requires or family.size > 400:
                continue
            offered = [i for i in aids.codec.ids(family) if i in legal]
            for requirement in requires:
                if offered:
                    assert requirement.met(reading, None), (family.name, requirement.rule)
                for action_id in offered:
                    action = aids.codec.decode(action_id)
                    assert requirement.met(reading, action), (str(action), requirement.rule)
                    checked += 1
    declares = any(aid.requires for aid in aids.families.values())
    assert checked or not declares
