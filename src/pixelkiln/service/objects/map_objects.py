"""Map objects: ``POST /map-objects`` and ``GET /map-objects/{id}``.

A map object is a one-off prop with a transparent background, drawn by the same subject
engine as objects but billed like a small image (1 generation up to 128 x 128, 2 above)
and kept for a while only: it and its files are deleted by the sweeper
``map_object_ttl_s`` after it was made (8 hours by default; ``PIXELKILN_MAP_OBJECT_TTL_S``),
and from that moment its id answers 404 even before the sweep.

Style: ``outline``, ``shading``, ``detail`` and ``view`` as asked; ``color_image`` forces
its palette; ``init_image`` is mixed in at ``init_image_strength`` (as isometric tiles do:
more strength keeps more of it); ``background_image`` pulls every colour part of the way
toward the nearest colour of the scene (hue and chroma 45 %, lightness half that), so the
prop sits in that scene's palette and light; ``text_guidance_scale`` is how strongly the
described colours show, as for isometric tiles (8 neutral, lower calmer, higher vivid).

**Inpainting** (``mask``, or a centred ``oval`` or ``rectangle`` covering ``fraction`` of
the canvas; ``background_image`` required, and its size is the canvas): the object is
drawn into the masked part of the background (whose size is then the canvas:
``image_size`` is not used), as large as fits (at least 97 % of its
pixels inside the mask, the rest cut), centred on the mask. The map object's PNG is the
object alone on a transparent canvas the size of the background, placed where it sits, so
laid over the background it changes nothing outside the mask; the job also stores the
*composite* (the background with a soft contact shadow and the object drawn in), shown
as ``composite_url``, and ``placement`` is the object's box.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Usage
from pixelkiln.contract.objects import (
    CreateMapObjectRequest,
    CreateMapObjectResponse,
    GetMapObjectResponse,
    MapObjectPlacement,
    MaskInpainting,
)
from pixelkiln.engine.color import oklab_to_srgb, srgb_to_oklab
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.isometric.blend import blend_init
from pixelkiln.engine.isometric.render import vividness
from pixelkiln.engine.palette import palette_from_image
from pixelkiln.errors import InvalidRequest, NotFound
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.assets import get_done_asset
from pixelkiln.service.objects import costs
from pixelkiln.service.objects.common import KIND_MAP, MAP_FAMILY
from pixelkiln.service.objects.draw import bbox, draw_stills, object_look
from pixelkiln.service.objects.library import iso
from pixelkiln.service.objects.reading import read_object
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.submit import AssetDraft, JobDraft, submit_jobs
from pixelkiln.store.models import Asset, utcnow

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "INPAINT_MAX_AREA",
    "canvas_size",
    "check_map_object",
    "get_map_object",
    "inpaint_mask",
    "run_map_object",
    "submit_map_object",
]

NOUN = "Map object"
#: Largest canvas without inpainting, and with it (pixels of area).
MAX_AREA = 400 * 400
INPAINT_MAX_AREA = 192 * 192
#: Share of the object's pixels that must fall inside the mask.
INSIDE = 0.97
#: How far colours move toward the background's (hue and chroma; lightness half).
PULL = 0.45


def canvas_size(req: CreateMapObjectRequest) -> tuple[int, int]:
    """(width, height): the background's size when inpainting, else ``image_size``."""
    if req.inpainting is not None and req.background_image is not None:
        return req.background_image.width, req.background_image.height
    return req.image_size.width, req.image_size.height


def check_map_object(req: CreateMapObjectRequest) -> None:
    """422s of inpainting and sizes."""
    if req.inpainting is None:
        w, h = canvas_size(req)
        if w * h > MAX_AREA:
            raise InvalidRequest(("body", "image_size"), "at most 400 x 400 pixels of area")
        return
    if req.background_image is None:
        raise InvalidRequest(
            ("body", "background_image"), "inpainting draws into a background_image: send one"
        )
    w, h = canvas_size(req)
    if not (32 <= w <= 400 and 32 <= h <= 400) or w * h > INPAINT_MAX_AREA:
        raise InvalidRequest(
            ("body", "background_image"),
            f"the background is {w}x{h}; inpainting takes 32-400 px a side and at most "
            "192 x 192 pixels of area",
        )
    if isinstance(req.inpainting, MaskInpainting):
        m = req.inpainting.mask_image
        if (m.width, m.height) != (w, h):
            raise InvalidRequest(
                ("body", "inpainting", "mask_image"),
                f"the mask is {m.width}x{m.height}; the background is {w}x{h}",
            )
    if not inpaint_mask(req).any():
        raise InvalidRequest(("body", "inpainting"), "the mask has no white pixel to draw in")


