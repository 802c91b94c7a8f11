"""The expert's tables, now built on first use, are the ones it was measured with, and
the expert dances the arrangement they price cheapest with the couple's own dice.

The table digests were taken when the tables were still built at import; the
games digest since the expert applies the tables' first row to its own dice
(it used to apply a row meant for the sorted dice to the unsorted ones); any
change to either makes them differ.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np

import ballroom
from ballroom.agents import make_agent
from ballroom.core.play import decision_for
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.batch_expert import ExpertBatch, context_code
from ballroom.games.dancing_dice.dance_values import TRIPLE_INDEX, TRIPLES
from ballroom.games.dancing_dice.determinize import best_rerolls, expert_action
from ballroom.games.dancing_dice.expert import (
    GALA_CODE,
    ROCK_CODE,
    VALUES,
    ExpertAgent,
    arrangement_costs,
    code_costs,
    first_dance,
    reroll_costs,
    table_order,
    tables,
)
from ballroom.games.dancing_dice.game_play import (
    FIRST_IDS,
    FIRST_ROWS,
    KEEP_ID,
    dice_of,
    reroll_id,
)
from ballroom.games.dancing_dice.judging import Performance, satisfactory_count
from ballroom.games.dancing_dice.position import Look, Position
from ballroom.games.dancing_dice.state import DancingDiceState

TABLES_DIGEST = "a055285f8a4c2cee8d79c6fc2bcc1d21455ae0fafec116e13d5d59cf82732756"
COSTS_DIGEST = "071ea70155f919a9828f66417c472e79d3e6e72817aecc50b48918c08e701842"
GAMES_DIGEST = "fd19b2777b9453493f96b8c60b2e173da8842e148d7dccf0cb2114fafc807ae3"


def test_tables_are_unchanged() -> None:
    t = tables()
    digest = hashlib.sha256()
    for table in (
        t.transition,
        t.first_triple,
        t.second_triple,
        t.pure_first,
        t.pure_second,
        t.rock,
        t.gala,
    ):
        digest.update(table.tobytes())
    assert digest.hexdigest() == TABLES_DIGEST


def test_costs_are_unchanged() -> None:
    digest = hashlib.sha256(reroll_costs((1, 2, 3), 3, 2, 1).tobytes())
    digest.update(arrangement_costs((2, 4, 4), 2, 1, 5).tobytes())
    assert digest.hexdigest() == COSTS_DIGEST


def test_expert_plays_the_same_games() -> None:
    digest = hashlib.sha256()
    for players in (2, 4, 6):
        game = ballroom.make_game("dancing-dice", players=players)
        for seed in range(3):
            state = game.new_state(seed)
            agents = [make_agent(game, seat, "expert", seed) for seat in range(players)]
            while not state.is_terminal():
                player = state.current_players()[0]
                if player == CHANCE:
                    action = state.sample_chance()
                else:
                    action = agents[player].act(decision_for(state, player))
                state.apply(action, player, trusted=True)
                digest.update(f"{player}:{action};".encode())
    assert digest.hexdigest() == GAMES_DIGEST


Context = tuple[tuple[int, ...], int, int, int]
"""The expert's context: Tango, rivals, satisfactory dances, endurance."""


def arranging(tango: tuple[int, ...], faces: tuple[int, ...], endurance: int) -> DancingDiceState:
    """Two couples keeping their first roll; seat 0 rolled ``faces`` and has ``endurance``."""
    position = Position(players=2).endurance(0, endurance).tango(*tango)
    state = position.rolled(0, *faces).rolled(1, 3, 4, 5, 3, 4, 5).build()
    for seat in (0, 1):
        state.apply(KEEP_ID, seat)
    return state


