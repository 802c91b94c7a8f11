"""The Influence step: Influence a Dancer, Foil an Avatar, May I Cut In?, and releasing.

An effort picks a target, then a Domain (not one the Dancer negates), then
plays Refreshments (``refreshments``), then rolls one die, which must count
at most the Avatar's rating plus the Dancer's pips plus the Refreshments'
(a Foil: the two Avatars' ratings). Post-roll Powers (``powers``) may change
the roll before it stands. A success at least three under (or an unmodified
1 without ``margin-three``) Dominates. Calling the Server is in ``server``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import server, standing
from ballroom.games.the_dance.components import DOMAINS
from ballroom.games.the_dance.steps import Phase, RollFor, Target

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every effort reads them.
_DANCER = Target.DANCER
_AVATAR = Target.AVATAR
_DOMAIN = Phase.DOMAIN
_REFRESHMENT = Phase.REFRESHMENT
_ROLL = Phase.ROLL
_POST_ROLL = Phase.POST_ROLL
_DROP_INFLUENCE = Phase.DROP_INFLUENCE
_OVER = Phase.OVER
_INFLUENCE = Phase.INFLUENCE
_FOR_INFLUENCE = RollFor.INFLUENCE

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball

RELEASE, INFLUENCE, PASS, CUT_DANCER = ac.RELEASE, ac.INFLUENCE, ac.PASS, ac.CUT_DANCER
"""Bound once: listed at every decision of an Influence step."""
_NO_NEGATION = (False,) * len(DOMAINS)


# -- choosing what to do -------------------------------------------------------------


def influenced(s: Ball, p: int) -> tuple[int, ...]:
    """The Dancers family ``p`` Influences, in order: read from ``s.marked``, worked out for
    every family where it is not known (kept up by ``marker_moved`` as markers move). Asked
    at every decision of a turn, it would otherwise search ``influenced_by`` each time."""
    marked = s.marked
    if marked is None:
        found: list[list[int]] = [[] for _ in range(s.n)]
        for d, q in enumerate(s.influenced_by):
            if q >= 0:
                found[q].append(d)
        marked = s.marked = tuple(map(tuple, found))
    return marked[p]


def marker_moved(s: Ball, p: int, d: int) -> None:
    """Family ``p``'s Influence marker was placed on Dancer ``d`` or taken off her: her
    Dancers in ``s.marked`` (where known) gain or lose ``d``, the other families' stay."""
    marked = s.marked
    if marked is not None:
        mine = marked[p]
        if d in mine:
            i = mine.index(d)
            mine = mine[:i] + mine[i + 1 :]
        else:
            mine = tuple(sorted((*mine, d)))
        s.marked = (*marked[:p], mine, *marked[p + 1 :])


def markers_of(owners: Sequence[int], p: int) -> list[int]:
    """The places in ``owners`` (each Dancer's Influencing family, as an observation lists
    them) that hold ``p``, in order (found by the list's own search: a family holds a marker
    or two, and the bots ask at every step of her Dance)."""
    if p not in owners:
        return []
    d = owners.index(p)
    found = [d]
    for _ in range(owners.count(p) - 1):
        d = owners.index(p, d + 1)
        found.append(d)
    return found


