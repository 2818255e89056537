"""Every finished resource served from a prepared encoding (tilesets, Pro tiles, isometric
tiles) answers the bytes FastAPI's own encoding of its response model gives, with an ETag
and 304 for a repeated read; Pro tiles' URLs follow the public root they are read from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from pixelkiln.api.timefmt import iso
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


def test_background_job_answers(make_service: Callable[..., Service]) -> None:
    """A job's poll: processing while it runs; once finished, the body the response model
    gives, encoded once, with ETag and 304; a refund (a new ledger row) is never hidden
    behind the stored answer; another account's job is a 404."""
    from pixelkiln.contract.jobs import BackgroundJobResponse
    from pixelkiln.store.models import Job, LedgerEntry

    service = make_service(runner="manual")
    key = service.new_key()
    h = service.headers(key)
    body = {"description": "wooden button", "image_size": {"width": 32, "height": 32}}
    job_id = service.client.post("/v2/generate-ui-v2", json=body, headers=h).json()[
        "background_job_id"
    ]
    url = f"/v2/background-jobs/{job_id}"
    running = service.client.get(url, headers=h)
    assert running.status_code == 200
    assert running.json()["status"] == "processing" and running.json()["last_response"] is None
    service.ctx.runner.run_pending()  # type: ignore[attr-defined]
    done = service.client.get(url, headers=h)
    assert done.status_code == 200 and done.json()["status"] == "completed"
    with service.ctx.db.read() as s:
        job = s.get(Job, job_id)
        assert job is not None
        reference = BackgroundJobResponse(
            id=job.id,
            status="completed",
            created_at=iso(job.created_at),
            last_response=job.last_response,
            usage={"type": "generations", "generations": done.json()["usage"]["generations"]},
            progress_percent=100,
        )
        account = job.account_id
    assert done.content == reference.model_dump_json(by_alias=True).encode()
    assert done.json()["last_response"]["images"]  # the picture is in the answer
    etag = done.headers["etag"]
    again = service.client.get(url, headers={**h, "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    charged = done.json()["usage"]["generations"]
    with service.ctx.db.write() as s:
        s.add(LedgerEntry(account_id=account, amount_milli=round(charged * 1000),
                          kind="refund", job_id=job_id))  # fmt: skip
    refunded = service.client.get(url, headers={**h, "If-None-Match": etag})
    assert refunded.status_code == 200 and refunded.json()["usage"]["generations"] == 0
    assert refunded.headers["etag"] != etag
    other = service.headers(service.new_key(name="other"))
    assert service.client.get(url, headers=other).status_code == 404
