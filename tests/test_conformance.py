"""Generic checks every registered game must pass, parametrised over the registry.

A new game is tested by these the day it registers: stable sorted legal
actions, text forms that parse back, illegal input refused with the state
unchanged, independent clones, JSON observations, records that replay, and
worlds dealt by ``determinize`` from a seat's view (every game must deal
them) that are legal, show that seat exactly its view and play on to the
end. The example game, which is not registered, is included by name.

And secrets that twin secrecy cannot see: its twins are dealt from a seat's
view, so what that view wrongly shows is kept in both. Here twins differ in
what the rules hide from the seat, whatever its view shows: another seat's
secret choice, a card chance deals out of its sight, two unseen cards in
each other's places (by the zones' declared visibility).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest
from tests.random_games import GAME_CLASSES, player_counts, random_game, random_options, replay_to
from tests.test_twin_secrecy import differences, follow, seen

import ballroom
from ballroom.agents import RandomAgent, make_agent
from ballroom.core.capabilities import Determinizes
from ballroom.core.errors import IllegalActionError, InvalidOptionError
from ballroom.core.events import Event
from ballroom.core.game import Game
from ballroom.core.play import decision_for, past_cap, play_out
from ballroom.core.record import GameRecord, replay
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State
from ballroom.core.zones import Visibility, ZoneId, Zones

MAX_ACTIONS = 20_000


def random_walk(game: Game, seed: int, check: bool = True) -> State:
    """Play a random game, checking the contract at every step when ``check``, to its end
    or until cut off past the game's ``turn_cap`` (truncated: no winner)."""
    state = game.new_state(seed)
    agents = [RandomAgent(Rng(seed * 31 + seat)) for seat in range(game.players)]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal() or past_cap(state, game.turn_cap):
            break
        players = state.current_players()
        player = players[0]
        legal = state.legal_actions(player)
        if check:
            assert legal == sorted(set(legal)) and legal, (
                "legal actions are sorted, unique, non-empty"
            )
            assert all(0 <= a < game.num_distinct_actions for a in legal)
            for action in legal:
                assert game.parse_action(game.action_to_text(action)) == action
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert sorted(a for a, _ in outcomes) == legal
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            json.dumps(state.observation(None))
            for seat in range(game.players):
                json.dumps(state.observation(seat))
        if player == CHANCE:
            action = state.sample_chance()
        else:
            action = agents[player].act(decision_for(state, player))
        state.apply(action, player)
    assert state.is_terminal() or past_cap(state, game.turn_cap), (
        f"no end after {MAX_ACTIONS} actions"
    )
    return state


@pytest.fixture(params=GAME_CLASSES, ids=lambda g: g.id)
def game(request: pytest.FixtureRequest) -> Game:
    game_class: type[Game] = request.param
    return game_class(min(4, game_class.max_players))


def test_random_games_follow_the_contract(game: Game) -> None:
    state = random_walk(game, seed=1)
    assert len(state.returns()) == game.players
    if state.is_terminal():
        assert state.outcome().winners
        assert abs(sum(state.returns()) - 1.0) < 1e-9
    else:  # cut off at the game's turn cap: truncated, no winner
        assert state.returns() == [0.0] * game.players


def test_the_games_own_bots_finish_with_a_winner(game: Game) -> None:
    """Purposeful play ends by the rules, well within any turn cap for automated play."""
    seats = type(game).default_seats(game.players)
    agents = [make_agent(game, seat, spec, 6) for seat, spec in enumerate(seats)]
    state = play_out(game.new_state(6), agents, max_turns=game.turn_cap)
    assert state.is_terminal() and state.outcome().winners
    assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_same_seed_same_game(game: Game) -> None:
    first = random_walk(game, seed=5, check=False)
    second = random_walk(game, seed=5, check=False)
    assert first.history == second.history
    assert first.observation(None) == second.observation(None)


