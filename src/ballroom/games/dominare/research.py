"""Research variant: a two-player Dominare small enough for CFR. Not the rulebook's.

The rulebook's game is seven Seasons over a city of districts with 95 agent
cards, events, a draft and dozens of abilities: no algorithm walks its whole
tree. This miniature keeps the Conspiracy Phase (each player reveals an agent
from a secret hand, both at once), exposure deciding the scapegoat and the
player order, influence controlling blocks, and the rulebook's scoring, and
shrinks the rest:

- two players, ``research-seasons`` Seasons (default 2), two blocks (worth
  2 and 1 VP), no districts, events, draft, crowns spent or abilities;
- four stand-in agents (an influence, an exposure and an income each: not
  rulebook cards), dealt two to each player by chance, one card at a time
  (seat 0, seat 1, seat 0, seat 1), so OpenSpiel enumerates the deals;
- each Season both reveal an agent in secret, add its exposure and collect
  its income in crowns; the one with more exposure is the scapegoat (on a tie,
  the higher single exposure, then the other player than the last scapegoat)
  and places first: all its new agent's influence in one block, the other
  player then the same;
- the most influence in a block controls it (a tie: nobody).

Scoring is the rulebook's: blocks' VP, less exposure (the player with the
least, or both if tied, lose nothing; the one with most loses 1 VP per 3 full
points); the most VP wins, ties broken by crowns, then a shared win.
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
from ballroom.core.standard import StandardGame, StandardState
from ballroom.core.state import Observation, Outcome
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones


@dataclass(frozen=True, slots=True)
class StandIn:
    """A research agent: not a rulebook card."""

    name: str
    influence: int
    exposure: int
    income: int


AGENTS = (
    StandIn("Street Urchin", 1, 0, 1),
    StandIn("Guild Merchant", 2, 2, 2),
    StandIn("Templar", 2, 1, 0),
    StandIn("Senator", 3, 4, 1),
)
SLUGS = tuple(agent.name.lower().replace(" ", "-") for agent in AGENTS)
"""The agents as moves name them."""
BLOCK_VP = (2, 1)
SEASONS = "research-seasons"
HAND = 2
PENALTY_PER = 3
"""The player with the most exposure loses 1 VP for each 3 full points."""


class Phase(Enum):
    DEAL = "deal"  # chance: the agent dealt next
    CONSPIRACY = "conspiracy"  # both players, at once and in secret
    CANVASS = "canvass"  # the player placing its new agent's influence
    OVER = "over"


DEAL = Family("deal", (Param.of_names("agent", SLUGS),), "Chance: an agent.")
REVEAL = Family("reveal", (Param.of_names("agent", SLUGS),), "Reveal an agent.")
PLACE = Family("place", (Param.of_range("block", 1, len(BLOCK_VP)),), "Place influence in a block.")
FLOW = Flow.declare(
    Phase,
    {Phase.DEAL: [DEAL], Phase.CONSPIRACY: [REVEAL], Phase.CANVASS: [PLACE], Phase.OVER: []},
)


@dataclass(frozen=True, slots=True)
class City:
    """What everyone sees beyond the zones."""

    season: int
    scapegoat: int
    exposure: tuple[int, ...]
    crowns: tuple[int, ...]
    first_block: tuple[int, ...]
    """Each player's influence in block 1."""
    second_block: tuple[int, ...]


def exposure_loss(exposure: tuple[int, ...]) -> list[int]:
    """The rulebook's exposure penalty, for two players."""
    low, high = min(exposure), max(exposure)
    return [0 if e == low else e // PENALTY_PER if e == high else e // 5 for e in exposure]


class DominareResearch(StandardGame[Phase]):
    """The miniature; see the module's docstring. Not registered among the rulebook games."""

    id: ClassVar[str] = "dominare-research"
    name: ClassVar[str] = "Dominare (research variant, not the rulebook's)"
    summary: ClassVar[str] = "Two conspiracies, two Seasons, two blocks: a tree CFR can walk."
    rules_version: ClassVar[str] = "research-1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                SEASONS, "Research: Seasons played (the rulebook plays 7).", 2, minimum=1, maximum=2
            ),
        )
    )
    codec: ClassVar[ActionCodec] = ActionCodec([DEAL, REVEAL, PLACE])
    flow: ClassVar[Flow[Phase]] = FLOW
    public_part: ClassVar[type[City]] = City
    cards: ClassVar[tuple[str, ...]] = tuple(a.name for a in AGENTS)

    def new_state(self, seed: int = 0) -> DominareResearchState:
        return DominareResearchState(self, seed)

    def describe_action(self, action: int, observation: Observation) -> str:
        """The move in words: "Reveal the Senator", "Place influence in block 1"."""
        move = self.codec.decode(action)
        if move.family is PLACE:
            return f"Place influence in block {move['block']}"
        agent = AGENTS[move["agent"]].name
        return f"Reveal the {agent}" if move.family is REVEAL else f"The {agent} is dealt"


