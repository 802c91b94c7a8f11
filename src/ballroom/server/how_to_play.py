"""A game's "How to play" panel, read from its ``data/how_to_play.toml``.

The text is the project's own summary of the rulebook, kept as data so that a
group can reword it (or replace it from ``$BALLROOM_DATA/<game id>/``) without
touching code. Each section names the rulebook part it explains; a section
that holds only under a rule option names that option and its values, which
are checked against the game's declared options so a misspelt one is refused.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ballroom.core.components import DataFiles, Default, ListOf, Spec, Table, Text
from ballroom.core.game import Game

FILE = "how_to_play.toml"
SECTION: dict[str, Spec[Any]] = {
    "title": Text(120),
    "rule": Text(200),
    "text": Text(),
    "option": Default(Text(), ""),
    "values": Default(ListOf(Text(), "value", min_length=1), ()),
}


def how_to_play(game_class: type[Game]) -> dict[str, Any] | None:
    """The panel's JSON: the rulebook it summarises and its checked sections.

    ``None`` for a game that ships no panel (the page then offers none).
    """
    package = game_class.__module__.rsplit(".", 1)[0]
    files = DataFiles.of_game(game_class.id, Path(str(resources.files(package) / "data")))
    if not files.path(FILE).is_file():
        return None
    root = files.read(FILE)
    root.only("reconstruction", "rulebook", "section")
    return {
        "game": game_class.id,
        "name": game_class.name,
        "rulebook": root.get("rulebook", Text()),
        "sections": [
            _section(table, game_class)
            for table in root.records("section", "section", name="title")
        ],
    }


def _section(table: Table, game_class: type[Game]) -> dict[str, Any]:
    table.only(*SECTION)
    section: dict[str, Any] = {key: table.get(key, spec) for key, spec in SECTION.items()}
    option, values = section["option"], list(section["values"])
    if bool(option) != bool(values):
        raise table.error("option and values go together: name both or neither")
    if option:
        declared = {o.name: o for o in game_class.option_set.options}
        if option not in declared:
            raise table.where.at("option").error(
                f"{option!r} is not an option of {game_class.id}; its options are "
                f"{', '.join(declared) or 'none'}"
            )
        allowed = [_text(value) for value in declared[option].choices] or ["true", "false"]
        for value in values:
            if value not in allowed:
                raise table.where.at("values").error(
                    f"{value!r} is not a value of option {option}; allowed: {', '.join(allowed)}"
                )
    section["values"] = values
    return section


def _text(value: object) -> str:
    """An option value as the page and this file write it (flags as true/false)."""
    return str(value).lower() if isinstance(value, bool) else str(value)
