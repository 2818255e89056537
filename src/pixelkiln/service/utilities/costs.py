"""What each utility costs, in generations (see docs/families/utilities.md).

The specification fixes 0.1 for reduce-colors and correct-pixelart; the other clean-up
passes (unzoom, resize, remove-background) and normal maps cost the same, being passes
over an existing image; conversions and effects cost by the work they do.
"""

from __future__ import annotations

import math

from pixelkiln.contract.utilities import (
    ImageToPixelartProFlashRequest,
    ImageToPixelartProRequest,
    ImageToPixelartRequest,
    UtilityRequest,
    VfxRequest,
)
from pixelkiln.engine import convert

__all__ = ["CLEANUP_COST", "image_to_pixelart_pro_flash_size", "quote"]

#: The clean-up tier's flat price.
CLEANUP_COST = 0.1


def image_to_pixelart_cost(req: ImageToPixelartRequest) -> float:
    return 1.0


def image_to_pixelart_pro_cost(req: ImageToPixelartProRequest) -> float:
    return 2.0 if req.image.width * req.image.height <= 1024 * 1024 else 3.0


def image_to_pixelart_pro_flash_size(req: ImageToPixelartProFlashRequest) -> tuple[int, int]:
    if req.output_size is not None:
        return req.output_size.width, req.output_size.height
    style = convert.parse_style(req.description)
    if style.size is not None:
        return style.size
    w, h = req.image.width, req.image.height
    f = min(1.0, 2048 / max(w, h))
    return convert.auto_output_size(round(w * f), round(h * f), style.scale)


def image_to_pixelart_pro_flash_cost(req: ImageToPixelartProFlashRequest) -> float:
    w, h = image_to_pixelart_pro_flash_size(req)
    return 1.0 if w * h <= 128 * 128 else 2.0


def vfx_cost(req: VfxRequest) -> float:
    pixels = req.image_size.width * req.image_size.height * req.frame_count
    return float(max(1, math.ceil(pixels / 65536)))


def quote(req: UtilityRequest) -> float:
    """The charge for ``req``."""
    if isinstance(req, ImageToPixelartRequest):
        return image_to_pixelart_cost(req)
    if isinstance(req, ImageToPixelartProRequest):
        return image_to_pixelart_pro_cost(req)
    if isinstance(req, ImageToPixelartProFlashRequest):
        return image_to_pixelart_pro_flash_cost(req)
    if isinstance(req, VfxRequest):
        return vfx_cost(req)
    return CLEANUP_COST
