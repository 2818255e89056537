"""Pro tile sets: quote, submit, the job handler, and reads shaped for the routers.

Costs follow the Pro ladder (10 / 15 / 25 generations) by *canvas* = tile width x tile
count, so a small tile in a large set can reach the top rung:

================  =====  =============================================================
canvas            cost   e.g.
================  =====  =============================================================
up to 256         10     8 variations at 16 or 32 px, 4 at 64, 2 at 128
257 to 768        15     a 16-tile tileset or 18 roads at 32 px, 22 kit pieces at 32
over 768          25     any set at 64 px, the 32-tile hex coastline at 32 px, 49+ items at 16
================  =====  =============================================================

With ``style_images`` the width is the first style image's. The cost is charged at
submission and reported in the 202; a job that fails is refunded.

Seeds: an omitted seed is derived from the request's content (a hash of its JSON without
the seed), so the same request gives the same tiles; the effective seed is stored with
the job.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pixelkiln.contract.tiles_pro import CreateTilesProRequest
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.reading import read_description, read_material
from pixelkiln.engine.tiles_pro import (
    BuildingSpec,
    SpecError,
    TilesProSpec,
    make_plan,
    render_tiles_pro,
)
from pixelkiln.engine.tiles_pro.spec import default_count, parse_items
from pixelkiln.errors import InvalidRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.assets import (
    AssetView,
    Prepared,
    delete_asset,
    get_done_asset,
    list_assets,
    read_prepared,
)
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.submit import AssetDraft, Submitted, submit_job

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "FAMILY",
    "KIND",
    "LADDER",
    "NOUN",
    "Quote",
    "delete_tiles",
    "get_tiles",
    "list_tiles",
    "ordered_files",
    "quote",
    "read_tiles",
    "run_tiles_pro",
    "submit_tiles_pro",
]

FAMILY = "tiles_pro"
KIND = "tiles_pro"
NOUN = "Tile set"
#: Style tiles: the first image's canvas may be up to 256 px a side, its tile at least 8.
MAX_STYLE_SIDE = 256
MIN_STYLE_TILE = 8
#: (largest canvas, cost) rungs of the Pro ladder; above the last rung the top price.
LADDER: tuple[tuple[int, float], ...] = ((256, 10.0), (768, 15.0))
TOP_PRICE = 25.0


@dataclass(frozen=True)
class Quote:
    """What a request costs and what it will produce."""

    cost: float
    canvas: int
    n_tiles: int
    kind: str
    tile_size: int


def _price(canvas: int) -> float:
    for limit, cost in LADDER:
        if canvas <= limit:
            return cost
    return TOP_PRICE


#: The view a described wall or cliff gets when the request sets none: its face shows
#: at half the tile (the default view shows 30%).
RELIEF_VIEW = "side"


def view_of(req: CreateTilesProRequest) -> str:
    """The request's view; a description naming a raised side (wall, cliff, ledge) gets
    :data:`RELIEF_VIEW` unless the caller chose a view, angle or depth."""
    chosen = {"tile_view", "tile_view_angle", "tile_depth_ratio"} & req.model_fields_set
    if not chosen and read_material(req.description).relief:
        return RELIEF_VIEW
    return req.tile_view


def to_spec(req: CreateTilesProRequest, seed: int) -> TilesProSpec:
    """The engine's view of a request."""
    return TilesProSpec(
        description=req.description,
        tile_type=req.tile_type,
        tile_size=req.tile_size,
        tile_view=view_of(req),
        view_angle=req.tile_view_angle,
        depth_ratio=req.tile_depth_ratio,
        tile_height=req.tile_height,
        flat_top=req.tile_flat_top_px,
        lean=req.oblique_lean,
        outline_mode=req.outline_mode,
        feature=req.tile_feature,
        building=BuildingSpec(
            wall=req.building_wall_description,
            floor=req.building_floor_description,
            floor2=req.building_floor2_description,
            layout=req.building_layout,
            wall_angle=req.building_wall_angle,
            wall_tiles=req.building_wall_tiles,
        ),
        seed=seed,
    )


