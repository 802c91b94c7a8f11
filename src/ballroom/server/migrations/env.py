"""Alembic environment: runs migrations on the connection the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from ballroom.server.storage import Base

connection: Connection | None = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through ballroom.server.storage.migrate(engine)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
