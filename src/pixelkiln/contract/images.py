"""Single-image generators: bitforge, pixen, pixflux (synchronous and background),
Pro Flash, and the Pro generators (``generate-image-v2``, ``generate-with-style-v2``).

Sizes follow the contract: each endpoint's side bounds are in the JSON Schema; area
limits and shape rules JSON Schema cannot state (pixen's 512 x 512 area and its square
rule, pixflux's 32 x 32 minimum area, generate-image-v2's aspect limit) are checked by
validators and answered 422 naming ``image_size``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from pixelkiln.contract.characters import Direction
from pixelkiln.contract.common import (
    EXAMPLE_IMAGE,
    Base64Image,
    Detail,
    Outline,
    Seed,
    Shading,
    StrictModel,
    Usage,
)
from pixelkiln.contract.objects import (
    ProFlashImageSize,
    ProFlashReferenceImage,
    ProFlashStyleOptions,
)
from pixelkiln.engine.subjects.render import KEYPOINT_LABELS

__all__ = [
    "BackgroundRemovalTask",
    "CameraView",
    "CreateImageBitforgeRequest",
    "CreateImageBitforgeResponse",
    "CreateImagePixenRequest",
    "CreateImagePixenResponse",
    "CreateImagePixfluxBackgroundResponse",
    "CreateImagePixfluxRequest",
    "CreateImagePixfluxResponse",
    "CreateImageProFlashRequest",
    "GenerateImageV2Request",
    "GenerateImageV2Response",
    "GenerateWithStyleV2Request",
    "GenerateWithStyleV2Response",
    "ImageJobResponse",
    "Point",
    "ProFlashImageResponse",
    "ReferenceImage",
    "StyleImage",
    "StyleOptions",
]

CameraView = Literal["side", "low top-down", "high top-down"]
BackgroundRemovalTask = Literal["remove_simple_background", "remove_complex_background"]
#: The contract's 18 keypoint labels, the same the subject engine reports.
SkeletonLabel = Literal[*KEYPOINT_LABELS]  # type: ignore[valid-type]


def _size_error(message: str) -> PydanticCustomError:
    return PydanticCustomError("image_size", message)


class Point(StrictModel):
    """A skeleton keypoint in canvas pixels."""

    model_config = ConfigDict(extra="forbid")

    x: float = Field(ge=-4096, le=4096)
    y: float = Field(ge=-4096, le=4096)
    label: SkeletonLabel
    z_index: int = Field(default=0, ge=-1000, le=1000)


class BitforgeImageSize(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=200)
    height: int = Field(ge=16, le=200)


class PixfluxImageSize(StrictModel):
    """16-400 px a side; at least 32 x 32 pixels of area."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=400)
    height: int = Field(ge=16, le=400)

    @model_validator(mode="after")
    def _area(self) -> PixfluxImageSize:
        if self.width * self.height < 32 * 32:
            raise _size_error("image_size must be at least 32 x 32 pixels of area")
        return self


class PixenImageSize(StrictModel):
    """16-768 px a side in multiples of 4, at most 512 x 512 pixels of area, square when
    either side is under 32."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=768, multiple_of=4)
    height: int = Field(ge=16, le=768, multiple_of=4)

    @model_validator(mode="after")
    def _rules(self) -> PixenImageSize:
        if self.width * self.height > 512 * 512:
            raise _size_error("image_size is over 512 x 512 pixels of area")
        if min(self.width, self.height) < 32 and self.width != self.height:
            raise _size_error("image_size must be square when either side is under 32")
        return self


class GenerateImageV2Size(StrictModel):
    """16-792 wide, 16-688 high, at most 688 x 384 pixels of area (512 x 512 square)."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=792)
    height: int = Field(ge=16, le=688)

    @model_validator(mode="after")
    def _area(self) -> GenerateImageV2Size:
        if self.width * self.height > 688 * 384:
            raise _size_error("image_size is over the aspect's maximum (688 x 384 of area)")
        return self


