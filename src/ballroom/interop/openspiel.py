"""OpenSpiel games for every registered game, registered with ``pyspiel``.

Importing this module registers ``python_ballroom_<id>`` (dashes become
underscores) for each game with a tensor encoding::

    import pyspiel  # type: ignore[import-not-found]
    import ballroom.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("python_ballroom_dancing_dice", {"players": 2, "endurance": 1})

Parameters are ``players`` (default: the game's minimum), every rule option
(dashes as underscores; defaults as the game declares) and ``max_game_length``.

The game type, and why:

- **Sequential dynamics; secret simultaneous choices become sequential
  imperfect-information turns.** The engine lets the seats of a
  simultaneous decision submit in any order, so asking them one by one,
  lowest seat first, is one of its legal orders; and because a seat's
  information comes only from ``observation(seat)``, which never shows
  another seat's pending choice, a later seat decides without knowing the
  earlier choices, exactly as in the simultaneous game. OpenSpiel's
  ``MCTSBot``, MCCFR and PettingZoo's AEC model all need sequential turns.
- **Explicit stochastic chance**: every chance node lists its outcomes and
  probabilities (``State.chance_outcomes``); OpenSpiel samples them.
- **Imperfect information; constant-sum utility**: the returns are the
  winners' shares of 1.0, so they sum to 1 (utility range 0..1).
- **Terminal rewards.**

Information: the observation string is the seat's ``observation(seat)`` as
JSON and the observation tensor is the game's encoding of it; with
``private_info=NONE`` both show the spectator's view, ``observation(None)``.
The information-state string is exact perfect recall: the seat's own actions
and the sequence of its observations after every step (repeats counted).
No information-state tensor is offered: these games have no bound on their
length, so a perfect-recall history has no fixed shape.

OpenSpiel needs a bound on the number of decisions. A game that reaches
``max_game_length`` decisions (default 100,000, far beyond any game seen
in simulation) ends there, and the players share the win equally.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt

from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game, games
from ballroom.core.state import CHANCE, State
from ballroom.interop import has_encoding, missing_extra

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as error:
    raise missing_extra(error) from error

PREFIX = "python_ballroom_"
DEFAULT_MAX_GAME_LENGTH = 100_000
"""Decisions (chance excluded) before a game is cut off as a shared win."""


def openspiel_name(game_id: str) -> str:
    """``"dancing-dice"`` -> ``"python_ballroom_dancing_dice"``."""
    return PREFIX + game_id.replace("-", "_")


def _game_type(game: type[Game]) -> Any:
    parameters: dict[str, Any] = {
        "players": game.min_players,
        "max_game_length": DEFAULT_MAX_GAME_LENGTH,
    }
    for option in game.option_set.options:
        parameters[option.name.replace("-", "_")] = option.default
    return pyspiel.GameType(
        short_name=openspiel_name(game.id),
        long_name=f"ballroom {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class BallroomGame(pyspiel.Game):  # type: ignore[misc]
    """A ballroom game seen through OpenSpiel; one subclass per registered game."""

    ballroom_game: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        players = int(given.pop("players", self.ballroom_game.min_players))
        self.max_length = int(given.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        if self.max_length < 1:
            raise InvalidOptionError(
                f"max_game_length must be a positive number of decisions, not {self.max_length}"
            )
        self.game = self.ballroom_game(players, **given)
        self.initial = self.game.new_state(0)
        """Cloned for every new state: OpenSpiel makes one per clone and per tensor-shape query."""
        actions = self.game.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(self.ballroom_game), info, params or {})

    def new_initial_state(self) -> BallroomState:
        return BallroomState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BallroomObserver:
        if params:
            raise InvalidOptionError(f"ballroom observers take no parameters, not {sorted(params)}")
        return BallroomObserver(self.game, iig_obs_type)


class _Log:
    """One seat's perfect-recall record: its actions and its observations, repeats counted."""

    __slots__ = ("last", "lines", "repeats")

    def __init__(self, first: str) -> None:
        self.lines: list[str] = []
        self.last: str | None = first
        self.repeats = 1

    def copy(self) -> _Log:
        twin = _Log("")
        twin.lines, twin.last, twin.repeats = list(self.lines), self.last, self.repeats
        return twin

    def act(self, text: str) -> None:
        self._flush()
        self.lines.append(f"you: {text}")
        self.last, self.repeats = None, 0

    def see(self, view: str) -> None:
        if view == self.last:
            self.repeats += 1
        else:
            self._flush()
            self.last, self.repeats = view, 1

    def _flush(self) -> None:
        if self.last is not None:
            self.lines.append(self.last if self.repeats == 1 else f"{self.last} x{self.repeats}")

    def text(self) -> str:
        if self.last is None:
            return "\n".join(self.lines)
        tail = self.last if self.repeats == 1 else f"{self.last} x{self.repeats}"
        return "\n".join([*self.lines, tail])


