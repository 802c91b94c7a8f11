"""OpenSpiel games for every registered game, registered with ``pyspiel``.

Importing this module registers ``python_ballroom_<id>`` (dashes become
underscores) for each game with a tensor encoding::

    import pyspiel  # type: ignore[import-not-found]
    import ballroom.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("python_ballroom_dancing_dice", {"players": 2, "endurance": 1})

Parameters are ``players`` (default: the game's minimum), every rule option
(dashes as underscores; defaults as the game declares), ``max_turns`` (the
turn cap, default the game's ``turn_cap``; 0 for none),
``max_game_length`` and ``zero_sum`` (below).

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
- **Imperfect information; general-sum utility**: a finished game's returns
  are the winners' shares of 1.0 (utility range 0..1), and a game cut off
  returns 0 to everyone, since it has no winner (below); so the returns
  sum to 1 or to 0, and the game is not declared constant-sum.
  With ``zero_sum=true`` a finished game returns each seat's share less the
  fair share 1/n, and a game cut off 0 to everyone, as if shared evenly:
  the returns sum to 0 in every ending and the game is declared zero-sum,
  which ``exploitability`` needs. Algorithms that walk the whole tree (CFR,
  exact exploitability) need a finite one too: a game's research options
  with ``max_turns`` give one (Dancing Dice: ``research.py``).
- **Terminal rewards.**

Information: a seat's observation string and its information-state string
are both its ``observation(seat)`` as compact JSON, and both tensors are the
game's encoding of it (``encode_observation``, of ``observation_shape``).
The view already holds what a seat needs to decide (its own dice, cards and
pending choices, the public record of the table), so one encoding serves
both; a string of the whole history would grow with the game (100 KB and
more) for no decision-relevant gain. The information state therefore does
not have perfect recall of every earlier view. With ``private_info=NONE``
the observer shows the spectator's view, ``observation(None)``.

Search algorithms that walk OpenSpiel states, such as ``MCTSBot``, clone
the true state and so see every hidden die and card: they play a game of
perfect information. Ballroom's ``mcts`` bot searches determinizations of
its own observation and never sees them. Do not compare the two as equals.

OpenSpiel needs a bound on the number of decisions. A game is cut off, and
is then terminal for OpenSpiel, once it passes ``max_turns`` turns (The
Dance has no turn limit in its rules, RULINGS 16, and random play seldom
ends it: its cap is 200 turns) or reaches ``max_game_length`` decisions
(default 100,000, far beyond any capped game). A game cut off is
*truncated*: no winner, every return 0, never a shared win.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt

from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game, games
from ballroom.core.play import past_cap
from ballroom.core.state import CHANCE, State
from ballroom.interop import has_encoding, missing_extra

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as error:
    raise missing_extra(error) from error

PREFIX = "python_ballroom_"
DEFAULT_MAX_GAME_LENGTH = 100_000
"""Decisions (chance excluded) before a game is cut off, with no winner."""


def openspiel_name(game_id: str) -> str:
    """``"dancing-dice"`` -> ``"python_ballroom_dancing_dice"``."""
    return PREFIX + game_id.replace("-", "_")


def _game_type(game: type[Game], zero_sum: bool = False) -> Any:
    parameters: dict[str, Any] = {
        "players": game.min_players,
        "max_turns": game.turn_cap or 0,
        "max_game_length": DEFAULT_MAX_GAME_LENGTH,
        "zero_sum": False,
    }
    for option in game.option_set.options:
        parameters[option.name.replace("-", "_")] = option.default
    return pyspiel.GameType(
        short_name=openspiel_name(game.id),
        long_name=f"ballroom {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if zero_sum
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
        max_turns = int(given.pop("max_turns", self.ballroom_game.turn_cap or 0))
        if max_turns < 0:
            raise InvalidOptionError(f"max_turns must be 0 (no cap) or more, not {max_turns}")
        self.max_turns = max_turns or None
        zero_sum = bool(given.pop("zero_sum", False))  # pyspiel checks it is a bool
        self.zero_sum = zero_sum
        self.game = self.ballroom_game(players, **given)
        self.initial = self.game.new_state(0)
        """Cloned for every new state: OpenSpiel makes one per clone and per tensor-shape query."""
        actions = self.game.num_distinct_actions
        fair = 1.0 / players if zero_sum else 0.0
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,
            num_players=players,
            min_utility=-fair,
            max_utility=1.0 - fair,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(self.ballroom_game, zero_sum), info, params or {})

    def new_initial_state(self) -> BallroomState:
        return BallroomState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BallroomObserver:
        if params:
            raise InvalidOptionError(f"ballroom observers take no parameters, not {sorted(params)}")
        return BallroomObserver(self.game, iig_obs_type)


class _Held:
    """The engine state, copied with its own fast ``clone`` when OpenSpiel deep-copies a state."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.state.clone())


def _view(state: State, player: int | None) -> str:
    """The seat's observation as compact JSON: the observation and information-state string."""
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))


class BallroomState(pyspiel.State):  # type: ignore[misc]
    """An engine state in OpenSpiel's clothes; seats of a simultaneous node act lowest first."""

    def __init__(self, game: BallroomGame) -> None:
        super().__init__(game)
        self.held = _Held(game.initial.clone())
        self.max_length = game.max_length
        self.max_turns = game.max_turns
        self.zero_sum = game.zero_sum
        self.decisions = 0

    @property
    def engine(self) -> State:
        """The wrapped engine state."""
        return self.held.state

    def _cut_off(self) -> bool:
        """Whether the game was cut off (truncated, no winner) by either bound."""
        return self.decisions >= self.max_length or past_cap(self.engine, self.max_turns)

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
        """The winners' shares once the game is over (less the fair share, when zero-sum);
        0 for everyone before, and for a game cut off, which has no winner."""
        shares = self.engine.returns()
        if not self.zero_sum or not self.engine.is_terminal():
            return shares
        fair = 1.0 / len(shares)
        return [share - fair for share in shares]

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
        self.tensor: npt.NDArray[np.float32] = np.zeros(
            int(np.prod(game.observation_shape)), dtype=np.float32
        )
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public else player

    def set_from(self, state: BallroomState, player: int) -> None:
        encoded = self.game.encode_observation(state.engine.observation(self._seat(player)))
        self.tensor[:] = encoded.reshape(-1)

    def string_from(self, state: BallroomState, player: int) -> str:
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
