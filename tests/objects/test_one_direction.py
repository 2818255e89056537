"""1-direction objects over HTTP: candidate counts by size, the review (select-frames,
dismiss-review), candidates that differ, item descriptions, style images, costs."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from tests.conftest import image_body
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

PATH = "/create-1-direction-object"


@pytest.mark.parametrize(("size", "count", "cost"), [(32, 64, 20), (64, 16, 20), (128, 4, 25)])
def test_candidate_count_and_cost_follow_the_size(make_service, size, count, cost) -> None:
    svc = make_service()
    key = svc.new_key(generations=100)
    r = post(svc, key, PATH, {"description": "wooden barrel", "size": size})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["n_frames"] == count and body["status"] == "queued"
    assert body["usage"]["generations"] == cost
    assert balance(svc, key) == 100 - cost
    obj = wait_object(svc, key, body["object_id"])
    assert obj["status"] == "review" and obj["directions"] == 1
    assert len(obj["frame_urls"]) == count
    assert sorted(obj["storage_urls"], key=lambda k: int(k[6:])) == [
        f"frame_{i}" for i in range(count)
    ]
    assert all(v is None for v in obj["rotation_urls"].values())
    first = fetch_rgba(svc, obj["frame_urls"][0])
    assert first.shape == (size, size, 4)
    assert first[0, 0, 3] == 0 and (first[..., 3] > 0).any()
    # Candidates are different pictures, not one picture repeated.
    pngs = {fetch(svc, u) for u in obj["frame_urls"][:8]}
    assert len(pngs) == min(8, count)
    job = get(svc, key, f"/background-jobs/{body['background_job_id']}").json()
    assert job["usage"]["generations"] == cost


def test_a_single_candidate_completes_at_once(service) -> None:
    key = service.new_key(generations=100)
    r = post(service, key, PATH, {"description": "stone well", "size": 200})
    assert r.json()["n_frames"] == 1 and r.json()["usage"]["generations"] == 40
    obj = wait_object(service, key, r.json()["object_id"])
    assert obj["status"] == "completed" and obj["frame_urls"] is None
    assert set(obj["storage_urls"]) == {"unknown"}
    assert all(v is None for v in obj["rotation_urls"].values())
    assert fetch_rgba(service, obj["storage_urls"]["unknown"]).shape == (200, 200, 4)
    assert balance(service, key) == 60


def test_select_frames_then_dismiss_review(service) -> None:
    key = service.new_key()
    oid = post(service, key, PATH, {"description": "forest pack", "size": 64}).json()["object_id"]
    review = wait_object(service, key, oid)
    assert review["status"] == "review" and len(review["frame_urls"]) == 16

    r = post(
        service,
        key,
        f"/objects/{oid}/select-frames",
        {"indices": [0, 3, 7], "common_tag": "forest"},
    )
    assert r.status_code == 200, r.text
    ids = r.json()["created_object_ids"]
    assert len(ids) == 3 and r.json()["usage"]["generations"] == 0
    made = [wait_object(service, key, i) for i in ids]
    for obj, index in zip(made, (0, 3, 7), strict=True):
        assert obj["status"] == "completed" and obj["directions"] == 1
        assert obj["tags"] == ["forest"] and obj["frame_urls"] is None
        # The chosen candidate's picture, copied to a file of its own.
        assert obj["storage_urls"]["unknown"] != review["frame_urls"][index]
        assert fetch(service, obj["storage_urls"]["unknown"]) == fetch(
            service, review["frame_urls"][index]
        )
    # Choosing a candidate again answers the object already made from it.
    again = post(service, key, f"/objects/{oid}/select-frames", {"indices": [3, 5]}).json()
    assert again["created_object_ids"][0] == ids[1] and again["created_object_ids"][1] not in ids
    # Deleting one object made from the review breaks nothing else.
    assert (
        service.client.delete(f"/v2/objects/{ids[0]}", headers=service.headers(key)).status_code
        == 200
    )
    assert fetch(service, made[1]["storage_urls"]["unknown"])
    assert fetch(service, review["frame_urls"][0])

    for bad, why in (([], "at least one"), ([16], "out of range"), ([-1], "out of range")):
        r = post(service, key, f"/objects/{oid}/select-frames", {"indices": bad})
        assert r.status_code == 400 and why in r.json()["detail"]
    # Only a review has frames to select or dismiss.
    assert (
        post(service, key, f"/objects/{ids[1]}/select-frames", {"indices": [0]}).status_code == 400
    )
    assert post(service, key, f"/objects/{ids[1]}/dismiss-review").status_code == 400

    r = post(service, key, f"/objects/{oid}/dismiss-review")
    assert r.status_code == 200 and r.json()["usage"]["generations"] == 0
    assert get(service, key, f"/objects/{oid}").status_code == 404
    r = service.client.get("/" + review["frame_urls"][0].split("/", 3)[3])
    assert r.status_code == 404  # the candidates' files went with the review
    for obj in made[1:]:
        assert get(service, key, f"/objects/{obj['id']}").json()["status"] == "completed"
        assert fetch(service, obj["storage_urls"]["unknown"])
    assert post(service, key, f"/objects/{oid}/dismiss-review").status_code == 404


def test_a_forest_pack_is_different_trees(service) -> None:
    key = service.new_key()
    oid = post(service, key, PATH, {"description": "forest pack", "size": 64}).json()["object_id"]
    obj = wait_object(service, key, oid)
    images = [fetch_rgba(service, u) for u in obj["frame_urls"]]
    silhouettes = {(img[..., 3] > 0).tobytes() for img in images}
    assert len(silhouettes) == 16
    # Different kinds of tree: the crowns' shapes differ a lot, not by a pixel or two.
    masks = [(img[..., 3] > 0) for img in images]
    overlaps = [
        (masks[i] & masks[j]).sum() / (masks[i] | masks[j]).sum()
        for i in range(8)
        for j in range(i + 1, 8)
    ]
    assert min(overlaps) < 0.5
    # And different greens: not one palette.
    leaf_sets = [frozenset(colours(img)) for img in images]
    assert len(set(leaf_sets)) == 16


def test_item_descriptions_draw_the_first_candidates(service) -> None:
    key = service.new_key()
    body = {"description": "wooden crate", "size": 64, "item_descriptions": ["gold coin"]}
    oid = post(service, key, PATH, body).json()["object_id"]
    obj = wait_object(service, key, oid)
    coin = fetch_rgba(service, obj["frame_urls"][0])
    crate = fetch_rgba(service, obj["frame_urls"][1])

    # The coin is round and golden; the crates are square and duller.
    def fill(img: np.ndarray) -> float:
        top, bottom, left, right = box(img)
        return float((img[..., 3] > 0).sum() / ((bottom - top + 1) * (right - left + 1)))

    def chroma(img: np.ndarray) -> float:
        px = img[img[..., 3] > 0][:, :3].astype(np.float64)
        return float(oklab_to_oklch(srgb_to_oklab(px))[:, 1].mean())

    assert fill(coin) < 0.85 < fill(crate)
    assert chroma(coin) > chroma(crate) + 0.02
    body = {"description": "x", "size": 200, "item_descriptions": ["a", "b"]}
    r = post(service, key, PATH, body)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "item_descriptions"]


def test_style_images_force_their_palette(service) -> None:
    key = service.new_key()
    style = sprite(48, 48)
    r = post(service, key, PATH, {"description": "barrel", "style_images": [image_body(style)]})
    assert r.status_code == 200, r.text
    assert r.json()["n_frames"] == 16  # the style image's 48 px sets the size
    obj = wait_object(service, key, r.json()["object_id"])
    allowed = colours(style)
    for url in obj["frame_urls"][:4]:
        img = fetch_rgba(service, url)
        assert img.shape == (48, 48, 4)
        assert colours(img) <= allowed


def test_refusals_name_their_field(service) -> None:
    key = service.new_key()
    style = image_body(sprite(40, 40))
    cases = [
        ({"description": "barrel", "size": 64, "style_images": [style]}, ["body", "size"]),
        ({"description": "barrel", "style_images": [style] * 9}, ["body", "style_images"]),
        ({"description": "barrel", "size": 15}, ["body", "size"]),
        ({"description": "barrel", "size": 257}, ["body", "size"]),
        ({"description": "", "size": 64}, ["body", "description"]),
        ({"description": "barrel", "view": "side"}, ["body", "view"]),
        ({"description": "barrel", "colour": "red"}, ["body", "colour"]),
        (
            {"description": "barrel", "style_images": [image_body(sprite(300, 40))]},
            ["body", "style_images", 0],
        ),
    ]
    for body, loc in cases:
        r = post(service, key, PATH, body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"][0]["loc"][: len(loc)] == loc, r.json()
    assert balance(service, key) == 2000
    assert service.client.post(f"/v2{PATH}", json={"description": "barrel"}).status_code == 401
    poor = service.new_key(generations=19)
    r = post(service, poor, PATH, {"description": "barrel", "size": 64})
    assert r.status_code == 402 and r.json()["cost"] == 20
