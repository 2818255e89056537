"""Directions, views and the orthographic camera every subject is drawn with.

World axes: X east (screen right), Y north (away from the viewer), Z up. A subject is
built facing south (toward the viewer, -Y); facing a direction is a turn about Z by the
direction's yaw. The camera never moves: it looks north and down by the view's
elevation, and the light is fixed with it (top left, a little in front), so a subject
facing west is lit differently from its mirror facing east - the light stays where the
player sees it.

Screen coordinates: ``u`` to the right, ``v`` down, in pixels. A world point P projects
to ``u = P.x`` and ``v = -(P.z cos e + P.y sin e)``; ``depth = P . toward_camera`` grows
toward the viewer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = [
    "DIRECTIONS",
    "DIRECTION_YAW",
    "LIGHT",
    "VIEWS",
    "View",
    "rot_x",
    "rot_y",
    "rot_z",
    "view_for",
]

#: The contract's 8 directions, clockwise from south (south faces the viewer).
DIRECTIONS: tuple[str, ...] = (
    "south",
    "south-east",
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
)
#: Turn about Z (degrees, counter-clockwise seen from above) that makes a south-facing
#: subject face each direction: east is +90 (its forward -Y turns to +X).
DIRECTION_YAW: dict[str, float] = {d: 45.0 * i for i, d in enumerate(DIRECTIONS)}

# One light for every subject: from the top left and a little from the viewer's side
# (ART.md §1.5), in world coordinates (the camera never turns, so this is screen-fixed).
LIGHT = np.array([-0.62, -0.42, 0.66])
LIGHT = LIGHT / np.linalg.norm(LIGHT)


def rot_x(deg: float) -> np.ndarray:
    """Rotation about X (pitch); +deg turns +Y toward +Z."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def rot_y(deg: float) -> np.ndarray:
    """Rotation about Y (roll); +deg turns +Z toward +X."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])


def rot_z(deg: float) -> np.ndarray:
    """Rotation about Z (yaw); +deg turns +X toward +Y (counter-clockwise from above)."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


@dataclass(frozen=True)
class View:
    """A camera: elevation above the horizon and an extra yaw for grid-aligned props.

    ``grid_yaw`` turns props (not creatures) so their footprint follows the 2:1
    isometric grid: a chest facing south shows its front corner, as on an iso map.
    """

    name: str
    elevation: float  # degrees
    grid_yaw: float = 0.0

    @property
    def toward_camera(self) -> np.ndarray:
        """Unit vector from the scene to the camera."""
        e = math.radians(self.elevation)
        return np.array([0.0, -math.cos(e), math.sin(e)])

    @property
    def ray(self) -> np.ndarray:
        """Direction every (orthographic) view ray travels."""
        return -self.toward_camera

    @property
    def up(self) -> np.ndarray:
        """World vector that points up the screen."""
        e = math.radians(self.elevation)
        return np.array([0.0, math.sin(e), math.cos(e)])

    def project(self, points: np.ndarray) -> np.ndarray:
        """``(..., 3)`` world points to ``(..., 3)`` (u, v, depth) screen coordinates."""
        p = np.asarray(points, dtype=np.float64)
        u = p[..., 0]
        v = -(p @ self.up)
        depth = p @ self.toward_camera
        return np.stack([u, v, depth], axis=-1)

    def foreshortening(self) -> float:
        """How much a ground length along Y shrinks on screen (sin of the elevation)."""
        return math.sin(math.radians(self.elevation))


#: The contract's views plus the isometric projection (2:1 ground: elevation 30 degrees).
VIEWS: dict[str, View] = {
    "side": View("side", 0.0),
    "low top-down": View("low top-down", 20.0),
    "high top-down": View("high top-down", 35.0),
    "isometric": View("isometric", 30.0, grid_yaw=45.0),
}


def view_for(name: str, isometric: bool = False) -> View:
    """The named view (``isometric=True`` overrides it, as the contract's flag does)."""
    if isometric:
        return VIEWS["isometric"]
    try:
        return VIEWS[name]
    except KeyError:
        allowed = ", ".join(VIEWS)
        msg = f"view must be one of {allowed}; got {name!r}"
        raise ValueError(msg) from None
