"""Requests generated from our own OpenAPI document, run for real: whatever validates must
complete. The schemathesis test next door holds jobs and checks the HTTP surface; here
every accepted job is executed by the engine, and every image field carries a real PNG
(all sizes from 1 px, opaque, clear, noisy, flat), so an engine path the contract admits
but the engine cannot take shows up as a failed job or a 5xx. pytest turns numerical
warnings into errors, so a NaN on the way fails too."""

from __future__ import annotations

import base64
import io
import itertools
from typing import Any

import numpy as np
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from PIL import Image
from sqlalchemy import select

from pixelkiln.store.models import Job
from tests.conftest import wait_for
from tests.core.test_schemathesis import schema

pytestmark = pytest.mark.slow

POSTS = sorted(
    op.ok().path for op in schema.get_all_operations() if op.ok().method.upper() == "POST"
)


#: Images handed out in turn: slivers and single pixels, small and mid sizes; each shape
#: first as opaque noise, then as hard-alpha blocks, a flat colour and fully clear.
SHAPES = [(1, 1), (9, 1), (1, 9), (32, 32), (16, 16), (64, 40), (3, 100), (100, 64)]
KINDS = ["noise", "blocks", "flat", "clear"]


def _png(n: int, w: int, h: int) -> str:
    kind = KINDS[(n // len(SHAPES)) % len(KINDS)]  # every shape in noise first, then...
    rng = np.random.default_rng(n)
    px = np.zeros((h, w, 4), np.uint8)
    if kind == "noise":
        px = rng.integers(0, 256, (h, w, 4), np.uint8)
        px[..., 3] = 255
    elif kind == "flat":
        px[:] = [*rng.integers(0, 256, 3), 255]
    elif kind == "blocks":
        small = rng.integers(0, 256, (-(-h // 2), -(-w // 2), 4), np.uint8)
        small[..., 3] = np.where(small[..., 3] > 100, 255, 0)
        px = np.kron(small, np.ones((2, 2, 1), np.uint8))[:h, :w]
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(px), "RGBA").save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _side(v: Any) -> int | None:
    """A usable pixel count from a generated size field (ints, or floats that are whole),
    up to 128: larger sizes fall back to the small shapes, so that a generated style or
    reference image never makes a job draw at 400 px (the test is about what validates,
    not about size; bodies with a small ``image_size`` still test the matching sizes)."""
    if isinstance(v, bool) or not isinstance(v, int | float) or v != int(v):
        return None
    return int(v) if 0 < v <= 128 else None


def _with_images(value: Any, counter: itertools.count, shape: tuple[int, int] | None = None) -> Any:
    """The body with a real PNG in every image object: sized as the object says where it
    gives a usable size, else as the body's ``image_size`` (masks, init and inpainting
    images must match it), else one of :data:`SHAPES` shared by the body's images (a mask
    must match its image)."""
    if shape is None:
        size = value.get("image_size") if isinstance(value, dict) else None
        w, h = (
            (_side(size.get("width")), _side(size.get("height")))
            if isinstance(size, dict)
            else (None, None)
        )
        shape = (w, h) if w and h else SHAPES[next(counter) % len(SHAPES)]
    if isinstance(value, dict):
        if "base64" in value:
            n = next(counter)
            w, h = value.get("width"), value.get("height")
            w = w if isinstance(w, int) and 0 < w <= 256 else shape[0]
            h = h if isinstance(h, int) and 0 < h <= 256 else shape[1]
            out = {k: v for k, v in value.items() if k != "format"}
            out["base64"] = _png(n, w, h)
            return out
        return {k: _with_images(v, counter, shape) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_images(v, counter, shape) for v in value]
    return value


#: Operations on an existing character or object: generated ids would all be 404s, so a
#: real resource is made first and its id put in the path or the body.
NEEDS: dict[str, str] = {
    "/animate-character": "character",
    "/characters/animations": "character",
    "/create-character-state": "character",
    "/objects/{object_id}/animations": "object",
    "/objects/{object_id}/states": "object",
    "/objects/{object_id}/select-frames": "review",
    "/objects/{object_id}/dismiss-review": "review",
}
_MAKE = {
    "character": (
        "/v2/create-character-with-4-directions",
        {"description": "knight", "image_size": {"width": 32, "height": 32}},
        "character_id",
        "/v2/characters/{}",
    ),
    # A tree sways: any animation asked of it has something to move.
    "object": (
        "/v2/create-8-direction-object",
        {"description": "oak tree", "size": 24},
        "object_id",
        "/v2/objects/{}",
    ),
    "review": (
        "/v2/create-1-direction-object",
        {"description": "potion", "size": 64},
        "object_id",
        "/v2/objects/{}",
    ),
}
#: Fields the service needs but the schema cannot require (a new object animation needs a
#: description; extending one does not), filled where the generated body left them out.
_FILL: dict[str, dict[str, Any]] = {
    "/objects/{object_id}/animations": {"animation_description": "swaying in the wind"},
}
#: A body sent beside the generated ones where the schema cannot say what runs: generated
#: candidate indices are mostly beyond a review object's 16 (a 400), so whether one of ten
#: lands in range is up to the generator.
_ALSO: dict[str, dict[str, Any]] = {
    "/objects/{object_id}/select-frames": {"indices": [0, 15]},
}


def _existing(svc, h: dict[str, str], need: str) -> str:
    """The id of a finished resource of kind ``need``."""
    path, body, field, get = _MAKE[need]
    r = svc.client.post(path, json=body, headers=h)
    assert r.status_code < 300, r.text
    rid = r.json()[field]

    def done() -> bool:
        status = svc.client.get(get.format(rid), headers=h).json().get("status")
        return status in ("completed", "review")

    wait_for(done, timeout=120)
    return rid


@pytest.mark.parametrize("path", POSTS)
def test_what_validates_completes(path: str, make_service) -> None:
    svc = make_service()
    h = svc.headers(svc.new_key(generations=1e6))
    need = NEEDS.get(path)
    existing = _existing(svc, h, need) if need else None
    operation = next(
        op.ok()
        for op in schema.get_all_operations()
        if op.ok().path == path and op.ok().method.upper() == "POST"
    )
    counter = itertools.count()
    statuses: list[int] = []

    @settings(
        max_examples=10,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=schemathesis.GenerationMode.POSITIVE))
    def submit(case: Any) -> None:
        body = _with_images(case.body, counter)
        target = case.formatted_path
        if existing is not None:
            target = path.replace("{object_id}", existing)
            if isinstance(body, dict) and "character_id" in body:
                body["character_id"] = existing
            for name, value in _FILL.get(path, {}).items():
                if isinstance(body, dict) and body.get(name) is None:
                    body[name] = value
        sent = {"json": body} if isinstance(body, (dict, list)) else {}  # no body to send
        r = svc.client.post(f"/v2{target}", headers=h, **sent)
        assert r.status_code < 500, (body, r.text)
        statuses.append(r.status_code)

    submit()
    if path in _ALSO and existing is not None:
        target = path.replace("{object_id}", existing)
        statuses.append(svc.client.post(f"/v2{target}", headers=h, json=_ALSO[path]).status_code)
    assert any(code < 300 for code in statuses), statuses  # some requests were run

    def settled() -> bool:
        with svc.ctx.db.read() as s:
            return not s.scalars(select(Job).where(Job.status.in_(("queued", "running")))).first()

    wait_for(settled, timeout=300)
    with svc.ctx.db.read() as s:
        failed = [(j.kind, j.error) for j in s.scalars(select(Job).where(Job.status == "failed"))]
    assert failed == []
