"""Vampire's Harvest explained to a player: the line for each step, what each move does,
why a move is not offered, the live scores and the final scoring, each rule with its
section of the rulebook (``ballroom.core.explain``)."""

from __future__ import annotations

from typing import Any

from ballroom.core.actions import Action
from ballroom.core.explain import (
    Aids,
    FamilyAid,
    Outcome,
    Requirement,
    Rule,
    Seen,
    StepAid,
    decided,
    outcome,
    said,
)
from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame
from ballroom.core.state import Observation
from ballroom.games.vampires_harvest.attempts import fury_activation, tribute_cost
from ballroom.games.vampires_harvest.components import MAX_LEVEL, Kind
from ballroom.games.vampires_harvest.scoring import final_score, ranking
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import (
    AREA_CARDS,
    CATALOG,
    CODEC,
    FLOW,
    POINT_PRICE,
    ActionCard,
    Phase,
    Skill,
    Track,
    Way,
    dice_words,
)

SCORING = Rule(
    "Multiply your two lower track scores and add the highest; ties go to the most Blood.",
    "Scoring",
)
PREPARE = Rule("Each turn begins with the Prepare phase (1A-1F).", "Turn Sequence 1. Prepare")
SELECT_RULE = Rule(
    "All players secretly choose an Action card, then reveal them together.",
    "Turn Sequence 2. Select Actions",
)
RESOLVE = Rule(
    "Actions resolve from the Initiative holder clockwise.", "Turn Sequence 3. Resolve Actions"
)
BROKER_RULE = Rule(
    "Power Broker, played once a game in the Prepare phase, opens an auction for the "
    "Initiative marker with a bid of at least 1 Blood; only one may be played a turn.",
    "Key Concepts: Initiative",
)
AUCTION_RULE = Rule(
    "In clockwise order each player raises with a higher bid or drops out; the winner pays.",
    "Key Concepts: Initiative",
)
SKILL_RULE = Rule(
    "Each Skill level costs Skill Points equal to the new level.", "Key Concepts: Skills"
)
STONE_RULE = Rule(
    "A Bloodstone's effect is played once, at the moment its text allows.",
    "Key Concepts: Bloodstones",
)
TRIBUTE_RULE = Rule(
    "In an Area with a Tribute, pay the Blood shown for its rewards.", "Paying Tribute"
)
SLAY_RULE = Rule(
    "Roll dice by your Speed skill; you need as many hits as the Enemy's strength.",
    "Slaying an Enemy",
)
FURY_RULE = Rule(
    "Blood Fury is declared, its activation cost paid, before the first roll; only then may "
    "dice be re-rolled (any of them, but 1s only at the level that allows it), each re-roll "
    "paying its cost.",
    "Key Concepts: Skills (Blood Fury); RULINGS 9",
)
SEDUCE_RULE = Rule(
    "Draw Seduction cards by your Glamour skill and keep some; each Success rewards you.",
    "Seducing Humans",
)
TRAIN_RULE = Rule(
    f"Train buys up to 8 Skill Points at {POINT_PRICE} Blood each, and may take one Trainer "
    "Skill for its Skill Points.",
    "Key Concepts: Training",
)
AREA_RULE = Rule(
    "Areas number the players minus one; an Area card goes to its Area's Opportunities.",
    "Opportunities and Areas",
)
DISCARD_RULE = Rule(
    "Late Decision and Chance Encounter are discarded after use.", "Turn Sequence 3"
)
CLOSED_RULE = Rule(
    "With two players a die closes Area 1 on a 1 and Area 2 on a 2 each turn.", "RULINGS 1"
)
CHANCE = Rule("Chance decides this: the dice and the shuffled piles.", "Setup")

CARD_NAMES = {text: CATALOG.cards[index].name for index, text in enumerate(CATALOG.texts)}
ACTION_CARD_NAMES = {
    ActionCard.TRAIN: "Train",
    ActionCard.HARVEST: "Harvest",
    ActionCard.CHANCE_ENCOUNTER: "Chance Encounter",
    ActionCard.AREA_1: "Area 1",
    ActionCard.AREA_2: "Area 2",
    ActionCard.AREA_3: "Area 3",
    ActionCard.AREA_4: "Area 4",
    ActionCard.LATE_DECISION: "Late Decision",
}
ACTION_CARD_EFFECTS = {
    ActionCard.TRAIN: "buy Skill Points and perhaps a Trainer Skill",
    ActionCard.HARVEST: "share the Blood Pool with the other harvesters, plus your Harvest bonus",
    ActionCard.CHANCE_ENCOUNTER: "draw 5 Opportunities and face the one you choose, alone",
    ActionCard.LATE_DECISION: "choose another Action after the reveal",
}
ACTION_TEXTS = {card.value: name for card, name in ACTION_CARD_NAMES.items()}
SKILL_NAMES = {
    Skill.HARVEST: "Harvest",
    Skill.SPEED: "Speed",
    Skill.BLOOD_FURY: "Blood Fury",
    Skill.GLAMOUR: "Glamour",
}
WAY_EFFECTS = {
    Way.PAY: ("pay the Tribute's Blood for its rewards", TRIBUTE_RULE),
    Way.FIGHT: ("fight the Enemy with your Speed dice", SLAY_RULE),
    Way.FURY: ("pay Blood Fury's activation and fight, with rerolls", FURY_RULE),
    Way.SEDUCE: ("draw Seduction cards by your Glamour", SEDUCE_RULE),
    Way.DECLINE: ("leave the Opportunity alone", RESOLVE),
}
TRACK_NAMES = {Track.TRIBUTE: "Tribute", Track.SLAYER: "Slayer", Track.SEDUCTION: "Seduction"}


