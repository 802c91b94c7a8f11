"""Hand-made positions of The Dance, said the way players say them.

A scenario or a rule test needs a position such as "two players, Tatiana Saar
of plum and Thorne Balaz of grey; plum has Tactician and holds a Confidence 2
Refreshment; Lady Julia on (1, -2) Influenced by plum; plum to move, Dance
step with 2 Movement left"::

    state = (
        Position(players=2)
        .powers("plum", "tactician")
        .refreshments("plum", "confidence-2")
        .dancer("Lady Julia", at=(1, -2), influenced_by="plum")
        .avatar("plum", at=(0, 0))
        .to_move("plum", movement=2)
        .build()
    )
    look = Look(state)
    look.influenced_by("Lady Julia")  # "plum"

``Position.build`` plays the set-up through the real actions (each Avatar and
Sanctuary chosen when its family is asked, whatever the order of asking), then
puts the pieces and markers where the position says, and starts the Dance step
of the family to move. ``Look`` answers questions about any position ("where is
Lady Julia", "who Influences her", "plum's seated Dancers", "Movement left")
from the observation. ``act`` and ``legal_texts`` play and list actions by
their text.

Families are named by Sanctuary colour (``"plum"``), Avatar (``"Tatiana
Saar"``), family (``"Saar"``) or seat number; answers name them by Sanctuary
colour. Hexes are the ballroom map's axial ``(q, r)`` coordinates; Dancers,
Powers, Refreshments and Plans go by their names in the component files.

Only the functions at the end of this module touch the engine's own fields,
so that a change inside the engine changes them and not the scenarios.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ballroom.core.errors import PositionError, allowed_list
from ballroom.core.state import CHANCE, Observation
from ballroom.games.the_dance import flow
from ballroom.games.the_dance import powers as power_rules
from ballroom.games.the_dance.components import (
    POWER_IDS,
    Avatar,
    Components,
    default_components,
)
from ballroom.games.the_dance.game import TheDance
from ballroom.games.the_dance.state import TheDanceState
from ballroom.games.the_dance.steps import Task

Hex = tuple[int, int]
Family = int | str
"""A family: its seat number, Sanctuary colour, Avatar's name or family name."""

SERVER = "the Server"
"""How ``Look.occupant`` names the Server."""


@dataclass(frozen=True, slots=True)
class _OnTheFloor:
    at: Hex
    influenced_by: Family | None
    dominated: bool


def entry_hex(sanctuary: str) -> Hex:
    """The floor hex from which a Sanctuary's Dancers are seated (its Avatar's start hex)."""
    board = default_components().board
    colours = [s.colour for s in board.sanctuaries]
    return board.hexes[board.sanctuaries[_index(colours, sanctuary, "Sanctuary")].entry]


