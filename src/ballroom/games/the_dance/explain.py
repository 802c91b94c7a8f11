"""The Dance explained to a player: the line for each step, what each move does, why a
move is not offered, and how the ball ended (Plans and places), each rule with its
rulebook section (``ballroom.core.explain``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ballroom.core.actions import Action
from ballroom.core.explain import (
    Aids,
    FamilyAid,
    Outcome,
    Requirement,
    Rule,
    Seen,
    StepAid,
    counted,
    outcome,
    said,
)
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.the_dance.actions import CODEC
from ballroom.games.the_dance.components import DOMAINS, default_components
from ballroom.games.the_dance.plans import progress
from ballroom.games.the_dance.sanctuary import may_seat
from ballroom.games.the_dance.steps import FLOW, PHASE_NAMES
from ballroom.games.the_dance.wording import refreshment

if TYPE_CHECKING:
    from ballroom.games.the_dance.game import TheDance
    from ballroom.games.the_dance.state import TheDanceState

COMP = default_components()
SETUP = Rule(
    "Each family takes an Avatar, a Sanctuary, a Power and a secret Plan.",
    "SETTING UP THE GAME: COMPOSE FAMILY",
)
DANCE = Rule(
    "Move your Avatar up to its Movement in hexes, and Dancers under your Influence up to "
    "two hexes; none may enter an occupied hex.",
    "PLAYER PHASE: Dance Step",
)
SEAT = Rule(
    "An Influenced Dancer enters your Sanctuary from the nearest hex for one Movement; the "
    "table has five seats.",
    "PLAYER PHASE: Dance Step",
)
INFLUENCE = Rule(
    "After moving, try to Influence an adjacent Dancer: pick a Domain and roll its total "
    "(Avatar + Dancer + Refreshment) or less on a die.",
    "PLAYER PHASE: Influence Step",
)
FOIL = Rule(
    "Instead, Foil an adjacent Avatar: roll the two Avatars' combined Domain or less; a "
    "Foiled Avatar loses her next Influence step.",
    "Influence Step: Influence Avatar",
)
FOILED = Rule(
    "A Foiled Avatar loses her next Influence step; she removes the Foil instead.",
    "Influence Step: Influence Avatar",
)
SERVER = Rule(
    "Instead, activate an adjacent Server: draw two Refreshments, no roll needed.",
    "Influence Step: Influence Server",
)
CUT_IN = Rule(
    "Instead of Influencing, swap places with an adjacent Dancer or Avatar.",
    "Influence Step: May I Cut In?",
)
RELEASE = Rule("You may release your Influence from a Dancer at any time.", "Influence Dancer")
REFRESH = Rule(
    "Before the roll you may play one Refreshment to add its pips; your limit is four.",
    "Influence Dancer",
)
DOMINATE = Rule(
    "A natural 1 that succeeds Dominates the Dancer; a Dominated Dancer cannot be "
    "Influenced by another family.",
    "SEQUENCE OF PLAY",
)
ENDING = Rule(
    "The game ends when a family has seated Dancers showing every symbol of her Plan; she "
    "wins. Play may go on for second and third places.",
    "ENDING THE GAME",
)
DAWN = Rule(
    "House rule: at dawn the families that filled the most Plan symbols, then seated the "
    "most Dancers, win.",
    "House rule (dawn)",
)
CHANCE = Rule("Chance decides this: the die and the shuffled piles.", "SETTING UP THE GAME")


def _power(name: str) -> Rule:
    power = next(p for p in COMP.powers if p.id == name)
    return Rule(f"{power.name}: {power.text}", f"EXPLANATION OF POWERS: {power.name.upper()}")


def _name(param: str, action: Action) -> str:
    index = action[param]
    if param == "dancer":
        return str(COMP.dancers[index].name)
    if param == "avatar":
        return str(COMP.avatars[index].name)
    if param == "partner":
        people = [d.name for d in COMP.dancers] + [a.name for a in COMP.avatars]
        return str(people[index])
    if param == "refreshment":
        return refreshment(COMP, index)
    if param == "power":
        return str(COMP.powers[index].name)
    if param == "domain":
        return str(DOMAINS[index]).title()
    return str(index)


DIRECTIONS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
"""In the order of the codec's directions (``e ne nw w sw se``)."""


def _direction(action: Action) -> str:
    return DIRECTIONS[action["direction"]]


def _family(observation: Observation) -> dict[str, Any]:
    family: dict[str, Any] = observation["families"][observation["you"]]
    return family


