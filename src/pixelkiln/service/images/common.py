"""What the image use cases share: palettes and styles read from images, masks, the
image job kind and its asset family, and PNG bodies."""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image

from pixelkiln.contract.common import Base64Image, png_b64
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.palette import palette_from_image
from pixelkiln.errors import InvalidRequest
from pixelkiln.service.objects.style import ImageStyle, style_from_images

__all__ = [
    "FAMILY",
    "KIND",
    "b64",
    "forced_palette",
    "image_style",
    "mask_of",
    "resized",
    "same_size",
]

#: Job kind of every background image operation, and the asset family of their results.
KIND = "image"
FAMILY = "image"


def b64(rgba: np.ndarray) -> dict[str, Any]:
    """A Base64Image body of an RGBA array."""
    return png_b64(encode_png(rgba))


def forced_palette(image: Base64Image | None, seed: int = 0) -> np.ndarray | None:
    """The colours of a ``color_image`` (up to 32 of them, all really in it)."""
    if image is None:
        return None
    pal = palette_from_image(image.pixels, max_colors=32, seed=seed)
    return pal if len(pal) else None


def image_style(
    images: list[np.ndarray], seed: int = 0, flags: dict[str, bool] | None = None
) -> ImageStyle:
    """Palette, outline and shading of style images (the flags choose what to take)."""
    f = flags or {}
    return style_from_images(
        images,
        seed,
        palette=f.get("color_palette", True),
        outline=f.get("outline", True),
        shading=f.get("shading", True),
    )


def same_size(
    pixels: np.ndarray, size: tuple[int, int], loc: tuple[str | int, ...], of: str
) -> None:
    """422 at ``loc`` unless ``pixels`` is ``size`` (width, height): images read pixel
    for pixel against another (a mask, an init image) are never rescaled to fit it."""
    h, w = pixels.shape[:2]
    if (w, h) != tuple(size):
        raise InvalidRequest(
            loc, f"the image is {w}x{h}; it must be the size of {of}, {size[0]}x{size[1]}"
        )


def mask_of(
    image: Base64Image | np.ndarray,
    size: tuple[int, int],
    loc: tuple[str | int, ...],
    of: str = "the image",
) -> np.ndarray:
    """A mask image as bool (white: draw). It must be the image's ``size``: a 422 at
    ``loc`` when it is another size, or when it has no white pixel."""
    pixels = image if isinstance(image, np.ndarray) else image.pixels
    same_size(pixels, size, loc, of)
    px = pixels.astype(np.float64)
    lum = (px[..., 0] * 0.299 + px[..., 1] * 0.587 + px[..., 2] * 0.114) * px[..., 3] / 255
    mask = lum > 127.5
    if not mask.any():
        raise InvalidRequest(loc, "the mask has no white pixel: nothing to draw")
    return mask


def resized(rgba: np.ndarray, width: int, height: int) -> np.ndarray:
    """``rgba`` at ``width`` x ``height`` by nearest neighbour (pixel art stays crisp)."""
    if rgba.shape[:2] == (height, width):
        return rgba
    return np.asarray(Image.fromarray(rgba).resize((width, height), Image.Resampling.NEAREST))
