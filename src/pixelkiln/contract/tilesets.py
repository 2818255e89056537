"""Tilesets: top-down Wang sets (standard, Pro, tall wall) and sidescroller platform sets.

Field names, bounds and defaults follow the published contract. Cross-field rules are
field validators (so a 422 names the offending field): ``shape_style`` is standard-only,
64 px tiles and the Pro border controls need ``mode: "pro"``, tiles are square, and
``transition_size`` takes 0, 0.25, 0.5 or 1 (any value in 0..1 with ``shape_style``).
Fields without a procedural meaning are validated and documented: ``tileset_adherence``
sets how strongly reference images steer their terrain; ``text_guidance_scale``,
``tile_strength``, ``tileset_adherence_freedom``, ``enhance``, ``spread_x`` and
``slope_size`` are accepted without effect (reported in ``generation_parameters``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from pixelkiln.contract.common import (
    Base64Image,
    Detail,
    Outline,
    Seed,
    Shading,
    StrictModel,
    Usage,
)

__all__ = [
    "BORDER_DEFAULTS",
    "CreateTilesetBackgroundResponse",
    "CreateTilesetRequest",
    "CreateTilesetSidescrollerRequest",
    "DeleteTilesetResponse",
    "SidescrollerTileSize",
    "SidescrollerTilesetSummary",
    "SidescrollerTilesetsListResponse",
    "Tile",
    "TileSize",
    "TilesetData",
    "TilesetMetadata",
    "TilesetResponse",
    "TilesetSummary",
    "TilesetsListResponse",
]

TRANSITION_SIZES = (0.0, 0.25, 0.5, 1.0)
#: The Pro border controls and their defaults (a non-default value needs mode "pro").
BORDER_DEFAULTS: dict[str, Any] = {
    "raggedness": 0.0,
    "roundness": 0.7,
    "boundary_amplitude": 0.35,
    "boundary_seed": None,
    "step_slope": 0.5,
    "connect_diagonals": True,
}


def _square(larger: tuple[int, ...]) -> list[dict[str, Any]]:
    """JSON Schema of square sizes: 16 (each side may be left to its default) or both
    sides given and equal."""
    both = ["width", "height"]
    return [
        {"properties": {"width": {"const": 16}, "height": {"const": 16}}},
        *({"properties": {k: {"const": n} for k in both}, "required": both} for n in larger),
    ]


#: The cross-field rules of a top-down request, stated in its JSON Schema.
_TOPDOWN_RULES: list[dict[str, Any]] = [
    {
        # Pro border controls keep their defaults, and tiles stay at 16 or 32 px, unless
        # mode is "pro"; shape_style is standard-only.
        "if": {"properties": {"mode": {"const": "pro"}}, "required": ["mode"]},
        "then": {"properties": {"shape_style": {"type": "null"}}},
        "else": {
            "properties": {
                **{
                    k: ({"type": "null"} if v is None else {"const": v})
                    for k, v in BORDER_DEFAULTS.items()
                },
                "tile_size": {
                    "properties": {"width": {"enum": [16, 32]}, "height": {"enum": [16, 32]}}
                },
            }
        },
    },
    {
        # transition_size takes the four steps, or any value in 0..1 with shape_style.
        "if": {
            "properties": {"shape_style": {"enum": ["square", "round"]}},
            "required": ["shape_style"],
        },
        "then": {"properties": {"transition_size": {"minimum": 0, "maximum": 1}}},
        "else": {"properties": {"transition_size": {"enum": list(TRANSITION_SIZES)}}},
    },
]


class TileSize(StrictModel):
    """Tile size in px: 16 or 32 (standard), 16, 32 or 64 (Pro). Square."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"width": 32, "height": 32}, "anyOf": _square((32, 64))},
    )

    width: Literal[16, 32, 64] = 16
    height: Literal[16, 32, 64] = 16


