"""The lab's feature statistics: grouping (dealt pairs by thing dealt, table-wide values by
game), levels judged only with enough seats, Holm's correction, and the sweep and the
report reading the same verdict."""

from __future__ import annotations

import pytest

from ballroom.lab.features import MIN_SEATS, Level, group_features, holm, judge, p_value
from ballroom.lab.report import analyse
from ballroom.lab.simulate import GameResult
from ballroom.lab.sweep import summarise


def game(index: int, winner: int, *features: dict[str, str]) -> GameResult:
    returns = tuple(1.0 if seat == winner else 0.0 for seat in range(len(features)))
    return GameResult(index, index, True, returns, 5, 50, features, ("bot",) * len(features))


def test_holm_rejects_step_by_step() -> None:
    # alpha 0.05 over four: 0.01 <= 0.0125, 0.015 <= 0.0167, 0.03 > 0.025 stops.
    assert holm([0.03, 0.01, 0.015, 0.5]) == [False, True, True, False]
    assert holm([0.03, 0.03]) == [False, False]  # each alone would pass 0.05


def test_score_test_against_the_fair_share() -> None:
    assert p_value(Level("x", 100, 50.0), 0.5) == pytest.approx(1.0)
    assert p_value(Level("x", 100, 60.0), 0.5) == pytest.approx(0.0455, abs=1e-3)  # z = 2


def test_a_table_wide_feature_is_counted_by_games_not_given_a_win_rate() -> None:
    results = [
        game(i, i % 2, {"balls": str(i % 3), "card": "a"}, {"balls": str(i % 3), "card": "b"})
        for i in range(12)
    ]
    features = group_features(results)
    assert features.table == {"balls": {"0": 4, "1": 4, "2": 4}}
    assert set(features.per_seat) == {"card"}
    report = analyse(results)
    assert "balls" not in report.by_feature
    assert any("balls is the same for every seat" in line for line in report.findings)


def test_a_dealt_pair_is_grouped_by_each_thing_dealt() -> None:
    results = [
        game(i, 0, {"power_dealt": "a+b", "power": "a"}, {"power_dealt": "b+c", "power": "c"})
        for i in range(3)
    ]
    dealt = {level.label: level for level in group_features(results).dealt["power"]}
    assert {k: (v.seats, v.kept, v.wins) for k, v in dealt.items()} == {
        "a": (3, 3, 3.0),
        "b": (6, 0, 3.0),
        "c": (3, 3, 0.0),
    }


def test_a_level_seen_once_is_never_judged_nor_named_best() -> None:
    # One lucky level seen once, two common levels with no real difference.
    results = [
        game(i, i % 2, {"hand": "common-a"}, {"hand": "common-b"}) for i in range(2 * MIN_SEATS)
    ]
    results.append(game(99, 0, {"hand": "rare"}, {"hand": "common-b"}))
    summary = summarise("defaults", results)
    assert "rare" not in summary.spread_note and summary.spread is not None
    assert summary.spread < 0.1 and summary.flagged == []
    verdict = judge(group_features(results).rated(), 0.5)
    assert "rare" not in {level.label for _, level in verdict.compared}


def test_a_real_difference_stands_out_in_the_sweep_and_the_report_alike() -> None:
    results = [game(i, 0, {"hand": "good"}, {"hand": "bad"}) for i in range(MIN_SEATS)]
    summary = summarise("defaults", results)
    assert summary.spread == pytest.approx(1.0)
    assert summary.flagged and summary.flagged[0].startswith("hand good 100.0%")
    report = analyse(results)
    assert any(line.startswith("Among hand, good looks strong") for line in report.findings)


def test_too_few_games_and_single_values_say_so_once_and_keep_card_names() -> None:
    results = [
        game(
            i,
            i % 2,
            {"card_vp:Midnight": "2", "card_vp:Old Sage": str(i)},
            {"card_vp:Midnight": "2"} if i % 2 else {},
        )
        for i in range(4)
    ]
    findings = analyse(results).findings
    assert not any("stands out" in line for line in findings)
    assert any("single value" in line and "card_vp:Midnight" in line for line in findings)
    assert any("Too few games" in line and "card_vp:Old Sage" in line for line in findings)
    assert not any("midnight" in line for line in findings)  # the card's name as written
    assert summarise("defaults", results).spread is None
