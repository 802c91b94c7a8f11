"""OpenSpiel games for every registered game, registered with ``pyspiel``.

Importing this module registers ``python_ballroom_<id>`` (dashes become
underscores) for each game with a tensor encoding::

    import pyspiel  # type: ignore[import-not-found]
    import ballroom.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("python_ballroom_dancing_dice", {"players": 2, "endurance": 1})

Parameters are ``players`` (default: the game's minimum), every rule option
(dashes as underscores; defaults as the game declares), ``max_turns`` (the
turn cap, default the game's ``turn_cap``; 0 for none),
``max_game_length``, ``zero_sum`` (below) and ``pad_players``: true lays
the tensors out for the game's most players (``Game.encode_padded``; the
``player`` piece one-hot over that many seats, the ``history`` piece as
long as the largest table's games and as wide), so that their shapes are the
same at every table size.

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

Information (``docs/openspiel.md`` publishes every game's layout):

- The **observation** is what the seat sees now: its string is
  ``observation(seat)`` as compact JSON; its tensor holds named pieces
  (the observer's ``dict``): ``player`` (one-hot seat), ``private`` (the
  game's encoding of the seat's view, ``encode_observation``, whose layout
  the game's ``encoding`` module documents) and ``public`` (the same
  encoding of the spectator's view, ``observation(None)``: what every seat
  shares).
- The **information state** has perfect recall: the observation and the
  seat's ``history``, one row per decision of the game so far, saying
  which seat decided and, for the seat's own decisions, which action it
  took (others' actions are never shown: whatever of them the table saw is
  in the views). Its string is ``{"history": [[seat], [seat, action],
  ...], "view": observation}``; its tensor adds a ``history`` piece of
  ``max_game_length`` rows of ``players + 1`` values (one-hot seat, then
  ``(action + 1) / num_distinct_actions`` on the seat's own rows).
- An observer asked for ``private_info=NONE`` shows the spectator's view
  (``public``), and the history without any action when asked for perfect
  recall.

``resample_from_infostate`` deals a state the seat cannot tell from this
one with the game's own ``determinize`` (so OpenSpiel's ``ISMCTSBot``
runs); the resampled state keeps the seat's history, forgets the other
seats' actions, and starts its own OpenSpiel ``history()`` afresh.
``undo_action`` takes back the last action (RLCard's ``step_back``) by
replaying the rest; ``history()``, ``full_history()``, ``history_str()`` and
``move_number()`` follow it.

Search algorithms that walk OpenSpiel states, such as ``MCTSBot``, clone
the true state and so see every hidden die and card: they play a game of
perfect information. Ballroom's ``mcts`` bot and ``ISMCTSBot`` search
determinizations of the seat's information and never see them. Do not
compare ``MCTSBot`` with them as equals.

Bots both ways: ``SpielAgent(make_bot)`` seats an OpenSpiel bot wherever a
ballroom agent sits (it is handed a state dealt from its seat's view, never
the true one), and ``BallroomBot(game, player, seat)`` is a ``pyspiel.Bot``
playing a ballroom bot or Python agent from its seat's Decision, for
``pyspiel.evaluate_bots``.

For Python callers, ``legal_actions`` and ``is_chance_node`` are answered in
Python (as pyspiel would), the current player is worked out once an action,
and ``apply_action`` checks against the legal actions already asked.

OpenSpiel needs a bound on the number of decisions, ``max_game_length``.
By default it is the game's own (``game_length``): the turns a game may
last (``max_turns``, else the rules' number of turns, else the game's
``turn_cap``, else 50) times a bound on one turn's decisions for the table
(``LENGTHS``, well above what random play takes). A game is cut off, and is
then terminal for OpenSpiel, once it passes ``max_turns`` turns (The Dance
has no turn limit in its rules, RULINGS 16, and random play seldom ends
it: its cap is 200 turns) or reaches ``max_game_length`` decisions. A game
cut off is *truncated*: no winner, every return 0, never a shared win.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ballroom.agents import Seat, seat_agent
from ballroom.core.agent import Decision
from ballroom.core.capabilities import Determinizes
from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.game import Game, games
from ballroom.core.play import decision_for
from ballroom.core.rng import Rng, derive_seed
from ballroom.core.state import CHANCE, State
from ballroom.interop import has_encoding, missing_extra

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError as error:
    raise missing_extra(error) from error

PREFIX = "python_ballroom_"
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
UNSEEN = -1
"""A history row's action where the seat did not take it (a resampled state's other seats)."""


@dataclass(frozen=True, slots=True)
class Length:
    """How long a game may last, for ``max_game_length``.

    ``turns``: the turns its rules allow (``None``: no limit in the rules);
    ``per_turn`` + ``per_seat * players``: a bound on the decisions of one
    turn, at about twice the most that random play takes.
    """

    turns: int | None
    per_turn: int = 0
    per_seat: int = 0


LENGTHS: dict[str, Length] = {
    "dancing-dice": Length(turns=None, per_seat=4),
    "dark-tales": Length(turns=None, per_turn=8),
    "dominare": Length(turns=7, per_seat=48),
    "the-dance": Length(turns=None, per_seat=16),
    "vampires-harvest": Length(turns=12, per_seat=20),
}
"""Each built-in game's length; a game missing here gets ``FALLBACK_LENGTH``."""
FALLBACK_LENGTH = Length(turns=None, per_turn=20, per_seat=20)
UNCAPPED_TURNS = 50
"""Turns counted for a game with neither a limit in its rules nor a cap."""


