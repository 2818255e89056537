"""Objects: creation (1-direction candidates, 8 directions, pro-flash), review, states,
animations, and the library (details, list, delete, tags, spritesheet)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep, QueuedDep
from pixelkiln.api.urls import file_url
from pixelkiln.contract.objects import (
    AnimateObjectRequest,
    AnimateObjectResponse,
    Create1DirectionObjectRequest,
    Create1DirectionObjectResponse,
    Create8DirectionObjectRequest,
    Create8DirectionObjectResponse,
    CreateObjectProFlashRequest,
    CreateObjectProFlashResponse,
    CreateObjectStateRequest,
    CreateObjectStateResponse,
    DeleteAnimationResponse,
    DeleteObjectResponse,
    DismissReviewResponse,
    ObjectDetail,
    ObjectsListResponse,
    SelectObjectFramesRequest,
    SelectObjectFramesResponse,
    UpdateObjectTagsRequest,
    UpdateObjectTagsResponse,
)
from pixelkiln.service.objects import animations, create, library, review, states

router = APIRouter()

_CREATION = ["Object Creation"]
_LIBRARY = ["Object Library"]
# 401, 402, 429 and 503 are documented by the auth dependency (see pixelkiln.api.openapi).
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"description": "Object not found (or another account's)"}
}


def _urls(request: Request) -> library.UrlFor:
    return lambda key: file_url(request, key)


@router.post(
    "/create-1-direction-object",
    tags=_CREATION,
    response_model=Create1DirectionObjectResponse,
    summary="Create a 1-direction object",
)
def create_1_direction_object(
    body: Create1DirectionObjectRequest, auth: QueuedDep, ctx: ContainerDep
) -> Create1DirectionObjectResponse:
    """Queue an object seen from one direction; with several candidates (by size) it
    enters `review`: pick them with select-frames."""
    return create.submit_one_direction(ctx, auth, body)


@router.post(
    "/create-8-direction-object",
    tags=_CREATION,
    response_model=Create8DirectionObjectResponse,
    summary="Create an 8-direction object",
)
def create_8_direction_object(
    body: Create8DirectionObjectRequest, auth: QueuedDep, ctx: ContainerDep
) -> Create8DirectionObjectResponse:
    """Queue an object drawn facing 8 directions; poll GET /objects/{object_id}."""
    return create.submit_eight_direction(ctx, auth, body)


@router.post(
    "/create-object-pro-flash",
    tags=_CREATION,
    status_code=202,
    operation_id="create_object_pro_flash",
    response_model=CreateObjectProFlashResponse,
    summary="Create object (Pro Flash)",
    responses={404: {"description": "source_image_id not found"}},
)
def create_object_pro_flash(
    body: CreateObjectProFlashRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateObjectProFlashResponse:
    """Queue a 1- or 8-direction object billed in stages (`billing_stages` on the job)."""
    return create.submit_pro_flash(ctx, auth, body)


@router.get(
    "/objects",
    tags=_LIBRARY,
    response_model=ObjectsListResponse,
    summary="List user's objects",
)
def list_objects(
    request: Request,
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=100, description="Page size")] = 50,
    offset: Annotated[int, Query(ge=0, description="Objects to skip")] = 0,
) -> ObjectsListResponse:
    """The caller's objects, newest first, with the total count for paging."""
    return library.list_objects(ctx, auth, limit, offset, _urls(request))


@router.get(
    "/objects/{object_id}",
    tags=_LIBRARY,
    response_model=ObjectDetail,
    summary="Get object details",
    responses=_NOT_FOUND,
)
def get_object(object_id: str, request: Request, auth: AuthDep, ctx: ContainerDep) -> ObjectDetail:
    """Rotation URLs (or `storage_urls['unknown']`), candidates in review, animations,
    and `progress_percent` / `eta_seconds` while it is made."""
    return library.get_object(ctx, auth, object_id, _urls(request))


@router.delete(
    "/objects/{object_id}",
    tags=_LIBRARY,
    response_model=DeleteObjectResponse,
    summary="Delete an object and all associated data",
    responses=_NOT_FOUND,
)
def delete_object(object_id: str, auth: AuthDep, ctx: ContainerDep) -> DeleteObjectResponse:
    """Delete an object, its images and its animations."""
    return library.delete_object(ctx, auth, object_id)


