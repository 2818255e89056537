"""Gallery section "isometric": every shape and outline mode for a dozen descriptions, the
16 px grid, image-to-image and a forced palette, and a small island built from the tiles.

Sheets are shown on a dark backdrop (the tiles themselves are transparent) and enlarged
with nearest-neighbour scaling, so a stray pixel or a broken 2:1 edge shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from pixelkiln.engine.isometric import IsoTile, render_isometric_tile
from pixelkiln.engine.isometric.scene import Placement, compose
from pixelkiln.engine.style import Style
from pixelkiln.gallery.sheets import Sheet, save

__all__ = ["DESCRIPTIONS", "NAME", "TITLE", "build", "island"]

NAME = "isometric"
TITLE = "Isometric tiles"

SEED = 11
DESCRIPTIONS = (
    "grass on top of dirt",
    "stone",
    "sand block",
    "snow over rock",
    "water",
    "lava",
    "brick",
    "wood planks",
    "ice",
    "moss on stone",
    "cobblestone",
    "crystal",
)
SHAPES = ("thin tile", "thick tile", "block")
OUTLINE_MODES = ("lineless", "single color outline", "selective outline")
_BG = (34, 34, 40)
_INK = (225, 225, 230)
_LABEL = 14
_SHEET = Sheet(_BG, _INK, label=_LABEL)


def _table(
    headers: Sequence[str], rows: Sequence[tuple[str, Sequence[Image.Image]]], pad: int = 8
) -> Image.Image:
    """Images in rows under column headers, each row named on its left."""
    cw = max(im.width for _, ims in rows for im in ims)
    ch = max(im.height for _, ims in rows for im in ims)
    left = 84
    width = left + len(headers) * (cw + pad) + pad
    height = _LABEL + pad + len(rows) * (ch + pad) + pad
    sheet = Image.new("RGB", (width, height), _BG)
    draw = ImageDraw.Draw(sheet)
    font = _SHEET.font
    for j, text in enumerate(headers):
        draw.text((left + pad + j * (cw + pad), pad), text, fill=_INK, font=font)
    for i, (name, images) in enumerate(rows):
        y = _LABEL + pad + pad + i * (ch + pad)
        draw.text((pad, y + ch // 2 - 6), name, fill=_INK, font=font)
        for j, im in enumerate(images):
            sheet.paste(im, (left + pad + j * (cw + pad), y))
    return sheet


def _tile(
    description: str,
    shape: str = "block",
    canvas: int = 32,
    grid: int = 32,
    outline: str = "lineless",
    **kw: object,
) -> IsoTile:
    return render_isometric_tile(
        description,
        (canvas, canvas),
        grid,
        shape,
        seed=SEED,
        style=Style(outline=outline),
        **kw,  # type: ignore[arg-type]
    )


def _header(desc: str) -> str:
    """A column header short enough for a 16 px tile at 4x: "grass/dirt", "planks"."""
    words = desc.split(" ")
    if len(words) > 2:
        return f"{words[0]}/{words[-1]}"
    return {"sand block": "sand", "wood planks": "planks", "cobblestone": "cobble"}.get(desc, desc)


def shapes_sheet(zoom: int = 3) -> Image.Image:
    """Each description as thin tile, thick tile and block (32 px canvas and grid)."""
    rows = [
        (shape, [_SHEET.on_backdrop(_tile(desc, shape).rgba, zoom) for desc in DESCRIPTIONS])
        for shape in SHAPES
    ]
    return _table([_header(d) for d in DESCRIPTIONS], rows)


def outlines_sheet(zoom: int = 3) -> Image.Image:
    """Each description as a block in the three outline modes."""
    names = {
        "lineless": "lineless",
        "single color outline": "single color",
        "selective outline": "selective",
    }
    rows = [
        (names[mode], [_SHEET.on_backdrop(_tile(d, outline=mode).rgba, zoom) for d in DESCRIPTIONS])
        for mode in OUTLINE_MODES
    ]
    return _table([_header(d) for d in DESCRIPTIONS], rows)


def small_grid_sheet(zoom: int = 4) -> Image.Image:
    """The 16 px grid on a 16 px canvas: thin, thick, block (selective outline)."""
    rows = []
    for shape in SHAPES:
        tiles = [
            _tile(d, shape, canvas=16, grid=16, outline="selective outline") for d in DESCRIPTIONS
        ]
        rows.append((shape, [_SHEET.on_backdrop(t.rgba, zoom) for t in tiles]))
    return _table([_header(d) for d in DESCRIPTIONS], rows)


def img2img_sheet(zoom: int = 4) -> Image.Image:
    """An init image at rising strengths, and palettes forced from a colour image."""
    yy, xx = np.mgrid[:32, :32]
    init = np.zeros((32, 32, 4), np.uint8)
    disc = (yy - 18) ** 2 + (xx - 15) ** 2 < 13**2
    init[disc] = (196, 52, 48, 255)
    init[disc & (yy < 14)] = (236, 196, 72, 255)
    init[disc & (xx > 20)] = (112, 28, 64, 255)
    cells = [("init image", _SHEET.on_backdrop(init, zoom))]
    for strength in (100, 300, 500, 800, 999):
        tile = _tile("grass on top of dirt", init_image=init, init_strength=strength / 1000)
        cells.append((f"strength {strength}", _SHEET.on_backdrop(tile.rgba, zoom)))
    palettes = {
        "4-colour green": ((15, 56, 15), (48, 98, 48), (139, 172, 15), (155, 188, 15)),
        "6-colour dusk": (
            (26, 28, 44),
            (93, 39, 93),
            (177, 62, 83),
            (239, 125, 87),
            (255, 205, 117),
            (41, 54, 111),
        ),
    }
    for name, colors in palettes.items():
        tile = _tile("grass on top of dirt", palette=np.array(colors, np.uint8))
        cells.append((name, _SHEET.on_backdrop(tile.rgba, zoom)))
    return _SHEET.cells(cells, cols=len(cells), pad=8)


#: Height of each cell of the island: 0 water, 1 beach, 2 meadow, 3 hill, 4 peak.
ISLAND = np.array(
    [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 1, 1, 0, 0, 0],
        [0, 1, 2, 2, 2, 1, 1, 0],
        [0, 1, 2, 3, 3, 2, 1, 0],
        [0, 1, 2, 3, 4, 2, 1, 0],
        [0, 1, 2, 2, 2, 2, 1, 0],
        [0, 0, 1, 1, 2, 1, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
    ]
)
_SURFACE = {1: "sand block", 2: "grass on top of dirt", 3: "moss on stone", 4: "snow over rock"}
_FILL = {1: "sand block", 2: "dirt", 3: "stone", 4: "rock"}


def island(heights: np.ndarray = ISLAND, grid: int = 32) -> np.ndarray:
    """A little island: thin water tiles around blocks stacked to each cell's height.

    Every level is one block high (its side height, ``grid / 2`` on a ``grid`` canvas);
    the surface block of a column carries that level's top material, the blocks under
    it its fill. Tiles are placed with the grid math and drawn back to front.
    """
    cache: dict[tuple[str, str], IsoTile] = {}

    def get(desc: str, shape: str) -> IsoTile:
        if (desc, shape) not in cache:
            cache[desc, shape] = _tile(desc, shape, canvas=grid, grid=grid)
        return cache[desc, shape]

    step = grid // 2
    placements = []
    for gy, row in enumerate(heights):
        for gx, h in enumerate(row):
            if h == 0:
                placements.append(Placement(gx, gy, get("water", "thin tile")))
                continue
            for z in range(int(h)):
                desc = _SURFACE[int(h)] if z == h - 1 else _FILL[min(z + 1, 4)]
                # Beach sits a few pixels above the water; each level adds a block.
                placements.append(Placement(gx, gy, get(desc, "block"), lift=3 + z * step))
    return compose(placements)


def build(out: Path, progress: Callable[[str], None] = lambda _: None) -> str:
    """Write the sheets and the island; return the section's Markdown."""
    progress("isometric: shapes")
    save(shapes_sheet(), out / "shapes.png")
    progress("isometric: outlines")
    save(outlines_sheet(), out / "outlines.png")
    progress("isometric: 16 px grid")
    save(small_grid_sheet(), out / "grid16.png")
    progress("isometric: init image and palettes")
    save(img2img_sheet(), out / "img2img.png")
    progress("isometric: island")
    save(_SHEET.on_backdrop(island(), 3), out / "island.png")
    rel = out.name
    return "\n".join(
        [
            "A dozen descriptions as `thin tile`, `thick tile` and `block` (32 px canvas, "
            "`isometric_tile_size` 32, `lineless`), shown 3x on grey. Layered descriptions "
            "put the first material on top and the second on the sides, with a lip and a "
            "contact shadow.",
            "",
            f"![shapes]({rel}/shapes.png)",
            "",
            "Outline modes, row by row: `lineless`, `single color outline`, "
            "`selective outline` (darker shade of the local material, rim light on the lit "
            "front edge).",
            "",
            f"![outlines]({rel}/outlines.png)",
            "",
            "The 16 px grid on a 16 px canvas (thin, thick, block; selective outline), 4x.",
            "",
            f"![16 px grid]({rel}/grid16.png)",
            "",
            "`init_image` at rising `init_image_strength`, then two forced `color_image` palettes.",
            "",
            f"![init image and palettes]({rel}/img2img.png)",
            "",
            "A small island built from the tiles with the grid placement math "
            "(`x = (gx - gy) * 16`, `y = (gx + gy) * 8`) and one block per height step; the "
            "top faces of neighbouring tiles meet edge to edge and continue each other's "
            "texture.",
            "",
            f"![island]({rel}/island.png)",
            "",
        ]
    )
