"""Motion tools for any sprite: rotations, rotate, text animation, interpolation,
animation edits and outfit transfer (the contract's Rotate and Animate tags)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pixelkiln.contract.common import Base64Image, Seed, StrictModel, Usage, example_png

__all__ = [
    "AnimatePixminimaxRequest",
    "AnimatePixminimaxResponse",
    "AnimateWithTextV3Request",
    "AnimateWithTextV3Response",
    "EditAnimationV2Request",
    "EditAnimationV2Response",
    "FrameImage",
    "Generate8RotationsV2Request",
    "Generate8RotationsV2Response",
    "Generate8RotationsV3Request",
    "Generate8RotationsV3Response",
    "InterpolationV2Request",
    "InterpolationV2Response",
    "KeyframeImage",
    "RotateRequest",
    "RotateResponse",
    "TransferOutfitV2Request",
    "TransferOutfitV2Response",
]

Direction = Literal[
    "south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west"
]
View = Literal["side", "low top-down", "high top-down"]


def _img(w: int, h: int) -> dict[str, str]:
    return {"type": "base64", "base64": example_png(w, h), "format": "png"}


class RotateImageSize(StrictModel):
    width: int = Field(ge=16, le=200)
    height: int = Field(ge=16, le=200)


class Rotations8ImageSize(StrictModel):
    width: int = Field(ge=32, le=168)
    height: int = Field(ge=32, le=168)


class RotationsReferenceImage(StrictModel):
    """An image with its size (reference up to 168 px, concept up to 1024 px)."""

    image: Base64Image
    width: int = Field(ge=1, le=1024)
    height: int = Field(ge=1, le=1024)


class FrameImageSize(StrictModel):
    width: int = Field(ge=1, le=256)
    height: int = Field(ge=1, le=256)


class FrameImage(StrictModel):
    """One frame and its size (the size must be the image's)."""

    image: Base64Image
    size: FrameImageSize


class KeyframeImageSize(StrictModel):
    width: int = Field(ge=1)
    height: int = Field(ge=1)


class KeyframeImage(StrictModel):
    """A key frame and its size (the size must be the image's)."""

    image: Base64Image
    size: KeyframeImageSize


class InterpolationImageSize(StrictModel):
    width: int = Field(ge=16, le=128)
    height: int = Field(ge=16, le=128)


class EditAnimationImageSize(StrictModel):
    width: int = Field(ge=16, le=256)
    height: int = Field(ge=16, le=256)


class TransferOutfitImageSize(StrictModel):
    width: int = Field(ge=32, le=256)
    height: int = Field(ge=32, le=256)


_NO_BG = Field(
    default=None,
    description="true takes off a flat backdrop the input had; otherwise it is kept.",
)


class Generate8RotationsV3Request(StrictModel):
    """8 rotations of any sprite (up to 256x256): the given direction (south) is kept pixel
    for pixel, the other 7 are drawn from a model fitted to it in its own palette."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"first_frame": _img(32, 32), "seed": 0}},
    )

    first_frame: Base64Image = Field(
        description="The sprite facing south (an animal seen side-on: east or west), at most "
        "256x256."
    )
    description: str | None = Field(
        default=None, max_length=2000, description="Hint: what the sprite is ('a grey wolf')."
    )
    no_background: bool | None = _NO_BG
    seed: Seed | None = 0


class Generate8RotationsV3Response(BaseModel):
    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None


class Generate8RotationsV2Request(StrictModel):
    """8 rotations (Pro): rotate a reference, or draw the description in a reference's
    style or a concept's colours."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "image_size": {"width": 48, "height": 48},
                "reference_image": {"image": _img(32, 32), "width": 32, "height": 32},
                "method": "rotate_character",
                "view": "low top-down",
            }
        },
    )

    image_size: Rotations8ImageSize
    concept_image: RotationsReferenceImage | None = Field(
        default=None, description="create_from_concept: its colours dress the description."
    )
    description: str | None = Field(default=None, max_length=2000)
    method: Literal["rotate_character", "create_with_style", "create_from_concept"] = Field(
        default="rotate_character",
        description="rotate_character needs reference_image; create_with_style needs "
        "reference_image and description; create_from_concept needs concept_image and "
        "description.",
    )
    no_background: bool | None = _NO_BG
    reference_image: RotationsReferenceImage | None = Field(
        default=None, description="At most 168x168 and not larger than image_size."
    )
    seed: Seed | None = None
    style_description: str | None = Field(default=None, max_length=500)
    view: View = "low top-down"


class Generate8RotationsV2Response(BaseModel):
    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None


