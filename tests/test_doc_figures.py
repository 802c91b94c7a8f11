"""The figures the docs state, each beside the command that reproduces it: this runs the
cheap ones and checks that the doc prints what the command measures today.

A figure is written in the doc as it is written here (``FIGURES``), next to its command
(in backticks or a code block); a changed bot or rule that moves the figure fails this
test until the doc is rerun and rewritten. The expensive figures (search bots, thousands of games) keep
their commands in the docs and are checked here only for being there.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ballroom.cli import app
from ballroom.lab.stats import wilson

ROOT = Path(__file__).resolve().parent.parent


def _rate(wins: float, games: int) -> str:
    rate = wilson(wins, games)
    return f"{wins:g} of {games}, {rate.value:.1%} [{rate.low:.1%}, {rate.high:.1%}]"


def first_seat(output: str) -> str:
    """``ballroom simulate --json``: the first seat's wins, rate and Wilson interval."""
    data = json.loads(output)
    return _rate(data["wins"][0], data["finished"])


def strength(output: str) -> str:
    """``benchmarks/strength.py``: the measured bot's wins, rate and Wilson interval."""
    found = re.search(r": ([\d.]+)/(\d+) = ", output)
    assert found, output
    return _rate(float(found[1]), int(found[2]))


def frozen_against(opponent: str) -> Callable[[str], str]:
    """``examples/train_vampires_harvest.py``: the frozen policy's rate against ``opponent``."""

    def read(output: str) -> str:
        found = re.search(rf"frozen policy against {opponent}: (.+ of \d+ games)", output)
        assert found, output
        return found[1]

    return read


@dataclass(frozen=True, slots=True)
class Figure:
    doc: str
    command: str
    """As the doc writes it: ``ballroom ...`` or ``python benchmarks/...``."""
    figure: str
    measure: Callable[[str], str]
    cheap: bool = True
    """Run by this test (a few seconds); otherwise only checked to be in the doc."""


FIGURES = [
    Figure(
        "docs/bot-strength.md",
        "ballroom simulate dancing-dice -n 1000 --seats expert,random,random --seed 1 --json",
        "998 of 1000, 99.8% [99.3%, 99.9%]",
        first_seat,
    ),
    Figure(
        "docs/bot-strength.md",
        "python benchmarks/strength.py the-dance --games 100",
        "100 of 100, 100.0% [96.3%, 100.0%]",
        strength,
    ),
    Figure(
        "docs/bot-strength.md",
        "python benchmarks/strength.py vampires-harvest --games 200 --duplicate",
        "200 of 200, 100.0% [98.1%, 100.0%]",
        strength,
    ),
    Figure(
        "docs/bot-strength.md",
        "python benchmarks/strength.py dominare --games 200",
        "196 of 200, 98.0% [95.0%, 99.2%]",
        strength,
        cheap=False,
    ),
    Figure(
        "docs/bot-strength.md",
        "python benchmarks/strength.py dark-tales --games 100 --duplicate",
        "89 of 100, 89.0% [81.4%, 93.7%]",
        strength,
        cheap=False,
    ),
    Figure(
        "docs/bot-strength.md",
        "python benchmarks/strength.py dark-tales --games 100 --duplicate"
        " --option expansion=cinderella",
        "97 of 100, 97.0% [91.5%, 99.0%]",
        strength,
        cheap=False,
    ),
    Figure(
        "examples/README.md",
        "python examples/train_vampires_harvest.py --out examples/vampires_harvest_learning_curve.png",
        "96.0% [92.3%, 98.0%] of 200 games",
        frozen_against("random"),
        cheap=False,
    ),
    Figure(
        "examples/README.md",
        "python examples/train_vampires_harvest.py --out examples/vampires_harvest_learning_curve.png",
        "33.0% [26.9%, 39.8%] of 200 games",
        frozen_against("heuristic"),
        cheap=False,
    ),
]


def run(command: str) -> str:
    words = shlex.split(command)
    if words[0] == "ballroom":
        result = CliRunner().invoke(app, words[1:])
        assert result.exit_code == 0, result.output
        return result.stdout
    assert words[0] == "python", command
    done = subprocess.run(
        [sys.executable, *words[1:]], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: f.command)
def test_the_doc_gives_the_figure_with_its_command(figure: Figure) -> None:
    text = " ".join((ROOT / figure.doc).read_text().split())
    assert figure.command in text, f"{figure.doc} lacks the command {figure.command}"
    assert figure.figure in text, f"{figure.doc} lacks the figure {figure.figure}"


@pytest.mark.parametrize("figure", [f for f in FIGURES if f.cheap], ids=lambda f: f.command)
def test_the_command_still_measures_the_figure(figure: Figure) -> None:
    assert figure.measure(run(figure.command)) == figure.figure
