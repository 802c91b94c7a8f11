"""Paying Tribute, Slaying an Enemy, Seducing Humans: attempting an Opportunity.

Before meeting it, the player may play Bloodstones of that moment (tribute,
slay, seduce); this step is met whatever the player holds.

- Tribute: pay the Blood shown (less the turn's modifiers and Bloodstones)
  for the rewards.
- Slay: Blood Fury is declared, and its activation paid, before the first
  roll (RULINGS 9). Roll the Speed dice; a die at or above the hit number
  hits. Only in a declared Blood Fury is a 6 a critical hit worth more (from
  the critical level), and only then may the player pay the reroll cost,
  again and again while it can: each reroll rolls again any of the dice it
  picks (by face and count, since dice showing one face are alike), except
  a 1 below the level where 1s become rerollable. Success is at least as
  many hits as the Enemy's strength.
- Seduce: draw Glamour's number of Seduction cards (seen only by the
  seducer), keep Glamour's number of them one by one (each shown), and gain
  the rewards once per Success kept. Every drawn card then goes face down to
  the Seduction discards.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.flow import Step
from ballroom.games.vampires_harvest import cards, chronicle
from ballroom.games.vampires_harvest.components import Deck, Kind, Moment
from ballroom.games.vampires_harvest.prepare import play_stone, playable_stones
from ballroom.games.vampires_harvest.resolution import finish_attempt
from ballroom.games.vampires_harvest.state import DRAWN, KEPT
from ballroom.games.vampires_harvest.turn import (
    ATTEMPTS,
    CATALOG,
    KEEPS,
    NO_MOVE,
    REROLL,
    STONE,
    STONES,
    STOP,
    Phase,
    Skill,
    Task,
    Way,
    dice_words,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.vampires_harvest.state import HarvestState

MOMENTS = {Kind.TRIBUTE: Moment.TRIBUTE, Kind.SLAY: Moment.SLAY, Kind.SEDUCE: Moment.SEDUCE}


def facing_kind(state: HarvestState) -> Kind:
    assert state.facing is not None
    kind = CATALOG.cards[state.facing].kind
    assert kind is not None
    return kind


def tribute_cost(state: HarvestState, seat: int) -> int:
    assert state.facing is not None
    base = CATALOG.cards[state.facing].cost
    return max(0, base + state.modifier(seat, "tribute-cost") - state.boost.tribute_discount)


def fury_activation(state: HarvestState, seat: int) -> int | None:
    """Blood Fury's activation cost at the seat's level, or ``None`` below its first level."""
    level = state.level(seat, Skill.BLOOD_FURY)
    if level < CATALOG.skills.fury_from:
        return None
    return CATALOG.skills.fury_activation[level]


def attempt_choices(state: HarvestState, seat: int) -> list[Action]:
    kind = facing_kind(state)
    ways = [Way.DECLINE]
    if kind is Kind.TRIBUTE and state.blood[seat] >= tribute_cost(state, seat):
        ways.append(Way.PAY)
    if kind is Kind.SLAY:
        ways.append(Way.FIGHT)
        activation = fury_activation(state, seat)
        if activation is not None and state.blood[seat] >= activation:
            ways.append(Way.FURY)
    if kind is Kind.SEDUCE:
        ways.append(Way.SEDUCE)
    stones = [STONES[card] for card in playable_stones(state, seat, MOMENTS[kind])]
    return [*(ATTEMPTS[way] for way in ways), *stones]


def play_attempt(state: HarvestState, action: Action, seat: int) -> None:
    kind = facing_kind(state)
    if action.family is STONE:
        (card,) = action.values
        play_stone(state, card, seat, MOMENTS[kind])
        return
    (way,) = action.values
    assert state.facing is not None
    name = CATALOG.cards[state.facing].name
    if way is not Way.DECLINE:
        chronicle.opportunity_taken(state, seat, state.facing)
    if way is Way.DECLINE:
        state.say("decline", f"{state.name(seat)} leaves {name} alone.")
        finish_attempt(state, seat, success=False)
    elif way is Way.PAY:
        cost = tribute_cost(state, seat)
        state.gain_blood(seat, -cost)
        state.say("tribute", f"{state.name(seat)} pays {cost} Blood in Tribute: {name}.")
        reward(state, seat, 1)
        finish_attempt(state, seat, success=True)
    elif way in (Way.FIGHT, Way.FURY):
        if way is Way.FURY:
            activation = fury_activation(state, seat)
            assert activation is not None
            state.gain_blood(seat, -activation)
            state.fury = True
            state.say("fury", f"{state.name(seat)} declares Blood Fury for {activation} Blood.")
        count = max(1, speed_dice(state, seat) + state.boost.fight_dice)
        state.say("fight", f"{state.name(seat)} fights {name} with {count} dice.")
        state.push(*((Task.FIGHT_DIE, seat),) * count, (Task.FIGHT_CHECK, seat))
    else:
        level = state.level(seat, Skill.GLAMOUR)
        draw = CATALOG.skills.glamour_draw[level] + state.modifier(seat, "seduce-draw")
        count = max(1, draw + state.boost.seduce_draw)
        state.say("seduce", f"{state.name(seat)} tries to seduce {name}: {count} cards.")
        state.push(*((Task.SEDUCE_DRAW, seat),) * count, (Task.SEDUCE_KEEP, seat))
    state.proceed()


def reward(state: HarvestState, seat: int, times: int) -> None:
    """The facing Opportunity's rewards, ``times`` over."""
    assert state.facing is not None
    for _ in range(times):
        state.run_ability(state.facing, seat, "reward")


