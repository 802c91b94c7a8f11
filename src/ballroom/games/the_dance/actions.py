"""The Dance's atomic actions: dense integer ids and their stable text forms.

Every compound move of the rulebook is split into small steps: one hex step
(``step ne``, ``lead lady-julia sw``), choose a target (``influence
lady-julia``, ``foil thorne-balaz``), a Domain (``domain corruption``), a
Refreshment or none (``refresh corruption-2``, ``no-refreshment``), the roll
(chance: ``roll 4``), and the post-roll choices (``accept``, ``tactician
ankh``, ``willpower extortion-1``). Chance draws name what was drawn
(``drawn-power shadow``, ``drawn-refreshment ankh``, ``drawn-plan
rose-rose-lily``, ``placed lady-julia``).

The id ranges follow the component files, so an edited data file with more
Dancers or Plans simply yields a larger action space.
"""

from __future__ import annotations

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

_TEXTS: list[str] = []


def _block(texts: list[str]) -> int:
    start = len(_TEXTS)
    _TEXTS.extend(texts)
    return start


_dancers = [d.slug for d in _C.dancers]
_avatars = [a.slug for a in _C.avatars]
_kinds = [k.slug for k in _C.refreshments]
_powers = [p.id for p in _C.powers]
_plans = [p.id for p in _C.plans]
_colours = [s.colour for s in _C.board.sanctuaries]

ROLL = _block([f"roll {face}" for face in range(1, 7)])
DRAW_POWER = _block([f"drawn-power {p}" for p in _powers])
DRAW_REFRESH = _block([f"drawn-refreshment {k}" for k in _kinds])
DRAW_PLAN = _block([f"drawn-plan {p}" for p in _plans])
PLACE = _block([f"placed {d}" for d in _dancers])
CHOOSE_AVATAR = _block([f"avatar {a}" for a in _avatars])
CHOOSE_SANCTUARY = _block([f"sanctuary {c}" for c in _colours])
KEEP_POWER = _block([f"keep {p}" for p in _powers])
STEP = _block([f"step {n}" for n in DIRECTION_NAMES])
LEAD = _block([f"lead {d} {n}" for d in _dancers for n in DIRECTION_NAMES])
SEAT = _block([f"seat {d}" for d in _dancers])
UNSEAT = _block([f"unseat {d}" for d in _dancers])
ANKH = _block(["ankh"])
RELEASE = _block([f"release {d}" for d in _dancers])
DISCIPLINE = _block(["discipline"])
STRATEGIC = _block(["strategic"])
END_DANCE = _block(["end-dance"])
INFLUENCE = _block([f"influence {d}" for d in _dancers])
FOIL = _block([f"foil {a}" for a in _avatars])
SERVER = _block(["server"])
CUT_DANCER = _block([f"cut-in {d}" for d in _dancers])
CUT_AVATAR = _block([f"cut-in {a}" for a in _avatars])
PASS = _block(["pass"])
CLEAR_FOIL = _block(["clear-foil"])
DOMAIN = _block([f"domain {d}" for d in DOMAINS])
REFRESH = _block([f"refresh {k}" for k in _kinds])
NO_REFRESH = _block(["no-refreshment"])
ACCEPT = _block(["accept"])
TACTICIAN = _block([f"tactician {k}" for k in _kinds])
WILLPOWER = _block([f"willpower {k}" for k in _kinds])
DROP = _block([f"drop {d}" for d in _dancers])
DISCARD = _block([f"discard {k}" for k in _kinds])
PAY = _block([f"pay {k}" for k in _kinds])
KEEP_PLAN = _block(["keep-plan"])
TAKE_PLAN = _block(["take-plan"])
INITIATIVE = _block([f"initiative {seat}" for seat in range(1, FAMILIES + 1)])
NUM_ACTIONS = len(_TEXTS)

TEXTS: tuple[str, ...] = tuple(_TEXTS)
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