class ReferenceImageSize(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ReferenceImageSize")
    width: int = Field(ge=1, le=4096)
    height: int = Field(ge=1, le=4096)


class ReferenceImage(StrictModel):
    """A subject or style reference (larger than 1024 x 1024 is scaled down)."""

    model_config = ConfigDict(extra="forbid")
    image: Base64Image
    size: ReferenceImageSize
    usage_description: str | None = Field(default=None, max_length=500)


class StyleOptions(StrictModel):
    """What to take from the style image."""

    model_config = ConfigDict(extra="forbid")
    color_palette: bool = True
    detail: bool = True
    outline: bool = True
    shading: bool = True


class StyleImage(StrictModel):
    """A style image and its size (the output of ``generate-with-style-v2`` is as large as
    the largest style image)."""

    model_config = ConfigDict(extra="forbid")
    image: Base64Image
    width: int = Field(ge=1, le=512)
    height: int = Field(ge=1, le=512)


_DESCRIPTION = Field(min_length=1, max_length=2000, description="What to draw.")


class CreateImageBitforgeRequest(StrictModel):
    """A small or medium image (up to 200 x 200) with style, init, inpainting, skeleton
    and forced-palette controls."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "cute dragon",
                    "image_size": {"width": 64, "height": 64},
                    "no_background": True,
                    "style_strength": 20,
                    "text_guidance_scale": 3.0,
                }
            ],
            # Inpainting takes both images or neither.
            "anyOf": [
                {
                    "required": ["inpainting_image", "mask_image"],
                    "properties": {
                        "inpainting_image": {"type": "object"},
                        "mask_image": {"type": "object"},
                    },
                },
                {
                    "properties": {
                        "inpainting_image": {"type": "null"},
                        "mask_image": {"type": "null"},
                    }
                },
            ],
        },
    )

    description: str = _DESCRIPTION
    image_size: BitforgeImageSize
    color_image: Base64Image | None = Field(default=None, description="Forced palette (exact).")
    coverage_percentage: float | None = Field(
        default=None, ge=0, le=100, description="Share of the canvas the subject covers."
    )
    detail: Detail | None = None
    direction: Direction | None = None
    extra_guidance_scale: float = Field(default=3.0, ge=0, le=20, description="(Deprecated)")
    init_image: Base64Image | None = None
    init_image_strength: int = Field(default=300, ge=1, le=999)
    inpainting_image: Base64Image | None = Field(
        default=None, description="Image to paint into (with mask_image, white = paint)."
    )
    isometric: bool = False
    mask_image: Base64Image | None = None
    negative_description: str = Field(default="", max_length=2000)
    no_background: bool = False
    oblique_projection: bool = False
    outline: Outline | None = None
    seed: Seed | None = None
    shading: Shading | None = None
    skeleton_guidance_scale: float = Field(default=1.0, ge=0, le=5)
    skeleton_keypoints: list[Point] | None = Field(default=None, max_length=64)
    style_image: Base64Image | None = None
    style_strength: int = Field(default=0, ge=0, le=100)
    text_guidance_scale: float = Field(default=8.0, ge=1, le=20)
    view: CameraView | None = None


class CreateImageBitforgeResponse(BaseModel):
    image: Base64Image
    usage: Usage | None = None


class CreateImagePixenRequest(StrictModel):
    """A fast image up to 768 px a side (512 x 512 of area)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "cute wizard",
                    "detail": "highly detailed",
                    "image_size": {"width": 64, "height": 64},
                    "no_background": True,
                }
            ]
        },
    )

    description: str = _DESCRIPTION
    image_size: PixenImageSize
    background_removal_task: BackgroundRemovalTask = "remove_simple_background"
    detail: Detail | None = "highly detailed"
    direction: Direction | None = None
    enhance_prompt: bool = Field(default=False, description="Enhance the description (+0.05).")
    no_background: bool = False
    outline: Outline | None = None
    seed: Seed | None = None
    view: CameraView | None = None


class CreateImagePixenResponse(BaseModel):
    image: Base64Image
    enhance_usage: Usage | None = None
    enhanced_prompt: str | None = None
    usage: Usage | None = None


