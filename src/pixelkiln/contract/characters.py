"""Characters: creation (4 and 8 directions, v3, Pro, Pro Flash, states), animation, the
character library and its exports.

Shapes follow the published contract field by field (names, enums, defaults, bounds).
Where it leaves things open, the choices are written on the fields and in
``docs/families/characters.md``. Responses carry a few additions a client may ignore:
the animation response names its ``character_id``, ``animation_group_id`` and total
``usage``; an animation direction reports its ``status``; a character reports the
``image_size`` it was asked for beside the canvas ``size`` its images have.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from pixelkiln.contract.common import Base64Image, Seed, StrictModel, Usage

# One contract, one schema: the Pro Flash types and the animation deletion answer are
# shared with the objects family (defined there first).
from pixelkiln.contract.objects import (
    DeleteAnimationResponse,
    ProFlashImageSize,
    ProFlashReferenceImage,
    ProFlashStyleOptions,
)

__all__ = [
    "CHARACTER_DIRECTIONS",
    "PROPORTION_PRESETS",
    "TEMPLATE_IDS",
    "AnimationDirection",
    "AnimationGroup",
    "CharacterDetail",
    "CharacterImageSize",
    "CharacterProportions",
    "CharacterProportionsPreset",
    "CharacterRotationUrls",
    "CharacterSize",
    "CharacterSummary",
    "CharactersListResponse",
    "CreateCharacterAnimationRequest",
    "CreateCharacterAnimationResponse",
    "CreateCharacterProFlashRequest",
    "CreateCharacterProFlashResponse",
    "CreateCharacterProRequest",
    "CreateCharacterProResponse",
    "CreateCharacterStateRequest",
    "CreateCharacterStateResponse",
    "CreateCharacterV3Request",
    "CreateCharacterV3Response",
    "CreateCharacterWith4DirectionsRequest",
    "CreateCharacterWith4DirectionsResponse",
    "CreateCharacterWith8DirectionsRequest",
    "CreateCharacterWith8DirectionsResponse",
    "DeleteAnimationResponse",
    "DeleteCharacterResponse",
    "FrameSize",
    "ProFlashImageSize",
    "ProFlashReferenceImage",
    "ProFlashStyleOptions",
    "ProImageSize",
    "UpdateTagsRequest",
    "UpdateTagsResponse",
    "V3OutputImageSize",
]

#: The contract's 8 directions, clockwise from south (south faces the viewer).
CHARACTER_DIRECTIONS = (
    "south",
    "south-east",
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
)
#: Body plans a character can be built on (a quadruped template appends "on all fours").
TEMPLATE_IDS = ("mannequin", "bear", "cat", "dog", "horse", "lion")
PROPORTION_PRESETS = (
    "default",
    "chibi",
    "cartoon",
    "stylized",
    "realistic_male",
    "realistic_female",
    "heroic",
)

Direction = Literal[
    "south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west"
]
CharacterOutline = Literal[
    "single color black outline", "single color outline", "selective outline", "lineless"
]
CharacterShading = Literal["flat shading", "basic shading", "medium shading", "detailed shading"]
#: ``high detail`` is the contract's spelling here; ``highly detailed`` (the style enum
#: elsewhere) is accepted too and means the same.
CharacterDetailLevel = Literal["low detail", "medium detail", "high detail", "highly detailed"]
CharacterView = Literal["low top-down", "high top-down", "side"]
ProFlashTemplate = Literal["mannequin", "bear", "cat", "dog", "horse", "lion", "custom"]

_DESCRIPTION = Field(
    min_length=1,
    max_length=2000,
    description=(
        "What the character is: 'orc knight with a red cape', 'a black cat', 'wizard in a "
        "blue robe holding a staff'. Colours, garments, held items and conditions "
        "(damaged, glowing, frozen) are read; a creature word builds that creature, not "
        "a person in costume."
    ),
)


def _template(value: str | None) -> str | None:
    if value is not None and value not in TEMPLATE_IDS:
        msg = f"Template not found: {value!r} (templates: {', '.join(TEMPLATE_IDS)})"
        raise ValueError(msg)
    return value


class CharacterImageSize(StrictModel):
    """The character's size, 16-128 px per side; standard bases draw on a canvas 28 px
    larger (64 gives 92) so raised weapons and animations have room."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 64, "height": 64}}
    )

    width: int = Field(ge=16, le=128, description="Width in pixels (16-128).")
    height: int = Field(ge=16, le=128, description="Height in pixels (16-128).")


