"""Single-image generators: bitforge, pixen and pixflux answer the image at once; pixflux
in the background, Pro Flash and the Pro generators answer 202 with a job whose
``last_response`` holds the image(s)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from pixelkiln.api.deps import BilledDep, ContainerDep
from pixelkiln.contract.images import (
    CreateImageBitforgeRequest,
    CreateImageBitforgeResponse,
    CreateImagePixenRequest,
    CreateImagePixenResponse,
    CreateImagePixfluxBackgroundResponse,
    CreateImagePixfluxRequest,
    CreateImagePixfluxResponse,
    CreateImageProFlashRequest,
    GenerateImageV2Request,
    GenerateImageV2Response,
    GenerateWithStyleV2Request,
    GenerateWithStyleV2Response,
    ProFlashImageResponse,
)
from pixelkiln.service.images.operations import submit_image, sync_image

router = APIRouter(tags=["Create Image"])

_SYNC: dict[int | str, dict[str, Any]] = {413: {"description": "An image over the pixel limit"}}


@router.post(
    "/create-image-bitforge",
    response_model=CreateImageBitforgeResponse,
    operation_id="generate_image_bitforge_create_image_bitforge_post",
    summary="Create image (bitforge)",
    responses=_SYNC,
)
def create_image_bitforge(
    body: CreateImageBitforgeRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """A small or medium image (up to 200 x 200): style image, init image, inpainting
    (`inpainting_image` + `mask_image`, white = draw; a mask without white is a 422),
    skeleton keypoints (the figure spans them), coverage and a forced palette
    (`color_image`: every pixel is one of its colours)."""
    return JSONResponse(sync_image(ctx, auth, "/create-image-bitforge", body))


@router.post(
    "/create-image-pixen",
    response_model=CreateImagePixenResponse,
    operation_id="generate_image_pixen_create_image_pixen_post",
    summary="Create image (pixen)",
    responses=_SYNC,
)
def create_image_pixen(
    body: CreateImagePixenRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """A fast image up to 768 px a side and 512 x 512 of area, sides in multiples of 4,
    square when a side is under 32; `enhance_prompt` adds 0.05 and returns the prompt."""
    return JSONResponse(sync_image(ctx, auth, "/create-image-pixen", body))


@router.post(
    "/create-image-pixflux",
    response_model=CreateImagePixfluxResponse,
    operation_id="generate_image_pixflux_create_image_pixflux_post",
    summary="Create image (pixflux)",
    responses=_SYNC,
)
def create_image_pixflux(
    body: CreateImagePixfluxRequest, auth: BilledDep, ctx: ContainerDep
) -> JSONResponse:
    """An image from 32 x 32 to 400 x 400 of area: a figure, creature or prop, an icon,
    a texture or a layered scene, as the description asks."""
    return JSONResponse(sync_image(ctx, auth, "/create-image-pixflux", body))


@router.post(
    "/create-image-pixflux-background",
    status_code=202,
    response_model=CreateImagePixfluxBackgroundResponse,
    operation_id="create_image_pixflux_background_create_image_pixflux_background_post",
    summary="Create image (pixflux, background)",
)
def create_image_pixflux_background(
    body: CreateImagePixfluxRequest, auth: BilledDep, ctx: ContainerDep
) -> Any:
    """As create-image-pixflux, queued: the image is at `last_response.image.base64`."""
    return submit_image(ctx, auth, "/create-image-pixflux-background", body)


@router.post(
    "/create-image-pro-flash",
    status_code=202,
    response_model=ProFlashImageResponse,
    operation_id="create_image_pro_flash",
    summary="Create image (Pro Flash)",
)
def create_image_pro_flash(
    body: CreateImageProFlashRequest, auth: BilledDep, ctx: ContainerDep
) -> Any:
    """Exactly one image (5 generations, the `first_image` stage, reported as
    `billing_stages` on the job). Its `source_image_id` starts a character or object in
    create-character-pro-flash / create-object-pro-flash without paying for it again."""
    return submit_image(ctx, auth, "/create-image-pro-flash", body)


@router.post(
    "/generate-image-v2",
    status_code=202,
    response_model=GenerateImageV2Response,
    operation_id="generate_image_v2_generate_image_v2_post",
    summary="Generate image (Pro)",
)
def generate_image_v2(body: GenerateImageV2Request, auth: BilledDep, ctx: ContainerDep) -> Any:
    """Candidates by size (up to 42 px: 64, up to 85: 16, up to 170: 4, else 1) at
    `last_response.images`; a style image lends palette, outline and shading."""
    return submit_image(ctx, auth, "/generate-image-v2", body)


@router.post(
    "/generate-with-style-v2",
    status_code=202,
    response_model=GenerateWithStyleV2Response,
    operation_id="generate_with_style_v2_generate_with_style_v2_post",
    summary="Generate with style (Pro)",
)
def generate_with_style_v2(
    body: GenerateWithStyleV2Request, auth: BilledDep, ctx: ContainerDep
) -> Any:
    """Images in the style (palette, outline, shading) of 1-4 style images, square and
    as large as the largest of them, with candidates by that size."""
    return submit_image(ctx, auth, "/generate-with-style-v2", body)
