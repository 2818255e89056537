"""The OpenAPI document tells the whole truth: every status an operation can answer is
documented, derived from what the route *is* rather than written per route.

:func:`document_responses` runs over every route of a router before the /v2 app includes
it (``pixelkiln.api.v2.build_v2_app`` does so for every module of ``ROUTERS``) and adds,
unless the route already describes the status itself:

==========================================  ==============================================
the route                                   documents
==========================================  ==============================================
takes the caller's key (``AuthDep``)        401 (with ``WWW-Authenticate``)
takes a body                                400 (not parseable), 413 (body or image over
                                            the limit), 422
has query or path parameters                422
has path parameters, or a body naming a     404 (unknown id, or another account's)
resource (a field ``*_id``, not a template)
charges (``BilledDep`` instead of AuthDep)  402, 429 (``Retry-After``)
charges and answers 202 (queues a job), or  503 (``Retry-After``: the job queue is down)
queues and answers 200 (``QueuedDep``)
==========================================  ==============================================

Every error response has the one error body of the service (``{"detail": ...}``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from pixelkiln.api.deps import get_auth, get_billed_auth, get_queued_auth

__all__ = ["ERROR_SCHEMA", "document_responses", "implied_responses"]

#: The body of every error answer: a message, or (422, some 413) a list of field errors.
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Error",
    "required": ["detail"],
    "properties": {
        "detail": {
            "anyOf": [
                {"type": "string"},
                {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["loc", "msg", "type"],
                        "properties": {
                            "loc": {
                                "type": "array",
                                "items": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                            },
                            "msg": {"type": "string"},
                            "type": {"type": "string"},
                        },
                    },
                },
            ]
        }
    },
}

_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "integer"},
    }
}


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": ERROR_SCHEMA}},
    }
    if headers:
        out["headers"] = headers
    return out


UNAUTHORIZED = _error(
    "Missing, malformed, unknown or revoked API key",
    {"WWW-Authenticate": {"description": "`Bearer`", "schema": {"type": "string"}}},
)
NOT_PARSEABLE = _error("The body could not be parsed (not UTF-8 JSON)")
TOO_LARGE = _error("The body, or an image in it, is over the limit")
NOT_FOUND = _error("No such id for the caller's account")
NO_BALANCE = _error("The balance is lower than the request's cost (stated in the message)")
TOO_SOON = _error("Submissions from one key closer than the spacing limit", _RETRY_AFTER)
QUEUE_DOWN = _error(
    "The job queue cannot take work now; nothing was charged (retry later)", _RETRY_AFTER
)


def _calls(dependant: Dependant) -> Iterator[Any]:
    for dep in dependant.dependencies:
        yield dep.call
        yield from _calls(dep)


def _names_a_resource(route: APIRoute) -> bool:
    """Whether the route's body has a field that names a stored resource by id (a
    template's id names a built-in body plan or motion: a wrong one is a 422)."""
    model = route.body_field.field_info.annotation if route.body_field else None
    fields = getattr(model, "model_fields", {})
    return any(n.endswith("_id") and not n.startswith("template") for n in fields)


def implied_responses(route: APIRoute) -> dict[int, dict[str, Any]]:
    """The error statuses a route answers by what it takes (see the module docstring)."""
    calls = set(_calls(route.dependant))
    billed = get_billed_auth in calls
    out: dict[int, dict[str, Any]] = {}
    if billed or get_auth in calls:
        out[401] = UNAUTHORIZED
    if route.body_field is not None:
        out[400] = NOT_PARSEABLE
        out[413] = TOO_LARGE
    if route.dependant.path_params or _names_a_resource(route):
        out[404] = NOT_FOUND
    if billed:
        out[402] = NO_BALANCE
        out[429] = TOO_SOON
        if route.status_code == 202 or get_queued_auth in calls:
            out[503] = QUEUE_DOWN
    return out


def document_responses(router: APIRouter) -> None:
    """Add the implied statuses to every route of ``router`` (before it is included)."""
    for route in router.routes:
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        for status, response in implied_responses(route).items():
            mine = route.responses.get(status) or route.responses.get(str(status))
            if mine is None:
                route.responses[status] = response
            elif "content" not in mine:
                # A route's own description is kept; the body and headers are the shared ones.
                route.responses[status] = {**response, **mine}