class Position:
    """A position of The Dance, said piece by piece; ``build()`` makes the game state.

    Unless ``family`` says otherwise, seat 0 plays Tatiana Saar at the plum
    table, seat 1 Thorne Balaz at grey, then Ilona Vesna at crimson, Radu
    Corvin at emerald, Sabina Lazar at gold and Viktor Morozan at azure (the
    order of the component files). Unless told otherwise a family has no Power (so that a position shows the
    plain rules and names the Powers it is about), the Refreshments and Plan
    the set-up dealt it, and the floor as the set-up dealt it. Placing any
    piece (``dancer``, ``avatar``, ``seated``, ``server``) arranges the floor
    instead: exactly the Dancers named are in play, the Server is on the
    floor only if placed, and an Avatar not placed stands on her Sanctuary's
    entry hex. The first family is to move at the start of her Dance step,
    in turn 1, Tempo box 1, unless ``to_move`` and ``tempo`` say otherwise.
    """

    def __init__(self, players: int = 2, *, seed: int = 0, **options: object) -> None:
        self._comp = default_components()
        self._players = players
        self._seed = seed
        self._options = options
        # Seat by seat, the Avatars and Sanctuaries in the order of the component files.
        self._avatars = [a.name for a in self._comp.avatars[:players]]
        self._sanctuaries = [s.colour for s in self._comp.board.sanctuaries[:players]]
        self._dealt_powers = False
        self._powers: dict[Family, tuple[str, ...]] = {}
        self._refreshments: dict[Family, tuple[str, ...]] = {}
        self._plans: dict[Family, str] = {}
        self._arranged = False
        self._dancers: dict[str, _OnTheFloor] = {}
        self._avatar_hexes: dict[Family, Hex] = {}
        self._seated: dict[Family, tuple[str, ...]] = {}
        self._server: Hex | None = None
        self._tempo = 1
        self._to_move: Family = 0
        self._movement: int | None = None

    # -- the families -----------------------------------------------------------

    def family(self, seat: int, avatar: str, sanctuary: str) -> Position:
        """Seat ``seat`` plays ``avatar`` at the ``sanctuary`` table."""
        _index([a.name for a in self._comp.avatars], avatar, "Avatar")
        _index([s.colour for s in self._comp.board.sanctuaries], sanctuary, "Sanctuary")
        self._avatars[seat] = avatar
        self._sanctuaries[seat] = sanctuary
        return self

    def dealt_powers(self) -> Position:
        """Every family keeps the Powers the set-up dealt it (unless ``powers`` names others)."""
        self._dealt_powers = True
        return self

    def powers(self, family: Family, *powers: str) -> Position:
        """The family holds exactly these Powers (``"tactician"``), secret until used."""
        for power in powers:
            _index(POWER_IDS, power, "Power")
        self._powers[family] = powers
        return self

    def refreshments(self, family: Family, *kinds: str) -> Position:
        """The family holds exactly these Refreshments (``"corruption-1"``, ``"ankh"``)."""
        for kind in kinds:
            _index([k.slug for k in self._comp.refreshments], kind, "Refreshment")
        self._refreshments[family] = kinds
        return self

    def plan(self, family: Family, plan: str) -> Position:
        """The family's secret Plan (``"rose-lily-ivy"``)."""
        _index([p.id for p in self._comp.plans], plan, "Plan")
        self._plans[family] = plan
        return self

    # -- the floor ----------------------------------------------------------------

    def dancer(
        self,
        name: str,
        *,
        at: Hex,
        influenced_by: Family | None = None,
        dominated: bool = False,
    ) -> Position:
        """Put a Dancer on the floor, Influenced (or Dominated) by a family or by nobody."""
        _index(_dancer_names(self._comp), name, "Dancer")
        if dominated and influenced_by is None:
            raise PositionError(f"{name} can be Dominated only by a family: say influenced_by")
        self._arranged = True
        self._dancers[name] = _OnTheFloor(at, influenced_by, dominated)
        return self

    def avatar(self, family: Family, *, at: Hex) -> Position:
        """Put the family's Avatar on a floor hex."""
        self._arranged = True
        self._avatar_hexes[family] = at
        return self

    def seated(self, family: Family, *dancers: str) -> Position:
        """These Dancers sit at the family's Sanctuary table."""
        for name in dancers:
            _index(_dancer_names(self._comp), name, "Dancer")
        self._arranged = True
        self._seated[family] = dancers
        return self

    def server(self, *, at: Hex) -> Position:
        """Put the Server on a floor hex (when the floor is arranged he is otherwise in the kitchen)."""
        self._arranged = True
        self._server = at
        return self

    # -- the moment -------------------------------------------------------------------

    def tempo(self, box: int) -> Position:
        """The Tempo marker's box (1 to 4)."""
        self._tempo = box
        return self

    def to_move(self, family: Family, *, movement: int | None = None) -> Position:
        """The family's Dance step begins now, with its whole Movement or ``movement`` left.

        Families before it in turn order have had their turn; those after it
        still play theirs before the Waltz Phase.
        """
        self._to_move = family
        self._movement = movement
        return self

    # -- building ---------------------------------------------------------------------

    def build(self) -> TheDanceState:
        """Play the set-up with these families, then arrange the position."""
        state = TheDance(self._players, **self._options).new_state(self._seed)
        _play_set_up(state, self._avatars, self._sanctuaries)
        seat = self._seat
        comp = self._comp
        powers = {seat(f): [POWER_IDS.index(w) for w in ws] for f, ws in self._powers.items()}
        if not self._dealt_powers:
            for q in range(self._players):
                _set_powers(state, q, [])
        for q, ids in powers.items():
            _set_powers(state, q, ids)
        kinds = [k.slug for k in comp.refreshments]
        for family, held in self._refreshments.items():
            _set_refreshments(state, seat(family), [kinds.index(k) for k in held])
        plans = [p.id for p in comp.plans]
        if len(set(self._plans.values())) < len(self._plans):
            raise PositionError("two families cannot hold the same Plan")
        for family, plan in self._plans.items():
            _set_plan(state, seat(family), plans.index(plan))
        if self._arranged:
            self._arrange(state)
        if not 1 <= self._tempo <= comp.board.tempo_boxes:
            raise PositionError(f"the Tempo track has boxes 1 to {comp.board.tempo_boxes}")
        _set_tempo(state, self._tempo)
        _start_dance_step(state, seat(self._to_move), self._movement)
        state.changed()
        return state

    def _seat(self, family: Family) -> int:
        avatars = [next(a for a in self._comp.avatars if a.name == n) for n in self._avatars]
        return _seat_of(family, avatars, self._sanctuaries)

    def _arrange(self, state: TheDanceState) -> None:
        comp = self._comp
        board = comp.board
        names = _dancer_names(comp)
        pieces: dict[int, str] = {}

        def hex_index(at: Hex, piece: str) -> int:
            if at not in board.index:
                raise PositionError(f"{piece}: {at} is not a hex of the dance floor")
            where = board.index[at]
            if where in pieces:
                raise PositionError(f"{piece} and {pieces[where]} cannot both stand on {at}")
            pieces[where] = piece
            return where

        dancers: dict[int, tuple[int, int, bool]] = {}
        for name, placed in self._dancers.items():
            owner = -1 if placed.influenced_by is None else self._seat(placed.influenced_by)
            dancers[names.index(name)] = (hex_index(placed.at, name), owner, placed.dominated)
        influencing = [owner for _, owner, _ in dancers.values() if owner >= 0]
        for q in set(influencing):
            if influencing.count(q) > 1:
                raise PositionError(f"family {q} has one Influence marker, on one Dancer")
        seated: dict[int, list[int]] = {q: [] for q in range(self._players)}
        for family, seated_names in self._seated.items():
            for name in seated_names:
                d = names.index(name)
                if name in self._dancers or any(d in table for table in seated.values()):
                    raise PositionError(f"{name} cannot be in two places at once")
                seated[self._seat(family)].append(d)
        avatars = []
        for q in range(self._players):
            at = next(
                (h for f, h in self._avatar_hexes.items() if self._seat(f) == q),
                entry_hex(self._sanctuaries[q]),
            )
            avatars.append(hex_index(at, self._avatars[q]))
        server = -1 if self._server is None else hex_index(self._server, SERVER)
        _set_floor(state, dancers, avatars, server, seated)


