"""Zones: moves, views, memory and determinize."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ballroom.core.errors import ZoneError
from ballroom.core.rng import Rng
from ballroom.core.zones import (
    Visibility,
    Zone,
    ZoneId,
    Zones,
    ZonesView,
    determinize,
    determinize_decks,
)

SEATS = 3
CARDS = tuple(range(20))
DECK, DISCARD, ROW = ZoneId("deck"), ZoneId("discard"), ZoneId("row")


def hand(seat: int) -> ZoneId:
    return ZoneId("hand", seat)


def table() -> Zones:
    """A deck of 20, three empty hands, a discard pile and a face-up row."""
    return Zones.create(
        SEATS,
        [
            Zone(DECK, Visibility.NOBODY, CARDS),
            Zone(DISCARD, Visibility.EVERYONE),
            Zone(ROW, Visibility.EVERYONE),
            *(Zone(hand(seat), Visibility.OWNER) for seat in range(SEATS)),
        ],
    )


def dealt() -> Zones:
    zones = table()
    for seat in range(SEATS):
        for card in range(seat * 4, seat * 4 + 4):
            zones = zones.move(card, hand(seat))
    return zones


def test_zone_ids_read_back_and_refuse_bad_names() -> None:
    assert ZoneId.parse("hand/2") == hand(2)
    assert ZoneId.parse("deck") == DECK
    assert str(hand(1)) == "hand/1"
    with pytest.raises(ZoneError, match="name or name/seat"):
        ZoneId.parse("hand/x")
    with pytest.raises(ZoneError, match="without '/'"):
        ZoneId("a/b")


def test_creation_refuses_duplicates_and_ownerless_private_zones() -> None:
    with pytest.raises(ZoneError, match="card 1 is in both"):
        Zones.create(1, [Zone(DECK, Visibility.NOBODY, (1,)), Zone(ROW, Visibility.EVERYONE, (1,))])
    with pytest.raises(ZoneError, match="declared twice"):
        Zones.create(1, [Zone(DECK, Visibility.NOBODY), Zone(DECK, Visibility.NOBODY)])
    with pytest.raises(ZoneError, match="needs an owner"):
        Zone(ZoneId("hand"), Visibility.OWNER)
    with pytest.raises(ZoneError, match=r"owner must be a seat 0\.\.0"):
        Zones.create(1, [Zone(hand(3), Visibility.OWNER)])


def test_moves_keep_every_card_once_and_name_missing_zones() -> None:
    zones = dealt()
    assert zones.zone("hand", 1).cards == (4, 5, 6, 7)
    assert zones.locate(5) == hand(1)
    zones = zones.move(5, DISCARD).move(6, DECK, bottom=True)
    assert zones[DISCARD].cards == (5,)
    assert zones[DECK].cards[0] == 6
    assert sorted(c for z in zones.zones.values() for c in z.cards) == list(CARDS)
    zones, top = zones.move_top(DECK, ROW)
    assert zones[ROW].cards == (top,) and top == CARDS[-1]
    with pytest.raises(ZoneError, match=r"no zone tableau; zones: deck, discard, hand/0"):
        zones.zone("tableau")
    with pytest.raises(ZoneError, match="already in"):
        zones.move(top, ROW)
    with pytest.raises(ZoneError, match="in no zone"):
        zones.locate(99)


def test_a_view_shows_what_the_seat_may_see_and_counts_the_rest() -> None:
    zones = dealt().move(0, ROW)
    view = zones.view(1)
    assert view.zone("hand", 1).cards == (4, 5, 6, 7)
    assert view.zone("hand", 0).cards is None and view.zone("hand", 0).size == 3
    assert view.zone("deck").cards is None and view.zone("deck").size == 8
    assert view.zone("row").cards == (0,)
    spectator = zones.view(None)
    assert all(z.cards is None for z in spectator.zones if z.id.name in ("hand", "deck"))
    assert ZonesView.from_json(1, json.loads(json.dumps(view.to_json()))) == view


def test_a_zone_unchanged_by_a_move_shows_the_views_made_before_and_each_json_is_a_copy() -> None:
    zones = dealt()
    before = zones.view(1)
    after = zones.move(0, ROW).view(1)
    assert after.zone("hand", 2) is before.zone("hand", 2)  # untouched: its view is shared
    assert after.zone("hand", 0).size == 3 and before.zone("hand", 0).size == 4
    assert after.zone("row").cards == (0,) and before.zone("row").cards == ()
    assert zones.view(2).zone("hand", 1).cards is None  # another seat: the hidden one
    written = after.to_json()
    written["zones"][0]["size"] = 99  # type: ignore[index]
    assert after.to_json() != written and after.zone("deck").size == 8


def test_draw_outcomes_are_the_piles_cards_equally_likely() -> None:
    outcomes = dealt().draw_outcomes(DECK)
    assert [card for card, _ in outcomes] == list(range(12, 20))
    assert {p for _, p in outcomes} == {1 / 8}
    with pytest.raises(ZoneError, match="empty"):
        table().draw_outcomes(DISCARD)


def test_shuffle_is_the_rngs_and_keeps_the_cards() -> None:
    first = table().shuffle(DECK, Rng(3))[DECK].cards
    assert first == table().shuffle(DECK, Rng(3))[DECK].cards
    assert first != table().shuffle(DECK, Rng(4))[DECK].cards
    assert sorted(first) == list(CARDS)


def test_a_passed_card_is_remembered_where_it_went() -> None:
    zones = dealt().move(0, hand(1))
    assert zones.memory[0] == {0: frozenset({hand(1)})}
    assert 0 not in zones.memory[1]  # seat 1 sees it
    # Seat 1 plays some card to the deck: seat 0 cannot tell which.
    zones = zones.move(5, DECK)
    assert zones.memory[0][0] == frozenset({hand(1), DECK})
    # The card comes back into sight: nothing left to remember.
    zones = zones.move(0, ROW)
    assert 0 not in zones.memory[0]


def test_an_emptied_zone_leaves_memory() -> None:
    zones = table().move(0, hand(0)).move(0, hand(1))
    zones = zones.move(0, hand(2))
    assert zones.memory[0][0] == frozenset({hand(2)})


def test_a_draft_pass_keeps_exact_memory() -> None:
    zones = dealt()
    passing = {hand(seat): hand((seat + 1) % SEATS) for seat in range(SEATS)}
    zones = zones.pass_all(passing)
    assert zones.zone("hand", 1).cards == (0, 1, 2, 3)
    assert zones.memory[0] == {card: frozenset({hand(1)}) for card in range(4)}
    zones = zones.pass_all(passing)
    # Seat 0 passed 0-3 on, then 8-11: it knows where each pack is.
    assert zones.memory[0] == {
        **{card: frozenset({hand(2)}) for card in range(4)},
        **{card: frozenset({hand(1)}) for card in range(8, 12)},
    }
    zones = zones.pass_all(passing)
    assert zones.zone("hand", 0).cards == (0, 1, 2, 3)
    assert set(zones.memory[0]) == set(range(4, 12)), "its own pack is in sight again"


def test_shown_cards_are_remembered_in_their_zone() -> None:
    zones = dealt().show(5, [0, 1, 2])
    assert zones.memory[0] == {5: frozenset({hand(1)})}
    assert 5 not in zones.memory[1]


def test_determinize_deals_every_unseen_card_once_keeping_sizes_and_sights() -> None:
    zones = dealt().move(0, ROW).move(8, DISCARD)
    view = zones.view(1)
    twin = determinize(view, CARDS, Rng(1))
    assert twin.view(1) == view
    assert sorted(c for z in twin.zones.values() for c in z.cards) == list(CARDS)
    for zone in zones.zones.values():
        assert twin[zone.id].size == zone.size


def test_determinize_varies_with_the_seed_and_repeats_with_the_same_seed() -> None:
    view = dealt().view(0)
    deals = [determinize(view, CARDS, Rng(seed)).zone("hand", 1).cards for seed in range(8)]
    assert len(set(deals)) > 1
    assert determinize(view, CARDS, Rng(5)) == determinize(view, CARDS, Rng(5))


def test_determinize_respects_memory() -> None:
    zones = dealt()
    for card in range(4):
        zones = zones.move(card, hand(2))
    view = zones.view(0)
    for seed in range(20):
        twin = determinize(view, CARDS, Rng(seed))
        assert set(range(4)) <= set(twin.zone("hand", 2).cards)
        assert twin.memory[0] == zones.memory[0]


def test_determinize_refuses_an_inconsistent_view() -> None:
    view = dealt().view(0)
    with pytest.raises(ZoneError, match="hidden zones hold 16 cards but 15 are unseen"):
        determinize(view, CARDS[:-1], Rng(0))
    with pytest.raises(ZoneError, match="not components"):
        determinize(view, CARDS[4:], Rng(0))


def test_determinize_decks_deals_each_deck_only_into_its_own_zones() -> None:
    """Two decks (cards 0-9 for hands, 10-19 for a hidden pile of events): whatever the
    seed, a world never deals an event into a hand, and it keeps the seat's memory."""
    events, pile = tuple(range(10, 20)), ZoneId("events")
    zones = Zones.create(
        SEATS,
        [
            Zone(DECK, Visibility.NOBODY, tuple(range(10))),
            Zone(pile, Visibility.NOBODY, events),
            Zone(DISCARD, Visibility.EVERYONE),
            *(Zone(hand(seat), Visibility.OWNER) for seat in range(SEATS)),
        ],
    )
    for seat in range(SEATS):
        for card in range(seat * 3, seat * 3 + 3):
            zones = zones.move(card, hand(seat))
    zones = zones.move(0, hand(2))  # seat 0 passed its card 0 to seat 2
    view = zones.view(0)
    decks = ((range(10), ("deck", "hand")), (events, ("events",)))
    for seed in range(30):
        world = determinize_decks(view, decks, Rng(seed))
        assert world.view(0) == view
        assert set(world[pile].cards) == set(events)
        assert 0 in world.zone("hand", 2).cards
        assert world.memory[0] == zones.memory[0] != {}
    generic = {determinize(view, CARDS, Rng(seed))[pile].cards for seed in range(30)}
    assert any(not set(cards) <= set(events) for cards in generic)  # what the decks prevent