class SidescrollerTileSize(StrictModel):
    """Sidescroller tile size: exactly 16 or 32 px, square."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"anyOf": _square((32,))})

    width: Literal[16, 32] = 16
    height: Literal[16, 32] = 16


def _transition_size(value: float, free: bool) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError("transition_size must be within 0..1")
    if not free and value not in TRANSITION_SIZES:
        raise ValueError(
            "transition_size must be one of 0, 0.25, 0.5, 1 (any 0..1 with shape_style)"
        )
    return value


class CreateTilesetRequest(StrictModel):
    """A top-down Wang tileset: two terrains and the transition between them."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "lower_description": "deep blue ocean water with gentle waves",
                    "upper_description": "golden sandy beach",
                    "transition_description": "wet sand with foam",
                    "transition_size": 0.25,
                    "tile_size": {"width": 32, "height": 32},
                    "view": "high top-down",
                },
                {
                    "mode": "pro",
                    "lower_description": "lava",
                    "upper_description": "volcanic rock",
                    "tile_size": {"width": 32, "height": 32},
                    "raggedness": 0.4,
                    "roundness": 0.8,
                    "boundary_amplitude": 0.5,
                    "step_slope": 0.6,
                    "seed": 7,
                },
            ],
            "allOf": _TOPDOWN_RULES,
        },
    )

    # Order matters: later validators read ``mode`` and ``shape_style``.
    mode: Literal["standard", "pro"] = Field(
        default="standard",
        description="standard: flat look, hard edge; pro: shaded edges, border controls, 64 px.",
    )
    lower_description: str = Field(min_length=1, max_length=2000, description="The lower terrain.")
    upper_description: str = Field(
        min_length=1, max_length=2000, description="The upper (raised) terrain."
    )
    transition_description: str = Field(
        default="",
        max_length=2000,
        description="The band between the terrains; in a tall-wall set, the wall face.",
    )
    shape_style: Literal["square", "round"] | None = Field(
        default=None, description="Standard only: square or round boundary geometry."
    )
    tile_size: TileSize = Field(default_factory=TileSize)
    transition_size: float = Field(
        default=0.0,
        description="0, 0.25, 0.5 or 1 (with shape_style any 0..1). 1, and Pro 64 px at 0.5, "
        "give the 25-tile tall-wall layout.",
    )
    view: Literal["low top-down", "high top-down"] = Field(
        default="high top-down", description="Pro: low top-down shows deeper faces and shadows."
    )
    outline: Outline | None = None
    shading: Shading | None = None
    detail: Detail | None = None
    color_image: Base64Image | None = Field(
        default=None, description="Forces a palette: every pixel is one of its colours."
    )
    lower_reference_image: Base64Image | None = None
    upper_reference_image: Base64Image | None = None
    transition_reference_image: Base64Image | None = None
    lower_base_tile_id: str | None = Field(
        default=None, max_length=64, description="Reuse another set's terrain as the lower one."
    )
    upper_base_tile_id: str | None = Field(
        default=None, max_length=64, description="Reuse another set's terrain as the upper one."
    )
    raggedness: float = Field(default=0.0, ge=0.0, le=1.0, description="Pro: fine boundary noise.")
    roundness: float = Field(
        default=0.7, ge=0.0, le=1.0, description="Pro: 0 square corners .. 1 round blobs."
    )
    boundary_amplitude: float = Field(
        default=0.35, ge=0.0, le=1.0, description="Pro: how far the boundary meanders."
    )
    boundary_seed: Seed | None = Field(
        default=None, description="Pro: seed of the boundary's shape (default: from seed)."
    )
    step_slope: float = Field(
        default=0.5, ge=0.0, le=1.0, description="Pro: 0 a sharp step .. 1 a wide shaded slope."
    )
    connect_diagonals: bool = Field(
        default=True, description="Pro: upper corners on a diagonal join (true) or part (false)."
    )
    spread_x: float = Field(default=0.5, ge=0.0, le=1.0, description="Accepted; no effect.")
    slope_size: float = Field(default=0.0, ge=0.0, le=1.0, description="Accepted; no effect.")
    enhance: bool = Field(default=True, description="Accepted; no effect.")
    text_guidance_scale: float = Field(default=8.0, ge=1.0, le=20.0, description="No effect.")
    tile_strength: float = Field(default=1.0, ge=0.1, le=2.0, description="No effect.")
    tileset_adherence: float = Field(
        default=100.0, ge=0.0, le=500.0, description="How strongly reference images steer."
    )
    tileset_adherence_freedom: float = Field(
        default=500.0, ge=0.0, le=900.0, description="No effect."
    )
    seed: Seed | None = Field(
        default=None, description="Default: derived from the request, so equal requests match."
    )

    @field_validator("shape_style")
    @classmethod
    def _shape_style_standard(cls, v: str | None, info: ValidationInfo) -> str | None:
        if v is not None and info.data.get("mode") == "pro":
            raise ValueError("shape_style is a standard-mode control; it cannot be used with pro")
        return v

    @field_validator("tile_size")
    @classmethod
    def _tile_size(cls, v: TileSize, info: ValidationInfo) -> TileSize:
        if v.width != v.height:
            raise ValueError("tiles are square: width and height must be equal")
        if v.width == 64 and info.data.get("mode") != "pro":
            raise ValueError("64 px tiles need mode 'pro'")
        return v

    @field_validator("transition_size")
    @classmethod
    def _transition(cls, v: float, info: ValidationInfo) -> float:
        return _transition_size(v, info.data.get("shape_style") is not None)

    @field_validator(
        "raggedness",
        "roundness",
        "boundary_amplitude",
        "boundary_seed",
        "step_slope",
        "connect_diagonals",
    )
    @classmethod
    def _pro_only(cls, v: Any, info: ValidationInfo) -> Any:
        name = str(info.field_name)
        if info.data.get("mode", "standard") != "pro" and v != BORDER_DEFAULTS[name]:
            raise ValueError(f"{name} is a Pro border control: send mode 'pro' to use it")
        return v


