"""Strength ladder for The Dance: random < heuristic < IS-MCTS, with 95% intervals.

Each match is a ``ballroom tournament`` (seats rotated every game, a Wilson
interval on the first bot's share of the win), saved under ``--out-dir`` (a
temporary folder by default) so a stopped run resumes where it stopped when
the same command is run again.
The last column is the first bot's share against a fair share of 1/players:
the ladder holds where each lower bound is above its fair share.

    .venv/bin/python benchmarks/strength_the_dance.py [--games 150] [--workers 1]
        [--seed 7001] [--players 2] [--match halving]

Matches: ``heuristic`` vs random, then the IS-MCTS searches at the same
budget of 200 heuristic rollouts per decision: the plain tree
(``margin=0.1``), paired sequential halving over the paired tree of the
seat's own decisions (``search=halving``, the one that beats the
heuristic), and the same root over flat rollouts (``below=rollout``). A game takes about a second for the heuristic and half a minute
to a minute (two to four players) for a search bot, on one core.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

MATCHES = {
    "random": ("heuristic", "random"),
    "tree": ("mcts:iterations=200,rollout=heuristic,horizon=2,margin=0.1", "heuristic"),
    "halving": ("mcts:iterations=200,rollout=heuristic,horizon=2,search=halving", "heuristic"),
    "flat": (
        "mcts:iterations=200,rollout=heuristic,horizon=2,search=halving,below=rollout",
        "heuristic",
    ),
}
"""Name -> (the bot measured, the bot that fills every other seat)."""


def play(first: str, other: str, args: argparse.Namespace) -> tuple[int, float, float, float]:
    """One tournament through the CLI; the first bot's (games, win share, CI low, CI high)."""
    seats = ",".join([first] + [other] * (args.players - 1))
    name = f"{first}-vs-{other}-{args.players}p-{args.seed}".replace(":", "_").replace(",", "_")
    command = [
        str(Path(sys.executable).with_name("ballroom")),
        "tournament",
        "the-dance",
        "--seats",
        seats,
        "--games",
        str(args.games),
        "--workers",
        str(args.workers),
        "--seed",
        str(args.seed),
        "--out",
        str(args.out_dir / f"{name}.parquet"),
        "--json",
    ]
    report = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
    s = next(s for s in report["standings"] if s["bot"] == first)
    low, high = s["win_rate_ci"]
    return int(s["seats_played"]), float(s["win_rate"]), float(low), float(high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--match", choices=sorted(MATCHES), action="append")
    parser.add_argument(
        "--out-dir", type=Path, default=Path(tempfile.gettempdir()) / "ballroom-strength"
    )
    args = parser.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    fair = 1 / args.players
    print(f"{'bot':<66}{'against':<11}{'games':>6}  {'win share [95% CI]':<22}{'> fair':>7}")
    for key in args.match or list(MATCHES):
        first, other = MATCHES[key]
        games, rate, low, high = play(first, other, args)
        interval = f"{rate:.1%} [{low:.1%}, {high:.1%}]"
        print(f"{first:<66}{other:<11}{games:>6}  {interval:<22}{low > fair!s:>7}")


if __name__ == "__main__":
    main()
