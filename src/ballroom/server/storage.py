"""Durable storage: a game is its record (options, seed, actions) plus its seats.

Every applied action is one row of ``actions``, written in the transaction
that accepts it, so a server killed at any moment restarts from exactly the
actions it had acknowledged. Seat tokens are stored only as SHA-256 hashes.
The schema is created and upgraded by the Alembic migrations shipped in
``ballroom.server.migrations``.

Writes are functions of an open connection (``append_actions(connection,
...)``): ``Store.write`` runs one in its own transaction, and the server's
``Writer`` runs every write queued while the previous commit was under way
in one transaction (group commit); on PostgreSQL its threads run in a child
process (``writer_process``). Either way a write is durable before its
caller hears back, and one writer means SQLite writers never wait on each
other's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ballroom.core.errors import BallroomError
from ballroom.core.options import OptionValue
from ballroom.core.record import GameRecord


class StorageError(BallroomError):
    """A write that conflicts with what is stored (a seat already taken, a stale ply)."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[str] = mapped_column(Text)
    hotseat: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), index=True)
    resigned: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the token its creator got: it may re-issue seat links and hand seats to bots."""
    join_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """A private game's join key, which its join links carry; ``None``: an open game, listed
    in the lobby, whose free seats anyone may take."""


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    spec: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    resigned_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The ply at which this seat's human resigned and the game's default bot took over."""
    handed_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The ply at which this absent human's seat was handed to a bot."""
    handed_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat whose player handed it over; ``None``: the game's creator, holding no seat."""


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))


PLAYING, OVER, RESIGNED, UPLOADED = "playing", "over", "resigned", "uploaded"
CUT_OFF = "cut-off"
"""Game statuses: only ``playing`` games accept moves. A game is cut off, unfinished and
without a winner, once bots alone have played it past the game's turn cap."""

T = TypeVar("T")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    spec: str
    """``human`` or a bot seat spec such as ``expert`` or ``mcts:iterations=200``."""
    token_hash: str | None
    resigned_at: int | None = None
    """The ply at which its human resigned and a bot took the seat over."""
    handed_at: int | None = None
    """The ply at which its absent human's seat was handed to a bot."""
    handed_by: int | None = None
    """Who handed it over: a seat, or ``None`` for the game's creator."""

    @property
    def is_bot(self) -> bool:
        return self.spec != "human"

    @property
    def left_at(self) -> int | None:
        """The ply from which a bot plays for the seat's human (resigned or handed over)."""
        return self.resigned_at if self.resigned_at is not None else self.handed_at


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One game as stored: its record and everything around it."""

    id: str
    record: GameRecord
    seats: tuple[StoredSeat, ...]
    hotseat: bool
    status: str
    resigned: int | None
    rematch_id: str | None
    created_at: datetime
    creator_hash: str | None = None
    join_key: str | None = None
    """A private game's join key (its join links carry it); ``None`` for an open game."""


@dataclass(frozen=True, slots=True)
class RecentGame:
    """A game as the lobby lists it: set-up, seats and status, without its actions."""

    id: str
    game: str
    players: int
    options: dict[str, OptionValue]
    status: str
    resigned: int | None
    created_at: datetime
    seats: tuple[StoredSeat, ...]