class CreateTilesetSidescrollerRequest(StrictModel):
    """A sidescroller platform set: a platform material and its top decoration."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "lower_description": "stone brick platform with carved details",
                    "transition_description": "moss and small green plants",
                    "transition_size": 0.25,
                    "tile_size": {"width": 16, "height": 16},
                }
            ]
        },
    )

    lower_description: str = Field(min_length=1, max_length=2000, description="The platform.")
    transition_description: str = Field(
        default="", max_length=2000, description="Decoration on top surfaces (moss, snow, rust)."
    )
    transition_size: float = Field(
        default=0.0,
        description="0, 0.25, 0.5 or 1: decoration depth (0 = none).",
        json_schema_extra={"enum": list(TRANSITION_SIZES)},
    )
    tile_size: SidescrollerTileSize = Field(default_factory=SidescrollerTileSize)
    outline: Outline | None = None
    shading: Shading | None = None
    detail: Detail | None = None
    color_image: Base64Image | None = None
    lower_reference_image: Base64Image | None = None
    transition_reference_image: Base64Image | None = None
    lower_base_tile_id: str | None = Field(
        default=None, max_length=64, description="Reuse another sidescroller set's platform."
    )
    text_guidance_scale: float = Field(default=8.0, ge=1.0, le=20.0, description="No effect.")
    tile_strength: float = Field(default=1.0, ge=0.1, le=2.0, description="No effect.")
    tileset_adherence: float = Field(
        default=100.0, ge=0.0, le=500.0, description="How strongly reference images steer."
    )
    tileset_adherence_freedom: float = Field(
        default=500.0, ge=0.0, le=900.0, description="No effect."
    )
    seed: Seed | None = None

    @field_validator("tile_size")
    @classmethod
    def _square(cls, v: SidescrollerTileSize) -> SidescrollerTileSize:
        if v.width != v.height:
            raise ValueError("tiles are square: width and height must be equal")
        return v

    @field_validator("transition_size")
    @classmethod
    def _transition(cls, v: float) -> float:
        return _transition_size(v, False)


class CreateTilesetBackgroundResponse(BaseModel):
    """Submit answer: the set's id (usable at once) and its background job."""

    tileset_id: str
    background_job_id: str
    status: Literal["processing"] = "processing"
    usage: Usage | None = None


class TileImage(BaseModel):
    type: Literal["base64"] = "base64"
    base64: str
    format: str = "png"


class TileCorners(BaseModel):
    NW: Literal["lower", "upper", "transition"]
    NE: Literal["lower", "upper", "transition"]
    SW: Literal["lower", "upper", "transition"]
    SE: Literal["lower", "upper", "transition"]


class TilePattern4x4(BaseModel):
    """4x4 neighbourhood: 255 wildcard, 0 lower, 1 upper, 2 transition."""

    row_0: list[int]
    row_1: list[int]
    row_2: list[int]
    row_3: list[int]


class OriginalPosition(BaseModel):
    """The tile's cell on this set's sheet (``format=png``)."""

    row: int
    col: int


class Tile(BaseModel):
    id: str
    name: str = Field(description="wang_N (N = NW*8 + NE*4 + SW*2 + SE), wall_N for wall tiles")
    image: TileImage
    corners: TileCorners
    pattern_4x4: TilePattern4x4
    original_position: OriginalPosition
    description: str | None = None
    connections: None = Field(default=None, description="Deprecated; always null.")


class TilesetData(BaseModel):
    total_tiles: int
    tile_size: dict[str, int]
    terrain_types: list[str]
    tiles: list[Tile]


class TilesetMetadata(BaseModel):
    edge_types: list[str]
    terrain_prompts: dict[str, str]
    terrain_ids: dict[str, str] | None = None
    transition_size: float
    view: str
    generation_parameters: dict[str, Any]
    created_at: str


class TilesetResponse(BaseModel):
    """A finished tileset (``GET /tilesets/{id}``)."""

    id: str
    status: Literal["completed"] = "completed"
    tileset: TilesetData
    metadata: TilesetMetadata
    usage: Usage | None = None


class TilesetSummary(BaseModel):
    id: str
    kind: Literal["top-down", "sidescroller"]
    name: str | None = None
    lower_description: str
    upper_description: str
    transition_description: str | None = None
    tile_size: dict[str, int] | None = None
    view: str | None = None
    mode: str | None = None
    created_at: str
    status: str


class TilesetsListResponse(BaseModel):
    tilesets: list[TilesetSummary]
    total: int
    usage: Usage | None = None


class SidescrollerTilesetSummary(BaseModel):
    id: str
    name: str | None
    lower_description: str | None
    transition_description: str | None
    tile_size: dict[str, Any]
    created_at: str
    status: str


class SidescrollerTilesetsListResponse(BaseModel):
    tilesets: list[SidescrollerTilesetSummary]
    total: int
    usage: Usage | None = None


class DeleteTilesetResponse(BaseModel):
    success: bool
    error: str | None = None
    tileset_id: str | None = None
    usage: Usage | None = None
