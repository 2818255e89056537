"""Pro-flash objects: staged billing (5 for the first image, rotations by size, a free
1-direction finish), first frames and reused paid images, and the quotes of the family."""

from __future__ import annotations

import base64

import numpy as np
import pytest

from pixelkiln.service.quotes import quote
from pixelkiln.store.models import Asset, Blob
from tests.conftest import image_body, png_b64
from tests.objects.conftest import balance, fetch, get, post, sprite, wait_object

PATH = "/create-object-pro-flash"


def test_eight_directions_are_billed_in_stages(service) -> None:
    key = service.new_key(generations=100)
    r = post(
        service,
        key,
        PATH,
        {"description": "glowing blue crystal", "image_size": {"width": 64, "height": 64}},
    )
    assert r.status_code == 202, r.text
    body = r.json()
    assert body["estimated_generations"] == 6 and body["first_direction_generated"] is True
    assert body["usage"]["generations"] == 6 and balance(service, key) == 94
    obj = wait_object(service, key, body["object_id"])
    assert obj["status"] == "completed" and obj["directions"] == 8
    job = get(service, key, f"/background-jobs/{body['background_job_id']}").json()
    assert job["last_response"]["billing_stages"] == [
        {"stage": "first_image", "generations": 5.0, "reused": False},
        {"stage": "rotations", "generations": 1.0},
    ]
    assert job["usage"]["generations"] == 6


def test_a_first_frame_is_kept_and_not_charged(service) -> None:
    key = service.new_key(generations=100)
    sent = png_b64(sprite(48, 48))
    frame = {"type": "base64", "base64": sent}
    one = post(
        service, key, PATH, {"description": "red crate", "first_frame": frame, "n_directions": 1}
    ).json()
    assert one["estimated_generations"] == 0 and one["first_direction_generated"] is False
    obj = wait_object(service, key, one["object_id"])
    assert set(obj["storage_urls"]) == {"unknown"} and obj["size"] == {"width": 48, "height": 48}
    assert fetch(service, obj["storage_urls"]["unknown"]) == base64.b64decode(sent)
    eight = post(
        service, key, PATH, {"description": "red crate", "first_frame": frame, "n_directions": 8}
    ).json()
    assert eight["estimated_generations"] == 1  # only the rotations
    obj = wait_object(service, key, eight["object_id"])
    assert fetch(service, obj["rotation_urls"]["south"]) == base64.b64decode(sent)
    assert balance(service, key) == 99
    # A smaller first frame sits at the bottom middle of a larger canvas.
    small = post(
        service,
        key,
        PATH,
        {
            "description": "crate",
            "first_frame": image_body(sprite(32, 32)),
            "image_size": {"width": 48, "height": 48},
            "n_directions": 1,
        },
    ).json()
    img = wait_object(service, key, small["object_id"])
    assert img["size"] == {"width": 48, "height": 48}


def test_a_paid_image_is_reused_by_id(service) -> None:
    key, other = service.new_key(generations=100), service.new_key()
    png = base64.b64decode(png_b64(sprite(32, 32)))
    blob = service.ctx.blobs.put(png)
    with service.ctx.db.write() as s:
        s.add(
            Asset(
                id="img-1",
                account_id=key.account_id,
                family="pro_flash_image",
                status="completed",
                description="red crate",
                files={"image": blob},
            )
        )
        s.add(Blob(key=blob, account_id=key.account_id, asset_id="img-1", size=len(png)))
    body = {
        "description": "red crate",
        "source_image_id": "img-1",
        "image_size": {"width": 32, "height": 32},
    }
    r = post(service, key, PATH, body)
    assert r.status_code == 202 and r.json()["estimated_generations"] == 1
    obj = wait_object(service, key, r.json()["object_id"])
    assert fetch(service, obj["rotation_urls"]["south"]) == png
    assert post(service, other, PATH, body).status_code == 404
    r = post(service, key, PATH, {**body, "first_frame": image_body(sprite(32, 32))})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "first_frame"]
    r = post(service, key, PATH, {**body, "image_size": {"width": 62, "height": 64}})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][:3] == [
        "body",
        "image_size",
        "width",
    ]


BODIES = [
    ("/create-1-direction-object", {"description": "barrel", "size": 32}, 20.0),
    ("/create-1-direction-object", {"description": "barrel", "size": 100}, 25.0),
    ("/create-1-direction-object", {"description": "barrel", "size": 171}, 40.0),
    ("/create-8-direction-object", {"description": "barrel"}, 20.0),
    ("/create-8-direction-object", {"description": "barrel", "size": 129}, 40.0),
    ("/create-object-pro-flash", {"description": "barrel", "n_directions": 1}, 5.0),
    (
        "/create-object-pro-flash",
        {"description": "barrel", "image_size": {"width": 128, "height": 128}},
        7.0,
    ),
    ("/map-objects", {"description": "barrel"}, 1.0),
    ("/map-objects", {"description": "barrel", "image_size": {"width": 200, "height": 100}}, 2.0),
]


@pytest.mark.parametrize(("path", "body", "cost"), BODIES)
def test_the_quote_is_what_the_submission_charges(manual, path, body, cost) -> None:
    key = manual.new_key(generations=100)
    assert quote(path, body) == cost
    r = manual.client.post(
        "/playground/quote", json={"path": path, "body": body}, headers=manual.headers(key)
    )
    assert r.json() == {"cost": cost, "balance": 100.0}
    assert post(manual, key, path, body).status_code in (200, 202)
    assert balance(manual, key) == pytest.approx(100 - cost)


def test_quotes_of_object_operations(manual) -> None:
    key = manual.new_key()
    h = manual.headers(key)
    r = manual.client.post(
        "/playground/quote",
        json={
            "path": "/objects/{object_id}/animations",
            "body": {
                "animation_description": "open",
                "directions": ["south", "east"],
                "enhance_prompt": True,
            },
        },
        headers=h,
    )
    assert r.json()["cost"] == 2.05
    r = manual.client.post(
        "/playground/quote",
        json={"path": "/objects/{object_id}/states", "body": {"edit_description": "open"}},
        headers=h,
    )
    assert r.status_code == 422 and "20 generations up to 64 px" in r.json()["detail"][0]["msg"]
    for path in ("/objects/{object_id}/select-frames", "/objects/{object_id}/dismiss-review"):
        body = {"indices": [0]} if "select" in path else {}
        assert (
            manual.client.post(
                "/playground/quote", json={"path": path, "body": body}, headers=h
            ).json()["cost"]
            == 0
        )
    assert np.isclose(quote("/create-8-direction-object", {"description": "x", "size": 64}), 20)
