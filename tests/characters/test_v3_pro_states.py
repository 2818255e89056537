"""v3 (from scratch and from a reference kept byte for byte), Pro methods, Pro Flash's
billed stages, states, and the costs of each in the ledger."""

from __future__ import annotations

import base64
import io
import math

import numpy as np
import pytest
from PIL import Image

from pixelkiln.service import billing
from pixelkiln.store.models import Asset, LedgerEntry
from tests.characters.conftest import (
    SMALL,
    balance,
    create,
    detail,
    fetch_bytes,
    fetch_png,
    post,
    reference_share,
    wait_job,
)
from tests.characters.test_create import _sprite
from tests.conftest import image_body
from tests.subjects.measure import colours


def _png_b64(rgba: np.ndarray) -> str:
    buf = io.BytesIO()
    Image.fromarray(rgba).save(buf, format="PNG", optimize=True)
    return base64.b64encode(buf.getvalue()).decode()


def _charges(svc, account_id: str) -> list[float]:
    with svc.ctx.db.read() as s:
        rows = s.query(LedgerEntry).filter(LedgerEntry.account_id == account_id).all()
        return sorted(-r.amount_milli / 1000 for r in rows if r.kind == "charge")


@pytest.mark.parametrize(("size", "cost"), [(32, 2.0), (64, 2.0), (128, 3.0), (256, 9.0)])
def test_v3_from_scratch_costs_one_plus_the_area(make_service, size: int, cost: float) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=20)
    r = post(
        svc,
        key,
        "/create-character-v3",
        {"description": "elf", "image_size": {"width": size, "height": max(32, size // 2)}},
    )
    assert r.status_code == 200 and r.json()["usage"]["generations"] == cost
    assert cost == 1 + math.ceil(size * size * 8 / 65536)
    assert balance(svc, key) == 20 - cost


def test_v3_enhanced_prompt_is_billed_apart(svc) -> None:
    key = svc.new_key(generations=10)
    r = post(
        svc,
        key,
        "/create-character-v3",
        {"description": "dwarf miner with a pickaxe", "image_size": SMALL, "enhance_prompt": True},
    )
    body = r.json()
    assert body["enhance_usage"]["generations"] == 0.05 and body["usage"]["generations"] == 2
    text = body["enhanced_prompt"]
    assert "dwarf" in text.lower() and "pickaxe" in text.lower()
    assert "south" not in text.lower() and "background" not in text.lower()
    assert balance(svc, key) == pytest.approx(7.95)
    assert _charges(svc, key.account_id) == [0.05, 2.0]
    d = detail(svc, key, body["character_id"])
    assert d["directions"] == 8 and d["size"] == {"width": 60, "height": 60}


def test_v3_reference_is_the_south_sprite_byte_for_byte(svc) -> None:
    key = svc.new_key(generations=10)
    ref = _sprite("villager", 48, seed=4)
    b64 = _png_b64(ref)
    r = post(
        svc,
        key,
        "/create-character-v3",
        {"description": "villager", "reference_image": {"type": "base64", "base64": b64}},
    )
    assert r.status_code == 200, r.text
    assert r.json()["usage"]["generations"] == math.ceil(48 * 48 * 8 / 65536)
    d = create_wait(svc, key, r.json()["character_id"])
    assert fetch_bytes(svc, d["rotation_urls"]["south"]) == base64.b64decode(b64)
    assert d["size"] == {"width": 48, "height": 48}  # the reference's own canvas
    east = fetch_png(svc, d["rotation_urls"]["east"])
    assert east.shape == (48, 48, 4) and (east[..., 3] > 0).sum() > 50
    share, furthest = reference_share(east, ref)  # the reference's palette, and its shades
    assert share >= 0.6 and furthest < 0.2, (share, furthest)
    assert d["proportions"]["fitted_iou"] >= 0.7


def create_wait(svc, key, cid):
    from tests.characters.conftest import wait_character

    return wait_character(svc, key, cid)


def test_v3_enhance_with_a_reference_is_422(svc) -> None:
    key = svc.new_key()
    r = post(
        svc,
        key,
        "/create-character-v3",
        {
            "description": "knight",
            "reference_image": image_body(_sprite("knight")),
            "enhance_prompt": True,
        },
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "enhance_prompt"]
    big = image_body(np.full((260, 40, 4), 255, np.uint8))
    r = post(svc, key, "/create-character-v3", {"description": "knight", "reference_image": big})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "reference_image"]


def test_v3_without_background_draws_a_backdrop(svc) -> None:
    key = svc.new_key()
    d = create(
        svc,
        key,
        "/create-character-v3",
        {"description": "knight", "image_size": SMALL, "no_background": False},
    )
    south = fetch_png(svc, d["rotation_urls"]["south"])
    assert (south[..., 3] == 255).all()


def test_pro_methods(svc) -> None:
    key = svc.new_key(generations=200)
    size = {"width": 32, "height": 32}
    d = create(
        svc,
        key,
        "/create-character-pro",
        {
            "description": "ranger",
            "image_size": size,
            "style_description": "lineless, flat shading",
        },
    )
    assert (
        d["style_settings"]["outline"] == "lineless"
        and d["style_settings"]["shading"] == "flat shading"
    )
    assert d["size"] == {"width": 60, "height": 60}
    # In the style of that character: its palette, outline and shading.
    styled = create(
        svc,
        key,
        "/create-character-pro",
        {"description": "archer", "image_size": size, "style_character_id": d["id"]},
    )
    assert styled["style_settings"]["outline"] == "lineless"
    # Every colour comes from the style character's palette (the whole palette it was
    # drawn with: a shade its own rotations never needed may dress the new figure).
    with svc.ctx.db.read() as s:
        recorded = s.get(Asset, d["id"]).result["palette"]
    base = {tuple(int(h[i : i + 2], 16) for i in (1, 3, 5)) for h in recorded}
    assert len(base) >= 4
    assert colours(fetch_png(svc, styled["rotation_urls"]["south"])) <= base
    # From a concept: its colours dress the figure.
    concept = np.zeros((64, 64, 4), np.uint8)
    concept[..., :3] = (250, 250, 250)
    concept[..., 3] = 255
    concept[10:60, 20:44, :3] = (30, 140, 40)
    c = create(
        svc,
        key,
        "/create-character-pro",
        {
            "description": "villager",
            "image_size": size,
            "method": "create_from_concept",
            "concept_image": image_body(concept),
        },
    )
    south = fetch_png(svc, c["rotation_urls"]["south"])
    assert any(g > r + 40 and g > b + 40 for r, g, b in colours(south))
    # Rotating a character: the reference is the south sprite in the square canvas.
    ref = _sprite("farmer", 32, seed=9)
    rot = create(
        svc,
        key,
        "/create-character-pro",
        {
            "description": "farmer",
            "image_size": size,
            "method": "rotate_character",
            "reference_image": image_body(ref),
        },
    )
    south = fetch_png(svc, rot["rotation_urls"]["south"])
    assert np.array_equal(south[14:46, 14:46], ref)
    assert balance(svc, key) == 200 - 4 * 20


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"method": "create_from_concept"}, "concept_image"),
        ({"method": "rotate_character"}, "reference_image"),
        ({"image_size": {"width": 31, "height": 64}}, "width"),
        ({"image_size": {"width": 64, "height": 169}}, "height"),
        ({"method": "sketch"}, "method"),
        ({"template_id": "unicorn"}, "template_id"),
    ],
)
def test_pro_errors(svc, fields: dict, field: str) -> None:
    key = svc.new_key()
    body = {"description": "knight", "image_size": {"width": 64, "height": 64}, **fields}
    r = post(svc, key, "/create-character-pro", body)
    assert r.status_code == 422 and field in map(str, r.json()["detail"][0]["loc"]), r.text


