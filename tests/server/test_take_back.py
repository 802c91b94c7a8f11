"""Taking a move back, in hotseat and online alike (issue 30 §3, issue 28 §4).

A seat may take back its own last move while nothing it led to revealed
anything and no other person has acted since. What reveals is the engine's
word (``Event.reveals``), not the server's guess; where the take-back is
refused, the frame says why in words.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import ballroom
from ballroom.core.state import CHANCE
from server.support import created_in, hello, send, until

Move = tuple[int, str]


def first_reveal(game: str, kinds: set[str], seeds: int = 60) -> tuple[int, list[Move], str]:
    """A seed and seeded random moves whose last is a seat's own action that the engine
    flags as revealing (an event of one of ``kinds``); also that event's sentence."""
    for seed in range(seeds):
        state = ballroom.make(game, players=2, seed=seed)
        chooser = random.Random(seed)
        moves: list[Move] = []
        while not state.is_terminal() and len(moves) < 400:
            if state.is_chance_node():
                state.apply(state.sample_chance(), CHANCE)
                continue
            player = state.current_players()[0]
            action = chooser.choice(state.legal_actions(player))
            moves.append((player, state.game.action_to_text(action)))
            told = [e for e in state.apply(action, player) if e.reveals and e.kind in kinds]
            if told:
                return seed, moves, told[0].text
    raise AssertionError(f"no {game} game of {seeds} seeds reveals {kinds} by a seat's move")


def first_draw_after(game: str, seeds: int = 20) -> tuple[int, list[Move]]:
    """A seed and seeded random moves whose last reveals nothing itself but is followed
    at once by chance (a card drawn, a die rolled)."""
    for seed in range(seeds):
        state = ballroom.make(game, players=2, seed=seed)
        chooser = random.Random(seed)
        moves: list[Move] = []
        while not state.is_terminal() and len(moves) < 300:
            if state.is_chance_node():
                state.apply(state.sample_chance(), CHANCE)
                continue
            player = state.current_players()[0]
            action = chooser.choice(state.legal_actions(player))
            moves.append((player, state.game.action_to_text(action)))
            told = state.apply(action, player)
            if not any(event.reveals for event in told) and state.is_chance_node():
                return seed, moves
    raise AssertionError(f"no {game} game of {seeds} seeds draws right after a quiet move")


@contextmanager
def table(
    client: TestClient, game: str, seed: int, *, hotseat: bool
) -> Iterator[tuple[dict[int, WebSocketTestSession], int]]:
    """Both seats of a two-person game, one device (hotseat) or one socket each (online),
    and the ply they start at."""
    created = created_in(
        client, game=game, players=2, seats=["human", "human"], hotseat=hotseat, seed=seed
    )
    game_id = created["id"]
    with ExitStack() as stack:
        if hotseat:
            ws = stack.enter_context(client.websocket_connect(f"/ws/{game_id}"))
            ply = hello(ws, [created["token"]], seats=2)[0]["ply"]
            yield {0: ws, 1: ws}, ply
            return
        join = {"join": created["join"]}
        other = client.post(f"/api/games/{game_id}/seats/1/claim", json=join).json()["token"]
        sockets = {}
        for seat, token in ((0, created["token"]), (1, other)):
            sockets[seat] = stack.enter_context(client.websocket_connect(f"/ws/{game_id}"))
            ply = hello(sockets[seat], [token])[seat]["ply"]
        yield sockets, ply


def play(sockets: dict[int, WebSocketTestSession], moves: list[Move], ply: int) -> dict[str, Any]:
    """Make each move from its seat's socket, from ``ply`` on; the mover's frame after the last."""
    frame: dict[str, Any] = {}
    for seat, text in moves:
        send(sockets[seat], {"type": "move", "seat": seat, "action": text})
        frame = until(
            sockets[seat],
            lambda f, s=seat, p=ply: f["type"] == "error" or (f["seat"] == s and f["ply"] > p),
        )
        assert frame["type"] == "state", frame
        ply = frame["ply"]
    return frame


