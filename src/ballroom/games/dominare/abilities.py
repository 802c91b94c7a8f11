"""What an ability's operations do: Dominare's own operations of the effect language.

Abilities are data (``data/*.toml``): ``ballroom.core.effects`` reads them
and checks their conditions (an agent's rank, its traits), and hands each
operation to the state (``DominareState.perform``), which queues it as a
``Pending`` with a task to do it. Each operation here is done in turn; one
that needs a decision (a block, a player, a district, an agent, up or
down, how many crowns) waits at that step and is done once answered.

Operations (``act``): ``place`` (influence in one block of ``where``;
``vacant``, ``adjacent`` to the block last acted on; ``every``: one block
in each district), ``remove`` (up to ``amount`` from one block, a
``rival``'s, or from ``each``/``each-rival`` block of a district), ``move``
(from one block to an adjacent one), ``steal`` (from one ``player``, from
``each``, or ``to-knave``: to a player with a Knave), ``exposure``
(``self``, a ``player``, ``either`` way, an ``other-either``),
``district-vp``, ``flip`` (``self``, one of your ``own`` with a trait,
up to ``amount`` of ``any`` player's, the ``highest`` of a player),
``rally``, ``recruit`` (draw ``amount``, keep one), ``extra-action``,
``bonus-action`` (after every other action of the Season), ``ability`` (an
extra agent ability of the traits ``where``), ``swap`` (two ranks),
``gain-exposure``, ``double-exposure``, ``peek-events``, ``pay``,
``spend-or-exposure`` and ``buy-off-exposure`` (events); and the amounts of
the basic abilities ``inspire`` (in the block ``where``) and ``whitewash``
(the way ``target``), asked once the action has named the block or the way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.actions import Action
from ballroom.core.flow import Step
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import action_phase, faces
from ballroom.games.dominare.components import Trait
from ballroom.games.dominare.influence import blocks_in, districts_named, place, remove
from ballroom.games.dominare.state import NOBODY, Pending, crowns
from ballroom.games.dominare.turn import (
    AGENT_PICK,
    AMOUNT,
    AMOUNT_PHASE,
    ANSWER,
    CATALOG,
    DISTRICT_PICK,
    DONE,
    EVENT_PHASE,
    EVENT_STEP,
    MAX_BUY,
    OP_TASK,
    PLACE,
    PLAYER,
    SEAT_STEPS,
    SIGN,
    SPEND,
    Answer,
    Direction,
    Phase,
    Task,
    block_names,
    block_of,
    place_moves,
)

if TYPE_CHECKING:
    from ballroom.games.dominare.state import DominareState

SKIP = -1
"""A ``picked`` value: the optional choice was declined."""

AMOUNTS = tuple(AMOUNT(n) for n in range(1, MAX_BUY + 1))
"""Every ``amount`` move, from 1 up: an Inspire or a Whitewash offers the first few."""
UP_TO = tuple(AMOUNTS[:most] for most in range(MAX_BUY + 1))
"""The ``amount`` moves up to each most (none for 0), made once: the same choices offered
again are encoded once."""
Want = tuple[Phase, Sequence[Action]]
"""A decision an operation waits for: the step and the seat's choices."""
Doer = Callable[["DominareState", Pending], "Want | None"]


# -- the task ----------------------------------------------------------------------


def op(state: DominareState, seat: int) -> Step[Phase] | None:
    """Do the first pending operation, or wait at the decision it needs."""
    want = DOERS[state.ops[0].act](state, state.ops[0])
    if want is None:
        finish(state)
        return None
    if want[0] is EVENT_PHASE:
        return EVENT_STEP
    return SEAT_STEPS[want[0]][state.ops[0].seat]


def finish(state: DominareState) -> None:
    state.ops = state.ops[1:]
    state.picked = ()


def choices(state: DominareState, seat: int) -> Sequence[Action]:
    want = DOERS[state.ops[0].act](state, state.ops[0])
    assert want is not None
    return want[1]


