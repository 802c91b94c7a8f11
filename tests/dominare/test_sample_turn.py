"""The rulebook's SAMPLE TURN: Season 2 of Alex, Britt, Chris and Diane, move by move."""

from __future__ import annotations

from ballroom.games.dominare.influence import controller
from ballroom.games.dominare.position import Position, act, block, card, draw
from ballroom.games.dominare.turn import CATALOG, Phase

ALEX, CHRIS, DIANE, BRITT = 0, 1, 2, 3


def vp(state: object, district: str) -> int:
    return state.vp[CATALOG.district(district)]  # type: ignore[attr-defined]


def test_sample_season_two() -> None:
    state = (
        Position(players=4)
        .season(2)
        .order(ALEX, CHRIS, DIANE, BRITT)
        .ranks(ALEX, "Ivan Sobol")
        .ranks(CHRIS, "Lorenzo Osorio")
        .ranks(DIANE, "Rousseau Baudin")
        .ranks(BRITT, "Giovanni Trabocchi")
        .hand(ALEX, "Ernesto Balsano")
        .hand(CHRIS, "Michael Elmen")
        .hand(DIANE, "Adnan Riordan", "Dante Straziami")
        .hand(BRITT, "Antonia Salmeri")
        .exposure(ALEX, 5)
        .exposure(CHRIS, 4)
        .exposure(DIANE, 2)
        .exposure(BRITT, 0)
        .crowns(ALEX, 5)
        .crowns(CHRIS, 3)
        .crowns(DIANE, 3)
        .crowns(BRITT, 6)
        .influence("senate-1", ALEX, 1)
        .influence("senate-2", ALEX, 1)
        .influence("senate-9", CHRIS, 1)
        .influence("senate-8", CHRIS, 1)
        .influence("atheneum-3", DIANE, 1)
        .influence("church-1", BRITT, 2)
        .influence("corte-scalzo-1", BRITT, 4)
        .vp("merchant-quarter", 4)
        .vp("atheneum", 3)
        .build(at="conspiracy")
    )
    # Conspiracy Phase: everyone reveals a second agent at once.
    assert state.step.name is Phase.SELECT and set(state.step.players) == {0, 1, 2, 3}
    act(state, BRITT, "select antonia-salmeri")
    act(state, CHRIS, "select michael-elmen")
    act(state, ALEX, "select ernesto-balsano")
    act(state, DIANE, "select adnan-riordan")
    assert state.exposure == (7, 7, 5, 1)
    # Ernesto Balsano, when revealed: Chris's marker from the 3-value Senate block to the
    # 2-value block next to it; Alex now controls the Senate, two blocks to one.
    act(state, ALEX, "place senate-9", "place senate-8")
    assert block(state, "senate-8") == (CHRIS, 2)
    assert controller(state, CATALOG.district("senate")) == ALEX
    # Alex was the scapegoat: Chris, tied with him, becomes the new one.
    assert state.order == (CHRIS, ALEX, DIANE, BRITT)

    # Event Phase: War of Words, its Season 1 section and also its Season 2 sections.
    draw(state, "War of Words")
    act(state, CHRIS, "player 3", "adjust up")
    act(state, ALEX, "player 3", "adjust up")
    act(state, DIANE, "player 4", "adjust down")
    act(state, BRITT, "player 1", "adjust up")
    # Alex 8, Chris and Diane 7, Britt 0; then at once the scapegoat's section: Chris pays
    # three crowns (all he has) and goes up to 8. The player order stands.
    assert state.exposure == (8, 8, 7, 0)
    assert state.order == (CHRIS, ALEX, DIANE, BRITT)
    assert state.crowns[CHRIS] == 0
    act(state, CHRIS, "spend 0")
    act(state, ALEX, "spend 3")
    act(state, DIANE, "spend 3")
    act(state, BRITT, "spend 0")
    assert state.exposure == (5, 8, 4, 0)
    act(state, CHRIS, "raise senate")

    # Canvassing Phase, rank 1: everyone networks.
    act(state, CHRIS, "place senate-1", "done")
    assert block(state, "senate-1") == (CHRIS, 2)
    assert controller(state, CATALOG.district("senate")) == CHRIS
    act(state, ALEX, "place canals-1", "place the-estate-1", "place atheneum-1")
    assert state.crowns[ALEX] == 1
    act(state, DIANE, "place atheneum-7", "done")
    act(state, BRITT, "place church-2", "done")
    # Rank 2.
    act(state, CHRIS, "place merchant-quarter-1", "done")
    act(state, ALEX, "place the-warrens-1", "done")
    act(state, DIANE, "place atheneum-1", "done")
    assert block(state, "atheneum-1") == (DIANE, 2)
    act(state, BRITT, "place canals-4", "done")
    assert block(state, "canals-4") == (BRITT, 2)
    assert state.crowns == (2, 3, 1, 7)

    # First action.
    act(state, CHRIS, "ability 2 1", "done")
    assert state.crowns[CHRIS] == 6
    act(state, ALEX, "use the-warrens")
    assert state.crowns == (7, 4, 0, 5)
    act(state, DIANE, "ability 2 1", "agent 3 1")
    assert state.ranks[DIANE] == (card("Adnan Riordan"), card("Rousseau Baudin"))
    assert state.step.name is Phase.EXTRA
    act(state, DIANE, "ability 2 1")
    draw(state, "Fearmongering")
    top = state.zones.zone("event-top").cards
    assert state.zones.view(DIANE).memory[top[0]] == frozenset({state.zones.locate(top[0])})
    assert state.step.players == (BRITT,)
    act(state, BRITT, "ability 2 1")
    assert state.bonus[BRITT] == 1

    # Second action.
    act(state, CHRIS, "use senate", "district merchant-quarter")
    assert vp(state, "merchant-quarter") == 6
    act(state, ALEX, "ability 2 1", "player 4")
    assert state.crowns[BRITT] == 2
    act(state, DIANE, "replace 2 dante-straziami")
    assert state.exposure[DIANE] == 5
    assert state.zones.locate(card("Rousseau Baudin")).name == "removed"
    act(state, BRITT, "use corte-scalzo")
    assert vp(state, "merchant-quarter") == 5 and vp(state, "church") == 4
    # Britt's bonus action from Antonia Salmeri: the Church places two influence.
    assert state.step.players == (BRITT,)
    act(state, BRITT, "use church", "place merchant-quarter-4")
    assert block(state, "merchant-quarter-4") == (BRITT, 2)
