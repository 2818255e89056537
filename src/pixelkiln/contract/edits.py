"""Edits from an instruction and inpainting from a mask.

Edits: ``edit-image`` (a target canvas), ``edit-image-pixen`` (re-rendered at a new
canvas), ``edit-image-pro-flash`` (billed in stages), ``edit-images-v2`` (one edit applied
alike to up to 16 images). Inpainting: ``inpaint`` (synchronous, up to 200 x 200),
``inpaint-v3`` (32-512 px, with an optional context image), ``inpaint-image-pro-flash``.
Masks are black (kept byte for byte) and white (drawn); a mask with no white pixel is a
422 naming ``mask_image``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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
    example_png,
)
from pixelkiln.contract.images import BackgroundRemovalTask, CameraView, ImageJobResponse

__all__ = [
    "BoundingBox",
    "EditImage",
    "EditImagePixenRequest",
    "EditImageProFlashRequest",
    "EditImageRequest",
    "EditImagesV2Request",
    "EditReferenceImage",
    "InpaintImage",
    "InpaintImageProFlashRequest",
    "InpaintRequest",
    "InpaintResponse",
    "InpaintV3Request",
    "ProFlashBoundingBox",
]

#: ``edit_with_reference`` needs a reference image, ``edit_with_text`` (the default) a
#: description: stated in the JSON Schema, checked by the service.
_METHOD_RULE: dict[str, Any] = {
    "if": {"properties": {"method": {"const": "edit_with_reference"}}, "required": ["method"]},
    "then": {
        "required": ["reference_image"],
        "properties": {"reference_image": {"type": "object"}},
    },
    "else": {
        "required": ["description"],
        "properties": {"description": {"type": "string", "pattern": "\\S"}},
    },
}


def _frames_rule() -> dict[str, Any]:
    """Images per canvas (largest side): 64 px 16, 80 px 9, 128 px 4, larger 1; one fewer
    with a reference image (never fewer than 1)."""
    tiers = [(64, 16), (80, 9), (128, 4)]
    branches: list[dict[str, Any]] = []
    for side, n in tiers:
        branches.append(
            {
                "properties": {
                    "image_size": {
                        "properties": {"width": {"maximum": side}, "height": {"maximum": side}}
                    },
                    "edit_images": {"maxItems": n},
                },
                "anyOf": [
                    {"properties": {"reference_image": {"type": "null"}}},
                    {"properties": {"edit_images": {"maxItems": n - 1}}},
                ],
            }
        )
    branches.append({"properties": {"edit_images": {"maxItems": 1}}})
    return {"anyOf": branches}


_UUID = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
_INSTRUCTION = Field(min_length=1, max_length=2000, description="The edit, in words.")


def _mask_example(w: int = 32, h: int = 32) -> dict[str, str]:
    """A real black mask with a white square in the middle."""
    import base64
    import io

    import numpy as np
    from PIL import Image

    m = np.zeros((h, w, 3), np.uint8)
    m[h // 4 : 3 * h // 4, w // 4 : 3 * w // 4] = 255
    buf = io.BytesIO()
    Image.fromarray(m).save(buf, format="PNG")
    return {"type": "base64", "base64": base64.b64encode(buf.getvalue()).decode(), "format": "png"}


MASK_EXAMPLE = _mask_example()
_OPAQUE_EXAMPLE = {"type": "base64", "base64": example_png(32, 32), "format": "png"}


class EditImageSize(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=400)
    height: int = Field(ge=16, le=400)


class EditImageRequest(StrictModel):
    """Edit an image by an instruction onto a target canvas (``image_size``, 16-400)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "image": EXAMPLE_IMAGE,
                    "width": 32,
                    "height": 32,
                    "image_size": {"width": 32, "height": 32},
                    "description": "make it blue",
                }
            ]
        },
    )

    image: Base64Image
    image_size: EditImageSize
    description: str = _INSTRUCTION
    width: int = Field(ge=16, le=400, description="Width of `image`.")
    height: int = Field(ge=16, le=400, description="Height of `image`.")
    color_image: Base64Image | None = Field(default=None, description="Forced palette (exact).")
    no_background: bool = False
    seed: Seed | None = None
    text_guidance_scale: float = Field(default=8.0, ge=1, le=20)


