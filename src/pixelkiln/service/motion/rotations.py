"""Rotations of any sprite: generate-8-rotations-v3 and -v2 (jobs) and rotate (now).

- ``generate-8-rotations-v3``: ``first_frame`` faces south (a quadruped seen side-on,
  east or west); 8 images in the contract's order (south, south-west, west, north-west,
  north, north-east, east, south-east), the given direction the caller's own PNG; the
  others drawn from a model fitted to it (:mod:`pixelkiln.engine.sprites.turn`).
  ``description`` is a hint ("a grey wolf").
- ``generate-8-rotations-v2`` on an ``image_size`` canvas: ``rotate_character`` turns
  ``reference_image``; ``create_with_style`` draws ``description`` in the reference's
  outline, shading and palette; ``create_from_concept`` draws it in the concept's
  commonest colours.
- ``rotate``: ``from_image`` facing ``from_direction`` turned to ``to_direction`` (or
  by ``direction_change`` degrees), the camera moved from ``from_view`` to ``to_view``
  (plus ``view_change``); ``color_image`` restricts the colours; ``init_image`` is kept
  where ``mask_image`` is black.

An image a character job of the caller drew is turned from its stored model (exact).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Base64Image, Usage
from pixelkiln.contract.motion import (
    Generate8RotationsV2Request,
    Generate8RotationsV2Response,
    Generate8RotationsV3Request,
    Generate8RotationsV3Response,
    RotateRequest,
    RotateResponse,
)
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.engine.sprites.scale import enlarge, pixel_scale, shrink
from pixelkiln.engine.sprites.turn import ROTATION_ORDER, direction_after, turn_sprite
from pixelkiln.engine.sprites.understand import keep_palette, sprite_palette, understand_sprite
from pixelkiln.engine.subjects.camera import view_for
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.errors import InvalidRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.characters import build
from pixelkiln.service.characters.render import draw_rotations
from pixelkiln.service.motion import costs
from pixelkiln.service.motion.common import (
    check_fits,
    cut_backdrop,
    drawn_marks,
    drawn_source,
    encode_frames,
    on_canvas,
    original_png,
)
from pixelkiln.service.objects.draw import draw_stills
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.submit import run_sync, submit_job

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "rotate",
    "run_rotations_v2",
    "run_rotations_v3",
    "submit_rotations_v2",
    "submit_rotations_v3",
]

KIND_V3 = "motion_rotations_v3"
KIND_V2 = "motion_rotations_v2"


def _drawn_rotations(drawn: dict[str, Any], directions: list[str]) -> dict[str, np.ndarray]:
    """Every direction of a character or object we drew, from its stored model (exact)."""
    if drawn.get("kind") == "object":
        pictures = draw_stills(drawn["spec"], drawn["look"], directions)
        return {d: pictures[d].rgba() for d in directions}
    files, _ = draw_rotations(subject_from(drawn["spec"]), drawn["look"], directions)
    return {d: decode_image(files[f"rotations/{d}"]) for d in directions}


def _turned(
    rgba: np.ndarray, hint: str, seed: int, view: str = "low top-down"
) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The 8 rotations of a sprite facing south (a quadruped seen side-on faces the
    side its head is on), and what was read."""
    k = pixel_scale(rgba)
    sm = understand_sprite(shrink(rgba, k), None, view, hint, seed)
    turned = {d: enlarge(f, k) for d, f in turn_sprite(sm, ROTATION_ORDER).items()}
    # Keypoints of the given direction, on the caller's canvas (x, y in 0..1).
    return turned, {**sm.report(), "pixel_scale": k, "keypoints": sm.keypoints}


# generate-8-rotations-v3 -------------------------------------------------------------------


def submit_rotations_v3(
    ctx: Container, auth: Auth, request: Generate8RotationsV3Request
) -> Generate8RotationsV3Response:
    check_fits(request.first_frame, 256, 256, ("first_frame",))
    img = request.first_frame
    cost = costs.rotations_v3_cost(img.width, img.height)
    payload = request.model_dump(mode="json")
    payload["drawn"] = drawn_source(ctx, auth, img)
    submitted = submit_job(ctx, auth, KIND_V3, payload, cost)
    return Generate8RotationsV3Response(
        background_job_id=submitted.job_id, usage=Usage(generations=cost)
    )


