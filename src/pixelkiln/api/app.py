"""The application: ``/v2`` (mounted sub-app with its OpenAPI), public files, health."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from pixelkiln import __version__
from pixelkiln.api import playground
from pixelkiln.api.errors import install_error_handlers
from pixelkiln.api.observability import install_observability
from pixelkiln.api.v2 import build_v2_app
from pixelkiln.bootstrap import Container, build_container
from pixelkiln.config import Settings
from pixelkiln.service.health import check_components, healthy

__all__ = ["create_app"]

log = logging.getLogger("pixelkiln")

_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}\.(png|zip|json)$")
_MEDIA = {"png": "image/png", "zip": "application/zip", "json": "application/json"}


class BodyLimit:
    """413 for a request whose declared body is over the limit, before it is read."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for name, value in scope.get("headers", []):
                if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                    detail = f"Request body is over the limit of {self.max_bytes} bytes"
                    response = JSONResponse({"detail": detail}, status_code=413)
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def create_app(settings: Settings | None = None, container: Container | None = None) -> FastAPI:
    """Build the service. The container (database, blobs, runner) starts with the app."""
    settings = settings or (container.settings if container else Settings())
    ctx = container or build_container(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Say at start what this process has, so that nothing degrades in silence.
        for c in check_components(settings, ctx.db):
            if c.healthy:
                log.info("%s: %s (%s)", c.name, c.status, c.detail)
            else:
                log.error("%s: %s (%s); fix: %s", c.name, c.status, c.detail, c.fix)
        ctx.runner.start()
        try:
            yield
        finally:
            ctx.runner.stop()

    app = FastAPI(
        title="pixelkiln",
        version=__version__,
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.container = ctx
    # Routes outside /v2 (the playground's helpers) answer errors in the same shapes.
    install_error_handlers(app)
    v2 = build_v2_app()
    v2.state.container = ctx
    app.mount("/v2", v2)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        """Each component's state; 503 when one the configuration needs is not usable."""
        components = check_components(settings, ctx.db)
        ok = healthy(components)
        body = {
            "status": "ok" if ok else "unhealthy",
            "version": __version__,
            "components": {c.name: c.as_dict() for c in components},
        }
        return JSONResponse(body, status_code=200 if ok else 503)

    app.include_router(playground.router)

    @app.api_route("/files/{key}", methods=["GET", "HEAD"], include_in_schema=False)
    def files(key: str, request: Request) -> Response:
        # Public by design: the 192-bit random key is the access token.
        path = ctx.blobs.path(key) if _KEY.match(key) else None
        if path is None:
            return JSONResponse({"detail": "Not found"}, status_code=404)
        return FileResponse(
            path,
            media_type=_MEDIA[key.rsplit(".", 1)[1]],
            headers={"Cache-Control": "public, max-age=31536000, immutable"},
        )

    install_observability(app, ctx)  # /metrics and request timing/logs, outermost
    return app
