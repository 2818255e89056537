"""Image to pixel art: the sync conversion, "pro" (a job) and "pro flash" (a job).

Costs (proposed): image-to-pixelart 1 generation (a full conversion, ten times a clean-up
pass); image-to-pixelart-pro 2, or 3 for inputs over 1024x1024 pixels (it also searches
for a pixel grid and, for upscaled art, corrects it); image-to-pixelart-pro-flash 1, or 2
when the output is over 128x128 (one pass, priced by what it draws).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pixelkiln.contract.common import Base64Image, Seed, Size, Usage
from pixelkiln.contract.utilities.base import (
    EXAMPLE_IMAGE,
    Dithering,
    ImageToPixelartImageSize,
    JobSubmitted,
    OutputSize,
    ProFlashOutputSize,
    UtilityRequest,
    too_large,
)

__all__ = [
    "ImageToPixelartProFlashRequest",
    "ImageToPixelartProFlashResult",
    "ImageToPixelartProRequest",
    "ImageToPixelartProResponse",
    "ImageToPixelartProResult",
    "ImageToPixelartRequest",
    "ImageToPixelartResponse",
]


class ImageToPixelartResponse(BaseModel):
    """The converted image."""

    image: Base64Image
    usage: Usage | None = None


class ImageToPixelartRequest(UtilityRequest):
    """Convert a photo, painting or render to pixel art of ``output_size``.

    Synchronous. Cost: proposed 1 generation. The input may be 16-2048 pixels per side
    (413 above, 422 below); ``image_size`` is checked against those bounds, the decoded
    size is used. ``text_guidance_scale`` (how closely to follow pixel-art style) raises the
    stylisation (fewer colours, stronger clean-up, more colour); ``init_image_strength``
    (0-999, how much of the source to keep) and ``fixer`` (faithful mode) lower it.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "image": EXAMPLE_IMAGE,
                "image_size": {"width": 256, "height": 256},
                "output_size": {"width": 64, "height": 64},
            }
        },
    )
    PATH: ClassVar[str] = "/image-to-pixelart"
    SYNC: ClassVar[bool] = True

    image: Base64Image = Field(description="The image to convert (PNG or JPEG).")
    image_size: ImageToPixelartImageSize = Field(description="Input size (decoded size wins).")
    output_size: OutputSize = Field(description="Desired output size; about 1/4 is typical.")
    fixer: bool = Field(default=False, description="Faithful mode: stay close to the source.")
    init_image_strength: int = Field(
        default=0, ge=0, le=999, description="How much of the source to keep (0 = stylise)."
    )
    seed: Seed | None = None
    text_guidance_scale: float | None = Field(
        default=8.0, ge=1, le=20, description="How strongly to push towards pixel-art style."
    )

    @field_validator("image")
    @classmethod
    def _limits(cls, img: Base64Image) -> Base64Image:
        if max(img.width, img.height) > 2048:
            raise too_large("image", img.width * img.height, "2048 pixels per side")
        if min(img.width, img.height) < 16:
            msg = "image must be at least 16x16 pixels"
            raise ValueError(msg)
        return img


class ImageToPixelartProResponse(JobSubmitted):
    """The queued pro conversion (202)."""


class ImageToPixelartProResult(BaseModel):
    """``last_response`` of a completed pro or pro-flash job."""

    image: Base64Image = Field(description="The pixel art.")
    size: Size = Field(description="Its size, chosen automatically unless given.")
    palette: Base64Image = Field(description="1 px tall strip of its colours, most used first.")
    n_colors: int
    source: Literal["photo", "pixel-art"] = Field(
        description="photo: converted; pixel-art: upscaled pixel art restored to its grid."
    )


class ImageToPixelartProRequest(UtilityRequest):
    """Convert with an automatically chosen size, steered by style words (background job).

    Cost: proposed 2 generations, 3 for inputs over 1024x1024 pixels. The input's longer
    side is scaled to 2048 if larger. Upscaled or AI-made pixel art is detected (its pixel
    grid found) and restored to its native size; anything else is converted at a size
    growing with the square root of the input (256 px in gives 64, 1024 gives 128). The
    description may ask for: retro / 8-bit, 16-bit, anime, sharp edges, soft, outlined,
    light / heavy / no dithering, vibrant, pastel, high contrast, chunky, detailed,
    gameboy, pico-8, "N colors" and a size such as "96x64".
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "image": EXAMPLE_IMAGE,
                "description": "retro vibes with light dithering",
                "seed": 42,
            }
        },
    )
    PATH: ClassVar[str] = "/image-to-pixelart-pro"
    SYNC: ClassVar[bool] = False

    image: Base64Image = Field(description="PNG or JPEG to convert.")
    description: str | None = Field(
        default=None, min_length=1, max_length=2000, description="Optional style words."
    )
    seed: Seed | None = None


class ImageToPixelartProFlashResult(ImageToPixelartProResult):
    """``last_response`` of a completed pro-flash job (``source`` is always ``photo``)."""


class ImageToPixelartProFlashRequest(UtilityRequest):
    """The fast path from a photo, painting or render to pixel art (background job).

    One conversion pass with explicit knobs and no grid search. Cost: proposed 1
    generation, 2 when the output is over 128x128 pixels. ``output_size`` defaults to the
    automatic size of the pro tool; ``palette_size``, ``dithering`` and ``outline`` win
    over style words in ``description``.

    Example: ``{"image": {...}, "output_size": {"width": 96, "height": 64},
    "palette_size": 12, "dithering": "4x4", "dithering_strength": 3}`` gives a 96x64,
    12-colour picture lightly dithered where colour bands meet.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "image": EXAMPLE_IMAGE,
                    "output_size": {"width": 96, "height": 64},
                    "palette_size": 12,
                    "dithering": "4x4",
                    "dithering_strength": 3.0,
                    "seed": 7,
                },
                {"image": EXAMPLE_IMAGE, "description": "anime styled with sharp edges"},
            ]
        },
    )
    PATH: ClassVar[str] = "/image-to-pixelart-pro-flash"
    SYNC: ClassVar[bool] = False

    image: Base64Image = Field(description="The picture to convert (PNG or JPEG).")
    output_size: ProFlashOutputSize | None = Field(
        default=None, description="Output size, 16-256 per side; omit to choose it."
    )
    palette_size: int | None = Field(
        default=None, ge=2, le=64, description="Colours in the result (default 16)."
    )
    dithering: Dithering = Field(default="none", description="Ordered (Bayer) matrix size.")
    dithering_strength: float = Field(default=5.0, ge=0, le=10, description="Dither band width.")
    outline: bool = Field(
        default=False, description="1 px selective outline around a subject on transparency."
    )
    description: str | None = Field(
        default=None, min_length=1, max_length=2000, description="Optional style words."
    )
    seed: Seed | None = None
