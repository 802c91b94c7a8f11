"""Every module under ``ballroom`` imports by its dotted name, and no public name shadows one.

``import ballroom.games.dancing_dice.batch as batch`` walks attributes from
``ballroom`` down; a package attribute rebound to something else (as
``ballroom.games`` once was, to a function) breaks it with an ImportError.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import pytest

import ballroom

# Alembic's migration script runs only inside ``alembic``, which provides its context.
NOT_IMPORTABLE_ALONE = {"ballroom.server.migrations.env"}
MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(ballroom.__path__, "ballroom.")
    if info.name not in NOT_IMPORTABLE_ALONE
)


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports_and_is_reached_by_its_dotted_name(name: str) -> None:
    importlib.import_module(name)
    node: object = ballroom
    for depth, part in enumerate(name.split(".")[1:], start=2):
        node = getattr(node, part)
        prefix = ".".join(name.split(".")[:depth])
        assert node is sys.modules[prefix], f"{prefix} is shadowed by {node!r}"
    if all(part.isidentifier() for part in name.split(".")):  # not Alembic's 0002_... files
        exec(f"import {name} as imported", {})


def test_the_registry_is_game_classes_and_games_is_the_package() -> None:
    assert [g.id for g in ballroom.game_classes()] == [
        "dancing-dice",
        "dark-tales",
        "dominare",
        "the-dance",
        "vampires-harvest",
    ]
    assert ballroom.games is sys.modules["ballroom.games"]
    assert "games" not in ballroom.__all__ and "game_classes" in ballroom.__all__
