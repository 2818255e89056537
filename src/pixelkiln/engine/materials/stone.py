"""Stone family: stone slabs, rock, cobblestone, marble, volcanic rock, crystal, obsidian, coral.

Cut and natural stone is built from toroidal Voronoi cells (ART.md §1.10): a jittered grid
of seeds, warped a little so cells are not polygons; F2-F1 near 0 marks the joints
(mortar, cracks). Each cell gets its own tone and a top-left bevel - light upper-left rim,
dark lower-right rim - so stones read as raised, lit from one side. Crystal facets get a
random plane each, lit by n·l, which gives sharp flat facets; marble is soft pale
patches crossed by thin warped veins.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    bevel_levels,
    drop_lone,
    light,
    quantize,
)
from pixelkiln.engine.noise import Cells, fbm, rank_normalize, wave, worley
from pixelkiln.engine.palette import Recipe, build_ramp

__all__ = ["PATTERNS", "units_from_cells"]


def _warp(ctx: DrawContext, stream: str, amount: float) -> tuple[np.ndarray, np.ndarray]:
    rng = ctx.rng("warp", stream)
    size = ctx.feature * 2
    return (
        (fbm(rng, ctx.shape, size, octaves=1) - 0.5) * 2 * amount,
        (fbm(rng, ctx.shape, size, octaves=1) - 0.5) * 2 * amount,
    )


def units_from_cells(ctx: DrawContext, cells: Cells, joint: float, stream: str) -> Drawing:
    """Raised units (stones) from Voronoi cells, joints ``joint`` px wide between them.

    Each unit gets its own tone and a lit top-left rim. Lineless, the joints are a mid-dark
    mortar shade and the units keep their tone on the shadow side; with an outline style
    the units also get a shaded bottom-right rim and the outline pass turns the joints
    into the style's line.
    """
    d = Drawing.blank(ctx)
    lineless = ctx.style.outline == "lineless"
    if lineless:
        solid = cells.ridge > joint
    else:
        # Outlined, the joint is exactly one unbroken pixel line: the last pixel of each
        # cell before its right or lower neighbour cell.
        owner = cells.owner
        solid = (owner == np.roll(owner, -1, 0)) & (owner == np.roll(owner, -1, 1))
    units = np.where(solid, cells.owner + 1, 0)
    mortar = 1 if lineless and ctx.levels >= 4 else 0
    # Units stay clear of the joint shade: one step above it, two with a dark outline.
    low = min(mortar + (1 if lineless or ctx.levels < 5 else 2), ctx.top)
    # Without a bevel (flat shading) the units take the lightest shade too.
    high = max(low, ctx.top - 1 if ctx.bevel > 0 else ctx.top)
    tone = ctx.rng("tone", stream).integers(low, high + 1, len(cells.points))
    spots = fbm(ctx.rng("surface", stream), ctx.shape, ctx.feature * 0.8, octaves=1) < 0.18
    # Only the lit rim: lineless, the mortar shade is the shadow side; outlined, the line
    # is (a dark inner rim as well would eat small stones whole).
    bevel = np.maximum(bevel_levels(ctx, units), 0)
    index = tone[cells.owner] - spots.astype(np.int64) + bevel
    d.index = np.where(solid, np.clip(index, low if lineless else 0, ctx.top), mortar)
    d.units = units
    d.gaps = ~solid
    d.height = np.clip(cells.ridge / (ctx.feature * 0.8), 0, 1)
    return d


def cobble(ctx: DrawContext) -> Drawing:
    """Cobblestones: rounded stones in mortar, each its own tone and top-left bevel."""
    # Outlined stones give a pixel ring to the line: draw them a little larger.
    size = ctx.feature * (1.25 if ctx.style.outline == "lineless" else 1.45)
    cells = worley(
        ctx.rng("cobbles"),
        ctx.shape,
        size,
        jitter=0.75,
        warp=_warp(ctx, "cobbles", ctx.feature * 0.3),
    )
    return units_from_cells(ctx, cells, 1.2, "cobbles")


def stone(ctx: DrawContext) -> Drawing:
    """Stone ground: large flat irregular slabs with thin joints."""
    cells = worley(
        ctx.rng("slabs"),
        ctx.shape,
        ctx.feature * 2.2,
        jitter=0.9,
        warp=_warp(ctx, "slabs", ctx.feature * 0.5),
    )
    return units_from_cells(ctx, cells, 0.9, "slabs")


def rock(ctx: DrawContext) -> Drawing:
    """Rugged rock: ridged relief lit from the top left, dark fissures."""
    d = Drawing.blank(ctx)
    relief = fbm(ctx.rng("relief"), ctx.shape, ctx.feature * 2.0, octaves=2, warp_px=ctx.feature)
    ridged = 1.0 - np.abs(relief - 0.5) * 2
    height = 0.5 * relief + 0.5 * ridged
    tone = rank_normalize(0.45 * height + 0.55 * (0.5 + 0.5 * max(ctx.bevel, 0.3) * light(height)))
    d.index = quantize(tone, ctx.levels)
    fissure = ridged < np.quantile(ridged, 0.07)
    d.index[fissure] = 0
    d.height = height
    return d


def volcanic(ctx: DrawContext) -> Drawing:
    """Volcanic rock: dark rugged basalt with a few glowing cracks."""
    d = rock(ctx)
    cells = worley(
        ctx.rng("glow cracks"),
        ctx.shape,
        ctx.feature * 2.5,
        jitter=0.9,
        warp=_warp(ctx, "glow", ctx.feature * 0.6),
    )
    glowing = ctx.rng("glowing").random(len(cells.points)) < 0.5
    # Break the cell rings into open arcs: cracks, not outlined plates.
    arcs = fbm(ctx.rng("arcs"), ctx.shape, ctx.feature * 1.5, octaves=1)
    open_arc = glowing[cells.owner] & (arcs > np.quantile(arcs, 0.45))
    crack = drop_lone((cells.ridge < 0.8) & open_arc)
    halo = drop_lone((cells.ridge < 1.3) & open_arc & ~crack)  # the glowing lips
    hot, warm = d.accent(build_ramp(Recipe(45, 0.17, 0.62), 4)[[3, 2]])
    d.index[halo] = warm
    d.index[crack] = hot
    d.keep |= crack | halo
    return d


def marble(ctx: DrawContext) -> Drawing:
    """Marble: soft pale patches crossed by thin, warped, unbroken grey veins."""
    d = Drawing.blank(ctx)
    base = fbm(ctx.rng("base"), ctx.shape, ctx.feature * 2.4, octaves=2, warp_px=ctx.feature)
    lo = max(0, ctx.top - 2)
    d.index = quantize(base, ctx.top - lo + 1, low=lo)
    bend = (fbm(ctx.rng("veins"), ctx.shape, ctx.feature * 3.0, octaves=2) - 0.5) * 3.5
    phase = float(ctx.rng("vein phase").random() * 6.28)
    field = wave(ctx.shape, (1, 1), phase=phase, warp=bend)
    # A vein is where the field changes sign: one pixel per crossing, 8-connected.
    vein = (np.sign(field) != np.sign(np.roll(field, 1, 1))) | (
        np.sign(field) != np.sign(np.roll(field, 1, 0))
    )
    d.index[vein] = max(0, lo - 1)
    d.keep |= vein
    d.height = base
    return d


def _facets(ctx: DrawContext, size: float, low: int, high: int, edge: float) -> Drawing:
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("facets"), ctx.shape, size, jitter=0.9)
    rng = ctx.rng("normals")
    normals = rng.normal(size=(len(cells.points), 2))
    # n·l with the light at the top left: facets tilted up-left are bright.
    facing = -(normals[:, 0] + normals[:, 1]) / np.sqrt(2)
    tone = np.clip(np.round(low + (facing + 1.2) / 2.4 * (high - low)), low, high).astype(int)
    d.index = tone[cells.owner]
    units = cells.owner + 1
    bevel = bevel_levels(ctx, units)
    d.index = np.clip(d.index + bevel, 0, ctx.top)
    d.index[cells.ridge < edge] = 0
    d.units = np.where(cells.ridge < edge, 0, units)
    d.gaps = cells.ridge < edge
    d.height = np.clip(cells.ridge / size, 0, 1)
    return d


def crystal(ctx: DrawContext) -> Drawing:
    """Crystal: sharp flat facets lit by their own plane, dark edges between them."""
    return _facets(ctx, ctx.feature * 1.7, 1, ctx.top, 0.8)


def obsidian(ctx: DrawContext) -> Drawing:
    """Obsidian: big glossy dark facets with bright rims on the lit side."""
    d = _facets(ctx, ctx.feature * 2.4, 0, max(1, ctx.top - 2), 0.6)
    rim = bevel_levels(ctx, d.units, width=1) > 0
    d.index[rim] = ctx.top
    return d


def coral(ctx: DrawContext) -> Drawing:
    """Coral: meandering brain-coral ridges, lit on their top-left flanks."""
    d = Drawing.blank(ctx)
    bend = (fbm(ctx.rng("meander"), ctx.shape, ctx.feature * 2.0, octaves=2) - 0.5) * 9.0
    k = max(1, round(min(ctx.h, ctx.w) / max(4.0, ctx.feature * 1.1)))
    ridge = wave(ctx.shape, (k, k // 2 or 1), warp=bend)
    height = (ridge + 1) / 2
    tone = rank_normalize(0.55 * height + 0.45 * (0.5 + 0.5 * max(ctx.bevel, 0.3) * light(height)))
    d.index = quantize(tone, ctx.levels)
    d.height = height
    return d


PATTERNS = {
    "cobble": cobble,
    "stone": stone,
    "rock": rock,
    "volcanic": volcanic,
    "marble": marble,
    "crystal": crystal,
    "obsidian": obsidian,
    "coral": coral,
}