class ProImageSize(StrictModel):
    """Pro character size, 32-168 px per side (the 8 rotations share a square canvas)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 64, "height": 64}}
    )

    width: int = Field(ge=32, le=168)
    height: int = Field(ge=32, le=168)


class V3OutputImageSize(StrictModel):
    """v3 size, 32-256 px per side (advisory with a reference image: its size is used)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 64, "height": 64}}
    )

    width: int = Field(ge=32, le=256)
    height: int = Field(ge=32, le=256)


class FrameSize(StrictModel):
    """A frame size, multiples of 4 from 32 to 256 px."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 96, "height": 96}}
    )

    width: int = Field(ge=32, le=256, multiple_of=4)
    height: int = Field(ge=32, le=256, multiple_of=4)


class CharacterProportionsPreset(StrictModel):
    """A proportions preset: ``default`` (4 heads; 3 at 40 px and below, 2.5 at 24; it
    leaves proportion words of the description in charge, as omitting it does),
    ``chibi`` 2.4, ``cartoon`` 3.1, ``stylized`` 5, ``realistic_male`` and
    ``realistic_female`` 7, ``heroic`` 7.5 heads with broad shoulders."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"type": "preset", "name": "default"}}
    )

    type: Literal["preset"] = "preset"
    name: Literal[
        "default", "chibi", "cartoon", "stylized", "realistic_male", "realistic_female", "heroic"
    ] = "default"


class CharacterProportions(StrictModel):
    """Custom proportions: multipliers of the default figure, each 0.5-2.0."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"type": "custom", "head_size": 1.4, "legs_length": 0.8}},
    )

    type: Literal["custom"] = "custom"
    arms_length: float = Field(default=1.0, ge=0.5, le=2.0)
    head_size: float = Field(default=1.0, ge=0.5, le=2.0, description="Recommended up to 1.7.")
    hip_width: float = Field(default=1.0, ge=0.5, le=2.0)
    legs_length: float = Field(default=1.0, ge=0.5, le=2.0)
    shoulder_width: float = Field(default=1.0, ge=0.5, le=2.0)


def _typed_proportions(value: Any) -> Any:
    """Name the variant where ``type`` is left out (both variants default it), as the
    schema's ``oneOf`` reads such a body: a ``name`` is a preset, a multiplier custom.
    ``{}`` matches both, so it stays untagged and is refused."""
    if isinstance(value, dict) and "type" not in value:
        if "name" in value:
            return {**value, "type": "preset"}
        if set(value) & set(CharacterProportions.model_fields):
            return {**value, "type": "custom"}
    return value


Proportions = Annotated[
    CharacterProportionsPreset | CharacterProportions,
    Field(discriminator="type"),
    BeforeValidator(_typed_proportions),
]


_EXAMPLE_4 = {
    "description": "orc knight with a red cape",
    "image_size": {"width": 48, "height": 48},
    "seed": 7,
}


class CreateCharacterWith4DirectionsRequest(StrictModel):
    """A character drawn facing south, west, east and north.

    ``directions`` reference images (keys ``south``, ``east``, ``north``, ``west``) must
    be exactly ``image_size``; ``south`` is required when any is given, quadruped
    templates also need ``east``, and ``isometric`` characters all four. The references
    are kept pixel for pixel in their directions (in the inner ``image_size`` box of the
    canvas); the other directions are drawn from a model fitted to the south reference
    (its height, head size, limb widths and colours), so ``proportions`` is ignored.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                _EXAMPLE_4,
                {
                    "description": "a black cat",
                    "image_size": {"width": 48, "height": 48},
                    "template_id": "cat",
                },
                {
                    "description": "wizard in a blue robe holding a staff",
                    "image_size": {"width": 64, "height": 64},
                    "proportions": {"type": "preset", "name": "chibi"},
                    "outline": "selective outline",
                    "shading": "medium shading",
                },
            ]
        },
    )

    description: str = _DESCRIPTION
    image_size: CharacterImageSize
    async_mode: Literal[True] | None = Field(
        default=True, description="Always a background job (only true is accepted)."
    )
    color_image: Base64Image | None = Field(
        default=None,
        description=(
            "Palette image. With force_colors every pixel of every direction uses only its "
            "colours; without, its commonest colours repaint the character's clothes."
        ),
    )
    detail: CharacterDetailLevel | None = Field(default="medium detail")
    directions: dict[Direction, Base64Image] | None = Field(
        default=None, description="Reference images by direction (see above)."
    )
    force_colors: bool | None = Field(default=False, description="Force color_image's palette.")
    isometric: bool | None = Field(default=False, description="Draw in the isometric projection.")
    outline: CharacterOutline | None = Field(default="single color black outline")
    output_type: Literal["dict"] | None = Field(default="dict")
    proportions: Proportions | None = Field(
        default=None, description="A preset or custom multipliers (bipeds only)."
    )
    seed: Seed | None = Field(
        default=None, description="Seed; omitted, one is derived from the request."
    )
    shading: CharacterShading | None = Field(default="basic shading")
    template_id: str | None = Field(
        default="mannequin",
        description="Body plan: mannequin (biped) or the quadrupeds bear, cat, dog, horse, lion.",
    )
    text_guidance_scale: float | None = Field(
        default=8.0,
        ge=1.0,
        le=20.0,
        description="Recorded with the character (its detail's `guidance`); the drawing "
        "follows the description's words exactly at any value.",
    )
    view: Literal["side", "low top-down", "high top-down", "perspective"] | None = Field(
        default="low top-down",
        description="Camera: side, low top-down (about 20 degrees), high top-down (35); "
        "perspective is drawn as high top-down.",
    )

    @field_validator("template_id")
    @classmethod
    def _known_template(cls, v: str | None) -> str | None:
        return _template(v)


