"""What the rulebook says of whole groups of agents, events and blocks, checked when the
data loads (RULINGS: Dominare 9), so that no designed or typed-in file can break it.

Each check quotes its sentence and refuses a file that breaks it, naming the file, the
card or block and what the rulebook allows. The loader (``components.py``) checks what
one value may be (a block's bonus VP, an agent's rank numbers) and the counts (95 cards,
30 events, 3 to 15 blocks a district, the Canals reaching every district); what the file
format itself guarantees is not checked again: land districts never touch each other
(their blocks are laid out district by district; only Canal blocks name neighbours
elsewhere); every agent has a trait and a numbered ability ("All agents have special
abilities that can be used during the Action Phase"); every event has two seals.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ballroom.core.components import Where
from ballroom.games.dominare.components import (
    CANALS,
    COMMON_AGENTS,
    COMMON_COPIES,
    DECK_SIZE,
    JUST_LEARNING,
    NAMED,
    REMOVED_WHEN_LEARNING,
    Agent,
    Board,
    Catalog,
    Faction,
    Side,
    Trait,
)

MERCHANT_QUARTER = "merchant-quarter"
REVEALERS = frozenset({Trait.ARTISAN, Trait.KNAVE, Trait.PLEBIAN})
"""The traits of the agents that "usually" have a "when revealed" ability."""
COMMON_SORTS = ("beggar", "urchin", "watch")
"""The common agents' sorts, as their names say them."""
GREAT_BASILICA_VP = 4
ATHENEUM_BLOCKS = 9


@dataclass(frozen=True, slots=True)
class Places:
    """Where each component was read, so that an error names the file and the card."""

    board: Where
    agents: tuple[Where, ...]
    events: tuple[Where, ...]


@dataclass(frozen=True, slots=True)
class MapExample:
    """The rulebook's map example on one side: Merchant Quarter block ``a`` touches Canal
    blocks ``c`` and ``d``; block ``b`` touches ``d`` but not ``c`` (block indices)."""

    a: int
    b: int
    c: int
    d: int


def check(catalog: Catalog, places: Places) -> None:
    """Refuse the data if any group constraint of the rulebook is broken."""
    for rule in RULES:
        rule(catalog, places)


def _agents(catalog: Catalog, places: Places) -> Iterator[tuple[Agent, Where]]:
    return zip(catalog.agents, places.agents, strict=True)


# -- agents ------------------------------------------------------------------------------


def artisans_have_the_culture_seal(catalog: Catalog, places: Places) -> None:
    """ "Artisans—all of whom have the Culture faction seal"."""
    for agent, where in _agents(catalog, places):
        if Trait.ARTISAN in agent.traits and agent.faction is not Faction.CULTURE:
            raise where.at("faction").error(
                f"an Artisan has the Culture faction seal, not {agent.faction.value} "
                '("Artisans, all of whom have the Culture faction seal"); give this agent '
                "faction culture or drop the artisan trait"
            )


def artisans_earn_no_income(catalog: Catalog, places: Places) -> None:
    """ "all artisans have a base income of zero crowns" (a Culture agent's, likewise)."""
    for agent, where in _agents(catalog, places):
        artisan = Trait.ARTISAN in agent.traits or agent.faction is Faction.CULTURE
        if artisan and agent.income:
            raise where.at("income").error(
                f"found {agent.income}; an Artisan (Culture) has a base income of zero"
            )


def nobility_has_no_influence(catalog: Catalog, places: Places) -> None:
    """ "An agent who is part of the Nobility faction has no influence value"."""
    for agent, where in _agents(catalog, places):
        if agent.faction is Faction.NOBILITY and agent.influence:
            raise where.at("influence").error(
                f"found {agent.influence}; a Nobility agent never has influence (0)"
            )


def shadowmen_are_knaves(catalog: Catalog, places: Places) -> None:
    """ "the Shadowmen (who all have the Knave trait)"."""
    for agent, where in _agents(catalog, places):
        if agent.faction is Faction.SHADOWMEN and Trait.KNAVE not in agent.traits:
            raise where.at("traits").error(
                'every Shadowmen agent has the knave trait ("the Shadowmen, who all have '
                'the Knave trait"); add knave'
            )


def most_but_not_all_senate_agents_are_senators(catalog: Catalog, places: Places) -> None:
    """ "Like most (but not all) members of the senate faction, she has the Senator trait"."""
    senate = [a for a in catalog.agents if a.faction is Faction.SENATE]
    senators = sum(Trait.SENATOR in a.traits for a in senate)
    if not len(senate) / 2 < senators < len(senate):
        raise _deck(places).error(
            f"{senators} of the {len(senate)} Senate faction agents are Senators; most, but "
            "not all, must be (more than half and fewer than all)"
        )


