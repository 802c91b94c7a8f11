"""The English helpers games word their texts with, and abilities rendered from the effect
language."""

from __future__ import annotations

import pytest

from ballroom.core import effects as fx
from ballroom.core import words


@pytest.mark.parametrize(
    ("noun", "many"),
    [
        ("Gold Coin", "Gold Coins"),
        ("Success", "Successes"),
        ("die", "dice"),
        ("Harpy", "Harpies"),
        ("Day", "Days"),
        ("crown", "crowns"),
        ("influence", "influence"),
    ],
)
def test_plurals(noun: str, many: str) -> None:
    assert words.plural(noun) == many
    assert words.count(1, noun) == f"1 {noun}"
    assert words.count(2, noun) == f"2 {many}"


@pytest.mark.parametrize(
    ("noun", "said"),
    [
        ("Extortion", "an Extortion"),
        ("Bloodstone", "a Bloodstone"),
        ("Unicorn", "a Unicorn"),
        ("one-off", "a one-off"),
        ("Ankh", "an Ankh"),
    ],
)
def test_articles(noun: str, said: str) -> None:
    assert words.a(noun) == said


def test_lists_and_names() -> None:
    assert words.listing([]) == ""
    assert words.listing(["A"]) == "A"
    assert words.listing(["A", "B", "C"], "or") == "A, B or C"
    assert words.titled("gold-coin") == "Gold Coin"
    assert words.capital("take one") == "Take one"


VOCABULARY = fx.Vocabulary(
    nouns={"gold-coin": "Gold Coin", "refreshments": "Refreshment"},
    gain="take",
    acts={"place": lambda op: f"place {words.count(op.amount, 'influence')} in the {op.where}"},
)


@pytest.mark.parametrize(
    ("operation", "said"),
    [
        (fx.Gain("gold-coin", 1), "take 1 Gold Coin"),
        (fx.Gain("gold-coin", 2), "take 2 Gold Coins"),
        (fx.Gain("magic-wand", 1), "take 1 Magic Wand"),
        (fx.Spend("refreshments", 2, named=True), "spend 2 Refreshments of your choice"),
        (fx.ModifyRoll(-1), "take 1 from the roll"),
        (fx.ModifyRoll(2), "add 2 to the roll"),
        (fx.Act("place", 3, where="Swamp"), "place 3 influence in the Swamp"),
        (fx.Draw(2, "refreshments", "hand"), "draw 2 cards from the Refreshment"),
    ],
)
def test_operations_in_words(operation: fx.Operation, said: str) -> None:
    assert fx.describe_operation(operation, VOCABULARY) == said


def test_an_ability_is_one_sentence() -> None:
    ability = fx.Ability(
        "discipline",
        "after-roll",
        (
            fx.Offer(
                "buy",
                (fx.Spend("refreshments", 2), fx.Gain("gold-coin")),
                (fx.AtLeast("refreshments", 2),),
            ),
        ),
    )
    assert fx.describe_ability(ability, VOCABULARY) == (
        "If you have at least 2 Refreshments, you may spend 2 Refreshments, then take 1 Gold Coin."
    )
    choice = fx.Choose((fx.Offer("a", (fx.Gain("gold-coin"),)), fx.Offer("b", (fx.ModifyRoll(1),))))
    assert fx.describe([choice], VOCABULARY) == "choose one: take 1 Gold Coin or add 1 to the roll"


def test_what_a_seat_did() -> None:
    assert words.told("Alice", "gain 3 crowns, then adjust your exposure") == (
        "Alice gains 3 crowns, then adjusts their exposure"
    )
    assert words.third_person("pass") == "passes"
    assert words.third_person("carry") == "carries"
    assert fx.describe_done("Bob", fx.Spend("refreshments", 2), VOCABULARY) == (
        "Bob spends 2 Refreshments"
    )


def test_the_same_operation_again_is_said_once_with_how_often() -> None:
    gains = [fx.Gain("gold-coin")] * 3 + [fx.ModifyRoll(1)]
    assert fx.describe(gains, VOCABULARY) == (
        "take 1 Gold Coin, three times, then add 1 to the roll"
    )
