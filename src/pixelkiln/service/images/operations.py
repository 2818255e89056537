"""The use cases behind the 14 routes: validate, quote, charge, draw (now, or queued as an
``image`` job) and shape the answers.

Everything a request can be refused for is checked before it is charged. Synchronous
routes answer the image; the others answer 202 with a ``background_job_id`` whose
``last_response`` carries the image(s) once drawn (:func:`run_image_job`). Each job fills
an asset (family ``image``, or ``pro_flash_image`` for Pro Flash, whose id is the
``source_image_id`` that character and object Pro Flash accept), so images the service
drew are recognised when they come back to be edited.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import BaseModel

from pixelkiln.contract.common import Usage
from pixelkiln.contract.edits import (
    EditImagePixenRequest,
    EditImageProFlashRequest,
    EditImageRequest,
    EditImagesV2Request,
    InpaintImageProFlashRequest,
    InpaintRequest,
    InpaintV3Request,
)
from pixelkiln.contract.images import (
    CreateImageBitforgeRequest,
    CreateImagePixenRequest,
    CreateImagePixfluxRequest,
    CreateImageProFlashRequest,
    GenerateImageV2Request,
    GenerateWithStyleV2Request,
    ImageJobResponse,
    ProFlashImageResponse,
)
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.isometric.blend import force_palette
from pixelkiln.errors import InvalidRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service import pro_flash
from pixelkiln.service.accounts import Auth
from pixelkiln.service.images import generate, inpaint
from pixelkiln.service.images.common import FAMILY, KIND, b64, image_style, resized
from pixelkiln.service.images.costs import COSTS, ENHANCE_FEE
from pixelkiln.service.images.edit import edit_image
from pixelkiln.service.provenance import find_drawn
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.submit import AssetDraft, run_sync, submit_job

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "PRO_FLASH_OPERATIONS",
    "REQUESTS",
    "run_image_job",
    "size_of",
    "submit_image",
    "sync_image",
]

#: Request model of every queued path (the job re-validates its payload with it).
REQUESTS: dict[str, type[BaseModel]] = {
    "/create-image-pixflux-background": CreateImagePixfluxRequest,
    "/create-image-pro-flash": CreateImageProFlashRequest,
    "/generate-image-v2": GenerateImageV2Request,
    "/generate-with-style-v2": GenerateWithStyleV2Request,
    "/edit-image": EditImageRequest,
    "/edit-image-pixen": EditImagePixenRequest,
    "/edit-image-pro-flash": EditImageProFlashRequest,
    "/edit-images-v2": EditImagesV2Request,
    "/inpaint-v3": InpaintV3Request,
    "/inpaint-image-pro-flash": InpaintImageProFlashRequest,
}
PRO_FLASH_OPERATIONS = {
    "/create-image-pro-flash": "create",
    "/edit-image-pro-flash": "edit",
    "/inpaint-image-pro-flash": "inpaint",
}
PIXEN_REFUSAL = "Image or canvas outside the supported sizes"


def _usage(generations: float) -> Usage:
    return Usage(type="generations", generations=generations)


# --- synchronous ----------------------------------------------------------------------


def sync_image(ctx: Container, auth: Auth, path: str, req: BaseModel) -> dict[str, Any]:
    """Charge, draw now and answer (bitforge, pixen, pixflux, inpaint)."""
    seed = content_seed(req)
    cost = COSTS[path]
    draw: Callable[[], tuple[np.ndarray, dict[str, object]]]
    if isinstance(req, CreateImageBitforgeRequest):
        generate.check_bitforge(req)
        draw = lambda: generate.bitforge(req, seed)  # noqa: E731
    elif isinstance(req, CreateImagePixfluxRequest):
        generate.check_pixflux(req)
        draw = lambda: generate.pixflux(req, seed)  # noqa: E731
    elif isinstance(req, CreateImagePixenRequest):
        draw = lambda: generate.pixen(req, seed)  # noqa: E731
    elif isinstance(req, InpaintRequest):
        inpaint.check_inpaint(req)
        draw = lambda: inpaint.run_inpaint(req, seed)  # noqa: E731
    else:  # pragma: no cover - the routers only pass the four
        raise TypeError(type(req).__name__)
    fee = ENHANCE_FEE if isinstance(req, CreateImagePixenRequest) and req.enhance_prompt else 0.0
    rgba, _ = run_sync(ctx, auth, path.strip("/"), cost + fee, draw)
    body: dict[str, Any] = {"image": b64(rgba), "usage": _usage(cost).model_dump(mode="json")}
    if isinstance(req, CreateImagePixenRequest) and req.enhance_prompt:
        body["enhanced_prompt"] = generate.enhanced_prompt(req)
        body["enhance_usage"] = _usage(fee).model_dump(mode="json")
    return body


# --- queued ---------------------------------------------------------------------------


def _pixen_sizes(req: EditImagePixenRequest) -> tuple[int, int]:
    """The target canvas. Sizes outside the supported ones are refused before charging,
    with the contract's message, as a 422 naming the field (``image``, ``width``)."""
    w, h = req.image.width, req.image.height
    tw, th = req.width or w, req.height or h
    if w > 256 or h > 256 or w * h < 16 * 16:
        raise InvalidRequest(("body", "image"), f"{PIXEN_REFUSAL}: the image is {w}x{h}")
    if tw * th > 256 * 256 or tw * th < 16 * 16:
        raise InvalidRequest(("body", "width"), f"{PIXEN_REFUSAL}: the canvas is {tw}x{th}")
    return tw, th


