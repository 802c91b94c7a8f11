"""Storage on SQLite and on a real PostgreSQL: migrations, records, seats, conflicts."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import Connection, event, insert, inspect

from ballroom.core.game import make
from ballroom.core.record import GameRecord, replay
from ballroom.server.storage import (
    OVER,
    PLAYING,
    RESIGNED,
    ActionRow,
    StorageError,
    Store,
    Writer,
    append_actions,
    claim_seat,
    create_game,
    hand_absent_to_bot,
    hand_to_bot,
    hash_token,
    make_engine,
    migrate,
    resign,
    set_rematch,
    set_seat_token,
    truncate,
)
from ballroom.server.writer_process import WriterProcess, _sendable


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    engine = make_engine(url)
    migrate(engine)
    migrate(engine)  # a second upgrade is a no-op
    request.addfinalizer(engine.dispose)
    return Store(engine)


MIGRATE_TOGETHER = """
import os, sys, time
from ballroom.server.storage import make_engine, migrate
url, ready, processes = sys.argv[1], sys.argv[2], int(sys.argv[3])
engine = make_engine(url)
open(os.path.join(ready, str(os.getpid())), "w").close()
while len(os.listdir(ready)) < processes:
    time.sleep(0.001)
migrate(engine)
"""
"""A server process's start-up: migrate the database once every process is ready to."""


def test_processes_starting_together_migrate_one_at_a_time(
    postgres_url: str, tmp_path: Path
) -> None:
    """``serve --workers`` and servers sharing one PostgreSQL start together: each
    process migrates a fresh database at once, and none of them may fail for it."""
    count = 4
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", MIGRATE_TOGETHER, postgres_url, str(tmp_path), str(count)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    errors = [error for _, error in (process.communicate(timeout=120) for process in processes)]
    failures = [error.strip().splitlines()[-1] for error in errors if error.strip()]
    assert all(process.returncode == 0 for process in processes), f"migrating failed: {failures}"
    store = Store(make_engine(postgres_url))
    store.write(create_game, "g", played_record(3), [("human", None)] * 3, hotseat=False)
    assert store.load("g") is not None
    store.engine.dispose()


def played_record(actions: int) -> GameRecord:
    state = make("dancing-dice", players=3, seed=11)
    while len(state.history) < actions:
        player = state.current_players()[0]
        action = state.sample_chance() if player < 0 else state.legal_actions(player)[0]
        state.apply(action, player)
    return state.record()


def test_migrations_create_every_table(store: Store) -> None:
    tables = set(inspect(store.engine).get_table_names())
    assert {"games", "seats", "actions", "alembic_version"} <= tables


def test_a_game_round_trips_as_its_record(store: Store) -> None:
    record = played_record(40)
    store.write(
        create_game,
        "g1",
        record,
        [("human", hash_token("t")), ("expert", None), ("human", None)],
        hotseat=False,
    )
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.record == record
    assert [seat.spec for seat in loaded.seats] == ["human", "expert", "human"]
    assert loaded.seats[0].token_hash == hash_token("t") and loaded.status == PLAYING
    assert replay(loaded.record).observation(None) == replay(record).observation(None)
    assert store.load("nope") is None


def test_actions_append_in_order_and_a_stored_ply_is_refused(store: Store) -> None:
    record = played_record(30)
    first = dataclasses.replace(record, actions=record.actions[:20])
    store.write(create_game, "g2", first, [("human", None)] * 3, hotseat=True)
    store.write(append_actions, "g2", 20, record.actions[20:30], PLAYING)
    with pytest.raises(StorageError, match="ply 25 is already stored"):
        store.write(append_actions, "g2", 25, [record.actions[25]], PLAYING)
    loaded = store.load("g2")
    assert loaded is not None and loaded.record.actions == record.actions[:30]
    store.write(truncate, "g2", 22)
    loaded = store.load("g2")
    assert loaded is not None and loaded.record.actions == record.actions[:22]
    store.write(append_actions, "g2", 22, record.actions[22:24], OVER)
    loaded = store.load("g2")
    assert loaded is not None and loaded.status == OVER and len(loaded.record.actions) == 24
    assert "g2" not in store.playing_ids()


def test_a_seat_is_claimed_once_and_a_bot_seat_never(store: Store) -> None:
    store.write(
        create_game,
        "g3",
        played_record(0),
        [("human", None), ("random", None), ("human", None)],
        hotseat=False,
    )
    assert store.write(claim_seat, "g3", 0, hash_token("a"))
    assert not store.write(claim_seat, "g3", 0, hash_token("b"))
    assert not store.write(claim_seat, "g3", 1, hash_token("b"))
    loaded = store.load("g3")
    assert loaded is not None and loaded.seats[0].token_hash == hash_token("a")


def test_resign_and_rematch_links(store: Store) -> None:
    store.write(create_game, "g4", played_record(0), [("human", None)] * 3, hotseat=False)
    assert store.playing_ids() == ["g4"]
    store.write(resign, "g4", 2)
    assert store.write(set_rematch, "g4", "g5") == "g5"
    assert store.write(set_rematch, "g4", "g6") == "g5"
    loaded = store.load("g4")
    assert loaded is not None
    assert (loaded.status, loaded.resigned, loaded.rematch_id) == (RESIGNED, 2, "g5")
    assert [entry.id for entry in store.recent()] == ["g4"]


