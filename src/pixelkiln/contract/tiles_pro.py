"""Pro tile sets: ``POST /create-tiles-pro``, ``GET/DELETE /tiles-pro/{tile_id}``,
``GET /tiles-pro``.

Field names, enums, defaults and bounds are the published contract's. Style images are
flat ``{base64, width, height}`` objects (all three required); the nested
``{image: {...}}`` form of other endpoints is rejected as an extra field. Images are
decoded while the request is validated, and ``width``/``height`` must be the image's.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from pixelkiln.contract.common import Base64Image, Seed, StrictModel, Usage, example_png

__all__ = [
    "FEATURE_STYLE_CONFLICT",
    "MAX_STYLE_IMAGES",
    "CreateTilesProRequest",
    "CreateTilesProResponse",
    "DeleteTilesProResponse",
    "GetTilesProResponse",
    "TileFeature",
    "TileType",
    "TileView",
    "TilesProListResponse",
    "TilesProStyleImage",
    "TilesProStyleOptions",
    "TilesProSummary",
]

TileType = Literal["hex", "hex_pointy", "isometric", "oblique", "octagon", "square_topdown"]
TileView = Literal["top-down", "high top-down", "low top-down", "side"]
TileFeature = Literal["roads", "tileset", "building"]

#: Most style images one request may carry.
MAX_STYLE_IMAGES = 8
#: The message of the tile_feature + style_images rejection.
FEATURE_STYLE_CONFLICT = (
    "connectable features (roads, tileset, building) cannot be combined with style tiles "
    "(style_images): a connectable set's geometry is structural; drop one of the two"
)


class TilesProStyleImage(StrictModel):
    """A style reference tile with its dimensions (all three fields required)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"base64": example_png(32, 24), "width": 32, "height": 24}},
    )

    base64: str = Field(description="RGBA image data (PNG); a data URI prefix is accepted.")
    width: int = Field(ge=1, description="The image's width in pixels.")
    height: int = Field(ge=1, description="The image's height in pixels.")

    _pixels: np.ndarray | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _decode(self) -> TilesProStyleImage:
        try:
            image = Base64Image(base64=self.base64)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise PydanticCustomError(err["type"], err["msg"]) from None
        if (image.width, image.height) != (self.width, self.height):
            raise PydanticCustomError(
                "image_size",
                "width and height say {w}x{h}, but the image is {iw}x{ih}",
                {"w": self.width, "h": self.height, "iw": image.width, "ih": image.height},
            )
        self._pixels = image.pixels
        return self

    @property
    def pixels(self) -> np.ndarray:
        """The decoded image as an ``(H, W, 4)`` uint8 RGBA array."""
        assert self._pixels is not None
        return self._pixels


class TilesProStyleOptions(StrictModel):
    """What to copy from the style tiles besides their geometry (only with style_images)."""

    color_palette: bool = Field(default=True, description="Match the colour palette.")
    detail: bool = Field(default=True, description="Match the level of detail.")
    outline: bool = Field(default=True, description="Match the outline (ringed or not).")
    shading: bool = Field(default=True, description="Match the shading depth.")