@pytest.mark.parametrize("hotseat", [True, False], ids=["hotseat", "online"])
@pytest.mark.parametrize(
    ("game", "kinds"),
    [
        ("vampires-harvest", {"encounter"}),  # keeps a card face up in a private Area
        ("dominare", {"reveal"}),
        ("the-dance", {"power"}),
        ("the-dance", {"tactician"}),
        ("the-dance", {"willpower"}),
    ],
)
def test_a_move_the_engine_says_revealed_something_cannot_be_taken_back(
    client: TestClient, game: str, kinds: set[str], hotseat: bool
) -> None:
    seed, moves, told = first_reveal(game, kinds)
    seat = moves[-1][0]
    with table(client, game, seed, hotseat=hotseat) as (sockets, ply):
        frame = play(sockets, moves, ply)
        assert any(event["text"] == told for event in frame["events"])
        assert not frame["undo"], "the table has seen what the move revealed"
        reason = f"Your move showed what was hidden ({told.rstrip('.')}), so it cannot be"
        assert frame["undo_refused"].startswith(reason), frame["undo_refused"]
        send(sockets[seat], {"type": "undo", "seat": seat, "ply": frame["ply"]})
        refused = until(sockets[seat], lambda f: f["type"] == "error")["message"]
        assert refused == frame["undo_refused"]
    assert client.get(f"/api/games/{frame['meta']['id']}").json()["ply"] == frame["ply"]


@pytest.mark.parametrize("hotseat", [True, False], ids=["hotseat", "online"])
@pytest.mark.parametrize("game", ["dark-tales", "the-dance"])
def test_a_move_followed_by_a_draw_cannot_be_taken_back(
    client: TestClient, game: str, hotseat: bool
) -> None:
    seed, moves = first_draw_after(game)
    seat = moves[-1][0]
    with table(client, game, seed, hotseat=hotseat) as (sockets, ply):
        frame = play(sockets, moves, ply)
        assert not frame["undo"]
        assert frame["undo_refused"].startswith("Chance has drawn since your move (")
        assert frame["undo_refused"].endswith(", so it cannot be taken back.")
        send(sockets[seat], {"type": "undo", "seat": seat, "ply": frame["ply"]})
        refused = until(sockets[seat], lambda f: f["type"] == "error")["message"]
        assert refused == frame["undo_refused"]


def test_a_seat_changing_hands_stops_a_take_back(client: TestClient) -> None:
    """A resignation is never taken back, nor a move made before it."""
    created = created_in(
        client, game="dancing-dice", players=3, seats=["human"] * 3, hotseat=True, seed=4
    )
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        start = hello(ws, [created["token"]], seats=3)[0]["ply"]
        send(ws, {"type": "move", "seat": 0, "action": "reroll a", "ply": start})
        mine = until(ws, lambda f: f["type"] == "state" and f["seat"] == 0 and f["ply"] > start)
        assert mine["undo"]
        send(ws, {"type": "resign", "seat": 1})
        after = until(
            ws,
            lambda f: f["type"] == "state" and f["seat"] == 0 and f["meta"]["seats"][1]["resigned"],
        )
        assert not after["undo"]
        assert after["undo_refused"] == (
            "A seat has changed hands since your move (a resignation or a bot taking over), "
            "so it cannot be taken back."
        )


def test_online_a_player_takes_back_their_own_move_until_the_other_acts(
    client: TestClient,
) -> None:
    """Two people on their own devices: The Dance's Avatar choice reveals nothing."""
    with table(client, "the-dance", 3, hotseat=False) as (sockets, start):
        state = ballroom.make("the-dance", players=2, seed=3)
        while state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
        mover = state.current_players()[0]
        other = 1 - mover
        legal = [state.game.action_to_text(a) for a in state.legal_actions(mover)]
        frame = play(sockets, [(mover, legal[0])], start)
        assert frame["undo"] and frame["undo_refused"] is None
        send(sockets[mover], {"type": "undo", "seat": mover, "ply": frame["ply"]})
        for seat in (mover, other):  # both tables go back
            back = until(sockets[seat], lambda f: f["type"] == "state" and f["reset"])
            assert back["current"] == [mover] and back["ply"] == start
        frame = play(sockets, [(mover, legal[-1])], start)
        assert frame["undo"]
        answer = until(
            sockets[other],
            lambda f: f["type"] == "state" and f["ply"] == frame["ply"] and f["seat"] == other,
        )
        assert not answer["undo"] and answer["undo_refused"] is None, "not the other's move"
        assert answer["current"] == [other]
        play(sockets, [(other, answer["legal"][0]["text"])], answer["ply"])
        after = until(sockets[mover], lambda f: f["type"] == "state" and f["ply"] > frame["ply"])
        assert not after["undo"] and after["undo_refused"] is None, "another person acted"
        send(sockets[mover], {"type": "undo", "seat": mover})
        refused = until(sockets[mover], lambda f: f["type"] == "error")["message"]
        assert "nothing to undo" in refused
