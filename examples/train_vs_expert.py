"""Train a Dancing Dice policy that beats the ``expert`` bot in the full two-player game.

The learner plays through ``ballroom.interop.gym.make("dancing-dice",
opponents="expert")`` (2 players, endurance 10) and reads only its own
encoded observation: its dice, the Tango, both endurances and the last
round's judging.

Why this beats the expert: the expert scores a dance by the chance that a
*modelled* rival (the better of two random dances) beats it, and weighs
endurance by a fixed knock-out penalty. With two players only one thing
matters per dance, whether the one rival's dance is higher, and only one
per game: winning the race to zero. So the learner learns two tables by
Monte-Carlo from its own games and plans on them exactly:

* an opponent model: a histogram, for each of the two dances, of the
  expert's dance values (0..45) as the last round's judging reveals them,
  giving P(win), P(tie), P(lose) for each value of the learner's dance;
* a value table V[my endurance, its endurance] = P(win the game), the mean
  final return from every round's endurances (tabular Monte-Carlo).

Each decision maximises the expected V after the round: over the 20
arrangements of the dice (dance by dance, a knock-out ending the judging,
Rock and Gala protecting, a Gala adding 2), and, for a re-roll, over every
outcome of the re-rolled dice with the best arrangement of each. The policy
is greedy in these learned tables: Monte-Carlo control with a model.

Training games are played in blocks; the learning curve is each block's win
rate against the expert with its Wilson 95% interval. The trained policy
(tables frozen) is then judged over ``--eval-games`` fresh seeded games,
half in each seat, and the result line gives its win rate and interval.

Run (needs the ``rl`` extra and matplotlib)::

    python examples/train_vs_expert.py --out examples/vs_expert_learning_curve.png
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ballroom.games.dancing_dice import encoding
from ballroom.games.dancing_dice.dance_values import TRIPLES
from ballroom.games.dancing_dice.expert import (
    SIDE_KEY_INDEX,
    dice_set,
    first_dance,
    tables,
    triple_ranks,
)
from ballroom.games.dancing_dice.game_play import FIRST_IDS, dice_of
from ballroom.games.dancing_dice.preparation import DICE_PER_PLAYER, MAX_ENDURANCE
from ballroom.games.dancing_dice.special_dances import GALA_BONUS
from ballroom.interop.gym import BallroomGymEnv, make

FloatArray = npt.NDArray[np.float64]
PLAYERS = 2
VALUES = 46
"""Dance values 0..45 (``2 * rank + pure``)."""
SIZE = MAX_ENDURANCE + 1

# Offsets into the two-player encoding (see ballroom.games.dancing_dice.encoding).
PHASE_REROLL = encoding.PHASES.index("reroll")
TANGO_AT = len(encoding.PHASES) + 3
SEATS_AT = TANGO_AT + 3 * encoding.FACES
DICE_AT = SEATS_AT + PLAYERS * encoding.SEAT_SIZE
LAST_AT = DICE_AT + DICE_PER_PLAYER * encoding.FACES + encoding.FACES + 2 * (1 + DICE_PER_PLAYER)
RIVAL_LAST_AT = LAST_AT + encoding.LAST_ROUND_SIZE


def _faces(block: FloatArray, dice: int) -> list[int]:
    """Faces 1..6 from ``dice`` consecutive one-hot blocks of six."""
    return [int(np.argmax(block[d * 6 : d * 6 + 6])) + 1 for d in range(dice)]


@dataclass
class View:
    """What the learner's decision needs, decoded from its encoded observation."""

    dice: list[int]
    tango: tuple[int, ...]
    mine: int
    theirs: int

    @classmethod
    def of(cls, x: FloatArray) -> View:
        endurance = [
            round(float(x[SEATS_AT + k * encoding.SEAT_SIZE]) * MAX_ENDURANCE) for k in range(2)
        ]
        return cls(
            dice=_faces(x[DICE_AT:], DICE_PER_PLAYER),
            tango=tuple(_faces(x[TANGO_AT:], 3)),
            mine=endurance[0],
            theirs=endurance[1],
        )


def rival_values(x: FloatArray) -> list[int] | None:
    """The expert's two dance values in the last round, if it was judged in both."""
    if x[RIVAL_LAST_AT] == 0:
        return None
    values = x[RIVAL_LAST_AT + 1 : RIVAL_LAST_AT + 3]
    if (values == 0).any():
        return None
    return [round(float(v) * encoding.MAX_VALUE) for v in values]


