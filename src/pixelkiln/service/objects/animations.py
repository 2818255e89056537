"""Object animations: ``POST /objects/{id}/animations``, one job per direction.

Each direction is an ``object_animation`` asset (parent: the object; group: the
animation) filled by its own job, which rebuilds the object from its stored spec and look,
so frame 0 is the rotation image pixel for pixel.

**Which animation**: a new request's description is read into one of the object's motions
(:mod:`.motions`); its ``animation_type`` is the ``display_name`` if given, else the
motion (``open``, ``sway``...). A new request whose type the object already has extends
that animation; ``animation_group_id`` extends a given one (its description, mode and
frame count are inherited unless sent). A direction the animation already has is a 409
unless ``replace_existing`` (the old direction is deleted when the new one is queued).

**Frames**: v3 draws ``frame_count`` (even, 4-16, default 8) frames and, with
``keep_first_frame``, stores one more: the start frame (the rotation image). Loops are
drawn over the stored count, so the last frame leads back into the first; a one-shot
(``open``) without ``keep_first_frame`` drops its rest frame. Pro draws exactly its count:
16 up to 64 px; 4, 9 or 16 up to 128 px; 9 up to 170 px; larger objects have no pro mode.

**Start and end frames** (v3, one direction): ``custom_start_frame`` is frame 0 byte for
byte and sets the canvas; the motion is drawn with the object fitted to it (its colours
forced, its extent matched, as for a reference image). ``end_frame`` is the last frame;
the frames between dissolve from the motion to it on an ordered 4x4 (Bayer) pattern, a
pixel-art cross-fade, so the animation arrives exactly at the picture asked for.

**Cost**: v3 1 generation a direction (+0.05 with ``enhance_prompt``, on the first
direction's job); pro 20/25/40 a direction by the object's size.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Usage
from pixelkiln.contract.objects import (
    AnimateObjectRequest,
    AnimateObjectResponse,
    DirectionSubmission,
)
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.motion.templates import template
from pixelkiln.engine.subjects.motion.text import motion_from_text
from pixelkiln.errors import BadRequest, Conflict, InvalidRequest, NotFound
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.objects import costs
from pixelkiln.service.objects.common import ANIMATION_FAMILY, KIND_ANIMATION, image_png
from pixelkiln.service.objects.draw import canvas_of, draw_motion, fit_to_reference, still_record
from pixelkiln.service.objects.library import owned_object
from pixelkiln.service.objects.motions import read_motion
from pixelkiln.service.objects.style import style_from_images
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.subjects.library import AnimationPart, animation_parts
from pixelkiln.service.submit import AssetDraft, JobDraft, submit_jobs
from pixelkiln.store.models import Asset, new_id
from pixelkiln.store.removal import drop_assets

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["pro_frame_counts", "run_animation", "submit_animation"]

_BAYER = (
    np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]], np.float64) + 0.5
) / 16.0
#: Largest custom start frame (v3's canvas limit).
MAX_START = 256


def pro_frame_counts(side: int) -> tuple[int, ...]:
    """Frame counts pro mode draws for an object whose larger side is ``side``."""
    if side <= 64:
        return (16,)
    if side <= 128:
        return (4, 9, 16)
    if side <= 170:
        return (9,)
    return ()


def _frame_count(req: AnimateObjectRequest, side: int, inherited: int | None) -> int:
    asked = req.frame_count if req.frame_count is not None else inherited
    if req.mode == "v3":
        count = asked if asked is not None else 8
        if count % 2 or not 4 <= count <= 16:
            raise BadRequest(f"frame_count must be even, 4 to 16, in v3 mode; got {count}")
        return count
    allowed = pro_frame_counts(side)
    if not allowed:
        raise BadRequest(f"Pro animations go up to 170 px; this object is {side} px: use v3")
    count = asked if asked is not None else min(allowed)
    if count not in allowed:
        raise BadRequest(
            f"Pro frame_count at {side} px is {' or '.join(map(str, allowed))}; got {count}"
        )
    return count


def _v3_only(req: AnimateObjectRequest) -> None:
    if req.mode != "pro":
        return
    for name in ("custom_start_frame", "end_frame"):
        if getattr(req, name) is not None:
            raise InvalidRequest(("body", name), f"{name} is for mode v3 only")
    if req.enhance_prompt:
        raise InvalidRequest(("body", "enhance_prompt"), "enhance_prompt is for mode v3 only")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _group_of(parts: list[AnimationPart], group_id: str) -> list[AnimationPart]:
    return [p for p in parts if p.group_id == group_id]


def submit_animation(
    ctx: Container, auth: Auth, object_id: str, req: AnimateObjectRequest
) -> AnimateObjectResponse:
    """Check, price and queue one job per direction (see the module docstring)."""
    _v3_only(req)
    with ctx.db.read() as s:
        obj = owned_object(s, auth, object_id)
        s.expunge(obj)
    result = obj.result or {}
    if obj.status != "completed" or result.get("review") or "spec" not in result:
        raise BadRequest("Object is not ready: only a completed object can be animated")
    one = result.get("directions") == ["unknown"]
    parts = animation_parts(ctx, obj.id, ANIMATION_FAMILY)
    group: list[AnimationPart] = []
    if req.animation_group_id:
        group = _group_of(parts, req.animation_group_id)
        if not group:
            raise NotFound("Animation group not found")
    first = group[0].params if group else {}
    description = req.animation_description or first.get("description")
    if not description:
        raise BadRequest("animation_description is required for a new animation")
    subject = subject_from(result["spec"])
    read = read_motion(subject.sized(max(result["look"]["image_size"])), description)
    animation_type = req.display_name or first.get("animation_type") or read.motion or "action"
    if not group:
        same = [p for p in parts if p.animation_type == animation_type]
        if same:
            group = _group_of(parts, same[-1].group_id)
    group_id = group[0].group_id if group else new_id()

    # Directions.
    have = {p.direction for p in group}
    if one:
        if req.directions:
            raise BadRequest("A 1-direction object has no directions: omit `directions`")
        directions = ["unknown"]
    elif req.directions:
        directions = list(dict.fromkeys(req.directions))
    elif group and not req.replace_existing:
        directions = [d for d in DIRECTIONS if d not in have]
        if not directions:
            raise Conflict("Every direction of this animation is drawn already")
    else:
        directions = list(DIRECTIONS)
    clash = [d for d in directions if d in have]
    if clash and not req.replace_existing:
        raise Conflict(f"Already animated: {', '.join(clash)} (pass replace_existing to redraw)")

    # Canvas, start and end frames.
    canvas = canvas_of(result["look"])
    start = req.custom_start_frame
    if (start is not None or req.end_frame is not None) and len(directions) != 1:
        raise BadRequest("custom_start_frame and end_frame need exactly one direction")
    if start is not None:
        if start.width > MAX_START or start.height > MAX_START:
            raise BadRequest(f"custom_start_frame is at most {MAX_START} x {MAX_START} pixels")
        if not (start.pixels[..., 3] > 127).any():
            raise BadRequest("custom_start_frame has no opaque pixel")
        canvas = (start.width, start.height)
    if req.end_frame is not None and (req.end_frame.width, req.end_frame.height) != canvas:
        raise BadRequest(
            f"end_frame is {req.end_frame.width}x{req.end_frame.height}; the start frame is "
            f"{canvas[0]}x{canvas[1]}"
        )
    side = max(canvas)
    frame_count = _frame_count(req, side, first.get("frame_count") if group else None)
    mode = req.mode
    keep = req.keep_first_frame if mode == "v3" else False
    stored = frame_count + (1 if keep else 0)

    per = costs.animation_cost(mode, side, 1, False)
    enhance = mode == "v3" and req.enhance_prompt
    enhanced = f"{description} — read as {read.motion or read.action}: {read.about}"
    payload_base: dict[str, Any] = {
        "spec": result["spec"],
        "look": result["look"],
        "motion": read.motion,
        "action": read.action,
        "frames": stored,
        "drop_first": mode == "v3" and not keep,
        "seed": int(result["spec"].get("seed", 0)),
        "custom_start_frame": None if start is None else _b64(image_png(start)),
        "end_frame": None if req.end_frame is None else _b64(image_png(req.end_frame)),
    }
    drafts = []
    for i, d in enumerate(directions):
        drafts.append(
            JobDraft(
                kind=KIND_ANIMATION,
                payload={**payload_base, "direction": "south" if d == "unknown" else d},
                cost=per + (costs.ENHANCE_COST if enhance and i == 0 else 0.0),
                asset=AssetDraft(
                    family=ANIMATION_FAMILY,
                    name=animation_type[:200],
                    description=description,
                    params={
                        "animation_type": animation_type,
                        "display_name": req.display_name or first.get("display_name"),
                        "description": description,
                        "direction": d,
                        "mode": mode,
                        "frame_count": frame_count,
                        "stored_frames": stored,
                        "keep_first_frame": keep,
                        "motion": read.motion or read.action,
                        "read_as": read.how,
                    },
                    parent_id=obj.id,
                    group_id=group_id,
                ),
            )
        )
    replaced = [p.id for p in group if p.direction in directions]

    def inside(s: Any) -> list[str]:
        row = s.get(Asset, obj.id)
        if row is None:
            raise NotFound("Object not found")
        return drop_assets(s, replaced)

    queued = submit_jobs(ctx, auth, drafts, inside=inside)
    total = sum(q.cost for q in queued)
    return AnimateObjectResponse(
        animation_group_id=group_id,
        mode=mode,
        frame_count=frame_count,
        description=description,
        object_id=obj.id,
        display_name=req.display_name or first.get("display_name"),
        submissions=[
            DirectionSubmission(
                direction=d, status="queued", animation_id=q.asset_id, background_job_id=q.job_id
            )
            for d, q in zip(directions, queued, strict=True)
        ],
        enhanced_prompt=enhanced if enhance else None,
        enhance_usage=Usage(type="generations", generations=costs.ENHANCE_COST)
        if enhance
        else None,
        usage=Usage(type="generations", generations=round(total, 3)),
    )


def _dissolve(frames: list[np.ndarray], end: np.ndarray) -> list[np.ndarray]:
    """Frames turning into ``end`` on an ordered 4x4 pattern; the last is ``end`` itself."""
    n = len(frames)
    h, w = end.shape[:2]
    threshold = np.tile(_BAYER, (h // 4 + 1, w // 4 + 1))[:h, :w]
    out = []
    for i, f in enumerate(frames):
        weight = i / (n - 1) if n > 1 else 1.0
        take = (threshold < weight)[..., None]
        out.append(np.where(take, end, f))
    out[-1] = end
    return out


def run_animation(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: one direction of an animation."""
    subject = subject_from(payload["spec"])
    look = payload["look"]
    stored = int(payload["frames"])
    drop = bool(payload.get("drop_first"))
    sent = payload.get("custom_start_frame")
    start_png = base64.b64decode(sent) if sent else None
    if start_png is not None:
        start = decode_image(start_png)
        forced = style_from_images([start], palette=True, outline=False, shading=False).palette
        base = {**look, "palette": None if forced is None else forced.tolist()}
        look = fit_to_reference(subject, base, start)
    ctx.progress(0.1)
    model = subject.sized(max(look["image_size"])).model
    motion: Any = payload.get("motion")
    if motion is None:
        motion, _ = motion_from_text(model, payload["action"], stored + 1)
        loop = motion.loop
    else:
        loop = template(model.plan if model.kind != "prop" else "prop", motion).loop
    # A loop has no rest frame to drop: it is drawn over the count asked; a one-shot
    # without its start frame is drawn one longer and loses the rest pose.
    count = stored + 1 if drop and not loop else stored
    if payload.get("motion") is None:
        motion, _ = motion_from_text(model, payload["action"], count)
    seed = int(payload.get("seed", 0))
    pictures, facts = draw_motion(subject, look, payload["direction"], motion, count, seed)
    if count > stored:
        pictures = pictures[1:]
    pngs = [p.png() for p in pictures]
    if start_png is not None and not drop:
        pngs[0] = start_png
    if payload.get("end_frame"):
        end_png = base64.b64decode(payload["end_frame"])
        mixed = _dissolve([decode_image(b) for b in pngs], decode_image(end_png))
        # The first frame is untouched by the dissolve (kept byte for byte), the last is
        # the end frame sent.
        pngs = [pngs[0], *[encode_png(a) for a in mixed[1:-1]], end_png]
    files = {f"frame_{i:03d}": b for i, b in enumerate(pngs)}
    record = {
        **facts,
        "direction": payload["direction"],
        "frame_count": len(pngs),
        "pivot": {"x": pictures[0].pivot[0], "y": pictures[0].pivot[1]},
        "canvas": dict(zip(("width", "height"), canvas_of(look), strict=True)),
    }
    if start_png is not None:
        record["look"] = still_record(subject, look, {"south": pictures[0]})["look"]
    return JobOutput(
        result=record,
        files=files,
        last_response={
            "status": "completed",
            "animation_id": ctx.asset_id,
            "direction": payload["direction"],
            "frame_count": len(pngs),
        },
    )
