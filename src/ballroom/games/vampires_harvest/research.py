"""Research variant: a two-player Vampire's Harvest small enough for CFR. Not the rulebook's.

The rulebook's game is twelve turns of dice, decks, auctions and Skills: no
algorithm walks its whole tree. This miniature keeps its heart, the Actions
chosen in secret and revealed together, and its scoring, and shrinks the rest:

- two Vampires, ``research-turns`` turns (default 2), each with 2 Blood and
  every track at 1; the Initiative passes each turn (seat 0 holds it first);
- each turn chance rolls one die of ``research-faces`` faces into the Blood
  Pool, and, when the one Area is empty, draws its Opportunity from a deck of
  three (a Tribute, a Slay, a Seduce);
- both choose Harvest or Area 1 in secret; Harvesters split the Pool evenly,
  the remainder stays; the Vampires at the Area face its Opportunity in
  Initiative order, each attempting or declining it: a Tribute pays 2 Blood
  (a Vampire short of it may attempt, and fails), a Slay wins when a
  three-faced combat die shows 2 or more, a Seduce when the card drawn from
  a two-card Seduction deck (Success, Failure) is the Success (each a chance
  node); success gains its track 2 and removes the card, so a later Vampire
  at the Area finds it empty;
- no Train, Chance Encounter, Late Decision, Events, Power Broker, Skills or
  Bloodstones.

Scoring is the rulebook's: the two lower tracks multiplied plus the highest,
ties broken by Blood, then a shared win. Every deal and die is a chance node,
so OpenSpiel enumerates them (``docs/research-variants.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ballroom.core import words
from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.events import Event
from ballroom.core.flow import Flow, Step
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame, StandardState
from ballroom.core.state import Observation, Outcome
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones, ZonesView, determinize_decks

TURNS, FACES = "research-turns", "research-faces"
OPPORTUNITIES = ("Tribute to the Elders", "Slay a Hunter", "Seduce a Courtesan")
TRIBUTE, SLAY, SEDUCE = range(len(OPPORTUNITIES))
TRACK_OF = {TRIBUTE: "tribute", SLAY: "slayer", SEDUCE: "seduction"}
ACTION_CARDS = ("Harvest", "Area 1")
HARVEST, AREA = range(len(ACTION_CARDS))
FIRST_ACTION = len(OPPORTUNITIES)
"""Seat ``s`` holds Action cards ``FIRST_ACTION + 2 s`` (Harvest) and ``+ 1`` (Area 1)."""
START_BLOOD = 2
TRIBUTE_PRICE = 2
GAIN = 2
"""Track points a successful Opportunity gives."""
STRENGTH = 2
"""The Slay's Enemy: one combat die must show this or more..."""
COMBAT_FACES = 3
"""...of its three faces."""
SEDUCTION_DECK = ("Success", "Failure")


def _slugs(names: tuple[str, ...]) -> tuple[str, ...]:
    """Names as one word each, as moves are written."""
    return tuple(name.lower().replace(" ", "-") for name in names)


class Phase(Enum):
    POOL = "pool"  # chance: the Blood Pool die
    DRAW = "draw"  # chance: the Opportunity for the empty Area
    SELECT = "select"  # both Vampires, at once and in secret
    FACE = "face"  # the Vampire at the Area attempts or declines
    FIGHT = "fight"  # chance: the combat die
    SEDUCTION = "seduction"  # chance: the Seduction card drawn
    OVER = "over"


ROLL = Family("roll", (Param.of_range("face", 1, 6),), "Chance: a die shows this face.")
DRAW = Family(
    "draw", (Param.of_names("card", _slugs(OPPORTUNITIES)),), "Chance: the Opportunity drawn."
)
SELECT = Family(
    "select", (Param.of_names("card", _slugs(ACTION_CARDS)),), "Choose an Action in secret."
)
ATTEMPT = Family("attempt", (), "Attempt the Opportunity at the Area.")
DECLINE = Family("decline", (), "Leave the Opportunity alone.")
SEDUCTION = Family(
    "seduction", (Param.of_names("card", SEDUCTION_DECK),), "Chance: the Seduction card."
)
FLOW = Flow.declare(
    Phase,
    {
        Phase.POOL: [ROLL],
        Phase.DRAW: [DRAW],
        Phase.SELECT: [SELECT],
        Phase.FACE: [ATTEMPT, DECLINE],
        Phase.FIGHT: [ROLL],
        Phase.SEDUCTION: [SEDUCTION],
        Phase.OVER: [],
    },
)


@dataclass(frozen=True, slots=True)
class Table:
    """What everyone sees beyond the zones."""

    turn: int
    initiative: int
    pool: int
    blood: tuple[int, ...]
    tribute: tuple[int, ...]
    slayer: tuple[int, ...]
    seduction: tuple[int, ...]
    waiting: tuple[int, ...]


def score(tracks: tuple[int, int, int]) -> int:
    """The rulebook's score: the two lower tracks multiplied, plus the highest."""
    low, middle, high = sorted(tracks)
    return low * middle + high


