"""High Card, declared: its steps, actions, zones, abilities and view; the standard core
(``ballroom.core.standard``) gives it determinize, an encoding and a terminal picture."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import ClassVar

from ballroom.core import effects as fx
from ballroom.core import words
from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.errors import EffectError
from ballroom.core.events import Event
from ballroom.core.flow import Flow, Step
from ballroom.core.standard import StandardGame, StandardState
from ballroom.core.state import Observation, Outcome
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones

DATA = tomllib.loads((Path(__file__).parent / "data" / "cards.toml").read_text(encoding="utf-8"))
CARDS: tuple[str, ...] = tuple(DATA["cards"])
"""Card ``i`` has rank ``i + 1``; card 0 is the Jester."""
EFFECTS = fx.Effects.of(fx.parse_abilities(DATA["abilities"]))


VOCABULARY = fx.Vocabulary(nouns={"deck": "deck", "hand": "hand", "points": "point"})
"""What the log and the moves call the zones and quantities the abilities name."""


class Phase(Enum):
    DRAW = "draw"  # chance: the card an ability draws
    PLAY = "play"  # every seat holding cards, at once and in secret
    OFFER = "offer"  # a seat answers an ability's offer
    OVER = "over"


PLAY = Family("play", (Param.of_names("card", CARDS),), "Play a card face down.")
DRAW = Family("draw", (Param.of_names("card", CARDS),), "Chance: the card drawn.")
ANSWER = Family("answer", (Param.of_texts("choice", EFFECTS.labels()),), "Answer an offer.")
FLOW = Flow.declare(
    Phase, {Phase.DRAW: [DRAW], Phase.PLAY: [PLAY], Phase.OFFER: [ANSWER], Phase.OVER: []}
)


@dataclass(frozen=True, slots=True)
class Table:
    """What everyone sees beyond the zones: points, the ability resolving, the ones queued."""

    points: tuple[int, ...]
    effect: fx.Resolution | None
    queue: tuple[tuple[str, int], ...]


class HighCard(StandardGame[Phase]):
    """The game: players, actions, flow, abilities, what everyone sees and the cards."""

    id: ClassVar[str] = "high-card"
    name: ClassVar[str] = "High Card"
    summary: ClassVar[str] = "Play a card in secret; the highest scores. The 1 may draw."
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    codec: ClassVar[ActionCodec] = ActionCodec([PLAY, DRAW, ANSWER])
    flow: ClassVar[Flow[Phase]] = FLOW
    effect_steps = fx.EffectSteps(
        EFFECTS, Phase.OFFER, Phase.DRAW, answer=ANSWER, card=DRAW, vocabulary=VOCABULARY
    )
    public_part: ClassVar[type[Table]] = Table
    cards: ClassVar[tuple[str, ...]] = CARDS

    def describe_action(self, action: int, observation: Observation) -> str:
        """The move in words: "Play the 7", or what an answer does."""
        move = self.codec.decode(action)
        if move.family is ANSWER:
            return fx.describe_answer(EFFECTS, move.values[0], VOCABULARY)
        card = CARDS[move.values[0]]
        return f"Play the {card}" if move.family is PLAY else f"The {card} is drawn"

    def new_state(self, seed: int = 0) -> HighCardState:
        return HighCardState(self, seed)


class HighCardState(fx.ZoneQuantities, StandardState[Phase]):
    """One game: the zones, the points, and the abilities resolving or queued."""

    game: HighCard

    def __init__(self, game: HighCard, seed: int) -> None:
        super().__init__(game, seed)
        seats = range(game.players)
        hands = [Zone(ZoneId(z, s), Visibility.OWNER) for z in ("hand", "played") for s in seats]
        deck = Zone(ZoneId("deck"), Visibility.NOBODY, tuple(range(len(CARDS))))
        self.zones = Zones.create(
            game.players, [deck, Zone(ZoneId("discard"), Visibility.EVERYONE), *hands]
        )
        self.points = [0] * game.players
        self.queue = tuple(("setup", seat) for seat in seats)
        self.resume()

    def choices(self, seat: int) -> list[Action]:
        return [PLAY(card) for card in self.zones.zone("hand", seat).cards]

    def play(self, action: Action, seat: int) -> list[Event]:
        self.zones = self.zones.move(action["card"], ZoneId("played", seat))
        events = [Event("play", f"{self.game.player_name(seat)} plays face down.")]
        after = self.step.after(seat)
        if after is not None:
            self.step = after
            return events
        played = [self.zones.zone("played", seat).cards for seat in range(self.game.players)]
        shown = {seat: cards[0] for seat, cards in enumerate(played) if cards}
        for card in shown.values():
            self.zones = self.zones.move(card, ZoneId("discard"))
        best = max(shown, key=shown.__getitem__)
        self.points[best] += 1
        jester = [("revealed", seat) for seat, card in shown.items() if card == 0]
        self.queue = (*jester, *(("round-end", seat) for seat in range(self.game.players)))
        text = words.listing(f"{self.game.player_name(s)}'s {CARDS[c]}" for s, c in shown.items())
        events.append(Event("reveal", f"Revealed: {text}.", {"best": best}, reveals=True))
        return events + self.resume()

    def next_step(self) -> Step[Phase]:
        holding = [s for s in range(self.game.players) if self.zones.zone("hand", s).size]
        return Step.secret(Phase.PLAY, holding) if holding else Step.over(Phase.OVER)

    # The effects' Host: its points (zones are counted by ZoneQuantities), and the spending.
    def quantity(self, seat: int, name: str, source: str) -> int:
        return self.points[seat] if name == "points" else super().quantity(seat, name, source)

    def perform(self, seat: int, operation: fx.Primitive, source: str) -> list[Event]:
        if not isinstance(operation, fx.Spend) or operation.resource != "points":
            raise EffectError(f"High Card's abilities may spend points only, not {operation}")
        self.points[seat] -= operation.amount
        return [Event("spend", f"{self.game.player_name(seat)} gives up a point to draw.")]

    def outcome(self) -> Outcome:
        top = [seat for seat, p in enumerate(self.points) if p == max(self.points)]
        rest = [seat for seat in range(self.game.players) if seat not in top]
        return Outcome.from_ranking(self.game.players, [top, rest])
