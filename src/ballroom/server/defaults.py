"""Server defaults the CLI shows in ``--help``, kept apart so that help loads no server code."""

DEFAULT_BOT_MS_MAX = 5000
"""The default cap on a bot's think time per move, in milliseconds."""