def game_length(game: Game, max_turns: int | None, players: int | None = None) -> int:
    """The decisions a game of ``game``'s options (at a table of ``players``, by default
    its own) may take before it is cut off."""
    length = LENGTHS.get(game.id, FALLBACK_LENGTH)
    limits = [n for n in (max_turns, length.turns, game.turn_cap) if n is not None]
    turns = min(limits) if limits else UNCAPPED_TURNS
    seats = game.players if players is None else players
    # Decisions before the first turn and in the turn past a cap count as one more turn.
    return (turns + 1) * (length.per_turn + length.per_seat * seats)


def openspiel_name(game_id: str) -> str:
    """``"dancing-dice"`` -> ``"python_ballroom_dancing_dice"``."""
    return PREFIX + game_id.replace("-", "_")


def _game_type(game: type[Game], zero_sum: bool = False) -> Any:
    parameters: dict[str, Any] = {
        "players": game.min_players,
        "max_turns": game.turn_cap or 0,
        "max_game_length": 0,
        "zero_sum": False,
        "pad_players": False,
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


class _Shared:
    """A value no state changes, shared rather than copied when OpenSpiel clones a state."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class BallroomGame(pyspiel.Game):  # type: ignore[misc]
    """A ballroom game seen through OpenSpiel; one subclass per registered game."""

    ballroom_game: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        players = int(given.pop("players", self.ballroom_game.min_players))
        max_length = int(given.pop("max_game_length", 0))
        if max_length < 0:
            raise InvalidOptionError(
                "max_game_length must be 0 (the game's own bound) or a positive number "
                f"of decisions, not {max_length}"
            )
        max_turns = int(given.pop("max_turns", self.ballroom_game.turn_cap or 0))
        if max_turns < 0:
            raise InvalidOptionError(f"max_turns must be 0 (no cap) or more, not {max_turns}")
        self.max_turns = max_turns or None
        zero_sum = bool(given.pop("zero_sum", False))  # pyspiel checks it is a bool
        self.zero_sum = zero_sum
        self.pad_players = bool(given.pop("pad_players", False))
        self.game = self.ballroom_game(players, **given)
        self.max_length = max_length or game_length(self.game, self.max_turns)
        self.seats = self.game.max_players if self.pad_players else players
        """The seats the tensors are laid out for."""
        self.recall_rows = max(
            self.max_length,
            game_length(self.game, self.max_turns, self.seats) if self.pad_players else 0,
        )
        """The ``history`` piece's rows."""
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
        return BallroomObserver(self, iig_obs_type)


class _Held:
    """The engine state, copied with its own fast ``clone`` when OpenSpiel deep-copies a state."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.state.clone())


def _view(state: State, player: int | None) -> str:
    """The seat's observation as compact JSON: the observation string."""
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))


