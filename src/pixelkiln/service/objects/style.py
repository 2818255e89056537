"""Style taken from images: a palette, an outline style and a shading depth.

``style_images`` (1-direction objects), ``style_image`` (8-direction and pro-flash), a
reference image, a custom start frame and a map object's background all steer a render
the same way:

- **palette**: the image's own colours (k-means in OKLab when it has many, snapped to
  colours that really occur), forced on the render, so every colour drawn is one of them;
- **outline**: read from the silhouette's edge. Edge pixels (opaque, next to a
  transparent one) much darker than the inside: a near-black, grey edge is
  ``single color black outline``; one dominant dark colour ``single color outline``;
  several dark shades ``selective outline``. An edge as light as the inside is
  ``lineless``. An image without transparency says nothing about outlines.
- **shading**: the number of colours: up to 5 ``flat``, 10 ``basic``, 20 ``medium``,
  more ``detailed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.palette import palette_from_image, unique_colors

__all__ = ["ImageStyle", "infer_outline", "infer_shading", "style_from_images"]

#: Most colours a style palette keeps.
MAX_COLORS = 16
#: Pixels read at most from a style image (bigger ones are read on a stride).
READ_PIXELS = 256 * 256


@dataclass(frozen=True)
class ImageStyle:
    """What images say about style (None: nothing to say)."""

    palette: np.ndarray | None  # (k, 3) uint8
    outline: str | None
    shading: str | None

    def to_dict(self) -> dict[str, object]:
        return {
            "palette_colors": 0 if self.palette is None else len(self.palette),
            "outline": self.outline,
            "shading": self.shading,
        }


def _strided(rgba: np.ndarray) -> np.ndarray:
    h, w = rgba.shape[:2]
    stride = max(1, int(np.ceil(np.sqrt(h * w / READ_PIXELS))))
    return rgba[::stride, ::stride]


def infer_outline(rgba: np.ndarray) -> str | None:
    """The outline style of a sprite (see the module docstring), or None."""
    alpha = rgba[..., 3] > 127
    if alpha.all() or not alpha.any():
        return None
    p = np.pad(alpha, 1)
    inner = p[:-2, 1:-1] & p[2:, 1:-1] & p[1:-1, :-2] & p[1:-1, 2:]
    edge = alpha & ~inner
    interior = alpha & inner
    if edge.sum() < 4 or interior.sum() < 4:
        return None
    lab_edge = srgb_to_oklab(rgba[..., :3][edge].astype(np.float64))
    lab_in = srgb_to_oklab(rgba[..., :3][interior].astype(np.float64))
    l_edge, l_in = float(np.median(lab_edge[:, 0])), float(np.median(lab_in[:, 0]))
    if l_in - l_edge < 0.12:
        return "lineless"
    chroma = float(np.median(oklab_to_oklch(lab_edge)[:, 1]))
    if l_edge < 0.22 and chroma < 0.035:
        return "single color black outline"
    _, counts = np.unique(rgba[..., :3][edge], axis=0, return_counts=True)
    return "single color outline" if counts.max() / counts.sum() > 0.6 else "selective outline"


def infer_shading(rgba: np.ndarray) -> str | None:
    """A shading depth from how many colours a sprite uses, or None if it has none."""
    colors, _ = unique_colors(rgba)
    n = len(colors)
    if n == 0:
        return None
    if n <= 5:
        return "flat shading"
    if n <= 10:
        return "basic shading"
    if n <= 20:
        return "medium shading"
    return "detailed shading"


def style_from_images(
    images: Sequence[np.ndarray],
    seed: int = 0,
    palette: bool = True,
    outline: bool = True,
    shading: bool = True,
) -> ImageStyle:
    """Palette, outline and shading of one or more images (the flags choose what to take)."""
    arrays = [_strided(np.asarray(i, np.uint8)) for i in images]
    pal = None
    if palette:
        merged = np.concatenate([a.reshape(-1, 4) for a in arrays])[None]
        found = palette_from_image(merged, max_colors=MAX_COLORS, seed=seed)
        pal = found if len(found) else None
    outlines = [o for o in (infer_outline(a) for a in arrays) if o] if outline else []
    shadings = [s for s in (infer_shading(a) for a in arrays) if s] if shading else []
    return ImageStyle(
        palette=pal,
        outline=max(set(outlines), key=outlines.count) if outlines else None,
        shading=max(set(shadings), key=shadings.count) if shadings else None,
    )
