"""Resolve Actions: Harvest, Train, an Area, a Chance Encounter; and the end of a turn.

- Harvest: every harvester takes an equal share of the Blood Pool (the
  remainder stays) when the first of them resolves, plus its Harvest bonus
  from the supply.
- Train: buy up to 8 Skill Points at 2 Blood each, then take at most one
  Trainer Skill for its cost in Skill Points (bought or saved).
- An Area: attempt one of its Opportunities (``attempts.py``).
- Chance Encounter: draw five Opportunities (seen only by the player), keep
  one face up in a private Area and attempt it; the other four go face down
  to the discards, and the card itself is discarded for the game.

A successful Opportunity (points scored) leaves play and its Area is refilled
at once from the deck of the turn; a private Area's card is discarded after
its attempt, succeeded or not (it lasts only this turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.flow import Step
from ballroom.games.vampires_harvest import cards, chronicle
from ballroom.games.vampires_harvest.actions_phase import discard
from ballroom.games.vampires_harvest.prepare import turn_agenda
from ballroom.games.vampires_harvest.scoring import final_score
from ballroom.games.vampires_harvest.state import (
    AREA,
    ENCOUNTER,
    ENCOUNTER_DRAW,
    EVENT,
    NO_BOOST,
    PRIVATE_AREA,
    TRAINED,
    TURNS,
    HarvestState,
    zone_id,
)
from ballroom.games.vampires_harvest.turn import (
    BUYS,
    CATALOG,
    FACES,
    MAX_BUY,
    NO_MOVE,
    PASS,
    POINT_PRICE,
    TRAINER,
    TRAINERS,
    ActionCard,
    Phase,
    Skill,
    Task,
)

if TYPE_CHECKING:
    from ballroom.core.actions import Action

TRAINER_SKILLS = zone_id("trainers")


def resolve(state: HarvestState, seat: int) -> Step[Phase] | None:
    """The seat's revealed Action, in its place in the Initiative order."""
    card = state.revealed[seat]
    assert card is not None
    if card is ActionCard.HARVEST:
        harvest(state)
        return None
    if card is ActionCard.TRAIN:
        return Step.seat(Phase.TRAIN, seat)
    if card is ActionCard.CHANCE_ENCOUNTER:
        discard(state, [seat], ActionCard.CHANCE_ENCOUNTER)
        draws = ((Task.ENCOUNTER_DRAW, seat),) * ENCOUNTER_DRAW
        state.push(*draws, (Task.ENCOUNTER_FACE, seat))
        state.say("encounter", f"{state.name(seat)} has a Chance Encounter.")
        return None
    area = card.area
    assert area is not None
    state.facing_area = area
    if not state.zones[AREA[area]].size:
        state.say("area", f"{state.name(seat)} finds Area {area} empty.")
        return None
    return Step.seat(Phase.FACE, seat)


def harvest(state: HarvestState) -> None:
    """Every harvester's share of the Pool and its Harvest bonus, once a turn."""
    if state.harvested:
        return
    state.harvested = True
    harvesters = [s for s in state.order() if state.revealed[s] is ActionCard.HARVEST]
    share = state.pool // len(harvesters)
    state.pool -= share * len(harvesters)
    for seat in harvesters:
        level = state.level(seat, Skill.HARVEST)
        bonus = max(0, CATALOG.skills.harvest_bonus[level] + state.modifier(seat, "harvest-bonus"))
        state.gain_blood(seat, share + bonus)
        state.say(
            "harvest",
            f"{state.name(seat)} harvests {share} Blood from the Pool and {bonus} from the supply.",
            {"seat": seat, "share": share, "bonus": bonus},
        )


# -- Train ---------------------------------------------------------------------------


