from __future__ import annotations

import json

import pytest

import ballroom
from ballroom.agents import make_agent
from ballroom.core.errors import RecordError
from ballroom.core.play import play_out
from ballroom.core.record import GameRecord, replay


def finished_record() -> GameRecord:
    state = ballroom.make("dancing-dice", players=3, seed=11)
    agents = [make_agent(state.game, seat, "random", 11) for seat in range(3)]
    play_out(state, agents)
    return state.record()


def test_save_and_load(tmp_path: object) -> None:
    record = finished_record()
    path = f"{tmp_path}/game.json"
    record.save(path)
    assert GameRecord.load(path) == record
    assert replay(GameRecord.load(path)).is_terminal()


def edited(record: GameRecord, **changes: object) -> GameRecord:
    data = record.to_json()
    data.update(changes)
    return GameRecord.from_json(data)


def test_an_edited_die_is_caught_at_its_action_number() -> None:
    record = finished_record()
    actions = [list(a) for a in record.actions]
    index = next(i for i, (player, text) in enumerate(actions) if player == -1 and text != "roll 6")
    actions[index][1] = "roll 6"
    with pytest.raises(
        RecordError, match=rf"action {index + 1} \(chance: 'roll 6'\).*the seed gives"
    ):
        replay(edited(record, actions=actions))


def test_an_illegal_move_is_caught_at_its_action_number() -> None:
    record = finished_record()
    actions = [list(a) for a in record.actions]
    index = next(i for i, (player, text) in enumerate(actions) if text.startswith("first"))
    actions[index][1] = "keep"
    with pytest.raises(
        RecordError,
        match=rf"action {index + 1} \(player \d: 'keep'\) does not replay: 'keep' is not legal",
    ):
        replay(edited(record, actions=actions))


def test_wrong_version_unknown_game_and_bad_options_are_refused() -> None:
    record = finished_record()
    with pytest.raises(RecordError, match="rules version '0'"):
        replay(edited(record, version="0"))
    with pytest.raises(ballroom.core.UnknownGameError, match="unknown game 'chess'"):
        replay(edited(record, game="chess"))
    with pytest.raises(RecordError, match="set-up is invalid: option 'endurance'"):
        replay(edited(record, options={"endurance": 0}))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"format": "other"}', "'format' must be"),
        (json.dumps({"format": "ballroom-record/1", "game": "dancing-dice"}), "field 'version'"),
    ],
)
def test_corrupt_files_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_malformed_action_entries_are_refused() -> None:
    data = finished_record().to_json()
    data["actions"][3] = ["zero", "keep"]
    with pytest.raises(RecordError, match="action 4 must be"):
        GameRecord.from_json(data)