def test_style_character_must_be_completed(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=100)
    pending = post(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "knight", "image_size": SMALL},
    ).json()
    r = post(
        svc,
        key,
        "/create-character-pro",
        {
            "description": "monk",
            "image_size": {"width": 32, "height": 32},
            "style_character_id": pending["character_id"],
        },
    )
    assert r.status_code == 400


def test_pro_flash_stages_and_reuse(svc) -> None:
    key = svc.new_key(generations=20)
    r = svc.client.post(
        "/v2/create-character-pro-flash",
        json={"description": "pirate", "image_size": SMALL},
        headers=svc.headers(key),
    )
    assert r.status_code == 202, r.text
    body = r.json()
    assert body["first_direction_generated"] is True and body["estimated_generations"] == 6
    done = wait_job(svc, key, body["background_job_id"])
    stages = done["last_response"]["billing_stages"]
    assert [s["stage"] for s in stages] == ["first_image", "rotations"]
    assert [s["generations"] for s in stages] == [5.0, 1.0]
    assert done["last_response"]["usage"]["generations"] == 6 == done["usage"]["generations"]
    d = detail(svc, key, body["character_id"])
    assert d["size"] == SMALL and d["directions"] == 8  # Pro Flash draws on image_size itself
    # A first frame already paid (or brought): only the rotations.
    first = fetch_png(svc, d["rotation_urls"]["south"])
    r = svc.client.post(
        "/v2/create-character-pro-flash",
        json={"description": "pirate", "first_frame": image_body(first)},
        headers=svc.headers(key),
    )
    body = r.json()
    assert body["first_direction_generated"] is False and body["usage"]["generations"] == 1
    done = wait_job(svc, key, body["background_job_id"])
    assert done["last_response"]["billing_stages"][0] == {
        "stage": "first_image",
        "generations": 0.0,
        "reused": True,
    }
    d2 = detail(svc, key, body["character_id"])
    assert np.array_equal(fetch_png(svc, d2["rotation_urls"]["south"]), first)
    assert balance(svc, key) == 20 - 6 - 1