def _power_held(name: str) -> Requirement:
    index = next(i for i, p in enumerate(COMP.powers) if p.id == name)
    rule = _power(name)
    return Requirement(
        Rule(f"Only a family with the Power {COMP.powers[index].name} may do this.", rule.section),
        lambda seen, _: index in (_family(seen.observation)["powers"] or []),
    )


NOT_FOILED = Requirement(
    Rule("Your Avatar is Foiled: this Influence step goes to removing the Foil.", FOILED.section),
    lambda seen, _: not _family(seen.observation)["foiled"],
)


def _has_ankh(seen: Seen[TheDanceState], _: Action | None) -> bool:
    ankh = next(i for i, k in enumerate(COMP.refreshments) if k.domain < 0)
    held: Sequence[int] | None = _family(seen.observation)["refreshments"]
    return bool(held and held[ankh])


def _free_seat(seen: Seen[TheDanceState], action: Action | None) -> bool:
    """The engine's own check: a free seat, or a sixth Dancer who completes the Plan."""
    return action is None or may_seat(seen.state, seen.observation["you"], action["dancer"])


def _not_dominated(seen: Seen[TheDanceState], action: Action | None) -> bool:
    if action is None:
        return True
    shown, dancer = seen.observation, action["dancer"]
    mine = shown["dancer_influence"][dancer] == shown["you"]
    return bool(mine or not shown["dancer_dominated"][dancer])


def read(game: TheDance, observation: Observation) -> Seen[TheDanceState]:
    """The seat's view with a state dealt from it, for the engine's own checks."""
    from ballroom.games.the_dance.state import TheDanceState

    return Seen(observation, TheDanceState.from_observation(game, observation, Rng(0)))


