"""Dominare's components, read from the TOML files in ``data/`` and checked on load.

The rulebook describes the board, the 95 agents, the 30 events and the eight
district ability cards without printing them, so every file is a
reconstruction (RULINGS: Dominare 1-4) that an owner of the game may
replace: a file in ``$BALLROOM_DATA/dominare/`` replaces the shipped file of
its name. The loader (``ballroom.core.components``) refuses a wrong value
naming the file, the key path, what it found and what is allowed.

Card ids: the 95 agent cards are 0-94 (copies of a common agent are
separate cards), the 30 events follow. Zones, actions and views name cards
by id. Abilities (an agent's numbered abilities and its "when revealed",
an event section, a district ability) are ``ballroom.core.effects``
abilities held in ``Catalog.effects`` by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path

from ballroom.core import effects as fx
from ballroom.core.components import (
    DataFiles,
    Default,
    EnumOf,
    Flag,
    Int,
    ListOf,
    Table,
    Text,
    Value,
    Where,
    numbered,
    slug,
    unique,
)
from ballroom.core.errors import ComponentError, EffectError
from ballroom.core.terms import Term

GAME_ID = "dominare"
DATA_DIR = Path(__file__).parent / "data"
DECK_SIZE = 95
COMMON_COPIES = 3
COMMON_AGENTS = 3
EVENTS = 30
MIN_BLOCKS, MAX_BLOCKS = 3, 15
MIN_BONUS, MAX_BONUS = -1, 4
CANALS = "canals"
SWAMP = "swamp"
JUST_LEARNING = (
    ("Watson Riley", "Adriano the Foul", "Dmitrie Petrescu"),
    ("Darius Totolos", "Rosetta Kristenssen", "Gillie"),
    ("Greta Ebersold", "Dante Straziami", "Rosa Esposito"),
    ("Paolo Portales", "Rousseau Baudin", "Mia Avelles"),
    ("Iakov Gregori", "Michael Elmen", "Ilkay Fahir"),
    ("Drago Markovic", "Mario Iabelleo", "Mother Anna"),
)
"""The six starting conspiracies of "Just Learning?", each in rank order."""
NAMED = (
    "Pilare Elmen",
    "Michael Elmen",
    "Janis Velox",
    "Ivan Sobol",
    "Franco Quadrelli",
    "Severin Aspistes",
    "Vinizio Ursini",
    "Mother Anna",
    "Paolo Portales",
    "Hamish Lothian",
    "Sirus van der Waald",
    "Emaldus Bennett",
    "Lorenzo Osorio",
    "Moira Callighan",
    "Pavel",
    "Ernesto Balsano",
    "Antonia Salmeri",
    "Giovanni Trabocchi",
    "Adnan Riordan",
    "Rousseau Baudin",
    "Dante Straziami",
    "Orazio Nesca",
    *(name for trio in JUST_LEARNING for name in trio),
)
"""Every agent the rulebook names: the deck must hold each."""


class Side(Enum):
    """The board's two sides."""

    SMALL = "small"
    """Designed for 2-4 players."""
    LARGE = "large"
    """Designed for 5-6 players."""


class Faction(Term):
    """An agent's seal: where it canvasses (``home``); a ``Term``, looked up at every canvass."""

    ATHENEUM = "atheneum"
    CANALS = "canals"
    CHURCH = "church"
    MERCHANT = "merchant"
    SENATE = "senate"
    COMMONER = "commoner"
    CULTURE = "culture"
    NOBILITY = "nobility"
    SHADOWMEN = "shadowmen"

    @property
    def home(self) -> str:
        """The district it canvasses (``swamp``: any Swamp district; ``any``; ``none``)."""
        return _HOMES.get(self, self.value)


_HOMES = {
    Faction.MERCHANT: "merchant-quarter",
    Faction.COMMONER: SWAMP,
    Faction.SHADOWMEN: SWAMP,
    Faction.CULTURE: "any",
    Faction.NOBILITY: "none",
}
REMOVED_WHEN_LEARNING = frozenset({Faction.CULTURE, Faction.NOBILITY, Faction.SHADOWMEN})


