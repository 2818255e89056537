"""Features: deliberate, sparse details placed on a finished base ("with small flowers").

Each feature draws onto a :class:`~pixelkiln.engine.materials.canvas.Drawing` after the
material's own generator: small designed sprites (flowers, pebbles, tufts, leaves,
mushrooms, shells, lily pads, bubbles) placed at scattered points that keep their
distance on the torus, or patches cut from periodic noise (moss, snow, puddles, rust,
foam), or random-walk cracks. Counts are per 32x32 tile, scaled by area and by the
``detail`` style. Feature colours are accents: small ramps of their own material
(moss is moss-green whatever it grows on), coloured by the words after the connector
("with *red* flowers").
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    drop_lone,
    light,
    scatter,
    spread_points,
)
from pixelkiln.engine.noise import band_noise, fbm
from pixelkiln.engine.palette import Recipe, build_ramp, recipe_for
from pixelkiln.engine.quality import cluster_labels
from pixelkiln.engine.stats import quantile
from pixelkiln.engine.torus import roll
from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = ["FEATURE_DRAWERS", "draw_feature"]

_ = -1  # transparent sprite pixel

# Sprite codes: 0 dark, 1 mid, 2 light (accent shades), 9 = ground shadow (ramp level 0).
_FLOWER = np.array([[_, 1, _], [1, 2, 1], [_, 1, _]])
_FLOWER_SMALL = np.array([[1, 1], [1, 1]])
_PEBBLES = (
    np.array([[_, 2, 1, _], [2, 1, 1, 0], [_, 0, 0, 9]]),
    np.array([[2, 1, _], [1, 0, 9]]),
    np.array([[_, 2, 1], [2, 1, 0], [1, 0, 9]]),
)
_TUFTS = (
    np.array([[_, 2, _, _, _], [_, 2, _, 2, _], [1, 1, 1, 1, 9]]),
    np.array([[2, _, _, 2], [_, 2, 1, _], [_, 1, 1, 9]]),
    np.array([[_, _, 2, _], [2, _, 1, _], [1, 1, 1, 9]]),
)
_LEAVES = (
    np.array([[_, 2, 1], [2, 1, 0], [1, 0, _]]),
    np.array([[2, 1, _], [1, 1, 0]]),
    np.array([[_, 2, _], [2, 1, 1], [_, 0, 0]]),
)
_MUSHROOM = np.array([[_, 1, 2, _], [1, 1, 1, 0], [_, 3, 3, 9]])
_SHELL = np.array([[_, 2, _], [2, 1, 1], [1, 0, 9]])
_LILY = np.array([[_, 1, 2, 2, _], [1, 1, 2, _, 2], [1, 1, 1, 1, 1], [_, 0, 1, 0, _]])
_BUBBLE = np.array([[_, 2, _], [2, _, 1], [_, 1, _]])


def _accent_ramp(recipe: Recipe, n: int, picks: tuple[int, ...]) -> np.ndarray:
    return build_ramp(recipe, n)[list(picks)]


def _feature_recipe(ctx: DrawContext, default: str, index: int = 0) -> Recipe:
    """A feature's colour: the n-th colour word after the connector, else its material's."""
    words = ctx.spec.feature_colors
    if len(words) > index:
        word = NAMED_COLORS[words[index]]
        return Recipe(word.hue, max(word.chroma, 0.02), 0.62 + word.dl)
    return recipe_for(default)


def _place(
    ctx: DrawContext,
    d: Drawing,
    name: str,
    sprites: tuple[np.ndarray, ...],
    per_32: float,
    colors: list[int],
    min_dist: float,
    unit: bool = True,
    ground: int = 0,
) -> None:
    """Scatter sprites; codes 0-3 map to ``colors``, 9 to ground shadow ``ground``."""
    # Many details go on a jittered grid, so every part of the tile gets its share; a
    # few are thrown at random but kept well apart (a grid of two or three per tile
    # would line up into rows across the repeat).
    count = max(1, ctx.count(per_32))
    spacing = max(min_dist, float(np.sqrt(ctx.h * ctx.w / count)))
    if count >= 8:
        points = spread_points(ctx, name, spacing)
    else:
        points = scatter(ctx, name, count, max(min_dist, 0.7 * spacing))
    rng = ctx.rng("feature", name)
    n = len(points)
    choice = rng.integers(len(sprites), size=n)
    mirrored = name not in ("mushrooms", "pebbles", "tufts", "shells")
    flip = (rng.random(n) < 0.5) & mirrored
    lut = np.zeros(10, np.int64)
    lut[: len(colors)] = colors
    lut[9] = ground
    first = d.next_unit()
    # All sprites of one kind (and flip) at once; shadows first, then bodies, each in
    # point order, so a later sprite lies on top of an earlier one.
    layers: dict[bool, list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]] = {
        False: [],
        True: [],
    }
    for k, sprite in enumerate(sprites):
        for flipped in (False, True):
            which = np.flatnonzero((choice == k) & (flip == flipped))
            if not len(which):
                continue
            shape = sprite[:, ::-1] if flipped else sprite
            y0 = points[which, 0].astype(np.int64) - shape.shape[0] // 2
            x0 = points[which, 1].astype(np.int64) - shape.shape[1] // 2
            for is_body in (False, True):
                sy, sx = np.nonzero((shape >= 0) & ((shape != 9) == is_body))
                if not len(sy):
                    continue
                ys = (y0[:, None] + sy[None]) % ctx.h
                xs = (x0[:, None] + sx[None]) % ctx.w
                codes = np.broadcast_to(lut[shape[sy, sx]][None], ys.shape)
                owners = np.broadcast_to(which[:, None], ys.shape)
                layers[is_body].append((ys.ravel(), xs.ravel(), codes.ravel(), owners.ravel()))
    for is_body in (False, True):
        if not layers[is_body]:
            continue
        ys, xs, codes, owners = (np.concatenate(part) for part in zip(*layers[is_body],
                                                                       strict=True))  # fmt: skip
        order = np.argsort(owners, kind="stable")
        ys, xs, codes, owners = ys[order], xs[order], codes[order], owners[order]
        d.index[ys, xs] = codes
        if is_body:
            if unit:
                d.units[ys, xs] = first + owners
            d.keep[ys, xs] = True  # placed on purpose: the cleanup must not erode them


def flowers(ctx: DrawContext, d: Drawing) -> None:
    """Small flowers: a plus of petals round a contrasting centre, one or two colours."""
    rng = ctx.rng("flower colours")
    defaults = [("white", 0.92), ("yellow", 0.85), ("pink", 0.72), ("violet", 0.6), ("red", 0.6)]
    chosen = rng.choice(len(defaults), size=2, replace=False)
    sets = []
    for k in range(2):
        words = ctx.spec.feature_colors
        if len(words) > k:
            word = NAMED_COLORS[words[k]]
            petal = Recipe(word.hue, max(word.chroma, 0.02), 0.7 + word.dl)
        elif k == 1 and words:
            break
        else:
            name, lightness = defaults[int(chosen[k])]
            word = NAMED_COLORS[name]
            petal = Recipe(word.hue, word.chroma, lightness)
        sets.append(petal)
    centre = d.accent(build_ramp(Recipe(95, 0.15, 0.85), 3)[[2]])[0]
    for k, petal in enumerate(sets):
        shade = d.accent(build_ramp(petal, 3)[[1]])[0]
        sprites = (_FLOWER,) if ctx.h >= 16 else (_FLOWER_SMALL,)
        _place(
            ctx,
            d,
            f"flowers{k}",
            sprites,
            5.0 / len(sets),
            [shade, shade, centre],
            min_dist=4.5,
        )


def pebbles(ctx: DrawContext, d: Drawing) -> None:
    """A few lit pebbles with a shadow pixel on their bottom-right."""
    mat = ctx.material
    # Pebbles are stone: the ground's hue, almost grey, a little lighter than the ground.
    recipe = Recipe(mat.hue, min(mat.chroma, 0.03), min(0.8, mat.lightness + 0.12))
    colors = d.accent(_accent_ramp(recipe, 4, (0, 2, 3)))
    _place(ctx, d, "pebbles", _PEBBLES, 2.5, colors, min_dist=6.0)


def tufts(ctx: DrawContext, d: Drawing) -> None:
    """Grass tufts: a few blades, lit tips, shadow at the base."""
    colors = d.accent(_accent_ramp(_feature_recipe(ctx, "grass"), 4, (0, 1, 3)))
    _place(ctx, d, "tufts", _TUFTS, 4.0, colors, min_dist=5.5)


def leaves(ctx: DrawContext, d: Drawing) -> None:
    """Fallen leaves in autumn colours (or the colour asked for)."""
    recipe = _feature_recipe(ctx, "leaves")
    if not ctx.spec.feature_colors:
        recipe = Recipe(52, 0.13, 0.62)
    colors = d.accent(_accent_ramp(recipe, 4, (0, 1, 3)))
    _place(ctx, d, "leaves", _LEAVES, 6.0, colors, min_dist=4.0)


def mushrooms(ctx: DrawContext, d: Drawing) -> None:
    """Tiny red-capped mushrooms on pale stems."""
    cap = _feature_recipe(ctx, "brick")
    if not ctx.spec.feature_colors:
        cap = Recipe(28, 0.17, 0.55)
    caps = list(_accent_ramp(cap, 4, (0, 1, 3)))
    stem = build_ramp(Recipe(90, 0.03, 0.85), 3)[2:3]
    colors = d.accent(np.concatenate([np.array(caps), stem]))
    _place(ctx, d, "mushrooms", (_MUSHROOM,), 1.5, colors, min_dist=8.0)


def shells(ctx: DrawContext, d: Drawing) -> None:
    """Small sea shells."""
    colors = d.accent(_accent_ramp(Recipe(15, 0.07, 0.8), 4, (0, 2, 3)))
    _place(ctx, d, "shells", (_SHELL,), 1.5, colors, min_dist=8.0)


def lily_pads(ctx: DrawContext, d: Drawing) -> None:
    """Round lily pads with a notch."""
    colors = d.accent(_accent_ramp(Recipe(140, 0.12, 0.56), 4, (0, 1, 3)))
    _place(ctx, d, "lily pads", (_LILY,), 1.5, colors, min_dist=9.0)


def bubbles(ctx: DrawContext, d: Drawing) -> None:
    """Bubble rings in the liquid's lightest shades."""
    colors = [max(0, d.levels - 2), max(0, d.levels - 2), d.levels - 1]
    _place(ctx, d, "bubbles", (_BUBBLE,), 2.5, colors, min_dist=6.0)


