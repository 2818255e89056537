"""The 8 motion paths over HTTP: validated, billed, real images, our own sprites exact."""

from __future__ import annotations

import base64

import numpy as np
import pytest

from pixelkiln.engine.imageio import encode_png
from pixelkiln.gallery.hand_made import MAGE_COLOURS, knight, mage, slime, wolf
from tests.conftest import decode_b64_png, image_body
from tests.motion.conftest import area, frame, images_of, palette, post, run

KNIGHT = knight()


def test_rotations_v3_keep_south_and_the_palette(service) -> None:
    key = service.new_key(generations=10)
    done = run(service, key, "/generate-8-rotations-v3", {"first_frame": image_body(KNIGHT)})
    images = images_of(done)
    assert done["last_response"]["directions"][0] == "south" and len(images) == 8
    labels = {k["label"] for k in done["last_response"]["keypoints"]}
    assert len(labels) == 18 and "NECK" in labels
    assert np.array_equal(images[0], KNIGHT)
    allowed = palette(KNIGHT)
    for img in images[1:]:
        assert img.shape == KNIGHT.shape
        assert palette(img) <= allowed
        assert 0.6 < area(img) / area(KNIGHT) < 1.5
    assert service.client.get("/v2/balance", headers=service.headers(key)).status_code == 200


def test_a_side_on_animal_keeps_its_own_side(service) -> None:
    key = service.new_key(generations=10)
    animal = wolf()
    done = run(
        service,
        key,
        "/generate-8-rotations-v3",
        {"first_frame": image_body(animal), "description": "a grey wolf"},
    )
    images = images_of(done)
    assert done["last_response"]["direction"] == "east"
    assert np.array_equal(images[6], animal)  # east, the contract's 7th
    assert all(palette(i) <= palette(animal) for i in images)


def test_rotations_v2_rotate_and_styles(service) -> None:
    key = service.new_key(generations=200)
    ref = {"image": image_body(KNIGHT), "width": 32, "height": 32}
    size = {"width": 48, "height": 48}
    done = run(
        service, key, "/generate-8-rotations-v2", {"image_size": size, "reference_image": ref}
    )
    images = images_of(done)
    assert all(i.shape == (48, 48, 4) for i in images)
    assert np.array_equal(images[0][16:, 8:40], KNIGHT)
    styled = run(
        service,
        key,
        "/generate-8-rotations-v2",
        {
            "image_size": size,
            "reference_image": ref,
            "method": "create_with_style",
            "description": "a wizard",
            "seed": 3,
        },
    )
    for img in images_of(styled):
        assert palette(img) <= palette(KNIGHT)
    concept = np.zeros((64, 64, 4), np.uint8)
    concept[..., :3], concept[..., 3] = (200, 40, 40), 255
    concept[32:, :, :3] = (40, 160, 60)
    drawn = run(
        service,
        key,
        "/generate-8-rotations-v2",
        {
            "image_size": size,
            "method": "create_from_concept",
            "description": "a farmer",
            "concept_image": {"image": image_body(concept), "width": 64, "height": 64},
        },
    )
    assert all(area(i) > 50 and i.shape == (48, 48, 4) for i in images_of(drawn))
    r = post(service, key, "/generate-8-rotations-v2", {"image_size": size})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "reference_image"
    big = {"image": image_body(np.zeros((60, 60, 4), np.uint8)), "width": 60, "height": 60}
    r = post(service, key, "/generate-8-rotations-v2", {"image_size": size, "reference_image": big})
    assert r.status_code == 422 and "reference_image" in r.json()["detail"][0]["loc"]


def test_rotate_answers_at_once_and_checks_its_images(service) -> None:
    key = service.new_key(generations=5)
    body = {
        "image_size": {"width": 32, "height": 32},
        "from_image": image_body(KNIGHT),
        "to_direction": "west",
        "seed": 1,
    }
    r = post(service, key, "/rotate", body)
    assert r.status_code == 200, r.text
    img = decode_b64_png(r.json()["image"]["base64"])
    assert palette(img) <= palette(KNIGHT) and area(img) > 0.4 * area(KNIGHT)
    again = post(service, key, "/rotate", body)
    assert again.json()["image"]["base64"] == r.json()["image"]["base64"]
    r = post(service, key, "/rotate", {**body, "mask_image": image_body(KNIGHT)})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "mask_image"
    r = post(service, key, "/rotate", {**body, "image_size": {"width": 16, "height": 16}})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "from_image"


@pytest.mark.parametrize("path", ["/animate-with-text-v3", "/animate-pixminimax"])
def test_text_animation_keeps_frame_zero_and_the_palette(service, path: str) -> None:
    key = service.new_key(generations=20)
    text = "action" if path.endswith("v3") else "description"
    body = {"first_frame": image_body(KNIGHT), text: "walk", "frame_count": 4, "seed": 2}
    done = run(service, key, path, body)
    images = images_of(done)
    assert len(images) == 5
    assert np.array_equal(images[0], KNIGHT)
    areas = [area(i) for i in images]
    assert max(areas) - min(areas) < 0.2 * areas[0]
    for img in images:
        assert palette(img) <= palette(KNIGHT)
    again = run(service, key, path, body)
    assert again["last_response"]["images"] == done["last_response"]["images"]


