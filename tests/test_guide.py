"""docs/writing-a-game.md cannot drift: its excerpts are in the code, its examples run.

A block whose fence names a file (```python src/...) must appear in that file
line for line; every other Python block runs, top to bottom, in one namespace.
The game written from the guide alone (examples/gops) stays short, and the one
command the guide gives runs every generic suite for one game.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import GENERIC_SUITES

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "writing-a-game.md"
BLOCK = re.compile(r"```(\w+)([^\n]*)\n(.*?)```", flags=re.DOTALL)


def blocks() -> list[tuple[str, str, str]]:
    return [(m[1], m[2].strip(), m[3]) for m in BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))]


def test_every_excerpt_is_in_the_file_it_names() -> None:
    excerpts = [(path, text) for _, path, text in blocks() if path]
    assert len(excerpts) >= 8, "the guide quotes the example game"
    for path, text in excerpts:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert text in source, f"the guide's excerpt of {path} is not in it:\n{text}"


def test_the_examples_run() -> None:
    namespace: dict[str, object] = {}
    runnable = [text for language, path, text in blocks() if language == "python" and not path]
    assert len(runnable) >= 5, "the guide shows the core at work"
    for text in runnable:
        # dont_inherit: the guide's classes evaluate their annotations, as a module of
        # their own would (this file's ``from __future__ import annotations`` is not theirs).
        exec(compile(text, str(GUIDE), "exec", dont_inherit=True), namespace)


def test_the_game_written_from_the_guide_is_short() -> None:
    """GOPS with a Joker (examples/gops) was written from this guide alone: its rules in
    under 200 lines besides its data file."""
    lines = (ROOT / "examples" / "gops" / "game.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200, f"examples/gops/game.py has {len(lines)} lines"


def test_the_guide_names_every_generic_suite() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for suite in GENERIC_SUITES:
        assert Path(suite).name in text, f"the guide does not name the generic suite {suite}"


def test_one_command_runs_every_generic_suite_for_one_game() -> None:
    """``pytest -m generic -k GAME``, as the guide gives it (on the generic suites' files
    only, which are the ones marked), for a registered game and for an example game: every
    suite has tests of the game (the adapters' suites reach an example game through
    tests/test_example_games.py; Gymnasium's names the games it has opponents for), and
    nothing of another game is selected."""
    files = [str(ROOT / "tests" / suite) for suite in GENERIC_SUITES]
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    found = subprocess.run(
        [*command, "-n", "0", "-m", "generic", "-k", "gops or dancing-dice", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    selected = [line for line in found.splitlines() if "::" in line]
    adapters = {suite for suite in GENERIC_SUITES if suite.startswith("interop/")}
    expected = {
        "gops": set(GENERIC_SUITES) - adapters,
        "dancing-dice": set(GENERIC_SUITES) - {"test_example_games.py"},
    }
    for game, suites in expected.items():
        mine = [line for line in selected if game in line]
        assert {
            suite for suite in GENERIC_SUITES if any(f"tests/{suite}::" in s for s in mine)
        } == suites
    assert all("gops" in line or "dancing-dice" in line for line in selected)
