"""Every game reaches the end rule (RULINGS, Dark Tales 3): once the deck is empty no cards
can come back to the hands for ever (the argument is in the game's docstring). The data are
checked against its conditions; the recorded game that looped under the old Enchanted Court
now ends; and bots' games end by the rules, well before the turn cap."""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest

from ballroom.agents import make_agent
from ballroom.core.errors import BallroomError
from ballroom.core.play import play_out
from ballroom.core.record import GameRecord
from ballroom.core.state import CHANCE
from ballroom.games.dark_tales import DarkTales, DarkTalesState
from ballroom.games.dark_tales.card_texts import matches
from ballroom.games.dark_tales.components import (
    Card,
    CardType,
    Catalog,
    Discard,
    Gain,
    Goes,
    Item,
    Operation,
    Recover,
    SettingA,
    Take,
    slug,
)
from ballroom.games.dark_tales.position import Position, act
from ballroom.games.dark_tales.turn import CATALOG

COURT = "the-enchanted-court"
ENDS_WELL_BEFORE = 150
"""Turns a game of bots must end within: half the game's ``turn_cap``."""
RANDOM_GAMES = 10
"""Games per A card of random seats (the heuristic's, slower, one per A card)."""


def _returning(setting: SettingA) -> set[Item]:
    """The items whose use under ``setting`` brings a card back to a hand."""
    return {
        item for item, does in setting.uses if any(isinstance(op, Take | Recover) for op in does)
    }


def _gains(card: Card, items: set[Item]) -> int:
    return sum(op.count for op in card.does if isinstance(op, Gain) and op.item in items)


def _brings_back(card: Card) -> int:
    return sum(isinstance(op, Take | Recover) for op in card.does)


def endless_cycles(catalog: Catalog, setting: SettingA) -> list[str]:
    """What breaks the game docstring's argument that the game ends, under ``setting``: a
    card bringing back a card and gaining a returning item (or more than one of either); an
    "even" card (one that does one of those) that something an even card does may discard;
    an even Male or Female that goes in the middle (a Ball discards it); a cycle of takes
    among even cards (a card taking one, or gaining an item whose use takes one)."""
    returning = _returning(setting)
    found = []
    even = []
    for number, card in enumerate(catalog.cards):
        if _brings_back(card) + _gains(card, returning) > 1:
            found.append(f"{card.name} brings back a card and gains a returning item")
        elif _brings_back(card) + _gains(card, returning) == 1:
            even.append(number)
    gained = {op.item for n in even for op in catalog.cards[n].does if isinstance(op, Gain)}
    reach: dict[int, list[Operation]] = {}
    for number in even:
        card = catalog.cards[number]
        ops = list(card.does)
        for item in gained & {op.item for op in card.does if isinstance(op, Gain)}:
            ops += setting.use(item) or ()
        reach[number] = ops
        if card.goes is Goes.MIDDLE and card.type in (CardType.MALE, CardType.FEMALE):
            found.append(f"{card.name} dances in the middle, and a Ball discards it")
    discards = [op for n in even for op in catalog.cards[n].does if isinstance(op, Discard)]
    discards += [op for i in gained for op in setting.use(i) or () if isinstance(op, Discard)]
    for number in even:
        if any(matches(number, op.what) for op in discards):
            found.append(f"{catalog.cards[number].name} may be discarded by an even card")
    takes = {
        n: {m for m in even for op in ops if isinstance(op, Take) and matches(m, op.what)}
        for n, ops in reach.items()
    }
    found += [f"{catalog.cards[n].name} can take itself back" for n in _on_cycles(takes)]
    return sorted(set(found))


def _on_cycles(edges: dict[int, set[int]]) -> set[int]:
    """The nodes from which a path leads back to themselves."""
    cyclic = set()
    for start, ends in edges.items():
        seen: set[int] = set()
        frontier = set(ends)
        while frontier:
            node = frontier.pop()
            if node == start:
                cyclic.add(start)
                break
            if node not in seen:
                seen.add(node)
                frontier |= edges.get(node, set())
    return cyclic


@pytest.mark.parametrize("setting", CATALOG.a_cards, ids=lambda a: slug(a.name))
def test_no_a_card_lets_cards_come_back_to_the_hands_for_ever(setting: SettingA) -> None:
    assert endless_cycles(CATALOG, setting) == []