class CreateCharacterWith8DirectionsRequest(CreateCharacterWith4DirectionsRequest):
    """A character drawn in all 8 directions, clockwise from south.

    ``mode``: ``standard`` (1 generation) or ``pro`` (20-40 by size: a square canvas,
    selective outline, detailed shading and high detail; it ignores outline, shading,
    detail, proportions and text_guidance_scale, and takes no reference directions).
    Reference ``directions`` may use all 8 keys.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                _EXAMPLE_4,
                {
                    "description": "knight in silver armor with a blue cape",
                    "image_size": {"width": 64, "height": 64},
                    "mode": "pro",
                    "seed": 3,
                },
            ]
        },
    )

    mode: Literal["standard", "pro"] | None = Field(default="standard")


class CreateCharacterV3Request(StrictModel):
    """A character in 8 rotations, from a description, or from a south-facing
    ``reference_image`` that stays the south sprite pixel for pixel (the other
    directions are drawn from a model fitted to it: its height, head size, limb widths
    and the colours of each body region; its canvas is the reference's size)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "elf archer in green", "image_size": {"width": 64, "height": 64}},
                {
                    "description": "dwarf miner with a pickaxe",
                    "enhance_prompt": True,
                    "seed": 4,
                },
            ]
        },
    )

    description: str = _DESCRIPTION
    detail: CharacterDetailLevel | None = Field(
        default="medium detail", description="From scratch only."
    )
    enhance_prompt: bool = Field(
        default=False,
        description="Spell out what was understood (returned as enhanced_prompt, +0.05 "
        "generations); from scratch only (422 with a reference_image).",
    )
    image_size: V3OutputImageSize | None = Field(
        default=None, description="32-256 px, default 64x64; non-square is padded to square."
    )
    name: str | None = Field(
        default=None, max_length=200, description="Default: the description's first 50 characters."
    )
    no_background: bool | None = Field(
        default=True, description="False draws the character on a flat backdrop."
    )
    outline: CharacterOutline | None = Field(default="single color black outline")
    reference_image: Base64Image | None = Field(
        default=None, description="South-facing sprite, at most 256x256 (see above)."
    )
    seed: Seed | None = None
    template_id: str = Field(default="mannequin", description="Body plan (as for 4 directions).")
    view: CharacterView = "low top-down"

    @field_validator("template_id")
    @classmethod
    def _known_template(cls, v: str | None) -> str | None:
        return _template(v)