def default_sqlite_url(data_dir: str | Path) -> str:
    path = Path(data_dir).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'ballroom.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL with ``synchronous=NORMAL``.

    A commit is in the WAL file when it returns, so a killed server (even
    ``kill -9``) loses nothing it acknowledged; only a power cut or an OS crash
    can lose the commits since the last checkpoint's fsync. PostgreSQL keeps its
    own setting (``synchronous_commit=on``: durable against power loss too).
    """
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    parsed = make_url(url)
    if "application_name" not in parsed.query:
        # Each server process names its connections, so it knows its own notifications.
        from ballroom.server.sync import named, process_name

        parsed = named(parsed, process_name())
    return create_engine(parsed, pool_size=10, max_overflow=20, pool_pre_ping=True)


MIGRATION_LOCK = 0x62616C6C
"""The key of the PostgreSQL advisory lock a process holds while it migrates."""


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration.

    On PostgreSQL, processes that start together (``serve --workers``, several servers
    on one database) take turns: each waits for the lock, so the first migrates and the
    others find the schema new.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "ballroom.server:migrations")
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Held until this transaction ends, the migration's own commit.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Reads, and ``write`` for one write in its own transaction (tools and tests)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def write(self, operation: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run one write operation (``append_actions``, ...) in its own transaction."""
        with self.engine.begin() as connection:
            return operation(connection, *args, **kwargs)

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as connection:
            games, seats, actions = GameRow.__table__, SeatRow.__table__, ActionRow.__table__
            row = connection.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            seat_rows = connection.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).all()
            action_rows = connection.execute(
                select(actions.c.player, actions.c.text)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.ply)
            ).all()
            options: dict[str, OptionValue] = json.loads(row.options)
            record = GameRecord(
                game=row.game,
                version=row.version,
                players=row.players,
                seed=row.seed,
                options=options,
                actions=tuple((player, text) for player, text in action_rows),
            )
            return StoredGame(
                id=row.id,
                record=record,
                seats=tuple(
                    StoredSeat(
                        s.seat, s.spec, s.token_hash, s.resigned_at, s.handed_at, s.handed_by
                    )
                    for s in seat_rows
                ),
                hotseat=row.hotseat,
                status=row.status,
                resigned=row.resigned,
                rematch_id=row.rematch_id,
                created_at=row.created_at,
                creator_hash=row.creator_hash,
                join_key=row.join_key,
            )

    def playing_ids(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.status == PLAYING)))

    def recent(self, limit: int = 20) -> list[RecentGame]:
        """The newest open games with their seats, for the lobby's list (private games are
        reached through their links only)."""
        with self.engine.connect() as connection:
            games, seats = GameRow.__table__, SeatRow.__table__
            rows = connection.execute(
                select(games)
                .where(games.c.join_key.is_(None))
                .order_by(games.c.created_at.desc())
                .limit(limit)
            ).all()
            by_game: dict[str, list[StoredSeat]] = {row.id: [] for row in rows}
            if rows:
                for s in connection.execute(
                    select(seats).where(seats.c.game_id.in_(by_game)).order_by(seats.c.seat)
                ):
                    by_game[s.game_id].append(
                        StoredSeat(
                            s.seat, s.spec, s.token_hash, s.resigned_at, s.handed_at, s.handed_by
                        )
                    )
            return [
                RecentGame(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=json.loads(row.options),
                    status=row.status,
                    resigned=row.resigned,
                    created_at=row.created_at,
                    seats=tuple(by_game[row.id]),
                )
                for row in rows
            ]


# -- writes: each takes the connection of the transaction it is part of ---------------
#
# Core statements rather than ORM sessions: a write is a few rows, and the
# unit of work would cost more Python time than the database does.


def create_game(
    connection: Connection,
    game_id: str,
    record: GameRecord,
    seats: Sequence[tuple[str, str | None]],
    *,
    hotseat: bool,
    status: str = PLAYING,
    creator_hash: str | None = None,
    join_key: str | None = None,
) -> None:
    """Store a new game with its seats (spec, token hash) and any actions it already has."""
    # Values as parameters, not ``.values()``: the statement's compiled form is then
    # cached, and a burst of new games costs the event loop (SQLite) less.
    connection.execute(
        insert(GameRow),
        {
            "id": game_id,
            "game": record.game,
            "version": record.version,
            "players": record.players,
            "seed": record.seed,
            "options": json.dumps(record.options),
            "hotseat": hotseat,
            "status": status,
            "created_at": datetime.now(UTC),
            "creator_hash": creator_hash,
            "join_key": join_key,
        },
    )
    connection.execute(
        insert(SeatRow),
        [
            {"game_id": game_id, "seat": i, "spec": spec, "token_hash": token_hash}
            for i, (spec, token_hash) in enumerate(seats)
        ],
    )
    if record.actions:
        connection.execute(
            insert(ActionRow),
            [
                {"game_id": game_id, "ply": ply, "player": player, "text": text}
                for ply, (player, text) in enumerate(record.actions)
            ],
        )


def append_actions(
    connection: Connection,
    game_id: str,
    first_ply: int,
    actions: Sequence[tuple[int, str]],
    status: str,
) -> None:
    """Store actions ``first_ply...`` and the game's status.

    The (game, ply) primary key refuses a second writer for the same ply.
    """
    _insert_actions(
        connection,
        [(game_id, first_ply, actions, status)],
        f"game {game_id}: ply {first_ply} is already stored",
    )


def truncate(connection: Connection, game_id: str, plies: int) -> None:
    """Forget every action from ply ``plies`` on (hotseat undo)."""
    connection.execute(
        delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.ply >= plies)
    )
    connection.execute(update(GameRow).where(GameRow.id == game_id).values(status=PLAYING))


