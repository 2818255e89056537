"""Tilesets: top-down and sidescroller Wang sets, their lists, reads, deletes and exports."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep, db_call
from pixelkiln.api.prepared import NOT_MODIFIED, answer, encoder
from pixelkiln.api.timefmt import iso
from pixelkiln.contract.common import Usage
from pixelkiln.contract.tilesets import (
    CreateTilesetBackgroundResponse,
    CreateTilesetRequest,
    CreateTilesetSidescrollerRequest,
    DeleteTilesetResponse,
    SidescrollerTilesetsListResponse,
    SidescrollerTilesetSummary,
    TilesetResponse,
    TilesetsListResponse,
    TilesetSummary,
)
from pixelkiln.service import tilesets as svc

router = APIRouter(tags=["Tilesets"])

Format = Literal["json", "png", "tiled", "godot"]
_SUBMIT_RESPONSES: dict[int | str, dict[str, Any]] = {
    402: {"description": "Insufficient generations"},
    429: {"description": "Submissions closer than the spacing limit (Retry-After)"},
}
_GET_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "`format=json` (default): the tileset; `png`: the sheet; `tiled` / "
        "`godot`: a zip with the sheet and a `.tsx` / Godot 4 `.tres` tileset.",
        "content": {
            "image/png": {"schema": {"type": "string", "format": "binary"}},
            "application/zip": {"schema": {"type": "string", "format": "binary"}},
        },
    },
    **NOT_MODIFIED,
    404: {"description": "Tileset not found"},
    410: {"description": "The generation failed; its charge was refunded"},
    423: {"description": "Tileset is still being generated (Retry-After)"},
}


def _submitted(sub: Any, usage: bool) -> CreateTilesetBackgroundResponse:
    return CreateTilesetBackgroundResponse(
        tileset_id=sub.asset_id,
        background_job_id=sub.job_id,
        usage=Usage(type="generations", generations=sub.cost) if usage else None,
    )


@router.post(
    "/tilesets",
    status_code=202,
    response_model=CreateTilesetBackgroundResponse,
    summary="Create top-down tileset (async processing)",
    responses=_SUBMIT_RESPONSES,
)
def create_tileset(
    body: CreateTilesetRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateTilesetBackgroundResponse:
    """Start a Wang tileset (16 tiles, or 25 in the tall-wall layout); poll its GET."""
    return _submitted(svc.submit_topdown(ctx, auth, body), usage=True)


@router.post(
    "/create-tileset",
    status_code=202,
    response_model=CreateTilesetBackgroundResponse,
    summary="Create top-down tileset (older alias of POST /tilesets)",
    responses=_SUBMIT_RESPONSES,
)
def create_tileset_alias(
    body: CreateTilesetRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateTilesetBackgroundResponse:
    """The same as ``POST /tilesets``."""
    return _submitted(svc.submit_topdown(ctx, auth, body), usage=True)


@router.post(
    "/tilesets-sidescroller",
    status_code=202,
    response_model=CreateTilesetBackgroundResponse,
    summary="Create sidescroller tileset (async processing)",
    responses=_SUBMIT_RESPONSES,
)
def create_sidescroller(
    body: CreateTilesetSidescrollerRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateTilesetBackgroundResponse:
    """Start a platform set; its cost is reported by ``GET /background-jobs/{id}``."""
    return _submitted(svc.submit_sidescroller(ctx, auth, body), usage=False)


@router.post(
    "/create-tileset-sidescroller",
    status_code=202,
    response_model=CreateTilesetBackgroundResponse,
    summary="Create sidescroller tileset (older alias of POST /tilesets-sidescroller)",
    responses=_SUBMIT_RESPONSES,
)
def create_sidescroller_alias(
    body: CreateTilesetSidescrollerRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateTilesetBackgroundResponse:
    """The same as ``POST /tilesets-sidescroller``."""
    return _submitted(svc.submit_sidescroller(ctx, auth, body), usage=False)


@router.get("/tilesets", response_model=TilesetsListResponse, summary="List tilesets")
def list_tilesets(
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> TilesetsListResponse:
    """The caller's tilesets of both kinds, newest first; ``total`` counts them all."""
    views, total = svc.list_tilesets(ctx, auth, limit, offset)
    items = [TilesetSummary(**svc.summary(v, iso(v.created_at))) for v in views]
    return TilesetsListResponse(tilesets=items, total=total)