def read(game: StandardGame[Phase], observation: Observation) -> Seen[HarvestState]:
    state = game.determinize(observation, Rng(0))
    assert isinstance(state, HarvestState)
    return Seen(observation, state)


def _public(observation: Observation) -> dict[str, Any]:
    public: dict[str, Any] = observation["public"]
    return public


def _seat(observation: Observation) -> int:
    return int(observation["seat"])


def _card(action: Action) -> str:
    name: str = CATALOG.cards[action["card"]].name
    return name


def _action_card_open(seen: Seen[HarvestState], action: Action | None) -> bool:
    if action is None:
        return True
    card: ActionCard = action["card"]
    return card.value not in _public(seen.observation)["discarded"][_seat(seen.observation)]


def _area_exists(seen: Seen[HarvestState], action: Action | None) -> bool:
    if action is None or action["card"] not in AREA_CARDS:
        return True
    return bool(AREA_CARDS.index(action["card"]) < _public(seen.observation)["areas"])


def _area_open(seen: Seen[HarvestState], action: Action | None) -> bool:
    if action is None or action["card"] not in AREA_CARDS:
        return True
    return AREA_CARDS.index(action["card"]) + 1 not in _public(seen.observation)["closed"]


def _broker_held(seen: Seen[HarvestState], _: Action | None) -> bool:
    return not _public(seen.observation)["broker_used"][_seat(seen.observation)]


def _blood_for_bid(seen: Seen[HarvestState], action: Action | None) -> bool:
    blood = _public(seen.observation)["blood"][_seat(seen.observation)]
    return bool(blood >= (action["blood"] if action is not None else 1))


def _higher_bid(seen: Seen[HarvestState], action: Action | None) -> bool:
    auction = _public(seen.observation)["auction"]
    return bool(action is None or auction is None or action["blood"] > auction["bid"])


def _points_for_level(seen: Seen[HarvestState], action: Action | None) -> bool:
    public, seat = _public(seen.observation), _seat(seen.observation)
    points = public["skill_points"][seat]
    if action is None:
        return bool(points >= 1)
    level = public["skills"][seat][list(Skill).index(action["skill"])]
    return bool(level < MAX_LEVEL and points >= level + 1)


def _blood_for_points(seen: Seen[HarvestState], action: Action | None) -> bool:
    blood = _public(seen.observation)["blood"][_seat(seen.observation)]
    return action is None or blood >= action["points"] * POINT_PRICE


def _fury_level(seen: Seen[HarvestState], action: Action | None) -> bool:
    if action is None or action["way"] is not Way.FURY:
        return True
    return fury_activation(seen.state, _seat(seen.observation)) is not None


def _blood_for_fury(seen: Seen[HarvestState], action: Action | None) -> bool:
    if action is None or action["way"] is not Way.FURY:
        return True
    activation = fury_activation(seen.state, _seat(seen.observation))
    return (
        activation is None
        or _public(seen.observation)["blood"][_seat(seen.observation)] >= activation
    )


def _blood_for_tribute(seen: Seen[HarvestState], action: Action | None) -> bool:
    if action is None or action["way"] is not Way.PAY:
        return True
    public, seat = _public(seen.observation), _seat(seen.observation)
    if public["facing"] is None or CATALOG.cards[public["facing"]].kind is not Kind.TRIBUTE:
        return True
    return bool(public["blood"][seat] >= tribute_cost(seen.state, seat))


def _effect_select(action: Action) -> str:
    card: ActionCard = action["card"]
    if card in AREA_CARDS:
        return f"go to Area {AREA_CARDS.index(card) + 1} and attempt one of its Opportunities"
    return ACTION_CARD_EFFECTS[card]


