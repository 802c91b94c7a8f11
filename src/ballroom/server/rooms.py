"""Live games: every room of this server process, and what its players may do in it.

``RoomManager`` is the rooms' concerns together: the store behind them
(``room_store``), who is at each table (``presence``), the bots
(``bot_driver``), and here what a request does to a game (create, move, undo,
resign, rematch, re-issue a seat link, hand a seat to a bot). One room is a
``Room`` (``room``).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ballroom.agents import bot_names
from ballroom.core.errors import IllegalActionError
from ballroom.core.game import Game
from ballroom.core.record import GameRecord, replay
from ballroom.core.state import CHANCE
from ballroom.server import storage
from ballroom.server.bot_driver import BotDriver
from ballroom.server.botpool import BotPool, check_seat
from ballroom.server.defaults import DEFAULT_BOT_MS_MAX
from ballroom.server.presence import Presence
from ballroom.server.room import (
    MOVE_TRIES,
    SEAT_RECORD_FORMAT,
    Connection,
    NotAllowedError,
    Room,
    RoomError,
    Step,
    Viewer,
    event_json,
    frame_text,
    new_id,
    new_join_key,
)
from ballroom.server.room_store import StoredRooms
from ballroom.server.storage import (
    OVER,
    PLAYING,
    RESIGNED,
    UPLOADED,
    StorageError,
    Store,
    StoredGame,
    StoredSeat,
    Writer,
    hash_token,
)
from ballroom.server.writer_process import WriterProcess

if TYPE_CHECKING:
    from ballroom.server.sync import Leases, Listener


class RoomManager(StoredRooms, Presence, BotDriver):
    """Every room of this server process, loaded from the store on demand."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        db_threads: int = 4,
        bot_processes: int = 0,
        bot_ms_max: float = DEFAULT_BOT_MS_MAX,
        evict_after: float = 600.0,
        absent_after: float = 300.0,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.evict_after = evict_after
        self.absent_after = absent_after
        """Seconds a human seat is away before any seated player may hand it to a bot."""
        self.reads = ThreadPoolExecutor(db_threads, thread_name_prefix="ballroom-db")
        """Reads wait on the database off the event loop."""
        sqlite = store.engine.dialect.name == "sqlite"
        self.writer: Writer | WriterProcess = (
            Writer(store.engine, inline=True) if sqlite else WriterProcess(store.engine, threads=3)
        )
        """Every write, committed in groups (on the loop for SQLite, in a child process otherwise)."""
        self.bots = BotPool(bot_processes)
        """Where bots think: worker processes (threads with 0), quick bots in a lane of their own."""
        self.bot_ms_max = bot_ms_max
        """The most milliseconds any bot may think per move."""
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self.listener: Listener | None = None
        """On PostgreSQL: hears the games other server processes change (``sync``)."""
        self.leases: Leases | None = None
        """On PostgreSQL: the games whose bots this process drives; ``None``: every game's."""
        if not sqlite:
            from ballroom.server.sync import Leases, Listener

            self.listener = Listener(store.engine, self._changed)
            self.leases = Leases(store.engine)
        self._catching_up: dict[str, asyncio.Task[None]] = {}
        self._changed_again: set[str] = set()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    # -- creating -----------------------------------------------------------

    async def create(
        self,
        game: Game,
        seats: Sequence[str],
        *,
        seed: int,
        hotseat: bool,
        claim: Sequence[int],
        token_hash: str | None,
        listed: bool = False,
    ) -> str:
        """Store a new game (with its opening chance draws) and return its id.

        ``token_hash`` is the creator's: it holds the ``claim``ed seats and
        may later re-issue seat links and hand absent players' seats to bots.
        A ``listed`` game is open: the lobby shows it and anyone may take a
        free seat; otherwise it is private, and a free seat needs its join key.
        """
        stored_seats = [
            (spec, token_hash if index in claim and spec == "human" else None)
            for index, spec in enumerate(seats)
        ]
        return await self._start(
            game,
            seed,
            stored_seats,
            hotseat=hotseat,
            creator_hash=token_hash,
            join_key=None if listed else new_join_key(),
        )

    async def _start(
        self,
        game: Game,
        seed: int,
        seats: Sequence[tuple[str, str | None]],
        *,
        hotseat: bool,
        game_id: str | None = None,
        creator_hash: str | None = None,
        join_key: str | None = None,
    ) -> str:
        """Store a new game with its opening chance draws in one write, and open its room."""
        game_id = game_id or new_id()
        state = game.new_state(seed)
        while state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
        record = GameRecord.of(state)
        status = OVER if state.is_terminal() else PLAYING
        if self.leases is not None and any(spec != "human" for spec, _ in seats):
            # Before the game is stored, so no other process's sweep takes it first.
            await self.leases.take([game_id])
        await self.writer.write(
            storage.create_game,
            game_id,
            record,
            seats,
            hotseat=hotseat,
            status=status,
            creator_hash=creator_hash,
            join_key=join_key,
        )
        stored = StoredGame(
            id=game_id,
            record=record,
            seats=tuple(StoredSeat(i, spec, token) for i, (spec, token) in enumerate(seats)),
            hotseat=hotseat,
            status=status,
            resigned=None,
            rematch_id=None,
            created_at=datetime.now(UTC),
            creator_hash=creator_hash,
            join_key=join_key,
        )
        self._add(self._watch(self._room(stored)))
        return game_id

    async def upload(self, record: GameRecord) -> str:
        """Store an uploaded record for watching; it accepts no moves.

        It is replayed (checked) and stored in worker threads: a long record
        takes a while, and the event loop serves every other game meanwhile.
        """
        await self._read(replay, record)
        game_id = new_id("r")
        seats = [(spec, None) for spec in (record.seats or ("human",) * record.players)]
        if len(seats) != record.players:
            seats = [("human", None)] * record.players
        await self.writer.write_long(
            storage.create_game, game_id, record, seats, hotseat=False, status=UPLOADED
        )
        return game_id

    # -- moves --------------------------------------------------------------

    async def move(
        self, room: Room, conn: Connection, seat: object, action: object, ply: object = None
    ) -> None:
        """Validate and apply one seat's action; raise RoomError or IllegalActionError.

        ``ply`` is the ply of the state the player saw (optional, so scripts
        written before it keep working); a move made at an older one is
        refused, so a double click or a click on an old screen moves nothing.
        Where another server process stored that ply first, the room has caught
        up, and the move is checked again against the game as it now stands.
        """
        for attempt in range(1, MOVE_TRIES + 1):
            try:
                await self._move_once(room, conn, seat, action, ply)
                return
            except StorageError:
                if self.leases is None or attempt == MOVE_TRIES:
                    raise

    async def _move_once(
        self, room: Room, conn: Connection, seat: object, action: object, ply: object
    ) -> None:
        async with room.lock:
            player = self._own_seat(room, conn, seat)
            if room.status != PLAYING:
                raise RoomError(f"the game is {room.status}; no more moves are taken")
            if room.seats[player].is_bot:
                raise RoomError(f"seat {player} is played by a bot")
            if (late := room.stale(player, ply)) is not None:
                raise RoomError(late)
            if isinstance(action, bool) or not isinstance(action, int | str):
                raise IllegalActionError(
                    "'action' must be an action's text (e.g. from 'legal') or its integer id"
                )
            if isinstance(action, str):
                if len(action) > 200:
                    raise IllegalActionError("'action' text is longer than 200 characters")
                action_id = room.game.parse_action(action)
            else:
                action_id = action
                if not 0 <= action_id < room.game.num_distinct_actions:
                    raise IllegalActionError(
                        f"action id {action_id} is out of range "
                        f"0..{room.game.num_distinct_actions - 1}"
                    )
            current = room.state.current_players()
            if player not in current:
                waiting = ", ".join(
                    "chance" if p == CHANCE else room.seat_names()[p] for p in current
                )
                raise IllegalActionError(
                    f"it is not {room.seat_names()[player]}'s turn; "
                    f"waiting for {waiting or 'nobody (the game is over)'}"
                )
            legal = room.state.legal_actions(player)
            if action_id not in legal:
                allowed = ", ".join(room.game.action_to_text(a) for a in legal[:12])
                more = f", ... ({len(legal) - 12} more)" if len(legal) > 12 else ""
                raise IllegalActionError(
                    f"{room.game.action_to_text(action_id)!r} is not legal now; "
                    f"legal: {allowed}{more}"
                )
            taken = [room._apply(action_id, player)]
            room._advance_chance(taken)
            await self._commit(room, taken)

    def _own_seat(self, room: Room, conn: Connection, seat: object) -> int:
        if seat is None and len(conn.seats) == 1:
            return conn.seats[0]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RoomError(
                "'seat' must be the integer seat you play"
                + (f"; this connection holds {list(conn.seats)}" if conn.seats else "")
            )
        if seat not in conn.seats:
            held = ", ".join(map(str, conn.seats)) or "none (you are a spectator)"
            raise RoomError(f"seat {seat} is not yours; this connection holds seats: {held}")
        return seat

    async def undo(
        self, room: Room, conn: Connection, seat: object = None, ply: object = None
    ) -> None:
        """Take back ``seat``'s own last move (``Room.take_back``); ``ply`` as for a move."""
        async with room.lock:
            if not conn.seats:
                raise RoomError("spectators cannot undo")
            player = self._own_seat(room, conn, seat)
            if (late := room.stale(player, ply)) is not None:
                raise RoomError(late.replace("this move", "this undo", 1))
            point, refused = room.take_back(player)
            if point is None:
                raise RoomError(
                    refused
                    or f"nothing to undo for {room.seat_names()[player]}: a player takes back "
                    "only their own last move, before any die is rolled, card drawn, secret "
                    "revealed, player resigned or another person moved"
                )
            if room.driver is not None:
                room.driver.cancel()
                room.driver = None
            await self.writer.write(storage.truncate, room.id, point)
            stored = await self._read(self.store.load, room.id)
            if stored is None:
                raise RoomError(f"game {room.id} has disappeared from storage")
            room.reset_from(stored)
            room.broadcast([], reset=True)
            self._drive(room)

    async def resign(self, room: Room, conn: Connection, seat: object) -> None:
        """Leave the game: with two players it ends; with more, a bot takes the seat over.

        The game's default bot (its first) plays on for the resigning human, so
        the others' game is not spoiled; the seat remembers the ply it changed
        hands at, for the log and the result.
        """
        async with room.lock:
            player = self._own_seat(room, conn, seat)
            if room.status != PLAYING:
                raise RoomError(f"the game is already {room.status}")
            if room.seats[player].is_bot:
                raise RoomError(f"seat {player} has resigned already; a bot plays it")
            if room.game.players <= 2:
                await self.writer.write(storage.resign, room.id, player)
                room.status, room.resigned = RESIGNED, player
                event = room.game_over_event(player)
            else:
                bot = bot_names(room.game)[0]
                await self.writer.write(storage.hand_to_bot, room.id, player, bot, room.ply)
                info = room.seats[player]
                room.seats[player] = StoredSeat(player, bot, info.token_hash, room.ply)
                event = room.resign_event(player)
            room.broadcast([Step(player, "", (event,), True)])
            self._drive(room)

    async def rematch(self, room: Room, tokens: Sequence[str]) -> str:
        """A new game with the same set-up; the same seat tokens hold the same seats.

        A seat whose human resigned goes back to a human (with the same token).
        """
        async with room.lock:
            if room.rematch_id:
                return room.rematch_id
            if not room.holder_seats(tokens):
                raise RoomError("only a seated player can ask for a rematch")
            if room.status == PLAYING:
                raise RoomError("the game is still being played; ask for a rematch once it ends")
            candidate = new_id()
            seats = [
                ("human" if seat.left_at is not None else seat.spec, seat.token_hash)
                for seat in room.seats
            ]
            await self._start(
                room.game,
                secrets.randbits(62),
                seats,
                hotseat=room.stored.hotseat,
                game_id=candidate,
                creator_hash=room.stored.creator_hash,
                join_key=None if room.stored.join_key is None else new_join_key(),
            )
            room.rematch_id = await self.writer.write(storage.set_rematch, room.id, candidate)
        room.broadcast([])
        return room.rematch_id

    async def reissue(self, room: Room, tokens: Sequence[str], seat: int) -> str:
        """A new token for a human seat, asked by the game's creator; the old one stops working.

        Connections that held the seat only through the old token lose it:
        they are closed, and come back as what their tokens still hold.
        """
        self._check_seat(room, seat)
        async with room.lock:
            if not room.is_creator(tokens):
                raise NotAllowedError(
                    "only the game's creator (the token 'Create' gave) may re-issue a seat link"
                )
            info = room.seats[seat]
            if info.is_bot:
                raise RoomError(f"seat {seat} is played by a bot ({info.spec}); it has no link")
            token = secrets.token_urlsafe(18)
            await self.writer.write(storage.set_seat_token, room.id, seat, hash_token(token))
            room.seats[seat] = StoredSeat(seat, info.spec, hash_token(token))
            for conn in list(room.connections):
                if seat in conn.seats and seat not in room.seats_of(conn.hashes):
                    name = room.seat_names()[seat]
                    self._close(room, conn, 4001, f"{name}'s seat link was re-issued")
            room.broadcast([])
            return token

    async def handover(self, room: Room, tokens: Sequence[str], seat: int, bot: str | None) -> str:
        """Let a bot play an absent human's seat, so the game need not wait for ever.

        The game's creator may do it as soon as the seat is away; a seated
        player once it has been away ``absent_after`` seconds. Returns the bot.
        """
        self._check_seat(room, seat)
        async with room.lock:
            if room.status != PLAYING:
                raise RoomError(f"the game is {room.status}; its seats stay as they are")
            info = room.seats[seat]
            name = room.seat_names()[seat]
            if info.is_bot:
                raise RoomError(f"seat {seat} ({name}) is already played by a bot ({info.spec})")
            connected = {s for conn in room.connections for s in conn.seats}
            away = room.away_for(seat, time.monotonic())
            if (
                seat in connected
                or away is None
                or (self.leases is not None and await self.leases.held_elsewhere(room.id, seat))
            ):
                raise RoomError(
                    f"{name} is here (connected); only an absent player's seat goes to a bot"
                )
            creator = room.is_creator(tokens)
            held = room.holder_seats(tokens)
            if not creator and not held:
                raise NotAllowedError(
                    "only the game's creator or a seated player may hand a seat to a bot"
                )
            if not creator and away < room.absent_after:
                raise NotAllowedError(
                    f"{name} has been away {away:.0f} s; a seated player may hand the seat to "
                    f"a bot after {room.absent_after:g} s away (the game's creator at any time)"
                )
            spec = bot or bot_names(room.game)[0]
            check_seat(room.game, seat, spec, self.bot_ms_max)  # an unknown bot, or too slow
            by = held[0] if held else None
            if not await self.writer.write(
                storage.hand_absent_to_bot, room.id, seat, spec, room.ply, by
            ):
                raise StorageError(f"seat {seat} ({name}) is no longer a person's")
            room.seats[seat] = StoredSeat(seat, spec, info.token_hash, None, room.ply, by)
            room.away_since.pop(seat, None)
            room.broadcast(
                [Step(by if by is not None else CHANCE, "", (room.handover_event(seat),), True)]
            )
            self._drive(room)
            return spec

    @staticmethod
    def _check_seat(room: Room, seat: int) -> None:
        if not 0 <= seat < len(room.seats):
            raise RoomError(f"seat must be 0..{len(room.seats) - 1}, not {seat}")


__all__ = [
    "SEAT_RECORD_FORMAT",
    "Connection",
    "NotAllowedError",
    "Room",
    "RoomError",
    "RoomManager",
    "Step",
    "Viewer",
    "event_json",
    "frame_text",
]
