"""vfx: every effect kind loops, keeps a small palette, is crisp and deterministic."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.vfx import EFFECT_KINDS, parse_effect, render_vfx

DESCRIPTIONS = {
    "fire": "orange campfire flame",
    "explosion": "orange fire burst",
    "lightning": "crackling blue lightning",
    "sparkles": "green healing sparkles",
    "dust": "dust puff",
    "splash": "water splash",
    "portal": "purple portal",
    "smoke": "thick grey smoke",
    "magic_circle": "cyan magic circle",
    "ice": "ice shards",
    "poison": "poison cloud",
    "slash": "white sword slash",
    "orb": "energy orb",
}


def change(a: np.ndarray, b: np.ndarray) -> float:
    """Share of pixels that differ between two frames (colour or alpha)."""
    return float(np.any(a != b, axis=-1).mean())


def test_every_kind_has_a_description() -> None:
    assert set(DESCRIPTIONS) == set(EFFECT_KINDS)
    for kind, text in DESCRIPTIONS.items():
        assert parse_effect(text).kind == kind


@pytest.mark.parametrize("kind", sorted(EFFECT_KINDS))
@pytest.mark.parametrize("size", [(16, 16), (48, 48), (64, 40)])
def test_loops_with_a_small_crisp_palette(kind: str, size: tuple[int, int]) -> None:
    r = render_vfx(DESCRIPTIONS[kind], size, 8, seed=3)
    assert r.spec.kind == kind
    assert r.frame_count == 8
    assert all(f.shape == (size[1], size[0], 4) for f in r.frames)
    assert r.sheet.shape == (size[1], size[0] * 8, 4)
    np.testing.assert_array_equal(r.sheet[:, : size[0]], r.frames[0])
    # Crisp: binary alpha; limited palette across all frames.
    assert set(np.unique(r.sheet[..., 3])) <= {0, 255}
    assert 2 <= len(r.palette) <= 8
    # Animated, and the last frame leads into the first like any other step does.
    steps = [change(r.frames[i], r.frames[i + 1]) for i in range(7)]
    assert max(steps) > 0
    assert change(r.frames[-1], r.frames[0]) <= 1.25 * max(steps) + 1e-9
    assert all(f[..., 3].any() for f in r.frames[:4])  # something is drawn


@pytest.mark.parametrize("kind", ["fire", "portal", "smoke", "poison", "orb", "sparkles"])
def test_continuous_effects_have_no_seam(kind: str) -> None:
    r = render_vfx(DESCRIPTIONS[kind], (48, 48), 12, seed=1)
    steps = [change(r.frames[i], r.frames[(i + 1) % 12]) for i in range(12)]
    seam = steps[-1]
    assert seam <= 1.3 * np.median(steps[:-1]) + 0.01


def test_deterministic_per_seed_and_seeds_differ() -> None:
    a = render_vfx("crackling blue lightning", (32, 32), 6, seed=9)
    b = render_vfx("crackling blue lightning", (32, 32), 6, seed=9)
    c = render_vfx("crackling blue lightning", (32, 32), 6, seed=10)
    np.testing.assert_array_equal(a.sheet, b.sheet)
    assert not np.array_equal(a.sheet, c.sheet)


def test_colour_words_and_overrides() -> None:
    blue = parse_effect("crackling blue lightning")
    assert blue.kind == "lightning" and 240 <= blue.hue <= 275
    assert parse_effect("green healing sparkles").hue == pytest.approx(145)
    assert parse_effect("purple portal").kind == "portal"
    assert parse_effect("a slice of ice").kind == "ice"  # "slice" is not read as a slash
    assert parse_effect("something unheard of").kind == "orb"
    red = render_vfx("fire", (24, 24), 4, color=(200, 30, 40))
    green = render_vfx("fire", (24, 24), 4, color=(30, 200, 40))
    assert not np.array_equal(red.palette, green.palette)
    forced = render_vfx("blue stuff", (24, 24), 4, kind="smoke")
    assert forced.spec.kind == "smoke"


def test_ramp_runs_dark_cool_to_warm_light() -> None:
    r = render_vfx("orange fire burst", (48, 48), 8, seed=0)
    from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab

    lch = oklab_to_oklch(srgb_to_oklab(r.palette.astype(float)))
    assert lch[0, 0] < 0.45 and lch[-1, 0] > 0.85  # dark smoke .. near-white core
    assert lch[-1, 1] < 0.06  # the core is barely coloured


def test_progress_and_validation() -> None:
    seen: list[float] = []
    render_vfx("dust puff", (16, 16), 4, progress=seen.append)
    assert seen == [0.25, 0.5, 0.75, 1.0]
    with pytest.raises(ValueError):
        render_vfx("fire", (4, 4), 8)
    with pytest.raises(ValueError):
        render_vfx("fire", (32, 32), 1)
    with pytest.raises(ValueError):
        render_vfx("fire", (32, 32), 8, kind="volcano")
