"""The generators: a description (and the request's fields) to one image or candidates.

Synchronous endpoints (bitforge, pixen, pixflux) are charged, drawn and answered at once
(refunded if drawing fails); the others are queued as ``image`` jobs whose
``last_response`` holds the images (see :mod:`.jobs`). Everything is deterministic for a
seed: without one, the seed is hashed from the request, so the same request gives the
same bytes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from pixelkiln.contract.images import (
    CreateImageBitforgeRequest,
    CreateImagePixenRequest,
    CreateImagePixfluxRequest,
    CreateImageProFlashRequest,
    GenerateImageV2Request,
    GenerateWithStyleV2Request,
)
from pixelkiln.engine.images import ImageAsk, candidate_count, draw_candidates, draw_image
from pixelkiln.engine.inpaint import inpaint
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.errors import InvalidRequest
from pixelkiln.service.images.common import (
    forced_palette,
    image_style,
    mask_of,
    same_size,
)

__all__ = [
    "bitforge",
    "enhanced_prompt",
    "pixen",
    "pixflux",
    "pro_flash_image",
    "v2_images",
    "with_style_images",
    "with_style_size",
]


def _style_fields(
    images: list[np.ndarray], seed: int, flags: dict[str, bool] | None = None
) -> dict[str, Any]:
    st = image_style(images, seed, flags)
    return {
        "style_palette": st.palette,
        **({"outline": st.outline} if st.outline else {}),
        **({"shading": st.shading} if st.shading else {}),
    }


def check_bitforge(req: CreateImageBitforgeRequest) -> np.ndarray | None:
    """422s of bitforge's image fields (the init image, the image to inpaint and its mask
    are the canvas' size); the mask (True: draw) when inpainting."""
    size = (req.image_size.width, req.image_size.height)
    if req.init_image is not None:
        same_size(req.init_image.pixels, size, ("body", "init_image"), "image_size")
    if (req.inpainting_image is None) != (req.mask_image is None):
        missing = "mask_image" if req.mask_image is None else "inpainting_image"
        raise InvalidRequest(("body", missing), "inpainting needs inpainting_image and mask_image")
    if req.inpainting_image is None or req.mask_image is None:
        return None
    same_size(req.inpainting_image.pixels, size, ("body", "inpainting_image"), "image_size")
    return mask_of(req.mask_image, size, ("body", "mask_image"), "inpainting_image")


def check_pixflux(req: CreateImagePixfluxRequest) -> None:
    """422 for an init image of another size than the canvas."""
    if req.init_image is not None:
        size = (req.image_size.width, req.image_size.height)
        same_size(req.init_image.pixels, size, ("body", "init_image"), "image_size")


def bitforge(req: CreateImageBitforgeRequest, seed: int) -> tuple[np.ndarray, dict[str, object]]:
    mask = check_bitforge(req)
    w, h = req.image_size.width, req.image_size.height
    extra: dict[str, Any] = {}
    if req.style_image is not None:
        flags = {"color_palette": req.style_strength > 0, "outline": True, "shading": True}
        extra = _style_fields([req.style_image.pixels], seed, flags)
    keypoints = (
        tuple((p.x, p.y, p.label) for p in req.skeleton_keypoints)
        if req.skeleton_keypoints and req.skeleton_guidance_scale > 0
        else None
    )
    ask = ImageAsk(
        req.description,
        w,
        h,
        seed,
        view=req.view,
        direction=req.direction,
        isometric=req.isometric,
        oblique=req.oblique_projection,
        outline=req.outline,
        shading=req.shading,
        detail=req.detail,
        no_background=req.no_background,
        palette=forced_palette(req.color_image, seed),
        init_image=req.init_image.pixels if req.init_image is not None else None,
        init_strength=req.init_image_strength / 1000.0,
        coverage=req.coverage_percentage,
        keypoints=keypoints,
    )
    ask = replace(ask, **extra)
    if mask is not None and req.inpainting_image is not None:
        style = SubjectStyle(
            outline=ask.outline or "single color black outline",
            shading=ask.shading or "medium shading",
            detail=ask.detail or "medium detail",
        )
        done = inpaint(
            req.inpainting_image.pixels,
            mask,
            req.description,
            seed,
            style,
            view=req.view or "side",
            direction=req.direction or "south",
            no_background=req.no_background,
            palette=ask.palette,
        )
        return done.rgba, {**done.reading, "inpainted": True}
    pic = draw_image(ask)
    return pic.rgba, pic.reading


