"""The ``heuristic`` bot: rules of thumb read from the seat's own observation.

It keeps and plays agents with much influence and income for little
exposure, networking where it can; places influence where it takes or
holds blocks worth the most (a block's bonus and a share of its district's
VP, more where the district's control is at stake); uses its agents' and
districts' abilities, inspires in a block it can take and buys just the
influence that takes it, whitewashes a point when it is the most exposed; aims removals, thefts and exposure at its rivals and
raises the districts it holds.
"""

from __future__ import annotations

from ballroom.core.actions import Action
from ballroom.core.agent import Decision, TakesForcedMoveBlind
from ballroom.core.rng import Rng
from ballroom.games.dominare.action_phase import inspire_price, most_inspired
from ballroom.games.dominare.components import Agent
from ballroom.games.dominare.influence import controller
from ballroom.games.dominare.state import NOBODY, DominareState
from ballroom.games.dominare.turn import (
    ABILITY,
    AGENT_PICK,
    AMOUNT,
    ANSWER,
    CATALOG,
    CODEC,
    CROWN,
    DISTRICT_PICK,
    DONE,
    GIVE_AGENT,
    INSPIRE,
    KEEP,
    PLACE,
    PLAYER,
    RAISE,
    RALLY,
    RECRUIT,
    REPLACE,
    SELECT,
    SIGN,
    SPEND,
    TRADE,
    USE,
    WHITEWASH,
    Answer,
    Direction,
    Phase,
    block_of,
)
from ballroom.games.dominare.view import determinize_free


def agent_worth(agent: Agent) -> float:
    """What an agent brings a conspiracy, roughly, for its exposure."""
    return 2.0 * agent.influence + agent.income + 0.5 * len(agent.abilities) - 0.6 * agent.exposure


