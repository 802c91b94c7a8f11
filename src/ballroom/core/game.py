"""Games: rules plus options, bound to a player count; and the registry.

A ``Game`` subclass declares the game's id, player range, options and bots,
and knows how to encode its actions (a dense integer id and a text form that
parses back). ``Game(players, **options)`` validates the options;
``game.new_state(seed)`` starts a game. What a game may offer beyond this
(``determinize``, a picture, move hints, search hooks) is declared in
``ballroom.core.capabilities``.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ballroom.core.errors import InvalidOptionError, UnknownGameError
from ballroom.core.options import OptionSet, OptionValue

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ballroom.core.bots import Bot
    from ballroom.core.state import Observation, State


class Game(ABC):
    """A game's rules with chosen options and player count."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    """The player count a command uses when it is given no seats and no ``--players``."""
    option_set: ClassVar[OptionSet] = OptionSet()
    bots: ClassVar[Mapping[str, Bot]] = {}
    """The game's own bots (``ballroom.core.bots``); the generic ones can sit at any game."""
    bot_defaults: ClassVar[tuple[str, ...]] = ()
    """The game's own defaults for generic bots, as seat specs (``"mcts:iterations=200"``):
    the setting measured to play this game well, which a bare seat spec then plays."""
    turn_cap: int | None = None
    """Turns after which automated play (the lab, the RL adapters, test walks) cuts a game
    off *truncated*: unfinished, with no winner. Only for a game whose rules set no turn
    limit and which aimless play may never end; ``None``: every game ends by its rules.
    A game whose options can make it endless sets it on the instance."""

    def __init__(self, players: int, **options: object) -> None:
        self.check_players(players)
        self.players = players
        self.options: dict[str, OptionValue] = self.option_set.resolve(options)

    @classmethod
    def check_players(cls, players: object) -> None:
        """Refuse a player count outside the game's range, saying the range."""
        if not isinstance(players, int) or not (cls.min_players <= players <= cls.max_players):
            raise InvalidOptionError(
                f"{cls.name} is for {cls.min_players} to {cls.max_players} players, not {players!r}"
            )

    @classmethod
    def default_bot(cls) -> str:
        """The first of the game's own bots (``random`` for a game with none)."""
        return next(iter(cls.bots), "random")

    @classmethod
    def default_seats(cls, players: int | None = None) -> list[str]:
        """The seats a command fills when given none: the game's own bots, then ``random``.

        So a bare ``ballroom simulate GAME`` pits the game's best bots against
        the baseline at the game's usual table size.
        """
        count = cls.default_players if players is None else players
        cls.check_players(count)
        own = list(cls.bots)[:count]
        return own + ["random"] * (count - len(own))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}(players={self.players}{opts})"

    @abstractmethod
    def new_state(self, seed: int = 0) -> State:
        """The state before the first decision (chance may act first)."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action id space; every id is in ``range(num_distinct_actions)``."""

    @abstractmethod
    def action_to_text(self, action: int) -> str:
        """The stable text form of an action id."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action id for a text form; raises IllegalActionError if it names none."""

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """Shape of every array ``encode_observation`` returns for this configuration."""
        raise NotImplementedError(f"{self.name} has no tensor encoding of its observations yet")

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        """``observation`` as a float32 array of ``observation_shape``, values in [0, 1].

        RL adapters (``ballroom.interop``) feed this to learners; it must be
        built from ``observation`` alone so that it carries no hidden
        information.
        """
        raise NotImplementedError(f"{self.name} has no tensor encoding of its observations yet")

    @property
    def padded_observation_shape(self) -> tuple[int, ...]:
        """``observation_shape`` laid out for the game's most players: the same at every
        table size, so that one network serves them all (``encode_padded``). A game whose
        shape depends on its players overrides both."""
        return self.observation_shape

    def encode_padded(self, observation: Observation) -> npt.NDArray[np.float32]:
        """``encode_observation`` laid out for ``max_players`` seats, the seats this table
        lacks left at zero, so that each value means the same at every table size."""
        return self.encode_observation(observation)

    def encode_state(
        self, state: State, seat: int | None, padded: bool = False
    ) -> npt.NDArray[np.float32]:
        """The encoding of ``state.observation(seat)`` (``encode_padded``'s if ``padded``),
        for adapters that hold the state. A game may encode the seat's typed view
        directly, without writing and reading back its JSON form; the array must be
        the same."""
        observation = state.observation(seat)
        return self.encode_padded(observation) if padded else self.encode_observation(observation)

    names_from_play: ClassVar[bool] = False
    """Whether ``player_names`` reads the table (seats take on public identities in play);
    if not, the names are fixed and nobody need build the spectator's view to learn them."""

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def player_names(self, public: Observation) -> list[str]:
        """Each seat's name as the table knows it now, from the spectator's observation.

        A game whose players take on a public identity during play (The
        Dance's families) names them by it; built from what everyone sees,
        so a name never tells one seat another's secret.
        """
        return [self.player_name(p) for p in range(self.players)]


_REGISTRY: dict[str, type[Game]] = {}
_DECLARED: dict[str, str] = {}
"""Game id -> the module whose import registers it: the built-in games load on first use,
so that ``import ballroom`` and ``ballroom --help`` pay for no game's rules or data."""


def register(game: type[Game]) -> type[Game]:
    """Class decorator: make a game available to ``make`` and ``games`` (``ballroom.game_classes``).

    Checks the declared default player count, so that a game missing it fails
    at import rather than when a command first needs it.
    """
    default = getattr(game, "default_players", None)
    if not isinstance(default, int) or not game.min_players <= default <= game.max_players:
        raise TypeError(
            f"{game.__name__} must declare default_players between "
            f"{game.min_players} and {game.max_players}, not {default!r}"
        )
    _REGISTRY[game.id] = game
    return game


def declare(game_id: str, module: str) -> None:
    """Make ``game_id`` known now and load it from ``module`` (which registers it) when first used."""
    _DECLARED[game_id] = module


def game_ids() -> list[str]:
    """Every known game id, sorted, without loading any game."""
    return sorted(_REGISTRY.keys() | _DECLARED.keys())


def games() -> list[type[Game]]:
    """Every registered game, by id (``ballroom.game_classes()`` at the top level, where
    ``ballroom.games`` is the package of built-in games)."""
    return [get_game(key) for key in game_ids()]


def get_game(game_id: str) -> type[Game]:
    if game_id not in _REGISTRY and game_id in _DECLARED:
        importlib.import_module(_DECLARED[game_id])
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(game_ids()) or "none"
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}") from None


def make_game(game_id: str, players: int, **options: Any) -> Game:
    """A configured game: ``make_game("dancing-dice", players=4, endurance=5)``."""
    return get_game(game_id)(players, **options)


def make(game_id: str, players: int, seed: int = 0, **options: Any) -> State:
    """A new game's initial state: ``make("dancing-dice", players=4, seed=7)``."""
    return make_game(game_id, players, **options).new_state(seed)