def test_record_round_trip_replays_exactly(game: Game) -> None:
    state = random_walk(game, seed=2, check=False)
    record = GameRecord.loads(state.record().dumps())
    replayed = replay(record, game_class=type(game))
    assert replayed.history == state.history
    assert replayed.observation(None) == state.observation(None)
    halfway = replay(record, upto=len(record.actions) // 2, game_class=type(game))
    assert halfway.history == state.history[: len(record.actions) // 2]


def test_illegal_actions_are_refused_and_change_nothing(game: Game) -> None:
    state = game.new_state(3)
    for _ in range(200):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        before = state.observation(None), list(state.history)
        illegal = next((a for a in range(game.num_distinct_actions) if a not in legal), None)
        if illegal is not None:
            with pytest.raises(IllegalActionError, match="legal"):
                state.apply(illegal, player)
        outsider = next((p for p in range(game.players) if p not in state.current_players()), None)
        if outsider is not None:
            with pytest.raises(IllegalActionError, match="not player"):
                state.apply(legal[0], outsider)
        with pytest.raises(IllegalActionError):
            state.apply_text("this is not a move", player)
        assert (state.observation(None), state.history) == before
        state.apply(state.sample_chance() if player == CHANCE else legal[-1], player)


def test_clones_are_independent(game: Game) -> None:
    state = game.new_state(4)
    for _ in range(50):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        state.apply(
            state.sample_chance() if player == CHANCE else state.legal_actions(player)[0], player
        )
    twin = state.clone()
    before = state.observation(None), list(state.history)
    for _ in range(50):
        if twin.is_terminal():
            break
        player = twin.current_players()[0]
        twin.apply(
            twin.sample_chance() if player == CHANCE else twin.legal_actions(player)[-1], player
        )
    assert (state.observation(None), state.history) == before


ROUND_TRIP_GAMES = 4
ROUND_TRIPS = 3
"""Points of each random game where a seat's world is dealt and played out."""


@pytest.mark.parametrize(
    ("game_class", "players"),
    [(g, players) for g in GAME_CLASSES for players in player_counts(g)],
    ids=lambda value: value.id if isinstance(value, type) else str(value),
)
def test_a_world_dealt_from_a_seats_view_is_legal_shows_that_view_and_plays_to_the_end(
    game_class: type[Game], players: int
) -> None:
    """``determinize`` deals only what the seat cannot see, as the rules could have dealt it:
    the world shows the seat its view and everyone the public view, offers the seat the same
    moves, looks consistent from every other seat (each of their views deals a world that
    shows it back), and plays on to the end. Random options, random points."""
    assert issubclass(game_class, Determinizes), (
        f"{game_class.id} must deal a world from a seat's view: define determinize "
        "(ballroom.core.capabilities.Determinizes), which search and twin secrecy use"
    )
    for walk in range(ROUND_TRIP_GAMES):
        chooser = random.Random(f"{game_class.id}:{players}:round trip {walk}")
        game = game_class(players, **random_options(game_class, chooser))
        assert isinstance(game, Determinizes)
        seed = chooser.randrange(1 << 30)
        played = random_game(game.new_state(seed), chooser, 1500)
        state = game.new_state(seed)
        for depth in sorted(chooser.randrange(len(played)) for _ in range(ROUND_TRIPS)):
            replay_to(state, played, depth)
            where = f"{game!r}, seed {seed}, after {depth} actions"
            seat = chooser.randrange(players)
            view = state.observation(seat)
            world = game.determinize(view, Rng(chooser.randrange(1 << 30)))
            assert world.observation(seat) == view, (
                f"{where}: seat {seat}'s world shows another view"
            )
            assert world.observation(None) == state.observation(None), (
                f"{where}: seat {seat}'s world changed what everyone sees"
            )
            assert world.current_players() == state.current_players(), f"{where}: another seat acts"
            if seat in state.current_players():
                assert world.legal_actions(seat) == state.legal_actions(seat), (
                    f"{where}: seat {seat}'s world offers it other moves"
                )
            for other in range(players):
                seen = world.observation(other)
                json.dumps(seen)
                again = game.determinize(seen, Rng(other))
                assert again.observation(other) == seen, (
                    f"{where}: seat {seat}'s world is not one seat {other} could be in"
                )
            random_finish(world, Rng(depth))


def random_finish(state: State, chooser: Rng) -> None:
    """Play ``state`` to its end, or its cut-off past the game's turn cap, with random legal
    moves (a dealt world must allow it)."""
    for _ in range(MAX_ACTIONS):
        if state.is_terminal() or past_cap(state, state.game.turn_cap):
            return
        player = state.current_players()[0]
        legal = state.legal_actions(player)
        assert legal, "a dealt world offers no legal action"
        state.apply(state.sample_chance() if player == CHANCE else chooser.choice(legal), player)
    raise AssertionError(f"a dealt world did not end in {MAX_ACTIONS} actions")


def test_unknown_options_and_bad_player_counts_are_refused(game: Game) -> None:
    game_class = type(game)
    with pytest.raises(InvalidOptionError, match="unknown option 'no-such-option'"):
        game_class(game_class.min_players, no_such_option=1)
    with pytest.raises(
        InvalidOptionError, match=f"{game_class.min_players} to {game_class.max_players}"
    ):
        game_class(game_class.max_players + 1)
    for option in game_class.option_set.options:
        with pytest.raises(InvalidOptionError, match="allowed"):
            game_class(game_class.min_players, **{option.name: "not-a-value"})


def test_make_uses_the_registry() -> None:
    state = ballroom.make("dancing-dice", players=3, seed=9)
    assert state.game.players == 3
    with pytest.raises(ballroom.core.UnknownGameError, match=r"known games: .*dancing-dice"):
        ballroom.make("chess", players=2)


# -- secrets the twins cannot see -------------------------------------------------------------
#
# Twin secrecy deals X's twin from X's view, so whatever X wrongly sees is kept in both
# twins and never tells them apart. These checks make twins that differ in what the rules
# hide from X, whatever X's view shows: another seat's secret choice, a card chance deals
# where X may not look, or the identity of two cards lying where X may not look (by the
# zones' declared visibility). X (every seat but the one deciding, and a spectator) must
# see the same in both until an event that ``reveals``.

SECRET_POINTS = 3
"""Secret choices (and as many chance deals, and swaps) checked per random game, each at a
random step of it (of 0.3 odds), and the game left once they are."""
SECRET_WALKS = 4


def secret_cases() -> list[tuple[type[Game], int]]:
    return [(g, players) for g in GAME_CLASSES for players in player_counts(g)]


def viewers(players: int, but: int, chooser: random.Random) -> list[int | None]:
    """Who must not learn what ``but`` decided: a spectator (``None``) and two other seats."""
    others = [seat for seat in range(players) if seat != but]
    return [None, *chooser.sample(others, min(2, len(others)))]


def walk_points(game_class: type[Game], players: int, walk: int) -> Iterator[State]:
    """The states of a random game with random options, one after each action."""
    chooser = random.Random(f"{game_class.id}:{players}:secrets {walk}")
    game = game_class(players, **random_options(game_class, chooser))
    seed = chooser.randrange(1 << 30)
    played = random_game(game.new_state(seed), chooser, 1500)
    state = game.new_state(seed)
    for depth in range(len(played) + 1):
        replay_to(state, played, depth)
        yield state


def split(state: State, seat: int, first: int, second: int) -> tuple[State, State, Events]:
    """Two clones of ``state``, ``seat`` having taken ``first`` in one and ``second`` in the
    other (with the same random source after), and the events of each."""
    one, two = state.clone(), state.clone()
    mine, theirs = one.apply(first, seat), two.apply(second, seat)
    two.rng = one.rng.clone()
    return one, two, (mine, theirs)


Events = tuple[list[Event], list[Event]]


def assert_alike(
    one: State,
    two: State,
    x: int | None,
    events: Events,
    where: str,
    *,
    until_chance: bool = False,
) -> None:
    """What ``x`` sees right after the split and as both play on, until something is
    revealed (or, ``until_chance``, until a chance step): the same in both."""
    mine, theirs = events
    if any(event.reveals for event in mine + theirs):
        return
    leaks = differences(seen(one, x, mine), seen(two, x, theirs))
    who = "a spectator" if x is None else f"seat {x}"
    assert not leaks, f"{where}: {who} tells them apart at once: {leaks}"
    try:
        follow(one, two, x, random.Random(where), until_chance=until_chance)
    except AssertionError as leak:
        raise AssertionError(f"{where}, then {who}: {leak}") from None


def describe(state: State, seat: int, first: int, second: int) -> str:
    game = state.game
    who = "chance" if seat == CHANCE else f"seat {seat}"
    return (
        f"{game!r}, after {len(state.history)} actions, {who} taking "
        f"{game.action_to_text(first)!r} or {game.action_to_text(second)!r}"
    )


CASE_IDS = {"ids": lambda value: value.id if isinstance(value, type) else str(value)}


@pytest.mark.parametrize(("game_class", "players"), secret_cases(), **CASE_IDS)
def test_nothing_a_seat_chooses_in_secret_changes_what_another_sees(
    game_class: type[Game], players: int
) -> None:
    """At a step where several seats decide at once, in secret, two different choices of
    one of them leave every other seat's (and a spectator's) observation, events, moves and
    turn order the same, beyond "has chosen", until an event reveals the choices. (A game
    with no such step, The Dance, meets none.)"""
    met = checked = 0
    for walk in range(SECRET_WALKS):
        for state in walk_points(game_class, players, walk):
            deciding = state.current_players()
            if len(deciding) < 2:
                continue
            met += 1
            chooser = random.Random(len(state.history))
            seat = chooser.choice(deciding)
            legal = state.legal_actions(seat)
            if checked >= SECRET_POINTS * (walk + 1):
                break
            if len(legal) < 2 or chooser.random() > 0.3:
                continue
            first, second = chooser.sample(legal, 2)
            one, two, events = split(state, seat, first, second)
            where = describe(state, seat, first, second) + " in secret"
            for x in viewers(players, seat, chooser):
                assert_alike(one.clone(), two.clone(), x, events, where)
            checked += 1
    assert checked or not met, f"{game_class.id}: {met} secret steps met, none with two choices"


def zones_of(state: State) -> Zones | None:
    """The zones a state keeps its cards in (a game without cards keeps none)."""
    zones = getattr(state, "zones", None)
    return zones if isinstance(zones, Zones) else None


@pytest.mark.parametrize(("game_class", "players"), secret_cases(), **CASE_IDS)
def test_a_card_chance_deals_out_of_a_seats_sight_changes_nothing_it_sees(
    game_class: type[Game], players: int
) -> None:
    """Two outcomes of a chance step that leave the zones alike to X (by the zones' declared
    visibility: the cards went where X may not look) leave X's whole view alike, until an
    event reveals them: no event, public field or legal move names the card."""
    checked = 0
    for walk in range(SECRET_WALKS):
        for state in walk_points(game_class, players, walk):
            if checked >= SECRET_POINTS * (walk + 1):
                break
            if state.current_players() != (CHANCE,):
                continue
            outcomes = state.legal_actions(CHANCE)
            if len(outcomes) < 2 or zones_of(state) is None:
                continue
            chooser = random.Random(len(state.history))
            if chooser.random() > 0.3:
                continue
            first, second = chooser.sample(outcomes, 2)
            one, two, events = split(state, CHANCE, first, second)
            dealt_one, dealt_two = zones_of(one), zones_of(two)
            assert dealt_one is not None and dealt_two is not None
            if dealt_one.where == dealt_two.where:
                continue  # the outcomes differ in something else, which is public (dice)
            unseen = [x for x in [None, *range(players)] if dealt_one.view(x) == dealt_two.view(x)]
            unseen = unseen[:1] + chooser.sample(unseen[1:], min(2, len(unseen[1:])))
            for x in unseen:
                assert_alike(
                    one.clone(), two.clone(), x, events, describe(state, CHANCE, first, second)
                )
            checked += bool(unseen)
    assert checked or not deals_out_of_sight(game_class, players), (
        f"{game_class.id}: chance dealt no card out of a seat's sight in {SECRET_WALKS} games"
    )


def hides_cards(game: Game) -> bool:
    """Whether the game keeps cards in zones some seat may not see."""
    zones = zones_of(game.new_state(0))
    return zones is not None and any(
        zone.visibility is not Visibility.EVERYONE for zone in zones.zones.values()
    )


def deals_out_of_sight(game_class: type[Game], players: int) -> bool:
    """Whether some chance step of the walks deals a card where some seat may not see it
    (a game whose hidden cards are all dealt before play, in fixed hands, has none)."""
    for walk in range(SECRET_WALKS):
        for state in walk_points(game_class, players, walk):
            if state.current_players() != (CHANCE,) or zones_of(state) is None:
                continue
            outcomes = state.legal_actions(CHANCE)
            for first, second in itertools.pairwise(outcomes):
                one, two, _ = split(state, CHANCE, first, second)
                dealt_one, dealt_two = zones_of(one), zones_of(two)
                assert dealt_one is not None and dealt_two is not None
                if dealt_one.where != dealt_two.where and any(
                    dealt_one.view(x) == dealt_two.view(x) for x in [None, *range(players)]
                ):
                    return True
    return False


def swapped(state: State, zones: Zones, first: int, second: int) -> State:
    """A clone of ``state`` with cards ``first`` and ``second`` in each other's places, in
    the zones and in every seat's memory."""

    def other(card: int) -> int:
        return second if card == first else first if card == second else card

    where = dict(zones.where)
    where[first], where[second] = zones.where[second], zones.where[first]
    twin = state.clone()
    twin.zones = Zones(  # type: ignore[attr-defined]  # every zoned state keeps them so
        zones.seats,
        {zid: zone.holding(tuple(map(other, zone.cards))) for zid, zone in zones.zones.items()},
        where,
        tuple({other(card): places for card, places in mind.items()} for mind in zones.memory),
    )
    return twin


@pytest.mark.parametrize(("game_class", "players"), secret_cases(), **CASE_IDS)
def test_two_cards_lying_out_of_a_seats_sight_may_change_places_unseen(
    game_class: type[Game], players: int
) -> None:
    """Two cards of one kind (they began the game in one zone) that lie where X may not
    look (by the zones' declared visibility) and that X does not remember may change places,
    and X sees the same, until an event reveals them: no view or event names a card in a
    zone the rules call hidden, to anyone but those the zone shows it to. The twins are
    followed to the first chance step only: a chance step may deal cards by what they are
    (Dominare's "Just Learning" deals fixed trios), which a swap the rules could not make
    would tell apart."""
    checked = 0
    for walk in range(SECRET_WALKS):
        began: dict[int, ZoneId] | None = None
        for state in walk_points(game_class, players, walk):
            zones = zones_of(state)
            if zones is None:
                break
            if began is None:
                began = dict(zones.where)
            chooser = random.Random(len(state.history))
            if checked >= SECRET_POINTS * (walk + 1):
                break
            if chooser.random() > 0.3:
                continue
            x = chooser.choice([None, *range(players)])
            memory = zones.view(x).memory
            unseen: dict[ZoneId, list[int]] = {}
            for card, place in sorted(zones.where.items()):
                if not zones[place].visible_to(x) and card not in memory:
                    unseen.setdefault(began.get(card, place), []).append(card)
            pairs = [
                (a, b)
                for kind in unseen.values()
                for a in kind
                for b in kind
                if a < b and zones.where[a] != zones.where[b]
            ]
            if not pairs:
                continue
            first, second = chooser.choice(pairs)
            where = (
                f"{state.game!r}, after {len(state.history)} actions, card {first} "
                f"({zones.where[first]}) and card {second} ({zones.where[second]}) swapped"
            )
            twin = swapped(state, zones, first, second)
            assert_alike(state.clone(), twin, x, ([], []), where, until_chance=True)
            checked += 1
    assert checked or not hides_cards(game_class(players)), (
        f"{game_class.id}: no two unseen cards of a kind to swap in {SECRET_WALKS} games"
    )
