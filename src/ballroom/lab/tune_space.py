"""What ``ballroom tune`` may change: numbers in a game's data files, each within bounds.

A space file names each tunable number by its data file and a path into that
file's TOML, and gives the bounds it may move within::

    game = "vampires-harvest"
    usage = "opportunity_dealt"      # the seat feature that says an item was played
    targets = ["presence opportunity_dealt within 10 of tuned"]

    [[number]]
    file = "opportunities.toml"
    path = 'early["Homage at Elysium"].cost'
    low = 4
    high = 9

A path is keys joined by dots; ``[2]`` is the third element of a list and
``["Homage at Elysium"]`` the table of a list of tables whose ``name`` is that
(the way designers name cards). A number keeps its type: an integer moves in
whole steps, a float anywhere between its bounds. The current value must lie
within the bounds, so that the data as shipped is one point of the space.

Candidates are written with tomlkit, which keeps the file's comments and layout,
so the diff of a tuned file shows the changed numbers and nothing else.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ballroom.core.components import slug
from ballroom.core.errors import InvalidOptionError

SPACE_KEYS = ("game", "players", "bot", "usage", "targets", "number")
NUMBER_KEYS = ("file", "path", "low", "high", "item")

Step = str | int
"""One step of a path: a key, a list index, or (as ``Named``) a card's name."""


@dataclass(frozen=True, slots=True)
class Named:
    """The table of a list of tables whose ``name`` is ``name``."""

    name: str