def pixflux(req: CreateImagePixfluxRequest, seed: int) -> tuple[np.ndarray, dict[str, object]]:
    check_pixflux(req)
    ask = ImageAsk(
        req.description,
        req.image_size.width,
        req.image_size.height,
        seed,
        view=req.view,
        direction=req.direction,
        isometric=req.isometric,
        outline=req.outline,
        shading=req.shading,
        detail=req.detail,
        no_background=req.no_background,
        palette=forced_palette(req.color_image, seed),
        init_image=req.init_image.pixels if req.init_image is not None else None,
        init_strength=req.init_image_strength / 1000.0,
    )
    pic = draw_image(ask)
    return pic.rgba, {**pic.reading, "model": pic.model}


def enhanced_prompt(req: CreateImagePixenRequest) -> str:
    """The description made explicit: what it reads as, the camera and the style."""
    parts = [req.description.strip().rstrip(".")]
    parts.append("pixel art")
    parts.append(f"{req.view or 'low top-down'} view")
    if req.direction:
        parts.append(f"facing {req.direction}")
    parts.append(req.detail or "highly detailed")
    parts.append(req.outline or "single color black outline")
    if req.no_background:
        parts.append("transparent background")
    return ", ".join(parts)


def pixen(req: CreateImagePixenRequest, seed: int) -> tuple[np.ndarray, dict[str, object]]:
    ask = ImageAsk(
        req.description,
        req.image_size.width,
        req.image_size.height,
        seed,
        view=req.view,
        direction=req.direction,
        outline=req.outline,
        detail=req.detail,
        no_background=req.no_background,
    )
    pic = draw_image(ask)
    return pic.rgba, pic.reading


def v2_images(req: GenerateImageV2Request, seed: int) -> tuple[list[np.ndarray], dict[str, object]]:
    """Candidates of generate-image-v2 (their count by size)."""
    w, h = req.image_size.width, req.image_size.height
    extra: dict[str, Any] = {}
    if req.style_image is not None:
        flags = req.style_options.model_dump() if req.style_options else None
        extra = _style_fields([req.style_image.image.pixels], seed, flags)
    elif req.reference_images:
        # Subject references lend their colours (the subject's own palette).
        extra = {
            "style_palette": image_style(
                [r.image.pixels for r in req.reference_images], seed
            ).palette
        }
    ask = replace(
        ImageAsk(req.description, w, h, seed, no_background=bool(req.no_background)), **extra
    )
    pics = draw_candidates(ask, candidate_count(max(w, h)))
    return [p.rgba for p in pics], {**pics[0].reading, "models": [p.model for p in pics]}


def with_style_size(req: GenerateWithStyleV2Request) -> int:
    """The square output side: the largest style image's largest side (at least 16)."""
    return max(16, max(max(s.image.width, s.image.height) for s in req.style_images))


def with_style_images(
    req: GenerateWithStyleV2Request, seed: int
) -> tuple[list[np.ndarray], dict[str, object]]:
    side = with_style_size(req)
    text = (
        req.description
        if not req.style_description
        else f"{req.description}, {req.style_description}"
    )
    extra = _style_fields([s.image.pixels for s in req.style_images], seed)
    ask = replace(ImageAsk(text, side, side, seed, no_background=bool(req.no_background)), **extra)
    pics = draw_candidates(ask, candidate_count(side))
    reading = {
        **pics[0].reading,
        "size": side,
        "style": {"outline": ask.outline, "shading": ask.shading},
        "models": [p.model for p in pics],
    }
    return [p.rgba for p in pics], reading


def pro_flash_image(
    req: CreateImageProFlashRequest, seed: int
) -> tuple[np.ndarray, dict[str, object]]:
    w, h = req.image_size.width, req.image_size.height
    extra: dict[str, Any] = {}
    if req.style_image is not None:
        si = req.style_image.image
        if si.width > w or si.height > h:
            raise ValueError("the style image must fit the canvas without rescaling")
        flags = req.style_options.model_dump() if req.style_options else None
        extra = _style_fields([si.pixels], seed, flags)
    ask = replace(ImageAsk(req.description, w, h, seed, no_background=req.no_background), **extra)
    pic = draw_image(ask)
    return pic.rgba, {**pic.reading, "model": pic.model}
