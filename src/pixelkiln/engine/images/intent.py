"""What a description asks for: a subject, an item icon, a texture, or a scene.

The reading is word-based and deliberately plain, so it can be reported and predicted:

- **icon**: the words ``icon``, ``inventory``, ``item``, ``pickup``, ``emblem``;
- **texture**: ``texture``, ``tile``, ``tileable``, ``seamless``, ``pattern``,
  ``surface``, ``ground``, ``floor``, ``wall`` used alone ("mossy stone wall texture");
- **scene**: a place word (forest, town, dungeon, corridor, desert, beach, cave, station,
  landscape, village...), or a time of day or weather phrase together with a place
  ("forest clearing at night", "desert town at sunset");
- **subject** otherwise: a figure, creature or prop read by the subject engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pixelkiln.engine.scenes.reading import PLACE_WORDS, setting_of

__all__ = ["ICON_WORDS", "PLACE_WORDS", "TEXTURE_WORDS", "Intent", "read_intent"]

ICON_WORDS = frozenset({"icon", "icons", "inventory", "item", "pickup", "emblem", "badge"})
TEXTURE_WORDS = frozenset(
    {"texture", "tile", "tileable", "seamless", "pattern", "surface", "material"}
)
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Intent:
    """The kind of picture and the words that decided it."""

    kind: str  # subject | icon | texture | scene
    text: str  # the description without the words that only named the kind
    because: str
    setting: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "because": self.because, "setting": self.setting}


def _strip(text: str, words: frozenset[str]) -> str:
    kept = [w for w in re.split(r"(\s+)", text) if w.strip().lower().strip(",.") not in words]
    out = "".join(kept).strip()
    return re.sub(r"\s{2,}", " ", out) or text


def read_intent(description: str) -> Intent:
    """Read what ``description`` asks for (see the module docstring)."""
    words = _WORD.findall(description.lower())
    icon = [w for w in words if w in ICON_WORDS]
    if icon:
        return Intent("icon", _strip(description, ICON_WORDS), f"'{icon[0]}' names an icon")
    texture = [w for w in words if w in TEXTURE_WORDS]
    if texture:
        return Intent(
            "texture", _strip(description, TEXTURE_WORDS), f"'{texture[0]}' names a texture"
        )
    places = [w for w in words if w in PLACE_WORDS]
    if places:
        return Intent(
            "scene",
            description,
            f"'{places[0]}' names a place",
            setting=setting_of([PLACE_WORDS[w] for w in places]),
        )
    return Intent("subject", description, "a figure, creature or prop")
