"""What a seat sees (``observation``) and a world dealt from it (``determinize``).

A seat's view is typed (``Seen``, a ``TypedDict``, so that building it costs
no more than the JSON it is, in the layout the browser view reads): the
``public`` part, the same for every seat and for a spectator, with the
seat's private part in it: her Refreshments, Powers, drawn Powers, Plan,
Movement left and Strategic's candidate Plan. Both are made in one pass,
since a search and the adapters build a view at every step. Hidden means hidden
(RULINGS 14, 20): counts are public, kinds are not. ``determinize``
rebuilds a full state from one observation alone, dealing what the seat
could not see at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from ballroom.core.errors import ViewError
from ballroom.core.history import History
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.the_dance import powers, sanctuary, standing
from ballroom.games.the_dance.steps import PHASE_NAMES, Phase, RollFor, Target, Task

if TYPE_CHECKING:
    from ballroom.core.game import Game
    from ballroom.games.the_dance.ball import Ball, Edition


class FamilySeen(TypedDict):
    """One family as a seat sees her; the fields marked private are ``None`` (``powers``:
    the revealed ones) unless she is the seat's own."""

    avatar: int
    sanctuary: int
    pos: int
    foiled: bool
    markers: int
    refreshment_count: int
    refreshments: list[int] | None
    """Private: her hand, count by kind."""
    powers: list[int]
    """Private: all her Powers; public: the revealed ones."""
    power_count: int
    revealed: list[int]
    drawn_powers: list[int] | None
    """Private: the two Powers drawn, before one is kept."""
    drawn_count: int
    plan: int | None
    """Private, or public once shown (Arrogance, a completed Plan, dawn)."""
    has_plan: bool
    plan_public: bool
    seated: list[int]


class TurnSeen(TypedDict):
    moves_left: int | None
    """Private: the current family's Movement left (RULINGS 20)."""
    ankhs_used: int
    movement_spent: int
    passing: bool
    attempts: int
    strategic_used: bool
    pay_left: int
    draw_for: int
    die_for: int


class EffortSeen(TypedDict):
    kind: int
    target: int
    domain: int
    used: list[int]
    roll: int
    modifier: int
    rerolled: bool
    tactician_used: bool
    dominates: bool


class PilesSeen(TypedDict):
    powers: int
    refreshments: int
    plans: int


class Seen(TypedDict):
    game: str
    you: int | None
    players: int
    phase: str
    phase_id: int
    actor: int
    current: int
    turn: int
    tempo: int
    order: list[int]
    initiative: int
    server: int
    dancer_pos: list[int]
    dancer_seat: list[int]
    dancer_influence: list[int]
    dancer_dominated: list[bool]
    dancer_slot: list[int]
    dancer_moves: list[int]
    placed: int
    families: list[FamilySeen]
    finished: list[int]
    dawn_ranking: list[list[int]]
    piles: PilesSeen
    spent: list[int]
    discarded: int
    agenda: list[list[int]]
    turn_state: TurnSeen
    effort: EffortSeen
    candidate_plan: int | None
    has_candidate: bool
    winners: list[int] | None


"""An observation of The Dance: the public part with one seat's private part laid over it."""


def public(s: Ball) -> Seen:
    """What every seat sees alike (a spectator's observation)."""
    return cast(Seen, observation(s, None))


class _Pen:
    """Writes the parts of a view. Each part starts as a copy of its blank (``_blank``),
    held as the pen's ``__dict__`` while its values are written as the pen's attributes:
    the interpreter stores an attribute straight into a dict laid out as the one it wrote
    last, which costs far less than a dict literal or a store by key."""


_UNWRITTEN = object()
"""What a blank holds until the pen writes its value: a field the builder forgot shows
(the tests, and JSON, reject it) instead of passing for ``None``."""


def _blank(part: type) -> dict[str, object]:
    """The keys of the ``TypedDict`` ``part`` in its order, each holding ``_UNWRITTEN``: the
    ``TypedDict`` alone lists a part's fields and their order. The tests hold every part
    of every observation to it (tests/the_dance/test_view.py)."""
    keys = list(part.__annotations__)
    odd = [key for key in keys if not key.isidentifier() or key.startswith("__")]
    if odd:
        raise TypeError(f"{part.__name__}: the pen cannot write the keys {odd}")
    return dict.fromkeys(keys, _UNWRITTEN)


_FAMILY, _TURN, _EFFORT, _PILES, _SEEN = map(
    _blank, (FamilySeen, TurnSeen, EffortSeen, PilesSeen, Seen)
)
_OVER = Phase.OVER
_SEATS: dict[int, tuple[int, ...]] = {}
"""The seats of a table of each size: a tuple is cheaper to loop over than a new ``range``."""