def the_three_experts(state: DancingDiceState) -> list[int]:
    """Seat 0's first dance as ``ExpertAgent``, ``determinize.expert_action`` and
    ``ExpertBatch`` choose it."""
    look = Look(state)
    tango = look.tango()
    assert tango is not None
    faces = np.array([look.dice(0)]) - 1
    code = context_code(
        np.array([TRIPLE_INDEX[tuple(tango)]]), np.array([2]), np.array([look.endurance()[0]])
    )
    batch_row = int(ExpertBatch(2).first_rows(faces, code)[0])
    return [
        ExpertAgent().act(decision_for(state, 0)),
        expert_action(state, 0, arranging=True),
        FIRST_IDS[batch_row],
    ]


def test_the_expert_dances_a_boogie_and_a_mambo_from_its_own_dice() -> None:
    """White 1-6-1 and coloured 6-1-6: dice a, c, e make a Boogie and b, d, f a Mambo.

    The tables see the sorted dice 1-1-6 | 1-6-6, where the Boogie is the places
    a b d; dancing a b d of the dice as rolled (1-6-6) would be a mixed 13 and a
    mixed 8 (as the expert did before it mapped the places back to its dice).
    """
    faces = (1, 6, 1, 6, 1, 6)
    for action in the_three_experts(arranging((2, 4, 5), faces, endurance=10)):
        dances = Performance(faces, first_row(action))
        assert {dances.dance_faces(0), dances.dance_faces(1)} == {(1, 1, 1), (6, 6, 6)}


def first_row(action: int) -> tuple[int, int, int]:
    a, b, c = dice_of(action)
    return a, b, c


def arrangement_cost(faces: tuple[int, ...], row: tuple[int, int, int], context: Context) -> float:
    """The expert's cost of dancing ``row`` first, from the judges' view of the dice as rolled."""
    tango = context[0]
    performance = Performance(faces, row)
    if performance.is_gala:
        code = GALA_CODE
    elif performance.is_rock:
        code = ROCK_CODE
    else:
        code = VALUES * performance.value(0, tango) + performance.value(1, tango)
    return float(code_costs(*context)[code])


def test_the_expert_dances_the_cheapest_arrangement_of_its_own_dice() -> None:
    rng = random.Random(17)
    for _ in range(200):
        tango = rng.choice(TRIPLES)
        faces = tuple(rng.randint(1, 6) for _ in range(6))
        endurance = rng.randint(1, 10)
        state = arranging(tango, faces, endurance)
        context = (tango, 1, satisfactory_count(2), endurance)
        cheapest = min(arrangement_cost(faces, row, context) for row in FIRST_ROWS)
        for action in the_three_experts(state):
            chosen = arrangement_cost(faces, first_row(action), context)
            assert chosen == cheapest, (faces, tango, endurance)


def test_a_rollouts_expert_choice_is_the_tables_choice_for_its_own_dice() -> None:
    """``expert_action`` reads its choice from per-order tables: the tables' best first row
    and re-roll masks, for the dice sorted as the tables see them, as the couple's own."""
    rng = random.Random(4)
    for _ in range(300):
        tango = tuple(rng.randint(1, 6) for _ in range(3))
        faces = tuple(rng.randint(1, 6) for _ in range(6))
        state = arranging(tango, faces, endurance=rng.randint(1, 10))
        context = (tuple(sorted(tango)), 1, satisfactory_count(2), state.endurance[0])
        order = table_order(faces)
        dice_set = (
            TRIPLE_INDEX[tuple(sorted(faces[:3]))] * len(TRIPLES)
            + TRIPLE_INDEX[tuple(sorted(faces[3:]))]
        )
        row = int(arrangement_costs(*context)[dice_set].argmin())
        assert expert_action(state, 0, arranging=True) == first_dance(faces, row)
        masks = int(best_rerolls(context).ravel()[dice_set])
        rerolled = [order[i] for i in range(3) if masks >> (3 + i) & 1]
        rerolled += [order[3 + i] for i in range(3) if masks >> i & 1]
        assert expert_action(state, 0, arranging=False) == reroll_id(rerolled)
