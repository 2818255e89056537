"""8-direction objects over HTTP: rotations that agree (canvas, palette, ground, height),
public URLs without a key, a reference image kept byte for byte, style images and style
objects, exclusive fields, and a style object too big for the size failing refunded."""

from __future__ import annotations

import base64
import io

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.subjects.camera import DIRECTIONS
from tests.conftest import image_body, png_b64
from tests.objects.conftest import (
    balance,
    box,
    colours,
    fetch,
    fetch_rgba,
    get,
    post,
    sprite,
    wait_object,
)

PATH = "/create-8-direction-object"


def _rotations(svc, key, body) -> tuple[dict, dict[str, bytes]]:
    r = post(svc, key, PATH, body)
    assert r.status_code == 200, r.text
    obj = wait_object(svc, key, r.json()["object_id"])
    assert obj["status"] == "completed", obj
    urls = obj["rotation_urls"]
    assert set(urls) == set(DIRECTIONS) and all(urls.values())
    return obj, {d: fetch(svc, u) for d, u in urls.items()}


@pytest.mark.parametrize("description", ["wooden barrel", "wooden treasure chest", "stone well"])
def test_side_view_rotations_agree(service, description: str) -> None:
    key = service.new_key()
    obj, pngs = _rotations(service, key, {"description": description, "size": 48, "view": "side"})
    assert obj["directions"] == 8 and obj["size"] == {"width": 48, "height": 48}
    images = {d: np.asarray(Image.open(io.BytesIO(b)).convert("RGBA")) for d, b in pngs.items()}
    assert {i.shape for i in images.values()} == {(48, 48, 4)}
    # One colour table for every direction (palette swaps work in an engine).
    tables = {tuple(Image.open(io.BytesIO(b)).getpalette()) for b in pngs.values()}
    assert len(tables) == 1
    boxes = [box(i) for i in images.values()]
    assert len({b[1] for b in boxes}) == 1  # one ground line
    heights = [b[1] - b[0] + 1 for b in boxes]
    assert max(heights) - min(heights) <= 1


def test_top_down_rotations_share_canvas_palette_and_ground(service) -> None:
    key = service.new_key()
    body = {"description": "wooden treasure chest", "size": 48, "view": "high top-down"}
    obj, pngs = _rotations(service, key, body)
    images = [np.asarray(Image.open(io.BytesIO(b)).convert("RGBA")) for b in pngs.values()]
    assert {i.shape for i in images} == {(48, 48, 4)}
    assert len({tuple(Image.open(io.BytesIO(b)).getpalette()) for b in pngs.values()}) == 1
    # Facing matters: the turned chest is a different picture from the front one.
    assert pngs["south"] != pngs["east"] and pngs["east"] != pngs["west"]
    assert obj["style_settings"]["outline"] == "single color black outline"
    # The URLs are public: no key.
    url = obj["rotation_urls"]["south"]
    r = service.client.get("/" + url.split("/", 3)[3])
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    # A round object from above: one ground line and one height in every direction (a
    # long one's footprint corner reaches lower when it turns, so it is measured side on).
    _, round_pngs = _rotations(
        service, key, {"description": "wooden barrel", "size": 48, "view": "high top-down"}
    )
    boxes = [
        box(np.asarray(Image.open(io.BytesIO(b)).convert("RGBA"))) for b in round_pngs.values()
    ]
    assert max(b[1] for b in boxes) - min(b[1] for b in boxes) <= 1
    heights = [b[1] - b[0] + 1 for b in boxes]
    assert max(heights) - min(heights) <= 1


