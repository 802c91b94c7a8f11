"""A game turn's frame and the Waltz Phase: turn order, the Tempo, the Dancers' waltz.

Each game turn the families play in order from the first player (with the
INITIATIVE option, from the holder, who passes it on after the Waltz
Phase). The Waltz Phase brings the Server back (``server``), advances the
Tempo, and in boxes 1-3 moves every non-Influenced Dancer one hex; in box 4
every family gains a Refreshment instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.events import Event
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import plans
from ballroom.games.the_dance.steps import Phase, Task

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and every turn reads them.
_PLAYER_PHASE = Task.PLAYER_PHASE
_WALTZ_SERVER = Task.WALTZ_SERVER
_TEMPO = Task.TEMPO
_PASS_INITIATIVE = Task.PASS_INITIATIVE
_NEW_TURN = Task.NEW_TURN
_DRAW_REFRESHMENT = Task.DRAW_REFRESHMENT
_DISCARD_TO_LIMIT = Task.DISCARD_TO_LIMIT
_WALTZ_PHASE = ((_WALTZ_SERVER, 0), (_TEMPO, 0), (_PASS_INITIATIVE, 0), (_NEW_TURN, 0))
"""The tasks after the Player Phases of a game turn: the Waltz Phase, then the next turn."""

if TYPE_CHECKING:
    from ballroom.games.the_dance.ball import Ball


def new_turn_task(s: Ball, p: int, events: list[Event]) -> bool:
    """A game turn begins: its Player Phases in order, then the Waltz Phase."""
    dawn = int(s.game.options["dawn"])
    if dawn and s.turn >= dawn:
        plans.dawn(s, events)
        return True
    s.turn += 1
    if s.turn == 1 and s.game.options["scenario"] == "arrogance":
        for q in range(s.n):
            s.plan_public[q] = True
        events.append(
            s.event(
                "arrogance",
                "Arrogance: every family reveals her Plan.",
                plans=[s.comp.plans[x].id for x in s.plan],
                reveals=True,
            )
        )
    first = s.initiative if s.game.options["initiative"] else 0
    n = s.n
    finished = s.finished
    order = s.order = []  # the families still playing, from the first
    for i in range(first, first + n):
        if i % n not in finished:
            order.append(i % n)
    if s.reporting:
        s.say(
            events,
            "turn",
            "Turn {turn} begins (Tempo {tempo}).",
            {"turn": s.turn},
            {"tempo": s.tempo},
        )
    agenda = s.agenda
    for q in order:
        agenda.append((_PLAYER_PHASE, q))
    agenda += _WALTZ_PHASE
    return False


def tempo_task(s: Ball, p: int, events: list[Event]) -> bool:
    """The Tempo advances a box: the Dancers waltz, or in box 4 pause for Refreshments."""
    board = s.comp.board
    s.tempo = s.tempo % board.tempo_boxes + 1
    if s.tempo == board.refreshment_box:
        if s.reporting:
            s.say(
                events,
                "tempo",
                "The Tempo reaches box {tempo}: the Dancers pause and every family gains a Refreshment.",
                {"tempo": s.tempo},
            )
        tasks: list[tuple[Task, int]] = []
        for q in s.order:
            if q not in s.finished:
                tasks += [(_DRAW_REFRESHMENT, q), (_DISCARD_TO_LIMIT, q)]
        s.agenda[:0] = tasks
        return False
    moved = waltz(s)
    if s.reporting:
        s.say(
            events,
            "tempo",
            "The Tempo reaches box {tempo}: the waltz moves {moved} Dancer{s}.",
            {"tempo": s.tempo, "moved": moved},
            {"s": "s" if moved != 1 else ""},
        )
    return False


def waltz(s: Ball) -> int:
    """Move the non-Influenced Dancers one hex: path Dancers first, then arrow Dancers.

    A path Dancer moves when the hex ahead of her is empty or frees up, so a
    queue follows its leader and a packed loop stands still: each loop is
    walked once backwards from a hex no path Dancer leaves, each Dancer
    moving up when the hex ahead of her is clear. Arrow Dancers then move
    once their hex ahead is empty, repeating until nobody else can move; ties
    for one hex go to the lower hex number.
    """
    board = s.comp.board
    occ = s.occ
    pos = s.dancer_pos
    influenced_by = s.influenced_by
    nd = s.nd
    moved = 0
    for loop in board.paths:
        # A hex whose piece stays (or that is empty) to start from, walking backwards.
        for start in range(len(loop) - 1, -1, -1):
            piece = occ[loop[start]]
            if piece < 0 or piece >= nd or influenced_by[piece] >= 0:
                break
        else:
            continue  # a loop packed with path Dancers stands still
        ahead = loop[start]
        clear = occ[ahead] < 0
        for here in loop[:start][::-1] + loop[:start:-1]:
            piece = occ[here]
            if piece < 0:
                clear = True
            elif clear:  # behind a piece that stays, every piece stays
                if piece < nd and influenced_by[piece] < 0:
                    occ[here] = -1
                    occ[ahead] = piece
                    pos[piece] = ahead
                    moved += 1
                else:
                    clear = False
            ahead = here
    arrow_to = board.arrow_to
    waiting = []
    for d, here in enumerate(pos):
        if here >= 0 and arrow_to[here] >= 0 and influenced_by[d] < 0:
            waiting.append(d)
    waiting.sort(key=pos.__getitem__)
    progress = True
    while progress and waiting:
        progress = False
        still = []
        for d in waiting:
            nxt = arrow_to[pos[d]]
            if occ[nxt] < 0:
                occ[pos[d]] = -1
                occ[nxt] = d
                pos[d] = nxt
                moved += 1
                progress = True
            else:
                still.append(d)
        waiting = still
    return moved


def initiative_task(s: Ball, p: int, events: list[Event]) -> bool:
    """With the INITIATIVE option, its holder passes it on after the Waltz Phase."""
    if s.game.options["initiative"] and len(s.finished) < s.n - 1:
        s.phase = Phase.INITIATIVE
        s.actor = s.initiative
        return True
    return False


def initiative_actions(s: Ball, p: int) -> list[int]:
    return [ac.INITIATIVE + q for q in range(s.n) if q != p and q not in s.finished]


def apply_initiative(s: Ball, action: int, p: int, events: list[Event]) -> None:
    q = action - ac.INITIATIVE
    s.initiative = q
    if s.reporting:
        s.say(
            events,
            "initiative",
            "{who} passes the Initiative to {name}.",
            {"player": p, "to": q},
            {"name": s.who(q)},
        )
    s.run_agenda(events)
