"""The rules' fast forms against the plain reading they replace, on many floors.

Each plain form below is the rule as the rulebook words it, kept only here:
the engine's own code takes shortcuts (a waltz loop walked once instead of
pass after pass), and these tests hold the shortcut to the same result.
"""

from __future__ import annotations

from ballroom.agents import make_agent
from ballroom.core.events import Event
from ballroom.core.play import decision_for
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE
from ballroom.games.the_dance import (
    TheDance,
    TheDanceState,
    influence,
    plans,
    powers,
    sanctuary,
    setup,
    standing,
)
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.influence import influenced, markers_of
from ballroom.games.the_dance.waltz import waltz


def plain_waltz(s: TheDanceState) -> int:
    """The waltz as the rulebook words it: path Dancers, then arrow Dancers, each moving
    once the hex ahead is empty, pass after pass until nobody else can move (ties for
    one hex to the lower hex number)."""
    board = s.comp.board
    occ, pos, influenced_by = s.occ, s.dancer_pos, s.influenced_by
    free = sorted(
        (d for d in range(s.nd) if pos[d] >= 0 and influenced_by[d] < 0), key=pos.__getitem__
    )
    moved: set[int] = set()
    for table in (board.path_next, board.arrow_to):
        waiting = [d for d in free if d not in moved and table[pos[d]] >= 0]
        progress = True
        while progress and waiting:
            progress = False
            still = []
            for d in waiting:
                nxt = table[pos[d]]
                if occ[nxt] < 0:
                    occ[pos[d]] = -1
                    occ[nxt] = d
                    pos[d] = nxt
                    moved.add(d)
                    progress = True
                else:
                    still.append(d)
            waiting = still
    return len(moved)


def random_floor(state: TheDanceState, rng: Rng, *, packed_loop: int = -1) -> None:
    """Scatter the pieces at random: some Dancers off the floor or Influenced, the
    Avatars and the Server anywhere; ``packed_loop`` fills that waltz loop with free
    Dancers first."""
    hexes = list(range(len(state.comp.board.hexes)))
    rng.shuffle(hexes)
    if packed_loop >= 0:
        loop = state.comp.board.paths[packed_loop]
        hexes = [*loop, *(h for h in hexes if h not in loop)]
        packed = len(loop)
    else:
        packed = 0
    state.occ = [-1] * len(state.occ)
    spare = iter(hexes)
    off = rng.below(4)
    for d in range(state.nd):
        here = -1 if d >= packed and rng.below(10) < off else next(spare)
        state.dancer_pos[d] = here
        influenced = d >= packed and here >= 0 and rng.below(5) == 0
        state.influenced_by[d] = rng.below(state.n) if influenced else -1
        if here >= 0:
            state.occ[here] = d
    for q in range(state.n):
        state.avatar_pos[q] = next(spare)
        state.occ[state.avatar_pos[q]] = state.nd + q
    state.server = next(spare) if rng.below(3) else -1
    if state.server >= 0:
        state.occ[state.server] = state.server_code


def test_the_waltz_moves_every_piece_as_the_plain_reading_does() -> None:
    rng = Rng(31)
    base = TheDance(4).new_state(0)
    loops = base.comp.board.paths
    for trial in range(3000):
        fast = base.clone()
        packed_loop = trial % (len(loops) + 3) - 3
        random_floor(fast, rng, packed_loop=packed_loop)
        before = fast.dancer_pos[:]
        plain = fast.clone()
        assert waltz(fast) == plain_waltz(plain), trial
        assert (fast.occ, fast.dancer_pos) == (plain.occ, plain.dancer_pos), trial
        if packed_loop >= 0:  # a loop packed with free Dancers stands still
            still = range(len(loops[packed_loop]))
            assert [fast.dancer_pos[d] for d in still] == [before[d] for d in still]


