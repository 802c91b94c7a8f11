"""The sentences of the marathon's log, each made from its event's data when first read.

A simulation or a search never reads them, so it never pays for them; the
terminal, the web log and golden games read every one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ballroom.core import words
from ballroom.games.dancing_dice.dance_values import describe_value
from ballroom.games.dancing_dice.judging import satisfactory_count
from ballroom.games.dancing_dice.preparation import DIE_LABELS, SEAT_NAMES


def _names(seats: Sequence[int]) -> str:
    return ", ".join(SEAT_NAMES[seat] for seat in seats)


def dice_named(dice: Sequence[int]) -> str:
    """ "die A", "dice A, C and E", "no dice": dice by their letters, as players say them."""
    if not dice:
        return "no dice"
    letters = words.listing(DIE_LABELS[die].upper() for die in dice)
    return f"{'die' if len(dice) == 1 else 'dice'} {letters}"


def _faces(dice: Sequence[int], faces: Sequence[int]) -> str:
    return " ".join(f"{DIE_LABELS[die]}={faces[die]}" for die in dice)


def tango(data: Mapping[str, Any]) -> str:
    """``{"round", "tango"}``: the Tango dice as rolled."""
    return f"Round {data['round']}: the Tango dice show {'-'.join(map(str, data['tango']))}."


def dice(data: Mapping[str, Any]) -> str:
    """``{"player", "dice"}``: a couple's six dice, told behind its curtain."""
    return f"Your dice: {_faces(range(len(data['dice'])), data['dice'])}."


def reroll_choice(data: Mapping[str, Any]) -> str:
    """``{"player", "reroll"}``: the dice a couple chose to re-roll."""
    return f"You will re-roll {dice_named(data['reroll'])}."


def first_dance_choice(data: Mapping[str, Any]) -> str:
    """``{"player", "first_row", "dice"}``: the dice of a couple's first dance."""
    return f"Your first dance: {_faces(data['first_row'], data['dice'])}."


def reroll(data: Mapping[str, Any]) -> str:
    """``{"player", "count"}``: a couple's re-roll, announced by number."""
    name, count = SEAT_NAMES[data["player"]], data["count"]
    if not count:
        return f"{name} keeps every die."
    return f"{name} re-rolls {count} {'die' if count == 1 else 'dice'}!"


def reveal(data: Mapping[str, Any]) -> str:
    """``{"round", "shown"}``: every couple's two dances as the curtains rise."""
    parts = []
    for seat, first, second, special in data["shown"]:
        rows = " | ".join("-".join(map(str, row)) for row in (first, second))
        tag = f" ({special.capitalize()}!)" if special else ""
        parts.append(f"{SEAT_NAMES[seat]} {rows}{tag}")
    return "Curtains up: " + "; ".join(parts) + "."


def judging(data: Mapping[str, Any]) -> str:
    """``{"dance", "values", "satisfactory", "lost", "out"}``: one dance judged."""
    values = {int(seat): value for seat, value in data["values"].items()}
    ordinal = "First" if data["dance"] == 0 else "Second"
    good = ", ".join(
        f"{SEAT_NAMES[seat]} ({describe_value(values[seat])})"
        for seat in sorted(data["satisfactory"], key=lambda seat: -values[seat])
    )
    text = (
        f"{ordinal} dance, {satisfactory_count(len(values))} of {len(values)} satisfactory: {good}."
    )
    lost, out = data["lost"], data["out"]
    if lost:
        text += f" {_names(lost)} {'loses' if len(lost) == 1 else 'lose'} 1 endurance."
    if out:
        text += f" {_names(out)} {'is' if len(out) == 1 else 'are'} out!"
    return text


def gala(data: Mapping[str, Any]) -> str:
    """``{"player", "endurance"}``: a Gala's two points, given after the round."""
    return f"{SEAT_NAMES[data['player']]}'s Gala restores endurance to {data['endurance']}."


def game_over(data: Mapping[str, Any]) -> str:
    """``{"winners"}``: the Dance Champions."""
    winners = data["winners"]
    names = " and ".join(SEAT_NAMES[seat] for seat in winners)
    return f"{names} {'wins' if len(winners) == 1 else 'share'} the Dance Champion's title!"