class CreateImagePixfluxRequest(StrictModel):
    """An image from 32 x 32 to 400 x 400 of area."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "cute dragon",
                    "image_size": {"width": 128, "height": 128},
                    "no_background": True,
                }
            ]
        },
    )

    description: str = _DESCRIPTION
    image_size: PixfluxImageSize
    background_removal_task: BackgroundRemovalTask = "remove_simple_background"
    color_image: Base64Image | None = None
    detail: Detail | None = None
    direction: Direction | None = None
    init_image: Base64Image | None = None
    init_image_strength: int = Field(default=300, ge=1, le=999)
    isometric: bool = False
    negative_description: str = Field(default="", max_length=2000, description="(Deprecated)")
    no_background: bool = False
    outline: Outline | None = None
    seed: Seed | None = None
    shading: Shading | None = None
    text_guidance_scale: float = Field(default=8.0, ge=1, le=20)
    view: CameraView | None = None


class CreateImagePixfluxResponse(BaseModel):
    image: Base64Image
    usage: Usage | None = None


class ImageJobResponse(BaseModel):
    """Queued: poll ``GET /background-jobs/{background_job_id}``; the images are in its
    ``last_response``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "status": "processing",
                "usage": {"type": "generations", "generations": 1, "usd": 0.0},
            }
        }
    )

    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None


CreateImagePixfluxBackgroundResponse = ImageJobResponse
GenerateImageV2Response = ImageJobResponse
GenerateWithStyleV2Response = ImageJobResponse


class CreateImageProFlashRequest(StrictModel):
    """Exactly one image, billed in stages; its ``source_image_id`` can start a character
    or object (``create-character-pro-flash``, ``create-object-pro-flash``)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "red potion bottle", "image_size": {"width": 64, "height": 64}}
            ]
        },
    )

    description: str = _DESCRIPTION
    image_size: ProFlashImageSize
    no_background: bool = True
    project_id: str | None = Field(
        default=None,
        pattern=r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    )
    seed: Seed = 0
    style_image: ProFlashReferenceImage | None = None
    style_options: ProFlashStyleOptions | None = None


class ProFlashImageResponse(BaseModel):
    """Queued image identifiers; ``source_image_id`` is usable once the job completes."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "image_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "source_image_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "status": "processing",
                "image_size": {"width": 64, "height": 64},
                "estimated_generations": 5,
                "output_count": 1,
                "pricing_provisional": True,
                "usage": {"type": "generations", "generations": 5, "usd": 0.0},
            }
        }
    )

    background_job_id: str
    image_id: str
    source_image_id: str
    status: str
    image_size: ProFlashImageSize
    estimated_generations: int
    output_count: int = 1
    pricing_provisional: bool = True
    usage: Usage | None = None


class GenerateImageV2Request(StrictModel):
    """Candidates by size: up to 42 px 64 images, up to 85 px 16, up to 170 px 4, else 1."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "a cute wizard character",
                    "image_size": {"width": 64, "height": 64},
                    "no_background": True,
                    "seed": 42,
                }
            ]
        },
    )

    description: str = _DESCRIPTION
    image_size: GenerateImageV2Size
    no_background: bool | None = True
    reference_images: list[ReferenceImage] | None = Field(default=None, max_length=4)
    seed: Seed | None = None
    style_image: ReferenceImage | None = None
    style_options: StyleOptions | None = None


class GenerateWithStyleV2Request(StrictModel):
    """Images in the style of 1-4 style images; the output is square, as large as the
    largest style image (at least 16 px), with candidates by that size."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "a treasure chest",
                    "style_images": [{"image": EXAMPLE_IMAGE, "width": 32, "height": 32}],
                }
            ]
        },
    )

    description: str = _DESCRIPTION
    style_images: list[StyleImage] = Field(min_length=1, max_length=4)
    image_size: dict[str, int] | None = Field(
        default=None,
        deprecated=True,
        description="REMOVED. Output size deduced from style images.",
    )
    no_background: bool | None = True
    seed: Seed | None = None
    style_description: str | None = Field(default=None, max_length=500)