def actions(s: Ball, p: int) -> list[int]:
    """Release, clear a Foil, pass, an effort in range, the Server, or May I Cut In?."""
    if s.attempts == 1 and not standing.second_attempt(s, p):
        return [PASS]
    marked = s.marked
    mine = influenced(s, p) if marked is None else marked[p]
    out = []
    for d in mine:
        out.append(RELEASE + d)
    foiled = s.foiled
    if foiled[p]:
        out.append(ac.CLEAR_FOIL)
        return out
    here = s.avatar_pos[p]
    board = s.comp.board
    dist = board.distance[here]
    reach = s.held[p].limits["influence-reach"]
    margin = s.edition.margin_three
    influenced_by = s.influenced_by
    occ = s.occ
    nd = s.nd
    dominated = s.dominated
    if reach == 1:
        # In reach: the pieces on the neighbouring hexes (no two pieces share a hex once
        # a Dance step is over).
        avatars_end = nd + s.n
        for h in board.adjacent[here]:
            piece = occ[h]
            if piece < 0:
                continue
            if piece < nd:
                if influenced_by[piece] != p and (margin or not dominated[piece]):
                    out.append(INFLUENCE + piece)
            elif piece < avatars_end and not foiled[piece - nd]:
                out.append(ac.FOIL + s.avatar_of[piece - nd])
    else:
        for d, pos in enumerate(s.dancer_pos):
            if pos >= 0 and dist[pos] <= reach:
                if influenced_by[d] == p or (dominated[d] and not margin):
                    continue
                out.append(INFLUENCE + d)
        for q in range(s.n):
            pos = s.avatar_pos[q]
            if q != p and pos >= 0 and dist[pos] <= reach and not foiled[q]:
                out.append(ac.FOIL + s.avatar_of[q])
    out.append(PASS)
    if s.attempts == 0:
        server = s.server
        if server >= 0 and standing.may_call_server(s, p, dist[server]):
            out.append(ac.SERVER)
        _add_cut_ins(s, p, out)
    out.sort()
    return out


def _add_cut_ins(s: Ball, p: int, out: list[int]) -> None:
    """May I Cut In? may not carry an Avatar onto another family's entry hex (RULINGS 19)."""
    here = s.avatar_pos[p]
    occ = s.occ
    nd = s.nd
    # ``open_exits`` leaves out the hexes closed to her Avatar.
    for _, nxt in s.open_exits[p][here]:
        piece = occ[nxt]
        if piece < nd:
            if piece >= 0:
                out.append(CUT_DANCER + piece)
        elif piece < nd + s.n and here not in s.closed[piece - nd]:
            out.append(ac.CUT_AVATAR + s.avatar_of[piece - nd])


def apply(s: Ball, action: int, p: int, events: list[Event]) -> None:
    nd = s.nd
    if ac.RELEASE <= action < ac.RELEASE + nd:
        release(s, action - ac.RELEASE, events, voluntary=True)
    elif action == ac.CLEAR_FOIL:
        s.foiled[p] = False
        if s.reporting:
            s.say(
                events,
                "clear-foil",
                "{who} spends its Influence step shaking off the Foil.",
                {"player": p},
            )
        s.end_turn(events)
    elif action == ac.PASS:
        s.end_turn(events)
    elif ac.INFLUENCE <= action < ac.INFLUENCE + nd:
        _start_effort(s, _DANCER, action - ac.INFLUENCE, events)
    elif ac.FOIL <= action < ac.FOIL + 6:
        _start_effort(s, _AVATAR, s.avatar_of.index(action - ac.FOIL), events)
    elif action == ac.SERVER:
        server.call(s, p, events)
    elif ac.CUT_DANCER <= action < ac.CUT_DANCER + nd:
        d = action - ac.CUT_DANCER
        _swap(s, p, s.dancer_pos[d], d)
        if s.reporting:
            _say_cut_in(s, p, events, {"player": p, "dancer": d}, s.comp.dancers[d].name)
        s.end_turn(events)
    elif ac.CUT_AVATAR <= action < ac.CUT_AVATAR + 6:
        q = s.avatar_of.index(action - ac.CUT_AVATAR)
        _swap(s, p, s.avatar_pos[q], nd + q)
        if s.reporting:
            _say_cut_in(s, p, events, {"player": p, "avatar": q}, s.who(q))
        s.end_turn(events)


def _say_cut_in(s: Ball, p: int, events: list[Event], data: dict[str, int], name: str) -> None:
    """Tell the table that ``p``'s Avatar cut in, trading places with ``name``."""
    s.say(
        events,
        "cut-in",
        "{who}: May I cut in? The Avatar trades places with {name}.",
        data,
        {"name": name},
    )


