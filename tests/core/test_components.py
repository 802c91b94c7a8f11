"""The component loader: each kind of bad input is refused with file, key path, found and allowed."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import pytest

from ballroom.core.components import (
    DATA_VARIABLE,
    DataFiles,
    Default,
    EnumOf,
    Exactly,
    Flag,
    Int,
    Keyed,
    ListOf,
    OneOf,
    Raw,
    Record,
    Spec,
    Table,
    Tagged,
    Text,
    Value,
    Where,
    numbered,
    slug,
    unique,
    user_directory,
)
from ballroom.core.errors import BallroomError, ComponentError

HEADER = 'reconstruction = "Designed for this test."\n'


class CardType(Enum):
    HERO = "hero"
    MONSTER = "monster"
    EVENT = "event"


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    cost: int
    type: CardType
    count: int
    face_down: bool
    ability: Value | None


CARD: dict[str, Spec[Any]] = {
    "name": Text(),
    "cost": Int(0, 9),
    "type": EnumOf(CardType),
    "count": Default(Int(1, 9), 1),
    "face-down": Default(Flag(), False),
    "ability": Default(Raw(), None),
}

CARDS = (
    HEADER
    + """
[[cards]]
name = "Young Hero"
cost = 2
type = "hero"
ability = { gain = "sword", vp = 1 }

[[cards]]
name = "Dragon"
cost = 5
type = "monster"
count = 2
"""
)


def table(text: str, file: str = "cards.toml") -> Table:
    return Table(tomllib.loads(text), Where(file))


def cards(root: Table) -> list[Card]:
    """The card list of a card game, as a game declares it."""
    return [t.build(Card, CARD) for t in root.records("cards", "card")]


def refused(text: str, message: str) -> None:
    """``text`` (one card's keys) is refused with exactly ``message``."""
    with pytest.raises(ComponentError) as caught:
        cards(table(HEADER + "[[cards]]\n" + text))
    assert str(caught.value) == message


def test_a_card_list_reads_as_declared() -> None:
    hero, dragon = cards(table(CARDS))
    assert hero == Card("Young Hero", 2, CardType.HERO, 1, False, hero.ability)
    assert dragon == Card("Dragon", 5, CardType.MONSTER, 2, False, None)
    assert hero.ability is not None and hero.ability.raw == {"gain": "sword", "vp": 1}
    assert str(hero.ability.where) == "cards.toml: card 1 (Young Hero) > ability"
    assert issubclass(ComponentError, BallroomError) and issubclass(ComponentError, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'name = "Ogre"\ncost = 12\ntype = "monster"',
            "cards.toml: card 1 (Ogre) > cost: found 12; must be an integer from 0 to 9",
        ),
        (
            'name = "Ogre"\ncost = true\ntype = "monster"',
            "cards.toml: card 1 (Ogre) > cost: found True; must be an integer from 0 to 9",
        ),
        (
            'name = "Ogre"\ntype = "monster"',
            "cards.toml: card 1 (Ogre) > cost: missing; must be an integer from 0 to 9",
        ),
        (
            'name = "Ogre"\ncost = "3"\ntype = "monster"',
            "cards.toml: card 1 (Ogre) > cost: found '3'; must be an integer from 0 to 9",
        ),
        (
            'name = "Ogre"\ncost = 3\ntype = "giant"',
            "cards.toml: card 1 (Ogre) > type: found 'giant'; must be one of hero, monster, event",
        ),
        (
            'name = "  "\ncost = 3\ntype = "hero"',
            "cards.toml: card 1 (  ) > name: found '  '; must be a non-empty string",
        ),
        (
            'name = "Ogre"\ncost = 3\ntype = "hero"\nface-down = "yes"',
            "cards.toml: card 1 (Ogre) > face-down: found 'yes'; must be true or false",
        ),
        (
            'name = "Ogre"\ncost = 3\ntype = "hero"\ncots = 3',
            "cards.toml: card 1 (Ogre) > cots: unknown key; the keys allowed here are "
            "name, cost, type, count, face-down, ability",
        ),
    ],
)
def test_each_wrong_value_is_named_with_its_key_path(text: str, message: str) -> None:
    refused(text, message)


