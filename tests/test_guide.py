"""docs/writing-a-game.md cannot drift: its excerpts are in the code, its examples run.

A block whose fence names a file (```python src/...) must appear in that file
line for line; every other Python block runs, top to bottom, in one namespace.
"""

from __future__ import annotations

import re
from pathlib import Path

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
        exec(compile(text, str(GUIDE), "exec"), namespace)
