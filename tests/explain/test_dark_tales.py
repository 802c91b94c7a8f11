"""Dark Tales explained: the B Setting card's score for items, the Balls with Cinderella,
the tie-break by items plus cards in hand, and the prompts and why-not answers."""

from __future__ import annotations

from ballroom.games.dark_tales.explain import explain_outcome, live_scores
from ballroom.games.dark_tales.position import Position
from ballroom.games.dark_tales.turn import CODEC

SETTINGS = ("the-battle-of-the-forgotten-lands", "the-armoury")


def test_a_tie_on_vp_is_broken_by_items_and_cards_in_hand() -> None:
    """Player 1's Sword scores 2 VP on The Armoury, making 10 each; Player 2's two cards in
    hand beat Player 1's one item."""
    state = (
        Position(players=2)
        .settings(*SETTINGS)
        .empty_deck()
        .vp(0, 8)
        .items(0, sword=1)
        .vp(1, 10)
        .hand(1, "princess-1", "king-1")
        .build()
    )
    assert state.is_terminal()
    explained = explain_outcome(state)
    assert explained["decided"] == (
        "Player 2 and Player 1 are level at 10-10 VP; broken by items plus cards in hand: "
        "2 against 1, so Player 2 wins."
    )
    first = explained["seats"][0]
    assert first["parts"][:2] == [["During play", "8"], ["Items (The Armoury)", "2"]]
    assert first["sum"] == "8 + 2 = 10 VP"
    assert explained["section"] == "RULINGS, Dark Tales 3 (base end)"


def test_with_cinderella_the_balls_are_their_own_part() -> None:
    state = (
        Position(players=2, expansion="cinderella")
        .settings(*SETTINGS)
        .empty_deck()
        .vp(0, 3)
        .hand(1, "princess-1")
        .build()
    )
    assert state.is_terminal()
    explained = explain_outcome(state)
    assert [part[0] for part in explained["seats"][0]["parts"]] == [
        "During play",
        "Items (The Armoury)",
        "Balls",
        "Items plus cards in hand (tie-break)",
    ]
    assert "Final Ball at the Palace" in explained["section"]


def test_live_scores_show_vp_and_items() -> None:
    state = Position(players=2).settings(*SETTINGS).vp(1, 4).items(1, sword=2).build()
    panel = live_scores(state.observation(0))
    assert panel[1]["score"] == 4 and ["Items", "Sword 2"] in panel[1]["parts"]


def test_why_not_an_item_the_a_card_gives_no_use() -> None:
    state = (
        Position(players=2)
        .settings(*SETTINGS)
        .hand(0, "princess-1")
        .items(0, **{"gold_coin": 1})
        .build()
    )
    game = state.game
    while state.is_chance_node():
        state.apply(state.sample_chance(), -1)
    observation, legal = state.observation(0), state.legal_actions(0)
    # No item has a use, so the turn goes straight to playing a card.
    assert game.prompt(observation).startswith("Play one card from your hand")
    answer = game.why_not(observation, legal, "use", {"item": "gold-coin"})
    assert not answer["offered"] and answer["answer"].endswith(
        "The A Setting card in play gives that item no use."
    )
    assert answer["section"] == "RULINGS, Dark Tales 2 (base turn)"
    held = game.why_not(observation, legal, "use", {"item": "sword"})
    assert not held["offered"] and "You hold no such item." in held["answer"]


def test_move_help_of_a_card_play() -> None:
    game = Position(players=2).build().game
    helped = game.move_help(CODEC.parse("play princess-1"))
    assert helped["effect"] == "play Princess from your hand and do what it says"
    assert helped["section"] == "RULINGS, Dark Tales 2 (base turn)"


def test_why_not_a_sword_with_no_monster_in_play() -> None:
    """The Battle of the Forgotten Lands: discard a Sword and any Monster in play for 3 VP;
    with no Monster in play the engine's own check (``usable``) says no."""
    state = Position(players=2).settings(*SETTINGS).hand(0, "princess-1").items(0, sword=1).build()
    while state.is_chance_node():
        state.apply(state.sample_chance(), -1)
    game, observation, legal = state.game, state.observation(0), state.legal_actions(0)
    answer = game.why_not(observation, legal, "use", {"item": "sword"})
    assert not answer["offered"]
    assert answer["answer"].endswith("every card its use names is in play, and one is not.")
    with_ogre = (
        Position(players=2)
        .settings(*SETTINGS)
        .hand(0, "princess-1")
        .items(0, sword=1)
        .middle("ogre-1")
        .build()
    )
    while with_ogre.is_chance_node():
        with_ogre.apply(with_ogre.sample_chance(), -1)
    offered = game.why_not(
        with_ogre.observation(0), with_ogre.legal_actions(0), "use", {"item": "sword"}
    )
    assert offered["offered"]