def test_a_resigned_seat_is_stored_with_its_bot_and_ply(store: Store) -> None:
    store.write(
        create_game, "g7", played_record(0), [("human", hash_token("t"))] * 3, hotseat=False
    )
    store.write(hand_to_bot, "g7", 1, "expert", 12)
    loaded = store.load("g7")
    assert loaded is not None
    assert [(s.spec, s.resigned_at) for s in loaded.seats] == [
        ("human", None),
        ("expert", 12),
        ("human", None),
    ]
    assert loaded.seats[1].is_bot and loaded.seats[1].token_hash == hash_token("t")


def test_the_creator_a_reissued_seat_and_a_handover_are_stored(store: Store) -> None:
    seats = [("human", hash_token("t")), ("human", None), ("expert", None)]
    store.write(
        create_game, "g8", played_record(0), seats, hotseat=False, creator_hash=hash_token("t")
    )
    store.write(set_seat_token, "g8", 0, hash_token("u"))
    assert store.write(hand_absent_to_bot, "g8", 1, "random", 9, 0)
    assert not store.write(hand_absent_to_bot, "g8", 2, "random", 9, 0), "a bot's seat stays"
    loaded = store.load("g8")
    assert loaded is not None and loaded.creator_hash == hash_token("t")
    assert [(s.spec, s.token_hash, s.handed_at, s.handed_by) for s in loaded.seats] == [
        ("human", hash_token("u"), None, None),
        ("random", None, 9, 0),
        ("expert", None, None, None),
    ]
    (listed,) = store.recent()
    assert (listed.id, listed.players, listed.status) == ("g8", 3, PLAYING)
    assert [s.spec for s in listed.seats] == ["human", "random", "expert"]


def test_the_writer_commits_a_group_and_refuses_only_the_stale_write(store: Store) -> None:
    """Writes queued together share a transaction; one refused write spoils no other."""
    record = played_record(12)

    async def scenario() -> list[object]:
        writer = Writer(store.engine)
        try:
            await writer.write(create_game, "g8", record, [("human", None)] * 3, hotseat=False)
            await writer.write(create_game, "g9", record, [("human", None)] * 3, hotseat=False)
            gate = threading.Event()
            held = writer.write(lambda _connection: gate.wait(10))  # the next three queue up
            writes = [
                writer.write(append_actions, "g8", 12, [(0, "keep")], PLAYING),
                writer.write(append_actions, "g9", 5, [(0, "keep")], PLAYING),  # stale ply
                writer.write(claim_seat, "g9", 0, hash_token("a")),
            ]
            gate.set()
            assert await held
            return list(await asyncio.gather(*writes, return_exceptions=True))
        finally:
            writer.close()

    first, stale, claimed = asyncio.run(scenario())
    assert first is None and claimed is True
    assert isinstance(stale, StorageError) and "ply 5 is already stored" in str(stale)
    g8, g9 = store.load("g8"), store.load("g9")
    assert g8 is not None and g8.record.actions[-1] == (0, "keep")
    assert g9 is not None and g9.record.actions == record.actions
    assert g9.seats[0].token_hash == hash_token("a")


def test_an_inline_sqlite_writer_commits_one_loop_iteration_at_a_time(tmp_path: Path) -> None:
    """On SQLite the writes queued in one loop iteration share one commit on the loop."""
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(engine)
    store = Store(engine)
    record = played_record(12)
    commits: list[int] = []
    event.listen(engine, "commit", lambda _connection: commits.append(1))

    async def scenario() -> tuple[list[object], list[object]]:
        writer = Writer(engine, inline=True)
        try:
            await writer.write(create_game, "a", record, [("human", None)] * 3, hotseat=False)
            await writer.write(create_game, "b", record, [("human", None)] * 3, hotseat=False)
            commits.clear()
            good = await asyncio.gather(
                writer.write(append_actions, "a", 12, [(0, "keep")], PLAYING),
                writer.write(append_actions, "b", 12, [(1, "keep")], PLAYING),
                writer.write(claim_seat, "b", 0, hash_token("x")),
            )
            assert len(commits) == 1
            mixed = await asyncio.gather(
                writer.write(append_actions, "a", 13, [(1, "keep")], PLAYING),
                writer.write(append_actions, "b", 3, [(0, "keep")], PLAYING),  # stale ply
                return_exceptions=True,
            )
            await asyncio.get_running_loop().run_in_executor(None, writer.checkpoint)
            return list(good), list(mixed)
        finally:
            writer.close()

    good, (fine, stale) = asyncio.run(scenario())
    assert good == [None, None, True] and fine is None
    assert isinstance(stale, StorageError) and "ply 3 is already stored" in str(stale)
    a, b = store.load("a"), store.load("b")
    assert a is not None and a.record.actions[12:] == ((0, "keep"), (1, "keep"))
    assert b is not None and b.record.actions[12:] == ((1, "keep"),)
    engine.dispose()


