"""The State contract every game implements.

A State holds everything about one game in progress: the board, the hands,
the seeded random source and whose decision it is. A decision belongs to one
player, to several players at once (secret simultaneous choices, each seat
submitting its own action in any order), or to chance (``CHANCE``).

States are mutable: ``apply`` changes the state in place and returns the
events it caused; ``clone`` gives an independent copy for search.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from ballroom.core.copying import copied, value_fields
from ballroom.core.errors import IllegalActionError, allowed_list
from ballroom.core.events import Event
from ballroom.core.history import History
from ballroom.core.rng import Rng

if TYPE_CHECKING:
    from ballroom.core.game import Game
    from ballroom.core.record import GameRecord

CHANCE = -1
"""The pseudo-player who decides chance events (dice, shuffles, draws)."""

Observation = dict[str, Any]
"""What one seat may see: plain JSON-compatible data."""

Choose = Callable[[Sequence[int]], int]
"""How a seat picks one of its legal actions (given as ``legal_sequence`` answers them)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``ranking`` groups players by place, best first; players in one group
    share that place. ``returns`` gives each player's share of the win: the
    winners split 1.0 evenly, everyone else gets 0.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    returns: tuple[float, ...]

    @classmethod
    def from_ranking(cls, players: int, ranking: Sequence[Sequence[int]]) -> Outcome:
        groups = tuple(tuple(sorted(group)) for group in ranking if group)
        winners = groups[0] if groups else ()
        returns = tuple(
            (1.0 / len(winners)) if player in winners else 0.0 for player in range(players)
        )
        return cls(winners=winners, ranking=groups, returns=returns)


_NOT_COPIED = frozenset({"game", "history", "rng", "_legal_memo", "_till_moved"})
"""Fields a copy shares (the game) or makes in its own way (the history, the random source,
the memos a declared state's copy drops)."""
_SHARED: dict[type, frozenset[str]] = {}
"""Per state class: the fields a copy takes as they are (worked out at its first copy)."""