class Trait(Term):
    """The traits printed below an agent's name (networking, ability types); a ``Term``,
    looked up by the abilities' conditions."""

    ARTISAN = "artisan"
    CLERGY = "clergy"
    GUILDSMAN = "guildsman"
    KNAVE = "knave"
    MERCHANT = "merchant"
    NOBLE = "noble"
    PLEBIAN = "plebian"
    SCHOLAR = "scholar"
    SENATOR = "senator"
    TEMPLAR = "templar"


class Mode(Enum):
    """How an event section after the first relates to those above it."""

    FIRST = "first"
    ALSO = "also"
    INSTEAD = "instead"


ACTS = frozenset(
    {
        "place",
        "remove",
        "move",
        "steal",
        "exposure",
        "district-vp",
        "flip",
        "rally",
        "recruit",
        "extra-action",
        "bonus-action",
        "ability",
        "swap",
        "gain-exposure",
        "double-exposure",
        "peek-events",
        "pay",
        "spend-or-exposure",
        "buy-off-exposure",
    }
)
"""The operations Dominare's abilities may ``act`` (``abilities.py`` performs them)."""


@dataclass(frozen=True, slots=True)
class District:
    id: str
    name: str
    start: int
    swamp: bool


@dataclass(frozen=True, slots=True)
class Block:
    """One block: its name (``senate-3``), its district's index and its bonus VP."""

    id: str
    district: int
    vp: int


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One side of the board: its blocks, their adjacency, and each district's blocks.

    A catalog makes each side once, and a board is that one object: it compares and hashes
    by identity, in C, where the rules keep what they read off a board by the board."""

    side: Side
    blocks: tuple[Block, ...]
    adjacent: tuple[frozenset[int], ...]
    district_blocks: tuple[tuple[int, ...], ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Each block's position by its id, made once: every placement looks it up."""
        object.__setattr__(self, "_index", {block.id: i for i, block in enumerate(self.blocks)})

    def index(self, block_id: str) -> int:
        return self._index[block_id]


@dataclass(frozen=True, slots=True)
class AgentAbility:
    """A numbered ability: usable by an agent in a rank at least ``number``."""

    number: int
    name: str
    """Its name in ``Catalog.effects``."""


@dataclass(frozen=True, slots=True)
class Agent:
    name: str
    slug: str
    faction: Faction
    traits: frozenset[Trait]
    influence: int
    income: int
    exposure: int
    abilities: tuple[AgentAbility, ...]
    revealed: str | None
    """Its "when revealed" ability's name, if it has one."""
    cannot_flip: bool
    vp: int
    """Bonus VP at the end for the player with this agent in its ranks."""
    grants: tuple[str, Trait] | None
    """A standing text giving another agent of its ranks a trait (Antonia Salmeri)."""
    copies: int


@dataclass(frozen=True, slots=True)
class Section:
    season: int
    mode: Mode
    who: str
    ability: str