def claim_seat(connection: Connection, game_id: str, seat: int, token_hash: str) -> bool:
    """Give a free human seat to the holder of ``token_hash``; False if it is taken."""
    result = connection.execute(
        update(SeatRow)
        .where(
            SeatRow.game_id == game_id,
            SeatRow.seat == seat,
            SeatRow.spec == "human",
            SeatRow.token_hash.is_(None),
        )
        .values(token_hash=token_hash)
    )
    return bool(result.rowcount)


def set_seat_token(connection: Connection, game_id: str, seat: int, token_hash: str) -> None:
    """Give a human seat a new token (a re-issued seat link); the old one stops working."""
    connection.execute(
        update(SeatRow)
        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        .values(token_hash=token_hash)
    )


def hand_absent_to_bot(
    connection: Connection, game_id: str, seat: int, spec: str, ply: int, by: int | None
) -> bool:
    """Bot ``spec`` plays an absent human's ``seat`` from ``ply`` on; False if it is no human's."""
    result = connection.execute(
        update(SeatRow)
        .where(SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.spec == "human")
        .values(spec=spec, handed_at=ply, handed_by=by)
    )
    return bool(result.rowcount)


def resign(connection: Connection, game_id: str, seat: int) -> None:
    """End a game by ``seat``'s resignation."""
    connection.execute(
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.status == PLAYING)
        .values(status=RESIGNED, resigned=seat)
    )


def hand_to_bot(connection: Connection, game_id: str, seat: int, spec: str, ply: int) -> None:
    """A resigning human leaves; bot ``spec`` plays ``seat`` from ``ply`` on."""
    connection.execute(
        update(SeatRow)
        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        .values(spec=spec, resigned_at=ply)
    )


def set_rematch(connection: Connection, game_id: str, rematch_id: str) -> str:
    """Link ``game_id`` to its rematch; returns the rematch that won if one already exists."""
    connection.execute(
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.rematch_id.is_(None))
        .values(rematch_id=rematch_id)
    )
    current = connection.scalar(select(GameRow.rematch_id).where(GameRow.id == game_id))
    return current or rematch_id


def append_many(
    connection: Connection, appends: Sequence[tuple[str, int, Sequence[tuple[int, str]], str]]
) -> None:
    """Several games' ``append_actions`` as one multi-row INSERT (one round trip, not many)."""
    _insert_actions(connection, appends, "a ply in this group of writes is already stored")


def _insert_actions(
    connection: Connection,
    appends: Sequence[tuple[str, int, Sequence[tuple[int, str]], str]],
    refusal: str,
) -> None:
    """Insert every game's actions in one statement, then set the statuses that changed;
    a ply already stored refuses the lot with ``refusal``."""
    rows = [
        {"game_id": game_id, "ply": first_ply + i, "player": player, "text": text}
        for game_id, first_ply, actions, _status in appends
        for i, (player, text) in enumerate(actions)
    ]
    try:
        connection.execute(insert(ActionRow), rows)
    except IntegrityError:
        raise StorageError(refusal) from None
    for game_id, _first, _actions, status in appends:
        if status != PLAYING:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(status=status))


@dataclass(slots=True)
class Job:
    """One queued write and the ticket its outcome goes to: the future its caller
    awaits, or (in the writer process) the number the server knows it by."""

    operation: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    ticket: Any

    def run(self, connection: Connection) -> Any:
        return self.operation(connection, *self.args, **self.kwargs)


Outcome = tuple[Any, Any, BaseException | None]
"""A write's ticket with its result, or with the error that refused it."""


