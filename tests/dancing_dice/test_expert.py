"""The expert's tables, now built on first use, are the ones it was measured with.

The digests were taken from the tables and the games as they were when the
tables were still built at import; any change to either makes them differ.
"""

from __future__ import annotations

import hashlib

import ballroom
from ballroom.agents import make_agent
from ballroom.core.play import decision_for
from ballroom.core.state import CHANCE
from ballroom.games.dancing_dice.expert import arrangement_costs, reroll_costs, tables

TABLES_DIGEST = "a055285f8a4c2cee8d79c6fc2bcc1d21455ae0fafec116e13d5d59cf82732756"
COSTS_DIGEST = "071ea70155f919a9828f66417c472e79d3e6e72817aecc50b48918c08e701842"
GAMES_DIGEST = "9f0c6c8290b8cfde786f349de8e9d1312602f7d63b73133d0241bb95ecda240e"


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