@dataclass(frozen=True, slots=True)
class EventCard:
    name: str
    slug: str
    seals: tuple[tuple[int, int], ...]
    """The two district seals: (district index, amount)."""
    sections: tuple[Section, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every component: both board sides, the agent cards, the events, the district abilities."""

    districts: tuple[District, ...]
    vp_lowest: int
    vp_highest: int
    boards: dict[Side, Board]
    agents: tuple[Agent, ...]
    cards: tuple[int, ...]
    """Each agent card's agent (index into ``agents``), by card id 0-94."""
    card_texts: tuple[str, ...]
    events: tuple[EventCard, ...]
    district_abilities: tuple[tuple[str, str], ...]
    """Per district (in ``districts`` order): its ability's name and its text."""
    effects: fx.Effects

    def agent(self, card: int) -> Agent:
        return self.agents[self.cards[card]]

    def event(self, card: int) -> EventCard:
        return self.events[card - DECK_SIZE]

    @property
    def event_ids(self) -> tuple[int, ...]:
        return tuple(range(DECK_SIZE, DECK_SIZE + len(self.events)))

    def district(self, district_id: str) -> int:
        for index, district in enumerate(self.districts):
            if district.id == district_id:
                return index
        known = ", ".join(d.id for d in self.districts)
        raise ComponentError(f"no district {district_id!r}; districts: {known}")

    def card_named(self, name: str, copy: int = 1) -> int:
        """The card id of ``name`` (its ``copy``-th card for a common agent)."""
        found = [c for c, agent in enumerate(self.cards) if self.agents[agent].name == name]
        if len(found) < copy:
            raise ComponentError(f"no agent card {name!r} (copy {copy})")
        return found[copy - 1]


def district_places(where: str, known: set[str]) -> bool:
    """Whether an operation's ``where`` names places the board has."""
    name = where.removeprefix("not:")
    return name in known | {SWAMP, "any", "every", "chosen", ""}


# -- loading -----------------------------------------------------------------


def _ability(name: str, when: str, do: Value, extra: tuple[fx.Condition, ...] = ()) -> fx.Ability:
    try:
        ability = fx.parse_ability({"name": name, "when": when, "do": do.raw})
    except EffectError as error:
        raise do.where.error(str(error)) from None
    for op in ability.do:
        if isinstance(op, fx.Act) and op.name not in ACTS:
            raise do.where.error(f"unknown act {op.name!r}; allowed: {', '.join(sorted(ACTS))}")
        if not isinstance(op, fx.Act | fx.Gain | fx.Spend):
            raise do.where.error(f"{op.key!r} is no Dominare operation; use gain, spend or act")
    return fx.Ability(ability.name, ability.when, ability.do, extra)


def _board(root: Table, side: Side, districts: tuple[District, ...]) -> Board:
    part = root.table(side.value)
    part.only("rows", "canals")
    rows = part.table("rows")
    land = [d for d in districts if d.id != CANALS]
    rows.only(*(d.id for d in land))
    blocks: list[Block] = []
    adjacent: dict[int, set[int]] = {}
    by_district: list[tuple[int, ...]] = []
    for index, district in enumerate(districts):
        if district.id == CANALS:
            by_district.append(())
            continue
        grid = rows.get(
            district.id, ListOf(ListOf(Int(MIN_BONUS, MAX_BONUS), "block", 1), "row", 1)
        )
        start = len(blocks)
        places: dict[tuple[int, int], int] = {}
        for r, row in enumerate(grid):
            for c, vp in enumerate(row):
                places[(r, c)] = len(blocks)
                blocks.append(Block(f"{district.id}-{len(blocks) - start + 1}", index, vp))
        for (r, c), block in places.items():
            near = {places.get(p) for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))}
            adjacent[block] = {b for b in near if b is not None}
        count = len(blocks) - start
        if not MIN_BLOCKS <= count <= MAX_BLOCKS:
            raise rows.where.at(district.id).error(
                f"{count} blocks; a district has {MIN_BLOCKS} to {MAX_BLOCKS}"
            )
        by_district.append(tuple(range(start, len(blocks))))
    ids = {block.id: i for i, block in enumerate(blocks)}
    canal_district = next(i for i, d in enumerate(districts) if d.id == CANALS)
    canals = part.records("canals", "canal", name=None)
    first = len(blocks)
    if not MIN_BLOCKS <= len(canals) <= MAX_BLOCKS:
        raise part.where.at("canals").error(
            f"{len(canals)} blocks; allowed {MIN_BLOCKS} to {MAX_BLOCKS}"
        )
    for number, canal in enumerate(canals, 1):
        canal.only("vp", "touches", "next")
        blocks.append(
            Block(f"canals-{number}", canal_district, canal.get("vp", Int(MIN_BONUS, MAX_BONUS)))
        )
    by_district[canal_district] = tuple(range(first, len(blocks)))
    for me in range(first, len(blocks)):
        adjacent[me] = set()
    for number, canal in enumerate(canals, 1):
        me = first + number - 1
        for land_id in canal.get("touches", ListOf(Text(), "block", 1)):
            if land_id not in ids:
                raise canal.where.at("touches").error(f"no land block {land_id!r}")
            adjacent[me].add(ids[land_id])
            adjacent[ids[land_id]].add(me)
        for other in canal.get("next", ListOf(Int(1, len(canals)), "canal")):
            if other == number:
                raise canal.where.at("next").error("a Canal block is not next to itself")
            adjacent[me].add(first + other - 1)
            adjacent[first + other - 1].add(me)
    for index, district in enumerate(districts):
        if district.id != CANALS and not any(
            adjacent[b] & set(by_district[canal_district]) for b in by_district[index]
        ):
            raise part.where.error(
                f"no Canal block touches {district.name}; the Canals reach every district"
            )
    return Board(
        side,
        tuple(blocks),
        tuple(frozenset(adjacent[i]) for i in range(len(blocks))),
        tuple(by_district),
    )


