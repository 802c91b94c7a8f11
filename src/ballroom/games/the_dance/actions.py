"""The Dance's atomic actions: families with typed parameters, dense ids, stable texts.

Every compound move of the rulebook is split into small steps: one hex step
(``step ne``, ``lead lady-julia sw``), choose a target (``influence
lady-julia``, ``foil thorne-balaz``), a Domain (``domain corruption``), a
Refreshment or none (``refresh corruption-2``, ``no-refreshment``), the roll
(chance: ``roll 4``), and the post-roll choices (``accept``, ``tactician
ankh``, ``willpower extortion-1``). Chance draws name what was drawn
(``drawn-power shadow``, ``drawn-refreshment ankh``, ``drawn-plan
rose-rose-lily``, ``placed lady-julia``).

The families are declared once, in id order, in an ``ActionCodec``
(``CODEC``), which also gives each action's structured form for a web
client. The id ranges follow the component files, so an edited data file
with more Dancers or Plans simply yields a larger action space; stored
records keep their meaning as long as the families keep their order.
"""

from __future__ import annotations

from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.errors import IllegalActionError, allowed_list
from ballroom.games.the_dance.components import (
    DIRECTION_NAMES,
    DOMAINS,
    FAMILIES,
    default_components,
)

_C = default_components()
D = len(_C.dancers)
K = len(_C.refreshments)
P = len(_C.plans)
W = len(_C.powers)
A = FAMILIES

_dancers = [d.slug for d in _C.dancers]
_avatars = [a.slug for a in _C.avatars]
_DANCER = Param.of_names("dancer", _dancers)
_AVATAR = Param.of_names("avatar", _avatars)
_KIND = Param.of_names("refreshment", [k.slug for k in _C.refreshments])
_POWER = Param.of_names("power", [p.id for p in _C.powers])
_PLAN = Param.of_names("plan", [p.id for p in _C.plans])
_DIRECTION = Param.of_names("direction", DIRECTION_NAMES)
_DOMAIN = Param.of_names("domain", DOMAINS)
_COLOUR = Param.of_names("sanctuary", [s.colour for s in _C.board.sanctuaries])
_PARTNER = Param.of_names(
    "partner", _dancers + _avatars, "a Dancer, or another family's Avatar, to trade places with"
)

CODEC = ActionCodec(
    [
        Family("roll", (Param.of_range("face", 1, 6),), "chance: the die shows this face"),
        Family("drawn-power", (_POWER,), "chance: the Power drawn"),
        Family("drawn-refreshment", (_KIND,), "chance: the Refreshment drawn"),
        Family("drawn-plan", (_PLAN,), "chance: the Plan drawn"),
        Family("placed", (_DANCER,), "chance: the Dancer placed on the next start hex"),
        Family("avatar", (_AVATAR,), "choose the family's Avatar"),
        Family("sanctuary", (_COLOUR,), "choose the family's Sanctuary"),
        Family("keep", (_POWER,), "keep one of the two Powers drawn"),
        Family("step", (_DIRECTION,), "the Avatar moves one hex"),
        Family("lead", (_DANCER, _DIRECTION), "lead an Influenced Dancer one hex"),
        Family("seat", (_DANCER,), "seat a Dancer from the entry hex"),
        Family("unseat", (_DANCER,), "send a seated Dancer back to the floor"),
        Family("ankh", (), "spend an Ankh: one more Movement"),
        Family("release", (_DANCER,), "release a Dancer from the family's Influence"),
        Family("discipline", (), "Discipline: two Refreshments buy a second marker"),
        Family("strategic", (), "Strategic: draw a new Plan"),
        Family("end-dance", (), "end the Dance step"),
        Family("influence", (_DANCER,), "an Influence effort on a Dancer"),
        Family("foil", (_AVATAR,), "Foil another family's Avatar"),
        Family("server", (), "call the Server: two Refreshments"),
        Family("cut-in", (_PARTNER,), "May I Cut In?: trade places"),
        Family("pass", (), "end the Influence step"),
        Family("clear-foil", (), "shake off the Foil"),
        Family("domain", (_DOMAIN,), "the effort's Domain"),
        Family("refresh", (_KIND,), "play a Refreshment on the roll"),
        Family("no-refreshment", (), "roll without (another) Refreshment"),
        Family("accept", (), "let the roll stand"),
        Family("tactician", (_KIND,), "Tactician: spend one to count the roll one lower"),
        Family("willpower", (_KIND,), "Willpower: spend one to roll again"),
        Family("drop", (_DANCER,), "the Influence to give up (the new Dancer: decline her)"),
        Family("discard", (_KIND,), "discard down to the limit"),
        Family("pay", (_KIND,), "pay for Discipline"),
        Family("keep-plan", (), "Strategic: keep the old Plan"),
        Family("take-plan", (), "Strategic: take the new Plan"),
        Family("initiative", (Param.of_range("seat", 1, FAMILIES),), "pass the Initiative"),
    ]
)
"""Every action of The Dance, by family, in id order."""


