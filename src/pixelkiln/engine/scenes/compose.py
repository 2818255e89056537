"""Composing a scene: the layers back to front, props on the ground, the figure, lights.

Outdoors the horizon sits a little above the middle; the far silhouette is mixed most of
the way toward the horizon's colour (air between us and it), the middle one less. Props
are drawn by the subject engine and grow toward the bottom of the picture (nearer is
larger). Indoors a back wall replaces the sky: a dungeon's stone wall with a dark
doorway, a cave's rock, a station's plates with a window onto the stars.

The camera (``view``) moves the horizon: ``side`` (the default) as above; ``low
top-down`` looks down on the ground, so the horizon rises to under a third of the
height (a strip of sky, a low back wall) and props are drawn from that camera;
``high top-down`` looks straight down: no sky at all, the ground fills the canvas (a
beach's sea is a band across the top, indoors the walls are bands round the floor),
props are drawn from above, scattered over the whole ground (drawn top to bottom so the
nearer overlaps the farther) each with its shadow cast down and to the right.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.rng import derive_seed, make_rng
from pixelkiln.engine.scenes import layers
from pixelkiln.engine.scenes.light import BAYER4, grade, light_pools, mix
from pixelkiln.engine.scenes.reading import SceneSpec
from pixelkiln.engine.style import Style
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject

__all__ = ["VIEWS", "Scene", "compose_scene", "draw_prop"]

#: The cameras a scene can be seen from.
VIEWS = ("side", "low top-down", "high top-down")

Light = tuple[float, float, float, tuple[int, int, int]]
#: Props every setting may be dressed with when the description names none.
DRESSING: dict[str, tuple[str, ...]] = {
    "forest": ("pine", "tree", "bush", "mushroom", "stump", "rock"),
    "desert": ("cactus", "rock", "bones", "cactus"),
    "town": ("street lamp", "barrel", "crate", "sign"),
    "plains": ("bush", "flowers", "fence", "rock", "tree"),
    "beach": ("palm", "rock", "palm"),
    "mountains": ("pine", "rock", "pine"),
    "snowfield": ("pine", "rock"),
    "swamp": ("dead tree", "log", "mushroom"),
    "graveyard": ("gravestone", "dead tree", "gravestone", "lantern"),
    "dungeon": ("barrel", "bones", "chest"),
    "cave": ("crystal", "rock", "mushroom"),
    "space": ("terminal", "sci-fi crate", "server rack"),
}
#: Props that shine, and the colour of their light.
LIGHTS: dict[str, tuple[int, int, int]] = {
    "torch": (255, 170, 70),
    "campfire": (255, 150, 60),
    "lantern": (255, 200, 110),
    "street lamp": (255, 214, 140),
    "lamp": (255, 214, 140),
    "crystal": (140, 200, 255),
    "terminal": (120, 230, 200),
    "brazier": (255, 160, 70),
    "candle": (255, 200, 120),
}
#: Props much taller than wide (trees) are drawn larger than furniture.
TALL = frozenset({"pine", "tree", "palm", "dead tree", "street lamp", "pillar", "server rack"})


@dataclass
class Scene:
    """A composed picture: its pixels, where its props and figure are, how it was read."""

    rgba: np.ndarray
    subjects: np.ndarray  # (h, w) bool: the props and the figure
    spec: SceneSpec
    placed: list[dict[str, object]] = field(default_factory=list)
    view: str = "side"


def draw_prop(
    kind: str, width: int, height: int, style: SubjectStyle, seed: int, view: str = "side"
) -> np.ndarray:
    """A subject-engine prop seen from ``view`` on its own ``width`` x ``height`` canvas."""
    subject = Subject.from_text(kind, seed=seed)
    look = Look(image_size=(max(8, width), max(8, height)), view=view, style=style, canvas="object")
    drawing = draw_subject(subject, look, ["south"])
    sprite = drawing.sprites["south"]
    return drawing.palette.rgba()[np.asarray(sprite.index)]


def _paste(
    canvas: np.ndarray, mask: np.ndarray, sprite: np.ndarray, cx: float, base: int
) -> tuple[int, int, int, int] | None:
    """``sprite`` with its lowest opaque row on ``base``, centred on ``cx``; its box."""
    solid = sprite[..., 3] > 0
    rows = np.nonzero(solid.any(1))[0]
    if len(rows) == 0:
        return None
    sprite = sprite[: rows[-1] + 1]
    solid = solid[: rows[-1] + 1]
    sh, sw = solid.shape
    h, w = canvas.shape[:2]
    x0, y0 = round(cx - sw / 2), base - sh + 1
    ys0, xs0, ys1, xs1 = max(0, y0), max(0, x0), min(h, y0 + sh), min(w, x0 + sw)
    if ys1 <= ys0 or xs1 <= xs0:
        return None
    part = solid[ys0 - y0 : ys1 - y0, xs0 - x0 : xs1 - x0]
    region = canvas[ys0:ys1, xs0:xs1]
    region[part] = sprite[ys0 - y0 : ys1 - y0, xs0 - x0 : xs1 - x0][part]
    mask[ys0:ys1, xs0:xs1] |= part
    return xs0, ys0, xs1 - xs0, ys1 - ys0


def _graded(sprite: np.ndarray, spec: SceneSpec, lit: bool) -> np.ndarray:
    out = sprite.copy()
    if not lit:
        solid = out[..., 3] > 0
        out[..., :3][solid] = grade(out[..., :3][solid], spec.time, spec.weather, spec.indoor)
    return out


_HILLS = ("hills", "hills", (90, 120, 140), (70, 130, 70))


def _outdoor_back(
    canvas: np.ndarray, spec: SceneSpec, horizon: int, seed: int, lights: list[Light]
) -> None:
    h, w = canvas.shape[:2]
    rng = make_rng(seed, "scene sky")
    layers.sky(canvas, horizon, spec.time, spec.weather)
    layers.sun_moon_stars(canvas, horizon, spec.time, spec.weather, rng)
    layers.clouds(canvas, horizon, spec.time, spec.weather, rng)
    haze = canvas[max(0, horizon - 1), w // 2, :3].copy()
    looks = {
        "forest": ("trees", "trees", (40, 70, 60), (30, 62, 44)),
        "desert": ("dunes", "dunes", (200, 150, 100), (214, 170, 110)),
        "town": ("ridge", "roofs", (90, 100, 120), (92, 80, 96)),
        "plains": ("ridge", "hills", (90, 120, 140), (70, 130, 70)),
        "beach": ("hills", "hills", (80, 110, 130), (60, 120, 150)),
        "mountains": ("ridge", "trees", (100, 110, 140), (40, 74, 60)),
        "snowfield": ("ridge", "ridge", (150, 170, 200), (120, 140, 170)),
        "swamp": ("trees", "hills", (56, 70, 60), (56, 76, 50)),
        "graveyard": ("hills", "trees", (70, 80, 100), (40, 50, 54)),
    }
    far_kind, mid_kind, far_rgb, mid_rgb = looks.get(spec.setting, _HILLS)
    if spec.land in looks:  # a settlement keeps its roofs before its land's far skyline
        far_kind, _, far_rgb, _ = looks[spec.land]
    far = mix(grade(np.array(far_rgb, np.uint8), spec.time, spec.weather), haze, 0.55)
    mid = mix(grade(np.array(mid_rgb, np.uint8), spec.time, spec.weather), haze, 0.25)
    cap = mix(far, (255, 255, 255), 0.6) if far_kind == "ridge" else None
    srng = make_rng(seed, "scene silhouettes")
    layers.silhouette(canvas, horizon, far_kind, horizon * 0.45, far, srng, cap=cap)
    if spec.setting == "beach":
        sea = grade(np.array((48, 110, 170), np.uint8), spec.time, spec.weather)
        top = horizon
        bottom = horizon + max(2, (h - horizon) // 3)
        canvas[top:bottom, :, :3] = sea
        canvas[top:bottom, :, 3] = 255
        yy, xx = np.mgrid[top:bottom, 0:w]
        glint = ((yy - top) % 3 == 1) & ((xx + (yy * 7)) % 11 < 3)
        canvas[top:bottom][glint, :3] = mix(sea, (255, 255, 255), 0.45)
        return
    windows = (
        np.array((255, 214, 120), np.uint8)
        if mid_kind == "roofs" and spec.time in ("night", "dusk")
        else None
    )
    layers.silhouette(canvas, horizon, mid_kind, horizon * 0.28, mid, srng, windows=windows)
    if spec.setting == "town":
        lights += layers.houses(
            canvas,
            horizon + max(1, (h - horizon) // 8),
            min(h * 0.24, horizon * 0.45),
            spec.time,
            spec.weather,
            srng,
        )


def _indoor_back(canvas: np.ndarray, spec: SceneSpec, floor: int, seed: int, style: Style) -> None:
    h, w = canvas.shape[:2]
    wall = {"dungeon": "stone brick", "cave": "rock", "space": "metal plates"}[spec.setting]
    tex = layers.texture(wall, (floor, w), derive_seed(seed, "wall"), style)
    canvas[:floor, :, :3] = grade(tex[..., :3], spec.time, spec.weather, indoor=True)
    canvas[:floor, :, 3] = 255
    yy, xx = np.mgrid[0:h, 0:w]
    if spec.setting == "dungeon":  # the corridor goes on through a dark arched doorway
        dw, dh = max(6, w // 5), max(8, int(floor * 0.62))
        cx = w / 2
        for step, shade in ((0, 0.55), (2, 0.72), (4, 0.86)):
            a, b = cx - dw / 2 + step, cx + dw / 2 - step
            top = floor - dh + step * 2
            arch = (
                (xx >= a)
                & (xx < b)
                & (yy < floor)
                & (
                    (yy >= top + (b - a) / 2)
                    | (np.hypot(xx - cx + 0.5, yy - top - (b - a) / 2) <= (b - a) / 2)
                )
            )
            canvas[arch, :3] = mix(canvas[arch, :3], (8, 6, 10), shade)
    if spec.window:  # a window onto space: stars and a planet
        wx0, wx1 = int(w * 0.2), int(w * 0.8)
        wy0, wy1 = int(floor * 0.15), int(floor * 0.75)
        win = (xx >= wx0) & (xx < wx1) & (yy >= wy0) & (yy < wy1)
        canvas[win, :3] = (8, 8, 24)
        rng = make_rng(seed, "stars")
        n = int((wx1 - wx0) * (wy1 - wy0) * 0.02)
        sy, sx = rng.integers(wy0, wy1, n), rng.integers(wx0, wx1, n)
        canvas[sy, sx, :3] = np.where(
            (rng.random(n) < 0.3)[:, None], (250, 250, 230), (150, 160, 200)
        )
        pr = (wy1 - wy0) * 0.42
        pcx, pcy = wx0 + (wx1 - wx0) * 0.7, wy0 + (wy1 - wy0) * 0.62
        planet = win & (np.hypot(xx - pcx, yy - pcy) <= pr)
        lit = planet & (np.hypot(xx - pcx + pr * 0.35, yy - pcy + pr * 0.35) <= pr * 0.95)
        canvas[planet, :3] = (60, 70, 140)
        canvas[lit, :3] = (110, 150, 210)
        bands = lit & (((yy - pcy) // max(1, int(pr / 3))) % 2 == 0)
        canvas[bands, :3] = (150, 186, 226)
        frame = (xx >= wx0 - 1) & (xx <= wx1) & (yy >= wy0 - 1) & (yy <= wy1) & ~win
        canvas[frame, :3] = (40, 44, 56)
    # Ceiling shadow: the top rows darken in dithered steps.
    for k, t in enumerate((0.6, 0.4, 0.2)):
        rows = (yy < floor * (0.08 * (k + 1))) & (BAYER4[yy % 4, xx % 4] < 0.9 - 0.2 * k)
        canvas[rows, :3] = mix(canvas[rows, :3], (0, 0, 0), t * 0.6)


def _from_above_walls(canvas: np.ndarray, spec: SceneSpec, seed: int, style: Style) -> np.ndarray:
    """Indoors seen from above: the walls' lit tops as bands round the floor (the far
    wall at the top, the sides), and their shadow on the floor beside them (two rows
    under the far wall, a column along each side); returns the floor's mask."""
    h, w = canvas.shape[:2]
    wall = {"dungeon": "stone brick", "cave": "rock", "space": "metal plates"}[spec.setting]
    tex = layers.texture(wall, (h, w), derive_seed(seed, "wall"), style)
    yy, xx = np.mgrid[0:h, 0:w]
    top, side = max(2, round(h * 0.14)), max(2, round(w * 0.08))
    walls = (yy < top) | (xx < side) | (xx >= w - side)
    rgb = grade(tex[..., :3], spec.time, spec.weather, indoor=True)
    canvas[walls, :3] = rgb[walls]
    canvas[walls, 3] = 255
    shade = ~walls & ((yy < top + 2) | (xx < side + 1) | (xx >= w - side - 1))
    colours, inverse = np.unique(canvas[shade, :3], axis=0, return_inverse=True)
    canvas[shade, :3] = mix(colours, (0, 0, 0), 0.45)[inverse.ravel()]
    return ~walls


