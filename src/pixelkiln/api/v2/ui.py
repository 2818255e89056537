"""Game UI: create, read (200 with progress while drawing), list and delete UI panels, and
generate single UI elements."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep
from pixelkiln.api.timefmt import iso
from pixelkiln.api.urls import file_url
from pixelkiln.contract.ui import (
    CreateUIAssetRequest,
    CreateUIAssetResponse,
    DeleteUIAssetResponse,
    GenerateUIV2Request,
    GenerateUIV2Response,
    UIAssetDetail,
    UIAssetsListResponse,
)
from pixelkiln.service import ui as service

router = APIRouter(tags=["Game UI"])

_NOT_FOUND = {404: {"description": "UI asset not found (or another account's)"}}
_SUBMIT = {
    402: {"description": "Not enough generations for this request"},
    422: {"description": "Invalid field (an image_size outside the aspect tiers lists them)"},
    429: {"description": "Submissions closer than the spacing limit (see Retry-After)"},
}


@router.post(
    "/create-ui-asset",
    status_code=202,
    response_model=CreateUIAssetResponse,
    summary="Create UI panel (Pro)",
    responses=_SUBMIT,
)
def create_ui_asset(
    body: CreateUIAssetRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateUIAssetResponse:
    """Queue a panel drawn from pieces and elements; poll GET /ui-assets/{ui_asset_id}."""
    return service.submit_ui_asset(ctx, auth, body)


@router.get(
    "/ui-assets",
    response_model=UIAssetsListResponse,
    summary="List UI assets",
)
def list_ui_assets(
    request: Request,
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=100, description="Page size")] = 50,
    offset: Annotated[int, Query(ge=0, description="Assets to skip")] = 0,
) -> UIAssetsListResponse:
    """The caller's UI assets, newest first (still drawing ones included), with the total."""
    views, total = service.list_ui_assets(ctx, auth, limit, offset)
    return UIAssetsListResponse(
        ui_assets=[
            service.summary(v, iso(v.created_at), lambda key: file_url(request, key)) for v in views
        ],
        total=total,
    )


@router.get(
    "/ui-assets/{ui_asset_id}",
    response_model=UIAssetDetail,
    summary="Get UI asset",
    responses=_NOT_FOUND,
)
def get_ui_asset(
    ui_asset_id: str, request: Request, auth: AuthDep, ctx: ContainerDep
) -> UIAssetDetail:
    """Status, real progress and ETA while drawing; the image URL and regions when done."""
    view = service.get_ui_asset(ctx, auth, ui_asset_id)
    return service.detail(view, iso(view.created_at), lambda key: file_url(request, key))


@router.delete(
    "/ui-assets/{ui_asset_id}",
    response_model=DeleteUIAssetResponse,
    summary="Delete UI asset",
    responses=_NOT_FOUND,
)
def delete_ui_asset(ui_asset_id: str, auth: AuthDep, ctx: ContainerDep) -> DeleteUIAssetResponse:
    """Delete one of the caller's UI panels and its image, permanently."""
    return service.delete_ui_asset(ctx, auth, ui_asset_id)


@router.post(
    "/generate-ui-v2",
    status_code=202,
    response_model=GenerateUIV2Response,
    summary="Generate UI (Pro)",
    responses=_SUBMIT,
)
def generate_ui_v2(
    body: GenerateUIV2Request, auth: BilledDep, ctx: ContainerDep
) -> GenerateUIV2Response:
    """Queue one UI element; its image arrives in GET /background-jobs/{id} last_response."""
    return service.submit_ui_element(ctx, auth, body)
