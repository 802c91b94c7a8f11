"""A golden playthrough: a stored record must replay to the stored public event log.

Any change to the rules, the data files or the action encoding that alters
this game shows up here; if the change is intended, regenerate the file from
the record's seats (heuristic, heuristic, random; seed 7; margin-three,
initiative) and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

from ballroom.core.record import GameRecord, replay

GOLDEN = Path(__file__).parent / "golden" / "three-families-seed7.json"


def test_golden_record_replays_to_the_same_public_events() -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    record = GameRecord.from_json(data["record"])
    state = replay(record, upto=0)
    events: list[str] = []
    for player, text in record.actions:
        events += [e.text for e in state.apply_text(text, player) if e.audience is None]
    assert events == data["public_events"]
    assert state.is_terminal() and list(state.outcome().winners) == data["winners"]
    assert replay(record).history == state.history
