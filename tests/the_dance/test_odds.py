"""The odds a family is shown before it rolls: worked numbers, the engine's own dice, secrecy.

``odds.chances`` must agree exactly with playing the engine's dice and
post-roll choices as well as possible, and ``move_hints`` must say the same
from the family's observation alone.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from ballroom.core.state import CHANCE
from ballroom.games.the_dance import TheDanceState
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.odds import RollRules, chances
from ballroom.games.the_dance.position import Look, Position, act

F = Fraction
Odds = tuple[Fraction, Fraction]  # (success, Domination)


@pytest.mark.parametrize(
    ("rules", "powers", "want"),
    [
        # Tatiana (corruption 2) on Lady Julia (corruption 2): roll at most 4; a natural 1 Dominates.
        (RollRules(4), {}, (F(4, 6), F(1, 6))),
        (RollRules(0), {}, (F(0), F(0))),
        (RollRules(7), {}, (F(1), F(1, 6))),
        # margin-three: a count three under the target.
        (RollRules(4, margin_three=True), {}, (F(4, 6), F(1, 6))),
        (RollRules(5, margin_three=True), {}, (F(5, 6), F(2, 6))),
        (RollRules(3, overwhelming=True), {}, (F(3, 6), F(3, 6))),
        # A Foil (Tatiana subjugation 1 + Thorne subjugation 2) never Dominates.
        (RollRules(3, can_dominate=False), {}, (F(3, 6), F(0))),
        # Tactician turns a 5 into a 4; the lowered die is no natural 1.
        (RollRules(4), {"cards": 1, "tactician": True}, (F(5, 6), F(1, 6))),
        # Willpower re-rolls a failure: 1/2 + 1/2 * 1/2, and the natural 1 twice.
        (RollRules(3), {"cards": 1, "willpower": True}, (F(3, 4), F(1, 4))),
        # Without a Refreshment to pay, the Powers are worth nothing.
        (RollRules(3), {"cards": 0, "tactician": True, "willpower": True}, (F(1, 2), F(1, 6))),
        # Both, two cards: 1-4 succeed (4 lowered), 5-6 re-roll with Tactician left.
        (
            RollRules(3),
            {"cards": 2, "tactician": True, "willpower": True},
            (F(4, 6) + F(2, 6) * F(4, 6), F(1, 6) + F(2, 6) * F(1, 6)),
        ),
        # margin-three with Tactician: lowering a 2 to 1 against 4 Dominates.
        (RollRules(4, margin_three=True), {"cards": 1, "tactician": True}, (F(5, 6), F(2, 6))),
    ],
)
def test_worked_odds(rules: RollRules, powers: dict[str, object], want: Odds) -> None:
    got = chances(rules, **powers)  # type: ignore[arg-type]
    assert (got.success, got.dominate) == want


# -- the engine's own dice, played as well as possible ---------------------------


def _settle(state: TheDanceState, action: int, player: int) -> Odds:
    for event in state.apply(action, player):
        if event.kind in ("influence", "foil"):
            dominated = bool(event.data.get("dominated", False))
            return F(int(event.data["success"])), F(int(dominated))
    return _roll_odds(state)


def _roll_odds(state: TheDanceState) -> Odds:
    """Success first, then Domination, over the engine's dice and post-roll choices."""
    step = Look(state).step()
    if step == "roll":
        results = [_settle(state.clone(), a, CHANCE) for a, _ in state.chance_outcomes()]
        return sum((r[0] for r in results), F(0)) / 6, sum((r[1] for r in results), F(0)) / 6
    p = state.current_players()[0]
    if step == "refreshment":  # holding Ankhs only: nothing to add before the roll
        return _settle(state, ac.NO_REFRESH, p)
    assert step == "post-roll", step
    first_of_each: dict[str, int] = {}  # which Refreshment pays does not matter
    for a in state.legal_actions(p):
        first_of_each.setdefault(ac.TEXTS[a].split()[0], a)
    return max(_settle(state.clone(), a, p) for a in first_of_each.values())


def _engine(state: TheDanceState, *texts: str) -> Odds:
    twin = state.clone()
    act(twin, *texts)
    return _roll_odds(twin)


def _next_to_julia_and_thorne(
    powers: tuple[str, ...], *refreshments: str, **options: object
) -> Position:
    """Tatiana next to Lady Julia and Thorne, holding ``powers`` and ``refreshments``."""
    return (
        Position(players=2, **options)
        .dancer("Lady Julia", at=(1, 0))
        .avatar("plum", at=(0, 0))
        .avatar("grey", at=(0, 1))
        .powers("plum", *powers)
        .refreshments("plum", *refreshments)
    )


def _influence_step(position: Position) -> TheDanceState:
    state = position.build()
    act(state, "end-dance")
    return state