def _frames_allowed(side: int, reference: bool) -> int:
    n = 16 if side <= 64 else 9 if side <= 80 else 4 if side <= 128 else 1
    return max(1, n - 1) if reference and n > 1 else n


def _check(path: str, req: BaseModel) -> None:
    """422s a queued request can be refused for, before charging."""
    if isinstance(req, CreateImagePixfluxRequest):
        generate.check_pixflux(req)
    elif isinstance(req, EditImagePixenRequest):
        _pixen_sizes(req)
    elif isinstance(req, EditImagesV2Request):
        side = max(req.image_size.width, req.image_size.height)
        allowed = _frames_allowed(side, req.reference_image is not None)
        if len(req.edit_images) > allowed:
            raise InvalidRequest(
                ("body", "edit_images"),
                f"at most {allowed} images at {side} px (got {len(req.edit_images)})",
            )
        _needs_instruction(req.method, req.description, req.reference_image)
    elif isinstance(req, EditImageProFlashRequest):
        _needs_instruction(req.method, req.description, req.reference_image)
    elif isinstance(req, InpaintV3Request):
        inpaint.check_v3(req)
    elif isinstance(req, InpaintImageProFlashRequest):
        inpaint.check_pro_flash(req)
    elif isinstance(req, CreateImageProFlashRequest) and req.style_image is not None:
        si = req.style_image.image
        if si.width > req.image_size.width or si.height > req.image_size.height:
            raise InvalidRequest(
                ("body", "style_image"), "the style image must fit the canvas without rescaling"
            )


def _needs_instruction(method: str, description: str | None, reference: object) -> None:
    if method == "edit_with_reference" and reference is None:
        raise InvalidRequest(
            ("body", "reference_image"), "edit_with_reference needs a reference_image"
        )
    if method == "edit_with_text" and not (description or "").strip():
        raise InvalidRequest(("body", "description"), "edit_with_text needs a description")


def _drawn(ctx: Container, auth: Auth, rgba: np.ndarray) -> dict[str, Any] | None:
    found = find_drawn(ctx, auth, rgba)
    if found is None:
        return None
    return {
        "asset_id": found.asset_id,
        "family": found.family,
        "file": found.file,
        "result": found.result,
    }


def size_of(path: str, req: BaseModel) -> tuple[int, int]:
    if isinstance(req, GenerateWithStyleV2Request):
        s = generate.with_style_size(req)
        return s, s
    size = getattr(req, "image_size", None)
    if size is not None and hasattr(size, "width"):
        return int(size.width), int(size.height)
    image = getattr(req, "image", None) or getattr(req, "inpainting_image", None)
    if image is not None and hasattr(image, "image"):
        image = image.image
    return (int(image.width), int(image.height)) if image is not None else (0, 0)


