"""Every Python block of ``docs/interop.md`` runs as written, and what it asserts holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)


def test_the_doc_has_its_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_each_example_runs(number: int) -> None:
    exec(compile(BLOCKS[number], f"{DOC.name} block {number + 1}", "exec"), {"__name__": "doc"})
