"""Helpers of the image tests: post, run a queued job to its last_response, decode."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.conftest import Service, decode_b64_png


def post(svc: Service, key: Any, path: str, body: dict[str, Any]) -> Any:
    return svc.client.post(f"/v2{path}", json=body, headers=svc.headers(key))


def job_result(svc: Service, key: Any, response: Any) -> dict[str, Any]:
    """The finished job's last_response (the service must use runner="manual")."""
    assert response.status_code == 202, response.text
    svc.ctx.runner.run_pending()  # type: ignore[attr-defined]
    job_id = response.json()["background_job_id"]
    r = svc.client.get(f"/v2/background-jobs/{job_id}", headers=svc.headers(key))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "completed", body
    return body["last_response"]


def rgba(body: dict[str, Any]) -> np.ndarray:
    return decode_b64_png(body["base64"])


def colours(img: np.ndarray) -> set[tuple[int, int, int]]:
    """The opaque colours of an image."""
    return {tuple(int(v) for v in c) for c in img[..., :3][img[..., 3] > 0]}


def scene(w: int = 48, h: int = 48) -> np.ndarray:
    """An opaque picture: a two-green checker of 3 px blocks with yellow dots."""
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.zeros((h, w, 4), np.uint8)
    img[..., 3] = 255
    img[..., :3] = np.where(
        (((yy // 3) + (xx // 3)) % 2 == 0)[..., None], (86, 140, 60), (74, 124, 52)
    )
    img[(yy % 11 == 5) & (xx % 7 == 3)] = (230, 220, 120, 255)
    return img
