"""Child processes of the server (bot workers, the database writer) end with it.

A child watches its parent's sentinel, a pipe whose write end only the parent
holds: it reads as ready once the kernel closes that end, which happens
however the parent dies, SIGKILL included. The child then exits at once,
instead of lingering as an orphan that holds a CPU or a database connection.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.connection import wait


def exit_with_parent() -> None:
    """In a child process: end this process as soon as its parent is gone."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_with, args=(parent.sentinel,), name="ballroom-watch", daemon=True
        ).start()


def _exit_with(sentinel: int) -> None:
    wait([sentinel])
    os._exit(0)
