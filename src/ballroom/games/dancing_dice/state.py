"""The Dancing Dice game state: a marathon, round by round, as the rulebook's sections say.

A round: chance rolls the Tango dice when they must be re-rolled, then every
couple's six dice, one die at a time (``game_play``); the couples choose
their re-rolls in secret; the counts are announced and chance rolls the
re-rolled dice; the couples choose their first dances in secret; then the
curtains rise and both dances are judged (``judging``, ``special_dances``),
couples knocked out in the first sitting out the second, until one couple
is left (``ending``).

The state keeps plain lists and small tables, and does only what a round
needs: who decides comes from the step, which changes only when a choice
or a roll moves the round on; a round's dances are judged from tables;
events are made only when someone reads them (not in ``advance``), their
sentences only when read, and the view only when asked for. A simulation
that reads no events (``play_to_end``) plays a whole round in one pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ballroom.core.actions import Action
from ballroom.core.declared import DeclaredState
from ballroom.core.events import Event, Wording
from ballroom.core.flow import Mode, Step
from ballroom.core.state import CHANCE, Choose, Outcome
from ballroom.core.view import View
from ballroom.games.dancing_dice import log
from ballroom.games.dancing_dice.dance_values import RANKS_UNDER, TRIPLE_OF, TRIPLES
from ballroom.games.dancing_dice.ending import final_ranking, the_end
from ballroom.games.dancing_dice.game_play import (
    CHOSEN,
    FACE_OF,
    FIRST,
    FIRST_IDS,
    REROLL,
    ROLL,
    Phase,
    roll_id,
)
from ballroom.games.dancing_dice.judging import (
    Danced,
    danced,
    satisfactory_bar,
    satisfactory_count,
)
from ballroom.games.dancing_dice.preparation import (
    DICE_PER_PLAYER,
    MAX_ENDURANCE,
    SEAT_NAMES,
    TANGO_DICE,
)
from ballroom.games.dancing_dice.special_dances import GALA_BONUS
from ballroom.games.dancing_dice.view import Couple, Curtain, Floor, Judged, LastRound, Shown

if TYPE_CHECKING:
    from ballroom.games.dancing_dice.game import DancingDice

ROLLED = {face: (CHANCE, roll_id(face)) for face in range(1, 7)}
"""The history entry of a die that shows ``face``."""
TANGO_STEP = Step.chance(Phase.TANGO)
ROLL_STEP = Step.chance(Phase.ROLL)
REROLL_ROLL_STEP = Step.chance(Phase.REROLL_ROLL)
OVER_STEP = Step.over(Phase.OVER)

Judging = tuple[dict[int, int], int, list[int], list[int]]
"""One dance judged: each couple's value, the least satisfactory value, who lost a point, who is out."""
Round = tuple[
    int, list[int], list[list[int]], dict[int, tuple[int, ...]], dict[int, Danced], list[Judging]
]
"""A round judged: its number, its Tango dice, the couples' dice and first dances, what the
judges saw of each arrangement, and both judgings."""


def _private(seat: int, kind: str, wording: Wording, **data: Any) -> Event:
    """An event only ``seat`` hears (behind its curtain)."""
    return Event(kind, wording, {"player": seat, **data}, audience=frozenset((seat,)))


class Lineup(NamedTuple):
    """The couples dancing a round, and what such a round rolls and asks of them."""

    couples: tuple[int, ...]
    rolls: tuple[tuple[int, int], ...]
    """Every couple's dice (six, unless a research option says fewer), in the order chance
    rolls them: (couple, die)."""
    rerolling: Step[Phase]
    arranging: Step[Phase]
    rerolling_steps: tuple[Step[Phase], ...]
    """The re-roll step as each couple meets it, in seat order (the couples before it
    have chosen)."""
    arranging_steps: tuple[Step[Phase], ...]
    """The first dances' step likewise."""

    @classmethod
    def of(cls, couples: tuple[int, ...], dice: tuple[int, ...]) -> Lineup:
        """The round of ``couples``, each rolling ``dice`` (by their first place)."""
        rolls = tuple((couple, die) for couple in couples for die in dice)
        rerolling, arranging = (
            tuple(Step.secret(phase, couples[i:]) for i in range(len(couples)))
            for phase in (Phase.REROLL, Phase.ARRANGE)
        )
        return cls(couples, rolls, rerolling[0], arranging[0], rerolling, arranging)


