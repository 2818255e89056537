"""Images the service drew, recognised when they come back as inputs.

Every image a job stores is recorded with the hash of its decoded pixels (RGBA, with its
shape), so re-encoding it (another PNG compressor, an editor's save) does not hide it.
When a sprite arrives to be rotated, animated or edited, :func:`find_drawn` finds the
caller's asset that holds it, and the work starts from that asset's stored model instead
of from pixels: the result is exact. The rotations answered from a stored model also
carry a ``pixelkiln`` text chunk naming their asset and file
(:mod:`pixelkiln.engine.pngtext`), so such an image whose pixels were touched since (a
pixel fixed in an editor that keeps the chunk) is still found by the chunk when its size
is the stored file's. Another account's images are never matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import select

from pixelkiln.engine.imageio import decode_image
from pixelkiln.engine.pngtext import KEY as PNG_KEY
from pixelkiln.engine.pngtext import read_text
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
    by: str = "pixels"  # how it was recognised: pixels | text chunk


def find_drawn(
    ctx: Container, auth: Auth, rgba: np.ndarray, png: bytes | None = None
) -> DrawnImage | None:
    """The caller's completed asset holding exactly these pixels, if any; else, when
    ``png`` (the image's own bytes) carries our text chunk, the caller's asset it names
    if its file there is an image of the same size."""
    found = _by_pixels(ctx, auth, rgba)
    if found is None and png is not None:
        found = _by_text_chunk(ctx, auth, rgba, png)
    return found


def _by_text_chunk(ctx: Container, auth: Auth, rgba: np.ndarray, png: bytes) -> DrawnImage | None:
    text = read_text(png, PNG_KEY)
    if text is None:
        return None
    fields = dict(p.split("=", 1) for p in text.split(";") if "=" in p)
    with ctx.db.read() as s:
        asset = s.get(Asset, fields.get("asset", ""))
        if asset is None or asset.account_id != auth.account_id or asset.status != "completed":
            return None
        name = fields.get("file", "")
        key = (asset.files or {}).get(name)
        if key is None:
            return None
        try:
            stored = decode_image(ctx.blobs.get(key))
        except Exception:  # gone from the store, or not an image
            return None
        if stored.shape != np.asarray(rgba).shape:
            return None
        return DrawnImage(
            asset.id, asset.family, name, asset.result or {}, asset.params or {}, "text chunk"
        )


def _by_pixels(ctx: Container, auth: Auth, rgba: np.ndarray) -> DrawnImage | None:
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