@router.patch(
    "/objects/{object_id}/tags",
    tags=_LIBRARY,
    response_model=UpdateObjectTagsResponse,
    summary="Update object tags",
    responses={**_NOT_FOUND, 400: {"description": "Invalid tag format"}},
)
def update_object_tags(
    object_id: str, body: UpdateObjectTagsRequest, auth: AuthDep, ctx: ContainerDep
) -> UpdateObjectTagsResponse:
    """Replace the tags (trimmed, deduplicated ignoring case; at most 20 of 50 characters)."""
    return library.update_tags(ctx, auth, object_id, body.tags)


@router.post(
    "/objects/{object_id}/select-frames",
    tags=_CREATION,
    response_model=SelectObjectFramesResponse,
    summary="Promote selected frames of a review object to completed objects",
    responses={**_NOT_FOUND, 400: {"description": "Not in review, or an index out of range"}},
)
def select_object_frames(
    object_id: str, body: SelectObjectFramesRequest, auth: AuthDep, ctx: ContainerDep
) -> SelectObjectFramesResponse:
    """Each chosen candidate becomes a completed 1-direction object (free)."""
    return review.select_frames(ctx, auth, object_id, body)


@router.post(
    "/objects/{object_id}/dismiss-review",
    tags=_CREATION,
    response_model=DismissReviewResponse,
    summary="Dismiss a review object without saving any frames",
    responses={**_NOT_FOUND, 400: {"description": "The object is not in review"}},
)
def dismiss_review(object_id: str, auth: AuthDep, ctx: ContainerDep) -> DismissReviewResponse:
    """Close a review: the review object and its candidates are deleted (free)."""
    return review.dismiss_review(ctx, auth, object_id)


@router.post(
    "/objects/{object_id}/states",
    tags=_CREATION,
    response_model=CreateObjectStateResponse,
    summary="Create a state of an existing object",
    responses={
        **_NOT_FOUND,
        400: {"description": "The object is not completed, or the edit changes nothing"},
    },
)
def create_object_state(
    object_id: str, body: CreateObjectStateRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateObjectStateResponse:
    """A new object in the same group with the edit applied ("open", "broken", "lit")."""
    return states.submit_state(ctx, auth, object_id, body)


@router.post(
    "/objects/{object_id}/animations",
    tags=_CREATION,
    response_model=AnimateObjectResponse,
    summary="Add an animation to an existing object",
    responses={
        **_NOT_FOUND,
        400: {"description": "Not ready, bad directions or frame_count, motion it cannot do"},
        409: {"description": "A direction is animated already (pass replace_existing)"},
    },
)
def animate_object(
    object_id: str, body: AnimateObjectRequest, auth: QueuedDep, ctx: ContainerDep
) -> AnimateObjectResponse:
    """One job per direction; the motion is read from the description."""
    return animations.submit_animation(ctx, auth, object_id, body)


@router.delete(
    "/objects/{object_id}/animations",
    tags=_LIBRARY,
    response_model=DeleteAnimationResponse,
    summary="Delete animations from an object",
    responses={
        **_NOT_FOUND,
        400: {"description": "Neither animation_type nor animation_group_id"},
        409: {"description": "animation_type names several animations"},
    },
)
def delete_object_animations(
    object_id: str,
    auth: AuthDep,
    ctx: ContainerDep,
    animation_type: Annotated[str | None, Query(description="Display name or motion")] = None,
    animation_group_id: Annotated[str | None, Query(description="The animation's group")] = None,
    direction: Annotated[str | None, Query(description="Only this direction")] = None,
) -> DeleteAnimationResponse:
    """Delete an animation (by type or group), or one of its directions."""
    return library.delete_object_animations(
        ctx, auth, object_id, animation_type, animation_group_id, direction
    )


@router.get(
    "/objects/{object_id}/spritesheet",
    tags=_LIBRARY,
    summary="Export object as spritesheet",
    response_class=Response,
    responses={
        200: {
            "description": "A ZIP: the sheet PNG (row 0 the rotations, one row per "
            "animation direction) and its JSON layout, or with `format` the sheet and an "
            "Aseprite JSON, a Godot 4 SpriteFrames `.tres`, or a Phaser 3 atlas.",
            "content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}},
        },
        **_NOT_FOUND,
        400: {"description": "Object has no rotation images (still generating or failed)"},
    },
)
def download_object_spritesheet(
    object_id: str,
    auth: AuthDep,
    ctx: ContainerDep,
    format: Annotated[
        Literal["aseprite", "godot", "phaser"] | None,
        Query(description="An engine's format instead of the contract's JSON layout"),
    ] = None,
) -> Response:
    """The object's sheet in a ZIP (a 1-direction object is a one-cell row)."""
    data, name = library.spritesheet(ctx, auth, object_id, format)
    return Response(
        data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
