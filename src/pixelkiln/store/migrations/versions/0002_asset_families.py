"""assets of many images: parents, groups, tags and expiry

Characters and objects own animations (child assets, one per direction, grouped),
states share a group with their source, tags are kept per asset, and map objects expire.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import pixelkiln.store.models

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("assets") as batch:
        batch.add_column(sa.Column("parent_id", sa.String(length=36), nullable=True))
        batch.add_column(sa.Column("group_id", sa.String(length=36), nullable=True))
        batch.add_column(sa.Column("tags", pixelkiln.store.models.Json, nullable=True))
        batch.add_column(
            sa.Column(
                "expires_at", pixelkiln.store.models.UTCDateTime(timezone=True), nullable=True
            )
        )
        batch.create_index("ix_assets_parent_id", ["parent_id"])
        batch.create_index("ix_assets_group_id", ["group_id"])
        batch.create_index("ix_assets_expires_at", ["expires_at"])


def downgrade() -> None:
    with op.batch_alter_table("assets") as batch:
        batch.drop_index("ix_assets_expires_at")
        batch.drop_index("ix_assets_group_id")
        batch.drop_index("ix_assets_parent_id")
        batch.drop_column("expires_at")
        batch.drop_column("tags")
        batch.drop_column("group_id")
        batch.drop_column("parent_id")
