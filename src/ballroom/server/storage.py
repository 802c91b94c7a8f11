"""Durable storage: a game is its record (options, seed, actions) plus its seats.

Every applied action is one row of ``actions``, written in the transaction
that accepts it, so a server killed at any moment restarts from exactly the
actions it had acknowledged. Seat tokens are stored only as SHA-256 hashes.
The schema is created and upgraded by the Alembic migrations shipped in
``ballroom.server.migrations``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    select,
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


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    spec: Mapped[str] = mapped_column(String(200))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))


PLAYING, OVER, RESIGNED, UPLOADED = "playing", "over", "resigned", "uploaded"
"""Game statuses: only ``playing`` games accept moves."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    spec: str
    """``human`` or a bot seat spec such as ``expert`` or ``mcts:iterations=200``."""
    token_hash: str | None

    @property
    def is_bot(self) -> bool:
        return self.spec != "human"


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


def default_sqlite_url(data_dir: str | Path) -> str:
    path = Path(data_dir).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'ballroom.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL so that a killed process loses nothing acknowledged."""
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
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "ballroom.server:migrations")
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Synchronous storage operations; the server calls them from worker threads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create_game(
        self,
        game_id: str,
        record: GameRecord,
        seats: Sequence[tuple[str, str | None]],
        *,
        hotseat: bool,
        status: str = PLAYING,
    ) -> None:
        """Store a new game with its seats (spec, token hash) and any actions it already has."""
        with Session(self.engine) as session, session.begin():
            session.add(
                GameRow(
                    id=game_id,
                    game=record.game,
                    version=record.version,
                    players=record.players,
                    seed=record.seed,
                    options=json.dumps(record.options),
                    hotseat=hotseat,
                    status=status,
                    created_at=datetime.now(UTC),
                )
            )
            session.flush()
            session.add_all(
                SeatRow(game_id=game_id, seat=i, spec=spec, token_hash=token_hash)
                for i, (spec, token_hash) in enumerate(seats)
            )
            session.add_all(
                ActionRow(game_id=game_id, ply=ply, player=player, text=text)
                for ply, (player, text) in enumerate(record.actions)
            )

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            actions = session.execute(
                select(ActionRow.player, ActionRow.text)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.ply)
            ).all()
            options: dict[str, OptionValue] = json.loads(row.options)
            record = GameRecord(
                game=row.game,
                version=row.version,
                players=row.players,
                seed=row.seed,
                options=options,
                actions=tuple((player, text) for player, text in actions),
            )
            return StoredGame(
                id=row.id,
                record=record,
                seats=tuple(StoredSeat(s.seat, s.spec, s.token_hash) for s in seats),
                hotseat=row.hotseat,
                status=row.status,
                resigned=row.resigned,
                rematch_id=row.rematch_id,
                created_at=row.created_at,
            )

    def playing_ids(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.status == PLAYING)))

    def recent(self, limit: int = 20) -> list[tuple[str, str, int, str, datetime]]:
        """(id, game, players, status, created) of the newest games."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(
                    GameRow.id, GameRow.game, GameRow.players, GameRow.status, GameRow.created_at
                )
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            ).all()
            return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def append_actions(
        self, game_id: str, first_ply: int, actions: Sequence[tuple[int, str]], status: str
    ) -> None:
        """Store actions ``first_ply...`` and the game's status in one transaction.

        The (game, ply) primary key refuses a second writer for the same ply.
        """
        try:
            with Session(self.engine) as session, session.begin():
                session.add_all(
                    ActionRow(game_id=game_id, ply=first_ply + i, player=player, text=text)
                    for i, (player, text) in enumerate(actions)
                )
                if status != PLAYING:
                    session.execute(
                        update(GameRow).where(GameRow.id == game_id).values(status=status)
                    )
        except IntegrityError:
            raise StorageError(f"game {game_id}: ply {first_ply} is already stored") from None

    def truncate(self, game_id: str, plies: int) -> None:
        """Forget every action from ply ``plies`` on (hotseat undo)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.ply >= plies)
            )
            session.execute(update(GameRow).where(GameRow.id == game_id).values(status=PLAYING))

    def claim_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give a free human seat to the holder of ``token_hash``; False if it is taken."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.spec == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def resign(self, game_id: str, seat: int) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == PLAYING)
                .values(status=RESIGNED, resigned=seat)
            )

    def set_rematch(self, game_id: str, rematch_id: str) -> str:
        """Link ``game_id`` to its rematch; returns the rematch that won if one already exists."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.rematch_id.is_(None))
                .values(rematch_id=rematch_id)
            )
            current = session.scalar(select(GameRow.rematch_id).where(GameRow.id == game_id))
            return current or rematch_id
