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

What depends on the components alone is worked out once for them (``_Tables``): the
Dancers by symbol, the empty floor's routes from each entry hex, a hand's best
Refreshment bonuses. A Dancer's route home is read off those routes when the pieces leave
one of them free, as they mostly do; the floor is searched only when they do not. The
Avatar's search reaches no farther than its Movement. The Dancers' worths are worked out
in one pass over them, and only those worth something are spread over the hexes in reach.

What depends on the Dancers and on the seat's own family (``DancerWorths``: the Dancers
worth Influencing, their worths and odds, what standing on each hex is worth) is kept by
the agent from one decision to the next while the observation's parts that it reads are
the same, as they are while the Avatar walks, leads its own Dancers and tries its
Influences: it is keyed on those parts of the observation, never on anything hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ballroom.core.agent import Decision, TakesForcedMoveBlind
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
"""The steps to a hex that no route reaches."""
MINE = -2
"""Where ``DancerWorths`` has the seat's own Influenced Dancers stand: it never reads
where they are."""
_SANCTUARY = itemgetter("sanctuary")
_POS = itemgetter("pos")
_STEP, _LEAD, _SEAT, _RELEASE, _UNSEAT = ac.STEP, ac.LEAD, ac.SEAT, ac.RELEASE, ac.UNSEAT
"""Read as plain names: the Dance step asks for them at every decision."""
_STEPS = frozenset(range(_STEP, _STEP + 6))
_SEATS = frozenset(range(_SEAT, _SEAT + ac.D))

_STEP_COST = tuple(0.001 * steps for steps in range(UNREACHABLE + 1))
"""What each step to a hex takes off its worth, by the number of steps."""

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


class _Tables:
    """What the scoring reads of the components, worked out once for them."""

    def __init__(self, comp: Components) -> None:
        board = comp.board
        self.adjacent = board.adjacent
        self.distance = board.distance
        self.symbol = tuple(dancer.symbol for dancer in comp.dancers)
        self.of_symbol = tuple(
            tuple(d for d, symbol in enumerate(self.symbol) if symbol == colour)
            for colour in range(len(comp.colours))
        )
        """Symbol by symbol, the Dancers that show it."""
        self.best_refresh: dict[tuple[tuple[int, ...], bool, bool], tuple[int, ...]] = {}
        """``_Context.best_refresh`` by hand, Resourceful and any-Domain: a hand changes
        at every Refreshment drawn or played, but comes from few."""
        self._routes: dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
        self._within: dict[int, tuple[tuple[int, ...], ...]] = {}

    def within(self, reach: int) -> tuple[tuple[int, ...], ...]:
        """Hex by hex, the hexes ``reach`` or fewer away (``Board.distance``)."""
        found = self._within.get(reach)
        if found is None:
            distance = self.distance
            found = self._within[reach] = tuple(
                tuple(h for h, row in enumerate(distance) if row[pos] <= reach)
                for pos in range(len(distance))
            )
        return found

    def routes(self, entry: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """Steps from ``entry`` to each hex of an empty floor, and each hex's neighbours a
        step nearer: the shortest routes home, when no piece stands in the way."""
        found = self._routes.get(entry)
        if found is None:
            adjacent = self.adjacent
            steps = [UNREACHABLE] * len(adjacent)
            steps[entry] = 0
            frontier = [entry]
            while frontier:
                ring = []
                for h in frontier:
                    for n in adjacent[h]:
                        if steps[n] == UNREACHABLE:
                            steps[n] = steps[h] + 1
                            ring.append(n)
                frontier = ring
            nearer = tuple(
                tuple(n for n in near if steps[n] == steps[h] - 1)
                for h, near in enumerate(adjacent)
            )
            found = self._routes[entry] = (tuple(steps), nearer)
        return found


_TABLES: dict[int, tuple[Components, _Tables]] = {}
"""Each Components' ``_Tables``, by the components' id (the components kept, so that the
id stays theirs)."""


def _tables_of(comp: Components) -> _Tables:
    known = _TABLES.get(id(comp))
    if known is None or known[0] is not comp:
        known = _TABLES[id(comp)] = (comp, _Tables(comp))
    return known[1]


class HeuristicAgent(TakesForcedMoveBlind):
    """See the module docstring."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.worths: DancerWorths | None = None
        """The last decision's, kept for the next while its key holds."""

    def act(self, decision: Decision) -> int:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]  # nothing to weigh
        view = decision.observation
        game: Any = decision.game
        me = decision.player
        worths = self.worths
        if worths is None or not worths.holds_for(game, view, me):
            worths = self.worths = DancerWorths(game, view, me)
        phase = view["phase"]
        ctx = _Context(worths, view)
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


