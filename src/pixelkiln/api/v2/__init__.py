"""The /v2 application: its own OpenAPI document, docs page and routers.

A family adds its router module to ``ROUTERS``; each module exposes ``router``. Every
route's error statuses are then documented from what it takes
(:func:`pixelkiln.api.openapi.document_responses`).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache

from fastapi import APIRouter, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from pixelkiln import __version__
from pixelkiln.api.errors import install_error_handlers
from pixelkiln.api.openapi import document_responses

__all__ = ["ROUTERS", "TAGS", "build_v2_app"]

# Requests are matched against the routers in this order, route by route: the routers
# clients poll most (jobs, tilesets, balance) come first so a poll is matched early.
ROUTERS: list[str] = [
    "pixelkiln.api.v2.jobs",
    "pixelkiln.api.v2.tilesets",
    "pixelkiln.api.v2.account",
    "pixelkiln.api.v2.ui",
    "pixelkiln.api.v2.docs",
    "pixelkiln.api.v2.utilities",
    "pixelkiln.api.v2.isometric",
    "pixelkiln.api.v2.tiles_pro",
    "pixelkiln.api.v2.objects",
    "pixelkiln.api.v2.map_objects",
    "pixelkiln.api.v2.characters",
    "pixelkiln.api.v2.pro_flash",
    "pixelkiln.api.v2.motion",
    "pixelkiln.api.v2.images",
    "pixelkiln.api.v2.edits",
]

#: OpenAPI tags in display order, with a line each (also the sections of llms.txt).
TAGS: list[dict[str, str]] = [
    {"name": "Account", "description": "The balance of the calling API key's account."},
    {
        "name": "Jobs",
        "description": "Slow work returns a job id: poll it here or at the resource's own GET.",
    },
    {
        "name": "Documentation",
        "description": "This document, the docs page and an LLM-friendly index.",
    },
    {
        "name": "Tilesets",
        "description": "Wang tilesets for top-down maps and sidescroller platforms.",
    },
    {
        "name": "Tiles",
        "description": "Pro tile sets on six geometries, and single isometric tiles.",
    },
    {
        "name": "Character Creation",
        "description": "Characters in 4 or 8 directions (standard, v3, Pro, Pro Flash), "
        "states, and animations from templates or free text.",
    },
    {
        "name": "Character Library",
        "description": "Your characters: details, list, tags, deletion, and key-free "
        "spritesheet and ZIP exports (Aseprite, Godot 4, Phaser 3).",
    },
    {
        "name": "Object Creation",
        "description": "Objects in 1 direction (candidates to review) or 8, states, animations.",
    },
    {
        "name": "Object Library",
        "description": "Your objects: details, list, tags, deletion and spritesheet exports.",
    },
    {
        "name": "Map Objects",
        "description": "One-off transparent props, cheaper than objects; deleted after 8 hours.",
    },
    {
        "name": "Animate",
        "description": "Any sprite animated by text, in-betweens, animation "
        "edits and outfit transfer.",
    },
    {"name": "Rotate", "description": "Any sprite turned: 8 rotations, or one direction or view."},
    {
        "name": "Game UI",
        "description": "UI panels composed from pieces and elements, and single UI elements.",
    },
    {
        "name": "Cleanup",
        "description": "Cheap synchronous post-processing, billed at a fraction of a generation.",
    },
    {
        "name": "Image to Pixel Art",
        "description": "Photos, paintings and renders converted to pixel art.",
    },
    {"name": "Effects", "description": "Normal maps and looping VFX animations."},
    {
        "name": "Create Image",
        "description": "Single images from a description: figures, icons, textures, scenes.",
    },
    {"name": "Edit", "description": "Edits from an instruction, one image or sixteen alike."},
    {"name": "Inpaint", "description": "The described thing drawn into a mask."},
]

DESCRIPTION = """\
pixelkiln generates game-ready pixel art procedurally: deterministic for a seed, CPU only.

**Authentication**: every operation except `GET /llms.txt`, this document and `/docs` needs
`Authorization: Bearer <API key>`.

**Jobs**: slow work answers at once with a `background_job_id` (and the resource's id).
Poll `GET /background-jobs/{job_id}` or the resource's own GET: tilesets, Pro tiles and
isometric tiles answer **423** with `Retry-After` while they are drawn, then 200.

**Billing** is in generations: each submission is charged when it is accepted; a job that
fails is refunded. `GET /balance` shows what is left.

**Errors** are FastAPI-shaped: `{"detail": "..."}`, or for 422 `{"detail": [{loc, msg, type}]}`.
400 body not parseable, 401 bad key, 402 balance too low, 404 unknown id (or another
account's), 413 body or image too large, 423 still processing, 429 submissions closer than
the spacing limit (`Retry-After`), 503 the job queue is down: nothing was charged
(`Retry-After`). Every operation documents the statuses it can answer.
"""


def build_v2_app() -> FastAPI:
    """The /v2 sub-application, to be mounted at ``/v2``."""
    app = FastAPI(
        title="pixelkiln",
        version=__version__,
        description=DESCRIPTION,
        openapi_url="/openapi.json",
        docs_url="/docs",
        redoc_url=None,
        servers=[{"url": "/v2"}],
        openapi_tags=TAGS,
    )
    install_error_handlers(app)
    allowed = _allowed_methods(app)

    async def method_not_allowed(request: Request, exc: Exception) -> Response:
        # Starlette names only the methods of the first route on the path; the document
        # (and so this header) has every method the path serves.
        assert isinstance(exc, HTTPException)
        if exc.status_code == 405:
            methods = allowed(request.scope.get("path", ""))
            if methods:
                exc.headers = {**(exc.headers or {}), "Allow": ", ".join(methods)}
        return await http_exception_handler(request, exc)

    app.add_exception_handler(HTTPException, method_not_allowed)
    for path in ROUTERS:
        router: APIRouter = importlib.import_module(path).router
        document_responses(router)
        app.include_router(router)
    return app


def _allowed_methods(app: FastAPI) -> Callable[[str], list[str]]:
    """A function from a request path to the methods the OpenAPI document lists for it."""

    @cache
    def table() -> list[tuple[re.Pattern[str], list[str]]]:
        rows = []
        for template, item in app.openapi()["paths"].items():
            pattern = re.compile("^" + re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template)) + "$")
            methods = [m.upper() for m in item if m in ("get", "post", "put", "patch", "delete")]
            if "GET" in methods:
                methods.append("HEAD")
            rows.append((pattern, methods))
        return rows

    def allowed(path: str) -> list[str]:
        local = path[3:] if path.startswith("/v2/") else path
        for pattern, methods in table():
            if pattern.match(local):
                return methods
        return []

    return allowed