def reveal_effects_are_usually_artisans_knaves_and_plebians(
    catalog: Catalog, places: Places
) -> None:
    """ "Some agents (usually Artisans, Knaves, and Plebians) have special abilities that
    activate when the agent is revealed"."""
    revealers = [a for a in catalog.agents if a.revealed is not None]
    usual = sum(bool(a.traits & REVEALERS) for a in revealers)
    if not usual > len(revealers) / 2:
        raise _deck(places).error(
            f"{usual} of the {len(revealers)} agents with a when-revealed ability are "
            "Artisans, Knaves or Plebians; usually (more than half) they must be"
        )


def the_deck_holds_the_named_and_common_agents(catalog: Catalog, places: Places) -> None:
    """95 agent cards, "three agents appear three times each" ("common sorts of people:
    beggars, street urchins, and the ever-present city watch"), and every agent the rulebook
    names."""
    names = {a.name for a in catalog.agents}
    missing = [name for name in NAMED if name not in names]
    if missing:
        raise _deck(places).error(
            f"the rulebook's agents must all be in the deck; missing: {', '.join(missing)}"
        )
    commons = [a for a in catalog.agents if a.copies > 1]
    if len(commons) != COMMON_AGENTS or any(a.copies != COMMON_COPIES for a in commons):
        found = ", ".join(f"{a.name} x{a.copies}" for a in commons) or "none"
        raise _deck(places).error(
            f"exactly {COMMON_AGENTS} common agents appear {COMMON_COPIES} times each; "
            f"found {found}"
        )
    sorts = sorted(
        next((sort for sort in COMMON_SORTS if sort in a.name.lower()), a.name) for a in commons
    )
    if sorts != sorted(COMMON_SORTS):
        found = ", ".join(a.name for a in commons)
        raise _deck(places).error(
            f"the common agents are {found}; they are a beggar, a street urchin and the city "
            '"ever-present city watch" (names holding beggar, urchin and watch)'
        )
    if len(catalog.cards) != DECK_SIZE:
        raise _deck(places).error(
            f"the agent deck holds {DECK_SIZE} cards, not {len(catalog.cards)}"
        )


def just_learning_conspiracies_network_and_reach_a_variety(
    catalog: Catalog, places: Places
) -> None:
    """ "Each of these conspiracies networks together, and reaches a variety of districts",
    and none holds a faction "Just Learning?" removes."""
    by_name = {a.name: a for a in catalog.agents}
    for trio in JUST_LEARNING:
        said = ", ".join(trio)
        found = [by_name[name] for name in trio]
        for agent in found:
            if agent.faction in REMOVED_WHEN_LEARNING:
                raise _deck(places).error(
                    f"{agent.name} (Just Learning conspiracy {said}) is of the "
                    f"{agent.faction.value} faction, which Just Learning removes; allowed: "
                    "atheneum, canals, church, merchant, senate, commoner"
                )
        for left, right in itertools.pairwise(found):
            if not left.traits & right.traits:
                raise _deck(places).error(
                    f"the Just Learning conspiracy {said} must network: {left.name} and "
                    f"{right.name} share no trait"
                )
        if len({a.faction.home for a in found}) < 2:
            raise _deck(places).error(
                f"the Just Learning conspiracy {said} must reach a variety of districts; "
                "all three canvass the same one"
            )


def _deck(places: Places) -> Where:
    return places.agents[0]._replace(path=("agents",))


# -- events ------------------------------------------------------------------------------


def every_event_has_a_season_one_effect(catalog: Catalog, places: Places) -> None:
    """ "Like all events, it has a Season 1 effect"."""
    for event, where in zip(catalog.events, places.events, strict=True):
        if event.sections[0].season != 1:
            raise (
                where.at("section 1")
                .at("season")
                .error(f"found {event.sections[0].season}; every event's first section is Season 1")
            )


# -- the board ---------------------------------------------------------------------------


def the_vp_track_starts_at_one(catalog: Catalog, places: Places) -> None:
    """The VP track's lowest number is 1 (RULINGS: Dominare 7; the Scandal example takes a
    district "from 2 to 1" with a seal of 2)."""
    if catalog.vp_lowest != 1:
        raise places.board.at("vp-lowest").error(
            f"found {catalog.vp_lowest}; the VP track's lowest number is 1"
        )


