"""blobs carry the hash of their pixels

So an image the service drew is recognised when it comes back as an input (a sprite to
rotate, animate or edit): its pixels hash to a stored blob, whose asset holds the model.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("blobs") as batch:
        batch.add_column(sa.Column("content_hash", sa.String(length=64), nullable=True))
        batch.create_index("ix_blobs_content_hash", ["content_hash"])


def downgrade() -> None:
    with op.batch_alter_table("blobs") as batch:
        batch.drop_index("ix_blobs_content_hash")
        batch.drop_column("content_hash")
