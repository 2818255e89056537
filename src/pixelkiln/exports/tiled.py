"""Tiled export: a zip holding the sheet and a ``.tsx`` tileset with a corner Wang set.

The Wang set is of type ``corner``: each tile's ``wangid`` lists colours in Tiled's order
(top, top-right, right, bottom-right, bottom, bottom-left, left, top-left), corners
only: ``0,NE,0,SE,0,SW,0,NW`` with colour ``terrain + 1`` (TILES.md §2). Tall-wall sets
get a third colour for the wall; their ``stepped`` twins carry ``probability="0"`` so
Tiled's terrain brush places the ``closed`` twin and the stepped one is placed by hand
(Tiled matches corners only, and the twins share theirs).
"""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import quoteattr

from pixelkiln.exports.sheet import ExportSet

__all__ = ["TERRAIN_COLORS", "tiled_zip", "tsx_text", "wangid"]

TERRAIN_COLORS = ("#3f72c8", "#d9b95f", "#7c5a3c")


def wangid(corners: tuple[int, int, int, int]) -> str:
    nw, ne, sw, se = (c + 1 for c in corners)
    return f"0,{ne},0,{se},0,{sw},0,{nw}"


def tsx_text(es: ExportSet, image_file: str) -> str:
    """The ``.tsx`` document."""
    width, height = es.image_size
    pure = dict.fromkeys(range(len(es.terrains)), -1)
    for t in es.tiles:
        if len(set(t.corners)) == 1 and pure[t.corners[0]] == -1:
            pure[t.corners[0]] = es.tile_id(t)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name={quoteattr(es.name)} '
        f'tilewidth="{es.tile}" tileheight="{es.tile}" tilecount="{es.rows * es.cols}" '
        f'columns="{es.cols}">',
        f' <image source={quoteattr(image_file)} width="{width}" height="{height}"/>',
    ]
    for t in es.tiles:
        if t.variant > 0:
            lines.append(f' <tile id="{es.tile_id(t)}" probability="0"/>')
    lines.append(" <wangsets>")
    centre = pure.get(1, -1)
    lines.append(f'  <wangset name={quoteattr(es.name)} type="corner" tile="{centre}">')
    for k, name in enumerate(es.terrains):
        lines.append(
            f'   <wangcolor name={quoteattr(name)} color="{TERRAIN_COLORS[k]}" '
            f'tile="{pure[k]}" probability="1"/>'
        )
    for t in sorted(es.tiles, key=es.tile_id):
        lines.append(f'   <wangtile tileid="{es.tile_id(t)}" wangid="{wangid(t.corners)}"/>')
    lines += ["  </wangset>", " </wangsets>", "</tileset>", ""]
    return "\n".join(lines)


def tiled_zip(es: ExportSet, sheet_png: bytes, stem: str) -> bytes:
    """Zip bytes: ``<stem>.png`` and ``<stem>.tsx``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        _write(z, f"{stem}.png", sheet_png)
        _write(z, f"{stem}.tsx", tsx_text(es, f"{stem}.png").encode())
    return buf.getvalue()


def _write(z: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))  # fixed: same bytes
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data)