def test_a_robed_mage_turns_with_its_boots_and_walks_visibly(service) -> None:
    """The new-user check: a hand-drawn robed mage on a 32 px canvas, turned and walked."""
    key = service.new_key(generations=20)
    sprite = mage()
    boot = np.array(MAGE_COLOURS["B"], np.uint8)
    turned = images_of(
        run(service, key, "/generate-8-rotations-v3", {"first_frame": image_body(sprite)})
    )
    assert np.array_equal(turned[0], sprite)
    for img in turned:  # the boots under the hem (row 26) from every side
        assert ((img[27:, :, :3] == boot).all(-1) & (img[27:, :, 3] >= 128)).sum() >= 2
    body = {"first_frame": image_body(sprite), "action": "walk", "frame_count": 8, "seed": 3}
    done = run(service, key, "/animate-with-text-v3", body)
    frames = images_of(done)
    assert len(frames) == 9 and np.array_equal(frames[0], sprite)
    assert done["last_response"]["moved_as"] == "robe"
    changed = [int((f != sprite).any(-1).sum()) / area(sprite) for f in frames[1:]]
    assert float(np.mean(changed)) >= 0.14, changed


def test_text_animation_limits_name_their_field(service) -> None:
    key = service.new_key(generations=20)
    big = np.zeros((256, 256, 4), np.uint8)
    big[100:140, 100:130, 3] = 255
    r = post(
        service,
        key,
        "/animate-with-text-v3",
        {"first_frame": image_body(big), "action": "walk", "frame_count": 16},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "frame_count"
    r = post(
        service,
        key,
        "/animate-with-text-v3",
        {"first_frame": image_body(KNIGHT), "action": "walk", "frame_count": 5},
    )
    assert r.status_code == 422 and "frame_count" in r.json()["detail"][0]["loc"]
    r = post(
        service,
        key,
        "/animate-pixminimax",
        {"first_frame": image_body(KNIGHT), "description": "walk", "frame_count": 6},
    )
    assert r.status_code == 422 and "frame_count" in r.json()["detail"][0]["loc"]
    r = post(
        service,
        key,
        "/animate-with-text-v3",
        {"first_frame": image_body(KNIGHT), "action": "walk", "last_frame": image_body(slime())},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "last_frame"


def test_interpolation_runs_from_start_to_end(service) -> None:
    key = service.new_key(generations=50)
    end = KNIGHT[:, ::-1].copy()
    body = {
        "start_image": frame(KNIGHT),
        "end_image": frame(end),
        "action": "walk",
        "image_size": {"width": 32, "height": 32},
    }
    images = images_of(run(service, key, "/interpolation-v2", body))
    assert len(images) == 8
    assert np.array_equal(images[0], KNIGHT) and np.array_equal(images[-1], end)
    for img in images:
        assert palette(img) <= palette(KNIGHT)


def test_edit_animation_and_outfit_transfer(service) -> None:
    key = service.new_key(generations=100)
    frames = [frame(KNIGHT), frame(KNIGHT[:, ::-1].copy())]
    size = {"width": 32, "height": 32}
    edited = images_of(
        run(
            service,
            key,
            "/edit-animation-v2",
            {"description": "a red tabard", "frames": frames, "image_size": size},
        )
    )
    assert len(edited) == 2
    changed = [palette(e) - palette(KNIGHT) for e in edited]
    assert changed[0] and changed[0] == changed[1]  # the same recolour on every frame
    reds = [c for c in changed[0] if c[0] > c[1] + 40]
    assert reds
    ref = KNIGHT.copy()  # the same knight in a red tabard
    for old, new in (((52, 92, 178), (178, 40, 40)), ((34, 56, 120), (110, 24, 24))):
        ref[(ref[..., :3] == old).all(-1), :3] = new
    dressed = images_of(
        run(
            service,
            key,
            "/transfer-outfit-v2",
            {"reference_image": frame(ref), "frames": frames, "image_size": size},
        )
    )
    for img, original in zip(dressed, (KNIGHT, KNIGHT[:, ::-1]), strict=True):
        assert (178, 40, 40) in palette(img) and (52, 92, 178) not in palette(img)
        assert np.array_equal(img[..., 3], original[..., 3])  # clothes change, not the shape
    r = post(
        service,
        key,
        "/edit-animation-v2",
        {"description": "red", "frames": frames * 3, "image_size": {"width": 90, "height": 90}},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "frames"


def test_a_character_we_drew_turns_exactly(service) -> None:
    key = service.new_key(generations=50)
    r = post(
        service,
        key,
        "/create-character-with-4-directions",
        {"description": "a knight", "image_size": {"width": 32, "height": 32}, "seed": 4},
    )
    character_id = r.json()["character_id"]
    from tests.characters.conftest import fetch_png, wait_character

    detail = wait_character(service, key, character_id)
    south = fetch_png(service, detail["rotation_urls"]["south"])
    east = fetch_png(service, detail["rotation_urls"]["east"])
    done = run(service, key, "/generate-8-rotations-v3", {"first_frame": image_body(south)})
    assert done["last_response"]["source"] == "drawn"
    images = images_of(done)
    assert np.array_equal(images[6], east)  # the stored model's own east, pixel for pixel
    walked = run(
        service,
        key,
        "/animate-with-text-v3",
        {"first_frame": image_body(south), "action": "walk", "frame_count": 4},
    )
    assert walked["last_response"]["source"] == "drawn"
    frames = images_of(walked)
    assert len(frames) == 5 and np.array_equal(frames[0], south)
    assert all(f.shape == south.shape for f in frames)
    # A direction drawn from the stored model names its asset and file in our text
    # chunk: a copy whose pixels were touched but which keeps the chunk is still ours.
    from pixelkiln.engine.pngtext import KEY, add_text, read_text

    raw = base64.b64decode(done["last_response"]["images"][6]["base64"])
    mark = read_text(raw, KEY)
    assert mark == f"asset={character_id};file=rotations/east"
    touched = east.copy()
    y, x = np.argwhere(touched[..., 3] == 255)[0]
    touched[y, x, :3] = touched[y, x, :3] ^ 1
    marked = base64.b64encode(add_text(encode_png(touched), KEY, mark)).decode()
    again = run(
        service,
        key,
        "/generate-8-rotations-v3",
        {"first_frame": {"type": "base64", "base64": marked, "format": "png"}},
    )
    assert again["last_response"]["source"] == "drawn"
    assert again["last_response"]["recognised_by"] == "text chunk"
    turned = images_of(again)
    assert np.array_equal(turned[6], touched)  # the given direction, as sent
    assert np.array_equal(turned[0], south)  # the others from the stored model, exact
    plain = run(service, key, "/generate-8-rotations-v3", {"first_frame": image_body(touched)})
    assert plain["last_response"]["source"] == "fitted"  # no chunk, other pixels: not ours


def test_an_opaque_sprite_keeps_its_backdrop_unless_asked(service) -> None:
    key = service.new_key(generations=20)
    boxed = KNIGHT.copy()
    boxed[boxed[..., 3] == 0] = (230, 220, 200, 255)
    body = {"first_frame": image_body(boxed), "action": "wave", "frame_count": 4}
    frames = images_of(run(service, key, "/animate-with-text-v3", body))
    assert np.array_equal(frames[0], boxed)
    for f in frames:
        assert (f[..., 3] == 255).all() and palette(f) <= palette(boxed)
        assert tuple(f[0, 0, :3]) == (230, 220, 200)
    clear = images_of(run(service, key, "/animate-with-text-v3", {**body, "no_background": True}))
    assert all(f[0, 0, 3] == 0 for f in clear) and area(clear[0]) == area(KNIGHT)


def test_enlarged_art_is_turned_on_its_own_pixel_grid(service) -> None:
    from pixelkiln.engine.sprites.scale import enlarge, pixel_scale

    key = service.new_key(generations=10)
    big = enlarge(KNIGHT, 3)
    done = run(service, key, "/generate-8-rotations-v3", {"first_frame": image_body(big)})
    assert done["last_response"]["pixel_scale"] == 3
    images = images_of(done)
    assert np.array_equal(images[0], big)
    assert all(pixel_scale(i) % 3 == 0 and palette(i) <= palette(KNIGHT) for i in images)


def test_an_edit_puts_a_held_item_in_every_frame(service) -> None:
    key = service.new_key(generations=50)
    frames = [frame(KNIGHT), frame(np.roll(KNIGHT, 1, axis=1))]
    body = {
        "description": "holding a sword",
        "frames": frames,
        "image_size": {"width": 32, "height": 32},
    }
    done = run(service, key, "/edit-animation-v2", body)
    edited = images_of(done)
    (placed,) = done["last_response"]["items"]
    assert placed["item"] == "sword" and placed["placed"]
    added = [
        area(e) - area(f) for e, f in zip(edited, (KNIGHT, np.roll(KNIGHT, 1, 1)), strict=True)
    ]
    assert added[0] > 0 and added[0] == added[1]  # the same sword, moved with the hand


def test_an_object_we_drew_turns_exactly(service) -> None:
    from tests.characters.conftest import fetch_png
    from tests.conftest import wait_for

    key = service.new_key(generations=100)
    r = post(
        service, key, "/create-8-direction-object", {"description": "wooden chest", "size": 24}
    )
    object_id = r.json()["object_id"]

    def detail() -> dict:
        return service.client.get(f"/v2/objects/{object_id}", headers=service.headers(key)).json()

    wait_for(lambda: detail()["status"] == "completed", timeout=120)
    urls = detail()["rotation_urls"]
    south, east = fetch_png(service, urls["south"]), fetch_png(service, urls["east"])
    done = run(service, key, "/generate-8-rotations-v3", {"first_frame": image_body(south)})
    assert done["last_response"]["source"] == "drawn"
    assert np.array_equal(images_of(done)[6], east)
