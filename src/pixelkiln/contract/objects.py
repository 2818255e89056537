"""Objects and map objects: 1-direction objects (candidates and their review), 8-direction
objects, pro-flash objects, the object library (states, animations, tags, exports) and
map objects that expire.

Objects persist with stable public URLs. Only ``create-1-direction-object`` answers with
several candidates; their count comes from the size (at most 42 px: 64, at most 85: 16,
at most 170: 4, above: 1) and cannot be requested. Map objects are one-off transparent
props, cheaper than objects, deleted 8 hours after they were made.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pixelkiln.contract.common import Base64Image, Seed, StrictModel, Usage

__all__ = [
    "ANIMATION_DIRECTIONS",
    "AnimateObjectRequest",
    "AnimateObjectResponse",
    "Create1DirectionObjectRequest",
    "Create1DirectionObjectResponse",
    "Create8DirectionObjectRequest",
    "Create8DirectionObjectResponse",
    "CreateMapObjectRequest",
    "CreateMapObjectResponse",
    "CreateObjectProFlashRequest",
    "CreateObjectProFlashResponse",
    "CreateObjectStateRequest",
    "CreateObjectStateResponse",
    "DeleteAnimationResponse",
    "DeleteObjectResponse",
    "DirectionSubmission",
    "DismissReviewRequest",
    "DismissReviewResponse",
    "GetMapObjectResponse",
    "MapObjectImageSize",
    "MaskInpainting",
    "ObjectAnimationDirection",
    "ObjectAnimationGroup",
    "ObjectDetail",
    "ObjectRotationUrls",
    "ObjectSize",
    "ObjectSummary",
    "ObjectView",
    "ObjectsListResponse",
    "OvalInpainting",
    "ProFlashImageSize",
    "ProFlashReferenceImage",
    "ProFlashStyleOptions",
    "RectangleInpainting",
    "SelectObjectFramesRequest",
    "SelectObjectFramesResponse",
    "StyleReferenceImage",
    "UpdateObjectTagsRequest",
    "UpdateObjectTagsResponse",
]

ObjectView = Literal["low top-down", "high top-down", "side"]
Direction = Literal[
    "south", "south-west", "west", "north-west", "north", "north-east", "east", "south-east"
]
ANIMATION_DIRECTIONS: tuple[str, ...] = (
    "south",
    "south-west",
    "west",
    "north-west",
    "north",
    "north-east",
    "east",
    "south-east",
)


class StyleReferenceImage(Base64Image):
    """A style image (same shape as a Base64Image): its palette, outline and shading steer
    the result. At most 256 x 256 pixels."""


# --- 1-direction objects ------------------------------------------------------------


class Create1DirectionObjectRequest(StrictModel):
    """One object seen from one direction, or several candidates of it to choose from.

    The number of candidates follows the effective size (``size``, or the largest style
    image): at most 42 px gives 64, at most 85 gives 16, at most 170 gives 4, above 1.
    With more than one the object enters ``review``: pick candidates with
    ``POST /objects/{id}/select-frames`` (or close it with ``dismiss-review``). A single
    candidate is kept at once. Candidates are different objects of the described kind
    ("forest pack": different trees), each drawn in the request's view.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "forest pack", "size": 64, "view": "top-down"},
                {"description": "wooden treasure chest", "size": 128},
                {
                    "description": "potion bottles",
                    "size": 32,
                    "item_descriptions": ["red health potion", "blue mana potion"],
                },
            ]
        },
    )

    description: str = Field(
        min_length=1, max_length=2000, description="What to draw (a kind of object, or a pack)."
    )
    item_descriptions: list[str] | None = Field(
        default=None,
        description=(
            "One description per candidate (the first ones); the rest are drawn from "
            "`description`. At most as many as there are candidates."
        ),
    )
    size: int | None = Field(
        default=None,
        ge=16,
        le=256,
        description="Canvas size in pixels (square; default 64). Not with `style_images`.",
    )
    style_images: list[StyleReferenceImage] | None = Field(
        default=None,
        description=(
            "Images whose palette, outline and shading the objects take; the largest sets "
            "the size. At most 8 (size up to 85), 4 (up to 170) or 1; each at most 256 px."
        ),
    )
    view: Literal["top-down", "sidescroller"] = Field(
        default="top-down", description="top-down (seen from above at 35 degrees) or side."
    )


