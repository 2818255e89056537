"""Isometric tiles: create, read (423 while drawing), list and delete."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep, db_call
from pixelkiln.api.prepared import NOT_MODIFIED, answer, encoder
from pixelkiln.api.timefmt import iso
from pixelkiln.contract.isometric import (
    CreateIsometricTileBackgroundResponse,
    CreateIsometricTileRequest,
    CreateIsometricTileResponse,
    DeleteIsometricTileResponse,
    IsometricTilesListResponse,
)
from pixelkiln.service import isometric as service

router = APIRouter(tags=["Tiles"])

_NOT_FOUND = {404: {"description": "Tile not found (or another account's)"}}


@router.post(
    "/create-isometric-tile",
    status_code=202,
    response_model=CreateIsometricTileBackgroundResponse,
    summary="Create isometric tile (async processing)",
    responses={
        402: {"description": "Not enough generations for this request"},
        422: {"description": "Invalid field, or a tile that does not fit its canvas"},
        429: {"description": "Submissions closer than the spacing limit (see Retry-After)"},
    },
)
def create_isometric_tile(
    body: CreateIsometricTileRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateIsometricTileBackgroundResponse:
    """Queue one thin tile, thick tile or block; poll GET /isometric-tiles/{tile_id}."""
    return service.submit_isometric_tile(ctx, auth, body)


@router.get(
    "/isometric-tiles",
    response_model=IsometricTilesListResponse,
    summary="List user's isometric tiles",
)
def list_isometric_tiles(
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=100, description="Page size")] = 50,
    offset: Annotated[int, Query(ge=0, description="Tiles to skip")] = 0,
) -> IsometricTilesListResponse:
    """The caller's tiles, newest first, with the total count for paging."""
    views, total = service.list_isometric_tiles(ctx, auth, limit, offset)
    return IsometricTilesListResponse(
        tiles=[service.tile_summary(v, iso(v.created_at)) for v in views], total=total
    )


@router.get(
    "/isometric-tiles/{tile_id}",
    response_model=CreateIsometricTileResponse,
    summary="Get generated isometric tile by ID",
    responses={
        **NOT_MODIFIED,
        **_NOT_FOUND,
        410: {"description": "The generation failed; its charge was refunded"},
        423: {"description": "Tile still processing (see Retry-After)"},
    },
)
async def get_isometric_tile(
    tile_id: str, request: Request, auth: AuthDep, ctx: ContainerDep
) -> Response:
    """The finished tile as an embedded transparent PNG, and what it cost."""
    read = await db_call(ctx, service.read_isometric_tile, ctx, auth, tile_id, _encode_tile)
    return answer(request, read)


_encode_tile = encoder(CreateIsometricTileResponse, lambda body: body)


@router.delete(
    "/isometric-tiles/{tile_id}",
    response_model=DeleteIsometricTileResponse,
    summary="Delete an isometric tile",
    responses=_NOT_FOUND,
)
def delete_isometric_tile(
    tile_id: str, auth: AuthDep, ctx: ContainerDep
) -> DeleteIsometricTileResponse:
    """Delete one of the caller's tiles and its image, permanently."""
    return service.delete_isometric_tile(ctx, auth, tile_id)
