"""ballroom tune's targets: the syntax, and what each reads from games (made up here, so
that every number is known)."""

from __future__ import annotations

import pytest

from ballroom.core.errors import InvalidOptionError
from ballroom.lab.simulate import GameResult
from ballroom.lab.tune_target import measure, parse_target, total_miss, usage


def game(index: int, winner: int, cards: list[str], turns: int = 12) -> GameResult:
    """A finished two-seat game: ``winner`` wins; each seat took the card listed for it."""
    returns = tuple(1.0 if seat == winner else 0.0 for seat in range(2))
    features = tuple({"card": card} for card in cards)
    return GameResult(index, index, True, returns, turns, 100 + turns, features)


def test_each_kind_of_target_is_read() -> None:
    first = parse_target("first-player  within 2")
    assert (first.kind, first.low, first.high, first.text) == (
        "first-player",
        -2,
        2,
        "first-player within 2",
    )
    presence = parse_target("presence opportunity_dealt within 3 of tuned")
    assert (presence.feature, presence.of) == ("opportunity_dealt", ("tuned",))
    assert presence.resolved(["a", "b"]).of == ("a", "b")
    level = parse_target("level power within 5.5 of hate,pride")
    assert (level.kind, level.high, level.of) == ("level", 5.5, ("hate", "pride"))
    turns = parse_target("turns in 10..14")
    assert (turns.kind, turns.low, turns.high, turns.in_points) == ("turns", 10, 14, False)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("first-player below 2", "cannot read target"),
        ("first-player power within 2", "first-player takes no feature"),
        ("presence within 3", "presence needs a seat feature"),
        ("level power within 0", "wider than 0"),
        ("turns in 14..10", "14 is above 10"),
        ("mean length 12", "write one of: first-player within N"),
    ],
)
def test_a_bad_target_is_refused_with_the_syntax(text: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        parse_target(text)


def test_of_tuned_needs_items_to_resolve_to() -> None:
    with pytest.raises(InvalidOptionError, match="no tuned number names an item"):
        parse_target("presence card within 3 of tuned").resolved([])


def test_first_player_reads_seat_ones_advantage_in_points() -> None:
    games = [game(i, 0 if i < 60 else 1, ["x", "y"]) for i in range(100)]
    (reading,) = measure(parse_target("first-player within 2"), games).readings
    assert reading.value == pytest.approx(10.0)  # 60% against a fair 50%
    assert reading.low < 10 < reading.high and reading.n == 100
    found = measure(parse_target("first-player within 2"), games)
    assert found.miss == pytest.approx(8.0) and not found.met
    assert measure(parse_target("first-player within 12"), games).met


def test_presence_compares_seats_with_a_card_to_seats_without_it() -> None:
    # "gold" is always taken by seat 0, which wins 3 games in 4: presence +50 points.
    games = [game(i, 0 if i % 4 else 1, ["gold+tin", "tin"]) for i in range(80)]
    found = measure(parse_target("presence card within 10"), games)
    by_label = {r.label: r for r in found.readings}
    assert by_label["gold"].value == pytest.approx(50.0)
    assert by_label["gold"].low > 10  # clearly outside the band
    assert "tin" not in by_label and found.thin == ["tin"]  # every seat has it: no comparison
    assert found.miss == pytest.approx(40.0) and found.worst is by_label["gold"]
    assert found.headline == pytest.approx(50.0)


def test_a_named_card_the_bots_rarely_take_counts_as_a_miss_not_a_success() -> None:
    games = [game(i, i % 2, ["tin", "tin" if i > 3 else "lead"]) for i in range(80)]
    found = measure(parse_target("presence card within 10 of lead"), games)
    (reading,) = found.readings
    assert not reading.measured and reading.n == 4 and reading.miss == 20.0
    unnamed = measure(parse_target("presence card within 10"), games)
    assert unnamed.thin == ["lead", "tin"] and not unnamed.readings  # tin: 4 seats without it


def test_level_reads_each_value_against_the_fair_share() -> None:
    games = [game(i, 0, ["strong", "weak"]) for i in range(40)]
    found = measure(parse_target("level card within 5"), games)
    assert {r.label: r.value for r in found.readings} == {"strong": 50.0, "weak": -50.0}
    assert total_miss([found]) == pytest.approx(90.0)


def test_lengths_and_usage() -> None:
    games = [game(i, 0, ["a", "none"], turns=10 + i % 3) for i in range(30)]
    (mean,) = measure(parse_target("turns in 12..14"), games).readings
    assert mean.value == pytest.approx(11.0) and mean.miss == pytest.approx(1.0)
    (actions,) = measure(parse_target("actions in 100..200"), games).readings
    assert actions.value == pytest.approx(111.0) and actions.miss == 0
    assert usage(games, "card", ["a", "b"]) == {"a": 0.5, "b": 0.0}
    with pytest.raises(InvalidOptionError, match="no seat feature 'colour'; they have: card"):
        measure(parse_target("level colour within 5"), games)
