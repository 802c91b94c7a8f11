"""ballroom tune's space files: every mistake named, and candidates that change only the
numbers they name."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from ballroom.core.errors import InvalidOptionError
from ballroom.lab.tune_play import check_data, data_files, write_candidate
from ballroom.lab.tune_space import Named, Space, diff, parse_path, parse_space

GAME = "vampires-harvest"
HOMAGE_COST = 'early["Homage at Elysium"].cost'
DEBT_REWARD = 'early["Debt of Honour"].reward[0].amount'


def number(path: str, low: float, high: float, file: str = "opportunities.toml") -> str:
    return f"[[number]]\nfile = {file!r}\npath = '{path}'\nlow = {low}\nhigh = {high}\n"


def space(text: str) -> Space:
    return parse_space(text, GAME, data_files(GAME), "space.toml")


def test_a_path_reads_keys_indices_and_card_names() -> None:
    assert parse_path(DEBT_REWARD) == ("early", Named("Debt of Honour"), "reward", 0, "amount")
    assert parse_path("blood-fury.activation[2]") == ("blood-fury", "activation", 2)
    assert parse_path('glamour."keep"[0]') == ("glamour", "keep", 0)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("", "a path is empty"),
        ("early..cost", "a dot must follow a key"),
        ("early.", "ends with a dot"),
        ("[0].cost", "must begin with a key"),
        ("early cost", "keys must be joined by dots"),
        ("early[x]", "cannot read"),
    ],
)
def test_a_malformed_path_is_refused_by_what_is_wrong(path: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        parse_path(path)


def test_a_space_reads_numbers_their_bounds_and_current_values() -> None:
    parsed = space(
        'usage = "opportunity_dealt"\ntargets = ["first-player within 2"]\n'
        + number(HOMAGE_COST, 4, 9)
        + number(DEBT_REWARD, 1, 3)
    )
    homage, debt = parsed.numbers
    assert (homage.low, homage.high, homage.current, homage.integer) == (4, 9, 8, True)
    assert homage.item == "homage-at-elysium" and debt.item == "debt-of-honour"
    assert parsed.current() == {homage.name: 8.0, debt.name: 2.0}
    assert parsed.targets == ("first-player within 2",) and parsed.usage == "opportunity_dealt"
    assert homage.name == 'opportunities.toml:early["Homage at Elysium"].cost'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "names no number"),
        ('game = "dominare"\n' + number(HOMAGE_COST, 4, 9), "a space for 'dominare'"),
        ("colour = 1\n" + number(HOMAGE_COST, 4, 9), "unknown key colour"),
        (number(HOMAGE_COST, 4, 9, file="cards.toml"), "'cards.toml' is not a data file"),
        (number(HOMAGE_COST, 4, 9, file="how_to_play.toml"), "not a data file"),
        (number('early["Homage"].cost', 4, 9), 'no table named "Homage"'),
        (number("early[99].cost", 4, 9), "past its end"),
        (number('early["Homage at Elysium"].price', 4, 9), "has no key 'price'"),
        (number('early["Homage at Elysium"].name', 4, 9), "not a number"),
        (number("early", 4, 9), "not a number"),
        (number('early["Homage at Elysium"].cost.x', 4, 9), "not a table"),
        (number(HOMAGE_COST, 9, 4), r"low \(9\) must be below high \(4\)"),
        (number(HOMAGE_COST, 4, 7), "its value now, 8, lies outside 4..7"),
        (number(HOMAGE_COST, 4, 9.5), "its bounds must be too"),
        (number(HOMAGE_COST, 4, 9) + number(HOMAGE_COST, 1, 9), "numbers 1 and 2 both name"),
        (
            "[[number]]\nfile = 'opportunities.toml'\npath = 'early[0].cost'\nlow = 1\n",
            "needs high",
        ),
        (
            "[[number]]\nfile = 'opportunities.toml'\npath = 'early[0].cost'\nlow = 1\nhigh = 9\nstep = 1\n",
            "unknown key step",
        ),
        ("not toml [", "not valid TOML"),
    ],
)
def test_a_bad_space_is_refused_naming_the_mistake(text: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        space(text)


def _leaves(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        return {
            k: v
            for key, value in data.items()
            for k, v in _leaves(value, f"{prefix}/{key}").items()
        }
    if isinstance(data, list):
        return {
            k: v for i, value in enumerate(data) for k, v in _leaves(value, f"{prefix}/{i}").items()
        }
    return {prefix: data}


def test_a_candidate_changes_the_named_numbers_and_nothing_else() -> None:
    parsed = space(number(HOMAGE_COST, 4, 9) + number(DEBT_REWARD, 1, 3))
    homage, debt = parsed.numbers
    texts = parsed.apply({homage.name: 5, debt.name: 3})
    before = _leaves(tomllib.loads(parsed.texts["opportunities.toml"]))
    after = _leaves(tomllib.loads(texts["opportunities.toml"]))
    changed = {key for key in before if before[key] != after[key]}
    assert changed == {"/early/3/cost", "/early/0/reward/0/amount"}
    assert (after["/early/3/cost"], after["/early/0/reward/0/amount"]) == (5, 3)
    patch = diff(parsed.texts, texts)
    removed = [
        line for line in patch.splitlines() if line.startswith("-") and not line.startswith("---")
    ]
    added = [
        line for line in patch.splitlines() if line.startswith("+") and not line.startswith("+++")
    ]
    assert removed == ['-reward = [{gain = "tribute", amount = 2}]', "-cost = 8"]
    assert added == ['+reward = [{gain = "tribute", amount = 3}]', "+cost = 5"]
    assert diff(parsed.texts, parsed.apply(parsed.current())) == ""  # comments, layout kept


def test_a_candidate_outside_its_bounds_or_naming_an_unknown_number_is_refused() -> None:
    parsed = space(number(HOMAGE_COST, 4, 9))
    (homage,) = parsed.numbers
    with pytest.raises(InvalidOptionError, match=r"lies outside its bounds 4\.0\.\.9\.0"):
        parsed.apply({homage.name: 10})
    with pytest.raises(InvalidOptionError, match="not a tunable number"):
        parsed.apply({"opportunities.toml:late[0].cost": 3})


def test_the_games_own_loader_refuses_a_candidate_naming_the_card_and_the_rule(
    tmp_path: Path,
) -> None:
    parsed = space(number(HOMAGE_COST, 0, 9))
    (homage,) = parsed.numbers
    write_candidate(GAME, tmp_path / "bad", parsed.apply({homage.name: 0}))
    complaint = check_data(GAME, tmp_path / "bad")
    assert complaint is not None
    assert "opportunities.toml" in complaint and "Homage at Elysium" in complaint
    assert "cost" in complaint and "found 0" in complaint
    write_candidate(GAME, tmp_path / "good", parsed.apply({homage.name: 5}))
    assert check_data(GAME, tmp_path / "good") is None


def test_dominares_group_constraints_refuse_a_candidate(tmp_path: Path) -> None:
    """A Nobility agent never has influence (Dominare's constraints.py), whatever the
    bounds of the space allow."""
    files = data_files("dominare")
    agents = tomllib.loads(files["agents.toml"].read_text(encoding="utf-8"))["agents"]
    noble = next(a["name"] for a in agents if a["faction"] == "nobility")
    text = number(f'agents["{noble}"].influence', 0, 3, file="agents.toml")
    parsed = parse_space(text, "dominare", files, "space.toml")
    (influence,) = parsed.numbers
    write_candidate("dominare", tmp_path, parsed.apply({influence.name: 2}))
    complaint = check_data("dominare", tmp_path)
    assert complaint is not None and "Nobility agent never has influence" in complaint
