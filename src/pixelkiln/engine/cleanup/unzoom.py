"""Unzoom: recover the native pixels of upscaled pixel art.

The grid (zoom factor and offset, per axis) comes from :mod:`.grid`: a clean
nearest-neighbour upscale is undone exactly; a resampled, blurred or JPEG-compressed one
takes, per cell, the most common colour of the cell's blur-free middle over a palette
with the noise merged out (``quantize`` -1 takes the per-channel median instead). Alpha
is kept (made binary) rather than composited onto a backdrop, so a transparent sprite
stays transparent.
Any image of at least 2x2 pixels is accepted: a small upscale (say 64x64 at 4x) unzooms
as well as a large one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.cleanup.correct_pixelart import correct_pixelart
from pixelkiln.engine.cleanup.grid import Grid, cell_median, detect_grid
from pixelkiln.engine.cleanup.palette import binarize_alpha
from pixelkiln.engine.cleanup.reduce_colors import reduce_colors

__all__ = ["UnzoomResult", "unzoom"]


@dataclass(frozen=True)
class UnzoomResult:
    """A native-size image and what was detected.

    Attributes
    ----------
    image : (h, w, 4) uint8 native-size RGBA (binary alpha).
    original_size : (width, height) of the input.
    unzoomed_size : (width, height) of ``image``.
    zoom_factor : screen pixels per art pixel (mean over both axes).
    grid : the detected cell grid.
    """

    image: np.ndarray
    original_size: tuple[int, int]
    unzoomed_size: tuple[int, int]
    zoom_factor: float
    grid: Grid


def _cells(img: np.ndarray, grid: Grid) -> np.ndarray:
    """Per-cell colour and alpha from the blur-free middle of each cell."""
    ny, nx = grid.shape
    n = ny * nx
    ids = grid.cell_ids()
    core = grid.core_mask()
    opaque = img[..., 3] >= 128
    # Alpha by majority of the cell's core; colour by median of its opaque core pixels.
    on = np.bincount(ids[core], weights=opaque[core], minlength=n)
    size = np.bincount(ids[core], minlength=n)
    alpha = on * 2 >= np.maximum(size, 1)
    rgb = cell_median(img[..., :3], ids, core & opaque, n)
    # Cells whose core is all transparent but that are voted opaque (thin cells) fall
    # back to every opaque pixel of the cell.
    missing = alpha & (on == 0)
    if missing.any():
        rgb[missing] = cell_median(img[..., :3], ids, opaque, n)[missing]
    out = np.zeros((n, 4), dtype=np.uint8)
    out[alpha, :3] = rgb[alpha]
    out[alpha, 3] = 255
    return out.reshape(ny, nx, 4)


def unzoom(image: np.ndarray, quantize: int = 0, seed: int = 0) -> UnzoomResult:
    """Detect the zoom factor of upscaled pixel art and return the native-size image.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA, at least 2x2.
    quantize : -1 keeps every colour the cells produce (per-cell medians when resampled);
        0 (auto) keeps an exact upscale's colours and merges a resampled one's noise into
        its palette; N >= 1 quantises to at most N colours.
    seed : seeds the palette k-means when quantising.

    Returns
    -------
    UnzoomResult
    """
    if image.ndim != 3 or image.shape[2] != 4 or min(image.shape[:2]) < 2:
        msg = "unzoom needs an RGBA image of at least 2x2 pixels"
        raise ValueError(msg)
    if quantize < -1:
        msg = f"quantize must be -1, 0 or a colour count, got {quantize}"
        raise ValueError(msg)
    img = binarize_alpha(image)
    grid = detect_grid([img], upscaled=True)
    if grid.exact:
        small = grid.sample(img)
    elif quantize == -1:
        small = _cells(img, grid)
    else:
        # Resampled art: each cell's mode over a shared palette, noise merged away.
        small = correct_pixelart([img], strength=0.1, seed=seed, grid=grid).cells[0]
    if quantize > 0:
        small = reduce_colors([small], num_colors=quantize, seed=seed).images[0]
    h, w = img.shape[:2]
    return UnzoomResult(
        image=np.ascontiguousarray(small),
        original_size=(w, h),
        unzoomed_size=(int(small.shape[1]), int(small.shape[0])),
        zoom_factor=float(grid.zoom),
        grid=grid,
    )
