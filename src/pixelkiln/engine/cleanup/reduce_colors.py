"""Colour reduction: frames quantised onto one shared palette chosen in OKLab.

The palette is a weighted k-means in OKLab over the opaque colours of *all* frames (so an
animation keeps one palette), or a given palette; each colour maps to its nearest palette
entry by ΔEOK, optionally with ordered Bayer dithering between neighbouring entries. Alpha
is made binary first and transparent pixels never influence the palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.cleanup.dither import dither_indices
from pixelkiln.engine.cleanup.palette import (
    ALPHA_THRESHOLD,
    auto_palette,
    binarize_alpha,
    color_table,
    map_to_palette,
    oklab_to_rgb8,
    pack_rgb,
    palette_for,
)
from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.rng import make_rng

__all__ = [
    "DITHERING_MODES",
    "MAX_PALETTE",
    "ReduceColorsResult",
    "check_same_size",
    "palette_from_image",
    "reduce_colors",
]

#: Dithering names of the contract, mapped to Bayer matrix sizes (0 = none).
DITHERING_MODES = {"none": 0, "2x2": 2, "4x4": 4, "8x8": 8}
#: Largest palette the contract allows.
MAX_PALETTE = 256


@dataclass(frozen=True)
class ReduceColorsResult:
    """Quantised frames and the palette they share.

    Attributes
    ----------
    images : RGBA uint8 frames, alpha binary.
    palette : (K, 3) uint8 colours actually used, most frequent first.
    counts : (K,) pixels of each palette colour over all frames.
    """

    images: list[np.ndarray]
    palette: np.ndarray
    counts: np.ndarray

    @property
    def n_colors(self) -> int:
        """Number of colours in the result."""
        return len(self.palette)

    def palette_strip(self) -> np.ndarray:
        """The palette as a 1 px tall RGBA strip (one transparent pixel if there is none)."""
        if len(self.palette) == 0:
            return np.zeros((1, 1, 4), dtype=np.uint8)
        strip = np.full((1, len(self.palette), 4), 255, dtype=np.uint8)
        strip[0, :, :3] = self.palette
        return strip


def check_same_size(frames: Sequence[np.ndarray]) -> tuple[int, int]:
    """Raise ``ValueError`` unless there is at least one frame and all share one size."""
    if not frames:
        msg = "at least one image is needed"
        raise ValueError(msg)
    shape = frames[0].shape[:2]
    for i, f in enumerate(frames):
        if f.ndim != 3 or f.shape[2] != 4:
            msg = f"image {i} is not an RGBA array"
            raise ValueError(msg)
        if f.shape[:2] != shape:
            msg = (
                f"all images must be the same size: image {i} is {f.shape[1]}x{f.shape[0]}, "
                f"image 0 is {shape[1]}x{shape[0]}"
            )
            raise ValueError(msg)
    return int(shape[1]), int(shape[0])


def palette_from_image(rgba: np.ndarray, limit: int = MAX_PALETTE) -> np.ndarray:
    """The distinct opaque colours of an image, most frequent first.

    Parameters
    ----------
    rgba : (H, W, 4) uint8 image, e.g. a palette strip returned by :func:`reduce_colors`.
    limit : most colours accepted.

    Returns
    -------
    (K, 3) uint8 colours; ties in frequency keep first-appearance order.

    Raises
    ------
    ValueError
        If the image has no opaque pixel or more than ``limit`` colours.
    """
    flat = rgba.reshape(-1, 4)
    keys = pack_rgb(flat[flat[:, 3] >= ALPHA_THRESHOLD, :3])
    if len(keys) == 0:
        msg = "the palette image has no opaque pixels"
        raise ValueError(msg)
    uniq, first, counts = np.unique(keys, return_index=True, return_counts=True)
    if len(uniq) > limit:
        msg = f"the palette image has {len(uniq)} colours, more than {limit}"
        raise ValueError(msg)
    order = np.lexsort((first, -counts))
    colors = uniq[order]
    return np.stack([(colors >> 16) & 255, (colors >> 8) & 255, colors & 255], 1).astype(np.uint8)


def reduce_colors(
    frames: Sequence[np.ndarray],
    num_colors: int | None = None,
    palette: np.ndarray | None = None,
    dithering: str = "none",
    dithering_strength: float = 5.0,
    seed: int = 0,
) -> ReduceColorsResult:
    """Quantise frames onto one shared palette.

    Parameters
    ----------
    frames : RGBA uint8 arrays, all the same size.
    num_colors : palette size (1-256), or None to choose it (see
        :func:`~pixelkiln.engine.cleanup.palette.auto_palette`). Ignored with ``palette``.
    palette : (K, 3) uint8 forced palette (e.g. from :func:`palette_from_image`).
    dithering : ``"none"``, ``"2x2"``, ``"4x4"`` or ``"8x8"`` ordered Bayer dithering.
    dithering_strength : 0-10, how wide a band around each colour boundary is dithered.
    seed : seeds the k-means start; same inputs and seed give the same result.

    Returns
    -------
    ReduceColorsResult
    """
    check_same_size(frames)
    if dithering not in DITHERING_MODES:
        msg = f"dithering must be one of {sorted(DITHERING_MODES)}, got {dithering!r}"
        raise ValueError(msg)
    frames = [binarize_alpha(f) for f in frames]
    table = color_table(frames)
    rng = make_rng(seed, "reduce-colors")
    if palette is not None:
        pal_rgb = np.unique(np.asarray(palette, dtype=np.uint8)[:, :3], axis=0)
    elif len(table) == 0:
        pal_rgb = np.zeros((0, 3), dtype=np.uint8)
    else:
        if num_colors is None:
            centres = auto_palette(table, rng)
        elif 1 <= num_colors <= MAX_PALETTE:
            centres = palette_for(table, num_colors, rng)
        else:
            msg = f"num_colors must be 1-{MAX_PALETTE}, got {num_colors}"
            raise ValueError(msg)
        # Rounding to 8-bit can make two centres equal; keep each colour once.
        pal_rgb = np.unique(oklab_to_rgb8(centres), axis=0)
    if len(pal_rgb) == 0:
        empty = [np.zeros_like(f) for f in frames]
        return ReduceColorsResult(empty, np.zeros((0, 3), np.uint8), np.zeros(0, np.int64))
    pal_lab = srgb_to_oklab(pal_rgb)
    size = DITHERING_MODES[dithering]
    if size and len(table):
        indices = [
            dither_indices(table.lab, inv, pal_lab, size, dithering_strength)
            for inv in table.inverse
        ]
    else:
        nearest = map_to_palette(table.lab, pal_lab) if len(table) else np.zeros(0, np.int64)
        indices = [np.where(inv >= 0, nearest[np.maximum(inv, 0)], -1) for inv in table.inverse]
    counts = sum(np.bincount(ix[ix >= 0], minlength=len(pal_rgb)) for ix in indices)
    counts = np.asarray(counts, dtype=np.int64)
    used = np.flatnonzero(counts > 0)
    order = used[np.argsort(-counts[used], kind="stable")]
    rank = np.full(len(pal_rgb), -1, dtype=np.int64)
    rank[order] = np.arange(len(order))
    final = pal_rgb[order]
    images = []
    for ix in indices:
        out = np.zeros((*ix.shape, 4), dtype=np.uint8)
        on = ix >= 0
        out[on, :3] = final[rank[ix[on]]]
        out[on, 3] = 255
        images.append(out)
    return ReduceColorsResult(images, final, counts[order])
