"""The instruction grammar: what an edit asks, as a list of operations.

- ``recolour``: "make the cape red", "red cape", "turn it blue", "blue" (a colour word
  with a part names that part; alone, the whole subject);
- ``palette``: "winter palette", "autumn colours", "night", "sepia", "greyscale";
- ``condition``: "damaged", "broken", "covered in snow", "snowy", "glowing", "rusty",
  "burning", "frozen", "mossy";
- ``material``: "make it wooden", "made of stone", "golden", "iron", "crystal";
- ``add``: "give him a hat", "add a torch", "holding a sword", "with a shield";
- ``remove``: "remove the hat", "without the shield", "no helmet", "take off the cape".

Part words name the figure's regions (``head``: hat, helmet, hair...; ``torso``: cape,
armour, robe...; ``legs``: trousers, skirt...; ``feet``: boots, shoes...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = ["CONDITIONS", "MATERIALS", "PALETTES", "PARTS", "EditOp", "read_instruction"]

PARTS: dict[str, str] = {
    **dict.fromkeys(
        ("hat", "helmet", "hood", "hair", "head", "crown", "face", "cap", "helm"), "head"
    ),
    **dict.fromkeys(
        (
            "cape",
            "cloak",
            "shirt",
            "armor",
            "armour",
            "robe",
            "tunic",
            "body",
            "chest",
            "jacket",
            "coat",
            "dress",
            "vest",
            "torso",
            "clothes",
            "outfit",
            "tabard",
            "surcoat",
            "blouse",
            "sweater",
            "hoodie",
            "gown",
        ),
        "torso",
    ),
    **dict.fromkeys(("pants", "trousers", "legs", "skirt", "kilt", "leggings"), "legs"),
    **dict.fromkeys(("boots", "shoes", "feet", "sandals"), "feet"),
}
PALETTES = (
    "winter",
    "autumn",
    "spring",
    "summer",
    "night",
    "sepia",
    "greyscale",
    "sunset",
    "desert",
)
_PALETTE_WORDS = {
    "winter": "winter",
    "wintry": "winter",
    "icy": "winter",
    "autumn": "autumn",
    "fall": "autumn",
    "spring": "spring",
    "summer": "summer",
    "night": "night",
    "nighttime": "night",
    "sepia": "sepia",
    "greyscale": "greyscale",
    "grayscale": "greyscale",
    "monochrome": "greyscale",
    "sunset": "sunset",
    "desert": "desert",
}
CONDITIONS: dict[str, str] = {
    "damaged": "damaged",
    "broken": "damaged",
    "cracked": "damaged",
    "battered": "damaged",
    "worn": "damaged",
    "snowy": "snow",
    "snow": "snow",
    "snowcovered": "snow",
    "glowing": "glowing",
    "glow": "glowing",
    "magical": "glowing",
    "rusty": "rusty",
    "rusted": "rusty",
    "rust": "rusty",
    "burning": "burning",
    "fire": "burning",
    "flaming": "burning",
    "frozen": "frozen",
    "mossy": "mossy",
    "overgrown": "mossy",
}
MATERIALS: dict[str, str] = {
    "wooden": "wood",
    "wood": "wood",
    "stone": "stone",
    "stony": "stone",
    "golden": "gold",
    "gold": "gold",
    "iron": "iron",
    "metal": "iron",
    "steel": "iron",
    "silver": "silver",
    "crystal": "crystal",
    "glass": "crystal",
    "ice": "ice",
    "bronze": "bronze",
}
_ADD = ("give", "add", "holding", "holds", "hold", "with", "wearing", "wear", "put")
_REMOVE = ("remove", "without", "no", "take", "delete", "lose", "drop")
_ARTICLES = {
    "a",
    "an",
    "the",
    "his",
    "her",
    "its",
    "their",
    "some",
    "him",
    "it",
    "them",
    "on",
    "off",
}
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class EditOp:
    """One operation: ``kind`` and what it is about."""

    kind: str  # recolour | palette | condition | material | add | remove
    value: str | None = None  # colour word, palette, condition, material or item
    part: str | None = None  # the part word ("cape"); None: the whole subject
    region: str | None = None  # the figure region the part word names

    def to_dict(self) -> dict[str, object]:
        return {"op": self.kind, "value": self.value, "part": self.part, "region": self.region}


def _next_noun(words: list[str], i: int) -> tuple[str | None, int]:
    j = i
    while j < len(words) and (words[j] in _ARTICLES or words[j] in NAMED_COLORS):
        j += 1
    return (words[j], j) if j < len(words) else (None, j)


def read_instruction(text: str) -> list[EditOp]:
    """The operations ``text`` asks for, in order (empty when nothing is understood)."""
    low = text.lower().replace("covered in snow", "snowcovered").replace("on fire", "fire")
    words = _WORD.findall(low)
    ops: list[EditOp] = []
    used: set[int] = set()
    for i, word in enumerate(words):
        if i in used:
            continue
        if word in _REMOVE and not (word == "take" and "off" not in words[i:]):
            noun, j = _next_noun(words, i + 1)
            if noun is not None and noun not in CONDITIONS:
                ops.append(EditOp("remove", noun, noun, PARTS.get(noun)))
                used.update(range(i, j + 1))
            continue
        if word in _ADD:
            noun, j = _next_noun(words, i + 1)
            if (
                noun is not None
                and noun not in CONDITIONS
                and noun not in MATERIALS
                and noun not in _PALETTE_WORDS
            ):
                ops.append(EditOp("add", noun, noun, PARTS.get(noun)))
                used.update(range(i, j + 1))
            continue
    for i, word in enumerate(words):
        if i in used:
            continue
        if word in _PALETTE_WORDS and (
            (
                i + 1 < len(words)
                and words[i + 1] in ("palette", "colours", "colors", "theme", "tones")
            )
            or word in ("sepia", "greyscale", "grayscale", "monochrome")
        ):
            ops.append(EditOp("palette", _PALETTE_WORDS[word]))
            used.update((i, i + 1))
        elif word in CONDITIONS:
            ops.append(EditOp("condition", CONDITIONS[word]))
            used.add(i)
        elif word in MATERIALS and not (i + 1 < len(words) and words[i + 1] in PARTS):
            ops.append(EditOp("material", MATERIALS[word]))
            used.add(i)
        elif word in NAMED_COLORS:
            # "red cape" or "make the cape red": the nearest part word names the part.
            part = None
            if i + 1 < len(words) and words[i + 1] in PARTS:
                part = words[i + 1]
                used.add(i + 1)
            else:
                for j in range(i - 1, max(-1, i - 4), -1):
                    if words[j] in PARTS and j not in used:
                        part = words[j]
                        used.add(j)
                        break
            ops.append(EditOp("recolour", word, part, PARTS.get(part) if part else None))
            used.add(i)
        elif word in _PALETTE_WORDS and word in ("winter", "autumn", "night", "sunset"):
            ops.append(EditOp("palette", _PALETTE_WORDS[word]))
            used.add(i)
    return ops
