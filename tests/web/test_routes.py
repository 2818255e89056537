"""The playground's server side: the page and its files, the quote registry and route, and
the placement helpers of Pro tiles and isometric tiles."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pixelkiln.api.playground import WEB_DIR
from pixelkiln.service.quotes import QUOTES, quote
from tests.conftest import Service, held_jobs, image_body, wait_for

SPRITE = np.zeros((16, 16, 4), np.uint8)
SPRITE[4:12, 4:12] = (200, 60, 40, 255)
SPRITE[6:10, 6:10] = (250, 200, 90, 255)

#: A valid body per charging path, and what it should cost (the families' own prices).
BODIES: list[tuple[str, dict[str, Any], float]] = [
    ("/tilesets", {"lower_description": "water", "upper_description": "sand"}, 2.0),
    (
        "/create-tileset",
        {
            "lower_description": "lava",
            "upper_description": "rock",
            "mode": "pro",
            "tile_size": {"width": 64, "height": 64},
        },
        25.0,
    ),
    ("/tilesets-sidescroller", {"lower_description": "stone bricks"}, 3.0),
    (
        "/create-tiles-pro",
        {
            "description": "road through grass",
            "tile_type": "square_topdown",
            "tile_feature": "roads",
        },
        15.0,
    ),
    (
        "/create-isometric-tile",
        {"description": "grass on top of dirt", "image_size": {"width": 48, "height": 48}},
        2.0,
    ),
    (
        "/create-ui-asset",
        {"description": "wooden panel", "image_size": {"width": 512, "height": 512}},
        40.0,
    ),
    (
        "/generate-ui-v2",
        {"description": "stone button", "image_size": {"width": 256, "height": 192}},
        20.0,
    ),
    ("/reduce-colors", {"images": [image_body(SPRITE)], "num_colors": 4}, 0.1),
    (
        "/vfx",
        {"description": "fire", "image_size": {"width": 64, "height": 64}, "frame_count": 16},
        1.0,
    ),
    ("/generate-8-rotations-v3", {"first_frame": image_body(SPRITE)}, 1.0),
    (
        "/rotate",
        {
            "image_size": {"width": 16, "height": 16},
            "from_image": image_body(SPRITE),
            "to_direction": "east",
        },
        1.0,
    ),
    (
        "/animate-with-text-v3",
        {
            "first_frame": image_body(SPRITE),
            "action": "walk",
            "frame_count": 4,
            "enhance_prompt": True,
        },
        1.05,
    ),
    (
        "/animate-pixminimax",
        {"first_frame": image_body(SPRITE), "description": "idle", "frame_count": 16},
        2.0,
    ),
    (
        "/interpolation-v2",
        {
            "start_image": {"image": image_body(SPRITE), "size": {"width": 16, "height": 16}},
            "end_image": {"image": image_body(SPRITE), "size": {"width": 16, "height": 16}},
            "action": "jump",
            "image_size": {"width": 16, "height": 16},
        },
        20.0,
    ),
    (
        "/create-image-pixflux",
        {"description": "red potion", "image_size": {"width": 32, "height": 32}},
        1.0,
    ),
    (
        "/create-image-pixen",
        {
            "description": "blue gem",
            "image_size": {"width": 32, "height": 32},
            "enhance_prompt": True,
        },
        1.05,
    ),
    (
        "/create-image-pro-flash",
        {"description": "oak tree", "image_size": {"width": 64, "height": 64}},
        5.0,
    ),
]


def _quote(svc: Service, key: Any, path: str, body: dict[str, Any]) -> Any:
    return svc.client.post(
        "/playground/quote", json={"path": path, "body": body}, headers=svc.headers(key)
    )


def _balance(svc: Service, key: Any) -> float:
    body = svc.client.get("/v2/balance", headers=svc.headers(key)).json()
    return float(body["subscription"]["generations"])


def test_page_and_its_modules_are_served(service: Service) -> None:
    page = service.client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/playground/static/js/main.js">' in page.text
    # Every module the page imports (statically, or its previews dynamically) is served.
    seen: set[str] = set()
    todo = [
        "js/main.js",
        *(f"js/previews/{p.name}" for p in (WEB_DIR / "js/previews").glob("*.js")),
    ]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        r = service.client.get(f"/playground/static/{name}")
        assert r.status_code == 200, name
        assert r.headers["content-type"].startswith("text/javascript")
        base = Path(name).parent
        for ref in re.findall(r'from "(\.[^"]+)"', r.text):
            todo.append(str((base / ref).as_posix()).replace("js/previews/../", "js/"))
    assert len(seen) >= 20
    css = service.client.get("/playground/static/style.css")
    assert css.headers["content-type"].startswith("text/css")
    assert "image-rendering: pixelated" in css.text
    assert service.client.get("/playground/static/favicon.svg").status_code == 200


def test_static_files_stay_inside_the_web_folder(service: Service) -> None:
    for name in ("nope.js", "%2e%2e/api/app.py", "..%2F..%2Fconfig.py", "js", "index.txt"):
        assert service.client.get(f"/playground/static/{name}").status_code == 404, name


def test_the_playground_is_outside_the_v2_openapi(service: Service) -> None:
    doc = service.client.get("/v2/openapi.json").json()
    assert not [p for p in doc["paths"] if p == "/" or p.startswith("/playground")]
    assert service.client.get("/openapi.json").status_code == 404


def test_every_post_of_the_api_has_a_quote(service: Service) -> None:
    key = service.new_key()
    doc = service.client.get("/v2/openapi.json").json()
    posts = {path for path, item in doc["paths"].items() if "post" in item}
    listed = service.client.get("/playground/quotes", headers=service.headers(key)).json()
    assert set(listed["paths"]) == posts == set(QUOTES)


@pytest.mark.parametrize(("path", "body", "cost"), BODIES, ids=[b[0] for b in BODIES])
def test_the_quote_is_what_the_submission_charges(
    make_service: Any, path: str, body: dict[str, Any], cost: float
) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    r = _quote(svc, key, path, body)
    assert r.status_code == 200, r.text
    assert r.json() == {"cost": cost, "balance": 100.0}
    assert quote(path, body) == cost
    # Quoting charges nothing; sending the same body charges exactly the quote.
    assert _balance(svc, key) == 100.0
    sent = svc.client.post(f"/v2{path}", json=body, headers=svc.headers(key))
    assert sent.status_code in (200, 202), sent.text
    assert _balance(svc, key) == pytest.approx(100.0 - cost)


def test_a_bad_field_is_a_422_naming_it(service: Service) -> None:
    key = service.new_key()
    r = _quote(
        service,
        key,
        "/tilesets",
        {"lower_description": "a", "upper_description": "b", "transition_size": 0.3},
    )
    assert r.status_code == 422
    (err,) = r.json()["detail"]
    assert err["loc"] == ["body", "transition_size"]
    assert "0, 0.25, 0.5, 1" in err["msg"]
    assert "input" not in err
    # The same error the endpoint itself answers.
    sent = service.client.post(
        "/v2/tilesets",
        json={"lower_description": "a", "upper_description": "b", "transition_size": 0.3},
        headers=service.headers(key),
    )
    assert sent.json()["detail"][0]["loc"] == err["loc"]

    r = _quote(
        service,
        key,
        "/create-ui-asset",
        {"description": "x", "pieces": [{"id": "a", "kind": "circle", "x": 10, "y": 10}]},
    )
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "pieces", 0, "circle", "r"]

    r = _quote(service, key, "/reduce-colors", {"images": [{"base64": "bm90IGFuIGltYWdl"}]})
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"][:3] == ["body", "images", 0]

    # A quote function's own refusal (a tile type without that feature) names its field.
    r = _quote(
        service,
        key,
        "/create-tiles-pro",
        {"description": "x", "tile_type": "hex", "tile_feature": "roads"},
    )
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "tile_type"]


def test_the_quote_needs_a_key_and_a_known_path(service: Service) -> None:
    r = service.client.post("/playground/quote", json={"path": "/tilesets", "body": {}})
    assert r.status_code == 401
    assert r.headers["WWW-Authenticate"] == "Bearer"
    assert service.client.get("/playground/quotes").status_code == 401
    key = service.new_key()
    r = _quote(service, key, "/create-spaceship", {})
    assert r.status_code == 404
    assert r.json() == {"detail": "No quote for /create-spaceship"}
    r = service.client.post("/playground/quote", json={"body": {}}, headers=service.headers(key))
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "path"]


def test_pro_tiles_layout(make_service: Any) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    kit = svc.client.post(
        "/v2/create-tiles-pro",
        json={"description": "stone house", "tile_type": "isometric", "tile_feature": "building"},
        headers=svc.headers(key),
    ).json()["tile_id"]
    with held_jobs(svc) as run:
        r = svc.client.get(f"/playground/tiles-pro/{kit}/layout", headers=svc.headers(key))
        assert r.status_code == 423
        assert r.headers["Retry-After"] == "1"
        run()
    r = svc.client.get(f"/playground/tiles-pro/{kit}/layout", headers=svc.headers(key))
    assert r.status_code == 200
    layout = r.json()
    assert layout["kind"] == "building"
    assert layout["tile_type"] == "isometric"
    assert layout["face"] == {"width": 32, "height": 16}
    assert layout["neighbours"] == [[-8, 16], [8, 16], [8, -16], [-8, -16]]
    assert layout["names"][16:18] == ["doorway_we", "doorway_ns"]
    dy, _dx = layout["offset"]
    assert dy < 0 and layout["canvas"]["height"] > 16
    assert layout["tile_rules"]["tiles"]["tile_5"] == 5
    other = svc.new_key()
    r = svc.client.get(f"/playground/tiles-pro/{kit}/layout", headers=svc.headers(other))
    assert r.status_code == 404


def test_hex_coastline_layout(service: Service) -> None:
    key = service.new_key()
    coast = service.client.post(
        "/v2/create-tiles-pro",
        json={"description": "sand to water", "tile_type": "hex", "tile_feature": "tileset"},
        headers=service.headers(key),
    ).json()["tile_id"]
    url = f"/playground/tiles-pro/{coast}/layout"
    wait_for(lambda: service.client.get(url, headers=service.headers(key)).status_code == 200)
    layout = service.client.get(url, headers=service.headers(key)).json()
    assert layout["kind"] == "coastline"
    assert layout["face"] == {"width": 32, "height": 24}
    # Six neighbours, edge k facing 30° + 60k: the north one is straight up.
    assert len(layout["neighbours"]) == 6
    assert layout["neighbours"][1] == [-24, 0]
    # Sets without rules have a lattice too (their tiles mix); octagons have none.
    for tile_type, face in (("square_topdown", {"width": 32, "height": 32}), ("octagon", None)):
        plain = service.client.post(
            "/v2/create-tiles-pro",
            json={"description": "grass", "tile_type": tile_type},
            headers=service.headers(key),
        ).json()["tile_id"]
        url = f"/playground/tiles-pro/{plain}/layout"
        wait_for(
            lambda u=url: service.client.get(u, headers=service.headers(key)).status_code == 200
        )
        layout = service.client.get(url, headers=service.headers(key)).json()
        assert layout["kind"] == "tiles"
        assert layout["tile_rules"] is None
        assert layout.get("face") == face


def test_isometric_placement(make_service: Any) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    tile = svc.client.post(
        "/v2/create-isometric-tile",
        json={
            "description": "snow over rock",
            "image_size": {"width": 32, "height": 32},
            "isometric_tile_size": 32,
        },
        headers=svc.headers(key),
    ).json()["tile_id"]
    url = f"/playground/isometric-tiles/{tile}/placement"
    with held_jobs(svc) as run:
        assert svc.client.get(url, headers=svc.headers(key)).status_code == 423
        run()
    place = svc.client.get(url, headers=svc.headers(key)).json()
    assert place["isometric_tile_size"] == 32
    assert place["width"] == place["height"] == 32
    assert set(place["footprint_origin"]) == {"x", "y"}
    assert place["side_height"] == 16
    assert svc.client.get(url, headers=svc.headers(svc.new_key())).status_code == 404
