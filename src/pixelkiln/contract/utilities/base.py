"""Shared pieces of the utility endpoints: sized types, limits, response images, jobs."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from pixelkiln.contract.common import (
    EXAMPLE_IMAGE,
    IMAGE_TOO_LARGE,
    Base64Image,
    StrictModel,
    Usage,
)

__all__ = [
    "EXAMPLE_IMAGE",
    "CameraView",
    "Direction",
    "Dithering",
    "ImageToPixelartImageSize",
    "JobSubmitted",
    "OutputSize",
    "ProFlashOutputSize",
    "RemoveBackgroundImageSize",
    "ResizeImageSize",
    "UtilityRequest",
    "VfxImageSize",
    "area",
    "same_size",
    "too_large",
]

Dithering = Literal["none", "2x2", "4x4", "8x8"]
Direction = Literal[
    "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"
]
CameraView = Literal["side", "low top-down", "high top-down"]


class UtilityRequest(StrictModel):
    """Base of the utility requests: what the HTTP and job wiring reads.

    ``PATH`` is the endpoint and ``SYNC`` whether it answers with the result (True) or a
    job id (False). The computation and the price live in ``pixelkiln.service.utilities``.
    """

    PATH: ClassVar[str]
    SYNC: ClassVar[bool]


class ImageToPixelartImageSize(StrictModel):
    """Size of the input image, 16-2048 per side."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=2048, description="Width in pixels (16-2048).")
    height: int = Field(ge=16, le=2048, description="Height in pixels (16-2048).")


class OutputSize(StrictModel):
    """Size of the pixel-art output, 16-512 per side."""

    width: int = Field(ge=16, le=512, description="Width in pixels (16-512).")
    height: int = Field(ge=16, le=512, description="Height in pixels (16-512).")


class RemoveBackgroundImageSize(StrictModel):
    """Size of the input image, 1-400 per side."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=1, le=400, description="Width in pixels (1-400).")
    height: int = Field(ge=1, le=400, description="Height in pixels (1-400).")


class ResizeImageSize(StrictModel):
    """A resize size, 16-200 per side (source and target)."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=200, description="Width in pixels (16-200).")
    height: int = Field(ge=16, le=200, description="Height in pixels (16-200).")


class VfxImageSize(StrictModel):
    """Size of one effect frame, 16-256 per side."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=256, description="Width in pixels (16-256).")
    height: int = Field(ge=16, le=256, description="Height in pixels (16-256).")


class ProFlashOutputSize(StrictModel):
    """Size of the pro-flash output, 16-256 per side."""

    model_config = ConfigDict(extra="forbid", title="OutputSize")
    width: int = Field(ge=16, le=256, description="Width in pixels (16-256).")
    height: int = Field(ge=16, le=256, description="Height in pixels (16-256).")


class JobSubmitted(BaseModel):
    """A queued background job: poll ``GET /background-jobs/{background_job_id}``; its
    ``last_response`` is the result once ``status`` is ``completed``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "123e4567-e89b-12d3-a456-426614174000",
                "status": "processing",
                "usage": {"type": "generations", "generations": 2},
            }
        }
    )

    background_job_id: str = Field(description="The job to poll.")
    status: str = Field(default="processing", description="processing | completed | failed")
    usage: Usage | None = None


def too_large(what: str, pixels: int, limit: str) -> PydanticCustomError:
    """The ``image_too_large`` error (answered 413) for a per-endpoint pixel limit."""
    return PydanticCustomError(
        IMAGE_TOO_LARGE,
        "{what} has {pixels} pixels, over this endpoint's limit of {limit}",
        {"what": what, "pixels": pixels, "limit": limit},
    )


def area(img: Base64Image) -> int:
    """Decoded pixel count of an image."""
    return img.width * img.height


def same_size(images: list[Base64Image]) -> None:
    """Raise ``ValueError`` unless every image has the first one's size."""
    w, h = images[0].width, images[0].height
    for i, im in enumerate(images[1:], start=1):
        if (im.width, im.height) != (w, h):
            msg = (
                f"all images must be the same size: image {i} is {im.width}x{im.height}, "
                f"image 0 is {w}x{h}"
            )
            raise ValueError(msg)
