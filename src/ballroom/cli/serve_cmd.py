"""``ballroom serve``: the web app on http://127.0.0.1:8000, games stored in ./data."""

from __future__ import annotations

from typing import Annotated

import typer

from ballroom.server.defaults import DEFAULT_BOT_MS_MAX


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
    app = create_app(
        ServerConfig(
            db_url=db,
            data_dir=data_dir,
            bot_delay=bot_delay,
            bot_processes=machine_cpus() if bot_processes is None else bot_processes,
            bot_ms_max=bot_ms_max,
            chosen_seeds=chosen_seeds,
            tune_gc=True,
        )
    )
    typer.echo(f"ballroom: open http://{host}:{port}/ in a browser")
    # Frames are small and CPU is the bottleneck, so per-message compression is off.
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_SOCKET_MESSAGE,
        ws_per_message_deflate=False,
        log_level="warning",
    )


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