class CreateTilesProRequest(StrictModel):
    """A Pro tile set: independent variations, or a connectable set (``tile_feature``)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "description": (
                    "1). grass tile 2). dirt tile 3). stone tile 4). water tile "
                    "5). sand tile 6). lava tile"
                ),
                "tile_size": 32,
                "tile_type": "isometric",
                "tile_view": "low top-down",
            },
            # A connectable feature and style tiles exclude each other.
            "not": {
                "properties": {
                    "tile_feature": {"type": "string"},
                    "style_images": {"type": "array", "minItems": 1},
                },
                "required": ["tile_feature", "style_images"],
            },
            "examples": [
                {
                    "description": "1). grass tile 2). dirt tile 3). stone tile",
                    "tile_size": 32,
                    "tile_type": "isometric",
                    "tile_view": "low top-down",
                },
                {
                    "description": "grass to water",
                    "tile_type": "isometric",
                    "tile_feature": "tileset",
                },
                {
                    "description": "cobblestone road through grass",
                    "tile_type": "square_topdown",
                    "tile_feature": "roads",
                },
                {
                    "description": "stone cottage",
                    "tile_type": "isometric",
                    "tile_feature": "building",
                    "building_wall_description": "rough stone brick walls",
                    "building_floor_description": "wooden plank floor",
                },
            ],
        },
    )

    description: str = Field(
        min_length=1,
        description=(
            "What to draw. Number the items for one tile each ('1). grass tile 2). stone "
            "tile'); an unnumbered description gives variations of one material. Connectable "
            "sets: tileset 'grass to water' (first terrain is the main one), roads "
            "'cobblestone road through grass', building: the building's style."
        ),
    )
    building_floor2_description: str | None = Field(
        default=None,
        max_length=500,
        description="Building kits: upper-storey/roof surface; defaults to the wall material.",
    )
    building_floor_description: str | None = Field(
        default=None,
        max_length=500,
        description="Building kits: floor material, e.g. 'wooden plank floor'.",
    )
    building_layout: Literal["grid", "materials"] | None = Field(
        default=None,
        description=(
            "grid marks every piece as a block (isometric default); materials paints each "
            "surface as one continuous swatch (square_topdown/oblique default)."
        ),
    )
    building_wall_angle: float | None = Field(
        default=None,
        ge=5,
        le=90,
        description="square_topdown building only: wall storey camera angle.",
    )
    building_wall_description: str | None = Field(
        default=None, max_length=500, description="Wall material, e.g. 'stone brick walls'."
    )
    building_wall_tiles: int | None = Field(
        default=None, ge=1, le=3, description="Wall height in tiles (storeys); default 2."
    )
    oblique_lean: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description=(
            "Horizontal shear per px of height: 0.5 cabinet (~27°), 1.0 full 45° (default)."
        ),
    )
    outline_mode: Literal["outline", "segmentation"] = Field(
        default="outline",
        description=(
            "outline: a dark border on every tile; segmentation: no borders, so ground tiles "
            "join seamlessly."
        ),
    )
    seed: Seed | None = Field(
        default=None,
        description="Seed; omitted, it is derived from the request, so a request repeats exactly.",
    )
    style_images: list[TilesProStyleImage] | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_STYLE_IMAGES,
        description=(
            "Style tiles: the first one's geometry (footprint and size) is copied; tile_type, "
            "tile_size, tile_view, tile_view_angle and tile_depth_ratio are then ignored."
        ),
    )
    style_options: TilesProStyleOptions | None = Field(
        default=None, description="What else to copy from the style tiles (only with style_images)."
    )
    tile_depth_ratio: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="Depth as a share of the tile's height; overrides tile_view.",
    )
    tile_feature: TileFeature | None = Field(
        default=None,
        description=(
            "A connectable set: roads (18-tile path set; square_topdown, isometric), tileset "
            "(16 corner tiles for square_topdown/isometric/oblique, 32-tile coastline for "
            "hex/hex_pointy), building (floor, walls, doorways, pillar, staircase; "
            "square_topdown, isometric, oblique). Returns placement rules. Cannot be "
            "combined with style_images."
        ),
    )
    tile_flat_top_px: int | None = Field(
        default=None, ge=2, le=8, description="Isometric cap width: 2 classic, 4 modern (default)."
    )
    tile_height: int | None = Field(
        default=None,
        ge=16,
        le=256,
        description="Canvas height; omitted, computed from geometry and view.",
    )
    tile_size: int = Field(
        default=32, ge=16, le=128, description="Tile width in px; 32 recommended."
    )
    tile_type: TileType = Field(
        default="isometric",
        description=(
            "hex (flat top), hex_pointy, isometric (2:1 diamond), oblique (square top extruded "
            "down-right; connectable sets only), octagon, square_topdown."
        ),
    )
    tile_view: TileView = Field(
        default="low top-down",
        description="Depth: top-down none, high top-down ~15%, low top-down ~30%, side ~50%.",
    )
    tile_view_angle: float | None = Field(
        default=None, ge=0, le=90, description="Overrides tile_view: 0 side, 90 top-down."
    )

    @field_validator("description")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise PydanticCustomError("string_blank", "description must not be blank")
        return value

    @field_validator("tile_feature")
    @classmethod
    def _not_with_style(cls, value: str | None, info: ValidationInfo) -> str | None:
        # style_images is declared before tile_feature, so it has been validated here.
        if value is not None and info.data.get("style_images"):
            raise PydanticCustomError("feature_with_style_images", FEATURE_STYLE_CONFLICT)
        return value


class CreateTilesProResponse(BaseModel):
    """The job started; poll ``GET /tiles-pro/{tile_id}`` (423 until drawn)."""

    model_config = ConfigDict(
        title="CreateTilesProBackgroundResponse",
        json_schema_extra={
            "example": {
                "background_job_id": "0b5b8f0e-3f6a-4a57-9d5e-7c1f6f3e2a10",
                "tile_id": "a3c1d7e2-5b4f-4e3a-8c2d-1f0e9d8c7b6a",
                "status": "processing",
                "usage": {"type": "generations", "generations": 15},
            }
        },
    )

    background_job_id: str
    tile_id: str = Field(description="Available at once; GET /tiles-pro/{tile_id} when drawn.")
    status: Literal["processing"] = "processing"
    usage: Usage | None = None


class GetTilesProResponse(BaseModel):
    """A drawn set: a public PNG URL per tile, the set's kind and its placement rules."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "storage_urls": {
                    "tile_0": "https://pixelkiln.example/files/3f0c...png",
                    "tile_1": "https://pixelkiln.example/files/9a7d...png",
                },
                "kind": "tileset",
                "tile_rules": {
                    "rule_type": "corner",
                    "arity": 4,
                    "connectivity": "other",
                    "terrains": ["grass", "water"],
                    "tiles": {"tile_0": 0, "tile_1": 1},
                },
                "usage": {"type": "generations", "generations": 15},
            }
        },
    )

    storage_urls: dict[str, str] = Field(
        description="tile_0, tile_1, ... in set order: public, key-free, immutable PNG URLs."
    )
    kind: str = Field(default="tiles", description="tiles | paths | tileset | coastline | building")
    tile_rules: dict[str, Any] | None = Field(
        default=None,
        description=(
            "Placement rules of connectable sets (null for plain tiles): rule_type, arity, "
            "connectivity, terrains [feature, background], tiles {key: bitmask}. edge/4 "
            "bit0=N bit1=E bit2=S bit3=W; edge/6 hex edges counter-clockwise from vertex 0; "
            "corner/4 = NW<<3|NE<<2|SW<<1|SE. Tiles absent from `tiles` are stamp-only."
        ),
    )
    usage: Usage | None = None


class TilesProSummary(BaseModel):
    """One set in the list."""

    id: str
    name: str | None
    description: str | None
    tile_type: str
    tile_size: int | None
    n_tiles: int | None
    tile_view: str | None
    created_at: str
    status: str = Field(description="processing | completed | failed")


class TilesProListResponse(BaseModel):
    """A page of the caller's sets, newest first; ``total`` counts them all."""

    tiles: list[TilesProSummary]
    total: int
    usage: Usage | None = None


class DeleteTilesProResponse(BaseModel):
    """The set and its images are gone."""

    success: bool
    error: str | None = None
    tile_id: str | None = None
    usage: Usage | None = None