@router.get(
    "/tilesets-sidescroller",
    response_model=SidescrollerTilesetsListResponse,
    summary="List sidescroller tilesets",
)
def list_sidescroller(
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=50)] = 10,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> SidescrollerTilesetsListResponse:
    """The caller's sidescroller sets, newest first."""
    views, total = svc.list_tilesets(ctx, auth, limit, offset, sidescroller_only=True)
    items = []
    for v in views:
        s = svc.summary(v, iso(v.created_at))
        items.append(
            SidescrollerTilesetSummary(
                id=s["id"],
                name=s["name"],
                lower_description=s["lower_description"],
                transition_description=s["transition_description"],
                tile_size=s["tile_size"] or {},
                created_at=s["created_at"],
                status=s["status"],
            )
        )
    return SidescrollerTilesetsListResponse(tilesets=items, total=total)


_encode = encoder(TilesetResponse, lambda v: svc.tileset_body(v, iso(v.created_at)))


def _export(ctx: ContainerDep, auth: AuthDep, tileset_id: str, fmt: str, side: bool) -> Response:
    view = svc.get_tileset(ctx, auth, tileset_id, sidescroller_only=side)
    out = svc.export_tileset(view, fmt)
    headers = {"Content-Disposition": f'attachment; filename="{out.filename}"'}
    return Response(out.data, media_type=out.media_type, headers=headers)


async def _get(
    request: Request, ctx: ContainerDep, auth: AuthDep, tileset_id: str, fmt: str, side: bool
) -> Response:
    if fmt == "json":
        # Encoded once per finished set, then served as stored (ETag, 304): a poll is one
        # indexed read, answered without a thread hop on SQLite (see db_call).
        read = await db_call(ctx, svc.read_tileset, ctx, auth, tileset_id, _encode, side)
        return answer(request, read)
    # Exports build images and archives: never on the event loop.
    return await run_in_threadpool(_export, ctx, auth, tileset_id, fmt, side)


@router.get(
    "/tilesets/{tileset_id}",
    response_model=TilesetResponse,
    summary="Get tileset",
    responses=_GET_RESPONSES,
)
async def get_tileset(
    tileset_id: str,
    request: Request,
    auth: AuthDep,
    ctx: ContainerDep,
    format: Annotated[Format, Query(description="json, png, tiled or godot")] = "json",
) -> Any:
    """A finished tileset of either kind (423 while it is drawn), or one of its exports."""
    return await _get(request, ctx, auth, tileset_id, format, side=False)


@router.get(
    "/tilesets-sidescroller/{tileset_id}",
    response_model=TilesetResponse,
    summary="Get sidescroller tileset",
    responses=_GET_RESPONSES,
)
async def get_sidescroller(
    tileset_id: str,
    request: Request,
    auth: AuthDep,
    ctx: ContainerDep,
    format: Annotated[Format, Query(description="json, png, tiled or godot")] = "json",
) -> Any:
    """A finished sidescroller set (a top-down id is a 404), or one of its exports."""
    return await _get(request, ctx, auth, tileset_id, format, side=True)


@router.delete(
    "/tilesets/{tileset_id}",
    response_model=DeleteTilesetResponse,
    summary="Delete tileset",
    responses={404: {"description": "Tileset not found"}},
)
def delete_tileset(tileset_id: str, auth: AuthDep, ctx: ContainerDep) -> DeleteTilesetResponse:
    """Delete a tileset of either kind, its images and its base tiles."""
    svc.delete_tileset(ctx, auth, tileset_id)
    return DeleteTilesetResponse(success=True, tileset_id=tileset_id)


@router.delete(
    "/tilesets-sidescroller/{tileset_id}",
    response_model=DeleteTilesetResponse,
    summary="Delete sidescroller tileset",
    responses={404: {"description": "Tileset not found"}},
)
def delete_sidescroller(tileset_id: str, auth: AuthDep, ctx: ContainerDep) -> DeleteTilesetResponse:
    """Delete a sidescroller set (a top-down id is a 404)."""
    svc.delete_tileset(ctx, auth, tileset_id, sidescroller_only=True)
    return DeleteTilesetResponse(success=True, tileset_id=tileset_id)
