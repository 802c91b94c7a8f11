"""Dancing Dice explained to a player: the line for each step, what each move does, why a
move is not offered, and how the marathon ended, each rule with its rulebook section
(``ballroom.core.explain``)."""

from __future__ import annotations

from typing import Any

from ballroom.core.explain import (
    Aids,
    FamilyAid,
    Outcome,
    Rule,
    StepAid,
    counted,
    outcome,
    said,
)
from ballroom.core.state import Observation, State
from ballroom.games.dancing_dice.game_play import CODEC, FLOW

ROLLS = Rule(
    "After the first roll you may re-roll any number of dice once, announcing how many; "
    "no more than two rolls a round.",
    "GAME PLAY",
)
ARRANGE = Rule(
    "Place your six dice in two rows of three: the first dance and the second.", "GAME PLAY"
)
JUDGING = Rule(
    "Each dance, only half the performances (rounded down) are satisfactory; every other "
    "couple loses an endurance point.",
    "Judging Dances",
)
ENDING = Rule(
    "A couple whose endurance reaches 0 is out; the last couple dancing wins. Couples "
    "knocked out together in the last dance share the title (RULINGS 8).",
    "Ending the Game",
)
CHANCE = Rule("The dice decide this.", "GAME PLAY")


def _dice(text: str) -> str:
    return "dice " + ", ".join(text.split())


def _still(observation: Observation) -> int:
    return sum(1 for couple in observation["public"]["couples"] if couple["dancing"])


FAMILIES = {
    "roll": FamilyAid("A die", CHANCE, lambda a: f"the die shows {a['face']}", ask=False),
    "keep": FamilyAid(
        "Keep all dice", ROLLS, lambda a: "keep all six dice as rolled and arrange them"
    ),
    "reroll": FamilyAid(
        "Re-roll dice",
        ROLLS,
        lambda a: (
            f"roll {_dice(CODEC.family('reroll').params[0].text(a['dice']))} again; the "
            f"others hear only that you re-roll {len(a['dice'])}"
        ),
    ),
    "first": FamilyAid(
        "Arrange the dances",
        ARRANGE,
        lambda a: (
            f"dance the first dance with {_dice(CODEC.family('first').params[0].text(a['dice']))}"
            " and the second with the other three"
        ),
    ),
}

STEPS = {
    "tango": StepAid(CHANCE, said("The Tango dice are rolled."), "the Tango dice are rolled."),
    "roll": StepAid(CHANCE, said("The dice are rolled."), "the couples roll their dice."),
    "reroll": StepAid(
        ROLLS,
        lambda o: (
            "Choose the dice to re-roll once, or keep them all. The judges accept "
            f"{counted(o['public']['satisfactory'], 'dance')} in each comparison this round."
        ),
        "the couples choose, behind their screens, which dice to re-roll.",
    ),
    "reroll-roll": StepAid(CHANCE, said("The re-rolled dice roll."), "re-rolled dice roll."),
    "arrange": StepAid(
        ARRANGE,
        lambda o: (
            "Arrange your six dice into two dances of three: the first dance is judged "
            f"first. {_still(o)} couples dance; the better half of each dance is safe."
        ),
        "the couples arrange their dice into two dances.",
    ),
    "over": StepAid(ENDING, said("The marathon is over."), "the marathon is over."),
}

AIDS = Aids.declared(
    CODEC,
    FLOW.steps,
    FAMILIES,
    STEPS,
    labels={"dice": _dice},
)


def explain_outcome(state: State) -> Outcome:
    """Who danced longest: the survivors' endurance, and the order of the knock-outs."""
    public = state.observation(None)["public"]
    couples = public["couples"]
    places = state.outcome().ranking
    place_of = {seat: index for index, group in enumerate(places) for seat in group}
    seats: list[dict[str, Any]] = []
    for seat, couple in enumerate(couples):
        left = "still dancing" if couple["dancing"] else "knocked out"
        seats.append(
            {
                "seat": seat,
                "score": couple["endurance"],
                "parts": [["Endurance", str(couple["endurance"])], ["At the end", left]],
                "sum": f"place {place_of[seat] + 1} of {len(places)} (the longer a couple danced, the higher)",
            }
        )
    winners = " and ".join(couples[seat]["name"] for seat in places[0])
    final_round = public["round"]
    if len(places[0]) > 1:
        text = (
            f"{winners} were knocked out together in the last dance of round {final_round}: "
            "they share the title."
        )
    elif len(places) > 1:
        runner = " and ".join(couples[seat]["name"] for seat in places[1])
        text = (
            f"{winners} is the last couple dancing, with {couples[places[0][0]]['endurance']} "
            f"endurance left; {runner} lasted until round {final_round}."
        )
    else:
        text = f"{winners} is the last couple dancing."
    return outcome(seats, text, ENDING)
