"""Tools over several frames: interpolation-v2, edit-animation-v2, transfer-outfit-v2.

- ``interpolation-v2``: in-betweens from ``start_image`` to ``end_image`` on an
  ``image_size`` canvas (each key no larger), by poses (each sprite's own pixels moved,
  no cross-fade): 8 frames up to 64 px, 6 up to 96, 4 above; the first is the start and
  the last the end, as sent.
- ``edit-animation-v2``: the description applied to the first frame by the editing
  engine and carried to every frame part by part (:mod:`.edits`), the held items it
  names stamped in each frame's hand (2-16 frames; up to 16 at 16-64 px, 9 at 65-80,
  4 above).
- ``transfer-outfit-v2``: the reference's clothes on every frame, put on through each
  frame's fitted bones (up to 15 at 32-64 px, 8 at 65-80, 3 above);
  ``additional_instructions`` are then edited in as edit-animation-v2 edits.

Frames are placed on the ``image_size`` canvas (larger ones are 422s naming them); a
figure too small to read leaves the frames as they are and says so in the record.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Usage
from pixelkiln.contract.motion import (
    EditAnimationV2Request,
    EditAnimationV2Response,
    FrameImage,
    InterpolationV2Request,
    InterpolationV2Response,
    TransferOutfitV2Request,
    TransferOutfitV2Response,
)
from pixelkiln.engine.sprites.animate import interpolate_sprites
from pixelkiln.engine.sprites.outfit import transfer_outfit
from pixelkiln.engine.sprites.scale import enlarge, pixel_scale, shrink
from pixelkiln.engine.sprites.understand import understand_sprite
from pixelkiln.errors import InvalidRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.motion import costs
from pixelkiln.service.motion.common import (
    check_fits,
    cut_backdrop,
    encode_frames,
    frame_limit,
    on_canvas,
    original_png,
)
from pixelkiln.service.motion.edits import edit_animation
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.submit import submit_job

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "EDIT_TIERS",
    "OUTFIT_TIERS",
    "run_edit_animation",
    "run_interpolation",
    "run_transfer_outfit",
    "submit_edit_animation",
    "submit_interpolation",
    "submit_transfer_outfit",
]

KIND_INTERPOLATION = "motion_interpolation"
KIND_EDIT = "motion_edit_animation"
KIND_OUTFIT = "motion_transfer_outfit"
EDIT_TIERS = ((64, 16), (80, 9))
EDIT_TOP = 4
OUTFIT_TIERS = ((64, 15), (80, 8))
OUTFIT_TOP = 3


def _check_frames(frames: list[FrameImage], width: int, height: int, most: int) -> None:
    if len(frames) > most:
        raise InvalidRequest(
            ("body", "frames"),
            f"at most {most} frames at {width}x{height} (got {len(frames)})",
        )
    for i, f in enumerate(frames):
        check_fits(f.image, width, height, ("frames", i, "image"))


def _placed(image: Any, width: int, height: int) -> tuple[np.ndarray, tuple[int, int, int] | None]:
    rgba, backdrop = cut_backdrop(image.pixels)
    return on_canvas(rgba, width, height), backdrop


def _submit(
    ctx: Container,
    auth: Auth,
    kind: str,
    request: InterpolationV2Request | EditAnimationV2Request | TransferOutfitV2Request,
) -> tuple[str, float]:
    """Queue ``request`` as a job of ``kind`` at the Pro price of its canvas, its seed
    fixed from its content; the job's id and the cost."""
    size = request.image_size
    cost = costs.pro_cost(size.width, size.height)
    payload = request.model_dump(mode="json")
    payload["seed"] = content_seed(request)
    return submit_job(ctx, auth, kind, payload, cost).job_id, cost


def _answer(how: dict[str, Any], images: list[dict[str, Any]]) -> JobOutput:
    return JobOutput(result=how, last_response={"status": "completed", "images": images, **how})


# interpolation-v2 --------------------------------------------------------------------------


def interpolation_frames(width: int, height: int) -> int:
    side = max(width, height)
    return 8 if side <= 64 else 6 if side <= 96 else 4