def test_records_must_be_a_list_of_tables_of_the_right_count() -> None:
    with pytest.raises(ComponentError) as caught:
        cards(table(HEADER))
    assert str(caught.value) == "cards.toml: cards: missing; must be a non-empty list of tables"
    with pytest.raises(ComponentError) as caught:
        cards(table(HEADER + "cards = [1, 2]"))
    assert str(caught.value) == (
        "cards.toml: card 1: found 1; must be a table { key = value, ... }"
    )
    with pytest.raises(ComponentError) as caught:
        table(CARDS).records("cards", "card", count=3, noun="cards in the deck")
    assert str(caught.value) == "cards.toml: cards: there must be 3 cards in the deck, not 2"


def test_names_must_be_unique_even_across_files() -> None:
    hero = table(CARDS).records("cards", "card")[0]
    other = table(HEADER + '[[cards]]\nname = "Young Hero"', "more.toml").records("cards", "card")
    with pytest.raises(ComponentError) as caught:
        unique(
            [(t.get("name", Text()), t.where.at("name")) for t in (hero, *other)],
            "card name",
        )
    assert str(caught.value) == (
        "more.toml: card 1 (Young Hero) > name: card name 'Young Hero' appears twice "
        "(also at cards.toml: card 1 (Young Hero) > name)"
    )
    dragons = table(HEADER + '[[cards]]\nname = "Dragon"\n[[cards]]\nname = "Dragon"')
    with pytest.raises(ComponentError, match=r"card 2 \(Dragon\) > name: card name 'Dragon' "):
        unique(
            [(t.get("name", Text()), t.where.at("name")) for t in dragons.records("cards", "card")],
            "card name",
        )


def test_lists_check_their_length_their_items_and_repeats() -> None:
    root = table(HEADER + 'colours = ["rose", "lily", "rose"]\nsizes = [1, 2, 30]\nnone = []')
    spec = ListOf(Text(), "colour", min_length=1, unique=True)
    with pytest.raises(ComponentError) as caught:
        root.get("colours", spec)
    assert str(caught.value) == (
        "cards.toml: colours > colour 3: 'rose' is listed twice (also at colours > colour 1)"
    )
    with pytest.raises(ComponentError) as caught:
        root.get("sizes", ListOf(Int(1, 6), "size"))
    assert str(caught.value) == (
        "cards.toml: sizes > size 3: found 30; must be an integer from 1 to 6"
    )
    with pytest.raises(ComponentError) as caught:
        root.get("none", spec)
    assert str(caught.value) == (
        "cards.toml: none: found []; must be a list of at least 1 entries, each a non-empty string"
    )
    with pytest.raises(ComponentError, match="must be a list of exactly 2 entries"):
        root.get("sizes", ListOf(Int(0, 99), min_length=2, max_length=2))
    with pytest.raises(ComponentError, match="must be a list of 1 to 2 entries"):
        root.get("sizes", ListOf(Int(0, 99), min_length=1, max_length=2))
    assert root.get("sizes", ListOf(Int(0, 99))) == (1, 2, 30)


def test_keyed_tables_need_exactly_their_keys() -> None:
    domains = ("passion", "wit", "grace")
    spec = Keyed(domains, Int(0, 6))
    root = table(
        HEADER + "good = { passion = 1, wit = 2, grace = 3 }\n"
        "short = { passion = 1, wit = 2 }\n"
        "extra = { passion = 1, wit = 2, grace = 3, charm = 1 }\n"
        "flat = 3\n"
    )
    assert root.get("good", spec) == (1, 2, 3)
    with pytest.raises(ComponentError) as caught:
        root.get("short", spec)
    assert str(caught.value) == "cards.toml: short > grace: missing; must be an integer from 0 to 6"
    with pytest.raises(ComponentError) as caught:
        root.get("extra", spec)
    assert str(caught.value) == (
        "cards.toml: extra > charm: unknown key; the keys allowed here are passion, wit, grace"
    )
    with pytest.raises(ComponentError) as caught:
        root.get("flat", spec)
    assert str(caught.value) == (
        "cards.toml: flat: found 3; must be a table giving exactly passion, wit, grace"
    )


