"""Connected sets share their terrain pixel for pixel; bad connections are 422."""

from __future__ import annotations

import base64

import pytest

from tests.conftest import Service
from tests.tilesets.conftest import finished

A = {
    "lower_description": "ocean",
    "upper_description": "sand",
    "tile_size": {"width": 32, "height": 32},
    "seed": 5,
}


def _tile(body: dict, name: str) -> bytes:
    t = next(t for t in body["tileset"]["tiles"] if t["name"] == name)
    return base64.b64decode(t["image"]["base64"])


def test_connected_sets_share_their_terrain(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    a = finished(svc, key, "/tilesets", A)
    sand = a["metadata"]["terrain_ids"]["upper"]
    b = finished(
        svc,
        key,
        "/tilesets",
        {
            "lower_description": "anything: the linked terrain wins",
            "upper_description": "jungle",
            "lower_base_tile_id": sand,
            "tile_size": {"width": 32, "height": 32},
            "seed": 99,
        },
    )
    assert _tile(b, "wang_0") == _tile(a, "wang_15")
    assert b["metadata"]["terrain_ids"]["lower"] != sand  # each set owns its base tiles
    ocean = a["metadata"]["terrain_ids"]["lower"]
    c = finished(
        svc,
        key,
        "/tilesets",
        {
            "lower_description": "lava",
            "upper_description": "x",
            "upper_base_tile_id": ocean,
            "tile_size": {"width": 32, "height": 32},
            "seed": 1,
        },
    )
    assert _tile(c, "wang_15") == _tile(a, "wang_0")
    # Chains keep working: B's own ids connect too.
    d = finished(
        svc,
        key,
        "/tilesets",
        {
            "lower_description": "x",
            "upper_description": "snow",
            "lower_base_tile_id": b["metadata"]["terrain_ids"]["upper"],
            "tile_size": {"width": 32, "height": 32},
        },
    )
    assert _tile(d, "wang_0") == _tile(b, "wang_15")


def test_sidescroller_connects_to_sidescroller(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    a = finished(svc, key, "/tilesets-sidescroller", {"lower_description": "stone", "seed": 1})
    b = finished(
        svc,
        key,
        "/tilesets-sidescroller",
        {"lower_description": "wood", "lower_base_tile_id": a["metadata"]["terrain_ids"]["lower"]},
    )
    assert _tile(b, "wang_0") == _tile(a, "wang_0")


@pytest.mark.parametrize("field", ["lower_base_tile_id", "upper_base_tile_id"])
def test_bad_connections_are_422_naming_the_field(tileset_service: Service, field: str) -> None:
    svc = tileset_service
    key = svc.new_key()
    h = svc.headers(key)
    a = finished(svc, key, "/tilesets", A)
    tid = a["metadata"]["terrain_ids"]["upper"]
    side = finished(svc, key, "/tilesets-sidescroller", {"lower_description": "stone"})

    def post(body: dict, headers: dict = h) -> dict:
        r = svc.client.post("/v2/tilesets", json=body, headers=headers)
        assert r.status_code == 422, r.text
        (err,) = r.json()["detail"]
        assert err["loc"] == ["body", field]
        return err

    base = {"lower_description": "a", "upper_description": "b", "tile_size": A["tile_size"]}
    post({**base, field: "no-such-id"})
    stranger = svc.headers(svc.new_key())
    post({**base, field: tid}, stranger)  # another account's id is unknown there
    err = post({**base, "mode": "pro", field: tid})
    assert "standard" in err["msg"] and "Pro" in err["msg"]
    err = post({**base, field: side["metadata"]["terrain_ids"]["lower"]})
    assert "sidescroller" in err["msg"]
    err = post({**base, "tile_size": {"width": 16, "height": 16}, field: tid})
    assert "32 px" in err["msg"]
    bal = svc.client.get("/v2/balance", headers=h).json()["subscription"]["generations"]
    assert bal == 2000 - 3 - 3  # rejected submissions cost nothing
    svc.client.delete(f"/v2/tilesets/{a['id']}", headers=h)
    post({**base, field: tid})  # a deleted set's terrains are gone