def test_reference_image_is_the_south_view_byte_for_byte(service) -> None:
    key = service.new_key()
    ref = sprite(40, 48)
    sent = png_b64(ref)
    body = {
        "description": "wooden crate",
        "reference_image": {"type": "base64", "base64": sent},
        "view": "low top-down",
    }
    obj, pngs = _rotations(service, key, body)
    assert obj["size"] == {"width": 40, "height": 48}
    assert pngs["south"] == base64.b64decode(sent)
    allowed = colours(ref)
    ref_box = box(ref)
    for d in DIRECTIONS[1:]:
        img = np.asarray(Image.open(io.BytesIO(pngs[d])).convert("RGBA"))
        assert img.shape == (48, 40, 4)
        assert colours(img) <= allowed  # the reference's colours, forced
    # The model stands on the reference's ground, as tall as it unless a turned view
    # would leave the canvas (this crate's diagonal is wider than the picture).
    ref_height = ref_box[1] - ref_box[0] + 1
    for d in DIRECTIONS[1:]:
        img = fetch_rgba(service, obj["rotation_urls"][d])
        top, bottom, left, right = box(img)
        assert left > 0 and right < 39  # no direction is cut by the canvas
        assert bottom - top + 1 <= ref_height + 1
    north = fetch_rgba(service, obj["rotation_urls"]["north"])
    assert abs(box(north)[1] - ref_box[1]) <= 2
    assert box(north)[1] - box(north)[0] + 1 >= 0.6 * ref_height


def test_style_image_and_style_object(service) -> None:
    key = service.new_key()
    style = sprite(48, 48)
    obj, pngs = _rotations(
        service, key, {"description": "barrel", "style_image": image_body(style)}
    )
    assert obj["size"] == {"width": 48, "height": 48}
    allowed = colours(style)
    for b in pngs.values():
        assert colours(np.asarray(Image.open(io.BytesIO(b)).convert("RGBA"))) <= allowed
    # Another object in that object's style: its palette again.
    _, more = _rotations(
        service, key, {"description": "crate", "size": 64, "style_object_id": obj["id"]}
    )
    for b in more.values():
        assert colours(np.asarray(Image.open(io.BytesIO(b)).convert("RGBA"))) <= allowed


def test_a_size_under_the_style_objects_content_fails_refunded(service) -> None:
    key = service.new_key(generations=100)
    big = post(service, key, PATH, {"description": "stone well", "size": 96}).json()
    assert wait_object(service, key, big["object_id"])["status"] == "completed"
    assert balance(service, key) == 75
    r = post(
        service,
        key,
        PATH,
        {"description": "crate", "size": 32, "style_object_id": big["object_id"]},
    )
    assert r.status_code == 200 and r.json()["usage"]["generations"] == 20
    failed = wait_object(service, key, r.json()["object_id"])
    assert failed["status"] == "failed"
    assert balance(service, key) == 75  # refunded in full
    job = get(service, key, f"/background-jobs/{r.json()['background_job_id']}").json()
    assert (
        job["status"] == "failed"
        and "smaller than the style object" in job["last_response"]["detail"]
    )
    assert job["usage"]["generations"] == 0
    r = service.client.get(f"/v2/objects/{failed['id']}/spritesheet", headers=service.headers(key))
    assert r.status_code == 400 and r.json()["detail"] == "Object has no rotation images"


def test_exclusive_fields_and_bad_style_objects(service) -> None:
    key, other = service.new_key(), service.new_key()
    ref = {"type": "base64", "base64": png_b64(sprite(40, 40))}
    cases = [
        ({"description": "x", "reference_image": ref, "size": 64}, ["body", "reference_image"]),
        (
            {"description": "x", "reference_image": ref, "style_image": ref},
            ["body", "reference_image"],
        ),
        ({"description": "x", "style_image": ref, "size": 64}, ["body", "style_image"]),
        ({"description": "x", "size": 16}, ["body", "size"]),
        ({"description": "x", "size": 169}, ["body", "size"]),
        ({"description": "x", "view": "top-down"}, ["body", "view"]),
        (
            {
                "description": "x",
                "style_image": {"type": "base64", "base64": png_b64(sprite(16, 16))},
            },
            ["body", "style_image"],
        ),
    ]
    for body, loc in cases:
        r = post(service, key, PATH, body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"][0]["loc"] == loc
    mine = post(service, other, PATH, {"description": "barrel", "size": 32}).json()["object_id"]
    r = post(service, key, PATH, {"description": "x", "style_object_id": mine})
    assert r.status_code == 404  # another account's object is not there
    review = post(service, key, "/create-1-direction-object", {"description": "rock", "size": 64})
    r = post(
        service, key, PATH, {"description": "x", "style_object_id": review.json()["object_id"]}
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "style_object_id"]
