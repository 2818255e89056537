"""Core behaviours over HTTP, through real endpoints: charges and 402, spacing and 429,
bad images (422 naming the field, 413 for oversized ones), job polling, cross-account 404."""

from __future__ import annotations

import base64
import io
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from PIL import Image

from pixelkiln.errors import TooSoon
from pixelkiln.service import billing
from pixelkiln.service.spacing import claim_submission_slot
from pixelkiln.store.models import Account
from tests.conftest import image_body, wait_for


def sprite() -> np.ndarray:
    img = np.zeros((16, 16, 4), np.uint8)
    img[4:12, 4:12] = (200, 60, 40, 255)
    img[6:10, 6:10] = (250, 200, 80, 255)
    return img


def reduce_body() -> dict:
    return {"images": [image_body(sprite())], "num_colors": 4}


def balance(svc, key) -> float:
    return svc.client.get("/v2/balance", headers=svc.headers(key)).json()["subscription"][
        "generations"
    ]


def test_sync_charge_and_usage(service) -> None:
    key = service.new_key(generations=1)
    r = service.client.post("/v2/reduce-colors", json=reduce_body(), headers=service.headers(key))
    assert r.status_code == 200, r.text
    assert r.json()["usage"] == {"type": "generations", "usd": 0.0, "generations": 0.1}
    assert balance(service, key) == pytest.approx(0.9)


def test_402_states_cost_and_balance(service) -> None:
    key = service.new_key(generations=0.05)
    r = service.client.post("/v2/reduce-colors", json=reduce_body(), headers=service.headers(key))
    assert r.status_code == 402
    assert "0.1" in r.json()["detail"] and "0.05" in r.json()["detail"]
    assert balance(service, key) == pytest.approx(0.05)


def test_429_with_retry_after(make_service) -> None:
    svc = make_service(submit_spacing_s=2.0)
    key = svc.new_key(generations=5)
    first = svc.client.post("/v2/reduce-colors", json=reduce_body(), headers=svc.headers(key))
    second = svc.client.post("/v2/reduce-colors", json=reduce_body(), headers=svc.headers(key))
    assert first.status_code == 200
    assert second.status_code == 429
    assert int(second.headers["retry-after"]) in (1, 2)
    assert "2 s" in second.json()["detail"]
    assert balance(svc, key) == pytest.approx(4.9)


@pytest.mark.parametrize(
    ("gap", "refused"),
    [(0.0, True), (1.5, True), (2.0, False), (-1.0, True), (-3.0, False)],
)
def test_spacing_clock_rules(service, gap: float, refused: bool) -> None:
    """A gap inside the spacing is refused, including a small negative one (another host's
    clock ahead); a gap more negative than the spacing is a clock set back and passes."""
    key = service.new_key()
    with service.ctx.db.write() as s:
        claim_submission_slot(s, key.key_id, 2.0, now=1000.0)
    with service.ctx.db.write() as s:
        if refused:
            with pytest.raises(TooSoon) as err:
                claim_submission_slot(s, key.key_id, 2.0, now=1000.0 + gap)
            assert 0 < err.value.retry_after <= 2.0
        else:
            claim_submission_slot(s, key.key_id, 2.0, now=1000.0 + gap)


def bomb_png(size: int = 20000) -> str:
    buf = io.BytesIO()
    Image.new("1", (size, size)).save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


@pytest.mark.parametrize(
    ("data", "status", "kind"),
    [
        ("not base64 at all!!", 422, "image_base64"),
        (base64.b64encode(b"plain text, not a picture").decode(), 422, "image_format"),
        ("", 422, "image_base64"),
    ],
)
def test_bad_images_are_422_naming_the_field(service, data, status, kind) -> None:
    key = service.new_key(generations=5)
    body = {"images": [{"type": "base64", "base64": data}]}
    r = service.client.post("/v2/reduce-colors", json=body, headers=service.headers(key))
    assert r.status_code == status
    [err] = r.json()["detail"]
    assert err["loc"][:3] == ["body", "images", 0] and err["type"] == kind
    assert balance(service, key) == 5


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v2/reduce-colors", lambda b: {"images": [{"base64": b}]}),
        ("/v2/unzoom", lambda b: {"image": {"base64": b}}),
        ("/v2/correct-pixelart", lambda b: {"images": [{"base64": b}]}),
        ("/v2/normal-map", lambda b: {"image": {"base64": b}}),
    ],
)
def test_decompression_bomb_is_413(service, path, body) -> None:
    key = service.new_key(generations=5)
    r = service.client.post(path, json=body(bomb_png()), headers=service.headers(key))
    assert r.status_code == 413
    [err] = r.json()["detail"]
    assert err["type"] == "image_too_large" and "image" in "".join(map(str, err["loc"]))


def test_oversized_body_is_413(make_service) -> None:
    svc = make_service(max_body_bytes=10_000)
    key = svc.new_key()
    big = {"images": [image_body(np.random.default_rng(0).integers(0, 255, (80, 80, 4)))]}
    r = svc.client.post("/v2/reduce-colors", json=big, headers=svc.headers(key))
    assert r.status_code == 413 and "limit" in r.json()["detail"]


def test_unknown_field_is_rejected(service) -> None:
    key = service.new_key()
    r = service.client.post(
        "/v2/reduce-colors", json={**reduce_body(), "colours": 3}, headers=service.headers(key)
    )
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "colours"]
    assert "input" not in r.json()["detail"][0]


def test_background_job_result_and_cross_account_404(service) -> None:
    key = service.new_key(generations=10)
    body = {"description": "orange fire burst", "image_size": {"width": 32, "height": 32}}
    r = service.client.post("/v2/vfx", json=body, headers=service.headers(key))
    assert r.status_code == 202, r.text
    job_id = r.json()["background_job_id"]
    assert r.json()["usage"]["generations"] == 1
    url = f"/v2/background-jobs/{job_id}"
    wait_for(
        lambda: (
            service.client.get(url, headers=service.headers(key)).json()["status"] != "processing"
        )
    )
    job = service.client.get(url, headers=service.headers(key)).json()
    assert job["status"] == "completed" and job["usage"]["generations"] == 1
    assert len(job["last_response"]["frames"]) == 8
    other = service.new_key()
    r = service.client.get(url, headers=service.headers(other))
    assert r.status_code == 404 and "frames" not in r.text


def test_fifty_concurrent_http_submissions_keep_the_ledger_exact(service) -> None:
    keys = [service.new_key(generations=1.05, name=f"k{i}") for i in range(5)]

    def one(i: int) -> int:
        key = keys[i % len(keys)]
        return service.client.post(
            "/v2/reduce-colors", json=reduce_body(), headers=service.headers(key)
        ).status_code

    with ThreadPoolExecutor(10) as pool:
        codes = list(pool.map(one, range(50)))
    assert codes.count(200) == 50  # each key affords exactly its 10 calls of 0.1
    with service.ctx.db.read() as s:
        for key in keys:
            account = s.get(Account, key.account_id)
            assert account.balance_milli == billing.ledger_sum(s, key.account_id) == 50