class Create1DirectionObjectResponse(BaseModel):
    """The object was queued; poll ``GET /objects/{object_id}``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "object_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "n_frames": 16,
                "status": "queued",
                "usage": {"type": "generations", "generations": 20, "usd": 0.0},
            }
        }
    )

    background_job_id: str
    object_id: str
    n_frames: int = Field(description="How many candidates will be drawn.")
    status: str = "queued"
    usage: Usage | None = None


class SelectObjectFramesRequest(StrictModel):
    """Candidates of a review object to keep as completed objects."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"common_tag": "forest-pack", "indices": [0, 3, 7]}},
    )

    indices: list[int] = Field(description="0-based indices of the candidates to keep.")
    common_tag: str | None = Field(default=None, description="A tag given to every object created.")


class SelectObjectFramesResponse(BaseModel):
    """The ids of the objects made from the chosen candidates, in the order asked."""

    created_object_ids: list[str]
    usage: Usage | None = None


class DismissReviewRequest(StrictModel):
    """``dismiss-review`` takes no body (this empty model prices it in the playground)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"example": {}})


class DismissReviewResponse(BaseModel):
    """The review is closed: its candidates are deleted."""

    usage: Usage | None = None


# --- 8-direction objects --------------------------------------------------------------


class Create8DirectionObjectRequest(StrictModel):
    """One object drawn facing the 8 directions, on one canvas and one palette.

    ``reference_image`` turns a picture into the object's south view (kept byte for byte)
    and draws the other 7 from the description, in the picture's colours and size.
    ``style_image`` gives its palette, outline and shading (and its size);
    ``style_object_id`` reuses the style of one of your completed 8-direction objects.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "wooden barrel", "size": 64, "view": "low top-down"},
                {"description": "stone well", "size": 96, "view": "high top-down"},
            ]
        },
    )

    description: str = Field(min_length=1, max_length=2000, description="What to draw.")
    reference_image: Base64Image | None = Field(
        default=None,
        description=(
            "The object seen from the south (16-168 px a side); its size is the canvas. "
            "Not with `style_image` or `size`."
        ),
    )
    size: int | None = Field(
        default=None,
        ge=24,
        le=168,
        description="Canvas size (square; default 64). Use a 1-direction object for 16 px.",
    )
    style_image: Base64Image | None = Field(
        default=None,
        description=(
            "Palette, outline and shading to follow; its larger side (24-168 px) is the "
            "size. Not with `reference_image` or `size`."
        ),
    )
    style_object_id: str | None = Field(
        default=None,
        description=(
            "A completed 8-direction object whose style (palette, outline, shading, "
            "detail) is reused. A size smaller than its drawn content fails the job."
        ),
    )
    view: ObjectView = Field(default="low top-down", description="Camera view.")


class Create8DirectionObjectResponse(BaseModel):
    """The object was queued; poll ``GET /objects/{object_id}``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "object_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "status": "queued",
                "usage": {"type": "generations", "generations": 20, "usd": 0.0},
            }
        }
    )

    background_job_id: str
    object_id: str
    status: str = "queued"
    usage: Usage | None = None


# --- pro-flash objects ----------------------------------------------------------------


class ProFlashImageSize(StrictModel):
    """A pro-flash canvas: 16-256 px a side, in multiples of 4."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 64, "height": 64}}
    )

    width: int = Field(ge=16, le=256, multiple_of=4)
    height: int = Field(ge=16, le=256, multiple_of=4)


class ProFlashReferenceImage(StrictModel):
    """A style reference: the image and its size."""

    model_config = ConfigDict(extra="forbid")

    image: Base64Image
    size: ProFlashImageSize
    usage_description: str | None = Field(
        default=None, max_length=500, description="What to take from it (informative)."
    )


class ProFlashStyleOptions(StrictModel):
    """What to copy from the style image."""

    model_config = ConfigDict(extra="forbid")

    color_palette: bool = True
    detail: bool = True
    outline: bool = True
    shading: bool = True