def submit_image(ctx: Container, auth: Auth, path: str, req: BaseModel) -> BaseModel:
    """Check, charge and queue a background image operation; its 202 body."""
    _check(path, req)
    seed = content_seed(req)
    cost = COSTS[path]
    payload: dict[str, Any] = {"path": path, "request": req.model_dump(mode="json"), "seed": seed}
    images = _inputs(req)
    if images:
        payload["drawn"] = [_drawn(ctx, auth, im) for im in images]
    operation = PRO_FLASH_OPERATIONS.get(path)
    w, h = size_of(path, req)
    description = getattr(req, "description", None) or ""
    if operation is not None:
        quote = pro_flash.quote(operation, w, h, 1)
        stages = [s for s in quote.stages if s["stage"] == "first_image"]
        payload["stages"] = stages
        cost = float(sum(s["generations"] for s in stages))
    family = pro_flash.FAMILY if operation else FAMILY
    sub = submit_job(
        ctx,
        auth,
        KIND,
        payload,
        cost,
        AssetDraft(
            family=family,
            name=description[:200] or path.strip("/"),
            description=description,
            params={"path": path, "width": w, "height": h},
        ),
    )
    if operation is not None:
        assert sub.asset_id is not None
        return ProFlashImageResponse(
            background_job_id=sub.job_id,
            image_id=sub.asset_id,
            source_image_id=sub.asset_id,
            status="processing",
            image_size={"width": max(16, w), "height": max(16, h)},  # type: ignore[arg-type]
            estimated_generations=round(cost),
            usage=_usage(cost),
        )
    return ImageJobResponse(background_job_id=sub.job_id, status="processing", usage=_usage(cost))


def _inputs(req: BaseModel) -> list[np.ndarray]:
    """The images an edit works on, read at their declared sizes (scaled to them, nearest
    neighbour, when the picture is another size)."""
    if isinstance(req, EditImagesV2Request):
        return [resized(e.image.pixels, e.width, e.height) for e in req.edit_images]
    if isinstance(req, EditImageRequest):
        return [resized(req.image.pixels, req.width, req.height)]
    if isinstance(req, EditImagePixenRequest | EditImageProFlashRequest):
        return [req.image.pixels]
    return []


# --- the job --------------------------------------------------------------------------


def _reference_edit(images: list[np.ndarray], reference: np.ndarray, seed: int) -> list[np.ndarray]:
    """Images moved onto the reference's palette (edit_with_reference)."""
    pal = image_style([reference], seed).palette
    return [force_palette(im, pal) if pal is not None else im for im in images]


def _draw(
    path: str, req: BaseModel, seed: int, drawn: list[dict[str, Any] | None]
) -> tuple[list[np.ndarray], dict[str, object]]:
    first = drawn[0] if drawn else None
    if isinstance(req, CreateImagePixfluxRequest):
        rgba, reading = generate.pixflux(req, seed)
        return [rgba], reading
    if isinstance(req, GenerateImageV2Request):
        return generate.v2_images(req, seed)
    if isinstance(req, GenerateWithStyleV2Request):
        return generate.with_style_images(req, seed)
    if isinstance(req, CreateImageProFlashRequest):
        rgba, reading = generate.pro_flash_image(req, seed)
        return [rgba], reading
    if isinstance(req, EditImageRequest):
        from pixelkiln.service.images.common import forced_palette

        size = (req.image_size.width, req.image_size.height)
        rgba, reading = edit_image(
            _inputs(req)[0],
            req.description,
            seed,
            first,
            size,
            palette=forced_palette(req.color_image, seed),
            no_background=req.no_background,
        )
        return [rgba], reading
    if isinstance(req, EditImagePixenRequest):
        rgba, reading = edit_image(
            req.image.pixels,
            req.description,
            seed,
            first,
            _pixen_sizes(req),
            rerender=True,
            no_background=req.no_background,
        )
        return [rgba], reading
    if isinstance(req, EditImageProFlashRequest):
        return _edits(
            [req.image.pixels],
            req.description,
            req.method,
            req.reference_image,
            seed,
            [first],
            bool(req.no_background),
            None,
        )
    if isinstance(req, EditImagesV2Request):
        size = (req.image_size.width, req.image_size.height)
        ref = req.reference_image.image if req.reference_image else None
        return _edits(
            _inputs(req),
            req.description,
            req.method,
            ref,
            seed,
            drawn,
            bool(req.no_background),
            size,
        )
    if isinstance(req, InpaintV3Request):
        rgba, reading = inpaint.run_v3(req, seed)
        return [rgba], reading
    if isinstance(req, InpaintImageProFlashRequest):
        rgba, reading = inpaint.run_pro_flash(req, seed)
        return [rgba], reading
    raise TypeError(path)


