"""The ``heuristic`` bot for The Dance: plays its Plan with purpose, from its observation only.

Each decision is scored afresh from the seat's observation:

* **Bring them home.** Influenced Dancers are led along the shortest free
  route to the family's entry hex and seated; the Avatar steps off the entry
  hex when it is in the way.
* **Go for Dancers that fit.** A Dancer whose symbol the Plan still needs is
  worth 1 (a little less the farther from home), others almost nothing. The
  Avatar walks to the reachable hex with the best ``P(success) x worth`` in
  Influence range (two with Mesmerize, through pieces with Shadow, an extra
  hex with Athletic or an Ankh when that reaches a better hex).
* **Block.** Freeing an opponent's Influenced Dancer near her table is worth
  something. (No Avatar may enter an opponent's entry hex, RULINGS 19, so
  the Avatar's routes go around them.)
* **Use the Power.** Refreshments are played when they raise the odds, the
  post-roll Powers turn failures into successes, Host calls the Server from
  afar when the hand runs low, Strategic swaps to an easier Plan, Discipline
  buys a marker when the hand is rich.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ballroom.core.agent import Decision
from ballroom.core.bots import Bot, ParamValues, by_name
from ballroom.core.rng import Rng
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.components import POWER_IDS, Components
from ballroom.games.the_dance.influence import markers_of

if TYPE_CHECKING:
    from ballroom.core.agent import Agent
    from ballroom.core.game import Game

POWER_PREFERENCE = (
    "overwhelming",
    "regale",
    "discipline",
    "willpower",
    "host",
    "mesmerize",
    "resourceful",
    "tactician",
    "shadow",
    "old-wealth",
    "athletic",
    "strategic",
)
"""Best first, as measured by the balance benchmark (win rate when held)."""
UNREACHABLE = 99

T = TypeVar("T")


class _once(Generic[T]):  # noqa: N801  (read as a decorator, like ``cached_property``)
    """A ``cached_property`` without its lock: the value is worked out on first reading and
    then read as a plain attribute. A decision's context lives in one thread, and is read
    at every step of the scoring."""

    def __init__(self, work: Callable[[Any], T]) -> None:
        self.work = work
        self.name = work.__name__
        self.__doc__ = work.__doc__

    def __get__(self, context: Any, owner: type | None = None) -> T:
        value = self.work(context)
        context.__dict__[self.name] = value
        return value


class HeuristicAgent:
    """See the module docstring."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]  # nothing to weigh
        view = decision.observation
        game: Any = decision.game
        comp: Components = game.components
        me = decision.player
        phase = view["phase"]
        ctx = _Context(comp, view, me, game)
        if phase == "dance":
            return ctx.dance(legal)
        if phase == "influence":
            return ctx.influence(legal)
        if phase == "domain":
            return max(legal, key=lambda a: ctx.domain_need(a - ac.DOMAIN))
        if phase == "refreshment":
            return ctx.refreshment(legal)
        if phase == "post-roll":
            return ctx.postroll(legal)
        if phase == "drop-influence":
            return max(legal, key=lambda a: ctx.home_distance(view["dancer_pos"][a - ac.DROP]))
        if phase in ("discard", "discipline-payment"):
            base = ac.DISCARD if phase == "discard" else ac.PAY
            return min(legal, key=lambda a: ctx.refreshment_worth(a - base))
        if phase == "strategic-plan":
            keep = ctx.plan_gap(view["families"][me]["plan"])
            take = ctx.plan_gap(view["candidate_plan"])
            return ac.TAKE_PLAN if take < keep else ac.KEEP_PLAN
        if phase == "keep-power":
            return min(legal, key=lambda a: POWER_PREFERENCE.index(POWER_IDS[a - ac.KEEP_POWER]))
        if phase in ("choose-avatar", "choose-sanctuary"):
            return self.rng.choice(legal)
        if phase == "initiative":
            seated = [len(f["seated"]) for f in view["families"]]
            return min(legal, key=lambda a: (seated[a - ac.INITIATIVE], a))
        return legal[0]


