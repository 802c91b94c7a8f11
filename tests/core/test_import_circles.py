"""No game folder is one import circle: a circle of imports runs through two files at most.

Every import counts, as ``ast`` finds it: at the top of a module, inside a
function, or in a ``TYPE_CHECKING`` block, since an import moved into a
function keeps the circle and only hides it from the interpreter. Two
modules may import each other (a state and the game that makes it); a
third in the circle means the folder has no order in which to read it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import ballroom.games

GAMES = Path(ballroom.games.__file__).parent
LONGEST = 2
"""The most files one import circle may run through."""
STILL_CIRCULAR_GAMES: tuple[str, ...] = ()
"""Games whose folders still hold a longer circle (issue 33), left out below until they
are restructured; empty this as each one is."""

Graph = Mapping[str, frozenset[str]]


def modules(package: Path) -> dict[str, Path]:
    """Each module of the game package by its dotted name below the package (``__init__``
    for the package itself)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        found[".".join(parts)] = path
    return found


def imports(package: Path) -> dict[str, frozenset[str]]:
    """Which of the package's own modules each module imports, anywhere in its text."""
    names = modules(package)
    prefix = f"ballroom.games.{package.name}"
    graph: dict[str, frozenset[str]] = {}
    for name, path in names.items():
        here = ".".join([prefix, *name.split(".")[:-1]])  # the package it lies in
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _targets(node, here):
                if target == prefix or target.startswith(prefix + "."):
                    inner = target.removeprefix(prefix).removeprefix(".") or "__init__"
                    module = _module_of(inner, names)
                    if module != name:
                        found.add(module)
        graph[name] = frozenset(found)
    return graph


def _targets(node: ast.AST, here: str) -> Iterator[str]:
    """The dotted names an import statement may load: each ``from`` name as a module too."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            anchor = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
            base = f"{anchor}.{base}".rstrip(".")
        for alias in node.names:
            yield f"{base}.{alias.name}"


def _module_of(inner: str, names: Mapping[str, Path]) -> str:
    """The package's module a dotted name (below the package) is or lies in."""
    parts = inner.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in names:
            return candidate
        if f"{candidate}.__init__" in names:
            return f"{candidate}.__init__"
        parts.pop()
    return "__init__"  # a name the package itself holds


def long_circle(graph: Graph) -> list[str] | None:
    """A circle of imports through more than ``LONGEST`` modules, or ``None``. Each circle
    is looked for from its first module in name order, so each is walked once."""
    order = sorted(graph)
    for at, start in enumerate(order):
        found = _circle_from([start], set(order[at + 1 :]), graph)
        if found is not None:
            return found
    return None


def _circle_from(path: list[str], allowed: set[str], graph: Graph) -> list[str] | None:
    """A circle longer than ``LONGEST`` that goes on from ``path`` back to its start,
    through ``allowed`` modules not on it yet."""
    start = path[0]
    for following in sorted(graph[path[-1]]):
        if following == start and len(path) > LONGEST:
            return [*path, start]
        if following in allowed and following not in path:
            found = _circle_from([*path, following], allowed, graph)
            if found is not None:
                return found
    return None


GAME_FOLDERS = sorted(path.name for path in GAMES.iterdir() if (path / "__init__.py").is_file())


@pytest.mark.parametrize("game", [g for g in GAME_FOLDERS if g not in STILL_CIRCULAR_GAMES])
def test_no_import_circle_runs_through_more_than_two_files(game: str) -> None:
    circle = long_circle(imports(GAMES / game))
    assert circle is None, f"{game}: an import circle through {' -> '.join(circle or ())}"


def test_the_finder_sees_imports_in_functions_and_type_checking_blocks(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from ballroom.games.toy.b import B\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ballroom.games.toy import c\n"
    )
    (package / "c.py").write_text("def f():\n    from .a import A\n")
    graph = imports(package)
    assert graph["a"] == {"b"} and graph["b"] == {"c"} and graph["c"] == {"a"}
    assert long_circle(graph) == ["a", "b", "c", "a"]
    (package / "c.py").write_text("def f():\n    from . import b\n")
    assert long_circle(imports(package)) is None, "two modules importing each other may"


def test_every_game_folder_is_checked_or_named_as_still_circular() -> None:
    assert set(STILL_CIRCULAR_GAMES) <= set(GAME_FOLDERS)
    for game in STILL_CIRCULAR_GAMES:
        assert long_circle(imports(GAMES / game)) is not None, f"{game} passes now: unlist it"