def the_map_example_is_on_both_sides(catalog: Catalog, places: Places) -> None:
    """ "The Merchant Quarter block marked with an A is adjacent to the Canal blocks marked
    C and D. The Merchant Quarter block marked B is adjacent to Canal block D, but not to
    Canal block C." (RULINGS: Dominare 8)."""
    for side, board in catalog.boards.items():
        if map_example(catalog, board) is None:
            raise places.board.at(side.value).error(
                "no Merchant Quarter block touches two Canal blocks C and D while another "
                "touches D but not C; the rulebook's map example must be on the board"
            )


def map_example(catalog: Catalog, board: Board) -> MapExample | None:
    """The first blocks A, B, C, D of the rulebook's map example on ``board``, if any."""
    canals = set(board.district_blocks[catalog.district(CANALS)])
    quarter = board.district_blocks[catalog.district(MERCHANT_QUARTER)]
    for a in quarter:
        for c, d in itertools.permutations(sorted(board.adjacent[a] & canals), 2):
            for b in quarter:
                if b != a and d in board.adjacent[b] and c not in board.adjacent[b]:
                    return MapExample(a, b, c, d)
    return None


def _district_vps(catalog: Catalog, board: Board, district: str) -> list[int]:
    return [board.blocks[b].vp for b in board.district_blocks[catalog.district(district)]]


def the_great_basilica_is_the_churchs_one_four(catalog: Catalog, places: Places) -> None:
    """ "The high-value block in the Church district represents The Great Basilica", "the
    Great Basilica (the 4-value Church block)"."""
    for side, board in catalog.boards.items():
        values = _district_vps(catalog, board, "church")
        if max(values) != GREAT_BASILICA_VP or values.count(GREAT_BASILICA_VP) != 1:
            raise _rows(places, side, "church").error(
                f"bonus VP {values}: the Church's one high-value block (the Great Basilica) "
                f"is worth {GREAT_BASILICA_VP}, and no other Church block is"
            )


def the_merchant_quarter_has_one_high_value_block(catalog: Catalog, places: Places) -> None:
    """ "the high-value Merchant Quarter block" (the sample turn)."""
    for side, board in catalog.boards.items():
        values = _district_vps(catalog, board, MERCHANT_QUARTER)
        if values.count(max(values)) != 1:
            raise _rows(places, side, MERCHANT_QUARTER).error(
                f"bonus VP {values}: the Merchant Quarter has one high-value block, worth "
                "more than every other"
            )


def corte_scalzo_has_one_valuable_block(catalog: Catalog, places: Places) -> None:
    """ "the sole valuable block in Corte Scalzo" (the sample turn)."""
    for side, board in catalog.boards.items():
        values = _district_vps(catalog, board, "corte-scalzo")
        if sum(vp > 0 for vp in values) != 1:
            raise _rows(places, side, "corte-scalzo").error(
                f"bonus VP {values}: exactly one Corte Scalzo block is worth VP (above 0)"
            )


def the_atheneum_has_nine_blocks(catalog: Catalog, places: Places) -> None:
    """ "The Atheneum contains nine blocks" (the district control example)."""
    for side, board in catalog.boards.items():
        count = len(board.district_blocks[catalog.district("atheneum")])
        if count != ATHENEUM_BLOCKS:
            raise _rows(places, side, "atheneum").error(
                f"{count} blocks; the Atheneum contains {ATHENEUM_BLOCKS}"
            )


def _rows(places: Places, side: Side, district: str) -> Where:
    return places.board.at(side.value).at("rows").at(district)


RULES: tuple[Callable[[Catalog, Places], None], ...] = (
    artisans_have_the_culture_seal,
    artisans_earn_no_income,
    nobility_has_no_influence,
    shadowmen_are_knaves,
    most_but_not_all_senate_agents_are_senators,
    reveal_effects_are_usually_artisans_knaves_and_plebians,
    the_deck_holds_the_named_and_common_agents,
    just_learning_conspiracies_network_and_reach_a_variety,
    every_event_has_a_season_one_effect,
    the_vp_track_starts_at_one,
    the_map_example_is_on_both_sides,
    the_great_basilica_is_the_churchs_one_four,
    the_merchant_quarter_has_one_high_value_block,
    corte_scalzo_has_one_valuable_block,
    the_atheneum_has_nine_blocks,
)
"""Every group constraint the rulebook states, in the order of the checks above."""