class _Context:
    """One decision's view of the ballroom, with the tables the scoring needs."""

    def __init__(
        self,
        comp: Components,
        view: dict[str, Any],
        me: int,
        game: Any,
    ) -> None:
        self.comp = comp
        self.board = comp.board
        self.view = view
        self.me = me
        self.game = game
        fams = view["families"]
        self.fam = fams[me]
        self.powers = {POWER_IDS[w] for w in self.fam["powers"]}
        self.ratings = (
            comp.avatars[self.fam["avatar"]].ratings if self.fam["avatar"] >= 0 else (0, 0, 0, 0)
        )
        self.nd = len(comp.dancers)
        self.entry = (
            self.board.sanctuaries[self.fam["sanctuary"]].entry
            if self.fam["sanctuary"] >= 0
            else -1
        )
        self._home: list[int] | None = None
        self._home_frontier: list[int] = []
        self._home_ring = 0

    @_once
    def occ(self) -> list[int]:
        """What stands on each hex: -1 empty, a Dancer, ``nd + seat`` an Avatar, the Server."""
        view, nd = self.view, self.nd
        occ = [-1] * len(self.board.hexes)
        for d, pos in enumerate(view["dancer_pos"]):
            if pos >= 0:
                occ[pos] = d
        for q, f in enumerate(view["families"]):
            if f["pos"] >= 0:
                occ[f["pos"]] = nd + q
        if view["server"] >= 0:
            occ[view["server"]] = nd + 6
        return occ

    @_once
    def closed(self) -> frozenset[int]:
        """The other families' entry hexes, which the Avatar may not enter (RULINGS 19)."""
        return frozenset(
            self.board.sanctuaries[f["sanctuary"]].entry
            for q, f in enumerate(self.view["families"])
            if q != self.me and f["sanctuary"] >= 0
        )

    # -- the Plan --------------------------------------------------------------

    @_once
    def base_need(self) -> list[int]:
        """Symbols the Plan still lacks at the table."""
        plan = self.fam["plan"]
        if plan is None:
            return [0] * len(self.comp.colours)
        need = list(self.comp.plans[plan].needs)
        for d in self.fam["seated"]:
            need[self.comp.dancers[d].symbol] -= 1
        return need

    def wanted(self, d: int) -> bool:
        return self.base_need[self.comp.dancers[d].symbol] > 0

    @_once
    def need(self) -> list[int]:
        """Symbols still lacking once the Dancers on their way home are seated."""
        need = list(self.base_need)
        for d, owner in enumerate(self.view["dancer_influence"]):
            if owner == self.me:
                need[self.comp.dancers[d].symbol] -= 1
        return need

    def plan_gap(self, plan: int) -> int:
        need = list(self.comp.plans[plan].needs)
        for d in self.fam["seated"]:
            need[self.comp.dancers[d].symbol] -= 1
        return sum(max(0, x) for x in need)

    # -- distances ---------------------------------------------------------------

    def home_distance(self, pos: int) -> int:
        """Steps from the entry hex to ``pos`` through empty hexes (``pos`` may be occupied).

        The search from the entry goes one ring further only while ``pos`` is
        not reached yet: the Dancers led home are mostly near it.
        """
        if pos < 0:
            return UNREACHABLE
        home = self._home
        if home is None:
            home = self._home = [UNREACHABLE] * len(self.board.hexes)
            if self.entry >= 0:
                home[self.entry] = 0
                self._home_frontier = [self.entry]
        frontier = self._home_frontier
        adjacent = self.board.adjacent
        occ = self.occ
        while home[pos] == UNREACHABLE and frontier:
            self._home_ring += 1
            ring = self._home_ring
            nxt_frontier = []
            for h in frontier:
                for n in adjacent[h]:
                    if home[n] == UNREACHABLE:
                        home[n] = ring
                        if occ[n] < 0:
                            nxt_frontier.append(n)
            frontier = self._home_frontier = nxt_frontier
        return home[pos]

    def _distances_from(
        self,
        start: int,
        passable_piece: int,
        closed: frozenset[int] = frozenset(),
        limit: int = UNREACHABLE,
        reached: list[int] | None = None,
    ) -> list[int]:
        """BFS over empty hexes from ``start`` (which may be occupied), never into ``closed``.

        Hexes farther than ``limit`` are left ``UNREACHABLE``: a caller that reads
        only the near ones need not search the whole floor. The empty hexes reached
        (``start`` aside) are added to ``reached`` when asked, so that a caller can
        read those alone instead of the whole floor.
        """
        dist = [UNREACHABLE] * len(self.board.hexes)
        if start < 0:
            return dist
        dist[start] = 0
        frontier = [start]
        adjacent = self.board.adjacent
        occ = self.occ
        step = 0
        while frontier and step < limit:
            step += 1
            nxt_frontier = []
            for h in frontier:
                for n in adjacent[h]:
                    if dist[n] == UNREACHABLE and n not in closed:
                        dist[n] = step
                        if occ[n] < 0 or occ[n] == passable_piece:
                            nxt_frontier.append(n)
            if reached is not None:
                reached += nxt_frontier
            frontier = nxt_frontier
        return dist

    # -- worth and odds ----------------------------------------------------------------

    @_once
    def free_markers(self) -> int:
        """Influence markers not yet on a Dancer."""
        used: int = self.view["dancer_influence"].count(self.me)
        return int(self.fam["markers"]) - used

    @_once
    def worths(self) -> list[float]:
        """Dancer by Dancer, what Influencing her is worth: a Dancer the Plan needs most (a
        little less the farther from home), freeing another family's near her table some,
        and nothing for one already the seat's own or Dominated past taking."""
        view, me, need = self.view, self.me, self.need
        dancers, distance = self.comp.dancers, self.board.distance
        sanctuaries, families = self.board.sanctuaries, view["families"]
        positions, dominated = view["dancer_pos"], view["dancer_dominated"]
        margin_three = self.game.margin_three
        found: list[float] = []
        for d, owner in enumerate(view["dancer_influence"]):
            worth = 0.0
            if owner != me and positions[d] >= 0:  # a Dancer off the floor is no target
                wanted = need[dancers[d].symbol] > 0
                if owner >= 0:
                    if margin_three or not dominated[d]:
                        entry = sanctuaries[families[owner]["sanctuary"]].entry
                        close = distance[entry][positions[d]]
                        worth = (0.55 if close <= 4 else 0.3) + (0.25 if wanted else 0.0)
                elif wanted:
                    if self.free_markers <= 0:
                        # Success would move the marker off a Dancer already on her way home.
                        worth = 0.06 if "regale" in self.powers else 0.0
                    else:
                        worth = 1.0 - 0.03 * distance[self.entry][int(positions[d])]
            found.append(worth)
        return found

    @_once
    def best_refresh(self) -> tuple[int, ...]:
        """Domain by Domain, the most pips one Refreshment (two with Resourceful) adds."""
        best = [0] * len(self.ratings)
        any_domain = self.game.any_domain
        for k, count in enumerate(self.fam["refreshments"] or ()):
            kind = self.comp.refreshments[k]
            if count and kind.domain >= 0:
                for domain in range(len(best)) if any_domain else (kind.domain,):
                    best[domain] = max(best[domain], kind.pips)
        times = 2 if "resourceful" in self.powers else 1
        return tuple(pips * times for pips in best)

    def odds(self, d: int) -> float:
        """The chance of Influencing Dancer ``d`` in her best Domain."""
        return self.odds_table[d]

    @_once
    def odds_table(self) -> tuple[float, ...]:
        """Dancer by Dancer, ``odds``: the same for the same ratings and Refreshment bonuses,
        so worked out once per pair for the components (``Components.influence_odds``)."""
        key = (self.ratings, self.best_refresh)
        known = self.comp.influence_odds
        table = known.get(key)
        if table is None:
            table = known[key] = tuple(map(self._find_odds, range(self.nd)))
        return table

    def _find_odds(self, d: int) -> float:
        dancer = self.comp.dancers[d]
        best = 0
        bonus, ratings = self.best_refresh, self.ratings
        for i in range(4):
            if not dancer.negates[i]:
                best = max(best, ratings[i] + dancer.pips[i] + bonus[i])
        return min(best, 6) / 6

    def domain_need(self, domain: int) -> int:
        effort = self.view["effort"]
        if effort["kind"] == 0:
            target_pips = self.comp.dancers[int(effort["target"])].pips[domain]
            return self.ratings[domain] + target_pips + self.best_refresh[domain]
        target = int(self.view["families"][effort["target"]]["avatar"])
        return self.ratings[domain] + self.comp.avatars[target].ratings[domain]

    def refreshment_worth(self, k: int) -> float:
        kind = self.comp.refreshments[k]
        if kind.domain < 0:
            return 1.5
        return kind.pips + self.ratings[kind.domain] * 0.5

    @_once
    def reach(self) -> int:
        """How far from the Avatar an Influence reaches: two hexes with Mesmerize."""
        return 2 if "mesmerize" in self.powers else 1

    @_once
    def targets(self) -> list[tuple[float, int]]:
        """Each Dancer on the floor worth Influencing: worth times odds, and her hex; the
        most worthwhile first."""
        odds, worths = self.odds_table, self.worths
        found = [
            (worth * odds[d], pos)
            for d, (pos, worth) in enumerate(zip(self.view["dancer_pos"], worths, strict=True))
            if pos >= 0 and worth > 0
        ]
        found.sort(key=_first, reverse=True)
        return found

    @_once
    def server_value(self) -> tuple[int, bool]:
        """The Server's hex if calling him is worth something (a hand under two), else -1;
        and whether he answers from any range (Host)."""
        server = self.view["server"]
        wanted = server >= 0 and self.fam["refreshment_count"] < 2
        return (server if wanted else -1), "host" in self.powers

    def hex_value(self, h: int) -> float:
        """What standing on ``h`` at the end of the Dance step is worth."""
        reach = self.reach
        dist = self.board.distance[h]
        best = 0.0
        for value, pos in self.targets:
            if dist[pos] <= reach:
                best = value
                break
        server, host = self.server_value
        if server >= 0 and (host or dist[server] <= reach):
            best = max(best, 0.3)
        return best

    # -- phases ------------------------------------------------------------------------

    def dance(self, legal: list[int]) -> int:
        view = self.view
        legal_set = set(legal)
        here = self.fam["pos"]
        # Seat whoever the Plan wants; lead them home; let the others go.
        for a in legal:
            if ac.SEAT <= a < ac.SEAT + self.nd and self.wanted(a - ac.SEAT):
                return a
        mine = markers_of(view["dancer_influence"], self.me)
        for d in mine:
            if not self.wanted(d) and ac.RELEASE + d in legal_set:
                return ac.RELEASE + d
        seats = self.board.sanctuaries[self.fam["sanctuary"]].seats
        if len(self.fam["seated"]) >= seats:
            for d in map(int, self.fam["seated"]):
                if self.base_need[self.comp.dancers[d].symbol] < 0 and ac.UNSEAT + d in legal_set:
                    return ac.UNSEAT + d
        blocked_entry = here == self.entry and bool(mine)
        if not blocked_entry:
            lead = self._lead(mine, legal_set)
            if lead is not None:
                return lead
        if ac.STRATEGIC in legal_set:
            return ac.STRATEGIC
        if ac.DISCIPLINE in legal_set and self.fam["refreshment_count"] >= 4:
            return ac.DISCIPLINE
        step = self._avatar_step(legal, blocked_entry)
        if step is not None:
            return step
        lead = self._lead(mine, legal_set)
        if lead is not None:
            return lead
        return ac.END_DANCE

    def _lead(self, mine: list[int], legal_set: set[int]) -> int | None:
        best: tuple[int, int] | None = None
        for d in mine:
            pos = self.view["dancer_pos"][d]
            now = self.home_distance(pos)
            for direction, n in enumerate(self.board.neighbours[pos]):
                a = ac.LEAD + 6 * d + direction
                if a in legal_set:
                    there = self.home_distance(n)
                    if there < now and (best is None or there < best[0]):
                        best = (there, a)
        return best[1] if best else None

    def _avatar_step(self, legal: list[int], must_move: bool) -> int | None:
        steps = [a for a in legal if ac.STEP <= a < ac.STEP + 6]
        if not steps:
            return None
        turn = self.view["turn_state"]
        here = self.fam["pos"]
        budget = turn["moves_left"]
        ankh = ac.ANKH in legal
        shadow = "shadow" in self.powers
        # Distances from here (through pieces for Shadow, who may not stop on them).
        me_code = self.nd + self.me
        closed = self.closed
        # Only hexes within the Movement left (and an Ankh's) are read below.
        near = budget + 1
        reached: list[int] = []
        dist = (
            self._shadow_distances(here, near, reached)
            if shadow
            else self._distances_from(here, me_code, closed, near, reached)
        )
        # The empty hexes within reach, in hex order (ties go to the first).
        occ = self.occ
        reached = sorted(h for h in reached if occ[h] < 0)
        stay = -1.0 if must_move else self.hex_value(here) if not turn["passing"] else -1.0
        best_h, best_v = -1, stay
        farthest = budget + (1 if ankh else 0)
        for h in reached:
            dh = dist[h]
            if dh <= farthest:
                v = self.hex_value(h) - (0.05 if dh > budget else 0.0) - 0.001 * dh
                if v > best_v + 1e-9:
                    best_h, best_v = h, v
        if best_h < 0 and (must_move or turn["passing"]):
            best_h = min(
                (h for h in reached if dist[h] <= budget),
                default=-1,
                key=lambda h: dist[h],
            )
        if best_h < 0:
            if best_v > 0.15 or stay < 0:
                return None
            best_h = self._toward_targets(dist, reached)
            if best_h < 0:
                return None
        if dist[best_h] > budget:
            return ac.ANKH
        # Step toward best_h: pick a neighbour one closer along a route.
        back = self._back_distances(best_h, dist[best_h], shadow)
        if back[here] == UNREACHABLE:
            back = self._back_distances(best_h, UNREACHABLE, shadow)
        options = []
        for a in steps:
            n = self.board.neighbours[here][a - ac.STEP]
            if back[n] < back[here] or n == best_h:
                options.append((back[n], a))
        return min(options)[1] if options else None

    def _back_distances(self, goal: int, limit: int, shadow: bool) -> list[int]:
        """Distances to ``goal``, read only for the Avatar's hex and its neighbours: a route
        of ``limit`` steps leads there, so nothing farther needs searching."""
        if shadow:
            return self._shadow_distances(goal, limit)
        return self._distances_from(goal, passable_piece=-3, closed=self.closed, limit=limit)

    def _shadow_distances(
        self, start: int, limit: int = UNREACHABLE, reached: list[int] | None = None
    ) -> list[int]:
        """BFS through every piece (Shadow passes them), never into a closed entry hex;
        hexes farther than ``limit`` are left ``UNREACHABLE``, and those reached (``start``
        aside) added to ``reached`` when asked."""
        dist = [UNREACHABLE] * len(self.board.hexes)
        dist[start] = 0
        frontier = [start]
        adjacent, closed = self.board.adjacent, self.closed
        step = 0
        while frontier and step < limit:
            step += 1
            nxt = []
            for h in frontier:
                for n in adjacent[h]:
                    if dist[n] == UNREACHABLE and n not in closed:
                        dist[n] = step
                        nxt.append(n)
            if reached is not None:
                reached += nxt
            frontier = nxt
        return dist

    def _toward_targets(self, dist: list[int], reached: list[int]) -> int:
        """The reachable empty hex closest to the most worthwhile Dancer (``reached``: the
        empty hexes within reach, in hex order)."""
        view = self.view
        best_d, best_w = -1, 0.1
        for d, pos in enumerate(view["dancer_pos"]):
            if pos >= 0:
                w = self.worths[d] * self.odds(d)
                if w > best_w:
                    best_d, best_w = d, w
        if best_d < 0:
            return -1
        target = view["dancer_pos"][best_d]
        tdist = self.board.distance[target]
        budget = view["turn_state"]["moves_left"]
        candidates = [h for h in reached if dist[h] <= budget]
        if not candidates:
            return -1
        return min(candidates, key=lambda h: (tdist[h], dist[h]))

    def influence(self, legal: list[int]) -> int:
        best_a, best_v = ac.PASS if ac.PASS in legal else legal[0], 0.02
        for a in legal:
            if ac.INFLUENCE <= a < ac.INFLUENCE + self.nd:
                d = a - ac.INFLUENCE
                v = self.worths[d] * self.odds(d)
            elif a == ac.SERVER:
                v = 0.25 if self.fam["refreshment_count"] < 3 else 0.05
            elif ac.FOIL <= a < ac.FOIL + 6:
                v = 0.03
            elif a == ac.CLEAR_FOIL:
                v = 1.0
            else:
                continue
            if v > best_v:
                best_a, best_v = a, v
        return best_a

    def refreshment(self, legal: list[int]) -> int:
        effort = self.view["effort"]
        domain = effort["domain"]
        base = self.ratings[domain] + self.comp.dancers[effort["target"]].pips[domain]
        base += sum(self.comp.refreshments[k].pips for k in effort["used"])
        if base >= 6:
            return ac.NO_REFRESH
        options = [a for a in legal if a != ac.NO_REFRESH]
        if not options:
            return ac.NO_REFRESH
        # The smallest Refreshment that reaches 6, else the largest.
        pips = {a: self.comp.refreshments[a - ac.REFRESH].pips for a in options}
        enough = [a for a in options if base + pips[a] >= 6]
        if enough:
            return min(enough, key=lambda a: pips[a])
        return max(options, key=lambda a: pips[a])

    def postroll(self, legal: list[int]) -> int:
        effort = self.view["effort"]
        roll = effort["roll"] - effort["modifier"]
        if effort["kind"] == 0:
            domain = effort["domain"]
            need = self.ratings[domain] + self.comp.dancers[effort["target"]].pips[domain]
            need += sum(self.comp.refreshments[k].pips for k in effort["used"])
        else:
            need = self.domain_need(effort["domain"])
        if roll <= need:
            return ac.ACCEPT
        tactician = [
            a for a in legal if ac.TACTICIAN <= a < ac.TACTICIAN + len(self.comp.refreshments)
        ]
        if tactician and roll - 1 <= need:
            return min(tactician, key=lambda a: self.refreshment_worth(a - ac.TACTICIAN))
        willpower = [
            a for a in legal if ac.WILLPOWER <= a < ac.WILLPOWER + len(self.comp.refreshments)
        ]
        if willpower and need >= 3:
            return min(willpower, key=lambda a: self.refreshment_worth(a - ac.WILLPOWER))
        return ac.ACCEPT


def _first(pair: tuple[float, int]) -> float:
    return pair[0]


def _heuristic(game: Game, seat: int, rng: Rng, params: ParamValues) -> Agent:
    return HeuristicAgent(rng)


BOTS = by_name(
    Bot(
        "heuristic",
        "Plays its Plan with purpose: leads Dancers home, blocks, uses its Power.",
        _heuristic,
    )
)

BOT_DEFAULTS = ("mcts:iterations=200,rollout=heuristic,horizon=2,search=halving",)
"""What a bare ``mcts`` seat plays here: the setting measured to beat this game's own bot
(see ``ballroom.agents.mcts``)."""
