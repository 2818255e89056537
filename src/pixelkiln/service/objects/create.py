"""Creating objects: 1-direction candidates, 8-direction objects and pro-flash objects.

**1-direction** (``create-1-direction-object``): the effective size (``size``, or the
largest style image) gives the candidate count (64, 16, 4 or 1). Candidates are drawn
facing south in the request's view (:func:`.reading.candidate_specs` makes them
different objects of one kind). With one candidate the object completes with its image
as ``unknown``; with several it is a *review*: every candidate's PNG is ``frame_N`` and
its spec is kept, so ``select-frames`` can make it an object that animates and takes
states like any other.

**8-direction** (``create-8-direction-object``): one camera and one palette for every
direction. A ``reference_image`` is the south view byte for byte; the other seven are
drawn from the description (read as a prop or creature) with the picture's colours forced
and the model fitted to the picture's extent (:func:`.draw.fit_to_reference`): a plain
approach that holds for props, until sprite analysis can read the picture itself.
``style_image`` forces its palette and lends its outline and shading;
``style_object_id`` reuses the look of one of your completed 8-direction objects, and a
size smaller than that object's drawn content fails the job at once (refunded).

**pro-flash** (``create-object-pro-flash``): the same drawing, billed in stages
(:func:`.costs.pro_flash_quote`, itemised as ``billing_stages`` on the job). A
``first_frame`` (or a reused pro-flash image) is the south view, placed at the bottom
middle of ``image_size`` when it is smaller.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Base64Image, Usage, png_b64
from pixelkiln.contract.objects import (
    Create1DirectionObjectRequest,
    Create1DirectionObjectResponse,
    Create8DirectionObjectRequest,
    Create8DirectionObjectResponse,
    CreateObjectProFlashRequest,
    CreateObjectProFlashResponse,
)
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.errors import InvalidRequest, NotFound
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service import pro_flash
from pixelkiln.service.accounts import Auth
from pixelkiln.service.objects import costs
from pixelkiln.service.objects.common import (
    FAMILY,
    KIND_EIGHT,
    KIND_ONE,
    KIND_PRO_FLASH,
    engine_view,
    image_png,
    look_style,
)
from pixelkiln.service.objects.draw import (
    draw_stills,
    fit_to_reference,
    object_look,
    still_record,
)
from pixelkiln.service.objects.reading import candidate_specs, read_object
from pixelkiln.service.objects.style import ImageStyle, style_from_images
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.submit import AssetDraft, JobDraft, submit_jobs
from pixelkiln.store.models import Asset

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "check_eight_direction",
    "check_one_direction",
    "check_pro_flash",
    "run_eight_direction",
    "run_one_direction",
    "run_pro_flash",
    "submit_eight_direction",
    "submit_one_direction",
    "submit_pro_flash",
]

#: Largest side of a style image of a 1-direction object.
MAX_STYLE_SIDE = 256


def _opaque(image: Base64Image) -> bool:
    return bool((image.pixels[..., 3] > 127).any())


def _style_limit(size: int) -> int:
    """Most style images a 1-direction object of this size takes."""
    return 8 if size <= 85 else 4 if size <= 170 else 1


# --- checks (also run by the playground's quotes) -----------------------------------------


def check_one_direction(req: Create1DirectionObjectRequest) -> None:
    """422s the model cannot see (a size with style images, too many of them...)."""
    if req.style_images:
        if req.size is not None:
            raise InvalidRequest(
                ("body", "size"),
                "size cannot be combined with style_images: the largest style image sets it",
            )
        for i, img in enumerate(req.style_images):
            if max(img.width, img.height) > MAX_STYLE_SIDE:
                raise InvalidRequest(
                    ("body", "style_images", i),
                    f"style images are at most {MAX_STYLE_SIDE} x {MAX_STYLE_SIDE} pixels",
                )
            if min(img.width, img.height) < 1 or not _opaque(img):
                raise InvalidRequest(("body", "style_images", i), "the image has no opaque pixel")
        size = costs.one_direction_size(req)
        limit = _style_limit(size)
        if len(req.style_images) > limit:
            raise InvalidRequest(
                ("body", "style_images"),
                f"at most {limit} style image{'s' if limit > 1 else ''} at size {size}",
            )
    count = costs.candidate_count(costs.one_direction_size(req))
    if req.item_descriptions and len(req.item_descriptions) > count:
        raise InvalidRequest(
            ("body", "item_descriptions"),
            f"at most {count} item descriptions: this size draws {count} candidate"
            f"{'s' if count > 1 else ''}",
        )


def check_eight_direction(req: Create8DirectionObjectRequest) -> None:
    """422s of exclusive fields and image sizes."""
    if req.reference_image is not None:
        if req.style_image is not None or req.size is not None:
            raise InvalidRequest(
                ("body", "reference_image"),
                "reference_image cannot be combined with style_image or size",
            )
        w, h = req.reference_image.width, req.reference_image.height
        if not (16 <= w <= 168 and 16 <= h <= 168):
            raise InvalidRequest(
                ("body", "reference_image"),
                f"the reference image is {w}x{h}; it must be 16-168 pixels a side",
            )
        if not _opaque(req.reference_image):
            raise InvalidRequest(("body", "reference_image"), "the image has no opaque pixel")
    if req.style_image is not None:
        if req.size is not None:
            raise InvalidRequest(
                ("body", "style_image"),
                "style_image cannot be combined with size: its larger side sets the size",
            )
        side = max(req.style_image.width, req.style_image.height)
        if not 24 <= side <= 168:
            raise InvalidRequest(
                ("body", "style_image"),
                f"the style image's larger side ({side}) sets the size: it must be 24-168",
            )
        if not _opaque(req.style_image):
            raise InvalidRequest(("body", "style_image"), "the image has no opaque pixel")
    if req.style_object_id is not None and (
        req.style_image is not None or req.reference_image is not None
    ):
        raise InvalidRequest(
            ("body", "style_object_id"),
            "style_object_id cannot be combined with style_image or reference_image",
        )


def check_pro_flash(req: CreateObjectProFlashRequest) -> None:
    """422s of the first frame and its canvas."""
    if req.first_frame is not None:
        if req.source_image_id is not None:
            raise InvalidRequest(
                ("body", "first_frame"), "first_frame cannot be combined with source_image_id"
            )
        w, h = req.first_frame.width, req.first_frame.height
        cw, ch = costs.pro_flash_size(req)
        if not (16 <= w <= 256 and 16 <= h <= 256):
            raise InvalidRequest(
                ("body", "first_frame"), f"the first frame is {w}x{h}; it must be 16-256 a side"
            )
        if w > cw or h > ch:
            raise InvalidRequest(
                ("body", "first_frame"),
                f"the first frame ({w}x{h}) is larger than image_size ({cw}x{ch})",
            )
        if not _opaque(req.first_frame):
            raise InvalidRequest(("body", "first_frame"), "the image has no opaque pixel")


# --- shared drawing -------------------------------------------------------------------------


def _style(images: list[np.ndarray], seed: int, flags: dict[str, bool] | None = None) -> ImageStyle:
    f = flags or {}
    return style_from_images(
        images,
        seed,
        palette=f.get("color_palette", True),
        outline=f.get("outline", True),
        shading=f.get("shading", True),
    )


def _look(size: tuple[int, int], view: str, style: ImageStyle | None) -> dict[str, Any]:
    if style is None:
        return object_look(size, view)
    return object_look(size, view, style.outline, style.shading, None, style.palette)


def _eight(
    subject: Any,
    look: dict[str, Any],
    directions: tuple[str, ...],
    south: bytes | None,
    ctx: JobContext,
) -> tuple[dict[str, bytes], dict[str, Any]]:
    """Files and record of an object in ``directions`` (``south``: a picture kept as is)."""
    ctx.progress(0.2)
    pictures = draw_stills(subject, look, directions)
    files = {d: p.png() for d, p in pictures.items()}
    if south is not None and "south" in files:
        files["south"] = south
    record = still_record(subject, look, pictures)
    record["directions"] = list(directions)
    return files, record


def _object_params(
    origin: str,
    directions: int,
    size: tuple[int, int],
    view: str,
    look: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "origin": origin,
        "directions": directions,
        "size": {"width": int(size[0]), "height": int(size[1])},
        "view": view,
        "engine_view": engine_view(view),
        **({"style_settings": look_style(look)} if look else {}),
        **extra,
    }


def _completed(ctx: JobContext, files: dict[str, bytes], result: dict[str, Any]) -> JobOutput:
    return JobOutput(
        result=result,
        files=files,
        last_response={
            "status": "completed",
            "object_id": ctx.asset_id,
            "directions": len(result.get("directions") or files),
            **({"billing_stages": result["billing_stages"]} if "billing_stages" in result else {}),
        },
    )


# --- 1 direction ----------------------------------------------------------------------------


def submit_one_direction(
    ctx: Container, auth: Auth, req: Create1DirectionObjectRequest
) -> Create1DirectionObjectResponse:
    """Charge one rung of the ladder and queue the candidates."""
    check_one_direction(req)
    size = costs.one_direction_size(req)
    count = costs.candidate_count(size)
    cost = costs.ladder(size)
    (q,) = submit_jobs(
        ctx,
        auth,
        [
            JobDraft(
                kind=KIND_ONE,
                payload={"request": req.model_dump(mode="json"), "seed": content_seed(req)},
                cost=cost,
                asset=AssetDraft(
                    family=FAMILY,
                    name=req.description[:200],
                    description=req.description,
                    params=_object_params("1-direction", 1, (size, size), req.view, n_frames=count),
                ),
            )
        ],
    )
    return Create1DirectionObjectResponse(
        background_job_id=q.job_id,
        object_id=q.asset_id,
        n_frames=count,
        usage=Usage(type="generations", generations=cost),
    )


def run_one_direction(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: draw every candidate (a review), or the one object."""
    req = Create1DirectionObjectRequest.model_validate(payload["request"], strict=False)
    seed = int(payload["seed"])
    size = costs.one_direction_size(req)
    count = costs.candidate_count(size)
    style = _style([i.pixels for i in req.style_images], seed) if req.style_images else None
    look = _look((size, size), engine_view(req.view), style)
    ctx.progress(0.05)
    cands = candidate_specs(req.description, count, seed, req.item_descriptions)
    files: dict[str, bytes] = {}
    records: list[dict[str, Any]] = []
    for i, cand in enumerate(cands):
        subject = subject_from(cand.spec, cand.reading)
        picture = draw_stills(subject, look, ["south"])["south"]
        record = still_record(subject, look, {"unknown": picture})
        record["directions"] = ["unknown"]
        records.append(record)
        files[f"frame_{i}"] = picture.png()
        ctx.progress(0.05 + 0.9 * (i + 1) / count)
    if count == 1:
        return _completed(ctx, {"unknown": files["frame_0"]}, records[0])
    result = {"review": True, "look": look, "candidates": records, "selected": {}}
    return JobOutput(
        result=result,
        files=files,
        last_response={
            "status": "completed",
            "object_id": ctx.asset_id,
            "review": True,
            "n_frames": count,
        },
    )