MOVE = st.tuples(st.sampled_from(["move", "show", "pass"]), st.integers(0, 19), st.integers(0, 5))
PLACES = (DECK, DISCARD, ROW, hand(0), hand(1), hand(2))


@given(st.lists(MOVE, max_size=40), st.integers(0, 2), st.integers(0, 1000))
def test_memory_stays_true_and_determinize_stays_consistent(
    moves: list[tuple[str, int, int]], seat: int, seed: int
) -> None:
    zones = dealt()
    for kind, card, place in moves:
        if kind == "move" and zones.locate(card) != PLACES[place]:
            zones = zones.move(card, PLACES[place])
        elif kind == "show":
            zones = zones.show(card, [place % SEATS])
        elif kind == "pass":
            zones = zones.pass_all({hand(s): hand((s + 1 + place) % SEATS) for s in range(SEATS)})
    for mind in zones.memory:
        for card, places in mind.items():
            assert zones.locate(card) in places, "a memory that is wrong"
    view = zones.view(seat)
    twin = determinize(view, CARDS, Rng(seed))
    assert twin.view(seat) == view
    assert sorted(twin.where) == list(CARDS)
    for card, places in view.memory.items():
        assert twin.locate(card) in places
    assert twin == determinize(view, CARDS, Rng(seed))


@given(st.lists(MOVE, max_size=40))
def test_memory_read_at_the_end_is_the_memory_read_after_every_move(
    moves: list[tuple[str, int, int]],
) -> None:
    """Moves note themselves and memories are brought up to date when read: a run of moves
    taken in at once must leave what one move at a time leaves."""
    read_every_move = read_at_end = dealt()
    for kind, card, place in moves:
        for_each, at_end = read_every_move, read_at_end
        if kind == "move" and at_end.locate(card) != PLACES[place]:
            for_each, at_end = for_each.move(card, PLACES[place]), at_end.move(card, PLACES[place])
        elif kind == "show":
            for_each, at_end = (
                for_each.show(card, [place % SEATS]),
                at_end.show(card, [place % SEATS]),
            )
        elif kind == "pass":
            passes = {hand(s): hand((s + 1 + place) % SEATS) for s in range(SEATS)}
            for_each, at_end = for_each.pass_all(passes), at_end.pass_all(passes)
        for_each.memory  # noqa: B018  # read now: one move at a time
        read_every_move, read_at_end = for_each, at_end
    assert read_at_end.memory == read_every_move.memory
    assert read_at_end == read_every_move
