"""Game UI: ``POST /create-ui-asset``, ``/ui-assets`` and ``POST /generate-ui-v2``.

A UI asset is one flat, composited panel image drawn from a description, built from
``pieces`` (shapes on a virtual canvas whose longer side is 512, the shorter one scaled
to the image's aspect: 16:9 gives 512 x 288) and auto-positioned ``elements``.
``generate-ui-v2`` draws a single element (button, bar, frame, slot, icon plate...).

Beyond the published contract, a completed asset's GET also lists ``regions``: for each
piece and element its label, box in image pixels and nine-slice insets, so a game can cut
and stretch the panel.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from pixelkiln.contract.common import Base64Image, Seed, StrictModel, Usage, example_png
from pixelkiln.engine.ui.layout import ELEMENTS

__all__ = [
    "GENERATE_TIERS",
    "UI_ELEMENTS",
    "UI_TIERS",
    "ConceptImage",
    "ConceptImageSize",
    "CreateUIAssetRequest",
    "CreateUIAssetResponse",
    "DeleteUIAssetResponse",
    "GenerateUIV2ImageSize",
    "GenerateUIV2Request",
    "GenerateUIV2Response",
    "UIAssetDetail",
    "UIAssetImageSize",
    "UIAssetSize",
    "UIAssetSummary",
    "UIAssetsListResponse",
    "UIBox",
    "UINineSlice",
    "UIPart",
    "UIRegion",
    "UiPiece",
    "UiPieceCircle",
    "UiPiecePolygon",
    "UiPieceRect",
    "tier_message",
]

#: The five aspect tiers of create-ui-asset: (name, ceiling width, ceiling height).
UI_TIERS: tuple[tuple[str, int, int], ...] = (
    ("square", 512, 512),
    ("16:9", 688, 384),
    ("9:16", 384, 688),
    ("4:3", 600, 448),
    ("3:4", 448, 600),
)
#: generate-ui-v2 also accepts a 21:9 strip (the schema's 792 px width) for long bars.
GENERATE_TIERS: tuple[tuple[str, int, int], ...] = (*UI_TIERS, ("21:9", 792, 340))
UI_ELEMENTS = ELEMENTS
UIElement = Literal[
    "button",
    "icon_button",
    "toolbar",
    "tab",
    "panel",
    "window",
    "health_bar",
    "avatar",
    "triangle",
    "pentagon",
    "hexagon",
    "octagon",
]
#: The virtual canvas the pieces are placed on (its longer side).
VIRTUAL = 512.0
MAX_PIECES = 64
MAX_ELEMENTS = 48


def tier_message(width: int, height: int, tiers: tuple[tuple[str, int, int], ...]) -> str:
    listed = ", ".join(f"{name} up to {w}x{h}" for name, w, h in tiers)
    return (
        f"image_size {width}x{height} is outside the {len(tiers)} aspect tiers; it must fit "
        f"within one of: {listed}"
    )


def _fits(width: int, height: int, tiers: tuple[tuple[str, int, int], ...]) -> bool:
    return any(width <= w and height <= h for _, w, h in tiers)


def _check_tier(data: object, low: int, tiers: tuple[tuple[str, int, int], ...]) -> None:
    """Refuse a size that fits no tier (sizes under ``low`` are left to the field bounds)."""
    if not isinstance(data, dict):
        return
    w = data.get("width", 256)
    h = data.get("height", 256)
    if type(w) is not int or type(h) is not int or w < low or h < low:
        return
    if not _fits(w, h, tiers):
        raise ValueError(tier_message(w, h, tiers))


class UIAssetImageSize(StrictModel):
    """Panel size: 192-688 px per axis, within one of the five aspect ceilings (square
    512x512, 16:9 688x384, 9:16 384x688, 4:3 600x448, 3:4 448x600)."""

    model_config = ConfigDict(
        extra="forbid",
        title="ImageSize",
        json_schema_extra={"example": {"width": 256, "height": 256}},
    )

    width: int = Field(default=256, ge=192, le=688, description="Width in pixels (192-688).")
    height: int = Field(default=256, ge=192, le=688, description="Height in pixels (192-688).")

    @model_validator(mode="before")
    @classmethod
    def _tier(cls, data: object) -> object:
        # Checked before the per-axis bounds, so a size past a ceiling hears about the tiers.
        _check_tier(data, 192, UI_TIERS)
        return data


class GenerateUIV2ImageSize(StrictModel):
    """Element canvas: 16 px up to the aspect ceilings of create-ui-asset, plus a 21:9
    strip up to 792x340 for long bars."""

    model_config = ConfigDict(
        extra="forbid",
        title="ImageSize",
        json_schema_extra={"example": {"width": 256, "height": 256}},
    )

    width: int = Field(default=256, ge=16, le=792, description="Width in pixels (16-792).")
    height: int = Field(default=256, ge=16, le=688, description="Height in pixels (16-688).")

    @model_validator(mode="before")
    @classmethod
    def _tier(cls, data: object) -> object:
        # Checked before the per-axis bounds, so a size past a ceiling hears about the tiers.
        _check_tier(data, 16, GENERATE_TIERS)
        return data


_Coord = Annotated[float, Field(ge=0, le=VIRTUAL, allow_inf_nan=False)]
_Extent = Annotated[float, Field(gt=0, le=VIRTUAL, allow_inf_nan=False)]


class _Piece(StrictModel):
    # Pieces are open objects in the published schema: unknown keys are ignored.
    model_config = ConfigDict(extra="ignore", strict=True)

    id: str = Field(min_length=1, max_length=64, description="Unique id of the piece.")
    label: str = Field(
        default="",
        max_length=200,
        description=(
            "Optional label. Words in it choose how the piece is drawn: button (raised), "
            "slot/cell (sunken), bar/health/mana (a bar), avatar/portrait (a portrait "
            "frame), window/dialog (a title bar), toolbar/hotbar (slots); otherwise a "
            "framed panel. An icon word (sword, potion, heart, gear...) draws that icon."
        ),
    )


class UiPieceRect(_Piece):
    """A rounded rectangle: top-left ``(x, y)``, size ``w`` x ``h``, corner ``radius``."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "example": {
                "id": "main",
                "kind": "rounded_rect",
                "x": 16,
                "y": 16,
                "w": 480,
                "h": 256,
                "radius": 8,
                "label": "inventory",
            }
        },
    )

    kind: Literal["rounded_rect"]
    x: _Coord
    y: _Coord
    w: _Extent
    h: _Extent
    radius: float = Field(default=0, ge=0, le=256, allow_inf_nan=False)


