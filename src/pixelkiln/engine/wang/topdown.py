"""Drawing a two-terrain top-down canvas: the standard look and the Pro look.

Light comes from the top left; ``upper`` is the raised terrain.

- **Standard**: the two textures meet at a hard edge; the style's outline (if not
  lineless) is a 1-px line on the raised side of the edge.
- **Pro**: the upper terrain is raised. How it meets the lower terrain depends on what
  the two are (:func:`relief_of`, by the lexicon's material families):

  - ``cliff`` (a rock-like upper: stone, masonry, metal, crafted): a lit lip on its
    north- and west-facing rims, a shaded face on its south side (deeper in the low
    top-down view), a slope band shaded by its orientation to the light (``step_slope``
    sets its width) and a contact shadow on the lower terrain - over lava the foot
    glows instead of darkening;
  - ``shore`` (a soft upper over a liquid: sand, grass, snow over water, lava, acid,
    ice, swamp): not a cliff - a lit lip, a wet rim one shade darker inside the upper's
    own ramp, shallows a shade lighter on the liquid; no face, no shadow on the liquid
    (nothing darker than the two ramps);
  - ``ledge`` (soft over solid ground): the cliff's shading, as a low step.

- **Transition band** (``transition_size`` > 0): with a transition material, a band of
  that material straddles the boundary (:mod:`pixelkiln.engine.wang.band`: its own
  texture, scattered material, embers, a foam line on the lower side, a wet edge over a
  liquid); in Pro cliff and ledge sets it is an apron at the foot of the step, and a
  shore's band lies flat (it is the shore). Without one, the band is the lower terrain
  a shade lighter (shallows, worn ground) and the upper terrain's edge a shade darker.

Relief effects are functions of the cleaned terrain labels within ``reach`` px; band
masks of exact distances to the unsmoothed boundary (:func:`band_masks`): both are
computed identically in a lone padded tile and in a painted map.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.ndimage import distance_transform_edt

from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wang.band import Band, band_masks, band_split
from pixelkiln.engine.wang.corners import UPPER
from pixelkiln.engine.wang.field import Canvas
from pixelkiln.engine.wang.terrain import ShadeTable

__all__ = ["Look", "draw_topdown", "is_liquid", "relief_of", "shifted"]

_ROCKY = frozenset({"stone", "masonry", "metal", "crafted"})
_LIQUID_KEYS = frozenset({"swamp"})  # watery though filed under vegetation
_GLOWING = frozenset({"lava"})


def is_liquid(description: str) -> bool:
    """Whether a terrain is a liquid (or a flat sheet like one: ice, swamp)."""
    mat = get_material(parse_description(description).material)
    return mat.family == "liquid" or mat.key in _LIQUID_KEYS


def relief_of(lower: str, upper: str) -> str:
    """``cliff``, ``shore`` or ``ledge``: how a Pro set's raised upper terrain meets the
    lower one (see the module docstring)."""
    if get_material(parse_description(upper).material).family in _ROCKY:
        return "cliff"
    return "shore" if is_liquid(lower) else "ledge"


@dataclass(frozen=True)
class Look:
    """How a two-terrain set is drawn."""

    pro: bool
    #: Transition band width in px (0 = none).
    band: int = 0
    step_slope: float = 0.5
    low_view: bool = False
    outline: str = "lineless"
    #: Largest distance an effect may look across (the canvas margin less the clean-up).
    reach: int = 3
    #: ``cliff``, ``shore`` or ``ledge`` (:func:`relief_of`).
    relief: str = "ledge"
    liquid_lower: bool = False
    glowing_lower: bool = False
    #: Pro band edges blend by a dithered shade toward the neighbour: the sign of
    #: (upper - band) and (lower - band) lightness.
    blend_up: int = 0
    blend_lo: int = 0


def shifted(mask: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """``mask`` moved so that out[y, x] = mask[y + dy, x + dx] (wraps: crop the margin)."""
    return np.roll(mask, (-dy, -dx), axis=(0, 1))


def _checker(canvas: Canvas) -> np.ndarray:
    return (canvas.ty + canvas.tx) % 2 == 0


def _distance(mask: np.ndarray, reach: int) -> np.ndarray:
    """Distance from each pixel of ``mask`` to the nearest pixel outside it, capped."""
    d = distance_transform_edt(mask)
    return np.minimum(d, reach + 1)


def draw_topdown(
    canvas: Canvas,
    labels: np.ndarray,
    raw_up: np.ndarray,
    lower: ShadeTable,
    upper: ShadeTable,
    band: Band | None,
    look: Look,
) -> np.ndarray:
    """(H, W, 3) uint8 colours of the canvas (crop ``canvas.pad`` afterwards).

    ``labels`` are the cleaned terrain labels, ``raw_up`` the unsmoothed upper mask.
    """
    up = labels == UPPER
    lo = ~up
    reach = look.reach
    d_lo = _distance(lo, reach)  # lower pixels: distance to the nearest upper pixel
    d_up = _distance(up, reach)  # upper pixels: distance to the nearest lower pixel
    checker = _checker(canvas)
    ty, tx = canvas.ty, canvas.tx

    layer = np.where(up, 1, 0)  # 0 lower, 1 upper, 2 band ground, 3 band scatter
    step = np.zeros(labels.shape, np.int64)
    within = np.zeros(labels.shape, bool)  # darken inside the ramp only
    paint: list[tuple[np.ndarray, np.ndarray]] = []  # flat colours drawn last
    bare = lo
    raised = up  # where the standard outline runs

    if look.band > 0 and band is None:
        # No transition material: the lower terrain in the light (shallows, worn ground)
        # and the upper terrain's edge a shade darker.
        w_lo = min(reach, (look.band + 1) // 2)
        w_up = min(reach, look.band - (look.band + 1) // 2)
        step = np.where(lo & (d_lo <= w_lo), 1, step)
        step = np.where(up & (d_up <= w_up), -1, step)
    elif look.band > 0 and band is not None:
        apron = band.apron
        # The band reaches at most the canvas margin less one (reach + 1); over a liquid
        # its lower side keeps 2 px more for the foam and the shallows.
        limits = (reach if look.liquid_lower else reach + 1, reach + 1)
        split = band_split(look.band, limits, look.liquid_lower, apron)
        m = band_masks(raw_up, ty, tx, band, split, look.liquid_lower, reach + 2)
        bare = ~m.band & ~m.foam  # the lower terrain's own pixels, where a glow may show
        layer = np.where(m.band, np.where(m.scatter, 3, 2), layer)
        raised = up | m.band
        step = np.where(m.wet, -1, step)
        within |= m.wet
        if m.foam.any():
            f0, f1 = band.foam_colors
            paint += [(m.foam & ~m.foam_core, f0), (m.foam_core, f1)]
        if m.glow.any():
            g0, g1 = band.glow_colors
            paint += [(m.glow & ~m.glow_hot, g0), (m.glow_hot, g1)]
        step = np.where(m.shallows, 1, step)
        if look.pro:
            # Soft edges: a dithered shade toward the neighbour on both sides of each edge.
            odd = ~checker
            step = np.where(m.edge_up & checker, step + look.blend_up, step)
            step = np.where(m.skirt_up & odd, step - look.blend_up, step)
            step = np.where(m.edge_lo & checker, step + look.blend_lo, step)
            step = np.where(m.skirt_lo & odd, step - look.blend_lo, step)
            within |= m.edge_up | m.skirt_up | m.edge_lo | m.skirt_lo  # no new shades

    if look.pro:
        if look.relief == "shore":
            if band is None or look.band == 0:
                s, w = _shore_steps(up, d_lo, checker, look)
                step, within = step + s, within | w
        else:
            relief, shadow = _pro_steps(canvas, up, d_up, d_lo, checker, look)
            if look.glowing_lower:
                # Lava takes no shadow: it glows where it touches the rock.
                shadow &= ~bare
                relief = np.where(bare & lo & shifted_any(up, 1), relief + 1, relief)
            step = step + relief - shadow
    elif look.outline != "lineless":
        rim = raised & shifted_any(~raised, 1)
        if look.outline == "selective outline":
            lit = raised & (shifted(~raised, -1, 0) | shifted(~raised, 0, -1))
            step = np.where(rim, np.where(lit, -1, -2), step)
        else:
            step = np.where(rim, -3, step)

    out = np.empty((*labels.shape, 3), np.uint8)
    tables = (lower, upper, band.ground if band else None, band.scatter if band else None)
    for k, table in enumerate(tables):
        sel = layer == k
        if table is None or not sel.any():
            continue
        out[sel] = table.sample(ty[sel], tx[sel], step[sel], within[sel])
    if not look.pro and look.outline == "single color black outline":
        out[raised & shifted_any(~raised, 1)] = (0, 0, 0)
    for mask, color in paint:
        out[mask] = color
    return out


def shifted_any(mask: np.ndarray, k: int) -> np.ndarray:
    """Pixels with a ``mask`` pixel among their 4-neighbours up to ``k`` px away."""
    out = np.zeros(mask.shape, bool)
    for j in range(1, k + 1):
        out |= shifted(mask, -j, 0) | shifted(mask, j, 0) | shifted(mask, 0, -j)
        out |= shifted(mask, 0, j)
    return out


def _shore_steps(
    up: np.ndarray, d_lo: np.ndarray, checker: np.ndarray, look: Look
) -> tuple[np.ndarray, np.ndarray]:
    """A shore: lit lip, a wet rim inside the upper's ramp, shallows on the liquid (2 px
    a shade lighter; ``step_slope`` above 0.5 adds a dithered third)."""
    lo = ~up
    step = np.zeros(up.shape, np.int64)
    rim = up & shifted_any(lo, 1)
    lip = up & (shifted(lo, -1, 0) | shifted(lo, 0, -1))
    step = np.where(rim & ~lip, -1, step)
    step = np.where(lip, 1, step)
    width = min(look.reach, 2)
    shallows = lo & (d_lo <= width)
    if look.step_slope > 0.5 and look.reach > width:
        shallows |= lo & (d_lo <= width + 1) & checker
    step = np.where(shallows, 1, step)
    return step, rim & ~lip


def _pro_steps(
    canvas: Canvas,
    up: np.ndarray,
    d_up: np.ndarray,
    d_lo: np.ndarray,
    checker: np.ndarray,
    look: Look,
) -> tuple[np.ndarray, np.ndarray]:
    """Shade steps of the cliff and ledge looks (lip, south face, slope band) and the
    contact shadow's mask."""
    lo = ~up
    reach = look.reach
    tile = canvas.tile
    step = np.zeros(up.shape, np.int64)

    # Slope band: upper pixels near the edge, lit or shaded by which way they face.
    slope_w = round(look.step_slope * max(0, reach - 1))
    if slope_w > 0:
        gy, gx = np.gradient(d_up)
        facing = -(gy + gx)  # outward normal . light(-1, -1): > 0 faces the light
        slope = up & (d_up <= slope_w + 1) & (d_up > 1)
        soft_edge = (d_up == slope_w + 1) & checker
        slope &= ~soft_edge
        step = np.where(slope & (facing > 0.25), 1, step)
        step = np.where(slope & (facing < -0.25), -1, step)

    # Lip: the rim facing the light.
    lip = up & (shifted(lo, -1, 0) | shifted(lo, 0, -1))
    step = np.where(lip, 1, step)
    # South face: the raised terrain's side seen from the south, and its east rim (a
    # ledge - soft ground - is a lower step: half the depth, a shade lighter).
    depth = min(reach, max(1, tile // (10 if look.low_view else 16)))
    low = look.relief == "ledge"
    if low:
        depth = max(1, depth // 2)
    face = np.zeros(up.shape, bool)
    for k in range(1, depth + 1):
        face |= shifted(lo, k, 0)
    face &= up
    east = up & shifted(lo, 0, 1)
    step = np.where(east & ~face, -1, step)
    step = np.where(face, -1 if low else -2, step)
    step = np.where(face & shifted(lo, 1, 0), -2 if low else -3, step)

    # Contact shadow cast toward the bottom right onto the lower terrain.
    reach_sh = min(reach, 1 + round(look.step_slope * 2) + (1 if look.low_view else 0))
    shadow = np.zeros(up.shape, bool)
    for k in range(1, reach_sh + 1):
        shadow |= shifted(up, -k, 0) | shifted(up, 0, -k) | shifted(up, -k, -k)
    shadow &= lo
    outer = shadow & (d_lo >= reach_sh) & checker & (reach_sh >= 2)
    return step, shadow & ~outer
