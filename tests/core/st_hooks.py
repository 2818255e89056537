"""Schemathesis hooks for the all-checks run (``SCHEMATHESIS_HOOKS=tests.core.st_hooks``).

The document states every rule JSON Schema can state (types, ranges, square tile sizes,
Pro-only controls, fields that exclude each other). A few rules it cannot state: that an
image field holds a readable image of the size declared beside it, that an id names a
resource of the caller's account, that a shape fits its canvas. The run deals with them
in two ways, and nothing else is excused:

- a case generated to be valid gets a real PNG in every image object (sized as the object
  or its sibling ``size`` says) and no made-up base tile ids, so that "valid data is
  accepted" is tested on data the service can take;
- a "valid data rejected" failure is dropped only when the answer is a 422 whose every
  error is a rule the service states in words: a validator's ``value_error`` or one of
  the service's own error types. A 422 naming any of pydantic's schema-level error types
  (a type, a range, a missing or unknown field...) is a mismatch between the document and
  the service, and stays a failure;
- or when it is the contract's 400 about the state of the resource operated on, and the
  service says so when asked: the run holds every job, so no character or object it
  creates is ever drawn, and animating, restyling, exporting or reviewing one is refused.
  The hook reads the resource back and drops the failure only if its status is not the
  one the operation needs (``completed``, or ``review`` to pick candidates). Deleting
  animations without naming them (neither ``animation_type`` nor
  ``animation_group_id``, a rule JSON Schema cannot state) is the one other 400 excused.
"""

from __future__ import annotations

import base64
import functools
import io
import typing
from typing import Any

import numpy as np
import requests
import schemathesis
from PIL import Image
from pydantic_core.core_schema import ErrorType


# The same (size, seed) is asked for again and again across cases: encode it once.
@functools.lru_cache(maxsize=256)
def _png(width: int, height: int, n: int) -> str:
    rng = np.random.default_rng(n)
    small = rng.integers(0, 256, (-(-height // 2), -(-width // 2), 4), np.uint8)
    small[..., 3] = np.where(small[..., 3] > 60, 255, 0)
    px = np.kron(small, np.ones((2, 2, 1), np.uint8))[:height, :width]
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(px), "RGBA").save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _side(value: Any, default: int) -> int:
    return value if isinstance(value, int) and 0 < value <= 512 else default


def with_images(value: Any, size: tuple[int, int] = (16, 16), n: int = 0) -> Any:
    """``value`` with a real PNG in every image object."""
    if isinstance(value, dict):
        if isinstance(value.get("base64"), str) or "base64" in value:
            w = _side(value.get("width"), size[0])
            h = _side(value.get("height"), size[1])
            return {**value, "base64": _png(w, h, n)}
        inner = size
        given = value.get("size")
        if isinstance(given, dict):
            inner = (_side(given.get("width"), size[0]), _side(given.get("height"), size[1]))
        return {k: with_images(v, inner, n + i) for i, (k, v) in enumerate(value.items())}
    if isinstance(value, list):
        return [with_images(v, size, n + i) for i, v in enumerate(value)]
    return value


def _positive(case: Any) -> bool:
    meta = getattr(case, "meta", None)
    return not (meta is not None and meta.generation.mode.is_negative)


def _shape(case: Any) -> None:
    if _positive(case) and isinstance(case.body, dict):
        body = with_images(case.body)
        for field in ("lower_base_tile_id", "upper_base_tile_id"):
            if field in body:
                body[field] = None
        case.body = body


@schemathesis.hook
def map_case(context: Any, case: Any) -> Any:
    _shape(case)
    return case


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    _shape(case)  # the stateful phase builds its cases without map_case


#: pydantic's error types for what JSON Schema states (all but the validators' own).
SCHEMA_ERRORS = frozenset(typing.get_args(ErrorType)) - {"value_error", "assertion_error"}


#: The status an operation on an existing resource needs it in (default ``completed``).
_NEEDS = {
    "/objects/{object_id}/select-frames": "review",
    "/objects/{object_id}/dismiss-review": "review",
}


def _resource(case: Any) -> tuple[str, str] | None:
    """(collection, id) of the character or object ``case`` operates on, if any."""
    path = case.path_parameters or {}
    body = case.body if isinstance(case.body, dict) else {}
    if isinstance(path.get("object_id"), str):
        return "objects", path["object_id"]
    for source in (path, body):
        if isinstance(source.get("character_id"), str):
            return "characters", source["character_id"]
    return None


def _state_refusal(case: Any, response: Any) -> bool:
    """Whether a 400 is the contract's refusal for the state of the resource operated on."""
    query = case.query or {}
    if case.method.upper() == "DELETE" and case.path.endswith("/animations"):
        return not (query.get("animation_type") or query.get("animation_group_id"))
    found = _resource(case)
    if found is None:
        return False
    collection, rid = found
    base = response.request.url.split("/v2/", 1)[0]
    auth = {"Authorization": response.request.headers.get("Authorization", "")}
    status = requests.get(f"{base}/v2/{collection}/{rid}", headers=auth, timeout=30)
    if status.status_code != 200:
        return False
    return status.json().get("status") != _NEEDS.get(case.path, "completed")


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """False (drop) for a rejection of valid data that names only unstated rules."""
    if type(failure).__name__ != "RejectedPositiveData":
        return True
    if response.status_code == 400:
        return not _state_refusal(case, response)
    if response.status_code != 422:
        return True
    try:
        errors = response.json()["detail"]
        types_ = {e["type"] for e in errors}
    except (ValueError, KeyError, TypeError):
        return True
    return bool(types_ & SCHEMA_ERRORS) or not types_
