"""The core's answers for a game's boilerplate: view parts copied both ways, the standard
determinize, abilities that ask nothing, decks dealt by zone, delegators, typed data files."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Any

import pytest
from examples.gops import Gops
from examples.gops.game import JOKER, PRIZES, SUIT

from ballroom.core import effects as fx
from ballroom.core.capabilities import Determinizes, Renders
from ballroom.core.components import Int, Table
from ballroom.core.delegate import EncodedByModule, delegate, direct
from ballroom.core.errors import ComponentError, EffectError
from ballroom.core.public import part_of, restore
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones, determinize_decks
from ballroom.games.high_card import HighCard


@dataclass(frozen=True, slots=True)
class Shown:
    points: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    marks: frozenset[str]
    leader: int | None


class Holder:
    def __init__(self) -> None:
        self.points = [0, 0]
        self.rows = [[1], [2, 3]]
        self.marks = {"a"}
        self.leader: int | None = None


def test_a_part_is_built_from_the_state_and_set_back_in_the_states_own_form() -> None:
    state = Holder()
    state.points[1] = 4
    state.leader = 1
    part = part_of(Shown, state)
    assert part == Shown((0, 4), ((1,), (2, 3)), frozenset({"a"}), 1)
    state.points[0] = 9
    state.rows[0].append(5)
    assert part.points == (0, 4) and part.rows[0] == (1,), "the view shares nothing"
    fresh = Holder()
    restore(fresh, part)
    assert fresh.points == [0, 4] and isinstance(fresh.points, list)
    assert fresh.rows == [[1], [2, 3]] and isinstance(fresh.rows[1], list)
    assert fresh.marks == {"a"} and isinstance(fresh.marks, set)
    assert fresh.leader == 1


@dataclass(frozen=True, slots=True)
class ShownWithLead(Shown):
    lead: int


def test_a_part_may_show_values_worked_out_and_restore_only_the_states_own() -> None:
    state = Holder()
    state.points = (3, 1)  # type: ignore[assignment]
    part = part_of(ShownWithLead, state, frozen=True, worked_out={"lead": 3 - 1})
    assert part.lead == 2 and part.points is state.points, "frozen fields are taken as held"
    fresh = Holder()
    restore(fresh, part, Shown)
    assert fresh.points == [3, 1] and not hasattr(fresh, "lead")


@pytest.mark.parametrize("game_class", [HighCard, Gops], ids=lambda g: g.id)
def test_the_standard_game_deals_worlds_encodes_and_draws_its_view(game_class: Any) -> None:
    game = game_class(3)
    assert isinstance(game, Determinizes) and isinstance(game, Renders)
    state = game.new_state(seed=4)
    rng = Rng(9)
    for _ in range(25):
        seat = state.current_players()[0]
        action = state.sample_chance() if seat == CHANCE else rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
    for seat in range(3):
        observation = state.observation(seat)
        world = game.determinize(observation, Rng(seat))
        assert world.observation(seat) == observation
        assert world.legal_actions(seat) == state.legal_actions(seat)
        encoded = game.encode_observation(observation)
        assert encoded.shape == game.observation_shape and 0 <= encoded.min() <= encoded.max() <= 1
        picture = game.render(observation)
        assert picture.splitlines()[0].endswith((".",)) and "Points: Player 1" in picture


def test_the_encoding_turns_the_seats_to_the_observer() -> None:
    game = Gops(2)
    state = game.new_state(seed=1)
    state.points = [3, 8]
    mine, theirs = (game.encode_observation(state.observation(s)) for s in (0, 1))
    assert mine[-2:].tolist() == pytest.approx(theirs[-2:].tolist()[::-1])
    assert mine[-2] == pytest.approx(0.5 + 0.5 * 3 / 4) and not math.isclose(mine[-2], mine[-1])


def test_a_world_deals_each_seats_suit_only_into_its_own_hand_and_bid() -> None:
    state = Gops(3).new_state(seed=2)
    state.apply(state.sample_chance(), CHANCE)
    state.apply(state.legal_actions(1)[4], 1)
    view = state.zones.view(0)
    for seed in range(20):
        world = Gops(3).deal(view, Rng(seed))
        for seat in (1, 2):
            mine = set(range(seat * SUIT, (seat + 1) * SUIT))
            held = world.zone("hand", seat).cards + world.zone("bid", seat).cards
            assert set(held) == mine
        assert set(world.zone("prizes").cards) <= set(range(PRIZES, JOKER + 1))


def test_decks_may_name_one_seats_zone_or_every_zone_of_a_name() -> None:
    zones = Zones.create(
        2,
        [
            Zone(ZoneId("hand", 0), Visibility.OWNER, (0, 1)),
            Zone(ZoneId("hand", 1), Visibility.OWNER, (2, 3)),
            Zone(ZoneId("pile"), Visibility.NOBODY, (4, 5)),
        ],
    )
    view = zones.view(None)
    by_seat = [((0, 1), [ZoneId("hand", 0)]), ((2, 3), [ZoneId("hand", 1)]), ((4, 5), ["pile"])]
    mixed = [((0, 1, 2, 3), ["hand"]), ((4, 5), ["pile"])]
    assert {determinize_decks(view, by_seat, Rng(s)).zone("hand", 1).cards for s in range(20)} <= {
        (2, 3),
        (3, 2),
    }
    dealt = {
        frozenset(determinize_decks(view, mixed, Rng(s)).zone("hand", 1).cards) for s in range(40)
    }
    assert len(dealt) > 2, "a name stands for every seat's zone of that name"


class Counter(fx.ZoneQuantities):
    def __init__(self) -> None:
        self.zones = Zones.create(
            2,
            [
                Zone(ZoneId("hand", 0), Visibility.OWNER, (0, 1)),
                Zone(ZoneId("hand", 1), Visibility.OWNER),
                Zone(ZoneId("deck"), Visibility.NOBODY, (2,)),
            ],
        )
        self.gained = 0

    def perform(self, seat: int, operation: fx.Primitive, source: str) -> list[fx.Event]:
        assert isinstance(operation, fx.Gain)
        self.gained += operation.amount
        return [fx.Event("gain", "Gained.")]


def test_an_ability_that_asks_nothing_runs_at_once_and_one_that_asks_is_refused() -> None:
    effects = fx.Effects.of(
        fx.parse_abilities(
            [
                {
                    "name": "bonus",
                    "when": "won",
                    "if": ["hand >= 2", "deck >= 1"],
                    "do": [{"gain": "points", "amount": 2}],
                },
                {
                    "name": "greedy",
                    "when": "lost",
                    "do": [{"draw": 1, "from": "deck", "to": "hand"}],
                },
                {"name": "proud", "when": "tied", "if": ["crowned"], "do": [{"gain": "points"}]},
            ]
        )
    )
    host = Counter()
    assert [e.text for e in effects.run_now("won", 0, ["bonus"], host)] == ["Gained."]
    assert host.gained == 2
    assert effects.run_now("won", 1, ["bonus"], host) == [], "seat 1's hand is empty: no bonus"
    with pytest.raises(EffectError, match="'greedy' waits for a draw at 'lost'"):
        effects.run_now("lost", 0, ["greedy"], host)
    with pytest.raises(EffectError, match="flag 'crowned', but the game reads no flags"):
        effects.run_now("tied", 0, ["proud"], host)
    with pytest.raises(EffectError, match="reads 'gold', which is no zone \\(deck, hand\\)"):
        host.quantity(0, "gold", "bonus")


class Suit(Enum):
    HEARTS = "hearts"
    SPADES = "spades"


@dataclass(frozen=True, slots=True)
class Face:
    name: str
    suit: Suit
    rank: Annotated[int, Int(1, 13)]
    wild: bool = False
    aliases: tuple[str, ...] = ()
    ability: dict[str, Any] = field(default_factory=dict)


def test_a_record_is_read_by_its_declared_types() -> None:
    data = {"cards": [{"name": "Queen", "suit": "hearts", "rank": 12, "aliases": ["Q"]}]}
    (card,) = Table.of(data, "cards.toml").typed_records("cards", "card", Face)
    assert card == Face("Queen", Suit.HEARTS, 12, False, ("Q",), {})
    wrong = [
        ({"suit": "clubs"}, "card 1 (Queen) > suit: found 'clubs'; must be one of hearts, spades"),
        ({"rank": 14}, "rank: found 14; must be an integer from 1 to 13"),
        ({"colour": "red"}, "colour: unknown key; the keys allowed here are name, suit, rank"),
    ]
    for change, message in wrong:
        bad = {"cards": [{**data["cards"][0], **change}]}
        with pytest.raises(ComponentError, match=message.replace("(", "\\(").replace(")", "\\)")):
            Table.of(bad, "cards.toml").typed_records("cards", "card", Face)


def twice(game: object, value: int) -> tuple[object, int]:
    return game, value * 2


def test_a_delegated_method_calls_its_function_with_the_game_first_or_not() -> None:
    class Host:
        doubled = delegate("tests.core.test_standard", "twice")
        alone = delegate("math", "sqrt", game=False)

    host = Host()
    assert host.doubled(4) == (host, 8)
    assert host.alone(9.0) == 3.0


def test_direct_answers_a_delegated_method_with_its_function() -> None:
    import math

    class Host:
        doubled = delegate("tests.core.test_standard", "twice")
        alone = delegate("math", "sqrt", game=False)

        def own(self) -> str:
            return "own"

    host = Host()
    assert direct(host, "alone") is math.sqrt
    doubled = direct(host, "doubled")
    assert doubled is not Host.doubled and doubled(4) == host.doubled(4) == (host, 8)
    assert direct(host, "own")() == "own"


def test_a_mixins_delegated_method_finds_each_games_own_module() -> None:
    from ballroom.games.dark_tales import DarkTales
    from ballroom.games.dominare import Dominare

    for game in (Dominare(2), DarkTales(2), Dominare(2)):
        assert isinstance(game, EncodedByModule)
        observation = game.new_state(0).observation(0)
        assert game.encode_observation(observation).shape == game.observation_shape
        assert game.render(observation).startswith("[bold]")


def test_determinize_deals_into_the_games_blank_state() -> None:
    made: list[int] = []

    class Noted(Gops):
        def blank_state(self, seed: int) -> Any:
            made.append(seed)
            return super().blank_state(seed)

    game = Noted(2)
    state = game.new_state(seed=1)
    world = game.determinize(state.observation(0), Rng(3))
    assert len(made) == 1 and world.observation(0) == state.observation(0)