def test_a_queue_follows_its_leader_and_a_blocked_one_stands() -> None:
    state = TheDance(4).new_state(0)
    board = state.comp.board
    loop = board.paths[0]
    state.occ = [-1] * len(state.occ)
    state.dancer_pos = [-1] * state.nd
    state.influenced_by = [-1] * state.nd
    state.avatar_pos = [-1] * state.n
    state.server = -1
    # Dancers 0-2 queue behind an empty hex; Dancers 3-4 queue behind Avatar 0.
    for d, i in enumerate((0, 1, 2, 5, 6)):
        state.dancer_pos[d] = loop[i]
        state.occ[loop[i]] = d
    state.avatar_pos[0] = loop[7]
    state.occ[loop[7]] = state.nd
    assert waltz(state) == 3
    assert state.dancer_pos[:5] == [loop[1], loop[2], loop[3], loop[5], loop[6]]
    assert state.occ[loop[0]] == -1 and state.occ[loop[7]] == state.nd


def test_each_familys_influenced_dancers_follow_every_marker() -> None:
    """``influenced`` (kept per family between marker moves) reads as a search of
    ``influenced_by`` does, in played games, their copies and worlds dealt from a view."""
    game = TheDance(4, **{"super-villains": True})
    seen = 0
    for seed in range(12):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal() and state.turns() < 60:
            if state.is_chance_node():
                action = state.sample_chance()
            else:
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
            state.apply(action)
            for world in (state, state.clone(), game.determinize(state.observation(0), rng)):
                for p in range(state.n):
                    assert influenced(world, p) == tuple(markers_of(world.influenced_by, p))
                    seen += bool(influenced(world, p))
    assert seen  # some families held Dancers


def test_a_draw_finds_the_outcome_the_list_holds() -> None:
    """Powers, Plans and Dancers drawn at the set-up: ``drawn_at`` and ``left_to_draw``
    answer as the listed ``draw_outcomes`` do, at every such draw of many set-ups."""
    sections = {"draw-power": powers, "draw-plan": plans, "place-dancer": setup}
    met = set()
    for seed, options in enumerate(({}, {"super-villains": True}, {"scenario": "new-blood"}) * 8):
        state = TheDance(2 + seed % 5, **options).new_state(seed)
        rng = Rng(seed)
        while state.turns() < 2 and not state.is_terminal():
            section = sections.get(state.observation(None)["phase"])
            if section is not None:
                met.add(section)
                listed = section.draw_outcomes(state)
                assert section.left_to_draw(state) == len(listed)
                assert [section.drawn_at(state, k) for k in range(len(listed))] == listed
            legal = state.legal_actions()
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
    assert len(met) == len(sections)


def test_the_exits_left_to_an_avatar_are_the_board_s_less_the_closed_hexes() -> None:
    """``open_exits``, worked out once per set of closed entry hexes, against the board's
    exits filtered hex by hex, for every seat of set-ups with Sanctuaries chosen at random."""
    for seed in range(30):
        state = TheDance(2 + seed % 5).new_state(seed)
        rng = Rng(seed)
        while state.turns() < 1:
            legal = state.legal_actions()
            state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(legal))
        exits = state.comp.board.exits
        for p, shut in enumerate(state.closed):
            assert len(shut) == state.n - 1
            assert state.open_exits[p] == tuple(
                tuple(pair for pair in row if pair[1] not in shut) for row in exits
            )


def test_a_chance_step_lists_the_outcomes_its_odds_declare() -> None:
    """The legal actions at a chance node (listed without the odds) are the outcomes of
    ``chance_outcomes``, in order, at every chance step met in random games."""
    met = set()
    for seed, options in enumerate(({}, {"super-villains": True}, {"scenario": "new-blood"}) * 3):
        state = TheDance(2 + seed % 5, **options).new_state(seed)
        rng = Rng(seed)
        while state.turns() < 25 and not state.is_terminal():
            if state.is_chance_node():
                met.add(state.observation(None)["phase"])
                listed = [a for a, _ in state.chance_outcomes()]
                assert state.legal_actions() == listed
                assert state.legal_actions(CHANCE) == listed
                assert state.legal_actions(0) == []
                action = state.sample_chance()
            else:
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
            state.apply(action)
    assert met == {"roll", "draw-power", "draw-refreshment", "draw-plan", "place-dancer"}


