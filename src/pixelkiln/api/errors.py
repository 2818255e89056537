"""The one place where domain errors become HTTP responses."""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from pixelkiln.contract.common import IMAGE_TOO_LARGE
from pixelkiln.errors import (
    BadRequest,
    Conflict,
    InsufficientBalance,
    InvalidRequest,
    NotFound,
    PayloadTooLarge,
    PixelkilnError,
    QueueUnavailable,
    StillProcessing,
    TooSoon,
    Unauthorized,
)
from pixelkiln.service.assets import GenerationFailed

__all__ = ["install_error_handlers", "validation_errors"]

log = logging.getLogger(__name__)

_STATUS: dict[type[PixelkilnError], int] = {
    BadRequest: 400,
    Unauthorized: 401,
    InsufficientBalance: 402,
    NotFound: 404,
    Conflict: 409,
    GenerationFailed: 410,
    PayloadTooLarge: 413,
    InvalidRequest: 422,
    StillProcessing: 423,
    TooSoon: 429,
    QueueUnavailable: 503,
}


def validation_errors(errors: list[Any]) -> list[dict[str, Any]]:
    """FastAPI's error list without ``input`` (it would echo whole images back)."""
    out = []
    for err in errors:
        item = {
            "loc": list(err.get("loc", ())),
            "msg": err.get("msg", ""),
            "type": err.get("type", ""),
        }
        ctx = err.get("ctx")
        if ctx:
            item["ctx"] = {
                k: v if isinstance(v, (int, float, str, bool)) else str(v) for k, v in ctx.items()
            }
        out.append(item)
    return out


async def _domain(request: Request, exc: Exception) -> JSONResponse:
    # async: built on the event loop, so a 423 for a poll takes no thread-pool hop.
    assert isinstance(exc, PixelkilnError)
    status = next((code for cls, code in _STATUS.items() if isinstance(exc, cls)), 500)
    headers: dict[str, str] = {}
    if isinstance(exc, InvalidRequest):
        body: dict[str, Any] = {
            "detail": [{"loc": list(exc.loc), "msg": exc.message, "type": exc.type}]
        }
    else:
        body = {"detail": exc.message}
    if isinstance(exc, Unauthorized):
        headers["WWW-Authenticate"] = "Bearer"
    if isinstance(exc, (StillProcessing, TooSoon, QueueUnavailable)):
        headers["Retry-After"] = str(max(1, math.ceil(exc.retry_after)))
    if isinstance(exc, InsufficientBalance):
        body["cost"], body["balance"] = exc.cost, exc.balance
    return JSONResponse(body, status_code=status, headers=headers)


def _validation(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = validation_errors(list(exc.errors()))
    too_large = [e for e in errors if e["type"] == IMAGE_TOO_LARGE]
    if too_large:
        return JSONResponse({"detail": too_large}, status_code=413)
    return JSONResponse({"detail": errors}, status_code=422)


def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"detail": "Internal server error"}, status_code=500)


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(PixelkilnError, _domain)
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(Exception, _unexpected)
