"""A description cut into its parts: the base, the secondary materials, a top, qualifiers.

- **Top** (sidescroller platforms): ``"... with a moss top"``, ``"... with a grassy top"``,
  ``"topped with snow"``, ``"crowned with ice"``, ``"with snow on top"``: the words before
  ``top`` (or after ``topped``/``crowned``/``capped with``) name the top layer.
- **Compounds**: ``"Y on X"``, ``"Y over X"``, ``"Y atop X"``: X is the base and Y lies on
  it (unless Y is a path or road, which runs over its ground); ``"X with Y"``, ``"X and
  Y"``, ``"X covered in Y"``, ``"X under Y"``, a comma: X is the base, Y the secondary.
- **Relief**: a wall, cliff or ledge asks for a raised side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["RELIEF_WORDS", "SHAPE_WORDS", "Parts", "split_sentence", "words"]

_TOP = re.compile(
    r"(?:,\s*|\s+)with\s+(?P<top3>[a-z][a-z\s-]*?)\s+on\s+top\s*$"
    r"|(?:,\s*|\s+)(?:with|and|having)\s+(?:an?\s+|the\s+|some\s+)?(?P<top>[a-z][a-z\s-]*?)\s+tops?\b"
    r"|(?:,\s*|\s+)(?:topped|crowned|capped|crested|covered on top)\s+(?:with|by|in)\s+"
    r"(?P<top2>[a-z][a-z\s-]*?)\s*$"
)
_ON = re.compile(r"\s+(?:on|over|atop|upon|on top of|across)\s+(?:an?\s+|the\s+)?")
_WITH = re.compile(
    r"\s*,\s*|\s+(?:with|and|covered in|covered with|covered by|full of|dotted with|"
    r"scattered with|sprinkled with|strewn with|littered with|featuring|having|plus|among|"
    r"under|beneath|beside|between)\s+"
)
_PATHS = {"path", "paths", "road", "roads", "street", "trail", "track", "lane", "walkway"}

#: Words that name a raised side (a wall's or cliff's face).
RELIEF_WORDS = frozenset(
    "wall walls cliff cliffs ledge ledges palisade rampart ramparts escarpment bluff facade "
    "cliffside cliffface".split()
)
#: Words about the tile's shape or use, not its look: neither qualifiers nor unknown.
SHAPE_WORDS = frozenset(
    "floor floors block blocks cube cubes tile tiles tileset platform platforms surface "
    "texture terrain pattern set ground layer slab piece pieces area side sides face top "
    "bottom edge edges row rows field fields patch patches pile piles bale bales few some "
    "lots scattered small large big tiny little huge thin thick one two three four five six "
    "seven eight nine ten pillar pillars corridor steps stairs chamber room hall".split()
)


@dataclass(frozen=True)
class Parts:
    """The parts of one description."""

    base: str
    secondary: tuple[str, ...] = ()
    top: str | None = None
    relief: bool = False


def words(text: str) -> list[str]:
    """Lower-case words; a hyphenated compound (``snow-capped``) stays one word."""
    return re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text.lower())


def split_sentence(text: str) -> Parts:
    """Cut ``text`` into base, secondary parts and a top (see the module docstring)."""
    lowered = re.sub(r"\s+", " ", text.lower()).strip(" .")
    relief = bool(RELIEF_WORDS & set(re.findall(r"[a-z]+", lowered)))
    top = None
    m = _TOP.search(lowered)
    if m:
        top = (m["top"] or m["top2"] or m["top3"]).strip()
        lowered = (lowered[: m.start()] + " " + lowered[m.end() :]).strip()
    secondary: list[str] = []
    head, *rest = _WITH.split(lowered)
    on = _ON.split(head, maxsplit=1)
    if len(on) == 2 and on[0].strip() and on[1].strip():
        above, below = on[0].strip(), on[1].strip()
        if set(re.findall(r"[a-z]+", above)) & _PATHS:
            head = above  # a path over grass is a path
            secondary.append(below)
        else:
            head = below
            secondary.append(above)
    for part in rest:
        part = part.strip()
        if not part:
            continue
        inner = _ON.split(part, maxsplit=1)
        secondary += [p.strip() for p in inner if p.strip()]
    return Parts(base=head.strip(), secondary=tuple(secondary), top=top, relief=relief)
