"""Hand-made moments of Dominare, said the way the table looks, then played on.

A rule test says "four players in Season 2; Alex has Ivan Sobol in rank 1
and 5 exposure; Chris has one influence on senate-1; the Merchant Quarter
is worth 4"::

    state = (
        Position(players=4)
        .season(2)
        .ranks(0, "Ivan Sobol")
        .exposure(0, 5)
        .influence("senate-1", 1, 1)
        .vp("merchant-quarter", 4)
        .build(at="canvass")
    )

``build`` leaves the game at the start of a phase of that Season:
``conspiracy`` (agents chosen in secret), ``event``, ``canvass`` or
``actions``, in the player order given by ``order`` (seat order unless
said), with the rest of the Season queued as the game queues it. Agents
are named by their names (the ``copy``-th card of a common agent); an
agent not placed stays in the deck. Every draw is chance, so a
test draws the card it wants with ``draw`` and reveals an event with
``event``. ``act`` plays moves by their texts.
"""

from __future__ import annotations

from ballroom.core.errors import PositionError
from ballroom.core.flow import Step
from ballroom.core.state import CHANCE
from ballroom.core.zones import ZoneId
from ballroom.games.dominare import action_phase
from ballroom.games.dominare.game import Dominare
from ballroom.games.dominare.influence import place
from ballroom.games.dominare.state import DominareState
from ballroom.games.dominare.turn import CATALOG, Phase, Task


def card(name: str, copy: int = 1) -> int:
    """The card id of the agent named ``name``."""
    try:
        return CATALOG.card_named(name, copy)
    except Exception:
        raise PositionError(f"no agent card {name!r} (copy {copy})") from None


PHASE_STARTS = {"event": Task.EVENT, "canvass": Task.CANVASS, "actions": Task.ACTION}
"""The task each phase after the Conspiracy Phase begins with in a Season's agenda."""


class Position:
    """A Season of a game, said player by player; ``build()`` makes the state."""

    def __init__(self, players: int = 4, *, seed: int = 0, **options: object) -> None:
        self._game = Dominare(players, **options)
        self._state = self._game.blank_state(seed)
        self._state.season = 1

    def season(self, season: int) -> Position:
        self._state.season = season
        return self

    def crowns(self, seat: int, crowns: int) -> Position:
        self._state.crowns = _set(self._state.crowns, seat, crowns)
        return self

    def exposure(self, seat: int, exposure: int) -> Position:
        self._state.exposure = _set(self._state.exposure, seat, exposure)
        return self

    def order(self, *seats: int) -> Position:
        """The player order, the scapegoat first."""
        self._state.order = seats
        return self

    def ranks(self, seat: int, *names: str, down: tuple[int, ...] = ()) -> Position:
        """``seat``'s agents from rank 1 (``down``: ranks face down)."""
        state = self._state
        cards = []
        for name in names:
            placed = card(name, _copy(state, name))
            state.zones = state.zones.move(placed, ZoneId("ranks", seat))
            cards.append(placed)
        state.ranks = _set(state.ranks, seat, tuple(cards))
        state.down = _set(state.down, seat, tuple(r + 1 in down for r in range(len(cards))))
        state.used = _set(state.used, seat, (False,) * len(cards))
        return self

    def hand(self, seat: int, *names: str) -> Position:
        state = self._state
        for name in names:
            state.zones = state.zones.move(card(name, _copy(state, name)), ZoneId("hand", seat))
        return self

    def influence(self, block: str, seat: int, tokens: int) -> Position:
        """``tokens`` of ``seat``'s influence on ``block`` (``senate-3``)."""
        try:
            index = self._game.board.index(block)
        except KeyError:
            raise PositionError(f"no block {block!r} on this side of the board") from None
        place(self._state, seat, index, tokens)
        return self

    def vp(self, district: str, value: int) -> Position:
        """The district's VP, a number on the track (1 to 10 as shipped)."""
        index = CATALOG.district(district)
        if not CATALOG.vp_lowest <= value <= CATALOG.vp_highest:
            raise PositionError(
                f"VP {value} for {district} is off the track; "
                f"allowed {CATALOG.vp_lowest} to {CATALOG.vp_highest}"
            )
        self._state.vp = _set(self._state.vp, index, value)
        return self

    def build(self, at: str = "actions") -> DominareState:
        """The state at the start of phase ``at`` of the Season, which then goes on as the
        game plays it: the rest of the Season's phases (its canvassing rank by rank, its
        actions: three each in Season 7, one per agent in Epic), then the next Season."""
        state = self._state
        state.district_used = (False,) * len(CATALOG.districts)
        if at == "conspiracy":
            state.season -= 1
            state.agenda = ((Task.SEASON, 0),)
        elif at in PHASE_STARTS:
            tasks = action_phase.season_tasks(state)
            first = next(i for i, (task, _) in enumerate(tasks) if task is PHASE_STARTS[at])
            state.agenda = tasks[first:]
        else:
            raise PositionError(f"no phase {at!r}; phases: conspiracy, event, canvass, actions")
        state.step = Step.over(Phase.OVER)
        state.proceed()
        return state


def _copy(state: DominareState, name: str) -> int:
    """The first copy of a common agent not yet placed."""
    for copy in range(1, 4):
        try:
            found = CATALOG.card_named(name, copy)
        except Exception:
            break
        if state.zones.locate(found) == ZoneId("agent-deck"):
            return copy
    return 1


def _set(values: tuple[object, ...], index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (*values[:index], value, *values[index + 1 :])


def act(state: DominareState, seat: int, *texts: str) -> None:
    """``seat`` plays each move written ``texts``, in turn."""
    for text in texts:
        state.apply_text(text, seat)


def draw(state: DominareState, *names: str) -> None:
    """Chance draws these agents (or reveals these events, by their names)."""
    for name in names:
        if state.step.name is Phase.EVENT:
            found = next(e for e in CATALOG.events if e.name == name)
            state.apply_text(f"event {found.slug}", CHANCE)
        else:
            state.apply_text(
                f"draw {CATALOG.card_texts[card(name, _deck_copy(state, name))]}", CHANCE
            )


def _deck_copy(state: DominareState, name: str) -> int:
    for copy in range(1, 4):
        found = CATALOG.card_named(name, copy)
        if state.zones.locate(found) == ZoneId("agent-deck"):
            return copy
    raise PositionError(f"no copy of {name!r} is left in the deck")


def block(state: DominareState, name: str) -> tuple[int, int]:
    """(owner, influence) on block ``name`` (owner -1 when vacant)."""
    index = state.board.index(name)
    return state.owners[index], state.tokens[index]
