"""Descriptions of layered blocks: ``"grass on top of dirt"`` -> top grass, sides dirt.

A block shows two materials: the *top* (its upper face, and a lip hanging over the sides)
and the *body* (its side faces). The description is split at one layering phrase:

- ``TOP on top of BODY``, ``TOP on BODY``, ``TOP over BODY``, ``TOP above BODY``,
  ``TOP covering BODY``, ``TOP atop BODY``;
- ``BODY covered in/with/by TOP``, ``BODY topped with/by TOP``, ``BODY capped with TOP``,
  ``BODY under TOP``, ``BODY below TOP``, ``BODY beneath TOP``,
  ``BODY with TOP on top``;
- ``TOP-topped BODY``, ``TOP-capped BODY`` (``"snow-capped rock"``).

Each part is then read by :func:`pixelkiln.engine.text.parse_description` (so ``"lush
grass with flowers on dark soil"`` keeps its flowers and colours). Words that only name
the shape (``block``, ``tile``, ``cube``, ``slab``) are dropped first. Without a layering
phrase the body is the top material itself, except for surface layers that never make a
block on their own: grass, flowers and other ground cover stand on dirt, swamp on mud, and
lava is a pool in a crust of volcanic rock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pixelkiln.engine.text import MaterialSpec, parse_description

__all__ = ["BODY_OF", "Layers", "parse_layers"]

#: Default body under surface materials that never form a block alone.
BODY_OF: dict[str, str] = {
    "grass": "dirt",
    "dry grass": "dirt",
    "flowers": "dirt",
    "moss": "dirt",
    "jungle": "dirt",
    "forest floor": "dirt",
    "swamp": "mud",
    "lava": "volcanic rock",
}

# Shape words, only where they cannot be part of a material ("floor tiles" stays).
_SHAPE_LEAD = re.compile(r"^(?:an?\s+)?(?:isometric\s+)?(?:block|tile|cube|slab)s?\s+of\s+")
_SHAPE_TAIL = re.compile(r"\s+(?:isometric\s+)?(?:block|cube|slab|tile)s?$")
_ARTICLE = re.compile(r"^(?:an?|the|isometric)\s+")
_ALIAS_TILES = re.compile(r"\b(?:floor|roof)\s+tiles?\b")
_TOP_FIRST = re.compile(
    r"\s+(?:on\s+top\s+of|on|over|above|atop|covering|layered\s+on|resting\s+on)\s+"
)
_BODY_FIRST = re.compile(
    r"\s+(?:covered\s+(?:in|with|by)|topped\s+(?:with|by)|capped\s+(?:with|by)|"
    r"under|below|beneath|underneath)\s+"
)
_WITH_ON_TOP = re.compile(r"^(?P<body>.+?)\s+with\s+(?P<top>.+?)\s+on\s+top$")
_HYPHEN_TOP = re.compile(r"^(?P<top>[a-z]+)-(?:topped|capped|covered)\s+(?P<body>.+)$")


@dataclass(frozen=True)
class Layers:
    """The two materials of a block and the text parts they were read from."""

    top: MaterialSpec
    body: MaterialSpec
    top_text: str
    body_text: str

    @property
    def layered(self) -> bool:
        """Whether the top differs from the body (the sides then get a lip of the top)."""
        return self.top.material != self.body.material


def _clean(part: str) -> str:
    out = part.strip(" ,.;")
    for pattern in (_SHAPE_LEAD, _SHAPE_TAIL, _ARTICLE):
        out = pattern.sub("", out).strip(" ,.;")
    if _ALIAS_TILES.search(part) and not _ALIAS_TILES.search(out):
        out = part.strip(" ,.;")  # "roof tile" names a material, not the shape
    return out or part.strip()


def _split(text: str) -> tuple[str, str] | None:
    """``(top, body)`` text when ``text`` names two layers."""
    m = _WITH_ON_TOP.match(text)
    if m:
        return m["top"], m["body"]
    m = _HYPHEN_TOP.match(text)
    if m:
        return m["top"], m["body"]
    parts = _TOP_FIRST.split(text, maxsplit=1)
    if len(parts) == 2 and all(p.strip() for p in parts):
        return parts[0], parts[1]
    parts = _BODY_FIRST.split(text, maxsplit=1)
    if len(parts) == 2 and all(p.strip() for p in parts):
        return parts[1], parts[0]
    return None


def parse_layers(description: str, use_model: bool = True) -> Layers:
    """Read a block description into its top and body materials (see the module doc)."""
    text = re.sub(r"\s+", " ", description.lower()).strip()
    split = _split(text)
    if split is not None:
        top_text, body_text = _clean(split[0]), _clean(split[1])
        top = parse_description(top_text, use_model=use_model)
        body = parse_description(body_text, use_model=use_model)
        return Layers(top=top, body=body, top_text=top_text, body_text=body_text)
    top_text = _clean(text)
    top = parse_description(top_text, use_model=use_model)
    body_key = BODY_OF.get(top.material)
    if body_key is None:
        return Layers(top=top, body=top, top_text=top_text, body_text=top_text)
    body = parse_description(body_key, use_model=use_model)
    return Layers(top=top, body=body, top_text=top_text, body_text=body_key)
