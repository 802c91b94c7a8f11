"""The Turn Sequence as decision steps, the moves each offers, and the agenda's tasks.

A turn is Prepare (1A-1F), Select Actions (in secret, revealed together)
and Resolve Actions (clockwise from the Initiative holder). The state keeps
an agenda of ``Task`` values, each a line of the rulebook; a task either
happens at once or waits at a ``Phase``: a seat's decision or chance.

Chance: the first Initiative holder (``first``), every die (``roll``, each
face equally likely) and every card drawn from a pile nobody sees
(``draw``), so records name each and a search never foresees them.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from ballroom.core.actions import ActionCodec, Family, Param
from ballroom.core.flow import Flow
from ballroom.core.terms import Term
from ballroom.games.vampires_harvest.components import default_catalog

CATALOG = default_catalog()
CLOSING_DIE = "closing-die"
ONE_AREA = "one-area"
"""The ``two-player`` option's choices (RULINGS 1)."""
MAX_PLAYERS = 5
MAX_BID = 99
"""The highest bid an action can name (the engine's limit; Blood rarely reaches it)."""
MAX_BUY = 8
"""Train buys up to 8 Skill Points..."""
POINT_PRICE = 2
"""...at 2 Blood each."""
MAX_DICE = CATALOG.max_dice
NUMBER_WORDS = (
    *("one", "two", "three", "four", "five", "six"),
    *("seven", "eight", "nine", "ten", "eleven", "twelve"),
)


class ActionCard(Term):
    """The Action cards every player holds."""

    TRAIN = "train"
    HARVEST = "harvest"
    CHANCE_ENCOUNTER = "chance-encounter"
    AREA_1 = "area-1"
    AREA_2 = "area-2"
    AREA_3 = "area-3"
    AREA_4 = "area-4"
    LATE_DECISION = "late-decision"

    @property
    def area(self) -> int | None:
        """The Area this card goes to (1-4), if it is an Area card."""
        return CARD_AREAS[self]


CARD_AREAS = {
    card: int(card.value[-1]) if card.value.startswith("area-") else None for card in ActionCard
}
"""Each Action card's Area, found once: every resolution asks."""
AREA_CARDS = (ActionCard.AREA_1, ActionCard.AREA_2, ActionCard.AREA_3, ActionCard.AREA_4)
DISCARDED_AFTER_USE = frozenset({ActionCard.LATE_DECISION, ActionCard.CHANCE_ENCOUNTER})


class Skill(Term):
    HARVEST = "harvest"
    SPEED = "speed"
    BLOOD_FURY = "blood-fury"
    GLAMOUR = "glamour"


class Track(Term):
    """The three score tracks."""

    TRIBUTE = "tribute"
    SLAYER = "slayer"
    SEDUCTION = "seduction"


class Way(Term):
    """How a player meets the Opportunity it faces."""

    PAY = "pay"
    """Pay the Tribute's Blood for its rewards."""
    FIGHT = "fight"
    """Fight the Enemy without Blood Fury."""
    FURY = "fury"
    """Declare Blood Fury, pay its activation, and fight."""
    SEDUCE = "seduce"
    """Draw Seduction cards by Glamour."""
    DECLINE = "decline"
    """Leave the Opportunity alone."""


class Phase(Term):
    """The decision points of a turn."""

    FIRST = "first"
    """Chance: who starts with the Initiative marker (Setup 4)."""
    ROLL = "roll"
    """Chance: a die (the Blood Pool, the two-player closing die, a combat die)."""
    DRAW = "draw"
    """Chance: the card drawn from a pile nobody sees."""
    BROKER = "broker"
    """Each player still holding Power Broker, in Initiative order, may open an auction."""
    AUCTION = "auction"
    """The next bidder, clockwise, raises or drops out."""
    SKILLS = "skills"
    """Each player in Initiative order raises Skills and plays Prepare Bloodstones."""
    SELECT = "select"
    """Every player chooses an Action card, at once and in secret."""
    LATE = "late"
    """Every player who revealed Late Decision chooses again, at once and in secret."""
    FACE = "face"
    """A player in an Area (or a Chance Encounter) chooses the Opportunity to attempt."""
    ATTEMPT = "attempt"
    """The player meets its Opportunity, or plays a Bloodstone of that moment first."""
    REROLL = "reroll"
    """A player in Blood Fury pays for a reroll, or stops."""
    KEEP = "keep"
    """A seducer keeps one of the Seduction cards drawn."""
    TRAIN = "train"
    """A training player buys Skill Points."""
    TRAINER = "trainer"
    """A training player may take one Trainer Skill."""
    OVER = "over"