def test_pro_flash_reuses_a_paid_image_by_id(svc) -> None:
    key, other = svc.new_key(generations=20), svc.new_key()
    png = fetch_png(
        svc,
        create(svc, key, "/create-character-v3", {"description": "monk", "image_size": SMALL})[
            "rotation_urls"
        ]["south"],
    )
    crop = png[14:46, 14:46].copy()
    buf = io.BytesIO()
    Image.fromarray(crop).save(buf, format="PNG")
    # A paid Pro Flash image of this account (as the images family stores one).
    image_id = "8d1f6d1e-0c52-4a58-9c35-3f1b2f6c1a11"
    blob = svc.ctx.blobs.put(buf.getvalue())
    with svc.ctx.db.write() as s:
        s.add(
            Asset(
                id=image_id,
                account_id=key.account_id,
                family="pro_flash_image",
                status="completed",
                files={"image": blob},
            )
        )
    before = balance(svc, key)
    r = post(
        svc,
        key,
        "/create-character-pro-flash",
        {"description": "monk", "source_image_id": image_id},
    )
    assert r.status_code == 202 and r.json()["usage"]["generations"] == 1, r.text
    d = create_wait(svc, key, r.json()["character_id"])
    assert np.array_equal(fetch_png(svc, d["rotation_urls"]["south"]), crop)
    assert balance(svc, key) == before - 1
    assert (
        post(
            svc,
            other,
            "/create-character-pro-flash",
            {"description": "monk", "source_image_id": image_id},
        ).status_code
        == 404
    )
    r = post(
        svc,
        key,
        "/create-character-pro-flash",
        {"description": "monk", "source_image_id": image_id, "first_frame": image_body(crop)},
    )
    assert r.status_code == 422


def test_states_share_a_group_and_apply_the_edit(svc) -> None:
    key, other = svc.new_key(generations=10), svc.new_key()
    src = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight with a red cape", "image_size": SMALL, "seed": 1},
    )
    r = post(
        svc,
        key,
        "/create-character-state",
        {"character_id": src["id"], "edit_description": "make the cape blue"},
    )
    assert r.status_code == 200 and r.json()["status"] == "queued", r.text
    assert r.json()["usage"]["generations"] == 1
    state = create_wait(svc, key, r.json()["character_id"])
    src = detail(svc, key, src["id"])
    assert src["group_id"] == src["id"] == state["group_id"]
    assert state["state_name"] == "make the cape blue"[:20]
    assert state["directions"] == 4 and state["size"] == src["size"]
    a = fetch_png(svc, src["rotation_urls"]["north"])
    b = fetch_png(svc, state["rotation_urls"]["north"])
    assert not np.array_equal(a, b)
    blues = [c for c in colours(b) if c[2] > c[0] + 60]
    assert blues and not [c for c in colours(a) if c[2] > c[0] + 60]
    assert (a[..., 3] > 0).sum() == pytest.approx((b[..., 3] > 0).sum(), rel=0.05)
    # A bigger frame keeps the figure, centred and standing on the same ground.
    r = post(
        svc,
        key,
        "/create-character-state",
        {
            "character_id": src["id"],
            "edit_description": "damaged",
            "override_frame_size": {"width": 68, "height": 68},
        },
    )
    big = create_wait(svc, key, r.json()["character_id"])
    assert big["size"] == {"width": 68, "height": 68}
    r = post(
        svc,
        key,
        "/create-character-state",
        {
            "character_id": src["id"],
            "edit_description": "x",
            "override_frame_size": {"width": 32, "height": 32},
        },
    )
    assert r.status_code == 422
    assert (
        post(
            svc,
            other,
            "/create-character-state",
            {"character_id": src["id"], "edit_description": "x"},
        ).status_code
        == 404
    )
    assert balance(svc, key) == 10 - 1 - 2


def test_a_state_of_a_pending_character_is_400(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    cid = post(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight", "image_size": SMALL},
    ).json()["character_id"]
    r = post(svc, key, "/create-character-state", {"character_id": cid, "edit_description": "red"})
    assert r.status_code == 400
    with svc.ctx.db.read() as s:
        assert billing.balance(s, key.account_id) == 1999