class DancerWorths:
    """What one seat's scoring reads of the Dancers and of its own family: the Dancers worth
    Influencing, each one's worth and odds, what standing on each hex is worth.

    All of it is worked out from a copy of the parts of an observation it depends on, so
    that it holds for every observation with the same parts (``holds_for``): the agent
    keeps it from one decision to the next while they stay the same."""

    def __init__(self, game: Any, view: dict[str, Any], me: int) -> None:
        self.game = game
        self.me = me
        comp: Components = game.components
        self.comp = comp
        self.board = comp.board
        self.tables = _tables_of(comp)
        self.nd = len(comp.dancers)
        families = view["families"]
        fam = families[me]
        # The parts of the observation read, copied: ``holds_for`` compares them.
        self.owners: list[int] = list(view["dancer_influence"])
        self.mine = markers_of(self.owners, me)
        self.positions: list[int] = list(view["dancer_pos"])
        """Where the Dancers stand: ``MINE`` for the seat's own Influenced Dancers, whom
        the worths never read, wherever they are."""
        for d in self.mine:
            self.positions[d] = MINE
        self.seen_positions: list[int] = list(view["dancer_pos"])
        """The last positions found to hold (``holds_for``)."""
        self.dominated: list[bool] = list(view["dancer_dominated"])
        self.plan: int | None = fam["plan"]
        self.seated: list[int] = list(fam["seated"])
        self.markers: int = fam["markers"]
        self.power_ids: list[int] = list(fam["powers"])
        hand = fam["refreshments"]
        self.hand: list[int] | None = None if hand is None else list(hand)
        self.avatar: int = fam["avatar"]
        self.sanctuary: int = fam["sanctuary"]
        self.sanctuaries: list[int] = list(map(_SANCTUARY, families))
        self.powers = {POWER_IDS[w] for w in self.power_ids}
        self.ratings = comp.avatars[self.avatar].ratings if self.avatar >= 0 else (0, 0, 0, 0)
        self.entry = self.board.sanctuaries[self.sanctuary].entry if self.sanctuary >= 0 else -1
        self._hex_values: dict[int, list[float]] = {}

    def holds_for(self, game: Any, view: dict[str, Any], me: int) -> bool:
        """Whether these worths are those of seat ``me`` at ``game`` with observation
        ``view``: whether every part of it they read is the same (the seat's own Influenced
        Dancers may stand elsewhere)."""
        fam = view["families"][me]
        if (
            game is not self.game
            or me != self.me
            or view["dancer_influence"] != self.owners
            or view["dancer_dominated"] != self.dominated
            or fam["plan"] != self.plan
            or fam["seated"] != self.seated
            or fam["markers"] != self.markers
            or fam["powers"] != self.power_ids
            or fam["refreshments"] != self.hand
            or fam["avatar"] != self.avatar
            or fam["sanctuary"] != self.sanctuary
            or list(map(_SANCTUARY, view["families"])) != self.sanctuaries
        ):
            return False
        positions = view["dancer_pos"]
        if positions != self.seen_positions:
            masked = list(positions)
            for d in self.mine:
                masked[d] = MINE
            if masked != self.positions:
                return False
            self.seen_positions = list(positions)
        return True

    @_once
    def closed(self) -> frozenset[int]:
        """The other families' entry hexes, which the Avatar may not enter (RULINGS 19)."""
        return frozenset(
            self.board.sanctuaries[sanctuary].entry
            for q, sanctuary in enumerate(self.sanctuaries)
            if q != self.me and sanctuary >= 0
        )

    @_once
    def reach(self) -> int:
        """How far from the Avatar an Influence reaches: two hexes with Mesmerize."""
        return 2 if "mesmerize" in self.powers else 1

    # -- the Plan --------------------------------------------------------------

    @_once
    def base_need(self) -> list[int]:
        """Symbols the Plan still lacks at the table."""
        plan = self.plan
        if plan is None:
            return [0] * len(self.comp.colours)
        need = list(self.comp.plans[plan].needs)
        for d in self.seated:
            need[self.comp.dancers[d].symbol] -= 1
        return need

    def wanted(self, d: int) -> bool:
        return self.base_need[self.comp.dancers[d].symbol] > 0

    @_once
    def need(self) -> list[int]:
        """Symbols still lacking once the Dancers on their way home are seated."""
        need = list(self.base_need)
        dancers = self.comp.dancers
        for d in markers_of(self.owners, self.me):
            need[dancers[d].symbol] -= 1
        return need

    # -- worth and odds ----------------------------------------------------------------

    @_once
    def free_markers(self) -> int:
        """Influence markers not yet on a Dancer."""
        used: int = self.owners.count(self.me)
        return int(self.markers) - used

    @_once
    def values(self) -> list[float]:
        """Dancer by Dancer, what Influencing her is worth times the odds. Only some are
        worth something: another family's on the floor (unless Dominated past taking), worth
        more near her table and more if the Plan needs her; and the free ones on the floor
        that the Plan needs, worth most (a little less the farther from home, and nothing
        while every marker is on a Dancer already on her way home, unless with Regale).
        The seat's own, and the rest, are worth nothing."""
        me, owners, positions, dominated = self.me, self.owners, self.positions, self.dominated
        need, symbol, odds = self.need, self.tables.symbol, self.odds
        taken_free = self.game.margin_three
        distance, sanctuaries = self.board.distance, self.board.sanctuaries
        to_entry = distance[self.entry]
        owner_entry = [sanctuaries[sanctuary].entry for sanctuary in self.sanctuaries]
        # With no marker free, success would move one off a Dancer already on her way home.
        regale = "regale" in self.powers
        free_worth = None if self.free_markers > 0 else 0.06 if regale else 0.0
        values = [0.0] * self.nd
        for d, owner in enumerate(owners):
            pos = positions[d]
            if pos < 0:
                continue
            if owner < 0:
                if need[symbol[d]] <= 0:
                    continue
                worth = 1.0 - 0.03 * to_entry[pos] if free_worth is None else free_worth
            elif owner == me or (dominated[d] and not taken_free):
                continue
            else:
                close = distance[owner_entry[owner]][pos]
                wanted = need[symbol[d]] > 0
                worth = (0.55 if close <= 4 else 0.3) + (0.25 if wanted else 0.0)
            values[d] = worth * odds[d] if worth > 0 else 0.0
        return values

    @_once
    def best_refresh(self) -> tuple[int, ...]:
        """Domain by Domain, the most pips one Refreshment (two with Resourceful) adds."""
        hand = tuple(self.hand or ())
        resourceful = "resourceful" in self.powers
        any_domain = self.game.any_domain
        known = self.tables.best_refresh
        key = (hand, resourceful, any_domain)
        found = known.get(key)
        if found is None:
            best = [0] * len(self.ratings)
            for k, count in enumerate(hand):
                kind = self.comp.refreshments[k]
                if count and kind.domain >= 0:
                    for domain in range(len(best)) if any_domain else (kind.domain,):
                        best[domain] = max(best[domain], kind.pips)
            times = 2 if resourceful else 1
            found = known[key] = tuple(pips * times for pips in best)
        return found

    @_once
    def odds(self) -> tuple[float, ...]:
        """Dancer by Dancer, the chance of Influencing her in her best Domain: the same for
        the same ratings and Refreshment bonuses, so worked out once per pair for the
        components (``Components.influence_odds``)."""
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

    @_once
    def best_target(self) -> int:
        """The hex of the most worthwhile Dancer (the first of equals) if she is worth more
        than 0.1, else -1."""
        best_d, best_value = -1, 0.1
        for d, v in enumerate(self.values):
            if v > best_value:
                best_d, best_value = d, v
        return self.positions[best_d] if best_d >= 0 else -1

    def hex_values(self, server: int) -> list[float]:
        """Hex by hex, what standing there at the end of the Dance step is worth: the best
        Dancer an Influence reaches from there, or the Server on ``server`` (-1: not worth
        calling) when he answers from there (from anywhere with Host). Worked out once per
        Server's hex."""
        table = self._hex_values.get(server)
        if table is None:
            everywhere = server >= 0 and "host" in self.powers
            least = 0.3 if everywhere else 0.0
            table = self._hex_values[server] = [least] * len(self.board.hexes)
            within = self.tables.within(self.reach)
            values, positions = self.values, self.positions
            # Lower values first, so that each hex keeps the best that reaches it.
            for d in sorted(compress(range(self.nd), values), key=values.__getitem__):
                v = values[d]
                if v > least:
                    for h in within[positions[d]]:
                        table[h] = v
            if server >= 0 and not everywhere:
                for h in within[server]:
                    if table[h] < 0.3:  # noqa: PLR1730  (cheaper than a call to max)
                        table[h] = 0.3
        return table