def _prior_value() -> FloatArray:
    """V before any game: a fair race where each side loses about equally often."""
    table = np.zeros((SIZE, SIZE))
    for mine in range(SIZE):
        for theirs in range(SIZE):
            table[mine, theirs] = 0.5 if mine == theirs == 0 else mine / max(mine + theirs, 1)
    return table


@dataclass
class Learner:
    """The opponent model and the value table, and the greedy policy on them."""

    rival_counts: FloatArray = field(default_factory=lambda: np.ones((2, VALUES)))
    value_sum: FloatArray = field(default_factory=lambda: 5 * _prior_value())
    value_count: FloatArray = field(default_factory=lambda: np.full((SIZE, SIZE), 5.0))

    def value(self) -> FloatArray:
        table: FloatArray = self.value_sum / self.value_count
        table[0, :] = 0.0
        table[:, 0] = 1.0
        table[0, 0] = 0.5
        return table

    def outcome_odds(self) -> FloatArray:
        """(dance, my value, win/tie/lose) probabilities under the opponent model."""
        p = self.rival_counts / self.rival_counts.sum(axis=1, keepdims=True)
        below = np.cumsum(p, axis=1) - p
        above = 1.0 - below - p
        return np.stack([below, p, above], axis=2)

    def freeze(self) -> FrozenPolicy:
        return FrozenPolicy(self.outcome_odds(), self.value())

    def observe_round(self, x: FloatArray) -> None:
        values = rival_values(x)
        if values is not None:
            for dance, v in enumerate(values):
                self.rival_counts[dance, v] += 1

    def observe_game(self, visited: list[tuple[int, int]], result: float) -> None:
        for mine, theirs in visited:
            self.value_sum[mine, theirs] += result
            self.value_count[mine, theirs] += 1


def _after_round(mine: int, theirs: int, protected: bool, gain: int) -> FloatArray:
    """Endurances after the round for each (first, second) dance outcome, win/tie/lose."""
    result = np.zeros((3, 3, 2), dtype=np.int64)
    for a in range(3):
        for b in range(3):
            me, it = mine, theirs
            for outcome in (a, b):
                if me == 0 or it == 0:
                    break
                if outcome == 0:
                    it -= 1
                elif outcome == 2 and not protected:
                    me -= 1
            if me > 0:
                me = min(MAX_ENDURANCE, me + gain)
            result[a, b] = (me, it)
    return result


@dataclass
class FrozenPolicy:
    """Greedy play on fixed tables; caches its per-context arrangement values."""

    odds: FloatArray
    value: FloatArray

    def __post_init__(self) -> None:
        self.arrangement_values = lru_cache(maxsize=512)(self._arrangement_values)
        self.reroll_values = lru_cache(maxsize=512)(self._reroll_values)

    def _arrangement_values(self, tango: tuple[int, ...], mine: int, theirs: int) -> FloatArray:
        """Expected V after the round for every (dice set, first row): shape (3136, 20)."""
        ranks = triple_ranks(tango)
        t = tables()
        first = self.odds[0][2 * ranks[t.first_triple] + t.pure_first]
        second = self.odds[1][2 * ranks[t.second_triple] + t.pure_second]
        joint = first[:, :, :, None] * second[:, :, None, :]

        def expected(protected: bool, gain: int) -> FloatArray:
            after = _after_round(mine, theirs, protected, gain)
            table = self.value[after[..., 0], after[..., 1]]
            result: FloatArray = np.einsum("crab,ab->cr", joint, table)
            return result

        plain, rock = expected(False, 0), expected(True, 0)
        gala = expected(True, min(GALA_BONUS, MAX_ENDURANCE - mine))
        return np.where(t.gala[:, None], gala, np.where(t.rock, rock, plain))

    def _reroll_values(self, tango: tuple[int, ...], mine: int, theirs: int) -> FloatArray:
        """Expected best V for every (white side key, coloured side key): shape (84, 84)."""
        best = self.arrangement_values(tango, mine, theirs).max(axis=1)
        grid = best.reshape(len(TRIPLES), len(TRIPLES))
        transition = tables().transition
        result: FloatArray = transition @ grid @ transition.T
        return result

    def act(self, x: FloatArray, mask: npt.NDArray[np.int8]) -> int:
        view = View.of(x)
        legal = np.flatnonzero(mask)
        context = (view.tango, view.mine, view.theirs)
        if legal[0] in FIRST_IDS:
            values = self.arrangement_values(*context)[dice_set(view.dice)]
            return first_dance(view.dice, int(np.argmax(values)))
        table = self.reroll_values(*context)
        scores = [
            table[_side(view.dice, range(3), int(a)), _side(view.dice, range(3, 6), int(a))]
            for a in legal
        ]
        return int(legal[int(np.argmax(scores))])


