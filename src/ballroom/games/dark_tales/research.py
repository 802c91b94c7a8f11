"""Research variant: a two-player Dark Tales small enough for CFR. Not the rulebook's.

The rulebook's game deals from a deck of dozens of cards, with Setting cards,
items, tiles and Balls: no algorithm walks its whole tree, and its state
deals from a seeded generator. This miniature keeps the turn (draw while the
deck lasts, play one card, score its VP, do its text, the card goes where its
symbol says) and a final Ball, with five of the rulebook's cards:

- two players; the deck is a Young Hero, a King, a Princess, an Ogre and a
  Queen (``research-deck`` 4 leaves out the Queen), with the rulebook's VP,
  kind and symbol (``data/``); chance deals two to each player, one card at a
  time (seat 0, seat 1, seat 0, seat 1), and the fifth stays in the deck to
  be drawn: every deal and draw is a chance node;
- seat 0 begins; a player draws while the deck lasts, then plays a card: it
  scores the card's VP and does its text, as far as possible, on the
  target with the most VP (the first in the deck's order on a tie): the Young Hero discards a Monster, the Ogre a
  Female, the Princess takes a Male in front of the other player (the King's
  gold coin and the Queen's two are left out: no items);
- when both hands are empty the game ends with a Ball: each Male-Female couple
  a player forms from the cards in front of it scores 2 VP (1 a dancer).

The most VP wins; a tie is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.events import Event
from ballroom.core.flow import Flow, Step
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.standard import StandardGame, StandardState
from ballroom.core.state import Observation, Outcome
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones, ZonesView, determinize
from ballroom.games.dark_tales.components import Card, CardType, Goes, default_catalog

NAMES = ("Young Hero", "King", "Princess", "Ogre", "Queen")


def _rulebook_card(name: str) -> Card:
    return next(card for card in default_catalog().cards if card.name == name)


CARDS: tuple[Card, ...] = tuple(_rulebook_card(name) for name in NAMES)
YOUNG_HERO, KING, PRINCESS, OGRE, QUEEN = range(len(NAMES))
TARGETS = {YOUNG_HERO: CardType.MONSTER, OGRE: CardType.FEMALE, PRINCESS: CardType.MALE}
"""The kind of card each text acts on."""
HAND = 2
DECK = "research-deck"
SLUGS = tuple(name.lower().replace(" ", "-") for name in NAMES)
"""The cards as moves name them."""


class Phase(Enum):
    DEAL = "deal"  # chance: the card dealt or drawn
    PLAY = "play"  # the player whose turn it is plays a card
    OVER = "over"


DEAL = Family("deal", (Param.of_names("card", SLUGS),), "Chance: the card dealt or drawn.")
PLAY = Family("play", (Param.of_names("card", SLUGS),), "Play a card from your hand.")
FLOW = Flow.declare(Phase, {Phase.DEAL: [DEAL], Phase.PLAY: [PLAY], Phase.OVER: []})


@dataclass(frozen=True, slots=True)
class Tale:
    """What everyone sees beyond the zones."""

    turn: int
    player: int
    vp: tuple[int, ...]
    drawn: bool
    """Whether the player whose turn it is has drawn (or found the deck empty)."""


class DarkTalesResearch(StandardGame[Phase]):
    """The miniature; see the module's docstring. Not registered among the rulebook games."""

    id: ClassVar[str] = "dark-tales-research"
    name: ClassVar[str] = "Dark Tales (research variant, not the rulebook's)"
    summary: ClassVar[str] = "Five cards, two players, a final Ball: a tree CFR can walk."
    rules_version: ClassVar[str] = "research-1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                DECK,
                "Research: the deck is the first this many of the Young Hero, King, Princess, "
                "Ogre and Queen.",
                5,
                minimum=4,
                maximum=5,
            ),
        )
    )
    codec: ClassVar[ActionCodec] = ActionCodec([DEAL, PLAY])
    flow: ClassVar[Flow[Phase]] = FLOW
    public_part: ClassVar[type[Tale]] = Tale
    cards: ClassVar[tuple[str, ...]] = NAMES

    def new_state(self, seed: int = 0) -> DarkTalesResearchState:
        return DarkTalesResearchState(self, seed)

    def deal(self, zones: ZonesView, rng: Rng) -> Zones:
        """The unseen cards of the deck in play (``research-deck``) among the hidden zones."""
        return determinize(zones, range(int(self.options[DECK])), rng)

    def describe_action(self, action: int, observation: Observation) -> str:
        """The move in words: "Play the Young Hero", or the card dealt."""
        move = self.codec.decode(action)
        card = NAMES[move["card"]]
        return f"Play the {card}" if move.family is PLAY else f"The {card} is dealt"


