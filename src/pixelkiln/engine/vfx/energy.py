"""Energy effects: fire, explosion, lightning, orb, portal, magic circle and slash.

Each ``make_*`` draws its random layout from ``ctx.rng`` once and returns a function of
time ``t`` in [0, 1) giving the frame's level map (see :mod:`.field`). Energy may use
pillow-like radial shading: it glows from its core.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
from scipy import ndimage

from pixelkiln.engine.vfx.field import Ctx, TorusNoise, disc, draw_line, levels, ring, star

__all__ = [
    "make_explosion",
    "make_fire",
    "make_lightning",
    "make_magic_circle",
    "make_orb",
    "make_portal",
    "make_slash",
]

Frame = Callable[[float], np.ndarray]
_CROSS = ndimage.generate_binary_structure(2, 1)


def _cells(ctx: Ctx, per: float) -> tuple[int, int]:
    """Noise lattice cells so features stay about ``per`` pixels wide (clusters, not soup)."""
    return max(2, round(ctx.w / per)), max(2, round(ctx.h / per))


def make_fire(ctx: Ctx) -> Frame:
    """A flame rising from the bottom: a rounded tongue split by rising noise, with embers."""
    x, y = ctx.grid()
    cx, cy = _cells(ctx, 6.0)
    noise = TorusNoise(ctx.rng, cx, cy, octaves=2)
    base, height, half = ctx.h * 0.96, ctx.h * 0.88, ctx.w * 0.36
    n_embers = max(3, int(ctx.s / 8))
    ex = ctx.w / 2 + ctx.rng.uniform(-0.6, 0.6, n_embers) * half
    ephase = ctx.rng.random(n_embers)

    def frame(t: float) -> np.ndarray:
        r = np.clip((base - y) / height, 0.0, 1.2)
        sway = np.sin(2 * np.pi * (t + 0.6 * r)) * 0.06 * ctx.w * r
        # A rounded base narrowing to a tip; noise rising through it splits the top into
        # separate tongues.
        width = np.maximum(np.sqrt(np.clip(1 - r, 0, 1)) * (1 - 0.35 * r), 1e-3)
        core = 1 - np.abs(x - ctx.w / 2 - sway) / (half * width)
        turb = noise(x / ctx.w * cx, y / ctx.h * cy + t * cy)  # rises one period per loop
        inten = 0.25 + core * (1.05 - 0.55 * r) - (0.35 + 0.9 * r) * (turb - 0.35)
        inten = np.where((y <= base) & (r < 1) & (core > 0), inten, 0.0)
        out = levels(inten, ctx.n_levels, floor=0.3)
        for x0, ph in zip(ex, ephase, strict=True):
            a = (t + ph) % 1.0
            if a < 0.8:
                px = x0 + np.sin(2 * np.pi * (a * 2 + ph)) * 1.5
                py = base - height * (0.45 + 0.6 * a)
                lv = ctx.n_levels - 1 - int(a * (ctx.n_levels - 2))
                out = np.where(disc(x, y, px, py, 0.5) & (out < lv), lv, out)
        return out

    return frame


def make_explosion(ctx: Ctx) -> Frame:
    """One blast per loop: a flash that swells, burns down to a ring of smoke, and debris."""
    x, y = ctx.grid()
    cx0, cy0 = ctx.w / 2, ctx.h * 0.55
    cxs, cys = _cells(ctx, 6.0)
    noise = TorusNoise(ctx.rng, cxs, cys)
    n_debris = max(5, int(ctx.s / 5))
    ang = ctx.rng.uniform(0, 2 * np.pi, n_debris)
    speed = ctx.rng.uniform(0.35, 0.55, n_debris) * ctx.s
    half_step = 0.5 / ctx.n_frames

    def frame(t: float) -> np.ndarray:
        a = (t + half_step) % 1.0
        grow = 1 - (1 - min(a / 0.3, 1.0)) ** 3
        radius = max(0.42 * ctx.s * grow, 1.5)
        rise = a * 0.12 * ctx.s
        d = np.hypot(x - cx0, y - cy0 + rise) / radius
        turb = noise(x / ctx.w * cxs, y / ctx.h * cys + a * cys)
        heat = np.clip(1 - a / 0.6, 0, 1)
        fire = (1.15 - d) * (0.35 + 0.9 * heat) + 0.55 * (turb - 0.5) - 0.5 * (1 - heat)
        out = levels(np.where(d < 1.1, fire, 0.0), ctx.n_levels, floor=0.2)
        # Smoke: a ring of puffs that eats itself away as the blast cools.
        puff = (1.1 - np.abs(d - 0.8) / 0.5) + 0.6 * (turb - 0.5) - 0.8 * max(a - 0.35, 0) / 0.6
        smoke = (a > 0.2) & (puff > 0.45) & (out == 0)
        out = np.where(smoke, np.where(turb > 0.5, ctx.smoke(1), ctx.smoke(0)), out)
        if a < 0.25:  # shock ring
            out = np.where(ring(x, y, cx0, cy0, radius * 1.2 + 1, 0.9) & (out == 0), 3, out)
        for th, sp in zip(ang, speed, strict=True):
            if a < 0.6:
                px, py = cx0 + np.cos(th) * sp * a, cy0 + np.sin(th) * sp * a + 0.3 * ctx.s * a * a
                lv = ctx.n_levels if a < 0.2 else ctx.n_levels - 2
                out = np.where(disc(x, y, px, py, 0.5), lv, out)
        return out

    return frame


def _bolt(rng: np.random.Generator, ctx: Ctx, n: int) -> np.ndarray:
    xs = np.cumsum(rng.normal(0, 0.09 * ctx.w, n))
    xs = ctx.w / 2 + xs - np.linspace(xs[0], xs[-1], n) * 0.8
    return np.stack([np.clip(xs, 1, ctx.w - 2), np.linspace(0, ctx.h - 1, n)], axis=1)


def make_lightning(ctx: Ctx) -> Frame:
    """A jagged bolt top to bottom that crackles (vertices jitter), with flickering branches."""
    n = max(5, ctx.h // 6)
    path = _bolt(ctx.rng, ctx, n)
    freq = ctx.rng.integers(1, 4, n)
    phase = ctx.rng.random(n)
    amp = 0.06 * ctx.w
    branches = []
    for _ in range(3):
        j = int(ctx.rng.integers(1, n - 2))
        side = ctx.rng.choice([-1.0, 1.0])
        length = int(ctx.rng.integers(2, 4))
        steps = np.cumsum(
            np.stack(
                [
                    side * ctx.rng.uniform(0.05, 0.14, length) * ctx.w,
                    ctx.rng.uniform(0.06, 0.12, length) * ctx.h,
                ],
                1,
            ),
            0,
        )
        branches.append((j, steps, int(ctx.rng.integers(1, 3)), ctx.rng.random()))
    flicker = ctx.rng.random()
    x, y = ctx.grid()
    grow = 2 if ctx.s >= 40 else 1

    def frame(t: float) -> np.ndarray:
        pts = path.copy()
        pts[1:-1, 0] += amp * np.sin(2 * np.pi * (freq[1:-1] * t + phase[1:-1]))
        core = np.zeros((ctx.h, ctx.w), bool)
        for p, q in itertools.pairwise(pts):
            draw_line(core, *p, *q)
        for j, steps, f, ph in branches:
            if np.sin(2 * np.pi * (f * t + ph)) > -0.2:
                prev = pts[j]
                for s in steps:
                    nxt = pts[j] + s
                    draw_line(core, *prev, *nxt)
                    prev = nxt
        strong = np.sin(2 * np.pi * (2 * t + flicker)) > 0  # strobes twice per loop
        glow = ndimage.binary_dilation(core, _CROSS, iterations=grow)
        out = np.where(glow, ctx.n_levels - 2 if strong else ctx.n_levels - 3, 0)
        if strong and grow > 1:
            halo = ndimage.binary_dilation(glow, _CROSS) & ~glow
            out = np.where(halo & ((x + y).astype(int) % 2 == 0), 2, out)
        out = np.where(core, ctx.n_levels if strong else ctx.n_levels - 1, out)
        impact = disc(x, y, pts[-1, 0], ctx.h - 1, (0.12 if strong else 0.07) * ctx.s)
        return np.where(impact & (out == 0), ctx.n_levels - 3, out)

    return frame


def make_orb(ctx: Ctx) -> Frame:
    """A pulsing energy ball with pillow shading, a swirling surface, an aura and sparks."""
    x, y = ctx.grid()
    cx0, cy0 = ctx.w / 2, ctx.h / 2
    swirl = TorusNoise(ctx.rng, 6, 3, octaves=2)
    n_sparks = 3
    sp_phase = ctx.rng.random(n_sparks)

    def frame(t: float) -> np.ndarray:
        radius = 0.3 * ctx.s * (1 + 0.08 * np.sin(2 * np.pi * t))
        d = np.hypot(x - cx0, y - cy0) / radius
        ang = (np.arctan2(y - cy0, x - cx0) / (2 * np.pi)) % 1.0
        turb = swirl(ang * 6 + 2 * d - t * 6, d * 2)  # one full turn of the pattern per loop
        hot = 1 - np.hypot(x - cx0 + 0.3 * radius, y - cy0 + 0.3 * radius) / (1.3 * radius)
        inten = np.where(d < 1, 0.35 + 0.55 * hot + 0.4 * (turb - 0.5), 0.0)
        out = levels(inten, ctx.n_levels, floor=0.2)
        aura = ring(x, y, cx0, cy0, radius * 1.3) & (turb > 0.45)
        out = np.where(aura & (out == 0), 2, out)
        for k, ph in enumerate(sp_phase):
            th = 2 * np.pi * (t * (1 + k % 2) + ph)
            px, py = cx0 + np.cos(th) * radius * 1.55, cy0 + np.sin(th) * radius * 0.6
            out = np.where(disc(x, y, px, py, 0.5), ctx.n_levels - 1, out)
        return out

    return frame


def make_portal(ctx: Ctx) -> Frame:
    """A swirling ring around a dark void, with motes spiralling in."""
    x, y = ctx.grid()
    cx0, cy0 = ctx.w / 2, ctx.h / 2
    rx, ry = 0.44 * ctx.w, 0.44 * ctx.h
    swirl = TorusNoise(ctx.rng, 7, 4, octaves=2)
    n_motes = max(4, int(ctx.s / 8))
    m_ang = ctx.rng.uniform(0, 2 * np.pi, n_motes)
    m_phase = ctx.rng.random(n_motes)

    def frame(t: float) -> np.ndarray:
        d = np.hypot((x - cx0) / rx, (y - cy0) / ry)
        ang = (np.arctan2(y - cy0, x - cx0) / (2 * np.pi)) % 1.0
        turb = swirl(ang * 7 + 3.0 * d - t * 7, d * 3)
        band = np.exp(-(((d - 0.78) / 0.2) ** 2))
        inten = band * (0.6 + 0.9 * (turb - 0.4))
        out = levels(np.where(d < 1.05, inten, 0.0), ctx.n_levels, floor=0.2)
        void = (d < 0.62) & (out == 0)
        out = np.where(void, np.where(turb > 0.62, 2, ctx.smoke(0)), out)
        for th0, ph in zip(m_ang, m_phase, strict=True):
            a = (t + ph) % 1.0
            r, th = 1.15 - 0.6 * a, th0 + 2.5 * a
            lv = max(2, ctx.n_levels - 1 - int(3 * a))
            out = np.where(
                disc(x, y, cx0 + np.cos(th) * rx * r, cy0 + np.sin(th) * ry * r, 0.5), lv, out
            )
        return out

    return frame


def make_magic_circle(ctx: Ctx) -> Frame:
    """Two rings, turning runes and a counter-turning hexagram, pulsing, with rising motes."""
    x, y = ctx.grid()
    cx0, cy0 = ctx.w / 2, ctx.h / 2
    r1, r2 = 0.46 * ctx.s - 0.5, 0.34 * ctx.s
    n_runes = 12 if ctx.s >= 48 else 8
    n_motes = max(3, int(ctx.s / 10))
    m_ang = ctx.rng.uniform(0, 2 * np.pi, n_motes)
    m_phase = ctx.rng.random(n_motes)

    def frame(t: float) -> np.ndarray:
        pulse = np.sin(2 * np.pi * t) > 0
        out = np.zeros((ctx.h, ctx.w), np.int64)
        rim = ring(x, y, cx0, cy0, r1) | ring(x, y, cx0, cy0, r2)
        out[rim] = ctx.n_levels - 1 if pulse else ctx.n_levels - 2
        # Runes turn two slots per loop; alternating glyphs make that a seamless repeat.
        rm = (r1 + r2) / 2
        for k in range(n_runes):
            th = 2 * np.pi * (k + 2 * t) / n_runes
            px, py = cx0 + np.cos(th) * rm, cy0 + np.sin(th) * rm
            size = 1 if k % 2 else 0
            if ctx.s < 40:
                size = 0
            out[star(out.shape, px, py, size)] = ctx.n_levels
        # A hexagram turning a sixth of a turn per loop (its own symmetry step).
        lines = np.zeros(out.shape, bool)
        for tri in (0.0, np.pi / 3):
            ang = tri - 2 * np.pi * t / 6 + np.array([0, 2, 4, 0]) * np.pi / 3 - np.pi / 2
            pts = np.stack([cx0 + np.cos(ang) * (r2 - 1), cy0 + np.sin(ang) * (r2 - 1)], 1)
            for p, q in itertools.pairwise(pts):
                draw_line(lines, *p, *q)
        out[lines & (out == 0)] = 3 if pulse else 2
        out[disc(x, y, cx0, cy0, 0.03 * ctx.s + (1 if pulse else 0))] = ctx.n_levels
        for th0, ph in zip(m_ang, m_phase, strict=True):
            a = (t + ph) % 1.0
            px = cx0 + np.cos(th0) * r1 * 0.8
            py = cy0 + np.sin(th0) * r1 * 0.8 - a * 0.25 * ctx.s
            if a < 0.8:
                out[disc(x, y, px, py, 0.5)] = ctx.n_levels - 1 - int(2 * a)
        return out

    return frame


def make_slash(ctx: Ctx) -> Frame:
    """A crescent swept across the top, then thinning away from its tail."""
    x, y = ctx.grid()
    cx0, cy0 = ctx.w / 2, ctx.h * 0.62
    radius = 0.4 * ctx.s
    thick = max(2.0, 0.22 * ctx.s)
    start, sweep, trail = np.radians(200.0), np.radians(160.0), np.radians(130.0)
    phi = np.arctan2(y - cy0, x - cx0) % (2 * np.pi)
    dist = np.hypot(x - cx0, y - cy0)

    def frame(t: float) -> np.ndarray:
        a = (t + 0.5 / ctx.n_frames) % 1.0
        head = start + sweep * (1 - (1 - min(a / 0.35, 1.0)) ** 2)
        fade = np.clip(1 - (a - 0.35) / 0.55, 0, 1) ** 0.7 if a > 0.35 else 1.0
        behind = (head - phi) % (2 * np.pi)  # angle behind the head
        u = behind / (trail * (0.4 + 0.6 * fade))
        width = thick * np.clip(1 - u, 0, 1) ** 1.3 * fade
        # Crescent: full width on the outer edge, thinning inwards.
        inside = (u < 1) & (dist <= radius) & (dist >= radius - width)
        inten = np.where(inside, 1.0 - 0.75 * u - 0.3 * (radius - dist) / thick, 0.0)
        out = levels(inten, ctx.n_levels, floor=0.1)
        if a < 0.35:
            hx, hy = cx0 + np.cos(head) * (radius + 1), cy0 + np.sin(head) * (radius + 1)
            out[star(out.shape, hx, hy, 1 if ctx.s >= 32 else 0)] = ctx.n_levels
        return out

    return frame
