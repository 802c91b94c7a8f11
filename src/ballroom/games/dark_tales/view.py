"""What a seat sees, read back; and the deal of ``determinize``: a world consistent with it.

Public: the Setting cards, VP, items, every card in play, in the middle, in
the discard pile, removed, and face down on the Ball at the Palace having been
seen in play (RULINGS, Dark Tales 5), the card being played, the side each tile in front of a player shows, the unframed side of
the tile pile's top tile, the size of every hand, of the deck and of the
tile pile. Hidden: the cards in another
player's hand, the deck's cards, the base cards set aside and the cards on the
Ball at the Palace (and removed through it) that came from a hand or the deck, which
``determinize`` deals afresh among them (those set aside of as many
different names as the shorter game sets aside) (the cards a seat saw go into a
hand, such as a Male a Princess took, stay in that hand); and the tiles:
another player's tiles are dealt from the tiles the seat does not hold, each
one with the side it shows, and so is the pile's top tile, with the
unframed side everyone sees; the rest go below it (a tile the seat saw go
under the pile stays in the pile).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ballroom.core.declared import DeclaredState
from ballroom.core.errors import ViewError
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.core.view import View
from ballroom.core.zones import Memory, Zone, ZoneId, Zones, ZonesView
from ballroom.core.zones import determinize as deal
from ballroom.games.dark_tales.state import TILES, Table
from ballroom.games.dark_tales.tiles import BOTTOM, PILE, TILE_FACES, TOP
from ballroom.games.dark_tales.turn import CATALOG, TILE_BASE, TILE_IDS, Phase

TILE_ZONES = ("tiles", "tile-top", "tile-pile", "tile-bottom", "tile-box")

if TYPE_CHECKING:
    from ballroom.games.dark_tales.game import DarkTales


def read(observation: Observation) -> View[Phase, Table, None]:
    """A seat's observation, typed."""
    return View.from_observation(observation, Phase, Table, type(None))


def deal_cards(game: DarkTales, zones: ZonesView, rng: Rng) -> Zones:
    """The cards' zones of a world the seat cannot tell from the real one: hidden cards
    dealt afresh (the shorter game's set-aside cards first); the tiles come after."""
    card_zones = [zone for zone in zones.zones if zone.id.name not in TILE_ZONES]
    memory = {card: places for card, places in zones.memory.items() if card < TILE_BASE}
    card_view = _set_aside(ZonesView(zones.seat, zones.seats, tuple(card_zones), memory), rng)
    return deal(card_view, CATALOG_IDS, rng)


def deal_tiles(
    game: DarkTales, state: DeclaredState[Phase], view: View[Phase, Table, None], rng: Rng
) -> None:
    """The tiles dealt beside the cards (``tile_zones``: each with the side everyone saw it
    show), and the seat's memory of every component kept."""
    zones = view.zones
    tiles = tile_zones(zones, view.public, TILE_IDS if game.cinderella else (), rng)
    cards = state.zones
    everything = sorted([*cards.zones.values(), *tiles], key=lambda z: z.id.sort_key())
    where = dict(cards.where)  # the cards as dealt (checked there), then the tiles
    for zone in tiles:
        where.update(dict.fromkeys(zone.cards, zone.id))
    minds: list[Memory] = [{} for _ in range(zones.seats)]
    if zones.seat is not None:
        minds[zones.seat] = dict(zones.memory)
    state.zones = Zones(zones.seats, {zone.id: zone for zone in everything}, where, tuple(minds))


CATALOG_IDS = range(len(CATALOG.cards))


def _set_aside(zones: ZonesView, rng: Rng) -> ZonesView:
    """The view with the shorter game's cards set aside chosen first, as the rules set them
    aside (ruling 11): as many different base names as the zone holds, each name with an
    unseen card equally likely, and one unseen card of each name; the rest is dealt after."""
    aside = zones.zone("set-aside")
    if not aside.size:
        return zones
    seen = zones.seen()
    by_name: dict[str, list[int]] = {}
    for card in range(CATALOG.base_cards):
        if card not in seen and card not in zones.memory:
            by_name.setdefault(CATALOG.cards[card].name, []).append(card)
    names = sorted(by_name)
    rng.shuffle(names)
    chosen = tuple(rng.choice(by_name[name]) for name in names[: aside.size])
    kept = tuple(replace(z, cards=chosen) if z.id == aside.id else z for z in zones.zones)
    return ZonesView(zones.seat, zones.seats, kept, zones.memory)


def tile_zones(zones: ZonesView, table: Table, every: Sequence[int], rng: Rng) -> list[Zone]:
    """The tile zones: the seat's own as it sees them; every other player's tiles, the tiles
    under the pile and the pile's top tile, dealt from the tiles of ``every`` unseen, each
    with the side it showed among its two (the top: its unframed side; a tile the seat saw
    go under the pile stays in the pile); the rest below the top."""
    seat = zones.seat
    by_id = {zone.id: zone for zone in zones.zones}  # one look-up each, not a scan
    boxed = by_id[BOX]
    seen = set(boxed.cards or ())
    if seat is not None:
        seen |= set(by_id[TILES[seat]].cards or ())
    unseen = [tile for tile in every if tile not in seen]
    rng.shuffle(unseen)
    known = [tile for tile in unseen if zones.memory.get(tile, PILED) < PILED]
    others = [tile for tile in unseen if tile not in known]
    slots = [
        (face, others)
        for owner in range(zones.seats)
        if owner != seat
        for face in table.showing[owner]
    ]
    slots += [(face, known + others) for face in table.under]
    if table.top is not None:
        slots.append((table.top, known + others))
    placed = _match_faces(slots)
    result = [Zone(boxed.id, boxed.visibility, boxed.cards or ())]
    at = 0
    for owner in range(zones.seats):
        view = by_id[TILES[owner]]
        if owner == seat:
            result.append(Zone(view.id, view.visibility, view.cards or ()))
            continue
        count = len(table.showing[owner])
        result.append(Zone(view.id, view.visibility, tuple(placed[at : at + count])))
        at += count
    under = tuple(placed[at : at + len(table.under)])
    top = tuple(placed[at + len(table.under) :])
    for place, tiles in ((BOTTOM, under), (TOP, top)):
        result.append(Zone(place, by_id[place].visibility, tiles))
    rest = tuple(tile for tile in unseen if tile not in set(placed))
    result.append(Zone(PILE, by_id[PILE].visibility, rest))
    return result


BOX = ZoneId.parse("tile-box")
PILED = frozenset({TOP, PILE, BOTTOM})
"""The zones of the pile: a tile the seat remembers only there was seen go under it."""


def _match_faces(slots: list[tuple[int, list[int]]]) -> list[int]:
    """For each (face, candidates) slot, one of its candidates with that face on one of its
    sides, no tile twice (augmenting paths)."""
    fits = [[t for t in tiles if face in _sides(t)] for face, tiles in slots]
    holder: dict[int, int] = {}

    def place(index: int, visited: set[int]) -> bool:
        for tile in fits[index]:
            if tile in visited:
                continue
            visited.add(tile)
            if tile not in holder or place(holder[tile], visited):
                holder[tile] = index
                return True
        return False

    for index, (face, _) in enumerate(slots):
        if not place(index, set()):
            raise ViewError(f"no unseen tile shows face {face}: the view is wrong")
    by_index = {index: tile for tile, index in holder.items()}
    return [by_index[index] for index in range(len(slots))]


def _sides(tile: int) -> tuple[int, int]:
    return TILE_FACES[tile - TILE_BASE]
