"""Motion tools for any sprite: rotations, rotate, text animation, interpolation,
animation edits and outfit transfer. Results of the job-backed tools are in
``GET /background-jobs/{job_id}`` (``last_response.images``)."""

from __future__ import annotations

from fastapi import APIRouter

from pixelkiln.api.deps import BilledDep, ContainerDep, QueuedDep
from pixelkiln.contract.motion import (
    AnimatePixminimaxRequest,
    AnimatePixminimaxResponse,
    AnimateWithTextV3Request,
    AnimateWithTextV3Response,
    EditAnimationV2Request,
    EditAnimationV2Response,
    Generate8RotationsV2Request,
    Generate8RotationsV2Response,
    Generate8RotationsV3Request,
    Generate8RotationsV3Response,
    InterpolationV2Request,
    InterpolationV2Response,
    RotateRequest,
    RotateResponse,
    TransferOutfitV2Request,
    TransferOutfitV2Response,
)
from pixelkiln.service.motion import animate, frames, rotations

router = APIRouter()

_ROTATE = ["Rotate"]
_ANIMATE = ["Animate"]


@router.post(
    "/generate-8-rotations-v3",
    tags=_ROTATE,
    response_model=Generate8RotationsV3Response,
    summary="Generate 8 rotations (v3)",
)
def generate_8_rotations_v3(
    body: Generate8RotationsV3Request, auth: QueuedDep, ctx: ContainerDep
) -> Generate8RotationsV3Response:
    """Queue 8 rotations of any sprite facing south (at most 256x256): south kept as sent,
    the rest drawn from a model fitted to it in its palette. Order: south, south-west,
    west, north-west, north, north-east, east, south-east. ``ceil(w*h*8/65536)``
    generations."""
    return rotations.submit_rotations_v3(ctx, auth, body)


@router.post(
    "/generate-8-rotations-v2",
    status_code=202,
    tags=_ROTATE,
    response_model=Generate8RotationsV2Response,
    summary="Generate 8 rotations (Pro)",
)
def generate_8_rotations_v2(
    body: Generate8RotationsV2Request, auth: BilledDep, ctx: ContainerDep
) -> Generate8RotationsV2Response:
    """Queue 8 rotations on ``image_size``: a reference turned, or the description drawn
    in a reference's style or a concept's colours. A reference larger than image_size
    is a 422. Pro ladder: 20/25/40 generations up to 64/128/168 px."""
    return rotations.submit_rotations_v2(ctx, auth, body)


@router.post(
    "/rotate",
    tags=_ROTATE,
    response_model=RotateResponse,
    summary="Rotate character or object",
)
def rotate(body: RotateRequest, auth: BilledDep, ctx: ContainerDep) -> RotateResponse:
    """Turn a sprite to another direction or view now (1 generation). from_image must fit
    image_size; init_image and mask_image must be image_size; mask_image needs
    init_image."""
    return rotations.rotate(ctx, auth, body)


@router.post(
    "/animate-with-text-v3",
    tags=_ANIMATE,
    response_model=AnimateWithTextV3Response,
    summary="Animate with text (v3)",
)
def animate_with_text_v3(
    body: AnimateWithTextV3Request, auth: QueuedDep, ctx: ContainerDep
) -> AnimateWithTextV3Response:
    """Queue ``frame_count + 1`` frames of any sprite doing ``action``, the first the
    sprite as sent. width*height*frame_count at most 524288; last_frame is
    first_frame's size. ``ceil(w*h*frame_count/65536)`` generations."""
    return animate.submit_text_v3(ctx, auth, body)


@router.post(
    "/animate-pixminimax",
    tags=_ANIMATE,
    response_model=AnimatePixminimaxResponse,
    summary="Animate with text (PixMiniMax)",
)
def animate_pixminimax(
    body: AnimatePixminimaxRequest, auth: QueuedDep, ctx: ContainerDep
) -> AnimatePixminimaxResponse:
    """Queue ``frame_count + 1`` frames (a multiple of 4, 4-40) of any sprite doing what
    the description says, the first the sprite as sent (at most 256x256)."""
    return animate.submit_pixminimax(ctx, auth, body)


@router.post(
    "/interpolation-v2",
    status_code=202,
    tags=_ANIMATE,
    response_model=InterpolationV2Response,
    summary="Interpolate (Pro)",
)
def interpolation_v2(
    body: InterpolationV2Request, auth: BilledDep, ctx: ContainerDep
) -> InterpolationV2Response:
    """Queue in-betweens from start_image to end_image by poses (each key at most
    image_size): 8 frames up to 64 px, 6 up to 96, 4 above."""
    return frames.submit_interpolation(ctx, auth, body)


@router.post(
    "/edit-animation-v2",
    status_code=202,
    tags=_ANIMATE,
    response_model=EditAnimationV2Response,
    summary="Edit animation (Pro)",
)
def edit_animation_v2(
    body: EditAnimationV2Request, auth: BilledDep, ctx: ContainerDep
) -> EditAnimationV2Response:
    """Queue one edit applied alike to every frame (each at most image_size; up to 16
    frames at 16-64 px, 9 at 65-80, 4 above)."""
    return frames.submit_edit_animation(ctx, auth, body)


@router.post(
    "/transfer-outfit-v2",
    status_code=202,
    tags=_ANIMATE,
    response_model=TransferOutfitV2Response,
    summary="Transfer outfit (Pro)",
)
def transfer_outfit_v2(
    body: TransferOutfitV2Request, auth: BilledDep, ctx: ContainerDep
) -> TransferOutfitV2Response:
    """Queue the reference's clothes put on every frame (each at most image_size; up to
    15 frames at 32-64 px, 8 at 65-80, 3 above)."""
    return frames.submit_transfer_outfit(ctx, auth, body)
