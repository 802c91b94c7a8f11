"""What a card's text (or an item's use) does, one operation at a time.

Texts are data (``components.py``): each operation runs as an agenda task.
"As far as possible" (RULINGS, Dark Tales 2): an item runs out of supply, the
deck runs out, a target is missing, and that part is skipped. A card that
names a card in play lets its player choose which (a TARGET step); "in
play" is every card in front of a player and in the middle. The played card
itself is not in play until its text is done and its VP scored. With
Cinderella a card's tile symbol comes first (``tiles.py``), a card removed
from the game goes on the Ball at the Palace and Day and Night are the two
cards in the middle (``ball.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ballroom.core import words
from ballroom.core.flow import Step
from ballroom.games.dark_tales import ball, chronicle, tiles
from ballroom.games.dark_tales.components import (
    ANY,
    At,
    CardType,
    Daybreak,
    Discard,
    DiscardTile,
    Draw,
    Gain,
    Goes,
    Nightfall,
    Operation,
    Per,
    PerImage,
    Recover,
    Remove,
    Score,
    Take,
    Time,
)
from ballroom.games.dark_tales.faces import ITEM_WORDS
from ballroom.games.dark_tales.state import DISCARD, FRONT, HAND, MIDDLE, REMOVED
from ballroom.games.dark_tales.turn import CATALOG, CHOOSE_IDS, TARGETING, Phase, Task

if TYPE_CHECKING:
    from ballroom.core.actions import Action
    from ballroom.games.dark_tales.state import DarkTalesState

TYPES = {kind.value for kind in CardType}
TEXTS = (
    *(card.does for card in CATALOG.cards),
    *(does for setting in CATALOG.a_cards for _, does in setting.uses),
)
"""Every text: the cards' and the items' uses."""


def start_text(
    state: DarkTalesState, count: int, *, finish: bool = False, tile_symbol: int = 0
) -> None:
    """Queue the tile symbol's takes and flips (if any), the ``count`` operations of the text
    being carried out, then its ending."""
    done = (Task.FINISH_CARD, 0) if finish else (Task.FINISH_ITEM, 0)
    if tile_symbol:
        state.push((Task.TILE, tile_symbol), *TEXT_TASKS[count], done)
    else:
        state.push(*TEXT_TASKS[count], done)


TEXT_TASKS = tuple(
    tuple((Task.OPERATION, index) for index in range(count))
    for count in range(1 + max(len(does) for does in TEXTS))
)
"""The agenda's tasks carrying out a text of each length, made once (a card is played at
every turn)."""


def operations(state: DarkTalesState) -> tuple[Operation, ...]:
    """The text being carried out: the played card's, or the used item's."""
    if state.using is not None:
        assert state.a_card is not None
        does = CATALOG.a_cards[state.a_card].use(state.using)
        assert does is not None
        return does
    assert state.playing is not None
    return CATALOG.cards[state.playing].does


def matches(card: int, what: str) -> bool:
    """Whether ``card`` is ``what``: a type, any card, or a card's name."""
    found = CATALOG.cards[card]
    if what == ANY:
        return True
    return found.type.value == what if what in TYPES else found.name == what


def _kinds() -> dict[str, frozenset[int]]:
    names = {card.name for card in CATALOG.cards}
    return {
        what: frozenset(card for card in range(len(CATALOG.cards)) if matches(card, what))
        for what in (*TYPES, ANY, *names)
    }


KINDS = _kinds()
"""The cards that are each ``what`` a text may name (``matches``), worked out once: every
target a text names is looked for among the cards in play."""


def targets(state: DarkTalesState, what: str) -> frozenset[int]:
    """The cards in play that are ``what``."""
    return KINDS[what].intersection(state.in_play())


def named(does: Sequence[Operation]) -> tuple[frozenset[int], ...]:
    """The kinds of card a text names as its targets (``KINDS``), in its order."""
    return tuple(KINDS[op.what] for op in does if isinstance(op, Take | Discard | Remove))


def usable(state: DarkTalesState, seat: int, does: Sequence[Operation]) -> bool:
    """Whether every card a text names is in play (an item is used only then)."""
    return all_in_play(state, named(does))


def all_in_play(state: DarkTalesState, kinds: Sequence[frozenset[int]]) -> bool:
    """Whether a card of each of ``kinds`` is in play."""
    if not kinds:
        return True
    in_play = state.in_play()
    return all(not kind.isdisjoint(in_play) for kind in kinds)


