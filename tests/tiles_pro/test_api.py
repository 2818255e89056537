"""The HTTP surface: submit, 423 then 200, public storage URLs, list, delete, validation
(422 naming the field), style-image rejections, the price ladder and determinism."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import numpy as np
import pytest
from PIL import Image

from pixelkiln.contract.tiles_pro import FEATURE_STYLE_CONFLICT
from tests.conftest import Service, held_jobs, png_b64
from tests.tiles_pro.conftest import rendered

ROADS = {
    "description": "cobblestone road through grass",
    "tile_type": "square_topdown",
    "tile_feature": "roads",
    "seed": 3,
}
GET_KEYS = {"storage_urls", "kind", "tile_rules", "usage"}


def _png(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as im:
        return np.asarray(im.convert("RGBA")).copy()


def _path(url: str) -> str:
    return urlparse(url).path


def _submit(svc: Service, key: Any, body: dict[str, Any]) -> dict[str, Any]:
    r = svc.client.post("/v2/create-tiles-pro", json=body, headers=svc.headers(key))
    assert r.status_code == 202, r.text
    return r.json()


def _done(svc: Service, key: Any, body: dict[str, Any]) -> dict[str, Any]:
    sub = _submit(svc, key, body)
    svc.ctx.runner.run_pending()
    r = svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=svc.headers(key))
    assert r.status_code == 200, r.text
    return r.json()


def test_submit_answers_423_while_drawing_then_200_without_status(
    make_service: Callable[..., Service],
) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    h = svc.headers(key)
    with held_jobs(svc) as run:
        sub = _submit(svc, key, ROADS)
        assert set(sub) == {"background_job_id", "tile_id", "status", "usage"}
        assert sub["status"] == "processing"
        assert (sub["usage"]["type"], sub["usage"]["generations"]) == ("generations", 15)
        for _ in range(2):
            g = svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=h)
            assert g.status_code == 423
            assert int(g.headers["Retry-After"]) >= 1
            assert "still" in g.json()["detail"]
        assert svc.client.delete(f"/v2/tiles-pro/{sub['tile_id']}", headers=h).status_code == 409
        run()
    g = svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=h)
    assert g.status_code == 200
    body = g.json()
    assert set(body) == GET_KEYS and "status" not in body
    assert body["kind"] == "paths"
    assert (body["usage"]["type"], body["usage"]["generations"]) == ("generations", 15)
    assert list(body["storage_urls"]) == [f"tile_{i}" for i in range(18)]
    assert body["tile_rules"]["tiles"] == {f"tile_{m}": m for m in range(16)}
    job = svc.client.get(f"/v2/background-jobs/{sub['background_job_id']}", headers=h).json()
    assert job["status"] == "completed" and job["last_response"]["tile_id"] == sub["tile_id"]


def test_storage_urls_are_public_unguessable_pngs(make_service: Callable[..., Service]) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    body = _done(svc, key, ROADS)
    expected = rendered(ROADS["description"], "square_topdown", "roads", seed=3)
    keys = set()
    for i, url in enumerate(body["storage_urls"].values()):
        name = _path(url).rsplit("/", 1)[-1]
        keys.add(name)
        assert len(name.split(".")[0]) >= 24  # unguessable
        r = svc.client.get(_path(url))  # no Authorization header
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
        assert "immutable" in r.headers["cache-control"]
        assert np.array_equal(_png(r.content), expected.tiles[i])
    assert len(keys) == 18


def test_failed_sets_answer_410_and_are_refunded(
    make_service: Callable[..., Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pixelkiln.service.tiles_pro as service

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("kiln too cold")

    monkeypatch.setattr(service, "render_tiles_pro", broken)
    svc = make_service(runner="manual")
    key = svc.new_key(generations=40)
    sub = _submit(svc, key, ROADS)
    svc.ctx.runner.run_pending()
    g = svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=svc.headers(key))
    assert g.status_code == 410 and "refunded" in g.json()["detail"]
    balance = svc.client.get("/v2/balance", headers=svc.headers(key)).json()
    assert balance["subscription"]["generations"] == 40


def test_list_pages_newest_first_with_the_full_total(make_service: Callable[..., Service]) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=1000)
    h = svc.headers(key)
    ids = [
        _submit(svc, key, {"description": f"1). grass {i}", "tile_type": "hex", "tile_size": 16})[
            "tile_id"
        ]
        for i in range(12)
    ]
    svc.ctx.runner.run_pending()
    page = svc.client.get("/v2/tiles-pro", headers=h).json()
    assert page["total"] == 12 and len(page["tiles"]) == 10  # default limit 10
    assert [t["id"] for t in page["tiles"]] == ids[::-1][:10]
    first = page["tiles"][0]
    assert first == {
        "id": ids[-1],
        "name": None,
        "description": "1). grass 11",
        "tile_type": "hex",
        "tile_size": 16,
        "n_tiles": 1,
        "tile_view": "low top-down",
        "created_at": first["created_at"],
        "status": "completed",
    }
    assert first["created_at"].endswith("Z")
    rest = svc.client.get("/v2/tiles-pro?limit=50&offset=10", headers=h).json()
    assert rest["total"] == 12 and [t["id"] for t in rest["tiles"]] == ids[1::-1]
    for bad in ("limit=51", "limit=0", "offset=-1"):
        assert svc.client.get(f"/v2/tiles-pro?{bad}", headers=h).status_code == 422
    other = svc.new_key()
    assert svc.client.get("/v2/tiles-pro", headers=svc.headers(other)).json()["total"] == 0


def test_delete_removes_the_set_and_its_images(make_service: Callable[..., Service]) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    h = svc.headers(key)
    sub = _submit(svc, key, {"description": "1). sand 2). snow", "tile_type": "octagon"})
    svc.ctx.runner.run_pending()
    urls = svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=h).json()["storage_urls"]
    stranger = svc.new_key()
    gone = svc.client.delete(f"/v2/tiles-pro/{sub['tile_id']}", headers=svc.headers(stranger))
    assert gone.status_code == 404
    assert (
        svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=svc.headers(stranger)).status_code
        == 404
    )
    r = svc.client.delete(f"/v2/tiles-pro/{sub['tile_id']}", headers=h)
    assert r.status_code == 200
    assert r.json()["success"] is True and r.json()["tile_id"] == sub["tile_id"]
    assert svc.client.get(f"/v2/tiles-pro/{sub['tile_id']}", headers=h).status_code == 404
    assert svc.client.delete(f"/v2/tiles-pro/{sub['tile_id']}", headers=h).status_code == 404
    for url in urls.values():
        assert svc.client.get(_path(url)).status_code == 404


# -- validation --------------------------------------------------------------------------


def _style_image(tile: np.ndarray) -> dict[str, Any]:
    return {"base64": png_b64(tile), "width": int(tile.shape[1]), "height": int(tile.shape[0])}


def _error(svc: Service, key: Any, body: dict[str, Any]) -> list[dict[str, Any]]:
    r = svc.client.post("/v2/create-tiles-pro", json=body, headers=svc.headers(key))
    assert r.status_code == 422, (body, r.status_code, r.text)
    return r.json()["detail"]


def test_style_image_errors(service: Service) -> None:
    key = service.new_key()
    tile = rendered("1). stone", "isometric").tiles[0]
    nested = {"description": "grass", "style_images": [{"image": _style_image(tile)}]}
    errors = _error(service, key, nested)
    extra = [e for e in errors if e["type"] == "extra_forbidden"]
    assert extra and extra[0]["loc"] == ["body", "style_images", 0, "image"]
    with_feature = {
        "description": "grass to water",
        "tile_feature": "tileset",
        "style_images": [_style_image(tile)],
    }
    [error] = _error(service, key, with_feature)
    assert error["loc"] == ["body", "tile_feature"]
    assert "connectable features (roads, tileset, building) cannot be combined" in error["msg"]
    assert FEATURE_STYLE_CONFLICT in error["msg"]
    wrong_size = {**_style_image(tile), "width": 7}
    [error] = _error(service, key, {"description": "grass", "style_images": [wrong_size]})
    assert error["loc"] == ["body", "style_images", 0] and "7x24" in error["msg"]
    missing = {"base64": png_b64(tile), "width": 32}
    [error] = _error(service, key, {"description": "grass", "style_images": [missing]})
    assert error["loc"] == ["body", "style_images", 0, "height"] and error["type"] == "missing"
    big = np.zeros((300, 20, 4), np.uint8)
    big[..., 3] = 255
    [error] = _error(service, key, {"description": "grass", "style_images": [_style_image(big)]})
    assert error["loc"] == ["body", "style_images", 0] and "8-256 px" in error["msg"]
    broken = {"base64": "not an image", "width": 1, "height": 1}
    [error] = _error(service, key, {"description": "grass", "style_images": [broken]})
    assert error["loc"] == ["body", "style_images", 0]


def test_style_images_copy_the_reference_through_the_api(
    make_service: Callable[..., Service],
) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    ref = rendered("1). stone", "hex").tiles[0]
    body = _done(
        svc,
        key,
        {
            "description": "1). grass 2). sand",
            "tile_type": "octagon",
            "style_images": [_style_image(ref)],
            "seed": 1,
        },
    )
    assert body["kind"] == "tiles" and body["tile_rules"] is None
    for url in body["storage_urls"].values():
        img = _png(svc.client.get(_path(url)).content)
        assert img.shape == ref.shape
        assert np.array_equal(img[..., 3] > 0, ref[..., 3] > 0)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"tile_size": 8}, "tile_size"),
        ({"tile_size": 200}, "tile_size"),
        ({"tile_type": "triangle"}, "tile_type"),
        ({"tile_view": "bird's eye"}, "tile_view"),
        ({"outline_mode": "sketch"}, "outline_mode"),
        ({"tile_flat_top_px": 1}, "tile_flat_top_px"),
        ({"tile_height": 300}, "tile_height"),
        ({"tile_depth_ratio": 1.5}, "tile_depth_ratio"),
        ({"tile_view_angle": -1}, "tile_view_angle"),
        ({"oblique_lean": 2}, "oblique_lean"),
        ({"building_wall_tiles": 4}, "building_wall_tiles"),
        ({"building_wall_angle": 2}, "building_wall_angle"),
        ({"building_layout": "pile"}, "building_layout"),
        ({"building_wall_description": "x" * 501}, "building_wall_description"),
        ({"tile_feature": "bridges"}, "tile_feature"),
        ({"seed": -1}, "seed"),
        ({"description": "   "}, "description"),
        ({"colour": "red"}, "colour"),
        ({"tile_type": "oblique"}, "tile_type"),
        ({"tile_type": "hex", "tile_feature": "roads"}, "tile_type"),
        ({"tile_type": "octagon", "tile_feature": "building"}, "tile_type"),
        ({"tile_type": "isometric", "tile_feature": "tileset", "tile_size": 16}, "tile_size"),
        ({"tile_type": "square_topdown", "tile_height": 20}, "tile_height"),
    ],
)
def test_bad_fields_are_named(service: Service, change: dict[str, Any], field: str) -> None:
    key = service.new_key()
    errors = _error(service, key, {"description": "grass", **change})
    assert any(e["loc"][:2] == ["body", field] for e in errors), errors


def test_description_is_required(service: Service) -> None:
    key = service.new_key()
    [error] = _error(service, key, {"tile_type": "hex"})
    assert error["loc"] == ["body", "description"] and error["type"] == "missing"


# -- costs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "cost"),
    [
        ({"description": "grass", "tile_size": 32}, 10),  # 8 variations x 32 = 256
        ({"description": "grass", "tile_size": 128}, 10),  # 2 x 128
        (
            {
                "description": "1). a 2). b 3). c 4). d 5). e 6). f 7). g 8). h 9). i",
                "tile_size": 32,
            },
            15,
        ),  # 9 x 32 = 288
        ({"description": "grass to water", "tile_feature": "tileset"}, 15),  # 16 x 32
        ({"description": "stone", "tile_feature": "building", "tile_size": 32}, 15),  # 22 x 32
        (
            {
                "description": "road",
                "tile_feature": "roads",
                "tile_type": "square_topdown",
                "tile_size": 16,
            },
            15,
        ),  # 18 x 16 = 288: a small tile in a large set
        ({"description": "grass to water", "tile_feature": "tileset", "tile_size": 64}, 25),
        ({"description": "grass to water", "tile_feature": "tileset", "tile_type": "hex"}, 25),
        ({"description": " ".join(f"{i}). grass" for i in range(1, 50)), "tile_size": 16}, 25),
    ],
)
def test_price_ladder(service: Service, body: dict[str, Any], cost: int) -> None:
    key = service.new_key(generations=100)
    r = service.client.post("/v2/create-tiles-pro", json=body, headers=service.headers(key))
    assert r.status_code == 202, r.text
    assert r.json()["usage"]["generations"] == cost
    left = service.client.get("/v2/balance", headers=service.headers(key)).json()
    assert left["subscription"]["generations"] == 100 - cost


def test_short_balance_is_402(service: Service) -> None:
    key = service.new_key(generations=12)
    r = service.client.post(
        "/v2/create-tiles-pro",
        json={"description": "grass to water", "tile_feature": "tileset"},
        headers=service.headers(key),
    )
    assert r.status_code == 402 and r.json()["cost"] == 15


def test_same_request_gives_the_same_bytes(make_service: Callable[..., Service]) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    body = {"description": "grass to water", "tile_type": "hex_pointy", "tile_feature": "tileset"}
    first, second = _done(svc, key, body), _done(svc, key, body)
    other = _done(svc, key, {**body, "seed": 12345})
    a = [svc.client.get(_path(u)).content for u in first["storage_urls"].values()]
    b = [svc.client.get(_path(u)).content for u in second["storage_urls"].values()]
    c = [svc.client.get(_path(u)).content for u in other["storage_urls"].values()]
    assert a == b  # no seed sent: derived from the request, so it repeats exactly
    assert a != c
