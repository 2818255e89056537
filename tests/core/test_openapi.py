"""The published document: valid OpenAPI 3.1, every secured operation refuses a missing key,
and schemathesis finds no server error and no accepted invalid body."""

from __future__ import annotations

import re
import uuid

import pytest
from openapi_spec_validator import validate

#: Operations that need no key (the document and docs page are outside the paths).
PUBLIC = {
    ("get", "/llms.txt"),
    # The contract's character exports: the random character id is the access key.
    ("get", "/characters/{character_id}/spritesheet"),
    ("get", "/characters/{character_id}/zip"),
}


@pytest.fixture
def openapi(service) -> dict:
    r = service.client.get("/v2/openapi.json")
    assert r.status_code == 200
    return r.json()


def operations(doc: dict):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield method, path, op


def test_document_validates_and_uses_v2_server(openapi) -> None:
    validate(openapi)
    assert openapi["openapi"].startswith("3.1")
    assert openapi["servers"] == [{"url": "/v2"}]
    assert openapi["components"]["securitySchemes"]["HTTPBearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer <API key>`",
    }
    ids = [op["operationId"] for _, _, op in operations(openapi)]
    assert len(ids) == len(set(ids))
    for method, path, op in operations(openapi):
        assert op.get("summary"), f"{method} {path} has no summary"
        assert op.get("tags"), f"{method} {path} has no tag"
        secured = op.get("security") == [{"HTTPBearer": []}]
        assert secured != ((method, path) in PUBLIC), f"{method} {path} security"
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        if body:
            ref = body["schema"].get("$ref", "")
            schema = (
                openapi["components"]["schemas"][ref.rsplit("/", 1)[-1]] if ref else body["schema"]
            )
            assert schema.get("example") or schema.get("examples"), f"{method} {path}: no example"


def test_files_and_health_are_outside_the_document(openapi, service) -> None:
    assert not any(p.startswith(("/files", "/healthz")) for p in openapi["paths"])
    assert service.client.get("/healthz").json()["status"] == "ok"
    assert service.client.get("/v2/docs").status_code == 200


def test_every_secured_operation_needs_a_key(openapi, service) -> None:
    revoked = service.new_key()
    from pixelkiln.service.accounts import revoke_key

    revoke_key(service.ctx.db, revoked.key_id)
    bad_headers = [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "Bearer pk_notarealkeyatall_" + "x" * 40},
        service.headers(revoked),
    ]
    checked = 0
    for method, path, _op in operations(openapi):
        if (method, path) in PUBLIC:
            continue
        url = "/v2" + re.sub(r"\{[^}]+\}", str(uuid.uuid4()), path)
        for headers in bad_headers:
            kwargs = {"headers": headers}
            if method in ("post", "put", "patch"):
                kwargs["json"] = {}
            r = service.client.request(method.upper(), url, **kwargs)
            assert r.status_code == 401, f"{method} {path} with {headers}: {r.status_code}"
            assert r.json()["detail"]
            assert r.headers["www-authenticate"] == "Bearer"
            checked += 1
    assert checked >= 2 * len(bad_headers)


def test_llms_txt_indexes_every_operation(openapi, service) -> None:
    r = service.client.get("/v2/llms.txt")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    for method, path, _ in operations(openapi):
        assert f"`{method.upper()} /v2{path}`" in r.text
    for tag in {op["tags"][0] for _, _, op in operations(openapi)}:
        assert f"## {tag}" in r.text
    assert "Authorization: Bearer" in r.text and "423" in r.text
