"""Live games: the engine state of each game, its connections and its bots.

A ``Room`` holds one game's State, rebuilt from its stored record, and the
sockets watching it. Every change goes through the room's lock: the engine
validates the move, the new actions are committed, and only then does every
connection get its own view, built from ``observation(seat)`` and the events
that seat may see. Chance is drawn at once with the state's seeded source;
bots move after a short pause, each decision with a seed derived from the
game's seed and the ply, so a restarted server makes the same choices.
A bot thinks without holding the room's lock, so the people at its table
can move meanwhile; if the game moved on, it decides again.

A room nobody is connected to and no bot has to drive is dropped from
memory after ``evict_after`` idle seconds; the next request loads it again
from storage. Writes go through the store's ``Writer`` (group commit);
reads through a small thread pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

import orjson

from ballroom.agents import bot_names, resolve_seat
from ballroom.core.errors import BallroomError, IllegalActionError, RecordError
from ballroom.core.events import Event
from ballroom.core.game import Game
from ballroom.core.play import decision_for
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE
from ballroom.server import storage
from ballroom.server.botpool import DEFAULT_BOT_MS_MAX, BotPool, bot_move
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

T = TypeVar("T")
LOG = logging.getLogger("ballroom.server")

Viewer = int | None
"""A seat, or ``None`` for a spectator."""


class RoomError(BallroomError):
    """A request the room refuses: wrong seat, game over, nothing to undo..."""


@dataclass(slots=True)
class Step:
    """One applied action with what the server needs to know about it later."""

    player: int
    text: str
    events: list[Event]
    reveals: bool
    """Whether it revealed hidden information (chance, or the end of a secret choice)."""


@dataclass(eq=False, slots=True)
class Connection:
    """One socket: the seats it holds (none for a spectator) and its outbox."""

    seats: tuple[int, ...]
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    @property
    def viewers(self) -> tuple[Viewer, ...]:
        return self.seats if self.seats else (None,)


class Room:
    """One game in memory."""

    def __init__(self, stored: StoredGame, bot_delay: float) -> None:
        self.id = stored.id
        self.stored = stored
        self.seats = list(stored.seats)
        self.status = stored.status
        self.resigned = stored.resigned
        self.rematch_id = stored.rematch_id
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.driver: asyncio.Task[None] | None = None
        self.last_used = time.monotonic()
        """When a request last touched the room; idle rooms are evicted after a while."""
        self.state = stored.record.new_state()
        self.steps: list[Step] = []
        self._round: set[int] | None = None
        self._texts: dict[int, str] = {}
        for number, (player, text) in enumerate(stored.record.actions, start=1):
            action = self.state.game.parse_action(text)
            if player == CHANCE and self.state.sample_chance() != action:
                # Drawing keeps the seeded source where the live game left it.
                raise RecordError(f"game {stored.id}: chance action {number} differs from its seed")
            self._apply(action, player)

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def ply(self) -> int:
        return len(self.steps)

    def text(self, action: int) -> str:
        """An action's text form, memoised: every frame lists the legal moves as text."""
        text = self._texts.get(action)
        if text is None:
            text = self._texts[action] = self.game.action_to_text(action)
        return text

    def record(self) -> GameRecord:
        return GameRecord.of(self.state, seats=tuple(seat.spec for seat in self.seats))

    # -- applying -----------------------------------------------------------

    def _apply(self, action: int, player: int) -> Step:
        """Apply one action, noting whether it revealed hidden information."""
        before = self.state.current_players()
        if len(before) > 1 and (self._round is None or not set(before) <= self._round):
            self._round = set(before)
        secret = self._round is not None and player in self._round and set(before) <= self._round
        if not secret:
            self._round = None
        events = self.state.apply(action, player)
        after = self.state.current_players()
        if self._round is not None and not (after and set(after) <= self._round):
            self._round = None
        reveals = player == CHANCE or (secret and any(event.audience is None for event in events))
        step = Step(player, self.text(action), events, reveals)
        self.steps.append(step)
        return step

    def _advance_chance(self, taken: list[Step]) -> None:
        while self.state.is_chance_node():
            taken.append(self._apply(self.state.sample_chance(), CHANCE))

    def final_status(self) -> str:
        return OVER if self.state.is_terminal() else PLAYING

    def resign_event(self, seat: int) -> Event:
        """The log line of a human leaving a game that goes on with a bot in the seat."""
        spec = self.seats[seat].spec
        text = f"{self.game.player_name(seat)} resigns; the {spec} bot plays the seat from now on."
        return Event("resign", text, {"player": seat, "bot": spec})

    def bots_to_move(self) -> list[int]:
        if self.status != PLAYING:
            return []
        return [p for p in self.state.current_players() if p >= 0 and self.seats[p].is_bot]

    def holder_seats(self, tokens: Sequence[str]) -> tuple[int, ...]:
        """The human seats whose tokens are among ``tokens``."""
        hashes = {hash_token(token) for token in tokens}
        return tuple(
            seat.seat for seat in self.seats if seat.token_hash and seat.token_hash in hashes
        )

    # -- views --------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """What anyone may know about the game: set-up, seats and status."""
        connected = {seat for conn in self.connections for seat in conn.seats}
        result = None
        if self.state.is_terminal():
            # A player who resigned ranks last, whatever the bot made of the seat.
            resigned = [seat.seat for seat in self.seats if seat.resigned_at is not None]
            ranking = [
                [p for p in group if p not in resigned] for group in self.state.outcome().ranking
            ]
            ranking = [group for group in ranking if group] + ([resigned] if resigned else [])
            result = {"winners": ranking[0], "ranking": ranking, "resigned": resigned}
        return {
            "id": self.id,
            "game": self.game.id,
            "name": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "hotseat": self.stored.hotseat,
            "status": self.status,
            "resigned": self.resigned,
            "rematch": self.rematch_id,
            "result": result,
            "ply": self.ply,
            "seats": [
                {
                    "seat": seat.seat,
                    "name": self.game.player_name(seat.seat),
                    "kind": "human" if not seat.is_bot else "bot",
                    "bot": seat.spec if seat.is_bot else None,
                    "claimed": seat.is_bot or seat.token_hash is not None,
                    "connected": seat.seat in connected,
                    "resigned": seat.resigned_at is not None,
                }
                for seat in self.seats
            ],
        }

    def view(
        self,
        viewer: Viewer,
        events: Sequence[Event],
        *,
        reset: bool,
        meta: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The message one viewer gets: its observation, its legal moves and its new events."""
        current = self.state.current_players()
        acting = (
            self.status == PLAYING
            and viewer is not None
            and viewer in current
            and not self.seats[viewer].is_bot
        )
        legal = (
            [
                {"id": action, "text": self.text(action)}
                for action in self.state.legal_actions(viewer)
            ]
            if acting
            else []
        )
        return {
            "type": "state",
            "seat": viewer,
            "reset": reset,
            "ply": self.ply,
            "observation": self.state.observation(viewer),
            "current": list(current),
            "legal": legal,
            "events": [event_json(e) for e in events if e.visible_to(viewer)],
            "undo": viewer is not None and self.undo_point() is not None,
            "meta": meta if meta is not None else self.meta(),
        }

    def all_events(self) -> list[Event]:
        """The whole log, with each resignation where it happened."""
        notices = sorted(
            (seat.resigned_at, seat.seat) for seat in self.seats if seat.resigned_at is not None
        )
        events: list[Event] = []
        for ply, step in enumerate(self.steps):
            while notices and notices[0][0] <= ply:
                events.append(self.resign_event(notices.pop(0)[1]))
            events.extend(step.events)
        events.extend(self.resign_event(seat) for _, seat in notices)
        return events

    def undo_point(self) -> int | None:
        """The ply that undo would return to, if the rules of hotseat undo allow one.

        Undo takes back the last human action and what the bots and chance
        did after it, only in a hotseat game, and only if none of those
        actions revealed hidden information (a die, a secret choice).
        """
        if not self.stored.hotseat or self.status != PLAYING:
            return None
        # A resignation is not taken back: undo stops at the last one.
        floor = max((s.resigned_at for s in self.seats if s.resigned_at is not None), default=0)
        for ply in range(self.ply - 1, floor - 1, -1):
            step = self.steps[ply]
            if step.reveals:
                return None
            if step.player >= 0 and not self.seats[step.player].is_bot:
                return ply
        return None

    def reset_from(self, stored: StoredGame) -> None:
        """Replace the game with what is stored (after an undo or a failed write)."""
        fresh = Room(stored, self.bot_delay)
        self.stored, self.state, self.steps = fresh.stored, fresh.state, fresh.steps
        self.status, self._round = fresh.status, fresh._round

    # -- broadcasting -------------------------------------------------------

    def broadcast(
        self, steps: Sequence[Step], *, reset: bool = False, exclude: Connection | None = None
    ) -> None:
        """Queue each connection's own view; one observation per viewer."""
        events = [event for step in steps for event in step.events] if not reset else []
        cache: dict[Viewer, str] = {}
        meta = self.meta()
        for conn in self.connections:
            if conn is exclude:
                continue
            for viewer in conn.viewers:
                if viewer not in cache:
                    shown = self.all_events() if reset else events
                    cache[viewer] = frame_text(self.view(viewer, shown, reset=reset, meta=meta))
                conn.outbox.put_nowait(cache[viewer])


def _report_stop(game_id: str, driver: asyncio.Task[None]) -> None:
    """Log a bot driver that died of an error: its game waits until the room is reloaded."""
    if not driver.cancelled() and (error := driver.exception()) is not None:
        LOG.error("game %s: the bots stopped: %r", game_id, error, exc_info=error)


def frame_text(message: dict[str, Any]) -> str:
    """A socket frame's JSON text; orjson, because encoding views is much of a move's cost."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def event_json(event: Event) -> dict[str, Any]:
    return event.to_json()


def new_id(prefix: str = "") -> str:
    return prefix + secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


class RoomManager:
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
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.evict_after = evict_after
        self.reads = ThreadPoolExecutor(db_threads, thread_name_prefix="ballroom-db")
        """Reads wait on the database off the event loop."""
        sqlite = store.engine.dialect.name == "sqlite"
        self.writer = Writer(store.engine, inline=sqlite, threads=1 if sqlite else 3)
        """Every write, committed in groups (on the loop for SQLite, in a thread otherwise)."""
        self.bots = BotPool(bot_processes)
        """Where bots think: worker processes (threads with 0), quick bots in a lane of their own."""
        self.bot_ms_max = bot_ms_max
        """The most milliseconds any bot may think per move."""
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _read(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(
            self.reads, functools.partial(function, *args)
        )

    async def get(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            loading = self._loading.get(game_id)
            if loading is None:
                loading = self._loading[game_id] = asyncio.ensure_future(self._load(game_id))
                loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
            room = await asyncio.shield(loading)
        room.last_used = time.monotonic()
        return room

    async def _load(self, game_id: str) -> Room:
        stored = await self._read(self.store.load, game_id)
        if stored is None:
            raise RoomError(f"there is no game {game_id!r}")
        return self._add(Room(stored, self.bot_delay))

    def _add(self, room: Room) -> Room:
        self.rooms[room.id] = room
        self._drive(room)
        return room

    async def resume_all(self) -> int:
        """Load every unfinished game so that bots and chance carry on after a restart."""
        ids = await self._read(self.store.playing_ids)
        for game_id in ids:
            await self.get(game_id)
        return len(ids)

    def evict_idle(self, now: float) -> list[str]:
        """Drop rooms that nobody watches and no bot drives, idle ``evict_after`` seconds.

        Everything a room holds is in storage, so ``get`` rebuilds it on demand.
        """
        evicted = [
            game_id
            for game_id, room in self.rooms.items()
            if not room.connections
            and not room.bots_to_move()
            and not room.lock.locked()
            and (room.driver is None or room.driver.done())
            and now - room.last_used >= self.evict_after
        ]
        for game_id in evicted:
            del self.rooms[game_id]
        return evicted

    async def _sweep(self) -> None:
        """Evict idle rooms now and then; checkpoint the SQLite WAL every second."""
        period = max(1.0, self.evict_after / 4)
        last = time.monotonic()
        while True:
            await asyncio.sleep(1.0)
            if self.writer.inline:
                await self._read(self.writer.checkpoint)
            if time.monotonic() - last >= period:
                last = time.monotonic()
                self.evict_idle(last)

    async def close(self) -> None:
        self._sweeper.cancel()
        for room in self.rooms.values():
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await room.driver
            for conn in room.connections:
                conn.outbox.put_nowait(None)
        self.writer.close()
        self.reads.shutdown(wait=True)
        self.bots.close()

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
    ) -> str:
        """Store a new game (with its opening chance draws) and return its id."""
        stored_seats = [
            (spec, token_hash if index in claim and spec == "human" else None)
            for index, spec in enumerate(seats)
        ]
        return await self._start(game, seed, stored_seats, hotseat=hotseat)

    async def _start(
        self,
        game: Game,
        seed: int,
        seats: Sequence[tuple[str, str | None]],
        *,
        hotseat: bool,
        game_id: str | None = None,
    ) -> str:
        """Store a new game with its opening chance draws in one write, and open its room."""
        game_id = game_id or new_id()
        state = game.new_state(seed)
        while state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
        record = GameRecord.of(state)
        status = OVER if state.is_terminal() else PLAYING
        await self.writer.write(
            storage.create_game, game_id, record, seats, hotseat=hotseat, status=status
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
        )
        self._add(Room(stored, self.bot_delay))
        return game_id

    async def upload(self, record: GameRecord) -> str:
        """Store an uploaded record for watching; it accepts no moves."""
        replay(record)
        game_id = new_id("r")
        seats = [(spec, None) for spec in (record.seats or ("human",) * record.players)]
        if len(seats) != record.players:
            seats = [("human", None)] * record.players
        await self.writer.write(
            storage.create_game, game_id, record, seats, hotseat=False, status=UPLOADED
        )
        return game_id

    # -- moves --------------------------------------------------------------

    async def _commit(self, room: Room, steps: list[Step]) -> None:
        """Store ``steps`` (already applied) in one transaction, then tell everyone."""
        if not steps:
            return
        first = room.ply - len(steps)
        status = room.final_status()
        try:
            await self.writer.write(
                storage.append_actions,
                room.id,
                first,
                [(step.player, step.text) for step in steps],
                status,
            )
        except Exception:
            stored = await self._read(self.store.load, room.id)
            if stored is not None:
                room.reset_from(stored)
                room.broadcast([], reset=True)
            raise
        room.status = status
        room.broadcast(steps)
        self._drive(room)

    async def move(self, room: Room, conn: Connection, seat: object, action: object) -> None:
        """Validate and apply one seat's action; raise RoomError or IllegalActionError."""
        async with room.lock:
            player = self._own_seat(room, conn, seat)
            if room.status != PLAYING:
                raise RoomError(f"the game is {room.status}; no more moves are taken")
            if room.seats[player].is_bot:
                raise RoomError(f"seat {player} is played by a bot")
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
                    "chance" if p == CHANCE else room.game.player_name(p) for p in current
                )
                raise IllegalActionError(
                    f"it is not {room.game.player_name(player)}'s turn; "
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

    async def undo(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            if not conn.seats:
                raise RoomError("spectators cannot undo")
            point = room.undo_point()
            if point is None:
                raise RoomError(
                    "nothing to undo: undo is for hotseat games, back to the last human move, "
                    "before any die is rolled, secret revealed or player resigned"
                )
            if not {s.seat for s in room.seats if not s.is_bot} <= set(conn.seats):
                raise RoomError("undo needs every human seat on this device (hotseat)")
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
            name = room.game.player_name(player)
            if room.game.players <= 2:
                await self.writer.write(storage.resign, room.id, player)
                room.status, room.resigned = RESIGNED, player
                text = f"{name} resigns; the game is over."
                event = Event("resign", text, {"player": player})
            else:
                bot = bot_names(room.game)[0]
                await self.writer.write(storage.hand_to_bot, room.id, player, bot, room.ply)
                info = room.seats[player]
                room.seats[player] = StoredSeat(player, bot, info.token_hash, room.ply)
                event = room.resign_event(player)
            room.broadcast([Step(player, "", [event], True)])
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
            candidate = new_id()
            seats = [
                ("human" if seat.resigned_at is not None else seat.spec, seat.token_hash)
                for seat in room.seats
            ]
            await self._start(
                room.game,
                secrets.randbits(62),
                seats,
                hotseat=room.stored.hotseat,
                game_id=candidate,
            )
            room.rematch_id = await self.writer.write(storage.set_rematch, room.id, candidate)
        room.broadcast([])
        return room.rematch_id

    async def claim(self, room: Room, seat: int, token: str) -> None:
        if not 0 <= seat < len(room.seats):
            raise RoomError(f"seat must be 0..{len(room.seats) - 1}, not {seat}")
        async with room.lock:
            info = room.seats[seat]
            if info.is_bot:
                raise RoomError(f"seat {seat} is played by a bot ({info.spec})")
            if room.status == UPLOADED:
                raise RoomError("an uploaded record has no seats to take")
            ok = await self.writer.write(storage.claim_seat, room.id, seat, hash_token(token))
            if not ok:
                raise StorageError(f"seat {seat} ({room.game.player_name(seat)}) is already taken")
            room.seats[seat] = StoredSeat(seat, info.spec, hash_token(token))
            room.broadcast([])

    # -- bots ---------------------------------------------------------------

    def _drive(self, room: Room) -> None:
        if room.bots_to_move() and (room.driver is None or room.driver.done()):
            room.driver = asyncio.get_running_loop().create_task(self._bot_loop(room))
            room.driver.add_done_callback(functools.partial(_report_stop, room.id))

    async def _bot_loop(self, room: Room) -> None:
        """Let the bots whose decision it is move, one after another, with a visible pause.

        The bot thinks without the room's lock: in a simultaneous round the
        people can move meanwhile (and a busy bot pool delays only the bots).
        If the game moved on while it thought, it decides again from the new
        state, so every decision is the one made at the ply it is applied at.
        """
        while room.bots_to_move():
            await asyncio.sleep(room.bot_delay)
            bots = room.bots_to_move()
            if not bots:
                return
            player, state, ply = bots[0], room.state, room.ply
            decision = decision_for(state, player)
            spec = room.seats[player].spec
            bot, _ = resolve_seat(room.game, spec)
            action = await self.bots.decide(
                room.id,
                quick=not bot.searches,
                call=functools.partial(
                    bot_move,
                    (room.game.id, room.game.players, tuple(room.game.options.items())),
                    player,
                    spec,
                    derive_seed(state.seed, "server-bot", ply),
                    decision.observation,
                    list(decision.legal_actions),
                    self.bot_ms_max,
                ),
            )
            async with room.lock:
                if room.state is not state or room.ply != ply or player not in room.bots_to_move():
                    continue
                taken = [room._apply(action, player)]
                room._advance_chance(taken)
                try:
                    await self._commit(room, taken)
                except (StorageError, OSError):
                    return
