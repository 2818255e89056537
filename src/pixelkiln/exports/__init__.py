"""Exports of finished tile sets: the PNG sheet, a Tiled zip and a Godot 4 zip."""

from __future__ import annotations

from pixelkiln.exports.godot import godot_zip, tres_text
from pixelkiln.exports.sheet import ExportSet, ExportTile, assemble_sheet, centre_terrain, file_stem
from pixelkiln.exports.tiled import tiled_zip, tsx_text

__all__ = [
    "ExportSet",
    "ExportTile",
    "assemble_sheet",
    "centre_terrain",
    "file_stem",
    "godot_zip",
    "tiled_zip",
    "tres_text",
    "tsx_text",
]
