"""A creator may choose the seed of single-player practice only (issue 30 §1).

Whoever knows a game's seed rebuilds it at home and reads every hand, so
against another person, or a searching bot that could be studied offline
from the same seed, the server draws the seed itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import ballroom
from ballroom.core.state import CHANCE, State
from ballroom.server.app import ServerConfig, create_app
from server.support import hello


def dealt_at_home(game: str, seed: int) -> State:
    """The game a creator who knows the seed builds at home, its opening draws made."""
    state = ballroom.make(game, players=2, seed=seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    return state


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    """A server as strangers meet on it: seeds are not trusted to creators."""
    with TestClient(create_app(ServerConfig(data_dir=str(tmp_path), bot_delay=0.0))) as client:
        yield client


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            {"game": "dark-tales", "players": 2, "seats": ["human", "human"]},
            "this game has 2 human seats",
        ),
        (
            {"game": "dancing-dice", "players": 3, "seats": ["human", "human"], "hotseat": True},
            "this game has 3 human seats",
        ),
        (
            {"game": "dancing-dice", "players": 2, "seats": ["human", "mcts:iterations=50"]},
            "a person plays against the searching bot mcts:iterations=50",
        ),
    ],
)
def test_a_chosen_seed_is_refused_where_another_seat_could_be_read_from_it(
    public: TestClient, body: dict[str, Any], reason: str
) -> None:
    refused = public.post("/api/games", json={**body, "seed": 12345})
    assert refused.status_code == 400, refused.text
    detail = refused.json()["detail"]
    assert reason in detail
    assert "Leave 'seed' out and the server draws one" in detail
    assert "single-player practice only" in detail and "random" in detail
    assert public.get("/api/games").json() == []  # nothing was created
    assert public.post("/api/games", json=body).status_code == 200  # without a seed it starts


def test_the_server_draws_the_seed_so_a_local_copy_does_not_show_the_other_hand(
    public: TestClient,
) -> None:
    """The audit's attack: the same deal at home from the creator's seed. Refused, the
    creator has no seed; a server-drawn game differs from the one 12345 deals."""
    body = {"game": "dark-tales", "players": 2, "seats": ["human", "human"], "claim": [0, 1]}
    created = public.post("/api/games", json=body).json()
    with public.websocket_connect(f"/ws/{created['id']}") as ws:
        frames = hello(ws, [created["token"]], seats=2)
    at_home = dealt_at_home("dark-tales", 12345)
    assert [frames[seat]["observation"] for seat in (0, 1)] != [
        at_home.observation(seat) for seat in (0, 1)
    ]


@pytest.mark.parametrize(
    "seats",
    [["human", "random"], ["expert", "human"], ["random", "expert"], ["mcts", "mcts"]],
)
def test_single_player_practice_and_bot_games_keep_their_chosen_seed(
    public: TestClient, seats: list[str]
) -> None:
    body = {"game": "dancing-dice", "players": 2, "seats": seats, "seed": 77}
    created = public.post("/api/games", json=body)
    assert created.status_code == 200, created.text
    at_home = ballroom.make("dancing-dice", players=2, seed=77)
    replayed = public.get(f"/api/games/{created.json()['id']}/replay", params={"ply": 0}).json()
    assert replayed["observation"] == at_home.observation(None)


def test_a_trusting_server_accepts_any_seed(tmp_path: Path) -> None:
    """``--chosen-seeds`` (tests, demonstrations): the same deal as at home."""
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, chosen_seeds=True)
    with TestClient(create_app(config)) as client:
        body = {"game": "dark-tales", "players": 2, "seats": ["human", "human"], "seed": 5}
        created = client.post("/api/games", json={**body, "claim": [0, 1]}).json()
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            frames = hello(ws, [created["token"]], seats=2)
    at_home = dealt_at_home("dark-tales", 5)
    assert frames[1]["observation"] == at_home.observation(1)
