"""``import ballroom`` and ``ballroom --help`` load none of the heavy optional libraries (rich included: the help is plain text).

Each check runs in a fresh interpreter, since this test process has long
since imported them.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("numpy", "pandas", "fastapi", "ray", "matplotlib", "rich")

IMPORT = "import ballroom"
HELP = """
import sys
from ballroom.cli import main
sys.argv = ["ballroom", "--help"]
try:
    main()
except SystemExit as exit:
    assert exit.code == 0, exit.code
"""


@pytest.mark.parametrize("code", [IMPORT, HELP], ids=["import", "help"])
def test_leaves_heavy_libraries_unloaded(code: str) -> None:
    report = f"print(','.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)"
    result = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\n{report}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert result.stderr.strip() == "", f"loaded: {result.stderr}"


def test_import_ballroom_loads_no_game_until_one_is_asked_for() -> None:
    """The built-in games are declared by id and load on first use."""
    code = """
import sys
import ballroom
from ballroom.core.game import game_ids
assert game_ids() == ["dancing-dice", "dark-tales", "dominare", "the-dance", "vampires-harvest"], game_ids()
packages = ("ballroom.games.dancing_dice", "ballroom.games.dark_tales", "ballroom.games.dominare", "ballroom.games.the_dance", "ballroom.games.vampires_harvest")
loaded = lambda: sorted(m for m in packages if m in sys.modules)
assert loaded() == [], loaded()
ballroom.make("dancing-dice", players=2, seed=1)
assert loaded() == ["ballroom.games.dancing_dice"], loaded()
assert [g.id for g in ballroom.game_classes()] == ["dancing-dice", "dark-tales", "dominare", "the-dance", "vampires-harvest"]
assert len(loaded()) == 5
"""
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
