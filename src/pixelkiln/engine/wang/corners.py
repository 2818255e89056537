"""Corner conventions of Wang tile sets (TILES.md §1.2-1.4).

Corners are named ``NW, NE, SW, SE`` and hold a terrain: ``lower`` (0), ``upper`` (1) or,
in tall-wall sets only, ``transition`` (2, the wall face). A two-terrain tile's index is
``wang_N`` with ``N = NW*8 + NE*4 + SW*2 + SE*1``, a bit set where the corner is upper:
``wang_0`` is all lower, ``wang_15`` all upper.

``pattern_4x4`` is the 4x4 neighbourhood a tile matches: row 1 is ``[_, NW, NE, _]``,
row 2 ``[_, SW, SE, _]``, and 255 is a wildcard. Rows 0 and 3 (the vertices above and
below the tile) are wildcards except on the tall-wall twins, which need them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "CORNERS",
    "LOWER",
    "NATIVE_ORDER",
    "TERRAIN_NAMES",
    "TRANSITION",
    "UPPER",
    "WILDCARD",
    "TileDef",
    "corner_words",
    "corners_of",
    "pattern_rows",
    "wang_index",
]

LOWER, UPPER, TRANSITION = 0, 1, 2
WILDCARD = 255
TERRAIN_NAMES = ("lower", "upper", "transition")
CORNERS = ("NW", "NE", "SW", "SE")
_BITS = (8, 4, 2, 1)

#: The native 4x4 sheet, row-major: the wang index shown at each sheet position.
NATIVE_ORDER: tuple[int, ...] = (13, 10, 4, 12, 6, 8, 0, 1, 11, 3, 2, 5, 15, 14, 9, 7)


def wang_index(corners: Sequence[int]) -> int:
    """``N = NW*8 + NE*4 + SW*2 + SE*1`` of two-terrain corners ``(NW, NE, SW, SE)``."""
    if any(c not in (LOWER, UPPER) for c in corners):
        raise ValueError("wang_N is defined for lower/upper corners only")
    return sum(b for b, c in zip(_BITS, corners, strict=True) if c == UPPER)


def corners_of(n: int) -> tuple[int, int, int, int]:
    """The corners ``(NW, NE, SW, SE)`` of ``wang_n``."""
    if not 0 <= n <= 15:
        raise ValueError(f"wang index must be 0..15; got {n}")
    nw, ne, sw, se = ((n >> s) & 1 for s in (3, 2, 1, 0))
    return nw, ne, sw, se


def corner_words(corners: Sequence[int]) -> dict[str, str]:
    """``{"NW": "upper", ...}``: the ``corners`` object of the contract."""
    return {k: TERRAIN_NAMES[c] for k, c in zip(CORNERS, corners, strict=True)}


def pattern_rows(
    corners: Sequence[int], above: Sequence[int] | None = None, below: Sequence[int] | None = None
) -> dict[str, list[int]]:
    """The ``pattern_4x4`` object; ``above``/``below`` give rows 0 and 3 (2 values each,
    ``WILDCARD`` allowed) where the tile depends on them."""
    nw, ne, sw, se = corners
    top = list(above) if above is not None else [WILDCARD, WILDCARD]
    bottom = list(below) if below is not None else [WILDCARD, WILDCARD]
    return {
        "row_0": [WILDCARD, *top, WILDCARD],
        "row_1": [WILDCARD, nw, ne, WILDCARD],
        "row_2": [WILDCARD, sw, se, WILDCARD],
        "row_3": [WILDCARD, *bottom, WILDCARD],
    }


@dataclass(frozen=True)
class TileDef:
    """One tile of a layout: its corners, its context (twins only) and its sheet cell."""

    name: str
    corners: tuple[int, int, int, int]
    position: tuple[int, int]  # (row, col) on the sheet
    #: Rows 0 and 3 of ``pattern_4x4`` (the vertices above / below); None = wildcard.
    above: tuple[int, int] | None = None
    below: tuple[int, int] | None = None
    #: Tall-wall twins: +1 "stepped", -1 "closed" (0 for every other tile).
    variant: int = 0

    @property
    def pattern(self) -> dict[str, list[int]]:
        return pattern_rows(self.corners, self.above, self.below)

    @property
    def description(self) -> str:
        groups: dict[str, list[str]] = {}
        for k, c in zip(CORNERS, self.corners, strict=True):
            groups.setdefault(TERRAIN_NAMES[c], []).append(k)
        text = "; ".join(f"{t} at {'+'.join(ks)}" for t, ks in groups.items())
        if self.variant:
            kind = "stepped wall end" if self.variant > 0 else "closed wall end"
            text += f" ({kind}, chosen by pattern_4x4 row_3)"
        return text[0].upper() + text[1:]