class Writer:
    """The server's one writer: queued writes commit together (group commit).

    Writes that arrive while one transaction commits queue up and go into the
    next, so a busy server makes fewer, larger commits, and the moves of many
    games go in as one multi-row INSERT; no write waits on another writer's
    lock. Each caller's future resolves only after the transaction holding its
    write has committed. If a batch fails, its writes are retried one
    transaction each, so one refused write (a stale ply) refuses nobody else's.

    On PostgreSQL a commit waits for an fsync, so the writer is a few threads
    (one connection each, so the next group need not wait for the last fsync),
    which the server runs in a process of its own (``WriterProcess``). On
    SQLite (WAL, ``synchronous=NORMAL``) a commit only appends to the WAL file,
    a fraction of a millisecond, so ``inline`` writers commit on the event loop
    itself, once per loop iteration for everything queued in it: handing each
    write to a thread cost more than the write, as the thread and the loop
    took turns at the GIL. The inline writer's connection does not checkpoint
    (that fsyncs); ``checkpoint`` does, from a worker thread.
    """

    def __init__(
        self,
        engine: Engine,
        max_batch: int = 256,
        *,
        inline: bool = False,
        threads: int = 1,
        deliver: Callable[[list[Outcome]], None] | None = None,
    ) -> None:
        """``deliver`` hands a committed group's outcomes back from a writer thread;
        by default it settles their futures on the event loop they belong to."""
        self.engine = engine
        self._deliver = deliver or _settle_on_their_loop
        self.max_batch = max_batch
        self.inline = inline
        self._pending: list[Job] = []
        self._aside = threading.Event()
        """Set while no long write runs in a worker thread on the inline connection."""
        self._aside.set()
        self._one_aside: asyncio.Lock | None = None
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._connection: Connection | None = None
        if inline:
            self._connection = engine.connect()
            self._connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            self._connection.commit()
        else:
            for number in range(threads):
                thread = threading.Thread(
                    target=self._run, name=f"ballroom-writer-{number}", daemon=True
                )
                thread.start()
                self._threads.append(thread)

    def write(self, operation: Callable[..., T], *args: Any, **kwargs: Any) -> asyncio.Future[T]:
        """Queue ``operation(connection, *args, **kwargs)``; the future holds its result."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        job = Job(operation, args, kwargs, future)
        if self.inline:
            self._pending.append(job)
            if len(self._pending) == 1:
                loop.call_soon(self._flush)
        else:
            self._queue.put(job)
        return future

    def submit(self, job: Job) -> None:
        """Queue a job for the writer threads; its outcome goes to ``deliver``."""
        self._queue.put(job)

    async def write_long(self, operation: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``write`` for a write that takes a while (a long uploaded record's actions).

        The inline writer commits it on its connection in a worker thread, and the
        writes queued meanwhile wait for it, so the event loop serves everything else.
        """
        if self._connection is None:
            return await self.write(operation, *args, **kwargs)
        connection = self._connection
        if self._one_aside is None:
            self._one_aside = asyncio.Lock()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        job = Job(operation, args, kwargs, future)
        async with self._one_aside:
            self._aside.clear()
            try:
                outcomes = await loop.run_in_executor(None, self._commit, connection, [job])
            finally:
                self._aside.set()
                self._flush()
        settle(outcomes)
        return await future

    def checkpoint(self) -> None:
        """Copy the SQLite WAL into the database file (blocking: call it from a thread)."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        """Finish the queued writes and stop."""
        if self._connection is not None:
            self._aside.wait()
            self._flush()
            self._connection.close()
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()

    def _flush(self) -> None:
        if not self._aside.is_set():
            return  # the long write's thread holds the connection; it flushes when done
        batch, self._pending = self._pending, []
        if batch and self._connection is not None:
            settle(self._commit(self._connection, batch))

    def _run(self) -> None:
        # A thread keeps one connection: no pool checkout (nor its ping) per batch.
        with self.engine.connect() as connection:
            self._write_until_closed(connection)

    def _write_until_closed(self, connection: Connection) -> None:
        while (job := self._queue.get()) is not None:
            batch = [job]
            stop = False
            while len(batch) < self.max_batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._deliver(self._commit(connection, batch))
            if stop:
                return

    @staticmethod
    def _run_batch(connection: Connection, batch: list[Job]) -> list[Any]:
        appends = [job for job in batch if job.operation is append_actions and not job.kwargs]
        merged = {id(job) for job in appends} if len(appends) > 1 else set()
        results = [None if id(job) in merged else job.run(connection) for job in batch]
        if merged:
            append_many(connection, [job.args for job in appends])
        return results

    @staticmethod
    def _commit(connection: Connection, batch: list[Job]) -> list[Outcome]:
        try:
            with connection.begin():
                results = Writer._run_batch(connection, batch)
            return [(job.ticket, result, None) for job, result in zip(batch, results, strict=True)]
        except Exception as error:
            if len(batch) == 1:
                return [(batch[0].ticket, None, error)]
        outcomes: list[Outcome] = []
        for job in batch:
            try:
                with connection.begin():
                    outcomes.append((job.ticket, job.run(connection), None))
            except Exception as single:
                outcomes.append((job.ticket, None, single))
        return outcomes


def _settle_on_their_loop(outcomes: list[Outcome]) -> None:
    """From a writer thread: settle the futures on their event loop, one wake-up a group."""
    with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is waiting
        outcomes[0][0].get_loop().call_soon_threadsafe(settle, outcomes)


def settle(outcomes: list[Outcome]) -> None:
    """Give each future its result or error (on its event loop)."""
    for future, result, error in outcomes:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
