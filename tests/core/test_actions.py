"""Action families: dense ids, text that parses back, structured forms, clear refusals."""

from __future__ import annotations

import json
from enum import Enum

import pytest

from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.errors import IllegalActionError


class Direction(Enum):
    NE = "NE"
    E = "E"
    SE = "SE"
    SW = "SW"
    W = "W"
    NW = "NW"


class Domain(Enum):
    CONFIDENCE = 1
    CORRUPTION = 2


DANCERS = ("lady-julia", "lord-byron", "miss-ada")
STEP = Family("step", (Param.of_enum("direction", Direction),), "One hex.")
INFLUENCE = Family(
    "influence", (Param.of_names("target", DANCERS), Param.of_enum("domain", Domain))
)
PASS = Family("pass")
REROLL = Family("reroll", (Param("dice", ((0,), (0, 3), (1, 2, 3)), ("0", "0 3", "1 2 3")),))
CODEC = ActionCodec([STEP, INFLUENCE, PASS, REROLL])


def test_ids_are_dense_and_stable() -> None:
    assert CODEC.size == 6 + 3 * 2 + 1 + 3
    assert CODEC.encode(STEP(Direction.NE)) == 0
    assert CODEC.encode(INFLUENCE(0, Domain.CORRUPTION)) == 7
    assert CODEC.encode(INFLUENCE(2, Domain.CONFIDENCE)) == 10
    assert CODEC.encode(PASS()) == 12
    assert [CODEC.encode(CODEC.decode(i)) for i in range(CODEC.size)] == list(range(CODEC.size))


def test_text_round_trips() -> None:
    assert CODEC.to_text(0) == "step NE"
    assert CODEC.parse("influence lady-julia confidence") == 6
    assert CODEC.parse("  pass ") == 12
    assert CODEC.to_text(CODEC.parse("reroll 0 3")) == "reroll 0 3"
    for action_id in range(CODEC.size):
        assert CODEC.parse(CODEC.to_text(action_id)) == action_id


def test_bad_text_says_what_is_allowed() -> None:
    with pytest.raises(IllegalActionError, match="unknown action 'jump'; allowed: step, influence"):
        CODEC.parse("jump")
    with pytest.raises(IllegalActionError, match="'ne' is not a direction; allowed: NE, E, SE"):
        CODEC.parse("step ne")
    with pytest.raises(IllegalActionError, match="missing <domain>; allowed: confidence"):
        CODEC.parse("influence miss-ada")
    with pytest.raises(IllegalActionError, match="too many words: 'now'"):
        CODEC.parse("pass now")
    with pytest.raises(IllegalActionError, match="an action is needed"):
        CODEC.parse("   ")
    with pytest.raises(IllegalActionError, match=r"ids are 0\.\.15"):
        CODEC.decode(16)


def test_structured_form_is_json_and_reads_back() -> None:
    form = CODEC.to_json(7)
    assert form == {
        "id": 7,
        "text": "influence lady-julia corruption",
        "family": "influence",
        "params": {"target": "lady-julia", "domain": "corruption"},
    }
    assert CODEC.from_json(json.loads(json.dumps(form))) == 7
    with pytest.raises(IllegalActionError, match="'queen' is not a target"):
        CODEC.from_json({"family": "influence", "params": {"target": "queen", "domain": "x"}})
    with pytest.raises(IllegalActionError, match="influence takes parameters"):
        CODEC.from_json({"family": "influence", "params": {}})
    catalog = json.loads(json.dumps(CODEC.catalog()))
    assert catalog[1]["params"][0] == {"name": "target", "doc": "", "values": list(DANCERS)}


def test_actions_read_their_parameters_by_name() -> None:
    action = CODEC.decode(9)
    assert action.family is INFLUENCE
    assert action["target"] == 1 and action["domain"] is Domain.CORRUPTION
    with pytest.raises(KeyError, match="no parameter 'x'"):
        action["x"]


def test_declarations_are_checked() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        ActionCodec([PASS, PASS])
    with pytest.raises(ValueError, match="unique and trimmed"):
        Param.of_texts("word", ["a", "a"])
    with pytest.raises(ValueError, match="one word"):
        Family("two words")
    with pytest.raises(IllegalActionError, match="step takes step <direction>"):
        STEP()
    with pytest.raises(IllegalActionError, match="is not a direction"):
        STEP("north")
    with pytest.raises(IllegalActionError, match="not a family of this game"):
        CODEC.encode(Family("other")())


def test_an_action_made_by_its_family_knows_its_id_and_equals_one_made_plainly() -> None:
    """The family works out an action's place as it checks its values; an action made
    without it (parsed, or built by hand) is encoded the long way to the same id."""
    for action_id in range(CODEC.size):
        decoded = CODEC.decode(action_id)
        plain = Action(decoded.family, decoded.values)
        made = decoded.family(*decoded.values)
        assert plain == made == decoded and hash(plain) == hash(made)
        assert CODEC.encode(plain) == CODEC.encode(made) == action_id


def test_an_id_is_decoded_once_and_one_that_names_no_action_is_refused() -> None:
    codec = ActionCodec(CODEC.families)
    for action_id in range(codec.size):
        first = codec.decode(action_id)
        assert codec.decoded[action_id] is first and codec.decode(action_id) is first
        assert codec.encode(first) == action_id
    for wrong in (-1, codec.size):
        with pytest.raises(IllegalActionError, match=f"action #{wrong} does not exist"):
            codec.decode(wrong)
        with pytest.raises(IllegalActionError, match="does not exist"):
            codec.decoded[wrong]
    assert len(codec.decoded) == codec.size, "a refused id was remembered"
