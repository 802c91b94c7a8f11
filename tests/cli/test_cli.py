"""The ``ballroom`` command as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from examples.gops import Gops
from tests.examples import registered
from typer.testing import CliRunner

from ballroom.cli import app
from ballroom.core.game import games

runner = CliRunner()


def test_games_lists_every_game_on_its_own_line_with_or_without_options() -> None:
    with registered(Gops):
        result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
        listed = games()
    assert result.exit_code == 0
    headings = [line for line in result.output.splitlines() if line.rstrip().endswith("players)")]
    assert [line.split("  (")[0] for line in headings] == [game.name for game in listed]
    assert "GOPS with a Joker  (gops, 2-4 players)" in headings
    after = result.output.split("GOPS with a Joker  (gops, 2-4 players)")[1].splitlines()
    assert after[1:3] == [Gops.summary, "No rule options."]


def test_games_lists_games_options_and_bots() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert (
        "dancing-dice" in result.output
        and "endurance" in result.output
        and "expert" in result.output
    )
    rows = [" ".join(line.strip("│ ").split()) for line in result.output.splitlines()]
    # Each game's own mcts defaults, by game id: Dancing Dice's, Dark Tales', Dominare's,
    # The Dance's, Vampire's Harvest's.
    assert [row.split(" │ ")[1] for row in rows if row.startswith("iterations │")] == [
        "300",
        "60",
        "32",
        "200",
        "100",
    ]
    assert any(
        row.startswith("rollout │ heuristic │ one of heuristic, game, random │") for row in rows
    )
    assert any(row.startswith("search │ halving │ one of halving, tree │") for row in rows)


def simulate_json(*extra: str) -> dict[str, object]:
    result = runner.invoke(
        app, ["simulate", "dancing-dice", "--games", "24", "--seed", "9", "--json", *extra]
    )
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_simulate_same_seed_same_numbers_whatever_the_workers() -> None:
    one = simulate_json("--seats", "expert,random,random", "--workers", "1")
    two = simulate_json("--seats", "expert,random,random", "--workers", "2")
    for key in ("games", "seats", "wins", "mean_rounds", "win_rate", "unfinished"):
        assert one[key] == two[key]
    assert {"games", "seats", "wins", "mean_rounds", "seconds", "games_per_second"} <= one.keys()
    assert sum(one["wins"]) == 24  # type: ignore[arg-type]


def test_simulate_takes_the_batch_by_itself_and_says_why_not() -> None:
    fast = simulate_json("--seats", "expert,random,random", "--workers", "1")
    engine = simulate_json("--seats", "expert,random,random", "--workers", "1", "--engine")
    other = simulate_json("--seats", "mcts:iterations=5,random", "--workers", "1", "-n", "1")
    assert (fast["path"], fast["path_reason"]) == ("batched", None)
    assert (engine["path"], engine["path_reason"]) == ("engine", "--engine was given")
    assert other["path"] == "engine"
    assert other["path_reason"] == (
        "seat 1 is 'mcts:iterations=5'; the batch plays only random and expert"
    )
    assert fast.keys() == engine.keys() == other.keys()
    result = runner.invoke(
        app, ["simulate", "dancing-dice", "--games", "2", "--workers", "1", "--engine"]
    )
    assert "played by the engine: --engine was given" in result.output


def test_simulate_counts_cut_games_as_unfinished() -> None:
    data = simulate_json("--seats", "random,random", "--max-turns", "2", "--workers", "1")
    assert data["unfinished"] == 24 and data["wins"] == [0, 0]


def test_bad_input_gets_a_clear_error() -> None:
    result = runner.invoke(app, ["simulate", "dancing-dice", "--seats", "expert,wizard"])
    assert result.exit_code == 2
    assert "unknown bot 'wizard'" in result.output and "allowed: expert, random" in result.output
    result = runner.invoke(
        app, ["simulate", "dancing-dice", "--seats", "random,random", "-o", "endurance=11"]
    )
    assert result.exit_code == 2 and "allowed: 1..10" in result.output
    result = runner.invoke(app, ["simulate", "dancing-dice", "--seats", "mcts:ms=1e9,random"])
    assert result.exit_code == 2 and "mcts ms must be a number 1..60000, not '1e9'" in result.output
    result = runner.invoke(app, ["play", "chess", "--players", "2"])
    assert result.exit_code == 2 and "known games: " in result.output


def test_play_in_the_terminal_then_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = "keep\nfirst a b c\n" + "1\n" * 400
    result = runner.invoke(
        app,
        [
            "play",
            "dancing-dice",
            "--players",
            "2",
            "--seats",
            "human,random",
            "--seed",
            "4",
            "--save",
            str(record),
        ],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    assert "Your dice:" in result.output and "Curtains up" in result.output
    assert "Dance Champion" in result.output
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and "verified" in replayed.output and "1. " in replayed.output


def test_the_human_never_sees_the_bots_dice(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "dancing-dice", "--seats", "human,random,random", "--seed", "2"],
        input="keep\nquit\n",
    )
    assert result.exit_code == 0
    # Only the human's own dice are told before the curtains rise.
    assert result.output.count("Your dice:") == 1
    assert "Barbara's dice" not in result.output and "Curtains up" not in result.output


def test_replay_refuses_an_edited_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(
        app,
        ["play", "dancing-dice", "--seats", "human,random", "--seed", "4", "--save", str(path)],
        input="1\n" * 400,
    )
    data = json.loads(path.read_text())
    index = next(
        i for i, (player, text) in enumerate(data["actions"]) if player == -1 and text != "roll 1"
    )
    data["actions"][index][1] = "roll 1"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"action {index + 1} (chance: 'roll 1') does not replay" in result.output
    path.write_text("{broken")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_the_seed_is_told_to_people_only_when_the_game_ends() -> None:
    """The seed foretells every die: a person at the table learns it at the end, not before."""
    stopped = runner.invoke(
        app,
        ["play", "dancing-dice", "--seats", "human,random", "--seed", "987654321"],
        input="keep\nquit\n",
    )
    assert stopped.exit_code == 0 and "987654321" not in stopped.output
    finished = runner.invoke(
        app,
        ["play", "dancing-dice", "--seats", "human,random", "--seed", "987654321"],
        input="keep\nfirst a b c\n" + "1\n" * 400,
    )
    assert finished.exit_code == 0, finished.output
    before, _, after = finished.output.partition("Dance Champion")
    assert "987654321" not in before and "seed was 987654321" in after
    bots_only = runner.invoke(
        app, ["play", "dancing-dice", "--seats", "random,random", "--seed", "987654321"]
    )
    assert bots_only.exit_code == 0 and "seed 987654321" in bots_only.output.splitlines()[0]


def test_without_a_seed_each_game_is_dealt_afresh() -> None:
    outputs = {
        runner.invoke(app, ["play", "dancing-dice", "--seats", "random,random"]).output
        for _ in range(3)
    }
    assert len(outputs) > 1


def test_the_dances_standings_name_the_families(tmp_path: Path) -> None:
    """One naming everywhere: once Avatars are chosen, The Dance knows seats by family."""
    path = tmp_path / "dance.json"
    played = runner.invoke(
        app,
        ["play", "the-dance", "--seats", "heuristic,heuristic", "--seed", "3", "--save", str(path)],
    )
    assert played.exit_code == 0, played.output
    standings = [line for line in played.output.splitlines() if line[:3] in ("1. ", "2. ")]
    assert len(standings) == 2 and all("family" in line for line in standings), standings
    replayed = runner.invoke(app, ["replay", str(path)])
    assert [line for line in replayed.output.splitlines() if line[:3] in ("1. ", "2. ")] == (
        standings
    )


def test_without_seats_each_command_seats_the_games_default_bots() -> None:
    result = runner.invoke(
        app, ["simulate", "the-dance", "--games", "1", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seats"] == ["heuristic", "random", "random", "random"]
    result = runner.invoke(
        app, ["simulate", "dancing-dice", "--games", "1", "--players", "2", "--json"]
    )
    assert json.loads(result.stdout)["seats"] == ["expert", "random"]
    result = runner.invoke(app, ["play", "dancing-dice", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0
    assert "Andrew (human), Barbara (expert), Cindy (expert), Daniel (expert)\n" in result.output
    result = runner.invoke(app, ["simulate", "the-dance", "--players", "9"])
    assert result.exit_code == 2 and "The Dance is for 2 to 6 players, not 9" in result.output


def test_tables_name_every_bot_by_its_whole_spec_in_an_80_column_terminal() -> None:
    long = "mcts:iterations=20,rollout=random"
    for command in (
        ["tournament", "dancing-dice", "--games", "2"],
        ["simulate", "dancing-dice", "--games", "1"],
    ):
        result = runner.invoke(
            app, [*command, "--seats", f"{long},expert", "--workers", "1"], env={"COLUMNS": "80"}
        )
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert {"A = mcts:iterations=20,rollout=random", "B = expert"} <= set(lines)
        assert not any("…" in line for line in lines)
    result = runner.invoke(
        app, ["tournament", "dancing-dice", "--seats", "expert,random", "--games", "2"]
    )
    assert "│ expert " in result.output and " = " not in result.output


def test_bots_alone_in_the_terminal_are_cut_off_past_the_turn_cap(tmp_path: Path) -> None:
    """The Dance sets no turn limit: random bots alone stop after its turn cap, unfinished."""
    record = tmp_path / "bots.json"
    result = runner.invoke(
        app,
        ["play", "the-dance", "--seats", "random,random", "--seed", "5", "--save", str(record)],
    )
    assert result.exit_code == 0, result.output
    assert "Cut off after turn 200" in result.output and "1. " not in result.output
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and "verified" in replayed.output