class Task(Term):
    """One line of the agenda (``turn.py``'s module docstring; the rules in ``prepare.py``,
    ``actions_phase.py`` and ``resolution.py``)."""

    DEAL_BLOODSTONE = "deal-bloodstone"
    DEAL_OPPORTUNITY = "deal-opportunity"
    FIRST_INITIATIVE = "first-initiative"
    ADVANCE_TURN = "advance-turn"
    PASS_INITIATIVE = "pass-initiative"
    POOL_DIE = "pool-die"
    CLOSING_DIE = "closing-die"
    EVENT = "event"
    BROKER = "broker"
    SKILLS = "skills"
    SELECT = "select"
    REVEAL = "reveal"
    RESOLVE = "resolve"
    ENCOUNTER_DRAW = "encounter-draw"
    ENCOUNTER_FACE = "encounter-face"
    FIGHT_DIE = "fight-die"
    FIGHT_CHECK = "fight-check"
    SEDUCE_DRAW = "seduce-draw"
    SEDUCE_KEEP = "seduce-keep"
    BLOODSTONE_REWARD = "bloodstone-reward"
    END_TURN = "end-turn"


def dice_words(dice: tuple[int, ...]) -> str:
    """Dice by face, highest first, in words: ``one 5 and two 3s``."""
    parts = [
        f"{NUMBER_WORDS[n - 1] if n <= len(NUMBER_WORDS) else n} {face}{'s' if n > 1 else ''}"
        for face, n in sorted(Counter(dice).items(), reverse=True)
    ]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


REROLL_DICE = tuple(
    dice
    for count in range(1, MAX_DICE + 1)
    for dice in combinations_with_replacement(range(6, 0, -1), count)
)
"""Every set of combat dice a reroll may name, by face (highest first), fewest dice first."""

CARD = Param.of_names("card", CATALOG.texts)
FIRST = Family("first", (Param.of_range("player", 1, MAX_PLAYERS),), "Chance: this player starts.")
ROLL = Family("roll", (Param.of_range("face", 1, 6),), "Chance: the die shows this face.")
DRAW = Family("draw", (CARD,), "Chance: the card drawn.")
BROKER = Family(
    "broker", (Param.of_range("blood", 1, MAX_BID),), "Play Power Broker and open the auction."
)
BID = Family("bid", (Param.of_range("blood", 1, MAX_BID),), "Raise the Initiative auction.")
PASS = Family("pass", (), "Do not play Power Broker, drop out of the auction, or take no Trainer.")
RAISE = Family("raise", (Param.of_enum("skill", Skill),), "Spend Skill Points: one level up.")
STONE = Family("stone", (CARD,), "Play this Bloodstone now.")
DONE = Family("done", (), "Raise no more Skills this Prepare phase.")
SELECT = Family("select", (Param.of_enum("card", ActionCard),), "Choose this Action card.")
FACE = Family("face", (CARD,), "Attempt this Opportunity.")
ATTEMPT = Family("attempt", (Param.of_enum("way", Way),), "Meet the Opportunity this way.")
REROLL = Family(
    "reroll",
    (Param("dice", REROLL_DICE, tuple(map(dice_words, REROLL_DICE)), "The dice to roll again."),),
    "Pay the reroll cost and roll these dice again (by face: dice showing one face are alike).",
)
STOP = Family("stop", (), "Reroll no more: the fight is decided.")
KEEP = Family("keep", (CARD,), "Keep this Seduction card.")
BUY = Family("buy", (Param.of_range("points", 0, MAX_BUY),), "Buy Skill Points at 2 Blood each.")
TRAINER = Family("trainer", (CARD,), "Take this Trainer Skill for its Skill Points.")

STONES = tuple(STONE(card) for card in range(len(CATALOG.cards)))
FACES = tuple(FACE(card) for card in range(len(CATALOG.cards)))
KEEPS = tuple(KEEP(card) for card in range(len(CATALOG.cards)))
TRAINERS = tuple(TRAINER(card) for card in range(len(CATALOG.cards)))
BUYS = tuple(BUY(points) for points in range(MAX_BUY + 1))
ATTEMPTS = {way: ATTEMPT(way) for way in Way}
NO_MOVE = {family: family() for family in (PASS, DONE, STOP)}
"""The moves the rules list most, made once: by card id, by Skill Points bought, by way;
and the moves without a parameter."""

CODEC = ActionCodec(
    [
        FIRST,
        ROLL,
        DRAW,
        BROKER,
        BID,
        PASS,
        RAISE,
        STONE,
        DONE,
        SELECT,
        FACE,
        ATTEMPT,
        REROLL,
        STOP,
        KEEP,
        BUY,
        TRAINER,
    ]
)
FLOW = Flow.declare(
    Phase,
    {
        Phase.FIRST: [FIRST],
        Phase.ROLL: [ROLL],
        Phase.DRAW: [DRAW],
        Phase.BROKER: [BROKER, PASS],
        Phase.AUCTION: [BID, PASS],
        Phase.SKILLS: [RAISE, STONE, DONE],
        Phase.SELECT: [SELECT],
        Phase.LATE: [SELECT],
        Phase.FACE: [FACE],
        Phase.ATTEMPT: [ATTEMPT, STONE],
        Phase.REROLL: [REROLL, STOP],
        Phase.KEEP: [KEEP],
        Phase.TRAIN: [BUY],
        Phase.TRAINER: [TRAINER, PASS],
        Phase.OVER: [],
    },
    every=[Phase.ROLL],
)