FAMILIES = {
    "roll": FamilyAid("A die", CHANCE, lambda a: f"the die shows {a['face']}", ask=False),
    "drawn-power": FamilyAid("A Power drawn", CHANCE, lambda a: "a Power is drawn", ask=False),
    "drawn-refreshment": FamilyAid(
        "A Refreshment drawn", CHANCE, lambda a: "a Refreshment is drawn", ask=False
    ),
    "drawn-plan": FamilyAid("A Plan drawn", CHANCE, lambda a: "a Plan is drawn", ask=False),
    "placed": FamilyAid("A Dancer placed", CHANCE, lambda a: "a Dancer is placed", ask=False),
    "avatar": FamilyAid(
        "Choose your Avatar", SETUP, lambda a: f"lead your family as {_name('avatar', a)}"
    ),
    "sanctuary": FamilyAid(
        "Choose your Sanctuary",
        SETUP,
        lambda a: f"take the {COMP.board.sanctuaries[a['sanctuary']].colour} Sanctuary",
    ),
    "keep": FamilyAid("Keep a Power", SETUP, lambda a: f"keep the Power {_name('power', a)}"),
    "step": FamilyAid(
        "Move your Avatar", DANCE, lambda a: f"move your Avatar one hex {_direction(a)}"
    ),
    "lead": FamilyAid(
        "Lead a Dancer",
        DANCE,
        lambda a: f"lead {_name('dancer', a)} one hex {_direction(a)}",
    ),
    "seat": FamilyAid(
        "Seat a Dancer",
        SEAT,
        lambda a: f"seat {_name('dancer', a)} at your Sanctuary table",
        (
            Requirement(
                Rule(
                    "Your Sanctuary table's five seats are taken, and a sixth Dancer sits "
                    "only to complete your Plan.",
                    SEAT.section,
                ),
                _free_seat,
            ),
        ),
    ),
    "unseat": FamilyAid(
        "Unseat a Dancer",
        SEAT,
        lambda a: f"send {_name('dancer', a)} from your table back to the floor",
    ),
    "ankh": FamilyAid(
        "Spend an Ankh",
        REFRESH,
        lambda a: "spend an Ankh for one more Movement",
        (Requirement(Rule("You hold no Ankh.", REFRESH.section), _has_ankh),),
    ),
    "release": FamilyAid(
        "Release a Dancer", RELEASE, lambda a: f"release your Influence on {_name('dancer', a)}"
    ),
    "discipline": FamilyAid(
        "Discipline",
        _power("discipline"),
        lambda a: "pay two Refreshments for a second Influence marker",
        (_power_held("discipline"),),
    ),
    "strategic": FamilyAid(
        "Strategic",
        _power("strategic"),
        lambda a: "draw a new Plan and choose which to keep",
        (_power_held("strategic"),),
    ),
    "end-dance": FamilyAid(
        "End the Dance step", DANCE, lambda a: "stop moving and go on to Influence"
    ),
    "influence": FamilyAid(
        "Influence a Dancer",
        INFLUENCE,
        lambda a: f"try to Influence {_name('dancer', a)}: choose a Domain, then roll",
        (
            NOT_FOILED,
            Requirement(
                Rule("That Dancer is Dominated by another family.", DOMINATE.section),
                _not_dominated,
            ),
        ),
        params=("dancer",),
    ),
    "foil": FamilyAid(
        "Foil an Avatar", FOIL, lambda a: f"try to Foil {_name('avatar', a)}", (NOT_FOILED,)
    ),
    "server": FamilyAid(
        "Call the Server", SERVER, lambda a: "draw two Refreshments from the Server", (NOT_FOILED,)
    ),
    "cut-in": FamilyAid(
        "Cut in", CUT_IN, lambda a: f"trade places with {_name('partner', a)}", (NOT_FOILED,)
    ),
    "pass": FamilyAid(
        "End the Influence step", INFLUENCE, lambda a: "make no Influence effort this turn"
    ),
    "clear-foil": FamilyAid(
        "Shake off the Foil", FOILED, lambda a: "remove the Foil marker from your Avatar"
    ),
    "domain": FamilyAid(
        "Choose a Domain", INFLUENCE, lambda a: f"roll against {_name('domain', a)}"
    ),
    "refresh": FamilyAid(
        "Play a Refreshment", REFRESH, lambda a: f"play {_name('refreshment', a)} on the roll"
    ),
    "no-refreshment": FamilyAid(
        "Roll now", REFRESH, lambda a: "roll without (another) Refreshment"
    ),
    "accept": FamilyAid("Accept the roll", INFLUENCE, lambda a: "let the roll stand"),
    "tactician": FamilyAid(
        "Tactician",
        _power("tactician"),
        lambda a: f"spend {_name('refreshment', a)} to count the roll one lower",
        (_power_held("tactician"),),
    ),
    "willpower": FamilyAid(
        "Willpower",
        _power("willpower"),
        lambda a: f"spend {_name('refreshment', a)} to roll again",
        (_power_held("willpower"),),
    ),
    "drop": FamilyAid(
        "Give up an Influence",
        INFLUENCE,
        lambda a: f"give up your Influence on {_name('dancer', a)}",
    ),
    "discard": FamilyAid(
        "Discard a Refreshment",
        REFRESH,
        lambda a: f"discard {_name('refreshment', a)} down to the limit of four",
    ),
    "pay": FamilyAid(
        "Pay for Discipline", _power("discipline"), lambda a: f"pay {_name('refreshment', a)}"
    ),
    "keep-plan": FamilyAid("Keep your Plan", _power("strategic"), lambda a: "keep your old Plan"),
    "take-plan": FamilyAid("Take the new Plan", _power("strategic"), lambda a: "take the new Plan"),
    "initiative": FamilyAid(
        "Pass the Initiative",
        Rule("The holder passes the marker after each Waltz Phase.", "OPTIONAL RULES: INITIATIVE"),
        lambda a: f"pass the Initiative to player {a['seat']}",
    ),
}


def _moves_left(observation: Observation) -> str:
    left = observation["turn_state"]["moves_left"]
    return f" ({counted(left, 'Movement')} left)" if isinstance(left, int) else ""


