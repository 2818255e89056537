"""Creating characters: the checks the request models cannot make, the price, the stored
look and the job payload of every creation endpoint.

Every creation is one background job of kind ``character`` that draws every direction
the character has (4 or 8). Until it completes, the character reads ``pending``.

Canvases (the size of every rotation and animation frame):

- standard 4 and 8 directions: ``image_size`` plus 28 px (the contract's standard
  bases); reference ``directions`` sit in the inner ``image_size`` box (14 px in);
- Pro (``mode: pro``, create-character-pro): square, the larger side plus 28;
- v3: square, the larger side plus 28 from scratch; the reference's own size with a
  reference (it is the south sprite, byte for byte when it is a PNG);
- Pro Flash: ``image_size`` itself (a 20% margin inside it for motion); a first image
  is the south sprite as it is;
- a state: its source's canvas, or ``override_frame_size`` (the figure stays centred,
  standing on the same ground, at the same scale).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.characters import (
    CreateCharacterProFlashRequest,
    CreateCharacterProFlashResponse,
    CreateCharacterProRequest,
    CreateCharacterProResponse,
    CreateCharacterStateRequest,
    CreateCharacterStateResponse,
    CreateCharacterV3Request,
    CreateCharacterV3Response,
    CreateCharacterWith4DirectionsRequest,
    CreateCharacterWith4DirectionsResponse,
    CreateCharacterWith8DirectionsResponse,
    ProFlashStyleOptions,
)
from pixelkiln.contract.common import Base64Image, Usage
from pixelkiln.engine.color import hex_to_rgb, rgb_to_hex
from pixelkiln.engine.imageio import decode_image
from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.engine.sprites.camera import camera_to_dict
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.fit import CHARACTER_MARGIN
from pixelkiln.engine.subjects.subject import camera_for
from pixelkiln.errors import BadRequest, InvalidRequest
from pixelkiln.service import pro_flash
from pixelkiln.service.accounts import Auth
from pixelkiln.service.characters import build, costs
from pixelkiln.service.characters.enhance import enhance_character
from pixelkiln.service.characters.library import FAMILY, owned_character
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.subjects.drawing import FOUR, look_from, look_params, subject_from
from pixelkiln.service.submit import AssetDraft, JobDraft, submit_jobs
from pixelkiln.store.models import Asset

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "BACKDROP",
    "KIND",
    "create_pro",
    "create_pro_flash",
    "create_state",
    "create_v3",
    "create_with_directions",
    "quote_pro",
    "quote_pro_flash",
    "quote_v3",
    "quote_with_directions",
]

KIND = "character"
#: The flat backdrop of ``no_background: false``.
BACKDROP = "#c9d1bd"
PRO_STYLE = ("selective outline", "detailed shading", "highly detailed")
MAX_V3_REFERENCE = 256
MAX_PRO_REFERENCE = 168
MAX_CONCEPT = 1024
_QUADRUPEDS = build.QUADRUPEDS


def _view(view: str | None) -> str:
    # The contract's "perspective" (4 and 8 directions) is drawn as the higher camera.
    return "high top-down" if view == "perspective" else (view or "low top-down")


def _usage(cost: float) -> Usage:
    return Usage(type="generations", generations=cost)


def _too_big(image: Base64Image, limit: int, loc: str) -> None:
    if image.width > limit or image.height > limit:
        raise InvalidRequest(
            ("body", loc), f"{loc} is {image.width}x{image.height}; at most {limit}x{limit}"
        )


def _figure(image: Base64Image, loc: tuple[str, ...]) -> None:
    """A reference the model is fitted to must show a figure (checked now, so what is
    accepted completes)."""
    try:
        analyse_sprite(image.pixels)
    except ValueError as exc:
        raise InvalidRequest(loc, f"{loc[-1]} has no figure to fit a model to: {exc}") from None


def _colour_image(
    image: Base64Image | None, force: bool, seed: int
) -> tuple[np.ndarray | None, list[str] | None]:
    """A forced palette, or the colours that repaint the clothes."""
    if image is None:
        return None, None
    if not (image.pixels[..., 3] > 127).any():
        raise InvalidRequest(("body", "color_image"), "color_image has no opaque pixels")
    if force:
        return build.image_palette(image.pixels, seed), None
    return None, [rgb_to_hex(c) for c in build.commonest_colours(image.pixels, 4)]


def _queue(
    ctx: Container,
    auth: Auth,
    payload: dict[str, Any],
    cost: float,
    params: dict[str, Any],
    name: str,
    description: str,
    fee: float = 0.0,
    group_id: str | None = None,
) -> tuple[str, str]:
    asset = AssetDraft(FAMILY, name[:200], description, params, group_id=group_id, tags=[])
    (queued,) = submit_jobs(
        ctx,
        auth,
        [JobDraft(KIND, payload, cost, asset)],
        fee=("enhance_prompt", fee) if fee else None,
    )
    return queued.job_id, asset.id


def _params(
    endpoint: str,
    op: str,
    directions: list[str] | tuple[str, ...],
    image_size: tuple[int, int],
    canvas: tuple[int, int],
    template_id: str,
    look: dict[str, Any],
    seed: int,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "endpoint": endpoint,
        "op": op,
        "directions": list(directions),
        "image_size": {"width": image_size[0], "height": image_size[1]},
        "canvas": {"width": canvas[0], "height": canvas[1]},
        "template_id": template_id,
        "view": look["view"],
        "isometric": look["isometric"],
        "style": {k: look[k] for k in ("outline", "shading", "detail")},
        "seed": seed,
        **extra,
    }


# 4 and 8 directions -------------------------------------------------------------------


def quote_with_directions(request: CreateCharacterWith4DirectionsRequest) -> float:
    mode = getattr(request, "mode", None) or "standard"
    if mode == "pro":
        return costs.pro_cost(request.image_size.width, request.image_size.height)
    return costs.STANDARD


def _check_references(
    request: CreateCharacterWith4DirectionsRequest, n: int, mode: str, template_id: str
) -> None:
    refs = request.directions or {}
    if not refs:
        return
    if mode == "pro":
        raise InvalidRequest(
            ("body", "directions"), "reference directions are for standard mode only"
        )
    allowed = FOUR if n == 4 else DIRECTIONS
    w, h = request.image_size.width, request.image_size.height
    for key, image in refs.items():
        if key not in allowed:
            raise InvalidRequest(
                ("body", "directions", key),
                f"a {n}-direction character has no {key!r} direction ({', '.join(allowed)})",
            )
        if (image.width, image.height) != (w, h):
            raise InvalidRequest(
                ("body", "directions", key),
                f"reference images must be exactly image_size {w}x{h}; "
                f"{key} is {image.width}x{image.height}",
            )
    need = ["south"]
    if template_id in _QUADRUPEDS:
        need.append("east")
    if request.isometric:
        need = list(FOUR)
    missing = [d for d in need if d not in refs]
    if missing:
        why = (
            "isometric characters need all four"
            if request.isometric
            else "quadrupeds need south and east"
            if template_id in _QUADRUPEDS
            else "south is required when any direction is given"
        )
        raise InvalidRequest(
            ("body", "directions"), f"missing reference {', '.join(missing)} ({why})"
        )
    _figure(refs["south"], ("body", "directions", "south"))


def create_with_directions(
    ctx: Container, auth: Auth, request: CreateCharacterWith4DirectionsRequest, n: int
) -> CreateCharacterWith4DirectionsResponse | CreateCharacterWith8DirectionsResponse:
    """create-character-with-4-directions (``n`` 4) and -8-directions (``n`` 8)."""
    mode = (getattr(request, "mode", None) or "standard") if n == 8 else "standard"
    template_id = request.template_id or "mannequin"
    _check_references(request, n, mode, template_id)
    seed = content_seed(request)
    w, h = request.image_size.width, request.image_size.height
    palette, repaint = _colour_image(request.color_image, bool(request.force_colors), seed)
    if mode == "pro":
        s = max(w, h)
        look = look_params(
            (s, s), _view(request.view), bool(request.isometric), *PRO_STYLE, palette=palette
        )
        canvas = (s + CHARACTER_MARGIN, s + CHARACTER_MARGIN)
    else:
        look = look_params(
            (w, h),
            _view(request.view),
            bool(request.isometric),
            request.outline,
            request.shading,
            request.detail,
            palette=palette,
        )
        canvas = (w + CHARACTER_MARGIN, h + CHARACTER_MARGIN)
    directions = list(FOUR if n == 4 else DIRECTIONS)
    proportions = (
        request.proportions.model_dump() if request.proportions and mode == "standard" else None
    )
    refs = request.directions or {}
    margin = CHARACTER_MARGIN // 2
    payload = {
        "op": mode,
        "text": request.description,
        "seed": seed,
        "name": request.description[:50],
        "template_id": template_id,
        "proportions": None if refs else proportions,
        "canvas_class": max(w, h),
        "look": look,
        "directions": directions,
        "canvas": list(canvas),
        "references": {k: v.base64 for k, v in refs.items()} or None,
        "reference_origin": [margin, margin],
        "repaint": repaint,
    }
    cost = quote_with_directions(request)
    endpoint = f"/create-character-with-{n}-directions"
    params = _params(
        endpoint,
        mode,
        directions,
        (w, h),
        canvas,
        template_id,
        look,
        seed,
        mode=mode,
        proportions=proportions,
        guidance=request.text_guidance_scale,
        references=sorted(refs),
        color_image="forced" if palette is not None else ("repaint" if repaint else None),
    )
    job_id, character_id = _queue(
        ctx, auth, payload, cost, params, request.description[:50], request.description
    )
    model = (
        CreateCharacterWith4DirectionsResponse if n == 4 else CreateCharacterWith8DirectionsResponse
    )
    return model(background_job_id=job_id, character_id=character_id, usage=_usage(cost))


# v3 -----------------------------------------------------------------------------------


def _v3_size(request: CreateCharacterV3Request) -> tuple[int, int]:
    if request.image_size is None:
        return 64, 64
    return request.image_size.width, request.image_size.height


def quote_v3(request: CreateCharacterV3Request) -> float:
    """The drawing and, with enhance_prompt, the enhanced prompt (billed apart)."""
    ref = request.reference_image
    if ref is not None:
        cost = costs.v3_cost(ref.width, ref.height, True)
    else:
        cost = costs.v3_cost(*_v3_size(request), False)
    return cost + (costs.ENHANCE if request.enhance_prompt else 0.0)


def create_v3(
    ctx: Container, auth: Auth, request: CreateCharacterV3Request
) -> CreateCharacterV3Response:
    """create-character-v3 from scratch or from a south-facing reference."""
    ref = request.reference_image
    if ref is not None and request.enhance_prompt:
        raise InvalidRequest(
            ("body", "enhance_prompt"), "enhance_prompt is for characters drawn from scratch"
        )
    if ref is not None:
        _too_big(ref, MAX_V3_REFERENCE, "reference_image")
        _figure(ref, ("body", "reference_image"))
    seed = content_seed(request)
    template_id = request.template_id
    if ref is not None:
        size = (ref.width, ref.height)
        canvas = size
        look = look_params(size, request.view, False, None, None, "medium detail")
        cost = costs.v3_cost(ref.width, ref.height, True)
    else:
        w, h = _v3_size(request)
        s = max(w, h)
        size, canvas = (w, h), (s + CHARACTER_MARGIN, s + CHARACTER_MARGIN)
        look = look_params((s, s), request.view, False, request.outline, None, request.detail)
        cost = costs.v3_cost(w, h, False)
    if request.no_background is False:
        look["background"] = BACKDROP
    enhanced = None
    if request.enhance_prompt:
        subject = build.subject_from_text(request.description, seed, template_id, None, max(size))
        enhanced = enhance_character(subject)
    name = request.name or request.description[:50]
    payload = {
        "op": "v3",
        "text": request.description,
        "seed": seed,
        "name": name,
        "template_id": template_id,
        "canvas_class": max(size),
        "look": look,
        "directions": list(DIRECTIONS),
        "canvas": list(canvas),
        "reference": ref.base64 if ref is not None else None,
    }
    params = _params(
        "/create-character-v3",
        "v3",
        DIRECTIONS,
        size,
        canvas,
        template_id,
        look,
        seed,
        mode="v3",
        reference=ref is not None,
        no_background=request.no_background is not False,
        enhanced_prompt=enhanced,
    )
    fee = costs.ENHANCE if enhanced else 0.0
    job_id, character_id = _queue(ctx, auth, payload, cost, params, name, request.description, fee)
    return CreateCharacterV3Response(
        background_job_id=job_id,
        character_id=character_id,
        usage=_usage(cost),
        enhanced_prompt=enhanced,
        enhance_usage=_usage(fee) if enhanced else None,
    )


# Pro ----------------------------------------------------------------------------------

_STYLE_WORDS: tuple[tuple[str, str, str], ...] = (
    ("lineless", "outline", "lineless"),
    ("no outline", "outline", "lineless"),
    ("selective", "outline", "selective outline"),
    ("black outline", "outline", "single color black outline"),
    ("colored outline", "outline", "single color outline"),
    ("coloured outline", "outline", "single color outline"),
    ("flat", "shading", "flat shading"),
    ("basic shading", "shading", "basic shading"),
    ("medium shading", "shading", "medium shading"),
    ("detailed shading", "shading", "detailed shading"),
    ("low detail", "detail", "low detail"),
    ("simple", "detail", "low detail"),
    ("high detail", "detail", "highly detailed"),
)


def _style_words(text: str | None) -> dict[str, str]:
    """Style knobs a style description names (first mention of each knob wins)."""
    out: dict[str, str] = {}
    low = (text or "").lower()
    for words, knob, value in _STYLE_WORDS:
        if words in low and knob not in out:
            out[knob] = value
    return out


def quote_pro(request: CreateCharacterProRequest) -> float:
    return costs.pro_cost(request.image_size.width, request.image_size.height)


def _style_character(ctx: Container, auth: Auth, character_id: str) -> dict[str, Any]:
    view = owned_character(ctx, auth, character_id)
    if view.status != "completed":
        raise BadRequest("style_character_id: that character is not completed")
    if len(view.params.get("directions", ())) != 8:
        raise InvalidRequest(
            ("body", "style_character_id"), "style_character_id must be an 8-direction character"
        )
    return view.result or {}


def create_pro(
    ctx: Container, auth: Auth, request: CreateCharacterProRequest
) -> CreateCharacterProResponse:
    """create-character-pro: create_with_style, create_from_concept, rotate_character."""
    method = request.method
    if request.reference_image is not None:
        _too_big(request.reference_image, MAX_PRO_REFERENCE, "reference_image")
    if request.concept_image is not None:
        _too_big(request.concept_image, MAX_CONCEPT, "concept_image")
    if method == "create_from_concept" and request.concept_image is None:
        raise InvalidRequest(("body", "concept_image"), "create_from_concept needs a concept_image")
    if method == "rotate_character":
        if request.reference_image is None:
            raise InvalidRequest(
                ("body", "reference_image"), "rotate_character needs a reference_image"
            )
        if request.style_character_id:
            raise InvalidRequest(
                ("body", "style_character_id"), "style_character_id is not for rotate_character"
            )
        _figure(request.reference_image, ("body", "reference_image"))
    seed = content_seed(request)
    w, h = request.image_size.width, request.image_size.height
    ref = request.reference_image
    s = max(w, h)
    if method == "rotate_character" and ref is not None:
        s = max(s, ref.width, ref.height)
    canvas = (s + CHARACTER_MARGIN, s + CHARACTER_MARGIN)
    outline, shading, detail = PRO_STYLE
    palette = None
    view = request.view
    if request.style_character_id:
        style = _style_character(ctx, auth, request.style_character_id)
        look = style.get("look") or {}
        outline = look.get("outline", outline)
        shading = look.get("shading", shading)
        detail = look.get("detail", detail)
        if style.get("palette"):
            palette = np.array([hex_to_rgb(c) for c in style["palette"]], np.uint8)
    if method == "create_with_style" and ref is not None:
        palette = build.image_palette(ref.pixels, seed)
    words = _style_words(request.style_description)
    outline = words.get("outline", outline)
    shading = words.get("shading", shading)
    detail = words.get("detail", detail)
    look = look_params((s, s), view, False, outline, shading, detail, palette=palette)
    if request.no_background is False:
        look["background"] = BACKDROP
    payload: dict[str, Any] = {
        "op": "pro",
        "text": request.description,
        "seed": seed,
        "name": request.description[:50],
        "template_id": request.template_id,
        "canvas_class": s,
        "look": look,
        "directions": list(DIRECTIONS),
        "canvas": list(canvas),
        "concept": request.concept_image.base64
        if method == "create_from_concept" and request.concept_image is not None
        else None,
    }
    if method == "rotate_character" and ref is not None:
        payload["references"] = {"south": ref.base64}
        payload["reference_origin"] = [
            CHARACTER_MARGIN // 2 + (s - ref.width) // 2,
            CHARACTER_MARGIN // 2 + (s - ref.height),
        ]
    cost = quote_pro(request)
    params = _params(
        "/create-character-pro",
        "pro",
        DIRECTIONS,
        (w, h),
        canvas,
        request.template_id,
        look,
        seed,
        mode="pro",
        method=method,
        style_character_id=request.style_character_id,
        no_background=request.no_background is not False,
    )
    job_id, character_id = _queue(
        ctx, auth, payload, cost, params, request.description[:50], request.description
    )
    return CreateCharacterProResponse(
        background_job_id=job_id, character_id=character_id, usage=_usage(cost)
    )


# Pro Flash ----------------------------------------------------------------------------


def _pro_flash_size(request: CreateCharacterProFlashRequest) -> tuple[int, int]:
    if request.image_size is not None:
        return request.image_size.width, request.image_size.height
    if request.first_frame is not None:
        return request.first_frame.width, request.first_frame.height
    return 64, 64


def quote_pro_flash(request: CreateCharacterProFlashRequest) -> float:
    """Request-only price: a first_frame or source_image_id means the first image is
    paid (or brought) already, so only the rotations are charged."""
    w, h = _pro_flash_size(request)
    reuse = request.first_frame is not None or request.source_image_id is not None
    return costs.pro_flash_quote(w, h, reuse).total


def create_pro_flash(
    ctx: Container, auth: Auth, request: CreateCharacterProFlashRequest
) -> CreateCharacterProFlashResponse:
    """create-character-pro-flash: two billed stages, itemised on the job."""
    if request.first_frame is not None and request.source_image_id is not None:
        raise InvalidRequest(
            ("body", "first_frame"), "send first_frame or source_image_id, not both"
        )
    first = request.first_frame
    source_key = None
    if request.source_image_id is not None:
        asset = pro_flash.owned_source_image(ctx, auth, request.source_image_id)
        files = asset.files or {}
        source_key = files.get("image") or next(iter(files.values()), None)
        if source_key is None:
            raise InvalidRequest(("body", "source_image_id"), "that image has no picture")
        rgba = decode_image(ctx.blobs.get(source_key))
        given: tuple[int, int] | None = (rgba.shape[1], rgba.shape[0])
    else:
        given = (first.width, first.height) if first is not None else None
        if first is not None:
            _figure(first, ("body", "first_frame"))
    if given is not None:
        if request.image_size is not None and given != (
            request.image_size.width,
            request.image_size.height,
        ):
            raise InvalidRequest(
                ("body", "image_size"),
                f"image_size must be the first image's size {given[0]}x{given[1]}",
            )
        if not all(16 <= v <= 256 for v in given):
            raise InvalidRequest(
                ("body", "first_frame" if first is not None else "source_image_id"),
                f"the first image is {given[0]}x{given[1]}; it must be 16-256 px per side",
            )
        w, h = given
    else:
        w, h = _pro_flash_size(request)
    reuse = given is not None
    quote = costs.pro_flash_quote(w, h, reuse)
    seed = request.seed
    outline, shading, detail = PRO_STYLE
    palette = None
    if request.style_image is not None:
        opts = request.style_options or ProFlashStyleOptions()
        style_px = request.style_image.image.pixels
        if opts.color_palette:
            palette = build.image_palette(style_px, seed)
        try:
            seen = analyse_sprite(style_px)
            outline = seen.outline if opts.outline else outline
            shading = seen.shading if opts.shading else shading
        except ValueError:  # a style image with no figure in it: its palette only
            pass
    look = look_params((w, h), request.view, False, outline, shading, detail, palette=palette)
    template_id = "mannequin" if request.template_id == "custom" else request.template_id
    name = request.name or request.description[:50]
    payload = {
        "op": "pro_flash",
        "text": request.description,
        "seed": seed,
        "name": name,
        "template_id": template_id,
        "canvas_class": max(w, h),
        "look": look,
        "directions": list(DIRECTIONS),
        "canvas": [w, h],
        "reference": first.base64 if first is not None else None,
        "source_key": source_key,
        "own_canvas": not reuse,
        "billing_stages": quote.stages,
    }
    params = _params(
        "/create-character-pro-flash",
        "pro_flash",
        DIRECTIONS,
        (w, h),
        (w, h),
        request.template_id,
        look,
        seed,
        mode="pro_flash",
        billing_stages=quote.stages,
        source_image_id=request.source_image_id,
    )
    job_id, character_id = _queue(
        ctx, auth, payload, quote.total, params, name, request.description
    )
    return CreateCharacterProFlashResponse(
        background_job_id=job_id,
        character_id=character_id,
        estimated_generations=math.ceil(quote.total),
        first_direction_generated=not reuse,
        usage=_usage(quote.total),
    )


# States -------------------------------------------------------------------------------


def _state_group(ctx: Container, source_id: str) -> str:
    """The source's group id, made its own id the first time a state needs one."""
    with ctx.db.write() as s:
        asset = s.get(Asset, source_id)
        assert asset is not None
        if asset.group_id is None:
            asset.group_id = asset.id
        return asset.group_id


