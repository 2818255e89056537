"""Matter effects: sparkles, dust, splash, smoke, ice and poison.

Particles here carry a phase, and their age ``(t + phase) mod 1`` wraps: each is born,
lives and vanishes within the loop, and is born again on the first frame, so the
animation has no seam. Clouds (dust, smoke, poison) erode as they age: their noisy
intensity sinks under the lowest level's threshold from the rim inwards.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pixelkiln.engine.vfx.field import Ctx, TorusNoise, disc, levels, polygon, ring, star

__all__ = [
    "make_dust",
    "make_ice",
    "make_poison",
    "make_smoke",
    "make_sparkles",
    "make_splash",
]

Frame = Callable[[float], np.ndarray]


def make_sparkles(ctx: Ctx, crosses: bool = False) -> Frame:
    """Rising twinkles growing from a dot to a star and back (crosses too when healing)."""
    n = max(5, int(ctx.s / 5))
    x0 = ctx.rng.uniform(0.15, 0.85, n) * ctx.w
    y0 = ctx.rng.uniform(0.45, 0.95, n) * ctx.h
    phase = ctx.rng.random(n)
    rise = 0.4 * ctx.h
    big = 3 if ctx.s >= 32 else 1
    shape = (ctx.h, ctx.w)

    def frame(t: float) -> np.ndarray:
        out = np.zeros(shape, np.int64)
        order = np.argsort((t + phase) % 1.0)  # older (bigger) sparkles drawn last
        for i in order:
            a = (t + phase[i]) % 1.0
            px = x0[i] + np.sin(2 * np.pi * (a + phase[i])) * 1.5
            py = y0[i] - a * rise
            size = int(np.sin(np.pi * a) * (big + 0.99))
            if crosses and i % 3 == 0:
                mask = star(shape, px, py, min(size, 1) + 1 if size else 0)
            else:
                mask = star(shape, px, py, size)
            # The biggest twinkle is the white core, smaller ones step down the ramp.
            lv = max(2, ctx.n_levels - big + size)
            out[mask] = np.maximum(out[mask], lv)
        return out

    return frame


def _cloud(
    ctx: Ctx,
    puffs: list[tuple[float, float, float]],
    noise: TorusNoise,
    t: float,
    erode: float,
    light: bool = True,
) -> np.ndarray:
    """Union of noisy, lit puffs ``(cx, cy, r)`` eroded by ``erode`` (0 fresh .. 1 gone)."""
    x, y = ctx.grid()
    cells = noise.layers[0].shape
    turb = noise(x / ctx.w * cells[1], y / ctx.h * cells[0] + t * cells[0])
    inten = np.zeros((ctx.h, ctx.w))
    for cx, cy, r in puffs:
        d = np.hypot(x - cx, y - cy) / max(r, 0.5)
        shade = -0.35 * ((x - cx) + (y - cy)) / max(r, 0.5) if light else 0.0
        inten = np.maximum(inten, np.where(d < 1.2, 1.0 - d + 0.45 + 0.25 * shade, 0.0))
    inten = inten + 0.6 * (turb - 0.5) - 1.2 * erode
    return np.where(inten > 0.45, inten, 0.0)


def make_dust(ctx: Ctx) -> Frame:
    """A puff of dust spreading low along the ground and eroding away."""
    n = 7
    ang = np.radians(ctx.rng.uniform(190, 350, n))
    dist = ctx.rng.uniform(0.25, 0.45, n) * ctx.s
    size = ctx.rng.uniform(0.7, 1.2, n)
    lag = ctx.rng.uniform(0, 0.12, n)
    noise = TorusNoise(ctx.rng, *_cells(ctx, 6.0))
    base = ctx.h * 0.88

    def frame(t: float) -> np.ndarray:
        a = (t + 0.5 / ctx.n_frames) % 1.0
        puffs = []
        for th, dd, sz, lg in zip(ang, dist, size, lag, strict=True):
            b = float(np.clip((a - lg) / (1 - lg), 0, 1))
            go = 1 - (1 - b) ** 3
            puffs.append(
                (
                    ctx.w / 2 + np.cos(th) * dd * go,
                    base + np.sin(th) * dd * go * 0.6,
                    (0.07 + 0.11 * go) * ctx.s * sz,
                )
            )
        inten = _cloud(ctx, puffs, noise, a, erode=max(a - 0.25, 0) / 0.75)
        return levels(inten - 0.45, ctx.n_levels - 1, floor=0.02)

    return frame


def _cells(ctx: Ctx, per: float) -> tuple[int, int]:
    return max(2, round(ctx.w / per)), max(2, round(ctx.h / per))


def make_smoke(ctx: Ctx) -> Frame:
    """Puffs rising in a column, growing and eroding as they age."""
    n = 6
    phase = (np.arange(n) + ctx.rng.uniform(-0.2, 0.2, n)) / n
    wobble = ctx.rng.random(n)
    noise = TorusNoise(ctx.rng, *_cells(ctx, 6.0))
    base = ctx.h * 0.9

    def frame(t: float) -> np.ndarray:
        puffs = []
        erosion = np.zeros(n)
        for i in range(n):
            a = (t + phase[i]) % 1.0
            cx = ctx.w / 2 + np.sin(2 * np.pi * (a + wobble[i])) * 0.1 * ctx.w + a * 0.1 * ctx.w
            puffs.append((cx, base - a * 0.72 * ctx.h, (0.13 + 0.2 * a) * ctx.s))
            erosion[i] = a
        # Each puff erodes with its own age: draw them separately and keep the densest.
        out = np.zeros((ctx.h, ctx.w))
        for p, e in zip(puffs, erosion, strict=True):
            out = np.maximum(out, _cloud(ctx, [p], noise, t, erode=max(e - 0.3, 0) / 0.8))
        return levels(out - 0.45, ctx.n_levels - 1, floor=0.02)

    return frame


def make_splash(ctx: Ctx) -> Frame:
    """A water column, spreading rings on a pool and droplets in ballistic arcs."""
    n = max(8, int(ctx.s / 4))
    vx = ctx.rng.uniform(-1, 1, n)
    vy = ctx.rng.uniform(0.75, 1.25, n) * (1.1 - 0.5 * np.abs(vx))  # outer drops fly lower
    phase = (ctx.rng.integers(0, 2, n) + ctx.rng.uniform(0, 0.2, n)) / 2
    base = ctx.h * 0.86
    x, y = ctx.grid()
    big = ctx.s / 40

    def frame(t: float) -> np.ndarray:
        out = np.zeros((ctx.h, ctx.w), np.int64)
        pool = disc(x, (y - base) * 3.5 + base, ctx.w / 2, base, 0.4 * ctx.w)
        out[pool & (y >= base - 1)] = 2
        for k in range(2):
            a = (t + k / 2) % 1.0
            # The crown: a column that rises and falls back, and a ring spreading on the pool.
            col = np.sin(np.pi * min(a / 0.6, 1.0)) * 0.45 * ctx.h
            taper = 1.0 - 0.6 * np.clip((base - y) / max(col, 1.0), 0, 1)
            jet = np.abs(x - ctx.w / 2) <= max(1.0, 0.06 * ctx.w) * taper
            jet &= (y <= base) & (y >= base - col)
            out[jet] = ctx.n_levels - 1
            out[jet & (x < ctx.w / 2)] = ctx.n_levels
            crown = ring(x, y, ctx.w / 2, base, (0.08 + 0.34 * a) * ctx.w, aspect=0.3)
            out[crown & (a < 0.85)] = ctx.n_levels - 2 if a < 0.4 else 3
        for i in range(n):
            a = (t + phase[i]) % 1.0
            px = ctx.w / 2 + vx[i] * a * 0.45 * ctx.w
            py = base - 4 * vy[i] * a * (1 - a) * 0.55 * ctx.h
            if a > 0.97:
                continue
            r = 0.6 + 1.4 * big * (1 - 0.6 * a)
            drop = disc(x, y, px, py, r)
            out[drop] = ctx.n_levels - 2
            out[disc(x, y, px - r * 0.4, py - r * 0.4, r * 0.6) & drop] = ctx.n_levels - 1
            out[disc(x, y, px - r * 0.4, py - r * 0.4, 0.5) & drop] = ctx.n_levels
        return out

    return frame


def make_ice(ctx: Ctx) -> Frame:
    """Ice shards growing out from the centre, then shattering, with falling snow."""
    n = 7
    ang = np.sort(ctx.rng.uniform(0, 2 * np.pi, n)) + ctx.rng.uniform(0, 0.3)
    length = ctx.rng.uniform(0.26, 0.44, n) * ctx.s
    phase = (np.arange(n) * 3 % n) / n
    n_flakes = max(4, int(ctx.s / 7))
    fx = ctx.rng.uniform(0, ctx.w, n_flakes)
    fy = ctx.rng.uniform(0, ctx.h, n_flakes)
    cx0, cy0 = ctx.w / 2, ctx.h / 2
    shape = (ctx.h, ctx.w)

    def frame(t: float) -> np.ndarray:
        out = np.zeros(shape, np.int64)
        for th, ln, ph in zip(ang, length, phase, strict=True):
            a = (t + ph) % 1.0
            grow = min(a / 0.3, 1.0)
            shatter = max(a - 0.65, 0) / 0.35
            if shatter >= 1:
                continue
            d = np.array([np.cos(th), np.sin(th)])
            nrm = np.array([-d[1], d[0]])
            r0 = 0.08 * ctx.s + shatter * 0.25 * ctx.s
            tip = r0 + ln * grow * (1 - 0.5 * shatter)
            half = max(1.0, 0.13 * ln) * (1 - shatter)
            c = np.array([cx0, cy0])
            mid = c + d * (r0 + 0.35 * (tip - r0))
            left = polygon(shape, [c + d * r0, mid + nrm * half, c + d * tip])
            right = polygon(shape, [c + d * r0, mid - nrm * half, c + d * tip])
            lv_l, lv_r = (ctx.n_levels - 1, ctx.n_levels - 3) if shatter == 0 else (3, 2)
            out[right] = lv_r
            out[left] = lv_l
            if shatter == 0 and grow >= 1:
                out[star(shape, *(c + d * tip), 0)] = ctx.n_levels
        for px, py in zip(fx, fy, strict=True):
            yy = (py + t * ctx.h) % ctx.h  # falls one canvas height per loop
            xx = px + np.sin(2 * np.pi * (t + px / ctx.w)) * 1.5
            out[star(shape, xx, yy, 0)] = np.maximum(out[star(shape, xx, yy, 0)], ctx.n_levels - 1)
        return out

    return frame


def make_poison(ctx: Ctx) -> Frame:
    """A wobbling toxic cloud with bubbles that rise and pop."""
    n_lobes = 5
    lob_x = ctx.w / 2 + ctx.rng.uniform(-0.22, 0.22, n_lobes) * ctx.w
    lob_y = ctx.h * 0.62 + ctx.rng.uniform(-0.12, 0.12, n_lobes) * ctx.h
    lob_r = ctx.rng.uniform(0.14, 0.22, n_lobes) * ctx.s
    lob_p = ctx.rng.random(n_lobes)
    noise = TorusNoise(ctx.rng, *_cells(ctx, 7.0))
    n_bub = max(4, int(ctx.s / 9))
    bx = ctx.w / 2 + ctx.rng.uniform(-0.3, 0.3, n_bub) * ctx.w
    bphase = ctx.rng.random(n_bub)
    x, y = ctx.grid()

    def frame(t: float) -> np.ndarray:
        puffs = [
            (cx, cy, r * (1 + 0.1 * np.sin(2 * np.pi * (t + p))))
            for cx, cy, r, p in zip(lob_x, lob_y, lob_r, lob_p, strict=True)
        ]
        inten = _cloud(ctx, puffs, noise, t, erode=0.0)
        out = levels(inten - 0.45, ctx.n_levels - 2, floor=0.02)
        for x0, ph in zip(bx, bphase, strict=True):
            a = (t + ph) % 1.0
            py = ctx.h * 0.7 - a * 0.6 * ctx.h
            if a < 0.8:
                out[ring(x, y, x0, py, 1.0 + (ctx.s >= 48))] = ctx.n_levels - 1
            elif a < 0.92:  # pop
                for dx, dy in ((-2, -2), (2, -2), (-2, 2), (2, 2)):
                    out[disc(x, y, x0 + dx, py + dy, 0.5)] = ctx.n_levels - 2
        return out

    return frame
