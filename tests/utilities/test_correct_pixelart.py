"""correct-pixelart: a jittered, blurred, JPEG-compressed upscale snaps back to its cells."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.cleanup import correct_pixelart
from pixelkiln.engine.color import srgb_to_oklab
from tests.utilities.art import RAMPS, blur, jittered_upscale, jpeg, on_backdrop, sprite


def cell_centres(img: np.ndarray, cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    return img[(cy[:-1] + cy[1:]) // 2][:, (cx[:-1] + cx[1:]) // 2]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_recovers_jittered_blurred_jpeg_upscale(seed: int) -> None:
    ramp = list(RAMPS)[seed % len(RAMPS)]
    s = on_backdrop(sprite(seed, 16, ramp), (235, 225, 200))
    up, cx, cy = jittered_upscale(s, 8, seed)
    noisy = jpeg(blur(up, 1.0), 70)
    r = correct_pixelart([noisy], strength=0.1, seed=0)
    out = r.images[0]
    assert out.shape == noisy.shape  # no resize
    got = cell_centres(out, cx, cy)
    err = np.linalg.norm(srgb_to_oklab(got[..., :3]) - srgb_to_oklab(s[..., :3]), axis=-1)
    assert (err < 0.04).mean() >= 0.97
    assert r.grid.shape[0] in (15, 16, 17) and r.grid.shape[1] in (15, 16, 17)
    # One colour per cell, few colours overall.
    truth = len(np.unique(s.reshape(-1, 4), axis=0))
    assert len(r.palette) <= truth + 1
    ids = r.grid.cell_ids()
    flat = out.reshape(-1, 4).view(np.uint32).ravel()
    for cell in np.unique(ids)[::7]:
        assert len(np.unique(flat[ids.ravel() == cell])) == 1


def test_frames_share_grid_and_palette() -> None:
    a = on_backdrop(sprite(1, 16, "blue"), (240, 240, 240))
    b = on_backdrop(sprite(1, 16, "blue")[:, ::-1].copy(), (240, 240, 240))
    fa = jpeg(blur(a.repeat(6, 0).repeat(6, 1), 0.8), 80)
    fb = jpeg(blur(b.repeat(6, 0).repeat(6, 1), 0.8), 80)
    r = correct_pixelart([fa, fb], strength=0.2)
    pal = {tuple(c) for c in r.palette}
    for img in r.images:
        assert {tuple(c) for c in img.reshape(-1, 4)[:, :3]} <= pal
    np.testing.assert_array_equal(r.cells[1], r.cells[1])
    assert r.cells[0].shape == r.cells[1].shape == (16, 16, 4)
    np.testing.assert_array_equal(r.cells[0][:, ::-1], r.cells[1])


def test_clean_art_is_left_alone_at_low_strength() -> None:
    s = sprite(3, 24, "gold")
    up = s.repeat(4, 0).repeat(4, 1)
    np.testing.assert_array_equal(correct_pixelart([up], 0.1).images[0], up)
    np.testing.assert_array_equal(correct_pixelart([s], 0.1).images[0], s)


def test_strength_consolidates_near_duplicates_and_strays() -> None:
    rng = np.random.default_rng(0)
    s = on_backdrop(sprite(2, 32, "green"), (200, 200, 210))
    noisy = s.copy()
    jitter = rng.integers(-6, 7, (*s.shape[:2], 3))
    noisy[..., :3] = np.clip(s[..., :3].astype(int) + jitter, 0, 255)
    stray = rng.random(s.shape[:2]) < 0.01
    noisy[stray, :3] = np.clip(noisy[stray, :3].astype(int) + 40, 0, 255)
    low = correct_pixelart([noisy], strength=0.1).images[0]
    high = correct_pixelart([noisy], strength=1.0).images[0]
    n_low = len(np.unique(low.reshape(-1, 4), axis=0))
    n_high = len(np.unique(high.reshape(-1, 4), axis=0))
    assert n_high <= n_low <= 12
    err = np.linalg.norm(srgb_to_oklab(low[..., :3]) - srgb_to_oklab(s[..., :3]), axis=-1)
    assert (err < 0.05).mean() > 0.97


def test_alpha_preserved_and_deterministic() -> None:
    s = sprite(4, 16, "red")
    up = blur(s.repeat(6, 0).repeat(6, 1), 0.6)
    up[..., 3] = np.where(s.repeat(6, 0).repeat(6, 1)[..., 3] > 0, 255, 0)
    a = correct_pixelart([up], 0.3, seed=5).images[0]
    b = correct_pixelart([up], 0.3, seed=5).images[0]
    np.testing.assert_array_equal(a, b)
    assert set(np.unique(a[..., 3])) <= {0, 255}
    assert ((a[..., 3] > 0) == (up[..., 3] > 0)).mean() > 0.97


def test_a_clear_frame_beside_a_drawn_one_stays_clear() -> None:
    """A frame with no opaque pixel has no cell to vote in: it comes back clear, and the
    drawn frame is still snapped to its cells."""
    a = on_backdrop(sprite(1, 16, "blue"), (240, 240, 240)).repeat(4, 0).repeat(4, 1)
    clear = np.zeros_like(a)
    r = correct_pixelart([clear, a], strength=0.2)
    assert (r.images[0][..., 3] == 0).all() and (r.cells[0][..., 3] == 0).all()
    assert r.cells[1].shape == (16, 16, 4) and (r.cells[1][..., 3] > 0).any()
