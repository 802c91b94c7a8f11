"""The Dance's rules engine: one game in progress as plain lists and ints.

Flow. Non-interactive work (set-up steps, chance draws, the Waltz Phase) sits
on an *agenda* of small tasks that ``_advance`` runs until a decision or a
chance draw is due. A player's turn is interactive: the Dance step (one hex
per action), then the Influence step (target, Domain, Refreshments, roll,
post-roll choices, marker placement). Chance draws are explicit nodes, one
marker or one die at a time, each naming what it drew.

Pieces on the floor live in ``occ`` (one entry per hex: -1 empty, a Dancer
index, ``D + seat`` for an Avatar, ``SERVER_CODE``), mirrored by
``dancer_pos``, ``avatar_pos`` and ``server``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ballroom.core.events import Event
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, Observation, Outcome, State
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.components import DOMAINS, POWER_IDS, Components

if TYPE_CHECKING:
    from ballroom.games.the_dance.game import TheDance

# Powers, as bits.
ATHLETIC, DISCIPLINE, HOST, MESMERIZE, OLD_WEALTH, OVERWHELMING = (1 << i for i in range(6))
REGALE, RESOURCEFUL, SHADOW, STRATEGIC, TACTICIAN, WILLPOWER = (1 << i for i in range(6, 12))

# Phases: what the next action decides.
(
    P_AVATAR,
    P_SANCTUARY,
    P_KEEP_POWER,
    P_DANCE,
    P_INFLUENCE,
    P_DOMAIN,
    P_REFRESH,
    P_POSTROLL,
    P_DROP,
    P_DISCARD,
    P_PAY,
    P_PLAN_CHOICE,
    P_INITIATIVE,
    C_POWER,
    C_REFRESH,
    C_PLAN,
    C_PLACE,
    C_DIE,
    P_OVER,
) = range(19)
PHASE_NAMES = (
    "choose-avatar",
    "choose-sanctuary",
    "keep-power",
    "dance",
    "influence",
    "domain",
    "refreshment",
    "post-roll",
    "drop-influence",
    "discard",
    "discipline-payment",
    "strategic-plan",
    "initiative",
    "draw-power",
    "draw-refreshment",
    "draw-plan",
    "place-dancer",
    "roll",
    "over",
)
CHANCE_PHASES = frozenset({C_POWER, C_REFRESH, C_PLAN, C_PLACE, C_DIE})

# Agenda tasks: (task, seat or index).
(
    T_AVATAR,
    T_SANCTUARY,
    T_POWER_DRAW,
    T_POWER_KEEP,
    T_DEAL,
    T_REFRESH,
    T_DISCARD,
    T_PLAN,
    T_STRATEGIC_DRAW,
    T_STRATEGIC_CHOICE,
    T_RESUME_DANCE,
    T_PLACE,
    T_SERVER_SETUP,
    T_NEW_ROUND,
    T_TURN,
    T_WALTZ_SERVER,
    T_TEMPO,
    T_INITIATIVE,
) = range(18)

# What a die roll is for.
DIE_SERVER, DIE_INFLUENCE = 0, 1
# Effort target kinds.
TARGET_DANCER, TARGET_AVATAR = 0, 1

_FLAT_LISTS = (
    "agenda",
    "order",
    "occ",
    "dancer_pos",
    "dancer_seat",
    "dancer_inf",
    "dancer_dom",
    "dancer_slot",
    "dancer_moves",
    "avatar_of",
    "sanctuary_of",
    "avatar_pos",
    "foiled",
    "markers",
    "power_bits",
    "hand_size",
    "plan",
    "plan_public",
    "finished",
    "power_pile",
    "refresh_pile",
    "plan_pile",
    "spent",
    "discarded",
    "used",
    "history",
    "dawn_ranking",
)
_NESTED_LISTS = ("powers", "revealed", "drawn_powers", "dealt_powers", "hand", "seated")

ROLL_OUTCOMES = [(ac.ROLL + face, 1 / 6) for face in range(6)]


def family_name(comp: Components, avatar: int) -> str:
    """How the table names a seat once its Avatar is chosen: ``the Balaz family``."""
    return f"the {comp.avatars[avatar].family} family"


class TheDanceState(State):
    """One game of The Dance; see the package docstring for the rules and rulings."""

    game: TheDance

    def __init__(self, game: TheDance, seed: int) -> None:
        super().__init__(game, seed)
        comp = game.components
        board = comp.board
        n = game.players
        nd = len(comp.dancers)
        self.comp = comp
        self.n = n
        self.nd = nd
        self.server_code = nd + n
        self.phase = P_OVER
        self.actor = -1
        self.agenda: list[tuple[int, int]] = []
        self.turn = 0
        self.tempo = 1
        self.order: list[int] = []
        self.initiative = 0
        self.current = -1
        # Board.
        self.occ = [-1] * len(board.hexes)
        self.dancer_pos = [-1] * nd
        self.dancer_seat = [-1] * nd
        self.dancer_inf = [-1] * nd
        self.dancer_dom = [False] * nd
        self.dancer_slot = [0] * nd
        self.dancer_moves = [0] * nd
        self.placed = 0
        self.server = -1
        # Families (one per seat).
        self.avatar_of = [-1] * n
        self.sanctuary_of = [-1] * n
        self.avatar_pos = [-1] * n
        self.foiled = [False] * n
        self.markers = [1] * n
        self.powers: list[list[int]] = [[] for _ in range(n)]
        self.power_bits = [0] * n
        self.revealed: list[list[int]] = [[] for _ in range(n)]
        self.drawn_powers: list[list[int]] = [[] for _ in range(n)]
        # Every Power each family drew, kept or returned: a balance fact no rule reads.
        self.dealt_powers: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[0] * len(comp.refreshments) for _ in range(n)]
        self.hand_size = [0] * n
        self.plan = [-1] * n
        self.plan_public = [False] * n
        self.candidate_plan = -1
        self.seated: list[list[int]] = [[] for _ in range(n)]
        self.finished: list[int] = []
        self.dawn_ranking: list[tuple[int, ...]] = []
        # Piles.
        self.power_pile = list(range(len(comp.powers)))
        self.refresh_pile = [k.count for k in comp.refreshments]
        self.refresh_left = sum(self.refresh_pile)
        self.plan_pile = list(range(len(comp.plans)))
        self.spent = [0] * len(comp.refreshments)
        self.discarded = [0] * len(comp.refreshments)
        self.discarded_count = 0
        # The current turn.
        self.moves_left = 0
        self.ankhs_used = 0
        self.movement_spent = 0
        self.passing = False
        self.attempts = 0
        self.strategic_used = False
        self.pay_left = 0
        self.draw_for = -1
        self.die_for = DIE_SERVER
        # The current Influence effort.
        self.target_kind = TARGET_DANCER
        self.target = -1
        self.domain = -1
        self.used: list[int] = []
        self.roll = 0
        self.modifier = 0
        self.rerolled = False
        self.tactician_used = False
        self.roll_dominates = False
        self._build_setup()
        self._advance([])

    # -- set-up -------------------------------------------------------------

    def _build_setup(self) -> None:
        """Queue the set-up: Avatars, Sanctuaries, Powers, Refreshments, Plans, the floor.

        Seats are numbered in play order from the first player, who is the
        oldest; the engine takes that order as age order too, so Avatars are
        chosen youngest to oldest, from the last seat back to seat 0 (RULINGS
        15), after the Plans with NEW BLOOD. Sanctuaries, for which the
        rulebook gives no order, are declared in seat order.
        """
        opts = self.game.options
        seats = range(self.n)
        avatars = [(T_AVATAR, p) for p in reversed(seats)] + [(T_SANCTUARY, p) for p in seats]
        powers: list[tuple[int, int]] = []
        for p in seats:
            powers += [(T_POWER_DRAW, p), (T_POWER_DRAW, p)]
            if not opts["super-villains"]:
                powers.append((T_POWER_KEEP, p))
        deal = [(T_DEAL, p) for p in seats]
        plans = [(T_PLAN, p) for p in seats]
        if opts["scenario"] == "new-blood":
            agenda = powers + deal + plans + avatars
        else:
            agenda = avatars + powers + deal + plans
        agenda += [(T_PLACE, i) for i in range(self.nd)]
        agenda += [(T_SERVER_SETUP, 0), (T_NEW_ROUND, 0)]
        self.agenda = agenda

    # -- the contract -------------------------------------------------------

    def current_players(self) -> tuple[int, ...]:
        if self.phase == P_OVER:
            return ()
        if self.phase >= C_POWER:
            return (CHANCE,)
        return (self.actor,)

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def is_chance_node(self) -> bool:
        return C_POWER <= self.phase < P_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == C_DIE:
            return list(ROLL_OUTCOMES)
        if phase == C_REFRESH:
            total = self.refresh_left
            return [(ac.DRAW_REFRESH + k, c / total) for k, c in enumerate(self.refresh_pile) if c]
        if phase == C_POWER:
            pile = sorted(self.power_pile)
            return [(ac.DRAW_POWER + w, 1 / len(pile)) for w in pile]
        if phase == C_PLAN:
            pile = sorted(self.plan_pile)
            return [(ac.DRAW_PLAN + x, 1 / len(pile)) for x in pile]
        if phase == C_PLACE:
            free = [d for d in range(self.nd) if self.dancer_pos[d] < 0]
            return [(ac.PLACE + d, 1 / len(free)) for d in free]
        return []

    def sample_chance(self) -> int:
        """Draw with the seeded source (one integer draw, no float weights)."""
        rng = self.rng
        phase = self.phase
        if phase == C_DIE:
            return ac.ROLL + rng.below(6)
        if phase == C_REFRESH:
            pick = rng.below(self.refresh_left)
            for k, count in enumerate(self.refresh_pile):
                if pick < count:
                    return ac.DRAW_REFRESH + k
                pick -= count
        if phase == C_POWER:
            pile = sorted(self.power_pile)
            return ac.DRAW_POWER + pile[rng.below(len(pile))]
        if phase == C_PLAN:
            pile = sorted(self.plan_pile)
            return ac.DRAW_PLAN + pile[rng.below(len(pile))]
        if phase == C_PLACE:
            free = [d for d in range(self.nd) if self.dancer_pos[d] < 0]
            return ac.PLACE + free[rng.below(len(free))]
        return super().sample_chance()

    def legal_actions(self, player: int | None = None) -> list[int]:
        phase = self.phase
        if phase == P_OVER:
            return []
        if phase >= C_POWER:
            if player not in (None, CHANCE):
                return []
            return [a for a, _ in self.chance_outcomes()]
        if player is not None and player != self.actor:
            return []
        p = self.actor
        if phase == P_DANCE:
            return self._dance_actions(p)
        if phase == P_INFLUENCE:
            return self._influence_actions(p)
        if phase == P_DOMAIN:
            if self.target_kind == TARGET_DANCER:
                neg = self.comp.dancers[self.target].negates
                return [ac.DOMAIN + i for i in range(4) if not neg[i]]
            return [ac.DOMAIN + i for i in range(4)]
        if phase == P_REFRESH:
            if len(self.used) >= self._refresh_limit(p):
                return [ac.NO_REFRESH]
            return [*self._refresh_options(p), ac.NO_REFRESH]
        if phase == P_POSTROLL:
            return self._postroll_actions(p)
        if phase == P_DROP:
            cands = [
                d for d in range(self.nd) if self.dancer_inf[d] == p and self.dancer_pos[d] >= 0
            ]
            if self.power_bits[p] & REGALE and self.target not in cands:
                cands.append(self.target)
            return sorted(ac.DROP + d for d in cands)
        if phase in (P_DISCARD, P_PAY):
            base = ac.DISCARD if phase == P_DISCARD else ac.PAY
            return [base + k for k, c in enumerate(self.hand[p]) if c]
        if phase == P_PLAN_CHOICE:
            return [ac.KEEP_PLAN, ac.TAKE_PLAN]
        if phase == P_INITIATIVE:
            return [ac.INITIATIVE + q for q in range(self.n) if q != p and q not in self.finished]
        if phase == P_AVATAR:
            taken = set(self.avatar_of)
            return [ac.CHOOSE_AVATAR + a for a in range(6) if a not in taken]
        if phase == P_SANCTUARY:
            taken = set(self.sanctuary_of)
            return [ac.CHOOSE_SANCTUARY + s for s in range(6) if s not in taken]
        if phase == P_KEEP_POWER:
            return sorted(ac.KEEP_POWER + w for w in self.drawn_powers[p])
        return []

    # -- legal actions of a turn ------------------------------------------------

    def _dance_actions(self, p: int) -> list[int]:
        board = self.comp.board
        occ = self.occ
        here = self.avatar_pos[p]
        out: list[int] = []
        bits = self.power_bits[p]
        if self.moves_left > 0:
            closed = self._closed_to(p)
            neighbours = board.neighbours[here]
            for direction in range(6):
                nxt = neighbours[direction]
                if (
                    nxt >= 0
                    and nxt not in closed
                    and (
                        occ[nxt] < 0
                        or (bits & SHADOW and self._can_escape(nxt, self.moves_left - 1, closed))
                    )
                ):
                    out.append(ac.STEP + direction)
        if self.passing:
            return out
        dpos = self.dancer_pos
        moves = self.dancer_moves
        entry = board.sanctuaries[self.sanctuary_of[p]].entry
        inf = self.dancer_inf
        for d in [i for i, owner in enumerate(inf) if owner == p] if p in inf else ():
            pos = dpos[d]
            out.append(ac.RELEASE + d)
            if moves[d] <= 0:
                continue
            base = ac.LEAD + 6 * d
            for direction, nxt in enumerate(board.neighbours[pos]):
                if nxt >= 0 and occ[nxt] < 0:
                    out.append(base + direction)
            if pos == entry and self._may_seat(p, d):
                out.append(ac.SEAT + d)
        if self.moves_left > 0 and occ[entry] < 0:
            out.extend(ac.UNSEAT + d for d in self.seated[p])
        ankh = self.game.ankh_kind
        if (
            ankh >= 0
            and self.hand[p][ankh]
            and not bits & ATHLETIC
            and self.ankhs_used < (2 if bits & RESOURCEFUL else 1)
        ):
            out.append(ac.ANKH)
        if bits & DISCIPLINE and self.markers[p] == 1 and self.hand_size[p] >= 2:
            out.append(ac.DISCIPLINE)
        if (
            bits & STRATEGIC
            and not self.strategic_used
            and self.tempo == board.refreshment_box
            and self.plan_pile
        ):
            out.append(ac.STRATEGIC)
        out.append(ac.END_DANCE)
        out.sort()
        return out

    def _closed_to(self, p: int) -> list[int]:
        """The hexes family ``p``'s Avatar may not enter: the other families' Sanctuary
        entry hexes (RULINGS 19), so that no parked Avatar can seal a table."""
        sanctuaries = self.comp.board.sanctuaries
        return [sanctuaries[s].entry for q, s in enumerate(self.sanctuary_of) if q != p and s >= 0]

    def _can_escape(self, start: int, budget: int, closed: list[int]) -> bool:
        """Whether a Shadow Avatar on ``start`` can reach an empty hex within ``budget`` steps,
        passing through pieces but never through a ``closed`` hex."""
        if budget <= 0:
            return False
        neighbours = self.comp.board.neighbours
        occ = self.occ
        me = self.nd + self.current
        frontier = [start]
        seen = {start}
        for _ in range(budget):
            nxt_frontier = []
            for h in frontier:
                for nxt in neighbours[h]:
                    if nxt >= 0 and nxt not in seen and nxt not in closed:
                        if occ[nxt] < 0 or occ[nxt] == me:
                            return True
                        seen.add(nxt)
                        nxt_frontier.append(nxt)
            frontier = nxt_frontier
        return False

    def _may_seat(self, p: int, d: int) -> bool:
        seats = self.comp.board.sanctuaries[self.sanctuary_of[p]].seats
        if len(self.seated[p]) < seats:
            return True
        return len(self.seated[p]) == seats and self._plan_done(p, extra=d)

    def _refresh_options(self, p: int) -> list[int]:
        hand = self.hand[p]
        anydomain = self.game.any_domain
        dom = self.domain
        return [
            ac.REFRESH + k
            for k, kind in enumerate(self.comp.refreshments)
            if hand[k] and kind.domain >= 0 and (anydomain or kind.domain == dom)
        ]

    def _refresh_limit(self, p: int) -> int:
        return 2 if self.power_bits[p] & RESOURCEFUL else 1

    def _in_range(self, p: int) -> int:
        return 2 if self.power_bits[p] & MESMERIZE else 1

    def _influence_actions(self, p: int) -> list[int]:
        if self.attempts == 1 and not self.power_bits[p] & REGALE:
            return [ac.PASS]
        inf = self.dancer_inf
        out = [ac.RELEASE + d for d, owner in enumerate(inf) if owner == p] if p in inf else []
        if self.foiled[p]:
            out.append(ac.CLEAR_FOIL)
            return out
        here = self.avatar_pos[p]
        board = self.comp.board
        dist = board.distance[here]
        reach = self._in_range(p)
        margin = self.game.margin_three
        occ = self.occ
        nd = self.nd
        if reach == 1:
            nearby = [occ[h] for h in board.neighbours[here] if h >= 0 and 0 <= occ[h] < nd]
        else:
            nearby = [d for d, pos in enumerate(self.dancer_pos) if pos >= 0 and dist[pos] <= reach]
        for d in nearby:
            if inf[d] == p or (self.dancer_dom[d] and not margin):
                continue
            out.append(ac.INFLUENCE + d)
        for q in range(self.n):
            pos = self.avatar_pos[q]
            if q != p and pos >= 0 and dist[pos] <= reach and not self.foiled[q]:
                out.append(ac.FOIL + self.avatar_of[q])
        out.append(ac.PASS)
        if self.attempts == 0:
            server = self.server
            if server >= 0 and (self.power_bits[p] & HOST or dist[server] <= reach):
                out.append(ac.SERVER)
            # May I Cut In? may not carry an Avatar onto another family's entry hex.
            closed = self._closed_to(p)
            for nxt in board.neighbours[here]:
                if nxt >= 0 and nxt not in closed:
                    piece = occ[nxt]
                    if 0 <= piece < nd:
                        out.append(ac.CUT_DANCER + piece)
                    elif nd <= piece < nd + self.n and here not in self._closed_to(piece - nd):
                        out.append(ac.CUT_AVATAR + self.avatar_of[piece - nd])
        out.sort()
        return out

    def _postroll_actions(self, p: int) -> list[int]:
        """``accept``, and what Tactician and Willpower allow after this roll.

        Tactician's spend is one of the roll's Refreshments (RULINGS 18): it is
        offered only while the roll has used fewer than its limit (one, two
        with Resourceful). Willpower's Refreshment pays for a new roll instead.
        """
        out = [ac.ACCEPT]
        bits = self.power_bits[p]
        hand = self.hand[p]
        if (
            bits & TACTICIAN
            and not self.tactician_used
            and self.roll - self.modifier > 1
            and len(self.used) < self._refresh_limit(p)
        ):
            out.extend(ac.TACTICIAN + k for k, c in enumerate(hand) if c)
        if bits & WILLPOWER and not self.rerolled:
            out.extend(ac.WILLPOWER + k for k, c in enumerate(hand) if c)
        return out

    # -- apply --------------------------------------------------------------

    def _apply(self, action: int, player: int) -> list[Event]:
        events: list[Event] = []
        phase = self.phase
        if phase >= C_POWER:
            self._apply_chance(action, events)
        elif phase == P_DANCE:
            self._apply_dance(action, player, events)
        elif phase == P_INFLUENCE:
            self._apply_influence(action, player, events)
        elif phase == P_DOMAIN:
            self.domain = action - ac.DOMAIN
            # Every family meets the Refreshment step, holding a fitting one or not
            # (RULINGS 20); a Foil takes no Refreshment, for everyone alike.
            if self.target_kind == TARGET_DANCER:
                self.phase = P_REFRESH
            else:
                self._start_roll()
        elif phase == P_REFRESH:
            if action == ac.NO_REFRESH:
                self._start_roll()
            else:
                k = action - ac.REFRESH
                self._spend(player, k)
                self.used.append(k)
                events.append(
                    self._ev(
                        "refreshment",
                        f"{self._who(player)} plays a {self._kind(k)} Refreshment.",
                        player=player,
                        kind=self.comp.refreshments[k].slug,
                    )
                )
                # After one, every family is asked again (only Resourceful may say
                # yes), so that the question does not give Resourceful away.
                if len(self.used) == 2:
                    self._use_power(player, RESOURCEFUL, "a second Refreshment on one roll", events)
                    self._start_roll()
        elif phase == P_POSTROLL:
            self._apply_postroll(action, player, events)
        elif phase == P_DROP:
            self._apply_drop(action - ac.DROP, player, events)
        elif phase == P_DISCARD:
            k = action - ac.DISCARD
            self.hand[player][k] -= 1
            self.hand_size[player] -= 1
            self.discarded[k] += 1
            self.discarded_count += 1
            events.append(
                self._ev(
                    "discard",
                    f"{self._who(player)} discards a Refreshment face down.",
                    player=player,
                )
            )
            if self.hand_size[player] <= self._limit(player):
                self._advance(events)
        elif phase == P_PAY:
            k = action - ac.PAY
            self._spend(player, k)
            self.pay_left -= 1
            if self.pay_left == 0:
                self.markers[player] = 2
                events.append(
                    self._ev(
                        "discipline",
                        f"{self._who(player)} uses Discipline: a second Influence marker.",
                        player=player,
                    )
                )
                self.phase = P_DANCE
        elif phase == P_PLAN_CHOICE:
            self._apply_plan_choice(action, player, events)
        elif phase == P_INITIATIVE:
            q = action - ac.INITIATIVE
            self.initiative = q
            events.append(
                self._ev(
                    "initiative",
                    f"{self._who(player)} passes the Initiative to {self._who(q)}.",
                    player=player,
                    to=q,
                )
            )
            self._advance(events)
        elif phase == P_AVATAR:
            a = action - ac.CHOOSE_AVATAR
            self.avatar_of[player] = a
            events.append(
                self._ev(
                    "avatar",
                    f"{self.game.player_name(player)} plays {self.comp.avatars[a].name} of the {self.comp.avatars[a].family} family.",
                    player=player,
                    avatar=self.comp.avatars[a].slug,
                )
            )
            self._advance(events)
        elif phase == P_SANCTUARY:
            s = action - ac.CHOOSE_SANCTUARY
            self.sanctuary_of[player] = s
            events.append(
                self._ev(
                    "sanctuary",
                    f"{self._who(player)} takes the {self.comp.board.sanctuaries[s].colour} Sanctuary.",
                    player=player,
                    sanctuary=s,
                )
            )
            self._advance(events)
        elif phase == P_KEEP_POWER:
            w = action - ac.KEEP_POWER
            pair = self.drawn_powers[player]
            pair.remove(w)
            self.power_pile.extend(pair)
            self.drawn_powers[player] = []
            self._gain_power(player, w)
            events.append(
                self._ev(
                    "keep-power",
                    f"{self._who(player)} keeps one Power and returns the other.",
                    player=player,
                )
            )
            events.append(
                self._ev(
                    "your-power",
                    f"You keep {self.comp.powers[w].name}.",
                    audience=player,
                    power=POWER_IDS[w],
                )
            )
            self._advance(events)
        return events

    def _apply_chance(self, action: int, events: list[Event]) -> None:
        phase = self.phase
        if phase == C_DIE:
            face = action - ac.ROLL + 1
            if self.die_for == DIE_SERVER:
                hex_ = self.comp.board.server_hexes[face - 1]
                if self.occ[hex_] < 0:
                    self.server = hex_
                    self.occ[hex_] = self.server_code
                    events.append(
                        self._ev(
                            "server",
                            f"The Server rolls {face} and steps onto hex {face}.",
                            roll=face,
                            hex=hex_,
                        )
                    )
                else:
                    events.append(
                        self._ev(
                            "server",
                            f"The Server rolls {face}, but hex {face} is occupied: he stays in the kitchen.",
                            roll=face,
                        )
                    )
                self._advance(events)
            else:
                self.roll = face
                self.modifier = 0
                total = self._target_number()
                events.append(
                    self._ev(
                        "roll",
                        f"{self._who(self.current)} rolls {face} against {total}.",
                        player=self.current,
                        roll=face,
                        target=total,
                    )
                )
                # Every family meets the post-roll step (``accept`` alone without
                # Tactician or Willpower), so that it gives neither away (RULINGS 20).
                self.phase = P_POSTROLL
                self.actor = self.current
        elif phase == C_REFRESH:
            k = action - ac.DRAW_REFRESH
            p = self.draw_for
            self.refresh_pile[k] -= 1
            self.refresh_left -= 1
            self.hand[p][k] += 1
            self.hand_size[p] += 1
            events.append(self._ev("draw", f"{self._who(p)} draws a Refreshment.", player=p))
            events.append(
                self._ev(
                    "your-draw",
                    f"You draw a {self._kind(k)} Refreshment.",
                    audience=p,
                    kind=self.comp.refreshments[k].slug,
                )
            )
            self._advance(events)
        elif phase == C_POWER:
            w = action - ac.DRAW_POWER
            p = self.draw_for
            self.power_pile.remove(w)
            self.dealt_powers[p].append(w)
            if self.game.options["super-villains"]:
                self._gain_power(p, w)
            else:
                self.drawn_powers[p].append(w)
            events.append(self._ev("draw-power", f"{self._who(p)} draws a Power.", player=p))
            events.append(
                self._ev(
                    "your-power",
                    f"You draw {self.comp.powers[w].name}.",
                    audience=p,
                    power=POWER_IDS[w],
                )
            )
            self._advance(events)
        elif phase == C_PLAN:
            x = action - ac.DRAW_PLAN
            p = self.draw_for
            self.plan_pile.remove(x)
            if self.plan[p] < 0:
                self.plan[p] = x
            else:
                self.candidate_plan = x
            events.append(self._ev("draw-plan", f"{self._who(p)} draws a Plan.", player=p))
            events.append(
                self._ev(
                    "your-plan",
                    f"You draw the Plan {self.comp.plans[x].id}.",
                    audience=p,
                    plan=self.comp.plans[x].id,
                )
            )
            self._advance(events)
        elif phase == C_PLACE:
            d = action - ac.PLACE
            hex_ = self.comp.board.start_hexes[self.placed]
            self.placed += 1
            self.dancer_pos[d] = hex_
            self.occ[hex_] = d
            events.append(
                self._ev(
                    "place",
                    f"{self.comp.dancers[d].name} takes her place on the floor.",
                    dancer=d,
                    hex=hex_,
                )
            )
            self._advance(events)

    def _apply_dance(self, action: int, p: int, events: list[Event]) -> None:
        board = self.comp.board
        if action < ac.STEP + 6:
            direction = action - ac.STEP
            here = self.avatar_pos[p]
            nxt = board.neighbours[here][direction]
            code = self.nd + p
            if not self.passing:
                self.occ[here] = -1
            self.moves_left -= 1
            self.avatar_pos[p] = nxt
            self.passing = self.occ[nxt] >= 0
            if not self.passing:
                self.occ[nxt] = code
            self.movement_spent += 1
            events.append(
                self._ev(
                    "step",
                    f"{self._who(p)} steps {ac.TEXTS[action][5:].upper()}.",
                    player=p,
                    hex=nxt,
                )
            )
            if self.passing:
                self._use_power(p, SHADOW, "the Avatar passes through a piece", events)
            if (
                self.movement_spent
                > self.comp.avatars[self.avatar_of[p]].movement + self.ankhs_used
            ):
                self._use_power(p, ATHLETIC, "a step beyond the Avatar's Movement", events)
        elif action < ac.LEAD + 6 * self.nd:
            d, direction = divmod(action - ac.LEAD, 6)
            here = self.dancer_pos[d]
            nxt = board.neighbours[here][direction]
            self.occ[here] = -1
            self.occ[nxt] = d
            self.dancer_pos[d] = nxt
            self.dancer_moves[d] -= 1
            events.append(
                self._ev(
                    "lead",
                    f"{self._who(p)} leads {self.comp.dancers[d].name} {ac.TEXTS[action].rsplit(' ', 1)[1].upper()}.",
                    player=p,
                    dancer=d,
                    hex=nxt,
                )
            )
        elif action < ac.SEAT + self.nd:
            self._seat(p, action - ac.SEAT, events)
        elif action < ac.UNSEAT + self.nd:
            d = action - ac.UNSEAT
            entry = board.sanctuaries[self.sanctuary_of[p]].entry
            self.seated[p].remove(d)
            self.dancer_seat[d] = -1
            self.dancer_pos[d] = entry
            self.occ[entry] = d
            self.moves_left -= 1
            self.movement_spent += 1
            events.append(
                self._ev(
                    "unseat",
                    f"{self._who(p)} sends {self.comp.dancers[d].name} back to the floor.",
                    player=p,
                    dancer=d,
                )
            )
        elif action == ac.ANKH:
            k = self.game.ankh_kind
            self._spend(p, k)
            self.ankhs_used += 1
            self.moves_left += 1
            events.append(
                self._ev("ankh", f"{self._who(p)} spends an Ankh: one more Movement.", player=p)
            )
            if self.ankhs_used == 2:
                self._use_power(p, RESOURCEFUL, "a second Ankh in one Dance step", events)
        elif action < ac.RELEASE + self.nd:
            self._release(action - ac.RELEASE, events, voluntary=True)
        elif action == ac.DISCIPLINE:
            self.pay_left = 2
            self.phase = P_PAY
            self._use_power(p, DISCIPLINE, "two Refreshments buy a second Influence marker", events)
        elif action == ac.STRATEGIC:
            self.strategic_used = True
            events.append(
                self._ev(
                    "strategic",
                    f"{self._who(p)} uses Strategic to draw a new Plan.",
                    player=p,
                    reveals=self._reveal(p, STRATEGIC),
                )
            )
            self.agenda[:0] = [(T_STRATEGIC_DRAW, p), (T_STRATEGIC_CHOICE, p), (T_RESUME_DANCE, p)]
            self._advance(events)
        elif action == ac.END_DANCE:
            self.phase = P_INFLUENCE

    def _apply_influence(self, action: int, p: int, events: list[Event]) -> None:
        nd = self.nd
        if ac.RELEASE <= action < ac.RELEASE + nd:
            self._release(action - ac.RELEASE, events, voluntary=True)
            return
        if action == ac.CLEAR_FOIL:
            self.foiled[p] = False
            events.append(
                self._ev(
                    "clear-foil",
                    f"{self._who(p)} spends its Influence step shaking off the Foil.",
                    player=p,
                )
            )
            self._end_turn(events)
        elif action == ac.PASS:
            self._end_turn(events)
        elif ac.INFLUENCE <= action < ac.INFLUENCE + nd:
            self._start_effort(TARGET_DANCER, action - ac.INFLUENCE, events)
        elif ac.FOIL <= action < ac.FOIL + 6:
            q = self.avatar_of.index(action - ac.FOIL)
            self._start_effort(TARGET_AVATAR, q, events)
        elif action == ac.SERVER:
            here = self.avatar_pos[p]
            if self.comp.board.distance[here][self.server] > self._in_range(p):
                self._use_power(p, HOST, "the Server is called from afar", events)
            elif self.comp.board.distance[here][self.server] > 1:
                self._use_power(p, MESMERIZE, "the Server is called from two hexes", events)
            self.occ[self.server] = -1
            self.server = -1
            events.append(
                self._ev(
                    "server",
                    f"{self._who(p)} calls the Server, takes two Refreshments, and he returns to the kitchen.",
                    player=p,
                )
            )
            self.agenda[:0] = [(T_REFRESH, p), (T_REFRESH, p), (T_DISCARD, p)]
            self._end_turn(events)
        elif ac.CUT_DANCER <= action < ac.CUT_DANCER + nd:
            d = action - ac.CUT_DANCER
            self._swap(p, self.dancer_pos[d], d)
            events.append(
                self._ev(
                    "cut-in",
                    f"{self._who(p)}: May I cut in? The Avatar trades places with {self.comp.dancers[d].name}.",
                    player=p,
                    dancer=d,
                )
            )
            self._end_turn(events)
        elif ac.CUT_AVATAR <= action < ac.CUT_AVATAR + 6:
            q = self.avatar_of.index(action - ac.CUT_AVATAR)
            self._swap(p, self.avatar_pos[q], self.nd + q)
            events.append(
                self._ev(
                    "cut-in",
                    f"{self._who(p)}: May I cut in? The Avatar trades places with {self._who(q)}.",
                    player=p,
                    avatar=q,
                )
            )
            self._end_turn(events)

    def _swap(self, p: int, there: int, piece: int) -> None:
        here = self.avatar_pos[p]
        self.avatar_pos[p] = there
        self.occ[there] = self.nd + p
        self.occ[here] = piece
        if piece < self.nd:
            self.dancer_pos[piece] = here
        else:
            self.avatar_pos[piece - self.nd] = here

    def _start_effort(self, kind: int, target: int, events: list[Event]) -> None:
        p = self.current
        self.target_kind = kind
        self.target = target
        self.domain = -1
        self.used = []
        self.rerolled = False
        self.tactician_used = False
        self.modifier = 0
        here = self.avatar_pos[p]
        pos = self.dancer_pos[target] if kind == TARGET_DANCER else self.avatar_pos[target]
        if self.comp.board.distance[here][pos] > 1:
            self._use_power(p, MESMERIZE, "an Influence effort from two hexes", events)
        if self.attempts == 1:
            self._use_power(p, REGALE, "a second Influence attempt this turn", events)
        self.phase = P_DOMAIN

    def _start_roll(self) -> None:
        self.phase = C_DIE
        self.die_for = DIE_INFLUENCE

    def _target_number(self) -> int:
        p = self.current
        dom = self.domain
        rating = self.comp.avatars[self.avatar_of[p]].ratings[dom]
        if self.target_kind == TARGET_AVATAR:
            return rating + self.comp.avatars[self.avatar_of[self.target]].ratings[dom]
        kinds = self.comp.refreshments
        return (
            rating
            + self.comp.dancers[self.target].pips[dom]
            + sum(kinds[k].pips for k in self.used)
        )

    def _apply_postroll(self, action: int, p: int, events: list[Event]) -> None:
        if action == ac.ACCEPT:
            self._resolve(events)
        elif action < ac.TACTICIAN + len(self.hand[p]):
            k = action - ac.TACTICIAN
            self._spend(p, k)
            self.modifier += 1
            self.tactician_used = True
            events.append(
                self._ev(
                    "tactician",
                    f"{self._who(p)} uses Tactician: the roll counts as {self.roll - self.modifier}.",
                    player=p,
                    reveals=self._reveal(p, TACTICIAN),
                )
            )
            if self.used:
                self._use_power(p, RESOURCEFUL, "a second Refreshment on one roll", events)
            # The post-roll step goes on (``accept`` alone without Willpower) so
            # that its end does not tell whether Willpower is held (RULINGS 20).
        else:
            k = action - ac.WILLPOWER
            self._spend(p, k)
            self.rerolled = True
            self.tactician_used = False
            events.append(
                self._ev(
                    "willpower",
                    f"{self._who(p)} uses Willpower to roll again.",
                    player=p,
                    reveals=self._reveal(p, WILLPOWER),
                )
            )
            self._start_roll()

    def _resolve(self, events: list[Event]) -> None:
        """Settle the Influence effort once the roll stands."""
        p = self.current
        total = self._target_number()
        roll = self.roll - self.modifier
        success = roll <= total
        name = self._who(p)
        if self.target_kind == TARGET_AVATAR:
            q = self.target
            if success:
                self.foiled[q] = True
                what = f"{self._who(q)} is Foiled"
            else:
                what = "the Foil fails"
            events.append(
                self._ev(
                    "foil",
                    f"{name} rolls {roll} against {total}: {what}.",
                    player=p,
                    target=q,
                    roll=roll,
                    needed=total,
                    success=success,
                )
            )
            self._after_attempt(events)
            return
        d = self.target
        dancer = self.comp.dancers[d].name
        dominate = success and (
            bool(self.power_bits[p] & OVERWHELMING)
            or (self.game.margin_three and total - roll >= 3)
            or (not self.game.margin_three and self.roll == 1 and self.modifier == 0)
        )
        owner = self.dancer_inf[d]
        text = f"{name} rolls {roll} against {total}: "
        place = False
        if not success:
            text += "no effect"
        elif owner >= 0 and self.dancer_dom[d]:
            if dominate:
                self._release(d, events, voluntary=False)
                text += f"{dancer} is taken over"
                place = True
            else:
                text += f"{dancer} stays Dominated by the {self._family(owner)} family"
        elif owner >= 0:
            self._release(d, events, voluntary=False)
            text += f"{dancer} is freed from the {self._family(owner)} family's Influence"
        else:
            text += f"{dancer} is {'Dominated' if dominate else 'Influenced'}"
            place = True
        events.append(
            self._ev(
                "influence",
                text + ".",
                player=p,
                dancer=d,
                roll=roll,
                needed=total,
                success=success,
                dominated=dominate,
            )
        )
        if success and self.power_bits[p] & OVERWHELMING:
            self._use_power(p, OVERWHELMING, "every success Dominates", events)
        if place:
            self.roll_dominates = dominate
            in_use = [
                x for x in range(self.nd) if self.dancer_inf[x] == p and self.dancer_pos[x] >= 0
            ]
            # Regale's choice arises on the second attempt, when Regale is public.
            regale = bool(self.power_bits[p] & REGALE) and self.attempts == 1
            if len(in_use) < self.markers[p] or (len(in_use) == 1 and not regale):
                if len(in_use) >= self.markers[p]:
                    self._release(in_use[0], events, voluntary=False)
                self._place_marker(p, d, dominate)
            else:
                self.phase = P_DROP
                self.actor = p
                return
        self._after_attempt(events)

    def _apply_drop(self, x: int, p: int, events: list[Event]) -> None:
        d = self.target
        if x != d:
            self._release(x, events, voluntary=False)
            self._place_marker(p, d, self.roll_dominates)
        else:
            events.append(
                self._ev("decline", f"{self._who(p)} keeps its Influence where it was.", player=p)
            )
        self._after_attempt(events)

    def _place_marker(self, p: int, d: int, dominate: bool) -> None:
        used = {
            self.dancer_slot[x]
            for x in range(self.nd)
            if self.dancer_inf[x] == p and self.dancer_pos[x] >= 0
        }
        self.dancer_slot[d] = 0 if 0 not in used else 1
        self.dancer_inf[d] = p
        self.dancer_dom[d] = dominate
        self.dancer_moves[d] = 0

    def _release(self, d: int, events: list[Event], *, voluntary: bool) -> None:
        owner = self.dancer_inf[d]
        self.dancer_inf[d] = -1
        self.dancer_dom[d] = False
        self.dancer_moves[d] = 0
        if voluntary:
            events.append(
                self._ev(
                    "release",
                    f"{self._who(owner)} releases {self.comp.dancers[d].name}, who rejoins the waltz.",
                    player=owner,
                    dancer=d,
                )
            )

    def _after_attempt(self, events: list[Event]) -> None:
        p = self.current
        self.attempts += 1
        if self.phase == P_OVER:
            return
        if self.attempts == 1:
            # Every family meets a second Influence decision (``pass`` alone without
            # Regale), so that the turn's end does not give Regale away (RULINGS 20).
            self.phase = P_INFLUENCE
            self.actor = p
            return
        self._end_turn(events)

    def _seat(self, p: int, d: int, events: list[Event]) -> None:
        entry = self.dancer_pos[d]
        self.occ[entry] = -1
        self.dancer_pos[d] = -1
        self.dancer_seat[d] = p
        self.dancer_moves[d] = 0
        slot = self.dancer_slot[d]
        self.dancer_inf[d] = -1
        self.dancer_dom[d] = False
        if slot == 1:
            self.markers[p] = 1
        self.seated[p].append(d)
        events.append(
            self._ev(
                "seat",
                f"{self.comp.dancers[d].name} takes a seat at the {self._family(p)} table.",
                player=p,
                dancer=d,
            )
        )
        if self._plan_done(p):
            self._finish(p, events)

    def _plan_done(self, p: int, extra: int = -1) -> bool:
        needs = self.comp.plans[self.plan[p]].needs
        have = [0] * len(needs)
        dancers = self.comp.dancers
        for d in self.seated[p]:
            have[dancers[d].symbol] += 1
        if extra >= 0:
            have[dancers[extra].symbol] += 1
        return all(h >= need for h, need in zip(have, needs, strict=True))

    def _finish(self, p: int, events: list[Event]) -> None:
        self.finished.append(p)
        self.plan_public[p] = True
        place = len(self.finished)
        plan = self.comp.plans[self.plan[p]].id
        if place == 1:
            text = f"{self._who(p)} reveals the Plan {plan} and wins The Dance!"
        else:
            text = f"{self._who(p)} completes the Plan {plan} and takes place {place}."
        events.append(
            self._ev("plan-complete", text, player=p, place=place, plan=plan, reveals=True)
        )
        remaining = [q for q in range(self.n) if q not in self.finished]
        if not self.game.options["play-for-places"] or len(remaining) <= 1:
            self.phase = P_OVER
            self.actor = -1
            self.agenda = []
            return
        # The finished family leaves the floor; her Influence ends.
        pos = self.avatar_pos[p]
        if pos >= 0 and not (self.passing and self.current == p):
            self.occ[pos] = -1
        self.avatar_pos[p] = -1
        for d in range(self.nd):
            if self.dancer_inf[d] == p:
                self._release(d, events, voluntary=False)
        self.agenda = [
            t for t in self.agenda if not (t[0] in (T_TURN, T_RESUME_DANCE) and t[1] == p)
        ]
        if self.initiative == p:
            self.initiative = remaining[0]
        if self.current == p:
            self._end_turn(events)

    def _apply_plan_choice(self, action: int, p: int, events: list[Event]) -> None:
        new = self.candidate_plan
        self.candidate_plan = -1
        take = action == ac.TAKE_PLAN
        if take:
            self.plan_pile.append(self.plan[p])
            self.plan[p] = new
        else:
            self.plan_pile.append(new)
        if self.plan_public[p]:
            # Arrogance: the Plans lie face up, so the choice and a new Plan are seen.
            text = f"takes the new Plan {self.comp.plans[new].id}" if take else "keeps its Plan"
            events.append(self._ev("plan", f"{self._who(p)} {text}.", player=p, reveals=take))
        else:
            # Face down (RULINGS 20): the table sees a Plan go back, not which one.
            events.append(
                self._ev(
                    "plan",
                    f"{self._who(p)} keeps one Plan and returns the other face down.",
                    player=p,
                )
            )
            events.append(
                self._ev(
                    "your-plan",
                    f"You {'take the new' if take else 'keep your'} Plan "
                    f"{self.comp.plans[self.plan[p]].id}.",
                    audience=p,
                    plan=self.comp.plans[self.plan[p]].id,
                )
            )
        if self._plan_done(p):
            self._finish(p, events)
            return
        self._advance(events)

    # -- turn flow ------------------------------------------------------------

    def _end_turn(self, events: list[Event]) -> None:
        self.current = -1
        self._advance(events)

    def _start_turn(self, p: int) -> None:
        self.current = p
        self.actor = p
        self.phase = P_DANCE
        self.moves_left = self._base_moves(p)
        self.ankhs_used = 0
        self.movement_spent = 0
        self.passing = False
        self.attempts = 0
        self.strategic_used = False
        moves = self.dancer_moves
        for d in range(self.nd):
            moves[d] = 2 if self.dancer_inf[d] == p and self.dancer_pos[d] >= 0 else 0

    def _base_moves(self, p: int) -> int:
        base = self.comp.avatars[self.avatar_of[p]].movement
        return max(base, 3) if self.power_bits[p] & ATHLETIC else base

    def _limit(self, p: int) -> int:
        return 6 if self.power_bits[p] & OLD_WEALTH else 4

    def _advance(self, events: list[Event]) -> None:
        """Run agenda tasks until a decision or a chance draw is due."""
        agenda = self.agenda
        while agenda:
            task, p = agenda.pop(0)
            if task == T_TURN:
                self._start_turn(p)
                return
            if task == T_REFRESH:
                if self.refresh_left:
                    self.draw_for = p
                    self.phase = C_REFRESH
                    return
                events.append(
                    self._ev("no-refreshments", "The Refreshments have run out.", player=p)
                )
                continue
            if task == T_DISCARD:
                if self.hand_size[p] > self._limit(p):
                    self.phase = P_DISCARD
                    self.actor = p
                    return
                continue
            if task == T_WALTZ_SERVER:
                if self.server < 0:
                    self.phase = C_DIE
                    self.die_for = DIE_SERVER
                    return
                continue
            if task == T_TEMPO:
                self._tempo(events)
                continue
            if task == T_NEW_ROUND:
                self._new_round(events)
                continue
            if task == T_INITIATIVE:
                if self.game.options["initiative"] and len(self.finished) < self.n - 1:
                    self.phase = P_INITIATIVE
                    self.actor = self.initiative
                    return
                continue
            if task == T_AVATAR:
                self.phase, self.actor = P_AVATAR, p
                return
            if task == T_SANCTUARY:
                self.phase, self.actor = P_SANCTUARY, p
                return
            if task == T_POWER_DRAW:
                self.phase, self.draw_for = C_POWER, p
                return
            if task == T_POWER_KEEP:
                self.phase, self.actor = P_KEEP_POWER, p
                return
            if task == T_DEAL:
                count = 4
                if self.power_bits[p] & OLD_WEALTH:
                    count = 6
                    # Six Refreshments drawn are seen by all: Old Wealth is public.
                    self._use_power(
                        p, OLD_WEALTH, "the family begins with six Refreshments", events
                    )
                agenda[:0] = [(T_REFRESH, p)] * count
                continue
            if task in (T_PLAN, T_STRATEGIC_DRAW):
                if task == T_STRATEGIC_DRAW and not self.plan_pile:
                    agenda.pop(0)
                    continue
                self.phase, self.draw_for = C_PLAN, p
                return
            if task == T_STRATEGIC_CHOICE:
                self.phase, self.actor = P_PLAN_CHOICE, p
                return
            if task == T_RESUME_DANCE:
                self.phase, self.actor = P_DANCE, p
                return
            if task == T_PLACE:
                self.phase = C_PLACE
                return
            if task == T_SERVER_SETUP:
                self.phase = C_DIE
                self.die_for = DIE_SERVER
                self._place_avatars()
                return
        self.phase = P_OVER

    def _place_avatars(self) -> None:
        sanctuaries = self.comp.board.sanctuaries
        for p in range(self.n):
            entry = sanctuaries[self.sanctuary_of[p]].entry
            self.avatar_pos[p] = entry
            self.occ[entry] = self.nd + p

    def _new_round(self, events: list[Event]) -> None:
        dawn = int(self.game.options["dawn"])
        if dawn and self.turn >= dawn:
            self._dawn(events)
            return
        self.turn += 1
        if self.turn == 1 and self.game.options["scenario"] == "arrogance":
            for p in range(self.n):
                self.plan_public[p] = True
            events.append(
                self._ev(
                    "arrogance",
                    "Arrogance: every family reveals her Plan.",
                    plans=[self.comp.plans[x].id for x in self.plan],
                    reveals=True,
                )
            )
        first = self.initiative if self.game.options["initiative"] else 0
        order = [(first + i) % self.n for i in range(self.n)]
        self.order = [p for p in order if p not in self.finished]
        events.append(
            self._ev("turn", f"Turn {self.turn} begins (Tempo {self.tempo}).", turn=self.turn)
        )
        self.agenda.extend((T_TURN, p) for p in self.order)
        self.agenda.extend([(T_WALTZ_SERVER, 0), (T_TEMPO, 0), (T_INITIATIVE, 0), (T_NEW_ROUND, 0)])

    def progress(self, p: int) -> tuple[int, int]:
        """(Plan symbols filled, Dancers seated): how dawn ranks unfinished families."""
        needs = self.comp.plans[self.plan[p]].needs
        have = [0] * len(needs)
        for d in self.seated[p]:
            have[self.comp.dancers[d].symbol] += 1
        return sum(min(h, need) for h, need in zip(have, needs, strict=True)), len(self.seated[p])

    def _dawn(self, events: list[Event]) -> None:
        rest = [q for q in range(self.n) if q not in self.finished]
        groups: dict[tuple[int, int], list[int]] = {}
        for q in rest:
            groups.setdefault(self.progress(q), []).append(q)
        self.dawn_ranking = [tuple(groups[key]) for key in sorted(groups, reverse=True)]
        self.phase = P_OVER
        self.actor = -1
        self.agenda = []
        for q in range(self.n):
            self.plan_public[q] = True
        best = self.dawn_ranking[0]
        names = " and ".join(self._who(q) for q in best)
        events.append(
            self._ev(
                "dawn",
                f"Dawn breaks after turn {self.turn} and the ball closes: {names} {'wins' if len(best) == 1 else 'share the win'} by Plan progress.",
                winners=list(best),
                reveals=True,
            )
        )

    def _tempo(self, events: list[Event]) -> None:
        board = self.comp.board
        self.tempo = self.tempo % board.tempo_boxes + 1
        if self.tempo == board.refreshment_box:
            events.append(
                self._ev(
                    "tempo",
                    f"The Tempo reaches box {self.tempo}: the Dancers pause and every family gains a Refreshment.",
                    tempo=self.tempo,
                )
            )
            tasks: list[tuple[int, int]] = []
            for p in self.order:
                if p not in self.finished:
                    tasks += [(T_REFRESH, p), (T_DISCARD, p)]
            self.agenda[:0] = tasks
            return
        moved = self.waltz()
        events.append(
            self._ev(
                "tempo",
                f"The Tempo reaches box {self.tempo}: the waltz moves {moved} Dancer{'s' if moved != 1 else ''}.",
                tempo=self.tempo,
                moved=moved,
            )
        )

    def waltz(self) -> int:
        """Move the non-Influenced Dancers one hex: path Dancers first, then arrow Dancers.

        Within each group a Dancer moves once its hex ahead is empty, repeating
        until nobody else can move, so a queue follows its leader and a packed
        ring stands still. Ties for one hex go to the lower hex number.
        """
        board = self.comp.board
        occ = self.occ
        pos = self.dancer_pos
        inf = self.dancer_inf
        free = sorted(
            (d for d in range(self.nd) if pos[d] >= 0 and inf[d] < 0), key=pos.__getitem__
        )
        moved: set[int] = set()
        for table in (board.path_next, board.arrow_to):
            waiting = [d for d in free if d not in moved and table[pos[d]] >= 0]
            progress = True
            while progress and waiting:
                progress = False
                still = []
                for d in waiting:
                    nxt = table[pos[d]]
                    if occ[nxt] < 0:
                        occ[pos[d]] = -1
                        occ[nxt] = d
                        pos[d] = nxt
                        moved.add(d)
                        progress = True
                    else:
                        still.append(d)
                waiting = still
        return len(moved)

    # -- the end, views, copies ------------------------------------------------

    def outcome(self) -> Outcome:
        rest = tuple(p for p in range(self.n) if p not in self.finished)
        ranking: list[tuple[int, ...]] = [(p,) for p in self.finished]
        if self.dawn_ranking:
            ranking.extend(self.dawn_ranking)
        elif rest:
            ranking.append(rest)
        if self.phase != P_OVER:
            return Outcome(
                winners=(), ranking=tuple(ranking), returns=tuple(0.0 for _ in range(self.n))
            )
        return Outcome.from_ranking(self.n, ranking)

    def turns(self) -> int:
        return self.turn

    def seat_features(self) -> list[dict[str, str]]:
        comp = self.comp
        return [
            {
                "power": "+".join(sorted(POWER_IDS[w] for w in self.powers[p])) or "none",
                "power_dealt": "+".join(sorted(POWER_IDS[w] for w in self.dealt_powers[p]))
                or "none",
                "plan": comp.plans[self.plan[p]].id if self.plan[p] >= 0 else "none",
                "avatar": comp.avatars[self.avatar_of[p]].slug
                if self.avatar_of[p] >= 0
                else "none",
                "sanctuary": comp.board.sanctuaries[self.sanctuary_of[p]].colour
                if self.sanctuary_of[p] >= 0
                else "none",
            }
            for p in range(self.n)
        ]

    def observation(self, player: int | None) -> Observation:
        """What ``player`` may see: the floor, the counts, her own secrets; ``None`` a spectator."""
        families = []
        for q in range(self.n):
            mine = q == player
            plan = self.plan[q]
            families.append(
                {
                    "avatar": self.avatar_of[q],
                    "sanctuary": self.sanctuary_of[q],
                    "pos": self.avatar_pos[q],
                    "foiled": self.foiled[q],
                    "markers": self.markers[q],
                    "refreshment_count": self.hand_size[q],
                    "refreshments": list(self.hand[q]) if mine else None,
                    "powers": list(self.powers[q]) if mine else list(self.revealed[q]),
                    "power_count": len(self.powers[q]),
                    "revealed": list(self.revealed[q]),
                    "drawn_powers": list(self.drawn_powers[q]) if mine else None,
                    "drawn_count": len(self.drawn_powers[q]),
                    "plan": plan if plan >= 0 and (mine or self.plan_public[q]) else None,
                    "has_plan": plan >= 0,
                    "plan_public": self.plan_public[q],
                    "seated": list(self.seated[q]),
                }
            )
        mine_candidate = player is not None and self.draw_for == player
        return {
            "game": self.game.id,
            "you": player,
            "players": self.n,
            "phase": PHASE_NAMES[self.phase],
            "phase_id": self.phase,
            "actor": self.actor,
            "current": self.current,
            "turn": self.turn,
            "tempo": self.tempo,
            "order": list(self.order),
            "initiative": self.initiative,
            "server": self.server,
            "dancer_pos": list(self.dancer_pos),
            "dancer_seat": list(self.dancer_seat),
            "dancer_influence": list(self.dancer_inf),
            "dancer_dominated": list(self.dancer_dom),
            "dancer_slot": list(self.dancer_slot),
            "dancer_moves": list(self.dancer_moves),
            "placed": self.placed,
            "families": families,
            "finished": list(self.finished),
            "dawn_ranking": [list(group) for group in self.dawn_ranking],
            "piles": {
                "powers": len(self.power_pile),
                "refreshments": self.refresh_left,
                "plans": len(self.plan_pile),
            },
            "spent": list(self.spent),
            "discarded": self.discarded_count,
            "agenda": [list(task) for task in self.agenda],
            "turn_state": {
                "moves_left": self.moves_left
                if player is not None and player == self.current
                else None,
                "ankhs_used": self.ankhs_used,
                "movement_spent": self.movement_spent,
                "passing": self.passing,
                "attempts": self.attempts,
                "strategic_used": self.strategic_used,
                "pay_left": self.pay_left,
                "draw_for": self.draw_for,
                "die_for": self.die_for,
            },
            "effort": {
                "kind": self.target_kind,
                "target": self.target,
                "domain": self.domain,
                "used": list(self.used),
                "roll": self.roll,
                "modifier": self.modifier,
                "rerolled": self.rerolled,
                "tactician_used": self.tactician_used,
                "dominates": self.roll_dominates,
            },
            "candidate_plan": self.candidate_plan if mine_candidate else None,
            "has_candidate": self.candidate_plan >= 0,
            "winners": list(self.outcome().winners) if self.phase == P_OVER else None,
        }

    def clone(self) -> TheDanceState:
        twin = object.__new__(TheDanceState)
        state = self.__dict__.copy()
        for key in _FLAT_LISTS:
            state[key] = state[key][:]
        for key in _NESTED_LISTS:
            state[key] = [inner[:] for inner in state[key]]
        state["rng"] = self.rng.clone()
        twin.__dict__ = state
        return twin

    @classmethod
    def from_observation(cls, game: TheDance, view: Observation, rng: Rng) -> TheDanceState:
        """A full state that agrees with ``view``; hidden markers are dealt at random."""
        state = object.__new__(cls)
        comp = game.components
        n = game.players
        nd = len(comp.dancers)
        me = view["you"]
        state.game = game
        state.seed = rng.below(1 << 62)
        state.rng = Rng(state.seed)
        state.history = []
        state.comp = comp
        state.n = n
        state.nd = nd
        state.server_code = nd + n
        state.phase = view["phase_id"]
        state.actor = view["actor"]
        state.current = view["current"]
        state.turn = view["turn"]
        state.tempo = view["tempo"]
        state.order = list(view["order"])
        state.initiative = view["initiative"]
        state.agenda = [(t[0], t[1]) for t in view["agenda"]]
        state.server = view["server"]
        state.dancer_pos = list(view["dancer_pos"])
        state.dancer_seat = list(view["dancer_seat"])
        state.dancer_inf = list(view["dancer_influence"])
        state.dancer_dom = list(view["dancer_dominated"])
        state.dancer_slot = list(view["dancer_slot"])
        state.dancer_moves = list(view["dancer_moves"])
        state.placed = view["placed"]
        state.finished = list(view["finished"])
        state.dawn_ranking = [tuple(group) for group in view["dawn_ranking"]]
        fams = view["families"]
        state.avatar_of = [f["avatar"] for f in fams]
        state.sanctuary_of = [f["sanctuary"] for f in fams]
        state.avatar_pos = [f["pos"] for f in fams]
        state.foiled = [f["foiled"] for f in fams]
        state.markers = [f["markers"] for f in fams]
        state.revealed = [list(f["revealed"]) for f in fams]
        state.hand_size = [f["refreshment_count"] for f in fams]
        state.plan_public = [f["plan_public"] for f in fams]
        state.seated = [list(f["seated"]) for f in fams]
        turn = view["turn_state"]
        for key in (
            "moves_left",
            "ankhs_used",
            "movement_spent",
            "passing",
            "attempts",
            "strategic_used",
            "pay_left",
            "draw_for",
            "die_for",
        ):
            setattr(state, key, turn[key])
        effort = view["effort"]
        state.target_kind = effort["kind"]
        state.target = effort["target"]
        state.domain = effort["domain"]
        state.used = list(effort["used"])
        state.roll = effort["roll"]
        state.modifier = effort["modifier"]
        state.rerolled = effort["rerolled"]
        state.tactician_used = effort["tactician_used"]
        state.roll_dominates = effort["dominates"]
        state.spent = list(view["spent"])
        state.discarded_count = view["discarded"]
        state.occ = [-1] * len(comp.board.hexes)
        for d, pos in enumerate(state.dancer_pos):
            if pos >= 0:
                state.occ[pos] = d
        if state.server >= 0:
            state.occ[state.server] = state.server_code
        for q, pos in enumerate(state.avatar_pos):
            if pos >= 0 and state.occ[pos] < 0:
                state.occ[pos] = nd + q
        # Powers: deal the unseen ones to the hidden slots, the rest is the pile.
        seen_powers = [w for f in fams for w in f["revealed"]]
        if me is not None:
            seen_powers += fams[me]["powers"] + fams[me]["drawn_powers"]
        unseen = [w for w in range(len(comp.powers)) if w not in seen_powers]
        rng.shuffle(unseen)
        held = [
            q
            for q, f in enumerate(fams)
            if q != me
            for _ in range(f["power_count"] - len(f["revealed"]))
        ]
        # Old Wealth shows itself at the deal: a family dealt without showing it lacks it.
        old_wealth = OLD_WEALTH.bit_length() - 1
        allowed = [
            i for i in range(len(unseen)) if i >= len(held) or (T_DEAL, held[i]) in state.agenda
        ]
        if old_wealth in unseen and unseen.index(old_wealth) not in allowed and allowed:
            i, j = unseen.index(old_wealth), allowed[rng.below(len(allowed))]
            unseen[i], unseen[j] = unseen[j], unseen[i]
        deal = iter(unseen)
        state.powers = [
            list(f["powers"])
            if q == me
            else list(f["revealed"]) + [next(deal) for _ in range(held.count(q))]
            for q, f in enumerate(fams)
        ]
        state.drawn_powers = [
            list(f["drawn_powers"]) if q == me else [next(deal) for _ in range(f["drawn_count"])]
            for q, f in enumerate(fams)
        ]
        state.power_pile = list(deal)
        # Which Power another family returned is not sampled: no rule reads it.
        state.dealt_powers = [
            ws + drawn for ws, drawn in zip(state.powers, state.drawn_powers, strict=True)
        ]
        state.power_bits = [sum(1 << w for w in ws) for ws in state.powers]
        if state.moves_left is None:
            # Another family's Movement left is hidden (RULINGS 20): work it out from
            # the Powers just dealt and the Movement she has visibly spent.
            state.moves_left = (
                state._base_moves(state.current) + state.ankhs_used - state.movement_spent
                if state.current >= 0
                else 0
            )
        # Refreshments: everything not in my hand and not spent face up is unseen.
        kinds = comp.refreshments
        pool = [k for k, kind in enumerate(kinds) for _ in range(kind.count - state.spent[k])]
        state.hand = []
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
            state.hand.append(hand)
        state.discarded = [0] * len(kinds)
        for _ in range(state.discarded_count):
            state.discarded[pool.pop()] += 1
        state.refresh_pile = [0] * len(kinds)
        for k in pool:
            state.refresh_pile[k] += 1
        state.refresh_left = len(pool)
        # Plans.
        known = [f["plan"] for f in fams if f["plan"] is not None]
        if view["candidate_plan"] is not None:
            known.append(view["candidate_plan"])
        plans = [x for x in range(len(comp.plans)) if x not in known]
        rng.shuffle(plans)
        state.plan = [
            f["plan"] if f["plan"] is not None else plans.pop() if f["has_plan"] else -1
            for f in fams
        ]
        state.candidate_plan = -1
        if view["has_candidate"]:
            state.candidate_plan = (
                view["candidate_plan"] if view["candidate_plan"] is not None else plans.pop()
            )
        state.plan_pile = plans
        return state

    # -- helpers ------------------------------------------------------------------

    def _gain_power(self, p: int, w: int) -> None:
        self.powers[p].append(w)
        self.power_bits[p] |= 1 << w

    def _reveal(self, p: int, bit: int) -> bool:
        """Show family ``p``'s Power ``bit`` to the table; whether it was hidden until now."""
        if bit and self.power_bits[p] & bit:
            w = bit.bit_length() - 1
            if w not in self.revealed[p]:
                self.revealed[p].append(w)
                return True
        return False

    def _use_power(self, p: int, bit: int, effect: str, events: list[Event]) -> None:
        """A Power visibly acts: the first time, the log says so and the table learns it.

        The event ``reveals``, so that secrecy tests let twin games part here.
        """
        if self._reveal(p, bit):
            w = bit.bit_length() - 1
            events.append(
                self._ev(
                    "power",
                    f"{self._who(p)} uses {self.comp.powers[w].name}: {effect}.",
                    player=p,
                    power=POWER_IDS[w],
                    reveals=True,
                )
            )

    def _spend(self, p: int, k: int) -> None:
        self.hand[p][k] -= 1
        self.hand_size[p] -= 1
        self.spent[k] += 1

    def _kind(self, k: int) -> str:
        kind = self.comp.refreshments[k]
        return "Ankh" if kind.domain < 0 else f"{DOMAINS[kind.domain].capitalize()} +{kind.pips}"

    def _who(self, p: int) -> str:
        """A seat's name in the log: its family once known, as on every screen."""
        if p < 0:
            return "nobody"
        a = self.avatar_of[p]
        return family_name(self.comp, a) if a >= 0 else self.game.player_name(p)

    def _family(self, p: int) -> str:
        a = self.avatar_of[p]
        return self.comp.avatars[a].family if a >= 0 else self.game.player_name(p)

    @staticmethod
    def _ev(
        event: str, text: str, *, audience: int | None = None, reveals: bool = False, **data: Any
    ) -> Event:
        """An event whose sentence starts with a capital (names start with "the")."""
        text = text[:1].upper() + text[1:]
        seats = None if audience is None else frozenset((audience,))
        return Event(event, text, data, seats, reveals)
