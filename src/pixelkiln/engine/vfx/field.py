"""Drawing kit for effects: looping noise, crisp shapes, and intensity-to-ramp levels.

Effects are drawn as *level maps*: 0 is transparent, 1..n index the effect ramp from dark
to bright, and n+1.. index the smoke ramp. Intensities are quantised to levels by fixed
thresholds, so a fading shape *erodes* (its rim drops below the lowest threshold first)
instead of turning semi-transparent; there is no anti-aliasing anywhere.

Time loops: a frame's time ``t`` runs over [0, 1) and every moving part is periodic in
it: noise is sampled on a torus and scrolled by whole periods per loop, particles restart
when their phase-shifted age wraps, rotations turn by a whole symmetry step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw

__all__ = ["Ctx", "TorusNoise", "disc", "draw_line", "levels", "polygon", "ring", "star"]


@dataclass(frozen=True)
class Ctx:
    """Canvas and timing shared by every effect.

    Attributes
    ----------
    w, h : canvas size in pixels.
    n_frames : frames in the loop.
    n_levels : colours in the main ramp.
    n_smoke : colours in the smoke ramp.
    rng : the effect's seeded generator (draw everything random from it up front).
    """

    w: int
    h: int
    n_frames: int
    n_levels: int
    n_smoke: int
    rng: np.random.Generator

    @property
    def s(self) -> float:
        """The smaller side: effects scale with it."""
        return float(min(self.w, self.h))

    def times(self) -> np.ndarray:
        """Frame times in [0, 1)."""
        return np.arange(self.n_frames) / self.n_frames

    def grid(self) -> tuple[np.ndarray, np.ndarray]:
        """Pixel-centre coordinates ``(x, y)``, each ``(h, w)``."""
        y, x = np.mgrid[0 : self.h, 0 : self.w].astype(np.float64)
        return x + 0.5, y + 0.5

    def smoke(self, k: int) -> int:
        """Level value of smoke colour ``k`` (0 darkest)."""
        return self.n_levels + 1 + min(k, self.n_smoke - 1)


class TorusNoise:
    """Value noise that wraps: periodic with ``cells_x`` along u and ``cells_y`` along v.

    Sampling at ``v + t * cells_y`` for t in [0, 1) scrolls the field by exactly one period
    over the loop, so the last frame leads into the first.
    """

    def __init__(self, rng: np.random.Generator, cells_x: int, cells_y: int, octaves: int = 3):
        self.layers = [rng.random((cells_y * 2**o, cells_x * 2**o)) for o in range(max(1, octaves))]

    def __call__(self, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Noise in [0, 1] at lattice coordinates ``(u, v)`` of the first octave."""
        total = np.zeros(np.broadcast(u, v).shape)
        norm = 0.0
        for o, lat in enumerate(self.layers):
            f, amp = 2**o, 0.5**o
            total += amp * _sample(lat, u * f, v * f)
            norm += amp
        return total / norm


def _sample(lat: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    ny, nx = lat.shape
    u0, v0 = np.floor(u), np.floor(v)
    fu, fv = u - u0, v - v0
    fu = fu * fu * fu * (fu * (fu * 6 - 15) + 10)  # quintic fade: no grid creases
    fv = fv * fv * fv * (fv * (fv * 6 - 15) + 10)
    x0, y0 = u0.astype(np.int64) % nx, v0.astype(np.int64) % ny
    x1, y1 = (x0 + 1) % nx, (y0 + 1) % ny
    top = lat[y0, x0] * (1 - fu) + lat[y0, x1] * fu
    bot = lat[y1, x0] * (1 - fu) + lat[y1, x1] * fu
    return top * (1 - fv) + bot * fv


def levels(intensity: np.ndarray, n: int, floor: float = 0.15) -> np.ndarray:
    """Quantise intensity to ramp levels: below ``floor`` is empty, 1 is the brightest level."""
    lv = 1 + np.floor((intensity - floor) / (1.0 - floor) * n).astype(np.int64)
    return np.where(intensity >= floor, np.clip(lv, 1, n), 0)


def disc(x: np.ndarray, y: np.ndarray, cx: float, cy: float, r: float) -> np.ndarray:
    """Pixels whose centres lie inside a circle (a single pixel when ``r`` < 0.75)."""
    return (x - cx) ** 2 + (y - cy) ** 2 <= max(r, 0.5) ** 2


def ring(x: np.ndarray, y: np.ndarray, cx: float, cy: float, r: float, aspect: float = 1.0):
    """A 1 px ring: pixels within half a pixel of the (possibly squashed) circle."""
    d = np.hypot(x - cx, (y - cy) / aspect)
    return np.abs(d - r) <= 0.5


def draw_line(mask: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> None:
    """Set a 1 px line (every step one pixel, like Bresenham) in ``mask``, clipped."""
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    xs = np.rint(np.linspace(x0, x1, n)).astype(np.int64)
    ys = np.rint(np.linspace(y0, y1, n)).astype(np.int64)
    ok = (xs >= 0) & (xs < mask.shape[1]) & (ys >= 0) & (ys < mask.shape[0])
    mask[ys[ok], xs[ok]] = True


def polygon(shape: tuple[int, int], points: np.ndarray) -> np.ndarray:
    """An aliased filled polygon as a bool mask of ``shape`` (h, w)."""
    im = Image.new("1", (shape[1], shape[0]), 0)
    ImageDraw.Draw(im).polygon([tuple(p) for p in np.asarray(points, float)], fill=1)
    return np.asarray(im, dtype=bool)


def star(mask_shape: tuple[int, int], cx: float, cy: float, size: int) -> np.ndarray:
    """A twinkle: a dot (0), plus (1), long plus (2) or plus with diagonals (3)."""
    out = np.zeros(mask_shape, bool)
    ix, iy = int(cx), int(cy)
    pts = [(0, 0)]
    if size >= 1:
        pts += [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if size >= 2:
        pts += [(2, 0), (-2, 0), (0, 2), (0, -2)]
    if size >= 3:
        pts += [(1, 1), (-1, 1), (1, -1), (-1, -1), (3, 0), (-3, 0), (0, 3), (0, -3)]
    for dx, dy in pts:
        if 0 <= iy + dy < mask_shape[0] and 0 <= ix + dx < mask_shape[1]:
            out[iy + dy, ix + dx] = True
    return out