class UiPieceCircle(_Piece):
    """A circle of radius ``r`` centred on ``(x, y)``."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "example": {
                "id": "portrait",
                "kind": "circle",
                "x": 64,
                "y": 64,
                "r": 40,
                "label": "avatar",
            }
        },
    )

    kind: Literal["circle"]
    x: _Coord
    y: _Coord
    r: _Extent


class UiPiecePolygon(_Piece):
    """A regular polygon: ``sides`` vertices at distance ``r`` from ``(x, y)``, the first at
    angle ``phase`` radians (0 points right; positive angles turn clockwise on screen)."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "example": {
                "id": "badge",
                "kind": "polygon",
                "x": 256,
                "y": 128,
                "r": 48,
                "sides": 6,
                "phase": 0.0,
            }
        },
    )

    kind: Literal["polygon"]
    x: _Coord
    y: _Coord
    r: _Extent
    sides: int = Field(ge=3, le=32)
    phase: float = Field(default=0.0, ge=-100.0, le=100.0, allow_inf_nan=False)


UiPiece = Annotated[UiPieceRect | UiPieceCircle | UiPiecePolygon, Field(discriminator="kind")]


def _virtual(width: int, height: int) -> tuple[float, float]:
    if width >= height:
        return VIRTUAL, VIRTUAL * height / width
    return VIRTUAL * width / height, VIRTUAL


def _piece_bounds(p: UiPieceRect | UiPieceCircle | UiPiecePolygon) -> tuple[float, ...]:
    if isinstance(p, UiPieceRect):
        return p.x, p.y, p.x + p.w, p.y + p.h
    return p.x - p.r, p.y - p.r, p.x + p.r, p.y + p.r