class EditImagePixenRequest(StrictModel):
    """Edit and re-render at a new canvas (it is drawn again, not rescaled)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"image": EXAMPLE_IMAGE, "description": "make it red", "width": 48, "height": 48}
            ]
        },
    )

    image: Base64Image = Field(
        description="Each side at most 256 px, at least 16 x 16 of area (else a 422)."
    )
    description: str = Field(min_length=1, max_length=500, description="The edit, in words.")
    width: int | None = Field(default=None, ge=1, le=4096, description="Canvas width.")
    height: int | None = Field(
        default=None, ge=1, le=4096, description="Canvas height; area 16 x 16 to 256 x 256."
    )
    no_background: bool = True
    seed: Seed | None = None


class EditImageProFlashRequest(StrictModel):
    """Edit one image (Pro Flash, 5 generations); the canvas never grows."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"image": EXAMPLE_IMAGE, "description": "covered in snow"}]
        },
    )

    image: Base64Image
    description: str | None = Field(default=None, max_length=2000)
    method: Literal["edit_with_text", "edit_with_reference"] = Field(
        default="edit_with_text",
        description="By the description, or toward `reference_image` (its palette).",
    )
    no_background: bool | None = None
    project_id: str | None = Field(default=None, pattern=_UUID)
    reference_image: Base64Image | None = None
    seed: Seed | None = None
    use_color_palette_correction: bool = Field(
        default=True, description="Keep the result on the image's own palette where it can."
    )


class EditImage(StrictModel):
    model_config = ConfigDict(extra="forbid")
    image: Base64Image
    width: int = Field(ge=1, le=512)
    height: int = Field(ge=1, le=512)


class EditReferenceImage(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ReferenceImage")
    image: Base64Image
    width: int = Field(ge=1, le=512)
    height: int = Field(ge=1, le=512)


class EditImagesSize(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=32, le=512)
    height: int = Field(ge=32, le=512)


class EditImagesV2Request(StrictModel):
    """One edit applied alike to 1-16 images. Images per canvas: up to 64 px 16 (15 with
    a reference), up to 80 px 9 (8), up to 128 px 4 (3), larger 1."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "edit_images": [{"image": EXAMPLE_IMAGE, "width": 32, "height": 32}],
                    "image_size": {"width": 32, "height": 32},
                    "description": "winter palette",
                }
            ],
            "allOf": [_METHOD_RULE, _frames_rule()],
        },
    )

    edit_images: list[EditImage] = Field(min_length=1, max_length=16)
    image_size: EditImagesSize
    description: str | None = Field(default=None, max_length=2000)
    method: Literal["edit_with_text", "edit_with_reference"] = "edit_with_text"
    no_background: bool | None = None
    reference_image: EditReferenceImage | None = None
    seed: Seed | None = None


class InpaintSize(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=16, le=200)
    height: int = Field(ge=16, le=200)


class InpaintRequest(StrictModel):
    """Draw the description into the white part of the mask (synchronous, up to 200 x 200)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "red mushroom",
                    "image_size": {"width": 32, "height": 32},
                    "inpainting_image": _OPAQUE_EXAMPLE,
                    "mask_image": MASK_EXAMPLE,
                }
            ]
        },
    )

    description: str = _INSTRUCTION
    image_size: InpaintSize
    inpainting_image: Base64Image
    mask_image: Base64Image = Field(description="White: draw here; black: kept byte for byte.")
    color_image: Base64Image | None = None
    detail: Detail | None = None
    direction: Direction | None = None
    extra_guidance_scale: float = Field(default=3.0, ge=0, le=20, description="(Deprecated)")
    init_image: Base64Image | None = None
    init_image_strength: int = Field(default=300, ge=1, le=999)
    isometric: bool = False
    negative_description: str = Field(default="", max_length=2000)
    no_background: bool = False
    oblique_projection: bool = False
    outline: Outline | None = None
    seed: Seed | None = None
    shading: Shading | None = None
    text_guidance_scale: float = Field(default=3.0, ge=1, le=10)
    view: CameraView | None = None


