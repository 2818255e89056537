"""How a figure holds its items: the arm's rest angles and the item's place in the hand.

An item's orientation is given in the world at rest ("blade up and a little forward",
"staff upright, planted by the foot") and turned into the grip joint's frame through
the rest pose, so the item follows the hand in every animation afterwards. Pole items
slide along the hand until their foot rests just above the ground, whatever the
figure's proportions (a chibi wizard holds the staff high up its shaft).
"""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.subjects.bodies.biped import Frame
from pixelkiln.engine.subjects.build import Builder
from pixelkiln.engine.subjects.items import ITEMS, READABLE, add_item
from pixelkiln.engine.subjects.model import Paint

__all__ = ["HOLDS", "hold_item"]

_METRES = 1.75  # a figure's height in metres: items are sized against it


def _axes(z: tuple[float, float, float], y: tuple[float, float, float]) -> np.ndarray:
    """World axes (columns X, Y, Z) with Z along ``z`` and Y as near ``y`` as allowed."""
    zz = np.asarray(z, dtype=np.float64)
    zz /= np.linalg.norm(zz)
    yy = np.asarray(y, dtype=np.float64)
    yy = yy - zz * float(yy @ zz)
    yy /= np.linalg.norm(yy)
    xx = np.cross(yy, zz)
    return np.stack([xx, yy, zz], axis=1)


# hold -> (shoulder angles, elbow angles, world Z of the item, world Y (its face side)),
# for the right hand; the left hand mirrors X.
HOLDS: dict[
    str,
    tuple[
        tuple[float, float, float],
        tuple[float, float, float],
        tuple[float, float, float],
        tuple[float, float, float],
    ],
] = {
    "raised": ((8.0, -6.0, 0.0), (62.0, 0.0, 0.0), (0.0, -0.55, 1.0), (-1.0, 0.0, 0.0)),
    "pole": ((12.0, -10.0, 0.0), (38.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0)),
    "bow": ((22.0, 8.0, 0.0), (30.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),
    "shield": ((18.0, 12.0, 0.0), (64.0, 0.0, 0.0), (0.0, 0.0, 1.0), (-0.35, -1.0, 0.0)),
    "hanging": ((14.0, -6.0, 0.0), (16.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0)),
    "held": ((10.0, -4.0, 0.0), (78.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0)),
    "two-handed": ((24.0, -8.0, 0.0), (58.0, 0.0, 0.0), (-0.55, -0.35, 1.0), (0.0, -1.0, 0.0)),
}


def hold_item(
    b: Builder,
    f: Frame,
    kind: str,
    side: str,
    paints: dict[str, Paint] | None = None,
) -> None:
    """Put item ``kind`` in the ``side`` ("r" or "l") hand of the figure in ``b``."""
    item = ITEMS[kind]
    shoulder, elbow, z, y = HOLDS[item.hold]
    mirror = -1.0 if side == "l" else 1.0
    # Right-hand angles; the left hand spreads the other way.
    b.rest[f"{side}_shoulder"] = (shoulder[0], shoulder[1] * mirror, shoulder[2])
    b.rest[f"{side}_elbow"] = elbow
    world = _axes((z[0] * mirror, z[1], z[2]), (y[0] * mirror, y[1], y[2]))
    grip = f"{side}_grip"
    rot, pos = b.rest_frame(grip)
    local = rot.T @ world
    unit = f.height / _METRES
    origin = np.zeros(3)
    if item.hold == "pole":
        # Slide the grip along the shaft until the foot is just above the ground.
        foot_below_grip = 0.72 * READABLE * unit
        lift = foot_below_grip - pos[2] + 0.04 * f.height
        origin = rot.T @ (world[:, 2] * lift)
    axes = tuple(tuple(float(v) for v in local[:, i]) for i in range(3))
    add_item(
        b,
        kind,
        grip,
        unit,
        paints,
        group=f"{side}_item",
        axes=axes,
        origin=origin,
        prefix=f"{side}_",
    )
