"""Pro tile sets: ``POST /create-tiles-pro``, ``GET /tiles-pro``, ``GET/DELETE /tiles-pro/{id}``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep, db_call
from pixelkiln.api.prepared import NOT_MODIFIED, answer, encoder
from pixelkiln.api.timefmt import iso
from pixelkiln.api.urls import file_url, public_base
from pixelkiln.contract.common import Usage
from pixelkiln.contract.tiles_pro import (
    CreateTilesProRequest,
    CreateTilesProResponse,
    DeleteTilesProResponse,
    GetTilesProResponse,
    TilesProListResponse,
    TilesProSummary,
)
from pixelkiln.service.tiles_pro import (
    delete_tiles,
    list_tiles,
    ordered_files,
    read_tiles,
    submit_tiles_pro,
)

__all__ = ["router"]

router = APIRouter(tags=["Tiles"])

_NOT_FOUND = {404: {"description": "Tiles not found (or another account's)"}}


@router.post(
    "/create-tiles-pro",
    status_code=202,
    response_model=CreateTilesProResponse,
    summary="Create tiles pro (async processing)",
    responses={
        402: {"description": "The balance is lower than the quoted cost"},
        422: {"description": "A field is invalid (the error names it)"},
        429: {"description": "Submissions closer than the spacing limit (Retry-After)"},
    },
)
def create_tiles_pro(
    body: CreateTilesProRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateTilesProResponse:
    """Start drawing a Pro tile set; the cost (10/15/25 by tile size x count) is charged now."""
    submitted, quote = submit_tiles_pro(ctx, auth, body)
    assert submitted.asset_id is not None
    return CreateTilesProResponse(
        background_job_id=submitted.job_id,
        tile_id=submitted.asset_id,
        usage=Usage(type="generations", generations=quote.cost),
    )


@router.get(
    "/tiles-pro",
    response_model=TilesProListResponse,
    summary="List your tiles-pro tiles",
)
def list_tiles_pro(
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=50, description="Page size (1-50).")] = 10,
    offset: Annotated[int, Query(ge=0, description="Sets to skip.")] = 0,
) -> TilesProListResponse:
    """The caller's Pro tile sets, newest first; ``total`` counts all of them."""
    views, total = list_tiles(ctx, auth, limit, offset)
    return TilesProListResponse(
        tiles=[
            TilesProSummary(
                id=v.id,
                name=v.name,
                description=v.description,
                tile_type=str(v.params.get("tile_type", "")),
                tile_size=v.params.get("tile_size"),
                n_tiles=v.params.get("n_tiles"),
                tile_view=v.params.get("tile_view"),
                created_at=iso(v.created_at),
                status=v.status,
            )
            for v in views
        ],
        total=total,
        usage=Usage(type="generations", generations=0),
    )


@router.get(
    "/tiles-pro/{tile_id}",
    response_model=GetTilesProResponse,
    summary="Get generated tiles pro by ID",
    responses={
        **NOT_MODIFIED,
        **_NOT_FOUND,
        410: {"description": "The generation failed; its charge was refunded"},
        423: {"description": "Tiles still processing (Retry-After says when to ask again)"},
    },
)
async def get_tiles_pro(
    tile_id: str, request: Request, auth: AuthDep, ctx: ContainerDep
) -> Response:
    """A drawn set: public PNG URLs per tile, its kind and placement rules (423 while drawing)."""
    # The URLs name the public root, so each root has its own stored answer.
    variant = ("tiles-pro", public_base(request))

    def encode(view: Any) -> bytes:
        return _encode_tiles(view, request)

    prepared = await db_call(ctx, read_tiles, ctx, auth, tile_id, variant, encode)
    return answer(request, prepared)


def _tiles_body(view: Any, request: Request) -> GetTilesProResponse:
    result = view.result or {}
    return GetTilesProResponse(
        storage_urls={name: file_url(request, key) for name, key in ordered_files(view)},
        kind=result.get("kind", "tiles"),
        tile_rules=result.get("tile_rules"),
        usage=Usage(type="generations", generations=view.billed),
    )


_encode_tiles = encoder(GetTilesProResponse, _tiles_body)


@router.delete(
    "/tiles-pro/{tile_id}",
    response_model=DeleteTilesProResponse,
    summary="Delete a tiles-pro tile",
    responses={**_NOT_FOUND, 409: {"description": "Tile is still generating"}},
)
def delete_tiles_pro(tile_id: str, auth: AuthDep, ctx: ContainerDep) -> DeleteTilesProResponse:
    """Delete a Pro tile set and its images, for good."""
    delete_tiles(ctx, auth, tile_id)
    return DeleteTilesProResponse(
        success=True, tile_id=tile_id, usage=Usage(type="generations", generations=0)
    )
