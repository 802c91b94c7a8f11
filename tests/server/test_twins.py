"""What the server sends a seat depends only on what that seat may know: twins prove it.

Two servers play the same game, move for move, to a random point. Then the
second server's game is replaced by a twin dealt by ``determinize`` from
seat X's observation: everything X cannot see (other hands, other dice,
decks, pending secret choices, the seed) is dealt afresh. Both games are
then driven with the same next moves, and every frame X's socket receives,
every error it is answered with, and every HTTP answer it may ask for
(meta, lobby, its own record) must be identical, ids and clocks aside.

Comparing with the spectator's view would prove nothing (it can carry the
same leak); a twin differs exactly in what X may not know, so any
difference X receives is a leak. The twins part ways legitimately only
where the rules reveal what was hidden (an event that ``reveals``) or a
chance draw differs (a card drawn from decks dealt differently); the
comparison stops there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ballroom.core.game import games, make_game
from ballroom.core.play import past_cap
from ballroom.core.record import GameRecord
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.server import storage
from ballroom.server.app import ServerConfig, create_app
from ballroom.server.rooms import Room
from ballroom.server.storage import Store, default_sqlite_url, hash_token, make_engine
from server.support import hello, send, until

Frame = dict[str, Any]


@dataclass
class Table:
    """One server's copy of the game: X's socket, and one socket holding every other seat."""

    client: TestClient
    game_id: str
    tokens: list[str]
    x: int
    x_socket: WebSocketTestSession | None = None
    others: WebSocketTestSession | None = None
    latest: dict[int, Frame] = field(default_factory=dict)

    @property
    def room(self) -> Room:
        room: Room = self.client.app.state.manager.rooms[self.game_id]  # type: ignore[attr-defined]
        return room

    def connect(self, stack: ExitStack) -> Frame:
        """Open both sockets; X's first frame (the whole log) is returned."""
        self.x_socket = stack.enter_context(self.client.websocket_connect(f"/ws/{self.game_id}"))
        first = hello(self.x_socket, [self.tokens[self.x]])[self.x]
        others = [seat for seat in range(len(self.tokens)) if seat != self.x]
        self.others = stack.enter_context(self.client.websocket_connect(f"/ws/{self.game_id}"))
        states = hello(self.others, [self.tokens[s] for s in others], seats=len(others))
        self.latest = {seat: frame for seat, frame in states.items() if seat is not None}
        self.latest[self.x] = first
        return first

    def move(self, seat: int, text: str) -> Frame:
        """Play ``text`` for ``seat``; every seat's next frame is read, X's returned."""
        ply = self.latest[self.x]["ply"]
        socket = self.x_socket if seat == self.x else self.others
        assert socket is not None and self.x_socket is not None and self.others is not None
        send(socket, {"type": "move", "seat": seat, "action": text, "id": 1})
        for s in self.latest:
            reader = self.x_socket if s == self.x else self.others
            self.latest[s] = until(
                reader, lambda f, s=s: f["type"] == "state" and f["seat"] == s and f["ply"] > ply
            )
        return self.latest[self.x]

    def steps_since(self, ply: int) -> list[tuple[int, str]]:
        """The actions applied since ``ply``: the move and any chance draws after it."""
        return [(step.player, step.text) for step in self.room.steps[ply:]]

    def ask(self, payload: dict[str, Any]) -> Frame:
        """Send X's socket a request and return the answer (an error frame)."""
        assert self.x_socket is not None
        send(self.x_socket, payload)
        return until(self.x_socket, lambda f: f["type"] == "error")

    def http(self) -> dict[str, Any]:
        """Everything X may ask over HTTP about this game."""
        token = {"x-ballroom-token": self.tokens[self.x]}
        lobby = [g for g in self.client.get("/api/games").json() if g["id"] == self.game_id]
        return {
            "meta": self.client.get(f"/api/games/{self.game_id}").json(),
            "lobby": lobby,
            "record": self.client.get(f"/api/games/{self.game_id}/record", headers=token).json(),
            "anonymous record": self.client.get(f"/api/games/{self.game_id}/record").status_code,
        }


IGNORED = {"id", "rematch", "created", "age"}
"""Ids and clocks: the two servers name their games and stamp times differently."""


