"""Map objects: one-off transparent props (inpainted into a scene if asked), deleted after
8 hours."""

from __future__ import annotations

from fastapi import APIRouter, Request

from pixelkiln.api.deps import AuthDep, ContainerDep, QueuedDep
from pixelkiln.api.urls import file_url
from pixelkiln.contract.objects import (
    CreateMapObjectRequest,
    CreateMapObjectResponse,
    GetMapObjectResponse,
)
from pixelkiln.service.objects import map_objects

router = APIRouter(tags=["Map Objects"])


@router.post(
    "/map-objects",
    response_model=CreateMapObjectResponse,
    summary="Create map object",
)
def create_map_object(
    body: CreateMapObjectRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateMapObjectResponse:
    """Queue a map object; poll GET /map-objects/{object_id} (423 while it is drawn)."""
    return map_objects.submit_map_object(ctx, auth, body)


@router.get(
    "/map-objects/{object_id}",
    response_model=GetMapObjectResponse,
    summary="Get map object status + metadata",
    responses={
        404: {"description": "No such map object (unknown, expired or another account's)"},
        410: {"description": "The generation failed; its charge was refunded"},
        423: {"description": "Still being drawn (see Retry-After)"},
    },
)
def get_map_object(
    object_id: str, request: Request, auth: AuthDep, ctx: ContainerDep
) -> GetMapObjectResponse:
    """The finished map object: a key-free PNG URL, its size and when it expires."""
    return map_objects.get_map_object(ctx, auth, object_id, lambda k: file_url(request, k))
