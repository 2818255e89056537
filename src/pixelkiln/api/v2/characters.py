"""Characters: creation, animation, the library, and the key-free exports."""

from __future__ import annotations

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep, QueuedDep
from pixelkiln.api.urls import file_url
from pixelkiln.contract.characters import (
    CharacterDetail,
    CharactersListResponse,
    CreateCharacterAnimationRequest,
    CreateCharacterAnimationResponse,
    CreateCharacterProFlashRequest,
    CreateCharacterProFlashResponse,
    CreateCharacterProRequest,
    CreateCharacterProResponse,
    CreateCharacterStateRequest,
    CreateCharacterStateResponse,
    CreateCharacterV3Request,
    CreateCharacterV3Response,
    CreateCharacterWith4DirectionsRequest,
    CreateCharacterWith4DirectionsResponse,
    CreateCharacterWith8DirectionsRequest,
    CreateCharacterWith8DirectionsResponse,
    DeleteAnimationResponse,
    DeleteCharacterResponse,
    UpdateTagsRequest,
    UpdateTagsResponse,
)
from pixelkiln.service.characters import animate, create, exports, library
from pixelkiln.service.characters.library import Url

router = APIRouter()

CREATION = ["Character Creation"]
LIBRARY = ["Character Library"]
# 401, 402, 429 and 503 are documented by the auth dependency (see pixelkiln.api.openapi).
_SUBMIT = {422: {"description": "Invalid field (reference images of the wrong size, ...)"}}
_NOT_FOUND = {404: {"description": "Character not found (or another account's)"}}
_ZIP = {
    200: {
        "description": "A ZIP archive",
        "content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}},
    },
    404: {"description": "Character not found"},
    422: {"description": "The character's generation failed"},
    423: {"description": "Still being generated (see Retry-After)"},
}


def _urls(request: Request) -> Url:
    return lambda key: file_url(request, key)


def _zip(export: exports.Export) -> Response:
    return Response(
        export.data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{export.filename}"'},
    )


