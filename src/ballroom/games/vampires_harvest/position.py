"""Hand-made moments of Vampire's Harvest, said the way the table looks, then played on.

A rule test says "three players on turn 4, Player 2 holds the Initiative;
Player 1 has 12 Blood and Speed 2; Area 1 shows the Ghoul Pack and a Tithe;
the Pool holds 9 Blood"::

    state = (
        Position(players=3)
        .turn(4)
        .initiative(1)
        .blood(0, 12)
        .skills(0, speed=2)
        .area(1, "ghoul-pack-1", "tithe-to-the-prince-1")
        .pool(9)
        .build()
    )

``build()`` leaves the game at Select Actions of that turn (its Prepare
done); ``build(at="prepare")`` at the start of the turn's Prepare phase
(before the turn marker advances, so ``turn(4)`` then plays turn 5).
Cards are named by their action texts (``ghoul-pack-1``); a card not placed
stays in its deck. Every draw is chance, so a test draws the card it wants
with ``draw``.

Then ``select`` plays the secret choices, and ``act``, ``roll`` and ``draw``
the moves and the chance outcomes, by their texts.
"""

from __future__ import annotations

from collections.abc import Mapping

from ballroom.core.errors import PositionError
from ballroom.core.flow import Step
from ballroom.core.state import CHANCE
from ballroom.core.zones import ZoneId
from ballroom.games.vampires_harvest.cards import discard_of
from ballroom.games.vampires_harvest.game import VampiresHarvest
from ballroom.games.vampires_harvest.prepare import turn_agenda
from ballroom.games.vampires_harvest.rules import HarvestRules
from ballroom.games.vampires_harvest.state import HarvestState
from ballroom.games.vampires_harvest.turn import CATALOG, ActionCard, Phase, Skill, Task, Track


def card_id(text: str) -> int:
    """The id of the card written ``text`` (``ghoul-pack-1``)."""
    try:
        return CATALOG.texts.index(text)
    except ValueError:
        raise PositionError(f"no card {text!r}; cards are written like ghoul-pack-1") from None


class Position:
    """A turn of a game, said player by player; ``build()`` makes the state."""

    def __init__(self, players: int = 3, *, seed: int = 0, **options: object) -> None:
        self._game = VampiresHarvest(players, **options)
        self._state: HarvestState = HarvestRules(self._game, seed, deal=False)
        self._placed: list[tuple[int, ZoneId]] = []

    def turn(self, turn: int) -> Position:
        self._state.turn = turn
        return self

    def initiative(self, seat: int) -> Position:
        self._state.initiative = seat
        return self

    def pool(self, blood: int) -> Position:
        self._state.pool = blood
        return self

    def blood(self, seat: int, blood: int) -> Position:
        state = self._state
        state.gain_blood(seat, blood - state.blood[seat])
        return self

    def skill_points(self, seat: int, points: int) -> Position:
        state = self._state
        state.gain_points(seat, points - state.skill_points[seat])
        return self

    def tracks(self, seat: int, tribute: int, slayer: int, seduction: int) -> Position:
        state = self._state
        for track, value in zip(Track, (tribute, slayer, seduction), strict=True):
            state.score(seat, track, value - state.track(seat, track))
        return self

    def skills(self, seat: int, **levels: int) -> Position:
        """Skill levels by name: ``speed=2, blood_fury=4``."""
        state = self._state
        for name, level in levels.items():
            skill = Skill(name.replace("_", "-"))
            while state.level(seat, skill) < level:
                state.raise_skill(seat, skill)
        return self

    def broker_used(self, seat: int) -> Position:
        used = list(self._state.broker_used)
        used[seat] = True
        self._state.broker_used = tuple(used)
        return self

    def area(self, area: int, *cards: str) -> Position:
        return self._place(ZoneId(f"area-{area}"), cards)

    def hand(self, seat: int, *cards: str) -> Position:
        """Bloodstones in the seat's hand."""
        return self._place(ZoneId("hand", seat), cards)

    def event(self, card: str) -> Position:
        return self._place(ZoneId("event"), (card,))

    def trained(self, seat: int, *cards: str) -> Position:
        return self._place(ZoneId("trained", seat), cards)

    def discard(self, *cards: str) -> Position:
        """Cards put in their discard piles (to empty a deck, for instance)."""
        for text in cards:
            self._placed.append((card_id(text), discard_of(card_id(text))))
        return self

    def used(self, seat: int, *cards: str) -> Position:
        """Action cards the seat has discarded after use (``late-decision``, ``chance-encounter``)."""
        discarded = list(self._state.discarded)
        discarded[seat] = (*discarded[seat], *(ActionCard(card) for card in cards))
        self._state.discarded = tuple(discarded)
        return self

    def closed(self, *areas: int) -> Position:
        self._state.closed = tuple(areas)
        return self

    def _place(self, zone: ZoneId, cards: tuple[str, ...]) -> Position:
        self._placed.extend((card_id(text), zone) for text in cards)
        return self

    def build(self, at: str = "select") -> HarvestState:
        """The state at Select Actions (``at="select"``) or before Prepare (``"prepare"``)."""
        state = self._state
        for card, zone in self._placed:
            state.zones = state.zones.move(card, zone)
        if at == "select":
            state.agenda = ((Task.SELECT, 0), (Task.REVEAL, 0), (Task.END_TURN, 0))
        elif at == "prepare":
            state.agenda = turn_agenda(state, first=False)
        else:
            raise PositionError(f"a position is built at select or prepare, not {at!r}")
        state.step = Step.over(Phase.OVER)
        state.proceed()
        state.told = []
        return state


def act(state: HarvestState, seat: int, *texts: str) -> None:
    """``seat`` plays the moves written ``texts``, one after another."""
    for text in texts:
        state.apply_text(text, seat)


def select(state: HarvestState, choices: Mapping[int, str]) -> None:
    """Each seat chooses its Action card (by its text: ``harvest``, ``area-1``)."""
    for seat, card in choices.items():
        state.apply_text(f"select {card}", seat)


def roll(state: HarvestState, *faces: int) -> None:
    """Chance rolls these faces, one die after another."""
    for face in faces:
        if state.step.name is not Phase.ROLL:
            raise PositionError(f"a die was to be rolled, but the step is {state.step.name.value}")
        state.apply_text(f"roll {face}", CHANCE)


def draw(state: HarvestState, *cards: str) -> None:
    """Chance draws these cards, one after another."""
    for text in cards:
        state.apply_text(f"draw {text}", CHANCE)


def zone_cards(state: HarvestState, name: str, owner: int | None = None) -> list[str]:
    """The texts of the cards in a zone, bottom to top."""
    return [CATALOG.texts[card] for card in state.zones.zone(name, owner).cards]
