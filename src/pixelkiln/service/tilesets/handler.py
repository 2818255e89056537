"""The ``tileset`` job: draw a top-down or sidescroller set from its payload.

The payload carries resolved terrain specs (connected terrains included), so the worker
only draws. The result holds every tile (inline base64 PNG, corners, ``pattern_4x4``,
sheet position) and the metadata; the sheet PNG is stored as the ``sheet`` file.
"""

from __future__ import annotations

import base64
from typing import Any

from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.reading import read_description
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wang import (
    RenderedTile,
    Shape,
    SideParams,
    SideSet,
    TerrainSpec,
    TopDownParams,
    TopDownSet,
)
from pixelkiln.engine.wang.corners import LOWER, UPPER, corner_words
from pixelkiln.engine.wang.layouts import sheet_grid
from pixelkiln.exports.sheet import assemble_sheet
from pixelkiln.jobs.types import JobContext, JobOutput

__all__ = ["run_tileset", "standard_shape", "wall_material"]

_WALL_MATERIALS = {"snow": "ice", "ice": "ice", "sand": "sandstone rock", "wet sand": "clay"}


def standard_shape(shape_style: str | None, seed: int) -> Shape:
    """A standard set's boundary: round, square, or (no style) gently organic."""
    if shape_style == "square":
        return Shape(roundness=0.0, amplitude=0.0, seed=seed)
    if shape_style == "round":
        return Shape(roundness=1.0, amplitude=0.15, seed=seed)
    return Shape(roundness=0.75, amplitude=0.3, seed=seed)


def wall_material(upper: TerrainSpec) -> str:
    """The wall face of a tall-wall set without a transition description."""
    material = parse_description(upper.description).material
    return _WALL_MATERIALS.get(material, "rock cliff")


def _tile_json(rt: RenderedTile, tile_id: str) -> dict[str, Any]:
    d = rt.tile
    return {
        "id": tile_id,
        "name": d.name,
        "image": {
            "type": "base64",
            "base64": base64.b64encode(encode_png(rt.rgba)).decode("ascii"),
            "format": "png",
        },
        "corners": corner_words(d.corners),
        "pattern_4x4": d.pattern,
        "original_position": {"row": d.position[0], "col": d.position[1]},
        "description": d.description,
        "connections": None,
        "variant": d.variant,
    }


def _tile_id(rt: RenderedTile, ids: dict[str, str]) -> str:
    c = set(rt.tile.corners)
    if c == {LOWER} and "lower" in ids:
        return ids["lower"]
    if c == {UPPER} and "upper" in ids:
        return ids["upper"]
    name = rt.tile.name
    return name.removeprefix("wang_") if name.startswith("wang_") else name


def _output(
    payload: dict[str, Any],
    tiles: list[RenderedTile],
    terrain_types: list[str],
    edge_types: list[str],
    transition_size: float,
    view: str,
    tall: bool,
) -> JobOutput:
    t = int(payload["tile"])
    ids = dict(payload["terrain_ids"])
    grid = sheet_grid(tall)
    sheet = assemble_sheet([rt.rgba for rt in tiles], [rt.tile.position for rt in tiles], t, grid)
    result = {
        "kind": payload["kind"],
        "grid": list(grid),
        "tall_wall": tall,
        "tileset": {
            "total_tiles": len(tiles),
            "tile_size": {"width": t, "height": t},
            "terrain_types": terrain_types,
            "tiles": [_tile_json(rt, _tile_id(rt, ids)) for rt in tiles],
        },
        "metadata": {
            "edge_types": edge_types,
            "terrain_prompts": dict(payload["prompts"]),
            "terrain_ids": ids,
            "transition_size": transition_size,
            "view": view,
            "generation_parameters": dict(payload["generation_parameters"]),
        },
        # What each terrain's description was understood as (and what was not).
        "reading": {
            name: read_description(text, "tileset").as_dict()
            for name, text in dict(payload["prompts"]).items()
            if isinstance(text, str) and text.strip()
        },
    }
    return JobOutput(
        result=result,
        files={"sheet": sheet},
        last_response={
            "status": "completed",
            "total_tiles": len(tiles),
            "kind": payload["kind"],
            "reading": result["reading"],
        },
    )


def _topdown(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    seed = int(payload["seed"])
    terr = payload["terrains"]
    lower, upper = TerrainSpec.from_json(terr["lower"]), TerrainSpec.from_json(terr["upper"])
    transition = TerrainSpec.from_json(terr["transition"]) if terr.get("transition") else None
    tall = bool(payload["tall_wall"])
    if tall and transition is None:
        transition = TerrainSpec(
            description=wall_material(upper),
            seed=derive_seed(seed, "wall"),
            tile=upper.tile,
            outline=upper.outline,
            shading=upper.shading,
            detail=upper.detail,
            palette=upper.palette,
        )
    pro = payload["mode"] == "pro"
    border = payload["border"]
    boundary_seed = border.get("boundary_seed")
    shape_seed = int(boundary_seed) if boundary_seed is not None else derive_seed(seed, "boundary")
    if pro:
        shape = Shape(
            roundness=float(border["roundness"]),
            amplitude=float(border["boundary_amplitude"]),
            raggedness=float(border["raggedness"]),
            seed=shape_seed,
            connect_diagonals=bool(border["connect_diagonals"]),
        )
    else:
        shape = standard_shape(payload.get("shape_style"), shape_seed)
    params = TopDownParams(
        lower=lower,
        upper=upper,
        transition=transition,
        tile=int(payload["tile"]),
        pro=pro,
        transition_size=0.0 if tall else float(payload["transition_size"]),
        tall_wall=tall,
        shape=shape,
        step_slope=float(border["step_slope"]) if pro else 0.0,
        low_view=payload["view"] == "low top-down",
        outline=str(payload["outline"]),
        palette=tuple(payload["palette"]),
    )
    ctx.progress(0.1)
    tileset = TopDownSet(params)
    ctx.progress(0.4)
    tiles = tileset.tiles()
    ctx.progress(0.9)
    types = ["lower", "upper", "transition"] if tall else ["lower", "upper"]
    ts = 1.0 if tall else float(payload["transition_size"])
    return _output(payload, tiles, types, list(types), ts, str(payload["view"]), tall)


def _sidescroller(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    terr = payload["terrains"]
    deco = TerrainSpec.from_json(terr["transition"]) if terr.get("transition") else None
    params = SideParams(
        platform=TerrainSpec.from_json(terr["lower"]),
        decoration=deco,
        tile=int(payload["tile"]),
        transition_size=float(payload["transition_size"]),
        palette=tuple(payload["palette"]),
    )
    ctx.progress(0.2)
    tiles = SideSet(params).tiles()
    ctx.progress(0.9)
    return _output(
        payload, tiles, ["central", "background"], ["lower", "upper"], 0.0, "side", False
    )


def run_tileset(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job handler of kind ``tileset`` (top-down and sidescroller sets)."""
    if payload.get("kind") == "sidescroller":
        return _sidescroller(payload, ctx)
    return _topdown(payload, ctx)