def test_a_cross_reference_names_the_file_it_points_into() -> None:
    colours = ("rose", "lily")
    root = table(HEADER + 'symbol = "tulip"', "dancers.toml")
    with pytest.raises(ComponentError) as caught:
        root.get("symbol", OneOf(colours, among="the colours in plans.toml"))
    assert str(caught.value) == (
        "dancers.toml: symbol: found 'tulip'; must be one of the colours in plans.toml: rose, lily"
    )
    many = [f"c{n}" for n in range(20)]
    with pytest.raises(ComponentError, match=r"one of c0, c1, .*c11, \.\.\. \(8 more\)$"):
        root.get("symbol", OneOf(many))


def test_a_long_wrong_value_is_quoted_short() -> None:
    root = table(HEADER + f"cost = [{', '.join(['100'] * 40)}]")
    with pytest.raises(ComponentError) as caught:
        root.get("cost", Int(0, 9))
    message = str(caught.value)
    assert message.startswith("cards.toml: cost: found [100, 100,") and "...; must be" in message
    assert len(message) < 120


def test_raw_and_default() -> None:
    root = table(HEADER + "ability = { draw = 2 }")
    assert root.get("ability", Raw()).raw == {"draw": 2}
    assert root.get("missing", Default(Int(0, 3), 2)) == 2
    with pytest.raises(ComponentError, match=r"cards\.toml: nothing: missing; must be a value"):
        root.get("nothing", Raw())


# -- files ----------------------------------------------------------------------


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "cards.toml").write_text(CARDS, encoding="utf-8")
    (folder / "rules.toml").write_text(HEADER + "hand = 5\n", encoding="utf-8")
    return folder


def read_error(files: DataFiles, name: str) -> str:
    with pytest.raises(ComponentError) as caught:
        files.read(name)
    return str(caught.value)


def test_every_file_begins_by_saying_where_its_values_come_from(shipped: Path) -> None:
    files = DataFiles(shipped)
    assert files.read("rules.toml").get("hand", Int(1, 9)) == 5
    expected = (
        'the file must begin with reconstruction = "..." saying where its values come from '
        "(designed as a reconstruction, or typed in from the printed game)"
    )
    (shipped / "rules.toml").write_text("hand = 5\n", encoding="utf-8")
    assert read_error(files, "rules.toml") == f"rules.toml: {expected}"
    (shipped / "rules.toml").write_text("hand = 5\n" + HEADER, encoding="utf-8")
    assert read_error(files, "rules.toml") == f"rules.toml: {expected}"
    (shipped / "rules.toml").write_text('reconstruction = ""\n', encoding="utf-8")
    assert read_error(files, "rules.toml") == (
        "rules.toml: reconstruction: found ''; must be a non-empty string"
    )


def test_unreadable_files_are_named(shipped: Path) -> None:
    files = DataFiles(shipped)
    (shipped / "rules.toml").write_text(HEADER + "hand = ", encoding="utf-8")
    assert read_error(files, "rules.toml").startswith("rules.toml is not valid TOML: ")
    (shipped / "rules.toml").write_bytes(b"hand = '\xff'")
    assert read_error(files, "rules.toml") == "rules.toml is not UTF-8 text"
    assert read_error(files, "absent.toml").startswith("absent.toml: cannot be read (")


def test_an_override_folder_replaces_the_files_it_has(shipped: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "rules.toml").write_text(HEADER + "hand = 7\n", encoding="utf-8")
    files = DataFiles(shipped, mine)
    assert files.read("rules.toml").get("hand", Int(1, 9)) == 7
    assert len(cards(files.read("cards.toml"))) == 2
    (mine / "rules.toml").write_text(HEADER + "hand = 70\n", encoding="utf-8")
    with pytest.raises(ComponentError) as caught:
        files.read("rules.toml").get("hand", Int(1, 9))
    assert (
        str(caught.value)
        == f"{mine / 'rules.toml'}: hand: found 70; must be an integer from 1 to 9"
    )
    (mine / "card.toml").write_text(HEADER, encoding="utf-8")
    with pytest.raises(ComponentError) as caught:
        DataFiles(shipped, mine)
    assert str(caught.value) == (
        f"{mine / 'card.toml'}: not a component file of this game; "
        "its files are cards.toml, rules.toml"
    )
    with pytest.raises(ComponentError, match="not a directory of component files"):
        DataFiles(shipped, tmp_path / "nowhere")


