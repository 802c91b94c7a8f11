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
    needs = list(state.comp.plans[state.plan[p]].needs)
    dancers = state.comp.dancers
    for d in state.seated[p]:
        needs[dancers[d].symbol] -= 1
    return needs


# Bound once: looking up an enum's member costs more than a rollout step can spare.
_DANCE, _INFLUENCE, _DOMAIN, _REFRESHMENT = (
    Phase.DANCE,
    Phase.INFLUENCE,
    Phase.DOMAIN,
    Phase.REFRESHMENT,
)


def rollout_action(state: TheDanceState, player: int, rng: Rng) -> int:
    """A quick purposeful move for ``player`` (uniform where the greedy rule has no opinion)."""
    legal = state.legal_actions(player)
    phase = state.phase
    if phase is _DANCE:
        return _dance(state, player, legal, rng)
    if phase is _INFLUENCE:
        return _influence(state, player, legal)
    if phase is _DOMAIN:
        return max(legal, key=lambda a: _domain_total(state, player, a - ac.DOMAIN))
    if phase is _REFRESHMENT:
        return legal[0]
    if ac.ACCEPT in legal:
        return ac.ACCEPT
    return legal[rng.below(len(legal))]


def _domain_total(state: TheDanceState, p: int, domain: int) -> int:
    rating = state.comp.avatars[state.avatar_of[p]].ratings[domain]
    if state.target_kind == Target.DANCER:
        return rating + state.comp.dancers[state.target].pips[domain]
    return rating + state.comp.avatars[state.avatar_of[state.target]].ratings[domain]


def _dance(state: TheDanceState, p: int, legal: list[int], rng: Rng) -> int:
    board = state.comp.board
    entry = board.sanctuaries[state.sanctuary_of[p]].entry
    home = board.distance[entry]
    lacking = _lacking(state, p)
    dancers = state.comp.dancers
    best, best_gain = ac.END_DANCE, 0
    for a in legal:
        if ac.SEAT <= a < ac.SEAT + state.nd and lacking[dancers[a - ac.SEAT].symbol] > 0:
            return a
        if ac.LEAD <= a < ac.LEAD + 6 * state.nd:
            d, direction = divmod(a - ac.LEAD, 6)
            here = state.dancer_pos[d]
            gain = home[here] - home[board.neighbours[here][direction]]
            if gain > best_gain:
                best, best_gain = a, gain
    if best != ac.END_DANCE:
        return best
    here = state.avatar_pos[p]
    goal = -1
    nearest = 99
    distance = board.distance[here]
    for d in range(state.nd):
        pos = state.dancer_pos[d]
        if (
            pos >= 0
            and state.influenced_by[d] < 0
            and lacking[dancers[d].symbol] > 0
            and distance[pos] < nearest
        ):
            goal, nearest = pos, distance[pos]
    if goal < 0 or nearest <= 1:
        return ac.END_DANCE if ac.END_DANCE in legal else legal[rng.below(len(legal))]
    to_goal = board.distance[goal]
    steps = [a for a in legal if ac.STEP <= a < ac.STEP + 6]
    closer = [a for a in steps if to_goal[board.neighbours[here][a - ac.STEP]] < nearest]
    if closer:
        return closer[rng.below(len(closer))]
    return ac.END_DANCE if ac.END_DANCE in legal else legal[rng.below(len(legal))]


def _influence(state: TheDanceState, p: int, legal: list[int]) -> int:
    lacking = _lacking(state, p)
    dancers = state.comp.dancers
    ratings = state.comp.avatars[state.avatar_of[p]].ratings
    free_marker = state.influenced_by.count(p) < state.markers[p]
    best, best_total = ac.PASS if ac.PASS in legal else legal[0], 0
    for a in legal:
        if ac.INFLUENCE <= a < ac.INFLUENCE + state.nd:
            dancer = dancers[a - ac.INFLUENCE]
            if state.influenced_by[a - ac.INFLUENCE] < 0 and (
                lacking[dancer.symbol] <= 0 or not free_marker
            ):
                continue
            total = max(
                ratings[i] + dancer.pips[i] for i in range(len(ratings)) if not dancer.negates[i]
            )
            if total > best_total:
                best, best_total = a, total
        elif a == ac.CLEAR_FOIL:
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
    filled = total - sum(n for n in needs if n > 0)
    board = comp.board
    home = board.distance[board.sanctuaries[state.sanctuary_of[p]].entry]
    dancers = comp.dancers
    credits: list[list[float]] = [[] for _ in needs]
    for d in influenced(state, p):
        pos = state.dancer_pos[d]
        symbol = dancers[d].symbol
        if pos >= 0 and needs[symbol] > 0:
            base = DOMINATED if state.dominated[d] else INFLUENCED
            credits[symbol].append(max(0.2, base - HOME_DECAY * home[pos]))
    partial = 0.0
    for symbol, offered in enumerate(credits):
        if needs[symbol] > 0 and offered:
            offered.sort(reverse=True)
            partial += sum(offered[: needs[symbol]])
            needs[symbol] -= min(needs[symbol], len(offered))
    here = state.avatar_pos[p]
    if here >= 0:
        near = board.distance[here]
        best = 0.0
        for d in range(state.nd):
            pos = state.dancer_pos[d]
            if pos >= 0 and state.influenced_by[d] < 0 and needs[dancers[d].symbol] > 0:
                best = max(best, NEAR - NEAR_DECAY * near[pos])
        partial += best
    return (filled + partial) / max(1, total)


def evaluate(state: TheDanceState) -> list[float]:
    """Win shares of a game cut short: a softmax of the families' Plan progress."""
    if state.is_terminal():
        return list(state.returns())
    n = state.n
    if state.finished:
        return [1.0 if p == state.finished[0] else 0.0 for p in range(n)]
    weights = [
        math.exp(SHARPNESS * progress(state, p)) if state.plan[p] >= 0 else 1.0 for p in range(n)
    ]
    total = sum(weights)
    return [w / total for w in weights]
