"""GOPS with a Joker, declared on the standard core: hands, prizes, a secret bid, one effect."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar

from ballroom.core import effects as fx
from ballroom.core import words
from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.components import Table
from ballroom.core.errors import EffectError
from ballroom.core.events import Event
from ballroom.core.flow import Flow, Step
from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame, StandardState
from ballroom.core.state import Observation, Outcome
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones, ZonesView, determinize_decks


@dataclass(frozen=True, slots=True)
class Prize:
    name: str
    value: int


@dataclass(frozen=True, slots=True)
class Cards:
    """The data file, read by these declared types."""

    ranks: tuple[str, ...]
    joker: Prize
    abilities: tuple[dict[str, Any], ...]


DATA = Table.of(
    tomllib.loads((Path(__file__).parent / "data" / "cards.toml").read_text(encoding="utf-8")),
    "cards.toml",
).record(Cards)
RANKS = DATA.ranks
SUIT = len(RANKS)
"""Seat ``s`` bids with cards ``s * SUIT`` to ``s * SUIT + SUIT - 1``; the prizes follow."""
PRIZES = 4 * SUIT
JOKER = PRIZES + SUIT
EFFECTS = fx.Effects.of(fx.parse_abilities(DATA.abilities))


class Phase(Enum):
    FLIP = "flip"  # chance: the prize turned up
    BID = "bid"  # every seat at once, in secret
    OVER = "over"


BID = Family("bid", (Param.of_names("card", RANKS),), "Bid a card face down.")
FLIP = Family("flip", (Param.of_names("prize", (*RANKS, DATA.joker.name)),), "The prize shown.")
FLOW = Flow.declare(Phase, {Phase.FLIP: [FLIP], Phase.BID: [BID], Phase.OVER: []})


@dataclass(frozen=True, slots=True)
class Scores:
    """What everyone sees beyond the zones."""

    points: tuple[int, ...]


class Gops(StandardGame[Phase]):
    """The game: its actions, flow, view parts and cards; and how a world is dealt."""

    id: ClassVar[str] = "gops"
    name: ClassVar[str] = "GOPS with a Joker"
    summary: ClassVar[str] = "Bid a card in secret for each prize; the Joker consoles a first win."
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    codec: ClassVar[ActionCodec] = ActionCodec([BID, FLIP])
    flow: ClassVar[Flow[Phase]] = FLOW
    public_part: ClassVar[type[Scores]] = Scores
    cards: ClassVar[tuple[str, ...]] = (*RANKS * 4, *RANKS, DATA.joker.name)

    def new_state(self, seed: int = 0) -> GopsState:
        return GopsState(self, seed)

    def deal(self, zones: ZonesView, rng: Rng) -> Zones:
        """Each seat's unseen cards into its own hand and bid only; prizes into the deck."""
        suits = [
            (range(s * SUIT, (s + 1) * SUIT), (ZoneId("hand", s), ZoneId("bid", s)))
            for s in range(self.players)
        ]
        return determinize_decks(zones, [*suits, (range(PRIZES, JOKER + 1), ("prizes",))], rng)

    def describe_action(self, action: int, observation: Observation) -> str:
        move = self.codec.decode(action)
        if move.family is BID:
            return f"Bid the {RANKS[move.values[0]]}"
        return f"The {self.cards[PRIZES + move.values[0]]} is turned up"


class GopsState(fx.ZoneQuantities, StandardState[Phase]):
    """One game: the zones and the points."""

    game: Gops

    def __init__(self, game: Gops, seed: int) -> None:
        super().__init__(game, seed)
        seats = range(game.players)
        own = [(name, s) for name in ("hand", "bid") for s in seats]
        self.zones = Zones.create(
            game.players,
            [
                Zone(ZoneId("prizes"), Visibility.NOBODY, tuple(range(PRIZES, JOKER + 1))),
                Zone(ZoneId("pot"), Visibility.EVERYONE),
                Zone(ZoneId("spent"), Visibility.EVERYONE),
                *(Zone(ZoneId("won", s), Visibility.EVERYONE) for s in seats),
                *(
                    Zone(ZoneId(n, s), Visibility.OWNER, self.suit(s) if n == "hand" else ())
                    for n, s in own
                ),
            ],
        )
        self.points = [0] * game.players
        self.step = self.next_step()

    @staticmethod
    def suit(seat: int) -> tuple[int, ...]:
        return tuple(range(seat * SUIT, (seat + 1) * SUIT))

    def chances(self) -> list[tuple[Action, float]]:
        return [(FLIP(c - PRIZES), p) for c, p in self.zones.draw_outcomes(ZoneId("prizes"))]

    def choices(self, seat: int) -> list[Action]:
        return [BID(card - seat * SUIT) for card in self.zones.zone("hand", seat).cards]

    def play(self, action: Action, seat: int) -> list[Event]:
        if action.family is FLIP:
            card = PRIZES + action["prize"]
            self.zones = self.zones.move(card, ZoneId("pot"))
            self.step = Step.secret(Phase.BID, range(self.game.players))
            return [Event("flip", f"The {self.game.cards[card]} is turned up.", {"card": card})]
        self.zones = self.zones.move(seat * SUIT + action["card"], ZoneId("bid", seat))
        events = [Event("bid", f"{self.game.player_name(seat)} bids face down.")]
        after = self.step.after(seat)
        if after is not None:
            self.step = after
            return events
        return events + self.reveal()

    def reveal(self) -> list[Event]:
        """Every bid turned up at once; the one highest bid takes the pot."""
        bids = {s: self.zones.zone("bid", s).cards[0] for s in range(self.game.players)}
        for card in bids.values():
            self.zones = self.zones.move(card, ZoneId("spent"))
        told = words.listing(
            f"{self.game.player_name(s)} the {RANKS[c % SUIT]}" for s, c in bids.items()
        )
        events = [Event("reveal", f"Bids: {told}.", {"bids": bids}, reveals=True)]
        top = max(c % SUIT for c in bids.values())
        best = [s for s, c in bids.items() if c % SUIT == top]
        if len(best) == 1:
            events += self.win(best[0])
        else:
            events.append(Event("tie", "The highest bids tie: the pot waits for the next prize."))
        self.step = self.next_step()
        return events

    def win(self, seat: int) -> list[Event]:
        pot = self.zones.zone("pot").cards
        for card in pot:
            self.zones = self.zones.move(card, ZoneId("won", seat))
        self.points[seat] += sum(DATA.joker.value if c == JOKER else c - PRIZES + 1 for c in pot)
        prizes = words.listing(f"the {self.game.cards[c]}" for c in pot)
        events = [Event("win", f"{self.game.player_name(seat)} wins {prizes}.")]
        if JOKER in pot:
            events += EFFECTS.run_now("won-joker", seat, ["joker"], self)
        return events

    def next_step(self) -> Step[Phase]:
        if self.zones.zone("hand", 0).size:
            return Step.chance(Phase.FLIP)
        return Step.over(Phase.OVER)

    def perform(self, seat: int, operation: fx.Primitive, source: str) -> list[Event]:
        if not isinstance(operation, fx.Gain) or operation.resource != "points":
            raise EffectError(f"the Joker may gain points only, not {operation}")
        self.points[seat] += operation.amount
        gained = words.count(operation.amount, "point")
        return [Event("joker", f"{self.game.player_name(seat)} scores {gained} for the Joker.")]

    def outcome(self) -> Outcome:
        top = [seat for seat, p in enumerate(self.points) if p == max(self.points)]
        rest = [seat for seat in range(self.game.players) if seat not in top]
        return Outcome.from_ranking(self.game.players, [top, rest])
