"""Helpers of the motion tests: post, wait for a job, decode its images."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.conftest import Service, decode_b64_png, image_body, wait_for


def post(svc: Service, key: Any, path: str, body: dict[str, Any]) -> Any:
    return svc.client.post(f"/v2{path}", json=body, headers=svc.headers(key))


def job(svc: Service, key: Any, job_id: str) -> dict[str, Any]:
    return svc.client.get(f"/v2/background-jobs/{job_id}", headers=svc.headers(key)).json()


def wait_job(svc: Service, key: Any, job_id: str) -> dict[str, Any]:
    wait_for(lambda: job(svc, key, job_id)["status"] in ("completed", "failed"), timeout=120)
    return job(svc, key, job_id)


def images_of(done: dict[str, Any]) -> list[np.ndarray]:
    assert done["status"] == "completed", done
    return [decode_b64_png(i["base64"]) for i in done["last_response"]["images"]]


def run(svc: Service, key: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """Submit and wait; the finished job."""
    r = post(svc, key, path, body)
    assert r.status_code in (200, 202), r.text
    return wait_job(svc, key, r.json()["background_job_id"])


def frame(rgba: np.ndarray) -> dict[str, Any]:
    return {"image": image_body(rgba), "size": {"width": rgba.shape[1], "height": rgba.shape[0]}}


def palette(rgba: np.ndarray) -> set[tuple[int, int, int]]:
    solid = rgba[..., 3] >= 128
    return {tuple(int(v) for v in c) for c in rgba[..., :3][solid]}


def area(rgba: np.ndarray) -> int:
    return int((rgba[..., 3] >= 128).sum())
