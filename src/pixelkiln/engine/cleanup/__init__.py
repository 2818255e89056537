"""Clean-up utilities for pixel art: colour reduction, grid correction, unzoom, resize and
background removal.

Each utility is a pure function over ``(H, W, 4)`` uint8 RGBA arrays that returns arrays
and plain data; colour decisions are made in OKLab. They are deterministic: the same
inputs and seed give the same pixels.
"""

from __future__ import annotations

from pixelkiln.engine.cleanup.correct_pixelart import CorrectPixelartResult, correct_pixelart
from pixelkiln.engine.cleanup.dither import bayer_matrix, dither_indices
from pixelkiln.engine.cleanup.grid import Grid, detect_grid
from pixelkiln.engine.cleanup.reduce_colors import (
    DITHERING_MODES,
    ReduceColorsResult,
    palette_from_image,
    reduce_colors,
)
from pixelkiln.engine.cleanup.remove_background import (
    BACKGROUND_MODES,
    RemoveBackgroundResult,
    remove_background,
)
from pixelkiln.engine.cleanup.resize import nearest_resize, resize_pixelart
from pixelkiln.engine.cleanup.unzoom import UnzoomResult, unzoom

__all__ = [
    "BACKGROUND_MODES",
    "DITHERING_MODES",
    "CorrectPixelartResult",
    "Grid",
    "ReduceColorsResult",
    "RemoveBackgroundResult",
    "UnzoomResult",
    "bayer_matrix",
    "correct_pixelart",
    "detect_grid",
    "dither_indices",
    "nearest_resize",
    "palette_from_image",
    "reduce_colors",
    "remove_background",
    "resize_pixelart",
    "unzoom",
]
