"""Game UI: quote, submit, job handlers and reads of UI panels and single UI elements.

**Cost** (both endpoints), by image area - 20 generations at the measured 256 x 192 and up
to 40 at the largest sizes:

==========================  ============  ===========
area (px)                   e.g.          generations
==========================  ============  ===========
up to 65,536 (256 x 256)    256x192       20
up to 147,456 (384 x 384)   384x288       30
above                       512x512       40
==========================  ============  ===========

**Seed**: the request's ``seed``, or one derived from the request itself (a hash of its
JSON without ``seed``, ``name`` and ``project_id``), so the same request gives the same
image and a different description a different one.

**Progress and ETA**: the handler reports the engine's real progress through
``JobContext.progress``; ``GET /ui-assets/{id}`` shows it while processing and estimates
the time left from it and the time since the job started (before it starts, from the
size: :func:`estimate_seconds`).

**Failure**: a request that validates but that the engine cannot draw (a piece that
scales under 6 px, a style image without opaque pixels) fails the job: the asset ends
``failed``, its charge is refunded and its ``error`` says why.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING, Any

from pixelkiln.contract.common import Usage, png_b64
from pixelkiln.contract.ui import (
    CreateUIAssetRequest,
    CreateUIAssetResponse,
    DeleteUIAssetResponse,
    GenerateUIV2Request,
    GenerateUIV2Response,
    UIAssetDetail,
    UIAssetSize,
    UIAssetSummary,
    UIBox,
    UINineSlice,
    UIPart,
    UIRegion,
)
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.reading import read_description
from pixelkiln.engine.ui import (
    PanelSpec,
    PieceSpec,
    Region,
    piece_problems,
    render_element,
    render_panel,
)
from pixelkiln.errors import InvalidRequest
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.assets import AssetView, delete_asset, get_asset, list_assets
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.submit import AssetDraft, submit_job

if TYPE_CHECKING:
    from collections.abc import Callable

    from pixelkiln.bootstrap import Container

#: Request fields that name or file a panel but do not change how it is drawn.
_NOT_DRAWN = ("name", "project_id")

__all__ = [
    "ASSET_KIND",
    "COST_TIERS",
    "ELEMENT_KIND",
    "FAMILY",
    "delete_ui_asset",
    "estimate_seconds",
    "get_ui_asset",
    "list_ui_assets",
    "quote",
    "run_ui_asset",
    "run_ui_element",
    "submit_ui_asset",
    "submit_ui_element",
]

ASSET_KIND = "ui_asset"
ELEMENT_KIND = "ui_element"
FAMILY = "ui_asset"
NOUN = "UI asset"
#: (largest area in px, generations); the last tier has no ceiling.
COST_TIERS: tuple[tuple[int, float], ...] = ((256 * 256, 20.0), (384 * 384, 30.0))
TOP_COST = 40.0


def quote(width: int, height: int) -> float:
    """Generations for an image of ``width`` x ``height`` (see the module docstring)."""
    area = width * height
    return next((cost for ceiling, cost in COST_TIERS if area <= ceiling), TOP_COST)


def estimate_seconds(width: int, height: int) -> float:
    """A job's expected run time before it starts: about a second, more for big panels."""
    return 1.0 + width * height / 200_000.0


def _pieces(request: CreateUIAssetRequest) -> tuple[PieceSpec, ...]:
    out = []
    for p in request.pieces or ():
        data = p.model_dump()
        out.append(
            PieceSpec(**{k: v for k, v in data.items() if k in PieceSpec.__dataclass_fields__})
        )
    return tuple(out)


def panel_spec(request: CreateUIAssetRequest) -> PanelSpec:
    """The engine's view of a create-ui-asset request."""
    size = request.image_size
    return PanelSpec(
        description=request.description,
        width=size.width,
        height=size.height,
        seed=content_seed(request, ignore=_NOT_DRAWN),
        pieces=_pieces(request),
        elements=tuple(request.elements or ()),
        color_palette=request.color_palette,
        style_image=request.style_image.pixels if request.style_image is not None else None,
        no_background=request.no_background,
    )