def sparkles(ctx: DrawContext, d: Drawing) -> None:
    """A few single-pixel glints in the lightest shade (deliberate, kept by cleanup)."""
    points = scatter(ctx, "sparkles", max(1, ctx.count(2.5)), 7.0)
    for y, x in points.astype(int):
        # A glint must stand out: move it to the nearest pixel that is not already the
        # lightest shade (within a few pixels), or skip it.
        for dy, dx in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 2), (3, 1)):
            py, px = (y + dy) % ctx.h, (x + dx) % ctx.w
            if d.index[py, px] < d.levels - 1:
                d.index[py, px] = d.levels - 1
                d.keep[py, px] = True
                break


def _patches(
    ctx: DrawContext, stream: str, share: float, size: float, least_px: float = 3.0
) -> np.ndarray:
    """A periodic mask of blobs covering about ``share`` of the tile, ``size`` x the
    cluster size across: many smaller patches spread evenly (band-limited noise with the
    tile-sized part turned down), never one big stain per tile."""
    blob = max(least_px, ctx.feature * size * 0.6)
    field = band_noise(ctx.rng("patch", stream), ctx.shape, blob, keep=0.15)
    mask = field > quantile(field, 1.0 - share * min(1.6, ctx.density**0.5))
    # Specks of a patch (under 5 px, on the torus) would be strays, not patches.
    labels = cluster_labels(mask.astype(np.int64))
    return mask & (np.bincount(labels.ravel())[labels] >= 5)