# -- Slay -------------------------------------------------------------------------


def speed_dice(state: HarvestState, seat: int) -> int:
    level = state.level(seat, Skill.SPEED)
    return CATALOG.skills.speed_dice[level] + state.modifier(seat, "speed-dice")


def hit_number(state: HarvestState, seat: int) -> int:
    level = state.level(seat, Skill.SPEED)
    return min(6, max(2, CATALOG.skills.hit[level] + state.modifier(seat, "hit-number")))


def critical_sixes(state: HarvestState, seat: int) -> bool:
    """Whether a 6 is a critical hit: only in a declared Blood Fury, from its level."""
    return state.fury and state.level(seat, Skill.BLOOD_FURY) >= CATALOG.skills.sixes_critical_from


def hits(state: HarvestState, seat: int) -> int:
    """Hits of the dice rolled so far: criticals count more in Blood Fury from their level."""
    tables = CATALOG.skills
    critical = critical_sixes(state, seat)
    need = hit_number(state, seat)
    total = state.boost.fight_hits
    for face in state.dice:
        if face == 6 and critical:
            total += tables.critical_hits
        elif face >= need:
            total += 1
    return total


def strength(state: HarvestState, seat: int) -> int:
    assert state.facing is not None
    return CATALOG.cards[state.facing].strength + state.modifier(seat, "enemy-strength")


def fight_rolled(state: HarvestState, face: int) -> None:
    state.dice = (*state.dice, face)
    state.say("die", lambda d: f"The combat die shows {d['face']}.", {"face": face})


def reroll_cost(state: HarvestState, seat: int) -> int:
    level = state.level(seat, Skill.BLOOD_FURY)
    return max(0, CATALOG.skills.fury_reroll[level] + state.modifier(seat, "reroll-cost"))


def rerollable(state: HarvestState, seat: int) -> tuple[int, ...]:
    """The dice a reroll may pick, highest first: every die but a 1 below the level where 1s
    become rerollable."""
    ones = state.level(seat, Skill.BLOOD_FURY) >= CATALOG.skills.ones_rerollable_from
    return tuple(sorted((face for face in state.dice if face > 1 or ones), reverse=True))


def fight_check(state: HarvestState, seat: int) -> Step[Phase] | None:
    """After a roll: a player in Blood Fury who can pay may reroll; else the fight is decided."""
    if state.fury and rerollable(state, seat) and state.blood[seat] >= reroll_cost(state, seat):
        return Step.seat(Phase.REROLL, seat)
    settle_fight(state, seat)
    return None


