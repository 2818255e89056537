"""What a Pro tile request asks for, read into engine terms, and the plan it makes.

Descriptions:

- **Numbered** (``"1). grass 2). stone 3). water"``; ``1)``, ``1.`` and ``1).`` all
  count): one tile per item, in the order written.
- **Unnumbered**: :func:`default_count` variations of the one material, all sharing
  their edges so they can be mixed on a map (see :mod:`.variations`).
- Connectable sets read the description as their two terrains:
  ``tileset`` as a transition, ``"grass to water"`` (also ``->``, ``into``; the first
  terrain is the main one); ``roads`` as ``"<path> on|through|across|over|along
  <ground>"`` (``"cobblestone road through grass"``); a numbered pair
  (``"1). sand 2). water"``) works for both. A missing second terrain is
  :data:`DEFAULT_GROUND` for roads and :func:`default_partner` for tilesets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.text import MaterialSpec, parse_description
from pixelkiln.engine.tiles_pro.geometry import (
    VIEW_RATIOS,
    build_geometry,
    depth_for,
    face_height,
    snap_width,
)

__all__ = [
    "CONNECTABLE_SIZES",
    "DEFAULT_GROUND",
    "FEATURE_TYPES",
    "MAX_ITEMS",
    "BuildingSpec",
    "Plan",
    "SpecError",
    "TilesProSpec",
    "default_count",
    "default_partner",
    "make_plan",
    "parse_items",
    "path_spec",
    "split_road",
    "split_transition",
]

#: Most numbered items one request may hold.
MAX_ITEMS = 64
#: Ground a road set runs over when the description names none.
DEFAULT_GROUND = "grass"
#: Tile types each connectable feature supports.
FEATURE_TYPES = {
    "roads": ("square_topdown", "isometric"),
    "tileset": ("square_topdown", "isometric", "oblique", "hex", "hex_pointy"),
    "building": ("square_topdown", "isometric", "oblique"),
}
#: Tile sizes connectable sets accept, by tile type: a 16 px diamond (16x8) or hex
#: (16x12) has no room for a road or a shore with its foam to read and to meet its
#: neighbours cleanly.
CONNECTABLE_SIZES = {"isometric": (32, 96), "hex": (24, 96), "hex_pointy": (24, 96)}
_CONNECTABLE_DEFAULT = (16, 96)
#: Tiles in each connectable set.
SET_SIZES = {"roads": 18, "tileset": 16, "coastline": 32, "building": 22}

_ITEM = re.compile(r"(?:^|(?<=\s))(\d{1,3})\s*(?:\)\s*\.?|\.(?=\s|$))")
_TRANSITION = re.compile(r"\s+(?:to|into|->|→|=>)\s+|\s*(?:->|→|=>)\s*")
_ROAD = re.compile(r"\s+(?:on|through|across|over|along|in|among|between)\s+")
_PATH_NOUNS = {
    "road",
    "roads",
    "path",
    "paths",
    "street",
    "streets",
    "trail",
    "trails",
    "track",
    "tracks",
    "lane",
    "lanes",
    "walkway",
    "pathway",
    "way",
}
_BARE_PATHS = {"street": "road", "streets": "road", "highway": "road", "asphalt": "road"}


class SpecError(ValueError):
    """A request the engine cannot draw; ``field`` names the request field at fault."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


def parse_items(description: str) -> list[str] | None:
    """The items of a numbered description, in written order (None if not numbered)."""
    text = description.strip()
    marks = list(_ITEM.finditer(text))
    if not marks or marks[0].start() != 0:
        return None
    items = []
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        item = text[m.end() : end].strip(" \t\n,;")
        if item:
            items.append(item)
    return items or None