class CreateObjectProFlashRequest(StrictModel):
    """An object in 1 or 8 directions, billed in stages (``billing_stages`` on the job).

    The first (south) image costs 5 generations; the other 7 directions
    ``ceil(w*h*8/65536)``; finishing a 1-direction object is free. A ``first_frame`` you
    send, or a paid pro-flash image (``source_image_id``), skips the first stage.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "glowing blue crystal", "n_directions": 8},
                {
                    "description": "oak tree",
                    "n_directions": 1,
                    "image_size": {"width": 96, "height": 96},
                    "view": "high top-down",
                },
            ]
        },
    )

    description: str = Field(min_length=1, max_length=2000)
    first_frame: Base64Image | None = Field(
        default=None,
        description="The south image (not with `source_image_id`); kept byte for byte.",
    )
    first_frame_direction: Literal["south"] = "south"
    image_size: ProFlashImageSize | None = Field(
        default=None, description="Canvas (default 64 x 64, or the first frame's size)."
    )
    n_directions: Literal[1, 8] = 8
    name: str = Field(default="", max_length=200)
    seed: Seed = 0
    source_image_id: str | None = Field(
        default=None, min_length=1, description="A completed pro-flash image of yours to reuse."
    )
    style_image: ProFlashReferenceImage | None = None
    style_options: ProFlashStyleOptions | None = None
    view: ObjectView = "low top-down"


class CreateObjectProFlashResponse(BaseModel):
    """Queued: ``estimated_generations`` is what was charged, itemised on the job."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "object_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "status": "processing",
                "estimated_generations": 6,
                "first_direction_generated": True,
                "usage": {"type": "generations", "generations": 6, "usd": 0.0},
            }
        }
    )

    background_job_id: str
    object_id: str
    status: str
    estimated_generations: int
    first_direction_generated: bool = Field(
        description="Whether the first image is drawn (false when one was sent or reused)."
    )
    usage: Usage | None = None


# --- library ----------------------------------------------------------------------------


class ObjectSize(BaseModel):
    width: int
    height: int


class ObjectRotationUrls(BaseModel):
    """Public URLs of the 8 rotations; all null for a 1-direction object (see
    ``storage_urls['unknown']``)."""

    model_config = ConfigDict(populate_by_name=True)

    south: str | None = None
    west: str | None = None
    east: str | None = None
    north: str | None = None
    north_east: str | None = Field(default=None, alias="north-east")
    north_west: str | None = Field(default=None, alias="north-west")
    south_east: str | None = Field(default=None, alias="south-east")
    south_west: str | None = Field(default=None, alias="south-west")


class ObjectAnimationDirection(BaseModel):
    """One direction of an animation (``unknown`` on a 1-direction object)."""

    direction: str
    created_at: str
    storage_urls: dict[str, list[str]] = Field(
        default_factory=dict, description='{"frames": [url, ...]} once drawn.'
    )
    status: str | None = Field(default=None, description="processing | completed | failed")


class ObjectAnimationGroup(BaseModel):
    """An animation: its group id (pass it to extend the animation) and its directions."""

    animation_group_id: str
    description: str
    frame_count: int
    directions: list[ObjectAnimationDirection]
    display_name: str | None = None
    animation_type: str | None = Field(
        default=None, description="The motion it was read as (open, sway, flicker...)."
    )


class ObjectDetail(BaseModel):
    """An object: its images, animations, tags and status."""

    id: str
    prompt: str
    size: ObjectSize
    directions: int = Field(description="1 or 8 (review objects are 1-direction).")
    created_at: str
    rotation_urls: ObjectRotationUrls
    animations: list[ObjectAnimationGroup] = Field(default_factory=list)
    eta_seconds: int | None = None
    frame_urls: list[str] | None = Field(
        default=None, description="Candidates while status is review (pass indices on)."
    )
    group_id: str | None = None
    name: str | None = None
    progress_percent: int | None = Field(default=None, description="None when completed.")
    state_name: str | None = None
    status: str | None = Field(
        default=None, description="pending | processing | completed | review | failed"
    )
    storage_urls: dict[str, str] = Field(default_factory=dict)
    style_settings: dict[str, object] | None = None
    tags: list[str] = Field(default_factory=list)
    view: str | None = None


class ObjectSummary(BaseModel):
    """One object in the list."""

    id: str
    prompt: str
    size: ObjectSize
    directions: int
    created_at: str
    name: str | None = None
    preview_url: str | None = Field(
        default=None, description="The south image, or 'unknown' of a 1-direction object."
    )
    state_name: str | None = None
    status: str | None = None
    tags: list[str] = Field(default_factory=list)
    view: str | None = None


