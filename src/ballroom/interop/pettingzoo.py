"""PettingZoo environments for every registered game: AEC and Parallel.

``env("dancing-dice", players=2, endurance=1)`` returns an ``AECEnv`` whose
agents are ``player_0`` .. ``player_{n-1}``. Each observation is a dict: the
game's fixed-shape encoding of ``state.observation(seat)`` (a float32 Box in
[0, 1]) and an int8 ``action_mask`` over the game's dense action ids; each
action space is ``Discrete(game.num_distinct_actions)``.

Chance happens inside the environment, drawn from the game state's own
seeded source, so ``reset(seed=s)`` fixes the whole episode given the
actions. A secret simultaneous choice is asked of its seats one at a time,
lowest seat first; since every observation comes from ``observation(seat)``,
a later seat never sees what an earlier one chose. Rewards are the game's
returns (the winners share 1.0), paid when the game ends; every agent stays
until then, even one knocked out of the game, because returns are only
known at the end. A game whose rules set no turn limit (``Game.turn_cap``:
The Dance) is cut off past ``max_turns`` turns (default: that cap): every
agent is then *truncated*, with reward 0, since a game cut short has no
winner (The Dance's RULINGS 16).

``parallel_env("dancing-dice", players=3)`` returns a ``ParallelEnv`` for
the same game, suited to secret simultaneous choices: each step takes the
actions of every seat that owes a decision at once (a turn-based game has
one such seat a step). Seats that owe nothing submit the no-op, the extra
action id ``game.num_distinct_actions`` (so the action space is one larger
than the AEC one), which is then the only action their mask allows; they may
also be left out of the action dict. Observations, rewards, seeding and
chance are as in the AEC environment.

Each agent's ``infos`` carry its ``raw_legal_actions`` (the text forms of
its legal actions, as RLCard names them; empty when it owes no decision),
its ``action_mask`` (the observation's, so a loop that calls
``last(observe=False)`` still knows its legal moves) and ``events``: the
sentences of what it saw happen since it last acted (its own moves, the
others', chance), only those it may see. ``infos`` reads as a plain dict, but
each agent's info is made when first read, as it stood at its step, and in it
the texts and sentences likewise (``ballroom.interop.infos``).

``reward="score"`` pays each agent every change of its score in the game's
own terms as it happens (``ballroom.interop.scores``) instead of its win
share at the end.

``pad_players=True`` lays every observation out for the game's most players
(``Game.encode_padded``), the seats a smaller table lacks left at zero, so
the observation shape is the same at every table size and one network
serves them all.

Structured actions (``ballroom.interop.structured``), where the flat ids are
many: ``actions="structured"`` makes each action space the game's declared
action families as a ``Dict`` space (family, then each parameter's value),
whose ``sample`` draws a legal action; ``step`` takes such a dict (or a flat
id), the observation's ``action_mask`` stays the exact flat one, and
``infos`` carry ``structured_masks``, a mask per head. With the default
flat actions, ``structured_action_space(agent)`` and
``structured_masks(agent, family, chosen)`` (the masks given the heads
chosen so far) are there too, and ``step`` takes either form.

``opponents={1: "expert", 2: my_agent}`` seats bots or Python agents (objects
with ``act(decision)``, ``ballroom.core.agent``) at those seats: they play
inside the environment, each from its own Decision, and only the other seats
are agents (keeping their names, ``player_<seat>``).

``env.run(seats, seed)`` plays one whole game with a bot or Python agent for
every agent and returns RLCard-style trajectories and payoffs, for self-play
data.

``state()`` is the global state for centralised critics: every seat's
encoded view and the spectator's, one after another (spectator first, then
seat 0, 1, ...; ``state_space``). It holds everything anyone at the table
knows, every seat's secrets included, so it is for training a critic, never
for a seat's policy; only what nobody has seen (an undrawn card, a die not
yet rolled) is missing. The engine's state is ``env.game_state``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text

from ballroom.agents import Seat, check_seat, seat_agent
from ballroom.core import capabilities
from ballroom.core.agent import Agent
from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.events import Event
from ballroom.core.game import Game, make_game
from ballroom.core.play import decision_for, past_cap
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE, State
from ballroom.interop import Words, check_encodable, check_max_turns, missing_extra
from ballroom.interop.infos import UNMADE, MadeWhenRead
from ballroom.interop.scores import check_reward, scores
from ballroom.interop.structured import (
    Masks,
    StructuredActions,
    StructuredSpace,
    has_families,
    structured_actions,
)

try:
    import matplotlib
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
    from PIL import Image, ImageDraw, ImageFont
except ImportError as error:
    raise missing_extra(error) from error

Observation = dict[str, npt.NDArray[Any]]

RENDER_MODES = ("ansi", "human", "rgb_array")
RENDER_FPS = 4
ACTION_FORMS = ("flat", "structured")
FEW = 16
"""Up to this many legal actions, a mask is marked one by one (faster than numpy's ``put``,
which costs a fixed while more and less per action; indexing with a list costs more)."""

FORGOTTEN = 64
"""The fewest events every agent was told that the log lets go at once (``_let_go``), and
how many more events it waits for before it looks again."""
MASK = np.dtype(np.int8)
"""An action mask's type, made once (numpy reads a dtype faster than a scalar type)."""
WORDED = ("raw_legal_actions", "action_mask", "events")
"""An info's entries, in order; all but the mask are made when read."""

