"""A simulation's loop: The Dance's ``play_to_end`` plays the very game that one action at a time plays.

Where nobody reads the events, ``TheDanceState.play_to_end`` calls each step's
section straight from its tables instead of going through ``current_players``,
``legal_sequence`` and ``advance`` at every action. The draws, the questions and
the state each seat sees before it chooses must be those of ``step`` after
``step``, under every option that adds a step, and with a turn cap.
"""

from __future__ import annotations

import pytest
from tests.play_to_end_checks import Watchful, same_game, seats, stepped

from ballroom.agents import make_agent
from ballroom.core.agent import Decision
from ballroom.core.errors import IllegalActionError
from ballroom.core.play import play_out, step
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance.steps import Phase

OPTIONS: list[tuple[int, dict[str, object]]] = [
    (4, {}),
    (2, {}),
    (6, {}),
    (3, {"super_villains": True}),
    (3, {"scenario": "arrogance", "initiative": True}),
    (4, {"domination": "margin-three", "refreshment_domain": "any"}),
    (3, {"scenario": "new-blood", "play_for_places": True}),
    (4, {"dawn": 6}),
]


@pytest.mark.parametrize(("players", "options"), OPTIONS, ids=str)
@pytest.mark.parametrize("spec", ["heuristic", "random"])
def test_play_to_end_plays_what_stepping_plays(
    players: int, options: dict[str, object], spec: str
) -> None:
    game = TheDance(players, **options)
    cap = 30 if spec == "random" else game.turn_cap
    for seed in range(2):
        quiet = play_out(game.new_state(seed), seats(game, seed, spec), max_turns=cap)
        same_game(quiet, stepped(game.new_state(seed), seats(game, seed, spec), cap))


def test_a_turn_cap_stops_where_stepping_stops() -> None:
    game = TheDance(4)
    for cap in (0, 1, 3):
        quiet = play_out(game.new_state(2), seats(game, 2, "random"), max_turns=cap)
        assert quiet.turns() == cap + 1 and not quiet.is_terminal()
        same_game(quiet, stepped(game.new_state(2), seats(game, 2, "random"), cap))


def test_without_a_cap_a_game_plays_to_its_end_as_stepping_does() -> None:
    game = TheDance(3)
    quiet = play_out(game.new_state(5), seats(game, 5, "heuristic"))
    assert quiet.is_terminal()
    same_game(quiet, stepped(game.new_state(5), seats(game, 5, "heuristic"), None))


def test_a_seat_that_reads_sees_before_each_choice_what_it_sees_stepping() -> None:
    game = TheDance(4)
    for seed in range(2):
        watched = [Watchful(game, 1, seed, "heuristic"), Watchful(game, 1, seed, "heuristic")]
        games = []
        for watchful in watched:
            agents = seats(game, seed, "heuristic")
            agents[1] = watchful
            games.append(agents)
        quiet = play_out(game.new_state(seed), games[0], max_turns=game.turn_cap)
        same_game(quiet, stepped(game.new_state(seed), games[1], game.turn_cap))
        assert watched[0].seen == watched[1].seen and watched[0].seen


def test_a_game_taken_up_mid_turn_plays_on_as_stepping() -> None:
    game = TheDance(4)
    for taken in (3, 40, 61, 90):
        quiet, loud = game.new_state(7), game.new_state(7)
        for state in (quiet, loud):
            early = seats(game, 7, "random")
            for _ in range(taken):
                step(state, early)
        same_game(
            play_out(quiet, seats(game, 8, "heuristic"), max_turns=game.turn_cap),
            stepped(loud, seats(game, 8, "heuristic"), game.turn_cap),
        )


class LateStubborn:
    """Heuristic until turn ``at``'s Influence step, then an action never legal there."""

    def __init__(self, game: TheDance, seat: int, at: int) -> None:
        self.heuristic = make_agent(game, seat, "heuristic", 0)
        self.at = at
        self.game = game

    def act(self, decision: Decision) -> int:
        seen = decision.observation
        if seen["turn"] == self.at and seen["phase"] == "influence":
            return self.game.parse_action("end-dance")
        return self.heuristic.act(decision)


def test_a_late_illegal_choice_is_refused_with_the_state_as_stepping_leaves_it() -> None:
    game = TheDance(4)
    ends = []
    for play in (play_out, lambda state, agents: stepped(state, agents, None)):
        state = game.new_state(3)
        agents = seats(game, 3, "heuristic")
        agents[2] = LateStubborn(game, 2, 2)
        with pytest.raises(IllegalActionError, match="'end-dance' is not legal for player 2"):
            play(state, agents)
        ends.append(state)
    same_game(*ends)
    assert ends[0].phase == Phase.INFLUENCE and ends[0].current_players() == (2,)
