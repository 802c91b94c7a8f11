"""Search hooks for IS-MCTS: a fast greedy rollout policy and a cut-off evaluation.

The evaluation turns Plan progress into win shares on the scale of the
terminal returns. The setting that beats the ``heuristic`` bot is
``mcts:iterations=200,rollout=heuristic,horizon=2,search=halving``: each
root move is followed by that bot's own play for two turns, judged by this
evaluation, on the same sampled worlds and dice as the other moves
(paired); the bot's own move is kept unless another beats it by a standard
error, and below the root a tree of the searching seat's own decisions
replaces the bot's follow-ups only where paired evidence says so. (See
``ballroom.agents.mcts`` for the measured win rates.) The plain tree search
at the same budget does not: opponents' nodes are keyed by their sampled
secrets and so rarely repeat, and 200 unpaired returns of dice games are
too noisy to rank the root moves.

It reads a full (determinized) state, never a real one: the search bot only
ever builds states with ``TheDance.determinize``. The policy plays the
heuristic's ideas on plain lists without building observations: seat wanted
Dancers, lead them home, walk the Avatar toward the nearest wanted free
Dancer, Influence in the best Domain, play the first Refreshment offered.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ballroom.core.rng import Rng
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.influence import influenced
from ballroom.games.the_dance.steps import Phase, Target

if TYPE_CHECKING:
    from ballroom.games.the_dance.state import TheDanceState


def _lacking(state: TheDanceState, p: int) -> list[int]:
    """Symbols the family's Plan still lacks at her table."""
    comp = state.comp
    needs = list(comp.plans[state.plan[p]].needs)
    dancers = comp.dancers
    for d in state.seated[p]:
        needs[dancers[d].symbol] -= 1
    return needs


# Bound once: looking up an enum's member, or a module's constant, costs more than a
# rollout step can spare.
_DANCE, _INFLUENCE, _DOMAIN, _REFRESHMENT = (
    Phase.DANCE,
    Phase.INFLUENCE,
    Phase.DOMAIN,
    Phase.REFRESHMENT,
)
_OVER = Phase.OVER
_AT_DANCER = Target.DANCER
_STEP, _LEAD, _SEAT, _END_DANCE = ac.STEP, ac.LEAD, ac.SEAT, ac.END_DANCE
_INFLUENCE_ACTION, _PASS, _CLEAR_FOIL = ac.INFLUENCE, ac.PASS, ac.CLEAR_FOIL
_DOMAIN_ACTION, _ACCEPT = ac.DOMAIN, ac.ACCEPT


def rollout_action(state: TheDanceState, player: int, rng: Rng) -> int:
    """A quick purposeful move for ``player`` (uniform where the greedy rule has no opinion)."""
    legal = state.legal_actions(player)
    phase = state.phase
    if phase is _INFLUENCE:
        return legal[0] if len(legal) == 1 else _influence(state, player, legal)
    if phase is _DANCE:
        return _dance(state, player, legal, rng)
    if phase is _REFRESHMENT:
        return legal[0]
    if phase is _DOMAIN:
        return _domain(state, player, legal)
    if _ACCEPT in legal:
        return _ACCEPT
    return legal[rng.below(len(legal))]


def _domain(state: TheDanceState, p: int, legal: list[int]) -> int:
    """The Domain with the highest total of the Avatar's rating and the target's (the first
    of equals)."""
    comp = state.comp
    ratings = comp.avatars[state.avatar_of[p]].ratings
    if state.target_kind == _AT_DANCER:
        against = comp.dancers[state.target].pips
    else:
        against = comp.avatars[state.avatar_of[state.target]].ratings
    best, best_total = -1, -math.inf
    for a in legal:
        domain = a - _DOMAIN_ACTION
        total = ratings[domain] + against[domain]
        if total > best_total:
            best, best_total = a, total
    return best


def _dance(state: TheDanceState, p: int, legal: list[int], rng: Rng) -> int:
    comp = state.comp
    board = comp.board
    dancers = comp.dancers
    lacking = _lacking(state, p)
    nd = state.nd
    best, best_gain = _END_DANCE, 0
    # The legal actions are sorted, and the Dance step's steps, leads and seats come first.
    lead_end, seat_end = _LEAD + 6 * nd, _SEAT + nd
    home = board.distance[board.sanctuaries[state.sanctuary_of[p]].entry]
    for a in legal:
        if a < _LEAD:
            continue
        if a >= seat_end:
            break
        if a >= _SEAT:
            if lacking[dancers[a - _SEAT].symbol] > 0:
                return a
        elif a < lead_end:
            d, direction = divmod(a - _LEAD, 6)
            here = state.dancer_pos[d]
            gain = home[here] - home[board.neighbours[here][direction]]
            if gain > best_gain:
                best, best_gain = a, gain
    if best != _END_DANCE:
        return best
    here = state.avatar_pos[p]
    goal = -1
    nearest = 99
    distance = board.distance[here]
    for pos, holder, dancer in zip(state.dancer_pos, state.influenced_by, dancers, strict=True):
        if holder < 0 <= pos and distance[pos] < nearest and lacking[dancer.symbol] > 0:
            goal, nearest = pos, distance[pos]
    if goal < 0 or nearest <= 1:
        return _END_DANCE if _END_DANCE in legal else legal[rng.below(len(legal))]
    to_goal = board.distance[goal]
    around = board.neighbours[here]
    closer = [a for a in legal if _STEP <= a < _STEP + 6 and to_goal[around[a - _STEP]] < nearest]
    if closer:
        return closer[rng.below(len(closer))]
    return _END_DANCE if _END_DANCE in legal else legal[rng.below(len(legal))]


