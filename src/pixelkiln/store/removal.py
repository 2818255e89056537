"""Removing assets with their blob rows, inside the caller's transaction."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from pixelkiln.store.models import Asset, Blob

__all__ = ["drop_assets"]


def drop_assets(s: Session, ids: Sequence[str]) -> list[str]:
    """Delete the assets ``ids`` and their blob rows in ``s``; returns the blob keys, to
    remove from the blob store once the transaction has committed (a rolled-back delete
    then never loses a file)."""
    if not ids:
        return []
    ids = list(ids)
    keys = list(s.scalars(select(Blob.key).where(Blob.asset_id.in_(ids))))
    s.execute(delete(Blob).where(Blob.asset_id.in_(ids)))
    s.execute(delete(Asset).where(Asset.id.in_(ids)))
    return keys