class InpaintResponse(BaseModel):
    image: Base64Image
    usage: Usage | None = None


class InpaintImageSize(StrictModel):
    """32-512 px a side (the image is read at this size)."""

    model_config = ConfigDict(extra="forbid", title="ImageSize")
    width: int = Field(ge=32, le=512)
    height: int = Field(ge=32, le=512)


class InpaintImage(StrictModel):
    model_config = ConfigDict(extra="forbid")
    image: Base64Image
    size: InpaintImageSize


class ContextImageSize(StrictModel):
    model_config = ConfigDict(extra="forbid", title="ContextImageSize")
    width: int = Field(ge=1, le=1024)
    height: int = Field(ge=1, le=1024)


class ContextImage(StrictModel):
    """A larger picture the inpainting image was cut from (up to 1024 x 1024)."""

    model_config = ConfigDict(extra="forbid")
    image: Base64Image
    size: ContextImageSize


class BoundingBox(StrictModel):
    """Where the inpainting image sits on the context image."""

    model_config = ConfigDict(extra="forbid")
    x: int = Field(ge=0, le=4096)
    y: int = Field(ge=0, le=4096)
    width: int = Field(ge=1, le=4096)
    height: int = Field(ge=1, le=4096)


class InpaintV3Request(StrictModel):
    """Inpainting 32-512 px; a context image (up to 1024 x 1024) lends its texture, and
    with ``crop_to_mask`` false the answer is the context with the region painted in."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "wooden crate",
                    "inpainting_image": {
                        "image": _OPAQUE_EXAMPLE,
                        "size": {"width": 32, "height": 32},
                    },
                    "mask_image": {"image": MASK_EXAMPLE, "size": {"width": 32, "height": 32}},
                }
            ]
        },
    )

    description: str = _INSTRUCTION
    inpainting_image: InpaintImage
    mask_image: InpaintImage
    bounding_box: BoundingBox | None = Field(default=None, deprecated=True)
    context_image: ContextImage | None = Field(default=None, deprecated=True)
    crop_to_mask: bool | None = True
    no_background: bool | None = False
    seed: Seed | None = None


class ProFlashBoundingBox(StrictModel):
    model_config = ConfigDict(extra="forbid")
    x: int = Field(ge=0, le=4096)
    y: int = Field(ge=0, le=4096)
    width: int = Field(gt=0, le=4096)
    height: int = Field(gt=0, le=4096)


class InpaintImageProFlashRequest(StrictModel):
    """Inpaint (Pro Flash, 5 generations). ``output_method`` ``changes_only`` answers the
    painted pixels alone, transparent elsewhere; a context image needs a bounding box."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"image": _OPAQUE_EXAMPLE, "mask_image": MASK_EXAMPLE, "description": "glowing gem"}
            ],
            "if": {
                "properties": {"context_image": {"type": "object"}},
                "required": ["context_image"],
            },
            "then": {
                "required": ["bounding_box"],
                "properties": {"bounding_box": {"type": "object"}},
            },
        },
    )

    image: Base64Image
    mask_image: Base64Image
    description: str = _INSTRUCTION
    background_removal_task: BackgroundRemovalTask = "remove_simple_background"
    bounding_box: ProFlashBoundingBox | None = None
    context_image: Base64Image | None = None
    crop_to_mask: Literal[True] = True
    no_background: bool = False
    output_method: Literal["full", "changes_only"] = "full"
    project_id: str | None = Field(default=None, pattern=_UUID)
    seed: Seed | None = None


EditJobResponse = ImageJobResponse