def reroll_choices(state: HarvestState, seat: int) -> list[Action]:
    """Every non-empty pick of the rerollable dice (so many of each face as shown), and stop."""
    return list(reroll_moves(rerollable(state, seat)))


@cache
def reroll_moves(dice: tuple[int, ...]) -> tuple[Action, ...]:
    """``reroll_choices`` for the rerollable ``dice``, worked out once per set of dice."""
    shown = sorted(Counter(dice).items(), reverse=True)
    picks = [
        tuple(face for (face, _), n in zip(shown, counts, strict=True) for _ in range(n))
        for counts in product(*(range(n + 1) for _, n in shown))
    ]
    return (*(REROLL(pick) for pick in picks if pick), NO_MOVE[STOP])


def play_reroll(state: HarvestState, action: Action, seat: int) -> None:
    if action.family is REROLL:
        again: tuple[int, ...] = action["dice"]
        kept = list(state.dice)
        for face in again:
            kept.remove(face)
        state.dice = tuple(kept)
        cost = reroll_cost(state, seat)
        state.gain_blood(seat, -cost)
        state.say("reroll", f"{state.name(seat)} pays {cost} Blood to reroll {dice_words(again)}.")
        state.push(*((Task.FIGHT_DIE, seat),) * len(again), (Task.FIGHT_CHECK, seat))
    else:
        settle_fight(state, seat)
    state.proceed()


def settle_fight(state: HarvestState, seat: int) -> None:
    scored, needed = hits(state, seat), strength(state, seat)
    assert state.facing is not None
    name = CATALOG.cards[state.facing].name
    won = scored >= needed
    verdict = "slays" if won else "fails to slay"
    state.say(
        "slay",
        f"{state.name(seat)} {verdict} {name}: {words.count(scored, 'hit')} against strength "
        f"{needed}.",
    )
    if won:
        reward(state, seat, 1)
    finish_attempt(state, seat, success=won)


# -- Seduce ------------------------------------------------------------------------


def seduce_draw(state: HarvestState, seat: int) -> Step[Phase] | None:
    return cards.draw_step(state, Deck.SEDUCTION)


def keep_limit(state: HarvestState, seat: int) -> int:
    level = state.level(seat, Skill.GLAMOUR)
    keep = CATALOG.skills.glamour_keep[level] + state.modifier(seat, "seduce-keep")
    return max(1, keep + state.boost.seduce_keep)


def seduce_keep(state: HarvestState, seat: int) -> Step[Phase] | None:
    if state.kept < keep_limit(state, seat) and state.zones[DRAWN[seat]].size:
        return Step.seat(Phase.KEEP, seat)
    settle_seduction(state, seat)
    return None


def keep_choices(state: HarvestState, seat: int) -> list[Action]:
    keeps = KEEPS
    return [keeps[card] for card in state.zones[DRAWN[seat]].cards]


def play_keep(state: HarvestState, action: Action, seat: int) -> None:
    card = action["card"]
    state.zones = state.zones.move(card, KEPT[seat])
    state.kept += 1
    seduction = CATALOG.cards[card]
    label = "Success" if seduction.success else "no success"
    state.say(
        "keep",
        f"{state.name(seat)} keeps {seduction.name} ({label}).",
        {"card": card},
        reveals=True,
    )
    state.push((Task.SEDUCE_KEEP, seat))
    state.proceed()


def settle_seduction(state: HarvestState, seat: int) -> None:
    kept = state.zones[KEPT[seat]].cards
    successes = sum(1 for card in kept if CATALOG.cards[card].success)
    assert state.facing is not None
    name = CATALOG.cards[state.facing].name
    if successes:
        state.say(
            "seduce",
            f"{state.name(seat)} seduces {name}: {words.count(successes, 'Success')} kept.",
        )
    else:
        state.say("seduce", f"{state.name(seat)} fails to seduce {name}: no Success kept.")
    reward(state, seat, successes)
    cards.discard_all(state, (KEPT[seat], DRAWN[seat]))
    finish_attempt(state, seat, success=successes > 0)
