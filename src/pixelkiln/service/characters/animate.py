"""Animating a character: one job per direction, all from the character's stored model.

The character must be completed (400 otherwise: its model is fixed when it is drawn).
Each direction is a child asset of family ``character_animation`` sharing a new
animation group id, filled by its own job from the character's spec and look, so the
directions agree with each other and frame 0 of a template is the rotation image.

Modes (the contract's; ``mode`` omitted: ``template`` with a template id, else ``v3``):

- ``template``: a ``template_animation_id`` of the character's body plan (422 naming
  the plan's ids otherwise); every direction of the character unless ``directions``
  says; 1 generation per direction.
- ``v3``: ``action_description`` read as a motion (422 without one) of ``frame_count``
  frames, +1 with ``keep_first_frame`` (the standing rotation image, or
  ``custom_start_frame``, first); ``end_frame`` becomes the last frame; south only
  unless ``directions`` says; ``custom_start_frame`` needs exactly one direction; the
  frames given must be the character's canvas size; the Pro ladder per direction.
- ``pro``: the action in 16 frames; the Pro ladder per direction.

``enhance_prompt`` (v3 only, else 422) answers the action as it will be animated and
adds 0.05 generations, billed apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pixelkiln.contract.characters import (
    CreateCharacterAnimationRequest,
    CreateCharacterAnimationResponse,
)
from pixelkiln.contract.common import Base64Image, Usage
from pixelkiln.engine.subjects.motion.templates import templates_for
from pixelkiln.errors import BadRequest, InvalidRequest
from pixelkiln.service.accounts import Auth
from pixelkiln.service.characters import build, costs
from pixelkiln.service.characters.enhance import enhance_action
from pixelkiln.service.characters.library import ANIMATION_FAMILY, owned_character
from pixelkiln.service.characters.render import PRO_FRAMES
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.submit import AssetDraft, JobDraft, submit_jobs
from pixelkiln.store.models import new_id

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["KIND", "animate_character", "mode_of", "quote_animation"]

KIND = "character_animation"


def mode_of(request: CreateCharacterAnimationRequest) -> str:
    return request.mode or ("template" if request.template_animation_id else "v3")


def quote_animation(request: CreateCharacterAnimationRequest) -> float:
    """The price from the request alone, when it says enough: a template animation with
    its ``directions`` listed. Otherwise the price depends on the character (how many
    directions it has, its size), known at submission."""
    mode = mode_of(request)
    if mode == "template" and request.directions:
        return costs.animation_cost("template", len(set(request.directions)), 1, 1)
    raise BadRequest(
        "An animation's price depends on its character: 1 generation per direction for a "
        "template (every direction the character has unless `directions` lists them), "
        "20/25/40 per direction for v3 and pro by the character's size (up to 64, 128, "
        "above)"
    )


def _plan(spec: dict[str, Any]) -> str:
    return "prop" if spec.get("kind") == "prop" else str(spec.get("plan", "mannequin"))


def _frame_check(image: Base64Image | None, canvas: tuple[int, int], loc: str) -> None:
    if image is not None and (image.width, image.height) != canvas:
        raise InvalidRequest(
            ("body", loc),
            f"{loc} must be the character's canvas size {canvas[0]}x{canvas[1]}; "
            f"got {image.width}x{image.height}",
        )


def _look_for(
    request: CreateCharacterAnimationRequest, look: dict[str, Any], seed: int
) -> dict[str, Any]:
    """The character's look, re-styled by the request's style fields if it sends any."""
    out = dict(look)
    if request.outline:
        out["outline"] = request.outline
    if request.shading:
        out["shading"] = request.shading
    if request.detail:
        out["detail"] = {"high detail": "highly detailed"}.get(request.detail, request.detail)
    if request.isometric:
        out["isometric"] = True
    if request.color_image is not None and request.force_colors:
        out["palette"] = build.image_palette(request.color_image.pixels, seed).tolist()
    return out


def animate_character(
    ctx: Container, auth: Auth, request: CreateCharacterAnimationRequest
) -> CreateCharacterAnimationResponse:
    """Queue one job per direction (see the module docstring)."""
    character = owned_character(ctx, auth, request.character_id)
    if character.status != "completed" or not character.result:
        raise BadRequest("Character is not completed: animate it once it is drawn")
    result = character.result
    spec, look = result["spec"], result["look"]
    own = list(character.params.get("directions", ()))
    canvas = (int(result["canvas"]["width"]), int(result["canvas"]["height"]))
    size = character.params.get("image_size") or {"width": canvas[0], "height": canvas[1]}
    mode = mode_of(request)
    plan = _plan(spec)
    if request.enhance_prompt and mode != "v3":
        raise InvalidRequest(("body", "enhance_prompt"), "enhance_prompt is for v3 animations")
    if mode == "template":
        tid = request.template_animation_id
        found = templates_for(plan)
        if not tid or tid not in found:
            raise InvalidRequest(
                ("body", "template_animation_id"),
                f"{plan} has no animation {tid!r} (it has: {', '.join(sorted(found))})",
            )
        frames = found[tid].frames
        animation_type = tid
    else:
        if not (request.action_description or "").strip():
            raise InvalidRequest(
                ("body", "action_description"), f"{mode} animations need an action_description"
            )
        frames = PRO_FRAMES if mode == "pro" else int(request.frame_count or 8)
        if mode == "v3" and (request.keep_first_frame or request.custom_start_frame):
            frames += 1
        animation_type = request.animation_name or _slug(request.action_description or "")
    default = own if mode == "template" else ["south"]
    directions = list(dict.fromkeys(request.directions or default))
    unknown = [d for d in directions if d not in own]
    if unknown:
        raise InvalidRequest(
            ("body", "directions"),
            f"this character has {len(own)} directions ({', '.join(own)}); "
            f"not {', '.join(unknown)}",
        )
    if mode == "v3":
        if request.custom_start_frame is not None and len(directions) != 1:
            raise InvalidRequest(
                ("body", "custom_start_frame"), "custom_start_frame animates one direction"
            )
        _frame_check(request.custom_start_frame, canvas, "custom_start_frame")
        _frame_check(request.end_frame, canvas, "end_frame")
    seed = content_seed(request)
    anim_look = _look_for(request, look, seed)
    per = costs.animation_cost(mode, 1, int(size["width"]), int(size["height"]))
    enhanced = None
    if request.enhance_prompt:
        enhanced = enhance_action(subject_from(spec), request.action_description or "", frames)
    group_id = new_id()
    display = request.animation_name or request.template_animation_id or animation_type
    drafts = []
    for direction in directions:
        payload = {
            "character_id": character.id,
            "animation_group_id": group_id,
            "animation_type": animation_type,
            "display_name": display,
            "spec": spec,
            "look": anim_look,
            "direction": direction,
            "mode": mode,
            "template_animation_id": request.template_animation_id if mode == "template" else None,
            "action": request.action_description,
            "frame_count": int(request.frame_count or 8),
            "keep_first_frame": mode == "v3"
            and (request.keep_first_frame or request.custom_start_frame is not None),
            "start_frame": request.custom_start_frame.base64
            if request.custom_start_frame is not None
            else None,
            "end_frame": request.end_frame.base64 if request.end_frame is not None else None,
            "rotation_key": character.files.get(f"rotations/{direction}"),
            "seed": seed,
        }
        drafts.append(
            JobDraft(
                kind=KIND,
                payload=payload,
                cost=per,
                asset=AssetDraft(
                    family=ANIMATION_FAMILY,
                    name=display,
                    description=request.description or request.action_description,
                    params={
                        "animation_type": animation_type,
                        "display_name": display,
                        "direction": direction,
                        "mode": mode,
                        "template_animation_id": request.template_animation_id,
                        "action": request.action_description,
                        "frame_count": frames,
                        "seed": seed,
                    },
                    parent_id=character.id,
                    group_id=group_id,
                ),
            )
        )
    queued = submit_jobs(
        ctx, auth, drafts, fee=("enhance_prompt", costs.ENHANCE) if enhanced else None
    )
    return CreateCharacterAnimationResponse(
        background_job_ids=[q.job_id for q in queued],
        directions=directions,
        enhanced_prompt=enhanced,
        enhance_usage=Usage(type="generations", generations=costs.ENHANCE) if enhanced else None,
        character_id=character.id,
        animation_group_id=group_id,
        usage=Usage(type="generations", generations=per * len(directions)),
    )


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())[:4]
    return "-".join(words) or "animation"
