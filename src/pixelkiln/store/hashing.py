"""The hash of an image's pixels, kept with each stored blob (``Blob.content_hash``).

Pixels, not bytes: the same picture re-encoded by another PNG compressor or saved by an
editor hashes the same, so an image the service drew is recognised when it comes back
(:mod:`pixelkiln.service.provenance`).
"""

from __future__ import annotations

import hashlib

import numpy as np

from pixelkiln.engine.imageio import decode_image

__all__ = ["file_hash", "pixel_hash"]


def pixel_hash(rgba: np.ndarray) -> str:
    """SHA-256 of an image's pixels (fully transparent pixels count as one colour)."""
    a = np.ascontiguousarray(np.asarray(rgba, np.uint8))
    a = np.where(a[..., 3:4] == 0, 0, a).astype(np.uint8)
    digest = hashlib.sha256(f"{a.shape}".encode())
    digest.update(a.tobytes())
    return digest.hexdigest()


def file_hash(data: bytes) -> str | None:
    """The pixel hash of stored file bytes, or None when they are not an image."""
    try:
        return pixel_hash(decode_image(data))
    except Exception:  # ZIPs, JSON: nothing to recognise
        return None