@router.post(
    "/create-character-with-4-directions",
    tags=CREATION,
    response_model=CreateCharacterWith4DirectionsResponse,
    summary="Create character with 4 directions",
    responses=_SUBMIT,
)
def create_character_with_4_directions(
    body: CreateCharacterWith4DirectionsRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterWith4DirectionsResponse:
    """Queue a character facing south, west, east and north (1 generation)."""
    return create.create_with_directions(ctx, auth, body, 4)


@router.post(
    "/create-character-with-8-directions",
    tags=CREATION,
    response_model=CreateCharacterWith8DirectionsResponse,
    summary="Create character with 8 directions",
    responses=_SUBMIT,
)
def create_character_with_8_directions(
    body: CreateCharacterWith8DirectionsRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterWith8DirectionsResponse:
    """Queue a character in 8 directions (standard 1 generation; pro 20-40 by size)."""
    return create.create_with_directions(ctx, auth, body, 8)


@router.post(
    "/create-character-v3",
    tags=CREATION,
    response_model=CreateCharacterV3Response,
    summary="Create character (v3, 8 rotations)",
    responses=_SUBMIT,
)
def create_character_v3(
    body: CreateCharacterV3Request, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterV3Response:
    """Queue 8 rotations from a description or a south-facing reference."""
    return create.create_v3(ctx, auth, body)


@router.post(
    "/create-character-pro",
    tags=CREATION,
    response_model=CreateCharacterProResponse,
    summary="Create character with Pro mode (8 directions)",
    responses=_SUBMIT,
)
def create_character_pro(
    body: CreateCharacterProRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterProResponse:
    """Queue a Pro character (20-40 generations by size)."""
    return create.create_pro(ctx, auth, body)


@router.post(
    "/create-character-pro-flash",
    tags=CREATION,
    status_code=202,
    response_model=CreateCharacterProFlashResponse,
    summary="Create character (Pro Flash)",
    responses={**_SUBMIT, **_NOT_FOUND},
)
def create_character_pro_flash(
    body: CreateCharacterProFlashRequest, auth: BilledDep, ctx: ContainerDep
) -> CreateCharacterProFlashResponse:
    """Queue a Pro Flash character; its job itemises `billing_stages`."""
    return create.create_pro_flash(ctx, auth, body)


@router.post(
    "/create-character-state",
    tags=CREATION,
    response_model=CreateCharacterStateResponse,
    summary="Create a state of an existing character",
    responses={
        **_SUBMIT,
        **_NOT_FOUND,
        400: {"description": "The source character is not completed"},
    },
)
def create_character_state(
    body: CreateCharacterStateRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterStateResponse:
    """Queue a variant of a character, grouped with it (1 generation)."""
    return create.create_state(ctx, auth, body)


_ANIMATE = {
    **_SUBMIT,
    **_NOT_FOUND,
    400: {"description": "The character is not completed"},
}


@router.post(
    "/animate-character",
    tags=CREATION,
    response_model=CreateCharacterAnimationResponse,
    summary="Animate character",
    responses=_ANIMATE,
)
def animate_character(
    body: CreateCharacterAnimationRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterAnimationResponse:
    """Queue one job per direction: a template, or a free-text action (v3, pro)."""
    return animate.animate_character(ctx, auth, body)


@router.post(
    "/characters/animations",
    tags=CREATION,
    response_model=CreateCharacterAnimationResponse,
    summary="Create Character Animation",
    responses=_ANIMATE,
)
def create_character_animation(
    body: CreateCharacterAnimationRequest, auth: QueuedDep, ctx: ContainerDep
) -> CreateCharacterAnimationResponse:
    """The same as `POST /animate-character`."""
    return animate.animate_character(ctx, auth, body)


@router.get(
    "/characters",
    tags=LIBRARY,
    response_model=CharactersListResponse,
    summary="List user's characters",
)
def list_characters(
    request: Request,
    auth: AuthDep,
    ctx: ContainerDep,
    limit: Annotated[int, Query(ge=1, le=100, description="Page size")] = 50,
    offset: Annotated[int, Query(ge=0, description="Characters to skip")] = 0,
) -> CharactersListResponse:
    """The caller's characters and states, newest first, with the total for paging."""
    items, total = library.list_characters(ctx, auth, limit, offset, _urls(request))
    return CharactersListResponse(characters=items, total=total)


@router.get(
    "/characters/{character_id}",
    tags=LIBRARY,
    response_model=CharacterDetail,
    response_model_by_alias=True,
    summary="Get character details",
    responses=_NOT_FOUND,
)
def get_character(
    character_id: str, request: Request, auth: AuthDep, ctx: ContainerDep
) -> CharacterDetail:
    """Rotations, animations, keypoints and style; `status` pending until drawn."""
    return library.character_detail(ctx, auth, character_id, _urls(request))


@router.delete(
    "/characters/{character_id}",
    tags=LIBRARY,
    response_model=DeleteCharacterResponse,
    summary="Delete a character and all associated data",
    responses=_NOT_FOUND,
)
def delete_character(
    character_id: str, auth: AuthDep, ctx: ContainerDep
) -> DeleteCharacterResponse:
    """Delete a character, its images and its animations (its states stay)."""
    return library.delete_character(ctx, auth, character_id)


@router.patch(
    "/characters/{character_id}/tags",
    tags=LIBRARY,
    response_model=UpdateTagsResponse,
    summary="Update character tags",
    responses={**_NOT_FOUND, 400: {"description": "Invalid tag format"}},
)
def update_character_tags(
    character_id: str, body: UpdateTagsRequest, auth: AuthDep, ctx: ContainerDep
) -> UpdateTagsResponse:
    """Replace the character's tags."""
    return library.update_tags(ctx, auth, character_id, body.tags)


@router.delete(
    "/characters/{character_id}/animations",
    tags=LIBRARY,
    response_model=DeleteAnimationResponse,
    summary="Delete animations from a character",
    responses={
        **_NOT_FOUND,
        400: {"description": "Neither animation_type nor animation_group_id"},
        409: {"description": "animation_type names several animations"},
    },
)
def delete_character_animations(
    character_id: str,
    auth: AuthDep,
    ctx: ContainerDep,
    animation_type: Annotated[str | None, Query(description="Type or display name")] = None,
    animation_group_id: Annotated[uuid.UUID | None, Query()] = None,
    direction: Annotated[str | None, Query(description="Only this direction")] = None,
) -> DeleteAnimationResponse:
    """Delete by type or group; 200 with a count of 0 when nothing matched."""
    group = str(animation_group_id) if animation_group_id else None
    return library.delete_character_animations(
        ctx, auth, character_id, animation_type, group, direction
    )


@router.get(
    "/characters/{character_id}/spritesheet",
    tags=LIBRARY,
    response_class=Response,
    summary="Export character as spritesheet",
    responses=_ZIP,
)
def character_spritesheet(
    character_id: str,
    ctx: ContainerDep,
    format: Annotated[
        Literal["aseprite", "godot", "phaser"] | None,
        Query(description="An engine's own format beside the sheet (beyond the contract)."),
    ] = None,
) -> Response:
    """No key: the random character id is the key. `<name>.png` (row 0 the
    rotations, one row per animation-direction) and `<name>.json` (the layout), or
    with `format` the sheet and that engine's file."""
    return _zip(exports.character_sheet_zip(ctx, character_id, format))


@router.get(
    "/characters/{character_id}/zip",
    tags=LIBRARY,
    response_class=Response,
    summary="Export character as ZIP",
    responses=_ZIP,
)
def character_zip(
    character_id: str,
    ctx: ContainerDep,
    states: Annotated[
        str | None, Query(description="Comma-separated ids of states of the same group")
    ] = None,
) -> Response:
    """No key: `rotations/{dir}.png`, `animations/{type}/{dir}/frame_000.png`...,
    `metadata.json` with keypoints."""
    return _zip(exports.character_files_zip(ctx, character_id, states))
