"""Research options shrink the game as they say, leave the rulebook's game alone, and are
refused by the bots and the search built for the rulebook's dice."""

from __future__ import annotations

from typing import Any

import pytest

from ballroom.agents import make_agent
from ballroom.core.errors import IllegalActionError, InvalidOptionError, PositionError
from ballroom.core.play import decision_for
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.games.dancing_dice.position import Look, Position, roll
from ballroom.games.dancing_dice.state import DancingDiceState

SINGLE = {"research_single_dice": True}
SMALL = {"research_faces": 3, "research_single_dice": True, "research_rerolls": False}


def test_the_rulebook_game_offers_every_move_as_before() -> None:
    state = DancingDice(2).new_state(0)
    assert state.chance_outcomes() == [(face, pytest.approx(1 / 6)) for face in range(6)]
    roll(state, [1, 2, 3] + [4] * 12)
    assert state.legal_actions(0) == list(range(6, 70))
    for seat in (0, 1):
        state.apply_text("keep", seat)
    assert state.legal_actions(0) == list(range(70, 90))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"research_faces": 1}, "option 'research-faces' does not allow 1; allowed: 2..6"),
        ({"research_faces": 7}, "allowed: 2..6"),
        ({"research_single_dice": "maybe"}, "'research-single-dice' does not allow 'maybe'"),
        ({"research_rerolls": 0}, "'research-rerolls' does not allow 0; allowed: true | false"),
    ],
)
def test_research_options_are_validated(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        DancingDice(2, **options)


def test_fewer_faces_roll_only_those_faces() -> None:
    state = DancingDice(2, research_faces=3).new_state(4)
    assert state.chance_outcomes() == [(face, pytest.approx(1 / 3)) for face in range(3)]
    state.run_chance()
    assert set(Look(state).dice(0) + Look(state).dice(1) + state.tango) <= {1, 2, 3}


def test_a_single_die_dances_as_three() -> None:
    """One Tango die shows all three Tango faces; die a fills a-c, die d fills d-f."""
    state = DancingDice(2, **SINGLE).new_state(0)
    roll(state, [5])
    assert Look(state).tango() == [5, 5, 5]
    roll(state, [1, 4, 2, 2])
    assert Look(state).dice(0) == [1, 1, 1, 4, 4, 4]
    assert Look(state).dice(1) == [2, 2, 2, 2, 2, 2]
    assert Look(state).step() == "reroll"
    texts = [state.game.action_to_text(a) for a in state.legal_actions(0)]
    assert texts == ["keep", "reroll a b c", "reroll d e f", "reroll a b c d e f"]


def test_a_position_of_six_dice_is_refused_with_single_dice() -> None:
    with pytest.raises(PositionError, match="with research-single-dice, roll"):
        Position(players=2, research_single_dice=True).tango(1, 2, 3).build()


def test_a_single_die_rerolled_is_announced_as_one_die() -> None:
    state = DancingDice(2, **SINGLE).new_state(0)
    roll(state, [5, 1, 4, 2, 2])
    state.apply_text("reroll d e f", 0)
    state.apply_text("reroll a b c d e f", 1)
    assert Look(state).rerolled() == [1, 2]
    roll(state, [6, 3, 3])
    assert Look(state).dice(0) == [1, 1, 1, 6, 6, 6]
    assert Look(state).dice(1) == [3, 3, 3, 3, 3, 3]
    texts = [state.game.action_to_text(a) for a in state.legal_actions(0)]
    assert texts == ["first a b c", "first d e f"]


def test_single_dice_are_judged_as_the_rulebook_judges_triples() -> None:
    """1-1-1 is a Boogie; two equal dice are a Gala (a Rock too): no loss, two points back."""
    state = DancingDice(2, endurance=5, research_single_dice=True).new_state(0)
    roll(state, [5, 1, 4, 3, 3])
    for seat in (0, 1):
        state.apply_text("keep", seat)
    state.apply_text("first d e f", 0)
    state.apply_text("first a b c", 1)
    first, second = Look(state).judging()
    assert first["satisfactory"] == [1] and first["lost"] == [0]  # Cha-cha-cha beats 12
    assert second["satisfactory"] == [0] and second["lost"] == []  # Boogie; the Gala loses nothing
    assert Look(state).endurance() == [4, 7]  # and the Gala gives two points back


def test_without_rerolls_every_couple_may_only_keep() -> None:
    state = DancingDice(3, research_rerolls=False).new_state(2)
    state.run_chance()
    assert [state.legal_actions(seat) for seat in range(3)] == [[6]] * 3
    with pytest.raises(IllegalActionError, match="reroll a"):
        state.apply_text("reroll a", 0)


def _played(options: dict[str, Any], seed: int) -> tuple[DancingDiceState, DancingDiceState]:
    """One game played die by die and decision by decision, and the same with every run of
    dice rolled at once."""
    game = DancingDice(2, endurance=2, **options)
    loud, quiet = game.new_state(seed), game.new_state(seed)
    chooser = Rng(seed)
    while not loud.is_terminal():
        player = loud.current_players()[0]
        if player == CHANCE:
            loud.apply(loud.sample_chance(), CHANCE)
            continue
        quiet.run_chance()
        assert quiet.observation(None) == loud.observation(None)
        action = chooser.choice(loud.legal_actions(player))
        loud.apply(action, player)
        quiet.apply(action, player)
    return loud, quiet


@pytest.mark.parametrize("options", [SINGLE, SMALL, {"research_faces": 2}])
def test_dice_rolled_at_once_are_the_dice_rolled_one_by_one(options: dict[str, Any]) -> None:
    faces = int(options.get("research_faces", 6))
    for seed in range(5):
        loud, quiet = _played(options, seed)
        assert quiet.history == loud.history and quiet.is_terminal()
        rolled = {action for player, action in loud.history if player == CHANCE}
        assert rolled <= set(range(faces))  # the ids of ``roll 1`` .. ``roll faces``


def test_the_expert_refuses_research_options() -> None:
    game = DancingDice(2, research_faces=3, research_rerolls=False)
    with pytest.raises(
        InvalidOptionError,
        match="the expert bot plays the rulebook's dice, not the research options "
        "research-faces=3, research-rerolls=False",
    ):
        make_agent(game, 0, "expert", 1)


@pytest.mark.parametrize("options", [SINGLE, SMALL])
def test_the_search_plays_research_options_with_what_the_step_offers(
    options: dict[str, Any],
) -> None:
    """Its rivals choose among the moves offered, so every move it foresees is legal."""
    game = DancingDice(3, endurance=2, **options)
    for seed in range(3):
        state = game.new_state(seed)
        agents = [make_agent(game, seat, "mcts:iterations=20", seed) for seat in range(3)]
        while not state.is_terminal():
            player = state.current_players()[0]
            if player == CHANCE:
                state.apply(state.sample_chance(), CHANCE)
            else:
                state.apply(agents[player].act(decision_for(state, player)), player)


def test_a_research_marathon_that_cannot_end_is_cut_off_in_automated_play() -> None:
    """With two faces and single dice every dance is a triple and a marathon need not end:
    with any research option on, the lab and test walks cut it off, unfinished."""
    from ballroom.agents import RandomAgent
    from ballroom.core.play import play_out
    from ballroom.games.dancing_dice.research import RESEARCH_TURN_CAP

    assert DancingDice(2).turn_cap is None
    assert DancingDice(2, research_rerolls=False).turn_cap == RESEARCH_TURN_CAP
    game = DancingDice(2, research_faces=2, research_single_dice=True, endurance=7)
    seats = [RandomAgent(Rng(0)), RandomAgent(Rng(1))]
    state = play_out(game.new_state(3), seats, max_turns=game.turn_cap)
    assert not state.is_terminal()
    assert state.turns() == RESEARCH_TURN_CAP + 1