def load(files: DataFiles) -> Catalog:
    """Every component, checked."""
    abilities: list[fx.Ability] = []

    board = files.read("board.toml")
    board.only("reconstruction", "vp-lowest", "vp-highest", "districts", "small", "large")
    lowest = board.get("vp-lowest", Int(0, 100))
    highest = board.get("vp-highest", Int(lowest + 1, 100))
    districts = tuple(
        table.build(
            District,
            {"id": Text(), "name": Text(), "start": Int(lowest, highest), "swamp": Flag()},
        )
        for table in board.records("districts", "district", count=8)
    )
    unique(((d.id, board.where.at("districts")) for d in districts), "district")
    if sum(d.swamp for d in districts) != 3 or CANALS not in {d.id for d in districts}:
        raise board.where.at("districts").error(
            "there must be the Canals and three Swamp districts"
        )
    boards = {side: _board(board, side, districts) for side in Side}
    known = {d.id for d in districts}

    agent_file = files.read("agents.toml")
    agent_file.only("reconstruction", "agents")
    agents: list[Agent] = []
    agent_places: list[Where] = []
    for table in agent_file.records("agents", "agent"):
        agent_places.append(table.where)
        table.only(
            "name", "faction", "traits", "influence", "income", "exposure", "copies",
            "cannot-flip", "grants", "revealed", "abilities", "vp",
        )  # fmt: skip
        name = table.get("name", Text(60))
        key = slug(name)
        faction = table.get("faction", EnumOf(Faction))
        influence = table.get("influence", Int(0, 9))
        income = table.get("income", Int(0, 9))
        ranked: list[AgentAbility] = []
        for number, ability in enumerate(table.records("abilities", "ability", name=None), 1):
            ability.only("rank", "do")
            rank = ability.get("rank", Int(1, 7))
            ability_name = f"{key}/{number}"
            abilities.append(
                _ability(ability_name, "use", ability.value("do"), (fx.AtLeast("rank", rank),))
            )
            ranked.append(AgentAbility(rank, ability_name))
        traits: tuple[Trait, ...] = table.get("traits", ListOf(EnumOf(Trait), "trait", 1))
        revealed = None
        if not table.value("revealed").missing:
            revealed = f"{key}/revealed"
            abilities.append(_ability(revealed, "revealed", table.value("revealed")))
        grants = None
        if not table.value("grants").missing:
            granted = table.table("grants")
            granted.only("agent", "trait")
            grants = (granted.get("agent", Text()), granted.get("trait", EnumOf(Trait)))
        agents.append(
            Agent(
                name=name,
                slug=key,
                faction=faction,
                traits=frozenset(traits),
                influence=influence,
                income=income,
                exposure=table.get("exposure", Int(0, 20)),
                abilities=tuple(ranked),
                revealed=revealed,
                cannot_flip=table.get("cannot-flip", Default(Flag(), False)),
                vp=table.get("vp", Default(Int(0, 5), 0)),
                grants=grants,
                copies=table.get("copies", Default(Int(1, COMMON_COPIES), 1)),
            )
        )
    unique(((a.slug, agent_file.where.at("agents")) for a in agents), "agent")
    cards: list[int] = []
    texts: list[str] = []
    for index, agent in enumerate(agents):
        copies = numbered(agent.name, agent.copies)
        cards += [index] * len(copies)
        texts += copies

    event_file = files.read("events.toml")
    event_file.only("reconstruction", "events")
    events: list[EventCard] = []
    event_places: list[Where] = []
    for table in event_file.records("events", "event", count=EVENTS, noun="events"):
        event_places.append(table.where)
        table.only("name", "seals", "sections")
        name = table.get("name", Text(60))
        seal_table = table.table("seals")
        seals = []
        for district_id in seal_table.data:
            if district_id not in known:
                raise seal_table.where.at(district_id).error(f"no district {district_id!r}")
            seals.append((next(i for i, d in enumerate(districts) if d.id == district_id),
                          seal_table.get(district_id, Int(1, 5))))  # fmt: skip
        if len(seals) != 2:
            raise seal_table.where.error("an event has two district seals")
        sections = []
        for number, section in enumerate(table.records("sections", "section", name=None), 1):
            section.only("season", "mode", "who", "do")
            mode = section.get("mode", Default(EnumOf(Mode), Mode.FIRST))
            if (mode is Mode.FIRST) != (number == 1):
                raise section.where.at("mode").error(
                    "the first section has no mode; later ones say also or instead"
                )
            who = section.get("who", Text())
            if who not in known | {"all", "scapegoat", "lowest-exposure", "board"}:
                raise section.where.at("who").error(
                    f"{who!r}: allowed all, scapegoat, lowest-exposure, board or a district id"
                )
            ability_name = f"{slug(name)}/{number}"
            abilities.append(_ability(ability_name, "event", section.value("do")))
            sections.append(Section(section.get("season", Int(1, 7)), mode, who, ability_name))
        events.append(EventCard(name, slug(name), tuple(seals), tuple(sections)))
    unique(((e.slug, event_file.where.at("events")) for e in events), "event")

    district_file = files.read("districts.toml")
    district_file.only("reconstruction", "abilities")
    by_district: dict[str, tuple[str, str]] = {}
    for table in district_file.records("abilities", "ability", name="district", count=8):
        table.only("district", "text", "do")
        district_id = table.get("district", Text())
        if district_id not in known or district_id in by_district:
            raise table.where.at("district").error("each district has exactly one ability")
        ability_name = f"district/{district_id}"
        abilities.append(_ability(ability_name, "use", table.value("do")))
        by_district[district_id] = (ability_name, table.get("text", Text()))

    placing = ("place", "remove", "move", "district-vp")
    for written in abilities:
        for op in written.do:
            wrong = isinstance(op, fx.Act) and not district_places(op.where, known)
            if wrong and isinstance(op, fx.Act) and op.name in placing:
                raise ComponentError(f"ability {written.name}: no place {op.where!r}")
    catalog = Catalog(
        districts=districts,
        vp_lowest=lowest,
        vp_highest=highest,
        boards=boards,
        agents=tuple(agents),
        cards=tuple(cards),
        card_texts=tuple(texts),
        events=tuple(events),
        district_abilities=tuple(by_district[d.id] for d in districts),
        effects=fx.Effects.of(abilities),
    )
    from ballroom.games.dominare import constraints  # it reads this module's types

    constraints.check(
        catalog, constraints.Places(board.where, tuple(agent_places), tuple(event_places))
    )
    return catalog


@cache
def default_catalog() -> Catalog:
    """The shipped components (or their replacements in ``$BALLROOM_DATA/dominare/``)."""
    return load(DataFiles.of_game(GAME_ID, DATA_DIR))
