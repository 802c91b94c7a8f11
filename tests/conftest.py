"""Shared test settings: hypothesis profiles sized for a 2-core machine; golden games; the
generic suites every game meets, marked ``generic``."""

from __future__ import annotations

import os
from pathlib import Path

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


GENERIC_SUITES = (
    "test_conformance.py",
    "test_twin_secrecy.py",
    "test_golden.py",
    "test_words.py",
    "test_example_games.py",
    "core/test_default_seats.py",
    "core/test_copying.py",
    "interop/test_encoding.py",
    "interop/test_pettingzoo.py",
    "interop/test_pettingzoo_parallel.py",
    "interop/test_openspiel.py",
    "interop/test_openspiel_complete.py",
    "interop/test_openspiel_information.py",
    "interop/test_gym.py",
)
"""The suites a game meets by being registered (or listed in ``tests/examples.py``): their
tests taken once per game carry the mark ``generic`` and the game's id in their own, so
``pytest -m generic -k gops`` runs every one of them for one game (docs/writing-a-game.md)."""
TESTS = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    suites = {TESTS / suite for suite in GENERIC_SUITES}
    for item in items:
        if item.path in suites and getattr(item, "callspec", None) is not None:
            item.add_marker(pytest.mark.generic)


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
