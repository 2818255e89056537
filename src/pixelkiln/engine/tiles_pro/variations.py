"""Plain Pro tiles: one tile per numbered item, or variations of one material.

A numbered description gives each item its own material. An unnumbered one gives
variations that can be mixed on one map: every variation is the same lattice-periodic
base texture at its edges (so any two join without a seam in ``segmentation`` mode) and
differs inside, away from the edges, by

- placed details suited to the material (flowers and tufts on grass, pebbles and twigs
  on soil, lily pads and foam on water, moss on stone and brick...), copied whole from
  a render of the material with that feature, and
- a tone patch: a soft-edged blob one ramp step lighter or darker (a worn or a lush
  patch).

Variation 0 is the plain base; variation k uses detail k-1 of the material's list and
alternates the patch's sign, so the set reads as one material with visible variety.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from scipy import ndimage

from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.text import MaterialSpec
from pixelkiln.engine.tiles_pro.block import paint_block
from pixelkiln.engine.tiles_pro.geometry import Geometry
from pixelkiln.engine.tiles_pro.painter import Painter, as_spec
from pixelkiln.engine.tiles_pro.surface import DARK_STEPS, Surface

__all__ = [
    "DETAILS",
    "edge_margin",
    "interior_mask",
    "render_items",
    "render_variations",
    "variation_top",
]

#: Details a variation may add, by material family (objects first, patches last).
DETAILS: dict[str, tuple[str, ...]] = {
    "vegetation": ("flowers", "tufts", "mushrooms", "pebbles", "leaves", "twigs"),
    "soil": ("pebbles", "tufts", "twigs", "shells", "puddles"),
    "liquid": ("lily pads", "foam", "bubbles"),
    "stone": ("moss", "pebbles", "leaves"),
    "masonry": ("moss", "leaves", "pebbles"),
    "crafted": ("leaves", "moss", "pebbles"),
    "metal": ("rust", "pebbles", "leaves"),
    "sky": ("pebbles", "twigs", "tufts"),
}
_PATCHES = {"moss", "foam", "puddles", "rust", "snow"}
_HOT = {"lava", "acid"}


def edge_margin(geom: Geometry) -> int:
    """How deep the shared edge band of variations is: an eighth of the face, >= 2 px."""
    return max(2, min(geom.width, geom.face_h) // 8)


def interior_mask(top: np.ndarray, margin: int) -> np.ndarray:
    """Top-face pixels at least ``margin`` px (chessboard) from its border."""
    dist = ndimage.distance_transform_cdt(np.pad(top, 1), metric="chessboard")[1:-1, 1:-1]
    return top & (dist > margin)


def _details_for(spec: MaterialSpec) -> tuple[str, ...]:
    if spec.material in _HOT:
        return ("bubbles",)
    if spec.material == "ice":
        return ("cracks", "pebbles")
    return DETAILS.get(get_material(spec.material).family, ("pebbles",))


def _blob(
    painter: Painter, ys: np.ndarray, xs: np.ndarray, inside: np.ndarray, k: int
) -> np.ndarray:
    """A soft blob inside ``inside``: the top third of a smooth noise there."""
    feature = max(3.0, min(painter.geom.width, painter.geom.face_h) / 3)
    n = painter.noise(feature, "variation-blob", str(k)).at(ys + 0.5, xs + 0.5)
    if not inside.any():
        return inside
    cut = np.quantile(n[inside], 0.55)
    blob = inside & (n >= cut)
    opened = ndimage.binary_opening(blob, iterations=1) & inside
    return opened if opened.sum() >= 4 else blob


def _detail_pixels(
    painter: Painter, spec: MaterialSpec, name: str, k: int, inside: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Pixels (mask, colours) of a detail to paste onto a variation."""
    with_feature = replace(spec, features=(*spec.features, name))
    lat = painter.lattice
    tex = render_material(
        with_feature,
        lat.shape,
        painter.sub_seed("variation", k),
        painter.style,
        painter.reference,
        painter.palette,
    )
    ys, xs = painter.canvas()
    ty, tx = lat.index(ys, xs)
    accent = tex.index[ty, tx] >= len(tex.ramp)
    rgb = tex.rgba[..., :3][ty, tx]
    if name in _PATCHES:
        keep = accent & _blob(painter, ys, xs, inside, k)
        labels, count = ndimage.label(keep, structure=np.ones((3, 3)))
        sizes = np.bincount(labels.ravel(), minlength=count + 1)
        keep &= sizes[labels] >= 3
        return keep, rgb
    labels, count = ndimage.label(accent, structure=np.ones((3, 3)))
    if count == 0:
        return accent, rgb
    # Whole objects only: an object touching the edge band would be cut in half.
    outside = np.bincount(labels[accent & ~inside], minlength=count + 1) > 0
    keep = accent & ~outside[labels]
    return keep, rgb


def variation_top(painter: Painter, base: Surface, spec: MaterialSpec, k: int) -> np.ndarray:
    """Top-face colours of variation ``k`` (0 = the plain base)."""
    ys, xs = painter.canvas()
    top = painter.geom.top
    rgb, level = base.read(ys, xs)
    if k == 0:
        return rgb
    margin = edge_margin(painter.geom)
    inside = interior_mask(top, margin)
    out = rgb.copy()
    # Tone patch: one ramp step lighter (odd k) or darker (even k).
    blob = _blob(painter, ys, xs, inside, k)
    sign = 1 if k % 2 else -1
    ramp_px = blob & (level >= 0)
    shifted = np.clip(level + sign, DARK_STEPS, base.top)
    out[ramp_px] = base.ramp[shifted[ramp_px]]
    details = _details_for(spec)
    name = details[(k - 1) % len(details)]
    mask, colors = _detail_pixels(painter, spec, name, k, inside)
    out[mask] = colors[mask]
    return out


def _tile(painter: Painter, spec: MaterialSpec, top_rgb: np.ndarray) -> np.ndarray:
    layer = painter.layer(spec)
    top_class = np.zeros(painter.geom.shape, np.int64)
    lip = painter.noise(3.0, "lip")
    rgba = paint_block(painter.geom, top_rgb, top_class, [layer], painter.outline, lip_noise=lip)
    return painter.finish(rgba)


def render_variations(painter: Painter, description: str, count: int) -> list[np.ndarray]:
    """``count`` variations of one material."""
    spec = as_spec(description)
    base = painter.surface(spec)
    return [_tile(painter, spec, variation_top(painter, base, spec, k)) for k in range(count)]


def render_items(painter: Painter, items: list[str]) -> list[np.ndarray]:
    """One tile per numbered item, in order."""
    tiles = []
    ys, xs = painter.canvas()
    for item in items:
        spec = as_spec(item)
        rgb, _ = painter.surface(spec).read(ys, xs)
        tiles.append(_tile(painter, spec, rgb))
    return tiles