def _side(faces: list[int], dice: range, action: int) -> int:
    rerolled = dice_of(action)
    kept = tuple(sorted(faces[d] for d in dice if d not in rerolled))
    return SIDE_KEY_INDEX[(kept, 3 - len(kept))]


def play(
    environment: BallroomGymEnv, policy: FrozenPolicy, seed: int, learner: Learner | None
) -> float:
    """One game; the learner's return. With ``learner``, its tables learn from the game."""
    observation, _ = environment.reset(seed=seed)
    visited: list[tuple[int, int]] = []
    reward, done = 0.0, False
    while not done:
        x = observation["observation"].astype(np.float64)
        if learner is not None and x[PHASE_REROLL] == 1:
            learner.observe_round(x)
            view = View.of(x)
            visited.append((view.mine, view.theirs))
        action = policy.act(x, observation["action_mask"])
        observation, reward, done, _, _ = environment.step(action)
    if learner is not None:
        learner.observe_round(observation["observation"].astype(np.float64))
        learner.observe_game(visited, reward)
    return reward


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate (shared wins count as fractions)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


@dataclass
class Result:
    blocks: list[int] = field(default_factory=list)
    block_rates: list[float] = field(default_factory=list)
    block_games: int = 0
    eval_rate: float = 0.0
    eval_games: int = 0
    train_games: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        low, high = wilson(self.eval_rate * self.eval_games, self.eval_games)
        return (
            f"result: win rate vs expert {self.eval_rate:.3f} "
            f"(Wilson 95% {low:.3f}-{high:.3f}) over {self.eval_games} evaluation games, "
            f"after {self.train_games} training games; {self.seconds:.0f} s"
        )


def train(episodes: int, block: int, eval_games: int, seed: int = 0) -> Result:
    """Learn for ``episodes`` games (tables refreshed every ``block``), then evaluate."""
    start = time.perf_counter()
    seats = [make("dancing-dice", opponents="expert", seat=s) for s in range(PLAYERS)]
    learner = Learner()
    result = Result(block_games=block, train_games=episodes, eval_games=eval_games)
    for first in range(0, episodes, block):
        policy = learner.freeze()
        games = range(first, min(first + block, episodes))
        wins = sum(play(seats[g % PLAYERS], policy, seed * 1_000_003 + g, learner) for g in games)
        result.blocks.append(games.stop)
        result.block_rates.append(wins / len(games))
        print(f"games {games.stop:>6}: block win rate vs expert {result.block_rates[-1]:.3f}")
    policy = learner.freeze()
    wins = sum(
        play(seats[g % PLAYERS], policy, 10**9 + seed * 1_000_003 + g, None)
        for g in range(eval_games)
    )
    result.eval_rate = wins / eval_games if eval_games else 0.0
    result.seconds = time.perf_counter() - start
    return result


def plot(result: Result, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    rates = np.array(result.block_rates)
    bounds = np.array([wilson(r * result.block_games, result.block_games) for r in rates])
    axes.fill_between(result.blocks, bounds[:, 0], bounds[:, 1], alpha=0.2, label="Wilson 95%")
    axes.plot(result.blocks, rates, marker="o", label="training block win rate")
    low, high = wilson(result.eval_rate * result.eval_games, result.eval_games)
    axes.errorbar(
        [result.blocks[-1]],
        [result.eval_rate],
        yerr=[[result.eval_rate - low], [high - result.eval_rate]],
        fmt="s",
        color="black",
        capsize=4,
        label=f"final, {result.eval_games} fresh games",
    )
    axes.axhline(0.5, color="grey", linestyle="--", label="even with the expert")
    axes.set_xlabel("training games")
    axes.set_ylabel("win rate against expert")
    axes.set_ylim(0.2, 0.8)
    axes.set_title("Dancing Dice, 2 players, endurance 10: learned tables vs expert")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3_000, help="training games")
    parser.add_argument("--block", type=int, default=250, help="games per curve point")
    parser.add_argument("--eval-games", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).with_name("vs_expert_learning_curve.png")
    )
    args = parser.parse_args()
    result = train(args.episodes, args.block, args.eval_games, args.seed)
    plot(result, args.out)
    print(f"learning curve saved to {args.out}")
    print(result.line())


if __name__ == "__main__":
    main()