class DancingDiceState(DeclaredState[Phase]):
    """One marathon. ``observation(p)`` hides the other couples' dice until the curtains rise."""

    game: DancingDice

    def __init__(self, game: DancingDice, seed: int) -> None:
        super().__init__(game, seed)
        players = game.players
        self.zones = game.no_zones
        self.endurance = [int(game.options["endurance"])] * players
        self.lineup = game.lineup(tuple(range(players)))
        """The couples still in the marathon, and what a round with them rolls and asks."""
        self.eliminated: list[list[int]] = []
        """The couples knocked out together, dance by dance."""
        self.round = 0
        self.tango: list[int] = []
        """The Tango dice, in the order they were rolled."""
        self.tango_scored = True
        """Whether the Tango was danced this round (so the next round re-rolls it)."""
        self.dice = [[0] * DICE_PER_PLAYER for _ in range(players)]
        self.pending: list[tuple[int, int]] = []
        """Dice chance still rolls in this step, in order: (couple, die), CHANCE for a Tango die."""
        self.rerolls: dict[int, tuple[int, ...]] = {}
        self.arrangements: dict[int, tuple[int, ...]] = {}
        self.announced: dict[int, int] = {}
        self._judged: Round | None = None
        self._last_round: LastRound | None = None
        self._begin_round()

    @property
    def dancing(self) -> tuple[int, ...]:
        """The couples still in the marathon, in seat order."""
        return self.lineup.couples

    @dancing.setter
    def dancing(self, couples: tuple[int, ...]) -> None:
        self.lineup = self.game.lineup(couples)

    # -- the step due -------------------------------------------------------

    def next_step(self) -> Step[Phase]:
        """The step the round is at: dice to roll, couples still to choose, or the end."""
        if the_end(len(self.lineup.couples)):
            return OVER_STEP
        if self.pending:
            if self.pending[0][0] == CHANCE:
                return TANGO_STEP
            return REROLL_ROLL_STEP if self.announced else ROLL_STEP
        lineup = self.lineup
        step, chosen = (
            (lineup.rerolling, self.rerolls)
            if not self.announced
            else (lineup.arranging, self.arrangements)
        )
        for seat in chosen:
            following = step.after(seat)
            if following is None:
                raise AssertionError("every couple has chosen: the round should have moved on")
            step = following
        return step

    def _begin_round(self) -> None:
        if not the_end(len(self.lineup.couples)):
            self.round += 1
            self.rerolls = {}
            self.arrangements = {}
            self.announced = {}
            self.dice = [[0] * DICE_PER_PLAYER for _ in self.dice]
            rolls = self.lineup.rolls
            if self.tango_scored:
                self.tango = []
                self.tango_scored = False
                self.pending = [*self.game.dice.tango_rolls, *rolls]
            else:
                self.pending = list(rolls)
        self.step = self.next_step()

    # -- playing ------------------------------------------------------------

    def play(self, action: Action, seat: int) -> list[Event]:
        told: list[Event] | None = [] if self.reporting else None
        family = action.family
        if family is ROLL:
            self._roll(action.values[0], told)
        elif family is FIRST:
            self._arrange(seat, action.values[0], told)
        else:
            self._choose_rerolls(seat, action.values[0] if family is REROLL else (), told)
        return told or []

    def advance(self, action: int, player: int) -> None:
        """A die or a couple's choice for a caller that reads no events: straight to the
        rule, no event."""
        if player == CHANCE:
            self._roll(FACE_OF[action], None)
            self.history.append((player, action))
        elif action in FIRST_IDS:
            self._arrange(player, CHOSEN[action], None)
            self.history.append((player, action))
        else:
            self._choose_rerolls(player, CHOSEN[action], None)
            self.history.append((player, action))

    def run_chance(self, limit: int | None = None) -> None:
        """Roll every die due (at most ``limit``) at once, with the very numbers one by one gives."""
        pending = self.pending
        count = len(pending) if limit is None else min(limit, len(pending))
        if self.step.mode is not Mode.CHANCE or count <= 0:
            return
        rules = self.game.dice
        faces = self.rng.rolls(count, rules.faces)
        self.history.extend(map(ROLLED.__getitem__, faces))
        start = 0
        if pending[0][0] == CHANCE:
            copies = rules.tango_faces
            start = min(count, len(rules.tango_rolls) - len(self.tango) // copies)
            for face in faces[:start]:
                self.tango += [face] * copies
        dice = self.dice
        lineup = self.lineup
        rolls = lineup.rolls
        if rules.places is not None:
            for (seat, die), face in zip(pending[start:count], faces[start:], strict=True):
                for place in rules.filled(die):
                    dice[seat][place] = face
        elif count == len(pending) and len(rolls) == count - start and pending[start] == rolls[0]:
            # Every couple's six dice, from the first: six faces at a time.
            for seat, at in zip(lineup.couples, range(start, count, DICE_PER_PLAYER), strict=True):
                dice[seat] = faces[at : at + DICE_PER_PLAYER]
        else:
            for (seat, die), face in zip(pending[start:count], faces[start:], strict=True):
                dice[seat][die] = face
        del pending[:count]
        self._rolled()

    def play_to_end(self, choosers: Sequence[Choose], max_turns: int | None = None) -> None:
        """Whole rounds in one pass where the couples roll six dice each (``_play_round``);
        else step by step, a secret step's couples asked one after another."""
        offers = self.game.offers
        history = self.history
        whole_rounds = self.game.dice.places is None
        while max_turns is None or self.round <= max_turns:
            step = self.step
            mode = step.mode
            if mode is Mode.CHANCE:
                if whole_rounds and len(self.pending) >= len(self.lineup.rolls):
                    self._play_round(choosers)
                else:
                    self.run_chance()
                continue
            if mode is Mode.OVER:
                return
            legal = offers[step.name]
            rerolling = step.name is Phase.REROLL
            chosen = self.rerolls if rerolling else self.arrangements
            for seat in step.players:
                action = choosers[seat](legal)
                if action not in legal:
                    self.apply(action, seat)  # refused, with the rules' message
                chosen[seat] = CHOSEN[action]
                history.append((seat, action))
                after = self.step.after(seat)
                if after is not None:
                    self.step = after
            if rerolling:
                self._announce(None)
            else:
                self._judge_round(None)

    def _play_round(self, choosers: Sequence[Choose]) -> None:
        """A round from its first couple's first die to its judging, six dice a couple.

        The same draws and choices, in the same order, as one action at a time,
        and the same state before each couple chooses; but each step's dice are
        rolled at once and placed straight, the re-rolls announced and rolled
        together, and no step is worked out afresh: the lineup knows them.
        """
        lineup, rules, history, rng = self.lineup, self.game.dice, self.history, self.rng
        couples, pending, dice = lineup.couples, self.pending, self.dice
        faces = rng.rolls(len(pending), rules.faces)
        history.extend(map(ROLLED.__getitem__, faces))
        start = len(pending) - len(lineup.rolls)  # the Tango dice still to roll come first
        for face in faces[:start]:
            self.tango += [face] * rules.tango_faces
        for seat, at in zip(couples, range(start, len(faces), DICE_PER_PLAYER), strict=True):
            dice[seat] = faces[at : at + DICE_PER_PLAYER]
        pending.clear()
        offers = self.game.offers
        rerolls = self.rerolls
        self._ask(choosers, lineup.rerolling_steps, offers[Phase.REROLL], rerolls)
        announced = self.announced
        for couple in couples:
            announced[couple] = len(rerolls[couple])
        count = sum(announced.values())
        if count:
            faces = rng.rolls(count, rules.faces)
            history.extend(map(ROLLED.__getitem__, faces))
            rolled = iter(faces)
            for couple in couples:
                row = dice[couple]
                for die in rerolls[couple]:
                    row[die] = next(rolled)
        self._ask(choosers, lineup.arranging_steps, offers[Phase.ARRANGE], self.arrangements)
        self._judge_round(None)

    def _ask(
        self,
        choosers: Sequence[Choose],
        steps: tuple[Step[Phase], ...],
        legal: Sequence[int],
        chosen: dict[int, tuple[int, ...]],
    ) -> None:
        """Every couple's choice at a secret step, in seat order: ``steps`` is the step as
        each couple meets it, ``legal`` what it offers; the dice each names go to ``chosen``."""
        taken: list[tuple[int, int]] = []
        for step in steps:
            self.step = step
            seat = step.players[0]
            action = choosers[seat](legal)
            if action not in legal:
                self.history.extend(taken)
                self.apply(action, seat)  # refused, with the rules' message
            chosen[seat] = CHOSEN[action]
            taken.append((seat, action))
        self.history.extend(taken)

    # The rules below tell what happens to ``told``; ``None``: nobody reads it, tell nothing.

    def _roll(self, face: int, told: list[Event] | None) -> None:
        seat, die = self.pending.pop(0)
        if seat == CHANCE:
            self.tango += [face] * self.game.dice.tango_faces
            if told is not None and len(self.tango) == TANGO_DICE:
                tango = {"round": self.round, "tango": list(self.tango)}
                told.append(Event("tango", log.tango, tango))
        else:
            places = self.game.dice.places
            if places is None:
                self.dice[seat][die] = face
            else:
                for place in places[die]:
                    self.dice[seat][place] = face
            if told is not None and (not self.pending or self.pending[0][0] != seat):
                told.append(_private(seat, "dice", log.dice, dice=list(self.dice[seat])))
        self._rolled()

    def _rolled(self) -> None:
        """Move on once the step's dice are rolled, or once the Tango dice are."""
        if not self.pending or (self.step.name is Phase.TANGO and self.pending[0][0] != CHANCE):
            self.step = self.next_step()

    def _choose_rerolls(self, seat: int, dice: tuple[int, ...], told: list[Event] | None) -> None:
        self.rerolls[seat] = dice
        if told is not None:
            told.append(_private(seat, "choice", log.reroll_choice, reroll=list(dice)))
        after = self.step.after(seat)
        if after is not None:
            self.step = after
        else:
            self._announce(told)

    def _announce(self, told: list[Event] | None) -> None:
        """Every couple has chosen its re-rolls: the rules announce how many dice each
        re-rolls (a secret choice shows), and chance rolls them."""
        rerolled, rerolls, announced = self.game.rerolled, self.rerolls, self.announced
        for couple in self.lineup.couples:
            rolls = rerolled(couple, rerolls[couple])
            announced[couple] = len(rolls)
            self.pending += rolls
            if told is not None:
                count = {"player": couple, "count": len(rolls)}
                told.append(Event("reroll", log.reroll, count, reveals=True))
        self.step = self.next_step()

    def _arrange(self, seat: int, first_row: tuple[int, ...], told: list[Event] | None) -> None:
        self.arrangements[seat] = first_row
        if told is not None:
            chosen = {"first_row": list(first_row), "dice": list(self.dice[seat])}
            told.append(_private(seat, "choice", log.first_dance_choice, **chosen))
        after = self.step.after(seat)
        if after is not None:
            self.step = after
        else:
            self._judge_round(told)

    def _judge_round(self, told: list[Event] | None) -> None:
        """The curtains rise; both dances are judged; the next round begins, or the end."""
        a, b, c = self.tango
        tango = TRIPLE_OF[36 * a + 6 * b + c - 43]
        ranks = RANKS_UNDER[tango]
        dice, arrangements, endurance = self.dice, self.arrangements, self.endurance
        dancers = self.lineup.couples
        shown: dict[int, Danced] = {}
        for p in dancers:
            shown[p] = danced(dice[p], arrangements[p])
        judgings: list[Judging] = []
        for dance in (0, 1):
            judged = self.lineup.couples
            if len(judged) < 2:
                break
            values = {}
            for p in judged:
                arranged = shown[p]
                triple = arranged[dance]
                values[p] = 2 * ranks[triple] + arranged[2]  # the value of a dance (dance_values)
                if triple == tango:
                    self.tango_scored = True
            bar = satisfactory_bar(values)
            losers, out = [], []
            for p, value in values.items():
                if value < bar and not shown[p][3]:  # a Rock (a Gala is one too) loses nothing
                    losers.append(p)
                    endurance[p] -= 1
                    if not endurance[p]:
                        out.append(p)
            if out:
                self.eliminated.append(out)
                self.dancing = tuple(p for p in judged if p not in out)
            judgings.append((values, bar, losers, out))
        galas = []
        for p in dancers:
            if shown[p][4] and endurance[p]:
                galas.append(p)
                endurance[p] = min(MAX_ENDURANCE, endurance[p] + GALA_BONUS)
        # The round's lists are replaced, not changed, by the next round: kept as they are.
        self._judged = (self.round, self.tango, dice, arrangements, shown, judgings)
        self._last_round = None
        if told is not None:
            told += self._verdict(shown, judgings, galas)
        self._begin_round()
        if told is not None and self.step.name is Phase.OVER:
            winners = {"winners": list(self.outcome().winners)}
            told.append(Event("game-over", log.game_over, winners))

    def _verdict(
        self, shown: dict[int, Danced], judgings: list[Judging], galas: list[int]
    ) -> list[Event]:
        """The events of a judged round: the curtains rise, both judgings, the Galas' points."""
        rows = [
            [p, TRIPLES[one], TRIPLES[two], "gala" if gala else "rock" if rock else None]
            for p, (one, two, _, rock, gala) in shown.items()
        ]
        events = [Event("reveal", log.reveal, {"round": self.round, "shown": rows}, reveals=True)]
        for dance, (values, bar, losers, out) in enumerate(judgings):
            judged = {
                "dance": dance,
                "values": {str(p): v for p, v in values.items()},
                "satisfactory": sorted(p for p, value in values.items() if value >= bar),
                "lost": losers,
                "out": out,
            }
            events.append(Event("judging", log.judging, judged))
        for p in galas:
            restored = {"player": p, "endurance": self.endurance[p]}
            events.append(Event("gala", log.gala, restored))
        return events

    # -- the end ------------------------------------------------------------

    def outcome(self) -> Outcome:
        ranking = final_ranking(self.dancing, self.eliminated)
        return Outcome.from_ranking(self.game.players, ranking)

    def turns(self) -> int:
        return self.round

    # -- what a seat sees -----------------------------------------------------

    @property
    def last_round(self) -> LastRound | None:
        """The round last judged, as the table saw it (made when first asked for)."""
        if self._last_round is None and self._judged is not None:
            number, tango, dice, arrangements, shown, judgings = self._judged
            self._last_round = LastRound(
                round=number,
                tango=tuple(sorted(tango)),
                performances={
                    p: Shown(tuple(dice[p]), arrangements[p], rock, gala)
                    for p, (_, _, _, rock, gala) in shown.items()
                },
                dances=tuple(
                    Judged(
                        values,
                        tuple(sorted(p for p, value in values.items() if value >= bar)),
                        tuple(lost),
                        tuple(out),
                    )
                    for values, bar, lost, out in judgings
                ),
            )
        return self._last_round

    @last_round.setter
    def last_round(self, value: LastRound | None) -> None:
        self._last_round, self._judged = value, None

    def view(self, seat: int | None) -> View[Phase, Floor, Curtain]:
        tango = self.tango
        complete = len(tango) == TANGO_DICE
        floor = Floor(
            round=self.round,
            tango=tuple(sorted(tango)) if complete else None,
            tango_rolled=() if complete else tuple(tango),
            dice_to_roll=len(self.pending),
            satisfactory=satisfactory_count(len(self.dancing)),
            couples=tuple(
                Couple(SEAT_NAMES[p], e, p in self.dancing, self.announced.get(p))
                for p, e in enumerate(self.endurance)
            ),
            last_round=self.last_round,
            winners=self.outcome().winners if self.step.name is Phase.OVER else None,
        )
        curtain = None
        if seat is not None:
            curtain = Curtain(
                tuple(self.dice[seat]), self.rerolls.get(seat), self.arrangements.get(seat)
            )
        return View(seat, self.step, self.game.no_zone_views[seat], floor, curtain)

    def clone(self) -> DancingDiceState:
        twin = DancingDiceState.__new__(DancingDiceState)
        twin.game = self.game
        twin.seed = self.seed
        twin.rng = self.rng.clone()
        twin.history = self.history.fork()
        twin.zones = self.zones
        twin.step = self.step
        twin.endurance = list(self.endurance)
        twin.lineup = self.lineup
        twin.eliminated = [list(group) for group in self.eliminated]
        twin.round = self.round
        twin.tango = list(self.tango)
        twin.tango_scored = self.tango_scored
        twin.dice = [list(faces) for faces in self.dice]
        twin.pending = list(self.pending)
        twin.rerolls = dict(self.rerolls)
        twin.arrangements = dict(self.arrangements)
        twin.announced = dict(self.announced)
        twin._judged = self._judged
        twin._last_round = self._last_round
        return twin