def test_the_old_enchanted_court_wand_is_found_to_loop_with_the_wizard() -> None:
    """The check finds the cycle of the recorded game: a Wand that takes a Male in play
    back, and the Wizard, a Male gaining a Wand, takes itself back for ever."""
    court = next(a for a in CATALOG.a_cards if slug(a.name) == COURT)
    old = replace(
        court,
        uses=tuple(
            (item, (Take("male"),) if item is Item.MAGIC_WAND else does)
            for item, does in court.uses
        ),
    )
    wizards = [card.name for card in CATALOG.cards if card.name == "Wizard"]
    assert endless_cycles(CATALOG, old) == [f"{wizards[0]} can take itself back"]


def test_the_court_wand_discards_a_male_and_scores_so_the_wizard_loop_costs_its_card() -> None:
    """The recorded loop's moves: a Wand used on the seat's own Wizard now discards it
    (1 VP), so the hand is one card shorter each turn and the game ends."""
    state = (
        Position()
        .settings(COURT, "the-tower-of-spells")
        .front(0, "wizard-1")
        .items(0, magic_wand=1)
        .hand(0, "king-1")
        .hand(1, "queen", "noble-1")
        .empty_deck()
        .build()
    )
    act(state, "use magic-wand")
    act(state, "choose wizard-1")
    assert CATALOG.card("wizard-1") in state.zones.zone("discard").cards
    assert state.hand(0) == (CATALOG.card("king-1"),) and state.vp[0] == 1
    assert state.held(0, Item.MAGIC_WAND) == 0
    act(state, "play king-1")
    act(state, "play queen")
    assert state.is_terminal()  # Player 1 starts a turn with no cards


def test_the_recorded_endless_game_now_ends_by_the_rules() -> None:
    """``endless_wizard_loop.json`` (``mcts`` against ``heuristic``, The Enchanted Court)
    took its Wizards back with Magic Wands from turn 36 for ever. Replayed as far as it
    stays legal (its first Wand use took a King back into the hand, which now discards
    it), and played on by the heuristic, it ends by the rules."""
    old = GameRecord.load(Path(__file__).with_name("endless_wizard_loop.json"))
    assert old.version == "1"  # recorded under the old Wand: this engine refuses to replay it
    with pytest.raises(BallroomError, match="version"):
        old.new_state()
    record = replace(old, version=DarkTales.rules_version)  # its moves, on today's rules
    state = record.new_state()
    legal = 0
    for player, text in record.actions:
        try:
            state.apply(state.game.parse_action(text), player)
        except BallroomError:
            break
        legal += 1
    assert record.actions[legal - 2 : legal + 1] == (
        (0, "use magic-wand"),
        (0, "choose king-2"),
        (0, "play king-2"),
    )
    assert not state.is_terminal() and state.turns() < 20
    agents = [make_agent(state.game, seat, "heuristic", seat) for seat in range(2)]
    state = play_out(state, agents, max_turns=state.game.turn_cap)
    assert state.is_terminal() and state.turns() < ENDS_WELL_BEFORE


def _game_under(game: DarkTales, a_card: str, seed: int) -> DarkTalesState:
    """A new game of ``seed`` whose A Setting card is ``a_card``; the rest by chance."""
    state = game.new_state(seed)
    state.apply(game.parse_action(f"setting {a_card}"), CHANCE)
    return state


A_CARDS = {
    "none": [slug(a.name) for a in CATALOG.a_cards[: CATALOG.base_settings]],
    "cinderella": [slug(a.name) for a in CATALOG.a_cards],
}


@pytest.mark.parametrize(
    ("expansion", "players", "bot"),
    list(product(("none", "cinderella"), (2, 4), ("random", "heuristic"))),
)
def test_bots_games_end_by_the_rules_well_before_the_turn_cap(
    expansion: str, players: int, bot: str
) -> None:
    game = DarkTales(players, expansion=expansion)
    cap = game.turn_cap
    assert cap is not None and cap > ENDS_WELL_BEFORE
    seeds = range(RANDOM_GAMES if bot == "random" else 1)
    for seed, a_card in product(seeds, A_CARDS[expansion]):
        state = _game_under(game, a_card, seed)
        agents = [make_agent(game, seat, bot, seed * 10 + seat) for seat in range(players)]
        state = play_out(state, agents, max_turns=cap)
        assert state.is_terminal(), f"{a_card}: not over after {state.turns()} turns"
        assert state.turns() < ENDS_WELL_BEFORE, f"{a_card}: {state.turns()} turns"