class _Held:
    """The engine state, plus the seats' perfect-recall logs once someone asks for them.

    OpenSpiel clones a Python state by deep-copying its attributes; this
    copies the engine state with its own fast ``clone`` and shares the
    immutable log lines.
    """

    __slots__ = ("cursor", "logs", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.cursor: State | None = None
        """A replay of ``state`` from its start, as far as the logs go."""
        self.logs: list[_Log] = []

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        twin = _Held(self.state.clone())
        if self.cursor is not None:
            twin.cursor = self.cursor.clone()
            twin.logs = [log.copy() for log in self.logs]
        return twin

    def information_state(self, player: int) -> str:
        """Perfect recall for ``player``: her actions and her observations after every step.

        Consecutive equal observations are written once with their count,
        which keeps the string short without losing how many steps passed.
        The logs are extended lazily, so search that never asks pays nothing.
        """
        state = self.state
        game = state.game
        seats = range(game.players)
        if self.cursor is None:
            self.cursor = game.new_state(state.seed)
            self.logs = [_Log(_view(self.cursor, p)) for p in seats]
        cursor = self.cursor
        for actor, action in state.history[len(cursor.history) :]:
            cursor.apply(action, actor, trusted=True)
            for p in seats:
                if actor == p:
                    self.logs[p].act(game.action_to_text(action))
                self.logs[p].see(_view(cursor, p))
        return self.logs[player].text()


def _view(state: State, player: int | None) -> str:
    return json.dumps(state.observation(player), sort_keys=True)


class BallroomState(pyspiel.State):  # type: ignore[misc]
    """An engine state in OpenSpiel's clothes; seats of a simultaneous node act lowest first."""

    def __init__(self, game: BallroomGame) -> None:
        super().__init__(game)
        self.held = _Held(game.initial.clone())
        self.max_length = game.max_length
        self.decisions = 0

    @property
    def engine(self) -> State:
        """The wrapped engine state."""
        return self.held.state

    def _cut_off(self) -> bool:
        return self.decisions >= self.max_length

    def current_player(self) -> int:
        if self._cut_off() or self.engine.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        players = self.engine.current_players()
        if players == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        return min(players)

    def is_terminal(self) -> bool:
        return self._cut_off() or self.engine.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self.engine.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.engine.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            self.engine.apply(action, CHANCE)
        else:
            self.engine.apply(action, player)
            self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return self.engine.game.action_to_text(action)

    def returns(self) -> list[float]:
        players = self.engine.game.players
        if self.engine.is_terminal():
            return self.engine.returns()
        if self._cut_off():
            return [1.0 / players] * players
        return [0.0] * players

    def __str__(self) -> str:
        """Every seat's view and the spectator's: together, the whole state."""
        seats = [None, *range(self.engine.game.players)]
        return "\n".join(_view(self.engine, p) for p in seats)


class BallroomObserver:
    """OpenSpiel's observer protocol over ``observation(seat)`` and the game's encoding."""

    def __init__(self, game: Game, iig_obs_type: Any) -> None:
        self.game = game
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        if iig_obs_type is not None:
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise InvalidOptionError(
                    "ballroom observers show one seat's view or the public view, "
                    "not every seat's private information"
                )
            if not iig_obs_type.public_info:
                raise InvalidOptionError(
                    "ballroom observations always include the public information"
                )
            if self.perfect_recall and self.public:
                raise InvalidOptionError(
                    "a public perfect-recall observer is not offered; "
                    "use a seat's information state or the public observation"
                )
        size = 0 if self.perfect_recall else int(np.prod(game.observation_shape))
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, dtype=np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = (
            {} if self.perfect_recall else {"observation": self.tensor}
        )

    def _seat(self, player: int) -> int | None:
        return None if self.public else player

    def set_from(self, state: BallroomState, player: int) -> None:
        if not self.perfect_recall:
            encoded = self.game.encode_observation(state.engine.observation(self._seat(player)))
            self.tensor[:] = encoded.reshape(-1)

    def string_from(self, state: BallroomState, player: int) -> str:
        if self.perfect_recall:
            return state.held.information_state(player)
        return _view(state.engine, self._seat(player))


def register_games() -> list[str]:
    """Register every encodable game with pyspiel (idempotent); returns their names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in games():
        if not has_encoding(game):
            continue
        name = openspiel_name(game.id)
        names.append(name)
        if name in registered:
            continue
        cls = type(f"OpenSpiel{game.__name__}", (BallroomGame,), {"ballroom_game": game})
        pyspiel.register_game(_game_type(game), cls)
    return names


REGISTERED = register_games()
"""The OpenSpiel names of the games registered on import."""