class ObjectsListResponse(BaseModel):
    """A page of the caller's objects, newest first; ``total`` counts them all."""

    objects: list[ObjectSummary]
    total: int
    usage: Usage | None = None


class DeleteObjectResponse(BaseModel):
    success: bool
    error: str | None = None
    object_id: str | None = None
    usage: Usage | None = None


class UpdateObjectTagsRequest(BaseModel):
    """The object's new tags (replacing the old): trimmed, empty ones dropped, repeats
    removed case-insensitively; at most 20, each at most 50 characters."""

    model_config = ConfigDict(
        strict=True, json_schema_extra={"example": {"tags": ["forest", "props"]}}
    )

    tags: list[str] = Field(max_length=20)


class UpdateObjectTagsResponse(BaseModel):
    tags: list[str]
    usage: Usage | None = None


class DeleteAnimationResponse(BaseModel):
    success: bool
    deleted_count: int = 0
    error: str | None = None
    label: str | None = None
    storage_errors: int = 0
    usage: Usage | None = None


# --- states -------------------------------------------------------------------------------


class CreateObjectStateRequest(StrictModel):
    """A state of an object ("open", "broken", "lit", "covered in snow", "make it red"):
    a new object in the same group, drawn in the same directions, size and style."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"edit_description": "open"},
                {"edit_description": "covered in snow", "state_name": "snowy"},
            ]
        },
    )

    edit_description: str = Field(min_length=1, max_length=1000)
    seed: Seed | None = None
    state_name: str | None = Field(
        default=None, max_length=100, description="Default: the edit, cut to 20 characters."
    )


class CreateObjectStateResponse(BaseModel):
    background_job_id: str
    object_id: str
    status: str = "queued"
    usage: Usage | None = None


# --- animations ---------------------------------------------------------------------------


class AnimateObjectRequest(StrictModel):
    """An animation of an object, one job per direction.

    Props move as props do: a chest or door opens, a flame flickers, a flag waves, a
    tree sways, a coin spins, a crystal pulses (and any of them idles). The description
    is read into one of the object's motions; one it cannot do is a 400 naming those it
    can.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"animation_description": "the lid opens", "frame_count": 8, "mode": "v3"},
                {
                    "animation_description": "swaying in the wind",
                    "directions": ["south", "east"],
                    "frame_count": 8,
                },
            ]
        },
    )

    animation_description: str | None = Field(default=None, min_length=1, max_length=1000)
    animation_group_id: str | None = Field(
        default=None, description="Extend this animation (its description is inherited)."
    )
    custom_start_frame: Base64Image | None = Field(
        default=None,
        description="v3: the first frame (its size becomes the canvas); one direction only.",
    )
    directions: list[Direction] | None = Field(
        default=None,
        description="Omit for a 1-direction object; default all 8 (or the missing ones).",
    )
    display_name: str | None = Field(default=None, max_length=200)
    end_frame: Base64Image | None = Field(
        default=None, description="v3: the last frame to reach; one direction only."
    )
    enhance_prompt: bool = Field(
        default=False, description="v3: spell out the motion read (+0.05 generations)."
    )
    frame_count: int | None = Field(
        default=None,
        description=(
            "v3: even, 4-16 (default 8; one more frame is stored when keep_first_frame). "
            "pro: 16 up to 64 px; 4, 9 or 16 up to 128 px; 9 up to 170 px."
        ),
    )
    keep_first_frame: bool = Field(default=True, description="v3: store the start frame too.")
    mode: Literal["pro", "v3"] = Field(
        default="v3", description="v3: 1 generation a direction; pro: 20-40 a direction."
    )
    replace_existing: bool = Field(
        default=False, description="Redraw directions already animated (else 409)."
    )


class DirectionSubmission(BaseModel):
    direction: str
    status: Literal["queued", "rate_limited"]
    animation_id: str | None = None
    background_job_id: str | None = None


class AnimateObjectResponse(BaseModel):
    animation_group_id: str
    mode: Literal["pro", "v3"]
    frame_count: int
    description: str
    object_id: str
    submissions: list[DirectionSubmission]
    display_name: str | None = None
    enhance_usage: Usage | None = None
    enhanced_prompt: str | None = None
    usage: Usage | None = None


