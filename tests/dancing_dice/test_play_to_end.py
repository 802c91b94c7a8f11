"""A simulation's whole rounds: ``play_to_end`` plays the very game that one action at a time plays.

Where nobody reads the events, a marathon plays a round in one pass
(``DancingDiceState._play_round``): each step's dice rolled at once, the
couples asked one after another. The draws, the questions and the state each
couple sees before it chooses must be those of ``step`` after ``step``.
"""

from __future__ import annotations

import pytest
from tests.play_to_end_checks import Watchful, same_game, seats, stepped

from ballroom.agents import make_agent
from ballroom.core.agent import Decision
from ballroom.core.errors import IllegalActionError
from ballroom.core.game import Game, make_game
from ballroom.core.play import play_out, step
from ballroom.games.dancing_dice.game_play import Phase

OPTIONS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (4, {}),
    (6, {}),
    (4, {"endurance": 3}),
    (3, {"research-faces": 3}),
    (4, {"research-rerolls": False}),
    (2, {"research-single-dice": True}),
]


@pytest.mark.parametrize(("players", "options"), OPTIONS, ids=str)
def test_whole_rounds_play_what_stepping_plays(players: int, options: dict[str, object]) -> None:
    game = make_game("dancing-dice", players, **options)
    cap = getattr(game, "turn_cap", None)
    for seed in range(4):
        quiet = play_out(game.new_state(seed), seats(game, seed), max_turns=cap)
        same_game(quiet, stepped(game.new_state(seed), seats(game, seed), cap))


def test_a_turn_cap_stops_whole_rounds_where_stepping_stops() -> None:
    game = make_game("dancing-dice", 4)
    for cap in (1, 3):
        quiet = play_out(game.new_state(2), seats(game, 2), max_turns=cap)
        assert quiet.turns() == cap + 1 and quiet.step.name in (Phase.TANGO, Phase.ROLL)
        same_game(quiet, stepped(game.new_state(2), seats(game, 2), cap))


def test_a_seat_that_reads_sees_before_each_choice_what_it_sees_stepping() -> None:
    game = make_game("dancing-dice", 4)
    for seed in range(3):
        watched = [Watchful(game, 1, seed), Watchful(game, 1, seed)]
        games = []
        for watchful in watched:
            agents = seats(game, seed)
            agents[1] = watchful
            games.append(agents)
        quiet = play_out(game.new_state(seed), games[0])
        same_game(quiet, stepped(game.new_state(seed), games[1]))
        assert watched[0].seen == watched[1].seen and watched[0].seen


def test_a_marathon_taken_up_mid_round_plays_on_as_stepping() -> None:
    game = make_game("dancing-dice", 4)
    for taken in (3, 27, 29, 40, 60):
        quiet, loud = game.new_state(7), game.new_state(7)
        for state in (quiet, loud):
            early = seats(game, 7)
            for _ in range(taken):
                step(state, early)
        same_game(play_out(quiet, seats(game, 8)), stepped(loud, seats(game, 8)))


class LateStubborn:
    """Random until round ``at``'s first dances, then a die's move, never a couple's."""

    def __init__(self, game: Game, seat: int, at: int) -> None:
        self.random = make_agent(game, seat, "random", 0)
        self.at = at

    def act(self, decision: Decision) -> int:
        round_ = decision.observation["public"]["round"]
        if round_ == self.at and decision.observation["step"]["step"] == "arrange":
            return 0  # "roll 1"
        return self.random.act(decision)


def test_a_late_illegal_choice_is_refused_with_the_state_as_stepping_leaves_it() -> None:
    game = make_game("dancing-dice", 4)
    ends = []
    for play in (play_out, stepped):
        state = game.new_state(3)
        agents = seats(game, 3)
        agents[2] = LateStubborn(game, 2, 2)
        with pytest.raises(IllegalActionError, match="'roll 1' is not legal for player 2"):
            play(state, agents)
        ends.append(state)
    same_game(*ends)
    assert ends[0].step.players == (2, 3)
