"""The painted layers of a scene, back to front: sky, sun or moon and stars, clouds, far
and middle silhouettes (ridges, tree lines, dunes, roofs), houses, the ground, and the
weather drawn over everything. Each paints onto an RGBA canvas in place with a handful of
colours, so the scene reads as pixel art rather than as a blurred photograph.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.render import render_material
from pixelkiln.engine.scenes.light import BAYER4, grade, mix, sky_colors
from pixelkiln.engine.style import Style

__all__ = [
    "GROUND",
    "clouds",
    "ground",
    "houses",
    "silhouette",
    "sky",
    "sun_moon_stars",
    "texture",
    "weather",
]

#: Largest texture tile drawn at once; larger surfaces repeat it.
TILE_PX = 192
#: Ground material of each setting.
GROUND: dict[str, str] = {
    "forest": "grass",
    "desert": "sand",
    "town": "cobblestone",
    "plains": "grass",
    "beach": "sand",
    "mountains": "grass",
    "snowfield": "snow",
    "swamp": "swamp",
    "graveyard": "grass",
    "dungeon": "cobblestone",
    "cave": "dirt",
    "space": "metal plates",
}


def texture(
    material: str,
    size: tuple[int, int],
    seed: int,
    style: Style | None = None,
    palette: np.ndarray | None = None,
) -> np.ndarray:
    """A seamless material tile of any ``(h, w)``: the materials engine draws 8-512 px a
    side; canvases over :data:`TILE_PX` repeat a tile of that size (it is seamless, and a
    tile costs by its pixels), slivers are cut from an 8 px one."""
    h, w = size
    th, tw = min(max(h, 8), TILE_PX), min(max(w, 8), TILE_PX)
    tile = render_material(material, (th, tw), seed, style=style, palette=palette).rgba
    reps = (-(-h // th), -(-w // tw), 1)
    return np.tile(tile, reps)[:h, :w].copy()


def sky(canvas: np.ndarray, horizon: int, time: str, weather: str) -> None:
    """Banded sky down to ``horizon`` with an ordered dither where bands meet."""
    _h, w = canvas.shape[:2]
    if horizon <= 0:
        return
    n = int(np.clip(horizon // 6, 3, 8))
    colors = sky_colors(time, weather, n)
    yy, xx = np.mgrid[0:horizon, 0:w]
    t = yy / max(1, horizon - 1) * (n - 1)
    band = np.clip(np.floor(t + (BAYER4[yy % 4, xx % 4] - 0.5) * 0.9 + 0.5), 0, n - 1).astype(int)
    canvas[:horizon, :, :3] = colors[band]
    canvas[:horizon, :, 3] = 255


def sun_moon_stars(
    canvas: np.ndarray, horizon: int, time: str, weather: str, rng: np.random.Generator
) -> list[tuple[float, float, float, tuple[int, int, int]]]:
    """Stars and the moon at night, the sun by day; returns glow lights (none here)."""
    h, w = canvas.shape[:2]
    if weather in ("rain", "storm", "fog"):
        return []
    if time in ("night", "dusk"):
        n = int(w * horizon * (0.01 if time == "night" else 0.003))
        ys = rng.integers(0, max(1, int(horizon * 0.8)), n)
        xs = rng.integers(0, w, n)
        bright = rng.random(n) < 0.25
        canvas[ys, xs, :3] = np.where(bright[:, None], (250, 250, 230), (170, 180, 210))
    r = max(2.0, min(w, h) * 0.07)
    yy, xx = np.mgrid[0:h, 0:w]
    if time == "night":
        cx, cy, body = w * 0.8, horizon * 0.25, (236, 232, 200)
    elif time == "day":
        cx, cy, body = w * 0.22, horizon * 0.22, (255, 246, 200)
    elif time in ("sunset", "dawn"):
        cx, cy, body = w * 0.5, horizon - r * 0.4, (255, 214, 120)
        r *= 1.5
    else:
        return []
    d = np.hypot(xx - cx, yy - cy)
    disc = (d <= r) & (yy < horizon)
    canvas[disc, :3] = body
    if time == "night":  # a crescent: the moon's shadowed side is the sky again
        shade = (np.hypot(xx - cx - r * 0.45, yy - cy + r * 0.2) <= r * 0.85) & disc
        canvas[shade, :3] = mix(body, (40, 50, 90), 0.75)
    else:
        halo = (d > r) & (d <= r * 1.6) & (yy < horizon) & (BAYER4[yy % 4, xx % 4] < 0.5)
        canvas[halo, :3] = mix(canvas[halo, :3], body, 0.35)
    return []


def clouds(
    canvas: np.ndarray, horizon: int, time: str, weather: str, rng: np.random.Generator
) -> None:
    """Flat cloud banks with a lit top edge and a shadowed underside."""
    _h, w = canvas.shape[:2]
    amount = {"clear": 2, "cloudy": 6, "rain": 8, "storm": 9, "snow": 6, "fog": 0}[weather]
    if amount == 0 or horizon < 8:
        return
    base = {"rain": (120, 126, 140), "storm": (84, 88, 104), "snow": (214, 220, 232)}.get(
        weather, (236, 240, 248)
    )
    base = grade(np.array(base, np.uint8), time if time != "day" else "day")
    yy, xx = np.mgrid[0:horizon, 0:w]
    cloud = np.zeros((horizon, w), bool)
    for _ in range(amount):
        cx, cy = rng.uniform(0, w), rng.uniform(horizon * 0.08, horizon * 0.6)
        width = rng.uniform(0.12, 0.3) * w
        for _ in range(4):
            ex = cx + rng.uniform(-0.5, 0.5) * width
            ey = cy + rng.uniform(-0.15, 0.1) * width * 0.3
            a, b = rng.uniform(0.25, 0.5) * width, rng.uniform(0.06, 0.14) * width + 1
            cloud |= ((xx - ex) / a) ** 2 + ((yy - ey) / b) ** 2 <= 1.0
    top = cloud & ~np.vstack([np.zeros((1, w), bool), cloud[:-1]])
    under = cloud & ~np.vstack([cloud[1:], np.zeros((1, w), bool)])
    under |= cloud & np.vstack([~cloud[2:], np.zeros((2, w), bool)])
    region = canvas[:horizon]
    region[cloud, :3] = base
    region[under, :3] = mix(base, (70, 70, 110), 0.35)
    region[top, :3] = mix(base, (255, 255, 255), 0.5)


def _profile(w: int, rng: np.random.Generator, kind: str, scale: float) -> np.ndarray:
    """Heights (px, >= 0) of a silhouette along x."""
    x = np.arange(w, dtype=np.float64)
    if kind == "ridge":  # jagged peaks: summed triangle waves
        out = np.zeros(w)
        for octave in range(3):
            period = w / rng.uniform(1.5, 3.0) / (2**octave)
            phase = rng.uniform(0, period)
            tri = 1 - np.abs(((x + phase) / period) % 2 - 1)
            out += tri * scale / (1.8**octave)
        return out
    if kind == "dunes":
        p = w / rng.uniform(1.2, 2.2)
        return scale * (0.55 + 0.45 * np.sin(x / p * 2 * np.pi + rng.uniform(0, 6))) ** 2
    if kind == "hills":
        p = w / rng.uniform(0.8, 1.6)
        return scale * (0.6 + 0.4 * np.sin(x / p * 2 * np.pi + rng.uniform(0, 6)))
    if kind == "trees":  # a line of pines: a triangle per tree, varied heights
        out = np.zeros(w)
        pos = -rng.uniform(0, 6)
        while pos < w + 8:
            tw = rng.uniform(4, 9) * max(1.0, scale / 18)
            th = scale * rng.uniform(0.6, 1.0)
            tri = th * np.clip(1 - np.abs(x - pos) / (tw / 2), 0, 1)
            out = np.maximum(out, tri + scale * 0.25)
            pos += tw * rng.uniform(0.5, 0.8)
        return out
    if kind == "roofs":  # a skyline: blocks with peaked roofs
        out = np.zeros(w)
        pos = -rng.uniform(0, 4)
        while pos < w:
            bw = rng.uniform(6, 14) * max(1.0, scale / 16)
            bh = scale * rng.uniform(0.45, 1.0)
            inside = (x >= pos) & (x < pos + bw)
            peak = bh + (bw / 2 - np.abs(x - pos - bw / 2)) * 0.6
            out = np.where(inside, np.maximum(out, peak), out)
            pos += bw + rng.integers(0, 3)
        return out
    return np.zeros(w)


def silhouette(
    canvas: np.ndarray,
    base: int,
    kind: str,
    scale: float,
    color: np.ndarray,
    rng: np.random.Generator,
    cap: np.ndarray | None = None,
    windows: np.ndarray | None = None,
) -> None:
    """A flat silhouette standing on row ``base`` (with snow caps or lit windows)."""
    h, w = canvas.shape[:2]
    heights = np.rint(_profile(w, rng, kind, scale)).astype(int)
    yy = np.arange(h)[:, None]
    top = base - heights[None, :]
    body = (yy >= top) & (yy < base)
    canvas[body, :3] = color
    canvas[body, 3] = 255
    edge = body & (yy == top)  # a lighter rim where the sky lights the crest
    canvas[edge, :3] = mix(color, (255, 255, 255), 0.12)
    if cap is not None:
        crest = (
            body
            & (yy < top + np.maximum(1, heights[None, :] // 4))
            & (heights[None, :] > scale * 0.8)
        )
        canvas[crest, :3] = cap
    if windows is not None:
        xx = np.arange(w)[None, :]
        lit = body & (yy > top + 2) & (yy < base - 1) & ((yy - base) % 4 == 0) & (xx % 4 == 1)
        lit &= rng.random((h, w)) < 0.45
        canvas[lit, :3] = windows


def houses(
    canvas: np.ndarray, base: int, height: float, time: str, weather: str, rng: np.random.Generator
) -> list[tuple[float, float, float, tuple[int, int, int]]]:
    """A row of houses (walls, peaked roofs, doors, windows lit after dark) on ``base``."""
    _h, w = canvas.shape[:2]
    lights: list[tuple[float, float, float, tuple[int, int, int]]] = []
    walls = [(214, 196, 160), (196, 170, 134), (222, 214, 196), (176, 150, 120)]
    roofs = [(166, 64, 52), (120, 70, 60), (70, 90, 130), (150, 96, 54)]
    dark = time in ("night", "dusk")
    x = int(rng.integers(-3, 3))
    while x < w:
        hw = int(max(8, height * rng.uniform(0.9, 1.4)))
        hh = int(max(6, height * rng.uniform(0.55, 0.8)))
        wall = grade(np.array(walls[rng.integers(len(walls))], np.uint8), time, weather)
        roof = grade(np.array(roofs[rng.integers(len(roofs))], np.uint8), time, weather)
        x0, x1 = max(0, x), min(w, x + hw)
        top = base - hh
        if x1 > x0 and top > 0:
            canvas[top:base, x0:x1, :3] = wall
            canvas[top:base, x0:x1, 3] = 255
            canvas[top:base, max(0, x1 - 1) : x1, :3] = mix(wall, (0, 0, 0), 0.35)
            rise = max(3, hw // 2)
            for i in range(rise):
                y = top - 1 - i
                a, b = x + i * hw // (2 * rise) - 1, x + hw - i * hw // (2 * rise) + 1
                a, b = max(0, a), min(w, b)
                if y >= 0 and b > a:
                    canvas[y, a:b, :3] = roof
                    canvas[y, a:b, 3] = 255
            canvas[max(0, top - 1), x0:x1, :3] = mix(roof, (0, 0, 0), 0.4)
            lamp = (255, 214, 120)
            win = (
                grade(np.array((60, 70, 90), np.uint8), time, weather)
                if not dark
                else np.array(lamp, np.uint8)
            )
            ws = max(1, hw // 6)
            wy = top + max(1, hh // 4)
            for wx in (x + hw // 4 - ws // 2, x + 3 * hw // 4 - ws // 2):
                if 0 <= wx and wx + ws <= w and wy + ws < base - 1:
                    canvas[wy : wy + ws, wx : wx + ws, :3] = win
                    if dark:
                        lights.append((wx + ws / 2, wy + ws / 2, hw * 0.45, lamp))
            dw, dh = max(2, hw // 5), max(3, hh // 2)
            dx = x + hw // 2 - dw // 2
            if 0 <= dx and dx + dw <= w:
                canvas[base - dh : base, dx : dx + dw, :3] = mix(wall, (40, 24, 16), 0.7)
        x += hw + int(rng.integers(1, max(2, hw // 2)))
    return lights


def ground(
    canvas: np.ndarray,
    top: int,
    material: str,
    seed: int,
    time: str,
    weather: str,
    style: Style,
    indoor: bool = False,
) -> None:
    """The ground (or a floor) from row ``top`` down, drawn by the materials engine."""
    h, w = canvas.shape[:2]
    if top >= h:
        return
    tex = texture(material, (h - top, w), seed, style)
    rgb = grade(tex[..., :3], time, weather, indoor)
    # Distance: the far rows are hazier (mixed a little toward the horizon colour).
    canvas[top:, :, :3] = rgb
    canvas[top:, :, 3] = 255
    canvas[top, :, :3] = mix(canvas[top, :, :3], (0, 0, 0), 0.25)


def weather(canvas: np.ndarray, kind: str, time: str, rng: np.random.Generator) -> None:
    """Rain streaks, snowflakes or fog over the whole picture."""
    h, w = canvas.shape[:2]
    if kind in ("rain", "storm"):
        n = int(w * h * (0.012 if kind == "rain" else 0.02))
        xs, ys = rng.integers(0, w, n), rng.integers(0, h, n)
        colour = grade(np.array((170, 190, 214), np.uint8), time)
        for k in range(3):  # a streak falls down-left, three pixels long
            x, y = xs - k, ys + k
            ok = (x >= 0) & (y < h)
            canvas[y[ok], x[ok], :3] = colour
    elif kind == "snow":
        n = int(w * h * 0.01)
        xs, ys = rng.integers(0, w, n), rng.integers(0, h, n)
        canvas[ys, xs, :3] = (246, 248, 255)
        big = rng.random(n) < 0.2
        ok = big & (xs + 1 < w)
        canvas[ys[ok], xs[ok] + 1, :3] = (220, 228, 244)
    elif kind == "fog":
        yy, xx = np.mgrid[0:h, 0:w]
        fog = grade(np.array((200, 206, 214), np.uint8), time)
        band = (yy > h * 0.35) & (BAYER4[yy % 4, xx % 4] < 0.35 + 0.3 * (yy / h))
        canvas[band, :3] = mix(canvas[band, :3], fog, 0.5)
