"""What each seat did over a game, kept for balance studies: the agents it revealed into its
ranks and its place in each Season's player order; and the features the lab groups wins by.

The deeds were public at the table; they live beside the view (not in it), so
observations stay the table as it is now. The features also read the hands left at the end
(``agent_dealt``), which were secret: they are for the lab, once the game is over, and never
reach a seat.
"""

from __future__ import annotations

from collections import Counter

from ballroom.games.dominare.influence import controller
from ballroom.games.dominare.scoring import exposure_penalties
from ballroom.games.dominare.state import Deeds, DominareState
from ballroom.games.dominare.turn import CATALOG


def agent_entered(state: DominareState, seat: int, card: int) -> None:
    """``card`` entered ``seat``'s ranks."""
    deeds = list(state.deeds)
    mine = deeds[seat]
    deeds[seat] = Deeds(recruited=(*mine.recruited, card), places=mine.places)
    state.deeds = tuple(deeds)


def order_determined(state: DominareState) -> None:
    """The Season's player order is set: each seat's place in it."""
    state.deeds = tuple(
        Deeds(recruited=deeds.recruited, places=(*deeds.places, state.order.index(seat) + 1))
        for seat, deeds in enumerate(state.deeds)
    )


def faction_mix(cards: tuple[int, ...]) -> str:
    """The two factions with most agents among ``cards`` (ties by name), in name order."""
    counts = Counter(CATALOG.agent(card).faction.value for card in cards)
    ranked = sorted(counts, key=lambda faction: (-counts[faction], faction))
    return "+".join(sorted(ranked[:2])) or "none"


def district_focus(state: DominareState, seat: int) -> str:
    """The district where ``seat`` controls most blocks at the end (ties by name)."""
    counts = Counter(
        CATALOG.districts[state.board.blocks[block].district].id
        for block, owner in enumerate(state.owners)
        if owner == seat
    )
    ranked = sorted(counts, key=lambda district: (-counts[district], district))
    return ranked[0] if ranked else "none"


def exposure_tier(exposure: tuple[int, ...], seat: int) -> str:
    """Where ``seat``'s exposure stands for scoring: ``lowest`` (loses nothing), ``highest``
    (one VP per three) or ``middle`` (one per five); a tie of all is ``lowest``."""
    if exposure[seat] == min(exposure):
        return "lowest"
    return "highest" if exposure[seat] == max(exposure) else "middle"


def seat_features(state: DominareState) -> list[dict[str, str]]:
    """Per seat: ``faction_mix`` (of its ranks at the end), ``district_focus``,
    ``districts_controlled``, ``first_place`` (in Season 1's player order),
    ``scapegoat_seasons``, ``exposure_tier`` and ``exposure_lost`` (VP), and the agents it
    held (``agent_dealt``: in its ranks or hand at the end, or replaced) and revealed into
    its ranks (``agent``): the lab reports that pair as each agent's win rate when held and
    how often it is played."""

    players = state.game.players
    controlled = Counter(controller(state, d) for d in range(len(CATALOG.districts)))
    lost = exposure_penalties(state.exposure)
    features = []
    for seat, deeds in enumerate(state.deeds):
        played = {CATALOG.agent(card).slug for card in deeds.recruited}
        hand = {CATALOG.agent(card).slug for card in state.zones.zone("hand", seat).cards or ()}
        features.append(
            {
                "faction_mix": faction_mix(state.ranks[seat]),
                "district_focus": district_focus(state, seat),
                "districts_controlled": str(controlled[seat]),
                "first_place": f"{deeds.places[0]}/{players}" if deeds.places else "none",
                "scapegoat_seasons": str(deeds.places.count(1)),
                "exposure_tier": exposure_tier(state.exposure, seat),
                "exposure_lost": str(lost[seat]),
                "agent_dealt": "+".join(sorted(played | hand)) or "none",
                "agent": "+".join(sorted(played)) or "none",
            }
        )
    return features
