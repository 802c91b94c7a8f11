from __future__ import annotations

import pytest

from ballroom.core.errors import InvalidOptionError
from ballroom.core.options import Option, OptionSet

OPTIONS = OptionSet(
    (
        Option(
            "domination",
            "How Domination happens.",
            "natural-one",
            choices=("natural-one", "margin-three"),
        ),
        Option("endurance", "Starting endurance.", 10, minimum=1, maximum=10),
        Option("play-for-places", "Play on for places.", False),
    )
)


def test_defaults_fill_in() -> None:
    assert OPTIONS.resolve({}) == {
        "domination": "natural-one",
        "endurance": 10,
        "play-for-places": False,
    }


def test_values_are_parsed_from_text_and_keywords() -> None:
    values = OPTIONS.parse_pairs(["domination=margin-three", "endurance=4", "play-for-places=yes"])
    assert values == {"domination": "margin-three", "endurance": 4, "play-for-places": True}
    assert OPTIONS.resolve({"play_for_places": True})["play-for-places"] is True


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (
            {"dominaton": "x"},
            "unknown option 'dominaton'; allowed options: domination, endurance, play-for-places",
        ),
        ({"domination": "natural-two"}, "allowed: natural-one | margin-three"),
        ({"endurance": 11}, "allowed: 1..10"),
        ({"endurance": "ten"}, "allowed: 1..10"),
        ({"endurance": True}, "allowed: 1..10"),
        ({"play-for-places": "maybe"}, "allowed: true | false"),
    ],
)
def test_bad_options_name_what_is_allowed(given: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError) as error:
        OPTIONS.resolve(given)
    assert message in str(error.value)


def test_pairs_must_have_an_equals_sign() -> None:
    with pytest.raises(InvalidOptionError, match="name=value"):
        OPTIONS.parse_pairs(["endurance"])


def test_a_choice_default_must_come_first() -> None:
    with pytest.raises(ValueError, match="default must be listed first"):
        Option("x", "doc", "b", choices=("a", "b"))
