"""Godot 4 export: a zip holding the sheet and a ``.tres`` TileSet.

One atlas source over the sheet; one terrain set in mode 1 (Match Corners) with a
terrain per terrain of the set; every tile carries its terrain set, its centre terrain
(mandatory for ``set_cells_terrain_connect``; the majority of its corners,
:func:`~pixelkiln.exports.sheet.centre_terrain`) and the four corner peering bits
(``top_left_corner`` = NW, ``top_right_corner`` = NE, ``bottom_left_corner`` = SW,
``bottom_right_corner`` = SE). Tall-wall ``stepped`` twins get probability 0 (the
painter places the ``closed`` twin; put the stepped one by hand). The texture path is
``res://<stem>.png``: unzip both files at the project root, or edit the path.
"""

from __future__ import annotations

import io
import zipfile

from pixelkiln.exports.sheet import ExportSet, centre_terrain
from pixelkiln.exports.tiled import TERRAIN_COLORS

__all__ = ["godot_zip", "tres_text"]

_PEERING = (
    ("top_left_corner", 0),
    ("top_right_corner", 1),
    ("bottom_left_corner", 2),
    ("bottom_right_corner", 3),
)


def _color(hex_code: str) -> str:
    r, g, b = (int(hex_code[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return f"Color({r:.4g}, {g:.4g}, {b:.4g}, 1)"


def tres_text(es: ExportSet, texture_path: str) -> str:
    """The ``.tres`` document."""
    lines = [
        '[gd_resource type="TileSet" load_steps=3 format=3]',
        "",
        f'[ext_resource type="Texture2D" path="{texture_path}" id="1_sheet"]',
        "",
        '[sub_resource type="TileSetAtlasSource" id="TileSetAtlasSource_1"]',
        'texture = ExtResource("1_sheet")',
        f"texture_region_size = Vector2i({es.tile}, {es.tile})",
    ]
    for t in sorted(es.tiles, key=es.tile_id):
        key = f"{t.position[1]}:{t.position[0]}/0"
        lines.append(f"{key} = 0")
        if t.variant > 0:
            lines.append(f"{key}/probability = 0.0")
        lines.append(f"{key}/terrain_set = 0")
        lines.append(f"{key}/terrain = {centre_terrain(t.corners)}")
        for bit, i in _PEERING:
            lines.append(f"{key}/terrains_peering_bit/{bit} = {t.corners[i]}")
    lines += ["", "[resource]", f"tile_size = Vector2i({es.tile}, {es.tile})"]
    lines.append("terrain_set_0/mode = 1")
    for k, name in enumerate(es.terrains):
        lines.append(f'terrain_set_0/terrain_{k}/name = "{name}"')
        lines.append(f"terrain_set_0/terrain_{k}/color = {_color(TERRAIN_COLORS[k])}")
    lines += ['sources/0 = SubResource("TileSetAtlasSource_1")', ""]
    return "\n".join(lines)


def godot_zip(es: ExportSet, sheet_png: bytes, stem: str) -> bytes:
    """Zip bytes: ``<stem>.png`` and ``<stem>.tres``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in (
            (f"{stem}.png", sheet_png),
            (f"{stem}.tres", tres_text(es, f"res://{stem}.png").encode()),
        ):
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()