class HarvestResearch(StandardGame[Phase]):
    """The miniature; see the module's docstring. Not registered among the rulebook games."""

    id: ClassVar[str] = "vampires-harvest-research"
    name: ClassVar[str] = "Vampire's Harvest (research variant, not the rulebook's)"
    summary: ClassVar[str] = "Two Vampires, a few turns, one Area: a tree CFR can walk."
    rules_version: ClassVar[str] = "research-1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                TURNS, "Research: turns played (the rulebook plays 12).", 2, minimum=1, maximum=12
            ),
            Option(
                FACES,
                "Research: faces of the Blood Pool die (rulebook 6).",
                2,
                minimum=1,
                maximum=6,
            ),
        )
    )
    codec: ClassVar[ActionCodec] = ActionCodec([ROLL, DRAW, SELECT, ATTEMPT, DECLINE, SEDUCTION])
    flow: ClassVar[Flow[Phase]] = FLOW
    public_part: ClassVar[type[Table]] = Table
    cards: ClassVar[tuple[str, ...]] = (*OPPORTUNITIES, *ACTION_CARDS * 2)

    def new_state(self, seed: int = 0) -> HarvestResearchState:
        return HarvestResearchState(self, seed)

    def deal(self, zones: ZonesView, rng: Rng) -> Zones:
        """Each seat's unseen Action cards among its own zones; Opportunities in the deck."""
        own = [
            (_action_cards(s), (ZoneId("hand", s), ZoneId("chosen", s)))
            for s in range(self.players)
        ]
        return determinize_decks(zones, [*own, (range(FIRST_ACTION), ("opportunities",))], rng)

    def describe_action(self, action: int, observation: Observation) -> str:
        """The move in words: "Choose Harvest", "Attempt the Opportunity"."""
        move = self.codec.decode(action)
        if move.family is SELECT:
            return f"Choose {ACTION_CARDS[move['card']]}"
        if move.family is DRAW:
            return f"{OPPORTUNITIES[move['card']]} is drawn"
        if move.family is SEDUCTION:
            return f"The Seduction card is a {SEDUCTION_DECK[move['card']]}"
        if move.family is ROLL:
            return f"The die shows {words.number(move['face'])}"
        return "Attempt the Opportunity" if move.family is ATTEMPT else "Decline the Opportunity"


def _action_cards(seat: int) -> tuple[int, ...]:
    return tuple(FIRST_ACTION + 2 * seat + card for card in range(len(ACTION_CARDS)))


