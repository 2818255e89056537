"""Helpers of the character tests: submit, wait for a character or a job, fetch files."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import numpy as np
import pytest
from PIL import Image

from tests.conftest import Service, wait_for

SMALL: dict[str, Any] = {"width": 32, "height": 32}


def post(svc: Service, key: Any, path: str, body: dict[str, Any]) -> Any:
    return svc.client.post(f"/v2{path}", json=body, headers=svc.headers(key))


def job(svc: Service, key: Any, job_id: str) -> dict[str, Any]:
    return svc.client.get(f"/v2/background-jobs/{job_id}", headers=svc.headers(key)).json()


def wait_job(svc: Service, key: Any, job_id: str) -> dict[str, Any]:
    wait_for(lambda: job(svc, key, job_id)["status"] in ("completed", "failed"), timeout=60)
    return job(svc, key, job_id)


def detail(svc: Service, key: Any, character_id: str) -> dict[str, Any]:
    r = svc.client.get(f"/v2/characters/{character_id}", headers=svc.headers(key))
    assert r.status_code == 200, r.text
    return r.json()


def wait_character(svc: Service, key: Any, character_id: str) -> dict[str, Any]:
    """The character once it and all its animations are drawn."""

    def done() -> bool:
        d = detail(svc, key, character_id)
        pending = [x for a in d["animations"] for x in a["directions"] if x["status"] == "pending"]
        return d["status"] != "pending" and not pending

    wait_for(done, timeout=90)
    return detail(svc, key, character_id)


def create(svc: Service, key: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """Submit a character and wait for it; its detail."""
    r = post(svc, key, path, body)
    assert r.status_code in (200, 202), r.text
    d = wait_character(svc, key, r.json()["character_id"])
    assert d["status"] == "completed", d
    return d


def fetch_png(svc: Service, url: str) -> np.ndarray:
    """A public file URL, fetched without a key."""
    path = url.split("://", 1)[-1].split("/", 1)[1]
    r = svc.client.get("/" + path)
    assert r.status_code == 200, url
    with Image.open(io.BytesIO(r.content)) as im:
        return np.asarray(im.convert("RGBA")).copy()


def fetch_bytes(svc: Service, url: str) -> bytes:
    path = url.split("://", 1)[-1].split("/", 1)[1]
    r = svc.client.get("/" + path)
    assert r.status_code == 200, url
    return r.content


def unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


def decode(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGBA")).copy()


def reference_share(drawn: np.ndarray, reference: np.ndarray) -> tuple[float, float]:
    """How a direction drawn from a fitted model uses a reference's colours: the share of
    its opaque pixels in exactly the reference's colours, and the largest ΔEOK from any
    of its colours to the nearest reference colour."""
    from pixelkiln.engine.color import srgb_to_oklab

    ref = np.unique(reference[reference[..., 3] > 0][:, :3], axis=0)
    px = drawn[drawn[..., 3] > 0][:, :3]
    exact = (px[:, None, :] == ref[None]).all(-1).any(1).mean()
    cols = np.unique(px, axis=0)
    d = np.linalg.norm(
        srgb_to_oklab(cols.astype(float))[:, None] - srgb_to_oklab(ref.astype(float))[None], axis=-1
    ).min(1)
    return float(exact), float(d.max())


def balance(svc: Service, key: Any) -> float:
    r = svc.client.get("/v2/balance", headers=svc.headers(key))
    return float(r.json()["subscription"]["generations"])


@pytest.fixture
def svc(make_service: Any) -> Service:
    return make_service()
