"""Helpers of the object tests: submit, wait for an object, fetch its PNGs without a key."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from PIL import Image

from tests.conftest import Service, wait_for


def post(svc: Service, key: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    return svc.client.post(f"/v2{path}", json=body, headers=svc.headers(key))


def get(svc: Service, key: Any, path: str) -> Any:
    return svc.client.get(f"/v2{path}", headers=svc.headers(key))


def wait_object(svc: Service, key: Any, object_id: str) -> dict[str, Any]:
    """The object once it is no longer pending or processing."""
    seen: dict[str, Any] = {}

    def done() -> bool:
        r = get(svc, key, f"/objects/{object_id}")
        assert r.status_code == 200, r.text
        seen.update(r.json())
        return seen["status"] not in ("pending", "processing")

    wait_for(done)
    return seen


def wait_animation(svc: Service, key: Any, object_id: str, group_id: str) -> dict[str, Any]:
    """The animation group once every direction has finished."""
    found: dict[str, Any] = {}

    def done() -> bool:
        body = get(svc, key, f"/objects/{object_id}").json()
        group = next(g for g in body["animations"] if g["animation_group_id"] == group_id)
        found.update(group)
        return all(d["status"] in ("completed", "failed") for d in group["directions"])

    wait_for(done)
    return found


def fetch(svc: Service, url: str) -> bytes:
    """A public file URL, fetched with no key at all."""
    path = url.split("://", 1)[1].split("/", 1)[1]
    r = svc.client.get(f"/{path}")
    assert r.status_code == 200, (url, r.status_code)
    return r.content


def fetch_rgba(svc: Service, url: str) -> np.ndarray:
    with Image.open(io.BytesIO(fetch(svc, url))) as im:
        return np.asarray(im.convert("RGBA")).copy()


def balance(svc: Service, key: Any) -> float:
    body = svc.client.get("/v2/balance", headers=svc.headers(key)).json()
    return float(body["subscription"]["generations"])


def box(rgba: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) of the opaque pixels, inclusive."""
    m = rgba[..., 3] > 0
    ys, xs = np.nonzero(m.any(1))[0], np.nonzero(m.any(0))[0]
    return int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])


def colours(rgba: np.ndarray) -> set[tuple[int, int, int]]:
    return {tuple(int(v) for v in c) for c in rgba[rgba[..., 3] > 0][:, :3]}


def sprite(w: int = 40, h: int = 40) -> np.ndarray:
    """A small hand-made sprite: a red crate with a black outline and a yellow band."""
    img = np.zeros((h, w, 4), np.uint8)
    img[h // 4 : h - 2, 4 : w - 4] = (20, 12, 16, 255)
    img[h // 4 + 1 : h - 3, 5 : w - 5] = (178, 52, 44, 255)
    img[h // 4 + 1 : h // 4 + 4, 5 : w - 5] = (226, 98, 70, 255)
    img[h // 2 : h // 2 + 3, 5 : w - 5] = (236, 196, 70, 255)
    return img


@pytest.fixture
def manual(make_service: Any) -> Service:
    """A service whose jobs wait for ``svc.ctx.runner.run_pending()``."""
    return make_service(runner="manual")
