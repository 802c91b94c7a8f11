"""Train a small Dancing Dice agent through the PettingZoo adapter and plot its learning curve.

The agent is a linear softmax policy over the game's observation encoding
(one weight vector per action id, illegal actions masked out), trained by
REINFORCE with a running-mean baseline against a uniformly random
opponent, on the small configuration of 2 players with 1 endurance. Every
``--eval-every`` episodes its greedy policy plays ``--eval-games`` seeded
games against random, half in each seat; the win rates are plotted.

A linear policy is enough here: the value of "first a b d" is a sum over
the faces of dice a, b and d, and the value of re-rolling a set of dice a
sum over their faces, both linear in the one-hot dice of the encoding.

Run (needs the ``rl`` extra and matplotlib; a few minutes on one core)::

    python examples/train_dancing_dice.py --out examples/dancing_dice_learning_curve.png
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ballroom.interop.pettingzoo import BallroomAECEnv, env

FloatArray = npt.NDArray[np.float64]
CONFIG = {"players": 2, "endurance": 1}


@dataclass
class LinearPolicy:
    """Softmax over ``weights @ observation`` restricted to the legal actions."""

    weights: FloatArray

    @classmethod
    def zeros(cls, actions: int, features: int) -> LinearPolicy:
        return cls(np.zeros((actions, features + 1)))

    def probabilities(self, features: FloatArray, mask: npt.NDArray[np.int8]) -> FloatArray:
        logits = self.weights @ features
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        result: FloatArray = exp / exp.sum()
        return result


def _features(observation: dict[str, npt.NDArray[np.float32]]) -> FloatArray:
    """The encoding plus a constant 1 (a per-action bias)."""
    return np.append(observation["observation"].astype(np.float64), 1.0)


@dataclass
class Curve:
    eval_games: int
    episodes: list[int] = field(default_factory=list)
    win_rates: list[float] = field(default_factory=list)


def play(
    environment: BallroomAECEnv,
    policy: LinearPolicy,
    learner: str,
    rng: np.random.Generator,
    seed: int | None,
    greedy: bool,
) -> tuple[float, list[tuple[FloatArray, npt.NDArray[np.int8], int]]]:
    """One episode; the learner's return and its (features, mask, action) decisions."""
    environment.reset(seed=seed)
    decisions = []
    final = 0.0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            if agent == learner:
                final = float(reward)
            environment.step(None)
            continue
        mask = observation["action_mask"]
        if agent == learner:
            features = _features(observation)
            probabilities = policy.probabilities(features, mask)
            action = (
                int(np.argmax(probabilities))
                if greedy
                else int(rng.choice(len(mask), p=probabilities))
            )
            decisions.append((features, mask, action))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        environment.step(action)
    return final, decisions


def win_rate(environment: BallroomAECEnv, policy: LinearPolicy, games: int, seed: int) -> float:
    """Greedy policy against random over seeded games, half in each seat."""
    rng = np.random.default_rng(seed)
    wins = 0.0
    for game in range(games):
        learner = environment.possible_agents[game % 2]
        result, _ = play(environment, policy, learner, rng, seed=10_000 + game, greedy=True)
        wins += result
    return wins / games


def train(
    episodes: int,
    seed: int = 0,
    eval_every: int = 500,
    eval_games: int = 400,
    learning_rate: float = 0.03,
) -> tuple[LinearPolicy, Curve]:
    environment = env("dancing-dice", **CONFIG)
    environment.reset(seed=seed)
    # Evaluation has its own environment, so it never shifts the training games' seeds.
    judge = env("dancing-dice", **CONFIG)
    features = int(np.prod(environment.game.observation_shape))
    policy = LinearPolicy.zeros(environment.game.num_distinct_actions, features)
    rng = np.random.default_rng(seed)
    curve = Curve(eval_games)
    baseline = 0.5
    for episode in range(episodes + 1):
        if episode % eval_every == 0:
            curve.episodes.append(episode)
            curve.win_rates.append(win_rate(judge, policy, eval_games, seed=seed + 1))
            print(f"episode {episode:>6}: greedy win rate vs random {curve.win_rates[-1]:.3f}")
        if episode == episodes:
            break
        learner = environment.possible_agents[episode % 2]
        result, decisions = play(environment, policy, learner, rng, seed=None, greedy=False)
        advantage = result - baseline
        baseline += 0.01 * (result - baseline)
        for x, mask, action in decisions:
            probabilities = policy.probabilities(x, mask)
            gradient = -np.outer(probabilities, x)
            gradient[action] += x
            policy.weights += learning_rate * advantage * gradient
    return policy, curve


def plot(curve: Curve, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    rates = np.array(curve.win_rates)
    spread = 1.96 * np.sqrt(rates * (1 - rates) / curve.eval_games)
    axes.fill_between(
        curve.episodes, rates - spread, rates + spread, alpha=0.2, label="95% interval"
    )
    axes.plot(curve.episodes, rates, marker="o", label="learned policy (greedy)")
    axes.axhline(0.5, color="grey", linestyle="--", label="random vs random")
    axes.set_xlabel("training episodes")
    axes.set_ylabel("win rate against random")
    axes.set_ylim(0.0, 1.0)
    axes.set_title("Dancing Dice, 2 players, endurance 1: REINFORCE, linear policy")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=5_000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--out", type=Path, default=Path("dancing_dice_learning_curve.png"))
    args = parser.parse_args()
    _, curve = train(args.episodes, args.seed, args.eval_every, args.eval_games)
    plot(curve, args.out)
    print(f"learning curve saved to {args.out}")


if __name__ == "__main__":
    main()