class RoutesHome:
    """Steps from a family's entry hex through the empty hexes, for one placement of the
    pieces: read off the empty floor's routes (``_Tables.routes``) when the pieces leave
    one of them free, as they mostly do, else searched ring by ring as far as asked."""

    def __init__(self, comp: Components, entry: int, occupied: set[int]) -> None:
        """``occupied``: the hexes a piece stands on."""
        self.entry = entry
        self.occupied = occupied
        self.adjacent = comp.board.adjacent
        self.routes = _tables_of(comp).routes(entry)
        self.free_routes: dict[int, bool] = {}
        """``_free_route``'s answers so far."""
        self._home: list[int] | None = None
        self._home_frontier: list[int] = []
        self._home_ring = 0

    def steps(self, pos: int, below: int = UNREACHABLE + 1) -> int:
        """Steps from the entry hex to ``pos`` through empty hexes (``pos`` may be occupied),
        when fewer than ``below`` (else some number at least ``below``): the steps on an
        empty floor when the pieces leave one of its shortest routes free, else searched."""
        steps: int = self.routes[0][pos]
        if steps == 0 or steps >= below or self._free_route(pos):
            return steps
        if steps + 1 >= below:
            return steps + 1  # every shortest route is blocked
        return self._searched_home(pos, below)

    def _free_route(self, h: int) -> bool:
        """Whether a shortest route of the empty floor from the entry hex to ``h`` runs
        through empty hexes only."""
        known = self.free_routes
        found = known.get(h)
        if found is None:
            found = False
            entry, occupied = self.entry, self.occupied
            for n in self.routes[1][h]:
                if n == entry or (n not in occupied and self._free_route(n)):
                    found = True
                    break
            known[h] = found
        return found

    def _searched_home(self, pos: int, below: int) -> int:
        """``steps`` by a search from the entry hex that goes one ring further only while
        ``pos`` is not reached yet and could still be nearer than ``below``."""
        home = self._home
        if home is None:
            home = self._home = [UNREACHABLE] * len(self.adjacent)
            home[self.entry] = 0
            self._home_frontier = [self.entry]
        frontier, ring, unreached = self._home_frontier, self._home_ring, UNREACHABLE
        adjacent, occupied = self.adjacent, self.occupied
        while home[pos] == unreached and frontier and ring < below - 1:
            ring += 1
            nxt_frontier = []
            for h in frontier:
                for n in adjacent[h]:
                    if home[n] == unreached:
                        home[n] = ring
                        if n not in occupied:
                            nxt_frontier.append(n)
            frontier = nxt_frontier
        self._home_frontier, self._home_ring = frontier, ring
        return home[pos]


