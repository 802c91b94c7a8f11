"""The Ball at the Palace: cards removed from the game, the Balls, the couples, the final Ball.

With Cinderella a card that must be removed from the game goes face down on
the Ball at the Palace card instead (known by name if every player saw it in
play, else seen by nobody). When a third would go there, the three are removed
from the game, day turns into night, and a Ball is held: from the player whose
turn it is, clockwise, each player scores the VP its tiles show, flips all its
Shoes, then forms Male-Female couples of its cards in front and the cards in
the middle (never two from the middle; each card dances once for each
player); a dancing card in front of its player scores its Musical Notes, or 1.
Then the cards in the middle that danced are discarded. The card whose text
was being carried out waits, and goes on after the Ball; it dances where its
symbol will put it (the rulebook's example: the Stepsisters whose removal
holds the Ball dance with the Old Sage), but is not discarded with the
middle's dancers, as it is not placed yet.

When the game ends a final Ball is held, without tile VP or Shoes flipped;
instead the most Pumpkins, Shoes, Mice and Birds shown score as the
Cinderella B card says, tied players each scoring in full and the next rank
lowered by the number tied.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ballroom.core.flow import Step
from ballroom.core.zones import Visibility, ZoneId
from ballroom.games.dark_tales import tiles
from ballroom.games.dark_tales.components import CardType, Goes, Image, Time
from ballroom.games.dark_tales.couples import Couple, best_couples
from ballroom.games.dark_tales.state import DISCARD, FRONT, MIDDLE, REMOVED
from ballroom.games.dark_tales.turn import (
    BEST,
    BEST_ID,
    CATALOG,
    STOP,
    STOP_ID,
    Phase,
    Task,
    couple_id,
)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ballroom.core.actions import Action
    from ballroom.games.dark_tales.state import DarkTalesState

BALL = ZoneId.parse("ball")
"""The cards face down on the Ball at the Palace that every player saw in play: known by name."""
BALL_UNSEEN = ZoneId.parse("ball-unseen")
"""The cards face down on it that came from a hand or the deck: nobody sees them."""
DURING = 0
"""A Ball during the game (``Task.BALL``'s argument)."""
FINAL = 1
"""The final Ball."""
RULES = CATALOG.cinderella


def remove(state: DarkTalesState, card: int) -> None:
    """``card`` goes face down on the Ball at the Palace card; a card too many holds a Ball.

    A card every player saw in play stays known by name; one from a hand or the deck is
    hidden from everyone, its count showing (RULINGS, Dark Tales 5). When a third comes,
    all three leave the game as they lie: nothing is turned up."""
    seen = state.zones[state.zones.locate(card)].visibility is Visibility.EVERYONE
    state.zones = state.zones.move(card, BALL if seen else BALL_UNSEEN)
    if seen:
        state.say(
            "ball-card",
            "{player} puts {card} on the Ball at the Palace.",
            player=state.name(state.player),
            seat=state.player,
            card=CATALOG.cards[card].name,
        )
    else:
        state.say(
            "ball-card-unseen",
            "{player} puts a card face down on the Ball at the Palace.",
            player=state.name(state.player),
            seat=state.player,
        )
    if held(state) <= RULES.holds:
        return
    for place, out in ((BALL, REMOVED), (BALL_UNSEEN, REMOVED_UNSEEN)):
        for lying in state.zones[place].cards:
            state.zones = state.zones.move(lying, out)
    state.say("ball-full", "The Ball at the Palace is full: its cards are removed from the game.")
    nightfall(state)
    state.balls += 1
    state.push((Task.BALL, DURING))


def held(state: DarkTalesState) -> int:
    """How many cards lie on the Ball at the Palace card, known or unseen."""
    return state.zones[BALL].size + state.zones[BALL_UNSEEN].size


REMOVED_UNSEEN = ZoneId.parse("removed-unseen")


def nightfall(state: DarkTalesState) -> None:
    """Day turns into night: the Night card goes on top of the Day in the middle."""
    if state.clock is Time.DAY:
        state.clock = Time.NIGHT
        state.say("nightfall", "Night falls.")


def daybreak(state: DarkTalesState) -> None:
    """Night turns into day."""
    if state.clock is Time.NIGHT:
        state.clock = Time.DAY
        state.say("daybreak", "Day breaks.")


# -- holding a Ball -------------------------------------------------------------------------------


def hold(state: DarkTalesState, which: int) -> None:
    """Each player performs the Ball from the player whose turn it is, clockwise; then its end."""
    n = state.game.players
    state.say(
        "ball", "The final Ball at the Palace!" if which == FINAL else "A Ball at the Palace!"
    )
    state.danced = ()
    state.couples = ()
    order = [(state.player + k) % n for k in range(n)]
    state.push(*((Task.BALL_SEAT, seat * 2 + which) for seat in order), (Task.BALL_END, which))


def perform(state: DarkTalesState, argument: int) -> None:
    """One player's Ball: its tiles score and its Shoes flip (not at the final Ball); then it
    forms couples. The argument is the seat and the Ball (``seat * 2 + which``)."""
    seat, which = divmod(argument, 2)
    state.dancer = seat
    state.dancing = ()
    if which == DURING:
        vp = sum(side.vp for side in state.faces(seat))
        if vp:
            state.score_at_ball(seat, vp)
            state.tell("ball-tiles", "{player} scores {vp} VP for their tiles.", seat, vp=vp)
        for place, side in enumerate(state.faces(seat)):
            if side.count(Image.SHOE):
                tiles.flip(state, seat, place)
    state.push((Task.COUPLES, seat))


def couples_step(state: DarkTalesState, seat: int) -> Step[Phase] | None:
    """Wait for the dancer's next couple while one can be formed."""
    if allowed(state, seat):
        return Step.seat(Phase.DANCE, seat)
    state.dancer = None
    return None


def front(state: DarkTalesState, seat: int) -> tuple[int, ...]:
    """The cards in front of ``seat`` at a Ball, with the card it is playing if that goes there."""
    cards = state.zones.zones[FRONT[seat]].cards
    return (*cards, *_resolving(state, seat, Goes.FRONT))


def middle(state: DarkTalesState) -> tuple[int, ...]:
    """The cards in the middle at a Ball, with the card being played if that goes there."""
    return (*state.zones.zones[MIDDLE].cards, *_resolving(state, state.player, Goes.MIDDLE))


def _resolving(state: DarkTalesState, seat: int, goes: Goes) -> tuple[int, ...]:
    card = state.playing
    if card is None or seat != state.player or CATALOG.cards[card].goes is not goes:
        return ()
    return (card,)


def worth(state: DarkTalesState, seat: int, card: int) -> int:
    """What ``card`` scores dancing for ``seat``: its notes (or 1) in front of it, else 0."""
    return notes_vp(card) if card in front(state, seat) else 0


def notes_vp(card: int) -> int:
    """What ``card`` scores dancing in front of its player: its Musical Notes, or 1."""
    notes = CATALOG.cards[card].notes
    return notes if notes is not None else RULES.dancer_vp


NOTES_VP = tuple(notes_vp(card) for card in range(len(CATALOG.cards)))
"""What each card scores dancing in front of its player (``notes_vp``)."""
MALES = frozenset(c for c, card in enumerate(CATALOG.cards) if card.type is CardType.MALE)
FEMALES = frozenset(c for c, card in enumerate(CATALOG.cards) if card.type is CardType.FEMALE)


def allowed(state: DarkTalesState, seat: int) -> Mapping[Couple, int]:
    """Every couple ``seat`` may still form, with what it scores."""
    return couples_of(*_free(state, seat))


def _free(state: DarkTalesState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards in front of ``seat`` and in the middle that have not danced with it yet."""
    dancing = state.dancing
    if not dancing:
        return front(state, seat), middle(state)
    mine = tuple(c for c in front(state, seat) if c not in dancing)
    return mine, tuple(c for c in middle(state) if c not in dancing)


@lru_cache(maxsize=4096)
def couples_of(mine: tuple[int, ...], middle: tuple[int, ...]) -> Mapping[Couple, int]:
    """Every Male-Female couple of the cards in front of a player (``mine``) and in the
    ``middle``, not both from the middle, with what it scores (the same cards meet again
    from step to step of a Ball, and from table to table of a search: each pair of hands is
    worked out once)."""
    free = (*mine, *middle)
    value = {card: NOTES_VP[card] if card in mine else 0 for card in free}
    males = [c for c in free if c in MALES]
    females = [c for c in free if c in FEMALES]
    return {(m, f): value[m] + value[f] for m in males for f in females if m in mine or f in mine}


def best_of(couples: Mapping[Couple, int]) -> list[Couple]:
    """The couples worth the most VP together among ``couples``."""
    males = sorted({m for m, _ in couples})
    females = sorted({f for _, f in couples})
    return best_couples(males, females, couples)


def best(state: DarkTalesState, seat: int) -> tuple[Couple, ...]:
    """The couples worth the most VP together, among those ``seat`` may still form."""
    return best_couples_of(*_free(state, seat))


@lru_cache(maxsize=4096)
def best_couples_of(mine: tuple[int, ...], middle: tuple[int, ...]) -> tuple[Couple, ...]:
    """``best_of`` the couples of ``mine`` and the ``middle``, worked out once for each."""
    return tuple(best_of(couples_of(mine, middle)))


def dance_ids(state: DarkTalesState, seat: int) -> list[int]:
    """Form the best couples, stop, or form one couple the dancer may still form."""
    return list(_dance_ids(*_free(state, seat)))


@lru_cache(maxsize=4096)
def _dance_ids(mine: tuple[int, ...], middle: tuple[int, ...]) -> tuple[int, ...]:
    """``dance_ids`` for the cards ``mine`` and the ``middle`` not danced yet, sorted."""
    couples = (couple_id(male, female) for male, female in couples_of(mine, middle))
    return tuple(sorted([BEST_ID, STOP_ID, *couples]))


def play_dance(state: DarkTalesState, action: Action, seat: int) -> None:
    if action.family is STOP:
        state.dancer = None
        return
    if action.family is BEST:
        for male, female in best(state, seat):
            _dance(state, seat, male, female)
        state.dancer = None
        return
    _dance(state, seat, action["male"], action["female"])
    state.push((Task.COUPLES, seat))


def _dance(state: DarkTalesState, seat: int, male: int, female: int) -> None:
    vp = worth(state, seat, male) + worth(state, seat, female)
    state.dancing = (*state.dancing, male, female)
    state.couples = (*state.couples, (seat, male, female))
    state.danced = (*state.danced, *(c for c in (male, female) if c not in state.danced))
    state.tell(
        "couple",
        "{player}'s {male} dances with {female}: {vp} VP.",
        seat,
        male=CATALOG.cards[male].name,
        female=CATALOG.cards[female].name,
        vp=vp,
    )
    if vp:
        state.score_at_ball(seat, vp)


def end(state: DarkTalesState, which: int) -> None:
    """The Ball's bonuses (a Stepmother's), the middle's dancers discarded; at the final Ball,
    the awards for the most images."""
    for seat in range(state.game.players):
        for card in front(state, seat):
            bonus = CATALOG.cards[card].ball
            if bonus is None:
                continue
            count = sum(CATALOG.cards[c].name == bonus.dancing for c in state.danced)
            if count:
                vp = bonus.vp * count
                state.score_at_ball(seat, vp)
                text = "{player}'s {card} scores {vp} VP for dancing {dancing}."
                name = CATALOG.cards[card].name
                state.tell("ball-bonus", text, seat, card=name, vp=vp, dancing=bonus.dancing)
    for card in state.zones.zones[MIDDLE].cards:
        if card in state.danced:
            state.zones = state.zones.move(card, DISCARD)
    state.danced = ()
    state.dancer = None
    if which == FINAL:
        award(state)


def award(state: DarkTalesState) -> None:
    """The most of each image scores; ties score in full and push the next rank down."""
    for image, _ in RULES.awards:
        for seat, (vp, count, rank) in enumerate(ranked(state, image)):
            if vp:
                state.score_at_ball(seat, vp)
                text = "{player} scores {vp} VP for {images} (rank {rank})."
                images = tiles.count_words(count, image)
                state.tell("award", text, seat, vp=vp, images=images, image=image.value, rank=rank)


def ranked(state: DarkTalesState, image: Image) -> list[tuple[int, int, int]]:
    """Per seat: the VP the final Ball awards it for ``image`` now, its count and its rank
    (a seat showing none does not rank: 0 VP)."""
    counts = [tiles.images(state.faces(seat), image) for seat in range(state.game.players)]
    return ranks(counts, image)


def ranks(counts: Sequence[int], image: Image) -> list[tuple[int, int, int]]:
    """Per seat, from how many ``image`` each shows: the VP the final Ball awards, the count
    and the rank."""
    vps = dict(RULES.awards)[image]
    found = []
    for count in counts:
        rank = sum(other > count for other in counts)
        found.append((vps[rank] if count and rank < len(vps) else 0, count, rank + 1))
    return found
