"""Test images made by the tests: sprites, degraded upscales and photo-like renders."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageFilter

RAMPS = {
    "red": [(58, 18, 38), (140, 36, 48), (214, 72, 60), (246, 150, 110)],
    "green": [(20, 48, 40), (40, 110, 62), (98, 170, 70), (190, 226, 120)],
    "blue": [(22, 28, 64), (40, 80, 160), (70, 150, 220), (170, 220, 250)],
    "gold": [(60, 36, 20), (150, 96, 40), (220, 170, 60), (252, 236, 150)],
}


def sprite(seed: int, size: int = 16, ramp: str = "red", outline: bool = True) -> np.ndarray:
    """A symmetric blob sprite: dark outline, 3-shade top-left lighting, a highlight pixel."""
    rng = np.random.default_rng(seed)
    h = w = size
    y, x = np.mgrid[0:h, 0:w] + 0.5
    field = np.zeros((h, w))
    for _ in range(4):
        cx = rng.uniform(0.3, 0.5) * w
        cy = rng.uniform(0.3, 0.7) * h
        rx, ry = rng.uniform(0.12, 0.3) * w, rng.uniform(0.12, 0.3) * h
        for mx in (cx, w - cx):  # mirrored
            field = np.maximum(field, 1 - ((x - mx) / rx) ** 2 - ((y - cy) / ry) ** 2)
    inside = field > 0
    inside[[0, -1], :] = False
    inside[:, [0, -1]] = False
    colors = RAMPS[ramp]
    out = np.zeros((h, w, 4), np.uint8)
    light = (x - 0.35 * w) ** 2 + (y - 0.35 * h) ** 2
    shade = np.digitize(light / (0.5 * w) ** 2, [0.15, 0.6])  # 0 lit .. 2 dark
    for level, c in zip((0, 1, 2), (colors[3], colors[2], colors[1]), strict=True):
        m = inside & (shade == level)
        out[m, :3] = c
        out[m, 3] = 255
    if outline:
        from scipy import ndimage

        edge = inside & ~ndimage.binary_erosion(inside)
        out[edge, :3] = colors[0]
    ys, xs = np.nonzero(inside & (shade == 0))
    if len(ys):
        k = len(ys) // 2
        out[ys[k], xs[k], :3] = (255, 255, 240)
    return out


def on_backdrop(rgba: np.ndarray, color: tuple[int, int, int]) -> np.ndarray:
    """Composite a binary-alpha sprite onto a flat colour (opaque result)."""
    out = rgba.copy()
    bg = rgba[..., 3] == 0
    out[bg, :3] = color
    out[..., 3] = 255
    return out


def jpeg(rgba: np.ndarray, quality: int = 80) -> np.ndarray:
    """Round-trip an (opaque) image through JPEG."""
    buf = io.BytesIO()
    Image.fromarray(rgba[..., :3]).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(buf).convert("RGBA")).copy()


def jittered_upscale(
    rgba: np.ndarray, scale: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Upscale with cell sizes varying by ±1 px (as AI-made or resampled art does).

    Returns the image and the column and row cut positions of the true cells.
    """
    rng = np.random.default_rng(seed)
    h, w = rgba.shape[:2]
    cw = scale + rng.integers(-1, 2, w)
    ch = scale + rng.integers(-1, 2, h)
    out = rgba.repeat(ch, axis=0).repeat(cw, axis=1)
    return out, np.concatenate([[0], np.cumsum(cw)]), np.concatenate([[0], np.cumsum(ch)])


def blur(rgba: np.ndarray, radius: float) -> np.ndarray:
    """Gaussian blur of the colour channels (opaque image)."""
    im = Image.fromarray(rgba[..., :3]).filter(ImageFilter.GaussianBlur(radius))
    out = rgba.copy()
    out[..., :3] = np.asarray(im)
    return out


def photo(seed: int, w: int = 160, h: int = 120) -> np.ndarray:
    """A photo-like render: sky gradient, lit sphere, ground with grain, blur and JPEG noise."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / h
    img = np.zeros((h, w, 3))
    sky = np.clip(y / 0.6, 0, 1)[..., None]
    img[:] = (1 - sky) * np.array([70, 120, 210]) + sky * np.array([210, 220, 235])
    ground = y > 0.62 + 0.05 * np.sin(x * 5 + seed)
    img[ground] = np.array([70, 130, 50]) * (1.2 - 0.5 * y[ground, None])
    cx, cy, r = 0.7 + 0.2 * rng.random(), 0.45, 0.22
    d = np.hypot(x - cx, y - cy)
    ball = d < r
    lit = np.clip(1 - np.hypot(x - cx + 0.08, y - cy + 0.08) / (1.6 * r), 0, 1)
    img[ball] = np.array([40, 20, 30]) + lit[ball, None] * np.array([210, 90, 40])
    img += rng.normal(0, 5, img.shape)
    rgba = np.dstack([np.clip(img, 0, 255).astype(np.uint8), np.full((h, w), 255, np.uint8)])
    return jpeg(blur(rgba, 1.0), 85)


def scene(seed: int, w: int = 320, h: int = 200) -> np.ndarray:
    """A photo-like landscape: sky gradient and sun, hills, pines, a lake, grain and JPEG."""
    from scipy import ndimage

    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(float)
    v = y / h
    img = np.zeros((h, w, 3))
    t = np.clip(v / 0.6, 0, 1)[..., None]
    img[:] = (1 - t) * np.array([40, 80, 170]) + t * np.array([240, 190, 150])
    sun = np.hypot(x - 0.7 * w, y - 0.25 * h)
    img += (np.exp(-sun / (0.12 * w)))[..., None] * np.array([90, 60, 20])
    img[sun < 0.04 * w] = (255, 245, 220)
    ridge = h * (0.45 + 0.08 * np.sin(x / w * 7 + seed) + 0.04 * np.sin(x / w * 19))
    hill = y > ridge
    shade = ndimage.gaussian_filter(rng.normal(0, 1, (h, w)), 3)
    img[hill] = np.array([90, 110, 140]) * (1 + 0.4 * shade[hill, None])
    water_line = int(0.68 * h)
    for tx in rng.uniform(0, w, 40):
        top = water_line - rng.uniform(0.1, 0.2) * h
        tree = (y > top) & (y < water_line) & (np.abs(x - tx) < (y - top) * 0.35)
        img[tree] = np.array([30, 70, 45]) * (1 + 0.3 * (x[tree] > tx))[:, None]
    refl = img[water_line - 1 :: -1][: h - water_line]
    img[water_line:] = refl * 0.6 + np.array([20, 50, 90]) * 0.4
    img += rng.normal(0, 4, img.shape)
    rgba = np.dstack([np.clip(img, 0, 255).astype(np.uint8), np.full((h, w), 255, np.uint8)])
    return jpeg(blur(rgba, 1.0), 85)
