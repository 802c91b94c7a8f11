"""What a seat sees (``observation``) and a world dealt from it (``determinize``).

Hidden means hidden (RULINGS 14, 20): another family's Refreshment kinds,
unrevealed Powers, drawn Powers, face-down Plan and her Movement left are
withheld; counts are public. ``determinize`` rebuilds a full state from one
observation alone, dealing what the seat could not see at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.the_dance import powers, sanctuary
from ballroom.games.the_dance.powers import Power
from ballroom.games.the_dance.steps import PHASE_NAMES, Phase, RollFor, Target, Task

if TYPE_CHECKING:
    from ballroom.games.the_dance.game import TheDance
    from ballroom.games.the_dance.state import TheDanceState


def observation(s: TheDanceState, player: int | None) -> Observation:
    """What ``player`` may see: the floor, the counts, her own secrets; ``None`` a spectator."""
    families = []
    plan_public = s.plan_public
    for q, (
        avatar,
        table,
        pos,
        foiled,
        markers,
        size,
        hand,
        held,
        shown,
        drawn,
        plan,
        seated,
    ) in enumerate(
        zip(
            s.avatar_of,
            s.sanctuary_of,
            s.avatar_pos,
            s.foiled,
            s.markers,
            s.hand_size,
            s.hand,
            s.powers,
            s.revealed,
            s.drawn_powers,
            s.plan,
            s.seated,
            strict=True,
        )
    ):
        mine = q == player
        families.append(
            {
                "avatar": avatar,
                "sanctuary": table,
                "pos": pos,
                "foiled": foiled,
                "markers": markers,
                "refreshment_count": size,
                "refreshments": hand[:] if mine else None,
                "powers": held[:] if mine else shown[:],
                "power_count": len(held),
                "revealed": shown[:],
                "drawn_powers": drawn[:] if mine else None,
                "drawn_count": len(drawn),
                "plan": plan if plan >= 0 and (mine or plan_public[q]) else None,
                "has_plan": plan >= 0,
                "plan_public": plan_public[q],
                "seated": seated[:],
            }
        )
    mine_candidate = player is not None and s.draw_for == player
    over = s.phase == Phase.OVER
    return {
        "game": s.game.id,
        "you": player,
        "players": s.n,
        "phase": PHASE_NAMES[s.phase],
        "phase_id": int(s.phase),
        "actor": s.actor,
        "current": s.current,
        "turn": s.turn,
        "tempo": s.tempo,
        "order": s.order[:],
        "initiative": s.initiative,
        "server": s.server,
        "dancer_pos": s.dancer_pos[:],
        "dancer_seat": s.dancer_seat[:],
        "dancer_influence": s.influenced_by[:],
        "dancer_dominated": s.dominated[:],
        "dancer_slot": s.marker_slot[:],
        "dancer_moves": s.lead_left[:],
        "placed": s.placed,
        "families": families,
        "finished": s.finished[:],
        "dawn_ranking": [list(group) for group in s.dawn_ranking],
        "piles": {
            "powers": len(s.power_pile),
            "refreshments": s.refresh_left,
            "plans": len(s.plan_pile),
        },
        "spent": s.spent[:],
        "discarded": s.discarded_count,
        "agenda": [[int(task), seat] for task, seat in s.agenda],
        "turn_state": {
            "moves_left": s.movement_left if player is not None and player == s.current else None,
            "ankhs_used": s.ankhs_used,
            "movement_spent": s.movement_spent,
            "passing": s.passing,
            "attempts": s.attempts,
            "strategic_used": s.strategic_used,
            "pay_left": s.pay_left,
            "draw_for": s.draw_for,
            "die_for": int(s.roll_for),
        },
        "effort": {
            "kind": int(s.target_kind),
            "target": s.target,
            "domain": s.domain,
            "used": s.played[:],
            "roll": s.roll,
            "modifier": s.lowered,
            "rerolled": s.rerolled,
            "tactician_used": s.tactician_used,
            "dominates": s.dominates,
        },
        "candidate_plan": s.candidate_plan if mine_candidate else None,
        "has_candidate": s.candidate_plan >= 0,
        "winners": list(s.outcome().winners) if over else None,
    }


def determinize(s: TheDanceState, game: TheDance, view: Observation, rng: Rng) -> None:
    """Fill the blank state ``s`` so that it agrees with ``view``; hidden things dealt at random."""
    comp = game.components
    n = game.players
    nd = len(comp.dancers)
    s.game = game
    s.seed = rng.below(1 << 62)
    s.rng = Rng(s.seed)
    s.history = []
    s.comp = comp
    s.n = n
    s.nd = nd
    s.server_code = nd + n
    s.phase = Phase(view["phase_id"])
    s.actor = view["actor"]
    s.current = view["current"]
    s.turn = view["turn"]
    s.tempo = view["tempo"]
    s.order = list(view["order"])
    s.initiative = view["initiative"]
    s.agenda = [(Task(t[0]), t[1]) for t in view["agenda"]]
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
    s.roll_for = RollFor(turn["die_for"])
    effort = view["effort"]
    s.target_kind = Target(effort["kind"])
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
            powers.movement(s, s.current) + s.ankhs_used - s.movement_spent if s.current >= 0 else 0
        )
    s.movement_left = moves_left
    _deal_refreshments(s, view, rng)
    _deal_plans(s, view, rng)


def _deal_powers(s: TheDanceState, view: Observation, rng: Rng) -> None:
    """Deal the unseen Powers to the hidden slots; the rest is the pile."""
    me = view["you"]
    fams = view["families"]
    seen_powers = [w for f in fams for w in f["revealed"]]
    if me is not None:
        seen_powers += fams[me]["powers"] + fams[me]["drawn_powers"]
    unseen = [w for w in range(len(s.comp.powers)) if w not in seen_powers]
    rng.shuffle(unseen)
    held = [
        q
        for q, f in enumerate(fams)
        if q != me
        for _ in range(f["power_count"] - len(f["revealed"]))
    ]
    # Old Wealth shows itself at the deal: a family dealt without showing it lacks it.
    old_wealth = Power.OLD_WEALTH
    allowed = [
        i
        for i in range(len(unseen))
        if i >= len(held) or (Task.DEAL_REFRESHMENTS, held[i]) in s.agenda
    ]
    if old_wealth in unseen and unseen.index(old_wealth) not in allowed and allowed:
        i, j = unseen.index(old_wealth), allowed[rng.below(len(allowed))]
        unseen[i], unseen[j] = unseen[j], unseen[i]
    deal = iter(unseen)
    s.powers = [
        list(f["powers"])
        if q == me
        else list(f["revealed"]) + [next(deal) for _ in range(held.count(q))]
        for q, f in enumerate(fams)
    ]
    s.drawn_powers = [
        list(f["drawn_powers"]) if q == me else [next(deal) for _ in range(f["drawn_count"])]
        for q, f in enumerate(fams)
    ]
    s.power_pile = list(deal)
    # Which Power another family returned is not sampled: no rule reads it.
    s.dealt_powers = [ws + drawn for ws, drawn in zip(s.powers, s.drawn_powers, strict=True)]
    s.power_mask = [powers.mask(ws) for ws in s.powers]


def _deal_refreshments(s: TheDanceState, view: Observation, rng: Rng) -> None:
    """Everything not in the seat's hand and not spent face up is unseen: hands, discards, pile."""
    me = view["you"]
    fams = view["families"]
    kinds = s.comp.refreshments
    pool = [k for k, kind in enumerate(kinds) for _ in range(kind.count - s.spent[k])]
    s.hand = []
    if me is not None:
        for k, count in enumerate(fams[me]["refreshments"]):
            for _ in range(count):
                pool.remove(k)
    rng.shuffle(pool)
    for q, f in enumerate(fams):
        hand = [0] * len(kinds)
        if q == me:
            hand = list(f["refreshments"])
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


def _deal_plans(s: TheDanceState, view: Observation, rng: Rng) -> None:
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