FONT_SIZE = 14
RGB = tuple[int, int, int]
FOREGROUND: RGB = (229, 229, 229)
BACKGROUND: RGB = (24, 24, 24)


def env(
    game_id: str,
    players: int,
    render_mode: str | None = None,
    max_turns: int | None = None,
    reward: str = "win",
    actions: str = "flat",
    pad_players: bool = False,
    opponents: Mapping[int, Seat] | None = None,
    **options: Any,
) -> BallroomAECEnv:
    """An AEC environment for ``game_id`` with ``players`` seats and rule ``options``."""
    game = make_game(game_id, players, **options)
    return BallroomAECEnv(
        game,
        render_mode=render_mode,
        max_turns=max_turns,
        reward=reward,
        actions=actions,
        pad_players=pad_players,
        opponents=opponents,
    )


def parallel_env(
    game_id: str,
    players: int,
    render_mode: str | None = None,
    max_turns: int | None = None,
    reward: str = "win",
    actions: str = "flat",
    pad_players: bool = False,
    opponents: Mapping[int, Seat] | None = None,
    **options: Any,
) -> BallroomParallelEnv:
    """A Parallel environment for ``game_id`` with ``players`` seats and rule ``options``."""
    game = make_game(game_id, players, **options)
    return BallroomParallelEnv(
        game,
        render_mode=render_mode,
        max_turns=max_turns,
        reward=reward,
        actions=actions,
        pad_players=pad_players,
        opponents=opponents,
    )


def check_opponents(game: Game, opponents: Mapping[int, Seat]) -> dict[int, Seat]:
    """The seats played inside the environment, checked: seats of the table, each a bot's
    spec or a Python agent, at least one seat left to the agents."""
    for seat, spec in opponents.items():
        if not isinstance(seat, int) or not 0 <= seat < game.players:
            raise InvalidOptionError(
                f"opponents are keyed by seat, 0 to {game.players - 1}, not {seat!r}"
            )
        check_seat(game, spec)
    if len(opponents) >= game.players:
        raise InvalidOptionError("opponents take every seat; leave at least one to the agents")
    return dict(opponents)


