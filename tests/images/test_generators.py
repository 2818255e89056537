"""The generators over HTTP: sizes and their 422s, candidate counts, forced palettes,
init images, transparent backgrounds, the kind of thing drawn, same seed same bytes,
billing and Pro Flash's reusable source image."""

from __future__ import annotations

import numpy as np
import pytest

from tests.conftest import image_body
from tests.images.conftest import colours, job_result, post, rgba

pytestmark = pytest.mark.slow


def test_pixflux_sizes_seed_and_no_background(service) -> None:
    key = service.new_key(generations=10)
    body = {"description": "cute dragon", "image_size": {"width": 48, "height": 40}, "seed": 3}
    r = post(service, key, "/create-image-pixflux", {**body, "no_background": True})
    assert r.status_code == 200, r.text
    img = rgba(r.json()["image"])
    assert img.shape == (40, 48, 4)
    assert r.json()["usage"]["generations"] == 1
    # Transparent background: the border is clear, the middle is drawn.
    border = np.concatenate([img[0], img[-1], img[:, 0], img[:, -1]])
    assert (border[:, 3] == 0).all() and (img[..., 3] == 255).sum() > 60
    again = post(service, key, "/create-image-pixflux", {**body, "no_background": True})
    assert again.json()["image"]["base64"] == r.json()["image"]["base64"]
    other = post(service, key, "/create-image-pixflux", {**body, "seed": 4, "no_background": True})
    assert other.json()["image"]["base64"] != r.json()["image"]["base64"]
    # With a background the whole canvas is painted.
    full = rgba(post(service, key, "/create-image-pixflux", body).json()["image"])
    assert (full[..., 3] == 255).all()
    # Area limits are 422s naming image_size.
    small = post(
        service, key, "/create-image-pixflux", {**body, "image_size": {"width": 16, "height": 16}}
    )
    assert small.status_code == 422 and "image_size" in small.json()["detail"][0]["loc"]
    big = post(
        service, key, "/create-image-pixflux", {**body, "image_size": {"width": 401, "height": 16}}
    )
    assert big.status_code == 422


