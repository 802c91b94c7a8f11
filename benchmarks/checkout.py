"""The other tree a side-by-side benchmark runs: refused unless it is a checkout's ``src/``.

A path without a ``ballroom`` package would not fail on its own: the child
processes would import the installed package instead, and the script would
compare this tree with itself and print ratios near 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def checkout_src(parser: argparse.ArgumentParser, flag: str, given: object, commit: str) -> Path:
    """``given`` resolved, if a ``ballroom`` package is there; else the parser's error, naming
    the flag and how to make such a tree of ``commit``."""
    if given is None or not (Path(str(given)) / "ballroom" / "__init__.py").is_file():
        parser.error(
            f"{flag} {given} is not a checkout's src/ (no ballroom package there); make one "
            f"with: git worktree add --detach ../base {commit}, then pass ../base/src"
        )
    return Path(str(given)).resolve()
