"""The Dancing Dice game state and its round structure.

A round: (chance) the Tango dice when they must be re-rolled; (chance) every
dancer's six dice; (simultaneous, secret) each dancer picks the dice to
re-roll; (chance) the re-rolls; (simultaneous, secret) each dancer picks the
three dice of the first dance; then the reveal and both judgings happen at
once, with players knocked out after the first dance sitting out the second.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from ballroom.core.events import Event
from ballroom.core.state import CHANCE, Observation, Outcome, State
from ballroom.games.dancing_dice import actions
from ballroom.games.dancing_dice.rules import (
    DICE_PER_PLAYER,
    DIE_LABELS,
    GALA_BONUS,
    MAX_ENDURANCE,
    Performance,
    describe_value,
    final_ranking,
    judge,
    satisfactory_count,
)

if TYPE_CHECKING:
    from ballroom.games.dancing_dice.game import DancingDice

TANGO_DICE = 3
ROLL_PROBABILITY = 1 / 6
CHANCE_OUTCOMES = [(a, ROLL_PROBABILITY) for a in actions.ROLL_ACTIONS]


class Phase(Enum):
    TANGO = "tango"
    ROLL = "roll"
    REROLL = "reroll"
    REROLL_ROLL = "reroll-roll"
    ARRANGE = "arrange"
    OVER = "over"


class DancingDiceState(State):
    """One game of Dancing Dice. ``observation(p)`` hides other dice until the reveal."""

    game: DancingDice

    def __init__(self, game: DancingDice, seed: int) -> None:
        super().__init__(game, seed)
        players = game.players
        self.endurance = [int(game.options["endurance"])] * players
        self.active = [True] * players
        self.round = 0
        self.tango: list[int] = []
        self.dice: list[list[int]] = [[0] * DICE_PER_PLAYER for _ in range(players)]
        self.pending: list[tuple[int, int]] = []
        """Chance queue: (player, die) still to roll; player CHANCE means a Tango die."""
        self.rerolls: dict[int, int] = {}
        self.arrangements: dict[int, int] = {}
        self.announced: dict[int, int] = {}
        self.last_round: dict[str, Any] | None = None
        self.eliminated: list[list[int]] = []
        self.tango_scored = True
        self.phase = Phase.TANGO
        self._current: tuple[int, ...] | None = None
        self._start_round()

    # -- the contract -------------------------------------------------------

    def current_players(self) -> tuple[int, ...]:
        if self._current is None:
            self._current = self._compute_current_players()
        return self._current

    def _compute_current_players(self) -> tuple[int, ...]:
        if self.phase in (Phase.TANGO, Phase.ROLL, Phase.REROLL_ROLL):
            return (CHANCE,)
        if self.phase is Phase.REROLL:
            return tuple(p for p in self.dancers() if p not in self.rerolls)
        if self.phase is Phase.ARRANGE:
            return tuple(p for p in self.dancers() if p not in self.arrangements)
        return ()

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.phase is Phase.OVER:
            return []
        if self.phase in (Phase.TANGO, Phase.ROLL, Phase.REROLL_ROLL):
            return list(actions.ROLL_ACTIONS) if player in (None, CHANCE) else []
        if player is None or player not in self.current_players():
            return []
        if self.phase is Phase.REROLL:
            return list(actions.REROLL_ACTIONS)
        return list(actions.ARRANGE_ACTIONS)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(CHANCE_OUTCOMES) if self.current_players() == (CHANCE,) else []

    def sample_chance(self) -> int:
        """Every chance node here is one fair die."""
        return actions.ROLL_BASE + self.rng.below(6)

    def _apply(self, action: int, player: int) -> list[Event]:
        self._current = None
        events = self._resolve(action, player)
        self._current = None  # the phase may have moved on while resolving
        return events

    def _resolve(self, action: int, player: int) -> list[Event]:
        if player == CHANCE:
            return self._apply_roll(action - actions.ROLL_BASE + 1)
        if self.phase is Phase.REROLL:
            self.rerolls[player] = action
            events = [
                self._private(
                    player,
                    "choice",
                    f"You will re-roll {self._dice_text(actions.reroll_dice(action))}.",
                )
            ]
            if not self.current_players():
                events += self._announce_rerolls()
            return events
        self.arrangements[player] = action
        row = actions.first_row(action)
        events = [
            self._private(
                player, "choice", f"Your first dance: {self._dice_text(list(row), player)}."
            )
        ]
        if not self.current_players():
            events += self._judge_round()
        return events

    def outcome(self) -> Outcome:
        survivors = self.dancers()
        return Outcome.from_ranking(self.game.players, final_ranking(survivors, self.eliminated))

    def turns(self) -> int:
        return self.round

    def observation(self, player: int | None) -> Observation:
        revealed_to = {player} if player is not None else set()
        players = []
        for p in range(self.game.players):
            mine = p in revealed_to
            players.append(
                {
                    "name": self.game.player_name(p),
                    "endurance": self.endurance[p],
                    "dancing": self.active[p],
                    "dice": list(self.dice[p]) if mine else None,
                    "rerolled": self.announced.get(p),
                    "ready": self._has_chosen(p),
                }
            )
        view: Observation = {
            "game": self.game.id,
            "you": player,
            "round": self.round,
            "phase": self.phase.value,
            "tango": sorted(self.tango) if len(self.tango) == TANGO_DICE else None,
            "tango_rolled": list(self.tango) if len(self.tango) < TANGO_DICE else None,
            "dice_to_roll": len(self.pending),
            "satisfactory": satisfactory_count(len(self.dancers())),
            "players": players,
            "last_round": self.last_round,
            "winners": list(self.outcome().winners) if self.phase is Phase.OVER else None,
        }
        if player is not None:
            view["my_reroll"] = self.rerolls.get(player)
            view["my_first_row"] = (
                list(actions.first_row(self.arrangements[player]))
                if player in self.arrangements
                else None
            )
        return view

    def clone(self) -> DancingDiceState:
        twin = DancingDiceState.__new__(DancingDiceState)
        twin.game = self.game
        twin.seed = self.seed
        twin.rng = self.rng.clone()
        twin.history = list(self.history)
        twin.endurance = list(self.endurance)
        twin.active = list(self.active)
        twin.round = self.round
        twin.tango = list(self.tango)
        twin.dice = [list(d) for d in self.dice]
        twin.pending = list(self.pending)
        twin.rerolls = dict(self.rerolls)
        twin.arrangements = dict(self.arrangements)
        twin.announced = dict(self.announced)
        twin.last_round = self.last_round
        twin.eliminated = [list(g) for g in self.eliminated]
        twin.tango_scored = self.tango_scored
        twin.phase = self.phase
        twin._current = self._current
        return twin

    # -- queries ------------------------------------------------------------

    def dancers(self) -> list[int]:
        """Players still in the marathon, in seat order."""
        return [p for p in range(self.game.players) if self.active[p]]

    def _has_chosen(self, player: int) -> bool:
        if self.phase is Phase.REROLL:
            return player in self.rerolls
        if self.phase is Phase.ARRANGE:
            return player in self.arrangements
        return False

    # -- round flow ---------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.rerolls.clear()
        self.arrangements.clear()
        self.announced.clear()
        self.dice = [[0] * DICE_PER_PLAYER for _ in range(self.game.players)]
        self.pending = [(p, d) for p in self.dancers() for d in range(DICE_PER_PLAYER)]
        if self.tango_scored:
            self.tango = []
            self.pending[:0] = [(CHANCE, d) for d in range(TANGO_DICE)]
            self.tango_scored = False
            self.phase = Phase.TANGO
        else:
            self.phase = Phase.ROLL

    def _apply_roll(self, face: int) -> list[Event]:
        player, die = self.pending.pop(0)
        events: list[Event] = []
        if player == CHANCE:
            self.tango.append(face)
            if len(self.tango) == TANGO_DICE:
                shown = "-".join(map(str, self.tango))
                events.append(
                    Event(
                        "tango",
                        f"Round {self.round}: the Tango dice show {shown}.",
                        {"tango": list(self.tango), "round": self.round},
                    )
                )
        else:
            self.dice[player][die] = face
            if not self.pending or self.pending[0][0] != player:
                events.append(
                    self._private(
                        player,
                        "dice",
                        f"Your dice: {self._dice_text(list(range(DICE_PER_PLAYER)), player)}.",
                        dice=list(self.dice[player]),
                    )
                )
        if not self.pending:
            self.phase = Phase.REROLL if self.phase in (Phase.TANGO, Phase.ROLL) else Phase.ARRANGE
        elif self.phase is Phase.TANGO and self.pending[0][0] != CHANCE:
            self.phase = Phase.ROLL
        return events

    def _announce_rerolls(self) -> list[Event]:
        events = []
        for player in self.dancers():
            dice = actions.reroll_dice(self.rerolls[player])
            self.announced[player] = len(dice)
            self.pending.extend((player, d) for d in dice)
            name = self.game.player_name(player)
            text = (
                f"{name} keeps every die."
                if not dice
                else f"{name} re-rolls {len(dice)} {'die' if len(dice) == 1 else 'dice'}!"
            )
            # The rules announce how many dice each dancer re-rolls: a secret choice shows.
            events.append(
                Event("reroll", text, {"player": player, "count": len(dice)}, reveals=True)
            )
        self.phase = Phase.REROLL_ROLL if self.pending else Phase.ARRANGE
        return events

    def _judge_round(self) -> list[Event]:
        dancers = self.dancers()
        performances = {
            p: Performance(tuple(self.dice[p]), actions.first_row(self.arrangements[p]))
            for p in dancers
        }
        events = [self._reveal_event(performances)]
        summary: dict[str, Any] = {
            "round": self.round,
            "tango": sorted(self.tango),
            "performances": {
                str(p): {
                    "dice": list(perf.faces),
                    "first_row": list(perf.first_row),
                    "rock": perf.is_rock,
                    "gala": perf.is_gala,
                }
                for p, perf in performances.items()
            },
            "dances": [],
        }
        for dance in (0, 1):
            dancing = [p for p in dancers if self.active[p]]
            if len(dancing) < 2:
                break
            values = {p: performances[p].value(dance, self.tango) for p in dancing}
            if any(performances[p].shows_tango(dance, self.tango) for p in dancing):
                self.tango_scored = True
            satisfied = judge(values)
            losers = [p for p in dancing if p not in satisfied and not performances[p].protected]
            for p in losers:
                self.endurance[p] -= 1
            out = [p for p in losers if self.endurance[p] == 0]
            for p in out:
                self.active[p] = False
            if out:
                self.eliminated.append(out)
            summary["dances"].append(
                {
                    "values": {str(p): v for p, v in values.items()},
                    "satisfactory": sorted(satisfied),
                    "lost": losers,
                    "out": out,
                }
            )
            events.append(self._judging_event(dance, values, satisfied, losers, out))
        for p, perf in performances.items():
            if perf.is_gala and self.active[p]:
                self.endurance[p] = min(MAX_ENDURANCE, self.endurance[p] + GALA_BONUS)
                events.append(
                    Event(
                        "gala",
                        f"{self.game.player_name(p)}'s Gala restores endurance to {self.endurance[p]}.",
                        {"player": p, "endurance": self.endurance[p]},
                    )
                )
        self.last_round = summary
        if len(self.dancers()) <= 1:
            self.phase = Phase.OVER
            winners = self.outcome().winners
            names = " and ".join(self.game.player_name(p) for p in winners)
            text = f"{names} {'wins' if len(winners) == 1 else 'share'} the Dance Champion's title!"
            events.append(Event("game-over", text, {"winners": list(winners)}))
        else:
            self._start_round()
        return events

    # -- event text ---------------------------------------------------------

    def _dice_text(self, dice: list[int], player: int | None = None) -> str:
        if not dice:
            return "no dice"
        if player is None:
            return " ".join(DIE_LABELS[d] for d in dice)
        return " ".join(f"{DIE_LABELS[d]}={self.dice[player][d]}" for d in dice)

    def _private(self, player: int, kind: str, text: str, **data: Any) -> Event:
        return Event(kind, text, {"player": player, **data}, audience=frozenset({player}))

    def _reveal_event(self, performances: dict[int, Performance]) -> Event:
        parts = []
        for p, perf in performances.items():
            rows = " | ".join("-".join(map(str, perf.dance_faces(d))) for d in (0, 1))
            tag = " (Gala!)" if perf.is_gala else " (Rock!)" if perf.is_rock else ""
            parts.append(f"{self.game.player_name(p)} {rows}{tag}")
        text = "Curtains up: " + "; ".join(parts) + "."
        return Event("reveal", text, {"round": self.round}, reveals=True)

    def _judging_event(
        self,
        dance: int,
        values: dict[int, int],
        satisfied: set[int],
        losers: list[int],
        out: list[int],
    ) -> Event:
        name = self.game.player_name
        ordinal = "First" if dance == 0 else "Second"
        k = satisfactory_count(len(values))
        good = ", ".join(
            f"{name(p)} ({describe_value(values[p])})"
            for p in sorted(satisfied, key=lambda p: -values[p])
        )
        text = f"{ordinal} dance, {k} of {len(values)} satisfactory: {good}."
        if losers:
            verb = "loses" if len(losers) == 1 else "lose"
            text += " " + ", ".join(name(p) for p in losers) + f" {verb} 1 endurance."
        if out:
            text += (
                " "
                + ", ".join(name(p) for p in out)
                + " "
                + ("is" if len(out) == 1 else "are")
                + " out!"
            )
        return Event(
            "judging",
            text,
            {
                "dance": dance,
                "values": {str(p): v for p, v in values.items()},
                "satisfactory": sorted(satisfied),
                "lost": losers,
                "out": out,
            },
        )
