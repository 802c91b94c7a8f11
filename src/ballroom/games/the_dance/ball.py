"""One ball in progress: every field of a game of The Dance, and the words of its log.

A leaf of the game's imports: the rulebook sections (``setup``,
``dance_step``, ``influence``, ``refreshments``, ``server``, ``sanctuary``,
``waltz``, ``plans``, ``powers``, ``standing``) are functions over a
``Ball``; ``state.py``'s ``TheDanceState`` is the ball that plays by them
(the State contract, and the tables pairing each step with its section), so
none of them imports it back. What the rules read of their game is its
``Edition``: the components and the options as the rules ask them.

Pieces on the floor live in ``occ`` (one entry per hex: -1 empty, a Dancer
index, ``nd + seat`` for an Avatar, ``server_code``), mirrored by
``dancer_pos``, ``avatar_pos`` and ``server``.

The commonest events (steps, leads, rolls, Influence efforts, the Tempo, the
Server, Refreshments drawn) are told with ``say``: worded only when read, and
not made at all while a search or a simulation plays with ``advance``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from ballroom.core import effects as fx
from ballroom.core.events import Event, Wording
from ballroom.core.game import Game
from ballroom.core.state import Outcome, State
from ballroom.games.the_dance.components import POWER_IDS, Components, Exits
from ballroom.games.the_dance.steps import Agenda, Phase, RollFor, Target

# Read as plain names: an enum member read off its class costs a lookup through the
# enum's metaclass every time, and a simulation asks whether the game is over at every step.
_OVER = Phase.OVER


@dataclass(frozen=True, slots=True)
class Edition:
    """What the rules read of their game: its components and its options as they ask them."""

    components: Components
    margin_three: bool
    """Domination by a roll 3 or more under the target (option ``domination``)."""
    any_domain: bool
    """A Refreshment adds to whichever Domain is rolled (option ``refreshment-domain``)."""
    ankh_kind: int
    """The Refreshment kind of the Ankh (-1 for none)."""
    shown_at_deal: tuple[int, ...]
    """The Powers seen at the deal (``powers.shown_at_deal``)."""
    fitting: tuple[tuple[tuple[int, int], ...], ...]
    """Per Domain, the Refreshment kinds that may be played on a roll in it, each with its
    action (``refreshments.fitting``)."""


class Offer(Protocol):
    """A Power used at will, as the rules ask it: add its actions where they are offered."""

    def offer(self, s: Ball, p: int, out: list[int]) -> None: ...


class PowersHeld(Protocol):
    """What the Powers a family holds make of the rules, as the rules read it
    (``powers.Held``)."""

    @property
    def standing(self) -> fx.Standing: ...

    @property
    def limits(self) -> Mapping[str, int]: ...

    @property
    def passes_through(self) -> bool: ...

    @property
    def dance_step(self) -> tuple[Offer, ...]: ...

    @property
    def after_roll(self) -> tuple[Offer, ...]: ...


def family_name(comp: Components, avatar: int) -> str:
    """How the table names a seat once its Avatar is chosen: ``the Balaz family``."""
    return f"the {comp.avatars[avatar].family} family"


class Ball(State):
    """The fields of one game in progress; see the package docstring for the rules."""

    held: tuple[PowersHeld, ...]
    """What each family's Powers make of the rules (``powers.settle``, which the state that
    plays sets from the start): replaced, never changed in place, so that a clone shares it."""

    marked: tuple[tuple[int, ...], ...] | None = None
    """Each family's Influenced Dancers (``influence.influenced``), ``None`` until worked
    out after a marker moved; replaced, never changed in place, so that a clone shares it.
    A state dealt from an observation starts without (this default)."""

    wordings: tuple[Names, dict[str, Wording]] | None = None
    """What names the seats in the log now (``sentence``'s ``names``), and the wording made
    so far of each template told without other words: made at the first event told after
    an Avatar was chosen (``setup.apply_avatar`` forgets them), since the commonest events
    are told at every step and the names change only at the set-up. Replaced, never changed
    but for the wordings it adds (the same for every state that shares it)."""

    def __init__(self, game: Game, seed: int, edition: Edition) -> None:
        super().__init__(game, seed)
        comp = edition.components
        board = comp.board
        n = game.players
        nd = len(comp.dancers)
        self.comp = comp
        self.edition = edition
        self.n = n
        self.nd = nd
        self.server_code = nd + n
        self.phase = _OVER
        self.actor = -1
        self.agenda: Agenda = []
        self.turn = 0
        self.tempo = 1
        self.order: list[int] = []
        self.initiative = 0
        self.current = -1
        # The floor.
        self.occ = [-1] * len(board.hexes)
        self.dancer_pos = [-1] * nd
        self.dancer_seat = [-1] * nd
        self.influenced_by = [-1] * nd
        self.marked = None
        self.dominated = [False] * nd
        self.marker_slot = [0] * nd
        self.lead_left = [0] * nd
        self.placed = 0
        self.server = -1
        # Families (one per seat).
        self.avatar_of = [-1] * n
        self.sanctuary_of = [-1] * n
        self.closed: tuple[frozenset[int], ...] = (frozenset(),) * n
        """The hexes each family's Avatar may not enter (``sanctuary.close_entries``):
        replaced, never changed in place, so that clones and games share it."""
        self.open_exits: tuple[Exits, ...] = (board.exits,) * n
        """Each family's ``board.exits`` less the hexes closed to her Avatar, set and shared
        as ``closed`` is: the steps and May I Cut In? she may take from each hex."""
        self.avatar_pos = [-1] * n
        self.foiled = [False] * n
        self.markers = [1] * n
        self.powers: list[list[int]] = [[] for _ in range(n)]
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
        self.movement_left = 0
        self.ankhs_used = 0
        self.movement_spent = 0
        self.passing = False
        self.attempts = 0
        self.strategic_used = False
        self.pay_left = 0
        self.draw_for = -1
        self.roll_for = RollFor.SERVER
        # The current Influence effort.
        self.target_kind = Target.DANCER
        self.target = -1
        self.domain = -1
        self.played: list[int] = []
        self.roll = 0
        self.lowered = 0
        self.rerolled = False
        self.tactician_used = False
        self.dominates = False

    @abstractmethod
    def run_agenda(self, events: list[Event]) -> None:
        """Run the agenda until a decision or a chance draw is due (``flow.advance``)."""

    @abstractmethod
    def end_turn(self, events: list[Event]) -> None:
        """The current family's turn is over; the agenda runs on (``flow.end_turn``)."""

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def outcome(self) -> Outcome:
        rest = tuple(p for p in range(self.n) if p not in self.finished)
        ranking: list[tuple[int, ...]] = [(p,) for p in self.finished]
        if self.dawn_ranking:
            ranking.extend(self.dawn_ranking)
        elif rest:
            ranking.append(rest)
        if self.phase != _OVER:
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

    # -- the log's words ------------------------------------------------------------

    def who(self, p: int) -> str:
        """A seat's name in the log: its family once known, as on every screen."""
        return seat_name(self.comp, self.game, self.avatar_of, p)

    def family(self, p: int) -> str:
        a = self.avatar_of[p]
        return self.comp.avatars[a].family if a >= 0 else self.game.player_name(p)

    @staticmethod
    def event(
        event: str, text: str, *, audience: int | None = None, reveals: bool = False, **data: Any
    ) -> Event:
        """An event whose sentence starts with a capital (names start with "the")."""
        text = text[:1].upper() + text[1:]
        seats = None if audience is None else frozenset((audience,))
        return Event(event, text, data, seats, reveals)

    def say(
        self,
        events: list[Event],
        event: str,
        template: str,
        data: dict[str, Any],
        words: Mapping[str, object] | None = None,
        *,
        audience: int | None = None,
    ) -> None:
        """Report an event with the facts ``data``, whose sentence is ``template`` filled in
        from them and ``words`` when first read (``sentence``), and nothing at all when
        nobody reads events (``advance``)."""
        if self.reporting:
            known = self.wordings
            if known is None:
                known = self.wordings = ((self.comp, self.game, tuple(self.avatar_of)), {})
            if words is None:
                wording = known[1].get(template)
                if wording is None:
                    wording = known[1][template] = partial(sentence, template, None, known[0])
            else:
                wording = partial(sentence, template, words, known[0])
            seats = None if audience is None else frozenset((audience,))
            events.append(Event(event, wording, data, seats))

    def say_secret(
        self,
        events: list[Event],
        p: int,
        told: tuple[str, str],
        secret: tuple[str, str],
        data: dict[str, Any],
        words: Mapping[str, object],
    ) -> None:
        """Report what seat ``p`` drew or kept face down: the table is ``told`` (an event
        and its template) that she did, and she alone reads the ``secret`` event, with its
        ``data`` and ``words``, naming what it was (RULINGS 14)."""
        self.say(events, told[0], told[1], {"player": p})
        self.say(events, secret[0], secret[1], data, words, audience=p)


def seat_name(comp: Components, game: Game, avatars: Sequence[int], p: int) -> str:
    """Seat ``p``'s name in the log (``nobody`` for none): her family once she chose her
    Avatar (``avatars``, each seat's), else her seat."""
    if p < 0:
        return "nobody"
    a = avatars[p]
    return family_name(comp, a) if a >= 0 else game.player_name(p)


Names = tuple["Components", "Game", tuple[int, ...]]
"""What names the seats in a sentence: the components, the game, each seat's Avatar."""


def sentence(
    template: str, words: Mapping[str, object] | None, names: Names, data: Mapping[str, Any]
) -> str:
    """An event's sentence, made when first read: ``template`` filled from ``words``, the
    event's data and ``{who}``, the name of the data's ``player`` as the table knew it when
    the event was told (``Ball.who``), with a capital first letter."""
    fields = dict(data)
    if words:
        fields.update(words)
    player = data.get("player")
    if player is not None:
        fields["who"] = seat_name(*names, player)
    text = template.format_map(fields)
    return text[:1].upper() + text[1:]


FLAT_LISTS = (
    "agenda",
    "order",
    "occ",
    "dancer_pos",
    "dancer_seat",
    "influenced_by",
    "dominated",
    "marker_slot",
    "lead_left",
    "avatar_of",
    "sanctuary_of",
    "avatar_pos",
    "foiled",
    "markers",
    "hand_size",
    "plan",
    "plan_public",
    "finished",
    "power_pile",
    "refresh_pile",
    "plan_pile",
    "spent",
    "discarded",
    "played",
    "dawn_ranking",
)
NESTED_LISTS = ("powers", "revealed", "drawn_powers", "dealt_powers", "hand", "seated")
"""The fields a copy copies one level down (``FLAT_LISTS``: the lists it copies whole)."""
