"""Edits over HTTP: a named part recoloured with nothing else touched, edits through the
stored model of a drawn character, one edit alike over several images, pixen's
re-render and its 400, size and method refusals."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from tests.conftest import image_body
from tests.images.conftest import colours, job_result, post, rgba

pytestmark = pytest.mark.slow


def _villager(size: int = 48) -> np.ndarray:
    subject = Subject.from_text("villager in a blue tunic", seed=1)
    drawing = draw_subject(subject, Look(image_size=(size, size), canvas="object"), ["south"])
    return drawing.palette.rgba()[np.asarray(drawing.sprites["south"].index)]


def _hue(rgb: np.ndarray) -> np.ndarray:
    return oklab_to_oklch(srgb_to_oklab(rgb.astype(np.float64)))[..., 2]


def test_recoloured_part_and_untouched_rest(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    img = _villager()
    body = {
        "image": image_body(img),
        "width": 48,
        "height": 48,
        "image_size": {"width": 48, "height": 48},
        "description": "make the tunic red",
    }
    r = post(svc, key, "/edit-image", body)
    assert r.json()["usage"]["generations"] == 1
    last = job_result(svc, key, r)
    out = rgba(last["image"])
    changed = (out != img).any(-1)
    assert 20 < changed.sum() < (img[..., 3] > 0).sum() // 2
    hues = _hue(out[..., :3][changed])
    assert ((hues < 50) | (hues > 340)).all()  # red
    assert (_hue(img[..., :3][changed]) > 200).mean() > 0.9  # were blue
    assert last["reading"]["edited_through"] == "pixels"
    # Same request, same bytes.
    again = job_result(svc, key, post(svc, key, "/edit-image", body))
    assert again["image"]["base64"] == last["image"]["base64"]


def test_edit_refusals(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    img = image_body(_villager(32))
    big = np.zeros((300, 20, 4), np.uint8)
    r = post(svc, key, "/edit-image-pixen", {"image": image_body(big), "description": "red"})
    assert r.status_code == 422 and "supported sizes" in r.json()["detail"][0]["msg"]
    assert r.json()["detail"][0]["loc"][-1] == "image"
    r = post(
        svc,
        key,
        "/edit-image-pixen",
        {"image": img, "description": "red", "width": 512, "height": 512},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "width"
    r = post(
        svc,
        key,
        "/edit-images-v2",
        {
            "edit_images": [{"image": img, "width": 32, "height": 32}],
            "image_size": {"width": 32, "height": 32},
            "method": "edit_with_reference",
        },
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "reference_image"
    many = [{"image": img, "width": 32, "height": 32}] * 5
    r = post(
        svc,
        key,
        "/edit-images-v2",
        {"edit_images": many, "image_size": {"width": 100, "height": 100}, "description": "red"},
    )
    assert r.status_code == 422 and "edit_images" in r.json()["detail"][0]["loc"]
    balance = svc.client.get("/v2/balance", headers=svc.headers(key)).json()
    assert balance["subscription"]["generations"] == 10


def test_edit_images_v2_alike_and_pro_flash(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=20)
    a, b = _villager(32), np.ascontiguousarray(_villager(32)[:, ::-1])
    body = {
        "edit_images": [
            {"image": image_body(a), "width": 32, "height": 32},
            {"image": image_body(b), "width": 32, "height": 32},
        ],
        "image_size": {"width": 32, "height": 32},
        "description": "winter palette",
    }
    last = job_result(svc, key, post(svc, key, "/edit-images-v2", body))
    outs = [rgba(x) for x in last["images"]]
    assert len(outs) == 2
    # One edit alike: the mirrored image's result is the first's mirror.
    assert (outs[1] == outs[0][:, ::-1]).all()
    assert (outs[0][..., 3] == a[..., 3]).all() and (outs[0] != a).any()
    r = post(
        svc,
        key,
        "/edit-image-pro-flash",
        {"image": image_body(a), "description": "covered in snow"},
    )
    assert r.json()["estimated_generations"] == 5
    done = job_result(svc, key, r)
    snow = rgba(done["image"])
    assert snow.shape == a.shape and (250, 252, 255) in colours(snow)
    assert done["billing_stages"][0]["generations"] == 5


def test_drawn_character_is_edited_through_its_model(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=50)
    r = svc.client.post(
        "/v2/create-character-with-4-directions",
        json={"description": "knight with a blue cape", "image_size": {"width": 32, "height": 32}},
        headers=svc.headers(key),
    )
    assert r.status_code in (200, 202), r.text
    svc.ctx.runner.run_pending()
    cid = r.json()["character_id"]
    detail = svc.client.get(f"/v2/characters/{cid}", headers=svc.headers(key)).json()
    from tests.objects.conftest import fetch_rgba

    south = fetch_rgba(svc, detail["rotation_urls"]["south"])
    w, h = south.shape[1], south.shape[0]
    last = job_result(
        svc,
        key,
        post(
            svc,
            key,
            "/edit-image",
            {
                "image": image_body(south),
                "width": w,
                "height": h,
                "image_size": {"width": w, "height": h},
                "description": "make the cape red",
            },
        ),
    )
    assert last["reading"]["edited_through"] == "model"
    out = rgba(last["image"])
    assert out.shape == south.shape and (out != south).any()
    # pixen re-renders the drawn knight at a new canvas (drawn again, not rescaled).
    last = job_result(
        svc,
        key,
        post(
            svc,
            key,
            "/edit-image-pixen",
            {"image": image_body(south), "description": "damaged", "width": 64, "height": 64},
        ),
    )
    big = rgba(last["image"])
    assert big.shape == (64, 64, 4) and last["reading"]["edited_through"] == "model"


def test_a_generated_image_is_edited_through_its_model(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=20)
    made = job_result(
        svc,
        key,
        post(
            svc,
            key,
            "/create-image-pro-flash",
            {"description": "green slime", "image_size": {"width": 32, "height": 32}, "seed": 2},
        ),
    )
    img = rgba(made["image"])
    body = {
        "image": image_body(img),
        "width": 32,
        "height": 32,
        "image_size": {"width": 32, "height": 32},
        "description": "make it red",
    }
    last = job_result(svc, key, post(svc, key, "/edit-image", body))
    assert last["reading"]["edited_through"] == "model"
    out = rgba(last["image"])
    assert ((out[..., 3] > 0) == (img[..., 3] > 0)).mean() > 0.95
    changed = (out != img).any(-1)
    hues = _hue(out[..., :3][changed & (out[..., 3] > 0)])
    assert changed.any() and (((hues < 60) | (hues > 330)).mean() > 0.6)


def test_a_candidate_is_edited_through_its_own_model(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=20)
    made = job_result(
        svc,
        key,
        post(
            svc,
            key,
            "/generate-image-v2",
            {"description": "green slime", "image_size": {"width": 88, "height": 88}, "seed": 2},
        ),
    )
    assert len(made["images"]) == 4
    img = rgba(made["images"][2])
    body = {
        "image": image_body(img),
        "width": 88,
        "height": 88,
        "image_size": {"width": 88, "height": 88},
        "description": "make it red",
    }
    last = job_result(svc, key, post(svc, key, "/edit-image", body))
    assert last["reading"]["edited_through"] == "model"
    out = rgba(last["image"])
    assert ((out[..., 3] > 0) == (img[..., 3] > 0)).mean() > 0.95  # the same slime, redrawn
    changed = (out != img).any(-1) & (out[..., 3] > 0)
    hues = _hue(out[..., :3][changed])
    assert changed.any() and (((hues < 60) | (hues > 330)).mean() > 0.6)


def test_a_hand_made_figure_is_edited_through_the_sprite_analysis(make_service) -> None:
    from pixelkiln.gallery.hand_made_figures import COLOURS, swordsman

    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    img = swordsman()
    body = {
        "image": image_body(img),
        "width": 32,
        "height": 32,
        "image_size": {"width": 32, "height": 32},
        "description": "make the cape blue",
    }
    last = job_result(svc, key, post(svc, key, "/edit-image", body))
    assert last["reading"]["edited_through"] == "pixels"
    out = rgba(last["image"])
    cape = np.zeros(img.shape[:2], bool)
    for name in ("cape", "cape_shade"):
        cape |= (img[..., :3] == COLOURS[name]).all(-1)
    assert ((out != img).any(-1) == cape).all()  # the cape, all of it and nothing else
    hues = _hue(out[..., :3][cape])
    assert ((hues > 230) & (hues < 290)).all()
