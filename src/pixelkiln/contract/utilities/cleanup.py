"""The clean-up tier: reduce-colors, correct-pixelart, unzoom, resize, remove-background.

All synchronous, each answered with its image(s). Costs: reduce-colors and
correct-pixelart are a flat 0.1 generation as the specification fixes; unzoom, resize and
remove-background are proposed at the same 0.1, being passes of the same weight over an
existing image (no drawing).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from pixelkiln.contract.common import Base64Image, Seed, Size, Usage
from pixelkiln.contract.utilities.base import (
    EXAMPLE_IMAGE,
    CameraView,
    Direction,
    Dithering,
    RemoveBackgroundImageSize,
    ResizeImageSize,
    UtilityRequest,
    area,
    same_size,
    too_large,
)
from pixelkiln.engine import cleanup

__all__ = [
    "CorrectPixelartRequest",
    "CorrectPixelartResponse",
    "ReduceColorsRequest",
    "ReduceColorsResponse",
    "RemoveBackgroundRequest",
    "RemoveBackgroundResponse",
    "ResizeRequest",
    "ResizeResponse",
    "UnzoomRequest",
    "UnzoomResponse",
]


class ReduceColorsResponse(BaseModel):
    """The quantised frames and their shared palette."""

    images: list[Base64Image] = Field(description="The frames, in request order.")
    palette: Base64Image = Field(
        description="1 px tall strip of the palette, most frequent colour first; "
        "reusable as palette_image."
    )
    n_colors: int = Field(description="Number of colours in the result.")
    usage: Usage | None = None


class ReduceColorsRequest(UtilityRequest):
    """Quantise frames onto ONE shared palette chosen in OKLab.

    Synchronous. Cost: 0.1 generation (fixed by the specification). Limits: all frames the
    same size, at most 512x512 pixels in total across frames (413 above).
    ``num_colors`` omitted (and no ``palette_image``) picks the count automatically: art
    that is already a palette plus noise keeps one colour per colour group; other images
    get the smallest palette (4-64) keeping the mean error under ΔEOK 0.028.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {"images": [EXAMPLE_IMAGE], "num_colors": 16, "dithering": "none"},
            # num_colors and palette_image exclude each other.
            "not": {
                "properties": {
                    "num_colors": {"type": "integer"},
                    "palette_image": {"type": "object"},
                },
                "required": ["num_colors", "palette_image"],
            },
        },
    )
    PATH: ClassVar[str] = "/reduce-colors"
    SYNC: ClassVar[bool] = True

    images: list[Base64Image] = Field(
        min_length=1, description="Frames (PNG); all quantised onto one shared palette."
    )
    num_colors: int | None = Field(
        default=None, ge=2, le=256, description="Palette size; omit to auto-detect."
    )
    palette_image: Base64Image | None = Field(
        default=None,
        description="Use this image's colours (max 256) as the palette; excludes num_colors.",
    )
    dithering: Dithering = Field(default="none", description="Ordered (Bayer) matrix size.")
    dithering_strength: float = Field(
        default=5.0, ge=0, le=10, description="Width of the dithered band; ignored for none."
    )

    @field_validator("images")
    @classmethod
    def _frames(cls, images: list[Base64Image]) -> list[Base64Image]:
        same_size(images)
        total = sum(area(im) for im in images)
        if total > 512 * 512:
            raise too_large("images", total, "512x512 pixels in total")
        return images

    @field_validator("palette_image")
    @classmethod
    def _palette(cls, img: Base64Image | None) -> Base64Image | None:
        if img is not None:
            cleanup.palette_from_image(img.pixels)  # raises ValueError with the reason
        return img

    @model_validator(mode="after")
    def _exclusive(self) -> ReduceColorsRequest:
        if self.num_colors is not None and self.palette_image is not None:
            msg = "num_colors and palette_image are mutually exclusive"
            raise ValueError(msg)
        return self


class CorrectPixelartResponse(BaseModel):
    """The corrected frames, at their input size."""

    images: list[Base64Image]
    usage: Usage | None = None


