"""The component files load, and the validator rejects broken ones with clear messages."""

from __future__ import annotations

import copy
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ballroom.games.the_dance.components import (
    DATA_DIR,
    ComponentError,
    _signed_area,
    default_components,
    load_components,
    parse_avatars,
    parse_board,
    parse_dancers,
    parse_plans,
    parse_powers,
    parse_refreshments,
)


def raw(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as handle:
        return tomllib.load(handle)


MAP = raw("ballroom.toml")
COLOURS = raw("plans.toml")["colours"]


def test_shipped_components_keep_the_rulebook_constraints() -> None:
    comp = load_components()
    names = {d.name for d in comp.dancers}
    for name in (
        "Rev. Mother Anna",
        "Lady Julia",
        "Contessa Marta",
        "Primar Todoran",
        "Artisan Belan",
        "Captain Lupei",
        "Patron Constantin",
    ):
        assert name in names
    assert {a.name for a in comp.avatars} >= {"Tatiana Saar", "Thorne Balaz"}
    assert all(a.movement == 2 for a in comp.avatars)
    assert len({a.mark for a in comp.avatars}) == len(comp.avatars)
    assert len(comp.powers) == 12 and len(comp.board.sanctuaries) == 6
    assert {s.colour for s in comp.board.sanctuaries} >= {"plum", "grey"}
    assert len(comp.board.start_hexes) == len(comp.dancers)
    board = comp.board
    for h in range(len(board.hexes)):
        assert (board.path_next[h] >= 0) != (board.arrow_to[h] >= 0)
    for name in ("ballroom", "avatars", "dancers", "refreshments", "plans", "powers"):
        text = (DATA_DIR / f"{name}.toml").read_text()
        assert "reconstruction" in text.split("\n\n")[0].lower() or "summarised" in text.lower()


def broken_map(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(MAP)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda m: m["paths"][0]["hexes"].reverse(), "runs clockwise"),
        (lambda m: m["paths"][0]["hexes"].pop(3), "not adjacent"),
        (lambda m: m["arrows"].extend([{"from": [0, -1], "to": [0, 0]}]), "two arrows"),
        (
            lambda m: (
                m["arrows"].__setitem__(0, {"from": [0, 0], "to": [0, 1]})
                or m["arrows"].__setitem__(6, {"from": [0, 1], "to": [0, 0]})
            ),
            "loop without reaching a path",
        ),
        (
            lambda m: m["arrows"].append({"from": [4, 0], "to": [3, 0]}),
            "on a path and cannot carry an arrow",
        ),
        (lambda m: m["arrows"].append({"from": [0, 0], "to": [2, 0]}), "two arrows"),
        (
            lambda m: m["arrows"].__setitem__(-1, {"from": m["arrows"][-1]["from"], "to": [9, 9]}),
            "not adjacent",
        ),
        (
            lambda m: m["arrows"].__setitem__(25, {"from": [5, 0], "to": [6, -1]}),
            r"arrow 26: the arrow on \[5, 0\] points off the floor at \[6, -1\]",
        ),
        (lambda m: m["start_hexes"].pop(), "one start hex per Dancer"),
        (lambda m: m["start_hexes"].__setitem__(0, m["start_hexes"][1]), "listed twice"),
        (lambda m: m["start_hexes"].__setitem__(0, [20, 20]), "not a dance floor hex"),
        (lambda m: m["server_hexes"].pop(), "six different Server hexes"),
        (
            lambda m: m["server_hexes"].__setitem__(0, m["start_hexes"][0]),
            "Server hex may not also be",
        ),
        (lambda m: m["sanctuaries"][0].__setitem__("seats", 4), "must have 5 seats"),
        (lambda m: m["sanctuaries"][0].__setitem__("entry", [0, 0]), "edge of the floor"),
        (
            lambda m: m["sanctuaries"][1].__setitem__("colour", "plum"),
            "colour 'plum' appears twice",
        ),
        (lambda m: m["sanctuaries"].pop(), "there must be 6 Sanctuaries"),
        (
            lambda m: m["sanctuaries"][1].__setitem__("entry", [5, 0]),
            r"sanctuary 2 \(grey\) > entry: two Sanctuaries share the entry hex \[5, 0\] "
            r"\(also at sanctuary 1 \(plum\)\)",
        ),
        (lambda m: m["tempo"].__setitem__("refreshment_box", 7), "refreshment_box"),
        (lambda m: m.__delitem__("arrows"), "arrows: missing; must be a non-empty list of tables"),
    ],
)
def test_broken_maps_are_rejected(change: Any, message: str) -> None:
    with pytest.raises(ComponentError, match=message):
        parse_board(broken_map(change), dancers=25)


def test_a_disconnected_floor_is_rejected() -> None:
    data = copy.deepcopy(MAP)
    island = [(20, 0), (21, -1), (20, -1)]
    if _signed_area(island) < 0:
        island.reverse()
    data["paths"].append({"hexes": [list(h) for h in island]})
    with pytest.raises(ComponentError, match="not connected"):
        parse_board(data, dancers=25)


