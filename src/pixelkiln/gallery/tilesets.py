"""Gallery section "tilesets": sheets and maps painted with them, standard and Pro, a
tall-wall set, the Pro border controls at low and high, and a sidescroller level.

Maps are painted tile by tile from a smooth random corner field, exactly as a game's
autotiler would place the tiles, so any seam would show here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.wang import Shape, SideParams, SideSet, TerrainSpec, TopDownParams, TopDownSet
from pixelkiln.engine.wang.layouts import sheet_grid
from pixelkiln.engine.wang.maps import (
    cell_variants,
    paint,
    random_map,
    repair_tallwall,
    tallwall_labels,
)
from pixelkiln.engine.wang.topdown import relief_of
from pixelkiln.exports.sheet import assemble_sheet

__all__ = ["NAME", "PAIRS", "TITLE", "build"]

NAME = "tilesets"
TITLE = "Tilesets"

#: (lower, upper, transition) descriptions; sets with a transition use transition_size
#: 0.5. A soft terrain over a liquid is a ``shore``, rock over anything a
#: ``cliff``, the rest a low ``ledge``.
PAIRS = (
    ("ocean", "sand", "wet sand with foam"),
    ("grass", "dirt path", "grass with scattered dirt"),
    ("lava", "volcanic rock", "ash and embers"),
    ("snow", "ice", ""),
    ("deep water", "grass", "sand"),
    ("dirt", "cobblestone", "gravel"),
)
_PRO = Shape(roundness=0.75, amplitude=0.45, raggedness=0.3, seed=7)
_STD = Shape(roundness=0.75, amplitude=0.3, seed=7)


def _save(path: Path, rgba: np.ndarray, zoom: int) -> None:
    big = np.repeat(np.repeat(rgba, zoom, axis=0), zoom, axis=1)
    path.write_bytes(encode_png(big))


def _topdown(
    lower: str, upper: str, transition: str, tile: int, pro: bool, **kw: object
) -> TopDownSet:
    shape = kw.pop("shape", _PRO if pro else _STD)
    tall = bool(kw.pop("tall_wall", False))
    return TopDownSet(
        TopDownParams(
            lower=TerrainSpec(lower, 11, tile),
            upper=TerrainSpec(upper, 12, tile),
            transition=TerrainSpec(transition, 13, tile) if transition else None,
            tile=tile,
            pro=pro,
            transition_size=float(kw.pop("transition_size", 0.5 if transition else 0.0)),
            tall_wall=tall,
            shape=shape,  # type: ignore[arg-type]
            step_slope=float(kw.pop("step_slope", 0.5)),  # type: ignore[arg-type]
            low_view=bool(kw.pop("low_view", False)),
        )
    )


def _sheet(s: TopDownSet | SideSet, tall: bool = False) -> np.ndarray:
    tiles = s.tiles()
    png = assemble_sheet(
        [rt.rgba for rt in tiles],
        [rt.tile.position for rt in tiles],
        s.params.tile,
        sheet_grid(tall),
    )
    return decode_image(png)


def _map(s: TopDownSet, rows: int, cols: int, seed: int) -> np.ndarray:
    grid = random_map(np.random.default_rng(seed), rows, cols, smooth=1.1, share=0.5)
    return paint([(rt.tile, rt.rgba) for rt in s.tiles()], grid)


def build(out: Path, progress: Callable[[str], None]) -> str:
    md = [
        "Corner-Wang sets: 16 tiles in the native 4x4 order (`wang_N`, N = NW*8 + NE*4 + "
        "SW*2 + SE), and a 12x8 map painted with them from a random corner field. "
        "Standard sets are flat with a hard edge; Pro sets raise the upper terrain, shaded "
        "by what the two terrains are: a *cliff* for rock (lit lip, south face, contact "
        "shadow; lava glows at its foot), a *shore* for soft ground over a liquid (lip, "
        "wet rim, lighter shallows, no shadow on the liquid), a low *ledge* otherwise. "
        "A transition description draws a band of that material between the terrains "
        "(here at `transition_size` 0.5): foam along the water, scattered dirt, embers. "
        "Sheets at 3x, maps at 2x.\n"
    ]
    for i, (lower, upper, transition) in enumerate(PAIRS):
        stem = f"{lower}_{upper}".replace(" ", "_")
        label = f"{lower} / {upper}" + (f" (transition: {transition})" if transition else "")
        relief = relief_of(lower, upper)
        md.append(f"### {label}\n\nPro relief: {relief}.\n")
        md.append("| standard sheet | standard map | Pro sheet | Pro map |\n|---|---|---|---|")
        cells = []
        for pro in (False, True):
            progress(f"tilesets: {stem} {'pro' if pro else 'standard'}")
            s = _topdown(lower, upper, transition, 32, pro)
            kind = "pro" if pro else "standard"
            _save(out / f"{stem}_{kind}_sheet.png", _sheet(s), 3)
            _save(out / f"{stem}_{kind}_map.png", _map(s, 8, 12, 40 + i), 2)
            cells += [f"![]({NAME}/{stem}_{kind}_sheet.png)", f"![]({NAME}/{stem}_{kind}_map.png)"]
        md.append("| " + " | ".join(cells) + " |\n")

    progress("tilesets: transition sizes")
    md.append(
        "### Transition size and tile size\n\n"
        "The ocean / sand Pro set with `transition_size` 0.25 and 0.5, at 32 px and 16 px: "
        "the wet sand widens, the foam and the shallows follow its edge.\n\n"
        "| | 0.25 | 0.5 |\n|---|---|---|"
    )
    for tile, (rows, cols) in ((32, (5, 8)), (16, (8, 12))):
        row = [f"{tile} px"]
        for size in (0.25, 0.5):
            s = _topdown(*PAIRS[0], tile, True, transition_size=size)
            name = f"size_{tile}_{str(size).replace('.', '')}.png"
            _save(out / name, _map(s, rows, cols, 44), 2 if tile == 32 else 3)
            row.append(f"![]({NAME}/{name})")
        md.append("| " + " | ".join(row) + " |")
    md.append("")

    progress("tilesets: tall wall")
    md.append(
        "### Tall wall (Pro, 64 px, transition_size 0.5: 25 tiles)\n\n"
        "A plateau (dry grass) one tile above the ground (grass), its south face a rock "
        "wall. The sheet is 4x8; the last four tiles are the stepped twins.\n"
    )
    wall = _topdown("grass", "dry grass", "rock", 64, True, tall_wall=True)
    _save(out / "tallwall_sheet.png", _sheet(wall, tall=True), 2)
    grid = repair_tallwall(random_map(np.random.default_rng(5), 6, 10, smooth=1.2, share=0.45))
    labels = tallwall_labels(grid)
    variants = cell_variants(labels)
    _save(
        out / "tallwall_map.png",
        paint([(rt.tile, rt.rgba) for rt in wall.tiles()], labels, variants),
        1,
    )
    md.append(f"![]({NAME}/tallwall_sheet.png) ![]({NAME}/tallwall_map.png)\n")

    progress("tilesets: border controls")
    md.append(
        "### Pro border controls, low and high\n\n"
        "Each row changes one control of a grass / dirt path set (32 px) from its low to "
        "its high value; everything else stays at the defaults.\n\n"
        "| control | low | high |\n|---|---|---|"
    )
    controls = (
        (
            "raggedness",
            {"shape": Shape(roundness=0.75, amplitude=0.35, raggedness=0.0, seed=7)},
            {"shape": Shape(roundness=0.75, amplitude=0.35, raggedness=1.0, seed=7)},
        ),
        (
            "roundness",
            {"shape": Shape(roundness=0.0, amplitude=0.2, seed=7)},
            {"shape": Shape(roundness=1.0, amplitude=0.2, seed=7)},
        ),
        (
            "boundary_amplitude",
            {"shape": Shape(amplitude=0.0, seed=7)},
            {"shape": Shape(amplitude=1.0, seed=7)},
        ),
        (
            "boundary_seed",
            {"shape": Shape(amplitude=0.8, seed=1)},
            {"shape": Shape(amplitude=0.8, seed=2)},
        ),
        ("step_slope", {"step_slope": 0.0}, {"step_slope": 1.0}),
        (
            "connect_diagonals",
            {"shape": Shape(connect_diagonals=False, seed=7)},
            {"shape": Shape(connect_diagonals=True, seed=7)},
        ),
        ("view", {"low_view": False}, {"low_view": True}),
    )
    for name, low, high in controls:
        row = [f"`{name}`"]
        for tag, kw in (("low", low), ("high", high)):
            s = _topdown("grass", "dirt path", "", 32, True, **dict(kw))
            grid = random_map(np.random.default_rng(3), 4, 6, smooth=0.0)
            _save(
                out / f"control_{name}_{tag}.png",
                paint([(rt.tile, rt.rgba) for rt in s.tiles()], grid),
                2,
            )
            row.append(f"![]({NAME}/control_{name}_{tag}.png)")
        md.append("| " + " | ".join(row) + " |")
    md.append("")

    progress("tilesets: sidescroller")
    md.append(
        "### Sidescroller (16 px: stone brick platform, moss decoration at 0.5)\n\n"
        "The sheet (air is transparent, shown on sky) and a level strip painted with it.\n"
    )
    side = SideSet(
        SideParams(
            TerrainSpec("stone brick platform", 21, 16),
            TerrainSpec("moss and small green plants", 22, 16),
            16,
            0.5,
        )
    )
    level = np.ones((9, 41), np.int8)
    level[7:, :] = 0
    level[6, 4:11] = 0
    level[5, 6:11] = 0
    level[7:, 14:17] = 1
    level[4, 19:25] = 0
    level[3, 27:31] = 0
    level[2, 27:31] = 0
    level[6, 33:41] = 0
    level[5, 36:41] = 0
    level[4, 38:41] = 0
    strip = paint([(rt.tile, rt.rgba) for rt in side.tiles()], level)
    sky = np.array([124, 178, 226], np.float64)
    for img, fname, zoom in ((_sheet(side), "side_sheet.png", 4), (strip, "side_level.png", 2)):
        a = img[..., 3:4] / 255.0
        rgb = (img[..., :3] * a + sky * (1 - a)).astype(np.uint8)
        opaque = np.concatenate([rgb, np.full((*rgb.shape[:2], 1), 255, np.uint8)], axis=2)
        _save(out / fname, opaque, zoom)
    md.append(f"![]({NAME}/side_sheet.png)\n\n![]({NAME}/side_level.png)\n")
    return "\n".join(md)
