"""The tileset endpoints: submit, 423 then 200, shapes, costs, aliases, lists, deletes."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.wang.corners import NATIVE_ORDER
from tests.conftest import Service, held_jobs, wait_for
from tests.tilesets.conftest import finished

BIT = {"NW": 8, "NE": 4, "SW": 2, "SE": 1}
VAL = {"lower": 0, "upper": 1, "transition": 2}
OCEAN = {
    "lower_description": "ocean",
    "upper_description": "sand",
    "transition_description": "wet sand with foam",
    "transition_size": 0.25,
    "tile_size": {"width": 16, "height": 16},
    "seed": 11,
}


def _img(tile: dict[str, Any]) -> np.ndarray:
    data = base64.b64decode(tile["image"]["base64"])
    with Image.open(io.BytesIO(data)) as im:
        return np.asarray(im.convert("RGBA")).copy()


def _check_tiles(body: dict[str, Any], size: int) -> None:
    ts = body["tileset"]
    assert ts["total_tiles"] == len(ts["tiles"])
    assert ts["tile_size"] == {"width": size, "height": size}
    for t in ts["tiles"]:
        c, p = t["corners"], t["pattern_4x4"]
        assert p["row_1"][1:3] == [VAL[c["NW"]], VAL[c["NE"]]]
        assert p["row_2"][1:3] == [VAL[c["SW"]], VAL[c["SE"]]]
        assert p["row_1"][0] == p["row_1"][3] == 255
        if all(v in ("lower", "upper") for v in c.values()):
            n = sum(BIT[k] for k in BIT if c[k] == "upper")
            assert t["name"] == f"wang_{n}"
        assert _img(t).shape == (size, size, 4)
        assert t["connections"] is None


def test_submit_answers_423_then_the_full_tileset(make_service: Callable[..., Service]) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    h = svc.headers(key)
    with held_jobs(svc) as run:
        r = svc.client.post("/v2/tilesets", json=OCEAN, headers=h)
        assert r.status_code == 202
        sub = r.json()
        assert sub["status"] == "processing"
        assert sub["usage"] == {"type": "generations", "generations": 2.0, "usd": 0.0}
        g = svc.client.get(f"/v2/tilesets/{sub['tileset_id']}", headers=h)
        assert g.status_code == 423
        assert int(g.headers["Retry-After"]) >= 1
        run()
    g = svc.client.get(f"/v2/tilesets/{sub['tileset_id']}", headers=h)
    assert g.status_code == 200
    body = g.json()
    assert body["status"] == "completed"
    assert body["usage"]["generations"] == 2.0
    _check_tiles(body, 16)
    names = [t["name"] for t in body["tileset"]["tiles"]]
    assert names == [f"wang_{n}" for n in NATIVE_ORDER]
    md = body["metadata"]
    assert md["edge_types"] == ["lower", "upper"]
    assert md["terrain_prompts"]["transition"] == "wet sand with foam"
    assert set(md["terrain_ids"]) == {"lower", "upper"}
    assert md["transition_size"] == 0.25 and md["view"] == "high top-down"
    assert md["created_at"].endswith("Z")
    by_name = {t["name"]: t for t in body["tileset"]["tiles"]}
    assert by_name["wang_0"]["id"] == md["terrain_ids"]["lower"]
    assert by_name["wang_15"]["id"] == md["terrain_ids"]["upper"]
    job = svc.client.get(f"/v2/background-jobs/{sub['background_job_id']}", headers=h).json()
    assert job["status"] == "completed"


def test_alias_and_current_path_give_identical_bytes(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    a = finished(svc, key, "/tilesets", OCEAN)
    b = finished(svc, key, "/create-tileset", OCEAN)
    assert [t["image"]["base64"] for t in a["tileset"]["tiles"]] == [
        t["image"]["base64"] for t in b["tileset"]["tiles"]
    ]
    other = finished(svc, key, "/tilesets", {**OCEAN, "seed": 12})
    assert [t["image"]["base64"] for t in a["tileset"]["tiles"]] != [
        t["image"]["base64"] for t in other["tileset"]["tiles"]
    ]


def test_default_seed_is_derived_from_the_request(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = {k: v for k, v in OCEAN.items() if k != "seed"}
    a = finished(svc, key, "/tilesets", body)
    b = finished(svc, key, "/tilesets", body)
    assert a["tileset"]["tiles"][0]["image"] == b["tileset"]["tiles"][0]["image"]
    assert (
        a["metadata"]["generation_parameters"]["seed"]
        == b["metadata"]["generation_parameters"]["seed"]
    )


@pytest.mark.parametrize(
    ("body", "cost"),
    [
        ({"tile_size": {"width": 16, "height": 16}}, 2.0),
        ({"tile_size": {"width": 32, "height": 32}}, 3.0),
        ({"mode": "pro", "tile_size": {"width": 16, "height": 16}}, 15.0),
        ({"mode": "pro", "tile_size": {"width": 32, "height": 32}}, 15.0),
        ({"mode": "pro", "tile_size": {"width": 64, "height": 64}}, 25.0),
    ],
)
def test_costs(make_service: Callable[..., Service], body: dict[str, Any], cost: float) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    r = svc.client.post(
        "/v2/tilesets",
        json={"lower_description": "grass", "upper_description": "dirt", **body},
        headers=svc.headers(key),
    )
    assert r.status_code == 202
    assert r.json()["usage"]["generations"] == cost
    bal = svc.client.get("/v2/balance", headers=svc.headers(key)).json()
    assert bal["subscription"]["generations"] == 100 - cost


def test_pro_64_at_half_is_the_tall_wall_layout(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = finished(
        svc,
        key,
        "/tilesets",
        {
            "mode": "pro",
            "lower_description": "grass",
            "upper_description": "dry grass",
            "tile_size": {"width": 64, "height": 64},
            "transition_size": 0.5,
            "seed": 3,
        },
    )
    _check_tiles(body, 64)
    tiles = body["tileset"]["tiles"]
    assert len(tiles) == 25
    assert body["tileset"]["terrain_types"] == ["lower", "upper", "transition"]
    corners = [tuple(t["corners"][k] for k in ("NW", "NE", "SW", "SE")) for t in tiles]
    assert len(set(corners)) == 21
    patterns = [tuple(map(tuple, t["pattern_4x4"].values())) for t in tiles]
    assert len(set(patterns)) == 25  # twins told apart by pattern_4x4
    assert sum(1 for c in set(corners) if corners.count(c) == 2) == 4
    assert body["metadata"]["transition_size"] == 1.0
    assert body["metadata"]["generation_parameters"]["requested_transition_size"] == 0.5
    png = svc.client.get(f"/v2/tilesets/{body['id']}?format=png", headers=svc.headers(key))
    with Image.open(io.BytesIO(png.content)) as im:
        assert im.size == (256, 512)


def test_pro_32_at_half_has_16_tiles(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = finished(
        svc,
        key,
        "/tilesets",
        {
            "mode": "pro",
            "lower_description": "lava",
            "upper_description": "volcanic rock",
            "tile_size": {"width": 32, "height": 32},
            "transition_size": 0.5,
            "seed": 3,
        },
    )
    assert body["tileset"]["total_tiles"] == 16
    _check_tiles(body, 32)


def test_sidescroller(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    h = svc.headers(key)
    req = {
        "lower_description": "stone brick platform",
        "transition_description": "moss",
        "transition_size": 0.25,
        "tile_size": {"width": 16, "height": 16},
        "seed": 2,
    }
    r = svc.client.post("/v2/tilesets-sidescroller", json=req, headers=h)
    assert r.status_code == 202
    sub = r.json()
    assert sub["usage"] is None and sub["status"] == "processing"
    body = finished(svc, key, "/create-tileset-sidescroller", req)
    assert body["usage"] is None
    _check_tiles(body, 16)
    assert body["tileset"]["terrain_types"] == ["central", "background"]
    md = body["metadata"]
    assert md["view"] == "side" and md["transition_size"] == 0.0
    assert set(md["terrain_ids"]) == {"lower"}
    by = {t["name"]: _img(t) for t in body["tileset"]["tiles"]}
    assert (by["wang_15"][..., 3] == 0).all()
    assert (by["wang_0"][..., 3] == 255).all()
    job = svc.client.get(f"/v2/background-jobs/{sub['background_job_id']}", headers=h).json()
    assert job["usage"]["generations"] == 3.0
    side_url = f"/v2/tilesets-sidescroller/{sub['tileset_id']}"
    # The first submission runs beside the one waited for above and may finish after it.
    wait_for(lambda: svc.client.get(side_url, headers=h).status_code != 423, timeout=60)
    side = svc.client.get(side_url, headers=h)
    assert side.status_code == 200 and side.json()["usage"] is None
    top = finished(svc, key, "/tilesets", OCEAN)
    assert svc.client.get(f"/v2/tilesets-sidescroller/{top['id']}", headers=h).status_code == 404
    big = svc.client.post(
        "/v2/tilesets-sidescroller",
        json={**req, "tile_size": {"width": 32, "height": 32}},
        headers=h,
    )
    job32 = svc.client.get(f"/v2/background-jobs/{big.json()['background_job_id']}", headers=h)
    assert job32.json()["usage"]["generations"] == 4.0


def test_lists_and_deletes(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    h = svc.headers(key)
    top = finished(svc, key, "/tilesets", OCEAN)
    side = finished(svc, key, "/tilesets-sidescroller", {"lower_description": "dirt", "seed": 1})
    both = svc.client.get("/v2/tilesets", headers=h).json()
    assert both["total"] == 2
    assert {t["kind"] for t in both["tilesets"]} == {"top-down", "sidescroller"}
    page = svc.client.get("/v2/tilesets?limit=1&offset=1", headers=h).json()
    assert len(page["tilesets"]) == 1 and page["total"] == 2
    only = svc.client.get("/v2/tilesets-sidescroller", headers=h).json()
    assert only["total"] == 1 and only["tilesets"][0]["id"] == side["id"]
    assert svc.client.get("/v2/tilesets?limit=101", headers=h).status_code == 422
    assert svc.client.get("/v2/tilesets-sidescroller?limit=51", headers=h).status_code == 422
    # Another account sees nothing.
    other = svc.headers(svc.new_key())
    assert svc.client.get(f"/v2/tilesets/{top['id']}", headers=other).status_code == 404
    assert svc.client.get("/v2/tilesets", headers=other).json()["total"] == 0
    # A top-down id is not a sidescroller.
    d = svc.client.delete(f"/v2/tilesets-sidescroller/{top['id']}", headers=h)
    assert d.status_code == 404
    d = svc.client.delete(f"/v2/tilesets/{top['id']}", headers=h)
    assert d.status_code == 200 and d.json() == {
        "success": True,
        "error": None,
        "tileset_id": top["id"],
        "usage": None,
    }
    assert svc.client.get(f"/v2/tilesets/{top['id']}", headers=h).status_code == 404
    d = svc.client.delete(f"/v2/tilesets-sidescroller/{side['id']}", headers=h)
    assert d.status_code == 200
    assert svc.client.get("/v2/tilesets", headers=h).json()["total"] == 0


def test_failed_set_answers_410(make_service: Callable[..., Service]) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    h = svc.headers(key)
    with held_jobs(svc) as run:
        r = svc.client.post("/v2/tilesets", json=OCEAN, headers=h).json()
        from pixelkiln.store.models import Job

        with svc.ctx.db.write() as s:
            job = s.get(Job, r["background_job_id"])
            assert job is not None
            terrains = {**job.payload["terrains"]}
            terrains["lower"] = {**terrains["lower"], "tile": 4}  # the engine refuses 4 px
            job.payload = {**job.payload, "terrains": terrains}
        run()
    g = svc.client.get(f"/v2/tilesets/{r['tileset_id']}", headers=h)
    assert g.status_code == 410
    bal = svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"]
    assert bal == 2000
