"""The playground: a static page at ``/`` and its helper routes under ``/playground``.

Outside ``/v2`` and its OpenAPI. The page is plain HTML, CSS and JavaScript modules in
``pixelkiln/web`` (no build step); it reads ``/v2/openapi.json`` for its forms and talks
to ``/v2`` like any client. Its helpers need the bearer key like everything else:

- ``POST /playground/quote`` ``{path, body}``: what a request would cost, and the
  balance, without sending it (``{cost, balance}``, or 422 naming the field, the shape
  ``/v2`` answers);
- ``GET /playground/tiles-pro/{id}/layout``: how a Pro set's tiles sit on their lattice
  (face size, neighbour offsets in mask order, the building kit's canvas offset, tile
  names), which the public GET leaves out;
- ``GET /playground/isometric-tiles/{id}/placement``: where an isometric tile's
  footprint is on its canvas and its grid size (what the job's ``last_response`` says).

Errors have the ``/v2`` shapes: the main app installs the same error handlers as ``/v2``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Response
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, Field, ValidationError

from pixelkiln.api.deps import AuthDep, ContainerDep
from pixelkiln.api.errors import validation_errors
from pixelkiln.contract.common import IMAGE_TOO_LARGE
from pixelkiln.engine.tiles_pro.geometry import build_geometry, face_height, snap_width
from pixelkiln.errors import InvalidRequest, NotFound
from pixelkiln.service import isometric, tiles_pro
from pixelkiln.service.assets import get_done_asset
from pixelkiln.service.balance import get_balance
from pixelkiln.service.quotes import QUOTES, quote, quoted_paths

__all__ = ["WEB_DIR", "router"]

#: The page's files (installed with the package).
WEB_DIR = Path(str(resources.files("pixelkiln") / "web"))
_MEDIA = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
#: Tile types that tile the plane (octagons leave gaps and have no lattice).
_LATTICES = ("square_topdown", "isometric", "oblique", "hex", "hex_pointy")
# Revalidate on every load (ETag), so an upgraded service never runs yesterday's script.
_NO_CACHE = {"Cache-Control": "no-cache"}


router = APIRouter(include_in_schema=False)


@router.get("/", include_in_schema=False)
def page() -> FileResponse:
    """The playground page (it asks for a key, or takes it from ``#key=`` in the URL)."""
    return FileResponse(WEB_DIR / "index.html", media_type=_MEDIA[".html"], headers=_NO_CACHE)


@router.get("/playground/static/{name:path}", include_in_schema=False)
def static(name: str) -> Response:
    """The page's scripts, styles and icons."""
    root = WEB_DIR.resolve()
    path = (root / name).resolve()
    if not path.is_relative_to(root) or not path.is_file() or path.suffix not in _MEDIA:
        return JSONResponse({"detail": "Not found"}, status_code=404)
    return FileResponse(path, media_type=_MEDIA[path.suffix], headers=_NO_CACHE)


class QuoteRequest(BaseModel):
    """A request to price: the ``/v2`` POST path and the body that would be sent."""

    path: str = Field(description="A POST path of /v2, e.g. /tilesets.")
    body: dict[str, Any] = Field(default_factory=dict)


@router.get("/playground/quotes", include_in_schema=False)
def quotable(auth: AuthDep) -> dict[str, list[str]]:
    """The POST paths ``/playground/quote`` prices."""
    return {"paths": quoted_paths()}


@router.post("/playground/quote", include_in_schema=False)
def price(req: QuoteRequest, auth: AuthDep, ctx: ContainerDep) -> JSONResponse:
    """``{cost, balance}`` of a request, or the 422 its endpoint would answer."""
    if req.path not in QUOTES:
        raise NotFound(f"No quote for {req.path}")
    try:
        cost = quote(req.path, req.body)
    except ValidationError as exc:
        errors = validation_errors(list(exc.errors()))
        for err in errors:
            err["loc"] = ["body", *err["loc"]]
        too_large = [e for e in errors if e["type"] == IMAGE_TOO_LARGE]
        if too_large:
            return JSONResponse({"detail": too_large}, status_code=413)
        return JSONResponse({"detail": errors}, status_code=422)
    balance = get_balance(ctx, auth).generations
    return JSONResponse({"cost": cost, "balance": balance})


@router.get("/playground/tiles-pro/{tile_id}/layout", include_in_schema=False)
def tiles_pro_layout(tile_id: str, auth: AuthDep, ctx: ContainerDep) -> dict[str, Any]:
    """How a drawn Pro set's tiles are placed on a map (423 while it is drawn)."""
    view = tiles_pro.get_tiles(ctx, auth, tile_id)
    result = view.result or {}
    tile_type = str(result.get("tile_type", view.params.get("tile_type", "square_topdown")))
    out: dict[str, Any] = {
        "kind": result.get("kind", "tiles"),
        "tile_type": tile_type,
        "n_tiles": result.get("n_tiles"),
        "names": result.get("names", []),
        "canvas": {"width": result.get("tile_width"), "height": result.get("tile_height")},
        # (dy, dx) of a tile's canvas from its cell (building kits rise above the ground).
        "offset": list(result.get("offset", (0, 0))),
        "tile_rules": result.get("tile_rules"),
    }
    if tile_type in _LATTICES and result.get("tile_width"):
        # The top face is as wide as the canvas, except on oblique tiles, whose extrusion
        # leans right of it (their face is the requested size).
        width = int(result["tile_width"])
        if tile_type == "oblique":
            width = snap_width(tile_type, int(view.params.get("tile_size") or width))
        geom = build_geometry(tile_type, width, 0)
        out["face"] = {"width": width, "height": face_height(tile_type, width)}
        out["neighbours"] = [list(n) for n in geom.neighbours]
    return out


@router.get("/playground/isometric-tiles/{tile_id}/placement", include_in_schema=False)
def isometric_placement(tile_id: str, auth: AuthDep, ctx: ContainerDep) -> dict[str, Any]:
    """Where a drawn isometric tile's footprint sits on its canvas (423 while drawn)."""
    view = get_done_asset(ctx, auth, tile_id, isometric.FAMILY, isometric.NOUN)
    result = dict(view.result or {})
    if "footprint_origin" not in result:
        raise InvalidRequest(("path", "tile_id"), "this tile has no placement facts")
    return result
