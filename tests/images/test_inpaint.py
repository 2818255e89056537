"""Inpainting over HTTP: black mask pixels kept byte for byte, no colour beyond the
image's and the drawn thing's, empty masks refused, context images, changes only,
oversized images answered 413."""

from __future__ import annotations

import base64
import io

import numpy as np
import pytest
from PIL import Image

from tests.conftest import image_body
from tests.images.conftest import colours, job_result, post, rgba, scene

pytestmark = pytest.mark.slow


def _mask(w: int, h: int, box: tuple[int, int, int, int]) -> np.ndarray:
    m = np.zeros((h, w, 3), np.uint8)
    x0, y0, x1, y1 = box
    m[y0:y1, x0:x1] = 255
    return m


def test_inpaint_keeps_black_and_adds_only_the_things_colours(service) -> None:
    key = service.new_key(generations=10)
    img = scene(48, 48)
    mask = _mask(48, 48, (12, 10, 36, 40))
    body = {
        "description": "red mushroom",
        "image_size": {"width": 48, "height": 48},
        "inpainting_image": image_body(img),
        "mask_image": image_body(mask),
        "seed": 4,
    }
    r = service.client.post("/v2/inpaint", json=body, headers=service.headers(key))
    assert r.status_code == 200, r.text
    out = rgba(r.json()["image"])
    keep = mask[..., 0] == 0
    assert (out[keep] == img[keep]).all()
    new = colours(out) - colours(img)
    assert new, "the mushroom was drawn"
    # The new colours are the mushroom's ramp: red cap and pale stem shades, a few dozen at most.
    assert len(new) <= 24
    again = service.client.post("/v2/inpaint", json=body, headers=service.headers(key))
    assert again.json()["image"]["base64"] == r.json()["image"]["base64"]
    # A texture fill copies the image: no new colour at all.
    r = service.client.post(
        "/v2/inpaint", json={**body, "description": "grass texture"}, headers=service.headers(key)
    )
    assert r.status_code == 200


def test_empty_mask_and_empty_description_are_422(service) -> None:
    key = service.new_key(generations=10)
    img = scene(32, 32)
    body = {
        "description": "rock",
        "image_size": {"width": 32, "height": 32},
        "inpainting_image": image_body(img),
        "mask_image": image_body(np.zeros((32, 32, 3), np.uint8)),
    }
    r = service.client.post("/v2/inpaint", json=body, headers=service.headers(key))
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "mask_image"
    r = service.client.post(
        "/v2/inpaint", json={**body, "description": ""}, headers=service.headers(key)
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "description"
    assert (
        service.client.get("/v2/balance", headers=service.headers(key)).json()["subscription"][
            "generations"
        ]
        == 10
    )


def test_oversized_image_is_413(service) -> None:
    key = service.new_key(generations=10)
    buf = io.BytesIO()
    Image.new("L", (4100, 4100)).save(buf, format="PNG")
    huge = {"type": "base64", "base64": base64.b64encode(buf.getvalue()).decode(), "format": "png"}
    r = service.client.post(
        "/v2/inpaint",
        json={
            "description": "rock",
            "image_size": {"width": 32, "height": 32},
            "inpainting_image": huge,
            "mask_image": huge,
        },
        headers=service.headers(key),
    )
    assert r.status_code == 413


def test_v3_context_and_pro_flash_changes_only(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=20)
    ctx_img = scene(96, 64)
    crop = ctx_img[16:56, 24:64].copy()
    mask = _mask(40, 40, (8, 8, 32, 32))
    body = {
        "description": "wooden crate",
        "inpainting_image": {"image": image_body(crop), "size": {"width": 40, "height": 40}},
        "mask_image": {"image": image_body(mask), "size": {"width": 40, "height": 40}},
        "context_image": {"image": image_body(ctx_img), "size": {"width": 96, "height": 64}},
        "bounding_box": {"x": 24, "y": 16, "width": 40, "height": 40},
        "crop_to_mask": False,
    }
    r = post(svc, key, "/inpaint-v3", body)
    assert r.json()["usage"]["generations"] == 2
    last = job_result(svc, key, r)
    whole = rgba(last["image"])
    # Every new colour is one of the drawn thing's ramp, as the reading lists it.
    ramp = {tuple(c) for c in last["reading"]["ramp"]}
    assert ramp and colours(whole) - colours(ctx_img) <= ramp
    assert whole.shape == (64, 96, 4)
    outside = np.ones((64, 96), bool)
    outside[16:56, 24:64][mask[..., 0] > 0] = False
    assert (whole[outside] == ctx_img[outside]).all()
    r = post(
        svc,
        key,
        "/inpaint-image-pro-flash",
        {
            "image": image_body(crop),
            "mask_image": image_body(mask),
            "description": "gem",
            "output_method": "changes_only",
        },
    )
    only = rgba(job_result(svc, key, r)["image"])
    assert (only[mask[..., 0] == 0][:, 3] == 0).all() and (only[..., 3] > 0).any()
    r = post(
        svc,
        key,
        "/inpaint-image-pro-flash",
        {
            "image": image_body(crop),
            "mask_image": image_body(mask),
            "description": "gem",
            "context_image": image_body(ctx_img),
        },
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "bounding_box"