class BallroomState(pyspiel.State):  # type: ignore[misc]
    """An engine state in OpenSpiel's clothes; seats of a simultaneous node act lowest first."""

    def __init__(self, game: BallroomGame) -> None:
        super().__init__(game)
        self.base = _Shared(game.initial)
        """The engine state ``moves`` start from; ``undo_action`` replays them on a clone."""
        self.moves: list[tuple[int, int]] = []
        """(player, action) of every action since ``base``, chance's included: the history."""
        self.trail: list[tuple[int, int]] = []
        """(seat, action) of every decision of the game: the information states' history."""
        self.max_length = game.max_length
        self.max_turns = game.max_turns
        self.zero_sum = game.zero_sum
        self._player = TERMINAL
        """Who acts now (``current_player``), worked out once a change."""
        self._legal: list[int] | None = None
        """The current player's legal actions, once asked, until the next action."""
        self.held = _Held(game.initial.clone())

    @property
    def held(self) -> _Held:
        """The engine state, in the holder that deep-copies it by its own ``clone``."""
        return self._held

    @held.setter
    def held(self, held: _Held) -> None:
        self._held = held
        self._changed()

    @property
    def engine(self) -> State:
        """The wrapped engine state."""
        return self.held.state

    @property
    def decisions(self) -> int:
        """Decisions taken so far (chance excluded): what ``max_game_length`` bounds."""
        return len(self.trail)

    def _who(self) -> int:
        """Who acts now, worked out from the engine (``current_player`` remembers it)."""
        engine = self._held.state
        players = engine.current_players()
        if not players or len(self.trail) >= self.max_length:
            return TERMINAL
        if self.max_turns is not None and engine.turns() > self.max_turns:
            return TERMINAL  # cut off past its turn cap (core.play.past_cap)
        if players == (CHANCE,):
            return CHANCE_PLAYER
        return min(players)

    def _changed(self) -> None:
        """After the engine state changed: who acts, and no legal actions asked yet."""
        self._player = self._who()
        self._legal = None

    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._player == TERMINAL

    def is_chance_node(self) -> bool:
        """pyspiel's, answered in Python (no round trip through C++ for Python callers)."""
        return self._player == CHANCE_PLAYER

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``, answered in Python: the chance outcomes' actions at a
        chance node (whoever is asked about), the current player's legal actions (none for
        anyone else), none at the end. C++ callers get the same from pyspiel itself."""
        current = self._player
        if current == TERMINAL:
            return []
        if current == CHANCE_PLAYER:
            return [action for action, _ in self.chance_outcomes()]
        if player is not None and player != current:
            if player < 0:
                raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
            return []
        return list(self._legal_actions(current))

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._held.state.legal_actions(player)
        return legal  # pyspiel hands its callers a copy

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.engine.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Apply a legal action; one that is not is refused with the rules' message. The
        legal actions already asked for this state serve as the check, else the engine's."""
        player = self._player
        engine = self._held.state
        if player == CHANCE_PLAYER:
            player = CHANCE
        legal: Sequence[int] | None = self._legal
        allowed = action in legal if legal is not None else engine.is_legal(action, player)
        if not allowed:
            engine.apply(action, player)  # refused, with the rules' message
        engine.advance(action, player)
        self.moves.append((player, action))
        if player != CHANCE:
            self.trail.append((player, action))
        self._player = self._who()
        self._legal = None

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action, which ``player`` took (RLCard's ``step_back``)."""
        if not self.moves:
            raise IllegalActionError("nothing to undo: no action was taken in this state")
        if self.moves[-1] != (player, action):
            last_player, last_action = self.moves[-1]
            raise IllegalActionError(
                f"only the last action can be undone: player {last_player}'s {last_action}, "
                f"not player {player}'s {action}"
            )
        self.moves.pop()
        if player != CHANCE:
            self.trail.pop()
        engine = self.base.value.clone()
        for mover, move in self.moves:
            engine.advance(move, mover)
        self.held = _Held(engine)

    def history(self) -> list[int]:
        return [action for _, action in self.moves]

    def full_history(self) -> list[Any]:
        return [pyspiel.PlayerAction(player, action) for player, action in self.moves]

    def history_str(self) -> str:
        return ", ".join(str(action) for _, action in self.moves)

    def move_number(self) -> int:
        return len(self.moves)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BallroomState:
        """A state ``player_id`` cannot tell from this one: what it cannot see dealt afresh
        by the game's ``determinize``, seeded from ``probability_sampler``."""
        game = self.engine.game
        if not isinstance(game, Determinizes):
            raise InvalidOptionError(f"{game.name} cannot deal states from a seat's view")
        if not 0 <= player_id < game.players:
            raise InvalidOptionError(
                f"resampling needs a seat, 0 to {game.players - 1}, not {player_id}"
            )
        seed = int(float(probability_sampler()) * 2**32)
        engine = game.determinize(self.engine.observation(player_id), Rng(seed))
        twin = BallroomState(self.get_game())
        twin.held = _Held(engine)
        twin.base = _Shared(engine.clone())
        twin.trail = [
            (seat, action if seat == player_id else UNSEEN) for seat, action in self.trail
        ]
        twin._changed()
        return twin

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


def pieces(
    game: BallroomGame, public: bool, perfect_recall: bool
) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of an observer's tensor, in order, with their shapes."""
    seats = game.seats
    shape = game.game.padded_observation_shape if game.pad_players else game.game.observation_shape
    size = int(np.prod(shape))
    shown: list[tuple[str, tuple[int, ...]]] = []
    if not public:
        shown += [("player", (seats,)), ("private", (size,))]
    shown.append(("public", (size,)))
    if perfect_recall:
        shown.append(("history", (game.recall_rows, seats + 1)))
    return shown


class BallroomObserver:
    """OpenSpiel's observer protocol: named pieces of a seat's (or the table's) information."""

    def __init__(self, game: BallroomGame, iig_obs_type: Any) -> None:
        self.game = game.game
        self.seats = game.seats
        self.padded = game.pad_players
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
        layout = pieces(game, self.public, self.perfect_recall)
        total = sum(int(np.prod(shape)) for _, shape in layout)
        self.tensor: npt.NDArray[np.float32] = np.zeros(total, dtype=np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for name, shape in layout:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: BallroomState, player: int) -> None:
        self.tensor.fill(0.0)
        engine = state.engine
        if not self.public:
            self.dict["player"][player] = 1.0
            encoded = self.game.encode_state(engine, player, self.padded)
            self.dict["private"][:] = encoded.reshape(-1)
        self.dict["public"][:] = self.game.encode_state(engine, None, self.padded).reshape(-1)
        if self.perfect_recall:
            history = self.dict["history"]
            column = self.seats
            scale = float(self.game.num_distinct_actions)
            for row, (seat, action) in enumerate(state.trail):
                history[row, seat] = 1.0
                if seat == player and not self.public and action != UNSEEN:
                    history[row, column] = (action + 1) / scale

    def _history(self, state: BallroomState, player: int) -> list[list[int]]:
        return [
            [seat, action] if seat == player and not self.public else [seat]
            for seat, action in state.trail
        ]

    def string_from(self, state: BallroomState, player: int) -> str:
        seat = None if self.public else player
        if not self.perfect_recall:
            return _view(state.engine, seat)
        recall = {"history": self._history(state, player), "view": state.engine.observation(seat)}
        return json.dumps(recall, sort_keys=True, separators=(",", ":"))


def spiel_game(game: Game, **params: Any) -> BallroomGame:
    """The OpenSpiel game of a ballroom game's players and options (and adapter ``params``)."""
    options = {name.replace("-", "_"): value for name, value in game.options.items()}
    loaded: BallroomGame = pyspiel.load_game(
        openspiel_name(game.id), {"players": game.players, **options, **params}
    )
    return loaded


BotMaker = Callable[[Any, int, int], Any]
"""Makes an OpenSpiel bot: ``(pyspiel game, player id, seed) -> pyspiel.Bot``."""


def uniform_random(game: Any, player: int, seed: int) -> Any:
    """OpenSpiel's uniform random bot (a ``BotMaker``)."""
    return pyspiel.make_uniform_random_bot(player, seed % 2**31)


class SpielAgent:
    """An OpenSpiel bot as a ballroom agent: it plays in the lab, tournaments, the Gym
    adapter's opponents and PettingZoo's.

    Agents are handed their seat's Decision, never the state, so the bot is handed
    a pyspiel state dealt from the seat's observation by the game's ``determinize``:
    what the seat cannot see is drawn afresh (earlier seats' secret choices of a
    simultaneous decision too, at random), so the bot reads nothing hidden; a
    searching bot (``MCTSBot``) then searches that one deal. ``make_bot`` builds the
    bot for each game (``new_game``), so the agent pickles for parallel workers when
    ``make_bot`` does (a module-level function, a ``functools.partial`` of one).
    """

    def __init__(self, make_bot: BotMaker = uniform_random, name: str = "openspiel") -> None:
        self.make_bot = make_bot
        self.name = name
        self._table: tuple[Game, int] | None = None
        self._spiel: BallroomGame | None = None
        self._bot: Any = None
        self._rng = Rng(0)

    def new_game(self, game: Game, seat: int, seed: int) -> None:
        if not isinstance(game, Determinizes):
            raise InvalidOptionError(f"{game.name} cannot deal states from a seat's view")
        if self._spiel is None or self._table is None or self._table[0] is not game:
            self._spiel = spiel_game(game)
        self._table = (game, seat)
        self._bot = self.make_bot(self._spiel, seat, seed)
        self._rng = Rng(derive_seed(seed, "openspiel", seat))

    def act(self, decision: Decision) -> int:
        if self._table is None or self._table != (decision.game, decision.player):
            self.new_game(decision.game, decision.player, 0)
        assert self._spiel is not None
        game = decision.game
        assert isinstance(game, Determinizes)
        engine = game.determinize(decision.observation, self._rng)
        state = BallroomState(self._spiel)
        state.base = _Shared(engine.clone())
        state.held = _Held(engine)
        while state.current_player() != decision.player and not state.is_terminal():
            if decision.player not in engine.current_players():
                raise IllegalActionError(
                    f"a deal from seat {decision.player}'s view does not ask it to decide"
                )
            before = state.current_player()  # an earlier seat's secret choice, unseen
            state.apply_action(self._rng.choice(state.legal_actions(before)))
        action = int(self._bot.step(state))
        if action not in decision.legal_actions:
            raise IllegalActionError(
                f"the OpenSpiel bot chose {action}, which is not legal for seat "
                f"{decision.player}; legal: {list(decision.legal_actions)}"
            )
        return action

    def __getstate__(self) -> dict[str, Any]:
        """What pickles: the bot maker and name; the bot is made again for each game."""
        return {"make_bot": self.make_bot, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["make_bot"], state["name"])  # type: ignore[misc]


class BallroomBot(pyspiel.Bot):  # type: ignore[misc]
    """A ballroom bot (a seat spec such as ``"expert"``) or Python agent as a ``pyspiel.Bot``,
    for OpenSpiel's evaluation (``pyspiel.evaluate_bots``, its Python loops): at each
    step it is asked with its seat's Decision, its view and legal actions, never the
    state."""

    def __init__(self, game: BallroomGame, player_id: int, seat: Seat, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.game = game.game
        self.player_id = player_id
        self.seat = seat
        self.seed = seed
        self.agent = seat_agent(self.game, player_id, seat, seed)

    def step(self, state: BallroomState) -> int:
        return self.agent.act(decision_for(state.engine, self.player_id))

    def restart(self) -> None:
        """A new game: the bot is built afresh (with the same seed)."""
        self.agent = seat_agent(self.game, self.player_id, self.seat, self.seed)

    def restart_at(self, state: BallroomState) -> None:
        self.restart()

    def inform_action(self, state: BallroomState, player_id: int, action: int) -> None:
        """Nothing to hear: each step asks the agent with the seat's view as it is then."""


def register_game(game: type[Game]) -> str:
    """Register one game class with pyspiel (idempotent), registered among ballroom's games
    or not (a research variant); returns its OpenSpiel name."""
    name = openspiel_name(game.id)
    if name not in pyspiel.registered_names():
        cls = type(f"OpenSpiel{game.__name__}", (BallroomGame,), {"ballroom_game": game})
        pyspiel.register_game(_game_type(game), cls)
    return name


def register_games() -> list[str]:
    """Register every encodable game with pyspiel (idempotent); returns their names."""
    return [register_game(game) for game in games() if has_encoding(game)]


REGISTERED = register_games()
"""The OpenSpiel names of the games registered on import."""