class Look:
    """Questions about a position, answered from the observation.

    Public facts come from a spectator's view; a family's secrets (her
    Refreshments, Powers, Plan, Movement left) from her own view. The one
    exception, ``occupant``, reads the engine's own record of which hex is
    taken, because that record is what blocks movement.
    """

    def __init__(self, state: TheDanceState) -> None:
        self._state = state
        self._comp: Components = state.game.components

    # -- the floor --------------------------------------------------------------------

    def where(self, dancer: str) -> Hex | None:
        """The Dancer's hex, or ``None`` while she is off the floor (seated, not in play)."""
        pos = self._public()["dancer_pos"][self._dancer(dancer)]
        return self._comp.board.hexes[pos] if pos >= 0 else None

    def influenced_by(self, dancer: str) -> str | None:
        """The family whose Influence marker is on the Dancer, or ``None``."""
        owner = self._public()["dancer_influence"][self._dancer(dancer)]
        return self._colour(owner) if owner >= 0 else None

    def second_marker(self, family: Family) -> str | None:
        """The Dancer that carries the family's second (Discipline) Influence marker, if any."""
        view = self._public()
        seat = self._seat(family)
        for d, owner in enumerate(view["dancer_influence"]):
            if owner == seat and view["dancer_slot"][d] == 1:
                return self._comp.dancers[d].name
        return None

    def dominated(self, dancer: str) -> bool:
        """Whether the marker on the Dancer is a Dominated marker."""
        return bool(self._public()["dancer_dominated"][self._dancer(dancer)])

    def seated(self, family: Family) -> list[str]:
        """The Dancers seated at the family's table, in the order they sat down."""
        seated = self._public()["families"][self._seat(family)]["seated"]
        return [self._comp.dancers[d].name for d in seated]

    def avatar(self, family: Family) -> Hex | None:
        """The hex of the family's Avatar (``None`` once she has left the floor)."""
        pos = self._public()["families"][self._seat(family)]["pos"]
        return self._comp.board.hexes[pos] if pos >= 0 else None

    def server(self) -> Hex | None:
        """The Server's hex, or ``None`` while he is in the kitchen."""
        pos = self._public()["server"]
        return self._comp.board.hexes[pos] if pos >= 0 else None

    def occupant(self, at: Hex) -> str | None:
        """The Dancer, Avatar or ``SERVER`` that takes the hex as far as movement goes."""
        return _occupant(self._state, self._comp.board.index[at])

    # -- the families -----------------------------------------------------------------

    def families(self) -> list[str]:
        """The families at the table, by seat."""
        return [self._colour(q) for q in range(len(self._public()["families"]))]

    def refreshments(self, family: Family) -> list[str]:
        """The Refreshments in the family's hand, sorted, as she sees them."""
        seat = self._seat(family)
        hand = self._state.observation(seat)["families"][seat]["refreshments"]
        return sorted(
            k.slug for k, n in zip(self._comp.refreshments, hand, strict=True) for _ in range(n)
        )

    def refreshment_count(self, family: Family) -> int:
        """How many Refreshments the family holds: public."""
        return int(self._public()["families"][self._seat(family)]["refreshment_count"])

    def spent(self, kind: str) -> int:
        """How many Refreshments of this kind have been played face up."""
        kinds = [k.slug for k in self._comp.refreshments]
        return int(self._public()["spent"][_index(kinds, kind, "Refreshment")])

    def powers(self, family: Family, *, seen_by: Family | None = None) -> list[str]:
        """The family's Powers as ``seen_by`` (by default the family herself) knows them."""
        seat = self._seat(family)
        viewer = seat if seen_by is None else self._seat(seen_by)
        return [POWER_IDS[w] for w in self._state.observation(viewer)["families"][seat]["powers"]]

    def plan(self, family: Family, *, seen_by: Family | None = None) -> str | None:
        """The family's Plan as ``seen_by`` (by default the family herself) knows it."""
        seat = self._seat(family)
        viewer = seat if seen_by is None else self._seat(seen_by)
        plan = self._state.observation(viewer)["families"][seat]["plan"]
        return None if plan is None else self._comp.plans[plan].id

    def markers(self, family: Family) -> int:
        """How many Influence markers the family owns (two after Discipline)."""
        return int(self._public()["families"][self._seat(family)]["markers"])

    def foiled(self, family: Family) -> bool:
        """Whether a Foiled marker lies on the family's Avatar."""
        return bool(self._public()["families"][self._seat(family)]["foiled"])

    def finished(self) -> list[str]:
        """The families that completed their Plans, in the order they did."""
        return [self._colour(q) for q in self._public()["finished"]]

    # -- the turn -----------------------------------------------------------------------

    def step(self) -> str:
        """What is being decided: ``"dance"``, ``"influence"``, ``"roll"``, ``"over"``, ..."""
        return str(self._public()["phase"])

    def turn_of(self) -> str | None:
        """The family whose turn it is in the Player Phase, or ``None`` between turns."""
        current = self._public()["current"]
        return self._colour(current) if current >= 0 else None

    def order(self) -> list[str]:
        """This game turn's order of play."""
        return [self._colour(q) for q in self._public()["order"]]

    def movement_left(self) -> int:
        """The Movement left in this Dance step, as the family to move knows it."""
        current = self._public()["current"]
        return int(self._state.observation(current)["turn_state"]["moves_left"])

    def tempo(self) -> int:
        """The Tempo marker's box."""
        return int(self._public()["tempo"])

    def piles(self) -> dict[str, int]:
        """How many Powers, Refreshments and Plans are left face down to draw."""
        return dict(self._public()["piles"])

    def need(self) -> int:
        """The number that the Influence or Foil roll now due must not exceed.

        It is read from what the roll announces, on a copy: the position
        itself does not change.
        """
        twin = self._state.clone()
        if twin.current_players() == (CHANCE,):
            for event in twin.apply(twin.game.parse_action("roll 6"), CHANCE):
                if event.kind == "roll":
                    return int(event.data["target"])
        raise PositionError(f"no Influence roll is due now but a {self.step()!r} decision")

    # -- names ----------------------------------------------------------------------------

    def _public(self) -> Observation:
        return self._state.observation(None)

    def _dancer(self, name: str) -> int:
        return _index(_dancer_names(self._comp), name, "Dancer")

    def _seat(self, family: Family) -> int:
        families = self._public()["families"]
        avatars = [self._comp.avatars[f["avatar"]] if f["avatar"] >= 0 else None for f in families]
        colours = [
            self._comp.board.sanctuaries[f["sanctuary"]].colour if f["sanctuary"] >= 0 else None
            for f in families
        ]
        return _seat_of(family, avatars, colours)

    def _colour(self, seat: int) -> str:
        sanctuary: int = self._public()["families"][seat]["sanctuary"]
        if sanctuary < 0:
            raise PositionError(f"seat {seat} has not chosen a Sanctuary yet")
        return self._comp.board.sanctuaries[sanctuary].colour