def observation(s: Ball, player: int | None) -> Observation:
    """What ``player`` may see: the public part with her private part laid over it (her
    Refreshments, Powers, drawn Powers and Plan, her Movement left in her turn,
    Strategic's candidate Plan); ``None`` a spectator, who sees the public part alone.

    Every list and dict is new, so that an observation shares nothing with the state or
    with another observation. A part's keys and their order are its blank's, whatever the
    order of the writes. Enum members are written as plain ints with a unary ``+``, the
    cheapest way; a list that is mostly empty is made as ``[]``, cheaper than a copy; the
    state's lists are read one to a line (unpacking four or more builds a tuple).
    """
    n = s.n
    seats = _SEATS.get(n)
    if seats is None:
        seats = _SEATS[n] = tuple(range(n))
    me = -1 if player is None else player  # an int compares faster with an int than with None
    pen: Any = _Pen()
    families = []
    avatar_of = s.avatar_of
    sanctuary_of = s.sanctuary_of
    avatar_pos = s.avatar_pos
    foiled = s.foiled
    markers = s.markers
    hand_size = s.hand_size
    held = s.powers
    drawn = s.drawn_powers
    revealed = s.revealed
    plans = s.plan
    shows = s.plan_public
    seated = s.seated
    for q in seats:
        pen.__dict__ = family = _FAMILY.copy()
        pen.avatar = avatar_of[q]
        pen.sanctuary = sanctuary_of[q]
        pen.pos = avatar_pos[q]
        pen.foiled = foiled[q]
        pen.markers = markers[q]
        pen.refreshment_count = hand_size[q]
        pen.power_count = len(held[q])
        pen.drawn_count = len(drawn[q])
        plan = plans[q]
        pen.has_plan = plan >= 0
        show = shows[q]
        pen.plan_public = show
        pen.seated = seated[q].copy()
        if q == me:
            pen.refreshments = s.hand[q].copy()
            pen.powers = held[q].copy()
            pen.revealed = revealed[q].copy()
            drawn_q = drawn[q]
            pen.drawn_powers = drawn_q.copy() if drawn_q else []
            pen.plan = plan if plan >= 0 else None
        else:
            shown = revealed[q]
            pen.refreshments = None
            pen.powers = shown.copy()
            pen.revealed = shown.copy()
            pen.drawn_powers = None
            pen.plan = plan if plan >= 0 and show else None
        families.append(family)
    pen.__dict__ = turn = _TURN.copy()
    pen.moves_left = s.movement_left if player is not None and player == s.current else None
    pen.ankhs_used = s.ankhs_used
    pen.movement_spent = s.movement_spent
    pen.passing = s.passing
    pen.attempts = s.attempts
    pen.strategic_used = s.strategic_used
    pen.pay_left = s.pay_left
    pen.draw_for = s.draw_for
    pen.die_for = +s.roll_for
    pen.__dict__ = effort = _EFFORT.copy()
    pen.kind = +s.target_kind
    pen.target = s.target
    pen.domain = s.domain
    used = s.played
    pen.used = used.copy() if used else []
    pen.roll = s.roll
    pen.modifier = s.lowered
    pen.rerolled = s.rerolled
    pen.tactician_used = s.tactician_used
    pen.dominates = s.dominates
    pen.__dict__ = piles = _PILES.copy()
    pen.powers = len(s.power_pile)
    pen.refreshments = s.refresh_left
    pen.plans = len(s.plan_pile)
    pen.__dict__ = view = _SEEN.copy()
    pen.game = s.game.id
    pen.you = player
    pen.players = n
    phase = s.phase
    pen.phase = PHASE_NAMES[phase]
    pen.phase_id = +phase
    pen.actor = s.actor
    pen.current = s.current
    pen.turn = s.turn
    pen.tempo = s.tempo
    pen.order = s.order.copy()
    pen.initiative = s.initiative
    pen.server = s.server
    pen.dancer_pos = s.dancer_pos.copy()
    pen.dancer_seat = s.dancer_seat.copy()
    pen.dancer_influence = s.influenced_by.copy()
    pen.dancer_dominated = s.dominated.copy()
    pen.dancer_slot = s.marker_slot.copy()
    pen.dancer_moves = s.lead_left.copy()
    pen.placed = s.placed
    pen.families = families
    finished = s.finished
    pen.finished = finished.copy() if finished else []
    dawn = s.dawn_ranking
    pen.dawn_ranking = [list(group) for group in dawn] if dawn else []
    pen.piles = piles
    pen.spent = s.spent.copy()
    pen.discarded = s.discarded_count
    # A loop, not a comprehension: the agenda is short, and a comprehension is a call.
    tasks = []
    for task, who in s.agenda:
        tasks.append([+task, who])
    pen.agenda = tasks
    pen.turn_state = turn
    pen.effort = effort
    candidate = s.candidate_plan
    pen.candidate_plan = candidate if player is not None and player == s.draw_for else None
    pen.has_candidate = candidate >= 0
    # ``is_terminal`` read without a call: a game is over at ``Phase.OVER``.
    pen.winners = list(s.outcome().winners) if phase is _OVER else None
    return view


