"""The style knobs of subjects: outline, shading and detail, as the contract spells them.

- ``outline``: ``single color black outline`` (a black line round the silhouette),
  ``single color outline`` (one dark colour from the subject's main hue),
  ``selective outline`` (each edge in the line shade of the part it bounds, one shade
  lighter on the lit top-left side) or ``lineless`` (no line; shading alone separates).
  Every outlined style also draws interior lines where one piece passes in front of
  another (an arm across the chest), in the far piece's own line shade.
- ``shading``: ``flat`` (one tone per material), ``basic`` (two: shadow and light),
  ``medium`` (three), ``detailed`` (four); ``highly detailed shading`` is detailed plus
  specular glints. One light, from the top left.
- ``detail``: ``low`` drops trims, straps and buttons; ``medium`` draws belts, boots,
  cuffs and eyes with whites from 16 px heads; ``high`` adds mouths, buttons and studs.
"""

from __future__ import annotations

from dataclasses import dataclass

from pixelkiln.engine.style import DETAILS, OUTLINES, SHADINGS

__all__ = ["SUBJECT_SHADINGS", "SubjectStyle"]

SUBJECT_SHADINGS = SHADINGS
_TONES = {
    "flat shading": 1,
    "basic shading": 2,
    "medium shading": 3,
    "detailed shading": 4,
    "highly detailed shading": 4,
}
_DETAIL_ALIASES = {
    "high detail": "highly detailed",
    "low": "low detail",
    "medium": "medium detail",
    "high": "highly detailed",
}


@dataclass(frozen=True)
class SubjectStyle:
    """Outline, shading and detail; unknown values raise ``ValueError``."""

    outline: str = "single color black outline"
    shading: str = "basic shading"
    detail: str = "medium detail"

    def __post_init__(self) -> None:
        object.__setattr__(self, "detail", _DETAIL_ALIASES.get(self.detail, self.detail))
        for name, value, allowed in (
            ("outline", self.outline, OUTLINES),
            ("shading", self.shading, SHADINGS),
            ("detail", self.detail, DETAILS),
        ):
            if value not in allowed:
                msg = f"{name} must be one of {', '.join(allowed)}; got {value!r}"
                raise ValueError(msg)

    @property
    def tones(self) -> int:
        """Fill tones per material."""
        return _TONES[self.shading]

    @property
    def level(self) -> int:
        """0 low, 1 medium, 2 high detail."""
        return DETAILS.index(self.detail)

    @property
    def glints(self) -> bool:
        return self.shading == "highly detailed shading"

    @property
    def outlined(self) -> bool:
        return self.outline != "lineless"
