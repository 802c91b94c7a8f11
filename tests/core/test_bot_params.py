"""Bots declare their parameters once; every seat spec is checked against the declaration."""

from __future__ import annotations

import pytest

import ballroom
from ballroom.agents import bot_names, bots_of, make_agent, resolve_seat
from ballroom.core.bots import Param
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import games


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
    assert values["ms"] is None and values["search"] == "tree" and values["horizon"] == 1
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
        ("mcts:horizon=2.5", "mcts horizon must be an integer 1..100, not '2.5'"),
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
