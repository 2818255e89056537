"""Style knobs (outline, shading, detail) and the concrete drawing choices they make.

The strings are the contract's enum values; the API layer reuses :data:`OUTLINES`,
:data:`SHADINGS` and :data:`DETAILS` as they are. Light always comes from the top left.

``outline`` - how units (cobbles, bricks, planks, tiles) and placed objects (tufts,
pebbles, flowers, leaves) are separated from what surrounds them:

- ``single color black outline``: a 1-px black line on the free pixels around each unit
  or object (mortar and joints become black lines);
- ``single color outline``: the same line in the ramp's darkest shade;
- ``selective outline``: the line follows the light - the ramp's darkest shade below and
  right of a unit, one shade lighter on its lit top-left side;
- ``lineless`` (terrain default): no line at all; mortar and joints keep their own
  mid-dark shade and units read from their bevel alone.

``shading`` - how many ramp shades are used and how strongly height is lit:

=========================  ======  =====  ============================================
value                      shades  bevel  extra
=========================  ======  =====  ============================================
flat shading               3       0.0    one flat tone per unit, no rim light
basic shading              4       0.6    top-left rim light, bottom-right shadow
medium shading             5       0.9
detailed shading           6       1.1
highly detailed shading    6       1.3    plus specular glints on shiny materials
=========================  ======  =====  ============================================

``detail`` - how fine the texture is and how many placed details it gets:

=================  ===========  =======  ==========================================
value              cluster size density  notes
=================  ===========  =======  ==========================================
low detail         x1.35        x0.5     broad clusters, few details
medium detail      x1.0         x1.0
highly detailed    x0.8         x1.6     smaller clusters (never under 3 px), more
=================  ===========  =======  ==========================================
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DETAILS",
    "OUTLINES",
    "SHADINGS",
    "Style",
]

OUTLINES: tuple[str, ...] = (
    "single color black outline",
    "single color outline",
    "selective outline",
    "lineless",
)
SHADINGS: tuple[str, ...] = (
    "flat shading",
    "basic shading",
    "medium shading",
    "detailed shading",
    "highly detailed shading",
)
DETAILS: tuple[str, ...] = ("low detail", "medium detail", "highly detailed")

# Spellings other endpoints of the contract use for the same detail levels.
_DETAIL_ALIASES = {
    "high detail": "highly detailed",
    "low": "low detail",
    "medium": "medium detail",
    "high": "highly detailed",
}

_SHADES = {
    "flat shading": 3,
    "basic shading": 4,
    "medium shading": 5,
    "detailed shading": 6,
    "highly detailed shading": 6,
}
_BEVEL = {
    "flat shading": 0.0,
    "basic shading": 0.6,
    "medium shading": 0.9,
    "detailed shading": 1.1,
    "highly detailed shading": 1.3,
}
_SCALE = {"low detail": 1.35, "medium detail": 1.0, "highly detailed": 0.8}
_DENSITY = {"low detail": 0.5, "medium detail": 1.0, "highly detailed": 1.6}


@dataclass(frozen=True)
class Style:
    """The three style knobs; unknown values raise ``ValueError`` listing the allowed ones."""

    outline: str = "lineless"
    shading: str = "basic shading"
    detail: str = "medium detail"

    def __post_init__(self) -> None:
        detail = _DETAIL_ALIASES.get(self.detail, self.detail)
        object.__setattr__(self, "detail", detail)
        for name, value, allowed in (
            ("outline", self.outline, OUTLINES),
            ("shading", self.shading, SHADINGS),
            ("detail", detail, DETAILS),
        ):
            if value not in allowed:
                msg = f"{name} must be one of {', '.join(allowed)}; got {value!r}"
                raise ValueError(msg)

    @property
    def shades(self) -> int:
        """Ramp shades the texture uses."""
        return _SHADES[self.shading]

    @property
    def bevel(self) -> float:
        """Strength of height lighting (0 = flat)."""
        return _BEVEL[self.shading]

    @property
    def glints(self) -> bool:
        """Whether shiny materials get single-pixel specular glints."""
        return self.shading == "highly detailed shading"

    @property
    def scale(self) -> float:
        """Multiplier on the cluster (feature) size."""
        return _SCALE[self.detail]

    @property
    def density(self) -> float:
        """Multiplier on the number of placed details."""
        return _DENSITY[self.detail]

    @property
    def outlined(self) -> bool:
        """Whether units and objects get an outline line."""
        return self.outline != "lineless"