def aside(value: Any) -> Any:
    """``value`` with ids and clocks taken out."""
    if isinstance(value, dict):
        return {k: aside(v) for k, v in value.items() if k not in IGNORED}
    if isinstance(value, list):
        return [aside(item) for item in value]
    return value


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two frames differ, as readable paths: the assertion message of a leak."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [
            d for k in a.keys() | b.keys() for d in differences(a.get(k), b.get(k), f"{path}.{k}")
        ]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (p, q) in enumerate(zip(a, b, strict=True))
            for d in differences(p, q, f"{path}[{i}]")
        ]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def stored_table(
    client: TestClient, data_dir: Path, record: GameRecord, x: int, game_id: str
) -> Table:
    """Put a game in play into a server's storage, as if it had been played there.

    The server loads it as it loads any stored game after a restart: it
    replays the record, checking every chance draw against the seed.
    """
    tokens = [f"token-{game_id}-{seat}" for seat in range(record.players)]
    store = Store(make_engine(default_sqlite_url(data_dir)))
    seats = [("human", hash_token(token)) for token in tokens]
    store.write(storage.create_game, game_id, record, seats, hotseat=False)
    store.engine.dispose()
    return Table(client, game_id, tokens, x)


def random_point(game: str, players: int, seed: int, chooser: random.Random) -> GameRecord:
    """The record of a random game stopped before a random decision of it, chance as seeded
    (a game with no end by its rules, The Dance, is cut off at its turn cap)."""
    state = make_game(game, players).new_state(seed)
    decisions = []
    while not state.is_terminal() and not past_cap(state, state.game.turn_cap):
        if state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
            continue
        decisions.append(len(state.history))
        seat = chooser.choice(sorted(state.current_players()))
        state.apply(chooser.choice(state.legal_actions(seat)), seat)
    whole = state.record()
    return replace(whole, actions=whole.actions[: chooser.choice(decisions)])


def legal(table: Table, seat: int) -> list[str]:
    return [move["text"] for move in table.latest[seat]["legal"]]


def cases() -> Iterator[tuple[str, int, int]]:
    """Every registered game, at its fewest and most players, a few seeds each."""
    for game_class in games():
        counts = sorted({game_class.min_players, game_class.max_players})
        for seed in range(20):
            yield game_class.id, counts[seed % len(counts)], 7000 + seed


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[tuple[TestClient, Path]]]:
    with ExitStack() as stack:
        pair = []
        for name in ("original", "twin"):
            folder = tmp_path / name
            config = ServerConfig(data_dir=str(folder), bot_delay=0.0)
            pair.append((stack.enter_context(TestClient(create_app(config))), folder))
        yield pair


@pytest.mark.parametrize(("game", "players", "seed"), list(cases()))
def test_a_seat_receives_the_same_from_its_twin(
    servers: list[tuple[TestClient, Path]], game: str, players: int, seed: int
) -> None:
    chooser = random.Random(seed)
    x = chooser.randrange(players)
    # Both servers hold the same game, stopped at a random point before its end.
    record = random_point(game, players, seed, chooser)
    original, twin = (
        stored_table(client, folder, record, x, f"g{seed}") for client, folder in servers
    )

    # The twin: everything X cannot see dealt afresh; the same future dice.
    original.client.get(f"/api/games/{original.game_id}")  # loads both rooms
    twin.client.get(f"/api/games/{twin.game_id}")
    truth = original.room.state
    dealt = truth.game.determinize(truth.observation(x), Rng(seed + 1))
    dealt.rng = truth.rng.clone()
    twin.room.state = dealt

    compared, parted = 0, "the comparison's limit"
    with ExitStack() as stack:
        assert aside(original.connect(stack)) == aside(twin.connect(stack))
        assert aside(original.http()) == aside(twin.http())
        junk = {"type": "move", "seat": x, "action": "no such move", "id": 2}
        assert original.ask(junk) == twin.ask(junk)
        for _ in range(40):
            if original.latest[x]["meta"]["status"] != "playing":
                parted = "the game ended"
                break
            seat = chooser.choice([s for s in original.latest if original.latest[s]["legal"]])
            both = [text for text in legal(original, seat) if text in legal(twin, seat)]
            if not both:
                parted = f"seat {seat}'s hidden holdings allow different moves in each"
                break
            text = chooser.choice(both)
            ply = original.room.ply
            mine, theirs = original.move(seat, text), twin.move(seat, text)
            if "playing" not in (mine["meta"]["status"], theirs["meta"]["status"]):
                parted = "the game ended: nothing is secret any more"
                break
            if original.steps_since(ply) != twin.steps_since(ply):
                parted = f"chance drew from holdings dealt differently at ply {ply}"
                break
            if any(
                event.reveals
                for table in (original, twin)
                for step in table.room.steps[ply:]
                for event in step.events
            ):
                parted = f"the rules revealed what was hidden at ply {ply}"
                break
            leaks = differences(aside(mine), aside(theirs))
            happened = [
                (step.text, [event.kind for event in step.events])
                for step in original.room.steps[ply:]
            ]
            assert not leaks, f"seat {x} tells the twins apart after {happened}: {leaks}"
            compared += 1
            if compared % 5 == 0:
                assert aside(original.http()) == aside(twin.http())
    print(f"seat {x}: {compared} moves compared after the split; then {parted}")
