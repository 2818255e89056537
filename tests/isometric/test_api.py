"""The HTTP surface: submit 202, 423 then 200 without status, list, delete, 422s, cost."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

from pixelkiln.service import billing
from tests.conftest import decode_b64_png, image_body

BODY: dict[str, Any] = {
    "description": "grass on top of dirt",
    "image_size": {"width": 32, "height": 32},
}


def _submit(svc, key, **fields: Any):
    return svc.client.post(
        "/v2/create-isometric-tile", json={**BODY, **fields}, headers=svc.headers(key)
    )


def test_submit_then_423_then_200_with_the_embedded_png(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    r = _submit(svc, key, isometric_tile_size=32, seed=5)
    assert r.status_code == 202
    body = r.json()
    assert body["status"] == "processing"
    assert body["usage"] == {"type": "generations", "usd": 0.0, "generations": 1.0}
    tile_id, job_id = body["tile_id"], body["background_job_id"]
    with svc.ctx.db.read() as s:
        assert billing.balance(s, key.account_id) == 9

    r = svc.client.get(f"/v2/isometric-tiles/{tile_id}", headers=svc.headers(key))
    assert r.status_code == 423 and int(r.headers["retry-after"]) >= 1

    svc.ctx.runner.run_pending()
    r = svc.client.get(f"/v2/isometric-tiles/{tile_id}", headers=svc.headers(key))
    assert r.status_code == 200
    body = r.json()
    assert set(body) == {"image", "usage"}  # no status field
    assert body["usage"]["generations"] == 1.0
    assert body["image"]["type"] == "base64" and not body["image"]["base64"].startswith("data:")
    rgba = decode_b64_png(body["image"]["base64"])
    assert rgba.shape == (32, 32, 4)
    assert rgba[0, 0, 3] == 0 and rgba[-1, 16, 3] == 255  # transparent corner, tile on the floor

    job = svc.client.get(f"/v2/background-jobs/{job_id}", headers=svc.headers(key)).json()
    assert job["status"] == "completed" and job["last_response"]["tile_id"] == tile_id
    assert np.array_equal(decode_b64_png(job["last_response"]["image"]["base64"]), rgba)
    placed = job["last_response"]
    assert placed["side_height"] == 16 and placed["footprint_origin"] == {"x": 0, "y": 0}
    assert (placed["top_material"], placed["side_material"]) == ("grass", "dirt")


def test_same_request_same_bytes_with_and_without_a_seed(service) -> None:
    key = service.new_key()

    def draw(**fields: Any) -> str:
        tile_id = _submit(service, key, **fields).json()["tile_id"]
        url = f"/v2/isometric-tiles/{tile_id}"
        for _ in range(400):
            r = service.client.get(url, headers=service.headers(key))
            if r.status_code == 200:
                return r.json()["image"]["base64"]
            assert r.status_code == 423
            time.sleep(0.02)
        raise AssertionError("tile never finished")

    assert draw(seed=42) == draw(seed=42)
    assert draw(seed=42) != draw(seed=43)
    # Without a seed, one is derived from the request: it still repeats itself.
    assert draw() == draw()


def test_list_and_delete(make_service) -> None:
    svc = make_service(runner="manual")
    key, other = svc.new_key(), svc.new_key()
    ids = [
        _submit(svc, key, description=d, isometric_tile_shape=s).json()["tile_id"]
        for d, s in (("stone", "thin tile"), ("sand block", "thick tile"), ("ice", "block"))
    ]
    svc.ctx.runner.run_pending()
    r = svc.client.get("/v2/isometric-tiles", headers=svc.headers(key))
    assert r.status_code == 200
    body = r.json()
    assert body["total"] == 3 and len(body["tiles"]) == 3
    first = body["tiles"][0]  # newest first
    assert set(first) >= {"id", "description", "created_at", "status", "name", "size", "tile_shape"}
    assert first["id"] == ids[-1] and first["description"] == "ice"
    assert first["status"] == "completed" and first["size"] == 32
    assert first["tile_shape"] == "block" and first["created_at"].endswith("Z")
    page = svc.client.get("/v2/isometric-tiles?limit=2&offset=2", headers=svc.headers(key)).json()
    assert page["total"] == 3 and [t["id"] for t in page["tiles"]] == [ids[0]]
    assert svc.client.get("/v2/isometric-tiles", headers=svc.headers(other)).json()["total"] == 0
    for bad in ("limit=0", "limit=101", "offset=-1"):
        assert (
            svc.client.get(f"/v2/isometric-tiles?{bad}", headers=svc.headers(key)).status_code
            == 422
        )

    # Another account sees nothing of it.
    assert (
        svc.client.get(f"/v2/isometric-tiles/{ids[0]}", headers=svc.headers(other)).status_code
        == 404
    )
    assert (
        svc.client.delete(f"/v2/isometric-tiles/{ids[0]}", headers=svc.headers(other)).status_code
        == 404
    )
    r = svc.client.delete(f"/v2/isometric-tiles/{ids[0]}", headers=svc.headers(key))
    assert r.status_code == 200
    assert r.json()["success"] is True and r.json()["tile_id"] == ids[0]
    assert (
        svc.client.get(f"/v2/isometric-tiles/{ids[0]}", headers=svc.headers(key)).status_code == 404
    )
    assert (
        svc.client.delete(f"/v2/isometric-tiles/{ids[0]}", headers=svc.headers(key)).status_code
        == 404
    )
    assert svc.client.get("/v2/isometric-tiles", headers=svc.headers(key)).json()["total"] == 2


@pytest.mark.parametrize(
    ("width", "height", "cost"), [(16, 16, 1.0), (32, 32, 1.0), (32, 33, 2.0), (64, 64, 2.0)]
)
def test_cost_scales_with_the_canvas(make_service, width: int, height: int, cost: float) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    r = _submit(svc, key, image_size={"width": width, "height": height})
    assert r.status_code == 202 and r.json()["usage"]["generations"] == cost
    with svc.ctx.db.read() as s:
        assert billing.balance(s, key.account_id) == 10 - cost


def test_not_enough_generations_is_402(service) -> None:
    key = service.new_key(generations=0.5)
    assert _submit(service, key).status_code == 402


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"image_size": {"width": 15, "height": 32}}, "width"),
        ({"image_size": {"width": 32, "height": 65}}, "height"),
        ({"image_size": {"width": 32}}, "height"),
        ({"isometric_tile_size": 24}, "isometric_tile_size"),
        ({"isometric_tile_shape": "cube"}, "isometric_tile_shape"),
        ({"outline": "single color black outline"}, "outline"),
        ({"shading": "glossy"}, "shading"),
        ({"detail": "extreme"}, "detail"),
        ({"init_image_strength": 0}, "init_image_strength"),
        ({"init_image_strength": 1000}, "init_image_strength"),
        ({"text_guidance_scale": 0.5}, "text_guidance_scale"),
        ({"text_guidance_scale": 21}, "text_guidance_scale"),
        ({"seed": -1}, "seed"),
        ({"description": ""}, "description"),
        ({"style_images": []}, "style_images"),
        ({"init_image": {"type": "base64", "base64": "not an image"}}, "init_image"),
        ({"color_image": {"type": "base64", "base64": "aGVsbG8="}}, "color_image"),
    ],
)
def test_bad_fields_are_422_naming_the_field(service, fields: dict, field: str) -> None:
    key = service.new_key()
    r = _submit(service, key, **fields)
    assert r.status_code == 422, r.text
    assert any(field in map(str, err["loc"]) for err in r.json()["detail"]), r.json()


def test_missing_description_is_422(service) -> None:
    key = service.new_key()
    r = service.client.post(
        "/v2/create-isometric-tile",
        json={"image_size": {"width": 32, "height": 32}},
        headers=service.headers(key),
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "description"]


def test_a_grid_bigger_than_the_canvas_is_422_naming_both_fields(service) -> None:
    key = service.new_key()
    before = service.client.get("/v2/balance", headers=service.headers(key)).json()
    r = _submit(service, key, image_size={"width": 16, "height": 16}, isometric_tile_size=32)
    assert r.status_code == 422
    [err] = r.json()["detail"]
    assert err["loc"] == ["body", "isometric_tile_size"]
    assert "image_size" in err["msg"] and "32x32" in err["msg"]
    assert service.client.get("/v2/balance", headers=service.headers(key)).json() == before


def test_transparent_color_image_is_422(service) -> None:
    key = service.new_key()
    clear = np.zeros((8, 8, 4), np.uint8)
    r = _submit(service, key, color_image=image_body(clear))
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "color_image"]


def test_color_image_and_init_image_through_the_api(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    palette = np.array([(20, 30, 40), (60, 120, 70), (150, 110, 60), (230, 220, 170)], np.uint8)
    swatch = np.zeros((4, 4, 4), np.uint8)
    swatch[..., 3] = 255
    swatch[..., :3] = palette[np.arange(16).reshape(4, 4) % 4]
    init = np.zeros((32, 32, 4), np.uint8)
    init[8:, 4:28] = (200, 40, 40, 255)
    ids = [
        _submit(svc, key, color_image=image_body(swatch), seed=1).json()["tile_id"],
        _submit(svc, key, init_image=image_body(init), init_image_strength=999, seed=1).json()[
            "tile_id"
        ],
    ]
    svc.ctx.runner.run_pending()
    forced, kept = (
        decode_b64_png(
            svc.client.get(f"/v2/isometric-tiles/{i}", headers=svc.headers(key)).json()["image"][
                "base64"
            ]
        )
        for i in ids
    )
    used = {tuple(c) for c in forced[forced[..., 3] > 0][:, :3].tolist()}
    assert used <= {tuple(c) for c in palette.tolist()}
    assert np.array_equal(kept[..., 3] > 0, init[..., 3] > 0)
    assert (kept[init[..., 3] > 0][:, :3] == (200, 40, 40)).all()
