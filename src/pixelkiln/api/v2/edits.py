"""Edits from an instruction and inpainting from a mask. ``inpaint`` answers at once;
the others answer 202 with a job whose ``last_response`` holds the image(s)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from pixelkiln.api.deps import BilledDep, ContainerDep
from pixelkiln.contract.edits import (
    EditImagePixenRequest,
    EditImageProFlashRequest,
    EditImageRequest,
    EditImagesV2Request,
    EditJobResponse,
    InpaintImageProFlashRequest,
    InpaintRequest,
    InpaintResponse,
    InpaintV3Request,
)
from pixelkiln.contract.images import ProFlashImageResponse
from pixelkiln.service.images.operations import submit_image, sync_image

router = APIRouter()


@router.post(
    "/edit-image",
    tags=["Edit"],
    status_code=202,
    response_model=EditJobResponse,
    operation_id="edit_image_edit_image_post",
    summary="Edit image",
)
def edit_image(body: EditImageRequest, auth: BilledDep, ctx: ContainerDep) -> Any:
    """Edit by an instruction ("make the cape red", "give him a hat", "covered in snow",
    "winter palette") onto the `image_size` canvas. Images this service drew are edited
    through their model; pixels the instruction does not name stay as they were."""
    return submit_image(ctx, auth, "/edit-image", body)


@router.post(
    "/edit-image-pixen",
    tags=["Edit"],
    status_code=202,
    response_model=EditJobResponse,
    operation_id="edit_image_pixen_edit_image_pixen_post",
    summary="Edit image (pixen)",
    responses={400: {"description": "Image or canvas outside the supported sizes"}},
)
def edit_image_pixen(body: EditImagePixenRequest, auth: BilledDep, ctx: ContainerDep) -> Any:
    """Edit and re-render at `width` x `height` (area 16 x 16 to 256 x 256; the image at
    most 256 px a side): drawn again at the new size, not rescaled. 1 generation."""
    return submit_image(ctx, auth, "/edit-image-pixen", body)


@router.post(
    "/edit-image-pro-flash",
    tags=["Edit"],
    status_code=202,
    response_model=ProFlashImageResponse,
    operation_id="edit_image_pro_flash",
    summary="Edit image (Pro Flash)",
)
def edit_image_pro_flash(body: EditImageProFlashRequest, auth: BilledDep, ctx: ContainerDep) -> Any:
    """Edit one image (5 generations, `billing_stages` on the job); the canvas never
    grows. `edit_with_reference` moves it onto `reference_image`'s palette."""
    return submit_image(ctx, auth, "/edit-image-pro-flash", body)


@router.post(
    "/edit-images-v2",
    tags=["Edit"],
    status_code=202,
    response_model=EditJobResponse,
    operation_id="edit_images_v2_edit_images_v2_post",
    summary="Edit images (Pro)",
)
def edit_images_v2(body: EditImagesV2Request, auth: BilledDep, ctx: ContainerDep) -> Any:
    """One edit applied alike to up to 16 images (per canvas: up to 64 px 16, 80 px 9,
    128 px 4, larger 1; one fewer with a reference), at `last_response.images`."""
    return submit_image(ctx, auth, "/edit-images-v2", body)


@router.post(
    "/inpaint",
    tags=["Inpaint"],
    response_model=InpaintResponse,
    operation_id="generate_inpainting_inpaint_post",
    summary="Inpaint image",
    responses={413: {"description": "An image over the pixel limit"}},
)
def inpaint(body: InpaintRequest, auth: BilledDep, ctx: ContainerDep) -> JSONResponse:
    """Draw the description into the white part of `mask_image` (black pixels are kept
    byte for byte; a mask without white is a 422); what the drawn thing leaves of the
    mask is filled from the image's own texture."""
    return JSONResponse(sync_image(ctx, auth, "/inpaint", body))


@router.post(
    "/inpaint-v3",
    tags=["Inpaint"],
    status_code=202,
    response_model=EditJobResponse,
    operation_id="inpaint_v3_inpaint_v3_post",
    summary="Inpaint image (Pro)",
)
def inpaint_v3(body: InpaintV3Request, auth: BilledDep, ctx: ContainerDep) -> Any:
    """Inpainting 32-512 px; a context image lends its texture, and with `crop_to_mask`
    false and a `bounding_box` the answer is the context with the region painted in."""
    return submit_image(ctx, auth, "/inpaint-v3", body)


@router.post(
    "/inpaint-image-pro-flash",
    tags=["Inpaint"],
    status_code=202,
    response_model=ProFlashImageResponse,
    operation_id="inpaint_image_pro_flash",
    summary="Inpaint image (Pro Flash)",
)
def inpaint_image_pro_flash(
    body: InpaintImageProFlashRequest, auth: BilledDep, ctx: ContainerDep
) -> Any:
    """Inpaint (5 generations); `changes_only` answers the painted pixels alone on a
    transparent canvas; a context image needs a `bounding_box`."""
    return submit_image(ctx, auth, "/inpaint-image-pro-flash", body)
