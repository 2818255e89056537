"""Image to pixel art: photos, paintings and renders converted to pixel art.

A real conversion, in OKLab: edge-aware downscale (each cell takes the colour of its
dominant side, dark lines kept), palette by k-means, cluster clean-up, optional ordered
dithering, ink lines and outlines. Three entry points match the three contract tools.
"""

from __future__ import annotations

from pixelkiln.engine.convert.pixelate import ConvertResult, Progress, pixelate
from pixelkiln.engine.convert.style import FIXED_PALETTES, ConvertStyle, parse_style
from pixelkiln.engine.convert.tools import (
    auto_output_size,
    image_to_pixelart,
    image_to_pixelart_pro,
    image_to_pixelart_pro_flash,
)

__all__ = [
    "FIXED_PALETTES",
    "ConvertResult",
    "ConvertStyle",
    "Progress",
    "auto_output_size",
    "image_to_pixelart",
    "image_to_pixelart_pro",
    "image_to_pixelart_pro_flash",
    "parse_style",
    "pixelate",
]