class CreateCharacterProRequest(StrictModel):
    """A Pro character in 8 rotations on a square canvas.

    ``method``: ``create_with_style`` (from the description, in the style of
    ``reference_image`` or of ``style_character_id``: its palette, outline and shading),
    ``create_from_concept`` (``concept_image`` required: its colours dress the figure),
    ``rotate_character`` (``reference_image`` required: it is the south sprite, pixel for
    pixel, and the other directions come from a model fitted to it).
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "samurai in red lacquered armor",
                    "image_size": {"width": 64, "height": 64},
                },
                {
                    "description": "ranger with a green hood",
                    "image_size": {"width": 64, "height": 64},
                    "style_description": "selective outline, flat shading",
                },
            ]
        },
    )

    description: str = _DESCRIPTION
    image_size: ProImageSize
    concept_image: Base64Image | None = Field(default=None, description="At most 1024x1024.")
    method: Literal["create_with_style", "create_from_concept", "rotate_character"] = (
        "create_with_style"
    )
    no_background: bool | None = True
    reference_image: Base64Image | None = Field(default=None, description="At most 168x168.")
    seed: Seed | None = None
    style_character_id: str | None = Field(
        default=None, description="A completed 8-direction character whose style to follow."
    )
    style_description: str | None = Field(
        default=None,
        max_length=2000,
        description="Style words: outline (black, coloured, selective, lineless), shading "
        "(flat, basic, medium, detailed), detail (low, high).",
    )
    template_id: str = Field(default="mannequin")
    view: CharacterView = "low top-down"

    @field_validator("template_id")
    @classmethod
    def _known_template(cls, v: str | None) -> str | None:
        return _template(v)


class CreateCharacterProFlashRequest(StrictModel):
    """An 8-direction character in two billed stages: the first (south) image, then the
    rotations. A ``first_frame`` (a south PNG of ``image_size``) or the
    ``source_image_id`` of a paid Pro Flash image skips the first stage: only the
    rotations are charged, and that image stays the south sprite pixel for pixel."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "pirate captain with a red coat", "seed": 5},
                {
                    "description": "a brown dog",
                    "template_id": "dog",
                    "image_size": {"width": 64, "height": 64},
                },
            ]
        },
    )

    description: str = _DESCRIPTION
    first_frame: Base64Image | None = Field(
        default=None, description="South-facing first image (not with source_image_id)."
    )
    first_frame_direction: Literal["south"] = "south"
    image_size: ProFlashImageSize | None = Field(
        default=None, description="Default 64x64 (a first_frame's own size when one is sent)."
    )
    n_directions: Literal[8] = 8
    name: str = Field(default="", max_length=200)
    seed: Seed = 0
    source_image_id: str | None = Field(
        default=None, min_length=1, description="Reuse one of your paid Pro Flash images."
    )
    style_image: ProFlashReferenceImage | None = None
    style_options: ProFlashStyleOptions | None = None
    template_id: ProFlashTemplate = Field(
        default="mannequin", description="custom: the body plan the description names."
    )
    view: CharacterView = "low top-down"


