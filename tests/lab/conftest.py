"""Lab fixtures: one small local Ray instance for the whole session (it is slow to start)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ballroom.lab.simulate import SimulationSpec


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.fixture
def quick_spec() -> SimulationSpec:
    """Short Dancing Dice games: a few milliseconds each."""
    return SimulationSpec("dancing-dice", ("expert", "random", "random"), {"endurance": 2}, seed=7)
