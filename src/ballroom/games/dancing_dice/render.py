"""The marathon in the terminal: one seat's view as text, and its moves in words."""

from __future__ import annotations

from ballroom.core import words
from ballroom.core.flow import Mode
from ballroom.core.game import Game
from ballroom.core.state import Observation
from ballroom.games.dancing_dice.dance_values import describe_value
from ballroom.games.dancing_dice.game_play import CODEC, KEEP, REROLL, ROLL, Phase
from ballroom.games.dancing_dice.log import dice_named
from ballroom.games.dancing_dice.preparation import DIE_LABELS, MAX_ENDURANCE, DieType, die_type
from ballroom.games.dancing_dice.view import read


def render(game: Game, observation: Observation) -> str:
    """The table as one seat sees it: endurance, Tango, own dice, last judging."""
    view = read(observation)
    floor = view.public
    lines = [f"[bold]Round {floor.round}[/bold]   {PHASE_WORDS[view.step.name]}"]
    tango = floor.tango
    lines.append(
        f"Tango: {'-'.join(map(str, tango)) if tango else '(not rolled yet)'}"
        f"   satisfactory this dance: {floor.satisfactory}"
    )
    for seat, couple in enumerate(floor.couples):
        bar = "●" * couple.endurance + "·" * (MAX_ENDURANCE - couple.endurance)
        status = "" if couple.dancing else "  [dim]out[/dim]"
        extra = ""
        if couple.rerolled is not None:
            extra = f"  re-rolled {couple.rerolled}"
        if couple.dancing and view.step.mode is Mode.SECRET and seat not in view.step.seats:
            extra += "  [green]ready[/green]"
        you = " (you)" if view.seat == seat else ""
        lines.append(f"  {couple.name:<9}{you:<6} {bar} {couple.endurance:>2}{status}{extra}")
    if view.private is not None and any(view.private.dice):
        shown = "  ".join(
            f"{DIE_LABELS[die]}:{face if face else '?'}"
            f"{'w' if die_type(die) is DieType.WHITE else 'c'}"
            for die, face in enumerate(view.private.dice)
        )
        lines.append(f"Your dice (w = white with coloured steps, c = coloured): {shown}")
    last = floor.last_round
    if last is not None:
        lines.append(
            f"[bold]Last round ({last.round})[/bold], Tango {'-'.join(map(str, last.tango))}:"
        )
        for number, dance in enumerate(last.dances):
            good = ", ".join(
                f"{floor.couples[seat].name} {describe_value(value)}"
                + (" [green]ok[/green]" if seat in dance.satisfactory else "")
                for seat, value in sorted(dance.values.items(), key=lambda item: -item[1])
            )
            lines.append(f"  {'first' if number == 0 else 'second'} dance: {good}")
    return "\n".join(lines)


PHASE_WORDS = {
    Phase.TANGO: "the Tango dice are rolled",
    Phase.ROLL: "the dice are rolled",
    Phase.REROLL: "choosing dice to re-roll",
    Phase.REROLL_ROLL: "the re-rolled dice are rolled",
    Phase.ARRANGE: "choosing the first dance",
    Phase.OVER: "the marathon is over",
}


def describe_action(game: Game, action: int, observation: Observation) -> str:
    """The move in words, with the faces it concerns: ``Dance dice A, B and D (2, 4 and 6)
    first``."""
    move = CODEC.decode(action)
    if move.family is KEEP:
        return "Keep every die: re-roll none"
    if move.family is ROLL:
        return f"The die shows {move.values[0]}"
    curtain = read(observation).private
    dice: tuple[int, ...] = move.values[0]
    faces = (
        f" (showing {words.listing(str(curtain.dice[die]) for die in dice)})"
        if curtain is not None
        else ""
    )
    if move.family is REROLL:
        return f"Re-roll {dice_named(dice)}{faces}"
    return f"Dance {dice_named(dice)}{faces} first, the other three second"