def first_id(name: str) -> int:
    """The id of a family's first action: where its block of ids starts."""
    family = CODEC.family(name)
    return CODEC.encode(Action(family, tuple(param.values[0] for param in family.params)))


ROLL = first_id("roll")
DRAW_POWER = first_id("drawn-power")
DRAW_REFRESH = first_id("drawn-refreshment")
DRAW_PLAN = first_id("drawn-plan")
PLACE = first_id("placed")
CHOOSE_AVATAR = first_id("avatar")
CHOOSE_SANCTUARY = first_id("sanctuary")
KEEP_POWER = first_id("keep")
STEP = first_id("step")
LEAD = first_id("lead")
SEAT = first_id("seat")
UNSEAT = first_id("unseat")
ANKH = first_id("ankh")
RELEASE = first_id("release")
DISCIPLINE = first_id("discipline")
STRATEGIC = first_id("strategic")
END_DANCE = first_id("end-dance")
INFLUENCE = first_id("influence")
FOIL = first_id("foil")
SERVER = first_id("server")
CUT_DANCER = first_id("cut-in")
CUT_AVATAR = CUT_DANCER + D
PASS = first_id("pass")
CLEAR_FOIL = first_id("clear-foil")
DOMAIN = first_id("domain")
REFRESH = first_id("refresh")
NO_REFRESH = first_id("no-refreshment")
ACCEPT = first_id("accept")
TACTICIAN = first_id("tactician")
WILLPOWER = first_id("willpower")
DROP = first_id("drop")
DISCARD = first_id("discard")
PAY = first_id("pay")
KEEP_PLAN = first_id("keep-plan")
TAKE_PLAN = first_id("take-plan")
INITIATIVE = first_id("initiative")
NUM_ACTIONS = CODEC.size

TEXTS: tuple[str, ...] = tuple(CODEC.to_text(action) for action in range(NUM_ACTIONS))
_PARSE = {text: action for action, text in enumerate(TEXTS)}


def to_text(action: int) -> str:
    if isinstance(action, int) and 0 <= action < NUM_ACTIONS:
        return TEXTS[action]
    raise IllegalActionError(f"no The Dance action has id {action!r}; ids are 0..{NUM_ACTIONS - 1}")


def parse(text: str) -> int:
    key = " ".join(text.strip().lower().split())
    action = _PARSE.get(key)
    if action is None:
        verb = key.split(" ", 1)[0] if key else ""
        similar = [t for t in TEXTS if t.split(" ", 1)[0] == verb] or [
            "step ne",
            "lead lady-julia sw",
            "end-dance",
            "influence lady-julia",
            "domain corruption",
            "no-refreshment",
            "pass",
        ]
        raise IllegalActionError(
            f"cannot read {text!r}; actions look like: {allowed_list(similar, 8)}"
        )
    return action