def train_choices(state: HarvestState, seat: int) -> list[Action]:
    most = min(MAX_BUY, state.blood[seat] // POINT_PRICE)
    return list(BUYS[: most + 1])


def affordable_trainers(state: HarvestState, seat: int) -> list[int]:
    return [
        card
        for card in state.zones[TRAINER_SKILLS].cards
        if CATALOG.cards[card].cost <= state.skill_points[seat]
    ]


def play_train(state: HarvestState, action: Action, seat: int) -> None:
    (points,) = action.values
    state.gain_blood(seat, -points * POINT_PRICE)
    state.gain_points(seat, points)
    state.say(
        "train",
        f"{state.name(seat)} trains: {points} Skill Points for {points * POINT_PRICE} Blood.",
    )
    if affordable_trainers(state, seat):
        state.step = Step.seat(Phase.TRAINER, seat)
        return
    state.proceed()


def trainer_choices(state: HarvestState, seat: int) -> list[Action]:
    return [*(TRAINERS[card] for card in affordable_trainers(state, seat)), NO_MOVE[PASS]]


def play_trainer(state: HarvestState, action: Action, seat: int) -> None:
    if action.family is TRAINER:
        card = action["card"]
        trainer = CATALOG.cards[card]
        state.gain_points(seat, -trainer.cost)
        state.zones = state.zones.move(card, TRAINED[seat])
        state.say(
            "trainer", f"{state.name(seat)} takes the Trainer Skill {trainer.name}: {trainer.says}"
        )
    state.proceed()


# -- Areas and Chance Encounters ------------------------------------------------------------


def encounter_draw(state: HarvestState, seat: int) -> Step[Phase] | None:
    return cards.draw_step(state, state.current_deck())


def encounter_face(state: HarvestState, seat: int) -> Step[Phase] | None:
    state.facing_area = 0
    if not state.zones[ENCOUNTER[seat]].size:
        return None
    return Step.seat(Phase.FACE, seat)


def face_choices(state: HarvestState, seat: int) -> list[Action]:
    where = ENCOUNTER[seat] if state.facing_area == 0 else AREA[state.facing_area]
    faces = FACES
    return [faces[card] for card in state.zones[where].cards]


def play_face(state: HarvestState, action: Action, seat: int) -> None:
    (card,) = action.values
    state.facing = card
    name = CATALOG.cards[card].name
    if state.facing_area == 0:
        state.zones = state.zones.move(card, PRIVATE_AREA[seat])
        cards.discard_all(state, (ENCOUNTER[seat],))
        state.say(
            "encounter",
            f"{state.name(seat)} keeps {name} in a private Area; the other cards are discarded face down.",
            {"card": card},
            reveals=True,
        )
    else:
        state.say(
            "face", f"{state.name(seat)} faces {name} in Area {state.facing_area}.", {"card": card}
        )
    state.step = Step.seat(Phase.ATTEMPT, seat)


def finish_attempt(state: HarvestState, seat: int, success: bool) -> None:
    """The Opportunity leaves play if it succeeded (its Area refilled at once), and a
    private Area's card in any case; the attempt's state is cleared."""
    card = state.facing
    assert card is not None
    if success:
        chronicle.opportunity_met(state, seat, card)
    if success or state.facing_area == 0:
        state.zones = state.zones.move(card, cards.discard_of(card))
    if success and state.facing_area > 0:
        state.push((Task.DEAL_OPPORTUNITY, state.facing_area))
    state.facing = None
    state.fury = False
    state.dice = ()
    state.boost = NO_BOOST
    state.kept = 0


def end_turn(state: HarvestState, _: int) -> None:
    """The Event leaves play, closed Areas open, and the next turn begins (or the game ends)."""
    for card in state.zones[EVENT].cards:
        state.zones = state.zones.move(card, zone_id("event-discard"))
    state.closed = ()
    state.initiative_locked = False
    state.harvested = False
    state.revealed = (None,) * state.game.players
    state.facing_area = 0
    if state.turn >= TURNS:
        scores = ", ".join(
            f"{state.name(s)} {final_score(state.tracks[s])}" for s in range(state.game.players)
        )
        state.say("end", f"The game ends after turn {state.turn}. Scores: {scores}.")
        return
    state.push(*turn_agenda(state, first=False))
