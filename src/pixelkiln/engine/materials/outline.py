"""The outline pass: lines around units and placed objects, as the ``outline`` style asks.

The line sits on the free pixels 4-adjacent to a unit (mortar, grout, the ground around a
pebble), never inside the unit, so a unit keeps its shape and bevel - except where a
drawing asks for ``outline_inside`` (lava: its gaps are glowing cracks that must stay lit),
where the line is the unit's own edge pixels. A line pixel lies on
the *shadow side* when the unit is above or left of it (the light comes from the top
left), otherwise on the *lit side*. See :mod:`pixelkiln.engine.style` for what each style
draws there.
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.materials.canvas import DrawContext, Drawing
from pixelkiln.engine.torus import roll

__all__ = ["BLACK", "apply_outline", "inner_ring", "outline_ring"]

BLACK = np.array([[0, 0, 0]], np.uint8)


def outline_ring(units: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Free pixels next to a unit, split into (shadow side, lit side)."""
    is_unit = units > 0
    above = roll(is_unit, 1, 0)  # the pixel above is a unit
    left = roll(is_unit, 0, 1)
    below = roll(is_unit, -1, 0)
    right = roll(is_unit, 0, -1)
    ring = ~is_unit & (above | left | below | right)
    shadow = ring & (above | left)
    return _no_lone_sides(shadow, ring & ~shadow)


def _no_lone_sides(shadow: np.ndarray, lit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A lone pixel of one side amid the other would be a stray: give it to the other."""
    for side, other in ((lit, shadow), (shadow, lit)):
        company = np.zeros(side.shape, bool)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dy or dx:
                    company |= roll(side, dy, dx)
        lone = side & ~company
        side &= ~lone
        other |= lone
    return shadow, lit


def inner_ring(units: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unit pixels on their unit's own edge, split into (shadow side, lit side)."""
    is_unit = units > 0
    below = roll(units, -1, 0) != units
    right = roll(units, 0, -1) != units
    above = roll(units, 1, 0) != units
    left = roll(units, 0, 1) != units
    ring = is_unit & (above | left | below | right)
    shadow = ring & (below | right)
    return _no_lone_sides(shadow, ring & ~shadow)


def apply_outline(ctx: DrawContext, d: Drawing) -> None:
    """Draw the outline the style asks for onto ``d`` (nothing for ``lineless``)."""
    style = ctx.style.outline
    if style == "lineless" or not d.units.any():
        return
    shadow, lit = inner_ring(d.units) if d.outline_inside else outline_ring(d.units)
    ring = shadow | lit
    if style == "single color black outline":
        (black,) = d.accent(BLACK)
        d.index[ring] = black
    elif style == "single color outline":
        d.index[ring] = 0
    else:  # selective: darkest below/right, one step lighter on the lit side
        d.index[shadow] = 0
        d.index[lit] = min(1, ctx.top)
    d.keep |= ring
