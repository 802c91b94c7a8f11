"""On PostgreSQL, every committed change to a game notifies the other server processes.

A row trigger on ``games``, ``seats`` and ``actions`` sends ``NOTIFY ballroom``
with ``<writer's application_name> <game id>``: identical notifications in one
transaction are delivered once, so a transaction tells each game's listeners
once, after it commits, whichever write function or tool made it. A server
process names its connections uniquely, and skips its own notifications.
SQLite serves one process and gets nothing.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLES = {"games": "id", "seats": "game_id", "actions": "game_id"}


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION ballroom_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            game_id text := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END)
                ->> TG_ARGV[0];
        BEGIN
            PERFORM pg_notify('ballroom', current_setting('application_name') || ' ' || game_id);
            RETURN NULL;
        END $$
        """
    )
    for table, column in TABLES.items():
        op.execute(
            f"CREATE TRIGGER ballroom_notify AFTER INSERT OR UPDATE OR DELETE ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION ballroom_notify('{column}')"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"DROP TRIGGER ballroom_notify ON {table}")
    op.execute("DROP FUNCTION ballroom_notify()")
