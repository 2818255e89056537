"""RotSprite: turning pixel art in the image plane without adding a colour.

The sprite is enlarged 8x with Scale2x (EPX) three times, which rounds diagonal edges
instead of copying blocks; the big image is rotated by nearest neighbour about the
sprite's centre; then each 8x8 cell of the result gives back one pixel, the one at its
centre. Every step only copies pixels, so the output's colours are the input's: no
blending, no new shades, crisp edges. The canvas keeps its size (what turns out of it
is cut off; sprites carry a margin).
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["rotsprite", "scale2x"]


def scale2x(img: np.ndarray) -> np.ndarray:
    """EPX / Scale2x of an ``(h, w, c)`` image: each pixel becomes 2x2, its corners
    taking a neighbour's colour where two neighbours agree across that corner."""
    p = np.pad(img, ((1, 1), (1, 1), (0, 0)), mode="edge")
    c = p[1:-1, 1:-1]
    a, b = p[:-2, 1:-1], p[1:-1, 2:]  # up, right
    d, e = p[1:-1, :-2], p[2:, 1:-1]  # left, down

    def eq(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return (x == y).all(-1)

    keep = ~eq(a, e) & ~eq(d, b)
    tl = np.where((keep & eq(d, a))[..., None], a, c)
    tr = np.where((keep & eq(a, b))[..., None], b, c)
    bl = np.where((keep & eq(d, e))[..., None], d, c)
    br = np.where((keep & eq(e, b))[..., None], e, c)
    h, w = img.shape[:2]
    out = np.empty((2 * h, 2 * w, img.shape[2]), img.dtype)
    out[0::2, 0::2], out[0::2, 1::2] = tl, tr
    out[1::2, 0::2], out[1::2, 1::2] = bl, br
    return out


def rotsprite(
    rgba: np.ndarray, degrees: float, centre: tuple[float, float] | None = None
) -> np.ndarray:
    """``rgba`` turned ``degrees`` clockwise on screen about ``centre`` (x, y in
    pixels; the canvas centre by default). A multiple of 90 degrees is exact."""
    rgba = np.asarray(rgba, np.uint8)
    h, w = rgba.shape[:2]
    turns = degrees / 90.0
    if abs(turns - round(turns)) < 1e-9 and centre is None and h == w:
        return np.rot90(rgba, k=-round(turns) % 4).copy()
    big = rgba
    for _ in range(3):
        big = scale2x(big)
    k = 8
    cx, cy = centre if centre is not None else (w / 2.0, h / 2.0)
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    # Output cell centres, in big-image pixels, mapped back by the inverse rotation.
    ys, xs = np.mgrid[0:h, 0:w]
    ox, oy = (xs + 0.5) - cx, (ys + 0.5) - cy
    sx = (cos * ox + sin * oy + cx) * k
    sy = (-sin * ox + cos * oy + cy) * k
    ix, iy = np.floor(sx).astype(int), np.floor(sy).astype(int)
    inside = (ix >= 0) & (ix < w * k) & (iy >= 0) & (iy < h * k)
    out = np.zeros_like(rgba)
    out[inside] = big[iy[inside], ix[inside]]
    return out