def quote(req: CreateTilesProRequest) -> Quote:
    """Cost and shape of a request; a request that cannot be drawn is a 422 naming the field."""
    if req.style_images:
        first = req.style_images[0]
        loc = ("body", "style_images", 0)
        opaque = first.pixels[..., 3] > 127
        if not opaque.any():
            raise InvalidRequest(loc, "the style image is fully transparent: no tile to copy")
        ys, xs = opaque.nonzero()
        box_h, box_w = int(ys.max() - ys.min() + 1), int(xs.max() - xs.min() + 1)
        if max(first.width, first.height) > MAX_STYLE_SIDE or min(box_h, box_w) < MIN_STYLE_TILE:
            msg = (
                f"a style tile must be {MIN_STYLE_TILE}-{MAX_STYLE_SIDE} px: the image is "
                f"{first.width}x{first.height} with a {box_w}x{box_h} tile"
            )
            raise InvalidRequest(loc, msg)
        width = first.width
        items = parse_items(req.description)
        n = len(items) if items else default_count(width)
        kind = "tiles"
    else:
        try:
            plan = make_plan(to_spec(req, 0))
        except SpecError as exc:
            raise InvalidRequest(("body", exc.field), str(exc)) from None
        width, n, kind = req.tile_size, plan.n_tiles, plan.kind
    canvas = width * n
    return Quote(_price(canvas), canvas, n, kind, width)


def submit_tiles_pro(
    ctx: Container, auth: Auth, req: CreateTilesProRequest
) -> tuple[Submitted, Quote]:
    """Quote, charge and queue a Pro tile set."""
    q = quote(req)
    payload = req.model_dump(mode="json")
    payload["seed"] = content_seed(req)
    draft = AssetDraft(
        family=FAMILY,
        description=req.description,
        params={
            "tile_type": req.tile_type,
            "tile_size": q.tile_size,
            "tile_view": view_of(req),
            "n_tiles": q.n_tiles,
            "kind": q.kind,
        },
    )
    return submit_job(ctx, auth, KIND, payload, q.cost, draft), q


def run_tiles_pro(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job handler: draw the set and return its PNGs as ``tile_0``, ``tile_1``, ..."""
    req = CreateTilesProRequest.model_validate(payload, strict=False)
    spec = to_spec(req, content_seed(req))
    ctx.progress(0.05)
    images = [s.pixels for s in req.style_images] if req.style_images else None
    options = req.style_options.model_dump() if req.style_options else None
    tileset = render_tiles_pro(spec, images, options)
    ctx.progress(0.9)
    files = {f"tile_{i}": encode_png(rgba) for i, rgba in enumerate(tileset.tiles)}
    h, w = tileset.tiles[0].shape[:2]
    result = {
        "kind": tileset.kind,
        "tile_rules": tileset.rules,
        "n_tiles": len(tileset.tiles),
        "names": tileset.names,
        "tile_width": w,
        "tile_height": h,
        "tile_type": tileset.geometry.tile_type,
        "offset": list(tileset.offset),
        "reading": read_description(req.description, "tile").as_dict(),
    }
    summary = {
        "tile_id": ctx.asset_id,
        "kind": tileset.kind,
        "n_tiles": len(tileset.tiles),
        "reading": result["reading"],
    }
    return JobOutput(result=result, files=files, last_response=summary)


def ordered_files(view: AssetView) -> list[tuple[str, str]]:
    """The set's ``(tile_i, blob key)`` pairs in tile order."""

    def index(name: str) -> int:
        return int(name.rsplit("_", 1)[-1]) if name.rsplit("_", 1)[-1].isdigit() else 1 << 30

    return sorted(view.files.items(), key=lambda kv: (index(kv[0]), kv[0]))


def get_tiles(ctx: Container, auth: Auth, tile_id: str) -> AssetView:
    """A drawn set (423 while drawing, 410 if it failed, 404 if not the caller's)."""
    return get_done_asset(ctx, auth, tile_id, FAMILY, NOUN)


def read_tiles(
    ctx: Container,
    auth: Auth,
    tile_id: str,
    variant: Hashable,
    render: Callable[[AssetView], bytes],
) -> Prepared:
    """:func:`get_tiles` as ``render`` encodes it, encoded once per ``variant``."""
    return read_prepared(ctx, auth, tile_id, FAMILY, NOUN, variant, render)


def list_tiles(ctx: Container, auth: Auth, limit: int, offset: int) -> tuple[list[AssetView], int]:
    """A page of the caller's sets, newest first, and their total."""
    return list_assets(ctx, auth, FAMILY, limit, offset)


def delete_tiles(ctx: Container, auth: Auth, tile_id: str) -> None:
    """Delete a set and its images (409 while it is still being drawn)."""
    delete_asset(ctx, auth, tile_id, FAMILY, NOUN, refuse_while_processing=True)
