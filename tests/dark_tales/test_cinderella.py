"""The Cinderella expansion (dark-tales-cinderella.txt), rule by rule, and its examples.

The tiles named below (data/cinderella.toml), unframed | framed side:
tile-1 1 bird | 1 VP, 2 birds; tile-4 1 mouse | 2 VP, 1 mouse; tile-7 1 pumpkin |
1 VP, 1 carriage; tile-10 1 VP | 1 shoe; tile-14 1 shoe | 3 VP; tile-16 2 VP |
1 pumpkin, 1 mouse; tile-18 1 pumpkin | 1 shoe, 1 bird.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ballroom.core.components import DataFiles
from ballroom.core.errors import ComponentError, InvalidOptionError
from ballroom.core.events import visible
from ballroom.core.rng import Rng
from ballroom.games.dark_tales import DarkTales, ball
from ballroom.games.dark_tales.ball import best
from ballroom.games.dark_tales.components import DATA_DIR, CardType, Time, load_catalog
from ballroom.games.dark_tales.couples import best_couples
from ballroom.games.dark_tales.position import Position, act, draw, tile
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.tiles import describe, face_of
from ballroom.games.dark_tales.turn import CATALOG, SHORTER_GAME, TILE_BASE, Phase

CINDERELLA = "cinderella"
ROYAL_BALL = "the-royal-ball"
ARMOURY = "the-armoury"


def cards(state: DarkTalesState, name: str, owner: int | None = None) -> list[str]:
    return [CATALOG.texts[c] for c in state.zones.zone(name, owner).cards]


def moves(state: DarkTalesState) -> list[str]:
    seat = state.current_players()[0]
    return [state.game.action_to_text(a) for a in state.legal_actions(seat)]


def shown(state: DarkTalesState, seat: int) -> list[str]:
    return [describe(face) for face in state.showing[seat]]


def table(players: int = 2) -> Position:
    return Position(players, expansion=CINDERELLA)


# -- preparation ---------------------------------------------------------------------------


def test_the_expansion_is_an_option_naming_what_is_allowed() -> None:
    assert not DarkTales(2).cinderella  # the base game unless asked for
    assert DarkTales(2, expansion="cinderella").cinderella
    allowed = re.escape("'cinderela'; allowed: none | cinderella | cinderella-shorter")
    with pytest.raises(InvalidOptionError, match=allowed):
        DarkTales(2, expansion="cinderela")


def test_preparation_day_over_night_four_settings_the_expansion_cards_and_the_tile_pile() -> None:
    state = DarkTales(2, expansion=CINDERELLA).new_state(seed=3)
    a_cards = [state.game.action_to_text(a) for a in state.legal_actions(-1)]
    assert "setting the-royal-ball" in a_cards and len(a_cards) == 4  # A4 joins the three A
    state.run_chance()
    assert state.clock is Time.DAY and state.time() is Time.DAY
    clock = [CATALOG.cards[c].time for c in state.zones.zone("clock").cards]
    assert clock == [Time.NIGHT, Time.DAY]  # one Night, one Day on top of it
    unused = state.zones.zone("unused").cards
    assert sorted(CATALOG.cards[c].name for c in unused) == ["Day", "Day", "Night", "Night"]
    everything = set(state.zones.zone("deck").cards) | {
        c for s in range(2) for c in state.zones.zone("hand", s).cards
    }
    assert not any(CATALOG.cards[c].time for c in everything)  # no other Day or Night
    assert sum(CATALOG.cards[c].expansion for c in everything) == 21
    assert len(everything) == 48 - 6 + 21
    (top,) = state.zones.zone("tile-top").cards  # shuffled unframed side up, then piled
    assert state.zones.zone("tile-pile").size == 20 and not any(state.showing)
    assert state.top == face_of(top - TILE_BASE, framed=False)  # its side for all to see
    assert state.b_card is not None and state.zones.zone("ball").size == 0


def test_the_base_game_keeps_its_three_and_three_setting_cards_and_no_expansion_card() -> None:
    state = DarkTales(2).new_state(seed=3)
    assert len(state.legal_actions(-1)) == 3
    state.run_chance()
    assert state.zones.zone("unused").size == 21 and state.zones.zone("tile-pile").size == 0


def test_the_shorter_game_removes_ten_different_base_cards_at_random() -> None:
    for seed in range(5):
        state = DarkTales(2, expansion="cinderella-shorter").new_state(seed=seed)
        state.run_chance()
        aside = [CATALOG.cards[c] for c in state.zones.zone("set-aside").cards]
        assert len(aside) == SHORTER_GAME and len({card.name for card in aside}) == SHORTER_GAME
        assert not any(card.expansion or card.time for card in aside)
        assert state.zones.zone("deck").size == 48 - 6 + 21 - SHORTER_GAME - 2 * 3 - 1
        seen = state.observation(0)["zones"]["zones"]
        assert "cards" not in next(z for z in seen if z["zone"] == "set-aside")


def test_a_world_dealt_from_a_view_sets_aside_ten_different_base_cards_too() -> None:
    for seed in range(3):
        state = DarkTales(2, expansion="cinderella-shorter").new_state(seed=seed)
        state.run_chance()
        for seat in (0, 1):
            observation = state.observation(seat)
            for deal in range(10):
                world = state.game.determinize(observation, Rng(deal))
                aside = [CATALOG.cards[c] for c in world.zones.zone("set-aside").cards]
                names = {card.name for card in aside}
                assert len(aside) == len(names) == SHORTER_GAME, sorted(names)
                assert not any(card.expansion or card.time for card in aside)
                assert world.observation(seat) == observation


# -- the tile symbol ------------------------------------------------------------------------


def test_a_tile_symbol_is_obeyed_before_the_cards_text_take_or_flip_as_often_as_it_says() -> None:
    position = table().hand(0, "royal-herald-1").deck("king-1", "queen")
    state = position.pile("tile-14", "tile-4").build()
    draw(state, "king-1")
    act(state, "play royal-herald-1")  # two tiles, then draw a card
    assert state.step.name is Phase.TILE and moves(state) == ["take-tile"]  # nothing to flip
    act(state, "take-tile")
    tile(state, "tile-4")  # the next tile comes to the top
    assert shown(state, 0) == ["unframed: 1 shoe"]  # taken as it lies, not flipped
    assert moves(state) == ["take-tile", "flip 1"]
    act(state, "flip 1")
    assert shown(state, 0) == ["framed: 3 VP"]
    assert state.step.name is Phase.DRAW  # only now the Herald's draw
    assert state.vp == (0, 0)


def test_flip_goes_either_way_and_the_pile_running_out_leaves_only_flips() -> None:
    state = table().hand(0, "cinderella").tiles(0, "tile-10/framed").pile().empty_deck().build()
    act(state, "play cinderella")
    assert moves(state) == ["flip 1"]  # the pile is empty: no more tiles to take
    act(state, "flip 1")
    assert shown(state, 0) == ["unframed: 1 VP"]  # from framed to unframed
    act(state, "flip 1")
    assert shown(state, 0) == ["framed: 1 shoe"]  # and back


def test_no_pile_and_no_tile_skips_the_symbol() -> None:
    state = table().hand(0, "cinderella").hand(1, "queen").pile().empty_deck().build()
    act(state, "play cinderella")
    assert cards(state, "front", 0) == ["cinderella"] and state.player == 1


def test_the_other_side_of_your_tiles_is_yours_alone_to_see() -> None:
    state = table().hand(0, "coachman-1").deck("king-1").pile("tile-14", "tile-1").build()
    draw(state, "king-1")
    act(state, "play coachman-1")
    events = state.apply(state.game.parse_action("take-tile"), 0)
    told = [e.text for e in visible(events, 1) if e.kind.startswith("tile")]
    assert told == ["Player 1 takes a tile: it shows unframed: 1 shoe."]
    assert "Its other side shows framed: 3 VP." in [e.text for e in visible(events, 0)]
    mine = {z["zone"]: z for z in state.observation(0)["zones"]["zones"]}
    theirs = {z["zone"]: z for z in state.observation(1)["zones"]["zones"]}
    assert mine["tiles/0"]["cards"] == [TILE_BASE + 13]
    assert "cards" not in theirs["tiles/0"] and theirs["tiles/0"]["size"] == 1
    assert state.observation(1)["public"]["showing"] == [[0 + state.showing[0][0]], []]


def test_a_discarded_tile_goes_under_the_pile_unframed_side_up() -> None:
    state = (
        table()
        .hand(0, "rat-king", "cinderella")
        .hand(1, "queen")
        .tiles(1, "tile-14/framed", "tile-1")
        .pile()
        .empty_deck()
        .build()
    )
    act(state, "play rat-king")
    assert moves(state) == ["discard-tile p2 1", "discard-tile p2 2"]
    act(state, "discard-tile p2 1")
    assert shown(state, 1) == ["unframed: 1 bird"]
    assert state.zones.zone("tile-top").cards == (TILE_BASE + 13,)  # the pile was empty
    assert describe(state.top) == "unframed: 1 shoe"  # for everyone to see
    act(state, "play queen")
    act(state, "play cinderella")
    act(state, "take-tile")  # the tile discarded comes back
    assert shown(state, 0) == ["unframed: 1 shoe"]


def test_tiles_under_the_pile_come_after_the_pile_the_first_discarded_first() -> None:
    position = table().hand(0, "fairy-godmother").bottom("tile-7", "tile-1").pile("tile-4")
    state = position.empty_deck().build()
    assert describe(state.top) == "unframed: 1 mouse"  # tile-4 tops the pile
    act(state, "play fairy-godmother")  # three tiles
    act(state, "take-tile")
    assert state.current_players() == (0,)  # no chance: the first discarded comes up
    assert describe(state.top) == "unframed: 1 pumpkin"
    act(state, "take-tile")
    act(state, "take-tile")
    assert shown(state, 0) == ["unframed: 1 mouse", "unframed: 1 pumpkin", "unframed: 1 bird"]


def _pile_topped_by(top: str) -> DarkTalesState:
    """tile-7 or tile-18 on top, the other below it with tile-4 (the rest in the box)."""
    below = "tile-18" if top == "tile-7" else "tile-7"
    position = table().hand(0, "coachman-1").hand(1, "queen").deck("king-1")
    return position.pile(top, below, "tile-4").tiles(1, "tile-10").build()


def test_the_pile_lies_unframed_side_up_so_its_top_side_is_seen_and_its_other_side_is_not() -> None:
    # tile-7 and tile-18 show the same unframed side (1 pumpkin); their framed sides differ.
    twins = [_pile_topped_by("tile-7"), _pile_topped_by("tile-18")]
    for state in twins:
        assert describe(state.top) == "unframed: 1 pumpkin"
        for seat in (0, 1, None):
            assert state.observation(seat)["public"]["top"] == state.top
            assert "its top shows unframed: 1 pumpkin" in state.game.render(state.observation(seat))
    for seat in (0, 1, None):
        assert twins[0].observation(seat) == twins[1].observation(seat)
    for state in twins:
        draw(state, "king-1")
        act(state, "play coachman-1")
    told = [state.apply(state.game.parse_action("take-tile"), 0) for state in twins]
    for twin in twins:
        assert shown(twin, 0) == ["unframed: 1 pumpkin"] and twin.step.name is Phase.TILE_DRAW
    for seat in (1, None):  # the other side stays hidden from all but the taker
        assert twins[0].observation(seat) == twins[1].observation(seat)
        assert [e.to_json() for e in visible(told[0], seat)] == [
            e.to_json() for e in visible(told[1], seat)
        ]
    backs = [[e.text for e in visible(events, 0) if e.kind == "tile-back"] for events in told]
    assert backs == [
        ["Its other side shows framed: 1 VP, 1 carriage."],
        ["Its other side shows framed: 1 shoe, 1 bird."],
    ]


def test_a_world_dealt_from_a_view_keeps_the_side_the_pile_top_shows() -> None:
    state = _pile_topped_by("tile-7")
    observation = state.observation(1)
    tops = Counter()
    for seed in range(30):
        world = state.game.determinize(observation, Rng(seed))
        assert world.observation(1) == observation and world.top == state.top
        (top,) = world.zones.zone("tile-top").cards
        assert face_of(top - TILE_BASE, framed=False) == state.top
        tops[top] += 1
    assert len(tops) > 1  # which pumpkin tile it is, nobody knows


def test_after_the_top_tile_is_taken_the_next_one_comes_up_by_chance() -> None:
    state = _pile_topped_by("tile-7")
    draw(state, "king-1")
    act(state, "play coachman-1")
    act(state, "take-tile")
    assert state.current_players() == (-1,) and state.top is None
    assert sorted(moves(state)) == ["tile tile-18", "tile tile-4"]  # the tiles left below
    assert state.chance_outcomes()[0][1] == 0.5
    events = state.apply(state.game.parse_action("tile tile-4"), -1)
    told = [e.text for e in visible(events, 1)]
    assert told[0] == "The pile's top tile shows unframed: 1 mouse."  # then the Coachman's text
    assert describe(state.top) == "unframed: 1 mouse"


# -- Day and Night --------------------------------------------------------------------------


def test_day_and_night_stay_in_the_middle_whatever_a_card_says() -> None:
    state = table().hand(0, "secret-helper-1").front(1, "king-1").empty_deck().build()
    act(state, "play secret-helper-1")
    assert moves(state) == ["choose king-1"]  # the Day and the Night are never targets
    assert len(cards(state, "clock")) == 2


def test_midnight_turns_day_into_night_and_dawn_night_into_day() -> None:
    state = table().hand(0, "midnight", "witch-1").hand(1, "dawn").empty_deck().build()
    act(state, "play midnight")
    assert state.time() is Time.NIGHT
    act(state, "play dawn")
    assert state.time() is Time.DAY
    act(state, "play witch-1")
    assert state.vp == (1 + 1, 1)  # the Witch's 2 VP at night are not scored by day


# -- the Ball at the Palace -----------------------------------------------------------------


def test_a_removed_card_goes_on_the_ball_at_the_palace_which_holds_two() -> None:
    state = table().hand(0, "secret-helper-1").middle("ogre-1").empty_deck().build()
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    assert cards(state, "ball") == ["ogre-1"] and "ogre-1" not in cards(state, "removed")
    assert state.balls == 0


def test_a_third_card_removes_all_three_turns_day_to_night_and_holds_a_ball() -> None:
    state = (
        table()
        .hand(0, "secret-helper-1")
        .hand(1, "queen")
        .middle("ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .tiles(1, "tile-16")
        .empty_deck()
        .build()
    )
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    assert {"dragon-1", "goblin-1", "ogre-1"} <= set(cards(state, "removed"))
    assert cards(state, "ball") == [] and state.time() is Time.NIGHT and state.balls == 1
    assert state.vp == (1, 2)  # Player 2's tile shows 2 VP; the Secret Helper's 1 VP after
    assert state.ball_vp == (0, 2)


def everyone(state: DarkTalesState) -> list[int | None]:
    """Every seat and a spectator."""
    return [None, *range(state.game.players)]


def ball_seen_by(state: DarkTalesState, seat: int | None) -> tuple[list[str], int]:
    """What ``seat``'s observation shows of the Ball at the Palace: the cards it names, and
    how many lie there."""
    zones = state.view(seat).zones
    known = [CATALOG.texts[c] for c in zones.zone("ball").cards or ()]
    return known, sum(zone.size for zone in zones.zones if zone.id.name.startswith("ball"))


def on_the_ball(state: DarkTalesState) -> set[int]:
    """The cards lying on the Ball at the Palace card, known or not."""
    return {c for z in state.zones.zones.values() if z.id.name.startswith("ball") for c in z.cards}


def test_a_card_removed_from_play_lies_face_down_on_the_ball_but_stays_known_by_name() -> None:
    """RULINGS, Dark Tales 5: a removed card every player saw in play stays known by name."""
    state = table().hand(0, "secret-helper-1").middle("ogre-1").empty_deck().build()
    act(state, "play secret-helper-1")
    events = state.apply(state.game.parse_action("choose ogre-1"), 0)
    for seat in everyone(state):
        assert ball_seen_by(state, seat) == (["ogre-1"], 1)
        assert "Ogre" in " ".join(e.text for e in visible(events, seat))
    assert "Ball at the Palace: 1 cards face down, among them Ogre" in state.game.render(
        state.observation(None)
    )


def test_a_card_removed_from_a_hand_lies_face_down_hidden_from_everyone_its_count_shown() -> None:
    """RULINGS, Dark Tales 5: a card removed from a hand or the deck is hidden from everyone
    (its count shows): no seat's view, no spectator's, no event, no screen names it. (No card
    text removes one from a hand yet; the rule the Ball follows is checked here directly.)"""
    state = table().hand(1, "ogre-1", "witch-1").middle("king-1").empty_deck().build()
    state.told = []
    ball.remove(state, CATALOG.card("ogre-1"))
    for seat in everyone(state):
        assert ball_seen_by(state, seat) == ([], 1)
        assert CATALOG.card("ogre-1") not in state.view(seat).zones.seen()
        told = " ".join(e.text for e in visible(state.told, seat))
        assert "Ogre" not in told and "a card face down" in told
        screen = state.game.render(state.observation(seat))
        assert "Ball at the Palace: 1 cards face down " in screen and "Ogre" not in screen
    assert cards(state, "hand", 1) == ["witch-1"]


def test_a_full_ball_removes_its_cards_as_they_lie_turning_none_up() -> None:
    """The third card removes all three from the game "as they lie: nothing is turned up":
    the known ones stay known, the unseen one stays unseen."""
    state = (
        table()
        .hand(0, "secret-helper-1")
        .hand(1, "witch-1", "queen")
        .middle("ogre-1")
        .ball_card("dragon-1")
        .empty_deck()
        .build()
    )
    ball.remove(state, CATALOG.card("witch-1"))
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    assert state.balls == 1 and state.time() is Time.NIGHT
    for seat in everyone(state):
        zones = state.view(seat).zones
        assert ball_seen_by(state, seat) == ([], 0)
        assert CATALOG.card("witch-1") not in zones.seen()
        known = [CATALOG.texts[c] for c in zones.zone("removed").cards or ()]
        assert {"dragon-1", "ogre-1"} <= set(known)
    assert cards(state, "removed-unseen") == ["witch-1"]


def test_a_world_dealt_from_a_view_deals_the_unseen_ball_card_afresh() -> None:
    """``determinize`` keeps the known cards on the Ball and deals the unseen one from the
    cards the seat has not seen (the seat whose hand it left remembers it there)."""
    state = table().hand(1, "ogre-1", "witch-1").middle("king-1").build()
    ball.remove(state, CATALOG.card("ogre-1"))
    ogre = CATALOG.card("ogre-1")
    dealt = set()
    for k in range(20):
        world = state.game.determinize(state.observation(0), Rng(k))
        assert world.observation(0) == state.observation(0)
        (card,) = on_the_ball(world)
        assert card not in state.view(0).zones.seen()
        dealt.add(card)
    assert len(dealt) > 1
    owner = state.game.determinize(state.observation(1), Rng(0))
    assert on_the_ball(owner) == {ogre}


def test_the_ball_example_of_william_and_susan() -> None:
    """The rulebook's example: William plays the Stepsisters; the card they remove holds a
    Ball; he scores 5 for his tiles and flips his Shoe; Stepsisters and Old Sage (2 + 1),
    Prince and the Gypsy in the middle (3 + 0); Susan may use the Gypsy too; then the Gypsy
    is discarded."""
    state = (
        table()
        .hand(0, "stepsisters-1")
        .front(0, "old-sage-1", "prince")
        .tiles(0, "tile-14", "tile-4/framed", "tile-15/framed")  # 0 + 2 + 3 VP, one Shoe
        .front(1, "young-hero-1")
        .middle("gypsy-1", "ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .empty_deck()
        .build()
    )
    act(state, "play stepsisters-1")
    act(state, "choose ogre-1")
    assert state.time() is Time.NIGHT
    assert state.vp == (5, 0) and shown(state, 0)[0] == "framed: 3 VP"  # the Shoe flipped
    assert state.step.name is Phase.DANCE and state.current_players() == (0,)
    act(state, "couple old-sage-1 stepsisters-1")
    act(state, "couple prince gypsy-1")
    assert state.vp == (5 + 6, 0)
    assert state.current_players() == (1,) and "couple young-hero-1 gypsy-1" in moves(state)
    act(state, "couple young-hero-1 gypsy-1")  # Susan uses the Gypsy William used
    assert cards(state, "discard") == ["gypsy-1"]  # she danced: discarded once all are done
    assert cards(state, "front", 0) == ["old-sage-1", "prince", "stepsisters-1"]
    assert state.vp == (11 + 1, 1)  # and the Stepsisters' own VP once their text is done


def test_the_best_pairing_is_offered_and_another_may_be_chosen() -> None:
    state = (
        table()
        .hand(0, "secret-helper-1")
        .hand(1, "queen")
        .front(0, "old-sage-1", "prince", "stepsisters-1")
        .middle("gypsy-1", "ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .empty_deck()
        .build()
    )
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    couples = best(state, 0)
    assert len(couples) == 2  # both Males dance: 2 + 1 + 3 + 0, or 3 + 2 + 1 + 0
    assert {"best", "stop", "couple old-sage-1 gypsy-1"} <= set(moves(state))
    act(state, "couple old-sage-1 gypsy-1")  # a worse first couple is the player's to choose
    assert moves(state) == ["best", "stop", "couple prince stepsisters-1"]
    act(state, "best")
    assert state.vp == (1 + 5 + 1, 0)
    formed = [(0, "old-sage-1", "gypsy-1"), (0, "prince", "stepsisters-1")]
    assert [(s, CATALOG.texts[m], CATALOG.texts[f]) for s, m, f in state.couples] == formed
    for seat in (0, 1, None):  # everyone saw them dance, and sees them until the next Ball
        assert state.observation(seat)["public"]["couples"] == [list(c) for c in state.couples]
    text = state.game.render(state.observation(1))
    assert "couples at the latest Ball: Old Sage (male, 1 VP) with Gypsy (female, 1 VP)" in text


def test_the_maximum_weight_matching_beats_the_greedy_pairing() -> None:
    weights = {(1, 10): 5, (1, 11): 4, (2, 10): 4}
    assert sorted(best_couples([1, 2], [10, 11], weights)) == [(1, 11), (2, 10)]  # 8, not 5
    assert best_couples([1], [10], {}) == []


def test_couples_are_male_and_female_one_card_in_front_each_card_once_a_player() -> None:
    state = (
        table()
        .hand(0, "secret-helper-1")
        .front(0, "noble-1", "stepsisters-1")
        .middle("king-1", "witch-1", "queen", "ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .empty_deck()
        .build()
    )
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    couples = [m for m in moves(state) if m.startswith("couple")]
    assert couples == [
        "couple king-1 stepsisters-1",
        "couple noble-1 witch-1",
        "couple noble-1 queen",
        "couple noble-1 stepsisters-1",
    ]  # never two Males, never King and Witch (both in the middle)
    act(state, "couple noble-1 witch-1")
    assert [m for m in moves(state) if m.startswith("couple")] == ["couple king-1 stepsisters-1"]
    act(state, "stop")  # any number of couples, none at all included
    assert state.vp == (2 + 1, 0)  # the Noble's notes: 2 + 0; the Secret Helper's 1 VP


def test_musical_notes_examples() -> None:
    """Your Old Sage dances with your Witch: 2 VP (1 + 1). Your Noble dances with a Fairy in
    the middle of the table: 2 VP (2 + 0)."""
    for mine, middle, couple in (
        (("old-sage-1", "witch-1"), (), "couple old-sage-1 witch-1"),
        (("noble-1",), ("fairy-1",), "couple noble-1 fairy-1"),
    ):
        state = (
            table()
            .hand(0, "secret-helper-1")
            .front(0, *mine)
            .middle(*middle, "ogre-1")
            .ball_card("dragon-1", "goblin-1")
            .empty_deck()
            .build()
        )
        act(state, "play secret-helper-1")
        act(state, "choose ogre-1")
        act(state, couple)
        assert state.ball_vp == (2, 0)


def test_the_stepmother_scores_for_dancing_stepsisters_in_front_of_other_players() -> None:
    state = (
        table()
        .hand(0, "secret-helper-1")
        .front(0, "stepmother")
        .front(1, "stepsisters-1", "king-1")
        .middle("ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .empty_deck()
        .build()
    )
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    act(state, "couple king-1 stepsisters-1")  # Player 1 has no Male to dance with
    assert state.ball_vp == (2, 1 + 2)  # Stepmother 2 VP per dancing Stepsisters


def test_the_prince_scores_for_shoes_in_front_of_every_player() -> None:
    state = (
        table()
        .hand(0, "prince")
        .tiles(0, "tile-14")
        .tiles(1, "tile-18/framed", "tile-10")
        .hand(1, "queen")
        .empty_deck()
        .build()
    )
    act(state, "play prince")
    assert state.vp == (2 + 2, 0)  # a Shoe here and one there, and the Prince's 2 VP


def test_a_card_suspended_by_a_ball_goes_on_after_it() -> None:
    state = (
        table()
        .settings(ROYAL_BALL, ARMOURY)
        .hand(0, "king-1")
        .items(0, sword=1)
        .middle("ogre-1")
        .ball_card("dragon-1", "goblin-1")
        .empty_deck()
        .build()
    )
    act(state, "use sword")  # The Royal Ball: remove a Monster, then 1 VP
    events = state.apply(state.game.parse_action("choose ogre-1"), 0)
    texts = [e.text for e in events]
    assert texts.index("A Ball at the Palace!") < texts.index("Player 1 scores 1 VP.")


def test_more_than_one_ball_may_be_held() -> None:
    state = (
        table()
        .hand(0, "secret-helper-1", "secret-helper-2")
        .hand(1, "stepsisters-1", "stepsisters-2")
        .middle("ogre-1", "ogre-2", "ogre-3", "dragon-1")
        .ball_card("dragon-2", "goblin-1")
        .empty_deck()
        .build()
    )
    act(state, "play secret-helper-1")
    act(state, "choose ogre-1")
    assert state.balls == 1 and cards(state, "ball") == []
    act(state, "play stepsisters-1")
    act(state, "choose ogre-2")
    act(state, "play secret-helper-2")
    act(state, "choose ogre-3")
    assert cards(state, "ball") == ["ogre-2", "ogre-3"]
    act(state, "play stepsisters-2")
    act(state, "choose dragon-1")
    assert state.balls == 2


# -- the final Ball -------------------------------------------------------------------------


def test_the_final_ball_is_always_held_without_tile_vp_or_shoes_and_awards_the_most_images() -> (
    None
):
    state = (
        table(3)
        .front(0, "noble-1")
        .middle("fairy-1")
        .tiles(0, "tile-1/framed", "tile-4", "tile-14")  # 2 birds, 1 mouse, 1 shoe
        .tiles(1, "tile-2", "tile-3", "tile-16")  # 2 birds (two tiles), 2 VP not scored
        .tiles(2, "tile-7/framed", "tile-12")  # a carriage is no pumpkin; 1 bird, 1 mouse
        .empty_deck()
        .build()
    )
    assert state.step.name is Phase.DANCE  # the Ball card is empty: the final Ball all the same
    act(state, "best")
    assert state.is_terminal()
    assert shown(state, 0)[2] == "unframed: 1 shoe"  # not flipped
    # Birds: 2, 2, 1 -> 8, 8 and the next rank lowered: 3. Mice: 1, 0, 1 -> 5, -, 5.
    # Shoes: 5 to Player 1. Pumpkins: none. The Noble and Fairy dance: 2.
    assert state.ball_vp == (2 + 8 + 5 + 5, 8, 3 + 5)


def test_the_stepmother_scores_at_the_final_ball_too() -> None:
    state = (
        table()
        .front(0, "stepmother")
        .front(1, "stepsisters-1", "king-1")
        .empty_deck()
        .player(1)
        .build()
    )
    assert state.current_players() == (1,)
    act(state, "couple king-1 stepsisters-1")
    assert state.is_terminal() and state.ball_vp == (2, 3)


# -- what a seat may know -------------------------------------------------------------------


def test_a_world_dealt_from_a_view_shows_every_tile_as_it_is_shown() -> None:
    state = (
        table()
        .hand(0, "queen")
        .tiles(0, "tile-14", "tile-1/framed")
        .tiles(1, "tile-10", "tile-18/framed")
        .bottom("tile-4/framed")  # it showed 2 VP and a mouse when it was discarded
        .build()
    )
    framed_mouse = CATALOG.cinderella.tiles[3].framed
    observation = state.observation(1)
    others = Counter()
    for seed in range(20):
        world = state.game.determinize(observation, Rng(seed))
        assert world.observation(1) == observation
        assert world.showing == state.showing
        assert world.zones.zone("tiles", 1).cards == state.zones.zone("tiles", 1).cards
        others[world.zones.zone("tiles", 0).cards] += 1
        (under,) = world.zones.zone("tile-bottom").cards
        assert CATALOG.cinderella.tiles[under - TILE_BASE].framed == framed_mouse
    assert len(others) > 1  # the other sides of Player 1's tiles are dealt afresh


# -- components ------------------------------------------------------------------------------


def _override(tmp_path: Path, text: str) -> DataFiles:
    (tmp_path / "cinderella.toml").write_text(text, encoding="utf-8")
    return DataFiles(DATA_DIR, tmp_path)


def test_the_expansion_has_what_its_rulebook_counts_and_names() -> None:
    added = CATALOG.cards[CATALOG.base_cards :]
    assert len(added) == 21 and all(card.expansion for card in added)
    assert {"Prince", "Stepmother", "Stepsisters"} <= {card.name for card in added}
    assert len(CATALOG.cinderella.tiles) == 21 and CATALOG.cinderella.holds == 2
    assert [card.name for card in CATALOG.a_cards[3:]] == ["The Royal Ball"]  # A4
    assert [card.name for card in CATALOG.b_cards[3:]] == ["The Royal Dowry"]  # B4
    awards = {image.value: vps for image, vps in CATALOG.cinderella.awards}
    assert awards == {"pumpkin": (3,), "shoe": (5,), "mouse": (5, 3), "bird": (8, 5, 3)}
    stepsisters = next(card for card in added if card.name == "Stepsisters")
    assert stepsisters.type is CardType.FEMALE  # one Female at the Ball, though two sisters


def test_a_wrong_expansion_file_is_refused_naming_what_is_wrong(tmp_path: Path) -> None:
    good = (DATA_DIR / "cinderella.toml").read_text(encoding="utf-8")
    fewer = good.replace(
        'name = "Coachman"\ntype = "male"\ncount = 2', 'name = "Coachman"\ntype = "male"\ncount = 1'
    )
    with pytest.raises(ComponentError, match="the expansion has 21 playing cards, not 20"):
        load_catalog(_override(tmp_path, fewer))
    no_prince = good.replace('name = "Prince"', 'name = "Princeling"')
    with pytest.raises(ComponentError, match="the expansion needs the card Prince"):
        load_catalog(_override(tmp_path, no_prince))
    birds = good.replace("bird = [8, 5, 3]", "bird = [8, 5]")
    with pytest.raises(ComponentError, match=r"bird: found \[8, 5\]; must be \[8, 5, 3\]"):
        load_catalog(_override(tmp_path, birds))
    tiles = good.replace("count = 3\nunframed = {bird = 1}", "count = 4\nunframed = {bird = 1}")
    with pytest.raises(ComponentError, match="there must be 21 tiles, not 22"):
        load_catalog(_override(tmp_path, tiles))
    holds = good.replace("holds = 2", "holds = 3")
    with pytest.raises(ComponentError, match="holds: found 3; must be"):
        load_catalog(_override(tmp_path, holds))
