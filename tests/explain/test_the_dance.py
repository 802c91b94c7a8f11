"""The Dance explained: Plans and places at the end, the step prompts, the move help and
why-not answers (Foiled, a Power not held, Domination) with their rulebook sections."""

from __future__ import annotations

from ballroom.games.the_dance.actions import CODEC
from ballroom.games.the_dance.components import default_components, slug
from ballroom.games.the_dance.explain import explain_outcome
from ballroom.games.the_dance.position import Position, act, entry_hex
from ballroom.games.the_dance.state import TheDanceState


def one_dancer_short(position: Position, family: str, plan: str, dancers: list[str]) -> Position:
    """``family``'s Plan lacks only the last of ``dancers``, who waits on its entry hex."""
    *seated, last = dancers
    return (
        position.plan(family, plan)
        .seated(family, *seated)
        .dancer(last, at=entry_hex(family), influenced_by=family)
    )


def plum_and_grey(**options: object) -> Position:
    position = Position(players=3, **options).avatar("plum", at=(0, 0)).avatar("grey", at=(-4, 0))
    position = one_dancer_short(
        position, "plum", "rose-lily-ivy", ["Rev. Mother Anna", "Lady Julia", "Contessa Marta"]
    )
    return one_dancer_short(
        position, "grey", "ivy-sun-moon", ["Baroness Irina", "Primar Todoran", "Artisan Belan"]
    )


def test_the_first_plan_completed_wins_and_the_plans_are_shown() -> None:
    state = plum_and_grey().build()
    act(state, "seat contessa-marta")
    assert state.is_terminal()
    explained = explain_outcome(state)
    winner = state.who(0)
    assert explained["decided"].startswith(f"{winner[0].upper()}{winner[1:]} seated Dancers")
    assert "and wins the ball" in explained["decided"]
    plum, grey, _ = explained["seats"]
    assert plum["score"] == "place 1" and plum["sum"] == "completed the Plan"
    assert ["Symbols filled", "3 of 3"] in plum["parts"]
    assert ["Symbols filled", "2 of 3"] in grey["parts"] and grey["sum"] == "Plan not completed"
    assert explained["section"] == "ENDING THE GAME"


def test_play_for_places_names_who_took_second() -> None:
    state = plum_and_grey(play_for_places=True).build()
    act(state, "seat contessa-marta")
    act(state, "seat artisan-belan")
    assert state.is_terminal()
    decided = explain_outcome(state)["decided"]
    assert decided.endswith(f"Then {state.who(1)} took place 2.")


def test_dance_step_prompt_counts_the_movement_left() -> None:
    state = Position(players=2).avatar("plum", at=(0, 0)).to_move("plum", movement=2).build()
    prompt = state.game.prompt(state.observation(0))
    assert prompt.startswith("Dance step (2 Movements left): move your Avatar")


def test_why_not_strategic_without_the_power() -> None:
    state = (
        Position(players=2)
        .powers("plum", "tactician")
        .avatar("plum", at=(0, 0))
        .to_move("plum", movement=2)
        .build()
    )
    answer = state.game.why_not(state.observation(0), state.legal_actions(0), "strategic", {})
    assert not answer["offered"]
    assert answer["answer"] == "Strategic: Only a family with the Power Strategic may do this."
    assert answer["section"] == "EXPLANATION OF POWERS: STRATEGIC"


def test_move_help_of_a_step_and_an_influence_effort() -> None:
    game = Position(players=2).build().game
    step = game.move_help(CODEC.parse("step ne"))
    assert step["effect"] == "move your Avatar one hex north-east"
    assert step["section"] == "PLAYER PHASE: Dance Step"
    effort = game.move_help(CODEC.parse("influence lady-julia"))
    assert effort["effect"] == "try to Influence Lady Julia: choose a Domain, then roll"


def by_symbol(colour: str) -> list[str]:
    comp = default_components()
    return [d.name for d in comp.dancers if comp.colours[d.symbol] == colour]


def test_why_not_seat_a_sixth_dancer_the_plan_does_not_want() -> None:
    """Five seats full of Dancers the Plan does not want: the engine's own ``may_seat`` says no
    to a sixth; the ivy that completes rose-lily-ivy may sit."""
    rose, lily, ivy = by_symbol("rose"), by_symbol("lily"), by_symbol("ivy")
    sun, moon = by_symbol("sun"), by_symbol("moon")

    def waiting(dancer: str, seated: list[str]) -> TheDanceState:
        return (
            Position(players=2)
            .plan("plum", "rose-lily-ivy")
            .dancer(dancer, at=entry_hex("plum"), influenced_by="plum")
            .avatar("plum", at=(0, 0))
            .avatar("grey", at=(-4, 0))
            .seated("plum", *seated)
            .build()
        )

    full = waiting(sun[3], sun[:3] + moon[:2])
    target = {"dancer": slug(sun[3])}
    answer = full.game.why_not(full.observation(0), full.legal_actions(0), "seat", target)
    assert not answer["offered"] and answer["section"] == "PLAYER PHASE: Dance Step"
    assert "a sixth Dancer sits only to complete your Plan" in answer["answer"]
    completing = waiting(ivy[0], rose[:1] + lily[:1] + sun[:3])
    offered = completing.game.why_not(
        completing.observation(0), completing.legal_actions(0), "seat", {"dancer": slug(ivy[0])}
    )
    assert offered["offered"]