def test_a_long_write_commits_in_a_thread_while_the_loop_goes_on(tmp_path: Path) -> None:
    """An inline writer's long write runs off the event loop; writes queued meanwhile
    commit after it, in order, and the loop serves other work all along."""
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(engine)
    store = Store(engine)
    record = played_record(12)
    gate = threading.Event()

    def long_create(connection: Connection) -> str:
        gate.wait(10)
        create_game(connection, "long", record, [("human", None)] * 3, hotseat=False)
        return "stored"

    async def scenario() -> tuple[object, object, int]:
        writer = Writer(engine, inline=True)
        try:
            await writer.write(create_game, "a", record, [("human", None)] * 3, hotseat=False)
            long = asyncio.ensure_future(writer.write_long(long_create))
            await asyncio.sleep(0.05)
            queued = writer.write(append_actions, "a", 12, [(0, "keep")], PLAYING)
            ticks = 0
            for _ in range(5):  # the loop runs while the long write waits at its gate
                await asyncio.sleep(0.01)
                ticks += 1
            assert not queued.done() and not long.done()
            gate.set()
            return await long, await queued, ticks
        finally:
            writer.close()

    stored, appended, ticks = asyncio.run(scenario())
    assert (stored, appended, ticks) == ("stored", None, 5)
    a, long = store.load("a"), store.load("long")
    assert a is not None and a.record.actions[-1] == (0, "keep")
    assert long is not None and long.record.actions == record.actions


def test_the_writer_process_returns_each_outcome_to_its_caller(store: Store) -> None:
    """The server's writer on PostgreSQL runs in a child process: results, a refusal
    and a long write come back to the right callers, and what it commits is stored."""
    record = played_record(12)

    async def scenario() -> list[object]:
        writer = WriterProcess(store.engine, threads=2)
        try:
            await writer.write(create_game, "p1", record, [("human", None)] * 3, hotseat=False)
            outcomes = await asyncio.gather(
                writer.write(append_actions, "p1", 12, [(0, "keep")], PLAYING),
                writer.write(append_actions, "p1", 4, [(1, "keep")], PLAYING),  # stale ply
                writer.write(claim_seat, "p1", 1, hash_token("b")),
                writer.write(claim_seat, "p1", 1, hash_token("c")),  # taken by then or not
                writer.write_long(
                    create_game, "p2", played_record(3), [("human", None)] * 3, hotseat=False
                ),
                return_exceptions=True,
            )
            return list(outcomes)
        finally:
            writer.close()

    appended, stale, first_claim, second_claim, long = asyncio.run(scenario())
    assert appended is None and long is None
    assert isinstance(stale, StorageError) and "ply 4 is already stored" in str(stale)
    assert sorted([first_claim, second_claim]) == [False, True]  # type: ignore[type-var]
    p1, p2 = store.load("p1"), store.load("p2")
    assert p1 is not None and p1.record.actions[12:] == ((0, "keep"),)
    assert p1.seats[1].token_hash in (hash_token("b"), hash_token("c"))
    assert p2 is not None and len(p2.record.actions) == 3


def test_writes_fail_clearly_when_the_writer_process_dies(store: Store) -> None:
    """A writer process killed mid-write fails the writes it had, and every later one,
    with a StorageError: no caller waits for ever on a write nobody will make."""
    record = played_record(12)
    store.write(create_game, "p1", record, [("human", None)] * 3, hotseat=False)

    async def scenario() -> tuple[object, object]:
        writer = WriterProcess(store.engine, threads=1)
        try:
            with store.engine.connect() as blocking:
                blocking.execute(
                    insert(ActionRow), [{"game_id": "p1", "ply": 12, "player": 0, "text": "keep"}]
                )  # uncommitted: the child's insert of the same ply waits for this lock
                pending = writer.write(append_actions, "p1", 12, [(1, "keep")], PLAYING)
                await asyncio.sleep(1.0)  # the child waits on the lock
                assert not pending.done() and writer.pid is not None
                os.kill(writer.pid, signal.SIGKILL)
                (lost,) = await asyncio.wait_for(
                    asyncio.gather(pending, return_exceptions=True), 10
                )
                blocking.rollback()
            (later,) = await asyncio.gather(
                writer.write(claim_seat, "p1", 0, hash_token("a")), return_exceptions=True
            )
            return lost, later
        finally:
            writer.close()

    lost, later = asyncio.run(scenario())
    assert isinstance(lost, StorageError) and "writer process stopped" in str(lost)
    assert isinstance(later, StorageError) and "writer process stopped" in str(later)
    stored = store.load("p1")
    assert stored is not None and stored.record.actions == record.actions


def test_an_error_that_cannot_cross_the_pipe_arrives_as_a_storage_error_naming_it() -> None:
    class LocalError(Exception):
        """Defined in a function: pickle cannot find it by name."""

    sent = _sendable(LocalError("disk on fire"))
    assert isinstance(sent, StorageError) and str(sent) == "LocalError: disk on fire"
    refusal = StorageError("ply 3 is already stored")
    assert _sendable(refusal) is refusal and _sendable(None) is None
