"""The photo-to-pixel-art core: downscale, palette, dithering, clean-up, ink and outline.

1. :func:`~pixelkiln.engine.convert.downscale.edge_aware_downscale` to the output size;
2. a pixel-art colour push (a little more chroma and contrast, in OKLab);
3. a palette by weighted k-means in OKLab (or a fixed one), nearest mapping by ΔEOK;
4. cluster clean-up on the undithered map: orphans take their neighbours' majority, and a
   majority filter smooths ragged edges at high clean-up;
5. optional ordered dithering, applied only where clean-up left the pixel alone;
6. optional ink (the dark side of strong edges takes a darker palette shade) and a 1 px
   selective outline around a subject on a transparent background.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.cleanup.clusters import majority_filter, neighbours, remove_orphans
from pixelkiln.engine.cleanup.dither import dither_indices
from pixelkiln.engine.cleanup.palette import kmeans_oklab, map_to_palette, oklab_to_rgb8
from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.convert.downscale import edge_aware_downscale
from pixelkiln.engine.convert.style import ConvertStyle
from pixelkiln.engine.rng import make_rng

__all__ = ["ConvertResult", "Progress", "pixelate"]

Progress = Callable[[float], None]
_INK_EDGE = 0.2  # OKLab L step that counts as a strong edge for ink
_SHADE_STEP = 0.14  # how much darker an ink or outline shade aims to be


@dataclass(frozen=True)
class ConvertResult:
    """A converted image.

    Attributes
    ----------
    image : (h, w, 4) uint8 RGBA pixel art, binary alpha.
    palette : (K, 3) uint8 colours used, most frequent first.
    size : (width, height) of ``image``.
    style : the style that was applied.
    source : ``"photo"`` (converted) or ``"pixel-art"`` (upscaled pixel art snapped back
        to its native grid).
    """

    image: np.ndarray
    palette: np.ndarray
    size: tuple[int, int]
    style: ConvertStyle
    source: str = "photo"


def _push(lab: np.ndarray, opaque: np.ndarray, style: ConvertStyle) -> np.ndarray:
    """More chroma and contrast, as pixel art reads: clipped to the displayable range."""
    out = lab.copy()
    mean_l = float(lab[opaque, 0].mean()) if opaque.any() else 0.5
    out[..., 0] = np.clip(mean_l + (lab[..., 0] - mean_l) * style.contrast, 0.0, 1.0)
    out[..., 1:] *= style.saturation
    return out


def _palette(lab: np.ndarray, opaque: np.ndarray, style: ConvertStyle, seed: int) -> np.ndarray:
    """(K, 3) uint8 palette: the fixed one, or k-means in OKLab over the opaque pixels."""
    if style.palette is not None:
        return np.asarray(style.palette, dtype=np.uint8)
    pts = lab[opaque]
    if len(pts) == 0:
        return np.zeros((0, 3), np.uint8)
    # Colours closer than ΔEOK 0.005 are one weighted point: fewer points, same palette.
    _, inv, counts = np.unique(
        np.rint(pts / 0.005).astype(np.int64), axis=0, return_inverse=True, return_counts=True
    )
    sums = np.stack([np.bincount(inv.ravel(), weights=pts[:, c]) for c in range(3)], axis=1)
    points = sums / counts[:, None]
    # Square-root weights: big flat areas still get their colours, but small accents (a
    # sunset glow, glints, flowers) are not all swallowed by them.
    weights = np.sqrt(counts.astype(float))
    centres = kmeans_oklab(points, weights, style.n_colors, make_rng(seed, "convert"))
    return np.unique(oklab_to_rgb8(centres), axis=0)


def _tones(
    lab: np.ndarray, opaque: np.ndarray, pal_lab: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Lightness-only copies of image and palette, the image's range stretched to the palette's."""
    lum = lab[..., 0]
    lo, hi = np.percentile(lum[opaque], [2, 98]) if opaque.any() else (0.0, 1.0)
    plo, phi = pal_lab[:, 0].min(), pal_lab[:, 0].max()
    stretched = plo + (lum - lo) / max(hi - lo, 1e-6) * (phi - plo)
    img = np.zeros_like(lab)
    img[..., 0] = stretched
    pal = np.zeros_like(pal_lab)
    pal[:, 0] = pal_lab[:, 0]
    return img, pal


