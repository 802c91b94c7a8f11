"""The position builder: a built position shows what was asked, and it plays on by the rules."""

from __future__ import annotations

import pytest

from ballroom.core.errors import PositionError
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDanceState
from ballroom.games.the_dance.components import POWER_IDS, default_components
from ballroom.games.the_dance.position import Look, Position, act, entry_hex

from .test_properties import check_bookkeeping, check_floor

BOARD = default_components().board
JULIA = [d.name for d in default_components().dancers].index("Lady Julia")


def tactician_next_to_lady_julia() -> TheDanceState:
    """The module docstring's example."""
    return (
        Position(players=2)
        .powers("plum", "tactician")
        .refreshments("plum", "confidence-2")
        .dancer("Lady Julia", at=(1, -2), influenced_by="plum")
        .avatar("plum", at=(0, 0))
        .to_move("plum", movement=2)
        .build()
    )


def test_the_observation_shows_what_was_asked() -> None:
    state = tactician_next_to_lady_julia()
    mine, theirs = state.observation(0), state.observation(1)
    plum = mine["families"][0]
    assert plum["powers"] == [POWER_IDS.index("tactician")]
    assert theirs["families"][0]["powers"] == []  # a Power stays secret until used
    assert plum["refreshment_count"] == 1 and sum(plum["refreshments"]) == 1
    assert mine["dancer_pos"][JULIA] == BOARD.index[(1, -2)]
    assert mine["dancer_influence"][JULIA] == 0
    assert plum["pos"] == BOARD.index[(0, 0)]
    assert theirs["families"][1]["pos"] == BOARD.index[entry_hex("grey")]
    assert (mine["phase"], mine["current"], mine["turn_state"]["moves_left"]) == ("dance", 0, 2)
    assert sum(1 for pos in mine["dancer_pos"] if pos >= 0) == 1
    assert mine["server"] == -1


def test_look_answers_in_rulebook_terms() -> None:
    look = Look(tactician_next_to_lady_julia())
    assert look.where("Lady Julia") == (1, -2) and look.influenced_by("Lady Julia") == "plum"
    assert not look.dominated("Lady Julia") and look.second_marker("plum") is None
    assert look.powers("Tatiana Saar") == ["tactician"] and look.powers("Saar", seen_by=1) == []
    assert look.refreshments("plum") == ["confidence-2"] and look.refreshment_count("grey") == 4
    assert look.avatar("plum") == (0, 0) and look.avatar("grey") == entry_hex("grey")
    assert look.occupant((0, 0)) == "Tatiana Saar" and look.server() is None
    assert look.families() == ["plum", "grey"] and look.turn_of() == "plum"
    assert (look.step(), look.movement_left(), look.tempo()) == ("dance", 2, 1)
    assert look.seated("plum") == [] and look.finished() == []
    assert look.plan("grey") is not None and look.plan("grey", seen_by="plum") is None


def test_a_later_family_to_move_has_the_rest_of_the_turn() -> None:
    state = Position(players=3).to_move("grey").tempo(2).build()
    look = Look(state)
    assert look.turn_of() == "grey" and look.order() == ["plum", "grey", "crimson"]
    act(state, "end-dance", "pass")
    assert look.turn_of() == "crimson"
    act(state, "end-dance", "pass")
    assert look.tempo() == 3 and look.turn_of() == "plum" and state.turns() == 2


def test_families_choose_their_avatars_and_tables() -> None:
    state = Position(players=2).family(1, "Radu Corvin", "emerald").build()
    look = Look(state)
    assert look.families() == ["plum", "emerald"]
    assert look.avatar("Radu Corvin") == look.avatar("Corvin") == entry_hex("emerald")
    assert state.seat_features()[1]["avatar"] == "radu-corvin"


@pytest.mark.parametrize(
    ("position", "every_dancer_in_play"),
    [
        (Position(players=2), True),
        (Position(players=4, seed=3).dealt_powers().tempo(4).to_move("emerald"), True),
        (
            Position(players=3, domination="margin-three", play_for_places=True)
            .powers("grey", "shadow", "regale")
            .refreshments("grey", "ankh", "corruption-2")
            .plan("plum", "rose-lily-ivy")
            .dancer("Lady Julia", at=(0, 0), influenced_by="plum", dominated=True)
            .dancer("Contessa Marta", at=(1, 0))
            .dancer("Primar Todoran", at=(4, -1))
            .seated("plum", "Rev. Mother Anna")
            .avatar("grey", at=(1, -1))
            .server(at=(3, -1))
            .to_move("grey", movement=1),
            False,
        ),
    ],
    ids=["as-dealt", "dealt-powers", "arranged"],
)
def test_a_built_position_plays_on_by_the_rules(
    position: Position, every_dancer_in_play: bool
) -> None:
    state = position.build()
    rng = Rng(7)
    for _ in range(3000):
        check_floor(state, every_dancer_in_play=every_dancer_in_play)
        check_bookkeeping(state)
        if state.is_terminal():
            break
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        assert legal, "a position that is not over offers a decision"
        action = state.sample_chance() if player == CHANCE else legal[rng.below(len(legal))]
        state.apply(action, player)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (Position().dancer("Lady Julia", at=(0, 0)).avatar("plum", at=(0, 0)), "cannot both"),
        (Position().dancer("Lady Julia", at=(9, 9)), "not a hex of the dance floor"),
        (Position().powers("plum", "tactician").powers("grey", "tactician"), "already holds"),
        (Position().plan("plum", "rose-lily-ivy").plan("grey", "rose-lily-ivy"), "same Plan"),
        (Position().refreshments("plum", *["ankh"] * 9), "not that many ankh"),
        (Position().seated("plum", "Lady Julia").seated("grey", "Lady Julia"), "two places"),
        (
            Position()
            .dancer("Lady Julia", at=(1, 0), influenced_by="plum")
            .dancer("Contessa Marta", at=(2, 0), influenced_by="plum"),
            "one Influence marker",
        ),
        (Position().powers("azure"), "no family 'azure'"),
        (Position().tempo(5), "boxes 1 to 4"),
    ],
)
def test_an_impossible_position_is_refused(position: Position, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        position.build()


def test_unknown_names_are_refused_with_the_known_ones() -> None:
    with pytest.raises(PositionError, match="no Dancer is called 'Lady Juliet'; Dancers: Rev"):
        Position().dancer("Lady Juliet", at=(1, 0))
    with pytest.raises(PositionError, match="no Power is called 'charm'"):
        Position().powers("plum", "charm")
    with pytest.raises(PositionError, match="no Sanctuary is called 'teal'"):
        Position().family(0, "Tatiana Saar", "teal")
