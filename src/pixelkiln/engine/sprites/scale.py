"""Pixel art shown enlarged: its cell size, and the sprite at one pixel per cell.

Sprites often arrive enlarged by a whole factor (every art pixel a k x k block). The
motion tools read and draw such a sprite at its own pixel size, then enlarge the answer
by the same factor, so turned and moved pixels land on the art's grid (and fitting
works on k*k times fewer pixels).
"""

from __future__ import annotations

import numpy as np

__all__ = ["enlarge", "pixel_scale", "shrink"]

_MAX = 16


def pixel_scale(rgba: np.ndarray) -> int:
    """The largest k (up to 16) such that the image is exactly its 1/k version enlarged
    k times (1 when it is not enlarged)."""
    rgba = np.asarray(rgba)
    h, w = rgba.shape[:2]
    for k in range(min(_MAX, h, w), 1, -1):
        if h % k or w % k:
            continue
        small = rgba[::k, ::k]
        if np.array_equal(enlarge(small, k), rgba):
            return k
    return 1


def shrink(rgba: np.ndarray, k: int) -> np.ndarray:
    """One pixel per k x k cell."""
    return np.ascontiguousarray(np.asarray(rgba)[::k, ::k]) if k > 1 else np.asarray(rgba)


def enlarge(rgba: np.ndarray, k: int) -> np.ndarray:
    """Each pixel as a k x k block."""
    if k <= 1:
        return np.asarray(rgba)
    return np.repeat(np.repeat(np.asarray(rgba), k, axis=0), k, axis=1)