FAMILIES = {
    "first": FamilyAid("Who starts", CHANCE, lambda a: f"player {a['player']} starts", ask=False),
    "roll": FamilyAid("A die", CHANCE, lambda a: f"the die shows {a['face']}", ask=False),
    "draw": FamilyAid("A card drawn", CHANCE, lambda a: f"{_card(a)} is drawn", ask=False),
    "broker": FamilyAid(
        "Play Power Broker",
        BROKER_RULE,
        lambda a: f"play Power Broker and open the Initiative auction at {a['blood']} Blood",
        (
            Requirement(
                Rule("Power Broker is played once a game, and yours is used.", "Initiative"),
                _broker_held,
            ),
            Requirement(
                Rule("You cannot bid more Blood than you own.", "Key Concepts: Initiative"),
                _blood_for_bid,
            ),
        ),
    ),
    "bid": FamilyAid(
        "Bid for the Initiative",
        AUCTION_RULE,
        lambda a: f"raise the Initiative auction to {a['blood']} Blood",
        (
            Requirement(
                Rule("A raise must be higher than the bid standing.", "Key Concepts: Initiative"),
                _higher_bid,
            ),
            Requirement(
                Rule("You cannot bid more Blood than you own.", "Key Concepts: Initiative"),
                _blood_for_bid,
            ),
        ),
    ),
    "pass": FamilyAid("Pass", AUCTION_RULE, lambda a: "let this chance go (no bid, no Trainer)"),
    "raise": FamilyAid(
        "Raise a Skill",
        SKILL_RULE,
        lambda a: f"spend Skill Points to raise {SKILL_NAMES[a['skill']]} one level",
        (
            Requirement(
                Rule(
                    f"Going up a level costs Skill Points equal to the new level (at most "
                    f"level {MAX_LEVEL}), and you have too few.",
                    "Key Concepts: Skills",
                ),
                _points_for_level,
            ),
        ),
        params=("skill",),
    ),
    "stone": FamilyAid(
        "Play a Bloodstone", STONE_RULE, lambda a: f"play the Bloodstone {_card(a)} now"
    ),
    "done": FamilyAid(
        "Stop raising Skills",
        PREPARE,
        lambda a: "keep your remaining Skill Points as tokens for later",
    ),
    "select": FamilyAid(
        "Choose an Action card",
        SELECT_RULE,
        lambda a: f"choose {ACTION_CARD_NAMES[a['card']]}: {_effect_select(a)}",
        (
            Requirement(
                Rule(
                    "Late Decision and Chance Encounter are discarded after use, and you "
                    "have used that card.",
                    DISCARD_RULE.section,
                ),
                _action_card_open,
            ),
            Requirement(
                Rule(
                    "There are as many Areas as players minus one; that Area is not in this game.",
                    AREA_RULE.section,
                ),
                _area_exists,
            ),
            Requirement(
                Rule("That Area is closed this turn by the closing die.", CLOSED_RULE.section),
                _area_open,
            ),
        ),
        params=("card",),
    ),
    "face": FamilyAid(
        "Choose an Opportunity",
        AREA_RULE,
        lambda a: f"attempt the Opportunity {_card(a)}",
    ),
    "attempt": FamilyAid(
        "Meet the Opportunity",
        RESOLVE,
        lambda a: WAY_EFFECTS[a["way"]][0],
        (
            Requirement(
                Rule(
                    "A Tribute's Blood (after any discount) is paid in full, and it is more "
                    "than you own.",
                    TRIBUTE_RULE.section,
                ),
                _blood_for_tribute,
            ),
            Requirement(
                Rule(
                    "Blood Fury needs a Blood Fury skill level, and yours is too low.",
                    "Key Concepts: Skills (Blood Fury)",
                ),
                _fury_level,
            ),
            Requirement(
                Rule(
                    "Declaring Blood Fury costs its activation in Blood, more than you own.",
                    "Key Concepts: Skills (Blood Fury)",
                ),
                _blood_for_fury,
            ),
        ),
        params=("way",),
    ),
    "reroll": FamilyAid(
        "Reroll with Blood Fury",
        FURY_RULE,
        lambda a: f"pay the reroll cost and roll {dice_words(a['dice'])} again",
    ),
    "stop": FamilyAid("Stop rerolling", FURY_RULE, lambda a: "keep the dice: the fight is decided"),
    "keep": FamilyAid("Keep a Seduction card", SEDUCE_RULE, lambda a: f"keep {_card(a)}"),
    "buy": FamilyAid(
        "Buy Skill Points",
        TRAIN_RULE,
        lambda a: f"buy {a['points']} Skill Points for {a['points'] * POINT_PRICE} Blood",
        (
            Requirement(
                Rule(
                    f"Each Skill Point costs {POINT_PRICE} Blood, and you own too little.",
                    TRAIN_RULE.section,
                ),
                _blood_for_points,
            ),
        ),
    ),
    "trainer": FamilyAid(
        "Take a Trainer Skill", TRAIN_RULE, lambda a: f"take the Trainer Skill {_card(a)}"
    ),
}


