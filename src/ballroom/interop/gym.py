"""A single-agent Gymnasium environment: one learner against fixed bots.

``make("dancing-dice", opponents="expert")`` seats the learner at seat 0
and an ``expert`` bot at every other seat. ``opponents`` is one seat spec
(repeated, ``players`` seats in all, 2 by default) or a list of specs, one
per other seat in seat order; ``seat`` fixes the learner's seat, or
``seat="random"`` draws it anew each game from the game's seed. A spec is a
bot's name (``mcts:iterations=200``) or a Python agent: any object with
``act(decision)`` (``ballroom.core.agent``), told of each new game by its
``new_game(game, seat, seed)`` if it has one.

Observations are a ``Dict`` space, as in the PettingZoo adapter: the game's
encoding of ``state.observation(seat)`` (a float32 Box in [0, 1]) and an
int8 ``action_mask`` over the game's dense action ids. A Dict is what
``check_env`` accepts and what masked learners (sb3-contrib's MaskablePPO
through ``action_masks()``, RLlib's action-mask models) expect; the mask is
also given as ``info["action_mask"]`` for code that flattens observations.
The action space is ``Discrete(game.num_distinct_actions)``; its
``sample()`` without a mask draws among the legal actions of the current
decision, so random play stays legal. An action the mask does not allow is
refused with ``IllegalActionError`` and changes nothing (``illegal="raise"``,
the default), or, with ``illegal="lose"``, forfeits the game: it ends at
once with reward 0 and ``info["illegal_action"]`` set, the usual convention
for learners without masking. ``check_env`` needs ``illegal="lose"``: its
determinism check samples an action in one game and plays it in a freshly
dealt one, where it may be illegal.

Chance and the opponents play inside ``step`` until the learner owes a
decision or the game ends: opponents decide from their own ``Decision``
(their observation only), and the learner sees only ``observation(seat)``,
so nothing its seat cannot see reaches it. The reward is 0 until the end,
then the learner's return (the winners share 1.0); a learner knocked out
early watches the rest inside one ``step``.

A game whose rules set no turn limit (``Game.turn_cap``: The Dance) is cut
off past ``max_turns`` turns (default: that cap): the step returns
``truncated=True`` with reward 0, since a game cut short has no winner
(The Dance's RULINGS 16), and the episode is over.

``info`` carries, besides the mask, the learner's ``raw_legal_actions``
(their text forms) and ``events``: the sentences of what it saw happen
since it last acted. ``reward="score"`` pays every change of the learner's
score in the game's own terms as it happens (``ballroom.interop.scores``)
instead of its win share at the end.

``pad_players=True`` lays the observation out for the game's most players
(``Game.encode_padded``), as the PettingZoo adapter does. With
``actions="structured"`` the action space is the game's declared action
families as a ``Dict`` space (``ballroom.interop.structured``) whose
``sample`` draws a legal action, and ``info["structured_masks"]`` has a mask
per head; with either form ``step`` takes a flat id or a structured dict,
and ``structured_masks(family, chosen)`` gives the masks given the heads
chosen so far.

Every game is registered with Gymnasium as ``ballroom/<game>-v0`` when this
module is imported, so ``gymnasium.make("ballroom/dancing-dice-v0",
opponents="expert")`` works after it, and
``gymnasium.make("ballroom.interop.gym:ballroom/dancing-dice-v0")`` imports it itself.

``reset(seed=s)`` restarts the stream of game seeds (an environment never
seeded behaves as if seeded with 0, as the PettingZoo adapter does): each
game's deal, dice, bots' choices and the random seat derive from it, so a
seed and the learner's actions fix the whole episode.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ballroom.agents import Seat, check_seat, seat_agent
from ballroom.core import capabilities
from ballroom.core.agent import Agent
from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.events import Event
from ballroom.core.game import Game, games, make_game
from ballroom.core.play import decision_for, past_cap
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE, State
from ballroom.interop import (
    Words,
    check_encodable,
    check_max_turns,
    has_encoding,
    missing_extra,
)
from ballroom.interop.scores import check_reward, scores
from ballroom.interop.structured import (
    Masks,
    StructuredActions,
    StructuredSpace,
    has_families,
    structured_actions,
)

try:
    import gymnasium
    from gymnasium import spaces
    from rich.text import Text

    from ballroom.interop.pettingzoo import draw_text
except ImportError as error:
    raise missing_extra(error) from error

Observation = dict[str, npt.NDArray[Any]]
Info = dict[str, Any]

RENDER_MODES = ("ansi", "rgb_array")
RENDER_FPS = 4
ILLEGAL_MODES = ("raise", "lose")
ACTION_FORMS = ("flat", "structured")
DEFAULT_PLAYERS = 2


def make(
    game_id: str,
    opponents: Seat | Sequence[Seat] | None = None,
    *,
    players: int | None = None,
    seat: int | str = 0,
    illegal: str = "raise",
    render_mode: str | None = None,
    max_turns: int | None = None,
    reward: str = "win",
    actions: str = "flat",
    pad_players: bool = False,
    **options: Any,
) -> BallroomGymEnv:
    """A learner against ``opponents`` at ``game_id`` with rule ``options``.

    ``opponents`` defaults to the game's default bot; ``max_turns`` to the game's
    ``turn_cap``.
    """
    specs: list[Seat]
    if isinstance(opponents, Sequence) and not isinstance(opponents, str):
        specs = list(opponents)
        if players is not None and players != len(specs) + 1:
            raise InvalidOptionError(
                f"players={players} does not match {len(specs)} opponent specs "
                f"(the learner plus one spec per other seat makes {len(specs) + 1})"
            )
        players = len(specs) + 1
    else:
        players = DEFAULT_PLAYERS if players is None else players
        spec = opponents
        specs = [] if spec is None else [spec] * (players - 1)
    game = make_game(game_id, players, **options)
    if opponents is None:
        specs = [game.default_bot()] * (players - 1)
    return BallroomGymEnv(
        game,
        specs,
        seat=seat,
        illegal=illegal,
        render_mode=render_mode,
        max_turns=max_turns,
        reward=reward,
        actions=actions,
        pad_players=pad_players,
    )


class LegalActions(spaces.Discrete):
    """``Discrete`` whose unmasked ``sample()`` draws among the current legal actions."""

    def __init__(self, n: int, legal: Any) -> None:
        super().__init__(n)
        self._legal = legal

    def sample(
        self,
        mask: npt.NDArray[np.int8] | None = None,
        probability: npt.NDArray[np.int8] | None = None,
    ) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal()
        return super().sample(mask=mask, probability=probability)


class BallroomGymEnv(gymnasium.Env[Observation, np.int64]):
    """One learner against fixed bots at a ballroom game (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        opponents: Sequence[Seat],
        seat: int | str = 0,
        illegal: str = "raise",
        render_mode: str | None = None,
        max_turns: int | None = None,
        reward: str = "win",
        actions: str = "flat",
        pad_players: bool = False,
    ) -> None:
        check_encodable(game)
        self.reward = check_reward(reward)
        if len(opponents) != game.players - 1:
            raise InvalidOptionError(
                f"{game.players} players need {game.players - 1} opponent specs, "
                f"got {len(opponents)}"
            )
        for spec in opponents:
            check_seat(game, spec)
        if actions not in ACTION_FORMS:
            raise InvalidOptionError(
                f"actions={actions!r} is not allowed; allowed: {', '.join(ACTION_FORMS)}"
            )
        if actions == "structured" and not has_families(game):
            raise InvalidOptionError(
                f"actions='structured' needs declared action families, which {game.name} lacks"
            )
        if not (seat == "random" or (isinstance(seat, int) and 0 <= seat < game.players)):
            raise InvalidOptionError(
                f"seat {seat!r} is not allowed; allowed: 0 to {game.players - 1}, or 'random'"
            )
        if illegal not in ILLEGAL_MODES:
            raise InvalidOptionError(
                f"illegal={illegal!r} is not allowed; allowed: {', '.join(ILLEGAL_MODES)}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode {render_mode!r} is not supported; allowed: {', '.join(RENDER_MODES)}"
            )
        self.max_turns = check_max_turns(game, max_turns)
        self.game = game
        self.opponents = list(opponents)
        self.seat_choice = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.actions = actions
        self.pad_players = pad_players
        shape = game.padded_observation_shape if pad_players else game.observation_shape
        ids = game.num_distinct_actions
        self.observation_space: spaces.Space[Any] = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ids,), dtype=np.int8),
            }
        )
        self._structured: StructuredActions | None = None
        self._structured_space: StructuredSpace | None = None
        self.action_space: spaces.Space[Any] = (
            self.structured_action_space
            if actions == "structured"
            else LegalActions(ids, self.action_masks)
        )
        self._base_seed = 0
        self._episode = 0
        self.seat = seat if isinstance(seat, int) else 0
        self.game_state: State = game.new_state(0)
        self._agents: dict[int, Agent] = {}
        self._started = False
        self._forfeited = False
        self._seen: list[Event] = []
        self._score = 0.0

    @property
    def structured(self) -> StructuredActions:
        """The game's action families as heads; refused for a game that declares none."""
        if self._structured is None:
            self._structured = structured_actions(self.game)
        return self._structured

    @property
    def structured_action_space(self) -> StructuredSpace:
        """The structured action space, beside the flat one (made once); its ``sample`` draws
        one of the learner's legal actions."""
        if self._structured_space is None:
            self._structured_space = StructuredSpace(
                self.structured, lambda: np.flatnonzero(self.action_masks()).tolist()
            )
        return self._structured_space

    def structured_masks(self, family: int | None = None, chosen: Sequence[int] = ()) -> Masks:
        """The learner's mask per head (given ``family`` and the values ``chosen`` for its
        first parameters, only that family's legal actions starting so)."""
        legal = np.flatnonzero(self.action_masks()).tolist()
        return self.structured.masks(legal, family, chosen)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, Info]:
        """Deal the next game of the seed stream; ``seed`` restarts the stream.

        Rule options are fixed when the environment is made, so ``options`` is not used.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._base_seed = seed
            self._episode = 0
        game_seed = derive_seed(self._base_seed, self._episode)
        self._episode += 1
        if self.seat_choice == "random":
            self.seat = derive_seed(game_seed, "learner") % self.game.players
        others = [s for s in range(self.game.players) if s != self.seat]
        self._agents = {
            s: seat_agent(self.game, s, spec, game_seed)
            for s, spec in zip(others, self.opponents, strict=True)
        }
        self.game_state = self.game.new_state(game_seed)
        self._started = True
        self._forfeited = False
        self._seen = []
        self._advance()
        self._score = scores(self.game_state)[self.seat]
        return self._observation(), self._info()

    def step(
        self, action: int | np.integer[Any] | Mapping[str, Any]
    ) -> tuple[Observation, float, bool, bool, Info]:
        """Apply the learner's ``action`` (a flat id or a structured dict), then play chance and
        opponents until it must act again."""
        if isinstance(action, Mapping):
            action = self.structured.to_id(action)
        state = self.game_state
        if not self._started:
            raise IllegalActionError("call reset() before step()")
        if self._over():
            raise IllegalActionError("the game is over; call reset() to start another")
        legal = state.legal_actions(self.seat)
        if int(action) not in legal:
            if self.illegal == "lose":
                self._forfeited = True
                info = self._info()
                info["illegal_action"] = int(action)
                return self._observation(), 0.0, True, False, info
            raise IllegalActionError(
                f"action {action} ({self._describe(int(action))}) is not legal for seat "
                f"{self.seat} now; the action mask marks the {len(legal)} legal ones: {legal}"
            )
        self._seen = []
        self._apply(int(action), self.seat)
        self._advance()
        over = state.is_terminal()
        if self.reward == "score":
            score = scores(state)[self.seat]
            reward, self._score = score - self._score, score
        else:
            reward = state.returns()[self.seat] if over else 0.0
        return self._observation(), reward, over, self._cut_off(), self._info()

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's legal actions as a 0/1 mask (sb3-contrib's MaskablePPO calls this)."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        state = self.game_state
        if not self._over() and self.seat in state.current_players():
            mask[state.legal_actions(self.seat)] = 1
        return mask

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The learner's own view: plain text (``ansi``) or its image (``rgb_array``)."""
        if self.render_mode is None:
            return None
        picture = Text.from_markup(
            capabilities.render(self.game, self.game_state.observation(self.seat))
        )
        if self.render_mode == "ansi":
            return picture.plain
        return draw_text(picture)

    def _cut_off(self) -> bool:
        """Whether the game was cut off past ``max_turns``: truncated, no winner."""
        return past_cap(self.game_state, self.max_turns)

    def _over(self) -> bool:
        """Whether the episode has ended: the game is over, forfeited or cut off."""
        return self.game_state.is_terminal() or self._forfeited or self._cut_off()

    def _advance(self) -> None:
        """Play chance and the opponents until the learner owes a decision or the game
        ends or is cut off."""
        state = self.game_state
        while not self._over() and self.seat not in state.current_players():
            player = state.current_players()[0]
            if player == CHANCE:
                self._apply(state.sample_chance(), CHANCE)
            else:
                action = self._agents[player].act(decision_for(state, player))
                if action not in state.legal_sequence(player):
                    state.apply(action, player)  # refused, with the rules' message
                self._apply(action, player)

    def _apply(self, action: int, player: int) -> None:
        """Apply a legal action; the learner hears the events it may see."""
        for event in self.game_state.apply(action, player, trusted=True):
            if event.visible_to(self.seat):
                self._seen.append(event)

    def _observation(self) -> Observation:
        return {
            "observation": self.game.encode_state(self.game_state, self.seat, self.pad_players),
            "action_mask": self.action_masks(),
        }

    def _info(self) -> Info:
        mask = self.action_masks()
        legal = np.flatnonzero(mask).tolist()
        info: Info = {
            "action_mask": mask,
            "seat": self.seat,
            "raw_legal_actions": Words(legal, self.game.action_to_text),
            "events": Words.of_events(self._seen),
        }
        if self.actions == "structured":
            info["structured_masks"] = self.structured.masks(legal)
        return info

    def _describe(self, action: int) -> str:
        if not 0 <= action < self.game.num_distinct_actions:
            return f"action ids run 0 to {self.game.num_distinct_actions - 1}"
        return self.game.action_to_text(action)


def gymnasium_id(game_id: str) -> str:
    """``"dancing-dice"`` -> ``"ballroom/dancing-dice-v0"``."""
    return f"ballroom/{game_id}-v0"


def register_games() -> list[str]:
    """Register every encodable game with Gymnasium (idempotent); returns their ids."""
    ids = []
    for game in games():
        if not has_encoding(game):
            continue
        name = gymnasium_id(game.id)
        ids.append(name)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:make", kwargs={"game_id": game.id})
    return ids


REGISTERED = register_games()
"""The Gymnasium ids registered on import."""
