"""Every finished resource served from a prepared encoding (tilesets, Pro tiles, isometric
tiles) answers the bytes FastAPI's own encoding of its response model gives, with an ETag
and 304 for a repeated read; Pro tiles' URLs follow the public root they are read from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from pixelkiln.api.v2.tiles_pro import _tiles_body
from pixelkiln.contract.isometric import CreateIsometricTileResponse
from pixelkiln.contract.tiles_pro import GetTilesProResponse
from pixelkiln.service import isometric
from pixelkiln.service.accounts import Auth
from pixelkiln.service.tiles_pro import get_tiles
from tests.conftest import Service

CASES = {
    "tiles-pro": (
        "/v2/create-tiles-pro",
        {"description": "cobblestone road through grass", "tile_type": "square_topdown",
         "tile_feature": "roads", "seed": 3},
        "tile_id",
        "/v2/tiles-pro/{}",
    ),
    "isometric": (
        "/v2/create-isometric-tile",
        {"description": "grass on top of dirt", "image_size": {"width": 32, "height": 32}},
        "tile_id",
        "/v2/isometric-tiles/{}",
    ),
}  # fmt: skip


def _reference(service: Service, family: str, auth: Auth, rid: str) -> bytes:
    """What the route gave before: its body through ``response_model``."""
    app = FastAPI()
    app.state.container = service.ctx
    if family == "tiles-pro":

        @app.get("/v2/t", response_model=GetTilesProResponse)
        def tiles(request: Request) -> Any:
            return _tiles_body(get_tiles(service.ctx, auth, rid), request)

    else:

        @app.get("/v2/t", response_model=CreateIsometricTileResponse)
        def tile() -> Any:
            return isometric.get_isometric_tile(service.ctx, auth, rid)

    return TestClient(app).get("/v2/t").content


@pytest.mark.parametrize("family", sorted(CASES))
def test_prepared_answers(make_service: Callable[..., Service], family: str) -> None:
    submit, body, id_field, get = CASES[family]
    service = make_service(runner="manual")
    key = service.new_key()
    h = service.headers(key)
    rid = service.client.post(submit, json=body, headers=h).json()[id_field]
    assert service.client.get(get.format(rid), headers=h).status_code == 423
    service.ctx.runner.run_pending()  # type: ignore[attr-defined]
    g = service.client.get(get.format(rid), headers=h)
    assert g.status_code == 200
    auth = Auth(account_id=key.account_id, key_id=key.key_id)
    assert g.content == _reference(service, family, auth, rid)
    etag = g.headers["etag"]
    nm = service.client.get(get.format(rid), headers={**h, "If-None-Match": etag})
    assert nm.status_code == 304 and nm.content == b""
    if family == "tiles-pro":  # another public root: other URLs, never the stored ones
        other = service.client.get(
            get.format(rid), headers={**h, "Host": "pixels.example", "If-None-Match": etag}
        )
        assert other.status_code == 200 and other.headers["etag"] != etag
        assert all(u.startswith("http://pixels.example/files/") for u in
                   other.json()["storage_urls"].values())  # fmt: skip
    assert service.client.delete(get.format(rid), headers=h).status_code == 200
    assert service.client.get(get.format(rid), headers=h).status_code == 404
    path = get.format("{x}").removeprefix("/v2")
    spec = service.client.get("/v2/openapi.json").json()["paths"]
    responses = next(v for k, v in spec.items() if k.startswith(path.split("{")[0]) and "{" in k)
    assert "304" in responses["get"]["responses"]