def play(state: DominareState, action: Action, seat: int) -> None:
    """Record the answer; the operation's task runs again with it."""
    values = action.values
    if action.family is DONE:
        value = SKIP
    elif action.family is AGENT_PICK:
        value = (values[0] - 1) * 10 + values[1]
    elif action.family is PLAYER:
        value = values[0] - 1
    elif action.family is SIGN:
        value = 1 if values[0] is Direction.UP else 0
    elif action.family is ANSWER:
        value = 1 if values[0] is Answer.YES else 0
    elif action.family is PLACE:
        value = block_of(state.board, action)
    else:
        value = values[0]
    state.picked = (*state.picked, value)
    state.push((OP_TASK, seat))
    state.proceed()


# -- the operations ------------------------------------------------------------------


def _gain(state: DominareState, p: Pending) -> Want | None:
    state.gain_crowns(p.seat, p.amount)
    state.say("gain", f"{state.name(p.seat)} gains {crowns(p.amount)}.")
    return None


def _pay(state: DominareState, p: Pending) -> Want | None:
    paid = -state.gain_crowns(p.seat, -p.amount)
    state.say("pay", f"{state.name(p.seat)} pays {crowns(paid)}.")
    return None


def _block_moves(state: DominareState, blocks: Sequence[int]) -> list[Action]:
    """The ``place`` move of each of ``blocks``, in that order."""
    moves = place_moves(state.board)
    return [moves[b] for b in blocks]


def _block_name(state: DominareState, block: int) -> str:
    return block_names(state.board)[block]


def _place(state: DominareState, p: Pending) -> Want | None:
    if not state.picked:
        blocks: Sequence[int] = blocks_in(state, p.where)
        if p.target == "vacant":
            blocks = [b for b in blocks if state.owners[b] == NOBODY]
        elif p.target == "adjacent":
            near = state.board.adjacent[state.last_block] if state.last_block != NOBODY else ()
            blocks = [b for b in blocks if b in near]
        return (Phase.BLOCK, _block_moves(state, blocks)) if blocks else None
    block = state.picked[0]
    place(state, p.seat, block, p.amount)
    state.last_block = block
    state.say(
        "place", f"{state.name(p.seat)} places {p.amount} influence in {_block_name(state, block)}."
    )
    return None


def _district_first(state: DominareState, p: Pending) -> Want | None:
    """The district a ``chosen`` operation acts in, asked first."""
    return (Phase.DISTRICT, [DISTRICT_PICK(d) for d in districts_named("any")])


def _remove(state: DominareState, p: Pending) -> Want | None:
    if p.target in ("each", "each-rival"):
        if p.where == "chosen" and not state.picked:
            return _district_first(state, p)
        where = CATALOG.districts[state.picked[0]].id if p.where == "chosen" else p.where
        for block in blocks_in(state, where):
            if p.target == "each-rival" and state.owners[block] in (p.seat, NOBODY):
                continue
            remove(state, block, p.amount)
        state.say(
            "remove",
            f"Influence is removed from the blocks of {faces.district_words(CATALOG, where)}.",
        )
        return None
    if not state.picked:
        blocks = [b for b in blocks_in(state, p.where) if state.tokens[b]]
        if p.target == "rival":
            blocks = [b for b in blocks if state.owners[b] != p.seat]
        return (Phase.BLOCK, [*_block_moves(state, blocks), DONE()]) if blocks else None
    block = state.picked[0]
    if block != SKIP:
        taken = remove(state, block, p.amount)
        state.last_block = block
        state.say("remove", f"{taken} influence is removed from {_block_name(state, block)}.")
    return None