# --- 8 directions ---------------------------------------------------------------------------


def _style_object(ctx: Container, auth: Auth, object_id: str) -> dict[str, Any]:
    """The look and drawn content size of a completed 8-direction object of the caller."""
    with ctx.db.read() as s:
        asset = s.get(Asset, object_id)
        if asset is None or asset.account_id != auth.account_id or asset.family != FAMILY:
            raise NotFound("Style object not found")
        result = asset.result or {}
        if (
            asset.status != "completed"
            or result.get("review")
            or len(result.get("directions", [])) != 8
        ):
            raise InvalidRequest(
                ("body", "style_object_id"),
                "the style object is not a completed 8-direction object",
            )
        return {"look": result["look"], "content": result.get("content", {})}


def submit_eight_direction(
    ctx: Container, auth: Auth, req: Create8DirectionObjectRequest
) -> Create8DirectionObjectResponse:
    """Charge one rung of the ladder and queue the 8 rotations."""
    check_eight_direction(req)
    size = costs.eight_direction_size(req)
    cost = costs.ladder(max(size))
    style_object = (
        _style_object(ctx, auth, req.style_object_id) if req.style_object_id is not None else None
    )
    (q,) = submit_jobs(
        ctx,
        auth,
        [
            JobDraft(
                kind=KIND_EIGHT,
                payload={
                    "request": req.model_dump(mode="json"),
                    "seed": content_seed(req),
                    "style_object": style_object,
                },
                cost=cost,
                asset=AssetDraft(
                    family=FAMILY,
                    name=req.description[:200],
                    description=req.description,
                    params=_object_params("8-direction", 8, size, req.view),
                ),
            )
        ],
    )
    return Create8DirectionObjectResponse(
        background_job_id=q.job_id,
        object_id=q.asset_id,
        usage=Usage(type="generations", generations=cost),
    )


