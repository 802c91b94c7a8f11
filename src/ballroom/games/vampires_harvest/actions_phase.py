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

from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.flow import Step
from ballroom.games.vampires_harvest import chronicle
from ballroom.games.vampires_harvest.faces import ACTION_WORDS
from ballroom.games.vampires_harvest.turn import AREA_CARDS, SELECT, ActionCard, Phase, Task

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.vampires_harvest.state import HarvestState


def select(state: HarvestState, _: int) -> Step[Phase]:
    return Step.secret(Phase.SELECT, range(state.game.players))


def open_cards(state: HarvestState, seat: int) -> list[ActionCard]:
    """The Action cards ``seat`` may choose now."""
    shut = {AREA_CARDS[area - 1] for area in state.closed}
    unused = AREA_CARDS[state.areas :]
    return [
        card
        for card in ActionCard
        if card not in state.discarded[seat] and card not in shut and card not in unused
    ]


def select_choices(state: HarvestState, seat: int) -> list[Action]:
    return [SELECT(card) for card in open_cards(state, seat)]


def play_select(state: HarvestState, action: Action, seat: int) -> None:
    """A secret choice: the others learn only that this seat has chosen."""
    state.chosen[seat] = action["card"]
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
