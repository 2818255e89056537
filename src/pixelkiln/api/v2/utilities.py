"""Image utilities: the clean-up tier, image to pixel art, normal maps and VFX.

Synchronous endpoints answer 200 with the image(s); the others answer 202 with a
``background_job_id`` whose ``last_response`` is the result. Responses are returned as
JSON directly: their images are freshly encoded PNGs and need no second validation.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, status
from fastapi.responses import JSONResponse

from pixelkiln.api.deps import AuthDep, BilledDep, ContainerDep
from pixelkiln.contract.common import Usage
from pixelkiln.contract.utilities import (
    CorrectPixelartRequest,
    CorrectPixelartResponse,
    ImageToPixelartProFlashRequest,
    ImageToPixelartProRequest,
    ImageToPixelartProResponse,
    ImageToPixelartRequest,
    ImageToPixelartResponse,
    JobSubmitted,
    NormalMapRequest,
    NormalMapResponse,
    ReduceColorsRequest,
    ReduceColorsResponse,
    RemoveBackgroundRequest,
    RemoveBackgroundResponse,
    ResizeRequest,
    ResizeResponse,
    UnzoomRequest,
    UnzoomResponse,
    UtilityRequest,
    VfxRequest,
    VfxResponse,
)
from pixelkiln.service.utilities import run_utility, submit_utility

router = APIRouter()

_ERRORS: dict[int | str, dict[str, Any]] = {
    402: {"description": "Insufficient generations"},
    413: {"description": "An image over the endpoint's pixel limit"},
    429: {"description": "Submissions from one key closer than the spacing limit"},
}


def _sync(req: UtilityRequest, auth: AuthDep, ctx: ContainerDep) -> JSONResponse:
    return JSONResponse(run_utility(ctx, auth, req).model_dump(mode="json"))


def _job(req: UtilityRequest, auth: AuthDep, ctx: ContainerDep) -> JSONResponse:
    sub, cost = submit_utility(ctx, auth, req)
    body = JobSubmitted(
        background_job_id=sub.job_id, usage=Usage(type="generations", generations=cost)
    )
    return JSONResponse(body.model_dump(mode="json"), status_code=status.HTTP_202_ACCEPTED)


@router.post(
    "/reduce-colors",
    response_model=ReduceColorsResponse,
    summary="Reduce colors",
    tags=["Cleanup"],
    responses=_ERRORS,
)
def reduce_colors(req: ReduceColorsRequest, auth: BilledDep, ctx: ContainerDep) -> JSONResponse:
    """Quantise frames onto one shared palette chosen in a perceptual colour space."""
    return _sync(req, auth, ctx)


@router.post(
    "/correct-pixelart",
    response_model=CorrectPixelartResponse,
    summary="Correct pixel art",
    tags=["Cleanup"],
    responses=_ERRORS,
)
def correct_pixelart(
    req: CorrectPixelartRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """Snap "pseudo pixel art" to its grid: one colour per cell, strays merged."""
    return _sync(req, auth, ctx)


@router.post(
    "/unzoom",
    response_model=UnzoomResponse,
    summary="Unzoom pixel art",
    tags=["Cleanup"],
    responses=_ERRORS,
)
def unzoom(req: UnzoomRequest, auth: BilledDep, ctx: ContainerDep) -> JSONResponse:
    """Detect the zoom factor of upscaled pixel art and return it at its native size."""
    return _sync(req, auth, ctx)


@router.post(
    "/resize",
    response_model=ResizeResponse,
    summary="Resize pixel art image",
    tags=["Cleanup"],
    responses=_ERRORS,
)
def resize(req: ResizeRequest, auth: BilledDep, ctx: ContainerDep) -> JSONResponse:
    """Resize a sprite keeping outlines and one-pixel features (color_image is ignored)."""
    return _sync(req, auth, ctx)


@router.post(
    "/remove-background",
    response_model=RemoveBackgroundResponse,
    summary="Remove background",
    tags=["Cleanup"],
    responses=_ERRORS,
)
def remove_background(
    req: RemoveBackgroundRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """Make the backdrop connected to the border transparent, the subject untouched."""
    return _sync(req, auth, ctx)


@router.post(
    "/image-to-pixelart",
    response_model=ImageToPixelartResponse,
    summary="Convert image to pixel art",
    tags=["Image to Pixel Art"],
    responses=_ERRORS,
)
def image_to_pixelart(
    req: ImageToPixelartRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """Convert a picture to pixel art at ``output_size``."""
    return _sync(req, auth, ctx)


@router.post(
    "/image-to-pixelart-pro",
    response_model=ImageToPixelartProResponse,
    status_code=status.HTTP_202_ACCEPTED,
    summary="Convert image to pixel art (Pro)",
    tags=["Image to Pixel Art"],
    responses=_ERRORS,
)
def image_to_pixelart_pro(
    req: ImageToPixelartProRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """Convert at an automatic size, steered by style words; the result is the job's
    ``last_response``."""
    return _job(req, auth, ctx)


@router.post(
    "/image-to-pixelart-pro-flash",
    response_model=JobSubmitted,
    status_code=status.HTTP_202_ACCEPTED,
    summary="Convert image to pixel art (Pro flash)",
    tags=["Image to Pixel Art"],
    responses=_ERRORS,
)
def image_to_pixelart_pro_flash(
    req: ImageToPixelartProFlashRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """Convert a photo, painting or render to pixel art in one fast pass; the result is the
    job's ``last_response``."""
    return _job(req, auth, ctx)


@router.post(
    "/normal-map",
    response_model=NormalMapResponse,
    summary="Normal map of a sprite",
    tags=["Effects"],
    responses=_ERRORS,
)
def normal_map(req: NormalMapRequest, auth: BilledDep, ctx: ContainerDep) -> JSONResponse:
    """A sprite's normal map: RGB-encoded unit normals, flat areas (128, 128, 255)."""
    return _sync(req, auth, ctx)


@router.post(
    "/vfx",
    response_model=VfxResponse,
    status_code=status.HTTP_202_ACCEPTED,
    summary="Visual effect animation",
    tags=["Effects"],
    responses=_ERRORS,
)
def vfx(req: VfxRequest, auth: BilledDep, ctx: ContainerDep) -> JSONResponse:
    """A looping effect from a plain-language description: frames and a spritesheet in the
    job's ``last_response``."""
    return _job(req, auth, ctx)
