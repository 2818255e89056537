"""Reference images (``*_reference_image``, ``style_image(s)``) reduced to what steers a render.

:meth:`Reference.from_image` measures an image once: its palette (unique colours, or
k-means in OKLab when there are many), how large its same-colour clusters are, its value
contrast and colour count. A render given a reference

- builds its ramp from a recipe pulled toward the reference's dominant hue, chroma and
  lightness, then moves each shade part of the way to the nearest reference colour
  (:meth:`Reference.steer_ramp`);
- scales its feature size toward the reference's (:meth:`Reference.scale_factor`).

``style_images`` (several references) merge into one with :meth:`Reference.merge`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.color import (
    oklab_to_oklch,
    oklab_to_srgb,
    oklch_to_oklab,
    srgb_to_oklab,
)
from pixelkiln.engine.palette import Recipe, palette_from_image, unique_colors
from pixelkiln.engine.quality import mean_cluster

__all__ = ["Reference"]

_TYPICAL_CLUSTER = 24.0  # pixel-weighted mean cluster of our own 32 px terrain


@dataclass(frozen=True)
class Reference:
    """Palette and texture statistics of one or more reference images."""

    colors: np.ndarray  # (k, 3) uint8, dark to light
    weights: np.ndarray  # (k,) share of pixels nearest each colour
    cluster: float  # pixel-weighted mean same-colour cluster size (px)
    contrast: float  # OKLab L spread (10th to 90th percentile of pixels)
    n_colors: int  # distinct opaque colours in the image(s)
    strength: float = 0.7  # how far a render is pulled toward the reference

    @classmethod
    def from_image(cls, rgba: np.ndarray, seed: int = 0, strength: float = 0.7) -> Reference:
        """Measure an RGBA (or RGB) image."""
        img = np.asarray(rgba, np.uint8)
        if img.ndim == 2:
            img = np.repeat(img[..., None], 3, axis=2)
        if img.shape[2] == 3:
            img = np.concatenate([img, np.full((*img.shape[:2], 1), 255, np.uint8)], axis=2)
        colors, _ = unique_colors(img)
        palette = palette_from_image(img, max_colors=12, seed=seed)
        opaque = img[..., 3] > 127
        px_lab = srgb_to_oklab(img[..., :3][opaque]) if opaque.any() else np.zeros((1, 3))
        pal_lab = srgb_to_oklab(palette) if len(palette) else np.zeros((1, 3))
        nearest = np.argmin(np.linalg.norm(px_lab[:, None] - pal_lab[None], axis=-1), axis=1)
        weights = np.bincount(nearest, minlength=len(pal_lab)).astype(np.float64)
        weights /= max(weights.sum(), 1.0)
        # Cluster size is measured on the image snapped to its palette (photo noise
        # would otherwise make every pixel its own cluster).
        index = np.full(img.shape[:2], -1, np.int64)
        index[opaque] = nearest
        lo, hi = np.percentile(px_lab[:, 0], [10, 90])
        return cls(
            colors=palette if len(palette) else np.zeros((1, 3), np.uint8),
            weights=weights,
            cluster=float(mean_cluster(index, wrap=False)),
            contrast=float(hi - lo),
            n_colors=len(colors),
            strength=strength,
        )

    @classmethod
    def merge(cls, refs: Sequence[Reference]) -> Reference:
        """One reference standing for several (``style_images``)."""
        if len(refs) == 1:
            return refs[0]
        colors = np.concatenate([r.colors for r in refs])
        weights = np.concatenate([r.weights / len(refs) for r in refs])
        order = np.argsort(srgb_to_oklab(colors)[:, 0], kind="stable")
        return cls(
            colors=colors[order],
            weights=weights[order],
            cluster=float(np.mean([r.cluster for r in refs])),
            contrast=float(np.mean([r.contrast for r in refs])),
            n_colors=int(max(r.n_colors for r in refs)),
            strength=float(np.mean([r.strength for r in refs])),
        )

    def dominant(self) -> tuple[float, float, float]:
        """Chroma- and share-weighted mean hue, mean chroma and mean lightness (OKLCH)."""
        lab = srgb_to_oklab(self.colors)
        lch = oklab_to_oklch(lab)
        w = self.weights * (lch[:, 1] + 0.01)
        a = float((w * lab[:, 1]).sum() / w.sum())
        b = float((w * lab[:, 2]).sum() / w.sum())
        hue = float(np.degrees(np.arctan2(b, a)) % 360.0)
        chroma = float((self.weights * lch[:, 1]).sum())
        lightness = float((self.weights * lab[:, 0]).sum())
        return hue, chroma, lightness

    def steer_recipe(self, recipe: Recipe) -> Recipe:
        """A recipe pulled toward the reference's colours by :attr:`strength`."""
        hue, chroma, lightness = self.dominant()
        s = self.strength
        diff = (hue - recipe.hue + 180.0) % 360.0 - 180.0
        # A near-grey reference has no meaningful hue: keep the material's.
        hue_share = s if chroma > 0.025 else 0.0
        contrast = recipe.contrast * (1 - s + s * np.clip(self.contrast / 0.3, 0.6, 1.6))
        return Recipe(
            hue=(recipe.hue + diff * hue_share) % 360.0,
            chroma=recipe.chroma * (1 - s) + chroma * s,
            lightness=recipe.lightness * (1 - s) + lightness * s,
            contrast=float(contrast),
        )

    def steer_ramp(self, ramp: np.ndarray) -> np.ndarray:
        """Move each shade half of :attr:`strength` toward its nearest reference colour.

        Lightness keeps the ramp's own (so shades stay ordered and apart); hue and chroma
        move toward the reference.
        """
        lab = srgb_to_oklab(ramp)
        ref = srgb_to_oklab(self.colors)
        nearest = ref[np.argmin(np.linalg.norm(lab[:, None] - ref[None], axis=-1), axis=1)]
        share = 0.5 * self.strength
        moved = lab.copy()
        moved[:, 1:] = lab[:, 1:] * (1 - share) + nearest[:, 1:] * share
        lch = oklab_to_oklch(moved)
        out = oklab_to_srgb(oklch_to_oklab(lch))
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)

    def scale_factor(self) -> float:
        """Multiplier on feature size so clusters approach the reference's size."""
        ratio = np.sqrt(max(self.cluster, 1.0) / _TYPICAL_CLUSTER)
        return float(np.clip(1.0 + self.strength * (ratio - 1.0), 0.6, 1.8))
