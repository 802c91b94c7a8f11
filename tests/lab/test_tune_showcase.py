"""The tuning showcase of docs/tuning.md is what ships: the Early Opportunities in the
game's data are the data before the tuning with the search's best candidate written in,
and nothing else; the diff the doc shows is that change."""

from __future__ import annotations

from pathlib import Path

from ballroom.games.vampires_harvest.components import DATA_DIR
from ballroom.lab.tune_space import diff, parse_space

ROOT = Path(__file__).resolve().parents[2]
SHOWCASE = ROOT / "docs" / "tuning-showcase"
SPACE = ROOT / "docs" / "tuning-vampires-harvest.toml"
FILE = "opportunities.toml"


def test_the_shipped_deck_is_the_deck_before_with_the_tuned_numbers_written_in() -> None:
    before = SHOWCASE / "before" / "vampires-harvest" / FILE
    space = parse_space(
        SPACE.read_text(encoding="utf-8"), "vampires-harvest", {FILE: before}, str(SPACE)
    )
    shipped_text = (DATA_DIR / FILE).read_text(encoding="utf-8")
    shipped = parse_space(
        SPACE.read_text(encoding="utf-8"), "vampires-harvest", {FILE: DATA_DIR / FILE}, "shipped"
    )
    changed = {
        n.name: s.current
        for n, s in zip(space.numbers, shipped.numbers, strict=True)
        if n.current != s.current
    }
    assert len(changed) == 9
    assert space.apply(changed)[FILE] == shipped_text  # only the space's numbers moved
    shown = (SHOWCASE / "tuned.diff").read_text(encoding="utf-8")
    assert diff({FILE: before.read_text(encoding="utf-8")}, {FILE: shipped_text}) == shown


def test_the_doc_tells_each_change_and_its_command() -> None:
    doc = (ROOT / "docs" / "tuning.md").read_text(encoding="utf-8")
    assert (
        "BALLROOM_DATA=docs/tuning-showcase/before ballroom tune vampires-harvest "
        "--space docs/tuning-vampires-harvest.toml --out tune-vh"
    ) in doc
    for row in (
        "| Homage at Elysium | cost (Blood) | 6 | 8 |",
        "| Ghoul Pack | Slayer | 2 | 3 |",
        "| Lonely Countess | Seduction a Success | 2 | 1 |",
    ):
        assert row in doc
    assert "SHOWCASE" not in doc and "\nNEXT\n" not in doc
