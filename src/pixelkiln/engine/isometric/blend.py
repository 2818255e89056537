"""Image-to-image for isometric tiles, and the forced palette.

``init_image`` with ``init_image_strength`` (1-999, read as ``s = strength / 1000``):

1. the init image is scaled to the canvas with nearest-neighbour sampling (pixel art
   keeps its pixels);
2. it steers the textures' ramps toward its colours (a
   :class:`~pixelkiln.engine.reference.Reference` of strength ``s``, applied before
   drawing);
3. the drawn tile and the init image are mixed per pixel: alpha as ``(1-s)·tile +
   s·init`` thresholded at one half (so from ``s = 0.5`` on, the silhouette is the init
   image's), colours as the same mix in OKLab where both are opaque;
4. the mix is reduced to a small palette of colours that occur in it (k-means in OKLab,
   :func:`pixelkiln.engine.palette.palette_from_image`), so the result stays crisp pixel
   art rather than a soft cross-fade.

At a low strength the result is the drawn tile tinted by the init image; at a high one
it is the init image, cleaned onto a small palette. Its distance to the init image falls
as the strength rises.

``color_image``: every colour of the finished tile is moved onto the palette (distinct
colours onto distinct palette colours when the palette has enough of them, nearest in
OKLab otherwise), so every opaque pixel is a palette colour.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from pixelkiln.engine.color import oklab_to_srgb, srgb_to_oklab
from pixelkiln.engine.imageio import to_rgba
from pixelkiln.engine.palette import fit_to_palette, palette_from_image, unique_colors

__all__ = ["blend_init", "fit_init", "force_palette"]


def fit_init(init: np.ndarray, h: int, w: int) -> np.ndarray:
    """The init image as an ``(h, w)`` RGBA array (nearest-neighbour scaling)."""
    rgba = to_rgba(init)
    if rgba.shape[:2] != (h, w):
        rgba = np.asarray(Image.fromarray(rgba).resize((w, h), Image.Resampling.NEAREST))
    out = rgba.copy()
    out[..., 3] = np.where(out[..., 3] > 127, 255, 0)
    return out


def blend_init(tile: np.ndarray, init: np.ndarray, strength: float, seed: int) -> np.ndarray:
    """Mix a drawn tile with its init image (see the module docstring)."""
    h, w = tile.shape[:2]
    s = float(np.clip(strength, 0.0, 1.0))
    ref = fit_init(init, h, w)
    a_tile = tile[..., 3] > 127
    a_init = ref[..., 3] > 127
    alpha = ((1.0 - s) * a_tile + s * a_init) > 0.5
    lab_tile = srgb_to_oklab(tile[..., :3])
    lab_init = srgb_to_oklab(ref[..., :3])
    both = (a_tile & a_init)[..., None]
    lab = np.where(
        both, (1.0 - s) * lab_tile + s * lab_init, np.where(a_tile[..., None], lab_tile, lab_init)
    )
    out = np.zeros((h, w, 4), np.uint8)
    out[..., :3] = np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)
    out[..., 3] = np.where(alpha, 255, 0)
    out[~alpha] = 0
    n_tile = len(unique_colors(tile)[0])
    n_init = len(unique_colors(ref)[0])
    budget = int(np.clip(round((1.0 - s) * n_tile + s * n_init) + 4, 8, 32))
    palette = palette_from_image(out, max_colors=budget, seed=seed)
    if len(palette) == 0:
        return out
    return _snap(out, palette)


def _snap(rgba: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Every opaque pixel onto its nearest palette colour (OKLab)."""
    out = rgba.copy()
    opaque = out[..., 3] > 0
    if not opaque.any():
        return out
    px = srgb_to_oklab(out[..., :3][opaque])
    pal = srgb_to_oklab(palette)
    nearest = np.argmin(np.linalg.norm(px[:, None] - pal[None], axis=-1), axis=1)
    out[..., :3][opaque] = palette[nearest]
    return out


def force_palette(rgba: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Every opaque colour moved onto ``palette`` (see the module docstring)."""
    out = rgba.copy()
    opaque = out[..., 3] > 0
    palette = np.asarray(palette, np.uint8).reshape(-1, 3)
    if not opaque.any() or len(palette) == 0:
        return out
    colors, inverse = np.unique(out[..., :3][opaque], axis=0, return_inverse=True)
    mapped = fit_to_palette(colors, palette)
    out[..., :3][opaque] = mapped[inverse.ravel()]
    return out