class CreateUIAssetRequest(StrictModel):
    """Request for a UI panel drawn from a description, pieces and elements."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "wooden RPG panel with gold trim",
                    "color_palette": "brown and gold",
                    "image_size": {"width": 256, "height": 256},
                    "no_background": True,
                },
                {
                    "description": "sci-fi HUD",
                    "image_size": {"width": 512, "height": 288},
                    "elements": ["avatar", "health_bar", "health_bar", "panel", "toolbar"],
                    "seed": 7,
                },
                {
                    "description": "stone inventory with iron rivets",
                    "image_size": {"width": 512, "height": 288},
                    "pieces": [
                        {
                            "id": "bag",
                            "kind": "rounded_rect",
                            "x": 8,
                            "y": 8,
                            "w": 300,
                            "h": 272,
                            "radius": 6,
                            "label": "inventory",
                        },
                        {
                            "id": "potion",
                            "kind": "rounded_rect",
                            "x": 330,
                            "y": 24,
                            "w": 64,
                            "h": 64,
                            "label": "potion slot",
                        },
                        {
                            "id": "portrait",
                            "kind": "circle",
                            "x": 440,
                            "y": 210,
                            "r": 56,
                            "label": "avatar",
                        },
                    ],
                },
            ]
        },
    )

    description: str = Field(
        min_length=1,
        max_length=2000,
        description=(
            "Style description: the material (wood, stone, iron, gold, parchment, crystal, "
            "sci-fi, leather, bone, ice, obsidian, marble...), trims ('with gold trim') and "
            "colours."
        ),
    )
    image_size: UIAssetImageSize = Field(
        default_factory=UIAssetImageSize,
        description="192-688 px per axis; the maximum per axis depends on the aspect.",
    )
    pieces: list[UiPiece] | None = Field(
        default=None,
        max_length=MAX_PIECES,
        description=(
            "Shapes with a unique id on a virtual canvas whose longer side is 0-512 and the "
            "shorter one scaled to the aspect (16:9 -> 512x288), whatever image_size is. "
            "Omitted with elements omitted: one full-canvas panel."
        ),
    )
    elements: list[UIElement] | None = Field(
        default=None,
        max_length=MAX_ELEMENTS,
        description=(
            "Named elements positioned automatically (in the space the pieces leave free): "
            "HUD row (avatar, health_bar), tabs, containers (window, panel) holding "
            "buttons and icons (icon_button, triangle, pentagon, hexagon, octagon), a "
            "toolbar at the bottom."
        ),
    )
    style_image: Base64Image | None = Field(
        default=None, description="One style reference image: the panel takes its colours."
    )
    color_palette: str | None = Field(
        default=None,
        max_length=200,
        description=(
            "Colour words, e.g. 'brown and gold': metals set the trim, the first colour the "
            "frame, a second the content, a third the accents. Not a list of hex codes."
        ),
    )
    no_background: bool = Field(
        default=True, description="Transparent outside the shapes (otherwise a dark backdrop)."
    )
    seed: Seed | None = Field(
        default=None,
        description="Seed; omitted: derived from the request (same request, same image).",
    )
    name: str | None = Field(default=None, max_length=200, description="Friendly name.")
    project_id: str | None = Field(
        default=None,
        max_length=100,
        description="Accepted and recorded; pixelkiln has no projects.",
    )

    @field_validator("pieces")
    @classmethod
    def _pieces(
        cls, pieces: list[UiPieceRect | UiPieceCircle | UiPiecePolygon] | None, info: ValidationInfo
    ) -> list[UiPieceRect | UiPieceCircle | UiPiecePolygon] | None:
        if not pieces:
            return pieces
        size = info.data.get("image_size") or UIAssetImageSize()
        vw, vh = _virtual(size.width, size.height)
        seen: set[str] = set()
        for i, p in enumerate(pieces):
            if p.id in seen:
                raise ValueError(f"pieces[{i}]: duplicate piece id {p.id!r} (ids must be unique)")
            seen.add(p.id)
            x0, y0, x1, y1 = _piece_bounds(p)
            if x0 >= vw or y0 >= vh or x1 <= 0 or y1 <= 0:
                raise ValueError(
                    f"pieces[{i}] ({p.id!r}) lies outside the {vw:g}x{vh:g} virtual canvas of "
                    f"a {size.width}x{size.height} image"
                )
        return pieces


class ConceptImageSize(StrictModel):
    """Size of a concept image (px)."""

    model_config = ConfigDict(extra="forbid", title="ReferenceImageSize")

    width: int = Field(ge=1)
    height: int = Field(ge=1)


class ConceptImage(StrictModel):
    """A concept image that guides the element's design (its colours)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {
                "image": {"base64": "data:image/png;base64," + example_png(64, 64)},
                "size": {"width": 64, "height": 64},
            }
        },
    )

    image: Base64Image
    size: ConceptImageSize

    @model_validator(mode="after")
    def _size(self) -> ConceptImage:
        if (self.size.width, self.size.height) != (self.image.width, self.image.height):
            raise ValueError(
                f"concept_image.size is {self.size.width}x{self.size.height} but the image is "
                f"{self.image.width}x{self.image.height}"
            )
        return self