def _region_json(r: Region) -> dict[str, Any]:
    return {
        "id": r.id,
        "source": r.source,
        "kind": r.kind,
        "label": r.label,
        "box": r.box.as_dict(),
        "nine_slice": dict(zip(("left", "top", "right", "bottom"), r.nine_slice, strict=True)),
        "parts": [{"name": n, "box": b.as_dict()} for n, b in r.parts],
    }


def submit_ui_asset(
    ctx: Container, auth: Auth, request: CreateUIAssetRequest
) -> CreateUIAssetResponse:
    """Charge and queue a panel; answers with its id at once. What the engine could not
    draw (a piece too small at the requested size, a style image with nothing opaque) is
    refused here (422), not charged and failed later."""
    spec = panel_spec(request)
    for i, problem in piece_problems(spec):
        raise InvalidRequest(("body", "pieces", i), problem, "piece_too_small")
    if spec.style_image is not None and not (spec.style_image[..., 3] > 127).any():
        raise InvalidRequest(
            ("body", "style_image"), "the style image has no opaque pixels to take colours from"
        )
    size = request.image_size
    cost = quote(size.width, size.height)
    seed = content_seed(request, ignore=_NOT_DRAWN)
    payload = request.model_dump(mode="json")
    payload["seed"] = seed
    params: dict[str, Any] = {
        "image_size": size.model_dump(),
        "seed": seed,
        "pieces": len(request.pieces or ()),
        "elements": list(request.elements or ()),
        "color_palette": request.color_palette,
        "no_background": request.no_background,
        "style_image": request.style_image is not None,
        "project_id": request.project_id,
    }
    submitted = submit_job(
        ctx,
        auth,
        ASSET_KIND,
        payload,
        cost,
        AssetDraft(
            family=FAMILY, name=request.name, description=request.description, params=params
        ),
    )
    assert submitted.asset_id is not None
    return CreateUIAssetResponse(
        background_job_id=submitted.job_id,
        ui_asset_id=submitted.asset_id,
        usage=Usage(type="generations", generations=cost),
    )