def _move(state: DominareState, p: Pending) -> Want | None:
    if not state.picked:
        blocks = [b for b in blocks_in(state, p.where) if state.tokens[b]]
        return (Phase.BLOCK, [*_block_moves(state, blocks), DONE()]) if blocks else None
    source = state.picked[0]
    if source == SKIP:
        return None
    if len(state.picked) == 1:
        return (
            Phase.BLOCK,
            _block_moves(state, sorted(state.board.adjacent[source])),
        )
    owner = state.owners[source]
    moved = remove(state, source, p.amount)
    place(state, owner, state.picked[1], moved)
    state.last_block = state.picked[1]
    state.say(
        "move",
        f"{state.name(p.seat)} moves {moved} of {state.name(owner)}'s influence from "
        f"{_block_name(state, source)} to {_block_name(state, state.picked[1])}.",
    )
    return None


def _players(state: DominareState, seats: list[int]) -> Want:
    return (Phase.PLAYER, [PLAYER(s + 1) for s in seats])


def _others(state: DominareState, seat: int) -> list[int]:
    return [s for s in range(state.game.players) if s != seat]


def _take(
    state: DominareState, thief: int, victim: int, amount: int, to: int | None = None
) -> None:
    taken = -state.gain_crowns(victim, -amount)
    state.gain_crowns(thief if to is None else to, taken)
    state.say("steal", f"{state.name(thief)} steals {crowns(taken)} from {state.name(victim)}.")


def _steal(state: DominareState, p: Pending) -> Want | None:
    if p.target == "each":
        for victim in _others(state, p.seat):
            _take(state, p.seat, victim, p.amount)
        return None
    if not state.picked:
        return _players(state, _others(state, p.seat))
    if p.target == "to-knave":
        if len(state.picked) == 1:
            knaves = [s for s in range(state.game.players) if state.has_trait(s, Trait.KNAVE)]
            if knaves:
                return _players(state, knaves)
            return None
        _take(state, p.seat, state.picked[0], p.amount, state.picked[1])
        return None
    _take(state, p.seat, state.picked[0], p.amount)
    return None


def _exposure(state: DominareState, p: Pending) -> Want | None:
    if p.target == "self":
        state.adjust_exposure(p.seat, p.amount)
        state.say("exposure", f"{state.name(p.seat)}'s exposure {faces.by(p.amount)}.")
        return None
    if not state.picked:
        seats = (
            _others(state, p.seat)
            if p.target == "other-either"
            else list(range(state.game.players))
        )
        return _players(state, seats)
    amount = p.amount
    if p.target in ("either", "other-either"):
        if len(state.picked) == 1:
            return (Phase.SIGN, [SIGN(Direction.UP), SIGN(Direction.DOWN)])
        amount = amount if state.picked[1] else -amount
    state.adjust_exposure(state.picked[0], amount)
    state.say(
        "exposure",
        f"{state.name(state.picked[0])}'s exposure {faces.by(amount)} ({state.name(p.seat)}'s doing).",
    )
    return None


def _district_vp(state: DominareState, p: Pending) -> Want | None:
    if p.where in ("swamp", "any") and not state.picked:
        return (Phase.DISTRICT, [DISTRICT_PICK(d) for d in districts_named(p.where)])
    chosen = [state.picked[0]] if state.picked else districts_named(p.where)
    for district in chosen:
        state.adjust_vp(district, p.amount)
    names = words.listing(CATALOG.districts[d].name for d in chosen)
    changed = faces.by(p.amount, "raises", "lowers")
    state.say("vp", f"{state.name(p.seat)} {changed.replace(' by', f' the VP of {names} by')}.")
    return None


def _flippable(state: DominareState, seat: int, rank: int, traits: str) -> bool:
    if not state.face_up(seat, rank) or state.agent_at(seat, rank).cannot_flip:
        return False
    return not traits or bool({t.value for t in state.traits(seat, rank)} & set(traits.split("|")))


def _flip_down(state: DominareState, seat: int, rank: int) -> None:
    state.set_rank(seat, rank, down=True)
    state.say(
        "flip", f"{state.name(seat)}'s {state.agent_at(seat, rank).name} is flipped face down."
    )