class RotateRequest(StrictModel):
    """One sprite turned to another direction or view, answered at once."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "image_size": {"width": 32, "height": 32},
                "from_image": _img(32, 32),
                "from_direction": "south",
                "to_direction": "east",
            }
        },
    )

    image_size: RotateImageSize = Field(description="from_image's size (16-200).")
    from_image: Base64Image
    color_image: Base64Image | None = Field(
        default=None, description="Its colours are the only colours of the answer."
    )
    direction_change: int | None = Field(
        default=None,
        ge=-180,
        le=180,
        description="Degrees clockwise (south to south-east to east); replaces to_direction.",
    )
    from_direction: Direction = "south"
    from_view: View = "side"
    image_guidance_scale: float | None = Field(
        default=None, ge=1.0, le=20.0, description="Accepted for compatibility; no effect."
    )
    init_image: Base64Image | None = Field(
        default=None,
        description="A start for the answer (image_size): kept where mask_image is black.",
    )
    init_image_strength: int | None = Field(default=None, ge=1, le=999)
    isometric: bool | None = Field(default=False, description="Draw the turned sprite isometric.")
    mask_image: Base64Image | None = Field(
        default=None, description="White: draw; black: keep init_image. Needs init_image."
    )
    oblique_projection: bool | None = Field(default=False)
    seed: Seed | None = None
    to_direction: Direction = "east"
    to_view: View = "side"
    view_change: int | None = Field(
        default=None, ge=-90, le=90, description="Degrees the camera rises (+) or sinks."
    )


class RotateResponse(BaseModel):
    image: Base64Image
    usage: Usage | None = None


class AnimateWithTextV3Request(StrictModel):
    """Any sprite animated by a text action: N + 1 frames, the first the sprite itself."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {"first_frame": _img(32, 32), "action": "walk", "frame_count": 8}
        },
    )

    first_frame: Base64Image = Field(description="At most 256x256.")
    action: str = Field(min_length=1, max_length=1000)
    drift_threshold: float | None = Field(
        default=None, ge=0, description="Pixels the subject's centre may drift from frame 0."
    )
    enhance_prompt: bool = Field(default=False, description="+0.05 generations.")
    frame_count: int = Field(
        default=8, ge=4, le=16, multiple_of=2, description="Even, 4-16; w*h*frames <= 524288."
    )
    last_frame: Base64Image | None = Field(default=None, description="first_frame's size.")
    no_background: bool | None = _NO_BG
    seed: Seed | None = 0


class AnimateWithTextV3Response(BaseModel):
    background_job_id: str
    enhance_usage: Usage | None = None
    enhanced_prompt: str | None = None
    status: str = "processing"
    usage: Usage | None = None


class AnimatePixminimaxRequest(StrictModel):
    """Any sprite animated by a description: frame_count + 1 frames, the first the sprite."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {"first_frame": _img(32, 32), "description": "idle", "frame_count": 4}
        },
    )

    first_frame: Base64Image = Field(description="At most 256x256.")
    description: str = Field(min_length=1, max_length=2000)
    direction: Direction | None = Field(default=None, description="The way the sprite faces.")
    drift_threshold: float | None = Field(default=None, ge=0)
    enhance_prompt: bool = Field(default=False, description="+0.05 generations.")
    frame_count: int = Field(default=8, ge=4, le=40, multiple_of=4)
    last_frame: Base64Image | None = None
    no_background: bool | None = _NO_BG
    seed: Seed | None = None


class AnimatePixminimaxResponse(AnimateWithTextV3Response):
    pass


class InterpolationV2Request(StrictModel):
    """In-betweens from start_image to end_image, by poses, not by fading pixels."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "start_image": {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                "end_image": {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                "action": "jump",
                "image_size": {"width": 32, "height": 32},
            }
        },
    )

    start_image: KeyframeImage
    end_image: KeyframeImage
    action: str = Field(min_length=1, max_length=500)
    image_size: InterpolationImageSize = Field(description="Both key frames' size.")
    no_background: bool | None = True
    seed: Seed | None = None


class InterpolationV2Response(BaseModel):
    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None


class EditAnimationV2Request(StrictModel):
    """One edit applied alike to every frame of an animation."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "description": "make the shirt red",
                "frames": [
                    {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                    {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                ],
                "image_size": {"width": 32, "height": 32},
            }
        },
    )

    description: str = Field(min_length=1, max_length=2000)
    frames: list[FrameImage] = Field(
        min_length=2,
        max_length=16,
        description="2-16 frames of image_size: up to 16 at 16-64 px, 9 at 65-80, 4 above.",
    )
    image_size: EditAnimationImageSize
    no_background: bool | None = False
    seed: Seed | None = None


class EditAnimationV2Response(BaseModel):
    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None


class TransferOutfitV2Request(StrictModel):
    """The reference's clothes put on every frame."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "reference_image": {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                "frames": [
                    {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                    {"image": _img(32, 32), "size": {"width": 32, "height": 32}},
                ],
                "image_size": {"width": 32, "height": 32},
            }
        },
    )

    reference_image: FrameImage
    frames: list[FrameImage] = Field(
        min_length=2,
        max_length=16,
        description="Frames of image_size: up to 15 at 32-64 px, 8 at 65-80, 3 above.",
    )
    image_size: TransferOutfitImageSize
    additional_instructions: str | None = Field(
        default=None, max_length=2000, description="Recolours after the transfer ('red boots')."
    )
    no_background: bool | None = None
    seed: Seed | None = None


class TransferOutfitV2Response(BaseModel):
    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None
