"""Corner ornaments of framed panels: rivets, gems, bone knobs and metal corner caps.

Each sits in one of the four corner blocks of the nine-slice (on the middle of the frame
body, measured along the corner's diagonal), so the edge strips stay uniform. Studs and
knobs are round (dark rim, lit upper left, a glint), gems are four lit facets with a
specular pixel, caps are bevelled squares over the whole corner (sci-fi caps carry a
glowing diagonal tick).
"""

from __future__ import annotations

import math

import numpy as np

from pixelkiln.engine.ui.shapes import Box, Chamfer, RoundRect, Shape
from pixelkiln.engine.ui.theme import Theme

__all__ = ["corner_extent", "draw_ornaments"]


def corner_extent(shape: Shape) -> int:
    """How far a rounded or cut corner reaches along its edges (px)."""
    if isinstance(shape, RoundRect):
        return min(shape.r, shape.w // 2, shape.h // 2)
    if isinstance(shape, Chamfer):
        return min(shape.c, shape.w // 2, shape.h // 2)
    return 0


def _disc(cy: float, cx: float, r: float, shape: tuple[int, int]) -> np.ndarray:
    yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]] + 0.5
    return (yy - cy) ** 2 + (xx - cx) ** 2 < r * r


def draw_ornaments(
    shape: Shape,
    box: Box,
    layer: np.ndarray,
    theme: Theme,
    corner: str,
    frame: int,
    border: int,
    rgb: np.ndarray,
) -> None:
    """Rivets, gems, knobs or caps in the four corners, inside the border's corner blocks."""
    if corner == "none" or not isinstance(shape, (RoundRect, Chamfer)):
        return
    b = shape.bounds()
    ox, oy = b.x - box.x, b.y - box.y
    # On the middle of the frame body, measured along the corner's diagonal.
    mid = 1 + (frame + 1) / 2.0
    ext = float(corner_extent(shape))
    if isinstance(shape, Chamfer):
        c = max(mid, (mid * math.sqrt(2.0) + ext) / 2.0)
    else:
        c = ext - (ext - mid) / math.sqrt(2.0) if ext > mid else mid
    metal = theme.trim if theme.trim is not None and not theme.trim_glow else theme.frame
    for sy in (-1, 1):
        for sx in (-1, 1):
            cx = ox + (c if sx < 0 else b.w - c)
            cy = oy + (c if sy < 0 else b.h - c)
            if corner == "rivets":
                _stud(rgb, cy, cx, max(1.2, frame / 3.3), metal, theme)
            elif corner == "gems":
                _gem(rgb, cy, cx, max(1.6, frame / 2.5), theme)
            elif corner == "knobs":
                _stud(rgb, cy, cx, max(1.5, frame / 2.0), theme.frame, theme)
            elif corner == "caps":
                _cap(rgb, layer, box, b, sx, sy, border, theme)


def _stud(rgb: np.ndarray, cy: float, cx: float, r: float, ramp: np.ndarray, theme: Theme) -> None:
    """A round stud: dark rim, mid body, light upper-left, glint."""
    shape = rgb.shape[:2]
    body = _disc(cy, cx, r + 0.5, shape)
    if body.sum() < 2:
        return
    rgb[body] = theme.outline
    inner = _disc(cy, cx, r - 0.3, shape)
    rgb[inner] = ramp[2]
    lit = inner & _disc(cy - r * 0.35, cx - r * 0.35, r * 0.75, shape)
    rgb[lit] = ramp[3]
    ys, xs = np.nonzero(lit)
    if len(ys):
        i = int(np.argmin(ys + xs))
        rgb[ys[i], xs[i]] = ramp[4]


def _gem(rgb: np.ndarray, cy: float, cx: float, r: float, theme: Theme) -> None:
    """A diamond-cut gem: four facets lit from the top left, a glint."""
    shape = rgb.shape[:2]
    yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]] + 0.5
    dy, dx = yy - cy, xx - cx
    outer = np.abs(dy) + np.abs(dx) < r + 1.0
    inner = np.abs(dy) + np.abs(dx) < r
    if inner.sum() < 2:
        return
    acc = theme.accent
    rgb[outer] = theme.outline
    rgb[inner & (dy < 0) & (dx < 0)] = acc[4]
    rgb[inner & (dy < 0) & (dx >= 0)] = acc[3]
    rgb[inner & (dy >= 0) & (dx < 0)] = acc[2]
    rgb[inner & (dy >= 0) & (dx >= 0)] = acc[1]
    ys, xs = np.nonzero(inner & (dy < 0) & (dx < 0))
    if len(ys):
        i = int(np.argmin(ys + xs))
        rgb[ys[i], xs[i]] = theme.specular


def _cap(
    rgb: np.ndarray, layer: np.ndarray, box: Box, b: Box, sx: int, sy: int, size: int, theme: Theme
) -> None:
    """A square corner cap over the frame (metal, bevelled); sci-fi caps carry a glow tick."""
    metal = theme.trim if theme.trim is not None and not theme.trim_glow else theme.frame
    h, w = rgb.shape[:2]
    ox, oy = b.x - box.x, b.y - box.y
    x0 = ox if sx < 0 else ox + b.w - size
    y0 = oy if sy < 0 else oy + b.h - size
    plate = np.zeros((h, w), bool)
    plate[y0 : y0 + size, x0 : x0 + size] = True
    plate &= layer > 0
    if plate.sum() < 9:
        return
    inner = (
        plate
        & np.roll(plate, 1, 0)
        & np.roll(plate, -1, 0)
        & np.roll(plate, 1, 1)
        & np.roll(plate, -1, 1)
    )
    rgb[plate] = theme.outline
    rgb[inner] = metal[2]
    top = inner & ~np.roll(inner, 1, 0)
    left = inner & ~np.roll(inner, 1, 1)
    bottom = inner & ~np.roll(inner, -1, 0)
    right = inner & ~np.roll(inner, -1, 1)
    rgb[top | left] = metal[4]
    rgb[bottom | right] = metal[1]
    if theme.trim_glow and theme.trim is not None and size >= 6:
        # A glowing diagonal tick toward the panel's centre.
        for k in range(2, size - 2):
            yy = y0 + (k if sy < 0 else size - 1 - k)
            xx = x0 + (k if sx < 0 else size - 1 - k)
            if 0 <= yy < h and 0 <= xx < w and inner[yy, xx]:
                rgb[yy, xx] = theme.trim[4]