def _influence(state: TheDanceState, p: int, legal: list[int]) -> int:
    lacking = _lacking(state, p)
    dancers = state.comp.dancers
    ratings = state.comp.avatars[state.avatar_of[p]].ratings
    influenced_by = state.influenced_by
    free_marker = influenced_by.count(p) < state.markers[p]
    best, best_total = _PASS if _PASS in legal else legal[0], 0
    end = _INFLUENCE_ACTION + state.nd
    for a in legal:
        if _INFLUENCE_ACTION <= a < end:
            d = a - _INFLUENCE_ACTION
            dancer = dancers[d]
            if influenced_by[d] < 0 and (lacking[dancer.symbol] <= 0 or not free_marker):
                continue
            total = max(
                rating + pips
                for rating, pips, negated in zip(ratings, dancer.pips, dancer.negates, strict=True)
                if not negated
            )
            if total > best_total:
                best, best_total = a, total
        elif a == _CLEAR_FOIL:
            return a
    return best


SEATED, DOMINATED, INFLUENCED, NEAR = 1.0, 0.7, 0.55, 0.25
"""Credit toward a Plan symbol: a seated Dancer fills it; one held is worth less the
farther she is from home (a Dominated one cannot be stolen); a wanted free Dancer near
the Avatar is worth a little, less with each step away."""
HOME_DECAY, NEAR_DECAY = 0.03, 0.05
SHARPNESS = 5.0
"""How steeply Plan progress turns into a win share: a seat's weight is exp(SHARPNESS x progress)."""


def progress(state: TheDanceState, p: int) -> float:
    """Expected fraction of ``p``'s Plan: seated symbols, held Dancers by their distance
    home, and the nearest wanted free Dancer by her distance from the Avatar."""
    comp = state.comp
    needs = _lacking(state, p)
    total = sum(comp.plans[state.plan[p]].needs)
    filled = total
    for n in needs:
        if n > 0:
            filled -= n
    board = comp.board
    dancers = comp.dancers
    partial = 0.0
    held = influenced(state, p)
    if held:
        home = board.distance[board.sanctuaries[state.sanctuary_of[p]].entry]
        credits: list[list[float]] = [[] for _ in needs]
        for d in held:
            pos = state.dancer_pos[d]
            symbol = dancers[d].symbol
            if pos >= 0 and needs[symbol] > 0:
                base = DOMINATED if state.dominated[d] else INFLUENCED
                credits[symbol].append(max(0.2, base - HOME_DECAY * home[pos]))
        for symbol, offered in enumerate(credits):
            if needs[symbol] > 0 and offered:
                offered.sort(reverse=True)
                partial += sum(offered[: needs[symbol]])
                needs[symbol] -= min(needs[symbol], len(offered))
    here = state.avatar_pos[p]
    if here >= 0:
        # The nearest wanted free Dancer's credit is the best of them all: it falls with
        # each step away.
        near = board.distance[here]
        nearest = -1
        for pos, holder, dancer in zip(state.dancer_pos, state.influenced_by, dancers, strict=True):
            if (
                holder < 0 <= pos
                and (nearest < 0 or near[pos] < nearest)
                and needs[dancer.symbol] > 0
            ):
                nearest = near[pos]
        partial += max(0.0, NEAR - NEAR_DECAY * nearest) if nearest >= 0 else 0.0
    return (filled + partial) / max(1, total)


def evaluate(state: TheDanceState) -> list[float]:
    """Win shares of a game cut short: a softmax of the families' Plan progress."""
    if state.phase is _OVER:
        return list(state.returns())
    n = state.n
    if state.finished:
        return [1.0 if p == state.finished[0] else 0.0 for p in range(n)]
    weights = [
        math.exp(SHARPNESS * progress(state, p)) if state.plan[p] >= 0 else 1.0 for p in range(n)
    ]
    total = sum(weights)
    return [w / total for w in weights]