class HeuristicAgent(TakesForcedMoveBlind):
    """Rules of thumb; ``rng`` breaks ties."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def act(self, decision: Decision) -> int:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        seen = determinize_free(decision.game, decision.observation)  # type: ignore[arg-type]
        state, seat = seen.state, decision.player
        moves = [CODEC.decode(a) for a in legal]
        scored = [
            (self._score(state, seat, move) + 1e-3 * self.rng.random(), a)
            for move, a in zip(moves, legal, strict=True)
        ]
        return max(scored)[1]

    def _score(self, state: DominareState, seat: int, move: Action) -> float:
        family = move.family
        step = state.step.name
        if family in (KEEP, SELECT):
            agent = CATALOG.agent(move["agent"])
            bonus = 0.0
            if family is SELECT and state.ranks[seat]:
                last = CATALOG.agent(state.ranks[seat][-1])
                bonus = 1.5 if last.traits & agent.traits else 0.0
            return agent_worth(agent) + bonus
        if family is PLACE:
            return self._place_value(state, seat, block_of(state.board, move), step)
        if family is DONE:
            return 0.5 if step is Phase.SPREAD else 0.1
        if family in (PLAYER,):
            other: int = move["player"] - 1
            return (-1.0 if other == seat else 1.0) * (
                1 + state.crowns[other] + state.exposure[other] / 10
            )
        if family is SIGN:
            themselves = bool(state.picked) and state.picked[0] == seat
            up = move["way"] is Direction.UP
            return 1.0 if up != themselves else 0.0
        if family is DISTRICT_PICK:
            district = move["district"]
            holder = controller(state, district)
            positive = state.ops[0].amount > 0 if state.ops else True
            held = 1.0 if holder == seat else -1.0 if holder != NOBODY else 0.0
            return held if positive else -held
        if family is AGENT_PICK:
            owner: int = move["player"] - 1
            rank: int = move["rank"]
            return -1.0 if owner == seat else 1.0 + rank / 10
        if family is SPEND:
            spent: int = move["crowns"]
            return spent if state.exposure[seat] >= min(state.exposure) + 3 else -spent
        if family is GIVE_AGENT:
            return -agent_worth(CATALOG.agent(move["agent"]))
        if family is ANSWER and step is Phase.TRADE and state.trade is not None:
            fair = (
                state.trade.give_crowns >= state.trade.ask_crowns + 2 and not state.trade.ask_agent
            )
            return 1.0 if (move["answer"] is Answer.YES) == fair else 0.0
        if family is ANSWER:
            return 1.0 if (move["answer"] is Answer.YES) == (state.crowns[seat] >= 8) else 0.0
        if family is RAISE:
            holder = controller(state, move["district"])
            return 1.0 if holder == seat else 0.0
        if family is AMOUNT:
            return self._amount_value(state, seat, move["amount"])
        return self._action_value(state, seat, move)

    def _place_value(self, state: DominareState, seat: int, block: int, step: Phase) -> float:
        """What placing influence (or removing it) on ``block`` is worth to ``seat``."""
        info = state.board.blocks[block]
        district = info.district
        worth = info.vp + state.vp[district] / 3 + 1
        owner, tokens = state.owners[block], state.tokens[block]
        pending = state.ops[0] if state.ops and step is Phase.BLOCK else None
        if pending is not None and pending.act in ("remove", "move"):
            return (worth if owner not in (seat, NOBODY) else -worth) + tokens / 10
        amount = 2
        if state.canvass is not None:
            amount = state.canvass.left + 1
        elif pending is not None:
            amount = pending.amount
        if step is Phase.SPREAD and state.canvass is not None:
            first = state.canvass.first
            if block != first and owner in (seat, NOBODY) and tokens:
                return -1.0
            if block == first:
                return 0.4
        if owner == seat:
            return 0.3 * worth / (1 + tokens)
        if owner == NOBODY:
            return worth
        return worth * 1.3 if amount > tokens else 0.2 * worth

    def _amount_value(self, state: DominareState, seat: int, amount: int) -> float:
        """Inspire just enough to take the block (or as much as it can); Whitewash one point."""
        pending = state.ops[0]
        if pending.act == "inspire":
            needed = _needed(state, seat, state.board.index(pending.where))
            return -abs(amount - needed) if needed else -amount
        return -amount

    def _action_value(self, state: DominareState, seat: int, move: Action) -> float:
        family = move.family
        crowns = state.crowns[seat]
        if family is ABILITY:
            number: int = move["number"]
            return 6.0 + number
        if family is USE:
            return 5.0
        if family is INSPIRE:
            block = block_of(state.board, move)
            needed = _needed(state, seat, block)
            info = state.board.blocks[block]
            if not needed or needed > most_inspired(state, seat, block):
                return -5.0
            worth = info.vp + state.vp[info.district] / 2
            late = 2.0 if state.season >= 6 else 0.0
            return worth + late - 0.1 * needed * inspire_price(state, info.district)
        if family is WHITEWASH:
            if move["way"] is Direction.UP:
                return -10.0
            most = max(state.exposure)
            return 3.9 if state.exposure[seat] == most and crowns > 4 else -3.0
        if family is RALLY:
            return 4.5
        if family is RECRUIT:
            return 2.5 if not state.zones.zone("hand", seat).size and state.season < 7 else 0.5
        if family is REPLACE:
            old = CATALOG.agent(state.ranks[seat][move["rank"] - 1])
            new = CATALOG.agent(move["agent"])
            gain = agent_worth(new) - agent_worth(old) - 1
            return gain if state.season < 7 else -5.0
        if family is CROWN:
            return 1.0
        if family is TRADE:
            return -100.0
        return 0.0


def _needed(state: DominareState, seat: int, block: int) -> int:
    """The influence that takes ``block`` for ``seat``: one more than a rival holds there,
    one on a vacant block, none where the block is its own already."""
    owner = state.owners[block]
    if owner == seat:
        return 0
    return state.tokens[block] + 1 if owner != NOBODY else 1
