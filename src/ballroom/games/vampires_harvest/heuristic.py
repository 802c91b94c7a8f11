"""The ``heuristic`` bot: rules of thumb read from the seat's own observation.

It raises Speed, Glamour and Blood Fury early, harvests when the Pool is
rich or its Blood low, goes to the Area whose Opportunity best lifts its
lowest track (Tribute it can pay, an Enemy it likely beats, any Seduction),
pays Tribute and fights when it can (in Blood Fury where it may), rerolls
every miss it may while it still lacks hits, keeps Successes first, plays
Bloodstones when they help, and never bids for the Initiative.
"""

from __future__ import annotations

from collections.abc import Sequence

from ballroom.core.actions import Action
from ballroom.core.agent import Decision
from ballroom.core.rng import Rng
from ballroom.core.zones import ZonesView
from ballroom.games.vampires_harvest.components import Kind
from ballroom.games.vampires_harvest.scoring import final_score
from ballroom.games.vampires_harvest.state import Table
from ballroom.games.vampires_harvest.turn import (
    ATTEMPT,
    BUY,
    CATALOG,
    CODEC,
    DONE,
    FACE,
    KEEP,
    PASS,
    RAISE,
    REROLL,
    SELECT,
    STONE,
    STOP,
    TRAINER,
    ActionCard,
    Phase,
    Skill,
    Track,
    Way,
)
from ballroom.games.vampires_harvest.view import read

TRACK_OF = {Kind.TRIBUTE: Track.TRIBUTE, Kind.SLAY: Track.SLAYER, Kind.SEDUCE: Track.SEDUCTION}
SKILL_ORDER = (Skill.SPEED, Skill.GLAMOUR, Skill.HARVEST, Skill.BLOOD_FURY)


def _gain(card: int, table: Table, seat: int) -> float:
    """How much a success at ``card`` would raise the seat's final score (per success)."""
    tracks = list(table.tracks[seat])
    before = final_score(tracks)
    kind = CATALOG.cards[card].kind
    assert kind is not None
    ability = CATALOG.effects.abilities[CATALOG.cards[card].ability or ""]
    for op in ability.do:
        resource = getattr(op, "resource", "")
        for index, track in enumerate(Track):
            if resource == track.value:
                tracks[index] += getattr(op, "amount", 0)
    return final_score(tracks) - before


def _chance(card: int, table: Table, seat: int) -> float:
    """A rough chance that the seat succeeds at ``card`` now."""
    found = CATALOG.cards[card]
    speed, fury, glamour = (
        table.skills[seat][list(Skill).index(s)]
        for s in (Skill.SPEED, Skill.BLOOD_FURY, Skill.GLAMOUR)
    )
    if found.kind is Kind.TRIBUTE:
        return 1.0 if table.blood[seat] >= found.cost else 0.0
    if found.kind is Kind.SLAY:
        dice = CATALOG.skills.speed_dice[speed]
        p = (7 - CATALOG.skills.hit[speed]) / 6
        expected = dice * p + (1 if fury >= 1 and table.blood[seat] >= 4 else 0)
        return max(0.0, min(1.0, 0.5 + (expected - found.strength) * 0.5))
    keep = CATALOG.skills.glamour_keep[glamour]
    return min(1.0, 0.5 + 0.15 * CATALOG.skills.glamour_draw[glamour]) * keep


class HeuristicAgent:
    """Rules of thumb; ``rng`` breaks ties."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        legal = decision.legal_actions
        moves = {CODEC.decode(a): a for a in legal}
        view = read(decision.observation)
        table, seat, step = view.public, decision.player, view.step.name
        by_family: dict[str, list[int]] = {}
        for move, action in moves.items():
            by_family.setdefault(move.family.name, []).append(action)

        def first(*wanted: object) -> int | None:
            for move, action in moves.items():
                if move in wanted or move.family in wanted:
                    return action
            return None

        if step is Phase.BROKER or step is Phase.AUCTION:
            return first(PASS) or legal[0]
        if step is Phase.SKILLS:
            stone = first(STONE)
            if stone is not None:
                return stone
            for skill in SKILL_ORDER:
                found = first(RAISE(skill))
                if found is not None:
                    return found
            return first(DONE) or legal[0]
        if step in (Phase.SELECT, Phase.LATE):
            return self._select(moves, view.zones, table, seat, legal)
        if step is Phase.FACE:
            best = max(
                (m for m in moves if m.family is FACE),
                key=lambda m: _gain(m["card"], table, seat) * _chance(m["card"], table, seat),
            )
            return moves[best]
        if step is Phase.ATTEMPT:
            stone = first(STONE)
            if stone is not None:
                return stone
            for way in (Way.PAY, Way.FURY, Way.FIGHT, Way.SEDUCE):
                found = first(ATTEMPT(way))
                if found is not None:
                    return found
            return legal[0]
        if step is Phase.REROLL:
            assert table.facing is not None
            need = CATALOG.cards[table.facing].strength
            speed = table.skills[seat][list(Skill).index(Skill.SPEED)]
            hit = CATALOG.skills.hit[speed]
            hits = sum(1 for d in table.dice if d >= hit)
            if hits < need and table.blood[seat] > 3:
                misses = [m for m in moves if m.family is REROLL and max(m["dice"]) < hit]
                if misses:
                    return moves[max(misses, key=lambda m: len(m["dice"]))]
            return first(STOP) or legal[0]
        if step is Phase.KEEP:
            keeps = [m for m in moves if m.family is KEEP]
            best = max(keeps, key=lambda m: CATALOG.cards[m["card"]].success)
            return moves[best]
        if step is Phase.TRAIN:
            buys = [m for m in moves if m.family is BUY]
            spare = max(0, table.blood[seat] - 8) // 2
            best = max(
                (m for m in buys if m["points"] <= spare),
                key=lambda m: m["points"],
                default=buys[0],
            )
            return moves[best]
        if step is Phase.TRAINER:
            trainers = [m for m in moves if m.family is TRAINER]
            if trainers:
                return moves[max(trainers, key=lambda m: CATALOG.cards[m["card"]].cost)]
            return first(PASS) or legal[0]
        return legal[self.rng.below(len(legal))]

    def _select(
        self,
        moves: dict[Action, int],
        zones: ZonesView,
        table: Table,
        seat: int,
        legal: Sequence[int],
    ) -> int:
        options: list[tuple[float, int]] = []
        for move, action in moves.items():
            if move.family is not SELECT:
                continue
            card = move["card"]
            value = 0.0
            if card is ActionCard.HARVEST:
                harvest_level = table.skills[seat][list(Skill).index(Skill.HARVEST)]
                value = (table.pool / 2 + CATALOG.skills.harvest_bonus[harvest_level]) / 3
                if table.blood[seat] < 5:
                    value += 2
            elif card.area is not None:
                cards = zones.zone(f"area-{card.area}").cards or ()
                value = max(
                    (_gain(c, table, seat) * _chance(c, table, seat) for c in cards), default=0.0
                )
            elif card is ActionCard.TRAIN:
                value = 0.5 if table.blood[seat] >= 16 and table.turn <= 8 else 0.0
            elif card is ActionCard.CHANCE_ENCOUNTER:
                value = 1.0
            elif card is ActionCard.LATE_DECISION:
                value = -1.0
            options.append((value + self.rng.random() * 0.01, action))
        return max(options)[1] if options else legal[0]
