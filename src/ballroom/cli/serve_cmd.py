"""``ballroom serve``: the web app on http://127.0.0.1:8000, games stored in ./data.

With ``--workers N`` and a PostgreSQL ``--db``, N server processes share one
address: uvicorn's supervisor hands each connection to one of them, and
starts a worker again if it dies; the processes share the games through the
database (``ballroom.server.sync``).
"""

from __future__ import annotations

import dataclasses
import json
import os
from typing import TYPE_CHECKING, Annotated

import typer

from ballroom.server.defaults import DEFAULT_BOT_MS_MAX

if TYPE_CHECKING:
    from fastapi import FastAPI

CONFIG_VARIABLE = "BALLROOM_SERVER_CONFIG"
"""Where ``serve --workers`` leaves the server's settings for its worker processes."""


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/ballroom."),
    ] = None,
    data_dir: Annotated[
        str, typer.Option(help="Folder for the SQLite database when --db is not given.")
    ] = "./data",
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before moving, so people can follow.")
    ] = 0.6,
    bot_processes: Annotated[
        int | None,
        typer.Option(
            help="Worker processes for searching bots (default: one per CPU; 0: threads).",
            min=0,
        ),
    ] = None,
    bot_ms_max: Annotated[
        int,
        typer.Option(help="The most milliseconds a bot may think per move.", min=1),
    ] = DEFAULT_BOT_MS_MAX,
    chosen_seeds: Annotated[
        bool,
        typer.Option(
            help="Accept a creator's seed for any game (tests, demonstrations); by default "
            "only single-player practice may choose one.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes sharing this address and one PostgreSQL --db (SQLite: 1).",
            min=1,
        ),
    ] = 1,
) -> None:
    """Start the web app: create games, share seat links, play live against people and bots."""
    try:
        import uvicorn

        from ballroom.server.app import MAX_SOCKET_MESSAGE, ServerConfig, create_app
        from ballroom.server.botpool import machine_cpus
    except ImportError as error:
        raise typer.BadParameter(
            f"the web server needs the web extra: pip install 'ballroom[web]' ({error})"
        ) from None
    if workers > 1 and not (db or "").startswith("postgresql"):
        raise typer.BadParameter(
            f"--workers {workers} needs --db postgresql+psycopg://...: the processes share "
            "the games through PostgreSQL, and SQLite serves one process"
        )
    config = ServerConfig(
        db_url=db,
        data_dir=data_dir,
        bot_delay=bot_delay,
        bot_processes=max(1, machine_cpus() // workers) if bot_processes is None else bot_processes,
        bot_ms_max=bot_ms_max,
        chosen_seeds=chosen_seeds,
        tune_gc=True,
    )
    typer.echo(f"ballroom: open http://{host}:{port}/ in a browser")
    # Frames are small and CPU is the bottleneck, so per-message compression is off.
    settings: dict[str, object] = {
        "host": host,
        "port": port,
        "ws_max_size": MAX_SOCKET_MESSAGE,
        "ws_per_message_deflate": False,
        "log_level": "warning",
    }
    if workers == 1:
        uvicorn.run(create_app(config), **settings)  # type: ignore[arg-type]
        return
    os.environ[CONFIG_VARIABLE] = json.dumps(dataclasses.asdict(config))
    uvicorn.run(
        "ballroom.cli.serve_cmd:app_from_environment",
        factory=True,
        workers=workers,
        **settings,  # type: ignore[arg-type]
    )


def app_from_environment() -> FastAPI:
    """A worker process's app, set up as ``serve --workers`` was told (uvicorn's factory)."""
    from ballroom.server.app import ServerConfig, create_app

    return create_app(ServerConfig(**json.loads(os.environ[CONFIG_VARIABLE])))


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
