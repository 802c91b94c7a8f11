"""Bots, the terminal picture, menus and event sentences."""

from __future__ import annotations

import pytest

from ballroom.agents import make_agent
from ballroom.core.errors import IllegalActionError
from ballroom.core.play import play_out
from ballroom.core.rng import Rng, derive_seed
from ballroom.core.state import State
from ballroom.games.the_dance import TheDance
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.position import Look, Position, act
from ballroom.games.the_dance.state import DRAWS
from ballroom.games.the_dance.steps import Phase


def tatiana_next_to_lady_julia() -> Position:
    return (
        Position(players=2)
        .dancer("Lady Julia", at=(1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(-4, 0))
    )


def test_heuristic_beats_three_random_players() -> None:
    game = TheDance(4)
    wins = 0
    for seed in range(12):
        seat = seed % 4
        specs = ["random"] * 4
        specs[seat] = "heuristic"
        agents = [make_agent(game, s, spec, seed) for s, spec in enumerate(specs)]
        state = play_out(game.new_state(seed), agents, max_turns=game.turn_cap)
        wins += state.is_terminal() and state.outcome().winners == (seat,)
    assert wins >= 11


def test_heuristic_plays_every_option_set_to_the_end() -> None:
    for seed, opts in enumerate(
        [
            {"super_villains": True},
            {"domination": "margin-three", "refreshment_domain": "any"},
            {"scenario": "arrogance", "initiative": True},
            {"scenario": "new-blood", "play_for_places": True},
        ]
    ):
        game = TheDance(3, **opts)
        agents = [make_agent(game, s, "heuristic", seed) for s in range(3)]
        state = play_out(game.new_state(seed), agents, max_turns=game.turn_cap)
        assert state.is_terminal() and Look(state).finished()


def test_the_heuristics_odds_are_each_dancers_chance_kept_once_per_set_of_components() -> None:
    """Every table the heuristic keeps holds, Dancer by Dancer, the chance a die counts at
    most the best of her Domains (the Avatar's rating, her pips, the Refreshments' bonus);
    a second game with the same components adds no table for the pairs met before."""
    game = TheDance(4)
    comp = game.components
    for seed in range(2):
        agents = [make_agent(game, s, "heuristic", seed) for s in range(4)]
        play_out(game.new_state(seed), agents, max_turns=game.turn_cap)
    kept = dict(comp.influence_odds)
    assert kept
    for (ratings, bonus), table in kept.items():
        for dancer, odds in zip(comp.dancers, table, strict=True):
            totals = [
                ratings[i] + dancer.pips[i] + bonus[i] for i in range(4) if not dancer.negates[i]
            ]
            assert odds == min(max([0, *totals]), 6) / 6
    agents = [make_agent(game, s, "heuristic", 0) for s in range(4)]
    play_out(game.new_state(0), agents, max_turns=game.turn_cap)
    assert comp.influence_odds == kept


def test_each_family_is_closed_out_of_the_other_families_entry_hexes_only() -> None:
    """RULINGS 19 as ``close_entries`` sets it, worked out afresh or read from the choices
    of Sanctuaries met before (a second game with the same choices)."""
    game = TheDance(3)
    entries = [s.entry for s in game.components.board.sanctuaries]
    for _ in range(2):
        for seed in range(6):
            state = game.new_state(seed)
            while state.phase is not Phase.DANCE:
                player = state.current_players()[0]
                legal = state.legal_actions()
                action = legal[(seed + player) % len(legal)]
                state.apply(state.sample_chance() if state.is_chance_node() else action, player)
                chosen = state.sanctuary_of
                assert state.closed == tuple(
                    frozenset(entries[t] for q, t in enumerate(chosen) if q != p and t >= 0)
                    for p in range(3)
                )


def test_two_heuristic_families_seat_dancers_and_finish() -> None:
    """No parked Avatar seals a table (RULINGS 19), and the heuristic routes its Avatar
    around the other family's entry hex (game 21 once chose a step onto it, mid-Shadow)."""
    for index in range(30):
        seed = derive_seed(2, "game", index)
        game = TheDance(2)
        agents = [make_agent(game, s, "heuristic", seed) for s in range(2)]
        state = play_out(game.new_state(seed), agents, max_turns=50)
        assert state.is_terminal() and Look(state).finished(), f"game {index} did not finish"


def test_event_sentence_tells_the_roll_and_its_target() -> None:
    state = tatiana_next_to_lady_julia().refreshments("plum").build()
    act(state, "end-dance", "influence lady-julia", "domain corruption", "no-refreshment")
    sentences = act(state, "roll 2", "accept")
    assert "The Saar family rolls 2 against 4: Lady Julia is Influenced." in sentences


def test_a_told_sentence_names_the_seats_as_the_table_knew_them_then() -> None:
    """Sentences are worded when first read; one told before its family chose an Avatar
    still names her by her seat when read after (NEW BLOOD deals before the Avatars)."""
    state = TheDance(2, scenario="new-blood").new_state(5)
    told = []
    while state.step().name is not Phase.CHOOSE_AVATAR:
        told += state.apply(
            state.legal_actions()[0] if not state.is_chance_node() else state.sample_chance()
        )
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.who(0).startswith("the ") and state.who(1).startswith("the ")
    draws = [event.text for event in told if event.kind == "draw-power"]
    assert draws == ["Player 1 draws a Power."] * 2 + ["Player 2 draws a Power."] * 2


def test_render_shows_the_ballroom_and_hides_secrets() -> None:
    state = Position(players=3).refreshments("grey", "ankh", "extortion-2").build()
    picture = state.game.render(state.observation(0))
    assert "The Grand Ballroom" in picture and "Tempo" in picture
    assert "Tatiana Saar" in picture and "Lady Julia" in picture
    assert "(you)" in picture
    assert "two-pip Extortion" not in picture  # Thorne's hand is secret from Tatiana
    assert "Refreshments: 2" in picture
    assert "1 two-pip Extortion" in state.game.render(state.observation(1))


def test_describe_action_gives_odds() -> None:
    state = tatiana_next_to_lady_julia().build()
    act(state, "end-dance")
    text = TheDance.describe_action(ac.parse("influence lady-julia"), state.observation(0))
    assert text.startswith("Influence Lady Julia") and "4 or less" in text
    act(state, "influence lady-julia")
    text = TheDance.describe_action(ac.parse("domain corruption"), state.observation(0))
    assert "roll 4 or less" in text


def test_action_texts_round_trip_and_bad_text_is_refused() -> None:
    for action in range(ac.NUM_ACTIONS):
        assert ac.parse(ac.to_text(action)) == action
    with pytest.raises(IllegalActionError, match="actions look like"):
        ac.parse("waltz left")


def test_determinize_keeps_what_the_seat_sees() -> None:
    state = Position(players=4).dealt_powers().build()
    game = state.game
    look = Look(state)
    for seat in range(4):
        view = state.observation(seat)
        twin = game.determinize(view, Rng(seat))
        assert twin.observation(seat) == view
        twin_look = Look(twin)
        assert twin_look.powers(seat) == look.powers(seat)
        assert twin_look.refreshments(seat) == look.refreshments(seat)
    seen = set()
    for seed in range(20):
        twin_look = Look(game.determinize(state.observation(0), Rng(seed)))
        seen.add(tuple(twin_look.plan(q) for q in range(1, 4)))
    assert len(seen) > 1  # hidden Plans really are resampled


def test_rollout_policy_always_picks_a_legal_action() -> None:
    game = TheDance(3)
    rng = Rng(2)
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_terminal() and state.turns() < 40:
            player = state.current_players()[0]
            if state.is_chance_node():
                action = state.sample_chance()
            else:
                action = game.rollout_action(state, player, rng)
                assert action in state.legal_actions(player)
            state.apply(action, player)


def test_a_search_draws_the_outcome_the_declared_odds_give_its_source() -> None:
    """``draw_chance`` sums each chance step's odds once, yet draws what the generic draw
    from ``chance_outcomes`` draws with the same source: every kind of draw is met."""
    game = TheDance(4)
    rng = Rng(3)
    met: set[Phase] = set()
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_terminal() and state.turns() < 30:
            player = state.current_players()[0]
            if state.is_chance_node():
                met.add(state.phase)
                for source in range(4):
                    drawn = state.draw_chance(Rng(source))
                    assert drawn == State.draw_chance(state, Rng(source))
                action = state.sample_chance()
            else:
                action = game.rollout_action(state, player, rng)
            state.apply(action, player)
    assert met == set(DRAWS)


def test_search_bot_plays_through_determinize() -> None:
    game = TheDance(2)
    agents = [make_agent(game, 0, "mcts:iterations=8", 1), make_agent(game, 1, "random", 1)]
    state = play_out(game.new_state(1), agents, max_turns=game.turn_cap)
    assert state.is_terminal()
