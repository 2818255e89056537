"""Stone family: stone slabs, rock, cobblestone, marble, volcanic rock, crystal, obsidian, coral.

Cut and natural stone is built from toroidal Voronoi cells (ART.md §1.10): a jittered grid
of seeds, warped a little so cells are not polygons; F2-F1 near 0 marks the joints
(mortar, cracks). Each cell gets its own tone and a top-left bevel - light upper-left rim,
dark lower-right rim - so stones read as raised, lit from one side. Crystal facets get a
random plane each, lit by n·l, which gives sharp flat facets (bright and dark facets
alternate over the seed grid, so neither clumps); rock is chunky angular planes with lit
rims and short cracks; marble is a calm pale surface crossed by thin veins that wander
through the whole tile; coral is a brain-coral labyrinth of ridges.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import (
    DrawContext,
    Drawing,
    alone,
    balance,
    bevel_levels,
    contour,
    drop_lone,
    quantize,
)
from pixelkiln.engine.noise import Cells, band_noise, checkered, fbm, worley
from pixelkiln.engine.palette import Recipe, build_ramp
from pixelkiln.engine.stats import quantile

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
        min(ctx.feature * 2.2, min(ctx.shape) / 3.0),
        jitter=0.9,
        warp=_warp(ctx, "slabs", ctx.feature * 0.5),
    )
    return units_from_cells(ctx, cells, 0.9, "slabs")


def rock(ctx: DrawContext, plane: float = 1.0) -> Drawing:
    """Rugged rock: chunky angular planes in two mid shades (alternating, so no dark
    mass gathers), a lit rim on their top-left edges, short dark cracks along some of
    their borders and a little grit. ``plane``: plane size in clusters."""
    d = Drawing.blank(ctx)
    size = min(max(5.0, ctx.feature * plane), min(ctx.shape) / 4.0)
    cells = worley(
        ctx.rng("planes"),
        ctx.shape,
        size,
        jitter=0.9,
        warp=_warp(ctx, "planes", size * 0.35),
        even=True,
    )
    lo = 1 if ctx.levels >= 4 else 0
    # Without a lit rim (flat shading) the planes may take the lightest shade.
    mid = ctx.top if ctx.bevel <= 0 else max(lo, ctx.top - 1)
    upper = checkered(cells, ctx.rng("plane tone"))
    index = np.where(upper[cells.owner], mid, max(lo, mid - 1))
    units = cells.owner + 1
    rim = bevel_levels(ctx, units)
    index = np.clip(index + rim, 0, ctx.top)
    grit = band_noise(ctx.rng("grit"), ctx.shape, max(2.0, ctx.feature * 0.4))
    spots = drop_lone(grit > quantile(grit, 0.92)) & (rim == 0)
    index[spots] = np.maximum(index[spots] - 1, 0)
    arcs = band_noise(ctx.rng("crack arcs"), ctx.shape, ctx.feature * 0.8)
    crack = drop_lone((cells.ridge < 0.8) & (arcs > quantile(arcs, 0.5)))
    # A crack's lower lip is in shadow: a shade above the crack itself.
    lip = drop_lone(np.roll(crack, (1, 1), axis=(0, 1)) & ~crack) & (index > lo)
    index[lip] = lo
    index[crack] = 0
    d.index = index
    d.keep |= crack
    d.height = np.clip(cells.ridge / size, 0, 1)
    return d


def volcanic(ctx: DrawContext) -> Drawing:
    """Volcanic rock: dark rugged basalt with short glowing cracks spread over it."""
    d = rock(ctx, plane=1.5)  # broader planes: the glow cracks add small clusters
    size = min(ctx.feature * 1.6, min(ctx.shape) / 3.0)
    cells = worley(
        ctx.rng("glow cracks"),
        ctx.shape,
        size,
        jitter=0.9,
        warp=_warp(ctx, "glow", ctx.feature * 0.4),
    )
    # Short open arcs of the cell borders: cracks, not outlined plates; the arcs come
    # from small evenly spread blobs, so every part of the tile gets a few.
    arcs = band_noise(ctx.rng("arcs"), ctx.shape, ctx.feature * 0.7)
    open_arc = arcs > quantile(arcs, 0.62)
    crack = drop_lone((cells.ridge < 0.8) & open_arc)
    halo = drop_lone((cells.ridge < 1.3) & open_arc & ~crack)  # the glowing lips
    hot, warm = d.accent(build_ramp(Recipe(45, 0.17, 0.62), 4)[[3, 2]])
    d.index[halo] = warm
    d.index[crack] = hot
    d.keep |= crack | halo
    d.keep &= ~alone(d.index)  # bits of rock cracks the glow cut off: let cleanup take them
    return d


def marble(ctx: DrawContext) -> Drawing:
    """Marble: calm pale surface in the two lightest shades, crossed by thin, warped grey
    veins that wander through the whole surface and fade out (no single vein per tile)."""
    d = Drawing.blank(ctx)
    base = band_noise(ctx.rng("base"), ctx.shape, ctx.feature * 1.3, keep=0.2, warp_px=2.5)
    d.index = quantize(
        balance(base, keep=0.2), 2, np.array([0.25, 0.75]), low=ctx.top - 1, ranked=True
    )
    # Veins: the crossings of a warped, stretched band-limited field.
    field = band_noise(
        ctx.rng("veins"), ctx.shape, (ctx.feature * 2.0, ctx.feature * 3.5), angle=0.6,
        warp_px=ctx.feature * 0.8,
    )  # fmt: skip
    vein = contour(field)
    fade = band_noise(ctx.rng("vein fade"), ctx.shape, ctx.feature * 1.6)
    vein &= fade > quantile(fade, 0.2)
    vein = drop_lone(vein)
    d.index[vein] = max(0, ctx.top - 2)
    d.keep |= vein
    d.height = base
    return d


def _facets(ctx: DrawContext, size: float, low: int, high: int, edge: float) -> Drawing:
    d = Drawing.blank(ctx)
    cells = worley(ctx.rng("facets"), ctx.shape, size, jitter=0.9, even=True)
    rng = ctx.rng("normals")
    normals = rng.normal(size=(len(cells.points), 2))
    # n·l with the light at the top left: facets tilted up-left are bright. Facets
    # alternate between the upper and lower half of the tones (``checkered``), so no
    # clump of dark or bright facets repeats as a blotch.
    facing = np.abs(normals[:, 0] + normals[:, 1]) / np.sqrt(2)
    facing = np.where(checkered(cells, rng), facing, -facing)
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
    return _facets(ctx, min(ctx.feature * 1.1, min(ctx.shape) / 4.0), 1, ctx.top, 0.8)


def obsidian(ctx: DrawContext) -> Drawing:
    """Obsidian: glossy dark facets with bright rims on the lit side."""
    d = _facets(ctx, min(ctx.feature * 1.5, min(ctx.shape) / 3.0), 0, max(1, ctx.top - 2), 0.6)
    rim = bevel_levels(ctx, d.units, width=1) > 0
    d.index[rim] = ctx.top
    return d


def coral(ctx: DrawContext) -> Drawing:
    """Coral: meandering brain-coral ridges - the crossings of a warped band-limited
    field, a labyrinth with no direction and no tile-sized shape - lit on top, with a
    shadow groove on their lower-right side."""
    d = Drawing.blank(ctx)
    field = band_noise(
        ctx.rng("meander"), ctx.shape, max(3.0, ctx.feature * 0.75), spread=0.3, keep=0.1,
        warp_px=ctx.feature * 0.3,
    )  # fmt: skip
    ridge = contour(field)
    lo = 1 if ctx.levels >= 4 else 0
    # The valleys between ridges: mostly one shade, a calm second one in soft patches.
    tint = band_noise(ctx.rng("tint"), ctx.shape, ctx.feature * 1.3)
    d.index = np.where(balance(tint) > 0.7, max(lo, ctx.top - 2), ctx.top - 1)
    groove = (np.roll(ridge, 1, 0) | np.roll(ridge, 1, 1)) & ~ridge
    d.index[groove] = max(0, lo - 1) if ctx.levels > 4 else 0
    d.index[ridge] = ctx.top
    d.keep |= ridge | groove
    d.height = field
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
