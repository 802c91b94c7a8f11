"""PettingZoo AEC environments for every registered game.

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
known at the end.

The engine's state is ``env.game_state``, not ``env.state``: ``state()`` is
PettingZoo's method for a global state, which these environments do not
define (it raises PettingZoo's ``NotImplementedError``), since the whole
state holds every seat's secrets and has no fixed-shape encoding.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text

from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.game import Game, make_game
from ballroom.core.rng import derive_seed
from ballroom.core.state import CHANCE, State
from ballroom.interop import check_encodable, missing_extra

try:
    import matplotlib
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from PIL import Image, ImageDraw, ImageFont
except ImportError as error:
    raise missing_extra(error) from error

Observation = dict[str, npt.NDArray[Any]]

RENDER_MODES = ("ansi", "human", "rgb_array")

FONT_SIZE = 14
RGB = tuple[int, int, int]
FOREGROUND: RGB = (229, 229, 229)
BACKGROUND: RGB = (24, 24, 24)


def env(
    game_id: str, players: int, render_mode: str | None = None, **options: Any
) -> BallroomAECEnv:
    """An AEC environment for ``game_id`` with ``players`` seats and rule ``options``."""
    return BallroomAECEnv(make_game(game_id, players, **options), render_mode=render_mode)


class BallroomAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One ballroom game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        check_encodable(game)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode {render_mode!r} is not supported; allowed: {', '.join(RENDER_MODES)}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "name": f"ballroom_{game.id.replace('-', '_')}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        actions = game.num_distinct_actions
        shape = game.observation_shape
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._base_seed = 0
        self._episode = 0
        self.game_state: State = game.new_state(0)

    # -- spaces -------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the episode --------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game.

        ``seed`` restarts the environment's stream of game seeds; without it
        the next game of the stream is dealt (an environment never seeded
        behaves as if seeded with 0). Rule options are fixed when the
        environment is made, so ``options`` is not used.
        """
        if seed is not None:
            self._base_seed = seed
            self._episode = 0
        self.game_state = self.game.new_state(derive_seed(self._base_seed, self._episode))
        self._episode += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"{agent} must choose an action; only finished agents pass None"
            )
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(int(action), self.possible_agents.index(agent))
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        """Play chance, then select the next seat to decide or end the game."""
        state = self.game_state
        while state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE, trusted=True)
        if state.is_terminal():
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = returns[self.possible_agents.index(agent)]
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[min(state.current_players())]

    # -- views --------------------------------------------------------------

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if seat in self.game_state.current_players():
            mask[self.game_state.legal_actions(seat)] = 1
        return {
            "observation": self.game.encode_observation(self.game_state.observation(seat)),
            "action_mask": mask,
        }

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The spectator's picture: ``ansi`` returns it as plain text,
        ``rgb_array`` as an image of the terminal board, ``human`` prints it in colour."""
        if self.render_mode is None:
            return None
        picture = Text.from_markup(self.game.render(self.game_state.observation(None)))
        if self.render_mode == "ansi":
            return picture.plain
        if self.render_mode == "rgb_array":
            return draw_text(picture)
        Console(highlight=False).print(picture)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no outside resources."""


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
