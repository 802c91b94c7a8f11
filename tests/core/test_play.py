"""Playing out: a simulation's loop plays the very game that stepping one action at a time plays.

``play_out`` without listeners skips what nobody reads (events, observations a
blind bot never asks for) and lets a game run chance on in one go; the
histories, and so the records, must be those of ``step`` after ``step``.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ballroom.agents import make_agent
from ballroom.core.agent import Agent, ChoosesBlind, Decision, TakesForcedMoveBlind
from ballroom.core.game import Game, make_game
from ballroom.core.play import play_out, step
from ballroom.core.state import Observation
from ballroom.games.high_card import HighCard


def games() -> list[tuple[Game, int | None]]:
    """Each game with a turn cap that keeps a random game short enough."""
    return [
        (make_game("dancing-dice", 4), None),
        (HighCard(3), None),
        (make_game("the-dance", 3), 6),
    ]


def agents(game: Game, seed: int, spec: str = "random") -> list[Agent]:
    return [make_agent(game, seat, spec, seed) for seat in range(game.players)]


@pytest.mark.parametrize(("game", "cap"), games(), ids=lambda g: getattr(g, "id", str(g)))
def test_play_out_plays_what_stepping_plays(game: Game, cap: int | None) -> None:
    for seed in range(3):
        quiet = play_out(game.new_state(seed), agents(game, seed), max_turns=cap)
        loud = game.new_state(seed)
        listened = play_out(
            game.new_state(seed), agents(game, seed), on_events=lambda e: None, max_turns=cap
        )
        stepping = agents(game, seed)
        while not loud.is_terminal() and (cap is None or loud.turns() <= cap):
            step(loud, stepping)
        assert quiet.history == loud.history == listened.history
        assert quiet.observation(None) == loud.observation(None)


class Watchful:
    """A bot that reads its observation: it is built for it, once a decision."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def act(self, decision: Decision) -> int:
        self.seen += [decision.observation, decision.observation]
        return decision.legal_actions[0]


def test_a_blind_bot_never_makes_an_observation_and_a_watchful_one_makes_one_a_decision() -> None:
    game = make_game("dancing-dice", 2)
    state = game.new_state(4)
    made: list[int | None] = []

    def observe(seat: int | None) -> Observation:
        made.append(seat)
        return type(state).observation(state, seat)

    state.observation = observe  # type: ignore[method-assign]
    random, watchful = agents(game, 4)[0], Watchful()
    assert isinstance(random, ChoosesBlind) and not isinstance(watchful, ChoosesBlind)
    play_out(state, [random, watchful])
    decisions = sum(1 for seat, _ in state.history if seat == 1)
    assert made == [1] * decisions
    assert watchful.seen[0] is watchful.seen[1]


class Last:
    """A bot that reads its observation and takes the last legal action."""

    def __init__(self) -> None:
        self.offered: list[int] = []

    def act(self, decision: Decision) -> int:
        assert decision.observation is not None
        self.offered.append(len(decision.legal_actions))
        return decision.legal_actions[-1]


class LastTakingForcedMovesBlind(Last, TakesForcedMoveBlind):
    """The same bot, declaring that it takes a single legal action without looking."""


@pytest.mark.parametrize("loop", ["play_out", "step"])
def test_a_forced_move_goes_unobserved_to_a_bot_that_takes_it_blind(loop: str) -> None:
    game = make_game("the-dance", 3)

    def play(bots: Sequence[Last]) -> tuple[list[tuple[int, int]], list[int | None]]:
        state = game.new_state(2)
        made: list[int | None] = []

        def observe(seat: int | None) -> Observation:
            made.append(seat)
            return type(state).observation(state, seat)

        state.observation = observe  # type: ignore[method-assign]
        if loop == "play_out":
            play_out(state, bots, max_turns=4)
        while loop == "step" and state.turns() <= 4:
            step(state, bots)
        return list(state.history), made

    looking, looked = play([Last() for _ in range(3)])
    blind_bots = [LastTakingForcedMovesBlind() for _ in range(3)]
    blind, blind_looked = play(blind_bots)
    assert blind == looking
    decisions = sum(1 for seat, _ in looking if seat >= 0)
    offered = [count for bot in blind_bots for count in bot.offered]
    assert min(offered) > 1 and 0 < len(offered) < decisions
    assert len(looked) == decisions and len(blind_looked) == len(offered)


def test_an_illegal_choice_is_refused_with_the_rules_message() -> None:
    class Stubborn:
        def choose(self, legal: Sequence[int]) -> int:
            return 0  # "roll 1": never a couple's move

        def act(self, decision: Decision) -> int:
            return 0

    game = make_game("dancing-dice", 2)
    with pytest.raises(ValueError, match="'roll 1' is not legal for player 0"):
        play_out(game.new_state(1), [Stubborn(), Stubborn()])
