"""Train a Vampire's Harvest agent through the Gymnasium adapter, plot its learning curve,
and measure it against random and against the game's heuristic.

The agent is a linear softmax policy over the game's observation encoding (one weight
vector per action id; only the legal actions' rows are read or trained, so the 13,033
ids cost nothing where they are illegal), trained by REINFORCE with a running-mean
baseline against a random opponent, two players, the learner's seat alternating. Every
``--eval-every`` episodes its greedy policy plays ``--eval-games`` seeded games against
random, half in each seat; the curve plots them with Wilson 95% intervals. At the end the
frozen greedy policy plays ``--final-games`` fresh seeded games against random and as
many against the heuristic, half in each seat, and prints each win rate with its Wilson
95% interval (also written on the plot).

The approach is the Dancing Dice example's (``train_dancing_dice.py``): no deep-learning
framework is among the project's dependencies, and a linear policy is what a CPU trains
in minutes.

Run (needs the ``rl`` extra and matplotlib; the defaults take about 8 minutes on one
shared core)::

    python examples/train_vampires_harvest.py --out examples/vampires_harvest_learning_curve.png
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ballroom.interop.gym import BallroomGymEnv, make
from ballroom.lab.stats import Estimate, wilson

FloatArray = npt.NDArray[np.float32]
GAME = "vampires-harvest"


@dataclass
class LinearPolicy:
    """Softmax over ``weights @ observation`` restricted to the legal actions."""

    weights: FloatArray

    @classmethod
    def zeros(cls, actions: int, features: int) -> LinearPolicy:
        return cls(np.zeros((actions, features + 1), dtype=np.float32))

    def probabilities(self, features: FloatArray, legal: npt.NDArray[np.intp]) -> FloatArray:
        """The probability of each legal action, in the order of ``legal``."""
        logits = self.weights[legal] @ features
        logits -= logits.max()
        exp = np.exp(logits)
        result: FloatArray = exp / exp.sum()
        return result


def _features(observation: dict[str, npt.NDArray[np.float32]]) -> FloatArray:
    """The encoding plus a constant 1 (a per-action bias)."""
    return np.append(observation["observation"], np.float32(1.0))


Decision = tuple[FloatArray, npt.NDArray[np.intp], int]


def play(
    environment: BallroomGymEnv,
    policy: LinearPolicy,
    rng: np.random.Generator,
    seed: int | None,
    greedy: bool,
) -> tuple[float, list[Decision]]:
    """One game; the learner's win share and its (features, legal ids, chosen index)."""
    observation, _ = environment.reset(seed=seed)
    decisions: list[Decision] = []
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        features = _features(observation)
        probabilities = policy.probabilities(features, legal)
        index = (
            int(np.argmax(probabilities))
            if greedy
            else int(rng.choice(len(legal), p=probabilities))
        )
        decisions.append((features, legal, index))
        observation, reward, terminated, truncated, _ = environment.step(int(legal[index]))
        if terminated or truncated:
            return float(reward), decisions


def measure(
    environments: tuple[BallroomGymEnv, BallroomGymEnv],
    policy: LinearPolicy,
    games: int,
    first: int,
) -> Estimate:
    """The greedy policy's win rate over seeded games ``first..``, half in each seat."""
    rng = np.random.default_rng(first)
    wins = 0.0
    for game in range(games):
        result, _ = play(environments[game % 2], policy, rng, seed=first + game, greedy=True)
        wins += result
    return wilson(wins, games)


def seats(opponent: str) -> tuple[BallroomGymEnv, BallroomGymEnv]:
    """The learner at seat 0 and at seat 1 against ``opponent``."""
    return (make(GAME, opponent, players=2, seat=0), make(GAME, opponent, players=2, seat=1))


@dataclass
class Curve:
    episodes: list[int] = field(default_factory=list)
    rates: list[Estimate] = field(default_factory=list)


def train(
    episodes: int, seed: int, eval_every: int, eval_games: int, learning_rate: float
) -> tuple[LinearPolicy, Curve]:
    learners = seats("random")
    judges = seats("random")  # evaluation has its own environments and seeds
    first, _ = learners[0].reset(seed=seed)
    policy = LinearPolicy.zeros(first["action_mask"].size, first["observation"].size)
    rng = np.random.default_rng(seed)
    curve = Curve()
    baseline = 0.5
    for episode in range(episodes + 1):
        if episode % eval_every == 0:
            curve.episodes.append(episode)
            curve.rates.append(measure(judges, policy, eval_games, first=1_000_000))
            print(f"episode {episode:>6}: greedy against random {curve.rates[-1]}", flush=True)
        if episode == episodes:
            break
        game_seed = int(rng.integers(2**31))
        result, decisions = play(learners[episode % 2], policy, rng, game_seed, greedy=False)
        advantage = np.float32(result - baseline)
        baseline += 0.01 * (result - baseline)
        for x, legal, index in decisions:
            probabilities = policy.probabilities(x, legal)
            step = -probabilities
            step[index] += 1.0
            policy.weights[legal] += (learning_rate * advantage) * np.outer(step, x)
    return policy, curve


def plot(curve: Curve, final: dict[str, Estimate], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    values = np.array([r.value for r in curve.rates])
    axes.fill_between(
        curve.episodes,
        [r.low for r in curve.rates],
        [r.high for r in curve.rates],
        alpha=0.2,
        label="Wilson 95% interval",
    )
    axes.plot(curve.episodes, values, marker="o", label="learned policy (greedy) vs random")
    axes.axhline(0.5, color="grey", linestyle="--", label="fair share")
    words = "\n".join(
        f"frozen policy vs {name}: {rate} of {rate.n} fresh games" for name, rate in final.items()
    )
    axes.set_xlabel(f"training episodes\n{words}")
    axes.set_ylabel("win rate against random")
    axes.set_ylim(0.0, 1.0)
    axes.set_title("Vampire's Harvest, 2 players: REINFORCE, linear policy")
    axes.legend(loc="lower right", fontsize=8)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=200)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=200)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    parser.add_argument("--out", type=Path, default=Path("vampires_harvest_learning_curve.png"))
    args = parser.parse_args()
    policy, curve = train(
        args.episodes, args.seed, args.eval_every, args.eval_games, args.learning_rate
    )
    final = {
        name: measure(seats(name), policy, args.final_games, first=2_000_000)
        for name in ("random", "heuristic")
    }
    for name, rate in final.items():
        print(f"frozen policy against {name}: {rate} of {rate.n} games")
    plot(curve, final, args.out)
    print(f"learning curve written to {args.out}")


if __name__ == "__main__":
    main()