# Members by value, read faster than by calling the enum: ``determinize`` runs once per search world.
_PHASES, _TASKS, _ROLLS_FOR, _TARGETS = tuple(Phase), tuple(Task), tuple(RollFor), tuple(Target)


def determinize(s: Ball, game: Game, edition: Edition, observation: Observation, rng: Rng) -> None:
    """Fill the blank state ``s`` so that it agrees with ``observation``, dealing what it
    hides at random: other families' Powers, Refreshments and Plans, and the piles."""
    view = cast(Seen, observation)
    comp = edition.components
    n = game.players
    nd = len(comp.dancers)
    s.game = game
    s.seed = rng.below(1 << 62)
    s.rng = Rng(s.seed)
    s.history = History()
    s.comp = comp
    s.edition = edition
    s.n = n
    s.nd = nd
    s.server_code = nd + n
    s.phase = _PHASES[view["phase_id"]]
    s.actor = view["actor"]
    s.current = view["current"]
    s.turn = view["turn"]
    s.tempo = view["tempo"]
    s.order = list(view["order"])
    s.initiative = view["initiative"]
    s.agenda = [(_TASKS[t[0]], t[1]) for t in view["agenda"]]
    s.server = view["server"]
    s.dancer_pos = list(view["dancer_pos"])
    s.dancer_seat = list(view["dancer_seat"])
    s.influenced_by = list(view["dancer_influence"])
    s.dominated = list(view["dancer_dominated"])
    s.marker_slot = list(view["dancer_slot"])
    s.lead_left = list(view["dancer_moves"])
    s.placed = view["placed"]
    s.finished = list(view["finished"])
    s.dawn_ranking = [tuple(group) for group in view["dawn_ranking"]]
    fams = view["families"]
    s.avatar_of = [f["avatar"] for f in fams]
    s.sanctuary_of = [f["sanctuary"] for f in fams]
    sanctuary.close_entries(s)
    s.avatar_pos = [f["pos"] for f in fams]
    s.foiled = [f["foiled"] for f in fams]
    s.markers = [f["markers"] for f in fams]
    s.revealed = [list(f["revealed"]) for f in fams]
    s.hand_size = [f["refreshment_count"] for f in fams]
    s.plan_public = [f["plan_public"] for f in fams]
    s.seated = [list(f["seated"]) for f in fams]
    turn = view["turn_state"]
    s.ankhs_used = turn["ankhs_used"]
    s.movement_spent = turn["movement_spent"]
    s.passing = turn["passing"]
    s.attempts = turn["attempts"]
    s.strategic_used = turn["strategic_used"]
    s.pay_left = turn["pay_left"]
    s.draw_for = turn["draw_for"]
    s.roll_for = _ROLLS_FOR[turn["die_for"]]
    effort = view["effort"]
    s.target_kind = _TARGETS[effort["kind"]]
    s.target = effort["target"]
    s.domain = effort["domain"]
    s.played = list(effort["used"])
    s.roll = effort["roll"]
    s.lowered = effort["modifier"]
    s.rerolled = effort["rerolled"]
    s.tactician_used = effort["tactician_used"]
    s.dominates = effort["dominates"]
    s.spent = list(view["spent"])
    s.discarded_count = view["discarded"]
    s.occ = [-1] * len(comp.board.hexes)
    for d, pos in enumerate(s.dancer_pos):
        if pos >= 0:
            s.occ[pos] = d
    if s.server >= 0:
        s.occ[s.server] = s.server_code
    for q, pos in enumerate(s.avatar_pos):
        if pos >= 0 and s.occ[pos] < 0:
            s.occ[pos] = nd + q
    _deal_powers(s, view, rng)
    moves_left = turn["moves_left"]
    if moves_left is None:
        # Another family's Movement left is hidden (RULINGS 20): work it out from
        # the Powers just dealt and the Movement she has visibly spent.
        moves_left = (
            standing.movement(s, s.current) + s.ankhs_used - s.movement_spent
            if s.current >= 0
            else 0
        )
    s.movement_left = moves_left
    _deal_refreshments(s, view, rng)
    _deal_plans(s, view, rng)


