"""Bots declare their parameters once; every seat spec is checked against the declaration."""

from __future__ import annotations

import pytest

import ballroom
from ballroom.agents import bot_names, bots_of, make_agent, resolve_seat
from ballroom.core.bots import Param
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import games
from ballroom.core.play import decision_for
from ballroom.games.dancing_dice.bots import BOT_DEFAULTS as DICE_DEFAULTS
from ballroom.games.dancing_dice.game import DancingDice
from ballroom.games.the_dance.bots import BOT_DEFAULTS as DANCE_DEFAULTS


def test_every_bot_declares_valid_defaults_and_is_built_with_them() -> None:
    for game_class in games():
        game = game_class(game_class.min_players)
        assert [bot.name for bot in bots_of(game)] == bot_names(game)
        for bot in bots_of(game):
            assert bot.doc
            for param in bot.declared(game):
                assert param.doc
                if param.default is not None:
                    assert param.parse(bot.name, str(param.default)) == param.default
            make_agent(game, 0, bot.name, 1)
        searchers = [bot.name for bot in bots_of(game) if bot.searches]
        assert searchers == ["mcts"], "only the search has a budget; the rest answer at once"


def test_a_spec_resolves_to_typed_values_with_every_default_filled_in() -> None:
    game = ballroom.make_game("the-dance", players=2)
    bot, values = resolve_seat(game, "mcts:iterations=200,rollout=heuristic,margin=0.1")
    assert bot.name == "mcts"
    assert values["iterations"] == 200 and isinstance(values["iterations"], int)
    assert values["margin"] == 0.1 and values["rollout"] == "heuristic"
    assert values["ms"] is None and values["search"] == "halving" and values["horizon"] == 2
    assert bot.think_ms(values) is None
    timed_bot, timed = resolve_seat(game, "mcts:ms=250")
    assert timed_bot.think_ms(timed) == 250.0
    random_bot, none = resolve_seat(game, "random")
    assert none == {} and random_bot.think_ms(none) is None


def test_choices_that_name_bots_follow_the_game() -> None:
    dance = ballroom.make_game("the-dance", players=2)
    dice = ballroom.make_game("dancing-dice", players=2)
    make_agent(dance, 0, "mcts:iterations=5,prior=heuristic", 0)
    with pytest.raises(InvalidOptionError) as refused:
        make_agent(dice, 0, "mcts:iterations=5,prior=heuristic", 0)
    assert str(refused.value) == (
        "mcts prior must be one of rollout, none, expert, not 'heuristic'"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("random:seed=4", "the random bot has no parameter seed; allowed: none"),
        ("expert:depth=2", "the expert bot has no parameter depth; allowed: none"),
        (
            "grandmaster",
            "unknown bot 'grandmaster' for dancing-dice; allowed: expert, random, mcts",
        ),
        ("mcts:horizon=2.5", "mcts horizon must be an integer 0..100, not '2.5'"),
        ("mcts:ms=inf", "mcts ms must be a number 1..60000, not 'inf'"),
        ("mcts:ms=0.5", "mcts ms must be a number 1..60000, not '0.5'"),
        ("mcts:iterations=" + "9" * 5000, "mcts iterations must be an integer 1..1000000"),
    ],
)
def test_bad_parameters_are_refused_with_what_is_allowed(spec: str, message: str) -> None:
    game = ballroom.make_game("dancing-dice", players=2)
    with pytest.raises(InvalidOptionError) as refused:
        make_agent(game, 0, spec, 0)
    assert str(refused.value).startswith(message)


def test_a_declaration_lists_its_default_choice_first_and_a_sane_range() -> None:
    with pytest.raises(ValueError, match="default must be listed first"):
        Param("search", "how", "choice", "halving", ("tree", "halving"))
    with pytest.raises(ValueError, match="default must be of type float"):
        Param("z", "how sure", "number", 1, minimum=0, maximum=9)
    with pytest.raises(ValueError, match="minimum above maximum"):
        Param("ms", "how long", "number", minimum=10, maximum=1)
    depth = Param("depth", "how deep", "integer", 3, minimum=1, maximum=9)
    assert depth.allowed() == "an integer 1..9" and depth.parse("x", " 9 ") == 9
    assert depth.to_json() == {
        "name": "depth",
        "doc": "how deep",
        "kind": "integer",
        "default": 3,
        "choices": [],
        "minimum": 1,
        "maximum": 9,
    }


@pytest.mark.parametrize(
    ("game_id", "declared"),
    [("the-dance", DANCE_DEFAULTS), ("dancing-dice", DICE_DEFAULTS)],
)
def test_a_bare_mcts_plays_the_games_declared_setting(
    game_id: str, declared: tuple[str, ...]
) -> None:
    game = ballroom.make_game(game_id, players=2)
    typed_out = next(spec for spec in declared if spec.startswith("mcts:"))
    _, bare = resolve_seat(game, "mcts")
    _, explicit = resolve_seat(game, typed_out)
    assert bare == explicit
    assert bare["iterations"] == int(typed_out.split("iterations=")[1].split(",")[0])


def test_the_dance_declares_its_measured_mcts_setting() -> None:
    game = ballroom.make_game("the-dance", players=3)
    _, bare = resolve_seat(game, "mcts")
    assert (bare["iterations"], bare["rollout"], bare["horizon"], bare["search"]) == (
        200,
        "heuristic",
        2,
        "halving",
    )
    mcts = next(bot for bot in bots_of(game) if bot.name == "mcts")
    rollout = next(param for param in mcts.declared(game) if param.name == "rollout")
    assert rollout.choices == ("heuristic", "game", "random")
    assert rollout.to_json()["default"] == "heuristic"


def test_given_parameters_override_the_games_defaults() -> None:
    game = ballroom.make_game("the-dance", players=2)
    _, values = resolve_seat(game, "mcts:iterations=7,search=tree")
    assert values["iterations"] == 7 and values["search"] == "tree"
    assert values["rollout"] == "heuristic" and values["horizon"] == 2
    _, timed = resolve_seat(game, "mcts:ms=5000")
    assert timed["ms"] == 5000.0 and timed["iterations"] is None, "a time budget alone bounds it"
    _, both = resolve_seat(game, "mcts:ms=5000,iterations=9")
    assert both["ms"] == 5000.0 and both["iterations"] == 9


def test_a_bare_mcts_chooses_as_the_typed_out_setting_does() -> None:
    game = ballroom.make_game("the-dance", players=2)
    state = game.new_state(4)
    while state.is_chance_node() or len(state.legal_actions(state.current_players()[0])) < 2:
        player = state.current_players()[0]
        chosen = state.sample_chance() if state.is_chance_node() else state.legal_actions(player)[0]
        state.apply(chosen, player)
    player = state.current_players()[0]
    bare = make_agent(game, player, "mcts", 11).act(decision_for(state, player))
    typed = make_agent(game, player, DANCE_DEFAULTS[0], 11).act(decision_for(state, player))
    assert bare == typed


def test_a_games_defaults_must_name_the_bots_parameters() -> None:
    class Misdeclared(DancingDice):
        bot_defaults = ("mcts:depth=3",)

    game = Misdeclared(2)
    mcts = next(bot for bot in bots_of(game) if bot.name == "mcts")
    with pytest.raises(ValueError, match="its parameters are"):
        mcts.declared(game)
