"""Pro tiles: six tile geometries, variations, and connectable road, terrain and building sets.

The entry point::

    render_tiles_pro(spec, style_images=None, style_options=None) -> TileSet

- ``spec``: a :class:`~.spec.TilesProSpec` (description, tile type and size, view and
  depth, outline mode, feature, ``building_*`` fields, seed).
- ``style_images``: RGBA arrays whose first one's geometry is copied
  (:mod:`.styleref`); ``style_options`` a dict of the four booleans.

The result's ``tiles`` are RGBA arrays in set order, ``masks`` their placement masks
(None = stamp-only) and ``rules`` the ``tile_rules`` object (None for plain tiles).

Modules: :mod:`.geometry` (footprints, depth, lattices), :mod:`.lattice` (lattice-periodic
textures and noise), :mod:`.surface` (materials on a lattice), :mod:`.block` (top face +
skirt + outline), :mod:`.variations` (plain tiles), :mod:`.fields` and :mod:`.ground`
(roads, corner tilesets, hex coastlines), :mod:`.prism` and :mod:`.building` (building
kits), :mod:`.rules` (masks and ``tile_rules``), :mod:`.layout` (maps and autotiling),
:mod:`.styleref` (style tiles), :mod:`.spec` (reading requests).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pixelkiln.engine.style import Style
from pixelkiln.engine.tiles_pro.building import KIT, Kit, kit_masks
from pixelkiln.engine.tiles_pro.geometry import (
    Geometry,
    build_geometry,
    depth_for,
    face_height,
    snap_width,
)
from pixelkiln.engine.tiles_pro.ground import GroundSet
from pixelkiln.engine.tiles_pro.painter import Painter, as_spec
from pixelkiln.engine.tiles_pro.rules import COAST_MASKS, ROAD_MASKS, tile_rules
from pixelkiln.engine.tiles_pro.spec import (
    DEFAULT_GROUND,
    BuildingSpec,
    Plan,
    SpecError,
    TilesProSpec,
    default_count,
    default_partner,
    make_plan,
    parse_items,
    path_spec,
    split_road,
    split_transition,
)
from pixelkiln.engine.tiles_pro.styleref import apply_footprint, match_style
from pixelkiln.engine.tiles_pro.variations import render_items, render_variations

__all__ = [
    "BuildingSpec",
    "Plan",
    "SpecError",
    "TileSet",
    "TilesProSpec",
    "make_plan",
    "render_tiles_pro",
]


@dataclass(frozen=True)
class TileSet:
    """A finished Pro tile set.

    ``offset`` is where a tile's canvas sits relative to its ground cell (building kit
    tiles are taller than the ground, and oblique walls lean left), for placing tiles
    on a map with :func:`.layout.compose`.
    """

    kind: str
    tiles: list[np.ndarray]
    masks: list[int | None]
    rules: dict[str, Any] | None
    geometry: Geometry
    names: list[str] = field(default_factory=list)
    offset: tuple[int, int] = (0, 0)
    #: Ground sets: each tile's top-pixel classes (1 = first terrain, 0 = second, -1 off).
    classes: list[np.ndarray] | None = None


def _painter(spec: TilesProSpec, style: Style, outline: bool, **kw: Any) -> Painter:
    cap = spec.flat_top if spec.flat_top is not None else 4
    width = snap_width(spec.tile_type, spec.tile_size)
    face_h = face_height(spec.tile_type, width, cap)
    depth = depth_for(face_h, spec.tile_view, spec.view_angle, spec.depth_ratio, spec.tile_height)
    geom = build_geometry(spec.tile_type, width, depth, cap, spec.lean)
    return Painter(geom, spec.seed, style, outline=outline, **kw)


def _plain(spec: TilesProSpec, painter: Painter) -> TileSet:
    items = parse_items(spec.description)
    if items:
        tiles = render_items(painter, items)
    else:
        tiles = render_variations(painter, spec.description, default_count(spec.tile_size))
    return TileSet(
        "tiles",
        tiles,
        [None] * len(tiles),
        None,
        painter.geom,
        names=[f"variation_{i}" for i in range(len(tiles))],
    )


def _roads(spec: TilesProSpec, painter: Painter) -> TileSet:
    path_text, ground_text = split_road(spec.description)
    ground_text = ground_text or DEFAULT_GROUND
    path = path_spec(path_text)
    gs = GroundSet(painter, "paths", path, as_spec(ground_text))
    painted = [gs.tile(m) for m in ROAD_MASKS] + [gs.plain(0), gs.plain(1)]
    masks: list[int | None] = [*ROAD_MASKS, None, None]
    rules = tile_rules("edge", 4, "same", (path_text, ground_text), masks)
    names = [f"road_{m}" for m in ROAD_MASKS] + ["ground", "ground_variation"]
    return TileSet(
        "paths",
        [p.rgba for p in painted],
        masks,
        rules,
        painter.geom,
        names,
        classes=[p.classes for p in painted],
    )


def _terrain(spec: TilesProSpec, painter: Painter) -> TileSet:
    first_text, second_text = split_transition(spec.description)
    first = as_spec(first_text)
    second_text = second_text or default_partner(first)
    hexes = spec.tile_type in ("hex", "hex_pointy")
    kind = "coastline" if hexes else "tileset"
    gs = GroundSet(painter, kind, first, as_spec(second_text))
    masks = list(COAST_MASKS) if hexes else list(range(16))
    painted = [gs.tile(m) for m in masks]
    rules = tile_rules(
        "edge" if hexes else "corner",
        6 if hexes else 4,
        "other",
        (first_text, second_text),
        list(masks),
    )
    names = [f"{kind}_{m}" for m in masks]
    return TileSet(
        kind,
        [p.rgba for p in painted],
        list(masks),
        rules,
        painter.geom,
        names,
        classes=[p.classes for p in painted],
    )


def _building(spec: TilesProSpec, painter: Painter) -> TileSet:
    kit = Kit(painter, spec.description, spec.building, spec.tile_view)
    masks = kit_masks()
    rules = tile_rules("edge", 4, "same", ("wall", "floor"), masks)
    return TileSet(
        "building",
        kit.tiles(),
        masks,
        rules,
        painter.geom,
        names=[n for n, _ in KIT],
        offset=(-kit.height, -kit.proj.left),
    )


def render_tiles_pro(
    spec: TilesProSpec,
    style_images: list[np.ndarray] | None = None,
    style_options: dict[str, bool] | None = None,
) -> TileSet:
    """Draw a Pro tile set (see the module docstring)."""
    if style_images and spec.feature is not None:
        msg = (
            "connectable features (roads, tileset, building) cannot be combined with "
            "style tiles (style_images)"
        )
        raise SpecError("tile_feature", msg)
    if style_images:
        opts = {"color_palette": True, "detail": True, "outline": True, "shading": True}
        opts.update(style_options or {})
        match = match_style(style_images, seed=spec.seed, **opts)
        styled = TilesProSpec(
            description=spec.description,
            tile_type=match.tile_type,
            tile_size=match.width,
            tile_height=face_height(match.tile_type, match.width, match.flat_top) + match.depth,
            flat_top=match.flat_top,
            outline_mode=spec.outline_mode,
            seed=spec.seed,
        )
        outline = match.outline if match.outline is not None else spec.outline_mode == "outline"
        painter = _painter(
            styled, match.style, outline, reference=match.reference, palette=match.palette
        )
        result = _plain(styled, painter)
        tiles = [painter.finish(apply_footprint(t, match)) for t in result.tiles]
        return TileSet("tiles", tiles, result.masks, None, result.geometry, result.names)
    make_plan(spec)
    painter = _painter(spec, Style(), spec.outline_mode == "outline")
    if spec.feature is None:
        return _plain(spec, painter)
    if spec.feature == "roads":
        return _roads(spec, painter)
    if spec.feature == "tileset":
        return _terrain(spec, painter)
    return _building(spec, painter)
