"""Ramps, colour words, forced palettes, palette extraction and reference images."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import delta_e_ok, oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.lexicon import MATERIAL_KEYS
from pixelkiln.engine.materials import material_ramp, render_material
from pixelkiln.engine.palette import (
    COOL_HUE,
    WARM_HUE,
    build_ramp,
    fit_to_palette,
    map_to_palette,
    palette_from_image,
    recipe_for,
)
from pixelkiln.engine.quality import check_ramp, palette_adherence
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.style import Style

PICO8 = np.array(
    [[int(h[i : i + 2], 16) for i in (0, 2, 4)] for h in (
        "000000 1d2b53 7e2553 008751 ab5236 5f574f c2c3c7 fff1e8 "
        "ff004d ffa300 ffec27 00e436 29adff 83769c ff77a8 ffccaa"
    ).split()],
    np.uint8,
)  # fmt: skip


def _hue_distance(a: np.ndarray, b: float) -> np.ndarray:
    return np.abs((a - b + 180.0) % 360.0 - 180.0)


@pytest.mark.parametrize("key", MATERIAL_KEYS)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_ramps_are_ordered_and_distinct(key: str, n: int) -> None:
    ramp = build_ramp(recipe_for(key), n)
    assert ramp.shape == (n, 3) and ramp.dtype == np.uint8
    lab = srgb_to_oklab(ramp)
    assert np.all(np.diff(lab[:, 0]) > 0), "lightness rises dark to light"
    assert delta_e_ok(lab[1:], lab[:-1]).min() >= 0.06, "every step visible"
    assert check_ramp(ramp) == []


@pytest.mark.parametrize("key", ["grass", "brick", "sand", "deep water", "crystal", "moss"])
def test_hue_shift_cool_shadows_warm_lights(key: str) -> None:
    lch = oklab_to_oklch(srgb_to_oklab(build_ramp(recipe_for(key), 5)))
    mid = lch[2, 2]
    # The darkest shade has turned toward blue-violet, the lightest toward yellow-orange.
    assert _hue_distance(lch[0, 2], COOL_HUE) < _hue_distance(mid, COOL_HUE)
    assert _hue_distance(lch[-1, 2], WARM_HUE) < _hue_distance(mid, WARM_HUE)
    # Chroma peaks mid-ramp, not at the ends.
    assert lch[1:-1, 1].max() >= max(lch[0, 1], lch[-1, 1])


def test_grey_ramps_get_tinted_ends() -> None:
    lch = oklab_to_oklch(srgb_to_oklab(build_ramp(recipe_for("stone"), 5)))
    assert _hue_distance(lch[0, 2], COOL_HUE) < 30
    assert _hue_distance(lch[-1, 2], WARM_HUE) < 30


def test_modifiers_and_colour_words_move_the_ramp() -> None:
    base = recipe_for("sand")
    assert recipe_for("sand", modifiers=("dark",)).lightness < base.lightness
    assert recipe_for("sand", modifiers=("pale",)).chroma < base.chroma
    assert recipe_for("sand", modifiers=("vibrant",)).chroma > base.chroma
    golden = recipe_for("stone", modifiers=("golden",))
    assert _hue_distance(np.array(golden.hue), 88) < _hue_distance(np.array(262.0), 88)
    red = recipe_for("sand", colors=("red",))
    assert _hue_distance(np.array(red.hue), 28) < 1
    assert recipe_for("snow", colors=("black",)).lightness < recipe_for("snow").lightness


def test_material_ramp_for_descriptions() -> None:
    ramp = material_ramp("dark red brick", shades=5)
    assert ramp.shape == (5, 3)
    plain = material_ramp("brick", shades=5)
    assert srgb_to_oklab(ramp)[:, 0].mean() < srgb_to_oklab(plain)[:, 0].mean()
    assert material_ramp("grass", style=Style(shading="flat shading")).shape == (3, 3)


def test_palette_from_image_keeps_only_its_colours() -> None:
    rng = np.random.default_rng(1)
    img = rng.integers(0, 256, (40, 40, 3), dtype=np.uint8)
    pal = palette_from_image(img, max_colors=12, seed=3)
    assert 2 <= len(pal) <= 12
    image_colours = {tuple(c) for c in img.reshape(-1, 3)}
    assert all(tuple(c) in image_colours for c in pal)
    small = np.zeros((4, 4, 4), np.uint8)
    small[..., 3] = 255
    small[:2, :, 0] = 200
    assert len(palette_from_image(small)) == 2
    assert np.array_equal(pal, palette_from_image(img, max_colors=12, seed=3))


def test_fit_to_palette_keeps_shades_apart() -> None:
    ramp = build_ramp(recipe_for("grass"), 5)
    fitted = fit_to_palette(ramp, PICO8, spread=1.0)
    assert len({tuple(c) for c in fitted}) == 5
    near = fit_to_palette(ramp, PICO8)
    assert {tuple(c) for c in near} <= {tuple(c) for c in PICO8}
    assert len({tuple(c) for c in near}) >= 2
    assert all(any(np.array_equal(c, p) for p in PICO8) for c in fitted)
    tiny = fit_to_palette(ramp, PICO8[:2])
    assert {tuple(c) for c in tiny} <= {tuple(c) for c in PICO8[:2]}


@pytest.mark.parametrize("key", ["grass with small flowers", "cobblestone", "lava", "sky"])
@pytest.mark.parametrize("palette", [PICO8, PICO8[[0, 5, 6, 7]], PICO8[[3, 11]]])
def test_color_image_adherence_is_total(key: str, palette: np.ndarray) -> None:
    style = Style(outline="single color black outline", shading="detailed shading")
    tex = render_material(key, 32, 5, style, palette=palette)
    assert palette_adherence(tex.rgba, palette, tol=1e-9) == 1.0
    colours = {tuple(c) for c in tex.rgba[..., :3].reshape(-1, 3)}
    assert colours <= {tuple(c) for c in palette}


def test_map_to_palette_per_pixel() -> None:
    rng = np.random.default_rng(2)
    img = np.concatenate(
        [rng.integers(0, 256, (16, 16, 3), dtype=np.uint8), np.full((16, 16, 1), 255, np.uint8)],
        axis=2,
    )
    out = map_to_palette(img, PICO8)
    assert palette_adherence(out, PICO8, tol=1e-9) == 1.0
    assert np.array_equal(out[..., 3], img[..., 3])


def test_reference_steers_ramp_and_scale() -> None:
    reference_tex = render_material("purple crystal", 32, 1)
    ref = Reference.from_image(reference_tex.rgba, seed=1)
    assert len(ref.colors) >= 3 and ref.n_colors == len(np.unique(ref.colors, axis=0))
    assert ref.cluster > 1 and 0 < ref.contrast < 1
    plain = material_ramp("sand", shades=5)
    steered = material_ramp("sand", shades=5, reference=ref)
    ref_lab = srgb_to_oklab(ref.colors)

    def distance(ramp: np.ndarray) -> float:
        lab = srgb_to_oklab(ramp)
        return float(np.linalg.norm(lab[:, None] - ref_lab[None], axis=-1).min(axis=1).mean())

    assert distance(steered) < distance(plain)
    lab = srgb_to_oklab(steered)
    assert np.all(np.diff(lab[:, 0]) > 0), "a steered ramp stays ordered"
    coarse = np.kron(reference_tex.rgba[:8, :8], np.ones((4, 4, 1), np.uint8))
    assert Reference.from_image(coarse).scale_factor() > ref.scale_factor()
    merged = Reference.merge([ref, Reference.from_image(render_material("snow", 32, 2).rgba)])
    assert len(merged.colors) == len(ref.colors) + len(
        Reference.from_image(render_material("snow", 32, 2).rgba).colors
    )
    tex = render_material("sand", 32, 3, reference=ref)
    assert tex.rgba.shape == (32, 32, 4)


def test_check_ramp_catches_bad_ramps() -> None:
    good = build_ramp(recipe_for("grass"), 5)
    assert check_ramp(good) == []
    assert check_ramp(good[::-1])  # light to dark
    flat = np.array([[100, 100, 100], [102, 102, 102], [180, 180, 180]], np.uint8)
    assert any("step" in p for p in check_ramp(flat))
    # Warm shadows and cold lights: the hue turns the wrong way.
    wrong = np.array([[120, 70, 20], [150, 130, 90], [150, 200, 255]], np.uint8)
    assert any("cooler" in p for p in check_ramp(wrong))


def test_palette_from_image_with_one_dominant_colour() -> None:
    img = np.full((64, 64, 3), 10, np.uint8)
    img[0, :13, 0] = np.arange(13) * 19  # 13 colours, one of them almost everywhere
    pal = palette_from_image(img, max_colors=12, seed=1)
    assert 1 <= len(pal) <= 12
    assert all(tuple(c) in {tuple(p) for p in img.reshape(-1, 3)} for c in pal)
