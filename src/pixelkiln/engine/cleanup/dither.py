"""Ordered (Bayer) dithering onto an arbitrary palette, in OKLab.

Each pixel is placed on the segment between its two nearest palette colours; the Bayer
threshold at ``(x mod n, y mod n)`` decides which end it takes. Dithering is only done
between *neighbouring* palette colours (close together, with the pixel near the segment
between them), never between distant hues, and the strength narrows it to a band around
each colour boundary, as pixel artists taper a transition instead of covering areas in it.
The pattern is anchored to image coordinates, so it tiles and holds still across frames.
"""

from __future__ import annotations

import numpy as np
from scipy.spatial import cKDTree

__all__ = ["DITHER_SIZES", "bayer_matrix", "dither_indices"]

#: Accepted matrix sizes.
DITHER_SIZES = (2, 4, 8)
#: Two palette colours further apart than this (ΔEOK) are never dithered together.
_MAX_PAIR_DISTANCE = 0.32


def bayer_matrix(n: int) -> np.ndarray:
    """The ``n`` x ``n`` Bayer threshold matrix (n a power of two) as values in (0, 1).

    Parameters
    ----------
    n : 1, 2, 4, 8, ...

    Returns
    -------
    (n, n) float array of thresholds ``(rank + 0.5) / n**2``.
    """
    if n < 1 or n & (n - 1):
        msg = f"Bayer matrix size must be a power of two, got {n}"
        raise ValueError(msg)
    m = np.zeros((1, 1), dtype=np.int64)
    while m.shape[0] < n:
        m = np.block([[4 * m, 4 * m + 2], [4 * m + 3, 4 * m + 1]])
    return (m + 0.5) / (n * n)


def dither_indices(
    lab: np.ndarray,
    inverse: np.ndarray,
    palette_lab: np.ndarray,
    size: int,
    strength: float,
) -> np.ndarray:
    """Palette index per pixel with ordered dithering.

    Parameters
    ----------
    lab : (M, 3) OKLab of the distinct colours.
    inverse : (H, W) index into ``lab`` per pixel, -1 for transparent pixels.
    palette_lab : (K, 3) OKLab palette.
    size : Bayer matrix size (2, 4 or 8).
    strength : 0..10; 0 is no dithering, 10 is a full ordered ramp between the two nearest
        colours, 5 (the default of the contract) dithers only the middle half of it.

    Returns
    -------
    (H, W) palette index per pixel, -1 where ``inverse`` is -1.
    """
    h, w = inverse.shape
    out = np.full((h, w), -1, dtype=np.int64)
    if len(lab) == 0:
        return out
    k = min(2, len(palette_lab))
    _, idx = cKDTree(palette_lab).query(lab, k=k)
    if k == 1 or strength <= 0:
        first = idx if k == 1 else idx[:, 0]
        out[inverse >= 0] = first[inverse[inverse >= 0]]
        return out
    c1, c2 = palette_lab[idx[:, 0]], palette_lab[idx[:, 1]]
    v = c2 - c1
    span = np.linalg.norm(v, axis=1)
    t = np.einsum("ij,ij->i", lab - c1, v) / np.maximum(span**2, 1e-12)
    t = np.clip(t, 0.0, 1.0)
    off_segment = np.linalg.norm(lab - (c1 + t[:, None] * v), axis=1)
    # Only neighbouring colours, and only pixels that really lie between them.
    pair_ok = (span <= _MAX_PAIR_DISTANCE) & (off_segment <= 0.5 * span)
    s = float(np.clip(strength, 0.0, 10.0)) / 10.0
    thr = bayer_matrix(size)
    ys, xs = np.mgrid[0:h, 0:w]
    threshold = 0.5 + (thr[ys % size, xs % size] - 0.5) * s
    opaque = inverse >= 0
    u = inverse[opaque]
    take_second = pair_ok[u] & (t[u] > threshold[opaque])
    out[opaque] = np.where(take_second, idx[u, 1], idx[u, 0])
    return out
