"""What a seat's screen says about its moves: the odds of a fight or a seduction about to
be tried, and what a Tribute costs.

Every note comes from the seat's own observation (Skills, Blood, the Event
and Trainer Skills on the table, Bloodstones played, the dice shown), read
through the rules' own functions on a state dealt from that observation, so
the browser shows the engine's arithmetic without a copy of the rules. A
seduction's odds count the Seduction cards the seat does not see now.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any

from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame
from ballroom.core.state import Observation
from ballroom.games.vampires_harvest import attempts
from ballroom.games.vampires_harvest.components import Deck, Kind
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import (
    ATTEMPT,
    CATALOG,
    CODEC,
    FACE,
    REROLL,
    STOP,
    Phase,
    Skill,
    Way,
)

REROLLS_COUNTED = 20
"""The most rerolls the odds "with rerolls" count when a reroll costs no Blood."""


def move_hints(
    game: StandardGame[Phase], observation: Observation, legal: Sequence[int]
) -> dict[int, Any]:
    """Notes on the seat's Opportunity, attempt and reroll moves, by action id."""
    seat = observation["seat"]
    step = observation["step"]["step"]
    if seat is None or step not in (Phase.FACE.value, Phase.ATTEMPT.value, Phase.REROLL.value):
        return {}
    state = game.determinize(observation, Rng(0))
    assert isinstance(state, HarvestState)
    notes: dict[int, Any] = {}
    for action in legal:
        move = CODEC.decode(action)
        note: dict[str, Any] | None = None
        if move.family is FACE:
            state.facing = move["card"]
            note = opportunity(state, seat)
        elif move.family is ATTEMPT:
            note = attempt(state, seat, move["way"])
        elif move.family is REROLL:
            note = {"success": reroll_success(state, seat, move["dice"])}
        elif move.family is STOP:
            note = {"success": 1.0 if _won(state, seat) else 0.0}
        if note is not None:
            notes[action] = note
    return notes


def opportunity(state: HarvestState, seat: int) -> dict[str, Any]:
    """What meeting the Opportunity faced takes: a Tribute's cost, a plain fight's or a
    seduction's odds."""
    kind = attempts.facing_kind(state)
    way = {Kind.TRIBUTE: Way.PAY, Kind.SLAY: Way.FIGHT, Kind.SEDUCE: Way.SEDUCE}[kind]
    note = attempt(state, seat, way)
    assert note is not None
    return note


def attempt(state: HarvestState, seat: int, way: Way) -> dict[str, Any] | None:
    if way is Way.PAY:
        cost = attempts.tribute_cost(state, seat)
        return {"kind": "tribute", "cost": cost, "affordable": state.blood[seat] >= cost}
    if way is Way.SEDUCE:
        return seduction(state, seat)
    if way is Way.DECLINE:
        return None
    dice = max(1, attempts.speed_dice(state, seat) + state.boost.fight_dice)
    note: dict[str, Any] = {
        "kind": "slay",
        "dice": dice,
        "hit": attempts.hit_number(state, seat),
        "strength": attempts.strength(state, seat),
        "success": fight_success(state, seat, dice, rerolls=0, fury=way is Way.FURY),
    }
    if way is Way.FURY:
        activation = attempts.fury_activation(state, seat)
        assert activation is not None
        cost = attempts.reroll_cost(state, seat)
        left = state.blood[seat] - activation
        rerolls = REROLLS_COUNTED if cost == 0 else min(REROLLS_COUNTED, left // cost)
        note |= {
            "activation": activation,
            "reroll_cost": cost,
            "rerolls": rerolls,
            "with_rerolls": fight_success(state, seat, dice, rerolls=rerolls, fury=True),
        }
    return note


def _die(state: HarvestState, seat: int, rerolls: int, *, fury: bool) -> list[float]:
    """One combat die's chances of ending as 0, 1, 2... hits, rolled again on a miss up to
    ``rerolls`` times (a 1 only where 1s may be rerolled); a 6 is critical only in ``fury``."""
    tables = CATALOG.skills
    level = state.level(seat, Skill.BLOOD_FURY)
    critical = tables.critical_hits if fury and level >= tables.sixes_critical_from else 1
    ones = level >= tables.ones_rerollable_from
    need = attempts.hit_number(state, seat)
    values = [0.0] * (critical + 1)
    still = 1.0
    for roll in range(rerolls + 1):
        last = roll == rerolls
        for face in range(1, 7):
            p = still / 6
            if face == 6:
                values[critical] += p
            elif face >= need:
                values[1] += p
            elif last or (face == 1 and not ones):
                values[0] += p
        still *= (need - 1 - (0 if ones else 1)) / 6
    return values


def _at_least(dice: Sequence[Sequence[float]], need: int) -> float:
    """The chance that independent dice (each a distribution over hits) make ``need`` hits."""
    totals = [1.0]
    for die in dice:
        new = [0.0] * (len(totals) + len(die) - 1)
        for a, pa in enumerate(totals):
            for b, pb in enumerate(die):
                new[a + b] += pa * pb
        totals = new
    return float(sum(p for hits, p in enumerate(totals) if hits >= need))


def fight_success(state: HarvestState, seat: int, dice: int, *, rerolls: int, fury: bool) -> float:
    """The chance that ``dice`` new combat dice win the fight, every miss rerolled up to
    ``rerolls`` times, in Blood Fury or not."""
    need = attempts.strength(state, seat) - state.boost.fight_hits
    return _at_least([_die(state, seat, rerolls, fury=fury)] * dice, need)


def _won(state: HarvestState, seat: int) -> bool:
    return attempts.hits(state, seat) >= attempts.strength(state, seat)


def reroll_success(state: HarvestState, seat: int, again: tuple[int, ...]) -> float:
    """The chance of winning after one reroll of the dice ``again`` (by face)."""
    kept = list(state.dice)
    for face in again:
        kept.remove(face)
    shown = state.dice
    state.dice = tuple(kept)
    need = attempts.strength(state, seat) - attempts.hits(state, seat)
    state.dice = shown
    return _at_least([_die(state, seat, 0, fury=state.fury)] * len(again), need)


def seduction(state: HarvestState, seat: int) -> dict[str, Any]:
    """How many cards a seduction draws and keeps, and the chance that a Success is among
    them, drawn from the Seduction cards the seat does not see."""
    level = state.level(seat, Skill.GLAMOUR)
    draw = max(
        1,
        CATALOG.skills.glamour_draw[level]
        + state.modifier(seat, "seduce-draw")
        + state.boost.seduce_draw,
    )
    seen = {
        card
        for zone in state.zones.view(seat).zones
        if zone.cards is not None
        for card in zone.cards
    }
    unseen = [card for card in CATALOG.deck(Deck.SEDUCTION) if card not in seen]
    misses = sum(1 for card in unseen if not CATALOG.cards[card].success)
    drawn = min(draw, len(unseen))
    success = 1.0 - comb(misses, drawn) / comb(len(unseen), drawn) if unseen else 0.0
    return {
        "kind": "seduce",
        "draw": draw,
        "keep": attempts.keep_limit(state, seat),
        "success": success,
    }