def _facing(observation: Observation) -> str:
    card = _public(observation)["facing"]
    return CATALOG.cards[card].name if card is not None else "the Opportunity"


STEPS = {
    "first": StepAid(CHANCE, said("Chance picks who starts."), "chance picks who starts."),
    "roll": StepAid(CHANCE, said("A die is rolled."), "a die is rolled."),
    "draw": StepAid(CHANCE, said("A card is drawn."), "a card is drawn."),
    "broker": StepAid(
        BROKER_RULE,
        said("Play your Power Broker to bid for the Initiative, or pass."),
        "players may play Power Broker to auction the Initiative.",
    ),
    "auction": StepAid(
        AUCTION_RULE,
        lambda o: (
            f"Raise the bid above {(_public(o)['auction'] or {}).get('bid', 0)} Blood, or drop out."
        ),
        "the Initiative is being auctioned.",
    ),
    "skills": StepAid(
        SKILL_RULE,
        lambda o: (
            f"Spend Skill Points on your Skills ({_public(o)['skill_points'][_seat(o)]} "
            "left), play a Bloodstone, or finish."
        ),
        "players raise their Skills.",
    ),
    "select": StepAid(
        SELECT_RULE,
        said("Choose your Action card for this turn, in secret."),
        "players choose Action cards in secret.",
    ),
    "late": StepAid(
        SELECT_RULE,
        said("Late Decision: now that all are revealed, choose your Action card."),
        "players with Late Decision choose again.",
    ),
    "face": StepAid(
        AREA_RULE,
        said("Choose which Opportunity here to attempt."),
        "a player chooses an Opportunity to attempt.",
    ),
    "attempt": StepAid(
        RESOLVE,
        lambda o: f"Meet {_facing(o)}: pay, fight or seduce as it asks, or decline.",
        "a player meets an Opportunity.",
    ),
    "reroll": StepAid(
        FURY_RULE,
        said("Pay for a Blood Fury reroll of your low dice, or stop."),
        "a player fights in Blood Fury.",
    ),
    "keep": StepAid(
        SEDUCE_RULE,
        said("Keep one of the Seduction cards you drew."),
        "a player seduces.",
    ),
    "train": StepAid(
        TRAIN_RULE,
        said(f"Buy Skill Points at {POINT_PRICE} Blood each (0 buys none)."),
        "a player trains.",
    ),
    "trainer": StepAid(
        TRAIN_RULE,
        said("Take one Trainer Skill for its Skill Points, or pass."),
        "a player may take a Trainer Skill.",
    ),
    "over": StepAid(SCORING, said("The game is over."), "the game is over."),
}

AIDS = Aids.declared(
    CODEC,
    FLOW.steps,
    FAMILIES,
    STEPS,
    labels={
        "card": lambda text: ACTION_TEXTS.get(text) or CARD_NAMES.get(text, text),
        "skill": lambda text: SKILL_NAMES[Skill(text)],
    },
    read=read,
)


def _parts(tracks: list[int] | tuple[int, ...]) -> tuple[list[list[str]], str]:
    named = sorted(zip(tracks, TRACK_NAMES.values(), strict=True), key=lambda p: p[0])
    (low, low_name), (mid, mid_name), (high, high_name) = named
    parts = [[TRACK_NAMES[track], str(value)] for track, value in zip(Track, tracks, strict=True)]
    total = final_score(tracks)
    return parts, f"{low_name} {low} times {mid_name} {mid} plus {high_name} {high}: {total}"


def live_scores(observation: Observation) -> list[dict[str, Any]]:
    """Each player's score if the game ended now, from the public tracks."""
    public = _public(observation)
    scores = []
    for seat, tracks in enumerate(public["tracks"]):
        parts, total = _parts(tracks)
        parts.append(["Blood", str(public["blood"][seat])])
        scores.append({"seat": seat, "score": final_score(tracks), "parts": parts, "sum": total})
    return scores


def explain_outcome(state: HarvestState) -> Outcome:
    """The final score of each player by its tracks, and what decided first place."""
    names = [state.game.player_name(seat) for seat in range(state.game.players)]
    seats = []
    for seat, tracks in enumerate(state.tracks):
        parts, total = _parts(tracks)
        parts.append(["Blood (tie-break)", str(state.blood[seat])])
        seats.append({"seat": seat, "score": final_score(tracks), "parts": parts, "sum": total})
    keys = [(final_score(t), state.blood[s]) for s, t in enumerate(state.tracks)]
    places = ranking(state.tracks, state.blood)
    text = decided(names, places, keys, ("points", "Blood"))
    return outcome(seats, text, SCORING)
