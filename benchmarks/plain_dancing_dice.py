"""The yardstick: random Dancing Dice in plain Python, one game at a time, no engine.

Every rule is played (secret re-roll of a random subset, a random first row,
Tango, purity, Rock, Gala, judging with ties, knock-outs between the two
dances, shared wins), with nothing of ballroom imported: what a person would
write in an afternoon. ``bench_dancing_dice.py`` measures ``ballroom simulate``
against it.

    .venv/bin/python benchmarks/plain_dancing_dice.py [--games 20000] [--players 4]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from itertools import combinations

FIRST_ROWS = list(combinations(range(6), 3))
SECOND_ROWS = [tuple(d for d in range(6) if d not in row) for row in FIRST_ROWS]
PURE_ROWS = [len({d // 3 for d in row}) == 1 for row in FIRST_ROWS]
SPECIAL = {(1, 1, 1): 22, (2, 2, 2): 21, (3, 3, 3): 20}
TANGO = 19
FACES = range(1, 7)


def rank(dance: tuple[int, ...], tango: tuple[int, ...]) -> int:
    """Boogie, Tap-dance, Cha-cha-cha, the Tango, then the sum."""
    if dance in SPECIAL:
        return SPECIAL[dance]
    return TANGO if dance == tango else sum(dance)


def satisfactory(values: dict[int, int]) -> set[int]:
    """The best floor(n/2) dances and every dance tied with the last of them."""
    threshold = sorted(values.values(), reverse=True)[len(values) // 2 - 1]
    return {p for p, value in values.items() if value >= threshold}


def play(rng: random.Random, players: int, endurance: int) -> tuple[list[int], int]:
    """One random game: (its winners, rounds played)."""
    stamina = [endurance] * players
    tango: tuple[int, ...] = ()
    rounds = 0
    last_out: list[int] = []
    while True:
        rounds += 1
        dancers = [p for p in range(players) if stamina[p] > 0]
        if not tango:
            tango = tuple(sorted(rng.choices(FACES, k=3)))
        dances = {}
        for p in dancers:
            dice = rng.choices(FACES, k=6)
            mask = rng.randrange(64)  # a random subset to re-roll
            for d in range(6):
                if mask >> d & 1:
                    dice[d] = rng.choice(FACES)
            row = rng.randrange(20)  # a random first row
            one = tuple(sorted(dice[d] for d in FIRST_ROWS[row]))
            two = tuple(sorted(dice[d] for d in SECOND_ROWS[row]))
            gala = len(set(dice)) == 1
            dances[p] = (one, two, PURE_ROWS[row] or gala, one == two, gala)
        danced_tango = False
        for dance in (0, 1):
            judged = [p for p in dancers if stamina[p] > 0]
            if len(judged) < 2:
                break
            values = {}
            for p in judged:
                faces, pure = dances[p][dance], dances[p][2]
                values[p] = 2 * rank(faces, tango) + pure
                danced_tango = danced_tango or faces == tango
            good = satisfactory(values)
            out = []
            for p in judged:
                if p not in good and not dances[p][3]:
                    stamina[p] -= 1
                    if stamina[p] == 0:
                        out.append(p)
            if out:
                last_out = out
        for p in dancers:
            if dances[p][4] and stamina[p] > 0:
                stamina[p] = min(10, stamina[p] + 2)
        if danced_tango:
            tango = ()
        left = [p for p in range(players) if stamina[p] > 0]
        if len(left) <= 1:
            return (left or last_out), rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--endurance", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    rng = random.Random(args.seed)
    wins = [0.0] * args.players
    rounds = 0
    for _ in range(args.games):
        winners, length = play(rng, args.players, args.endurance)
        for p in winners:
            wins[p] += 1 / len(winners)
        rounds += length
    seconds = time.perf_counter() - started
    summary = {
        "games": args.games,
        "win_rate": [w / args.games for w in wins],
        "mean_rounds": rounds / args.games,
        "seconds": seconds,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