PathStep = str | int | Named

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<key>[A-Za-z0-9_-]+)
      | "(?P<quoted>[^"]*)"
      | \[\s*(?P<index>\d+)\s*\]
      | \[\s*"(?P<dq>[^"]*)"\s*\]
      | \[\s*'(?P<sq>[^']*)'\s*\]
      | (?P<dot>\.)
    )""",
    re.VERBOSE,
)


def parse_path(text: str) -> tuple[PathStep, ...]:
    """``early["Debt of Honour"].reward[0].amount`` as its steps; a clear error otherwise."""
    steps: list[PathStep] = []
    position = 0
    expect_key = True
    text = text.strip()
    if not text:
        raise InvalidOptionError('a path is empty; write e.g. early["Debt of Honour"].cost')
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise InvalidOptionError(
                f"path {text!r}: cannot read {text[position:]!r}; write keys joined by dots, "
                '[n] for a list element, ["Name"] for the card of that name'
            )
        position = match.end()
        if match.group("dot"):
            if expect_key:
                raise InvalidOptionError(f"path {text!r}: a dot must follow a key or ]")
            expect_key = True
            continue
        key = match.group("key") if match.group("key") is not None else match.group("quoted")
        if key is not None:
            if not expect_key:
                raise InvalidOptionError(f"path {text!r}: keys must be joined by dots")
            steps.append(key)
            expect_key = False
            continue
        if not steps:
            raise InvalidOptionError(f"path {text!r} must begin with a key")
        if match.group("index") is not None:
            steps.append(int(match.group("index")))
        else:
            name = match.group("dq") if match.group("dq") is not None else match.group("sq")
            steps.append(Named(name))
        expect_key = False
    if expect_key:
        raise InvalidOptionError(f"path {text!r} ends with a dot")
    return tuple(steps)


def _step_text(step: PathStep) -> str:
    if isinstance(step, Named):
        return f'["{step.name}"]'
    if isinstance(step, int):
        return f"[{step}]"
    return f".{step}"


def path_text(steps: Sequence[PathStep]) -> str:
    """The path as written in a space file."""
    return "".join(_step_text(step) for step in steps).removeprefix(".")


def follow(data: Any, steps: Sequence[PathStep], where: str) -> tuple[Any, str | int]:
    """The container holding the path's last step, and that step as a key or index.

    Works on plain TOML data and on tomlkit documents alike; an error names the
    step that leads nowhere and what is there instead."""
    node = data
    walked = ""
    for position, step in enumerate(steps):
        here = f"{where}: {walked or '(top)'}"
        if isinstance(step, str):
            if not isinstance(node, Mapping):
                raise InvalidOptionError(f"{here} is not a table, so it has no key {step!r}")
            if step not in node:
                known = ", ".join(str(k) for k in node)
                raise InvalidOptionError(f"{here} has no key {step!r}; its keys: {known}")
            key: str | int = step
        elif isinstance(step, int):
            if not isinstance(node, list):
                raise InvalidOptionError(f"{here} is not a list, so it has no element [{step}]")
            if step >= len(node):
                raise InvalidOptionError(
                    f"{here} has {len(node)} elements; [{step}] is past its end"
                )
            key = step
        else:
            if not isinstance(node, list) or not all(isinstance(e, Mapping) for e in node):
                raise InvalidOptionError(
                    f'{here} is not a list of tables, so ["{step.name}"] names nothing there'
                )
            found = [i for i, e in enumerate(node) if e.get("name") == step.name]
            if len(found) != 1:
                names = ", ".join(str(e.get("name")) for e in node)
                what = "no table" if not found else "more than one table"
                raise InvalidOptionError(
                    f'{here} has {what} named "{step.name}"; its names: {names}'
                )
            key = found[0]
        walked += _step_text(step)
        walked = walked.removeprefix(".")
        if position == len(steps) - 1:
            return node, key
        node = node[key]
    raise InvalidOptionError(f"{where}: an empty path names no number")


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Tunable:
    """One number that may move: where it is, its bounds, and the value shipped."""

    file: str
    path: tuple[PathStep, ...]
    low: float
    high: float
    current: float
    integer: bool
    item: str | None
    """What the number belongs to, as the usage feature names it (a card's slug)."""

    @property
    def name(self) -> str:
        """A short unique name: ``opportunities.toml:early["Debt of Honour"].cost``."""
        return f"{self.file}:{path_text(self.path)}"

    @property
    def card(self) -> str | None:
        """The name of the card the number is on: the last ``["Name"]`` of its path."""
        names = [step.name for step in self.path if isinstance(step, Named)]
        return names[-1] if names else None


@dataclass(frozen=True, slots=True)
class Space:
    """A parsed space file: the tunable numbers of one game and how to read the games."""

    game: str
    numbers: tuple[Tunable, ...]
    texts: dict[str, str]
    """Each named data file's text as it is in force now (the base of every candidate)."""
    players: int | None = None
    bot: str | None = None
    usage: str | None = None
    targets: tuple[str, ...] = ()

    def files(self) -> list[str]:
        return sorted(self.texts)

    def current(self) -> dict[str, float]:
        return {n.name: n.current for n in self.numbers}

    def items(self) -> list[str]:
        return list(dict.fromkeys(n.item for n in self.numbers if n.item))

    def item_names(self) -> dict[str, str]:
        """Each tuned item's card name by the slug the seat features use, for the report."""
        return {n.item: n.card for n in self.numbers if n.item and n.card}

    def label(self, number: str) -> str:
        """A number as a reader names it: its path, with the file only where several are tuned."""
        return number if len(self.files()) > 1 else number.split(":", 1)[1]

    def apply(self, values: Mapping[str, float]) -> dict[str, str]:
        """Each data file's text with the given numbers written in (others as they are).

        Only the named numbers change; every value is checked against its bounds."""
        import tomlkit

        unknown = sorted(set(values) - {n.name for n in self.numbers})
        if unknown:
            raise InvalidOptionError(f"not a tunable number of this space: {', '.join(unknown)}")
        documents = {name: tomlkit.parse(text) for name, text in self.texts.items()}
        for number in self.numbers:
            value = values.get(number.name, number.current)
            if not number.low <= value <= number.high:
                raise InvalidOptionError(
                    f"{number.name} = {value} lies outside its bounds {number.low}..{number.high}"
                )
            container, key = follow(documents[number.file], number.path, number.file)
            container[key] = round(value) if number.integer else float(value)
        return {name: tomlkit.dumps(doc) for name, doc in documents.items()}


def diff(before: Mapping[str, str], after: Mapping[str, str]) -> str:
    """A unified diff of every file that changed (an empty string when none did)."""
    lines: list[str] = []
    for name in sorted(before):
        lines += difflib.unified_diff(
            before[name].splitlines(keepends=True),
            after[name].splitlines(keepends=True),
            f"a/{name}",
            f"b/{name}",
        )
    return "".join(lines)


def _bound(entry: Mapping[str, Any], key: str, where: str) -> float:
    if key not in entry:
        raise InvalidOptionError(f"{where}: needs {key} = a number")
    value = entry[key]
    if not is_number(value):
        raise InvalidOptionError(f"{where}: {key} must be a number, not {value!r}")
    return float(value)


def _tunable(
    entry: Mapping[str, Any], index: int, texts: dict[str, str], data_files: Mapping[str, Path]
) -> Tunable:
    where = f"number {index + 1}"
    if not isinstance(entry, Mapping):
        raise InvalidOptionError(f"{where}: must be a table ([[number]])")
    extra = sorted(set(entry) - set(NUMBER_KEYS))
    if extra:
        raise InvalidOptionError(
            f"{where}: unknown key {', '.join(extra)}; allowed: {', '.join(NUMBER_KEYS)}"
        )
    file = entry.get("file")
    if not isinstance(file, str):
        raise InvalidOptionError(f"{where}: needs file = one of {', '.join(sorted(data_files))}")
    if file not in data_files:
        raise InvalidOptionError(
            f"{where}: {file!r} is not a data file of this game; "
            f"its files: {', '.join(sorted(data_files))}"
        )
    raw_path = entry.get("path")
    if not isinstance(raw_path, str):
        raise InvalidOptionError(f'{where}: needs path = a path such as early["Name"].cost')
    path = parse_path(raw_path)
    where = f"{where} ({file}:{path_text(path)})"
    if file not in texts:
        texts[file] = data_files[file].read_text(encoding="utf-8")
    container, key = follow(tomllib.loads(texts[file]), path, file)
    current = container[key]
    if not is_number(current):
        raise InvalidOptionError(f"{where}: names {current!r}, which is not a number")
    low, high = _bound(entry, "low", where), _bound(entry, "high", where)
    integer = isinstance(current, int)
    if integer and not (low.is_integer() and high.is_integer()):
        raise InvalidOptionError(f"{where}: the number is an integer, so its bounds must be too")
    if low >= high:
        raise InvalidOptionError(f"{where}: low ({low:g}) must be below high ({high:g})")
    if not low <= current <= high:
        raise InvalidOptionError(
            f"{where}: its value now, {current}, lies outside {low:g}..{high:g}; the data as "
            "it is must be inside the space"
        )
    item = entry.get("item")
    if item is not None and not isinstance(item, str):
        raise InvalidOptionError(f"{where}: item must be text (the feature's name for it)")
    if item is None:
        named = [step.name for step in path if isinstance(step, Named)]
        item = slug(named[-1]) if named else None
    return Tunable(file, path, low, high, float(current), integer, item)


def parse_space(text: str, game: str, data_files: Mapping[str, Path], where: str) -> Space:
    """A space from a space file's text, checked against the game's data files in force."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidOptionError(f"{where} is not valid TOML: {error}") from None
    extra = sorted(set(data) - set(SPACE_KEYS))
    if extra:
        raise InvalidOptionError(
            f"{where}: unknown key {', '.join(extra)}; allowed: {', '.join(SPACE_KEYS)}"
        )
    if data.get("game", game) != game:
        raise InvalidOptionError(f"{where} is a space for {data['game']!r}, not {game!r}")
    entries = data.get("number")
    if not isinstance(entries, list) or not entries:
        raise InvalidOptionError(
            f"{where}: names no number; add [[number]] tables with file, path, low and high"
        )
    texts: dict[str, str] = {}
    numbers = [_tunable(entry, i, texts, data_files) for i, entry in enumerate(entries)]
    seen: dict[str, int] = {}
    for i, number in enumerate(numbers):
        if number.name in seen:
            raise InvalidOptionError(
                f"{where}: numbers {seen[number.name] + 1} and {i + 1} both name {number.name}"
            )
        seen[number.name] = i
    players = data.get("players")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise InvalidOptionError(f"{where}: players must be a whole number")
    targets = data.get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise InvalidOptionError(f"{where}: targets must be a list of texts")
    for key in ("bot", "usage"):
        if key in data and not isinstance(data[key], str):
            raise InvalidOptionError(f"{where}: {key} must be text")
    return Space(
        game=game,
        numbers=tuple(numbers),
        texts=texts,
        players=players,
        bot=data.get("bot"),
        usage=data.get("usage"),
        targets=tuple(targets),
    )
