"""Images the service drew, recognised when they come back as inputs.

Every image a job stores is recorded with the hash of its decoded pixels (RGBA, with its
shape), so re-encoding it (another PNG compressor, an editor's save) does not hide it.
When a sprite arrives to be rotated, animated or edited, :func:`find_drawn` finds the
caller's asset that holds it, and the work starts from that asset's stored model instead
of from pixels: the result is exact. Another account's images are never matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import select

from pixelkiln.service.accounts import Auth
from pixelkiln.store.hashing import pixel_hash
from pixelkiln.store.models import Asset, Blob

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["DrawnImage", "find_drawn"]


@dataclass(frozen=True)
class DrawnImage:
    """Where a recognised image came from: its asset, the asset's file name for it, and
    the asset's stored record (spec, look...) and params."""

    asset_id: str
    family: str
    file: str
    result: dict[str, Any]
    params: dict[str, Any]


def find_drawn(ctx: Container, auth: Auth, rgba: np.ndarray) -> DrawnImage | None:
    """The caller's completed asset holding exactly these pixels, if any."""
    digest = pixel_hash(rgba)
    with ctx.db.read() as s:
        rows = s.scalars(
            select(Blob).where(Blob.content_hash == digest, Blob.account_id == auth.account_id)
        ).all()
        for blob in rows:
            asset = s.get(Asset, blob.asset_id) if blob.asset_id else None
            if asset is None or asset.status != "completed":
                continue
            name = next((n for n, k in (asset.files or {}).items() if k == blob.key), None)
            if name is None:
                continue
            return DrawnImage(asset.id, asset.family, name, asset.result or {}, asset.params or {})
    return None
