"""Isometric tiles: quote, submit, the job handler, and the reads of finished tiles.

**Cost**: 1 generation for a canvas of up to 32 x 32 pixels (1024 px of area; the measured
price of a 32 px block), 2 above that (up to 64 x 64). Shape, grid, outline and images
do not change the price.

**Seed**: the request's ``seed``, or, when it is omitted, one derived from the request
itself (a hash of its JSON), so the same request always gives the same bytes.

**Fit**: the tile's footprint (``isometric_tile_size`` wide) and sides must fit the
canvas; when they do not, the request is refused with a 422 naming
``isometric_tile_size`` and the smallest ``image_size`` that would hold it (a tile that
silently shrank would no longer fit its grid).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Usage, png_b64
from pixelkiln.contract.isometric import (
    CreateIsometricTileBackgroundResponse,
    CreateIsometricTileRequest,
    CreateIsometricTileResponse,
    DeleteIsometricTileResponse,
    IsometricTileImage,
    IsometricTileSummary,
)
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.isometric import IsoTile, render_isometric_tile, tile_geometry
from pixelkiln.engine.palette import palette_from_image
from pixelkiln.engine.reading import read_description
from pixelkiln.engine.style import Style
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
from pixelkiln.service.submit import AssetDraft, submit_job

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "FAMILY",
    "KIND",
    "delete_isometric_tile",
    "get_isometric_tile",
    "list_isometric_tiles",
    "quote",
    "read_isometric_tile",
    "render_request",
    "run_isometric_tile",
    "submit_isometric_tile",
    "tile_summary",
]

KIND = "isometric_tile"
FAMILY = "isometric_tile"
NOUN = "Tile"
#: Canvas area (px) covered by the base price of one generation.
BASE_AREA = 32 * 32
#: Most colours taken from a ``color_image`` (k-means picks them when it has more).
MAX_PALETTE = 32
#: Pixels of a ``color_image`` read at most (bigger images are read on a stride).
PALETTE_PIXELS = 512 * 512


def quote(request: CreateIsometricTileRequest) -> float:
    """Generations a request costs: 1 up to a 32 x 32 canvas, 2 above."""
    size = request.image_size
    return 1.0 if size.width * size.height <= BASE_AREA else 2.0


def _grid(request: CreateIsometricTileRequest) -> int:
    return request.isometric_tile_size or 16


def _palette(request: CreateIsometricTileRequest, seed: int) -> np.ndarray | None:
    if request.color_image is None:
        return None
    pixels = request.color_image.pixels
    # A photo-sized palette image is read on a stride: its colours are still its own.
    stride = max(1, int(np.ceil(np.sqrt(pixels.shape[0] * pixels.shape[1] / PALETTE_PIXELS))))
    return palette_from_image(pixels[::stride, ::stride], max_colors=MAX_PALETTE, seed=seed)


def _check(request: CreateIsometricTileRequest) -> None:
    """422s the model cannot see: a tile too big for its canvas, an empty palette."""
    size = request.image_size
    try:
        tile_geometry((size.height, size.width), _grid(request), request.isometric_tile_shape)
    except ValueError as exc:
        raise InvalidRequest(("body", "isometric_tile_size"), str(exc)) from None
    if request.color_image is not None and not (request.color_image.pixels[..., 3] > 127).any():
        raise InvalidRequest(("body", "color_image"), "color_image has no opaque pixels")


def render_request(request: CreateIsometricTileRequest) -> IsoTile:
    """Draw the tile a request asks for (pure: the same request gives the same pixels)."""
    seed = content_seed(request)
    style = Style(
        outline=request.outline or "lineless",
        shading=request.shading or "basic shading",
        detail=request.detail or "medium detail",
    )
    size = request.image_size
    return render_isometric_tile(
        request.description,
        (size.height, size.width),
        grid=_grid(request),
        shape=request.isometric_tile_shape,
        seed=seed,
        style=style,
        init_image=request.init_image.pixels if request.init_image is not None else None,
        init_strength=request.init_image_strength / 1000.0,
        palette=_palette(request, seed),
        guidance=request.text_guidance_scale,
    )


def submit_isometric_tile(
    ctx: Container, auth: Auth, request: CreateIsometricTileRequest
) -> CreateIsometricTileBackgroundResponse:
    """Charge and queue one tile; answers with its id at once."""
    _check(request)
    cost = quote(request)
    params: dict[str, Any] = {
        "image_size": request.image_size.model_dump(),
        "isometric_tile_size": _grid(request),
        "isometric_tile_shape": request.isometric_tile_shape,
        "outline": request.outline or "lineless",
        "shading": request.shading or "basic shading",
        "detail": request.detail or "medium detail",
        "seed": content_seed(request),
        "init_image": request.init_image is not None,
        "color_image": request.color_image is not None,
    }
    submitted = submit_job(
        ctx,
        auth,
        KIND,
        request.model_dump(mode="json"),
        cost,
        AssetDraft(
            family=FAMILY,
            name=request.description[:200],
            description=request.description,
            params=params,
        ),
    )
    assert submitted.asset_id is not None
    return CreateIsometricTileBackgroundResponse(
        background_job_id=submitted.job_id,
        tile_id=submitted.asset_id,
        usage=Usage(type="generations", generations=cost),
    )


def run_isometric_tile(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job handler: draw the tile and store its PNG."""
    request = CreateIsometricTileRequest.model_validate(payload, strict=False)
    ctx.progress(0.1)
    tile = render_request(request)
    png = encode_png(tile.rgba)
    geo = tile.geometry
    result = {
        "width": geo.canvas_w,
        "height": geo.canvas_h,
        "isometric_tile_size": geo.grid,
        "isometric_tile_shape": geo.shape,
        "side_height": geo.thickness,
        # Where the footprint's top vertex sits: align this point with a grid cell's.
        "footprint_origin": {"x": geo.x0, "y": geo.y0},
        "top_material": tile.layers.top.material,
        "side_material": tile.layers.body.material,
        "seed": content_seed(request),
    }
    last_response = {"status": "completed", "tile_id": ctx.asset_id, "image": png_b64(png)}
    # The background job shows the tile too, with where to anchor it on a grid.
    last_response.update(result)
    result["reading"] = read_description(request.description, "isometric").as_dict()
    last_response["reading"] = result["reading"]
    return JobOutput(result=result, files={"tile": png}, last_response=last_response)