class State(ABC):
    """One game in progress. Subclasses implement the rules."""

    game: Game
    rng: Rng
    history: History
    reporting: bool = True
    """False while ``advance`` runs: nobody reads the events, so the game need not make them."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = History()

    # -- who acts -----------------------------------------------------------

    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """Players who owe a decision now; ``(CHANCE,)`` at a chance node; ``()`` at the end.

        At a simultaneous node every listed player still has to submit; a
        player drops out of the tuple once her choice is in.
        """

    def is_chance_node(self) -> bool:
        return self.current_players() == (CHANCE,)

    def is_terminal(self) -> bool:
        return not self.current_players()

    # -- actions ------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted action ids ``player`` may take now (chance outcomes at a chance node)."""

    def legal_sequence(self, player: int) -> Sequence[int]:
        """``legal_actions(player)`` as a sequence the caller only reads, never changes.

        A game may answer with one it keeps (a tuple, a ``range``) instead of
        a fresh list: a simulation's loop asks at every decision.
        """
        return self.legal_actions(player)

    def is_legal(self, action: int, player: int) -> bool:
        """Whether ``player`` may take ``action`` now: it is in ``legal_sequence(player)``.

        A game may answer without listing every legal action where that is
        dear (a card drawn at a chance node: is it in the pile?), as long as
        the answer is the listing's.
        """
        return action in self.legal_sequence(player)

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node."""

    def sample_chance(self) -> int:
        """Draw a chance outcome with the state's own seeded source."""
        return State.draw_chance(self, self.rng)

    def draw_chance(self, rng: Rng) -> int:
        """A chance outcome drawn from the declared odds with ``rng``, not the state's own
        source (a search's, so that no future die is foreseen): the outcome at
        ``rng.weighted_index`` of the probabilities."""
        outcomes = self.chance_outcomes()
        return outcomes[rng.weighted_index([probability for _, probability in outcomes])][0]

    def apply(
        self, action: int, player: int | None = None, *, trusted: bool = False
    ) -> list[Event]:
        """Apply ``action`` for ``player`` and return the events it caused.

        ``player`` may be left out when exactly one player (or chance) is to
        act. ``trusted=True`` skips the checks for callers that took the
        action from ``legal_actions(player)`` themselves.
        """
        if trusted and player is not None:
            acting = player
        elif trusted and len(current := self.current_players()) == 1:
            acting = current[0]  # the one seat to act (a random walk's step)
        else:
            acting = self._resolve_player(player)
            if not trusted and not self.is_legal(action, acting):
                legal = self.legal_actions(acting)
                raise IllegalActionError(self._illegal_message(action, acting, legal))
        events = self._apply(action, acting)
        self.history.append((acting, action))
        return events

    def advance(self, action: int, player: int) -> None:
        """Apply ``action``, which ``player`` took from its legal actions, for a caller that
        reads no events (a simulation, a search): the game need not make them (``reporting``).
        """
        self.reporting = False
        try:
            self._apply(action, player)
        finally:
            self.reporting = True
        self.history.append((player, action))

    def run_chance(self, limit: int | None = None) -> None:
        """Play chance with the state's own source until a seat must decide or the game ends.

        At most ``limit`` actions, if given; nobody reads the events (a
        simulation's loop). A game may do this faster than one draw at a
        time, as long as it applies the very actions ``sample_chance`` and
        ``advance`` would, in the same order.
        """
        left = -1 if limit is None else limit
        while left and self.current_players() == (CHANCE,):
            self.advance(self.sample_chance(), CHANCE)
            left -= 1

    def play_to_end(self, choosers: Sequence[Choose], max_turns: int | None = None) -> None:
        """Play on until the game ends, or until a turn past ``max_turns`` begins (see
        ``ballroom.core.play.past_cap``), seat ``s`` choosing with ``choosers[s]`` and
        nobody reading the events (a simulation's loop).

        An action a seat takes that is not among its legal actions is refused with
        the rules' message. Chance runs on in one go (``run_chance``; one draw at a
        time under a turn cap). A game may play a stretch of decisions in one pass,
        as long as it asks the choosers the same questions in the same order and
        leaves the state as one action at a time would (each chooser may read the
        state's observation when asked).
        """
        chance_run = None if max_turns is None else 1
        while True:
            current = self.current_players()
            if not current or (max_turns is not None and self.turns() > max_turns):
                return
            player = current[0]
            if player == CHANCE:
                self.run_chance(chance_run)
                continue
            legal = self.legal_sequence(player)
            action = choosers[player](legal)
            if action not in legal:
                self.apply(action, player)  # refused, with the rules' message
            self.advance(action, player)

    def apply_text(self, text: str, player: int | None = None) -> list[Event]:
        """Apply an action given in its text form, e.g. ``"reroll 0 3"``."""
        return self.apply(self.game.parse_action(text), player)

    @abstractmethod
    def _apply(self, action: int, player: int) -> list[Event]:
        """Change the state; the action is known to be legal for ``player``."""

    # -- the end ------------------------------------------------------------

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result; only meaningful once ``is_terminal()``."""

    def turns(self) -> int:
        """Game turns (or rounds) begun so far; simulations report and cap it."""
        return 0

    def seat_features(self) -> list[dict[str, str]]:
        """Per-seat facts a balance study groups wins by (e.g. Power, Plan)."""
        return [{} for _ in range(self.game.players)]

    def returns(self) -> list[float]:
        """Each player's share of the win (all zeros before the end)."""
        if not self.is_terminal():
            return [0.0] * self.game.players
        return list(self.outcome().returns)

    # -- views --------------------------------------------------------------

    @abstractmethod
    def observation(self, player: int | None) -> Observation:
        """The state as ``player`` may see it (``None``: a spectator).

        This is the only door through which state leaves the engine toward
        a player: the terminal, the web socket, bots and RL adapters.
        """

    def clone(self) -> Self:
        """An independent copy, random source included: the game and the values are
        shared, the history forks, and every other field is copied as ``copied`` says."""
        kind = type(self)
        shared = _SHARED.get(kind)
        if shared is None:
            shared = _SHARED[kind] = value_fields(kind) | _NOT_COPIED
        twin = object.__new__(kind)
        twin.__dict__ = {
            name: value if name in shared else copied(value)
            for name, value in self.__dict__.items()
        }
        twin.history = self.history.fork()
        twin.rng = self.rng.clone()
        return twin

    def record(self) -> GameRecord:
        """The record that replays to this state."""
        from ballroom.core.record import GameRecord

        return GameRecord.of(self)

    # -- helpers ------------------------------------------------------------

    def _resolve_player(self, player: int | None) -> int:
        current = self.current_players()
        if not current:
            raise IllegalActionError("the game is over; no action is allowed")
        if player is None:
            if len(current) == 1:
                return current[0]
            raise IllegalActionError(
                f"several players act at once ({', '.join(map(str, current))}); say which one"
            )
        if player not in current:
            who = "chance" if current == (CHANCE,) else ", ".join(map(str, current))
            raise IllegalActionError(f"it is not player {player}'s decision; waiting for {who}")
        return player

    def _illegal_message(self, action: int, player: int, legal: list[int]) -> str:
        try:
            text = self.game.action_to_text(action)
        except (IllegalActionError, IndexError, KeyError):
            text = f"#{action}"
        allowed = allowed_list([self.game.action_to_text(a) for a in legal])
        who = "chance" if player == CHANCE else f"player {player}"
        return f"{text!r} is not legal for {who} now; legal: {allowed or 'nothing'}"