def _darker(pal_lab: np.ndarray, step: float) -> np.ndarray:
    """For each palette colour, the palette colour best serving as its darker shade."""
    lum, ab = pal_lab[:, 0], pal_lab[:, 1:]
    target = lum[:, None] - step
    cost = np.abs(lum[None, :] - target) + 1.5 * np.linalg.norm(ab[None] - ab[:, None], axis=2)
    cost = np.where(lum[None, :] < lum[:, None] - 0.04, cost, np.inf)
    best = np.argmin(cost, axis=1)
    return np.where(np.isfinite(cost.min(axis=1)), best, np.arange(len(pal_lab)))


def _ink(idx: np.ndarray, pal_lab: np.ndarray) -> np.ndarray:
    """Darken the dark side of strong luminance edges by one palette shade."""
    lum = np.where(idx >= 0, pal_lab[np.maximum(idx, 0), 0], -1.0)
    nb = neighbours(idx)[[1, 3, 4, 6]]  # 4-neighbours
    nb_lum = np.where(nb >= 0, pal_lab[np.maximum(nb, 0), 0], -1.0)
    edge = (idx >= 0) & ((nb_lum - lum[None]) >= _INK_EDGE).any(axis=0)
    shade = _darker(pal_lab, _SHADE_STEP)
    out = idx.copy()
    out[edge] = shade[idx[edge]]
    return out


def _outline(idx: np.ndarray, pal_lab: np.ndarray) -> np.ndarray:
    """A 1 px selective outline just outside the subject: a darker shade of what it touches."""
    nb = neighbours(idx, fill=-1)[[1, 3, 4, 6]]
    outside = (idx < 0) & (nb >= 0).any(axis=0)
    if not outside.any():
        return idx
    shade = _darker(pal_lab, 2 * _SHADE_STEP)
    # The darkest touching colour decides, so corners stay consistent.
    lum = np.where(nb >= 0, pal_lab[np.maximum(nb, 0), 0], np.inf)
    pick = np.take_along_axis(nb, np.argmin(lum, axis=0)[None], axis=0)[0]
    out = idx.copy()
    out[outside] = shade[pick[outside]]
    return out


def pixelate(
    image: np.ndarray,
    size: tuple[int, int],
    style: ConvertStyle,
    seed: int = 0,
    progress: Progress | None = None,
) -> ConvertResult:
    """Convert a photo, painting or render to pixel art of ``size``.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA input, any size.
    size : output (width, height), at least 1x1.
    style : the conversion choices (see :class:`ConvertStyle`).
    seed : seeds the palette k-means.
    progress : optional callback receiving 0-1 as stages finish.

    Returns
    -------
    ConvertResult
    """
    report = progress or (lambda _: None)
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        msg = f"output size must be positive, got {w}x{h}"
        raise ValueError(msg)
    lab, opaque = edge_aware_downscale(image, (w, h), style.edge_bias)
    lab = _push(lab, opaque, style)
    report(0.3)
    pal_rgb = _palette(lab, opaque, style, seed)
    report(0.6)
    if len(pal_rgb) == 0:
        return ConvertResult(np.zeros((h, w, 4), np.uint8), pal_rgb, (w, h), style)
    pal_lab = srgb_to_oklab(pal_rgb)
    if style.tone_map:
        lab, pal_lab = _tones(lab, opaque, pal_lab)
    flat = lab.reshape(-1, 3)
    nearest = np.where(opaque, map_to_palette(flat, pal_lab).reshape(h, w), -1)
    idx = nearest
    if style.cleanup > 0:
        idx = remove_orphans(idx, pal_lab, 0.08 + 0.3 * style.cleanup)
        if style.cleanup >= 0.6:
            idx = majority_filter(idx, pal_lab, min_votes=6)
    if style.dithering:
        inverse = np.where(opaque, np.arange(h * w).reshape(h, w), -1)
        dithered = dither_indices(flat, inverse, pal_lab, style.dithering, style.dithering_strength)
        idx = np.where(idx == nearest, dithered, idx)
    if style.ink:
        idx = _ink(idx, pal_lab)
    if style.outline and (~opaque).any():
        idx = _outline(idx, pal_lab)
    report(0.9)
    counts = np.bincount(idx[idx >= 0], minlength=len(pal_rgb))
    used = np.flatnonzero(counts)
    order = used[np.argsort(-counts[used], kind="stable")]
    out = np.zeros((h, w, 4), np.uint8)
    on = idx >= 0
    out[on, :3] = pal_rgb[idx[on]]
    out[on, 3] = 255
    report(1.0)
    return ConvertResult(out, pal_rgb[order], (w, h), style)
