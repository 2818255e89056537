"""The shapes of connectable sets as continuous fields over the ground.

Each field is a pure function of ground position and the tile's mask, built so that
within a band along every edge it depends on that edge's part of the mask alone:

- :func:`road_distance`: signed distance (in cell units, negative on the road) to a
  road made of arms from the cell centre through the midpoint of every connected edge,
  round-capped, with filleted inner corners. Near an edge only that edge's arm is close,
  and the arm crosses the edge at right angles with a fixed width, so the road's profile
  at an edge is the same in every tile whose mask connects that edge.
- :func:`corner_field`: the corner values blended with weights that are flat (exactly 0
  or 1) within ``plateau`` of each edge, so along an edge only its two corners count and
  near a corner only that corner does. Points outside the cell are clamped onto it,
  which is what the neighbour across the edge computes there too.
- :func:`hex_field`: inverse-distance weighting of the six edge values; within a few
  pixels of an edge that edge's value wins (the weight of an edge grows without bound
  as the distance to it shrinks), except close to a hex corner, where the coast must
  pass anyway.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "corner_field",
    "hex_field",
    "hex_vertices",
    "road_distance",
    "segment_distance",
    "smoothstep_plateau",
]

# Arm directions in cell coordinates (u east, v south), in mask bit order N, E, S, W.
_ARMS = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))


def segment_distance(
    px: np.ndarray, py: np.ndarray, a: tuple[float, float], b: tuple[float, float]
) -> np.ndarray:
    """Euclidean distance from points to the segment ``a``-``b``."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0) if length2 else 0.0
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _smin(a: np.ndarray, b: np.ndarray, k: float) -> np.ndarray:
    """Polynomial smooth minimum: fillets where two distances are both within ``k``."""
    if k <= 0:
        return np.minimum(a, b)
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b + (a - b) * h - k * h * (1.0 - h)


def road_distance(
    u: np.ndarray, v: np.ndarray, mask: int, half_width: float, fillet: float = 0.12
) -> np.ndarray:
    """Signed distance (cell units) to the road of an edge mask (N=1, E=2, S=4, W=8).

    Mask 0 is a round patch with no exits (a plaza or a lone stone). The arms run past
    the edge, so a road leaving through an edge keeps its width across it.
    """
    arms = [d for bit, d in enumerate(_ARMS) if mask >> bit & 1]
    if not arms:
        return np.hypot(u - 0.5, v - 0.5) - half_width * 1.1
    dist: np.ndarray | None = None
    for dx, dy in arms:
        seg = segment_distance(u, v, (0.5, 0.5), (0.5 + 2 * dx, 0.5 + 2 * dy))
        dist = seg if dist is None else _smin(dist, seg, fillet)
    assert dist is not None
    return dist - half_width


def smoothstep_plateau(t: np.ndarray, plateau: float) -> np.ndarray:
    """0 below ``plateau``, 1 above ``1 - plateau``, a smooth step between (t clamped)."""
    x = np.clip((np.clip(t, 0.0, 1.0) - plateau) / (1.0 - 2 * plateau), 0.0, 1.0)
    return x * x * (3 - 2 * x)


def corner_field(u: np.ndarray, v: np.ndarray, mask: int, plateau: float = 0.25) -> np.ndarray:
    """Share of the first terrain (0..1) from a corner mask NW<<3 | NE<<2 | SW<<1 | SE."""
    nw, ne, sw, se = ((mask >> k) & 1 for k in (3, 2, 1, 0))
    su = smoothstep_plateau(u, plateau)
    sv = smoothstep_plateau(v, plateau)
    north = nw * (1 - su) + ne * su
    south = sw * (1 - su) + se * su
    return north * (1 - sv) + south * sv


def hex_vertices(pointy: bool, width: float, height: float) -> list[tuple[float, float]]:
    """The six corners (x, y) about the centre, counter-clockwise on screen from vertex 0.

    Vertex k lies at angle θ0 + 60k (θ0 = 0° flat top, 30° pointy top), measured
    counter-clockwise as seen on screen (screen y grows downward). Edge k runs from
    vertex k to vertex k + 1.
    """
    # Radii of the foreshortened hex: its extreme vertices touch the canvas sides.
    rx = width / math.sqrt(3) if pointy else width / 2
    ry = height / 2 if pointy else height / math.sqrt(3)
    out = []
    for k in range(6):
        ang = math.radians((30.0 if pointy else 0.0) + 60.0 * k)
        out.append((math.cos(ang) * rx, -math.sin(ang) * ry))
    return out


def hex_field(
    x: np.ndarray, y: np.ndarray, mask: int, vertices: list[tuple[float, float]]
) -> tuple[np.ndarray, np.ndarray]:
    """Share of the first terrain (0..1) from six edge bits, and the distance to the
    nearest hex corner (px), where the boundary's wobble must fade."""
    bits = [(mask >> k) & 1 for k in range(6)]
    corner = np.full(np.shape(x), np.inf)
    for vx, vy in vertices:
        corner = np.minimum(corner, np.hypot(x - vx, y - vy))
    if all(bits) or not any(bits):
        return np.full(np.shape(x), float(bits[0])), corner
    num = np.zeros(np.shape(x))
    den = np.zeros(np.shape(x))
    for k in range(6):
        d = segment_distance(x, y, vertices[k], vertices[(k + 1) % 6])
        w = 1.0 / (d + 0.35) ** 3
        num += bits[k] * w
        den += w
    return num / den, corner
