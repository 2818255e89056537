"""Drawing a two-terrain top-down canvas: the standard look and the Pro look.

Light comes from the top left; ``upper`` is the raised terrain.

- **Standard**: the two textures meet at a hard edge; the transition band (when
  ``transition_size`` > 0) is drawn flat in the transition material; the style's outline
  (if not lineless) is a 1-px line on the upper side of the edge.
- **Pro**: the upper terrain has a lit lip on its north- and west-facing rims, a
  shaded face on its south side (deeper in the low top-down view), a slope band shaded
  by its orientation to the light (``step_slope`` sets its width), and casts a contact
  shadow on the lower terrain; band edges are dithered with a checker, so the boundary
  reads soft rather than cut.

Every effect is a function of the terrain labels within ``reach`` pixels, so it is
computed identically in a lone padded tile and in a painted map.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.ndimage import distance_transform_edt

from pixelkiln.engine.wang.corners import UPPER
from pixelkiln.engine.wang.field import Canvas
from pixelkiln.engine.wang.terrain import ShadeTable

__all__ = ["Look", "draw_topdown", "shifted"]


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
    lower: ShadeTable,
    upper: ShadeTable,
    transition: ShadeTable | None,
    look: Look,
) -> np.ndarray:
    """(H, W, 3) uint8 colours of the canvas (crop ``canvas.pad`` afterwards)."""
    up = labels == UPPER
    lo = ~up
    reach = look.reach
    d_lo = _distance(lo, reach)  # lower pixels: distance to the nearest upper pixel
    d_up = _distance(up, reach)  # upper pixels: distance to the nearest lower pixel
    checker = _checker(canvas)

    layer = np.where(up, 1, 0)  # 0 lower, 1 upper, 2 transition
    step = np.zeros(labels.shape, np.int64)

    band_lo = band_up = np.zeros(labels.shape, bool)
    if look.band > 0:
        w_lo = min(reach, (look.band + 1) // 2)
        w_up = min(reach, look.band - (look.band + 1) // 2)
        band_lo = lo & (d_lo <= w_lo)
        band_up = up & (d_up <= w_up)
        band = band_lo | band_up
        if transition is not None:
            layer = np.where(band, 2, layer)
        else:
            # No transition material: the band is the lower terrain in the light (shallows,
            # worn ground) and the upper terrain's edge a shade darker.
            step = np.where(band_lo, 1, step)
            step = np.where(band_up, -1, step)

    if look.pro:
        step = step + _pro_steps(canvas, up, d_up, d_lo, checker, look)
    elif look.outline != "lineless":
        rim = up & (d_up <= 1)
        if look.outline == "selective outline":
            lit = up & (shifted(lo, -1, 0) | shifted(lo, 0, -1))
            step = np.where(rim, np.where(lit, -1, -2), step)
        else:
            step = np.where(rim, -3, step)

    out = np.empty((*labels.shape, 3), np.uint8)
    for k, table in enumerate((lower, upper, transition)):
        sel = layer == k
        if table is None or not sel.any():
            continue
        out[sel] = table.sample(canvas.ty[sel], canvas.tx[sel], step[sel])
    if not look.pro and look.outline == "single color black outline":
        out[up & (d_up <= 1)] = (0, 0, 0)
    return out


def _pro_steps(
    canvas: Canvas,
    up: np.ndarray,
    d_up: np.ndarray,
    d_lo: np.ndarray,
    checker: np.ndarray,
    look: Look,
) -> np.ndarray:
    """Shade steps of the Pro look: lip, south face, slope band, contact shadow."""
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
    # South face: the raised terrain's side seen from the south, and its east rim.
    depth = min(reach, max(1, tile // (10 if look.low_view else 16)))
    face = np.zeros(up.shape, bool)
    for k in range(1, depth + 1):
        face |= shifted(lo, k, 0)
    face &= up
    east = up & shifted(lo, 0, 1)
    step = np.where(east & ~face, -1, step)
    step = np.where(face, -2, step)
    step = np.where(face & shifted(lo, 1, 0), -3, step)

    # Contact shadow cast toward the bottom right onto the lower terrain.
    reach_sh = min(reach, 1 + round(look.step_slope * 2) + (1 if look.low_view else 0))
    shadow = np.zeros(up.shape, bool)
    for k in range(1, reach_sh + 1):
        shadow |= shifted(up, -k, 0) | shifted(up, 0, -k) | shifted(up, -k, -k)
    shadow &= lo
    outer = shadow & (d_lo >= reach_sh) & checker & (reach_sh >= 2)
    step = np.where(shadow & ~outer, step - 1, step)
    return step
