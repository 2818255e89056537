"""PNG in and out, deterministically.

Images in the engine are ``(H, W, 4)`` uint8 RGBA arrays. Encoding writes an indexed
(P-mode) PNG whenever the image has at most 256 colours, so editors and engines see the
exact palette; the palette order is fixed (by first appearance in raster order) and no
metadata is written, so the same pixels always give the same bytes.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

__all__ = ["decode_image", "encode_indexed", "encode_png", "to_rgba"]

_COMPRESS_LEVEL = 9


def to_rgba(img: np.ndarray) -> np.ndarray:
    """Any ``(H, W)``, ``(H, W, 3)`` or ``(H, W, 4)`` array to uint8 RGBA."""
    a = np.asarray(img)
    if a.dtype != np.uint8:
        a = np.clip(np.rint(a), 0, 255).astype(np.uint8)
    if a.ndim == 2:
        a = np.repeat(a[..., None], 3, axis=2)
    if a.shape[2] == 3:
        a = np.concatenate([a, np.full((*a.shape[:2], 1), 255, np.uint8)], axis=2)
    return np.ascontiguousarray(a)


def encode_png(img: np.ndarray) -> bytes:
    """Encode an RGBA array as PNG bytes, indexed when it has at most 256 colours."""
    rgba = to_rgba(img)
    h, w = rgba.shape[:2]
    # Fully transparent pixels all become (0, 0, 0, 0) so hidden colour never leaks.
    rgba = np.where(rgba[..., 3:4] == 0, 0, rgba).astype(np.uint8)
    packed = rgba.reshape(-1, 4).view(np.uint32).ravel()
    uniq, first, inverse = np.unique(packed, return_index=True, return_inverse=True)
    buf = io.BytesIO()
    if len(uniq) <= 256:
        order = np.argsort(first, kind="stable")  # palette in order of first appearance
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        index = rank[inverse].astype(np.uint8).reshape(h, w)
        colors = uniq[order].view(np.uint8).reshape(-1, 4)
        im = Image.fromarray(index, mode="P")
        im.putpalette(colors[:, :3].ravel().tobytes(), rawmode="RGB")
        alpha = colors[:, 3]
        if (alpha < 255).any():
            im.info["transparency"] = alpha.tobytes()
            im.save(buf, format="PNG", compress_level=_COMPRESS_LEVEL, transparency=alpha.tobytes())
        else:
            im.save(buf, format="PNG", compress_level=_COMPRESS_LEVEL)
    else:
        Image.fromarray(rgba, mode="RGBA").save(buf, format="PNG", compress_level=_COMPRESS_LEVEL)
    return buf.getvalue()


def encode_indexed(index: np.ndarray, palette: np.ndarray) -> bytes:
    """Encode palette indices as an indexed PNG with exactly ``palette`` as its table.

    ``palette`` is ``(k, 4)`` RGBA (k <= 256); entries with alpha below 255 are written
    to the tRNS chunk. Images that share a palette (a subject's directions and frames)
    then share the PNG colour table byte for byte, so palette swaps work in an engine.
    """
    table = np.asarray(palette, np.uint8).reshape(-1, 4)
    if len(table) > 256:
        msg = f"an indexed PNG holds at most 256 colours, not {len(table)}"
        raise ValueError(msg)
    im = Image.fromarray(np.asarray(index, np.uint8), mode="P")
    im.putpalette(table[:, :3].ravel().tobytes(), rawmode="RGB")
    buf = io.BytesIO()
    alpha = table[:, 3]
    if (alpha < 255).any():
        last = int(np.nonzero(alpha < 255)[0].max()) + 1
        im.save(
            buf, format="PNG", compress_level=_COMPRESS_LEVEL, transparency=alpha[:last].tobytes()
        )
    else:
        im.save(buf, format="PNG", compress_level=_COMPRESS_LEVEL)
    return buf.getvalue()


def decode_image(data: bytes) -> np.ndarray:
    """Decode PNG/JPEG/GIF/WebP bytes to an RGBA uint8 array (first frame)."""
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        return np.asarray(im.convert("RGBA"), dtype=np.uint8).copy()