def test_the_log_names_each_family_as_the_table_knew_it_when_told() -> None:
    """The seats' names and the wordings kept between events (``Ball.wordings``) word every
    event as words made afresh for it do: seats by number until their Avatars are chosen,
    by family after, however late the sentence is read."""
    for seed, options in enumerate(({}, {"scenario": "new-blood"}, {"super-villains": True})):
        state = TheDance(3 + seed, **options).new_state(seed)
        rng = Rng(seed)
        told: list[Event] = []
        fresh: list[str] = []
        while state.turns() < 8 and not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance()
            else:
                legal = state.legal_actions()
                action = legal[rng.below(len(legal))]
            twin = state.clone()
            twin.wordings = None
            fresh += [event.text for event in twin.apply(action)]
            told += state.apply(action)
        texts = [event.text for event in told]
        assert texts == fresh
        assert any(text.startswith("Player") for text in texts)
        assert any(" family " in text for text in texts)


def plain_dance_step(s: TheDanceState, p: int) -> list[int]:
    """The Dance step's actions as the rulebook words them, found by searching the floor
    (not ``influenced``, not ``open_exits``), then sorted."""
    board = s.comp.board
    entry = board.sanctuaries[s.sanctuary_of[p]].entry
    found = []
    if s.movement_left > 0:
        for direction, nxt in board.exits[s.avatar_pos[p]]:
            if nxt not in s.closed[p] and (
                s.occ[nxt] < 0 or standing.may_pass_through(s, p, nxt, s.closed[p])
            ):
                found.append(ac.STEP + direction)
    if s.passing:
        return sorted(found)
    for d in range(s.nd):
        if s.influenced_by[d] != p:
            continue
        found.append(ac.RELEASE + d)
        if s.lead_left[d] > 0:
            found += [
                ac.LEAD + 6 * d + direction
                for direction, nxt in board.exits[s.dancer_pos[d]]
                if s.occ[nxt] < 0
            ]
            if s.dancer_pos[d] == entry and sanctuary.may_seat(s, p, d):
                found.append(ac.SEAT + d)
    if s.movement_left > 0 and s.occ[entry] < 0:
        found += [ac.UNSEAT + d for d in s.seated[p]]
    ankh = s.edition.ankh_kind
    if ankh >= 0 and s.hand[p][ankh] and standing.ankh_offered(s, p):
        found.append(ac.ANKH)
    powers.offer_in_dance_step(s, p, found)
    found.append(ac.END_DANCE)
    return sorted(found)


def test_the_dance_step_lists_its_actions_in_order_as_the_plain_reading_does() -> None:
    """The Dance step's listing, made in id order without a sort, against the plain
    reading at every Dance step decision of games between the heuristic bots (who lead,
    seat and unseat Dancers) with both Powers kept."""
    game = TheDance(4, **{"super-villains": True})
    met: set[str] = set()
    for seed in range(4):
        state = game.new_state(seed)
        agents = [make_agent(game, seat, "heuristic", seed) for seat in range(4)]
        while not state.is_terminal() and state.turns() <= 40:
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            p = state.current_players()[0]
            legal = state.legal_actions(p)
            if state.observation(None)["phase"] == "dance":
                assert legal == plain_dance_step(state, p), (seed, state.turns())
                met.update(ac.TEXTS[a].split()[0] for a in legal)
            state.apply(agents[p].act(decision_for(state, p)), p)
    assert {"step", "lead", "seat", "unseat", "release", "end-dance"} <= met


