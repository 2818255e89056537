"""Helpers for the Pro tile tests: cached renders, pair composites and seam regions."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import numpy as np
from scipy import ndimage

from pixelkiln.engine.tiles_pro import TileSet, TilesProSpec, render_tiles_pro
from pixelkiln.engine.tiles_pro.fields import hex_vertices
from pixelkiln.engine.tiles_pro.geometry import Geometry

SEED = 5


@lru_cache(maxsize=64)
def rendered(description: str, tile_type: str, feature: str | None = None, **kw: Any) -> TileSet:
    """A rendered set (cached: sets are pure functions of their spec)."""
    spec = TilesProSpec(
        description=description,
        tile_type=tile_type,
        feature=feature,
        seed=kw.pop("seed", SEED),
        **kw,
    )
    return render_tiles_pro(spec)


def top_only(ts: TileSet, i: int) -> np.ndarray:
    """Tile ``i`` with everything but its top face made transparent."""
    out = ts.tiles[i].copy()
    out[~ts.geometry.top] = 0
    return out


def pair(
    geom: Geometry, a: np.ndarray, b: np.ndarray, k: int, reverse: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """``a`` at the origin and ``b`` across edge ``k``, drawn back to front (``reverse``:
    front to back, to see what the tile drawn first paints where they overlap).

    Returns the composite and an owner map (1 = a, 2 = b, 0 = neither).
    """
    dy, dx = geom.neighbours[k]
    h, w = a.shape[:2]
    y0, x0 = min(0, dy), min(0, dx)
    canvas = np.zeros((h + abs(dy), w + abs(dx), 4), np.uint8)
    owner = np.zeros(canvas.shape[:2], np.int64)
    spots = sorted(
        [((0, 0), a, 1), ((dy, dx), b, 2)], key=lambda s: (s[0][0], s[0][1]), reverse=reverse
    )
    for (y, x), img, tag in spots:
        region = (slice(y - y0, y - y0 + h), slice(x - x0, x - x0 + w))
        opaque = img[..., 3] > 0
        canvas[region][opaque] = img[opaque]
        owner[region][opaque] = tag
    return canvas, owner


def joint(owner: np.ndarray, radius: int, square: bool = True) -> np.ndarray:
    """Pixels within ``radius`` of where the composite passes from one tile to the other
    (``square``: Chebyshev distance; otherwise 4-connected steps)."""
    edge = np.zeros(owner.shape, bool)
    for axis in (0, 1):
        diff = (np.diff(owner, axis=axis) != 0) & (np.delete(owner, 0, axis) > 0)
        diff &= np.delete(owner, -1, axis) > 0
        if axis == 0:
            edge[:-1] |= diff
            edge[1:] |= diff
        else:
            edge[:, :-1] |= diff
            edge[:, 1:] |= diff
    element = np.ones((3, 3), bool) if square else ndimage.generate_binary_structure(2, 1)
    near = ndimage.binary_dilation(edge, element, iterations=radius)
    return near & (owner > 0)


def hex_corner_zone(
    geom: Geometry, k: int, shape: tuple[int, int], dy0: int, dx0: int, radius: float
) -> np.ndarray:
    """Composite pixels within ``radius`` of the two hex corners that edge ``k`` joins."""
    verts = hex_vertices(geom.tile_type == "hex_pointy", geom.width, geom.face_h)
    ys, xs = np.mgrid[0 : shape[0], 0 : shape[1]]
    zone = np.zeros(shape, bool)
    for vx, vy in (verts[k], verts[(k + 1) % 6]):
        cx, cy = vx + geom.width / 2 - dx0, vy + geom.face_h / 2 - dy0
        zone |= np.hypot(xs + 0.5 - cx, ys + 0.5 - cy) < radius
    return zone


def legal_pairs(
    masks: list[int], k: int, code: Any, opposite: int
) -> Iterator[tuple[int, int, Any]]:
    """Index pairs (i, j) whose codes across edge ``k`` match, with that code."""
    for i, a in enumerate(masks):
        for j, b in enumerate(masks):
            if code(a, k) == code(b, opposite):
                yield i, j, code(a, k)