def _swap(s: Ball, p: int, there: int, piece: int) -> None:
    here = s.avatar_pos[p]
    s.avatar_pos[p] = there
    s.occ[there] = s.nd + p
    s.occ[here] = piece
    if piece < s.nd:
        s.dancer_pos[piece] = here
    else:
        s.avatar_pos[piece - s.nd] = here


# -- the effort -------------------------------------------------------------------


def _start_effort(s: Ball, kind: Target, target: int, events: list[Event]) -> None:
    p = s.current
    s.target_kind = kind
    s.target = target
    s.domain = -1
    s.played = []
    s.rerolled = False
    s.tactician_used = False
    s.lowered = 0
    here = s.avatar_pos[p]
    pos = s.dancer_pos[target] if kind == _DANCER else s.avatar_pos[target]
    standing.on_effort(s, p, s.comp.board.distance[here][pos], events)
    s.phase = _DOMAIN


_OPEN_DOMAINS: dict[tuple[bool, ...], list[int]] = {}
"""The Domain actions left open by each pattern of negation symbols met (few): listed at
every effort."""


def domain_actions(s: Ball, p: int) -> list[int]:
    """Any Domain, but not one the target Dancer negates (a Foil: none)."""
    negates = s.comp.dancers[s.target].negates if s.target_kind == _DANCER else _NO_NEGATION
    found = _OPEN_DOMAINS.get(negates)
    if found is None:
        found = _OPEN_DOMAINS[negates] = [
            ac.DOMAIN + i for i in range(len(DOMAINS)) if not negates[i]
        ]
    return found[:]


def apply_domain(s: Ball, action: int, p: int, events: list[Event]) -> None:
    s.domain = action - ac.DOMAIN
    # Every family meets the Refreshment step, holding a fitting one or not
    # (RULINGS 20); a Foil takes no Refreshment, for everyone alike.
    if s.target_kind == _DANCER:
        s.phase = _REFRESHMENT
    else:
        start_roll(s)


def start_roll(s: Ball) -> None:
    s.phase = _ROLL
    s.roll_for = _FOR_INFLUENCE


def target_number(s: Ball) -> int:
    """What the die must not exceed: the ratings in the Domain, plus the Refreshments played."""
    p = s.current
    domain = s.domain
    rating = s.comp.avatars[s.avatar_of[p]].ratings[domain]
    if s.target_kind == _AVATAR:
        return rating + s.comp.avatars[s.avatar_of[s.target]].ratings[domain]
    kinds = s.comp.refreshments
    total = rating + s.comp.dancers[s.target].pips[domain]
    for k in s.played:  # none or one, seldom two: a loop, not a generator
        total += kinds[k].pips
    return total


def apply_roll(s: Ball, face: int, events: list[Event]) -> None:
    s.roll = face
    s.lowered = 0
    if s.reporting:  # the target is worked out here for the log alone
        s.say(
            events,
            "roll",
            "{who} rolls {roll} against {target}.",
            {"player": s.current, "roll": face, "target": target_number(s)},
        )
    s.phase = _POST_ROLL
    s.actor = s.current


RESULT = "{who} rolls {roll} against {needed}: {what}."
"""The sentence of an effort's result."""