def get_isometric_tile(ctx: Container, auth: Auth, tile_id: str) -> CreateIsometricTileResponse:
    """A finished tile with its PNG embedded (423 while drawing, 410 if it failed)."""
    return _tile_body(ctx, get_done_asset(ctx, auth, tile_id, FAMILY, NOUN))


def read_isometric_tile(
    ctx: Container, auth: Auth, tile_id: str, encode: Callable[[Any], bytes]
) -> Prepared:
    """:func:`get_isometric_tile` as ``encode`` encodes it, encoded once (the PNG is read
    from the blob store at the first read only)."""
    return read_prepared(
        ctx, auth, tile_id, FAMILY, NOUN, "isometric", lambda v: encode(_tile_body(ctx, v))
    )


def _tile_body(ctx: Container, view: AssetView) -> CreateIsometricTileResponse:
    png = ctx.blobs.get(view.files["tile"])
    return CreateIsometricTileResponse(
        image=IsometricTileImage(**png_b64(png)),
        usage=Usage(type="generations", generations=view.billed),
    )


def tile_summary(view: AssetView, created_at: str) -> IsometricTileSummary:
    """A list item of a tile (``created_at`` already formatted by the caller)."""
    size = view.params.get("image_size") or {}
    return IsometricTileSummary(
        id=view.id,
        description=view.description or "",
        created_at=created_at,
        status=view.status,
        name=view.name,
        size=size.get("width"),
        tile_shape=view.params.get("isometric_tile_shape"),
    )


def list_isometric_tiles(
    ctx: Container, auth: Auth, limit: int, offset: int
) -> tuple[list[AssetView], int]:
    """A page of the caller's tiles, newest first, and how many there are in all."""
    return list_assets(ctx, auth, FAMILY, limit, offset)


def delete_isometric_tile(ctx: Container, auth: Auth, tile_id: str) -> DeleteIsometricTileResponse:
    """Delete a tile and its image (a tile still drawing is deleted too; its job is dropped)."""
    delete_asset(ctx, auth, tile_id, FAMILY, NOUN)
    return DeleteIsometricTileResponse(
        success=True, tile_id=tile_id, usage=Usage(type="generations", generations=0)
    )