def _edits(
    images: list[np.ndarray],
    description: str | None,
    method: str,
    reference: Any,
    seed: int,
    drawn: list[dict[str, Any] | None],
    no_background: bool,
    size: tuple[int, int] | None,
) -> tuple[list[np.ndarray], dict[str, object]]:
    """One edit applied alike to every image (same instruction, same seed)."""
    outs: list[np.ndarray] = []
    readings: list[dict[str, object]] = []
    for i, im in enumerate(images):
        d = drawn[i] if i < len(drawn) else None
        if description:
            out, how = edit_image(im, description, seed, d, size, no_background=no_background)
        else:
            from pixelkiln.service.images.common import resized

            out, how = (resized(im, *size) if size else im.copy()), {"edited_through": "reference"}
        outs.append(out)
        readings.append(how)
    if method == "edit_with_reference" and reference is not None:
        outs = _reference_edit(outs, reference.pixels, seed)
    return outs, {"edits": readings}


def run_image_job(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: draw, edit or inpaint; ``last_response`` carries the image(s)."""
    path = payload["path"]
    req = REQUESTS[path].model_validate(payload["request"], strict=False)
    seed = int(payload["seed"])
    ctx.progress(0.1)
    images, reading = _draw(path, req, seed, payload.get("drawn") or [])
    model = reading.pop("model", None) if isinstance(reading, dict) else None
    models = reading.pop("models", None) if isinstance(reading, dict) else None
    names = ["image"] if len(images) == 1 else [f"image_{i:03d}" for i in range(len(images))]
    files = {name: encode_png(im) for name, im in zip(names, images, strict=True)}
    if model is None and models and len(models) == len(images):
        if len(images) == 1:
            model = models[0]
        else:  # each candidate drawn again, edited, when it comes back
            models = {n: m for n, m in zip(names, models, strict=True) if m is not None}
    h, w = images[0].shape[:2]
    result: dict[str, Any] = {
        "path": path,
        "seed": seed,
        "reading": reading,
        "width": w,
        "height": h,
        "count": len(images),
    }
    if model is not None:
        result["model"] = model  # drawn again, edited, when this image comes back
    elif isinstance(models, dict) and models:
        result["models"] = models
    bodies = [b64(im) for im in images]
    last: dict[str, Any] = {
        "status": "completed",
        "image_size": {"width": w, "height": h},
        "reading": reading,
    }
    if path in PRO_FLASH_OPERATIONS:
        stages = payload.get("stages", [])
        billed = float(sum(s["generations"] for s in stages))
        result["billing_stages"] = stages
        last.update(
            images=bodies,
            image=bodies[0],
            image_id=ctx.asset_id,
            source_image_id=ctx.asset_id,
            billing_stages=stages,
            output_count=len(images),
            usage=_usage(billed).model_dump(mode="json"),
        )
    elif len(images) == 1 and path not in (
        "/generate-image-v2",
        "/generate-with-style-v2",
        "/edit-images-v2",
    ):
        last.update(image=bodies[0])
    else:
        last.update(images=bodies, count=len(images))
    return JobOutput(result=result, files=files, last_response=last)
