"""Map objects over HTTP: 423 then 200 with a key-free URL, 410 refunded, expiry (the id
answers 404 and the files are gone), inpainting that keeps every unmasked pixel, costs,
refusals and another account's 404."""

from __future__ import annotations

import datetime as dt

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.jobs.sweeper import expire_assets
from pixelkiln.store.models import Asset, Blob, Job, utcnow
from tests.conftest import image_body, wait_for
from tests.objects.conftest import balance, fetch_rgba, get, post

BODY = {"description": "mossy boulder", "image_size": {"width": 64, "height": 64}}


def _scene(w: int = 96, h: int = 96) -> np.ndarray:
    """A grass field: two greens in a checker of 3 px blocks with a few flowers."""
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.zeros((h, w, 4), np.uint8)
    img[..., 3] = 255
    img[..., :3] = np.where(
        (((yy // 3) + (xx // 3)) % 2 == 0)[..., None], (86, 140, 60), (74, 124, 52)
    )
    img[(yy % 17 == 5) & (xx % 13 == 7)] = (230, 220, 120, 255)
    return img


def test_423_then_200_then_expiry(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    r = post(svc, key, "/map-objects", BODY)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "processing" and body["usage"]["generations"] == 1
    oid = body["object_id"]
    r = get(svc, key, f"/map-objects/{oid}")
    assert r.status_code == 423 and int(r.headers["retry-after"]) >= 1
    svc.ctx.runner.run_pending()
    r = get(svc, key, f"/map-objects/{oid}")
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["status"] == "completed" and done["width"] == done["height"] == 64
    assert done["view"] == "high top-down" and done["expires_at"].endswith("Z")
    img = fetch_rgba(svc, done["download_url"])  # no key needed
    assert img.shape == (64, 64, 4)
    assert img[0, 0, 3] == 0 and (img[..., 3] == 255).any()
    assert set(np.unique(img[..., 3])) <= {0, 255}
    with svc.ctx.db.read() as s:
        made = s.get(Asset, oid)
        age = made.expires_at - made.created_at
        assert abs(age - dt.timedelta(hours=8)) < dt.timedelta(seconds=1)
    # Past its age (moved there rather than waited for) it reads as missing at once, and
    # the sweeper deletes it and its file.
    with svc.ctx.db.write() as s:
        s.get(Asset, oid).expires_at = utcnow() - dt.timedelta(seconds=1)
    assert get(svc, key, f"/map-objects/{oid}").status_code == 404
    with svc.ctx.db.read() as s:
        keys = [b.key for b in s.query(Blob).filter(Blob.asset_id == oid)]
    assert keys and all(svc.ctx.blobs.path(k) is not None for k in keys)
    assert expire_assets(svc.ctx) == [oid]
    assert all(svc.ctx.blobs.path(k) is None for k in keys)
    with svc.ctx.db.read() as s:
        assert s.get(Asset, oid) is None
    r = svc.client.get("/" + done["download_url"].split("/", 3)[3])
    assert r.status_code == 404
    assert expire_assets(svc.ctx) == []


def test_the_sweeper_deletes_expired_map_objects(make_service) -> None:
    svc = make_service(map_object_ttl_s=1.0, sweep_interval_s=0.2)
    key = svc.new_key()
    oid = post(svc, key, "/map-objects", BODY).json()["object_id"]
    done = get(svc, key, f"/map-objects/{oid}")
    url = done.json()["download_url"] if done.status_code == 200 else None

    def gone() -> bool:
        with svc.ctx.db.read() as s:
            return s.get(Asset, oid) is None

    wait_for(gone, timeout=20)
    assert get(svc, key, f"/map-objects/{oid}").status_code == 404
    if url is not None:
        assert svc.client.get("/" + url.split("/", 3)[3]).status_code == 404


def test_a_failed_map_object_is_410_and_refunded(manual) -> None:
    svc = manual
    key = svc.new_key(generations=10)
    r = post(svc, key, "/map-objects", BODY)
    with svc.ctx.db.write() as s:
        s.get(Job, r.json()["background_job_id"]).payload = {"request": {}}  # unreadable
    assert balance(svc, key) == 9
    svc.ctx.runner.run_pending()
    r = get(svc, key, f"/map-objects/{r.json()['object_id']}")
    assert r.status_code == 410 and "refunded" in r.json()["detail"]
    assert balance(svc, key) == 10


def test_inpainting_keeps_every_unmasked_background_pixel(service) -> None:
    key = service.new_key()
    scene = _scene()
    for inpainting in ({"type": "oval", "fraction": 0.35}, {"type": "rectangle", "fraction": 0.3}):
        body = {
            "description": "wooden barrel",
            "background_image": image_body(scene),
            "inpainting": inpainting,
            "image_size": {"width": 128, "height": 128},  # the background's size wins
        }
        r = post(service, key, "/map-objects", body)
        assert r.status_code == 200, r.text
        oid = r.json()["object_id"]
        wait_for(lambda oid=oid: get(service, key, f"/map-objects/{oid}").status_code != 423)
        done = get(service, key, f"/map-objects/{oid}").json()
        assert (done["width"], done["height"]) == (96, 96)
        obj = fetch_rgba(service, done["download_url"])
        composite = fetch_rgba(service, done["composite_url"])
        from pixelkiln.contract.objects import CreateMapObjectRequest
        from pixelkiln.service.objects.map_objects import inpaint_mask

        mask = inpaint_mask(CreateMapObjectRequest.model_validate(body))
        assert (obj[~mask][..., 3] == 0).all()  # nothing drawn outside the mask
        assert np.array_equal(composite[~mask], scene[~mask])  # the scene kept there
        solid = obj[..., 3] > 0
        assert solid.sum() > 0.3 * mask.sum()  # the object fills the masked part
        assert np.array_equal(composite[solid], obj[solid])
        p = done["placement"]
        ys, xs = np.nonzero(solid)
        assert (p["x"], p["y"]) == (xs.min(), ys.min())
        assert (p["width"], p["height"]) == (xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
    # A hand-made mask: only its white part is drawn in.
    mask_img = np.zeros((96, 96, 4), np.uint8)
    mask_img[..., 3] = 255
    mask_img[40:90, 10:50, :3] = 255
    body = {
        "description": "campfire",
        "background_image": image_body(scene),
        "inpainting": {"type": "mask", "mask_image": image_body(mask_img)},
    }
    oid = post(service, key, "/map-objects", body).json()["object_id"]
    wait_for(lambda: get(service, key, f"/map-objects/{oid}").status_code != 423)
    obj = fetch_rgba(service, get(service, key, f"/map-objects/{oid}").json()["download_url"])
    ys, xs = np.nonzero(obj[..., 3])
    assert ys.min() >= 40 and ys.max() < 90 and xs.min() >= 10 and xs.max() < 50


def test_costs_and_refusals(service) -> None:
    key, other = service.new_key(generations=10), service.new_key()
    big = {"description": "tent", "image_size": {"width": 192, "height": 192}}
    assert post(service, key, "/map-objects", big).json()["usage"]["generations"] == 2
    r = post(service, key, "/map-objects", BODY)
    assert r.json()["usage"]["generations"] == 1 and balance(service, key) == 7
    assert get(service, other, f"/map-objects/{r.json()['object_id']}").status_code == 404
    assert get(service, key, "/map-objects/not-an-id").status_code == 404
    scene = image_body(_scene(96, 96))
    cases = [
        ({**BODY, "inpainting": {"type": "oval"}}, ["body", "background_image"]),
        ({**BODY, "image_size": {"width": 31, "height": 64}}, ["body", "image_size", "width"]),
        ({**BODY, "image_size": {"width": 401, "height": 64}}, ["body", "image_size", "width"]),
        ({**BODY, "init_image_strength": 0}, ["body", "init_image_strength"]),
        ({**BODY, "detail": "highly detailed"}, ["body", "detail"]),
        (
            {
                "description": "x",
                "background_image": image_body(_scene(200, 200)),
                "inpainting": {"type": "oval"},
            },
            ["body", "background_image"],
        ),
        (
            {
                "description": "x",
                "background_image": scene,
                "inpainting": {
                    "type": "mask",
                    "mask_image": image_body(np.zeros((32, 32, 4), np.uint8)),
                },
            },
            ["body", "inpainting", "mask_image"],
        ),
        (
            {
                "description": "x",
                "background_image": scene,
                "inpainting": {"type": "oval", "fraction": 0.99},
            },
            ["body", "inpainting"],
        ),
    ]
    for body, loc in cases:
        r = post(service, key, "/map-objects", body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"][0]["loc"][: len(loc)] == loc, r.json()
    assert balance(service, key) == 7


def test_text_guidance_sets_how_vivid_the_colours_are(service) -> None:
    key = service.new_key()
    chroma = {}
    for guidance in (1.0, 20.0):
        body = {**BODY, "description": "red mushroom", "text_guidance_scale": guidance}
        oid = post(service, key, "/map-objects", body).json()["object_id"]
        wait_for(lambda oid=oid: get(service, key, f"/map-objects/{oid}").status_code != 423)
        img = fetch_rgba(service, get(service, key, f"/map-objects/{oid}").json()["download_url"])
        px = img[img[..., 3] > 0][:, :3].astype(np.float64)
        chroma[guidance] = float(oklab_to_oklch(srgb_to_oklab(px))[:, 1].mean())
    assert chroma[20.0] > chroma[1.0] * 1.3
