"""Text animation of any sprite: animate-with-text-v3 and animate-pixminimax (jobs that
answer 200 with a job id, as the contract's do).

``first_frame`` (at most 256x256; v3 also ``w * h * frame_count <= 524288``) is read
and its own pixels moved by the action (:mod:`pixelkiln.engine.sprites.animate`):
``frame_count + 1`` frames, frame 0 the caller's PNG as sent. ``last_frame`` (the
first frame's size) replaces the last. ``drift_threshold`` caps how far (pixels) the
subject's centre may wander from frame 0: a frame past it is moved back. A sprite a
character job of the caller drew is animated from its stored model instead.
``enhance_prompt`` answers the action as it will be animated (+0.05, billed apart).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Usage
from pixelkiln.contract.motion import (
    AnimatePixminimaxRequest,
    AnimatePixminimaxResponse,
    AnimateWithTextV3Request,
    AnimateWithTextV3Response,
)
from pixelkiln.engine.imageio import decode_image
from pixelkiln.engine.sprites.animate import animate_sprite
from pixelkiln.engine.sprites.scale import enlarge, pixel_scale, shrink
from pixelkiln.engine.sprites.understand import guess_plan, understand_sprite
from pixelkiln.engine.subjects.creatures import creature_spec
from pixelkiln.engine.subjects.subject import Subject, build_model
from pixelkiln.errors import InvalidRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.characters.enhance import enhance_action
from pixelkiln.service.characters.render import draw_animation
from pixelkiln.service.motion import costs
from pixelkiln.service.motion.common import (
    check_fits,
    cut_backdrop,
    drawn_source,
    encode_frames,
    original_png,
)
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.submit import JobDraft, submit_jobs

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["KIND", "hold_drift", "run_text_animation", "submit_pixminimax", "submit_text_v3"]

KIND = "motion_text_animation"
#: animate-with-text-v3's bound on width * height * frame_count.
V3_MAX_VOLUME = 524_288

AnimateRequest = AnimateWithTextV3Request | AnimatePixminimaxRequest


def _action(request: AnimateRequest) -> str:
    return request.action if isinstance(request, AnimateWithTextV3Request) else request.description


def _checks(request: AnimateRequest) -> None:
    first = request.first_frame
    check_fits(first, 256, 256, ("first_frame",))
    if isinstance(request, AnimateWithTextV3Request):
        volume = first.width * first.height * request.frame_count
        if volume > V3_MAX_VOLUME:
            raise InvalidRequest(
                ("body", "frame_count"),
                f"width * height * frame_count is {volume}, over {V3_MAX_VOLUME}",
            )
    last = request.last_frame
    if last is not None and (last.width, last.height) != (first.width, first.height):
        raise InvalidRequest(("body", "last_frame"), "last_frame must be first_frame's size")


def _enhanced(request: AnimateRequest) -> str:
    """The action as it will be animated, read against the plan the sprite looks like
    (a quick reading: the job fits the sprite itself)."""
    plan, word = guess_plan(request.first_frame.pixels, _action(request))
    if plan in ("quadruped", "blob"):
        spec = creature_spec(word or ("wolf" if plan == "quadruped" else "slime"), 0)
        subject = Subject(spec, build_model(spec))
    else:
        subject = Subject.from_text("a person", 0)
    return enhance_action(subject, _action(request), request.frame_count + 1)


def _submit(ctx: Container, auth: Auth, request: AnimateRequest, cost: float):
    _checks(request)
    payload = request.model_dump(mode="json")
    payload["tool"] = "v3" if isinstance(request, AnimateWithTextV3Request) else "pixminimax"
    payload["drawn"] = drawn_source(ctx, auth, request.first_frame)
    enhanced = _enhanced(request) if request.enhance_prompt else None
    (queued,) = submit_jobs(
        ctx,
        auth,
        [JobDraft(KIND, payload, cost)],
        fee=("enhance_prompt", costs.ENHANCE) if enhanced else None,
    )
    return queued.job_id, enhanced


def submit_text_v3(
    ctx: Container, auth: Auth, request: AnimateWithTextV3Request
) -> AnimateWithTextV3Response:
    img = request.first_frame
    cost = costs.text_v3_cost(img.width, img.height, request.frame_count)
    job_id, enhanced = _submit(ctx, auth, request, cost)
    return AnimateWithTextV3Response(
        background_job_id=job_id,
        enhanced_prompt=enhanced,
        enhance_usage=Usage(generations=costs.ENHANCE) if enhanced else None,
        usage=Usage(generations=cost),
    )


def submit_pixminimax(
    ctx: Container, auth: Auth, request: AnimatePixminimaxRequest
) -> AnimatePixminimaxResponse:
    img = request.first_frame
    cost = costs.pixminimax_cost(img.width, img.height, request.frame_count)
    job_id, enhanced = _submit(ctx, auth, request, cost)
    return AnimatePixminimaxResponse(
        background_job_id=job_id,
        enhanced_prompt=enhanced,
        enhance_usage=Usage(generations=costs.ENHANCE) if enhanced else None,
        usage=Usage(generations=cost),
    )


def _centre(rgba: np.ndarray) -> np.ndarray | None:
    ys, xs = np.nonzero(rgba[..., 3] >= 128)
    return None if not len(xs) else np.array([xs.mean(), ys.mean()])


def hold_drift(frames: list[np.ndarray], threshold: float) -> list[np.ndarray]:
    """Frames whose subject's centre is more than ``threshold`` px from frame 0's,
    moved back (whole pixels) until it is within it."""
    home = _centre(frames[0])
    if home is None:
        return frames
    out = [frames[0]]
    for f in frames[1:]:
        c = _centre(f)
        if c is None or np.linalg.norm(c - home) <= threshold:
            out.append(f)
            continue
        off = c - home
        excess = off * (1 - threshold / float(np.linalg.norm(off)))
        dx, dy = (int(v) for v in np.round(excess))
        moved = np.zeros_like(f)
        h, w = f.shape[:2]
        ys, yd = (
            (slice(max(dy, 0), h), slice(0, h - max(dy, 0)))
            if dy >= 0
            else (slice(0, h + dy), slice(-dy, h))
        )
        xs, xd = (
            (slice(max(dx, 0), w), slice(0, w - max(dx, 0)))
            if dx >= 0
            else (slice(0, w + dx), slice(-dx, w))
        )
        moved[yd, xd] = f[ys, xs]
        out.append(moved)
    return out


def run_text_animation(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: ``frame_count + 1`` frames of the action (see the module docstring)."""
    body = {k: v for k, v in payload.items() if k not in ("tool", "drawn")}
    request: AnimateRequest = (
        AnimateWithTextV3Request.model_validate(body, strict=False)
        if payload["tool"] == "v3"
        else AnimatePixminimaxRequest.model_validate(body, strict=False)
    )
    action = _action(request)
    n = request.frame_count
    ctx.progress(0.05)
    rgba, backdrop = cut_backdrop(request.first_frame.pixels)
    last = cut_backdrop(request.last_frame.pixels)[0] if request.last_frame is not None else None
    drawn = payload.get("drawn")
    if drawn and drawn.get("kind", "character") != "character":
        drawn = None  # an object's motions are its own family's; here it is read anew
    direction = getattr(request, "direction", None)
    if drawn:
        out = draw_animation(
            subject_from(drawn["spec"]),
            drawn["look"],
            drawn["direction"],
            "v3",
            action=action,
            frame_count=n,
            keep_first=True,
        )
        frames = [decode_image(png) for png in out.files.values()]
        if last is not None:
            frames[-1] = last
        record: dict[str, Any] = {**out.record, "source": "drawn", "asset_id": drawn["asset_id"]}
        record.pop("keypoints", None)
    else:
        k = pixel_scale(rgba)
        seed = int(request.seed or 0)
        sm = understand_sprite(shrink(rgba, k), direction, "low top-down", action, seed)
        anim = animate_sprite(sm, action, n)
        frames = [enlarge(f, k) for f in anim.frames]
        record = {**anim.record, "source": "fitted", "pixel_scale": k}
        if last is not None:
            frames[-1] = last
            record["last_frame"] = "given"
    ctx.progress(0.9)
    if request.drift_threshold is not None:
        frames = hold_drift(frames, float(request.drift_threshold))
    kept = {0: original_png(request.first_frame)}
    if request.last_frame is not None:
        kept[len(frames) - 1] = original_png(request.last_frame)
    images = encode_frames(frames, backdrop, request.no_background, kept)
    return JobOutput(
        result=record,
        last_response={"status": "completed", "images": images, **record},
    )
