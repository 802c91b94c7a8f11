"""A game remembers its creator's token hash; a seat, when it was handed to a bot.

The creator may re-issue seat links and hand an absent player's seat to a
bot; ``handed_at``/``handed_by`` keep that handover for the log after a restart.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("handed_at", sa.Integer, nullable=True))
        batch.add_column(sa.Column("handed_by", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("handed_by")
        batch.drop_column("handed_at")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("creator_hash")