def run_rotations_v3(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: 8 rotations of ``first_frame`` (see the module docstring)."""
    request = Generate8RotationsV3Request.model_validate(
        {k: v for k, v in payload.items() if k != "drawn"}, strict=False
    )
    ctx.progress(0.05)
    rgba, backdrop = cut_backdrop(request.first_frame.pixels)
    drawn = payload.get("drawn")
    if drawn:
        frames = _drawn_rotations(drawn, list(ROTATION_ORDER))
        how: dict[str, Any] = {
            "source": "drawn",
            "asset_id": drawn["asset_id"],
            "recognised_by": drawn.get("recognised_by", "pixels"),
        }
    else:
        frames, how = _turned(rgba, request.description or "", int(request.seed or 0))
        how["source"] = "fitted"
    ctx.progress(0.9)
    given = how.get("direction", "south") if not drawn else drawn["direction"]
    kept = {ROTATION_ORDER.index(given): original_png(request.first_frame)}
    marks = drawn_marks(drawn, ROTATION_ORDER) if drawn else None
    images = encode_frames(
        [frames[d] for d in ROTATION_ORDER], backdrop, request.no_background, kept, marks
    )
    return JobOutput(
        result=how,
        last_response={
            "status": "completed",
            "images": images,
            "directions": list(ROTATION_ORDER),
            **how,
        },
    )


# generate-8-rotations-v2 -------------------------------------------------------------------


def _v2_checks(request: Generate8RotationsV2Request) -> None:
    size = request.image_size
    if request.method in ("rotate_character", "create_with_style"):
        if request.reference_image is None:
            raise InvalidRequest(
                ("body", "reference_image"), f"method {request.method} needs a reference_image"
            )
        check_fits(request.reference_image.image, 168, 168, ("reference_image", "image"))
        check_fits(
            request.reference_image.image, size.width, size.height, ("reference_image", "image")
        )
    if request.method == "create_from_concept" and request.concept_image is None:
        raise InvalidRequest(
            ("body", "concept_image"), "method create_from_concept needs a concept_image"
        )
    if request.method != "rotate_character" and not (request.description or "").strip():
        raise InvalidRequest(
            ("body", "description"), f"method {request.method} needs a description"
        )


def submit_rotations_v2(
    ctx: Container, auth: Auth, request: Generate8RotationsV2Request
) -> Generate8RotationsV2Response:
    _v2_checks(request)
    size = request.image_size
    cost = costs.pro_cost(size.width, size.height)
    payload = request.model_dump(mode="json")
    payload["seed"] = content_seed(request)
    payload["drawn"] = (
        drawn_source(ctx, auth, request.reference_image.image)
        if request.method == "rotate_character" and request.reference_image is not None
        else None
    )
    submitted = submit_job(ctx, auth, KIND_V2, payload, cost)
    return Generate8RotationsV2Response(
        background_job_id=submitted.job_id, usage=Usage(generations=cost)
    )


def _styled(request: Generate8RotationsV2Request, seed: int) -> dict[str, np.ndarray]:
    """The description drawn in 8 directions on image_size, in the reference's style
    and palette or the concept's colours."""
    size = (request.image_size.width, request.image_size.height)
    subject = Subject.from_text(request.description or "", seed)
    style, palette = SubjectStyle(), None
    if request.method == "create_with_style" and request.reference_image is not None:
        ref, _ = cut_backdrop(request.reference_image.image.pixels)
        try:
            a = analyse_sprite(ref)
            style = SubjectStyle(a.outline, a.shading, "medium detail")
        except ValueError:
            pass
        palette = sprite_palette(ref)
    elif request.concept_image is not None:
        concept = request.concept_image.image.pixels
        step = max(1, max(concept.shape[:2]) // 256)
        colours = build.commonest_colours(concept[::step, ::step].reshape(1, -1, 4), 4)
        subject = build.repaint(subject, colours)
    look = Look(image_size=size, view=request.view, style=style, canvas="object")
    drawing = draw_subject(subject, look, ROTATION_ORDER)
    out = {}
    for d in ROTATION_ORDER:
        rgba = drawing.sprites[d].rgba()
        out[d] = keep_palette(rgba, palette) if palette is not None and len(palette) else rgba
    return out


def run_rotations_v2(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: 8 rotations on image_size (see the module docstring)."""
    request = Generate8RotationsV2Request.model_validate(
        {k: v for k, v in payload.items() if k != "drawn"}, strict=False
    )
    seed = int(payload["seed"])
    size = request.image_size
    ctx.progress(0.05)
    backdrop = None
    kept: dict[int, bytes] = {}
    drawn = payload.get("drawn")
    if request.method == "rotate_character" and drawn:
        frames = _drawn_rotations(drawn, list(ROTATION_ORDER))
        frames = {d: on_canvas(f, size.width, size.height) for d, f in frames.items()}
        how: dict[str, Any] = {
            "source": "drawn",
            "asset_id": drawn["asset_id"],
            "recognised_by": drawn.get("recognised_by", "pixels"),
        }
    elif request.method == "rotate_character":
        assert request.reference_image is not None
        ref, backdrop = cut_backdrop(request.reference_image.image.pixels)
        placed = on_canvas(ref, size.width, size.height)
        hint = " ".join(x for x in (request.description, request.style_description) if x)
        frames, how = _turned(placed, hint, seed, request.view)
        how["source"] = "fitted"
        original = request.reference_image.image
        if (original.width, original.height) == (size.width, size.height):
            kept[ROTATION_ORDER.index(how["direction"])] = original_png(original)
    else:
        frames = _styled(request, seed)
        how = {"source": request.method}
    ctx.progress(0.9)
    marks = drawn_marks(drawn, ROTATION_ORDER) if how["source"] == "drawn" else None
    images = encode_frames(
        [frames[d] for d in ROTATION_ORDER], backdrop, request.no_background, kept, marks
    )
    return JobOutput(
        result=how,
        last_response={
            "status": "completed",
            "images": images,
            "directions": list(ROTATION_ORDER),
            **how,
        },
    )


# rotate ------------------------------------------------------------------------------------


def _rotate_checks(request: RotateRequest) -> None:
    size = request.image_size
    check_fits(request.from_image, size.width, size.height, ("from_image",))
    if request.mask_image is not None and request.init_image is None:
        raise InvalidRequest(("body", "mask_image"), "mask_image needs an init_image")
    for name in ("init_image", "mask_image"):
        image = getattr(request, name)
        if image is not None and (image.width, image.height) != (size.width, size.height):
            raise InvalidRequest(
                ("body", name), f"{name} must be image_size ({size.width}x{size.height})"
            )


def _rotate(request: RotateRequest, drawn: dict[str, Any] | None) -> bytes:
    size = request.image_size
    rgba, backdrop = cut_backdrop(request.from_image.pixels)
    rgba = on_canvas(rgba, size.width, size.height)
    to = (
        direction_after(request.from_direction, request.direction_change)
        if request.direction_change is not None
        else request.to_direction
    )
    to_elev = view_for(request.to_view, bool(request.isometric)).elevation
    lift = to_elev - view_for(request.from_view).elevation + (request.view_change or 0)
    if drawn and not lift:
        out = on_canvas(_drawn_rotations(drawn, [to])[to], size.width, size.height)
    else:
        k = pixel_scale(rgba)
        sm = understand_sprite(
            shrink(rgba, k), request.from_direction, request.from_view, "", int(request.seed or 0)
        )
        degrees = {to: float(request.direction_change)} if request.direction_change else None
        out = enlarge(turn_sprite(sm, [to], view_change=lift, turn_degrees=degrees)[to], k)
    if request.color_image is not None:
        out = keep_palette(out, sprite_palette(request.color_image.pixels))
    if request.init_image is not None and request.mask_image is not None:
        m = request.mask_image.pixels
        white = (m[..., :3].astype(int).mean(-1) >= 128) & (m[..., 3] >= 128)
        out = np.where(white[..., None], out, request.init_image.pixels).astype(np.uint8)
    if backdrop is not None:
        clear = out[..., 3] < 128
        out = out.copy()
        out[clear, :3], out[clear, 3] = backdrop, 255
    return encode_png(out)


def rotate(ctx: Container, auth: Auth, request: RotateRequest) -> RotateResponse:
    """Turn ``from_image`` now (1 generation; refunded when it cannot be done)."""
    _rotate_checks(request)
    drawn = drawn_source(ctx, auth, request.from_image)
    png = run_sync(ctx, auth, "rotate", costs.ROTATE, lambda: _rotate(request, drawn))
    return RotateResponse(image=Base64Image.from_png(png), usage=Usage(generations=costs.ROTATE))
