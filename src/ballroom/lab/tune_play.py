"""Checking a candidate's data with the game's own loader, and playing games on it.

A game reads its component files once, when its modules are first imported
(``$BALLROOM_DATA/<game id>/`` replacing the shipped files), so a candidate's
games are played by worker processes started with ``$BALLROOM_DATA`` naming the
candidate's folder: on Ray, by workers of their own runtime environment (the
folder must then be on a file system the cluster shares). The process that runs
the search never plays a candidate's game itself.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import multiprocessing.pool
import os
import shutil
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import ModuleType

from ballroom.core.components import DATA_VARIABLE, DataFiles
from ballroom.core.errors import BallroomError, InvalidOptionError
from ballroom.core.game import get_game
from ballroom.lab.runner import (
    Backend,
    Checkpoint,
    RunOutcome,
    Task,
    Workers,
    _ray,
    collect_ray,
    run_tasks,
)
from ballroom.lab.simulate import GameResult, play_one

COMPONENTS: dict[str, str] = {
    "vampires-harvest": "load_catalog",
    "dominare": "load",
    "dark-tales": "load_catalog",
    "the-dance": "load_components",
}
"""Each game with designed data, and the function of its ``components`` module that reads
and checks every file (the rulebook's group constraints included, as in Dominare's
``constraints``)."""
NOT_DATA = ("how_to_play.toml",)
"""Files in ``data/`` that are words for people, not components."""


def _components(game_id: str) -> ModuleType:
    if game_id not in COMPONENTS:
        raise InvalidOptionError(
            f"{game_id} has no designed data to tune; games with data files: "
            f"{', '.join(sorted(COMPONENTS))}"
        )
    package = get_game(game_id).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.components")


def data_files(game_id: str) -> dict[str, Path]:
    """Each component file of the game and where it is read from now (shipped, or the
    user's replacement in ``$BALLROOM_DATA``)."""
    module = _components(game_id)
    shipped: Path = module.DATA_DIR
    files = DataFiles.of_game(game_id, shipped)
    return {
        path.name: files.path(path.name)
        for path in sorted(shipped.glob("*.toml"))
        if path.name not in NOT_DATA
    }


def check_data(game_id: str, root: Path) -> str | None:
    """``None`` when the game's loader accepts the data under ``root``, else its complaint
    (naming the file, the card and the rule broken)."""
    module = _components(game_id)
    folder = root / game_id
    loader = getattr(module, COMPONENTS[game_id])
    try:
        if game_id == "the-dance":
            loader(folder)
        else:
            loader(DataFiles(module.DATA_DIR, folder))
    except BallroomError as error:
        return str(error).replace(f"{folder}{os.sep}", "")
    return None


def candidate_key(values: Mapping[str, float]) -> str:
    """A short stable name for a point of the space (its folder and checkpoint names)."""
    text = json.dumps(sorted(values.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def write_candidate(game_id: str, root: Path, texts: Mapping[str, str]) -> None:
    """The candidate's folder: its files, and every other file the user replaces now."""
    folder = root / game_id
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in data_files(game_id).items():
        if name in texts:
            (folder / name).write_text(texts[name], encoding="utf-8")
        elif path.parent != _components(game_id).DATA_DIR:
            shutil.copyfile(path, folder / name)


@contextmanager
def _data_variable(root: Path) -> Iterator[None]:
    saved = os.environ.get(DATA_VARIABLE)
    os.environ[DATA_VARIABLE] = str(root)
    try:
        yield
    finally:
        if saved is None:
            del os.environ[DATA_VARIABLE]
        else:
            os.environ[DATA_VARIABLE] = saved


def play_on_data(root: str, tasks: Sequence[Task]) -> list[GameResult]:
    """Play tasks in a worker that was started reading the data under ``root``."""
    if os.environ.get(DATA_VARIABLE) != root:
        raise RuntimeError(f"this worker reads {os.environ.get(DATA_VARIABLE)}, not {root}")
    return [play_one(task.spec, task.index) for task in tasks]


class DataWorkers(Workers):
    """Workers whose processes read the game's data from ``root``: always processes of
    their own, even for one worker (the caller's process may hold other data)."""

    def __init__(self, backend: Backend, root: Path) -> None:
        super().__init__(backend)
        self.root = root.resolve()

    def pool(self) -> multiprocessing.pool.Pool:
        with _data_variable(self.root):
            return super().pool()

    def play(self, tasks: Sequence[Task], on_result: Callable[[GameResult], None]) -> None:
        if not tasks:
            return
        job = partial(play_on_data, str(self.root))
        batches = [list(tasks[i : i + 2]) for i in range(0, len(tasks), 2)]
        if self.backend.name == "ray":
            ray = _ray(self.backend)
            env = {"env_vars": {DATA_VARIABLE: str(self.root)}}
            remote = ray.remote(play_on_data).options(runtime_env=env)
            collect_ray(ray, [remote.remote(str(self.root), batch) for batch in batches], on_result)
            return
        try:
            for batch in self.pool().imap_unordered(job, batches):
                for result in batch:
                    on_result(result)
        except BaseException:
            self.stop()
            raise


def play_candidate(
    root: Path,
    tasks: Sequence[Task],
    backend: Backend,
    checkpoint: Checkpoint,
    on_progress: Callable[[int], None] | None = None,
) -> RunOutcome:
    """Play the tasks on the data under ``root``, resumably (games already in the
    checkpoint are kept, not played again)."""
    with DataWorkers(backend, root) as workers:
        return run_tasks(tasks, workers, checkpoint=checkpoint, on_progress=on_progress)
