"""image to pixel art: photo-like renders come back as clean, limited-palette pixel art."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.cleanup.clusters import orphan_fraction
from pixelkiln.engine.cleanup.palette import color_table
from pixelkiln.engine.color import hex_to_rgb, srgb_to_oklab
from pixelkiln.engine.convert import (
    FIXED_PALETTES,
    auto_output_size,
    image_to_pixelart,
    image_to_pixelart_pro,
    image_to_pixelart_pro_flash,
    parse_style,
)
from tests.utilities.art import blur, jittered_upscale, jpeg, on_backdrop, photo, scene, sprite


def n_colors(img: np.ndarray) -> int:
    return len(np.unique(img[img[..., 3] > 0][:, :3], axis=0))


def mean_cluster(img: np.ndarray) -> float:
    """Pixel-weighted mean size of 4-connected same-colour clusters."""
    from scipy import ndimage

    idx = color_table([img]).inverse[0]
    sizes = []
    for c in np.unique(idx[idx >= 0]):
        lab, _ = ndimage.label(idx == c)
        sizes.extend(np.bincount(lab.ravel())[1:])
    s = np.array(sizes, float)
    return float((s**2).sum() / s.sum())


def box_downscale(img: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return np.asarray(Image.fromarray(img).resize(size, Image.Resampling.BOX))


@pytest.mark.parametrize("seed", [0, 1])
def test_photo_becomes_pixel_art(seed: int) -> None:
    src = scene(seed)
    r = image_to_pixelart(src, (80, 50), seed=seed)
    out = r.image
    assert out.shape == (50, 80, 4)
    naive = box_downscale(src, (80, 50))
    # Limited palette, clustered (no noise soup), unlike a plain resample.
    assert n_colors(out) <= 16 < n_colors(naive)
    assert orphan_fraction(color_table([out]).inverse[0]) < 0.02
    assert mean_cluster(out) > 4 * mean_cluster(naive)
    err = np.linalg.norm(srgb_to_oklab(out[..., :3]) - srgb_to_oklab(naive[..., :3]), axis=-1)
    assert err.mean() < 0.07  # still the same picture


def test_fixer_stays_closer_to_the_source() -> None:
    src = scene(2)
    naive = box_downscale(src, (80, 50)).astype(float)

    def error(img: np.ndarray) -> float:
        d = srgb_to_oklab(img[..., :3]) - srgb_to_oklab(naive[..., :3])
        return float(np.linalg.norm(d, axis=-1).mean())

    styled = image_to_pixelart(src, (80, 50), text_guidance_scale=20).image
    faithful = image_to_pixelart(src, (80, 50), fixer=True, init_image_strength=600).image
    assert n_colors(faithful) > n_colors(styled)
    assert error(faithful) < error(styled)


def test_thin_dark_lines_survive_the_downscale() -> None:
    img = np.full((160, 160, 4), 235, np.uint8)
    img[..., 3] = 255
    img[:, 70:72, :3] = (25, 25, 35)  # a 2 px line: 1/2 of a 4 px cell
    img[40:42, :, :3] = (25, 25, 35)
    out = image_to_pixelart(img, (40, 40)).image
    dark = srgb_to_oklab(out[..., :3])[..., 0] < 0.4
    assert dark[:, 17:19].any(axis=1).all()  # the vertical line is unbroken
    assert dark[10:11].any(axis=0).mean() > 0.9


def test_deterministic() -> None:
    src = photo(4)
    a = image_to_pixelart(src, (40, 30), seed=3).image
    b = image_to_pixelart(src, (40, 30), seed=3).image
    np.testing.assert_array_equal(a, b)


def test_pro_chooses_the_size_and_reads_style_words() -> None:
    src = scene(3)
    plain = image_to_pixelart_pro(src, seed=1)
    assert plain.source == "photo"
    assert plain.size == auto_output_size(320, 200)
    assert plain.image.shape[:2] == (plain.size[1], plain.size[0])
    assert abs(plain.size[0] / plain.size[1] - 1.6) < 0.05
    retro = image_to_pixelart_pro(src, "retro vibes with light dithering", seed=1)
    assert retro.size[0] < plain.size[0]
    assert n_colors(retro.image) <= 12
    gb = image_to_pixelart_pro(src, "gameboy style", seed=1)
    allowed = {hex_to_rgb(c) for c in FIXED_PALETTES["gameboy"]}
    assert {tuple(c) for c in gb.palette} <= allowed
    sized = image_to_pixelart_pro(src, "64x48 with 8 colors")
    assert sized.size == (64, 48) and n_colors(sized.image) <= 8


def test_pro_restores_upscaled_pixel_art_to_its_grid() -> None:
    s = on_backdrop(sprite(2, 32, "blue"), (240, 240, 230))
    up, _, _ = jittered_upscale(s, 8, 1)
    seen: list[float] = []
    r = image_to_pixelart_pro(jpeg(blur(up, 1.0), 80), progress=seen.append)
    assert r.source == "pixel-art"
    assert abs(r.size[0] - 32) <= 1 and abs(r.size[1] - 32) <= 1
    assert n_colors(r.image) <= n_colors(s) + 1
    assert seen[-1] == 1.0 and seen == sorted(seen)


def test_style_parsing() -> None:
    st = parse_style("anime styled with sharp edges")
    assert st.ink and st.edge_bias >= 0.3
    assert parse_style("retro vibes with light dithering").dithering == 4
    assert parse_style("retro vibes with light dithering").dithering_strength == 3.0
    assert parse_style("heavy dithering").dithering_strength == 8.0
    assert parse_style("no dithering, pastel").dithering == 0
    assert parse_style("24 colours").n_colors == 24
    assert parse_style("96x64").size == (96, 64)
    assert parse_style(None) == parse_style("")


def test_pro_flash_knobs() -> None:
    src = photo(6)
    r = image_to_pixelart_pro_flash(src, output_size=(48, 36), palette_size=6, dithering=4)
    assert r.size == (48, 36) and n_colors(r.image) <= 6
    auto = image_to_pixelart_pro_flash(src)
    assert auto.size == auto_output_size(160, 120)
    with pytest.raises(ValueError):
        image_to_pixelart_pro_flash(src, dithering=3)


def test_outline_around_a_transparent_subject() -> None:
    s = sprite(1, 64, "gold", outline=False)
    s = np.asarray(Image.fromarray(s).resize((256, 256), Image.Resampling.NEAREST)).copy()
    r = image_to_pixelart_pro_flash(s, output_size=(64, 64), palette_size=8, outline=True)
    inside = s[::4, ::4, 3] > 0
    ring = (r.image[..., 3] > 0) & ~inside
    assert ring.sum() > 20  # a 1 px outline was added outside the silhouette
    lum = srgb_to_oklab(r.image[..., :3])[..., 0]
    assert lum[ring].mean() < lum[inside & (r.image[..., 3] > 0)].mean()
