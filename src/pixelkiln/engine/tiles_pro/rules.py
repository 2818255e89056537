"""Placement rules (``tile_rules``) and the masks of every connectable set, in set order.

Mask conventions (TILES.md §1.9):

- edge/4: bit 0 = N, bit 1 = E, bit 2 = S, bit 3 = W. For diamonds, grid north is the
  upper-right edge (E lower-right, S lower-left, W upper-left).
- corner/4: NW<<3 | NE<<2 | SW<<1 | SE (diamond corners: NW top, NE right, SE bottom, SW
  left); a set bit is the first (main) terrain.
- edge/6: hex edges counter-clockwise from vertex 0 (vertex 0 is the east vertex of a
  flat-top hex and the upper-right vertex of a pointy-top one; edge k joins vertex k and
  k + 1); a set bit is the first terrain.

Set orders (load-bearing: ``tile_i`` is the i-th entry):

- ``paths`` (roads, 18): ``tile_0``..``tile_15`` are edge masks 0..15 (0 a lone patch,
  1/2/4/8 dead ends, 5/10 straights, 3/6/9/12 corners, 7/11/13/14 T-junctions, 15 the
  crossing); ``tile_16`` and ``tile_17`` are plain ground, stamp-only.
- ``tileset`` (16): ``tile_i`` has corner mask i (``tile_0`` all second terrain,
  ``tile_15`` all first).
- ``coastline`` (32): :data:`COAST_MASKS` - all water, then every run of 1 to 5
  contiguous land edges (by length, then by first edge), then all land.
- ``building`` (22): see :mod:`.building`.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "COAST_MASKS",
    "ROAD_MASKS",
    "coast_mask",
    "edge_opposite",
    "tile_key",
    "tile_rules",
]

ROAD_MASKS: tuple[int, ...] = tuple(range(16))


def coast_mask(start: int, length: int) -> int:
    """The 6-bit mask of ``length`` contiguous land edges from edge ``start``."""
    return sum(1 << ((start + k) % 6) for k in range(length))


#: The 32 hex coast tiles: every mask whose land edges form one contiguous run (and so
#: do its water edges). Any island or lake whose outline crosses each hex once is built
#: from these; the 30 masks left out have two or three separate runs (a one-hex-wide
#: strait or isthmus) - an autotiler gives such a hex its largest run.
COAST_MASKS: tuple[int, ...] = (
    0,
    *(coast_mask(s, n) for n in range(1, 6) for s in range(6)),
    63,
)


def edge_opposite(edge: int, arity: int) -> int:
    """The edge of the neighbour that faces ``edge``."""
    return (edge + arity // 2) % arity


def tile_key(i: int) -> str:
    return f"tile_{i}"


def tile_rules(
    rule_type: str,
    arity: int,
    connectivity: str,
    terrains: tuple[str, str],
    masks: list[int | None],
) -> dict[str, Any]:
    """The ``tile_rules`` object; tiles whose mask is None are stamp-only (left out)."""
    return {
        "rule_type": rule_type,
        "arity": arity,
        "connectivity": connectivity,
        "terrains": list(terrains),
        "tiles": {tile_key(i): m for i, m in enumerate(masks) if m is not None},
    }