class _Context:
    """One decision's view of the ballroom, with the seat's worths (``DancerWorths``)."""

    def __init__(self, worths: DancerWorths, view: dict[str, Any]) -> None:
        self.worths = worths
        self.comp = worths.comp
        self.board = worths.board
        self.view = view
        self.fam = view["families"][worths.me]
        self.ratings = worths.ratings
        self.entry = worths.entry

    @_once
    def occupied(self) -> set[int]:
        """The hexes a piece stands on: a Dancer, an Avatar, the Server (and -1, off the floor)."""
        view = self.view
        return {*view["dancer_pos"], *map(_POS, view["families"]), view["server"]}

    def plan_gap(self, plan: int) -> int:
        need = list(self.comp.plans[plan].needs)
        for d in self.fam["seated"]:
            need[self.comp.dancers[d].symbol] -= 1
        return sum(max(0, x) for x in need)

    # -- distances ---------------------------------------------------------------

    @_once
    def routes_home(self) -> RoutesHome:
        return RoutesHome(self.comp, self.entry, self.occupied)

    def home_distance(self, pos: int, below: int = UNREACHABLE + 1) -> int:
        """Steps from the entry hex to ``pos`` through empty hexes (``RoutesHome.steps``)."""
        if pos < 0 or self.entry < 0:
            return UNREACHABLE
        return self.routes_home.steps(pos, below)

    def _distances_from(
        self, start: int, limit: int, shadow: bool, reached: list[int] | None = None
    ) -> dict[int, int]:
        """Steps from ``start`` (which may be occupied) through empty hexes, or through
        every piece with Shadow (who may not stop on them), never into a closed entry hex
        (those and hexes farther than ``limit``: ``UNREACHABLE`` or left out). The empty
        hexes reached (``start`` aside) are added to ``reached`` when asked, so that a
        caller can read those alone instead of the whole floor."""
        dist = dict.fromkeys(self.worths.closed, UNREACHABLE)
        dist[start] = 0
        frontier = [start]
        adjacent, occupied = self.board.adjacent, self.occupied
        step = 0
        while frontier and step < limit:
            step += 1
            empty: list[int] = []
            taken: list[int] = []
            for h in frontier:
                for n in adjacent[h]:
                    if n not in dist:
                        dist[n] = step
                        if n not in occupied:
                            empty.append(n)
                        elif shadow:
                            taken.append(n)
            if reached is not None:
                reached += empty
            frontier = empty + taken if taken else empty
        return dist

    # -- worth ---------------------------------------------------------------------------

    def domain_need(self, domain: int) -> int:
        effort = self.view["effort"]
        if effort["kind"] == 0:
            target_pips = self.comp.dancers[int(effort["target"])].pips[domain]
            return self.ratings[domain] + target_pips + self.worths.best_refresh[domain]
        target = int(self.view["families"][effort["target"]]["avatar"])
        return self.ratings[domain] + self.comp.avatars[target].ratings[domain]

    def refreshment_worth(self, k: int) -> float:
        kind = self.comp.refreshments[k]
        if kind.domain < 0:
            return 1.5
        return kind.pips + self.ratings[kind.domain] * 0.5

    def hex_values(self) -> list[float]:
        """Hex by hex, what standing there at the end of the Dance step is worth
        (``DancerWorths.hex_values``, with the Server when a hand under two calls for him)."""
        server = self.view["server"]
        wanted = server >= 0 and self.fam["refreshment_count"] < 2
        return self.worths.hex_values(server if wanted else -1)

    # -- phases ------------------------------------------------------------------------

    def dance(self, legal: Sequence[int]) -> int:
        worths = self.worths
        legal_set = set(legal)
        here = self.fam["pos"]
        # Seat whoever the Plan wants; lead them home; let the others go.
        if not _SEATS.isdisjoint(legal_set):
            last_seat = _SEAT + worths.nd
            for a in legal:
                if _SEAT <= a < last_seat and worths.wanted(a - _SEAT):
                    return a
        mine = worths.mine
        for d in mine:
            if not worths.wanted(d) and _RELEASE + d in legal_set:
                return _RELEASE + d
        seats = self.board.sanctuaries[self.fam["sanctuary"]].seats
        if len(self.fam["seated"]) >= seats:
            for d in map(int, self.fam["seated"]):
                if worths.base_need[self.comp.dancers[d].symbol] < 0 and _UNSEAT + d in legal_set:
                    return _UNSEAT + d
        blocked_entry = here == self.entry and bool(mine)
        if mine and not blocked_entry:
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
        if blocked_entry:  # else the lead was weighed above
            lead = self._lead(mine, legal_set)
            if lead is not None:
                return lead
        return ac.END_DANCE

    def _lead(self, mine: list[int], legal_set: set[int]) -> int | None:
        """The lead that brings one of ``mine`` nearest home (the first of equals), if any
        brings one nearer (``home_distance``)."""
        if not mine or self.entry < 0:
            return None
        best, nearest = None, UNREACHABLE + 1
        positions, neighbours = self.view["dancer_pos"], self.board.neighbours
        steps = None
        for d in mine:
            first = _LEAD + 6 * d
            leads = legal_set.intersection(range(first, first + 6))
            if not leads:
                continue  # she may not be led now
            if steps is None:
                steps = self.routes_home.steps
            pos = positions[d]
            now = steps(pos) if pos >= 0 else UNREACHABLE
            row = neighbours[pos]
            for a in sorted(leads):
                below = now if now < nearest else nearest
                n = row[a - first]
                there = steps(n, below) if n >= 0 else UNREACHABLE
                if there < below:
                    best, nearest = a, there
        return best

    def _avatar_step(self, legal: Sequence[int], must_move: bool) -> int | None:
        steps = _STEPS.intersection(legal)  # in no order: each use is the first of equals
        if not steps:
            return None
        turn = self.view["turn_state"]
        here = self.fam["pos"]
        budget = turn["moves_left"]
        ankh = ac.ANKH in legal
        shadow = "shadow" in self.worths.powers
        farthest = budget + (1 if ankh else 0)
        # Distances from here; only hexes within the Movement left (and an Ankh's) are read.
        reached: list[int] = []
        dist = self._distances_from(here, farthest, shadow, reached)
        # The empty hexes within reach, in hex order (ties go to the first).
        reached.sort()
        hex_values = self.hex_values()
        stay = -1.0 if must_move else hex_values[here] if not turn["passing"] else -1.0
        best_h, best_v = -1, stay
        above = best_v + 1e-9
        for h in reached:  # all within farthest
            dh = dist[h]
            # Worth there, less 0.05 past the Movement (with the Ankh), less each step's cost.
            if dh > budget:
                v = hex_values[h] - 0.05 - _STEP_COST[dh]
            else:
                v = hex_values[h] - _STEP_COST[dh]
            if v > above:
                best_h, best_v = h, v
                above = best_v + 1e-9
        if best_h < 0 and (must_move or turn["passing"]):
            best_h = min(
                (h for h in reached if dist[h] <= budget),
                default=-1,
                key=dist.__getitem__,
            )
        if best_h < 0:
            if best_v > 0.15 or stay < 0:
                return None
            best_h = self._toward_targets(dist, reached)
            if best_h < 0:
                return None
        best_d = dist[best_h]
        if best_d > budget:
            return ac.ANKH
        closed = self.worths.closed
        if best_d > 2 or here in closed:
            return self._step_toward(best_h, best_d, steps, shadow)
        # A route of one or two steps: the step onto best_h, else the first onto a hex
        # next to it (what ``_step_toward`` finds, without searching).
        neighbours, distance = self.board.neighbours[here], self.board.distance[best_h]
        options = [
            a
            for a in steps
            if (n := neighbours[a - _STEP]) == best_h
            or (best_d == 2 and distance[n] == 1 and n not in closed)
        ]
        return min(options) if options else None

    def _step_toward(
        self, goal: int, steps_there: int, steps: frozenset[int], shadow: bool
    ) -> int | None:
        """The step that brings the Avatar one closer to ``goal`` along a route
        (``steps_there`` long), the first of equals."""
        here = self.fam["pos"]
        # Nothing farther than the route needs searching at first.
        back = self._distances_from(goal, steps_there, shadow)
        if back.get(here, UNREACHABLE) == UNREACHABLE:
            back = self._distances_from(goal, UNREACHABLE, shadow)
        now = back.get(here, UNREACHABLE)
        options = []
        for a in steps:
            n = self.board.neighbours[here][a - _STEP]
            there = back.get(n, UNREACHABLE)
            if there < now or n == goal:
                options.append((there, a))
        return min(options)[1] if options else None

    def _toward_targets(self, dist: dict[int, int], reached: list[int]) -> int:
        """The reachable empty hex closest to the most worthwhile Dancer (``reached``: the
        empty hexes within reach, in hex order)."""
        target = self.worths.best_target
        if target < 0:
            return -1
        tdist = self.board.distance[target]
        budget = self.view["turn_state"]["moves_left"]
        candidates = [h for h in reached if dist[h] <= budget]
        if not candidates:
            return -1
        return min(candidates, key=lambda h: (tdist[h], dist[h]))

    def influence(self, legal: Sequence[int]) -> int:
        best_a, best_v = ac.PASS if ac.PASS in legal else legal[0], 0.02
        first_influence, first_foil = ac.INFLUENCE, ac.FOIL
        last_influence = first_influence + self.worths.nd
        values = None
        for a in legal:
            if first_influence <= a < last_influence:
                if values is None:
                    values = self.worths.values
                v = values[a - first_influence]
            elif a == ac.SERVER:
                v = 0.25 if self.fam["refreshment_count"] < 3 else 0.05
            elif first_foil <= a < first_foil + 6:
                v = 0.03
            elif a == ac.CLEAR_FOIL:
                v = 1.0
            else:
                continue
            if v > best_v:
                best_a, best_v = a, v
        return best_a

    def refreshment(self, legal: Sequence[int]) -> int:
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

    def postroll(self, legal: Sequence[int]) -> int:
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