class DominareResearchState(StandardState[Phase]):
    """One game: the agent deck, hands and ranks, and the city's influence."""

    game: DominareResearch

    def __init__(self, game: DominareResearch, seed: int) -> None:
        super().__init__(game, seed)
        seats = range(game.players)
        self.zones = Zones.create(
            game.players,
            [
                Zone(ZoneId("deck"), Visibility.NOBODY, tuple(range(len(AGENTS)))),
                *(Zone(ZoneId("hand", s), Visibility.OWNER) for s in seats),
                *(Zone(ZoneId("chosen", s), Visibility.OWNER) for s in seats),
                *(Zone(ZoneId("ranks", s), Visibility.EVERYONE) for s in seats),
            ],
        )
        self.season = 0
        self.scapegoat = 0
        """The youngest player, seat 0, starts as the scapegoat."""
        self.exposure = self.crowns = (0,) * game.players
        self.first_block = self.second_block = (0,) * game.players
        self.step = self.next_step()

    def turns(self) -> int:
        return self.season

    def next_step(self) -> Step[Phase]:
        """Deal until every hand is full, then a Season's Conspiracy Phase, or the end."""
        dealt = sum(self.zones.zone("hand", s).size for s in range(self.game.players))
        if self.season == 0 and dealt < HAND * self.game.players:
            return Step.chance(Phase.DEAL)
        if self.season < int(self.game.options[SEASONS]):
            return Step.secret(Phase.CONSPIRACY, range(self.game.players))
        return Step.over(Phase.OVER)

    def chances(self) -> list[tuple[Action, float]]:
        return [(DEAL(card), p) for card, p in self.zones.draw_outcomes(ZoneId("deck"))]

    def choices(self, seat: int) -> list[Action]:
        if self.step.name is Phase.CONSPIRACY:
            return [REVEAL(card) for card in self.zones.zone("hand", seat).cards]
        return [PLACE(block) for block in range(1, len(BLOCK_VP) + 1)]

    def play(self, action: Action, seat: int) -> list[Event]:
        phase = self.step.name
        if phase is Phase.DEAL:
            dealt = sum(self.zones.zone("hand", s).size for s in range(self.game.players))
            self.zones = self.zones.move(action["agent"], ZoneId("hand", dealt % 2))
            self.step = self.next_step()
            return [Event("deal", f"An agent is dealt to {self.game.player_name(dealt % 2)}.")]
        if phase is Phase.CONSPIRACY:
            return self._choose(action["agent"], seat)
        return self._place(action["block"], seat)

    def _choose(self, agent: int, seat: int) -> list[Event]:
        self.zones = self.zones.move(agent, ZoneId("chosen", seat))
        events = [Event("choose", f"{self.game.player_name(seat)} chooses an agent.")]
        after = self.step.after(seat)
        if after is not None:
            self.step = after
            return events
        self.season += 1
        revealed = {s: self.zones.zone("chosen", s).cards[0] for s in range(self.game.players)}
        exposure, crowns = list(self.exposure), list(self.crowns)
        for s, card in revealed.items():
            self.zones = self.zones.move(card, ZoneId("ranks", s))
            exposure[s] += AGENTS[card].exposure
            crowns[s] += AGENTS[card].income
        self.exposure, self.crowns = tuple(exposure), tuple(crowns)
        self.scapegoat = self._new_scapegoat()
        told = words.listing(
            f"{self.game.player_name(s)} {AGENTS[c].name}" for s, c in revealed.items()
        )
        events.append(Event("reveal", f"Revealed: {told}.", reveals=True))
        self.step = Step.seat(Phase.CANVASS, self.scapegoat)
        return events

    def _new_scapegoat(self) -> int:
        """Most exposure; then the highest single exposure; then the other player."""

        def key(seat: int) -> tuple[int, int]:
            ranks = self.zones.zone("ranks", seat).cards
            return self.exposure[seat], max(AGENTS[c].exposure for c in ranks)

        a, b = key(0), key(1)
        if a == b:
            return 1 - self.scapegoat
        return 0 if a > b else 1

    def _place(self, block: int, seat: int) -> list[Event]:
        agent = self.zones.zone("ranks", seat).cards[-1]
        amount = AGENTS[agent].influence
        name = "first_block" if block == 1 else "second_block"
        held = getattr(self, name)
        setattr(self, name, tuple(v + amount if s == seat else v for s, v in enumerate(held)))
        # The scapegoat places first, the other player second.
        second = seat == self.scapegoat
        self.step = Step.seat(Phase.CANVASS, 1 - seat) if second else self.next_step()
        told = f"{self.game.player_name(seat)} places {amount} influence in block {block}."
        return [Event("place", told)]

    def victory_points(self) -> list[int]:
        points = [-loss for loss in exposure_loss(self.exposure)]
        for vp, block in zip(BLOCK_VP, (self.first_block, self.second_block), strict=True):
            top = max(block)
            leaders = [s for s, v in enumerate(block) if v == top and v > 0]
            if len(leaders) == 1:
                points[leaders[0]] += vp
        return points

    def outcome(self) -> Outcome:
        points = self.victory_points()
        keys = [(points[s], self.crowns[s]) for s in range(self.game.players)]
        ranking = [
            [s for s in range(self.game.players) if keys[s] == key]
            for key in sorted(set(keys), reverse=True)
        ]
        return Outcome.from_ranking(self.game.players, ranking)
