"""Start-up cost: wall time of ``import ballroom`` and ``ballroom --help`` in fresh interpreters.

Prints the median of several runs beside issue 16's targets, and the modules
with the largest cumulative import time (``python -X importtime``).

    python benchmarks/bench_import.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

IMPORT = "import ballroom"
HELP = "import sys; from ballroom.cli import main; sys.argv = ['ballroom', '--help']; main()"
TARGETS = {"import ballroom": (IMPORT, 0.2), "ballroom --help": (HELP, 0.4)}


def wall_seconds(code: str) -> float:
    """One fresh interpreter running ``code``, start to exit."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return time.perf_counter() - started


def slowest_imports(code: str, count: int) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the ``count`` slowest imports."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], check=True, capture_output=True, text=True
    )
    rows = []
    for line in result.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "cumulative" not in line:
            _, cumulative, name = line.removeprefix("import time:").split("|")
            rows.append((int(cumulative), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for label, (code, target) in TARGETS.items():
        times = [wall_seconds(code) for _ in range(args.runs)]
        median = statistics.median(times)
        verdict = "ok" if median < target else "over"
        print(f"{label:<16} median {median:.3f} s of {args.runs}  (target < {target} s: {verdict})")
        for micros, name in slowest_imports(code, 5):
            print(f"    {micros / 1e6:.3f} s  {name}")


if __name__ == "__main__":
    main()
