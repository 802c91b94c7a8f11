"""Select Actions: every player chooses an Action card in secret; all are revealed together.

A player holds Train, Harvest, Chance Encounter, one Area card per Area in
play and Late Decision. Late Decision and Chance Encounter are discarded for
the rest of the game once used (RULINGS 2). An Area closed this turn (an
Event, or the two-player closing die) may not be chosen. After the reveal,
every player who showed Late Decision chooses again, in secret and at once,
and those choices are revealed together; then the actions resolve clockwise
from the Initiative holder.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.games.vampires_harvest import chronicle
from ballroom.games.vampires_harvest.faces import ACTION_WORDS
from ballroom.games.vampires_harvest.turn import SELECT, ActionCard, Phase, Task

if TYPE_CHECKING:
    from ballroom.games.vampires_harvest.state import HarvestState


def select(state: HarvestState, _: int) -> Step[Phase]:
    return Step.secret(Phase.SELECT, range(state.game.players))


SELECTIONS = tuple((card, card.area, SELECT(card)) for card in ActionCard)
"""Each Action card with its Area (``None`` but for an Area card) and the move choosing it."""


def open_cards(state: HarvestState, seat: int) -> list[ActionCard]:
    """The Action cards ``seat`` may choose now."""
    return list(_open(state.discarded[seat], state.closed, state.areas)[0])


def select_choices(state: HarvestState, seat: int) -> list[Action]:
    return list(_open(state.discarded[seat], state.closed, state.areas)[1])


@cache
def _open(
    discarded: tuple[ActionCard, ...], closed: tuple[int, ...], areas: int
) -> tuple[tuple[ActionCard, ...], tuple[Action, ...]]:
    """The cards a seat may choose, and their moves: not ``discarded``, and no Area card of
    an Area ``closed`` this turn or not in play (beyond ``areas``). Worked out once for each
    of the few tables there are: every seat chooses every turn."""
    open_ = [
        (card, move)
        for card, area, move in SELECTIONS
        if card not in discarded and (area is None or (area <= areas and area not in closed))
    ]
    return tuple(card for card, _ in open_), tuple(move for _, move in open_)


def play_select(state: HarvestState, action: Action, seat: int) -> None:
    """A secret choice: the others learn only that this seat has chosen."""
    (card,) = action.values
    state.chosen[seat] = card
    state.say("select", f"{state.name(seat)} chooses an Action card face down.")
    after = state.step.after(seat)
    if after is not None:
        state.step = after
        return
    state.proceed()


def reveal(state: HarvestState, _: int) -> Step[Phase] | None:
    """Every choice turned up at once; Late Decision players then choose again."""
    revealed = tuple(state.chosen)
    state.revealed = revealed
    state.chosen = [None] * state.game.players
    shown = words.listing(
        f"{state.name(s)} {ACTION_WORDS[card]}" for s, card in enumerate(revealed) if card
    )
    state.say(
        "reveal", f"Revealed: {shown}.", {"cards": [c.value for c in revealed if c]}, reveals=True
    )
    late = [s for s, card in enumerate(revealed) if card is ActionCard.LATE_DECISION]
    if late:
        discard(state, late, ActionCard.LATE_DECISION)
        return Step.secret(Phase.LATE, late)
    queue_resolutions(state)
    return None


def discard(state: HarvestState, seats: list[int], card: ActionCard) -> None:
    """``card`` is discarded for the rest of the game by each of ``seats``."""
    discarded = list(state.discarded)
    for seat in seats:
        discarded[seat] = (*discarded[seat], card)
    state.discarded = tuple(discarded)


def play_late(state: HarvestState, action: Action, seat: int) -> None:
    state.chosen[seat] = action["card"]
    state.say("select", f"{state.name(seat)} makes a Late Decision face down.")
    after = state.step.after(seat)
    if after is not None:
        state.step = after
        return
    revealed = list(state.revealed)
    late = [s for s, card in enumerate(state.chosen) if card is not None]
    for s in late:
        revealed[s] = state.chosen[s]
    state.revealed = tuple(revealed)
    state.chosen = [None] * state.game.players
    shown = words.listing(
        f"{state.name(s)} {ACTION_WORDS[card]}" for s in late if (card := revealed[s])
    )
    state.say("reveal", f"Late Decisions revealed: {shown}.", reveals=True)
    queue_resolutions(state)
    state.proceed()


def queue_resolutions(state: HarvestState) -> None:
    """The actions resolve clockwise from the Initiative holder."""
    chronicle.actions_revealed(state)
    state.push(*((Task.RESOLVE, seat) for seat in state.order()))