def inpaint_mask(req: CreateMapObjectRequest) -> np.ndarray:
    """Where the object may be drawn: ``(h, w)`` bool."""
    w, h = canvas_size(req)
    inp = req.inpainting
    if isinstance(inp, MaskInpainting):
        px = inp.mask_image.pixels.astype(np.float64)
        lum = (px[..., 0] * 0.299 + px[..., 1] * 0.587 + px[..., 2] * 0.114) * px[..., 3] / 255
        return lum > 127.5
    assert inp is not None
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = (w - 1) / 2, (h - 1) / 2
    if inp.type == "oval":
        k = np.sqrt(inp.fraction / np.pi)
        a, b = max(w * k, 1.0), max(h * k, 1.0)
        return ((xx - cx) / a) ** 2 + ((yy - cy) / b) ** 2 <= 1.0
    k = np.sqrt(inp.fraction)
    half_w, half_h = max(w * k / 2, 0.5), max(h * k / 2, 0.5)
    return (np.abs(xx - cx) <= half_w) & (np.abs(yy - cy) <= half_h)


def submit_map_object(
    ctx: Container, auth: Auth, req: CreateMapObjectRequest
) -> CreateMapObjectResponse:
    """Charge and queue a map object that expires ``map_object_ttl_s`` after now."""
    check_map_object(req)
    w, h = canvas_size(req)
    cost = costs.map_object_cost(w, h)
    expires = utcnow() + dt.timedelta(seconds=ctx.settings.map_object_ttl_s)
    (q,) = submit_jobs(
        ctx,
        auth,
        [
            JobDraft(
                kind=KIND_MAP,
                payload={"request": req.model_dump(mode="json"), "seed": content_seed(req)},
                cost=cost,
                asset=AssetDraft(
                    family=MAP_FAMILY,
                    name=req.description[:200],
                    description=req.description,
                    params={
                        "width": w,
                        "height": h,
                        "view": req.view,
                        "inpainting": None if req.inpainting is None else req.inpainting.type,
                    },
                    expires_at=expires,
                ),
            )
        ],
    )
    return CreateMapObjectResponse(
        background_job_id=q.job_id,
        object_id=q.asset_id,
        status="processing",
        usage=Usage(type="generations", generations=cost),
    )


def _pull(rgba: np.ndarray, scene: np.ndarray, share: float = PULL) -> np.ndarray:
    """Every opaque colour moved part of the way toward the scene's nearest colour."""
    out = rgba.copy()
    opaque = out[..., 3] > 0
    palette = palette_from_image(scene, max_colors=16)
    if not opaque.any() or len(palette) == 0:
        return out
    colors, inverse = np.unique(out[..., :3][opaque], axis=0, return_inverse=True)
    lab = srgb_to_oklab(colors.astype(np.float64))
    ref = srgb_to_oklab(palette.astype(np.float64))
    weight = np.array([0.5, 1.0, 1.0])
    near = ref[np.argmin(np.linalg.norm((lab[:, None] - ref[None]) * weight, axis=-1), axis=1)]
    moved = lab.copy()
    moved[:, 1:] = lab[:, 1:] * (1 - share) + near[:, 1:] * share
    moved[:, 0] = lab[:, 0] * (1 - share / 2) + near[:, 0] * share / 2
    rgb = np.clip(np.rint(oklab_to_srgb(moved)), 0, 255).astype(np.uint8)
    out[..., :3][opaque] = rgb[inverse.ravel()]
    return out


def _draw(subject: Any, look: dict[str, Any]) -> np.ndarray:
    return draw_stills(subject, look, ["south"])["south"].rgba()


def _into_mask(
    draw: Callable[[tuple[int, int]], np.ndarray], mask: np.ndarray
) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """The object on a mask-sized canvas, as large as fits the mask (see module doc)."""
    h, w = mask.shape
    top, bottom, left, right = bbox(mask) or (0, h - 1, 0, w - 1)
    bh, bw = bottom - top + 1, right - left + 1
    cy, cx = (top + bottom) / 2, (left + right) / 2
    best: tuple[np.ndarray, float] | None = None
    for scale in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.42, 0.35):
        cw, ch = max(8, round(bw * scale)), max(8, round(bh * scale))
        sprite = draw((cw, ch))
        x0, y0 = round(cx - (cw - 1) / 2), round(cy - (ch - 1) / 2)
        layer = np.zeros((h, w, 4), np.uint8)
        ys0, xs0 = max(0, y0), max(0, x0)
        ys1, xs1 = min(h, y0 + ch), min(w, x0 + cw)
        layer[ys0:ys1, xs0:xs1] = sprite[ys0 - y0 : ys1 - y0, xs0 - x0 : xs1 - x0]
        solid = layer[..., 3] > 0
        n = int(solid.sum())
        if n == 0:
            continue
        share = float((solid & mask).sum()) / n
        if best is None or share > best[1]:
            best = (layer, share)
        if share >= INSIDE:
            break
    assert best is not None
    layer = best[0]
    layer[~mask] = 0
    box = bbox(layer[..., 3] > 0) or (0, 0, 0, 0)
    return layer, box