def _paint_patch(ctx: DrawContext, d: Drawing, mask: np.ndarray, colors: list[int]) -> None:
    """Fill a patch with two accent shades: lit where its own edge faces the light."""
    lit = light(mask.astype(np.float64)) < 0  # top-left edges of the patch
    shade = np.where(lit, colors[1], colors[0])
    mask = mask & ~d.keep  # deliberate details (rivets, blades) stay on top
    d.index[mask] = shade[mask]


def moss(ctx: DrawContext, d: Drawing) -> None:
    """Moss patches, preferring the gaps and low ground."""
    if d.gaps.any():
        # On laid or cobbled surfaces moss grows in the joints and creeps a pixel out.
        near_gap = d.gaps | roll(d.gaps, 1, 0) | roll(d.gaps, 0, -1)
        mask = near_gap & _patches(ctx, "moss gaps", 0.4, 1.3)
        mask |= _patches(ctx, "moss", 0.06, 1.0)
    else:
        mask = _patches(ctx, "moss", 0.16, 1.2)
    colors = d.accent(_accent_ramp(_feature_recipe(ctx, "moss"), 4, (1, 2)))
    _paint_patch(ctx, d, mask, colors)


def snow(ctx: DrawContext, d: Drawing) -> None:
    """Snow patches: white with a blue shadow edge."""
    mask = _patches(ctx, "snow", 0.25, 1.8)
    colors = d.accent(_accent_ramp(recipe_for("snow"), 5, (2, 4)))
    _paint_patch(ctx, d, mask, colors)


def rust(ctx: DrawContext, d: Drawing) -> None:
    """Rust stains: orange-brown patches."""
    mask = _patches(ctx, "rust", 0.18, 1.0)
    colors = d.accent(_accent_ramp(Recipe(48, 0.12, 0.5), 4, (1, 2)))
    _paint_patch(ctx, d, mask, colors)


