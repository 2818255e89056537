"""Compositing a tile: its painted top face over side faces, then the outline mode.

The top face arrives painted (plain material, road, terrain...) with a class map saying
which :class:`Layer` each top pixel belongs to. The skirt below every column takes the
side material of the class at that column's bottom edge, shaded by the face it is on
(light comes from the top left: down-left faces one step darker than the top, straight
down ones a step and a half, down-right ones two), with a ragged lip of the top
material where the top overhangs (grass over dirt, snow over rock).

``outline_mode``: ``outline`` rings the footprint with the darkest shade of the material
under each ring pixel, so every tile reads on its own; ``segmentation`` draws no border,
and tiles placed on their lattice join without a line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.tiles_pro.geometry import FACE_FRONT, FACE_LEFT, FACE_RIGHT, Geometry
from pixelkiln.engine.tiles_pro.lattice import Lattice, LatticeNoise
from pixelkiln.engine.tiles_pro.surface import Surface

__all__ = ["FACE_SHIFT", "Layer", "outline_ring", "paint_block", "side_lattice"]

#: Ramp steps each side face is shaded by.
FACE_SHIFT = {FACE_LEFT: -1, FACE_FRONT: -2, FACE_RIGHT: -2}


@dataclass(frozen=True)
class Layer:
    """What one class of top pixels is made of: its top and side surfaces.

    ``lip`` is the deepest overhang of the top material into the skirt (0 = none).
    """

    top: Surface
    side: Surface
    lip: int = 0


def side_lattice(geom: Geometry) -> Lattice:
    """The torus side textures live on: side-period wide, deep enough for the skirt."""
    return Lattice((max(16, geom.depth), geom.side_period), 0)


def outline_ring(mask: np.ndarray) -> np.ndarray:
    """Pixels of ``mask`` with a 4-neighbour outside it (or on the canvas border)."""
    padded = np.pad(mask, 1, constant_values=False)
    inner = padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2] & padded[1:-1, 2:]
    return mask & ~inner


def _steady(classes: np.ndarray) -> np.ndarray:
    """A 1-D class run one pixel long takes its neighbour's class (no 1-px skirt stripes)."""
    out = classes.copy()
    n = len(out)
    for i in range(n):
        left = out[i - 1] if i > 0 else None
        right = classes[i + 1] if i + 1 < n else None
        if out[i] != left and out[i] != right and (left is not None or right is not None):
            out[i] = left if left is not None else right
    return out


def _skirt_classes(geom: Geometry, top_class: np.ndarray) -> np.ndarray:
    """The class each skirt pixel shows: its source top pixel's, without 1-px stripes."""
    src_y, src_x = _sources(geom)
    cls = top_class[src_y, src_x]
    if geom.tile_type != "oblique":
        return np.broadcast_to(_steady(cls[0])[None, :], cls.shape)
    out = cls.copy()
    cell = geom.face_h
    for face, line in (
        (FACE_FRONT, top_class[cell - 1, :cell]),
        (FACE_RIGHT, top_class[:cell, cell - 1]),
    ):
        steady = _steady(line)
        sel = geom.face == face
        out[sel] = steady[np.clip(geom.face_s[sel], 0, cell - 1)]
    return out


def _sources(geom: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """For every pixel, the top-face pixel its skirt hangs from (row, column)."""
    h, w = geom.shape
    xs = np.broadcast_to(np.arange(w)[None, :], (h, w))
    if geom.tile_type == "oblique":
        cell = geom.face_h
        front = geom.face == FACE_FRONT
        src_y = np.where(front, cell - 1, np.clip(geom.face_s, 0, cell - 1))
        src_x = np.where(front, np.clip(geom.face_s, 0, cell - 1), cell - 1)
        return src_y, src_x
    has = geom.top.any(axis=0)
    bottom = np.where(has, h - 1 - np.argmax(geom.top[::-1], axis=0), 0)
    return np.broadcast_to(bottom[None, :], (h, w)), xs


def _side_colors(surface: Surface, t: np.ndarray, s: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """Side-face colours: the texture at half its contrast, moved down by the face shade.

    Halving the contrast keeps the faces calm next to the top face, so the block's form
    reads first (value carries the form, ART.md §1.1).
    """
    rgb, level = surface.read(t, s)
    out = rgb.copy()
    ramp_px = level >= 0
    mid = (surface.base + surface.top) / 2.0
    calm = np.rint(mid + 0.5 * (level[ramp_px] - mid)).astype(np.int64) + shift[ramp_px]
    out[ramp_px] = surface.ramp[np.clip(calm, 0, len(surface.ramp) - 1)]
    accent = ~ramp_px
    if accent.any():
        out[accent] = surface.colors(t[accent], s[accent], shift[accent])
    return out


def paint_block(
    geom: Geometry,
    top_rgb: np.ndarray,
    top_class: np.ndarray,
    layers: list[Layer],
    outline: bool,
    origin: tuple[int, int] = (0, 0),
    lip_noise: LatticeNoise | None = None,
) -> np.ndarray:
    """The RGBA tile: painted top, shaded skirt, lip, and the outline mode's border.

    ``top_rgb`` / ``top_class`` cover the canvas (only top pixels are read).
    ``origin`` is the tile's screen position (textures are read in screen space).
    """
    h, w = geom.shape
    oy, ox = origin
    rgba = np.zeros((h, w, 4), np.uint8)
    top = geom.top
    rgba[top, :3] = top_rgb[top]
    owner = np.where(top, top_class, -1)

    side = geom.face > 0
    if side.any():
        src_y, _ = _sources(geom)
        cls = _skirt_classes(geom, top_class)
        lat = side_lattice(geom)
        t = geom.face_t.astype(np.int64)
        s = geom.face_s.astype(np.int64)
        shift = np.zeros((h, w), np.int64)
        for face, k in FACE_SHIFT.items():
            shift[geom.face == face] = k
        ys, xs = np.mgrid[0:h, 0:w]
        # Lip depth varies along the edge (1 px to the layer's lip), from world noise.
        n = (
            lip_noise.at(src_y + oy + 0.5, xs + ox + 0.5)
            if lip_noise is not None
            else np.full((h, w), 0.5)
        )
        for k, layer in enumerate(layers):
            sel = side & (cls == k)
            if not sel.any():
                continue
            if layer.side.lattice.shape != lat.shape:
                msg = "side surfaces must be rendered on side_lattice(geom)"
                raise ValueError(msg)
            rgba[sel, :3] = _side_colors(layer.side, t[sel], s[sel], shift[sel])
            owner[sel] = k
            if layer.lip > 0:
                depth = 1 + np.floor(n * layer.lip).astype(np.int64)
                lip = sel & (t < np.minimum(depth, layer.lip))
                if lip.any():
                    rgba[lip, :3] = layer.top.colors(
                        ys[lip] + oy, xs[lip] + ox, np.minimum(shift[lip], -1) + 1
                    )
    rgba[top | side, 3] = 255

    if outline:
        ring = outline_ring(top | side)
        for k, layer in enumerate(layers):
            rgba[ring & (owner == k) & top, :3] = layer.top.level_color(0)
            rgba[ring & (owner == k) & side, :3] = layer.side.level_color(0)
    return rgba