def test_the_environment_names_a_folder_per_game(
    shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(DATA_VARIABLE, raising=False)
    assert user_directory("toy") is None
    root = tmp_path / "owned"
    (root / "toy").mkdir(parents=True)
    (root / "toy" / "rules.toml").write_text(HEADER + "hand = 6\n", encoding="utf-8")
    monkeypatch.setenv(DATA_VARIABLE, str(root))
    assert user_directory("toy") == root / "toy"
    assert user_directory("other-game") is None
    assert DataFiles.of_game("toy", shipped).read("rules.toml").get("hand", Int(1, 9)) == 6
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path / "nowhere"))
    with pytest.raises(ComponentError, match=r"BALLROOM_DATA=.*nowhere is not a directory"):
        user_directory("toy")


# -- tagged records: a card text's operations -------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    count: Annotated[int, Int(1, 5)]


@dataclass(frozen=True, slots=True)
class Gain:
    item: str
    count: Annotated[int, Int(1, 8)] = 1


@dataclass(frozen=True, slots=True)
class Per:
    what: str
    vp: Annotated[int, Int(1, 10)]


@dataclass(frozen=True, slots=True)
class Nightfall:
    pass


OPERATION: Tagged[object] = Tagged(
    {"draw": Draw, "gain": Gain, "per": Per, "nightfall": Nightfall},
    {"what": OneOf(("hero", "monster"))},
)


def operations(text: str) -> tuple[object, ...]:
    return table(HEADER + f"does = [{text}]").get("does", ListOf(OPERATION, "operation"))


def test_a_tagged_table_is_the_record_its_first_key_names() -> None:
    found = operations(
        '{draw = 2}, {gain = "sword"}, {gain = "sword", count = 3}, {per = "hero", vp = 2}, '
        "{nightfall = true}"
    )
    assert found == (Draw(2), Gain("sword"), Gain("sword", 3), Per("hero", 2), Nightfall())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{fly = 2}",
            "cards.toml: does > operation 1: found {'fly': 2}; must be a table naming one "
            "operation: draw, gain, per, nightfall",
        ),
        (
            "{}",
            "cards.toml: does > operation 1: found {}; must be a table naming one operation: "
            "draw, gain, per, nightfall",
        ),
        (
            "{draw = 9}",
            "cards.toml: does > operation 1 > draw: found 9; must be an integer from 1 to 5",
        ),
        (
            '{gain = "sword", cout = 2}',
            "cards.toml: does > operation 1 > cout: unknown key; the keys allowed here are gain, count",
        ),
        (
            '{per = "elf", vp = 1}',
            "cards.toml: does > operation 1 > per: found 'elf'; must be one of hero, monster",
        ),
        (
            '{per = "hero"}',
            "cards.toml: does > operation 1 > vp: missing; must be an integer from 1 to 10",
        ),
        (
            "{nightfall = false}",
            "cards.toml: does > operation 1 > nightfall: found False; must be true",
        ),
    ],
)
def test_a_wrong_tagged_table_is_named_by_its_place(text: str, message: str) -> None:
    with pytest.raises(ComponentError) as caught:
        operations(text)
    assert str(caught.value) == message


def test_exactly_one_value() -> None:
    root = table(HEADER + 'a = true\nb = 1\nc = "x"')
    assert root.get("a", Exactly(True)) is True
    with pytest.raises(ComponentError, match=r"b: found 1; must be true"):
        root.get("b", Exactly(True))
    assert root.get("c", Exactly("x")) == "x"


def test_cards_are_named_as_one_word_and_copies_numbered() -> None:
    assert slug("Elder's Seal") == "elders-seal"
    assert slug("Rev. Mother  Anna") == "rev-mother-anna"
    assert numbered("Old Sage", 1) == ("old-sage",)
    assert numbered("Old Sage", 3) == ("old-sage-1", "old-sage-2", "old-sage-3")


def test_a_record_field_may_be_checked_against_names_read_elsewhere() -> None:
    root = table(HEADER + 'bonus = {what = "hero", vp = 2}\nwrong = {what = "elf", vp = 2}')
    spec = Record(Per, {"what": OneOf(("hero", "monster"))})
    assert root.get("bonus", spec) == Per("hero", 2)
    with pytest.raises(ComponentError, match=r"wrong > what: found 'elf'; must be one of hero"):
        root.get("wrong", spec)
