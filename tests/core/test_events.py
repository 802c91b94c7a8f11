"""Events: facts first, the sentence made from them only when read, and then kept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ballroom.core.events import Event, visible


def test_a_wording_is_made_once_and_only_when_read() -> None:
    calls: list[Mapping[str, Any]] = []

    def wording(data: Mapping[str, Any]) -> str:
        calls.append(data)
        return f"{data['who']} rolls {data['face']}."

    event = Event("roll", wording, {"who": "Ada", "face": 6}, audience=frozenset({1}))
    assert calls == []
    assert event.text == "Ada rolls 6." and event.text == "Ada rolls 6."
    assert len(calls) == 1
    assert event.to_json() == {
        "kind": "roll",
        "text": "Ada rolls 6.",
        "data": {"who": "Ada", "face": 6},
    }


def test_events_compare_as_values_and_say_who_sees_them() -> None:
    written = Event("reveal", "Curtains up.", {"round": 2}, reveals=True)
    worded = Event("reveal", lambda data: "Curtains up.", {"round": 2}, reveals=True)
    assert written == worded and written != Event("reveal", "Curtains up.", {"round": 3})
    assert "Curtains up." in repr(worded)
    private = Event("dice", "Your dice: 1 2 3.", audience=frozenset({0}))
    assert private.data == {}
    assert visible([written, private], 0) == [written, private]
    assert visible([written, private], 1) == [written] == visible([written, private], None)