def operation(state: DarkTalesState, index: int) -> Step[Phase] | None:
    """Carry out operation ``index`` of the text, or wait for its target."""
    op = operations(state)[index]
    seat = state.player
    match op:
        case Gain(item, count):
            got = min(count, state.supply(item))
            if got:
                state.change_item(seat, item, got)
                said = words.count(got, ITEM_WORDS[item])
                state.tell(
                    "gain",
                    "{player} takes {items}.",
                    seat,
                    count=got,
                    item=item.value,
                    items=said,
                )
        case Draw(count):
            state.push(*((Task.DRAW, seat) for _ in range(count)))
        case Per(what, vp):
            _score(state, seat, vp * len(targets(state, what)))
        case Score(vp):
            _score(state, seat, vp)
        case At(time, vp):
            if state.time() is time:
                _score(state, seat, vp)
        case Take(what) | Discard(what) | Remove(what):
            if targets(state, what):
                state.target_of = index
                return TARGETING[seat]
        case Recover(count):
            for _ in range(count):
                pile = state.zones.zones[DISCARD].cards
                if pile:
                    state.zones = state.zones.move(pile[-1], HAND[seat])
                    name = CATALOG.cards[pile[-1]].name
                    state.tell(
                        "recover", "{player} takes {card} from the discard.", seat, card=name
                    )
        case Nightfall():
            nightfall(state)
        case Daybreak():
            ball.daybreak(state)
        case PerImage(image, vp):
            seats = range(state.game.players)
            _score(state, seat, vp * sum(tiles.images(state.faces(s), image) for s in seats))
        case DiscardTile():
            return tiles.target_step(state)
    return None


def target_ids(state: DarkTalesState, seat: int) -> list[int]:
    """Choose a card in play that the operation names."""
    op = operations(state)[state.target_of]
    assert isinstance(op, Take | Discard | Remove)
    return sorted([CHOOSE_IDS[card] for card in targets(state, op.what)])


def play_target(state: DarkTalesState, action: Action, seat: int) -> None:
    card: int = action.values[0]
    op = operations(state)[state.target_of]
    name = CATALOG.cards[card].name
    if isinstance(op, Take):
        state.zones = state.zones.move(card, HAND[seat])
        state.tell("take", "{player} takes {card} into their hand.", seat, card=name)
    elif isinstance(op, Discard):
        state.zones = state.zones.move(card, DISCARD)
        state.tell("discard", "{player} discards {card}.", seat, card=name)
    elif state.game.cinderella:
        ball.remove(state, card)
    else:
        state.zones = state.zones.move(card, REMOVED)
        state.tell("remove", "{player} removes {card} from the game.", seat, card=name)


def nightfall(state: DarkTalesState) -> None:
    """Day turns into night: the Day card in the middle is discarded and the top Night
    card of the discard pile (if any) takes its place (this implementation's ruling 4); with
    Cinderella the Night card goes on top of the Day in the middle."""
    if state.game.cinderella:
        ball.nightfall(state)
        return
    if state.time() is not Time.DAY:
        return
    for card in state.zones.zones[MIDDLE].cards:
        if CATALOG.cards[card].time is Time.DAY:
            state.zones = state.zones.move(card, DISCARD)
    nights = [c for c in state.zones.zones[DISCARD].cards if CATALOG.cards[c].time is Time.NIGHT]
    if nights:
        state.zones = state.zones.move(nights[-1], MIDDLE)
    state.say("nightfall", "Night falls.")


def finish_card(state: DarkTalesState, _: int) -> None:
    """Score the played card's VP; it goes where its symbol says. A Day or Night card in the
    middle replaces the Day or Night card there."""
    card = state.playing
    assert card is not None
    found = CATALOG.cards[card]
    seat = state.player
    _score(state, seat, found.vp)
    if found.goes is Goes.FRONT:
        state.zones = state.zones.move(card, FRONT[seat])
    elif found.goes is Goes.MIDDLE:
        if found.time is not None:
            for old in state.zones.zones[MIDDLE].cards:
                if CATALOG.cards[old].time is not None:
                    state.zones = state.zones.move(old, DISCARD)
        state.zones = state.zones.move(card, MIDDLE)
    else:
        state.zones = state.zones.move(card, DISCARD)
    chronicle.card_finished(state, card)
    state.playing = None


def finish_item(state: DarkTalesState, _: int) -> None:
    state.using = None


def _score(state: DarkTalesState, seat: int, vp: int) -> None:
    if vp:
        state.score(seat, vp)
        state.tell("score", "{player} scores {vp} VP.", seat, vp=vp)
