"""Reading, listing, deleting and exporting tilesets (both kinds)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pixelkiln.engine.imageio import decode_image
from pixelkiln.errors import InvalidRequest
from pixelkiln.exports import (
    ExportSet,
    ExportTile,
    assemble_sheet,
    file_stem,
    godot_zip,
    tiled_zip,
)
from pixelkiln.service.accounts import Auth
from pixelkiln.service.assets import (
    AssetView,
    Prepared,
    delete_asset,
    get_done_asset,
    list_assets,
    read_prepared,
)
from pixelkiln.service.tilesets.submit import FAMILY_SIDE, FAMILY_TOPDOWN

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "BOTH",
    "FORMATS",
    "Export",
    "delete_tileset",
    "export_tileset",
    "get_tileset",
    "list_tilesets",
    "read_tileset",
    "summary",
    "tileset_body",
]

BOTH = (FAMILY_TOPDOWN, FAMILY_SIDE)
FORMATS = ("json", "png", "tiled", "godot")
_CODE = {"lower": 0, "upper": 1, "transition": 2}


@dataclass(frozen=True)
class Export:
    data: bytes
    media_type: str
    filename: str


def _families(sidescroller_only: bool) -> tuple[str, ...]:
    return (FAMILY_SIDE,) if sidescroller_only else BOTH


def get_tileset(
    ctx: Container, auth: Auth, tileset_id: str, sidescroller_only: bool = False
) -> AssetView:
    """A finished tileset of the caller (423 while drawing, 410 if it failed)."""
    return get_done_asset(ctx, auth, tileset_id, _families(sidescroller_only), "Tileset")


def read_tileset(
    ctx: Container,
    auth: Auth,
    tileset_id: str,
    render: Callable[[AssetView], bytes],
    sidescroller_only: bool = False,
) -> Prepared:
    """A finished tileset's JSON answer as ``render`` encodes it, encoded once."""
    fams = _families(sidescroller_only)
    return read_prepared(ctx, auth, tileset_id, fams, "Tileset", "tileset", render)


def tileset_body(view: AssetView, created_at: str) -> dict[str, Any]:
    """The ``TilesetResponse`` body of a finished tileset."""
    result = view.result or {}
    side = view.family == FAMILY_SIDE
    tiles = [{k: v for k, v in t.items() if k != "variant"} for t in result["tileset"]["tiles"]]
    return {
        "id": view.id,
        "status": "completed",
        "tileset": {**result["tileset"], "tiles": tiles},
        "metadata": {**result["metadata"], "created_at": created_at},
        "usage": None if side else {"type": "generations", "generations": view.billed},
    }


def list_tilesets(
    ctx: Container, auth: Auth, limit: int, offset: int, sidescroller_only: bool = False
) -> tuple[list[AssetView], int]:
    return list_assets(ctx, auth, _families(sidescroller_only), limit, offset)


def summary(view: AssetView, created_at: str) -> dict[str, Any]:
    """A list item for either list endpoint."""
    p = view.params
    side = view.family == FAMILY_SIDE
    return {
        "id": view.id,
        "kind": "sidescroller" if side else "top-down",
        "name": view.name,
        "lower_description": p.get("lower_description", ""),
        "upper_description": "transparent air" if side else p.get("upper_description", ""),
        "transition_description": p.get("transition_description") or None,
        "tile_size": p.get("tile_size"),
        "view": p.get("view"),
        "mode": None if side else p.get("mode"),
        "created_at": created_at,
        "status": view.status,
    }


def delete_tileset(
    ctx: Container, auth: Auth, tileset_id: str, sidescroller_only: bool = False
) -> None:
    delete_asset(ctx, auth, tileset_id, _families(sidescroller_only), "Tileset")


def _export_set(view: AssetView) -> tuple[ExportSet, list[Any]]:
    result = view.result or {}
    data = result["tileset"]
    rows, cols = result["grid"]
    tiles, images = [], []
    for t in data["tiles"]:
        c = t["corners"]
        tiles.append(
            ExportTile(
                name=t["name"],
                position=(t["original_position"]["row"], t["original_position"]["col"]),
                corners=tuple(_CODE[c[k]] for k in ("NW", "NE", "SW", "SE")),  # type: ignore[arg-type]
                variant=int(t.get("variant", 0)),
            )
        )
        images.append(decode_image(base64.b64decode(t["image"]["base64"])))
    es = ExportSet(
        name=file_stem(view.name or "tileset"),
        tile=int(data["tile_size"]["width"]),
        rows=int(rows),
        cols=int(cols),
        terrains=tuple(result["metadata"]["edge_types"]),
        tiles=tuple(tiles),
    )
    return es, images


def export_tileset(view: AssetView, fmt: str) -> Export:
    """The set as a PNG sheet, a Tiled zip or a Godot zip."""
    if fmt not in FORMATS or fmt == "json":
        raise InvalidRequest(("query", "format"), f"format must be one of {', '.join(FORMATS)}")
    es, images = _export_set(view)
    sheet = assemble_sheet(images, [t.position for t in es.tiles], es.tile, (es.rows, es.cols))
    stem = f"{es.name}_{view.id[:8]}"
    if fmt == "png":
        return Export(sheet, "image/png", f"{stem}.png")
    if fmt == "tiled":
        return Export(tiled_zip(es, sheet, stem), "application/zip", f"{stem}_tiled.zip")
    return Export(godot_zip(es, sheet, stem), "application/zip", f"{stem}_godot.zip")