def test_the_kept_legal_sequence_reads_as_the_legal_actions() -> None:
    """``legal_sequence`` answers with the list kept for ``apply``'s check: the same
    actions as ``legal_actions`` for every seat at every step of random games, whichever
    is asked first, and a caller changing its copy from ``legal_actions`` changes neither."""
    game = TheDance(4)
    for seed in range(4):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal() and state.turns() <= 15:
            actor = state.current_players()[0]
            seats = [*range(4), CHANCE]
            if seed % 2:
                seats.reverse()
            for seat in seats:
                kept = list(state.legal_sequence(seat))
                copy = state.legal_actions(seat)
                assert copy == kept
                copy.append(-1)
                assert list(state.legal_sequence(seat)) == kept == state.legal_actions(seat)
                assert bool(kept) == (seat == actor)
            legal = state.legal_sequence(actor)
            action = state.sample_chance() if actor == CHANCE else legal[rng.below(len(legal))]
            state.advance(action, actor)


def plain_refreshment_step(s: TheDanceState, p: int) -> list[int]:
    """The Refreshment step as the rulebook words it: a Refreshment held of the effort's
    Domain (any Domain's with ``refreshment-domain`` ``any``, never the Ankh) while the roll
    may use one more, else none."""
    if len(s.played) >= standing.refreshment_limit(s, p):
        return [ac.NO_REFRESH]
    fitting = [
        ac.REFRESH + k
        for k, kind in enumerate(s.comp.refreshments)
        if s.hand[p][k] and kind.domain >= 0 and (s.edition.any_domain or kind.domain == s.domain)
    ]
    return [*fitting, ac.NO_REFRESH]


def plain_domains(s: TheDanceState) -> list[int]:
    """The Domains an effort may use: any but those its target Dancer negates."""
    negates = s.comp.dancers[s.target].negates if s.target_kind == 0 else (False,) * 4
    return [ac.DOMAIN + i for i in range(4) if not negates[i]]


def test_the_domain_and_refreshment_steps_list_what_the_plain_reading_does() -> None:
    """The Domain step's listing (kept per pattern of negation symbols) and the Refreshment
    step's (from the kinds that fit each Domain, worked out once per game) against the plain
    reading, at every such step of random games under both ``refreshment-domain`` options,
    Foils among them; a caller changing a Domain listing changes the next one not."""
    met: set[tuple[str, bool]] = set()
    for seed in range(12):
        any_domain = seed % 2 == 1
        options = {"refreshment-domain": "any" if any_domain else "own", "super-villains": True}
        state = TheDance(4, **options).new_state(seed)
        rng = Rng(seed)
        while state.turns() <= 60 and not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            p = state.current_players()[0]
            legal = state.legal_actions(p)
            phase = state.observation(None)["phase"]
            if phase == "domain":
                assert legal == plain_domains(state)
                influence.domain_actions(state, p).append(-1)  # a caller's changes stay its own
                assert influence.domain_actions(state, p) == legal
                met.add(("foil" if state.target_kind else "domain", any_domain))
            elif phase == "refreshment":
                assert legal == plain_refreshment_step(state, p)
                met.add(("refreshment" if len(legal) > 1 else "none", any_domain))
            state.apply(rng.choice(legal), p)
    assert {(kind, a) for kind in ("domain", "refreshment", "none") for a in (False, True)} <= met
    assert ("foil", False) in met or ("foil", True) in met


def test_a_familys_powers_say_whether_she_passes_through_pieces_as_their_grants_do() -> None:
    """``Held.passes_through``, settled once per set of Powers, is the grant's reading."""
    comp = TheDance(2).components
    for first in range(len(comp.powers)):
        for second in range(first, len(comp.powers)):
            held = powers.held_of(comp, {first, second})
            assert held.passes_through == held.standing.grants("pass-through-pieces")
    assert powers.held_of(comp, {standing.Power.SHADOW}).passes_through
    assert not powers.held_of(comp, ()).passes_through
