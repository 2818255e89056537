"""Prices: ``GET /pro-flash/cost``, and the playground's quote of every character path
equal to what the submission charges (or the rule, when the price needs the character)."""

from __future__ import annotations

from typing import Any

import pytest

from pixelkiln.service.characters import costs
from tests.characters.conftest import SMALL, balance, create, post


def test_pro_flash_cost_by_stage(svc) -> None:
    key = svc.new_key()
    r = svc.client.get(
        "/v2/pro-flash/cost?operation=character&width=64&height=64", headers=svc.headers(key)
    )
    assert r.status_code == 200
    body = r.json()
    assert body["billing_stages"] == [
        {"stage": "first_image", "generations": 5.0, "reused": False},
        {"stage": "rotations", "generations": 1.0},
    ]
    assert body["estimated_generations"] == 6.0 and body["provisional"] is True
    assert "only the rotations" in body["reuse"]
    big = svc.client.get(
        "/v2/pro-flash/cost?operation=object&width=256&height=256&n_directions=8",
        headers=svc.headers(key),
    ).json()
    assert big["billing_stages"][1]["generations"] == 8.0  # ceil(256*256*8/65536)
    one = svc.client.get(
        "/v2/pro-flash/cost?operation=object&width=64&height=64&n_directions=1",
        headers=svc.headers(key),
    ).json()
    assert one["billing_stages"][1] == {"stage": "finalize", "generations": 0.0}
    for bad in (
        "operation=paint&width=1&height=1",
        "operation=edit&width=0&height=4",
        "operation=edit&width=4",
        "operation=object&width=4&height=4&n_directions=4",
    ):
        assert (
            svc.client.get(f"/v2/pro-flash/cost?{bad}", headers=svc.headers(key)).status_code == 422
        )
    assert svc.client.get("/v2/pro-flash/cost?operation=edit&width=4&height=4").status_code == 401


def test_the_pro_ladder() -> None:
    assert [costs.pro_cost(s, s) for s in (32, 64, 65, 128, 129, 168)] == [20, 20, 25, 25, 40, 40]
    assert costs.v3_cost(64, 64, True) == 1 and costs.v3_cost(256, 256, True) == 8
    assert costs.v3_cost(64, 32, False) == 2 and costs.v3_cost(200, 100, False) == 6


BODIES: list[tuple[str, dict[str, Any], float]] = [
    ("/create-character-with-4-directions", {"description": "knight", "image_size": SMALL}, 1.0),
    (
        "/create-character-with-8-directions",
        {"description": "knight", "image_size": SMALL, "mode": "pro"},
        20.0,
    ),
    ("/create-character-v3", {"description": "knight", "enhance_prompt": True}, 2.05),
    (
        "/create-character-pro",
        {"description": "knight", "image_size": {"width": 100, "height": 64}},
        25.0,
    ),
    (
        "/create-character-pro-flash",
        {"description": "knight", "image_size": {"width": 96, "height": 96}},
        7.0,
    ),
]


@pytest.mark.parametrize(("path", "body", "cost"), BODIES, ids=[b[0] for b in BODIES])
def test_the_quote_is_the_charge(make_service, path: str, body: dict, cost: float) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    r = svc.client.post(
        "/playground/quote", json={"path": path, "body": body}, headers=svc.headers(key)
    )
    assert r.status_code == 200 and r.json()["cost"] == pytest.approx(cost), r.text
    assert post(svc, key, path, body).status_code in (200, 202)
    assert balance(svc, key) == pytest.approx(100 - cost)


def test_animation_and_state_quotes(svc) -> None:
    key = svc.new_key(generations=100)
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight", "image_size": SMALL},
    )

    def quote(path: str, body: dict) -> Any:
        return svc.client.post(
            "/playground/quote", json={"path": path, "body": body}, headers=svc.headers(key)
        )

    r = quote(
        "/animate-character",
        {"character_id": d["id"], "template_animation_id": "walk", "directions": ["south", "east"]},
    )
    assert r.json()["cost"] == 2
    # Without the directions (or for v3), the price needs the character: the rule instead.
    r = quote("/characters/animations", {"character_id": d["id"], "template_animation_id": "walk"})
    assert r.status_code == 400 and "per direction" in r.json()["detail"]
    assert (
        quote(
            "/create-character-state", {"character_id": d["id"], "edit_description": "red"}
        ).json()["cost"]
        == 1
    )