STEPS = {
    "choose-avatar": StepAid(
        SETUP, said("Choose the Avatar who leads your family."), "the families choose Avatars."
    ),
    "choose-sanctuary": StepAid(
        SETUP, said("Choose your Sanctuary table."), "the families choose Sanctuaries."
    ),
    "keep-power": StepAid(
        SETUP, said("Keep one of the two Powers you drew."), "a family keeps a Power."
    ),
    "dance": StepAid(
        DANCE,
        lambda o: (
            f"Dance step{_moves_left(o)}: move your Avatar, lead your Influenced Dancers, "
            "seat them at your table, or end the Dance step."
        ),
        "a family dances.",
    ),
    "influence": StepAid(
        INFLUENCE,
        said(
            "Influence step: try to Influence an adjacent Dancer, Foil an Avatar, call the Server, cut in, or pass."
        ),
        "a family makes its Influence effort.",
    ),
    "domain": StepAid(
        INFLUENCE, said("Choose the Domain to roll against."), "a family chooses a Domain."
    ),
    "refreshment": StepAid(
        REFRESH,
        said("Play a Refreshment on the roll, or roll without."),
        "a family may play a Refreshment.",
    ),
    "post-roll": StepAid(
        INFLUENCE, said("Let the roll stand, or use a Power on it."), "a family looks at its roll."
    ),
    "drop-influence": StepAid(
        INFLUENCE,
        said("You have no Influence marker free: choose the Influence to give up."),
        "a family gives up an Influence.",
    ),
    "discard": StepAid(
        REFRESH,
        said("Discard Refreshments down to the limit of four."),
        "a family discards Refreshments.",
    ),
    "discipline-payment": StepAid(
        _power("discipline"),
        said("Pay two Refreshments for Discipline."),
        "a family pays for Discipline.",
    ),
    "strategic-plan": StepAid(
        _power("strategic"), said("Keep your Plan or take the new one."), "a family chooses a Plan."
    ),
    "initiative": StepAid(
        FAMILIES["initiative"].rule, said("Pass the Initiative marker."), "the Initiative passes."
    ),
    "draw-power": StepAid(CHANCE, said("A Power is drawn."), "a Power is drawn."),
    "draw-refreshment": StepAid(CHANCE, said("A Refreshment is drawn."), "a Refreshment is drawn."),
    "draw-plan": StepAid(CHANCE, said("A Plan is drawn."), "a Plan is drawn."),
    "place-dancer": StepAid(CHANCE, said("The Dancers are placed."), "the Dancers are placed."),
    "roll": StepAid(CHANCE, said("The die is rolled."), "the die is rolled."),
    "over": StepAid(ENDING, said("The ball is over."), "the ball is over."),
}


def _deciding(observation: Observation) -> Sequence[int]:
    actor = observation["actor"]
    return (actor,) if observation["phase"] != "over" and actor is not None and actor >= 0 else ()


AIDS = Aids(
    codec=CODEC,
    families=FAMILIES,
    steps=STEPS,
    offers={
        PHASE_NAMES[phase]: frozenset(f.name for f in families)
        for phase, families in FLOW.steps.items()
    },
    step_of=lambda o: str(o["phase"]),
    deciding=_deciding,
    seat_of=lambda o: o.get("you"),
    read=read,
    labels={
        "dancer": lambda t: COMP.dancers[[d.slug for d in COMP.dancers].index(t)].name,
        "avatar": lambda t: COMP.avatars[[a.slug for a in COMP.avatars].index(t)].name,
    },
)


def _plan_words(plan: int) -> str:
    """A Plan by the symbols it asks for, as its card shows them (``Rose, Lily and Ivy``)."""
    return COMP.plans[plan].name(COMP.colours)


def aids(game: TheDance) -> Aids:
    """The Dance's learning aids (``AIDS``), for the game's ``aids``."""
    return AIDS


def explain_outcome(state: TheDanceState) -> Outcome:
    """Each family's Plan, the symbols it filled and the Dancers it seated, and its place."""
    n = state.game.players
    names = [state.who(p) for p in range(n)]
    places = state.outcome().ranking
    seats = []
    for seat in range(n):
        filled, seated = progress(state, seat)
        needs = COMP.plans[state.plan[seat]].needs
        place = next(i for i, group in enumerate(places) if seat in group) + 1
        finished = seat in state.finished
        seats.append(
            {
                "seat": seat,
                "score": f"place {place}",
                "parts": [
                    ["Plan", _plan_words(state.plan[seat])],
                    ["Symbols filled", f"{filled} of {sum(needs)}"],
                    ["Dancers seated", str(seated)],
                ],
                "sum": "completed the Plan" if finished else "Plan not completed",
            }
        )
    first = places[0]
    winners = " and ".join(names[p] for p in first)
    if state.finished:
        winner = state.finished[0]
        text = (
            f"{names[winner]} seated Dancers showing every symbol of the Plan "
            f"({_plan_words(state.plan[winner])}) first and wins the ball."
        )
        if len(state.finished) > 1:
            text += (
                " Then "
                + ", ".join(
                    f"{names[p]} took place {i}" for i, p in enumerate(state.finished[1:], 2)
                )
                + "."
            )
        return outcome(seats, text[0].upper() + text[1:], ENDING)
    text = (
        f"Dawn closed the ball with no Plan completed: {winners} filled the most Plan symbols "
        f"(then seated the most Dancers) and {'wins' if len(first) == 1 else 'share the win'}."
    )
    return outcome(seats, text, DAWN)
