"""Isometric tiles: ``POST /create-isometric-tile`` and ``/isometric-tiles``.

One standalone tile (no candidates, no set, no ``style_images``): a thin tile, thick tile
or block whose footprint is one cell of the ``isometric_tile_size`` grid, drawn on an
``image_size`` canvas with a transparent background.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pixelkiln.contract.common import (
    EXAMPLE_IMAGE,
    Base64Image,
    Detail,
    Seed,
    Shading,
    StrictModel,
    Usage,
)

__all__ = [
    "ISOMETRIC_OUTLINES",
    "ISOMETRIC_SHAPES",
    "CreateIsometricTileBackgroundResponse",
    "CreateIsometricTileRequest",
    "CreateIsometricTileResponse",
    "DeleteIsometricTileResponse",
    "IsometricOutline",
    "IsometricTileImage",
    "IsometricTileImageSize",
    "IsometricTileShape",
    "IsometricTileSummary",
    "IsometricTilesListResponse",
]

ISOMETRIC_SHAPES = ("thick tile", "thin tile", "block")
ISOMETRIC_OUTLINES = ("single color outline", "selective outline", "lineless")

IsometricTileShape = Literal["thick tile", "thin tile", "block"]
IsometricOutline = Literal["single color outline", "selective outline", "lineless"]


class IsometricTileImageSize(StrictModel):
    """The generation canvas, 16 to 64 px per side (above 24 px gives more room for detail)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"example": {"width": 32, "height": 32}}
    )

    width: int = Field(ge=16, le=64, description="Canvas width in pixels (16-64).")
    height: int = Field(ge=16, le=64, description="Canvas height in pixels (16-64).")


class CreateIsometricTileRequest(StrictModel):
    """Request for one isometric tile drawn from a description.

    The tile stands on the bottom row of the canvas, centred; its top face is one cell of
    the ``isometric_tile_size`` grid, so tiles of one grid size fit edge to edge when
    placed at ``((gx - gy) * size/2, (gx + gy) * size/4)``. Layered descriptions such as
    ``"grass on top of dirt"`` put the first material on top and the second on the sides.
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"description": "grass on top of dirt", "image_size": {"width": 32, "height": 32}},
                {
                    "description": "snow over rock",
                    "image_size": {"width": 32, "height": 32},
                    "isometric_tile_size": 32,
                    "isometric_tile_shape": "block",
                    "outline": "selective outline",
                    "seed": 7,
                },
            ]
        },
    )

    description: str = Field(
        min_length=1,
        max_length=2000,
        description=(
            "What the tile is made of. 'X on top of Y' / 'X over Y' / 'Y covered in X' put "
            "X on the top face and Y on the sides."
        ),
    )
    image_size: IsometricTileImageSize = Field(description="The canvas, 16-64 px per side.")
    isometric_tile_size: Literal[16, 32] | None = Field(
        default=16,
        description=(
            "The tile grid: the top face is a 2:1 diamond cell this many pixels wide. "
            "It must fit the canvas (a 32 grid needs a canvas at least 32 px wide)."
        ),
    )
    isometric_tile_shape: IsometricTileShape = Field(
        default="block",
        description=(
            "Side height: thin tile ~15% of the canvas height, thick tile ~25%, block ~50%."
        ),
    )
    outline: IsometricOutline | None = Field(default="lineless", description="Outline style.")
    shading: Shading | None = Field(default="basic shading", description="Shading style.")
    detail: Detail | None = Field(default="medium detail", description="Detail level.")
    init_image: Base64Image | None = Field(
        default=None,
        description="Image to start from; scaled to image_size with nearest-neighbour sampling.",
    )
    init_image_strength: int = Field(
        default=300,
        ge=1,
        le=999,
        description="How much of the init image survives (1-999; 999 keeps it almost as is).",
    )
    color_image: Base64Image | None = Field(
        default=None, description="Forced palette: every colour of the tile is one of its colours."
    )
    seed: Seed | None = Field(
        default=None,
        description="Seed; omitted, it is derived from the request, so a request repeats itself.",
    )
    text_guidance_scale: float = Field(
        default=8.0,
        ge=1.0,
        le=20.0,
        description="How strongly the description's colours show (8 neutral, lower calmer).",
    )


class CreateIsometricTileBackgroundResponse(BaseModel):
    """The tile was accepted; poll ``GET /isometric-tiles/{tile_id}`` (423 until drawn)."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "5f0c2b1e-8a44-4c55-9d7e-1b2a3c4d5e6f",
                "tile_id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                "status": "processing",
                "usage": {"type": "generations", "generations": 1},
            }
        }
    )

    background_job_id: str
    tile_id: str = Field(description="The tile's id, usable at once.")
    status: Literal["processing"] = "processing"
    usage: Usage | None = None


class IsometricTileImage(BaseModel):
    """A transparent PNG embedded as base64 (no ``data:`` prefix)."""

    type: Literal["base64"] = "base64"
    base64: str
    format: str = "png"


class CreateIsometricTileResponse(BaseModel):
    """A finished tile: the PNG itself (not a link) and what it cost."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "image": EXAMPLE_IMAGE,
                "usage": {"type": "generations", "generations": 1},
            }
        }
    )

    image: IsometricTileImage
    usage: Usage | None = None


class IsometricTileSummary(BaseModel):
    """One tile in the list."""

    id: str
    description: str
    created_at: str = Field(description="ISO 8601 time of submission (UTC).")
    status: str = Field(description="processing | completed | failed")
    name: str | None = None
    size: int | None = Field(default=None, description="Canvas width in pixels.")
    tile_shape: str | None = Field(default=None, description="thin tile | thick tile | block")


class IsometricTilesListResponse(BaseModel):
    """A page of the caller's tiles, newest first; ``total`` counts them all."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "tiles": [
                    {
                        "id": "0b6f9d2a-1c3e-4f5a-8b7c-9d0e1f2a3b4c",
                        "description": "grass on top of dirt",
                        "created_at": "2026-11-23T10:30:00Z",
                        "status": "completed",
                        "name": "grass on top of dirt",
                        "size": 32,
                        "tile_shape": "block",
                    }
                ],
                "total": 1,
                "usage": None,
            }
        }
    )

    tiles: list[IsometricTileSummary]
    total: int
    usage: Usage | None = None


class DeleteIsometricTileResponse(BaseModel):
    """The tile and its image are gone."""

    success: bool
    error: str | None = None
    tile_id: str | None = None
    usage: Usage | None = None