def _position(powers: tuple[str, ...], cards: int, **options: object) -> TheDanceState:
    """Tatiana's Influence step next to Lady Julia and Thorne, holding ``cards`` Ankhs."""
    return _influence_step(_next_to_julia_and_thorne(powers, *["ankh"] * cards, **options))


def _hint(state: TheDanceState, text: str) -> dict[str, object]:
    notes = state.game.move_hints(state.observation(0), state.legal_actions(0))
    return notes[ac.parse(text)]  # type: ignore[no-any-return]


POWER_SETS = [(), ("tactician",), ("willpower",), ("tactician", "willpower"), ("overwhelming",)]


@pytest.mark.parametrize("domination", ["natural-one", "margin-three"])
@pytest.mark.parametrize("powers", POWER_SETS, ids="+".join)
def test_target_odds_match_the_engine(powers: tuple[str, ...], domination: str) -> None:
    for cards in (0, 1, 2):
        state = _position(powers, cards, domination=domination)
        note = _hint(state, "influence lady-julia")
        rows = {row["domain"]: row for row in note["domains"]}  # type: ignore[index, union-attr]
        assert set(rows) == {"corruption", "subjugation", "confidence"}  # extortion is negated
        assert rows["corruption"]["need"] == 4
        for domain, row in rows.items():
            best = _engine(state, "influence lady-julia", f"domain {domain}")
            assert (row["best_success"], row["best_dominate"]) == (float(best[0]), float(best[1]))
            assert row["with"] == (
                [p.capitalize() for p in powers if p != "overwhelming"] if cards else []
            )
        foil = _hint(state, "foil thorne-balaz")
        assert foil["kind"] == "foil"
        for row in foil["domains"]:  # type: ignore[attr-defined]
            best = _engine(state, "foil thorne-balaz", f"domain {row['domain']}")
            assert (row["best_success"], row["best_dominate"]) == (float(best[0]), 0.0)


def test_domain_refreshment_and_post_roll_notes_match_the_engine() -> None:
    state = _influence_step(
        _next_to_julia_and_thorne(("tactician", "willpower"), "corruption-2", "ankh")
    )
    act(state, "influence lady-julia")
    assert _hint(state, "domain corruption")["need"] == 4
    act(state, "domain corruption")
    played = _hint(state, "refresh corruption-2")
    kept = _hint(state, "no-refreshment")
    assert (played["need"], kept["need"]) == (6, 4)
    for text, note in (("refresh corruption-2", played), ("no-refreshment", kept)):
        best = _engine(state, text)
        assert (note["best_success"], note["best_dominate"]) == (float(best[0]), float(best[1]))
    act(state, "no-refreshment", "roll 5")
    assert _hint(state, "accept") == {"need": 4, "counts": 5, "outcome": "failure"}
    assert _hint(state, "tactician ankh") == {"need": 4, "counts": 4, "outcome": "success"}
    again = _hint(state, "willpower ankh")
    want = chances(RollRules(4), cards=1, tactician=True)
    assert (again["success"], again["dominate"]) == (float(want.success), float(want.dominate))


def test_hints_come_from_the_seat_observation_alone() -> None:
    """A rival's hand and Powers change nothing the acting family is told."""
    seen = []
    for rival_powers, rival_cards in product([(), ("willpower", "overwhelming")], [0, 3]):
        state = _influence_step(
            _next_to_julia_and_thorne(("tactician",), "ankh")
            .powers("grey", *rival_powers)
            .refreshments("grey", *["ankh"] * rival_cards)
        )
        seen.append(state.game.move_hints(state.observation(0), state.legal_actions(0)))
    assert all(notes == seen[0] for notes in seen)
    assert seen[0], "the acting family is told its odds"


@pytest.mark.parametrize(
    "powers",
    [("tactician",), ("tactician", "resourceful"), ("tactician", "willpower")],
    ids="+".join,
)
def test_a_refreshment_before_the_roll_counts_against_tactician(powers: tuple[str, ...]) -> None:
    """RULINGS 18: the notes leave Tactician out once the roll's Refreshments are spent."""
    state = _influence_step(_next_to_julia_and_thorne(powers, "corruption-1", "ankh", "ankh"))
    act(state, "influence lady-julia", "domain corruption")
    played = _hint(state, "refresh corruption-1")
    best = _engine(state, "refresh corruption-1")
    assert played["need"] == 5
    assert (played["best_success"], played["best_dominate"]) == (float(best[0]), float(best[1]))
    assert ("Tactician" in played["with"]) == ("resourceful" in powers)  # type: ignore[operator]
    act(state, "refresh corruption-1", "no-refreshment", "roll 6")
    if "willpower" in powers:
        again = _hint(state, "willpower ankh")
        want = chances(RollRules(5), cards=1)
        assert (again["success"], again["dominate"]) == (float(want.success), float(want.dominate))