def puddles(ctx: DrawContext, d: Drawing) -> None:
    """Puddles of water: a dark lip on their upper edge, a light glint line inside."""
    mask = _patches(ctx, "puddles", 0.14, 2.2, least_px=5.0)
    water = d.accent(_accent_ramp(Recipe(235, 0.07, 0.55), 4, (1, 3)))
    d.index[mask] = water[0]
    glint = mask & roll(mask, 1, 0) & roll(mask, 2, 0) & ~roll(mask, -2, 0)
    glint &= fbm(ctx.rng("puddle glint"), ctx.shape, ctx.feature, octaves=1) > 0.5
    d.index[glint] = water[1]
    lip = roll(mask, -1, 0) & ~mask  # ground just above the water, in shadow
    d.index[lip] = 0
    labels = np.where(mask, d.next_unit(), 0)
    d.units = np.where(mask, labels, d.units)


def foam(ctx: DrawContext, d: Drawing) -> None:
    """Foam: thin lacy lines (contours of a stretched periodic field), white over a pale
    blue underside, broken where the field runs flat."""
    field = fbm(
        ctx.rng("foam"),
        ctx.shape,
        (ctx.feature * 1.0, ctx.feature * 2.2),
        octaves=2,
        warp_px=ctx.feature,
    )
    above = field > 0.6
    lace = above != roll(above, 1, 0)
    breaks = fbm(ctx.rng("foam breaks"), ctx.shape, ctx.feature * 1.2, octaves=1)
    lace = drop_lone(lace & (breaks > quantile(breaks, 0.4)))
    colors = d.accent(_accent_ramp(Recipe(220, 0.03, 0.9), 4, (2, 3)))
    under = roll(lace, 1, 0) & ~lace
    d.index[under] = colors[0]
    d.index[lace] = colors[1]
    d.keep |= lace | under


def cracks(ctx: DrawContext, d: Drawing) -> None:
    """Hairline cracks in the darkest shade: short 8-connected walks that set off in any
    direction and bend a little as they go (cracks all running one way would line up
    into stripes across the repeat)."""
    rng = ctx.rng("cracks")
    starts = scatter(ctx, "cracks", max(1, ctx.count(2.5)), 8.0)
    for y, x in starts:
        angle = rng.random() * 2 * np.pi
        length = int(rng.integers(4, 9))
        fy, fx = float(y), float(x)
        for _ in range(length):
            cy, cx = round(fy) % ctx.h, round(fx) % ctx.w
            d.index[cy, cx] = 0
            d.keep[cy, cx] = True
            angle += rng.normal(0.0, 0.45)
            fy += np.sin(angle)
            fx += np.cos(angle)


FEATURE_DRAWERS: dict[str, Callable[[DrawContext, Drawing], None]] = {
    "flowers": flowers,
    "pebbles": pebbles,
    "foam": foam,
    "puddles": puddles,
    "cracks": cracks,
    "moss": moss,
    "tufts": tufts,
    "leaves": leaves,
    "snow": snow,
    "twigs": lambda ctx, d: _twigs(ctx, d),
    "mushrooms": mushrooms,
    "sparkles": sparkles,
    "bubbles": bubbles,
    "shells": shells,
    "lily pads": lily_pads,
    "rust": rust,
}


def _twigs(ctx: DrawContext, d: Drawing) -> None:
    """Short twigs: diagonal 1-px lines, dark with a lit upper pixel row."""
    colors = d.accent(_accent_ramp(Recipe(55, 0.06, 0.42), 4, (0, 2)))
    rng = ctx.rng("twigs")
    for y, x in scatter(ctx, "twigs", max(1, ctx.count(2.0)), 9.0):
        length = int(rng.integers(3, 6))
        dx = int(rng.choice([-1, 1]))
        flat = rng.random() < 0.5
        unit = d.next_unit()
        for i in range(length):
            py = (int(y) + (0 if flat else i)) % ctx.h
            px = (int(x) + i * dx) % ctx.w
            d.index[py, px] = colors[1] if i < length // 2 else colors[0]
            d.units[py, px] = unit
            d.keep[py, px] = True


def draw_feature(name: str, ctx: DrawContext, d: Drawing) -> None:
    """Draw one named feature (see :data:`FEATURE_DRAWERS`, and the covers of
    :mod:`.covers`)."""
    drawer = FEATURE_DRAWERS.get(name)
    if drawer is None:
        # Imported here: the covers build on this module's patch helpers.
        from pixelkiln.engine.materials.covers import cover_drawer

        drawer = cover_drawer(name)
    drawer(ctx, d)
