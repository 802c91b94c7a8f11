"""What a browser view of Dominare draws from: the faces the game serves by id, and the
control and VP so far that a seat's view carries beside the table."""

from __future__ import annotations

import random

import ballroom
from ballroom.core.state import CHANCE
from ballroom.games.dominare import Dominare
from ballroom.games.dominare.components import DECK_SIZE, Side
from ballroom.games.dominare.influence import controller, controllers
from ballroom.games.dominare.scoring import scores
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import BLOCKS, CATALOG, CODEC
from ballroom.games.dominare.view import read


def played(seed: int, moves: int, players: int = 2) -> DominareState:
    """A game played ``moves`` decisions in by random choices."""
    state = ballroom.make("dominare", players=players, seed=seed)
    assert isinstance(state, DominareState)
    chooser = random.Random(seed)
    while moves and not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(), CHANCE)
            continue
        seat = state.current_players()[0]
        state.apply(chooser.choice(state.legal_actions(seat)), seat)
        moves -= 1
    return state


def test_every_agent_and_event_is_served_by_its_card_id_and_move_text() -> None:
    faces = Dominare(2).components_json()
    assert [a["id"] for a in faces["agents"]] == list(range(DECK_SIZE))
    assert [e["id"] for e in faces["events"]] == list(CATALOG.event_ids)
    select = CODEC.family("select")
    for face in faces["agents"]:
        assert str(select(face["id"])) == f"select {face['text']}"
        assert face["name"] == CATALOG.agent(face["id"]).name
    pilare = faces["agents"][CATALOG.card_named("Pilare Elmen")]
    assert pilare["abilities"] == [
        {"rank": 3, "does": "Gain 5 crowns."},
        {
            "rank": 5,
            "does": "Remove up to 3 of a rival's influence from one block of the Senate, "
            "then lower the VP of the Senate by 2.",
        },
    ]
    assert pilare["revealed"] == "Recruit: draw 2 agents and keep one."
    anna = faces["agents"][CATALOG.card_named("Mother Anna")]
    assert anna["abilities"][0]["does"] == (
        "Place 3 influence in one block of the Swamp (The Estate, The Warrens or Corte "
        "Scalzo), then gain 1 crown."
    )


def test_both_board_sides_are_served_block_by_block_as_moves_name_them() -> None:
    faces = Dominare(2).components_json()
    assert [d["id"] for d in faces["districts"]] == [d.id for d in CATALOG.districts]
    for side in Side:
        blocks = faces["boards"][side.value]
        assert [b["id"] for b in blocks] == [b.id for b in CATALOG.boards[side].blocks]
        assert all(b["id"] in BLOCKS for b in blocks)


def test_a_view_carries_the_side_each_districts_controller_and_the_vp_so_far() -> None:
    for seed, players in ((1, 2), (4, 5)):
        state = played(seed, 120, players)
        assert any(owner >= 0 for owner in state.owners)
        for seat in (None, *range(players)):
            shown = read(state.observation(seat)).public
            assert shown.side == state.board.side.value
            assert shown.control == tuple(controller(state, d) for d in range(len(state.vp)))
            assert controllers(state) == shown.control
            assert shown.standing == scores(state)
        assert any(holder >= 0 for holder in shown.control)
    assert read(played(1, 0).observation(None)).public.side == Side.SMALL.value
    assert read(played(1, 0, players=5).observation(None)).public.side == Side.LARGE.value