def _shadow(canvas: np.ndarray, box: tuple[int, int, int, int], solid: np.ndarray) -> None:
    """A prop's shadow seen from above: an ellipse at its foot, cast down and to the
    right, darkening the ground (each ground colour to one darker colour)."""
    h, w = canvas.shape[:2]
    x, y, bw, bh = box
    cx, cy = x + bw * 0.62, y + bh - max(1.0, bh * 0.08)
    rx, ry = max(1.5, bw * 0.5), max(1.0, bh * 0.16)
    yy, xx = np.mgrid[0:h, 0:w]
    shade = (((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1.0) & ~solid
    if shade.any():
        colours, inverse = np.unique(canvas[shade, :3], axis=0, return_inverse=True)
        canvas[shade, :3] = mix(colours, (10, 12, 24), 0.35)[inverse.ravel()]


def compose_scene(
    spec: SceneSpec,
    width: int,
    height: int,
    seed: int,
    style: SubjectStyle | None = None,
    figure: Callable[[int, int], np.ndarray] | None = None,
    only_subjects: bool = False,
    dressing: bool = True,
    view: str = "side",
) -> Scene:
    """Compose ``spec`` on a ``width`` x ``height`` canvas seen from ``view`` (see the
    module docstring).

    ``figure(w, h)`` draws the described character or creature for a box of that size;
    it stands in the middle of the foreground. ``only_subjects`` keeps the props and the
    figure alone, on a transparent canvas; ``dressing`` False leaves out the setting's
    own props (a plain backdrop behind a subject).
    """
    w, h = int(width), int(height)
    view = view if view in VIEWS else "side"
    above = view == "high top-down"
    style = style or SubjectStyle()
    tex_style = Style(
        outline="lineless",
        shading=style.shading if style.shading != "highly detailed shading" else "detailed shading",
        detail=style.detail,
    )
    canvas = np.zeros((h, w, 4), np.uint8)
    lights: list[Light] = []
    share = {"side": (0.62, 0.55), "low top-down": (0.34, 0.28), "high top-down": (0.0, 0.0)}
    horizon = round(h * share[view][0 if spec.indoor else 1])
    if spec.indoor and not above:
        _indoor_back(canvas, spec, horizon, seed, tex_style)
    elif not spec.indoor:
        _outdoor_back(canvas, spec, horizon, seed, lights)
    ground_top = horizon + (max(2, (h - horizon) // 3) if spec.setting == "beach" else 0)
    material = layers.GROUND.get(spec.land or spec.setting, "grass")
    if spec.weather == "snow" and not spec.indoor:
        material = "snow"
    layers.ground(
        canvas,
        ground_top,
        material,
        derive_seed(seed, "ground"),
        spec.time,
        spec.weather,
        tex_style,
        spec.indoor,
    )
    floor = np.ones((h, w), bool)
    if above and spec.indoor:
        floor = _from_above_walls(canvas, spec, seed, tex_style)
    elif above and ground_top == 0:
        canvas[0, :, :3] = canvas[1 % h, :, :3]  # no horizon line when there is no horizon
    subjects = np.zeros((h, w), bool)
    placed: list[dict[str, object]] = []
    rng = make_rng(seed, "scene props")
    # Props: the named ones first (more of them), then the setting's dressing.
    named = list(spec.props)
    kinds = named * 2 if named else []
    own = DRESSING.get(spec.setting, ("rock",)) if dressing else ()
    count = max(2, min(7, w // 28 + 1))
    if above:  # the whole ground shows: more of it to dress
        count = max(3, min(10, (w * h) // 900 + 2))
    while own and len(kinds) < count:
        kinds.append(own[int(rng.integers(len(own)))])
    cols = np.nonzero(floor.any(0))[0]
    x_lo, x_hi = (cols[0] / w, (cols[-1] + 1) / w) if above and len(cols) else (0.0, 1.0)
    span = x_hi - x_lo
    slots = x_lo + span * (
        np.linspace(0.08, 0.92, len(kinds)) + rng.uniform(-0.04, 0.04, len(kinds))
    )
    order = rng.permutation(len(kinds))
    free_middle = figure is not None
    items: list[tuple[int, float, str, float, float]] = []  # base row, x, kind, width, height
    ys = np.nonzero(floor.any(1))[0]
    ys = ys[ys >= ground_top]  # a beach's props stand on the sand, not in the sea
    for i, k in enumerate(order):
        kind = kinds[k]
        x = float(slots[i]) * w
        if free_middle and abs(x - w / 2) < w * 0.14:
            x = w / 2 + np.sign(x - w / 2 + 0.01) * w * 0.16
        wall_mounted = spec.indoor and kind == "torch"
        if above:
            # Seen from above nothing shrinks with distance: props stand anywhere on the
            # floor, the same size wherever they stand.
            ph = h * (0.34 if kind in TALL else 0.2)
            lo = int(ys[0]) if len(ys) else 0
            base = int(rng.uniform(lo + ph * 0.8, h - 1))
            if wall_mounted:
                base, ph = lo + max(2, int(h * 0.12)), h * 0.16
            pw = ph * (0.8 if kind in TALL else 1.1)
            items.append((min(h - 1, base), x, kind, pw, ph))
            continue
        depth = rng.uniform(0.15, 0.55) if not wall_mounted else 0.0
        base = (
            int(ground_top + (h - ground_top) * depth) if not wall_mounted else int(horizon * 0.6)
        )
        scale = 0.45 + depth
        ph = h * (0.5 if kind in TALL else 0.27) * scale if not wall_mounted else h * 0.22
        if view == "low top-down" and not wall_mounted:
            ph *= 0.8  # the camera stands further back to look down
        items.append((min(h - 1, base), x, kind, ph * (0.7 if kind in TALL else 1.1), ph))
    if above:
        items.sort(key=lambda it: it[0])  # far (top) first: the nearer overlaps it
    prop_view = "side" if view == "side" else view
    for i, (base, x, kind, pw, ph) in enumerate(items):
        if ph < 6:
            continue
        sprite = _graded(
            draw_prop(kind, int(pw), int(ph), style, derive_seed(seed, "prop", i), prop_view),
            spec,
            kind in LIGHTS,
        )
        if above:
            before = subjects.copy()
            box = _paste(canvas, subjects, sprite, x, base)
            if box is not None:
                canvas_shadow = canvas.copy()
                _shadow(canvas_shadow, box, subjects)
                ground = ~subjects & ~before
                canvas[ground] = canvas_shadow[ground]
        else:
            box = _paste(canvas, subjects, sprite, x, base)
        if box is None:
            continue
        placed.append({"prop": kind, "x": box[0], "y": box[1], "width": box[2], "height": box[3]})
        if kind in LIGHTS:
            lights.append(
                (box[0] + box[2] / 2, box[1] + box[3] * 0.25, max(6.0, box[3] * 1.4), LIGHTS[kind])
            )
    if figure is not None:
        fh = int(h * 0.5) if h >= 48 else int(h * 0.6)
        if above:
            fh = int(h * 0.36)
        fw = int(min(w * 0.5, fh))
        sprite = _graded(figure(max(8, fw), max(8, fh)), spec, False)
        base = int(ground_top + (h - ground_top) * 0.7) if not above else int(h * 0.72)
        box = _paste(canvas, subjects, sprite, w / 2, min(h - 1, base))
        if box is not None:
            placed.append(
                {"figure": True, "x": box[0], "y": box[1], "width": box[2], "height": box[3]}
            )
    if spec.time in ("night", "dusk") or spec.indoor:
        canvas = light_pools(canvas, lights)
    wrng = make_rng(seed, "scene weather")
    layers.weather(canvas, spec.weather, spec.time, wrng)
    if only_subjects:
        canvas[~subjects] = 0
    return Scene(canvas, subjects, spec, placed, view)
