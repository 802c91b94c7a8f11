"""Dominare explained: Scoring's districts, blocks, agents and exposure, the tie-break by
crowns, the prompts, move help and why-not answers with their rulebook sections."""

from __future__ import annotations

from ballroom.games.dominare.explain import explain_outcome, live_scores
from ballroom.games.dominare.position import Position
from ballroom.games.dominare.scoring import scores
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import CODEC


def crowns_to_the_end(state: DominareState) -> DominareState:
    """Every player gains a crown with each action left, which changes no VP."""
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(CODEC.parse("crown"), seat)
    return state


def test_a_tie_on_vp_is_broken_by_crowns_in_words() -> None:
    state = crowns_to_the_end(
        Position(players=3)
        .season(7)
        .crowns(0, 10)
        .crowns(1, 8)
        .crowns(2, 3)
        .influence("senate-1", 0, 2)
        .influence("church-1", 1, 2)
        .build(at="actions")
    )
    explained = explain_outcome(state)
    first, second = state.crowns[0], state.crowns[1]
    assert explained["decided"] == (
        f"Player 1 and Player 2 are level at 9-9 VP; broken by crowns: {first} against "
        f"{second}, so Player 1 wins."
    )
    assert explained["section"] == "SCORING"


def test_the_breakdown_adds_up_to_the_score_with_the_exposure_penalty() -> None:
    """The rulebook's example: 12 exposure loses nothing (the least), 14 loses 2, 15 the most
    loses 5."""
    position = Position(players=4).season(7).influence("senate-1", 0, 2)
    for seat, exposure in enumerate((12, 14, 14, 15)):
        position = position.exposure(seat, exposure)
    state = crowns_to_the_end(position.build(at="actions"))
    rows = explain_outcome(state)["seats"]
    assert [row["parts"][3] for row in rows] == [
        ["Exposure 12", "0 VP lost"],
        ["Exposure 14", "2 VP lost"],
        ["Exposure 14", "2 VP lost"],
        ["Exposure 15", "5 VP lost"],
    ]
    assert [row["score"] for row in rows] == list(scores(state))
    assert (
        rows[0]["sum"]
        == f"{rows[0]['parts'][0][1]} + {rows[0]['parts'][1][1]} + 0 - 0 = {rows[0]['score']} VP"
    )


def test_live_scores_are_the_standing_everyone_sees() -> None:
    state = Position(players=3).influence("senate-1", 0, 2).build(at="actions")
    panel = live_scores(state.observation(2))
    assert [row["score"] for row in panel] == list(scores(state))


def test_the_action_prompt_and_move_help() -> None:
    state = Position(players=3).build(at="actions")
    game = state.game
    assert game.prompt(state.observation(0)).startswith("Take an action: an agent's ability")
    helped = game.move_help(CODEC.parse("inspire senate-3"))
    assert helped["effect"].startswith("pay crowns to place influence in Senate block 3")
    assert helped["section"] == "INSPIRE"


def test_why_not_inspire_without_the_crowns() -> None:
    state = Position(players=3).crowns(0, 0).build(at="actions")
    answer = state.game.why_not(
        state.observation(0), state.legal_actions(0), "inspire", {"block": "senate-1"}
    )
    assert not answer["offered"] and answer["section"] == "INSPIRE"
    assert "fewer crowns" in answer["answer"]


def test_why_not_a_district_ability_one_does_not_control() -> None:
    state = Position(players=3).influence("senate-1", 1, 2).build(at="actions")
    game, observation, legal = state.game, state.observation(0), state.legal_actions(0)
    refused = game.why_not(observation, legal, "use", {"district": "senate"})
    assert not refused["offered"] and refused["section"] == "DISTRICT CONTROL"
    mine = Position(players=3).influence("senate-1", 0, 2).build(at="actions")
    offered = game.why_not(
        mine.observation(0), mine.legal_actions(0), "use", {"district": "senate"}
    )
    assert offered["offered"]


def test_why_not_whitewash_down_from_no_exposure() -> None:
    state = Position(players=3).crowns(0, 30).exposure(0, 0).build(at="actions")
    answer = state.game.why_not(
        state.observation(0), state.legal_actions(0), "whitewash", {"way": "down"}
    )
    assert not answer["offered"] and "cannot go lower" in answer["answer"]
    assert answer["section"] == "WHITEWASH"


def test_a_standing_below_zero_is_written_with_the_minus_sign() -> None:
    """Atheneum block 9 costs its holder 1 VP; the district goes to the player with two
    blocks there, so the other stands at minus 1."""
    state = (
        Position(players=2)
        .influence("atheneum-1", 0, 1)
        .influence("atheneum-3", 0, 1)
        .influence("atheneum-9", 1, 1)
        .build(at="actions")
    )
    panel = live_scores(state.observation(1))
    assert panel[1]["score"] == -1
    assert panel[1]["sum"] == "\u22121 VP if the game ended now"
