"""Images that are read pixel for pixel against another must have its size: a mask of
another size than its image, an init image or an image to inpaint of another size than
the canvas are 422s naming the field, refused before charging. edit-image-pixen's size
refusals are 422s too."""

from __future__ import annotations

import numpy as np
import pytest

from tests.conftest import image_body
from tests.images.conftest import post, scene

pytestmark = pytest.mark.slow


def _mask(w: int, h: int) -> np.ndarray:
    m = np.zeros((h, w, 4), np.uint8)
    m[..., 3] = 255
    m[h // 4 : h // 2, w // 4 : w // 2, :3] = 255
    return m


def _refused(r, *loc: str) -> None:  # type: ignore[no-untyped-def]
    assert r.status_code == 422, r.text
    assert tuple(r.json()["detail"][0]["loc"][-len(loc) :]) == loc


def test_mismatched_sizes_are_422s_naming_the_field(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=5)
    size = {"width": 32, "height": 32}
    img, other = image_body(scene(32, 32)), image_body(scene(24, 32))
    inpaint = {"description": "rock", "image_size": size, "inpainting_image": img}
    _refused(
        post(svc, key, "/inpaint", {**inpaint, "mask_image": image_body(_mask(16, 16))}),
        "mask_image",
    )
    _refused(
        post(
            svc,
            key,
            "/inpaint",
            {**inpaint, "inpainting_image": other, "mask_image": image_body(_mask(24, 32))},
        ),
        "inpainting_image",
    )
    _refused(
        post(
            svc,
            key,
            "/inpaint",
            {**inpaint, "mask_image": image_body(_mask(32, 32)), "init_image": other},
        ),
        "init_image",
    )
    bitforge = {"description": "rock", "image_size": size}
    _refused(
        post(svc, key, "/create-image-bitforge", {**bitforge, "init_image": other}), "init_image"
    )
    _refused(
        post(
            svc,
            key,
            "/create-image-bitforge",
            {**bitforge, "inpainting_image": img, "mask_image": image_body(_mask(64, 64))},
        ),
        "mask_image",
    )
    _refused(
        post(svc, key, "/create-image-pixflux", {**bitforge, "init_image": other}), "init_image"
    )
    _refused(
        post(svc, key, "/create-image-pixflux-background", {**bitforge, "init_image": other}),
        "init_image",
    )
    v3 = {
        "description": "rock",
        "inpainting_image": {
            "image": image_body(scene(40, 40)),
            "size": {"width": 40, "height": 40},
        },
        "mask_image": {"image": image_body(_mask(48, 48)), "size": {"width": 48, "height": 48}},
    }
    _refused(post(svc, key, "/inpaint-v3", v3), "mask_image", "size")
    pro = {"image": img, "mask_image": image_body(_mask(64, 32)), "description": "gem"}
    _refused(post(svc, key, "/inpaint-image-pro-flash", pro), "mask_image")
    # edit-image-pixen's size refusals: 422 (the contract says 400; see images.md).
    r = post(
        svc,
        key,
        "/edit-image-pixen",
        {"image": image_body(np.zeros((8, 8, 4), np.uint8)), "description": "red"},
    )
    _refused(r, "image")
    assert "supported sizes" in r.json()["detail"][0]["msg"]
    balance = svc.client.get("/v2/balance", headers=svc.headers(key)).json()
    assert balance["subscription"]["generations"] == 5  # nothing was charged


def test_sizes_the_contract_leaves_free_are_read_at_the_declared_size(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=5)
    # An edit's image is read at its declared width and height, then edited onto image_size.
    body = {
        "image": image_body(scene(32, 32)),
        "width": 16,
        "height": 16,
        "image_size": {"width": 24, "height": 24},
        "description": "winter palette",
    }
    assert post(svc, key, "/edit-image", body).status_code == 202
    # A style image of any size lends its palette.
    r = post(
        svc,
        key,
        "/create-image-bitforge",
        {
            "description": "rock",
            "image_size": {"width": 32, "height": 32},
            "style_image": image_body(scene(20, 12)),
        },
    )
    assert r.status_code == 200, r.text
