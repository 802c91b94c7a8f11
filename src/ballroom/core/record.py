"""GameRecord: a game as its options, its seed and its actions.

The record is the unit of storage: saved games, server persistence, lab
outputs and bug reports all use it. ``replay`` re-applies every action,
checking that each is legal and that each chance outcome is the one the seed
gives, so an edited record is caught at the first action that differs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ballroom.core.errors import BallroomError, RecordError
from ballroom.core.events import Event
from ballroom.core.game import Game, get_game
from ballroom.core.options import OptionValue
from ballroom.core.state import CHANCE, State

FORMAT = "ballroom-record/1"
SEED_LIMIT = 1 << 63
"""Seeds are below 2**63 so that every database stores them as a signed 64-bit integer."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to reproduce one game exactly."""

    game: str
    version: str
    players: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    actions: tuple[tuple[int, str], ...] = ()
    seats: tuple[str, ...] = ()

    @classmethod
    def of(cls, state: State, seats: tuple[str, ...] = ()) -> GameRecord:
        game = state.game
        return cls(
            game=game.id,
            version=game.rules_version,
            players=game.players,
            seed=state.seed,
            options=dict(game.options),
            actions=tuple((player, game.action_to_text(a)) for player, a in state.history),
            seats=seats,
        )

    # -- JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [[player, text] for player, text in self.actions],
        }
        if self.seats:
            data["seats"] = list(self.seats)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Build a record from parsed JSON, naming the first field that is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
        expected: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "version": str,
            "players": int,
            "seed": int,
            "options": dict,
            "actions": list,
        }
        for key, kind in expected.items():
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise RecordError(f"field {key!r} is missing or not of type {kind}")
        actions: list[tuple[int, str]] = []
        for index, entry in enumerate(data["actions"], start=1):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], str)
            ):
                raise RecordError(f"action {index} must be [player, text], not {entry!r}")
            actions.append((entry[0], entry[1]))
        if not 0 <= data["seed"] < SEED_LIMIT:
            raise RecordError(f"field 'seed' must be 0..{SEED_LIMIT - 1}, not {data['seed']}")
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("field 'seats' must be a list of strings")
        return cls(
            game=data["game"],
            version=data["version"],
            players=data["players"],
            seed=data["seed"],
            options=dict(data["options"]),
            actions=tuple(actions),
            seats=tuple(seats),
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError(f"cannot read {path}: {error}") from None
        return cls.loads(text)

    # -- replay -------------------------------------------------------------

    def new_state(self, game_class: type[Game] | None = None) -> State:
        """The initial state this record starts from (checks game and version).

        ``game_class`` plays a game that is not registered (an example, a
        game under test); by default the registry's game of the record's id.
        """
        if game_class is None:
            game_class = get_game(self.game)
        elif game_class.id != self.game:
            raise RecordError(f"record is for {self.game}, not {game_class.id}")
        if game_class.rules_version != self.version:
            raise RecordError(
                f"record is for {self.game} rules version {self.version!r}, "
                f"but this engine plays version {game_class.rules_version!r}"
            )
        try:
            game = game_class(self.players, **self.options)
        except BallroomError as error:
            raise RecordError(f"record's set-up is invalid: {error}") from None
        return game.new_state(self.seed)


def replay(
    record: GameRecord,
    *,
    upto: int | None = None,
    verify_chance: bool = True,
    on_events: Callable[[list[Event]], None] | None = None,
    game_class: type[Game] | None = None,
) -> State:
    """Re-apply the record's actions (the first ``upto`` of them) and return the state.

    Raises RecordError naming the first action that is illegal, or whose
    chance outcome differs from the one the record's seed produces.
    ``on_events`` receives the events of each action as it is re-applied;
    ``game_class`` replays a game that is not registered.
    """
    state = record.new_state(game_class)
    actions = record.actions if upto is None else record.actions[:upto]
    for number, (player, text) in enumerate(actions, start=1):
        where = (
            f"action {number} ({'chance' if player == CHANCE else f'player {player}'}: {text!r})"
        )
        try:
            action = state.game.parse_action(text)
            if player == CHANCE and verify_chance:
                expected = state.sample_chance() if state.is_chance_node() else None
                if expected is not None and expected != action:
                    seeded = state.game.action_to_text(expected)
                    raise RecordError(f"the seed gives {seeded!r} here, not {text!r}")
            events = state.apply(action, player)
        except BallroomError as error:
            raise RecordError(f"{where} does not replay: {error}") from None
        if on_events is not None:
            on_events(events)
    return state