# --- map objects --------------------------------------------------------------------------


class MapObjectImageSize(StrictModel):
    """The map object's canvas: 32-400 px a side, at most 400 x 400 in area (192 x 192
    when inpainting)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 128, "height": 128}}
    )

    width: int = Field(ge=32, le=400)
    height: int = Field(ge=32, le=400)


class MaskInpainting(StrictModel):
    """Draw the object where the mask is white (black is the background kept)."""

    model_config = ConfigDict(extra="forbid")

    mask_image: Base64Image
    type: Literal["mask"] = "mask"


class OvalInpainting(StrictModel):
    """Draw the object in a centred oval covering ``fraction`` of the canvas."""

    model_config = ConfigDict(extra="forbid")

    fraction: float = Field(default=0.3, ge=0.05, le=0.95)
    type: Literal["oval"] = "oval"


class RectangleInpainting(StrictModel):
    """Draw the object in a centred rectangle covering ``fraction`` of the canvas."""

    model_config = ConfigDict(extra="forbid")

    fraction: float = Field(default=0.3, ge=0.05, le=0.95)
    type: Literal["rectangle"] = "rectangle"


class CreateMapObjectRequest(StrictModel):
    """A one-off prop with a transparent background, for a map.

    ``background_image`` matches its style (palette pulled toward the scene's colours,
    outline as the scene draws them); with ``inpainting`` the object is drawn into the
    masked part of that background, which must then be the canvas (its size), and the
    PNG keeps every unmasked pixel transparent, so laid over the background it leaves
    the scene untouched outside the mask.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "wooden treasure chest",
                    "detail": "medium detail",
                    "image_size": {"width": 128, "height": 128},
                    "outline": "single color outline",
                    "shading": "medium shading",
                    "view": "high top-down",
                },
                {"description": "mossy boulder", "image_size": {"width": 64, "height": 64}},
            ]
        },
    )

    description: str = Field(min_length=1, max_length=2000)
    background_image: Base64Image | None = Field(
        default=None, description="A scene to match (required with inpainting)."
    )
    color_image: Base64Image | None = Field(
        default=None, description="Forced palette: every colour is one of its colours."
    )
    detail: Literal["low detail", "medium detail", "high detail"] | None = "medium detail"
    image_size: MapObjectImageSize = Field(
        default_factory=lambda: MapObjectImageSize(width=128, height=128),
        description="Canvas (default 128 x 128); with inpainting the background's size is.",
    )
    init_image: Base64Image | None = Field(default=None, description="An image to start from.")
    init_image_strength: int = Field(
        default=300, ge=1, le=999, description="How much of the init image survives."
    )
    inpainting: MaskInpainting | OvalInpainting | RectangleInpainting | None = None
    outline: Literal["single color outline", "selective outline", "lineless"] | None = (
        "single color outline"
    )
    seed: Seed | None = None
    shading: (
        Literal["flat shading", "basic shading", "medium shading", "detailed shading"] | None
    ) = "medium shading"
    text_guidance_scale: float = Field(default=8.0, ge=1.0, le=20.0)
    view: ObjectView = "high top-down"


class CreateMapObjectResponse(BaseModel):
    """Queued: poll ``GET /map-objects/{object_id}`` (423 while it is drawn)."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "object_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "status": "processing",
                "usage": {"type": "generations", "generations": 1, "usd": 0.0},
            }
        }
    )

    background_job_id: str
    object_id: str
    status: str = "processing"
    usage: Usage | None = None


class MapObjectPlacement(BaseModel):
    """Where the object sits on the background (inpainting): its box in pixels."""

    x: int
    y: int
    width: int
    height: int


class GetMapObjectResponse(BaseModel):
    """A finished map object: a key-free PNG URL (deleted 8 hours after creation)."""

    status: str = Field(description="completed (a 423 answers while it is drawn)")
    object_id: str
    created_at: str | None = None
    description: str | None = None
    download_url: str | None = Field(default=None, description="The transparent PNG, no key.")
    height: int | None = None
    width: int | None = None
    view: str | None = None
    expires_at: str | None = Field(default=None, description="When it and its files go.")
    composite_url: str | None = Field(
        default=None, description="Inpainting: the background with the object drawn in."
    )
    placement: MapObjectPlacement | None = None
    usage: Usage | None = None