def test_broken_markers_are_rejected() -> None:
    dancers = raw("dancers.toml")
    bad = copy.deepcopy(dancers)
    bad["dancers"][0]["negates"] = ["extortion", "corruption", "subjugation", "confidence"]
    with pytest.raises(ComponentError, match="negates every Domain"):
        parse_dancers(bad, COLOURS)
    bad = copy.deepcopy(dancers)
    bad["dancers"][0]["symbol"] = "tulip"
    with pytest.raises(
        ComponentError,
        match=r"dancer 1 \(Rev\. Mother Anna\) > symbol: found 'tulip'; must be one of the colours",
    ):
        parse_dancers(bad, COLOURS)
    bad = copy.deepcopy(dancers)
    bad["dancers"][1]["name"] = bad["dancers"][0]["name"]
    with pytest.raises(ComponentError, match="appears twice"):
        parse_dancers(bad, COLOURS)
    bad = copy.deepcopy(dancers)
    del bad["dancers"][0]["pips"]["confidence"]
    with pytest.raises(
        ComponentError,
        match=r"dancer 1 \(Rev\. Mother Anna\) > pips > confidence: missing; must be an integer",
    ):
        parse_dancers(bad, COLOURS)
    avatars = raw("avatars.toml")
    bad = copy.deepcopy(avatars)
    bad["avatars"].pop()
    with pytest.raises(ComponentError, match="6 Avatars"):
        parse_avatars(bad)
    bad = copy.deepcopy(avatars)
    bad["avatars"][1]["mark"] = bad["avatars"][0]["mark"]  # Tatiana and Thorne both "T"
    with pytest.raises(ComponentError, match="token mark 'TS' appears twice"):
        parse_avatars(bad)
    bad = copy.deepcopy(avatars)
    bad["avatars"][0]["mark"] = "TSR"
    with pytest.raises(ComponentError, match="mark: found 'TSR'; must be one or two letters"):
        parse_avatars(bad)
    powers = raw("powers.toml")
    bad = copy.deepcopy(powers)
    bad["powers"].pop()
    with pytest.raises(ComponentError, match="missing willpower"):
        parse_powers(bad)
    refreshments = raw("refreshments.toml")
    bad = copy.deepcopy(refreshments)
    bad["refreshments"][0]["kind"] = "charm"
    with pytest.raises(
        ComponentError,
        match="kind: found 'charm'; must be one of the Domains and the Ankh: extortion, ",
    ):
        parse_refreshments(bad)
    plans = raw("plans.toml")
    bad = copy.deepcopy(plans)
    bad["plans"][0]["symbols"] = ["rose", "violet"]
    with pytest.raises(
        ComponentError, match=r"plan 1 \(rose-lily-ivy\) > symbols > symbol 2: found 'violet'"
    ):
        parse_plans(bad)


def test_a_directory_with_a_bad_file_is_reported_by_name(tmp_path: Path) -> None:
    for item in DATA_DIR.iterdir():
        shutil.copy(item, tmp_path / item.name)
    assert len(load_components(tmp_path).dancers) == 25
    (tmp_path / "plans.toml").write_text("plans = [", encoding="utf-8")
    with pytest.raises(ComponentError, match=r"plans\.toml is not valid TOML"):
        load_components(tmp_path)
    shutil.copy(DATA_DIR / "plans.toml", tmp_path / "plans.toml")
    text = (tmp_path / "avatars.toml").read_text().replace("reconstruction =", "origin =")
    (tmp_path / "avatars.toml").write_text(text)
    with pytest.raises(
        ComponentError, match=r"avatars\.toml: the file must begin with reconstruction = "
    ):
        load_components(tmp_path)


def test_a_folder_may_replace_one_file_and_keep_the_others(tmp_path: Path) -> None:
    text = (DATA_DIR / "dancers.toml").read_text().replace("Lady Julia", "Lady Iulia")
    (tmp_path / "dancers.toml").write_text(text, encoding="utf-8")
    comp = load_components(tmp_path)
    assert "Lady Iulia" in {d.name for d in comp.dancers} and len(comp.powers) == 12
    (tmp_path / "dancers.toml").write_text(text.replace("pips =", "pip ="), encoding="utf-8")
    with pytest.raises(ComponentError) as caught:
        load_components(tmp_path)
    assert str(caught.value) == (
        f"{tmp_path / 'dancers.toml'}: dancer 1 (Rev. Mother Anna) > pip: unknown key; "
        "the keys allowed here are name, symbol, pips, negates"
    )


