"""Every ``ballroom ...`` command the README shows runs as written, at tiny sizes.

The commands are read from README.md (its command table and code blocks), so a
README that drifts from the command line fails here. Placeholders such as
``GAME`` and ``N`` become small concrete values; optional ``[...]`` parts are
run too, except those that need a service (a Ray cluster, a database, a
running server), which are only checked to be real options of the command.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ballroom.cli import app

README = Path(__file__).resolve().parents[2] / "README.md"

# What each placeholder becomes; a placeholder missing here fails the test.
PLACEHOLDERS = {
    "N": "2",
    "S": "1",
    "W": "1",
    "T": "400",
    "FILE.json": "game.json",
    "FILE": "game.json",
    "RESULTS": "runs.parquet",
    "k=v": "dawn=50",
    "SPACE.toml": str(README.parent / "docs" / "tuning-vampires-harvest.toml"),
}
# A game whose bots and options the command's example names.
GAME_FOR = {
    "play": "the-dance",
    "simulate": "dancing-dice",
    "tournament": "dancing-dice",
    "sweep": "the-dance",
    "tune": "vampires-harvest",
}
EXAMPLE_BOTS = {"a,b,c": "expert,random,random", "human,heuristic,random,...": "human,heuristic"}
# Optional parts that need a service the test does not start.
NEEDS_A_SERVICE = {"--backend ray --address auto", "--db URL", "--bot-processes N"}
# Commands that do not return: their options are checked against --help instead.
LONG_RUNNING = {"serve"}


def readme_commands() -> list[str]:
    """``ballroom ...`` commands from the README's command table and code blocks."""
    text = README.read_text()
    table = re.findall(r"^\| `(ballroom [^`]*)` \|", text, flags=re.MULTILINE)
    blocks = re.findall(r"```\w*\n(.*?)```", text, flags=re.DOTALL)
    in_blocks = [
        line.split("#")[0].strip()
        for block in blocks
        for line in block.splitlines()
        if line.strip().startswith("ballroom ")
    ]
    return table + in_blocks


def concrete(command: str) -> tuple[list[str], list[str]]:
    """The command's arguments with placeholders filled, and the optional parts left out."""
    sub = command.split()[1]
    left_out = [group for group in re.findall(r"\[([^\]]*)\]", command) if group in NEEDS_A_SERVICE]
    text = re.sub(r"\[([^\]]*)\]", lambda m: "" if m[1] in NEEDS_A_SERVICE else m[1], command)
    for example, bots in EXAMPLE_BOTS.items():
        text = text.replace(example, bots)
    args = []
    for word in shlex.split(text)[1:]:
        value = GAME_FOR[sub] if word == "GAME" else PLACEHOLDERS.get(word, word)
        assert not re.fullmatch(r"[A-Z][A-Z.]*", value), f"no value for placeholder {value}"
        args.append(value)
    if "--players" in args and "--seats" in args:
        args[args.index("--players") + 1] = str(len(args[args.index("--seats") + 1].split(",")))
    return args, left_out


def test_the_readme_shows_every_command() -> None:
    shown = {command.split()[1] for command in readme_commands()}
    assert shown == {command.name for command in app.registered_commands}


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_every_readme_command_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # files a command writes (runs.parquet) feed later ones
    runner = CliRunner()
    for command in readme_commands():
        args, left_out = concrete(command)
        if args[0] in LONG_RUNNING or left_out:
            shown = runner.invoke(app, [args[0], "--help"], env={"COLUMNS": "200"})
            flags = re.findall(r"--[\w-]+", command)
            missing = [flag for flag in flags if flag not in shown.output]
            assert not missing, f"{command}: --help does not know {missing}"
        if args[0] in LONG_RUNNING:
            continue
        # A human seat types quit at once; the record is still saved.
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 0, f"{command}\n-> ballroom {shlex.join(args)}\n{result.output}"
