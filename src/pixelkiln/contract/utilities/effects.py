"""Normal maps (synchronous) and VFX (a background job): bodies designed for this service.

The specification names ``POST /normal-map`` and ``POST /vfx`` without publishing their
bodies; these follow the family's conventions: Base64Image in and out, sizes as
``{width, height}``, ``seed``, ``usage``.

Costs (proposed): normal-map 0.1 generation (a clean-up-weight pass over a sprite); vfx
``max(1, ceil(width * height * frame_count / 65536))`` generations, the same per-pixel-frame
rate as the character tools' ``ceil(w * h * 8 / 65536)``: 64x64 at 8 frames is 1,
128x128 at 8 is 2, 256x256 at 16 is 16.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pixelkiln.contract.common import Base64Image, Seed, Size, Usage
from pixelkiln.contract.utilities.base import (
    EXAMPLE_IMAGE,
    JobSubmitted,
    UtilityRequest,
    VfxImageSize,
    area,
    too_large,
)

__all__ = [
    "EffectKind",
    "NormalMapRequest",
    "NormalMapResponse",
    "VfxRequest",
    "VfxResponse",
    "VfxResult",
]

EffectKind = Literal[
    "fire", "explosion", "lightning", "sparkles", "dust", "splash", "portal", "smoke",
    "magic_circle", "ice", "poison", "slash", "orb",
]  # fmt: skip


class NormalMapResponse(BaseModel):
    """The normal map: RGB = (n + 1) / 2 * 255, transparent outside the sprite."""

    image: Base64Image
    usage: Usage | None = None


class NormalMapRequest(UtilityRequest):
    """A sprite's normal map, for dynamic 2D lighting.

    Synchronous. Cost: proposed 0.1 generation. Limit: 512x512 pixels (413 above). The
    height field is a bevel from the alpha shape (``bevel`` pixels wide) plus relief from
    each colour's lightness (``detail``); normals come from its Sobel slopes. Encoding:
    ``rgb = (n + 1) / 2 * 255`` with +X right and +Y up (OpenGL; ``invert_y`` for
    DirectX), flat areas exactly (128, 128, 255), alpha copied from the sprite (binary).

    Example: ``{"image": {...}, "strength": 1.5, "bevel": 3}`` gives a rounder rim three
    pixels wide; ``"quantize": false`` keeps smooth normals instead of 8 directions.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"image": EXAMPLE_IMAGE, "strength": 1.0},
                {"image": EXAMPLE_IMAGE, "strength": 1.5, "bevel": 3, "invert_y": True},
            ]
        },
    )
    PATH: ClassVar[str] = "/normal-map"
    SYNC: ClassVar[bool] = True

    image: Base64Image = Field(description="The sprite (PNG with transparency).")
    strength: float = Field(default=1.0, ge=0, le=5, description="Scales every slope.")
    bevel: int | None = Field(
        default=None, ge=1, le=32, description="Rim width in pixels; omit for 1/8 of the sprite."
    )
    detail: float = Field(
        default=0.5, ge=0, le=1, description="How much colour lightness raises the surface."
    )
    invert_y: bool = Field(default=False, description="Write +Y down (DirectX convention).")
    quantize: bool = Field(
        default=True, description="Snap normals to 8 directions and 15° tilts (crisp light)."
    )

    @field_validator("image")
    @classmethod
    def _limits(cls, img: Base64Image) -> Base64Image:
        if area(img) > 512 * 512:
            raise too_large("image", area(img), "512x512")
        return img


class VfxResponse(JobSubmitted):
    """The queued effect (202)."""


class VfxResult(BaseModel):
    """``last_response`` of a completed vfx job."""

    frames: list[Base64Image] = Field(description="The frames; the last leads into the first.")
    spritesheet: Base64Image = Field(description="All frames in one row, left to right.")
    frame_count: int
    frame_size: Size
    effect: EffectKind = Field(description="The effect kind the description was read as.")
    palette: Base64Image = Field(description="1 px tall strip of the colours, darkest first.")
    n_colors: int


class VfxRequest(UtilityRequest):
    """A looping pixel-art effect from a plain-language description (background job).

    Cost: proposed ``max(1, ceil(width * height * frame_count / 65536))`` generations.
    Known effects: fire, explosion ("fire burst"), lightning, sparkles ("healing
    sparkles"), dust, splash, portal, smoke, magic circle, ice shards, poison cloud, slash,
    orb (also the reading of anything unknown). A colour word sets the hue ("crackling blue
    lightning", "purple portal"); ``color`` overrides it and ``effect`` forces the kind.
    Frames use at most 8 colours, no anti-aliasing and binary alpha.

    Example: ``{"description": "orange fire burst", "image_size": {"width": 64, "height":
    64}, "frame_count": 8, "seed": 3}``.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "crackling blue lightning",
                    "image_size": {"width": 64, "height": 64},
                    "frame_count": 8,
                    "seed": 1,
                },
                {"description": "green healing sparkles", "color": "#3fd46a", "frame_count": 6},
            ]
        },
    )
    PATH: ClassVar[str] = "/vfx"
    SYNC: ClassVar[bool] = False

    description: str = Field(min_length=1, max_length=2000, description="What the effect is.")
    image_size: VfxImageSize = Field(
        default_factory=lambda: VfxImageSize(width=64, height=64),
        description="Size of one frame (default 64x64).",
    )
    frame_count: int = Field(default=8, ge=4, le=16, description="Frames in the loop.")
    seed: Seed | None = None
    color: str | None = Field(
        default=None,
        pattern=r"^#?[0-9a-fA-F]{6}$",
        description="Body colour as #rrggbb, overriding the described one.",
    )
    effect: EffectKind | None = Field(
        default=None, description="Force the effect kind instead of reading the description."
    )
