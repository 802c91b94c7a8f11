"""The end and scoring (RULINGS, Dark Tales 3), the components (Dark Tales 1) as data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ballroom.agents import RandomAgent
from ballroom.core.components import DataFiles
from ballroom.core.errors import ComponentError
from ballroom.core.events import visible
from ballroom.core.play import past_cap, play_out
from ballroom.core.rng import Rng
from ballroom.games.dark_tales import DarkTales
from ballroom.games.dark_tales.components import (
    DATA_DIR,
    CardType,
    Discard,
    Draw,
    Gain,
    Item,
    Per,
    Recover,
    Score,
    Take,
    default_catalog,
    load_catalog,
)
from ballroom.games.dark_tales.position import Position, act, draw
from ballroom.games.dark_tales.turn import CATALOG, Phase

BATTLE = "the-battle-of-the-forgotten-lands"


# -- the end -------------------------------------------------------------------------------


def test_an_empty_hand_with_cards_in_the_deck_does_not_end_the_game() -> None:
    state = Position().hand(1, "king-1").deck("queen").build()
    assert state.step.name is Phase.DRAW
    draw(state, "queen")
    assert state.step.name is Phase.PLAY


def test_the_game_ends_when_a_player_starts_a_turn_with_no_cards_once_the_deck_is_empty() -> None:
    state = Position().hand(0, "king-1").hand(1, "queen", "noble-1").empty_deck().build()
    act(state, "play king-1")
    act(state, "play queen")
    assert state.is_terminal()  # Player 1 starts a turn with no cards; Player 2 still holds one


def test_the_b_card_scores_the_items_at_the_end() -> None:
    state = (
        Position()
        .settings(BATTLE, "the-armoury")  # Swords 2, Armours 2
        .items(0, sword=1, armour=2, gold_coin=3)
        .items(1, sword=2)
        .vp(1, 1)
        .empty_deck()
        .build()
    )
    assert state.is_terminal()
    assert state.vp == (6, 5) and state.returns() == [1.0, 0.0]


def test_most_vp_wins_ties_go_to_items_plus_cards_in_hand_then_are_shared() -> None:
    tie = (
        Position()
        .settings(BATTLE, "the-tower-of-spells")
        .vp(0, 5)
        .vp(1, 5)
        .hand(1, "king-1")
        .items(0, armour=2)
    )
    state = tie.player(0).empty_deck().build()
    state = Position().settings(BATTLE, "the-armoury").vp(0, 5).vp(1, 5).hand(1, "king-1")
    state = state.items(0, gold_coin=2).empty_deck().build()  # Gold Coins score nothing here
    assert state.is_terminal() and state.returns() == [1.0, 0.0]  # 2 items against 1 card
    shared = Position().vp(0, 4).vp(1, 4).empty_deck().build()
    assert shared.returns() == [0.5, 0.5] and shared.outcome().winners == (0, 1)


# -- components ------------------------------------------------------------------------------


def test_the_base_deck_has_48_cards_of_the_five_types_with_day_and_night_among_the_events() -> None:
    catalog = default_catalog()
    base = catalog.cards[: catalog.base_cards]
    assert len(base) == 48 and not any(card.expansion for card in base)
    assert {card.type for card in base} == set(CardType)
    assert all(c.type is CardType.EVENT for c in base if c.time is not None)
    names = Counter(card.name for card in base)
    assert names["Day"] and names["Night"]


def test_six_setting_cards_and_the_item_limits() -> None:
    assert CATALOG.base_settings == 3  # then Cinderella's A4 and B4
    assert len(CATALOG.a_cards) == 4 and len(CATALOG.b_cards) == 4
    assert dict(CATALOG.limits) == {
        Item.GOLD_COIN: 8,
        Item.SWORD: 4,
        Item.ARMOUR: 4,
        Item.MAGIC_WAND: 4,
    }


def test_the_known_texts_are_used_as_written() -> None:
    battle = CATALOG.a_cards[0]
    assert battle.name == "The Battle of the Forgotten Lands"
    assert battle.use(Item.ARMOUR) == (Recover(1),)
    assert battle.use(Item.SWORD) == (Discard("monster"), Score(3))
    assert battle.use(Item.MAGIC_WAND) == (Draw(1), Gain(Item.GOLD_COIN, 1), Score(1))
    assert battle.use(Item.GOLD_COIN) is None
    by_name = {card.name: card for card in CATALOG.cards}
    assert by_name["Princess"].does == (Take("male"),)
    assert by_name["Merchant"].does == (Draw(2), Per("Merchant", 2))


def _override(tmp_path: Path, name: str, text: str) -> DataFiles:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return DataFiles(DATA_DIR, tmp_path)


def test_a_wrong_card_is_refused_naming_the_file_the_place_and_what_is_allowed(
    tmp_path: Path,
) -> None:
    good = (DATA_DIR / "cards.toml").read_text(encoding="utf-8")
    bad = good.replace('type = "monster"', 'type = "giant"', 1)
    with pytest.raises(
        ComponentError, match=r"card 13 \(Ogre\) > type: found 'giant'; must be one of"
    ):
        load_catalog(_override(tmp_path, "cards.toml", bad))
    short = good.replace('count = 3\nvp = 2\ngoes = "middle"', 'count = 2\nvp = 2\ngoes = "middle"')
    with pytest.raises(ComponentError, match="the base deck must have 48 cards, not 47"):
        load_catalog(_override(tmp_path, "cards.toml", short))
    typo = good.replace('{discard = "monster"}', '{discard = "monstr"}', 1)
    with pytest.raises(ComponentError, match=r"discard: found 'monstr'; must be a card type"):
        load_catalog(_override(tmp_path, "cards.toml", typo))


def test_item_limits_and_the_reconstruction_header_are_checked(tmp_path: Path) -> None:
    good = (DATA_DIR / "settings.toml").read_text(encoding="utf-8")
    with pytest.raises(ComponentError, match=r"items > sword: found 5; must be 4"):
        load_catalog(_override(tmp_path, "settings.toml", good.replace("sword = 4", "sword = 5")))
    headless = good.split('"""', 2)[2]
    with pytest.raises(ComponentError, match="must begin with reconstruction"):
        load_catalog(_override(tmp_path, "settings.toml", headless))


# -- hidden information ------------------------------------------------------------------------


def test_a_drawn_card_is_told_to_its_drawer_only() -> None:
    state = Position().hand(0, "king-1").build()
    events = state.apply(state.game.parse_action("draw queen"), -1)
    assert [e.text for e in visible(events, 1)] == ["Player 1 draws a card."]
    assert "You draw Queen." in [e.text for e in visible(events, 0)]
    assert state.observation(1)["zones"] != state.observation(0)["zones"]


def test_a_game_past_the_turn_cap_is_cut_off_unfinished_with_no_winner() -> None:
    """The turn cap is automated play's safety net (every game ends by the rules well
    before it: ``test_the_game_ends.py``): a game past it is truncated, with no winner."""
    game = DarkTales(2)
    cap = game.turn_cap
    assert cap is not None
    agents = [RandomAgent(Rng(seat)) for seat in range(2)]
    state = play_out(game.new_state(3), agents, max_turns=5)
    assert past_cap(state, 5) and not state.is_terminal() and state.returns() == [0.0, 0.0]
    assert play_out(state, agents, max_turns=cap).is_terminal()
