"""Shared test settings: hypothesis profiles sized for a 2-core machine; golden games."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci", parent=settings.get_profile("default"), derandomize=True, print_blob=True
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regenerate-golden",
        action="store_true",
        help="replay each golden game's seats and rewrite the files that changed (tests/golden.py)",
    )


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    """Say which golden games ``--regenerate-golden`` rewrote, so the change is reviewed."""
    if not config.getoption("regenerate_golden"):
        return
    from tests.golden import REWRITTEN  # the engine and bots, only for this run

    rewritten = config.stash.get(REWRITTEN, [])
    terminalreporter.section("golden games")
    for line in rewritten:
        terminalreporter.write_line(f"rewritten: {line}")
    if not rewritten:
        terminalreporter.write_line("no golden game changed")
