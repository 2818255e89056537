"""Shared helpers of the tileset tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import Service, wait_for


def finished(svc: Service, key: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """Submit ``body`` to ``path``, wait for the set, return its GET body."""
    r = svc.client.post(f"/v2{path}", json=body, headers=svc.headers(key))
    assert r.status_code == 202, r.text
    tid = r.json()["tileset_id"]

    def done() -> bool:
        return svc.client.get(f"/v2/tilesets/{tid}", headers=svc.headers(key)).status_code != 423

    wait_for(done, timeout=60)
    g = svc.client.get(f"/v2/tilesets/{tid}", headers=svc.headers(key))
    assert g.status_code == 200, g.text
    return g.json()


@pytest.fixture
def tileset_service(make_service: Callable[..., Service]) -> Service:
    return make_service()
