"""Saving a run's games to Parquet or DuckDB, and reading them back.

One row per game: ``game_index``, ``seed``, ``finished``, ``turns``,
``actions``, the per-seat lists ``seats`` (bot specs), ``returns`` and
``ranks``, ``winners``, one list column ``feature_<name>`` per seat feature
(e.g. ``feature_power``), ``features`` (the same as JSON) and ``record``
(the replayable GameRecord JSON). The run's description (game, options,
seed) travels as Parquet metadata or as the DuckDB table ``run``. A DuckDB
file also gets a ``seats`` table, one row per seat per game, ready for
``GROUP BY``::

    SELECT bot, avg("return") FROM seats GROUP BY bot;
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ballroom.core.errors import InvalidOptionError
from ballroom.lab.simulate import GameResult

if TYPE_CHECKING:
    import pyarrow as pa  # type: ignore[import-untyped]

FORMATS = (".parquet", ".duckdb")
META_KEY = b"ballroom"


def _lab_import_error(package: str) -> InvalidOptionError:
    return InvalidOptionError(f"saving results needs {package}: pip install 'ballroom[lab]'")


def check_output(path: Path) -> None:
    """Refuse an output whose format we cannot write, before any game is played."""
    if path.suffix not in FORMATS:
        raise InvalidOptionError(f"results go to a .parquet or .duckdb file, not {path.name!r}")


def _feature_names(results: Sequence[GameResult]) -> list[str]:
    names: dict[str, None] = {}
    for result in results:
        for features in result.features:
            names.update(dict.fromkeys(features))
    return list(names)


def games_table(results: Sequence[GameResult]) -> pa.Table:
    """The per-game Arrow table described in the module docstring."""
    try:
        import pyarrow as pa
    except ImportError:
        raise _lab_import_error("pyarrow") from None
    columns: dict[str, Any] = {
        "game_index": pa.array([r.index for r in results], pa.int64()),
        "seed": pa.array([r.seed for r in results], pa.int64()),
        "finished": pa.array([r.finished for r in results], pa.bool_()),
        "turns": pa.array([r.turns for r in results], pa.int32()),
        "actions": pa.array([r.actions for r in results], pa.int32()),
        "seats": pa.array([list(r.seats) for r in results], pa.list_(pa.string())),
        "returns": pa.array([list(r.returns) for r in results], pa.list_(pa.float64())),
        "ranks": pa.array([list(r.ranks) for r in results], pa.list_(pa.int32())),
        "winners": pa.array(
            [[s for s, v in enumerate(r.returns) if v > 0] for r in results],
            pa.list_(pa.int32()),
        ),
    }
    for name in _feature_names(results):
        columns[f"feature_{name}"] = pa.array(
            [[f.get(name) for f in r.features] for r in results], pa.list_(pa.string())
        )
    columns["features"] = pa.array([json.dumps(r.features) for r in results], pa.string())
    columns["record"] = pa.array([r.record for r in results], pa.string())
    return pa.table(columns)


def seats_table(results: Sequence[GameResult]) -> pa.Table:
    """One row per seat per game: bot, return, rank, features."""
    import pyarrow as pa

    names = _feature_names(results)
    rows: dict[str, list[Any]] = {
        "game_index": [],
        "seat": [],
        "bot": [],
        "return": [],
        "rank": [],
        "finished": [],
        "turns": [],
        **{f"feature_{name}": [] for name in names},
    }
    for r in results:
        for seat in range(len(r.returns)):
            rows["game_index"].append(r.index)
            rows["seat"].append(seat)
            rows["bot"].append(r.seats[seat] if r.seats else "")
            rows["return"].append(r.returns[seat])
            rows["rank"].append(r.ranks[seat] if r.ranks else 0)
            rows["finished"].append(r.finished)
            rows["turns"].append(r.turns)
            for name in names:
                rows[f"feature_{name}"].append(r.features[seat].get(name))
    return pa.table(rows)


def write_results(path: Path, results: Sequence[GameResult], meta: dict[str, Any]) -> None:
    """Write the games (replacing the file) as Parquet or DuckDB, by the file's suffix."""
    check_output(path)
    table = games_table(results)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq  # type: ignore[import-untyped]

        table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode()})
        pq.write_table(table, path)
        return
    try:
        import duckdb
    except ImportError:
        raise _lab_import_error("duckdb") from None
    seats = seats_table(results)
    with duckdb.connect(str(path)) as con:
        con.register("games_arrow", table)
        con.register("seats_arrow", seats)
        con.execute("CREATE OR REPLACE TABLE games AS SELECT * FROM games_arrow")
        con.execute("CREATE OR REPLACE TABLE seats AS SELECT * FROM seats_arrow")
        con.execute("CREATE OR REPLACE TABLE run (meta VARCHAR)")
        con.execute("INSERT INTO run VALUES (?)", [json.dumps(meta)])


def read_results(path: Path) -> tuple[dict[str, Any], list[GameResult]]:
    """The run description and games from a file ``write_results`` wrote."""
    check_output(path)
    if not path.exists():
        raise InvalidOptionError(f"no results file at {path}")
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        raw_meta = (table.schema.metadata or {}).get(META_KEY, b"{}")
        meta: dict[str, Any] = json.loads(raw_meta)
    else:
        import duckdb

        with duckdb.connect(str(path), read_only=True) as con:
            table = con.sql("SELECT * FROM games ORDER BY game_index").to_arrow_table()
            row = con.execute("SELECT meta FROM run").fetchone()
            meta = json.loads(row[0]) if row else {}
    results = [
        GameResult(
            index=row["game_index"],
            seed=row["seed"],
            finished=row["finished"],
            returns=tuple(row["returns"]),
            turns=row["turns"],
            actions=row["actions"],
            features=tuple(json.loads(row["features"])),
            seats=tuple(row["seats"]),
            ranks=tuple(row["ranks"]),
            record=row["record"],
        )
        for row in table.to_pylist()
    ]
    return meta, results