def run_ui_asset(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job handler: draw the panel, store its PNG and where every region is."""
    request = CreateUIAssetRequest.model_validate(payload, strict=False)
    ctx.progress(0.0)
    image = render_panel(panel_spec(request), progress=_scaled(ctx.progress, 0.0, 0.95))
    png = encode_png(image.rgba)
    ctx.progress(1.0)
    size = request.image_size
    result = {
        "width": size.width,
        "height": size.height,
        "seed": content_seed(request, ignore=_NOT_DRAWN),
        "material": image.theme.material.key,
        "regions": [_region_json(r) for r in image.regions],
        "reading": read_description(request.description, "ui").as_dict(),
    }
    return JobOutput(
        result=result,
        files={"image": png},
        last_response={
            "status": "completed",
            "ui_asset_id": ctx.asset_id,
            "size": {"width": size.width, "height": size.height},
            "reading": result["reading"],
        },
    )


def _scaled(report: Callable[[float], None], lo: float, hi: float) -> Callable[[float], None]:
    return lambda f: report(lo + (hi - lo) * max(0.0, min(1.0, f)))


def submit_ui_element(
    ctx: Container, auth: Auth, request: GenerateUIV2Request
) -> GenerateUIV2Response:
    """Charge and queue a single element; its image comes back in the job's last_response."""
    size = request.image_size
    cost = quote(size.width, size.height)
    payload = request.model_dump(mode="json")
    payload["seed"] = content_seed(request, ignore=_NOT_DRAWN)
    submitted = submit_job(ctx, auth, ELEMENT_KIND, payload, cost)
    return GenerateUIV2Response(
        background_job_id=submitted.job_id, usage=Usage(type="generations", generations=cost)
    )


def run_ui_element(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job handler: draw the element; ``last_response`` carries the image and its layout."""
    request = GenerateUIV2Request.model_validate(payload, strict=False)
    size = request.image_size
    concept = request.concept_image.image.pixels if request.concept_image is not None else None
    image = render_element(
        request.description,
        size.width,
        size.height,
        content_seed(request, ignore=_NOT_DRAWN),
        color_palette=request.color_palette,
        concept_image=concept,
        no_background=request.no_background is not False,
        progress=_scaled(ctx.progress, 0.0, 0.95),
    )
    png = encode_png(image.rgba)
    ctx.progress(1.0)
    first = _region_json(image.regions[0])
    response: dict[str, Any] = {
        "status": "completed",
        "images": [png_b64(png)],
        "element": image.extras.get("element"),
        "image_size": {"width": size.width, "height": size.height},
        "seed": content_seed(request, ignore=_NOT_DRAWN),
        "box": first["box"],
        "nine_slice": first["nine_slice"],
        "parts": first["parts"],
        "reading": read_description(request.description, "ui").as_dict(),
    }
    if len(image.regions) > 1:
        # A panel drawn with its named contents: where each of them is, as create-ui-asset says.
        response["regions"] = [_region_json(r) for r in image.regions]
    return JobOutput(last_response=response)


def _eta(view: AssetView, now: dt.datetime) -> int | None:
    if view.status != "processing":
        return None
    size = view.params.get("image_size", {})
    expected = estimate_seconds(int(size.get("width", 256)), int(size.get("height", 256)))
    if view.started_at is None:
        return max(1, math.ceil(expected))
    started = view.started_at if view.started_at.tzinfo else view.started_at.replace(tzinfo=dt.UTC)
    elapsed = max(0.0, (now - started).total_seconds())
    if view.progress > 0:
        left = elapsed * (100 - view.progress) / view.progress
    else:
        left = max(0.0, expected - elapsed)
    return max(1, math.ceil(left))


def _size(view: AssetView) -> UIAssetSize:
    size = view.params.get("image_size", {})
    return UIAssetSize(width=int(size.get("width", 256)), height=int(size.get("height", 256)))


def detail(
    view: AssetView, created_at: str, url_for: Callable[[str], str], now: dt.datetime | None = None
) -> UIAssetDetail:
    """A UI asset as ``GET /ui-assets/{id}`` shows it (always 200, progress while drawing)."""
    done = view.status == "completed"
    regions = None
    if done and view.result:
        regions = [
            UIRegion(
                id=r["id"],
                source=r["source"],
                kind=r["kind"],
                label=r["label"],
                box=UIBox(**r["box"]),
                nine_slice=UINineSlice(**r["nine_slice"]),
                parts=[UIPart(name=p["name"], box=UIBox(**p["box"])) for p in r["parts"]],
            )
            for r in view.result.get("regions", [])
        ]
    error = None
    if view.status == "failed":
        error = (view.error or "").split(": ", 1)[-1] or "generation failed"
    return UIAssetDetail(
        id=view.id,
        prompt=view.description or "",
        size=_size(view),
        created_at=created_at,
        name=view.name,
        image_url=url_for(view.files["image"]) if done and "image" in view.files else None,
        status=view.status,
        progress_percent=view.progress if view.status == "processing" else None,
        eta_seconds=_eta(view, now or dt.datetime.now(dt.UTC)),
        regions=regions,
        error=error,
    )


def summary(view: AssetView, created_at: str, url_for: Callable[[str], str]) -> UIAssetSummary:
    """A UI asset in a list."""
    done = view.status == "completed" and "image" in view.files
    return UIAssetSummary(
        id=view.id,
        prompt=view.description or "",
        size=_size(view),
        created_at=created_at,
        image_url=url_for(view.files["image"]) if done else None,
        name=view.name,
        status=view.status,
    )


def get_ui_asset(ctx: Container, auth: Auth, asset_id: str) -> AssetView:
    """One of the caller's UI assets, whatever its status."""
    return get_asset(ctx, auth, asset_id, FAMILY, NOUN)


def list_ui_assets(
    ctx: Container, auth: Auth, limit: int, offset: int
) -> tuple[list[AssetView], int]:
    """A page of the caller's UI assets, newest first, and the total."""
    return list_assets(ctx, auth, FAMILY, limit, offset)


def delete_ui_asset(ctx: Container, auth: Auth, asset_id: str) -> DeleteUIAssetResponse:
    """Delete one of the caller's UI assets and its image."""
    delete_asset(ctx, auth, asset_id, FAMILY, NOUN)
    return DeleteUIAssetResponse(success=True, usage=Usage(type="generations", generations=0))
