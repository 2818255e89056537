"""The three image-to-pixel-art tools: sync conversion, "pro" and "pro flash".

* :func:`image_to_pixelart` converts to a requested size; the contract's
  ``text_guidance_scale`` ("how closely to follow pixel-art style"), ``init_image_strength``
  and ``fixer`` ("stay true to the source") set how far the result is stylised.
* :func:`image_to_pixelart_pro` picks the size itself: upscaled or AI-made pixel art is
  snapped back to its native grid and cleaned; anything else is converted at a size that
  grows with the square root of the input's long side. Style words in the description
  steer the conversion (see :func:`~pixelkiln.engine.convert.style.parse_style`).
* :func:`image_to_pixelart_pro_flash` is the fast path with explicit knobs: one conversion
  pass at a given or automatic size, no grid search.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image

from pixelkiln.engine.cleanup.correct_pixelart import correct_pixelart
from pixelkiln.engine.cleanup.dither import DITHER_SIZES
from pixelkiln.engine.cleanup.grid import detect_grid
from pixelkiln.engine.cleanup.palette import binarize_alpha
from pixelkiln.engine.cleanup.reduce_colors import palette_from_image, reduce_colors
from pixelkiln.engine.convert.pixelate import ConvertResult, Progress, pixelate
from pixelkiln.engine.convert.style import ConvertStyle, parse_style

__all__ = [
    "MAX_PRO_SIDE",
    "auto_output_size",
    "image_to_pixelart",
    "image_to_pixelart_pro",
    "image_to_pixelart_pro_flash",
    "stylisation",
]

#: Inputs to the pro tools with a longer side are scaled down to this first.
MAX_PRO_SIDE = 2048


def stylisation(text_guidance_scale: float, init_image_strength: float, fixer: bool) -> float:
    """0-1: how far :func:`image_to_pixelart` moves away from the source.

    ``text_guidance_scale`` (1-20) raises it; ``init_image_strength`` (0-999, how much of the
    input to keep) and ``fixer`` (faithful mode, counted as 700) lower it proportionally.
    """
    follow = float(np.clip((text_guidance_scale - 1.0) / 19.0, 0.0, 1.0))
    keep = max(float(np.clip(init_image_strength, 0, 999)) / 999.0, 0.7 if fixer else 0.0)
    return follow * (1.0 - keep)


def _style_for(s: float) -> ConvertStyle:
    # Default guidance (8) lands on 16 colours with moderate clean-up.
    return ConvertStyle(
        n_colors=int(np.clip(round(28 - 32 * s), 8, 32)),
        edge_bias=0.08 + 0.3 * s,
        cleanup=0.15 + 0.8 * s,
        saturation=1.0 + 0.3 * s,
        contrast=1.0 + 0.12 * s,
    )


def image_to_pixelart(
    image: np.ndarray,
    output_size: tuple[int, int],
    fixer: bool = False,
    init_image_strength: float = 0,
    text_guidance_scale: float = 8.0,
    seed: int = 0,
) -> ConvertResult:
    """Convert a photo, painting or render to pixel art of ``output_size``.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA.
    output_size : (width, height) of the result.
    fixer : faithful mode: more colours, lighter clean-up.
    init_image_strength : 0-999, how much of the source to keep (0 = stylise freely).
    text_guidance_scale : 1-20, how strongly to push towards pixel-art style (default 8).
    seed : seeds the palette.

    Returns
    -------
    ConvertResult
    """
    style = _style_for(stylisation(text_guidance_scale, init_image_strength, fixer))
    return pixelate(image, output_size, style, seed)


def auto_output_size(width: int, height: int, scale: float = 1.0) -> tuple[int, int]:
    """Output size for a photo: long side ``4 * sqrt(long side) * scale``, clamped to 32-256.

    A 256 px input gives 64, 512 gives about 90, 1024 gives 128 and 2048 about 180; the
    aspect ratio is kept and the short side is at least 16.
    """
    long_in = max(width, height)
    long_out = int(np.clip(round(4.0 * np.sqrt(long_in) * scale), 32, 256))
    long_out = min(long_out, long_in)
    f = long_out / long_in
    return max(16, round(width * f)), max(16, round(height * f))


def _limit(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    if max(h, w) <= MAX_PRO_SIDE:
        return image
    f = MAX_PRO_SIDE / max(h, w)
    im = Image.fromarray(np.ascontiguousarray(image), "RGBA")
    size = (max(1, round(w * f)), max(1, round(h * f)))
    return np.asarray(im.resize(size, Image.Resampling.LANCZOS)).copy()


def image_to_pixelart_pro(
    image: np.ndarray,
    description: str | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> ConvertResult:
    """Convert with an automatically chosen size, steered by style words.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA; a longer side over 2048 is scaled down first.
    description : optional style words ("retro vibes with light dithering", "anime styled
        with sharp edges", "gameboy", "32 colors", "96x64", ...).
    seed : seeds the palette.
    progress : optional callback receiving 0-1.

    Returns
    -------
    ConvertResult
        ``source`` is ``"pixel-art"`` when the input was upscaled pixel art (its native
        grid was found and restored), else ``"photo"``.
    """
    report = progress or (lambda _: None)
    img = _limit(image)
    style = parse_style(description)
    report(0.05)
    grid = detect_grid([binarize_alpha(img)])
    report(0.2)
    cells_y, cells_x = grid.shape
    if grid.zoom >= 2 and min(cells_x, cells_y) >= 8 and style.size is None:
        fixed = correct_pixelart([img], strength=0.3, seed=seed)
        native = fixed.cells[0]
        report(0.7)
        if style.palette is not None:
            native = reduce_colors([native], palette=style.palette, seed=seed).images[0]
        elif len(fixed.palette) > style.n_colors and description:
            native = reduce_colors([native], num_colors=style.n_colors, seed=seed).images[0]
        report(1.0)
        h, w = native.shape[:2]
        opaque = native[..., 3] >= 128
        palette = palette_from_image(native, limit=h * w) if opaque.any() else native[:0, 0, :3]
        return ConvertResult(native, palette, (w, h), style, "pixel-art")
    size = style.size or auto_output_size(img.shape[1], img.shape[0], style.scale)
    return pixelate(img, size, style, seed, lambda f: report(0.2 + 0.8 * f))


def image_to_pixelart_pro_flash(
    image: np.ndarray,
    output_size: tuple[int, int] | None = None,
    palette_size: int | None = None,
    dithering: int = 0,
    dithering_strength: float = 5.0,
    outline: bool = False,
    description: str | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> ConvertResult:
    """The fast path: one conversion pass with explicit knobs.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA; a longer side over 2048 is scaled down first.
    output_size : (width, height), or None for :func:`auto_output_size`.
    palette_size : 2-64 colours, or None (16, or what the description says).
    dithering : Bayer matrix size 0 (none), 2, 4 or 8.
    dithering_strength : 0-10.
    outline : 1 px selective outline around a subject on a transparent background.
    description : optional style words, applied first; the explicit knobs win.
    seed : seeds the palette.
    progress : optional callback receiving 0-1.

    Returns
    -------
    ConvertResult
    """
    if dithering and dithering not in DITHER_SIZES:
        msg = f"dithering must be 0 or one of {DITHER_SIZES}, got {dithering}"
        raise ValueError(msg)
    img = _limit(image)
    style = parse_style(description)
    changes: dict[str, object] = {"outline": outline or style.outline}
    if palette_size is not None:
        changes.update(n_colors=int(np.clip(palette_size, 2, 64)), palette=None)
    if dithering:
        changes.update(dithering=dithering, dithering_strength=dithering_strength)
    style = replace(style, **changes)
    size = output_size or style.size or auto_output_size(img.shape[1], img.shape[0], style.scale)
    return pixelate(img, size, style, seed, progress)
