"""The Conspiracy Phase: a new agent in each conspiracy, its exposure, the player order.

Every seat holding agents chooses one in secret and all are revealed
together into the rank equal to the Season; a seat with no agent in hand
takes the deck's top card. "When revealed" abilities resolve in player
order from the scapegoat. Then the new order: highest exposure first (the
scapegoat); ties go to the highest single exposure value in the ranks,
then to the player closest to the left of the scapegoat (the current one
when choosing the new scapegoat, the new one after that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.games.dominare import chronicle, faces, setup
from ballroom.games.dominare.components import DECK_SIZE
from ballroom.games.dominare.state import CHOSEN_PILES, HANDS, RANK_PILES
from ballroom.games.dominare.turn import CATALOG, SELECT, Phase, Task

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState


SELECT_TASKS = ((Task.SELECT, 0), (Task.REVEAL, 0), (Task.ORDER, 0))
"""The Conspiracy Phase after each seat's draw: choose, reveal, order."""


def season(state: DominareState, seat: int) -> None:
    """A new Season: agents ready again, district abilities unused, Cells' ranks flipped."""
    state.season += 1
    n = state.game.players
    state.used = tuple((False,) * len(state.ranks[s]) for s in range(n))
    state.district_used = (False,) * len(state.district_used)
    state.say("season", f"Season {state.season} begins.", {"season": state.season})
    if state.game.cells:
        for s in range(n):
            for rank in range(1, len(state.ranks[s]) + 1):
                if state.dead(s, rank):
                    state.set_rank(s, rank, down=True)
    tasks: list[tuple[Task, int]] = []
    if state.season == setup.DRAFT_SEASON and state.game.draft:
        tasks += setup.draft_tasks(state)
    draw = Task.SELECT_DRAW  # read off the enum once (``turn.OP_TASK``)
    tasks += [(draw, s) for s in state.order]
    tasks += SELECT_TASKS
    state.push(*tasks)


def select_draw(state: DominareState, seat: int) -> Step[Phase] | None:
    """A seat without agents in hand takes the top agent of the deck."""
    if state.zones[HANDS[seat]].size:
        return None
    return setup.draw_step(state)


def select(state: DominareState, seat: int) -> Step[Phase] | None:
    zones = state.zones
    seats = [
        s
        for s in range(state.game.players)
        if zones[HANDS[s]].size and not zones[CHOSEN_PILES[s]].size
    ]
    return Step.secret(Phase.SELECT, seats) if seats else None


SELECTS = tuple(SELECT(card) for card in range(DECK_SIZE))
"""The ``select`` move of each agent card, by card."""


def select_choices(state: DominareState, seat: int) -> list[Action]:
    return [SELECTS[card] for card in state.zones[HANDS[seat]].cards]


def play_select(state: DominareState, action: Action, seat: int) -> None:
    state.zones = state.zones.move(action.values[0], CHOSEN_PILES[seat])
    state.say("select", f"{state.name(seat)} places an agent face down.")
    after = state.step.after(seat)
    if after is not None:
        state.step = after
        return
    state.proceed()


def reveal(state: DominareState, seat: int) -> None:
    """Every chosen agent turned face up into the Season's rank; its exposure added."""
    for s in range(state.game.players):
        chosen = state.zones[CHOSEN_PILES[s]].cards
        if not chosen:
            continue
        card = chosen[0]
        enter_rank(state, s, card)
        agent = CATALOG.agent(card)
        state.adjust_exposure(s, agent.exposure)
        state.say(
            "reveal",
            f"{state.name(s)} reveals {agent.name} in rank {len(state.ranks[s])}; their "
            f"exposure {faces.by(agent.exposure)}.",
            {"seat": s, "card": card},
            reveals=True,
        )
    revealed = Task.REVEALED  # read off the enum once (``turn.OP_TASK``)
    state.push(*((revealed, s) for s in state.order))


def enter_rank(state: DominareState, seat: int, card: int, rank: int | None = None) -> None:
    """``card`` face up into ``seat``'s next rank (or into ``rank``, replacing)."""
    state.zones = state.zones.move(card, RANK_PILES[seat])
    chronicle.agent_entered(state, seat, card)
    ranks = list(state.ranks[seat])
    if rank is None:
        ranks.append(card)
        state.down = _grow(state.down, seat)
        state.used = _grow(state.used, seat)
    else:
        ranks[rank - 1] = card
        state.set_rank(seat, rank, down=False, used=False)
    state.ranks = (*state.ranks[:seat], tuple(ranks), *state.ranks[seat + 1 :])


def _grow(rows: tuple[tuple[bool, ...], ...], seat: int) -> tuple[tuple[bool, ...], ...]:
    return (*rows[:seat], (*rows[seat], False), *rows[seat + 1 :])


def revealed(state: DominareState, seat: int) -> None:
    """The "when revealed" ability of ``seat``'s newest agent, if it has one."""
    rank = state.season
    if len(state.ranks[seat]) < rank:
        return
    when = state.agent_at(seat, rank).revealed
    if when is not None:
        state.start(when, seat, rank, "revealed")


def when_revealed(state: DominareState, seat: int, rank: int) -> None:
    """Queue the "when revealed" ability of the agent entering ``rank`` (by Replace)."""
    when = state.agent_at(seat, rank).revealed
    if when is not None:
        state.start(when, seat, rank, "revealed")


def order(state: DominareState, seat: int) -> None:
    """Determine the player order; then the rest of the Season."""
    state.order = player_order(state.exposure, state.order[0], [
        state.highest_exposure_value(s) for s in range(state.game.players)
    ])  # fmt: skip
    chronicle.order_determined(state)
    names = ", ".join(state.name(s) for s in state.order)
    state.say("order", f"Player order: {names}; {state.name(state.order[0])} is the scapegoat.")
    from ballroom.games.dominare import action_phase

    state.push(*action_phase.season_tasks(state))


def player_order(exposure: tuple[int, ...], scapegoat: int, highest: list[int]) -> tuple[int, ...]:
    """Seats from the new scapegoat on: exposure, then the highest single exposure value,
    then closeness to the left of the current scapegoat (first place) or of the new one."""
    n = len(exposure)

    def left_of(anchor: int, seat: int) -> int:
        return (seat - anchor - 1) % n

    first = min(range(n), key=lambda s: (-exposure[s], -highest[s], left_of(scapegoat, s)))
    rest = sorted(
        (s for s in range(n) if s != first),
        key=lambda s: (-exposure[s], -highest[s], left_of(first, s)),
    )
    return (first, *rest)