class CorrectPixelartRequest(UtilityRequest):
    """Fix "pseudo pixel art": find the grid, one colour per cell, tidy strays and palette.

    Synchronous. Cost: 0.1 generation (fixed by the specification). The output keeps the
    input size (run unzoom to shrink). Limits: frames the same size, each at most
    1024x1024 pixels (413 above). Several frames share one grid and palette.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"images": [EXAMPLE_IMAGE], "strength": 0.1}},
    )
    PATH: ClassVar[str] = "/correct-pixelart"
    SYNC: ClassVar[bool] = True

    images: list[Base64Image] = Field(
        min_length=1, description="Frames (PNG), corrected together; all the same size."
    )
    strength: float = Field(
        default=0.1, ge=0, le=1, description="Low tidies stray pixels; high redraws more."
    )

    @field_validator("images")
    @classmethod
    def _frames(cls, images: list[Base64Image]) -> list[Base64Image]:
        same_size(images)
        if area(images[0]) > 1024 * 1024:
            raise too_large("each image", area(images[0]), "1024x1024")
        return images


class UnzoomResponse(BaseModel):
    """The native-size image and what was detected."""

    image: Base64Image
    original_size: Size = Field(description="Size of the image sent.")
    unzoomed_size: Size = Field(description="Detected native size.")
    zoom_factor_detected: float = Field(description="Screen pixels per art pixel.")
    usage: Usage | None = None


class UnzoomRequest(UtilityRequest):
    """Detect the zoom factor of upscaled pixel art and return it at native size.

    Synchronous. Cost: proposed 0.1 generation (clean-up tier). Any image from 2x2 up to
    2048x2048 pixels is accepted (the small minimum is deliberate: a 64x64 sprite at 4x
    unzooms as well as a large one). Transparency is kept (binary), not composited.
    """

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"image": EXAMPLE_IMAGE, "quantize": 0}}
    )
    PATH: ClassVar[str] = "/unzoom"
    SYNC: ClassVar[bool] = True

    image: Base64Image = Field(description="Upscaled pixel art (PNG or JPEG).")
    quantize: int = Field(
        default=0,
        ge=-1,
        le=256,
        description="0 auto-detect the palette; -1 keep all colours; N quantise to N colours.",
    )

    @field_validator("image")
    @classmethod
    def _limits(cls, img: Base64Image) -> Base64Image:
        if min(img.width, img.height) < 2:
            msg = "image must be at least 2x2 pixels"
            raise ValueError(msg)
        if area(img) > 2048 * 2048:
            raise too_large("image", area(img), "2048x2048")
        return img


class ResizeResponse(BaseModel):
    """The resized image."""

    image: Base64Image
    usage: Usage | None = None


class ResizeRequest(UtilityRequest):
    """Pixel-art-aware resize to ``target_size``.

    Synchronous. Cost: proposed 0.1 generation (a clean-up pass, no drawing). Integer
    upscales repeat pixels exactly; downscales vote per cell for existing colours favouring
    outlines, dark lines and single-pixel details. Any ratio works in one step. The
    reference image may be at most 200x200 pixels (413 above); its decoded size is used.
    ``color_image`` is accepted and ignored, as the specification says; ``description``,
    ``direction``, ``view``, ``isometric``, ``oblique_projection``, ``init_image`` and
    ``init_image_strength`` are accepted for compatibility and do not change the result;
    ``no_background`` also clears the backdrop (remove-background, simple).
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "description": "cute wizard with blue robe",
                "reference_image": EXAMPLE_IMAGE,
                "reference_image_size": {"width": 32, "height": 32},
                "target_size": {"width": 64, "height": 64},
            }
        },
    )
    PATH: ClassVar[str] = "/resize"
    SYNC: ClassVar[bool] = True

    description: str = Field(min_length=1, max_length=2000, description="Describe the sprite.")
    reference_image: Base64Image = Field(description="The image to resize.")
    reference_image_size: ResizeImageSize = Field(description="Its size (the decoded size wins).")
    target_size: ResizeImageSize = Field(description="Desired output size.")
    color_image: Base64Image | None = Field(default=None, description="Accepted and ignored.")
    direction: Direction | None = None
    init_image: Base64Image | None = None
    init_image_strength: float | None = Field(default=150.0, ge=0, le=999)
    isometric: bool | None = False
    no_background: bool | None = Field(default=False, description="Also clear the backdrop.")
    oblique_projection: bool | None = False
    seed: Seed | None = None
    view: CameraView | None = None

    @field_validator("reference_image")
    @classmethod
    def _limits(cls, img: Base64Image) -> Base64Image:
        if area(img) > 200 * 200:
            raise too_large("reference_image", area(img), "200x200")
        return img


class RemoveBackgroundResponse(BaseModel):
    """The cut-out: subject pixels unchanged, backdrop transparent."""

    image: Base64Image
    usage: Usage | None = None


class RemoveBackgroundRequest(UtilityRequest):
    """Make the backdrop connected to the border transparent.

    Synchronous. Cost: proposed 0.1 generation (clean-up tier). Limit: 400x400 pixels
    (413 above); the decoded size is used. ``remove_simple_background`` matches the
    border's dominant colours; ``remove_complex_background`` fits a smooth backdrop model
    (gradients, vignettes, textures). ``seed`` and ``text`` are accepted; the removal is
    deterministic and does not read the text.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "image": EXAMPLE_IMAGE,
                "image_size": {"width": 64, "height": 64},
                "background_removal_task": "remove_simple_background",
            }
        },
    )
    PATH: ClassVar[str] = "/remove-background"
    SYNC: ClassVar[bool] = True

    image: Base64Image = Field(description="PNG or JPEG.")
    image_size: RemoveBackgroundImageSize = Field(description="Input size (decoded size wins).")
    background_removal_task: Literal["remove_simple_background", "remove_complex_background"] = (
        Field(default="remove_simple_background", description="simple: faster; complex: better.")
    )
    seed: Seed | None = None
    text: str | None = Field(default=None, max_length=500, description="Foreground hint.")

    @field_validator("image")
    @classmethod
    def _limits(cls, img: Base64Image) -> Base64Image:
        if area(img) > 400 * 400:
            raise too_large("image", area(img), "400x400")
        return img