def resolve(s: Ball, events: list[Event]) -> None:
    """Settle the Influence effort once the roll stands."""
    p = s.current
    total = target_number(s)
    roll = s.roll - s.lowered
    success = roll <= total
    if s.target_kind == _AVATAR:
        q = s.target
        if success:
            s.foiled[q] = True
        if s.reporting:
            s.say(
                events,
                "foil",
                RESULT,
                {"player": p, "target": q, "roll": roll, "needed": total, "success": success},
                {"what": f"{s.who(q)} is Foiled" if success else "the Foil fails"},
            )
        _after_attempt(s, events)
        return
    d = s.target
    dominate = success and (
        standing.every_success_dominates(s, p)
        or (s.edition.margin_three and total - roll >= 3)
        or (not s.edition.margin_three and s.roll == 1 and s.lowered == 0)
    )
    owner = s.influenced_by[d]
    held = owner >= 0 and s.dominated[d]
    if s.reporting:
        s.say(
            events,
            "influence",
            RESULT,
            {
                "player": p,
                "dancer": d,
                "roll": roll,
                "needed": total,
                "success": success,
                "dominated": dominate,
            },
            {"what": _result(s, d, owner, held, success, dominate)},
        )
    place = False
    if success:
        if held:
            if dominate:  # taken over
                release(s, d, events, voluntary=False)
                place = True
        elif owner >= 0:  # freed
            release(s, d, events, voluntary=False)
        else:
            place = True
        standing.on_success(s, p, events)
    if place:
        s.dominates = dominate
        in_use = []  # her markers on the floor (a Dancer seated gives hers back)
        for x in influenced(s, p):
            if s.dancer_pos[x] >= 0:
                in_use.append(x)
        if len(in_use) < s.markers[p] or (len(in_use) == 1 and not standing.regale_choice(s, p)):
            if len(in_use) >= s.markers[p]:
                release(s, in_use[0], events, voluntary=False)
            _place_marker(s, p, d, dominate)
        else:
            s.phase = _DROP_INFLUENCE
            s.actor = p
            return
    _after_attempt(s, events)


def _result(s: Ball, d: int, owner: int, held: bool, success: bool, dominate: bool) -> str:
    """What an effort on Dancer ``d`` did, as the log words it: ``owner`` Influenced her
    before it (-1 nobody), and ``held`` her Dominated."""
    dancer = s.comp.dancers[d].name
    if not success:
        return "no effect"
    if held:
        if dominate:
            return f"{dancer} is taken over"
        return f"{dancer} stays Dominated by the {s.family(owner)} family"
    if owner >= 0:
        return f"{dancer} is freed from the {s.family(owner)} family's Influence"
    return f"{dancer} is {'Dominated' if dominate else 'Influenced'}"


def drop_actions(s: Ball, p: int) -> list[int]:
    """Which Influence to give up for the new Dancer (Regale may keep the old one instead)."""
    candidates = [d for d in influenced(s, p) if s.dancer_pos[d] >= 0]
    if standing.second_attempt(s, p) and s.target not in candidates:
        candidates.append(s.target)
    return sorted(ac.DROP + d for d in candidates)


def apply_drop(s: Ball, action: int, p: int, events: list[Event]) -> None:
    x = action - ac.DROP
    d = s.target
    if x != d:
        release(s, x, events, voluntary=False)
        _place_marker(s, p, d, s.dominates)
    else:
        s.say(events, "decline", "{who} keeps its Influence where it was.", {"player": p})
    _after_attempt(s, events)


def _place_marker(s: Ball, p: int, d: int, dominate: bool) -> None:
    slot = 0  # the first marker, unless it stands on another of her Dancers
    for x in influenced(s, p):
        if s.dancer_pos[x] >= 0 and s.marker_slot[x] == 0:
            slot = 1
    s.marker_slot[d] = slot
    s.influenced_by[d] = p
    marker_moved(s, p, d)
    s.dominated[d] = dominate
    s.lead_left[d] = 0


def release(s: Ball, d: int, events: list[Event], *, voluntary: bool) -> None:
    """The Influence marker comes off Dancer ``d``, who rejoins the waltz."""
    owner = s.influenced_by[d]
    s.influenced_by[d] = -1
    marker_moved(s, owner, d)
    s.dominated[d] = False
    s.lead_left[d] = 0
    if voluntary and s.reporting:
        s.say(
            events,
            "release",
            "{who} releases {name}, who rejoins the waltz.",
            {"player": owner, "dancer": d},
            {"name": s.comp.dancers[d].name},
        )


def _after_attempt(s: Ball, events: list[Event]) -> None:
    p = s.current
    s.attempts += 1
    if s.phase == _OVER:
        return
    if s.attempts == 1:
        # Every family meets a second Influence decision (``pass`` alone without
        # Regale), so that the turn's end does not give Regale away (RULINGS 20).
        s.phase = _INFLUENCE
        s.actor = p
        return
    s.end_turn(events)
