"""Exact ray casting of box solids on the tile projections (for building pieces).

A building piece is a few axis-aligned boxes on its ground cell: ground ``(u, v)`` in
cell units (u east, v south) and height ``z`` in screen pixels. Each projection sends a
point to the screen linearly:

- ``square_topdown`` (3/4 view): ``x = u·W``, ``y = v·W - z``;
- ``isometric``: ``x = W/2 + (u - v)·W/2``, ``y = y0 + (u + v)·W/4 - z``;
- ``oblique``: ``x = u·W - lean·z``, ``y = v·W - z``;

plus the piece canvas offsets (``rise`` rows above the ground tile's canvas, and for
oblique ``left`` columns for walls leaning up-left). Every screen pixel is then a ray
along which ``(u, v)`` moves linearly with ``z``; along it a higher ``z`` is nearer the
viewer, so the visible point of a box is the top of the ray's interval inside it
(slab method), and the constraint that bounds that interval names the face seen: its
top, its south face or its east face. No marching, no resampling: the hit of every
pixel centre is exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.tiles_pro.geometry import Geometry

__all__ = ["EAST", "SOUTH", "TOP", "Box", "Hits", "Projection", "cast"]

TOP, SOUTH, EAST = 1, 2, 3


@dataclass(frozen=True)
class Box:
    """An axis-aligned solid: ground extent in cells, height in pixels, and its owner.

    ``owner`` 0 is the piece itself; other owners are neighbours' parts drawn only to
    know what hides what and where the outline runs.
    """

    u0: float
    u1: float
    v0: float
    v1: float
    z0: float
    z1: float
    owner: int = 0
    part: int = 0  # which material set paints it (walls, door, stairs...)


@dataclass(frozen=True)
class Projection:
    """How a geometry's ground and heights land on a piece canvas."""

    kind: str
    width: int  # the ground tile's width (the cell)
    rise: int  # rows of canvas above the ground tile's canvas
    left: int  # columns of canvas left of the ground tile's canvas
    y0: float  # iso: screen row of the diamond's top vertex line (u + v = 0)
    lean: float

    @classmethod
    def of(cls, geom: Geometry, rise: int) -> Projection:
        w = geom.face_h if geom.tile_type == "oblique" else geom.width
        left = int(np.ceil(geom.lean * rise - 1e-9)) if geom.tile_type == "oblique" else 0
        y0 = geom.face_h / 2.0 - geom.width / 4.0
        return cls(geom.tile_type, w, rise, left, y0, geom.lean)

    def ray(self, ys: np.ndarray, xs: np.ndarray) -> tuple[np.ndarray, ...]:
        """``(au, av, bu, bv)``: ground point of each pixel at z = 0, and its change per z."""
        w = float(self.width)
        yc = ys + 0.5 - self.rise
        xc = xs + 0.5 - self.left
        if self.kind == "isometric":
            p = (xc - w / 2) / (w / 2)
            q = (yc - self.y0) / (w / 4)
            k = np.full(np.shape(ys), 2.0 / w)
            return (p + q) / 2, (q - p) / 2, k, k
        bu = np.full(np.shape(ys), self.lean / w if self.kind == "oblique" else 0.0)
        return xc / w, yc / w, bu, np.full(np.shape(ys), 1.0 / w)

    def points(self, u: np.ndarray, v: np.ndarray, z: np.ndarray) -> np.ndarray:
        """Hit points in pixel units ``(..., 3)``: east, south, up."""
        w = float(self.width)
        return np.stack([u * w, v * w, z], axis=-1)

    def toward_viewer(self) -> np.ndarray:
        """The direction (east, south, up) along which points project to one pixel,
        pointing at the viewer: the farther along it, the nearer a point."""
        if self.kind == "isometric":
            n = np.array([1.0, 1.0, 0.5])
        elif self.kind == "oblique":
            n = np.array([self.lean, 1.0, 1.0])
        else:
            n = np.array([0.0, 1.0, 1.0])
        return n / np.linalg.norm(n)

    def ground_pixel(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Screen pixel (row, column) of the ground tile showing ground point (u, v)."""
        w = float(self.width)
        if self.kind == "isometric":
            x = w / 2 + (u - v) * w / 2
            y = self.y0 + (u + v) * w / 4
        else:
            x, y = u * w, v * w
        return np.floor(y).astype(np.int64), np.floor(x).astype(np.int64)


@dataclass(frozen=True)
class Hits:
    """Per pixel: which box is seen (-1 none), on which face, at what ground point."""

    box: np.ndarray
    face: np.ndarray
    z: np.ndarray
    u: np.ndarray
    v: np.ndarray


def _slab(a: np.ndarray, b: np.ndarray, lo: float, hi: float) -> tuple[np.ndarray, np.ndarray]:
    """The z interval where ``a + b·z`` lies in [lo, hi] (b may be 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (lo - a) / b
        t2 = (hi - a) / b
    zlo = np.where(b > 0, t1, np.where(b < 0, t2, np.where((a >= lo) & (a < hi), -np.inf, np.inf)))
    zhi = np.where(b > 0, t2, np.where(b < 0, t1, np.where((a >= lo) & (a < hi), np.inf, -np.inf)))
    return zlo, zhi


def cast(proj: Projection, boxes: list[Box], shape: tuple[int, int]) -> Hits:
    """The nearest box face under every pixel centre of a canvas of ``shape``."""
    h, w = shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    au, av, bu, bv = proj.ray(ys, xs)
    best = np.full((h, w), -np.inf)
    box_id = np.full((h, w), -1, np.int64)
    face = np.zeros((h, w), np.int8)
    for k, bx in enumerate(boxes):
        ulo, uhi = _slab(au, bu, bx.u0, bx.u1)
        vlo, vhi = _slab(av, bv, bx.v0, bx.v1)
        zlo = np.maximum(np.maximum(ulo, vlo), bx.z0)
        zhi = np.minimum(np.minimum(uhi, vhi), bx.z1)
        hit = (zlo <= zhi) & (zhi > best + 1e-9)
        # The face seen is the constraint that caps the ray's z inside the box.
        f = np.where(zhi >= bx.z1 - 1e-9, TOP, np.where(np.isclose(zhi, vhi), SOUTH, EAST)).astype(
            np.int8
        )
        best = np.where(hit, zhi, best)
        box_id = np.where(hit, k, box_id)
        face = np.where(hit, f, face)
    z = np.where(box_id >= 0, best, 0.0)
    return Hits(box_id, face, z, au + bu * z, av + bv * z)