def submit_interpolation(
    ctx: Container, auth: Auth, request: InterpolationV2Request
) -> InterpolationV2Response:
    size = request.image_size
    check_fits(request.start_image.image, size.width, size.height, ("start_image", "image"))
    check_fits(request.end_image.image, size.width, size.height, ("end_image", "image"))
    job_id, cost = _submit(ctx, auth, KIND_INTERPOLATION, request)
    return InterpolationV2Response(background_job_id=job_id, usage=Usage(generations=cost))


def run_interpolation(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    request = InterpolationV2Request.model_validate(payload, strict=False)
    size = request.image_size
    seed = int(payload["seed"])
    ctx.progress(0.05)
    start, backdrop = _placed(request.start_image.image, size.width, size.height)
    end, _ = _placed(request.end_image.image, size.width, size.height)
    count = interpolation_frames(size.width, size.height)
    k = pixel_scale(start) if pixel_scale(end) % pixel_scale(start) == 0 else 1
    a = understand_sprite(shrink(start, k), None, "low top-down", request.action, seed)
    anim = interpolate_sprites(a, shrink(end, k), request.action, count)
    anim = replace(anim, frames=[enlarge(f, k) for f in anim.frames])
    ctx.progress(0.9)
    kept = {}
    for index, key in ((0, request.start_image.image), (-1, request.end_image.image)):
        if (key.width, key.height) == (size.width, size.height):
            kept[index % len(anim.frames)] = original_png(key)
    images = encode_frames(anim.frames, backdrop, request.no_background, kept)
    return _answer({**anim.record, "start": a.report()}, images)


# edit-animation-v2 -------------------------------------------------------------------------


def submit_edit_animation(
    ctx: Container, auth: Auth, request: EditAnimationV2Request
) -> EditAnimationV2Response:
    size = request.image_size
    most = frame_limit(max(size.width, size.height), EDIT_TIERS, EDIT_TOP)
    _check_frames(request.frames, size.width, size.height, most)
    job_id, cost = _submit(ctx, auth, KIND_EDIT, request)
    return EditAnimationV2Response(background_job_id=job_id, usage=Usage(generations=cost))


def run_edit_animation(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    request = EditAnimationV2Request.model_validate(payload, strict=False)
    size = request.image_size
    ctx.progress(0.05)
    placed = [_placed(f.image, size.width, size.height) for f in request.frames]
    frames = [p[0] for p in placed]
    backdrop = placed[0][1]
    edited, how = edit_animation(frames, request.description, int(payload["seed"]))
    ctx.progress(0.9)
    return _answer(how, encode_frames(edited, backdrop, request.no_background))


# transfer-outfit-v2 ------------------------------------------------------------------------


def submit_transfer_outfit(
    ctx: Container, auth: Auth, request: TransferOutfitV2Request
) -> TransferOutfitV2Response:
    size = request.image_size
    most = frame_limit(max(size.width, size.height), OUTFIT_TIERS, OUTFIT_TOP)
    _check_frames(request.frames, size.width, size.height, most)
    check_fits(request.reference_image.image, 256, 256, ("reference_image", "image"))
    job_id, cost = _submit(ctx, auth, KIND_OUTFIT, request)
    return TransferOutfitV2Response(background_job_id=job_id, usage=Usage(generations=cost))


def run_transfer_outfit(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    request = TransferOutfitV2Request.model_validate(payload, strict=False)
    size = request.image_size
    ctx.progress(0.05)
    placed = [_placed(f.image, size.width, size.height) for f in request.frames]
    frames = [p[0] for p in placed]
    backdrop = placed[0][1]
    reference, _ = cut_backdrop(request.reference_image.image.pixels)
    seed = int(payload["seed"])
    how: dict[str, Any] = {}
    try:
        dressed, how["mapped_by"] = transfer_outfit(reference, frames, seed)
        how["transferred"] = True
    except ValueError as exc:  # no figure in the reference or the first frame
        dressed, how = frames, {"transferred": False, "note": str(exc)}
    if request.additional_instructions:
        dressed, edits = edit_animation(dressed, request.additional_instructions, seed)
        how["edits"] = edits.get("edits", [])
    ctx.progress(0.9)
    return _answer(how, encode_frames(dressed, backdrop, request.no_background))