def test_every_plan_can_be_completed_with_the_dancers(tmp_path: Path) -> None:
    text = (DATA_DIR / "dancers.toml").read_text().replace('symbol = "moon"', 'symbol = "sun"')
    (tmp_path / "dancers.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ComponentError) as caught:
        load_components(tmp_path)
    assert str(caught.value) == (
        "plans.toml: plan 3 (rose-lily-moon) > symbols: the Plan needs 1 moon Dancer, "
        f"but {tmp_path / 'dancers.toml'} has 0"
    )
    plans = raw("plans.toml")
    plans["plans"] = plans["plans"][:5]
    with pytest.raises(ComponentError, match="at least 6 Plans, one for each family, not 5"):
        parse_plans(plans)


def test_a_dancer_and_an_avatar_may_not_share_a_name(tmp_path: Path) -> None:
    text = (DATA_DIR / "dancers.toml").read_text().replace("Lady Julia", "Tatiana Saar")
    (tmp_path / "dancers.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ComponentError) as caught:
        load_components(tmp_path)
    assert str(caught.value) == (
        "avatars.toml: avatar 1 (Tatiana Saar): name 'tatiana-saar' appears twice "
        f"(also at {tmp_path / 'dancers.toml'}: dancer 2 (Tatiana Saar))"
    )


def powers_with(power_id: str, **changes: Any) -> dict[str, Any]:
    """The shipped powers.toml with one Power's table changed (a value None removes a key)."""
    data = raw("powers.toml")
    table = next(t for t in data["powers"] if t["id"] == power_id)
    for key, value in changes.items():
        if value is None:
            del table[key]
        else:
            table[key] = value
    return data


@pytest.mark.parametrize(
    ("power_id", "changes", "message"),
    [
        ("athletic", {"when": None}, r"power 1 \(athletic\) > when: missing"),
        (
            "athletic",
            {"when": "waltz"},
            "when: found 'waltz'; must be one of the Powers' moments: always, dance-step, after-roll",
        ),
        (
            "host",
            {"when": "after-roll"},
            "when: only tactician and willpower have an action at after-roll",
        ),
        (
            "mesmerize",
            {"do": [{"set-limit": "range", "value": 2}]},
            "'range' is not a limit the engine knows; known: movement, ankhs",
        ),
        (
            "shadow",
            {"do": [{"grant": "flight"}]},
            "'flight' is not a permission the engine knows; known: server-at-any-range",
        ),
        (
            "regale",
            {"do": [{"gain": "influence-markers"}]},
            "gain cannot be used here; allowed: set-limit, cap-limit, grant",
        ),
        (
            "tactician",
            {"do": [{"set-limit": "movement", "value": 3}]},
            "set-limit cannot be used here; allowed: spend, gain, modify-roll, extra-step",
        ),
        (
            "tactician",
            {"do": [{"spend": "refreshments"}]},
            "a Power spends Refreshments the family names: add named = true",
        ),
        (
            "willpower",
            {"do": [{"extra-step": "fly"}]},
            "'fly' is not a step the engine knows; known: new-plan, reroll",
        ),
        (
            "willpower",
            {"if": ["not re-rolled"]},
            "'re-rolled' is not a flag the engine knows; known: tempo-in-box-4",
        ),
        (
            "strategic",
            {"if": ["plans > 0"]},
            "condition 'plans > 0' must read 'quantity >= n', 'flag' or 'not ...'",
        ),
        ("strategic", {"do": [{"draw-plan": 1}]}, "unknown operation 'draw-plan'; allowed: "),
        (
            "strategic",
            {"do": [{"spend": "refreshments", "named": True}, {"extra-step": "new-plan"}]},
            "only tactician, willpower, discipline have an action that spends",
        ),
        (
            "tactician",
            {"do": [{"modify-roll": -1}]},
            "the tactician action names the Refreshment it spends: its first operation must be",
        ),
        (
            "willpower",
            {"do": [{"spend": "refreshments", "amount": 2, "named": True}]},
            "the willpower action names one Refreshment, spent first: amount = 1, first",
        ),
        (
            "discipline",
            {
                "do": [
                    {"spend": "refreshments", "named": True},
                    {"spend": "refreshments", "named": True},
                ]
            },
            "a Power spends once: one spend among its operations",
        ),
        ("strategic", {"cost": 2}, "cost: unknown key; the keys allowed here are id, name"),
    ],
)
def test_a_powers_rules_name_only_what_the_engine_reads(
    power_id: str, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ComponentError, match=message):
        parse_powers(powers_with(power_id, **changes))


def test_each_power_is_one_ability_named_by_its_id() -> None:
    comp = default_components()
    assert [p.ability.name for p in comp.powers] == [p.id for p in comp.powers]
    assert set(comp.effects.abilities) == {p.id for p in comp.powers}


def test_the_floor_tables_agree_with_the_neighbours() -> None:
    """``exits`` and ``adjacent`` are ``neighbours`` without the edge, in direction order."""
    board = default_components().board
    for h, row in enumerate(board.neighbours):
        on_floor = [(direction, n) for direction, n in enumerate(row) if n >= 0]
        assert list(board.exits[h]) == on_floor
        assert list(board.adjacent[h]) == [n for _, n in on_floor]
