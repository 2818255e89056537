"""Metrics and request logs for the app: ``install_observability(app, ctx)`` adds the
middleware that times every request and the ``/metrics`` route (outside ``/v2``)."""

from __future__ import annotations

import hmac
import re
import time
import uuid

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pixelkiln.bootstrap import Container
from pixelkiln.observability.record import request_done

__all__ = ["install_observability"]

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def _route_label(scope: Scope) -> str:
    """The matched route's template (``/v2/background-jobs/{job_id}``), never the raw path:
    paths carry ids and file keys, and each distinct label is a new time series."""
    route: BaseRoute | None = scope.get("route")
    path = getattr(route, "path", None)
    if not isinstance(path, str):
        return "unmatched"
    return str(scope.get("root_path", "")) + path


class RequestObserver:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500
        given = dict(scope.get("headers", [])).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            request_done(
                scope["method"],
                _route_label(scope),
                status,
                time.perf_counter() - started,
                request_id,
            )


def install_observability(app: FastAPI, ctx: Container) -> None:
    token = ctx.settings.metrics_token

    async def metrics(request: Request) -> Response:
        if token:
            given = request.headers.get("authorization", "")
            if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
                return JSONResponse({"detail": "Invalid or missing metrics token"}, 401)
        from starlette.concurrency import run_in_threadpool

        from pixelkiln.observability.exposition import render_metrics

        body = await run_in_threadpool(render_metrics, ctx.db)
        return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")

    app.add_route("/metrics", metrics, methods=["GET"], include_in_schema=False)
    app.add_middleware(RequestObserver)
