"""The research variants meet the suites every game meets (the example games' way,
``tests/test_example_games.py``), run here by name since they are not registered games.

Left out: the golden games (a variant's golden folder would be its rulebook game's)
and OpenSpiel's "a twin differs in hidden information" check, which samples every
fifth decision of one game and so meets almost nothing hidden in games of five
decisions; ``test_cfr_variants.py`` walks every information state instead.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from examples.cfr_curves import VARIANTS
from tests import test_conformance as conformance
from tests import test_twin_secrecy as twin_secrecy
from tests import test_words as words_suite
from tests.core import test_copying as copying
from tests.examples import registered
from tests.test_example_games import CHECKS

from ballroom.core.game import Game
from ballroom.core.state import State
from ballroom.games.dominare.research import DominareResearch
from ballroom.games.vampires_harvest.research import HarvestResearch

GAMES = list(VARIANTS.values())
ADAPTER_CHECKS = sorted(set(CHECKS) - {"openspiel_unseen"})


@pytest.fixture(autouse=True)
def variants_registered() -> Iterator[None]:
    """The variants in the registry for the test's duration, and so with pyspiel."""
    from ballroom.interop import openspiel

    with registered(*GAMES):
        openspiel.register_games()
        yield


@pytest.mark.parametrize("game_class", GAMES, ids=lambda g: g.id)
def test_the_engine_contract(game_class: type[Game]) -> None:
    game = game_class(2)
    conformance.test_random_games_follow_the_contract(game)
    conformance.test_same_seed_same_game(game)
    conformance.test_record_round_trip_replays_exactly(game)
    conformance.test_illegal_actions_are_refused_and_change_nothing(game)
    conformance.test_clones_are_independent(game)
    copying.test_a_copy_plays_on_without_touching_the_original(game_class)


@pytest.mark.parametrize("game_class", GAMES, ids=lambda g: g.id)
def test_hidden_means_hidden(game_class: type[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    conformance.test_a_world_dealt_from_a_seats_view_is_legal_shows_that_view_and_plays_to_the_end(
        game_class, 2
    )
    conformance.test_a_card_chance_deals_out_of_a_seats_sight_changes_nothing_it_sees(game_class, 2)
    conformance.test_two_cards_lying_out_of_a_seats_sight_may_change_places_unseen(game_class, 2)
    # The twin suite finds a game by id among its own list of classes.
    monkeypatch.setattr(twin_secrecy, "GAME_CLASSES", [*twin_secrecy.GAME_CLASSES, game_class])
    twin_secrecy.test_a_seat_cannot_tell_its_twin_apart(game_class.id, 2)


@pytest.mark.parametrize("game_class", GAMES, ids=lambda g: g.id)
def test_every_text_a_player_reads_is_in_words(game_class: type[Game]) -> None:
    words_suite.test_every_text_a_player_reads_is_in_words(game_class)


@pytest.mark.parametrize("check", ADAPTER_CHECKS)
@pytest.mark.parametrize("game_class", GAMES, ids=lambda g: g.id)
def test_the_adapters_suites(game_class: type[Game], check: str) -> None:
    CHECKS[check]((game_class.id, 2, {}))


SECRET_POINTS = 40
"""Secret steps checked per variant, walking the tree depth first."""


def secret_points(state: State, limit: int) -> Iterator[State]:
    """States where two seats choose at once, in secret, and one has two choices or more."""
    found = 0
    stack = [state]
    while stack and found < limit:
        here = stack.pop()
        deciding = here.current_players()
        if len(deciding) > 1 and len(here.legal_actions(deciding[0])) > 1:
            found += 1
            yield here
        for player in deciding[:1]:
            for action in here.legal_actions(player):
                child = here.clone()
                child.apply(action, player)
                stack.append(child)


@pytest.mark.parametrize(
    ("game_class", "points"),
    [(HarvestResearch, SECRET_POINTS), (DominareResearch, 24)],  # Dominare: one a deal
    ids=lambda value: value.id if isinstance(value, type) else str(value),
)
def test_nothing_a_seat_chooses_in_secret_changes_what_another_sees(
    game_class: type[Game], points: int
) -> None:
    """The conformance suite's check, at the first secret steps a walk of the tree meets
    (its own random points seldom meet one in a game this short). Dark Tales' variant,
    played in turns, has none."""
    checked = 0
    for state in secret_points(game_class(2).new_state(0), SECRET_POINTS):
        seat = state.current_players()[0]
        first, second = state.legal_actions(seat)[:2]
        one, two, events = conformance.split(state, seat, first, second)
        where = conformance.describe(state, seat, first, second) + " in secret"
        for viewer in (1 - seat, None):
            conformance.assert_alike(one.clone(), two.clone(), viewer, events, where)
        checked += 1
    assert checked == points
