"""Rendered materials: determinism, seamless wrap, quality gates in every style, the
Texture contract, features and the visible effect of each style knob."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.lexicon import MATERIAL_KEYS
from pixelkiln.engine.materials import Texture, render_material
from pixelkiln.engine.materials.outline import BLACK
from pixelkiln.engine.quality import (
    check_texture,
    color_count,
    seam_error,
    texture_report,
)
from pixelkiln.engine.style import DETAILS, OUTLINES, SHADINGS, Style
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wordlists import FEATURE_NAMES

SIZES = [16, 32, 64, (24, 40), (40, 16)]
SEEDS = [1, 7]
ALL_STYLES = [Style(o, s, d) for o, s, d in itertools.product(OUTLINES, SHADINGS, DETAILS)]


def _bounds(style: Style) -> tuple[float, float]:
    # A black outline spans the full lightness range on purpose.
    return (0.12, 1.0) if style.outline == "single color black outline" else (0.12, 0.75)


@pytest.mark.parametrize("key", ["grass", "cobblestone", "lava", "wood planks", "sky"])
def test_same_seed_same_bytes(key: str) -> None:
    style = Style("selective outline", "detailed shading", "highly detailed")
    a = encode_png(render_material(f"{key} with pebbles", 32, 11, style).rgba)
    b = encode_png(render_material(f"{key} with pebbles", 32, 11, style).rgba)
    c = encode_png(render_material(f"{key} with pebbles", 32, 12, style).rgba)
    assert a == b
    assert a != c
    assert np.array_equal(decode_image(a), render_material(f"{key} with pebbles", 32, 11,
                                                           style).rgba)  # fmt: skip


@pytest.mark.parametrize("key", MATERIAL_KEYS)
def test_every_material_wraps_and_passes_the_gates(key: str) -> None:
    for size, seed in [*itertools.product(SIZES, SEEDS[:1]), (32, SEEDS[1]), (16, SEEDS[1])]:
        tex = render_material(key, size, seed)
        tiled = np.tile(tex.rgba, (3, 3, 1))
        h, w = tex.size
        # The 3x3 repeat is the tile itself, and its middle copy is untouched.
        assert np.array_equal(tiled[h : 2 * h, w : 2 * w], tex.rgba)
        assert seam_error(tex.rgba) == 0, (key, size, seed)
        assert seam_error(tiled) == 0
        assert check_texture(tex.rgba) == [], (key, size, seed)


@pytest.mark.parametrize("key", MATERIAL_KEYS)
def test_gates_hold_in_every_style(key: str) -> None:
    # Every combination at 16 px, where clusters are hardest to keep.
    for style in ALL_STYLES:
        tex = render_material(key, 16, 3, style)
        assert check_texture(tex.rgba, _bounds(style)) == [], (key, 16, style)
    # At 32 px: every value of each knob alone, plus a fifth of the combinations, a
    # different fifth per material, so each combination is checked on 9-10 materials.
    single = [Style(outline=o) for o in OUTLINES] + [Style(shading=s) for s in SHADINGS]
    single += [Style(detail=d) for d in DETAILS]
    offset = MATERIAL_KEYS.index(key) % 5
    for style in single + ALL_STYLES[offset::5]:
        tex = render_material(key, 32, 4, style)
        assert check_texture(tex.rgba, _bounds(style)) == [], (key, 32, style)


@pytest.mark.parametrize("size", [16, 32, (24, 40)])
def test_texture_contract(size: int | tuple[int, int]) -> None:
    tex = render_material("cracked cobblestone with moss", size, 2)
    h, w = (size, size) if isinstance(size, int) else size
    assert isinstance(tex, Texture)
    assert tex.size == (h, w)
    assert tex.rgba.shape == (h, w, 4) and tex.rgba.dtype == np.uint8
    assert (tex.rgba[..., 3] == 255).all()
    assert tex.index.shape == (h, w) and tex.units.shape == (h, w)
    assert tex.height.dtype == np.float32 and 0 <= tex.height.min() and tex.height.max() <= 1
    assert np.array_equal(tex.colors[tex.index], tex.rgba[..., :3])
    assert np.array_equal(tex.colors[: len(tex.ramp)], tex.ramp)
    assert np.all(np.diff(srgb_to_oklab(tex.ramp)[:, 0]) > 0)
    assert tex.spec.material == "cobblestone" and "moss" in tex.spec.all_features()
    spec = parse_description("cracked cobblestone with moss")
    assert np.array_equal(render_material(spec, size, 2).rgba, tex.rgba)


def test_bad_sizes_are_refused() -> None:
    for size in (4, 600, (32, 2)):
        with pytest.raises(ValueError, match="size"):
            render_material("grass", size, 0)
    with pytest.raises(ValueError, match="outline"):
        Style(outline="thick")
    assert Style(detail="high detail").detail == "highly detailed"


def _torus_difference(a: np.ndarray, b: np.ndarray) -> float:
    """Share of differing pixels at the best alignment: a texture is a torus, and a new
    feature may move the calmest place to cut it open."""
    h, w = a.shape[:2]
    return min(
        float((np.roll(a, (dy, dx), axis=(0, 1)) != b).any(axis=-1).mean())
        for dy in range(h)
        for dx in range(w)
    )


@pytest.mark.parametrize("feature", FEATURE_NAMES)
def test_each_feature_draws_something(feature: str) -> None:
    base = "deep water" if feature in ("foam", "lily pads", "bubbles") else "sand"
    plain = render_material(base, 32, 9)
    with_feature = render_material(f"{base} with {feature}", 32, 9)
    assert feature in with_feature.spec.all_features()
    changed = _torus_difference(plain.rgba, with_feature.rgba)
    assert 0.001 < changed < 0.6, changed
    assert check_texture(with_feature.rgba) == []


def test_feature_colour_words_colour_the_feature() -> None:
    tex = render_material("grass with blue flowers", 32, 3)
    lch_hues = []
    for rgb in tex.colors[len(tex.ramp) :]:
        lab = srgb_to_oklab(rgb)
        lch_hues.append(np.degrees(np.arctan2(lab[2], lab[1])) % 360)
    assert any(abs(h - 260) < 40 for h in lch_hues)


def test_shading_uses_more_shades() -> None:
    used = []
    for shading in SHADINGS:
        tex = render_material("rock", 32, 5, Style(shading=shading))
        used.append(len(np.unique(tex.index[tex.index < len(tex.ramp)])))
    assert used[0] == 3 and used[-1] == 6
    assert used == sorted(used)


def test_outline_styles_differ_visibly() -> None:
    textures = {o: render_material("cobblestone", 32, 5, Style(outline=o)) for o in OUTLINES}
    black = textures["single color black outline"].rgba[..., :3]
    assert (black == BLACK[0]).all(axis=-1).mean() > 0.1
    assert not (textures["lineless"].rgba[..., :3] == BLACK[0]).all(axis=-1).any()
    darkest = textures["single color outline"].ramp[0]
    single = textures["single color outline"].rgba[..., :3]
    assert (single == darkest).all(axis=-1).mean() > 0.1
    pictures = [t.rgba.tobytes() for t in textures.values()]
    assert len(set(pictures)) == len(OUTLINES)


def test_detail_changes_feature_size_and_count() -> None:
    low = texture_report(render_material("cobblestone", 32, 5, Style(detail="low detail")).rgba)
    high = texture_report(
        render_material("cobblestone", 32, 5, Style(detail="highly detailed")).rgba
    )
    assert low.edge < high.edge
    count = {d: len(np.unique(render_material("cobblestone", 32, 5, Style(detail=d)).units))
             for d in DETAILS}  # fmt: skip
    assert count["low detail"] < count["medium detail"] < count["highly detailed"]
    few = render_material("grass with flowers", 32, 5, Style(detail="low detail"))
    many = render_material("grass with flowers", 32, 5, Style(detail="highly detailed"))
    assert (few.units > 0).sum() < (many.units > 0).sum()


@pytest.mark.parametrize("key", ["cobblestone", "brick", "stone brick", "floor tiles", "gravel"])
def test_units_are_lit_from_the_top_left(key: str) -> None:
    tex = render_material(key, 32, 2, Style(shading="medium shading"))
    lightness = srgb_to_oklab(tex.rgba[..., :3])[..., 0]
    units = tex.units
    inside = units > 0
    top_rim = inside & (np.roll(units, 1, 0) != units) & (np.roll(units, -1, 0) == units)
    bottom_rim = inside & (np.roll(units, -1, 0) != units) & (np.roll(units, 1, 0) == units)
    left_rim = inside & (np.roll(units, 1, 1) != units) & (np.roll(units, -1, 1) == units)
    right_rim = inside & (np.roll(units, -1, 1) != units) & (np.roll(units, 1, 1) == units)
    assert lightness[top_rim].mean() > lightness[bottom_rim].mean()
    assert lightness[left_rim].mean() > lightness[right_rim].mean()


def test_colour_counts_stay_small() -> None:
    for key in MATERIAL_KEYS:
        assert 2 <= color_count(render_material(key, 32, 1).rgba) <= 8, key


def test_highly_detailed_shading_adds_glints_to_shiny_materials() -> None:
    detailed = render_material("metal plates", 32, 4, Style(shading="detailed shading"))
    highly = render_material("metal plates", 32, 4, Style(shading="highly detailed shading"))
    top = len(highly.ramp) - 1
    assert (highly.index == top).sum() > (detailed.index == len(detailed.ramp) - 1).sum()
    dull = render_material("dirt", 32, 4, Style(shading="highly detailed shading"))
    assert "sparkles" not in dull.spec.all_features()