def act(state: TheDanceState, *texts: str) -> list[str]:
    """Play actions by their text (chance outcomes too) and return the event sentences."""
    sentences: list[str] = []
    for text in texts:
        player = state.current_players()[0]
        sentences += [e.text for e in state.apply_text(text, player)]
    return sentences


def legal_texts(state: TheDanceState) -> list[str]:
    """The text of every action legal now, in id order."""
    return [state.game.action_to_text(a) for a in state.legal_actions()]


# -- names --------------------------------------------------------------------------------


def _index(names: tuple[str, ...] | list[str], name: str, what: str) -> int:
    if name not in names:
        raise PositionError(f"no {what} is called {name!r}; {what}s: {allowed_list(list(names))}")
    return names.index(name)


def _dancer_names(comp: Components) -> list[str]:
    return [d.name for d in comp.dancers]


def _seat_of(
    family: Family, avatars: Sequence[Avatar | None], colours: Sequence[str | None]
) -> int:
    """The seat of a family named by seat number, Sanctuary colour, Avatar or family name."""
    if isinstance(family, int):
        if not 0 <= family < len(avatars):
            raise PositionError(f"there is no seat {family}; seats are 0 to {len(avatars) - 1}")
        return family
    for seat, (avatar, colour) in enumerate(zip(avatars, colours, strict=True)):
        if family == colour or (avatar is not None and family in (avatar.name, avatar.family)):
            return seat
    known = [c for c in colours if c] + [a.name for a in avatars if a]
    raise PositionError(f"no family {family!r} at this table; families: {allowed_list(known)}")