class DarkTalesResearchState(StandardState[Phase]):
    """One game: the deck, hands, cards in front of each player and in the middle."""

    game: DarkTalesResearch

    def __init__(self, game: DarkTalesResearch, seed: int) -> None:
        super().__init__(game, seed)
        seats = range(game.players)
        self.zones = Zones.create(
            game.players,
            [
                Zone(ZoneId("deck"), Visibility.NOBODY, tuple(range(int(game.options[DECK])))),
                Zone(ZoneId("middle"), Visibility.EVERYONE),
                Zone(ZoneId("discard"), Visibility.EVERYONE),
                *(Zone(ZoneId("hand", s), Visibility.OWNER) for s in seats),
                *(Zone(ZoneId("front", s), Visibility.EVERYONE) for s in seats),
            ],
        )
        self.turn = 0
        self.player = 0
        self.vp = (0,) * game.players
        self.drawn = False
        self.step = self.next_step()

    def turns(self) -> int:
        return self.turn

    def _hands(self) -> int:
        return sum(self.zones.zone("hand", s).size for s in range(self.game.players))

    def next_step(self) -> Step[Phase]:
        """The deal, then each turn's draw while the deck lasts and play, then the end."""
        deck = self.zones.zone("deck").size
        if self.turn == 0 and self._hands() < HAND * self.game.players:
            return Step.chance(Phase.DEAL)
        if not self.drawn and deck:
            return Step.chance(Phase.DEAL)
        if self.zones.zone("hand", self.player).size:
            return Step.seat(Phase.PLAY, self.player)
        return Step.over(Phase.OVER)

    def chances(self) -> list[tuple[Action, float]]:
        return [(DEAL(card), p) for card, p in self.zones.draw_outcomes(ZoneId("deck"))]

    def choices(self, seat: int) -> list[Action]:
        return [PLAY(card) for card in self.zones.zone("hand", seat).cards]

    def play(self, action: Action, seat: int) -> list[Event]:
        if self.step.name is Phase.DEAL:
            if self.turn == 0:
                to = self._hands() % self.game.players
                if self._hands() + 1 == HAND * self.game.players:
                    self.turn = 1
            else:
                to, self.drawn = self.player, True
            self.zones = self.zones.move(action["card"], ZoneId("hand", to))
            self.step = self.next_step()
            return [Event("deal", f"{self.game.player_name(to)} takes a card.")]
        return self._play(action["card"], seat)

    def _play(self, card: int, seat: int) -> list[Event]:
        rulebook = CARDS[card]
        name = self.game.player_name(seat)
        where = ZoneId("middle") if rulebook.goes is Goes.MIDDLE else ZoneId("front", seat)
        self.zones = self.zones.move(card, where)
        self.vp = tuple(v + rulebook.vp if s == seat else v for s, v in enumerate(self.vp))
        events = [Event("play", f"{name} plays the {rulebook.name} for {rulebook.vp} VP.")]
        events += self._text(card, seat)
        if self._hands():
            self.player = 1 - self.player if self.zones.zone("hand", 1 - seat).size else seat
            self.turn += 1
            self.drawn = False
        self.step = self.next_step()
        if self.step.name is Phase.OVER:
            events += self._ball()
        return events

    def _text(self, card: int, seat: int) -> list[Event]:
        """The card's text on the card of its kind in play it may touch with the most VP."""
        kind = TARGETS.get(card)
        if kind is None:
            return []
        other = ZoneId("front", 1 - seat)
        places = (other,) if card == PRINCESS else (other, ZoneId("front", seat), ZoneId("middle"))
        in_play = {c for place in places for c in self.zones[place].cards}
        targets = [c for c in sorted(in_play) if CARDS[c].type is kind]
        if not targets:
            return []
        target = max(targets, key=lambda c: CARDS[c].vp)
        if card == PRINCESS:
            self.zones = self.zones.move(target, ZoneId("front", seat))
            verb = "takes"
        else:
            self.zones = self.zones.move(target, ZoneId("discard"))
            verb = "discards"
        return [Event("text", f"The {NAMES[card]} {verb} the {NAMES[target]}.")]

    def _ball(self) -> list[Event]:
        """Each player's Male-Female couples in front of it: 1 VP a dancer."""
        events = []
        vp = list(self.vp)
        for seat in range(self.game.players):
            front = [CARDS[c].type for c in self.zones.zone("front", seat).cards]
            couples = min(front.count(CardType.MALE), front.count(CardType.FEMALE))
            vp[seat] += 2 * couples
            said = f"{self.game.player_name(seat)} dances {couples} couple(s) at the Ball."
            events.append(Event("ball", said))
        self.vp = tuple(vp)
        return events

    def outcome(self) -> Outcome:
        ranking = [
            [s for s in range(self.game.players) if self.vp[s] == v]
            for v in sorted(set(self.vp), reverse=True)
        ]
        return Outcome.from_ranking(self.game.players, ranking)