def run_eight_direction(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: the 8 rotations (from a reference picture, a style image or a style object)."""
    req = Create8DirectionObjectRequest.model_validate(payload["request"], strict=False)
    seed = int(payload["seed"])
    size = costs.eight_direction_size(req)
    view = req.view
    style_object = payload.get("style_object")
    if style_object:
        content = style_object.get("content") or {}
        need = max(int(content.get("width", 0)), int(content.get("height", 0)))
        if max(size) < need:
            # The contract: an output smaller than the style object's content fails fast.
            msg = (
                f"size {max(size)} is smaller than the style object's drawn content "
                f"({content.get('width')}x{content.get('height')} px)"
            )
            raise ValueError(msg)
    reading = read_object(req.description, seed).reading
    subject = subject_from(reading.spec, reading)
    south: bytes | None = None
    if req.reference_image is not None:
        ref = req.reference_image.pixels
        look = fit_to_reference(subject, _look(size, view, _style([ref], seed)), ref)
        south = image_png(req.reference_image)
    elif req.style_image is not None:
        look = _look(size, view, _style([req.style_image.pixels], seed))
    elif style_object:
        src = style_object["look"]
        look = object_look(
            size,
            view,
            src.get("outline"),
            src.get("shading"),
            src.get("detail"),
            None if src.get("palette") is None else np.asarray(src["palette"]),
        )
    else:
        look = _look(size, view, None)
    files, record = _eight(subject, look, DIRECTIONS, south, ctx)
    if south is not None:
        record["reference"] = "south"
    return _completed(ctx, files, record)


# --- pro-flash ------------------------------------------------------------------------------


def _source_image(ctx: Container, auth: Auth, image_id: str) -> dict[str, Any]:
    """A paid pro-flash first image: its PNG and what is known of how it was drawn."""
    asset = pro_flash.owned_source_image(ctx, auth, image_id)
    files = asset.files or {}
    key = files.get("image") or files.get("south") or next(iter(files.values()), None)
    if key is None:
        raise NotFound("source image not found")
    png = ctx.blobs.get(key)
    return {
        "png": png_b64(png)["base64"],
        "description": asset.description,
        "spec": (asset.result or {}).get("spec"),
    }


def submit_pro_flash(
    ctx: Container, auth: Auth, req: CreateObjectProFlashRequest
) -> CreateObjectProFlashResponse:
    """Charge the pro-flash stages and queue the object (answered 202)."""
    check_pro_flash(req)
    source = _source_image(ctx, auth, req.source_image_id) if req.source_image_id else None
    quote = costs.pro_flash_quote(req)
    w, h = costs.pro_flash_size(req)
    if source is not None:
        first = decode_image(base64.b64decode(source["png"]))
        if first.shape[1] > w or first.shape[0] > h:
            raise InvalidRequest(
                ("body", "image_size"),
                f"the source image ({first.shape[1]}x{first.shape[0]}) is larger than "
                f"image_size ({w}x{h})",
            )
    (q,) = submit_jobs(
        ctx,
        auth,
        [
            JobDraft(
                kind=KIND_PRO_FLASH,
                payload={
                    "request": req.model_dump(mode="json"),
                    "source": source,
                    "stages": quote.stages,
                },
                cost=quote.total,
                asset=AssetDraft(
                    family=FAMILY,
                    name=(req.name or req.description)[:200],
                    description=req.description,
                    params=_object_params(
                        "pro-flash",
                        req.n_directions,
                        (w, h),
                        req.view,
                        billing_stages=quote.stages,
                    ),
                ),
            )
        ],
    )
    return CreateObjectProFlashResponse(
        background_job_id=q.job_id,
        object_id=q.asset_id,
        status="processing",
        estimated_generations=round(quote.total),
        first_direction_generated=req.first_frame is None and source is None,
        usage=Usage(type="generations", generations=quote.total),
    )


def _on_canvas(first: np.ndarray, w: int, h: int) -> np.ndarray:
    """A picture placed at the bottom middle of a ``w`` x ``h`` canvas."""
    out = np.zeros((h, w, 4), np.uint8)
    fh, fw = first.shape[:2]
    x0, y0 = (w - fw) // 2, h - fh
    out[y0 : y0 + fh, x0 : x0 + fw] = first
    return out


def run_pro_flash(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: the object in 1 or 8 directions, with its billing stages."""
    req = CreateObjectProFlashRequest.model_validate(payload["request"], strict=False)
    source = payload.get("source")
    w, h = costs.pro_flash_size(req)
    view = req.view
    first_png: bytes | None = None
    if req.first_frame is not None:
        first_png = image_png(req.first_frame)
    elif source is not None:
        first_png = base64.b64decode(source["png"])
    spec = source.get("spec") if source else None
    reading = read_object(req.description, req.seed).reading
    subject = subject_from(spec) if spec else subject_from(reading.spec, reading)
    flags = req.style_options.model_dump() if req.style_options else None
    style = _style([req.style_image.image.pixels], req.seed, flags) if req.style_image else None
    look = _look((w, h), view, style)
    south: bytes | None = None
    if first_png is not None:
        first = decode_image(first_png)
        placed = first if first.shape[:2] == (h, w) else _on_canvas(first, w, h)
        if style is None:
            look = _look((w, h), view, _style([placed], req.seed))
        look = fit_to_reference(subject, look, placed)
        south = first_png if placed is first else encode_png(placed)
    directions = ("south",) if req.n_directions == 1 else DIRECTIONS
    files, record = _eight(subject, look, directions, south, ctx)
    if req.n_directions == 1:
        files = {"unknown": files["south"]}
        record["directions"] = ["unknown"]
        record["keypoints"] = {"unknown": record["keypoints"]["south"]}
    record["billing_stages"] = payload.get("stages", [])
    if south is not None:
        record["reference"] = "south"
    return _completed(ctx, files, record)