# -- the engine's own fields: the only code of this module that reads or writes them --------


def _play_set_up(state: TheDanceState, avatars: list[str], sanctuaries: list[str]) -> None:
    """Answer the set-up as asked: these Avatars and Sanctuaries, chance as it falls."""
    comp = state.game.components
    slugs = {a.name: a.slug for a in comp.avatars}
    while state.observation(None)["phase"] != "dance":
        player = state.current_players()[0]
        if player == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        phase = state.observation(player)["phase"]
        if phase == "choose-avatar":
            state.apply_text("avatar " + slugs[avatars[player]], player)
        elif phase == "choose-sanctuary":
            state.apply_text("sanctuary " + sanctuaries[player], player)
        else:
            state.apply(state.legal_actions(player)[0], player)


def _set_powers(state: TheDanceState, seat: int, held: list[int]) -> None:
    """The family holds exactly ``powers``; those she gives up go back to the pile."""
    for w in held:
        if w not in state.powers[seat] and w not in state.power_pile:
            raise PositionError(f"another family already holds {POWER_IDS[w]}")
    state.power_pile.extend(w for w in state.powers[seat] if w not in held)
    state.power_pile[:] = [w for w in state.power_pile if w not in held]
    state.powers[seat] = list(held)
    power_rules.settle(state, seat)
    state.revealed[seat] = [w for w in state.revealed[seat] if w in held]