def _shadow(scene: np.ndarray, layer: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The scene darkened in a flat ellipse under the object's foot, inside the mask."""
    out = scene.copy()
    solid = layer[..., 3] > 0
    box = bbox(solid)
    if box is None:
        return out
    _, bottom, left, right = box
    h, w = mask.shape
    yy, xx = np.mgrid[0:h, 0:w]
    a = max(2.0, (right - left + 1) * 0.45)
    b = max(1.0, a * 0.28)
    cx, cy = (left + right) / 2, bottom - b * 0.3
    ellipse = ((xx - cx) / a) ** 2 + ((yy - cy) / b) ** 2 <= 1.0
    area = ellipse & mask & ~solid & (out[..., 3] > 0)
    lab = srgb_to_oklab(out[..., :3][area].astype(np.float64))
    lab[:, 0] *= 0.78
    out[..., :3][area] = np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)
    return out


def run_map_object(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: draw the map object (and, inpainting, its composite)."""
    req = CreateMapObjectRequest.model_validate(payload["request"], strict=False)
    seed = int(payload["seed"])
    w, h = canvas_size(req)
    reading = read_object(req.description, seed).reading
    vivid = vividness(req.text_guidance_scale)
    spec = replace(
        reading.spec,
        paints={r: replace(p, chroma=p.chroma * vivid) for r, p in reading.spec.paints.items()},
    )
    subject = subject_from(spec, reading)
    forced = (
        palette_from_image(req.color_image.pixels, max_colors=32, seed=seed)
        if req.color_image is not None
        else None
    )

    def look(size: tuple[int, int]) -> dict[str, Any]:
        return object_look(
            size,
            req.view,
            req.outline or "single color outline",
            req.shading or "medium shading",
            req.detail or "medium detail",
            forced if forced is not None and len(forced) else None,
        )

    def finish(rgba: np.ndarray) -> np.ndarray:
        if req.init_image is not None:
            rgba = blend_init(rgba, req.init_image.pixels, req.init_image_strength / 1000.0, seed)
        if req.background_image is not None and forced is None:
            rgba = _pull(rgba, req.background_image.pixels)
        return rgba

    ctx.progress(0.1)
    files: dict[str, bytes] = {}
    placement: dict[str, int] | None = None
    if req.inpainting is None:
        image = finish(_draw(subject, look((w, h))))
    else:
        assert req.background_image is not None
        scene = req.background_image.pixels
        mask = inpaint_mask(req)
        image, (top, bottom, left, right) = _into_mask(
            lambda size: finish(_draw(subject, look(size))), mask
        )
        placement = {"x": left, "y": top, "width": right - left + 1, "height": bottom - top + 1}
        composite = _shadow(scene, image, mask)
        solid = image[..., 3] > 0
        composite[solid] = image[solid]
        files["composite"] = encode_png(composite)
    files["object"] = encode_png(image)
    result = {
        "width": w,
        "height": h,
        "seed": seed,
        "reading": reading.to_dict(),
        "placement": placement,
        "inpainting": None if req.inpainting is None else req.inpainting.type,
    }
    return JobOutput(
        result=result,
        files=files,
        last_response={"status": "completed", "object_id": ctx.asset_id, **result},
    )


def get_map_object(
    ctx: Container, auth: Auth, object_id: str, url: Callable[[str], str]
) -> GetMapObjectResponse:
    """423 while drawn, 410 if it failed, 404 once expired; else its key-free URL."""
    with ctx.db.read() as s:
        asset = s.get(Asset, object_id)
        if (
            asset is None
            or asset.account_id != auth.account_id
            or asset.family != MAP_FAMILY
            or (asset.expires_at is not None and asset.expires_at <= utcnow())
        ):
            raise NotFound(f"{NOUN} not found")
        expires_at = asset.expires_at
    view = get_done_asset(ctx, auth, object_id, MAP_FAMILY, NOUN)
    result = view.result or {}
    placed = result.get("placement")
    return GetMapObjectResponse(
        status="completed",
        object_id=view.id,
        created_at=iso(view.created_at),
        description=view.description,
        download_url=url(view.files["object"]),
        width=result.get("width"),
        height=result.get("height"),
        view=view.params.get("view"),
        expires_at=iso(expires_at) if expires_at else None,
        composite_url=url(view.files["composite"]) if "composite" in view.files else None,
        placement=MapObjectPlacement(**placed) if placed else None,
        usage=Usage(type="generations", generations=view.billed),
    )
