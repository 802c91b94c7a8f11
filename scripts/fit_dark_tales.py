"""Fit Dark Tales' ``fitted`` reading: the weight of each holding, learned from games.

Plays ``--games`` two-player games of the heuristic against itself (seeds from
``--first``), and at every change of turn notes both seats' features
(``dark_tales/fitted.py``). Each seat's lead in VP grows by some amount from there to
the end; a ridge regression of that growth on the difference of the two seats'
features gives each feature's weight. A fifth of the games (every fifth) is held
out to report how well the fit predicts, then the fit is redone on all of them and
written to the mode's table of ``data/fitted.toml``, the other table kept.

    .venv/bin/python scripts/fit_dark_tales.py --games 2000
    .venv/bin/python scripts/fit_dark_tales.py --expansion cinderella --games 600
"""

from __future__ import annotations

import argparse
import tomllib
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ballroom.agents import make_agent
from ballroom.core.play import step
from ballroom.games.dark_tales.fitted import FEATURES, FITTED_FILE, MODES, features, table
from ballroom.games.dark_tales.game import DarkTales

FIRST_SEED = 900_000
"""Seeds far from those ``benchmarks/strength.py`` measures bots on."""
Rows = tuple[list[list[float]], list[float]]


def play(args: tuple[int, str]) -> Rows:
    """One game's rows: per change of turn and seat, the seat's features less the other's,
    and how much the seat's lead grew from there to the end."""
    seed, mode = args
    options = {} if mode == "base" else {"expansion": mode}
    game = DarkTales(2, **options)
    state = game.new_state(seed)
    agents = [make_agent(game, seat, "heuristic", seed * 7 + seat) for seat in range(2)]
    noted: list[tuple[list[float], tuple[int, ...]]] = []
    player = state.player
    while not state.is_terminal() and state.turns() <= game.turn_cap:
        step(state, agents)
        if state.player != player and not state.is_terminal():
            player = state.player
            read = table(state)
            found = [features(state, seat, read) for seat in range(2)]
            difference = [found[0].get(n, 0.0) - found[1].get(n, 0.0) for n in FEATURES]
            noted.append((difference, state.vp))
    if not state.is_terminal():
        return [], []
    final = state.vp[0] - state.vp[1]
    rows: list[list[float]] = []
    growth: list[float] = []
    for difference, vp in noted:
        lead = vp[0] - vp[1]
        rows += [difference, [-x for x in difference]]
        growth += [float(final - lead), float(lead - final)]
    return rows, growth


def ridge(
    x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], strength: float
) -> npt.NDArray[np.float64]:
    """The ridge regression's weights (no intercept: a difference of twins is zero)."""
    solved = np.linalg.solve(x.T @ x + strength * np.eye(x.shape[1]), x.T @ y)
    return np.asarray(solved, dtype=np.float64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first", type=int, default=FIRST_SEED)
    parser.add_argument("--expansion", choices=MODES, default="base")
    parser.add_argument("--ridge", type=float, default=30.0, help="the ridge's strength")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--out", type=Path, default=FITTED_FILE, help="the tables' file")
    args = parser.parse_args()
    seeds = [(args.first + n, args.expansion) for n in range(args.games)]
    with Pool(args.processes) as pool:
        games = pool.map(play, seeds, chunksize=10)
    x_rows: list[list[float]] = []
    y_rows: list[float] = []
    held_out: list[bool] = []
    for number, (rows, growth) in enumerate(games):
        x_rows += rows
        y_rows += growth
        held_out += [number % 5 == 0] * len(rows)
    x, y, test = np.array(x_rows), np.array(y_rows), np.array(held_out)
    trained = ridge(x[~test], y[~test], args.ridge)
    error = y[test] - x[test] @ trained
    print(
        f"{len(x_rows)} rows from {sum(1 for rows, _ in games if rows)} games; held-out R2 "
        f"{1 - error.var() / y[test].var():.3f}, rmse {np.sqrt((error**2).mean()):.2f} VP"
    )
    weights = ridge(x, y, args.ridge)
    write(args.out, args.expansion, dict(zip(FEATURES, map(float, weights), strict=True)), args)


def write(path: Path, mode: str, weights: dict[str, float], args: argparse.Namespace) -> None:
    """Replace the mode's table in ``path``, keeping the others."""
    tables = tomllib.loads(path.read_text()) if path.exists() else {}
    tables[mode] = weights
    made = dict(tables.get("made", {}))
    made[mode] = f"{args.games} games of the heuristic from seed {args.first}, ridge {args.ridge:g}"
    lines = [
        "# Fitted by scripts/fit_dark_tales.py: the weight of each feature of a seat (see",
        "# dark_tales/fitted.py), in VP of final lead. Refit rather than edit by hand.",
        "\n[made]",
    ]
    lines += [f'{name} = "{made[name]}"' for name in MODES if name in made]
    for name in MODES:
        if name not in tables:
            continue
        lines.append(f"\n[{name}]")
        lines += [f'"{feature}" = {tables[name][feature]:.4f}' for feature in FEATURES]
    path.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