class _Table:
    """What both environment kinds share: the game, its spaces, seeds, views and pictures."""

    metadata: dict[str, Any]

    def _set_table(
        self,
        game: Game,
        render_mode: str | None,
        actions: int,
        max_turns: int | None,
        reward: str,
        form: str = "flat",
        pad_players: bool = False,
        opponents: Mapping[int, Seat] | None = None,
    ) -> None:
        """Set up for ``game`` with action ids ``range(actions)``, cut off past ``max_turns``;
        ``form``, ``pad_players`` and ``opponents`` as ``env`` takes them."""
        check_encodable(game)
        if form not in ACTION_FORMS:
            raise InvalidOptionError(
                f"actions={form!r} is not allowed; allowed: {', '.join(ACTION_FORMS)}"
            )
        if form == "structured" and not has_families(game):
            raise InvalidOptionError(
                f"actions='structured' needs declared action families, which {game.name} lacks"
            )
        self.max_turns = check_max_turns(game, max_turns)
        self.reward = check_reward(reward)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode {render_mode!r} is not supported; allowed: {', '.join(RENDER_MODES)}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"ballroom_{game.id.replace('-', '_')}_v0",
            "render_modes": list(RENDER_MODES),
            "render_fps": RENDER_FPS,
            "is_parallelizable": False,
        }
        self.opponents = check_opponents(game, opponents or {})
        self.possible_agents = [
            f"player_{seat}" for seat in range(game.players) if seat not in self.opponents
        ]
        self._seat_of = {agent: int(agent.split("_")[1]) for agent in self.possible_agents}
        self._agent_of = {seat: agent for agent, seat in self._seat_of.items()}
        self._bots: dict[int, Agent] = {}
        """The opponents' agents in the current game."""
        self.pad_players = pad_players
        shape = game.padded_observation_shape if pad_players else game.observation_shape
        self._actions = actions
        self.actions = form
        keys = (*WORDED, "structured_masks") if form == "structured" else WORDED
        self._unmade_info = dict.fromkeys(keys, UNMADE)
        """An info before it is read, to copy."""
        self._unmade_infos = dict.fromkeys(self.possible_agents, UNMADE)
        """The infos of a step before any is read, to copy (every agent plays till the end)."""
        self._make_info = self._agent_info
        self._make_worded = self._worded
        """The makers of infos and of their words, bound once."""
        self._structured: StructuredActions | None = None
        self._structured_spaces: dict[int, StructuredSpace] = {}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        if form == "structured":
            self._action_spaces = {
                agent: self.structured_action_space(agent) for agent in self.possible_agents
            }
        views = (game.players + 1) * int(np.prod(shape))
        self.state_space = spaces.Box(0.0, 1.0, shape=(views,), dtype=np.float32)
        self._base_seed = 0
        self._episode = 0
        self.game_state: State = game.new_state(0)
        self._log: list[Event] = []
        """Every event of the current game so far, in order (each seat reads those it may
        see): a game's events are added at once, not handed to each seat."""
        self._since = [0] * game.players
        """Where each seat's events since it last acted begin in ``_log``."""
        self._agent_seats = tuple(self._agent_of)
        self._scores = [0.0] * game.players
        self._legal: dict[int, Sequence[int]] = {}
        """Each seat's legal actions in the current state, asked once (cleared at every
        action)."""
        self._masks: dict[int, npt.NDArray[np.int8]] = {}
        """Each seat's action mask in the current state, made once (cleared likewise)."""
        self._now: tuple[int, ...] | None = None
        """The seats that owe a decision in the current state, once asked (likewise)."""
        self._review_at = FORGOTTEN
        """The log's length at which ``_let_go`` looks again for events every agent was told."""
        self._paid = False
        """Whether the last step paid anyone a reward (PettingZoo's sum is skipped if not)."""
        self._idle_mask = np.zeros(actions, dtype=MASK)
        """The mask of a seat that owes no decision: the no-op alone, if there is one."""
        self._idle_mask[self._idle()] = 1
        self._texts: list[str | None] = [None] * game.num_distinct_actions

    @property
    def structured(self) -> StructuredActions:
        """The game's action families as heads; refused for a game that declares none."""
        if self._structured is None:
            noop = None if self._actions == self.game.num_distinct_actions else self._actions - 1
            self._structured = structured_actions(self.game, noop)
        return self._structured

    def structured_action_space(self, agent: str) -> StructuredSpace:
        """The structured action space, beside the flat one (made once per agent); its
        ``sample`` draws a legal action of ``agent``."""
        seat = self._seat(agent)
        space = self._structured_spaces.get(seat)
        if space is None:
            space = self._structured_spaces[seat] = StructuredSpace(
                self.structured, lambda: self._legal_of(seat) or self._idle()
            )
        return space

    def structured_masks(
        self, agent: str, family: int | None = None, chosen: Sequence[int] = ()
    ) -> Masks:
        """``agent``'s mask per head (given ``family`` and the values ``chosen`` for its
        first parameters, only that family's legal actions starting so)."""
        return self.structured.masks(
            self._legal_of(self._seat(agent)) or self._idle(), family, chosen
        )

    def _idle(self) -> list[int]:
        """What a seat that owes no decision may send: the no-op, where there is one."""
        return [] if self._actions == self.game.num_distinct_actions else [self._actions - 1]

    def _seat(self, agent: str) -> int:
        try:
            return self._seat_of[agent]
        except KeyError:
            raise InvalidOptionError(
                f"unknown agent {agent!r}; the agents are {', '.join(self.possible_agents)}"
            ) from None

    def _flat(self, action: Any) -> int:
        """A flat id, or a structured action (a mapping) turned into one."""
        if isinstance(action, Mapping):
            return self.structured.to_id(action)
        return int(action)

    def _legal_of(self, seat: int) -> Sequence[int]:
        """``seat``'s legal actions now (none when it owes no decision), asked once a state."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self.game_state.legal_sequence(seat) if seat in self._acting() else ()
            self._legal[seat] = legal
        return legal

    def _mask_of(self, seat: int) -> npt.NDArray[np.int8]:
        """``seat``'s action mask now (the no-op alone, if it has one and owes no decision):
        a copy of the one made once a state."""
        mask = self._masks.get(seat)
        if mask is None:
            mask = self._masks[seat] = self._marked(self._legal_of(seat))
        return mask.copy()

    def _marked(self, legal: Sequence[int]) -> npt.NDArray[np.int8]:
        """A new action mask marking ``legal`` (the idle mask when empty)."""
        if not legal:
            return self._idle_mask.copy()
        mask = np.zeros(self._actions, MASK)
        if isinstance(legal, range) and legal.step == 1:
            mask[legal.start : legal.stop] = 1  # a family's ids, in one go
        elif len(legal) > FEW:
            mask.put(legal, 1)
        else:
            for action in legal:
                mask[action] = 1
        return mask

    def _text(self, action: int) -> str:
        """An action's text form, worded once per environment."""
        text = self._texts[action]
        if text is None:
            text = self._texts[action] = self.game.action_to_text(action)
        return text

    def state(self) -> npt.NDArray[np.float32]:
        """Every view at the table, the spectator's then each seat's: for centralised critics."""
        views = [None, *range(self.game.players)]
        return np.concatenate(
            [
                self.game.encode_state(self.game_state, seat, self.pad_players).reshape(-1)
                for seat in views
            ]
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        """Deal the next game of the seed stream; ``seed`` restarts the stream.

        An environment never seeded behaves as if seeded with 0.
        """
        if seed is not None:
            self._base_seed = seed
            self._episode = 0
        self.game_state = self.game.new_state(derive_seed(self._base_seed, self._episode))
        self._episode += 1
        self._bots = {
            seat: seat_agent(self.game, seat, spec, self.game_state.seed)
            for seat, spec in self.opponents.items()
        }
        self._log = []
        self._since = [0] * self.game.players
        self._review_at = FORGOTTEN
        self._play_others()
        self._scores = scores(self.game_state)

    def _apply(self, action: int, player: int) -> None:
        """Apply ``player``'s legal ``action``, logging its events; ``_play_others``, which
        always follows, forgets what was worked out for the state before."""
        self._log += self.game_state.apply(action, player, trusted=True)

    def _acted(self, seat: int) -> None:
        """``seat`` acts: the events it is told start afresh."""
        told = self._since[seat] = len(self._log)
        if told >= self._review_at:
            self._let_go()

    def _let_go(self) -> None:
        """Once every agent has acted since the first half of the log, the log starts over
        from the events some agent is still to be told, so that the others are let go: kept
        for the whole game, they would outlive the garbage collector's young generations,
        which it walks again and again. Infos made before keep the log they were made from.
        Looked at once the log has grown by ``FORGOTTEN`` events since the last look."""
        log, since = self._log, self._since
        first = min(map(since.__getitem__, self._agent_seats))
        if first >= FORGOTTEN and 2 * first >= len(log):
            self._log = log = log[first:]
            self._since = [at - first for at in since]
        self._review_at = len(log) + FORGOTTEN

    def _score_changes(self) -> list[float]:
        """Each seat's score change since last asked (``reward="score"``)."""
        now = scores(self.game_state)
        changes = [new - old for new, old in zip(now, self._scores, strict=True)]
        self._scores = now
        return changes

    def _infos(self, agents: Sequence[str]) -> MadeWhenRead:
        """The ``agents``' infos at this step, each made when first read from what each seat
        is offered and has seen now."""
        offered: dict[int, Sequence[int]] = {}
        known, state = self._legal, self.game_state
        for seat in self._acting():  # as _legal_of asks, for the seats known to owe one
            legal = known.get(seat)
            if legal is None:
                legal = known[seat] = state.legal_sequence(seat)
            offered[seat] = legal
        infos = MadeWhenRead.fromkeys(agents, UNMADE)
        infos.made = (self._make_info, offered, self._log, self._since[:], len(self._log))
        return infos

    def _agent_info(
        self,
        offered: dict[int, Sequence[int]],
        log: list[Event],
        since: list[int],
        told: int,
        agent: str,
    ) -> MadeWhenRead:
        """``agent``'s info at a step whose acting seats were ``offered`` their legal
        actions, the game's ``log`` having ``told`` events, each seat having last acted at
        its ``since``-th."""
        seat = self._seat_of[agent]
        return self._info_of(seat, offered.get(seat, ()), log, since[seat], told)

    def _info(self, seat: int) -> MadeWhenRead:
        """The seat's info now."""
        return self._info_of(
            seat, self._legal_of(seat), self._log, self._since[seat], len(self._log)
        )

    def _info_of(
        self, seat: int, legal: Sequence[int], log: list[Event], since: int, told: int
    ) -> MadeWhenRead:
        """The seat's info when offered ``legal``, the game's ``log`` having ``told`` events
        and the seat having last acted at its ``since``-th: its mask, and made when read,
        its readable legal actions and the sentences of the events it saw since (and its
        mask per head, with structured actions: ``_worded``)."""
        info = MadeWhenRead(self._unmade_info)
        info["action_mask"] = self._marked(legal)
        info.made = (self._make_worded, seat, legal, log, since, told)
        return info

    def _worded(
        self, seat: int, legal: Sequence[int], log: list[Event], since: int, told: int, key: str
    ) -> Any:
        """The entry ``key`` of the info ``_info_of`` made."""
        if key == "raw_legal_actions":
            return Words(legal, self._text)
        if key == "events":
            return Words.of_events(_seen_by(seat, log[since:told]))
        return self.structured.masks(legal or self._idle())

    def _cut_off(self) -> bool:
        """Whether the game was cut off past ``max_turns``: truncated, no winner."""
        return past_cap(self.game_state, self.max_turns)

    def _acting(self) -> tuple[int, ...]:
        """The seats that owe a decision: none once the game is over or cut off."""
        now = self._now
        if now is None:
            state = self.game_state
            now = state.current_players()  # none once over; else cut off past max_turns:
            if now and self.max_turns is not None and state.turns() > self.max_turns:
                now = ()  # as past_cap says
            self._now = now
        return now

    def _play_others(self) -> None:
        """Play chance, and the opponents' decisions, until an agent owes one (or the game
        ends or is cut off). An opponent decides from its own Decision, its seat's view."""
        state, log = self.game_state, self._log
        while True:
            while state.is_chance_node():
                log += state.apply(state.sample_chance(), CHANCE, trusted=True)
            self._legal = {}  # what was worked out for the state before it moved
            self._masks = {}
            self._now = None
            if not self._bots:
                return
            bot = next((seat for seat in self._acting() if seat in self._bots), None)
            if bot is None:
                return
            action = self._bots[bot].act(decision_for(state, bot))
            if action not in self._legal_of(bot):
                state.apply(action, bot)  # refused, with the rules' message
            self._apply(action, bot)

    def _observe(self, seat: int) -> Observation:
        """``seat``'s encoded view and its action mask (the no-op alone, if it has one and
        owes no decision)."""
        return {
            "observation": self.game.encode_state(self.game_state, seat, self.pad_players),
            "action_mask": self._mask_of(seat),
        }

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The spectator's picture: ``ansi`` returns it as plain text,
        ``rgb_array`` as an image of the terminal board, ``human`` prints it in colour."""
        if self.render_mode is None:
            return None
        picture = Text.from_markup(
            capabilities.render(self.game, self.game_state.observation(None))
        )
        if self.render_mode == "ansi":
            return picture.plain
        if self.render_mode == "rgb_array":
            return draw_text(picture)
        Console(highlight=False).print(picture)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


class BallroomAECEnv(_Table, AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One ballroom game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        max_turns: int | None = None,
        reward: str = "win",
        actions: str = "flat",
        pad_players: bool = False,
        opponents: Mapping[int, Seat] | None = None,
    ) -> None:
        super().__init__()
        self._set_table(
            game,
            render_mode,
            game.num_distinct_actions,
            max_turns,
            reward,
            actions,
            pad_players,
            opponents,
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game.

        ``seed`` restarts the environment's stream of game seeds; without it
        the next game of the stream is dealt. Rule options are fixed when the
        environment is made, so ``options`` is not used.
        """
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {}
        self._select()

    def step(self, action: int | Mapping[str, Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"{agent} must choose an action; only finished agents pass None"
            )
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat_of[agent]
        chosen = action if type(action) is int else self._flat(action)
        state = self.game_state
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal_of(seat)
        if chosen not in legal:
            state.apply(chosen, seat)  # refused, with the rules' message
        told = self._since[seat] = len(self._log)  # as _acted does
        if told >= self._review_at:
            self._let_go()
        self._log += state.apply(chosen, seat, trusted=True)  # as _apply does
        if self._bots:
            self._play_others()
        else:  # chance alone, as _play_others plays it (_select forgets the state before)
            log = self._log
            while state.is_chance_node():
                log += state.apply(state.sample_chance(), CHANCE, trusted=True)
        self._select()
        if self._paid:  # winners are paid at the end; PettingZoo's sum is skipped till then
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """Select the next seat to decide, or end the game: terminated, or truncated (no
        rewards) once cut off. The selected agent's info is made at once (``last()`` reads
        it), the others' when read."""
        state = self.game_state
        self._paid = False
        if self.reward == "score":
            changes = self._score_changes()
            for agent in self.agents:
                self.rewards[agent] = changes[self._seat_of[agent]]
            self._paid = any(changes)
        if self._masks:  # the state moved: what was worked out before is forgotten
            self._masks = {}
        acting = state.current_players()  # as _acting works it out
        if acting and self.max_turns is not None and state.turns() > self.max_turns:
            acting = ()
        self._now = acting
        if not acting:
            self._legal = {}
            self.infos = self._infos(self.agents)
            self._end()
            return
        seat = acting[0] if len(acting) == 1 else min(acting)
        legal = state.legal_sequence(seat)
        offered = self._legal = {seat: legal}
        if len(acting) > 1:
            for other in acting:
                if other != seat:
                    offered[other] = state.legal_sequence(other)
        log, since, told = self._log, self._since[:], len(self._log)
        infos = MadeWhenRead(self._unmade_infos)  # every agent is still in the game
        infos.made = (self._make_info, offered, log, since, told)
        agent = self._agent_of[seat]
        info = infos[agent] = MadeWhenRead(self._unmade_info)  # as _info_of makes it
        info["action_mask"] = self._marked(legal)
        info.made = (self._make_worded, seat, legal, log, since[seat], told)
        self.infos = infos
        self.agent_selection = agent

    def _end(self) -> None:
        """The game is over, every agent terminated (paid its return with ``reward="win"``),
        or it was cut off, every agent truncated."""
        state, seat_of = self.game_state, self._seat_of
        if state.is_terminal():
            returns = state.returns()
            for agent in self.agents:
                if self.reward == "win":
                    self.rewards[agent] = returns[seat_of[agent]]
                self.terminations[agent] = True
            self._paid = any(self.rewards.values())
        else:
            for agent in self.agents:
                self.truncations[agent] = True
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        return self._observe(self._seat(agent))

    def run(
        self, seats: Mapping[str, Seat] | Sequence[Seat], seed: int | None = None
    ) -> tuple[dict[str, list[Any]], dict[str, float]]:
        """Play one game from ``reset(seed)`` with a bot's spec or a Python agent for every
        agent (a mapping by agent, or one per agent in ``possible_agents`` order), as
        RLCard's ``run`` does for self-play data: each agent's trajectory, its
        observations and actions in turn, ``[observation, action, ..., observation]``
        (the last, at the end), and its payoff, the sum of its rewards.

        Each agent decides from its own Decision (its seat's view and legal actions);
        an agent's ``new_game`` hears the game's seed.
        """
        if isinstance(seats, Mapping):
            given = dict(seats)
        else:
            if isinstance(seats, str) or len(seats) != len(self.possible_agents):
                raise InvalidOptionError(
                    f"run needs one seat for each of {', '.join(self.possible_agents)}"
                )
            given = dict(zip(self.possible_agents, seats, strict=True))
        if set(given) != set(self.possible_agents):
            raise InvalidOptionError(
                f"run needs a seat for each of {', '.join(self.possible_agents)}, "
                f"not {', '.join(map(str, given))}"
            )
        self.reset(seed=seed)
        agents = {
            name: seat_agent(self.game, self._seat_of[name], spec, self.game_state.seed)
            for name, spec in given.items()
        }
        trajectories: dict[str, list[Any]] = {name: [] for name in self.possible_agents}
        payoffs = dict.fromkeys(self.possible_agents, 0.0)
        for name in self.agent_iter():
            observation, reward, terminated, truncated, _ = self.last()
            trajectories[name].append(observation)
            payoffs[name] += float(reward)
            if terminated or truncated:
                self.step(None)
                continue
            action = agents[name].act(decision_for(self.game_state, self._seat_of[name]))
            trajectories[name].append(action)
            self.step(action)
        return trajectories, payoffs


class BallroomParallelEnv(_Table, ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """One ballroom game as a PettingZoo Parallel environment (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        max_turns: int | None = None,
        reward: str = "win",
        actions: str = "flat",
        pad_players: bool = False,
        opponents: Mapping[int, Seat] | None = None,
    ) -> None:
        super().__init__()
        self.noop = game.num_distinct_actions
        self._set_table(
            game,
            render_mode,
            game.num_distinct_actions + 1,
            max_turns,
            reward,
            actions,
            pad_players,
            opponents,
        )
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], MadeWhenRead]:
        """Start a new game (``seed`` and ``options`` as in the AEC environment)."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos(self.possible_agents)

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], MadeWhenRead
    ]:
        """Apply every acting seat's choice at once, then play chance.

        The whole dict is checked before any choice is applied, so a refused
        step leaves the game as it was.
        """
        choices = self._check(actions)
        for seat, _ in choices:
            self._acted(seat)
        for seat, action in choices:
            self._apply(action, seat)
        self._play_others()
        observations = self._observations()
        over = self.game_state.is_terminal()
        cut = self._cut_off()
        paid = self._score_changes() if self.reward == "score" else self.game_state.returns()
        rewards = {agent: paid[self._seat_of[agent]] for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        infos = self._infos(self.possible_agents)
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _check(self, actions: Mapping[str, Any]) -> list[tuple[int, int]]:
        """The (seat, action) choices to apply; raises IllegalActionError naming what is wrong."""
        if not self.agents:
            raise IllegalActionError("the game is over; call reset() to start another")
        unknown = sorted(set(actions) - set(self.agents))
        if unknown:
            raise IllegalActionError(
                f"unknown agents {unknown}; the agents are {', '.join(self.agents)}"
            )
        acting = self.game_state.current_players()
        choices = []
        for agent in self.possible_agents:
            seat = self._seat_of[agent]
            given = actions.get(agent)
            action = None if given is None else self._flat(given)
            if seat not in acting:
                if action is not None and int(action) != self.noop:
                    raise IllegalActionError(
                        f"{agent} owes no decision now, so its only action is "
                        f"the no-op {self.noop}, not {action}"
                    )
                continue
            if action is None:
                raise IllegalActionError(f"{agent} owes a decision now and sent no action")
            legal = self._legal_of(seat)
            if action not in legal:
                raise IllegalActionError(
                    f"action {action} is not legal for {agent}; "
                    f"its action mask marks the {len(legal)} legal ones"
                )
            choices.append((seat, action))
        return choices

    def _observations(self) -> dict[str, Observation]:
        return {agent: self._observe(self._seat_of[agent]) for agent in self.possible_agents}


def _seen_by(seat: int, events: list[Event]) -> list[Event]:
    """Those of ``events`` that ``seat`` may see."""
    return [event for event in events if event.audience is None or seat in event.audience]


@cache
def _font(bold: bool) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Mono, which matplotlib ships: monospaced, with the boards' symbols."""
    name = "DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf"
    return ImageFont.truetype(
        str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name), FONT_SIZE
    )


def draw_text(text: Text) -> npt.NDArray[np.uint8]:
    """Rich text drawn as a terminal would show it: an HxWx3 uint8 image.

    Each character is drawn in its own cell, as a terminal places it (the
    font's advance is fractional, so whole runs would drift off the grid);
    colour, bold, dim and reverse are kept.
    """
    console = Console(color_system="truecolor", width=1_000_000, highlight=False)
    lines = text.split("\n", allow_blank=True)
    cell_width = math.ceil(_font(False).getlength("M"))
    ascent, descent = _font(False).getmetrics()
    cell_height = ascent + descent
    columns = max((line.cell_len for line in lines), default=1) or 1
    image = Image.new("RGB", (columns * cell_width, max(len(lines), 1) * cell_height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        column = 0
        for segment in line.render(console):
            style = segment.style or Style()
            colour: RGB = FOREGROUND
            if style.color is not None and not style.color.is_default:
                colour = style.color.get_truecolor()
            if style.dim:
                r, g, b = ((c + back) // 2 for c, back in zip(colour, BACKGROUND, strict=True))
                colour = (r, g, b)
            ink = colour
            if style.reverse:
                ink, x, y = BACKGROUND, column * cell_width, row * cell_height
                width = segment.cell_length * cell_width
                draw.rectangle((x, y, x + width - 1, y + cell_height - 1), fill=colour)
            font = _font(bool(style.bold))
            for character in segment.text:
                if not character.isspace():
                    draw.text(
                        (column * cell_width, row * cell_height), character, font=font, fill=ink
                    )
                column += cell_len(character)
    return np.asarray(image, dtype=np.uint8)