class CreateCharacterStateRequest(StrictModel):
    """A state of a character: the edit applied to its model, drawn in every direction
    it has ("make the cape blue", "holding a torch", "damaged", "without the helmet")."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "character_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "edit_description": "make the cape blue and hold a torch",
            }
        },
    )

    character_id: str
    edit_description: str = Field(min_length=1, max_length=1000)
    no_background: bool = Field(default=True, description="False: a flat backdrop.")
    override_frame_size: FrameSize | None = Field(
        default=None, description="A larger canvas (multiples of 4, at least the source's)."
    )
    seed: Seed | None = None
    state_name: str | None = Field(
        default=None, max_length=100, description="Default: the edit's first 20 characters."
    )
    use_color_palette_from_reference: bool = Field(
        default=False, description="Draw only with the source character's colours."
    )


class CreateCharacterAnimationRequest(StrictModel):
    """Animate a character: one job per direction.

    ``mode`` (default: ``template`` when template_animation_id is given, else ``v3``):
    ``template`` plays a template of the character's body plan (every direction the
    character has unless ``directions`` says; 1 generation per direction; its frame
    count is the template's); ``v3`` reads ``action_description`` as a motion of
    ``frame_count`` frames (even, 4-16; ``keep_first_frame`` prepends the standing frame,
    or ``custom_start_frame``, giving N+1; ``end_frame`` is kept as the last frame; south
    only unless ``directions`` says; 20-40 per direction by size); ``pro`` draws the
    action in 16 frames (20-40 per direction). Style fields re-style the animation
    alone: left out, it is drawn in the character's own look, so frame 0 of a template
    is its rotation image.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "character_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                    "template_animation_id": "walk",
                },
                {
                    "character_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                    "action_description": "swing the sword overhead",
                    "frame_count": 8,
                    "directions": ["south", "east"],
                },
            ]
        },
    )

    character_id: str
    action_description: str | None = Field(
        default=None, max_length=2000, description="The action (v3 and pro)."
    )
    animation_name: str | None = Field(
        default=None, max_length=100, description="Display name (default: the template id)."
    )
    async_mode: Literal[True] | None = True
    color_image: Base64Image | None = None
    custom_start_frame: Base64Image | None = Field(
        default=None, description="v3: the first frame, one direction only, the canvas size."
    )
    description: str | None = Field(
        default=None, min_length=1, max_length=2000, description="Recorded with the animation."
    )
    detail: CharacterDetailLevel | None = None
    directions: list[Direction] | None = Field(default=None, min_length=1, max_length=8)
    end_frame: Base64Image | None = Field(default=None, description="v3: the last frame.")
    enhance_prompt: bool = Field(default=False, description="v3 only; +0.05 generations.")
    force_colors: bool | None = False
    frame_count: int | None = Field(default=8, ge=4, le=16, description="v3: even, 4-16.")
    isometric: bool | None = False
    keep_first_frame: bool = True
    mode: Literal["template", "v3", "pro"] | None = None
    outline: CharacterOutline | None = None
    seed: Seed | None = None
    shading: CharacterShading | None = None
    template_animation_id: str | None = Field(
        default=None,
        description="A template of the character's body plan: walk, breathing-idle, "
        "cross-punch, running-8-frames, ... (dogs bark, horses rest-idle).",
    )
    text_guidance_scale: float | None = Field(default=8.0, ge=1.0, le=20.0)

    @field_validator("frame_count")
    @classmethod
    def _even(cls, v: int | None) -> int | None:
        if v is not None and v % 2:
            msg = "frame_count must be even (4, 6, ... 16)"
            raise ValueError(msg)
        return v


class UpdateTagsRequest(BaseModel):
    """Replace a character's tags: trimmed, empty ones dropped, repeats (ignoring case)
    dropped; at most 20 of at most 50 characters, else 400 "Invalid tag format"."""

    model_config = ConfigDict(
        strict=True, json_schema_extra={"example": {"tags": ["hero", "knight", "act 1"]}}
    )

    tags: list[str]


# Responses -------------------------------------------------------------------------------

_JOB_EXAMPLE = {
    "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
    "character_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
    "status": "processing",
    "usage": {"type": "generations", "generations": 1},
}


class _Queued(BaseModel):
    model_config = ConfigDict(json_schema_extra={"example": _JOB_EXAMPLE})

    background_job_id: str
    character_id: str = Field(description="The character's id, usable at once (pending).")
    status: str = "processing"
    usage: Usage | None = None


class CreateCharacterWith4DirectionsResponse(_Queued):
    """Queued: poll the job or ``GET /characters/{character_id}``."""


class CreateCharacterWith8DirectionsResponse(_Queued):
    """Queued: poll the job or ``GET /characters/{character_id}``."""


class CreateCharacterProResponse(_Queued):
    """Queued: the character row is ``pending`` until completed."""


class CreateCharacterV3Response(_Queued):
    """Queued; with enhance_prompt, the enhanced prompt and what it cost."""

    enhance_usage: Usage | None = None
    enhanced_prompt: str | None = None


class CreateCharacterStateResponse(_Queued):
    """The state is a new character in the source's group."""

    status: str = "queued"


