"""One live game: its engine state, rebuilt from the stored record, and its connections.

A ``Room`` holds one game's State and the sockets watching it. Every change
goes through the room's lock: the engine validates the move, the new actions
are committed, and only then does every connection get its own view, built
from ``observation(seat)`` and the events that seat may see. Chance is drawn
at once with the state's seeded source. ``RoomManager`` (``rooms``) holds
every room of the process.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson

from ballroom.core.capabilities import describe_action, move_hints
from ballroom.core.errors import BallroomError, RecordError
from ballroom.core.events import Event
from ballroom.core.game import Game, make_game
from ballroom.core.options import OptionValue
from ballroom.core.play import past_cap
from ballroom.core.record import GameRecord
from ballroom.core.state import CHANCE, Observation, State
from ballroom.server import aids, storage
from ballroom.server.moves import move_list
from ballroom.server.storage import (
    CUT_OFF,
    OVER,
    PLAYING,
    StoredGame,
    hash_token,
)

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