def test_pixen_size_rules_and_enhanced_prompt(service) -> None:
    key = service.new_key(generations=10)
    base = {"description": "cute wizard", "no_background": True}
    for size in (
        {"width": 24, "height": 32},
        {"width": 30, "height": 30},
        {"width": 768, "height": 512},
    ):
        r = post(service, key, "/create-image-pixen", {**base, "image_size": size})
        assert r.status_code == 422, size
        assert "image_size" in r.json()["detail"][0]["loc"]
    r = post(
        service,
        key,
        "/create-image-pixen",
        {**base, "image_size": {"width": 64, "height": 32}, "enhance_prompt": True},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert rgba(body["image"]).shape == (32, 64, 4)
    assert body["enhance_usage"]["generations"] == 0.05 and "cute wizard" in body["enhanced_prompt"]
    assert service.client.get("/v2/balance", headers=service.headers(key)).json()["subscription"][
        "generations"
    ] == pytest.approx(8.95)


def test_color_image_is_exact_and_init_image_is_kept(service) -> None:
    key = service.new_key(generations=10)
    pal = np.zeros((4, 4, 4), np.uint8)
    pal[..., 3] = 255
    pal[:2, :2, :3] = (200, 40, 40)
    pal[:2, 2:, :3] = (40, 40, 200)
    pal[2:, :2, :3] = (240, 230, 200)
    pal[2:, 2:, :3] = (20, 20, 30)
    body = {
        "description": "knight",
        "image_size": {"width": 48, "height": 48},
        "color_image": image_body(pal),
        "seed": 1,
    }
    img = rgba(post(service, key, "/create-image-bitforge", body).json()["image"])
    assert colours(img) <= colours(pal)
    init = np.zeros((48, 48, 4), np.uint8)
    init[8:40, 12:36] = (30, 160, 90, 255)
    init[8:40, 12:36][::4] = (250, 250, 250, 255)
    r = post(
        service,
        key,
        "/create-image-pixflux",
        {
            "description": "barrel",
            "image_size": {"width": 48, "height": 48},
            "init_image": image_body(init),
            "init_image_strength": 990,
            "no_background": True,
        },
    )
    out = rgba(r.json()["image"])
    same_alpha = ((out[..., 3] > 0) == (init[..., 3] > 0)).mean()
    err = np.abs(out[..., :3].astype(int) - init[..., :3].astype(int))[init[..., 3] > 0].mean()
    assert same_alpha > 0.97 and err < 12


def test_kinds_of_picture(service) -> None:
    key = service.new_key(generations=10)

    def draw(text: str, nb: bool, w: int = 48, h: int = 48) -> np.ndarray:
        r = post(
            service,
            key,
            "/create-image-bitforge",
            {
                "description": text,
                "image_size": {"width": w, "height": h},
                "no_background": nb,
                "seed": 2,
            },
        )
        assert r.status_code == 200, r.text
        return rgba(r.json()["image"])

    icon = draw("health potion icon", True, 32, 32)
    ys, xs = np.nonzero(icon[..., 3])
    assert abs((ys.min() + ys.max()) / 2 - 15.5) <= 2 and abs((xs.min() + xs.max()) / 2 - 15.5) <= 2
    scene = draw("forest clearing at night", False, 64, 40)
    assert (scene[..., 3] == 255).all() and len(colours(scene)) > 12
    assert scene[:10].mean() < scene[30:].mean() + 60  # a night sky is dark
    figure = draw("knight", True, 48, 48)
    solid = figure[..., 3] > 0
    ys, xs = np.nonzero(solid)
    assert ys.max() - ys.min() > xs.max() - xs.min()  # a standing figure is taller than wide
    tex = draw("mossy cobblestone texture", True, 32, 32)
    assert (tex[..., 3] == 255).all()


def test_bitforge_inpainting_and_skeleton(service) -> None:
    key = service.new_key(generations=10)
    base = np.zeros((40, 40, 4), np.uint8)
    base[..., :3], base[..., 3] = (70, 120, 60), 255
    mask = np.zeros((40, 40, 3), np.uint8)
    body = {
        "description": "red mushroom",
        "image_size": {"width": 40, "height": 40},
        "inpainting_image": image_body(base),
        "mask_image": image_body(mask),
    }
    r = post(service, key, "/create-image-bitforge", body)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "mask_image"
    mask[10:30, 10:30] = 255
    r = post(service, key, "/create-image-bitforge", {**body, "mask_image": image_body(mask)})
    out = rgba(r.json()["image"])
    keep = mask[..., 0] == 0
    assert (out[keep] == base[keep]).all() and (out[~keep] != base[~keep]).any()
    points = [
        {"x": 20, "y": 10, "label": "NOSE"},
        {"x": 20, "y": 44, "label": "LEFT LEG"},
        {"x": 26, "y": 44, "label": "RIGHT LEG"},
    ]
    r = post(
        service,
        key,
        "/create-image-bitforge",
        {
            "description": "knight",
            "image_size": {"width": 48, "height": 48},
            "no_background": True,
            "skeleton_keypoints": points,
        },
    )
    fig = rgba(r.json()["image"])
    ys, _ = np.nonzero(fig[..., 3])
    assert ys.max() >= 42 and ys.min() <= 12


@pytest.mark.parametrize(("side", "count"), [(32, 64), (64, 16)])
def test_generate_image_v2_candidates(make_service, side: int, count: int) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    r = post(
        svc,
        key,
        "/generate-image-v2",
        {"description": "slime", "image_size": {"width": side, "height": side}, "seed": 5},
    )
    assert r.json()["usage"]["generations"] == 2
    last = job_result(svc, key, r)
    images = [rgba(b) for b in last["images"]]
    assert len(images) == count and all(i.shape == (side, side, 4) for i in images)
    assert len({i.tobytes() for i in images}) > count // 2  # visibly different


def test_generate_with_style_takes_size_and_palette(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=10)
    a = np.zeros((40, 24, 4), np.uint8)
    a[4:36, 4:20] = (180, 60, 160, 255)
    a[4:36, 4:20][::3] = (90, 20, 80, 255)
    b = np.zeros((16, 16, 4), np.uint8)
    b[2:14, 2:14] = (250, 200, 90, 255)
    body = {
        "description": "treasure chest",
        "style_images": [
            {"image": image_body(a), "width": 24, "height": 40},
            {"image": image_body(b), "width": 16, "height": 16},
        ],
    }
    last = job_result(svc, key, post(svc, key, "/generate-with-style-v2", body))
    images = [rgba(x) for x in last["images"]]
    assert len(images) == 64 and images[0].shape == (40, 40, 4)
    allowed = colours(a) | colours(b)
    assert colours(images[0]) <= allowed


def test_pro_flash_image_feeds_an_object(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key(generations=20)
    r = post(
        svc,
        key,
        "/create-image-pro-flash",
        {"description": "red potion", "image_size": {"width": 32, "height": 32}},
    )
    body = r.json()
    assert body["estimated_generations"] == 5 and body["image_id"] == body["source_image_id"]
    last = job_result(svc, key, r)
    assert (
        last["billing_stages"][0]["stage"] == "first_image"
        and last["source_image_id"] == body["source_image_id"]
    )
    assert rgba(last["image"]).shape == (32, 32, 4)
    o = post(
        svc,
        key,
        "/create-object-pro-flash",
        {
            "description": "red potion",
            "n_directions": 1,
            "source_image_id": body["source_image_id"],
            "image_size": {"width": 32, "height": 32},
        },
    )
    assert o.status_code == 202, o.text
    assert o.json()["usage"]["generations"] == 0
    other = svc.new_key(generations=20)
    again = post(
        svc,
        other,
        "/create-object-pro-flash",
        {"description": "x", "n_directions": 1, "source_image_id": body["source_image_id"]},
    )
    assert again.status_code == 404


def test_billing_refusals(make_service) -> None:
    svc = make_service()
    poor = svc.new_key(generations=0.5)
    r = post(
        svc,
        poor,
        "/create-image-pixflux",
        {"description": "rock", "image_size": {"width": 32, "height": 32}},
    )
    assert r.status_code == 402
    r = post(
        svc,
        poor,
        "/generate-image-v2",
        {"description": "rock", "image_size": {"width": 32, "height": 32}},
    )
    assert r.status_code == 402


def test_skeleton_keypoints_pose_the_arms(service) -> None:
    key = service.new_key(generations=10)
    pts = [
        (24, 10, "NOSE"),
        (19, 16, "RIGHT SHOULDER"),
        (12, 10, "RIGHT ELBOW"),
        (10, 3, "RIGHT ARM"),
        (29, 16, "LEFT SHOULDER"),
        (32, 22, "LEFT ELBOW"),
        (33, 28, "LEFT ARM"),
        (21, 28, "RIGHT HIP"),
        (20, 36, "RIGHT KNEE"),
        (20, 44, "RIGHT LEG"),
        (27, 28, "LEFT HIP"),
        (28, 36, "LEFT KNEE"),
        (28, 44, "LEFT LEG"),
    ]
    body = {
        "description": "villager",
        "image_size": {"width": 48, "height": 48},
        "no_background": True,
        "seed": 1,
        "skeleton_keypoints": [{"x": x, "y": y, "label": lab} for x, y, lab in pts],
    }
    fig = rgba(post(service, key, "/create-image-bitforge", body).json()["image"])
    # The raised hand is drawn up by the head, to the figure's right (the image's left).
    solid = fig[..., 3] > 0
    ys, _ = np.nonzero(solid)
    top_rows = solid[: ys.min() + 6]
    assert np.nonzero(top_rows.any(0))[0].min() < 16