def default_count(tile_size: int) -> int:
    """Variations of an unnumbered description: 256 px of canvas, 2 to 8 tiles.

    16 and 32 px give 8, 48 gives 5, 64 gives 4, 96 and up give 2 - the Pro ladder's
    lowest rung (canvas = tile size x count <= 256).
    """
    return max(2, min(8, 256 // max(1, tile_size)))


def default_partner(first: MaterialSpec) -> str:
    """The second terrain of a tileset described with one terrain."""
    family = get_material(first.material).family
    if family == "liquid":
        return "sand"
    if first.material in ("dirt", "dirt path", "mud", "sand", "gravel"):
        return "grass"
    return "dirt"


def split_transition(description: str) -> tuple[str, str | None]:
    """``"grass to water"`` -> ("grass", "water"); numbered pairs work too."""
    items = parse_items(description)
    if items:
        return items[0], (items[1] if len(items) > 1 else None)
    parts = _TRANSITION.split(description.strip(), maxsplit=1)
    second = parts[1].strip() if len(parts) > 1 and parts[1].strip() else None
    return parts[0].strip() or description.strip(), second


def split_road(description: str) -> tuple[str, str | None]:
    """``"dirt path through grass"`` -> ("dirt path", "grass")."""
    items = parse_items(description)
    if items:
        return items[0], (items[1] if len(items) > 1 else None)
    parts = _ROAD.split(description.strip(), maxsplit=1)
    second = parts[1].strip() if len(parts) > 1 and parts[1].strip() else None
    return parts[0].strip() or description.strip(), second


def path_spec(text: str) -> MaterialSpec:
    """The material of a path: ``"cobblestone road"`` is cobblestone, not asphalt."""
    words = re.findall(r"[a-z]+", text.lower())
    if words and words[-1] in _PATH_NOUNS:
        rest = " ".join(words[:-1])
        if rest:
            spec = parse_description(rest)
            if spec.matched_by in ("lexicon", "key", "fuzzy"):
                return spec
        elif len(words) == 1:
            return parse_description(_BARE_PATHS.get(words[0], "dirt path"))
    if len(words) == 1 and words[0] in _BARE_PATHS:
        return parse_description(_BARE_PATHS[words[0]])
    return parse_description(text)


@dataclass(frozen=True)
class BuildingSpec:
    """The ``building_*`` fields."""

    wall: str | None = None
    floor: str | None = None
    floor2: str | None = None
    layout: str | None = None  # grid | materials
    wall_angle: float | None = None
    wall_tiles: int | None = None


@dataclass(frozen=True)
class TilesProSpec:
    """A Pro tile request in engine terms (the API layer fills it from the contract)."""

    description: str
    tile_type: str = "isometric"
    tile_size: int = 32
    tile_view: str = "low top-down"
    view_angle: float | None = None
    depth_ratio: float | None = None
    tile_height: int | None = None
    flat_top: int | None = None
    lean: float | None = None
    outline_mode: str = "outline"
    feature: str | None = None
    building: BuildingSpec = field(default_factory=BuildingSpec)
    seed: int = 0


@dataclass(frozen=True)
class Plan:
    """What a spec will produce: kind, tile count and the geometry's numbers."""

    kind: str
    n_tiles: int
    width: int
    height: int
    depth: int
    tile_type: str


def make_plan(spec: TilesProSpec) -> Plan:
    """Plan a request; raises ``ValueError`` (naming the field) when it cannot be drawn."""
    if spec.tile_view not in VIEW_RATIOS:
        raise SpecError("tile_view", f"tile_view must be one of {', '.join(VIEW_RATIOS)}")
    tile_type = spec.tile_type
    if spec.feature is not None:
        allowed = FEATURE_TYPES.get(spec.feature)
        if allowed is None:
            msg = f"tile_feature must be one of {', '.join(FEATURE_TYPES)}"
            raise SpecError("tile_feature", msg)
        if tile_type not in allowed:
            msg = (
                f"tile_feature {spec.feature!r} supports tile_type "
                f"{', '.join(allowed)}; got {tile_type!r}"
            )
            raise SpecError("tile_type", msg)
        lo, hi = CONNECTABLE_SIZES.get(tile_type, _CONNECTABLE_DEFAULT)
        if not lo <= spec.tile_size <= hi:
            msg = f"connectable {tile_type} sets are {lo} to {hi} px; got {spec.tile_size}"
            raise SpecError("tile_size", msg)
    elif tile_type == "oblique":
        msg = "tile_type 'oblique' is only for connectable sets (tile_feature tileset or building)"
        raise SpecError("tile_type", msg)
    width = snap_width(tile_type, spec.tile_size)
    cap = spec.flat_top if spec.flat_top is not None else 4
    face_h = face_height(tile_type, width, cap)
    try:
        depth = depth_for(
            face_h, spec.tile_view, spec.view_angle, spec.depth_ratio, spec.tile_height
        )
    except ValueError as exc:
        raise SpecError("tile_height", str(exc)) from None
    geom = build_geometry(tile_type, width, depth, cap, spec.lean)
    if spec.feature is None:
        items = parse_items(spec.description)
        if items is not None and len(items) > MAX_ITEMS:
            msg = f"description numbers {len(items)} items; at most {MAX_ITEMS}"
            raise SpecError("description", msg)
        n = len(items) if items else default_count(spec.tile_size)
        kind = "tiles"
    elif spec.feature == "roads":
        kind, n = "paths", SET_SIZES["roads"]
    elif spec.feature == "tileset":
        kind = "coastline" if tile_type in ("hex", "hex_pointy") else "tileset"
        n = SET_SIZES[kind]
    else:
        kind, n = "building", SET_SIZES["building"]
    return Plan(kind, n, geom.width, geom.height, geom.depth, tile_type)
