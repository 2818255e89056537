"""Which tiles a set has and where they sit on its sheet.

**Standard and Pro 16-tile sets**: the 16 two-terrain corner tiles in the native 4x4
order (:data:`~pixelkiln.engine.wang.corners.NATIVE_ORDER`).

**The tall-wall layout** (25 tiles, 4 columns x 8 rows on the sheet). A plateau
(``upper``) stands one tile above the ground (``lower``); its south face is a wall
(``transition``) one tile high, drawn in the two half-cells below the plateau's south
edge. In the corner grid a ``transition`` vertex is a ground vertex whose northern
neighbour is plateau: the wall runs from the plateau edge (mid-cell) down to the middle
of the next cell, where its foot meets the ground. The plateau's north, east and west
sides show no face (seen from above) but a lip and a contact shadow.

Reading a cell column by column (top corner over bottom corner), five column types
occur: ``A`` plateau (U/U), ``B`` wall top (U/T), ``C`` wall foot (T/L), ``D`` ground
(L/L) and ``E`` plateau's north edge (L/U). The 25 pairs less the four where a wall meets
a plateau's north edge diagonally (``BE``, ``EB``, ``CE``, ``EC``) give the **21 corner
combinations**. A map is drawable when every wall has ground below its foot (no T over
U) and none of those four cells occurs (:func:`pixelkiln.engine.wang.maps.tallwall_labels`
checks and labels a map).

**The four twins** are ``AB``, ``BA``, ``AC`` and ``CA``: a wall piece beside plateau
that continues south. Whether the plateau vertex *below* (``pattern_4x4`` row 3) is
plateau (``closed``: the wall ends against the plateau's side, shaded as a recess) or
wall (``stepped``: the plateau steps down one level further on, so the wall end is an
outer corner with a lit edge) changes the wall's end. Select twins by ``pattern_4x4``.

Sheet (row by row)::

    0: AA        AD        DA        DD
    1: EE        AE        EA        DE
    2: ED        BB        AB closed BA closed
    3: BD        DB        CC        AC closed
    4: CA closed CD        DC        BC
    5: CB        AB step   BA step   AC step
    6: CA step   -         -         -
    7: -         -         -         -
"""

from __future__ import annotations

from pixelkiln.engine.wang.corners import (
    LOWER,
    NATIVE_ORDER,
    TRANSITION,
    UPPER,
    WILDCARD,
    TileDef,
    corners_of,
)

__all__ = [
    "COLUMN_TYPES",
    "EXCLUDED_CELLS",
    "TALLWALL_SHEET",
    "TWIN_CELLS",
    "layout_tiles",
    "sheet_grid",
    "standard_tiles",
    "tallwall_tiles",
    "wall_name",
]

U, L, T = UPPER, LOWER, TRANSITION
#: Column types of the tall-wall layout: (top corner, bottom corner).
COLUMN_TYPES: dict[str, tuple[int, int]] = {
    "A": (U, U),
    "B": (U, T),
    "C": (T, L),
    "D": (L, L),
    "E": (L, U),
}
EXCLUDED_CELLS = frozenset({"BE", "EB", "CE", "EC"})
TWIN_CELLS = frozenset({"AB", "BA", "AC", "CA"})

#: Sheet order of the tall-wall set: (cell, variant) with -1 closed, +1 stepped.
TALLWALL_SHEET: tuple[tuple[str, int], ...] = (
    ("AA", 0), ("AD", 0), ("DA", 0), ("DD", 0),
    ("EE", 0), ("AE", 0), ("EA", 0), ("DE", 0),
    ("ED", 0), ("BB", 0), ("AB", -1), ("BA", -1),
    ("BD", 0), ("DB", 0), ("CC", 0), ("AC", -1),
    ("CA", -1), ("CD", 0), ("DC", 0), ("BC", 0),
    ("CB", 0), ("AB", 1), ("BA", 1), ("AC", 1),
    ("CA", 1),
)  # fmt: skip


def standard_tiles() -> list[TileDef]:
    """The 16 corner tiles in native sheet order."""
    return [
        TileDef(name=f"wang_{n}", corners=corners_of(n), position=(pos // 4, pos % 4))
        for pos, n in enumerate(NATIVE_ORDER)
    ]


def cell_corners(cell: str) -> tuple[int, int, int, int]:
    """Corners (NW, NE, SW, SE) of a tall-wall cell named by its two column types."""
    (nw, sw), (ne, se) = COLUMN_TYPES[cell[0]], COLUMN_TYPES[cell[1]]
    return nw, ne, sw, se


def wall_name(corners: tuple[int, int, int, int]) -> str:
    """``wang_N`` for two-terrain corners, ``wall_N`` (base 3, transition = 2) otherwise."""
    if TRANSITION not in corners:
        nw, ne, sw, se = corners
        return f"wang_{nw * 8 + ne * 4 + sw * 2 + se}"
    nw, ne, sw, se = corners
    return f"wall_{nw * 27 + ne * 9 + sw * 3 + se}"


def tallwall_tiles() -> list[TileDef]:
    """The 25 tiles of the tall-wall layout in sheet order."""
    tiles = []
    for pos, (cell, variant) in enumerate(TALLWALL_SHEET):
        corners = cell_corners(cell)
        name = wall_name(corners)
        below = None
        if variant:
            # The twin is decided by the vertex under the plateau column's bottom corner.
            under = U if variant < 0 else T
            below = (under, WILDCARD) if cell[0] == "A" else (WILDCARD, under)
            name += "_closed" if variant < 0 else "_stepped"
        tiles.append(
            TileDef(
                name=name,
                corners=corners,
                position=(pos // 4, pos % 4),
                below=below,
                variant=variant,
            )
        )
    return tiles


def layout_tiles(tall_wall: bool) -> list[TileDef]:
    """The tiles of a set: the tall-wall layout or the 16-tile corner set."""
    return tallwall_tiles() if tall_wall else standard_tiles()


def sheet_grid(tall_wall: bool) -> tuple[int, int]:
    """(rows, cols) of the sheet: 4x4, or 8 rows of 4 for tall-wall sets."""
    return (8, 4) if tall_wall else (4, 4)