def _flip(state: DominareState, p: Pending) -> Want | None:
    if p.target == "self":
        if _flippable(state, p.seat, p.rank, ""):
            _flip_down(state, p.seat, p.rank)
        return None
    if p.target == "highest":
        seat = p.seat
        if p.where == "next-in-order":
            seat = state.order[(state.order.index(p.seat) + 1) % len(state.order)]
        ranks = [r for r in range(len(state.ranks[seat]), 0, -1) if _flippable(state, seat, r, "")]
        if ranks:
            _flip_down(state, seat, ranks[0])
        return None
    chosen = [v for v in state.picked if v != SKIP]
    finished = (bool(state.picked) and state.picked[-1] == SKIP) or len(chosen) >= p.amount
    if not finished:
        seats = [p.seat] if p.target == "own" else list(range(state.game.players))
        agents = [
            AGENT_PICK(s + 1, r)
            for s in seats
            for r in range(1, len(state.ranks[s]) + 1)
            if _flippable(state, s, r, p.where) and s * 10 + r not in chosen
        ]
        if agents:
            return (Phase.AGENT, agents if p.target == "own" else [*agents, DONE()])
        if p.target == "own" and not chosen:
            _drop_rest(state, p)
            return None
    for value in chosen:
        _flip_down(state, value // 10, value % 10)
    return None


def _drop_rest(state: DominareState, p: Pending) -> None:
    """A cost that cannot be paid: the rest of the ability is not done."""
    rest = tuple(o for o in state.ops[1:] if o.source != p.source or o.seat != p.seat)
    dropped = len(state.ops) - 1 - len(rest)
    state.ops = (state.ops[0], *rest)
    for _ in range(dropped):
        index = state.agenda.index((Task.OP, p.seat))
        state.agenda = (*state.agenda[:index], *state.agenda[index + 1 :])


def _rally(state: DominareState, p: Pending) -> Want | None:
    action_phase.rally(state, p.seat, p.where)
    return None


def _recruit(state: DominareState, p: Pending) -> Want | None:
    action_phase.recruit(state, p.seat, p.amount, p.where if p.target == "keep-only" else "")
    return None


def _extra_action(state: DominareState, p: Pending) -> Want | None:
    state.push(*((Task.ACTION, p.seat) for _ in range(p.amount)))
    state.say("extra", f"{state.name(p.seat)} takes an extra action at once.")
    return None


def _bonus_action(state: DominareState, p: Pending) -> Want | None:
    state.bonus = tuple(b + (s == p.seat) * p.amount for s, b in enumerate(state.bonus))
    state.say("bonus", f"{state.name(p.seat)} will take an extra action after all others.")
    return None


def _ability(state: DominareState, p: Pending) -> Want | None:
    if not state.picked:
        found = action_phase.usable_abilities(state, p.seat, p.where)
        return (Phase.EXTRA, [*found, DONE()]) if found else None
    return None


def extra_played(state: DominareState, action: Action, seat: int) -> None:
    """An extra agent ability chosen: it is done before the rest of the ability."""
    finish(state)
    if action.family is not DONE:
        rank, number = action.values
        action_phase.use_agent(state, seat, rank, number)
    state.proceed()


def _swap(state: DominareState, p: Pending) -> Want | None:
    if not state.picked:
        ranks = [r for r in range(1, len(state.ranks[p.seat]) + 1) if r != p.rank]
        return (Phase.AGENT, [AGENT_PICK(p.seat + 1, r) for r in ranks]) if ranks else None
    other = state.picked[0] % 10
    seat, a, b = p.seat, p.rank - 1, other - 1
    ranks, down, used = list(state.ranks[seat]), list(state.down[seat]), list(state.used[seat])
    ranks[a], ranks[b] = ranks[b], ranks[a]
    down[a], down[b] = down[b], down[a]
    used[a], used[b] = used[b], used[a]
    state.ranks = (*state.ranks[:seat], tuple(ranks), *state.ranks[seat + 1 :])
    state.down = (*state.down[:seat], tuple(down), *state.down[seat + 1 :])
    state.used = (*state.used[:seat], tuple(used), *state.used[seat + 1 :])
    state.say("swap", f"{state.name(seat)} swaps ranks {p.rank} and {other}.")
    return None


def _gain_exposure(state: DominareState, p: Pending) -> Want | None:
    amount = min(state.exposure[p.seat], p.amount)
    state.gain_crowns(p.seat, amount)
    state.say("gain", f"{state.name(p.seat)} gains {crowns(amount)}.")
    return None


def _double(state: DominareState, p: Pending) -> Want | None:
    state.doubled = True
    state.say("double", "For the rest of the Season, exposure gains are doubled.")
    return None


def _peek(state: DominareState, p: Pending) -> Want | None:
    top = state.zones.zone("event-top").cards
    if top:
        state.zones = state.zones.show(top[-1], [p.seat])
        state.say("peek", f"{state.name(p.seat)} looks at the top event and returns it.")
        return None
    if not state.zones.zone("event-deck").size:
        return None
    return (Phase.EVENT, [])


def peeked(state: DominareState, card: int) -> None:
    """The top event drawn for a look: it waits on top of the deck."""
    state.zones = state.zones.move(card, ZoneId("event-top"))
    state.push((Task.OP, state.ops[0].seat))


def _inspire(state: DominareState, p: Pending) -> Want | None:
    block = state.board.index(p.where)
    if not state.picked:
        return (AMOUNT_PHASE, UP_TO[action_phase.most_inspired(state, p.seat, block)])
    action_phase.inspire(state, p.seat, block, state.picked[0])
    return None


def _whitewash(state: DominareState, p: Pending) -> Want | None:
    way = Direction(p.target)
    if not state.picked:
        return (AMOUNT_PHASE, UP_TO[action_phase.most_whitewashed(state, p.seat, way)])
    action_phase.whitewash(state, p.seat, way, state.picked[0])
    return None


def _spend_or_exposure(state: DominareState, p: Pending) -> Want | None:
    if not state.picked:
        can = state.crowns[p.seat] >= p.amount
        return (
            Phase.SPEND,
            [ANSWER(Answer.YES), ANSWER(Answer.NO)] if can else [ANSWER(Answer.NO)],
        )
    if state.picked[0]:
        state.gain_crowns(p.seat, -p.amount)
        state.say("spend", f"{state.name(p.seat)} spends {crowns(p.amount)}.")
    else:
        highest = state.highest_exposure_value(p.seat)
        state.adjust_exposure(p.seat, highest)
        state.say("exposure", f"{state.name(p.seat)}'s exposure {faces.by(highest)}.")
    return None


def _buy_off(state: DominareState, p: Pending) -> Want | None:
    if not state.picked:
        most = min(p.amount, state.crowns[p.seat], state.exposure[p.seat])
        return (Phase.SPEND, [SPEND(n) for n in range(most + 1)])
    spent = state.picked[0]
    state.gain_crowns(p.seat, -spent)
    state.adjust_exposure(p.seat, -spent)
    state.say(
        "spend", f"{state.name(p.seat)} spends {crowns(spent)}; their exposure {faces.by(-spent)}."
    )
    return None


DOERS: dict[str, Doer] = {
    "gain": _gain,
    "pay": _pay,
    "place": _place,
    "remove": _remove,
    "move": _move,
    "steal": _steal,
    "exposure": _exposure,
    "district-vp": _district_vp,
    "flip": _flip,
    "rally": _rally,
    "recruit": _recruit,
    "extra-action": _extra_action,
    "bonus-action": _bonus_action,
    "ability": _ability,
    "swap": _swap,
    "gain-exposure": _gain_exposure,
    "double-exposure": _double,
    "peek-events": _peek,
    "spend-or-exposure": _spend_or_exposure,
    "buy-off-exposure": _buy_off,
    "inspire": _inspire,
    "whitewash": _whitewash,
}
