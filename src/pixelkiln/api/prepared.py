"""Answers served from a prepared encoding (:func:`pixelkiln.service.assets.read_prepared`):
the bytes FastAPI would write for a route's response model, with a strong ``ETag``, and
``304 Not Modified`` when the client already holds them (``If-None-Match``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from fastapi import Request, Response
from pydantic import TypeAdapter

from pixelkiln.service.assets import Prepared

__all__ = ["NOT_MODIFIED", "answer", "encoder"]

#: The OpenAPI entry of the 304 a GET with a prepared answer gives.
NOT_MODIFIED: dict[int | str, dict[str, Any]] = {
    304: {
        "description": "Not modified: the `If-None-Match` header names the current `ETag` "
        "(the 200 answer carries it); no body.",
    }
}


@cache
def _adapter(model: type[Any]) -> TypeAdapter[Any]:
    return TypeAdapter(model)


def encoder(model: type[Any], build: Callable[..., Any]) -> Callable[..., bytes]:
    """``build``'s content validated against ``model`` and encoded as JSON, exactly as
    FastAPI encodes a route's ``response_model`` (its fast path: pydantic's
    ``dump_json``, by alias)."""
    adapter = _adapter(model)

    def encode(*args: Any) -> bytes:
        value = adapter.validate_python(build(*args), from_attributes=True)
        return adapter.dump_json(value, by_alias=True)

    return encode


def _matches(header: str | None, etag: str) -> bool:
    if not header:
        return False
    if header.strip() == "*":
        return True
    # Weak comparison (RFC 9110 13.1.2): a W/ prefix does not stop a match.
    return etag in (tag.strip().removeprefix("W/") for tag in header.split(","))


def answer(request: Request, prepared: Prepared) -> Response:
    """200 with the prepared body, or 304 when ``If-None-Match`` names its ETag."""
    headers = {"ETag": prepared.etag}
    if _matches(request.headers.get("if-none-match"), prepared.etag):
        return Response(status_code=304, headers=headers)
    return Response(prepared.body, media_type="application/json", headers=headers)