class GenerateUIV2Request(StrictModel):
    """Request for one UI element: button, bar, frame, slot, icon plate, tab..."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "description": "medieval stone button with gold trim",
                    "color_palette": "brown and gold",
                    "image_size": {"width": 256, "height": 256},
                    "no_background": True,
                    "seed": 42,
                },
                {"description": "sci-fi health bar", "image_size": {"width": 384, "height": 64}},
            ]
        },
    )

    description: str = Field(
        min_length=1,
        max_length=2000,
        description=(
            "The element and its style, e.g. 'medieval stone button', 'sci-fi health bar', "
            "'wooden inventory slot with a potion', 'gold icon plate with a sword'."
        ),
    )
    color_palette: str | None = Field(
        default=None, max_length=200, description="Colour words, e.g. 'blue and silver'."
    )
    concept_image: ConceptImage | None = Field(
        default=None, description="Concept image guiding the design (its colours)."
    )
    image_size: GenerateUIV2ImageSize = Field(
        default_factory=GenerateUIV2ImageSize,
        description="16 px to the aspect-ratio maximum, e.g. 512x512 square, 688x384 16:9.",
    )
    no_background: bool | None = Field(
        default=True, description="Transparent outside the element (otherwise a dark backdrop)."
    )
    seed: Seed | None = None


class UIAssetSize(BaseModel):
    """The image's size in pixels."""

    width: int
    height: int


class UIBox(BaseModel):
    """A box in image pixels."""

    x: int
    y: int
    width: int
    height: int


class UINineSlice(BaseModel):
    """Nine-slice insets (px) from the region box's edges."""

    left: int
    top: int
    right: int
    bottom: int


class UIPart(BaseModel):
    """A named part of an element (title_bar, close_button, slot_3, fill, icon...)."""

    name: str
    box: UIBox


class UIRegion(BaseModel):
    """Where a piece or element is in the image, and how to cut it (an extension)."""

    id: str = Field(description="The piece's id, or '<element>-<n>' for elements.")
    source: Literal["piece", "element"]
    kind: str = Field(description="rounded_rect | circle | polygon, or the element name.")
    label: str
    box: UIBox = Field(description="Bounding box in image pixels (clipped to the image).")
    nine_slice: UINineSlice = Field(
        description=(
            "Insets from the box edges. Cut the box at them: corners stay, edge strips are "
            "constant along their edge (stretch or repeat them), the centre is content. "
            "top = bottom = 0 means the region stretches horizontally only (bars); round "
            "and polygonal regions leave their middle row and column as the centre."
        )
    )
    parts: list[UIPart] = Field(default_factory=list)


class CreateUIAssetResponse(BaseModel):
    """The queued panel: poll ``GET /ui-assets/{ui_asset_id}``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "123e4567-e89b-12d3-a456-426614174000",
                "ui_asset_id": "223e4567-e89b-12d3-a456-426614174111",
                "status": "processing",
                "usage": {"type": "generations", "generations": 20},
            }
        }
    )

    background_job_id: str
    ui_asset_id: str = Field(description="Available at once; poll it until completed.")
    status: str = "processing"
    usage: Usage | None = None


class GenerateUIV2Response(BaseModel):
    """The queued element: its image arrives in the job's ``last_response.images``."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "background_job_id": "123e4567-e89b-12d3-a456-426614174000",
                "status": "processing",
                "usage": {"type": "generations", "generations": 20},
            }
        }
    )

    background_job_id: str
    status: str = "processing"
    usage: Usage | None = None


class UIAssetDetail(BaseModel):
    """A UI panel: 200 while processing too, with progress and an ETA."""

    id: str
    prompt: str = Field(description="The style description.")
    size: UIAssetSize
    created_at: str
    name: str | None = None
    image_url: str | None = Field(default=None, description="Public PNG URL; null until done.")
    status: str | None = Field(default=None, description="processing | completed | failed")
    progress_percent: int | None = Field(
        default=None, description="The job's real progress 0-100; null when not processing."
    )
    eta_seconds: int | None = Field(
        default=None, description="Estimated seconds left; null when not processing."
    )
    regions: list[UIRegion] | None = Field(
        default=None,
        description=(
            "Extension: for each piece and element its label, box in image pixels and "
            "nine-slice insets (null until completed)."
        ),
    )
    error: str | None = Field(default=None, description="Extension: why a failed job failed.")


class UIAssetSummary(BaseModel):
    """A UI asset in a list."""

    id: str
    prompt: str
    size: UIAssetSize
    created_at: str
    image_url: str | None = None
    name: str | None = None
    status: str | None = None


class UIAssetsListResponse(BaseModel):
    """A page of the caller's UI assets, newest first, with the total for paging."""

    ui_assets: list[UIAssetSummary]
    total: int
    usage: Usage | None = None


class DeleteUIAssetResponse(BaseModel):
    """The asset and its image are gone."""

    success: bool
    usage: Usage | None = None
