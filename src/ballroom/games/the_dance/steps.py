"""The steps a decision can be at, the agenda's tasks, and the other codes of play, as enums.

Their values are the ids an observation carries (``phase_id``, ``agenda``).
``FLOW`` declares the action families each step offers.
"""

from __future__ import annotations

from enum import IntEnum

from ballroom.core.flow import Flow
from ballroom.games.the_dance.actions import CODEC


class Phase(IntEnum):
    """The step due now: what the next action decides. The values are the observation's ids."""

    CHOOSE_AVATAR = 0
    CHOOSE_SANCTUARY = 1
    KEEP_POWER = 2
    DANCE = 3
    INFLUENCE = 4
    DOMAIN = 5
    REFRESHMENT = 6
    POST_ROLL = 7
    DROP_INFLUENCE = 8
    DISCARD = 9
    DISCIPLINE_PAYMENT = 10
    STRATEGIC_PLAN = 11
    INITIATIVE = 12
    DRAW_POWER = 13
    DRAW_REFRESHMENT = 14
    DRAW_PLAN = 15
    PLACE_DANCER = 16
    ROLL = 17
    OVER = 18


PHASE_NAMES: tuple[str, ...] = tuple(  # an observation's "phase": choose-avatar, post-roll
    p.name.lower().replace("_", "-") for p in Phase
)


class Task(IntEnum):
    """An agenda entry's work. The values are the observation's ids."""

    CHOOSE_AVATAR = 0
    CHOOSE_SANCTUARY = 1
    DRAW_POWER = 2
    KEEP_POWER = 3
    DEAL_REFRESHMENTS = 4
    DRAW_REFRESHMENT = 5
    DISCARD_TO_LIMIT = 6
    DRAW_PLAN = 7
    STRATEGIC_DRAW = 8
    STRATEGIC_CHOICE = 9
    RESUME_DANCE = 10
    PLACE_DANCER = 11
    PLACE_SERVER_AND_AVATARS = 12
    NEW_TURN = 13
    PLAYER_PHASE = 14
    WALTZ_SERVER = 15
    TEMPO = 16
    PASS_INITIATIVE = 17


Agenda = list[tuple[Task, int]]


class RollFor(IntEnum):
    """What a die roll decides."""

    SERVER = 0
    """Where the Server steps onto the floor (the Waltz Phase, the set-up)."""
    INFLUENCE = 1
    """An Influence effort: a Dancer or a Foil."""


class Target(IntEnum):
    """What an Influence effort aims at."""

    DANCER = 0
    AVATAR = 1
    """A Foil."""


FLOW = Flow.declare(
    Phase,
    {
        phase: [CODEC.family(name) for name in names.split()]
        for phase, names in {
            Phase.CHOOSE_AVATAR: "avatar",
            Phase.CHOOSE_SANCTUARY: "sanctuary",
            Phase.KEEP_POWER: "keep",
            Phase.DANCE: "step lead seat unseat ankh release discipline strategic end-dance",
            Phase.INFLUENCE: "release clear-foil influence foil pass server cut-in",
            Phase.DOMAIN: "domain",
            Phase.REFRESHMENT: "refresh no-refreshment",
            Phase.POST_ROLL: "accept tactician willpower",
            Phase.DROP_INFLUENCE: "drop",
            Phase.DISCARD: "discard",
            Phase.DISCIPLINE_PAYMENT: "pay",
            Phase.STRATEGIC_PLAN: "keep-plan take-plan",
            Phase.INITIATIVE: "initiative",
            Phase.DRAW_POWER: "drawn-power",
            Phase.DRAW_REFRESHMENT: "drawn-refreshment",
            Phase.DRAW_PLAN: "drawn-plan",
            Phase.PLACE_DANCER: "placed",
            Phase.ROLL: "roll",
            Phase.OVER: "",
        }.items()
    },
)
"""The action families each step offers: the flow of play, declared."""
