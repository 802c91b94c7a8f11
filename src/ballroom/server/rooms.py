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
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import orjson

from ballroom.agents import bot_names, resolve_seat
from ballroom.core.capabilities import describe_action, move_hints
from ballroom.core.errors import BallroomError, IllegalActionError, RecordError
from ballroom.core.events import Event
from ballroom.core.game import Game, make_game
from ballroom.core.options import OptionValue
from ballroom.core.play import decision_for, past_cap
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE, Observation, State
from ballroom.server import aids, storage
from ballroom.server.botpool import BotPool, bot_move, check_seat
from ballroom.server.defaults import DEFAULT_BOT_MS_MAX
from ballroom.server.moves import move_list
from ballroom.server.storage import (
    CUT_OFF,
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

T = TypeVar("T")
LOG = logging.getLogger("ballroom.server")

Viewer = int | None
"""A seat, or ``None`` for a spectator."""

NON_STR_KEYS = orjson.OPT_NON_STR_KEYS
MOVES_KEPT = 64
"""Encoded move lists a room keeps (see ``Room.moves_json``) before it starts afresh."""
WORKER_RETRIES = 3
MOVE_TRIES = 3
"""Times a move is checked and stored when other server processes keep storing that ply first."""
"""Times a bot decision is asked of the pool when its worker keeps dying under it."""

SEAT_RECORD_FORMAT = "ballroom-seat-record/1"
"""A seat's own view of a game in play: its moves and the log it saw, no seed."""


class RoomError(BallroomError):
    """A request the room refuses: wrong seat, game over, nothing to undo..."""


class NotAllowedError(RoomError):
    """A request its sender's tokens do not entitle it to make (HTTP 403)."""


@dataclass(slots=True)
class Step:
    """One applied action with what the server needs to know about it later."""

    player: int
    text: str
    events: tuple[Event, ...]
    """A tuple: most steps have none, and the empty tuple is one shared object the
    garbage collector never scans (a room keeps every step while it lives)."""
    reveals: bool
    """Whether it revealed hidden information: chance, or an event the engine flags
    (``Event.reveals``: a card kept face up, a secret choice shown)."""
    secret: bool = False
    """Whether it was one seat's secret part of a simultaneous choice (no one else sees it)."""


@dataclass(eq=False, slots=True)
class Connection:
    """One socket: the seats it holds (none for a spectator) and its outbox."""

    seats: tuple[int, ...]
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    hashes: frozenset[str] = frozenset()
    """The hashes of the seat tokens it said hello with."""
    close_code: int = 1000
    close_reason: str = ""
    """Why the server closes it, once its outbox has said ``None``."""

    @property
    def viewers(self) -> tuple[Viewer, ...]:
        return self.seats if self.seats else (None,)


class Room:
    """One game in memory."""

    def __init__(self, stored: StoredGame, bot_delay: float, absent_after: float = 300.0) -> None:
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
        self.absent_after = absent_after
        self.away_since = {seat.seat: self.last_used for seat in self.seats if not seat.is_bot}
        """When each human seat's last connection left (or the room was loaded), by seat."""
        self.state = stored.record.new_state()
        self.steps: list[Step] = []
        self._round: set[int] | None = None
        self.moves = move_list(self.state.game)
        """How frames list this game's legal moves, shared with its other rooms."""
        self._names: tuple[State, int, list[str]] | None = None
        self._seen: tuple[State, int, dict[Viewer, Observation]] | None = None
        self._moves: dict[
            tuple[int, ...], tuple[tuple[dict[int, Any], list[str]], orjson.Fragment]
        ] = {}
        """Legal moves as frames list them, by the actions they list: their hints and JSON."""
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
        """An action's text form (memoised for every room of this game's configuration)."""
        return self.moves.text(action)

    def record(self) -> GameRecord:
        """The full record, seed included: for a finished game only (see ``seat_record``)."""
        return GameRecord.of(self.state, seats=tuple(seat.spec for seat in self.seats))

    @property
    def finished(self) -> bool:
        """Whether play is over (ended, resigned or uploaded), so nothing is secret any more."""
        return self.status != PLAYING

    def seat_record(self, seat: int) -> dict[str, Any]:
        """What ``seat`` has seen of the game so far: its own moves and the events it was shown.

        While a game is played its full record stays on the server: the seed
        foretells every die and card, and other seats' actions name their
        secret choices. This is the download a seated player gets instead.
        """
        return {
            "format": SEAT_RECORD_FORMAT,
            "game": self.game.id,
            "version": self.game.rules_version,
            "players": self.game.players,
            "options": dict(self.game.options),
            "seat": seat,
            "ply": self.ply,
            "moves": [
                [ply, step.text] for ply, step in enumerate(self.steps) if step.player == seat
            ],
            "log": [event_json(e) for e in self.all_events() if e.visible_to(seat)],
            "observation": self.state.observation(seat),
        }

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
        # Chance always shows something new (a die, a card, the seeded source's next draw);
        # a seat's action reveals where the rules say so, by the engine's flag.
        reveals = player == CHANCE or any(event.reveals for event in events)
        step = Step(player, self.text(action), tuple(events), reveals, secret)
        self.steps.append(step)
        return step

    def _advance_chance(self, taken: list[Step]) -> None:
        while self.state.is_chance_node():
            taken.append(self._apply(self.state.sample_chance(), CHANCE))

    def final_status(self) -> str:
        """Over at the rules' end; cut off once bots alone have played past the game's turn
        cap (The Dance sets no turn limit, and bots might never end it), as the lab does."""
        if self.state.is_terminal():
            return OVER
        if all(seat.is_bot for seat in self.seats) and past_cap(self.state, self.game.turn_cap):
            return CUT_OFF
        return PLAYING

    def resign_event(self, seat: int) -> Event:
        """The log line of a human leaving a game that goes on with a bot in the seat."""
        spec = self.seats[seat].spec
        text = f"{self.seat_names()[seat]} resigns; the {spec} bot plays the seat from now on."
        return Event("resign", sentence(text), {"player": seat, "bot": spec})

    def bots_to_move(self) -> list[int]:
        if self.status != PLAYING:
            return []
        return [p for p in self.state.current_players() if p >= 0 and self.seats[p].is_bot]

    def holder_seats(self, tokens: Sequence[str]) -> tuple[int, ...]:
        """The human seats whose tokens are among ``tokens``."""
        return self.seats_of(frozenset(hash_token(token) for token in tokens))

    def seats_of(self, hashes: frozenset[str]) -> tuple[int, ...]:
        """The seats whose token hashes are among ``hashes``."""
        return tuple(
            seat.seat for seat in self.seats if seat.token_hash and seat.token_hash in hashes
        )

    def is_creator(self, tokens: Sequence[str]) -> bool:
        creator = self.stored.creator_hash
        return creator is not None and any(hash_token(token) == creator for token in tokens)

    def away_for(self, seat: int, now: float) -> float | None:
        """Seconds since a human seat was last held by a connection; ``None`` if held now."""
        since = self.away_since.get(seat)
        return None if since is None or self.seats[seat].is_bot else now - since

    def stale(self, player: int, ply: object) -> str | None:
        """Why a request made at ``ply`` comes too late, or ``None`` if it is still current.

        A move made before other seats' secret parts of the same simultaneous
        choice is still current: those changed nothing this seat may see or do,
        and refusing it would make a person lose every race against a bot.
        """
        if ply is None or ply == self.ply:
            return None
        if isinstance(ply, bool) or not isinstance(ply, int):
            return f"'ply' must be the integer ply of the state you saw (now {self.ply})"
        if 0 <= ply < self.ply and all(
            step.secret and not step.reveals and step.player != player for step in self.steps[ply:]
        ):
            return None
        return (
            f"this move was made at ply {ply} but the game is at ply {self.ply}; "
            "the game has moved on since: look at the new position and choose again"
        )

    # -- views --------------------------------------------------------------

    def observation(self, viewer: Viewer) -> Observation:
        """What ``viewer`` sees now, built once per ply: a broadcast, the seat names and
        the moves' hints all read the same observations."""
        seen = self._seen
        if seen is None or seen[0] is not self.state or seen[1] != self.ply:
            seen = self._seen = (self.state, self.ply, {})
        observation = seen[2].get(viewer)
        if observation is None:
            observation = seen[2][viewer] = self.state.observation(viewer)
        return observation

    def seat_names(self) -> list[str]:
        """The seats' names as everyone sees them now; kept until the game moves on."""
        if self._names is None or self._names[0] is not self.state or self._names[1] != self.ply:
            game = self.game
            if game.names_from_play:
                names = game.player_names(self.observation(None))
            else:
                names = [game.player_name(p) for p in range(game.players)]
            self._names = (self.state, self.ply, names)
        return self._names[2]

    def meta(self) -> dict[str, Any]:
        """What anyone may know about the game: set-up, seats and status."""
        connected = {seat for conn in self.connections for seat in conn.seats}
        now = time.monotonic()
        names = self.seat_names()
        result = None
        if self.state.is_terminal():
            # A player who resigned ranks last, whatever the bot made of the seat.
            resigned = [seat.seat for seat in self.seats if seat.resigned_at is not None]
            ranking = [
                [p for p in group if p not in resigned] for group in self.state.outcome().ranking
            ]
            ranking = [group for group in ranking if group] + ([resigned] if resigned else [])
            result = {"winners": ranking[0], "ranking": ranking, "resigned": resigned}
            result["explained"] = aids.outcome(self.game, self.state)

        away = {
            seat.seat: None if seat.seat in connected else self.away_for(seat.seat, now)
            for seat in self.seats
        }
        return {
            "id": self.id,
            "game": self.game.id,
            "name": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "hotseat": self.stored.hotseat,
            "open": self.stored.join_key is None,
            "status": self.status,
            "resigned": self.resigned,
            "rematch": self.rematch_id,
            "result": result,
            "ply": self.ply,
            "absent_after": self.absent_after,
            "seats": [
                {
                    "seat": seat.seat,
                    "name": names[seat.seat],
                    "kind": "human" if not seat.is_bot else "bot",
                    "bot": seat.spec if seat.is_bot else None,
                    "claimed": seat.is_bot or seat.token_hash is not None,
                    "connected": seat.seat in connected,
                    "resigned": seat.resigned_at is not None,
                    "handed": seat.handed_at is not None,
                    "away": away[seat.seat] is not None,
                    "idle": (away[seat.seat] or 0.0) >= self.absent_after,
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
        observation = self.observation(viewer)
        return {
            "type": "state",
            "seat": viewer,
            "reset": reset,
            "ply": self.ply,
            "observation": observation,
            "current": list(current),
            "legal": self.moves_json(viewer, observation) if acting and viewer is not None else [],
            "events": [event_json(e) for e in events if e.visible_to(viewer)],
            **self._take_back_json(viewer),
            "join": self.stored.join_key if viewer is not None and not self.finished else None,
            "aids": aids.frame_aids(self.game, observation),
            "meta": meta if meta is not None else self.meta(),
        }

    def _take_back_json(self, viewer: Viewer) -> dict[str, Any]:
        """A frame's ``undo`` (the seat may take its last move back) and ``undo_refused``
        (why it may not, where its move is the last a person made)."""
        if viewer is None:
            return {"undo": False, "undo_refused": None}
        point, refused = self.take_back(viewer)
        return {"undo": point is not None, "undo_refused": refused}

    def moves_json(self, seat: int, observation: Observation) -> orjson.Fragment:
        """``seat``'s legal moves with their structured forms, words and hints, as a frame
        lists them, encoded once.

        The list depends only on the actions, their words and their hints, so it
        is kept by actions: a seat's frames while the others move, and every
        decision that offers the same moves in the same words (a re-roll, for any
        seat), reuse one encoding; only the check that the words and hints are
        unchanged is paid again. Each move's ``label`` is the game's words for
        it (``describe_action``), which the page shows.
        """
        actions = tuple(self.state.legal_actions(seat))
        hints = move_hints(self.game, observation, actions) if actions else {}
        labels = [describe_action(self.game, action, observation) for action in actions]
        cached = self._moves.get(actions)
        if cached is not None and cached[0] == (hints, labels):
            return cached[1]
        entries = [
            self.moves.entry(action)[:-1]
            + b',"label":'
            + orjson.dumps(label)
            + (
                b',"hint":' + orjson.dumps(hints[action], option=NON_STR_KEYS)
                if action in hints
                else b""
            )
            + b"}"
            for action, label in zip(actions, labels, strict=True)
        ]
        encoded = orjson.Fragment(b"[" + b",".join(entries) + b"]")
        if len(self._moves) >= MOVES_KEPT:
            self._moves.clear()
        self._moves[actions] = ((hints, labels), encoded)
        return encoded

    def handover_event(self, seat: int) -> Event:
        """The log line of an absent human's seat handed to a bot."""
        info = self.seats[seat]
        by = "the game's creator" if info.handed_by is None else self.seat_names()[info.handed_by]
        name = self.seat_names()[seat]
        text = f"{name} is away; {by} hands the seat to the {info.spec} bot."
        return Event(
            "handover", sentence(text), {"player": seat, "bot": info.spec, "by": info.handed_by}
        )

    def left_event(self, seat: int) -> Event:
        """Why a bot plays a human's seat: a resignation or a handover."""
        if self.seats[seat].resigned_at is not None:
            return self.resign_event(seat)
        return self.handover_event(seat)

    def all_events(self) -> list[Event]:
        """The whole log, with each resignation and handover where it happened."""
        notices = sorted(
            (seat.left_at, seat.seat) for seat in self.seats if seat.left_at is not None
        )
        events: list[Event] = []
        for ply, step in enumerate(self.steps):
            while notices and notices[0][0] <= ply:
                events.append(self.left_event(notices.pop(0)[1]))
            events.extend(step.events)
        events.extend(self.left_event(seat) for _, seat in notices)
        return events

    def undo_point(self, seat: int) -> int | None:
        """The ply that ``seat``'s take-back would return to, if the rules allow one."""
        return self.take_back(seat)[0]

    def take_back(self, seat: int) -> tuple[int | None, str | None]:
        """Where ``seat``'s take-back would return to, or why it may not, in words.

        A seat may take back its own last move, with what the bots and chance
        did after it, while none of those actions revealed anything (a die, a
        card, a secret shown: chance, or the engine's ``Event.reveals``) and no
        other person has acted since; the same rule holds in hotseat and online.
        A resignation or hand-over is never taken back either. The reason is
        given only where the seat's move is the last a person made (otherwise
        it is plain why), and reads only events the seat was shown.
        """
        if self.status != PLAYING:
            return None, None
        floor = max((s.left_at for s in self.seats if s.left_at is not None), default=0)
        shown: Step | None = None
        for ply in range(self.ply - 1, floor - 1, -1):
            step = self.steps[ply]
            if step.reveals:
                shown = step  # the first thing revealed after the seat's move, as told
            if step.player >= 0 and not self.seats[step.player].is_bot:
                if step.player != seat:
                    return None, None
                return (ply, None) if shown is None else (None, self._shown_reason(seat, shown))
        if any(step.player == seat for step in self.steps[:floor]):
            return None, (
                "A seat has changed hands since your move (a resignation or a bot taking over), "
                "so it cannot be taken back."
            )
        return None, None

    def _shown_reason(self, seat: int, step: Step) -> str:
        """Why a take-back is refused after ``step`` revealed something, as ``seat`` saw it."""
        seen = [event for event in step.events if event.visible_to(seat)]
        told = next((event for event in seen if event.reveals), seen[0] if seen else None)
        what = f" ({told.text.rstrip('.')})" if told is not None else ""
        if step.player == CHANCE:
            return f"Chance has drawn since your move{what}, so it cannot be taken back."
        if step.player == seat:
            return f"Your move showed what was hidden{what}, so it cannot be taken back."
        name = self.seat_names()[step.player]
        return (
            f"{name}'s move after yours showed what was hidden{what}, "
            "so your move cannot be taken back."
        )

    def catch_up(self, stored: StoredGame) -> tuple[list[Step], bool]:
        """Bring the room to ``stored``, as another server process left it: the steps
        applied and their notices (resignations, hand-overs), and whether the room was
        rebuilt instead, because the stored game does not extend it (a take-back)."""
        done = [(step.player, step.text) for step in self.steps]
        actions = stored.record.actions
        rebuilt = list(actions[: len(done)]) != done
        taken: list[Step] = []
        if rebuilt:
            self.reset_from(stored)
        else:
            for number, (player, text) in enumerate(actions[len(done) :], start=len(done) + 1):
                action = self.game.parse_action(text)
                if player == CHANCE and self.state.sample_chance() != action:
                    raise RecordError(
                        f"game {self.id}: chance action {number} differs from its seed"
                    )
                taken.append(self._apply(action, player))
        before, resigned = self.seats, self.resigned
        self.stored, self.seats = stored, list(stored.seats)
        self.status, self.resigned, self.rematch_id = (
            stored.status,
            stored.resigned,
            stored.rematch_id,
        )
        notices = [
            Step(CHANCE, "", (self.left_event(seat.seat),), True)
            for seat, was in zip(self.seats, before, strict=True)
            if seat.left_at is not None and was.left_at is None
        ]
        if self.resigned is not None and resigned is None:
            notices.append(Step(self.resigned, "", (self.game_over_event(self.resigned),), True))
        for seat in self.seats:
            if seat.is_bot:
                self.away_since.pop(seat.seat, None)
        return notices + taken, rebuilt

    def game_over_event(self, seat: int) -> Event:
        """The log line of a resignation that ends the game."""
        text = f"{self.seat_names()[seat]} resigns; the game is over."
        return Event("resign", text, {"player": seat})

    def reset_from(self, stored: StoredGame) -> None:
        """Replace the game with what is stored (after an undo or a failed write)."""
        fresh = Room(stored, self.bot_delay, self.absent_after)
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


@functools.lru_cache(maxsize=64)
def _cached_game(game_id: str, players: int, options: str) -> Game:
    options_of: dict[str, OptionValue] = orjson.loads(options)
    return make_game(game_id, players, **options_of)


def _seat_label(seat: int) -> str:
    return f"seat {seat + 1}"


def _lobby_game(entry: storage.RecentGame) -> Game | None:
    """The rules of a listed game that is not in memory, for its seat names; cached."""
    try:
        return _cached_game(
            entry.game,
            entry.players,
            orjson.dumps(entry.options, option=orjson.OPT_SORT_KEYS).decode(),
        )
    except BallroomError:
        return None


def psycopg_error() -> type[Exception]:
    """psycopg's base error (imported only where PostgreSQL is used)."""
    import psycopg

    return psycopg.Error


def _report_presence(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and (error := task.exception()) is not None:
        LOG.warning("could not tell the other server processes who is here: %r", error)


def _report_stop(game_id: str, driver: asyncio.Task[None]) -> None:
    """Log a bot driver that died of an error: its game waits until someone connects again
    or the room is reloaded."""
    if not driver.cancelled() and (error := driver.exception()) is not None:
        LOG.error("game %s: the bots stopped: %r", game_id, error, exc_info=error)


def sentence(text: str) -> str:
    """``text`` with a capital first letter (The Dance's names start with "the")."""
    return text[:1].upper() + text[1:]


def frame_text(message: dict[str, Any]) -> str:
    """A socket frame's JSON text; orjson, because encoding views is much of a move's cost."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def event_json(event: Event) -> dict[str, Any]:
    return event.to_json()


def new_join_key() -> str:
    """A private game's join key: its join links carry it, and nobody guesses it."""
    return secrets.token_urlsafe(12)


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
        # Rebuilding replays every action: a long game must not hold up the others.
        return self._add(self._watch(await self._read(self._room, stored)))

    def _room(self, stored: StoredGame) -> Room:
        return Room(stored, self.bot_delay, self.absent_after)

    def _watch(self, room: Room) -> Room:
        """Start the absence clocks of a room's away seats (on the event loop)."""
        for seat in room.away_since:
            self._tell_when_idle(room, seat)
        return room

    def _add(self, room: Room) -> Room:
        self.rooms[room.id] = room
        self._drive(room)
        return room

    async def resume_all(self) -> int:
        """Load every unfinished game so that bots and chance carry on after a restart.

        On PostgreSQL, shared with other server processes: start hearing their
        changes, and load the games with bots whose leases nobody holds.

        A game this engine cannot replay (recorded under rules since changed) is
        left as stored and logged, not allowed to stop the server: opening it
        answers with the reason. Returns how many games resumed.
        """
        if self.listener is not None and self.leases is not None:
            await self.listener.start()
            await self.leases.start()
            return len(await self._take_leases())
        ids = await self._read(self.store.playing_ids)
        resumed = 0
        for game_id in ids:
            try:
                await self.get(game_id)
            except BallroomError as error:
                LOG.warning("game %s cannot resume: %s", game_id, error)
            else:
                resumed += 1
        return resumed

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
        """Evict idle rooms now and then; checkpoint the SQLite WAL every second; on
        PostgreSQL, take over the games whose leases are free every second."""
        period = max(1.0, self.evict_after / 4)
        last = time.monotonic()
        while True:
            await asyncio.sleep(1.0)
            if self.writer.inline:
                await self._read(self.writer.checkpoint)
            if self.leases is not None:
                try:
                    await self._take_leases()
                except (BallroomError, OSError, psycopg_error()) as error:
                    LOG.warning("could not take over the leases of free games: %r", error)
            if time.monotonic() - last >= period:
                last = time.monotonic()
                self.evict_idle(last)

    async def close(self) -> None:
        self._sweeper.cancel()
        if self.listener is not None and self.leases is not None:
            await self.listener.close()
            await self.leases.close()
        for room in self.rooms.values():
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await room.driver
            for conn in room.connections:
                conn.close_code, conn.close_reason = 1001, "the server is shutting down"
                conn.outbox.put_nowait(None)
        self.writer.close()
        self.reads.shutdown(wait=True)
        self.bots.close()

    # -- other server processes (PostgreSQL) -----------------------------------

    async def _take_leases(self) -> list[str]:
        """Take the free leases of games with bots (a process that held them has gone), and
        drive the bots of every game held; the games taken."""
        assert self.leases is not None
        taken = await self.leases.take_free()
        for game_id in taken:
            try:
                await self.get(game_id)
                await self._catch_up(game_id)
            except BallroomError as error:
                LOG.warning("game %s cannot resume: %s", game_id, error)
        for game_id in self.leases.held:
            if (room := self.rooms.get(game_id)) is not None:
                self._drive(room)
        return taken

    def _changed(self, game_id: str) -> None:
        """Another server process changed ``game_id``: bring its room up to date."""
        if game_id in self._catching_up:
            self._changed_again.add(game_id)
            return
        held = self.leases is not None and game_id in self.leases.held
        if game_id not in self.rooms and game_id not in self._loading and not held:
            return  # not in memory here: loaded from storage when asked for
        task = asyncio.get_running_loop().create_task(self._catch_up_while_changed(game_id))
        self._catching_up[game_id] = task
        task.add_done_callback(lambda _: self._catching_up.pop(game_id, None))

    async def _catch_up_while_changed(self, game_id: str) -> None:
        while True:
            self._changed_again.discard(game_id)
            try:
                await self._catch_up(game_id)
            except (BallroomError, OSError) as error:
                LOG.error("game %s: could not catch up with storage: %r", game_id, error)
            if game_id not in self._changed_again:
                return

    async def _catch_up(self, game_id: str) -> None:
        """Read the game from storage and tell this process's clients what changed."""
        room = self.rooms.get(game_id)
        if room is None:
            if game_id in self._loading or (self.leases and game_id in self.leases.held):
                room = await self.get(game_id)
            else:
                return
        async with room.lock:
            stored = await self._read(self.store.load, game_id)
            if stored is None:
                return
            steps, rebuilt = room.catch_up(stored)
            for conn in list(room.connections):
                lost = [seat for seat in conn.seats if seat not in room.seats_of(conn.hashes)]
                if lost:
                    name = room.seat_names()[lost[0]]
                    self._close(room, conn, 4001, f"{name}'s seat link was re-issued")
            room.broadcast(steps, reset=rebuilt)
        self._drive(room)

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

    # -- the lobby ------------------------------------------------------------

    async def recent(self, limit: int = 20) -> list[dict[str, Any]]:
        """The newest games for the lobby: game, who sits where, status, whose move, age."""
        now = datetime.now(UTC)
        listed = []
        for entry in await self._read(self.store.recent, limit):
            room = self.rooms.get(entry.id)
            if room is None and entry.status == PLAYING:
                with contextlib.suppress(BallroomError):  # a broken game is listed all the same
                    room = await self.get(entry.id)  # whose move it is takes the game itself
            game = room.game if room is not None else _lobby_game(entry)
            name: Callable[[int], str] = game.player_name if game else _seat_label
            created = entry.created_at
            created = created if created.tzinfo else created.replace(tzinfo=UTC)
            waiting = (
                [name(p) for p in room.state.current_players() if p >= 0]
                if room is not None and room.status == PLAYING
                else []
            )
            listed.append(
                {
                    "id": entry.id,
                    "game": entry.game,
                    "name": game.name if game else entry.game,
                    "players": entry.players,
                    "status": room.status if room is not None else entry.status,
                    "created": created.isoformat(),
                    "age": max(0, round((now - created).total_seconds())),
                    "waiting": waiting,
                    "seats": [
                        {
                            "name": name(seat.seat),
                            "kind": "bot" if seat.is_bot else "human",
                            "bot": seat.spec if seat.is_bot else None,
                            "claimed": seat.is_bot or seat.token_hash is not None,
                            "left": seat.left_at is not None,
                        }
                        for seat in (room.seats if room is not None else entry.seats)
                    ],
                }
            )
        return listed

    # -- connections ----------------------------------------------------------

    async def join(self, room: Room, tokens: Sequence[str]) -> tuple[Connection, int]:
        """A new connection holding the seats of ``tokens``; also how many tokens held none."""
        async with room.lock:
            hashed = [hash_token(token) for token in tokens]
            hashes = frozenset(hashed)
            conn = Connection(room.seats_of(hashes), hashes=hashes)
            refused = sum(1 for one in hashed if not room.seats_of(frozenset((one,))))
            held = {seat for other in room.connections for seat in other.seats}
            room.connections.add(conn)
            for seat in conn.seats:
                room.away_since.pop(seat, None)
                if seat not in held:
                    self._note_presence(room.id, seat, here=True)
            events = room.all_events()
            for viewer in conn.viewers:
                conn.outbox.put_nowait(frame_text(room.view(viewer, events, reset=True)))
            room.broadcast([], exclude=conn)
            self._drive(room)  # bots stopped by an error start again when someone comes back
        return conn, refused

    def leave(self, room: Room, conn: Connection) -> None:
        """Forget a closed connection; the seats nobody holds any more are away from now."""
        self._close(room, conn, 1000, "")
        room.broadcast([])

    def _close(self, room: Room, conn: Connection, code: int, reason: str) -> None:
        if conn in room.connections:
            room.connections.discard(conn)
            conn.close_code, conn.close_reason = code, reason
            conn.outbox.put_nowait(None)
        held = {seat for other in room.connections for seat in other.seats}
        now = time.monotonic()
        for seat in conn.seats:
            if seat not in held:
                self._note_presence(room.id, seat, here=False)
                if not room.seats[seat].is_bot:
                    room.away_since[seat] = now
                    self._tell_when_idle(room, seat)
        conn.seats = ()

    def _note_presence(self, game_id: str, seat: int, *, here: bool) -> None:
        """Tell the other server processes that a connection here holds ``seat``, or that
        none does any more (in order: each note waits for the one before)."""
        if self.leases is None:
            return
        note = self.leases.hold if here else self.leases.let_go
        with contextlib.suppress(RuntimeError):  # no running loop: the server is closing
            task = asyncio.get_running_loop().create_task(note(game_id, seat))
            task.add_done_callback(_report_presence)

    def _tell_when_idle(self, room: Room, seat: int) -> None:
        """Tell everyone when an away seat may be handed to a bot by any seated player."""
        since = room.away_since[seat]

        def tell() -> None:
            if room.away_since.get(seat) == since and self.rooms.get(room.id) is room:
                room.broadcast([])

        with contextlib.suppress(RuntimeError):  # no running loop: nobody to tell
            asyncio.get_running_loop().call_later(room.absent_after + 0.05, tell)

    async def claim(self, room: Room, seat: int, token: str, join: str | None = None) -> None:
        """Give a free human seat to ``token``; a private game's needs its ``join`` key."""
        if not 0 <= seat < len(room.seats):
            raise RoomError(f"seat must be 0..{len(room.seats) - 1}, not {seat}")
        async with room.lock:
            info = room.seats[seat]
            if info.is_bot:
                raise RoomError(f"seat {seat} is played by a bot ({info.spec})")
            if room.status == UPLOADED:
                raise RoomError("an uploaded record has no seats to take")
            key = room.stored.join_key
            if key is not None and not secrets.compare_digest(join or "", key):
                raise NotAllowedError(
                    "this game is private: a free seat is taken only through a join link "
                    "from one of its players (it carries the game's join key)"
                    if not join
                    else "this join link's key does not match the game's; ask one of its "
                    "players for the game's join link"
                )
            ok = await self.writer.write(storage.claim_seat, room.id, seat, hash_token(token))
            if not ok:
                raise StorageError(f"seat {seat} ({room.seat_names()[seat]}) is already taken")
            room.seats[seat] = StoredSeat(seat, info.spec, hash_token(token))
            room.broadcast([])

    # -- bots ---------------------------------------------------------------

    def _drive(self, room: Room) -> None:
        if self.leases is not None and room.id not in self.leases.held:
            return  # another server process drives this game's bots
        if room.bots_to_move() and (room.driver is None or room.driver.done()):
            room.driver = asyncio.get_running_loop().create_task(self._bot_loop(room))
            room.driver.add_done_callback(functools.partial(_report_stop, room.id))

    async def _decide(self, room: Room, *, quick: bool, call: Callable[[], int]) -> int:
        """One bot decision, asked again if its worker process died while thinking.

        The pool replaces a dead worker; the decision's seed comes from the game's
        seed and the ply, so asking again is the same decision, not a new draw.
        A decision that kills its worker every time is given up after a few tries.
        """
        attempt = 1
        while True:
            try:
                return await self.bots.decide(room.id, quick=quick, call=call)
            except BrokenProcessPool:
                if attempt >= WORKER_RETRIES:
                    raise
                attempt += 1
                LOG.warning(
                    "game %s: a bot worker died at ply %d; asking again (try %d of %d)",
                    room.id,
                    room.ply,
                    attempt,
                    WORKER_RETRIES,
                )

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
            call = functools.partial(
                bot_move,
                (room.game.id, room.game.players, tuple(room.game.options.items())),
                player,
                spec,
                derive_seed(state.seed, "server-bot", ply),
                decision.observation,
                list(decision.legal_actions),
                self.bot_ms_max,
            )
            action = await self._decide(room, quick=not bot.searches, call=call)
            async with room.lock:
                if room.state is not state or room.ply != ply or player not in room.bots_to_move():
                    continue
                taken = [room._apply(action, player)]
                room._advance_chance(taken)
                try:
                    await self._commit(room, taken)
                except (StorageError, OSError):
                    return