class CreateCharacterProFlashResponse(BaseModel):
    """Queued; the job reports ``billing_stages`` and the combined usage."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                **_JOB_EXAMPLE,
                "estimated_generations": 6,
                "first_direction_generated": True,
                "usage": {"type": "generations", "generations": 6},
            }
        }
    )

    background_job_id: str
    character_id: str
    status: str = "processing"
    estimated_generations: int
    first_direction_generated: bool = Field(
        description="True when the first image is drawn (and billed) by this job."
    )
    usage: Usage | None = None


class CreateCharacterAnimationResponse(BaseModel):
    """One job per direction, in the order of ``directions``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_ids": ["5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f"],
                "directions": ["south"],
                "status": "processing",
                "character_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "animation_group_id": "7d1e4c2b-0a9f-4b3c-8d2e-1f0a9b8c7d6e",
                "usage": {"type": "generations", "generations": 1},
            }
        }
    )

    background_job_ids: list[str]
    directions: list[str]
    enhance_usage: Usage | None = None
    enhanced_prompt: str | None = None
    status: str = "processing"
    character_id: str | None = None
    animation_group_id: str | None = None
    usage: Usage | None = None


class CharacterSize(BaseModel):
    width: int
    height: int


class CharacterRotationUrls(BaseModel):
    """Public, key-free URLs of the rotation images (8-direction characters fill all)."""

    model_config = ConfigDict(populate_by_name=True)

    south: str
    west: str
    east: str
    north: str
    north_east: str | None = Field(default=None, alias="north-east")
    north_west: str | None = Field(default=None, alias="north-west")
    south_east: str | None = Field(default=None, alias="south-east")
    south_west: str | None = Field(default=None, alias="south-west")


class AnimationDirection(BaseModel):
    """One direction of an animation: its frames' public URLs, in order."""

    direction: str
    frame_count: int
    frames: list[str]
    status: str = Field(default="completed", description="pending | completed | failed")


class AnimationGroup(BaseModel):
    animation_type: str
    directions: list[AnimationDirection]
    animation_group_id: str | None = None
    display_name: str | None = None


class _CharacterBase(BaseModel):
    id: str
    name: str
    prompt: str
    size: CharacterSize = Field(description="The images' size (the canvas).")
    directions: int = Field(description="4 or 8")
    created_at: str
    animation_count: int
    template_id: str
    group_id: str | None = None
    state_name: str | None = None
    status: str = Field(default="completed", description="pending | completed | failed")
    tags: list[str] = Field(default_factory=list)
    updated_at: str | None = None
    view: str | None = None
    image_size: CharacterSize | None = Field(default=None, description="The requested size.")


class CharacterSummary(_CharacterBase):
    preview_url: str | None = Field(default=None, description="South sprite; null until done.")


class CharacterDetail(_CharacterBase):
    """A character: rotations, animations grouped with per-direction frames, keypoints
    (``skeletons``: direction -> 18 labelled points, x and y in 0..1), style."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "name": "orc knight with a red cape",
                "prompt": "orc knight with a red cape",
                "size": {"width": 76, "height": 76},
                "image_size": {"width": 48, "height": 48},
                "directions": 8,
                "created_at": "2026-11-23T10:30:00Z",
                "animation_count": 1,
                "template_id": "mannequin",
                "status": "completed",
                "rotation_urls": {"south": "https://host/files/ab12.png"},
                "animations": [],
                "tags": ["hero"],
                "view": "low top-down",
            }
        }
    )

    ai_freedom: int | None = None
    animations: list[AnimationGroup] = Field(default_factory=list)
    guidance: float | None = None
    rotation_urls: CharacterRotationUrls | None = None
    skeletons: dict[str, Any] | None = None
    style_settings: dict[str, Any] | None = None
    proportions: dict[str, Any] | None = Field(default=None, description="As drawn.")
    reading: dict[str, Any] | None = Field(
        default=None, description="What the description was understood to say."
    )


class CharactersListResponse(BaseModel):
    """A page of the caller's characters (states included), newest first."""

    characters: list[CharacterSummary]
    total: int
    usage: Usage | None = None


class DeleteCharacterResponse(BaseModel):
    success: bool
    animations_deleted: int | None = None
    character_id: str | None = None
    error: str | None = None
    files_deleted: int | None = None
    usage: Usage | None = None


class UpdateTagsResponse(BaseModel):
    tags: list[str]
    usage: Usage | None = None