class HarvestResearchState(StandardState[Phase]):
    """One game: the zones (deck, Area, hands, chosen and revealed Actions) and the tracks."""

    game: HarvestResearch

    def __init__(self, game: HarvestResearch, seed: int) -> None:
        super().__init__(game, seed)
        seats = range(game.players)
        self.zones = Zones.create(
            game.players,
            [
                Zone(ZoneId("opportunities"), Visibility.NOBODY, tuple(range(FIRST_ACTION))),
                Zone(ZoneId("area"), Visibility.EVERYONE),
                Zone(ZoneId("resolved"), Visibility.EVERYONE),
                *(Zone(ZoneId("hand", s), Visibility.OWNER, _action_cards(s)) for s in seats),
                *(Zone(ZoneId("chosen", s), Visibility.OWNER) for s in seats),
                *(Zone(ZoneId("revealed", s), Visibility.EVERYONE) for s in seats),
            ],
        )
        self.turn = 1
        self.initiative = 0
        self.pool = 0
        self.blood = (START_BLOOD,) * game.players
        self.tribute = self.slayer = self.seduction = (1,) * game.players
        self.waiting = (0,) * game.players
        """1 for each Vampire still to face the Area's Opportunity this turn."""
        self.step = self.next_step()

    def next_step(self) -> Step[Phase]:
        """A turn begins with the Blood Pool die, unless the last is over."""
        if self.turn > int(self.game.options[TURNS]):
            return Step.over(Phase.OVER)
        return Step.chance(Phase.POOL)

    def turns(self) -> int:
        return min(self.turn, int(self.game.options[TURNS]))

    def chances(self) -> list[tuple[Action, float]]:
        phase = self.step.name
        if phase is Phase.DRAW:
            return [(DRAW(c), p) for c, p in self.zones.draw_outcomes(ZoneId("opportunities"))]
        if phase is Phase.SEDUCTION:
            return [(SEDUCTION(card), 0.5) for card in range(len(SEDUCTION_DECK))]
        faces = int(self.game.options[FACES]) if phase is Phase.POOL else COMBAT_FACES
        return [(ROLL(face), 1.0 / faces) for face in range(1, faces + 1)]

    def choices(self, seat: int) -> list[Action]:
        if self.step.name is Phase.SELECT:
            return [SELECT(card) for card in range(len(ACTION_CARDS))]
        return [ATTEMPT(), DECLINE()]

    def play(self, action: Action, seat: int) -> list[Event]:
        phase = self.step.name
        if phase is Phase.POOL:
            self.pool += action["face"]
            self.step = self._after_pool()
            return [Event("pool", f"The Blood Pool gains {action['face']}.")]
        if phase is Phase.DRAW:
            self.zones = self.zones.move(action["card"], ZoneId("area"))
            self.step = Step.secret(Phase.SELECT, range(self.game.players))
            return [Event("draw", f"{OPPORTUNITIES[action['card']]} comes to Area 1.")]
        if phase is Phase.SELECT:
            return self._select(action["card"], seat)
        if phase is Phase.FACE:
            return self._face(action.family is ATTEMPT, seat)
        won = action["face"] >= STRENGTH if phase is Phase.FIGHT else action["card"] == 0
        return self._attempted(self._facing(), won)

    def _after_pool(self) -> Step[Phase]:
        if self.zones.zone("area").size or not self.zones.zone("opportunities").size:
            return Step.secret(Phase.SELECT, range(self.game.players))
        return Step.chance(Phase.DRAW)

    def _select(self, card: int, seat: int) -> list[Event]:
        self.zones = self.zones.move(FIRST_ACTION + 2 * seat + card, ZoneId("chosen", seat))
        events = [Event("select", f"{self.game.player_name(seat)} chooses an Action.")]
        after = self.step.after(seat)
        if after is not None:
            self.step = after
            return events
        order = [(self.initiative + k) % self.game.players for k in range(self.game.players)]
        chosen = {s: self.zones.zone("chosen", s).cards[0] for s in order}
        for s, c in chosen.items():
            self.zones = self.zones.move(c, ZoneId("revealed", s))
        told = words.listing(
            f"{self.game.player_name(s)} {ACTION_CARDS[(c - FIRST_ACTION) % 2]}"
            for s, c in chosen.items()
        )
        events.append(Event("reveal", f"Revealed: {told}.", reveals=True))
        picks = {s: (c - FIRST_ACTION) % 2 for s, c in chosen.items()}
        harvesters = [s for s in order if picks[s] == HARVEST]
        if harvesters:
            share = self.pool // len(harvesters)
            self.pool -= share * len(harvesters)
            blood = list(self.blood)
            for s in harvesters:
                blood[s] += share
            self.blood = tuple(blood)
            events.append(Event("harvest", f"Each Harvester takes {share} Blood."))
        self.waiting = tuple(int(picks[s] == AREA) for s in range(self.game.players))
        return events + self._next_at_area()

    def _facing(self) -> int:
        """The first Vampire, in Initiative order, still to face the Opportunity."""
        order = [(self.initiative + k) % self.game.players for k in range(self.game.players)]
        return next(s for s in order if self.waiting[s])

    def _next_at_area(self) -> list[Event]:
        """The next Vampire at the Area faces its Opportunity, or the turn ends."""
        if any(self.waiting) and self.zones.zone("area").size:
            self.step = Step.seat(Phase.FACE, self._facing())
            return []
        return self._end_turn()

    def _face(self, attempt: bool, seat: int) -> list[Event]:
        card = self.zones.zone("area").cards[0]
        name = self.game.player_name(seat)
        if not attempt:
            self.waiting = _add(self.waiting, seat, -1)
            return [Event("decline", f"{name} declines."), *self._next_at_area()]
        if card == TRIBUTE:
            if self.blood[seat] < TRIBUTE_PRICE:
                return [Event("short", f"{name} lacks the Blood."), *self._attempted(seat, False)]
            self.blood = _add(self.blood, seat, -TRIBUTE_PRICE)
            return self._attempted(seat, True)
        self.step = Step.chance(Phase.FIGHT if card == SLAY else Phase.SEDUCTION)
        return []

    def _attempted(self, seat: int, won: bool) -> list[Event]:
        name = self.game.player_name(seat)
        self.waiting = _add(self.waiting, seat, -1)
        if not won:
            return [Event("fail", f"{name} fails."), *self._next_at_area()]
        card = self.zones.zone("area").cards[0]
        track = TRACK_OF[card]
        setattr(self, track, _add(getattr(self, track), seat, GAIN))
        self.zones = self.zones.move(card, ZoneId("resolved"))
        return [Event("success", f"{name} gains {GAIN} {track}."), *self._next_at_area()]

    def _end_turn(self) -> list[Event]:
        self.waiting = (0,) * self.game.players
        for s in range(self.game.players):
            for card in self.zones.zone("revealed", s).cards:
                self.zones = self.zones.move(card, ZoneId("hand", s))
        self.turn += 1
        self.initiative = (self.initiative + 1) % self.game.players
        self.step = self.next_step()
        return []

    def scores(self) -> list[int]:
        return [
            score((self.tribute[s], self.slayer[s], self.seduction[s]))
            for s in range(self.game.players)
        ]

    def outcome(self) -> Outcome:
        keys = [(points, self.blood[s]) for s, points in enumerate(self.scores())]
        ranking = [
            [s for s in range(self.game.players) if keys[s] == key]
            for key in sorted(set(keys), reverse=True)
        ]
        return Outcome.from_ranking(self.game.players, ranking)


def _add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if s == seat else v for s, v in enumerate(values))