def _deal_powers(s: Ball, view: Seen, rng: Rng) -> None:
    """Deal the unseen Powers to the hidden slots; the rest is the pile."""
    me = view["you"]
    fams = view["families"]
    seen_powers = [w for f in fams for w in f["revealed"]]
    if me is not None:
        seen_powers += fams[me]["powers"] + _own(fams[me]["drawn_powers"])
    unseen = [w for w in range(len(s.comp.powers)) if w not in seen_powers]
    rng.shuffle(unseen)
    held = [
        q
        for q, f in enumerate(fams)
        if q != me
        for _ in range(f["power_count"] - len(f["revealed"]))
    ]
    # A Power that deals more Refreshments shows itself at the deal (Old Wealth): a
    # family dealt without showing it lacks it.
    at_deal = s.edition.shown_at_deal
    allowed = [
        i
        for i in range(len(unseen))
        if i >= len(held) or (Task.DEAL_REFRESHMENTS, held[i]) in s.agenda
    ]
    for shown in at_deal:
        if shown in unseen and unseen.index(shown) not in allowed:
            free = [j for j in allowed if unseen[j] not in at_deal]
            if free:
                i, j = unseen.index(shown), free[rng.below(len(free))]
                unseen[i], unseen[j] = unseen[j], unseen[i]
    deal = iter(unseen)
    s.powers = [
        list(f["powers"])
        if q == me
        else list(f["revealed"]) + [next(deal) for _ in range(held.count(q))]
        for q, f in enumerate(fams)
    ]
    s.drawn_powers = [
        _own(f["drawn_powers"]) if q == me else [next(deal) for _ in range(f["drawn_count"])]
        for q, f in enumerate(fams)
    ]
    s.power_pile = list(deal)
    # Which Power another family returned is not sampled: no rule reads it.
    s.dealt_powers = [ws + drawn for ws, drawn in zip(s.powers, s.drawn_powers, strict=True)]
    s.held = (powers.held_of(s.comp, ()),) * len(s.powers)
    for q in range(len(s.powers)):
        powers.settle(s, q)


def _deal_refreshments(s: Ball, view: Seen, rng: Rng) -> None:
    """Everything not in the seat's hand and not spent face up is unseen: hands, discards, pile."""
    me = view["you"]
    fams = view["families"]
    kinds = s.comp.refreshments
    pool = [k for k, kind in enumerate(kinds) for _ in range(kind.count - s.spent[k])]
    s.hand = []
    if me is not None:
        for k, count in enumerate(_own(fams[me]["refreshments"])):
            for _ in range(count):
                pool.remove(k)
    rng.shuffle(pool)
    for q, f in enumerate(fams):
        hand = [0] * len(kinds)
        if q == me:
            hand = _own(f["refreshments"])
        else:
            for _ in range(f["refreshment_count"]):
                hand[pool.pop()] += 1
        s.hand.append(hand)
    s.discarded = [0] * len(kinds)
    for _ in range(s.discarded_count):
        s.discarded[pool.pop()] += 1
    s.refresh_pile = [0] * len(kinds)
    for k in pool:
        s.refresh_pile[k] += 1
    s.refresh_left = len(pool)


def _deal_plans(s: Ball, view: Seen, rng: Rng) -> None:
    """Face-down Plans (and a Strategic candidate) dealt from the Plans nobody has shown."""
    fams = view["families"]
    known = [f["plan"] for f in fams if f["plan"] is not None]
    if view["candidate_plan"] is not None:
        known.append(view["candidate_plan"])
    plans = [x for x in range(len(s.comp.plans)) if x not in known]
    rng.shuffle(plans)
    s.plan = [
        f["plan"] if f["plan"] is not None else plans.pop() if f["has_plan"] else -1 for f in fams
    ]
    s.candidate_plan = -1
    if view["has_candidate"]:
        s.candidate_plan = (
            view["candidate_plan"] if view["candidate_plan"] is not None else plans.pop()
        )
    s.plan_pile = plans


def _own(part: list[int] | None) -> list[int]:
    """A copy of one of the seat's own private fields, which its observation always fills."""
    if part is None:
        raise ViewError("the observation lacks its own seat's private part")
    return part[:]
