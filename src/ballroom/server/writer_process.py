"""The database writer in a process of its own, for client-server databases.

On PostgreSQL every statement is a round trip and every commit waits for the
database's fsync. Writer threads in the server process wake from each of
those waits needing the GIL, which the event loop holds while it serves
moves; so a commit lasted as long as the loop was busy, and moves waited on
it. Here the same ``Writer`` threads (group commit, one connection each) run
in a child process. The event loop only sends each loop iteration's writes
down a pipe in one message, and settles their futures when the outcomes
come back.

The child exits with the server, however the server dies; a write it has not
committed was never acknowledged, so nothing acknowledged is lost.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import pickle
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from sqlalchemy import Engine

from ballroom.server.lifeline import exit_with_parent
from ballroom.server.storage import Job, Outcome, StorageError, Writer, make_engine, settle

T = TypeVar("T")

Request = tuple[int, Callable[..., Any], tuple[Any, ...], dict[str, Any]]
"""A write as it crosses the pipe: its number, the operation and its arguments."""


class WriterProcess:
    """``Writer``'s interface, with the writing done by ``threads`` threads in a child process.

    Operations must be picklable (the module-level write functions of
    ``storage`` are), and so must their arguments and results.
    """

    inline = False
    """Its commits never run on the event loop (there is no SQLite WAL to checkpoint)."""

    def __init__(self, engine: Engine, threads: int = 3) -> None:
        context = multiprocessing.get_context("spawn")
        self._pipe, theirs = context.Pipe()
        url = engine.url.render_as_string(hide_password=False)
        self._process = context.Process(
            target=_write_in_child,
            args=(url, threads, theirs),
            name="ballroom-writer",
            daemon=True,
        )
        self._process.start()
        theirs.close()
        self._numbers = itertools.count()
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._outgoing: list[Request] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: str | None = None

    def write(self, operation: Callable[..., T], *args: Any, **kwargs: Any) -> asyncio.Future[T]:
        """Queue ``operation(connection, *args, **kwargs)``; the future holds its result."""
        loop = self._listening()
        number, future = self._waiting_on(loop)
        if number is not None:
            self._outgoing.append((number, operation, args, kwargs))
            if len(self._outgoing) == 1:
                loop.call_soon(self._send)
        return future

    async def write_long(self, operation: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``write`` for a large write (a long uploaded record): pickled in a worker thread."""
        loop = self._listening()
        number, future = self._waiting_on(loop)
        if number is not None:
            message = await loop.run_in_executor(
                None, pickle.dumps, [(number, operation, args, kwargs)], pickle.HIGHEST_PROTOCOL
            )
            self._deliver(message)
        result: T = await future
        return result

    def _waiting_on(
        self, loop: asyncio.AbstractEventLoop
    ) -> tuple[int | None, asyncio.Future[Any]]:
        """A new write's number and future; no number (the future already failed) once
        the child has stopped."""
        future: asyncio.Future[Any] = loop.create_future()
        if self._stopped is not None:
            future.set_exception(StorageError(self._stopped))
            return None, future
        number = next(self._numbers)
        self._waiting[number] = future
        return number, future

    @property
    def pid(self) -> int | None:
        """The child's process id."""
        return self._process.pid

    def checkpoint(self) -> None:
        """Nothing to do: only SQLite's WAL needs checkpoints."""

    def close(self) -> None:
        """Finish the queued writes and stop the child."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._pipe.fileno())
        if self._stopped is None:
            self._send()
            self._pipe.send(None)
        self._process.join(60)
        self._pipe.close()
        self._stopped = "the database writer is closed"

    def _listening(self) -> asyncio.AbstractEventLoop:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            loop.add_reader(self._pipe.fileno(), self._receive)
            self._loop = loop
        return loop

    def _send(self) -> None:
        batch, self._outgoing = self._outgoing, []
        if batch:
            self._deliver(pickle.dumps(batch, pickle.HIGHEST_PROTOCOL))

    def _deliver(self, message: bytes) -> None:
        """Send pickled requests to the child; if it is gone, fail everything waiting."""
        if self._stopped is not None:
            return
        try:
            self._pipe.send_bytes(message)
        except OSError:
            self._fail_all()

    def _receive(self) -> None:
        try:
            while self._pipe.poll():
                outcomes: list[Outcome] = self._pipe.recv()
                settle([(self._waiting.pop(n), result, error) for n, result, error in outcomes])
        except (EOFError, OSError):
            self._fail_all()

    def _fail_all(self) -> None:
        """The child is gone: every write waiting on it, and every later one, fails."""
        self._stopped = "the database writer process stopped; the write was not stored"
        if self._loop is not None:
            self._loop.remove_reader(self._pipe.fileno())
        waiting, self._waiting = self._waiting, {}
        settle([(future, None, StorageError(self._stopped)) for future in waiting.values()])


def _write_in_child(url: str, threads: int, pipe: Connection) -> None:
    """The child's main thread: queue what the pipe brings for the writer threads."""
    exit_with_parent()
    engine = make_engine(url)
    sending = threading.Lock()

    def deliver(outcomes: list[Outcome]) -> None:
        sendable = [(number, result, _sendable(error)) for number, result, error in outcomes]
        with sending:
            pipe.send(sendable)

    writer = Writer(engine, threads=threads, deliver=deliver)
    try:
        while (requests := pipe.recv()) is not None:
            for number, operation, args, kwargs in requests:
                writer.submit(Job(operation, args, kwargs, number))
    except EOFError:  # the server closed its end without a goodbye
        pass
    finally:
        writer.close()
        engine.dispose()


def _sendable(error: BaseException | None) -> BaseException | None:
    """The error itself if it crosses a pipe intact, else a StorageError naming it."""
    if error is None:
        return None
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return StorageError(f"{type(error).__name__}: {error}")
    return error
