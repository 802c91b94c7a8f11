"""Building The Dance positions for scenario tests.

``ready_state`` plays the set-up with named choices, then ``arrange`` clears
the floor and puts pieces where a test wants them, so that each rule can be
checked on a hand-made position and then driven through the real actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDance, TheDanceState
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.components import POWER_IDS, default_components
from ballroom.games.the_dance.state import P_DANCE

COMP = default_components()
BOARD = COMP.board
DANCER = {d.name: i for i, d in enumerate(COMP.dancers)}
AVATAR = {a.name: i for i, a in enumerate(COMP.avatars)}


def hex_at(q: int, r: int) -> int:
    return BOARD.index[(q, r)]


def ready_state(
    players: int = 2,
    seed: int = 0,
    avatars: Iterable[str] = (
        "Tatiana Saar",
        "Thorne Balaz",
        "Ilona Vesna",
        "Radu Corvin",
        "Sabina Lazar",
        "Viktor Morozan",
    ),
    sanctuaries: Iterable[str] = ("plum", "grey", "crimson", "emerald", "gold", "azure"),
    keep_powers: bool = False,
    **options: object,
) -> TheDanceState:
    """A game played through set-up to the first player's Dance step.

    Unless ``keep_powers``, every family's Powers are taken away, so that a
    test sees the plain rules and adds the Powers it is about.
    """
    game = TheDance(players, **options)
    state = game.new_state(seed)
    avatar_list = list(avatars)
    sanctuary_list = list(sanctuaries)
    while state.phase != P_DANCE:
        player = state.current_players()[0]
        if player == CHANCE:
            state.apply(state.sample_chance(), CHANCE)
            continue
        phase = state.observation(player)["phase"]
        if phase == "choose-avatar":
            state.apply_text("avatar " + COMP.avatars[AVATAR[avatar_list[player]]].slug, player)
        elif phase == "choose-sanctuary":
            state.apply_text("sanctuary " + sanctuary_list[player], player)
        else:
            state.apply(state.legal_actions(player)[0], player)
    if not keep_powers:
        for seat in range(players):
            give_power(state, seat)
    return state


def give_power(state: TheDanceState, seat: int, *powers: str) -> None:
    """Replace a family's Powers (tests only)."""
    ids = [POWER_IDS.index(p) for p in powers]
    state.powers[seat] = ids
    state.power_bits[seat] = sum(1 << w for w in ids)
    if state.current == seat and state.phase == P_DANCE and not state.movement_spent:
        state.moves_left = state._base_moves(seat)


def give_refreshments(state: TheDanceState, seat: int, *slugs: str) -> None:
    """Replace a family's hand, returning the old one to the pile (tests only)."""
    for k, count in enumerate(state.hand[seat]):
        state.refresh_pile[k] += count
    state.hand[seat] = [0] * len(COMP.refreshments)
    for slug in slugs:
        k = [kind.slug for kind in COMP.refreshments].index(slug)
        state.refresh_pile[k] -= 1
        state.hand[seat][k] += 1
    state.hand_size[seat] = len(slugs)
    state.refresh_left = sum(state.refresh_pile)


def arrange(
    state: TheDanceState,
    dancers: Mapping[str, tuple[int, int]] = {},
    avatars: Mapping[int, tuple[int, int]] = {},
    server: tuple[int, int] | None = None,
    influenced: Mapping[str, int] = {},
    dominated: Iterable[str] = (),
    seated: Mapping[str, int] = {},
) -> None:
    """Clear the floor and place exactly the given pieces (tests only)."""
    nd = len(COMP.dancers)
    state.occ = [-1] * len(BOARD.hexes)
    state.dancer_pos = [-1] * nd
    state.dancer_inf = [-1] * nd
    state.dancer_dom = [False] * nd
    state.dancer_seat = [-1] * nd
    state.seated = [[] for _ in range(state.n)]
    for name, where in dancers.items():
        d = DANCER[name]
        state.dancer_pos[d] = hex_at(*where)
        state.occ[hex_at(*where)] = d
    for name, seat in influenced.items():
        state.dancer_inf[DANCER[name]] = seat
    for name in dominated:
        state.dancer_dom[DANCER[name]] = True
    for name, seat in seated.items():
        state.dancer_seat[DANCER[name]] = seat
        state.seated[seat].append(DANCER[name])
    for seat in range(state.n):
        where = avatars.get(seat)
        state.avatar_pos[seat] = hex_at(*where) if where else -1
        if where:
            state.occ[hex_at(*where)] = nd + seat
    state.server = hex_at(*server) if server else -1
    if server:
        state.occ[state.server] = state.server_code
    if state.phase == P_DANCE:
        state._start_turn(state.current)


def act(state: TheDanceState, *texts: str) -> list[str]:
    """Apply actions by text (chance outcomes too) and return the event sentences."""
    sentences: list[str] = []
    for text in texts:
        player = state.current_players()[0]
        sentences += [e.text for e in state.apply(ac.parse(text), player)]
    return sentences


def legal_texts(state: TheDanceState) -> list[str]:
    return [ac.TEXTS[a] for a in state.legal_actions()]
