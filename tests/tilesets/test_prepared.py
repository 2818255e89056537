"""A finished tileset's JSON answer is encoded once and served as stored: the same bytes
FastAPI's own encoding of the response model gives, an ETag and 304 for a repeated read,
and never a stale answer once the set changes, its charge changes or it is deleted."""

from __future__ import annotations

import copy
from collections.abc import Callable

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from pixelkiln.api.timefmt import iso
from pixelkiln.contract.tilesets import TilesetResponse
from pixelkiln.service import tilesets as svc
from pixelkiln.service.accounts import Auth
from pixelkiln.store.models import Asset, LedgerEntry
from tests.conftest import Service, held_jobs

BODY = {
    "lower_description": "grass",
    "upper_description": "dirt path",
    "tile_size": {"width": 16, "height": 16},
    "seed": 3,
}


def _fastapi_bytes(service: Service, auth: Auth, tileset_id: str) -> bytes:
    """What a route returning the body with ``response_model=TilesetResponse`` writes."""
    app = FastAPI()

    @app.get("/t", response_model=TilesetResponse)
    def route() -> object:
        view = svc.get_tileset(service.ctx, auth, tileset_id)
        return svc.tileset_body(view, iso(view.created_at))

    return TestClient(app).get("/t").content


def test_prepared_answer_is_fastapis_bytes_with_etag_and_304(
    make_service: Callable[..., Service],
) -> None:
    service = make_service(runner="manual")
    key = service.new_key()
    h = service.headers(key)
    with held_jobs(service) as run:
        r = service.client.post("/v2/tilesets", json=BODY, headers=h)
        tid = r.json()["tileset_id"]
        first = service.client.get(f"/v2/tilesets/{tid}", headers=h)
        assert first.status_code == 423 and first.headers["retry-after"] == "1"
        assert "etag" not in first.headers
        run()
    auth = Auth(account_id=key.account_id, key_id=key.key_id)
    g = service.client.get(f"/v2/tilesets/{tid}", headers=h)
    assert g.status_code == 200
    assert g.headers["content-type"] == "application/json"
    assert g.content == _fastapi_bytes(service, auth, tid)
    etag = g.headers["etag"]
    again = service.client.get(f"/v2/tilesets/{tid}", headers=h)
    assert again.content == g.content and again.headers["etag"] == etag
    for match in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        nm = service.client.get(f"/v2/tilesets/{tid}", headers={**h, "If-None-Match": match})
        assert nm.status_code == 304 and nm.content == b"" and nm.headers["etag"] == etag
    other = service.client.get(f"/v2/tilesets/{tid}", headers={**h, "If-None-Match": '"x"'})
    assert other.status_code == 200 and other.content == g.content
    # A 304 is the caller's alone: another account still reads a 404.
    stranger = service.headers(service.new_key())
    nm = service.client.get(f"/v2/tilesets/{tid}", headers={**stranger, "If-None-Match": etag})
    assert nm.status_code == 404

    # A change to the row is a new answer, never the stored one.
    with service.ctx.db.write() as s:
        asset = s.get(Asset, tid)
        assert asset is not None and asset.result is not None
        result = copy.deepcopy(asset.result)
        result["tileset"]["tiles"][0]["name"] = "changed"
        asset.result = result
    changed = service.client.get(f"/v2/tilesets/{tid}", headers={**h, "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert changed.json()["tileset"]["tiles"][0]["name"] == "changed"
    assert changed.content == _fastapi_bytes(service, auth, tid)

    # So is a change to what the set cost (its usage).
    with service.ctx.db.write() as s:
        job_id = s.scalar(select(Asset.job_id).where(Asset.id == tid))
        refund = LedgerEntry(account_id=key.account_id, amount_milli=500, kind="adjust")
        s.add(refund)
        refund.job_id = job_id
    cheaper = service.client.get(f"/v2/tilesets/{tid}", headers=h).json()
    assert cheaper["usage"]["generations"] == g.json()["usage"]["generations"] - 0.5

    # And a deleted set is gone, ETag or not.
    assert service.client.delete(f"/v2/tilesets/{tid}", headers=h).status_code == 200
    gone = service.client.get(f"/v2/tilesets/{tid}", headers={**h, "If-None-Match": etag})
    assert gone.status_code == 404


def test_openapi_documents_304_on_the_json_gets(service: Service) -> None:
    paths = service.client.get("/v2/openapi.json").json()["paths"]
    for path in ("/tilesets/{tileset_id}", "/tilesets-sidescroller/{tileset_id}"):
        responses = paths[path]["get"]["responses"]
        assert "304" in responses and "423" in responses and "200" in responses