def create_state(
    ctx: Container, auth: Auth, request: CreateCharacterStateRequest
) -> CreateCharacterStateResponse:
    """A state: the edit applied to the source's model, drawn in every direction it has,
    with the source's camera (the same figure at the same scale), grouped with it."""
    source = owned_character(ctx, auth, request.character_id)
    if source.status != "completed" or not source.result:
        raise BadRequest("Character is not completed: a state needs a finished character")
    result = source.result
    look = dict(result["look"])
    subject = subject_from(result["spec"])
    if "camera" not in look:
        lk = look_from(look)
        sized = subject.sized(max(lk.image_size))
        look["camera"] = camera_to_dict(camera_for(sized.model, lk))
        spec = sized.spec
    else:
        spec = subject.spec
    cam = dict(look["camera"])
    old_w, old_h = int(cam["size"][0]), int(cam["size"][1])
    canvas = (old_w, old_h)
    if request.override_frame_size is not None:
        new_w, new_h = request.override_frame_size.width, request.override_frame_size.height
        if new_w < old_w or new_h < old_h:
            raise InvalidRequest(
                ("body", "override_frame_size"),
                f"override_frame_size must be at least the character's {old_w}x{old_h}",
            )
        cam["size"] = [new_w, new_h]
        cam["pivot"] = [
            int(cam["pivot"][0]) + (new_w - old_w) // 2,
            int(cam["pivot"][1]) + (new_h - old_h),
        ]
        canvas = (new_w, new_h)
    look["camera"] = cam
    if request.use_color_palette_from_reference and result.get("palette"):
        look["palette"] = [list(hex_to_rgb(c)) for c in result["palette"]]
    if request.no_background is False:
        look["background"] = BACKDROP
    seed = request.seed if request.seed is not None else int(source.params.get("seed", 0))
    state_name = request.state_name or request.edit_description[:20]
    group_id = _state_group(ctx, source.id)
    directions = list(source.params.get("directions", DIRECTIONS))
    payload = {
        "op": "state",
        "text": source.description or "",
        "seed": seed,
        "name": source.name,
        "template_id": source.params.get("template_id", "mannequin"),
        "look": look,
        "directions": directions,
        "canvas": list(canvas),
        "state": {"spec": replace(spec, seed=seed).to_dict(), "edit": request.edit_description},
    }
    image_size = source.params.get("image_size") or {"width": canvas[0], "height": canvas[1]}
    params = _params(
        "/create-character-state",
        "state",
        directions,
        (int(image_size["width"]), int(image_size["height"])),
        canvas,
        source.params.get("template_id", "mannequin"),
        look,
        seed,
        mode=source.params.get("mode", "standard"),
        state_name=state_name,
        source_character_id=source.id,
        edit_description=request.edit_description,
    )
    job_id, character_id = _queue(
        ctx,
        auth,
        payload,
        costs.STATE,
        params,
        source.name or (source.description or "")[:50],
        source.description or "",
        group_id=group_id,
    )
    return CreateCharacterStateResponse(
        background_job_id=job_id, character_id=character_id, usage=_usage(costs.STATE)
    )