def _set_refreshments(state: TheDanceState, seat: int, kinds: list[int]) -> None:
    """The family holds exactly ``kinds``; her old hand goes back to the pile."""
    pile = state.refresh_pile
    for k, count in enumerate(state.hand[seat]):
        pile[k] += count
    hand = [0] * len(pile)
    for k in kinds:
        if pile[k] == 0:
            slug = state.game.components.refreshments[k].slug
            raise PositionError(f"there are not that many {slug} Refreshments")
        pile[k] -= 1
        hand[k] += 1
    state.hand[seat] = hand
    state.hand_size[seat] = len(kinds)
    state.refresh_left = sum(pile)


def _set_plan(state: TheDanceState, seat: int, plan: int) -> None:
    """The family holds ``plan``; her old one goes where ``plan`` came from."""
    old = state.plan[seat]
    if plan in state.plan_pile:
        state.plan_pile.remove(plan)
        state.plan_pile.append(old)
    else:
        state.plan[state.plan.index(plan)] = old
    state.plan[seat] = plan


def _set_floor(
    state: TheDanceState,
    dancers: dict[int, tuple[int, int, bool]],
    avatars: list[int],
    server: int,
    seated: dict[int, list[int]],
) -> None:
    """Clear the floor and the tables, then put exactly these pieces there.

    ``dancers`` maps a Dancer to (hex, Influencing seat or -1, Dominated).
    """
    nd = state.nd
    state.occ = [-1] * len(state.occ)
    state.dancer_pos = [-1] * nd
    state.influenced_by = [-1] * nd
    state.marked = None
    state.dominated = [False] * nd
    state.marker_slot = [0] * nd
    state.dancer_seat = [-1] * nd
    for d, (where, owner, dominated) in dancers.items():
        state.dancer_pos[d] = where
        state.occ[where] = d
        state.influenced_by[d] = owner
        state.dominated[d] = dominated
    state.seated = [list(seated[q]) for q in range(state.n)]
    for q, table in seated.items():
        for d in table:
            state.dancer_seat[d] = q
    for q, where in enumerate(avatars):
        state.avatar_pos[q] = where
        state.occ[where] = nd + q
    state.server = server
    if server >= 0:
        state.occ[server] = state.server_code


def _set_tempo(state: TheDanceState, box: int) -> None:
    state.tempo = box


def _start_dance_step(state: TheDanceState, seat: int, movement: int | None) -> None:
    """Begin the family's Dance step of this turn; those before her in order have played."""
    order = state.order
    done = set(order[: order.index(seat) + 1])
    state.agenda = [
        task for task in state.agenda if not (task[0] == Task.PLAYER_PHASE and task[1] in done)
    ]
    flow.start_turn(state, seat)
    if movement is not None:
        state.movement_spent = max(0, state.movement_left - movement)
        state.movement_left = movement


def _occupant(state: TheDanceState, where: int) -> str | None:
    piece = state.occ[where]
    comp = state.game.components
    if piece < 0:
        return None
    if piece < state.nd:
        return comp.dancers[piece].name
    if piece < state.server_code:
        return comp.avatars[state.avatar_of[piece - state.nd]].name
    return SERVER
