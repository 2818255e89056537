"""remove-background: flat, gradient and textured backdrops cleared, subject untouched."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import ndimage

from pixelkiln.engine.cleanup import remove_background
from pixelkiln.engine.color import srgb_to_oklab
from tests.utilities.art import RAMPS, blur, jpeg, on_backdrop, sprite

SIZE = 48


def gradient_backdrop(s: np.ndarray) -> np.ndarray:
    y, x = np.mgrid[0:SIZE, 0:SIZE] / SIZE
    out = s.copy()
    bg = s[..., 3] == 0
    g = np.stack([40 + 200 * y, 80 + 120 * x, 220 - 150 * y], -1)
    out[bg, :3] = g[bg]
    out[..., 3] = 255
    return out


def textured_backdrop(s: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = ndimage.gaussian_filter(rng.normal(0, 1, (SIZE, SIZE)), 1.0)
    n /= n.std()
    y = np.mgrid[0:SIZE, 0:SIZE][0] / SIZE
    tex = np.clip(np.stack([110 + 25 * n, 150 + 25 * n + 30 * y, 80 + 15 * n], -1), 0, 255)
    out = s.copy()
    bg = s[..., 3] == 0
    out[bg, :3] = tex[bg]
    out[..., 3] = 255
    return out


def assert_exact_cutout(s: np.ndarray, result: np.ndarray) -> None:
    subject = s[..., 3] > 0
    np.testing.assert_array_equal(result[..., 3] > 0, subject)
    np.testing.assert_array_equal(result[subject], s[subject])
    assert set(np.unique(result[..., 3])) <= {0, 255}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("mode", ["simple", "complex"])
def test_flat_backdrop(seed: int, mode: str) -> None:
    s = sprite(seed, SIZE, list(RAMPS)[seed])
    r = remove_background(on_backdrop(s, (120, 180, 220)), mode)
    assert_exact_cutout(s, r.image)


@pytest.mark.parametrize("seed", range(4))
def test_gradient_backdrop(seed: int) -> None:
    s = sprite(seed, SIZE, list(RAMPS)[seed])
    assert_exact_cutout(s, remove_background(gradient_backdrop(s), "complex").image)


@pytest.mark.parametrize("seed", range(4))
def test_textured_backdrop(seed: int) -> None:
    s = sprite(seed, SIZE, "green")  # green on grass: only the outline tells them apart
    assert_exact_cutout(s, remove_background(textured_backdrop(s, seed), "complex").image)


def test_no_halo_around_a_soft_edged_subject() -> None:
    s = sprite(1, SIZE, "red")
    soft = jpeg(blur(on_backdrop(s, (240, 240, 240)), 0.8), 90)
    r = remove_background(soft, "complex")
    fg = r.foreground
    rim = fg & ndimage.binary_dilation(~fg)
    lab = srgb_to_oklab(soft[..., :3])
    backdrop = srgb_to_oklab(np.array([240, 240, 240]))
    # No kept rim pixel is nearly the backdrop colour.
    assert np.linalg.norm(lab[rim] - backdrop, axis=-1).min() > 0.1
    subject = s[..., 3] > 0
    assert (fg == subject).mean() > 0.97


def test_already_transparent_and_enclosed_regions() -> None:
    s = sprite(2, SIZE, "blue")
    r = remove_background(s, "simple")
    assert_exact_cutout(s, r.image)
    ring = np.zeros((SIZE, SIZE, 4), np.uint8)
    ring[...] = (200, 200, 200, 255)
    yy, xx = np.mgrid[0:SIZE, 0:SIZE]
    d = np.hypot(yy - SIZE / 2, xx - SIZE / 2)
    ring[(d > 10) & (d < 16)] = (30, 30, 60, 255)
    out = remove_background(ring, "simple").image
    assert out[SIZE // 2, SIZE // 2, 3] == 255  # the hole is not connected to the border
    assert out[0, 0, 3] == 0


def test_bad_mode() -> None:
    with pytest.raises(ValueError):
        remove_background(sprite(0, 16), "magic")
