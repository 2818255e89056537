"""Gallery section "materials": every material as a seamless tile, and the style knobs.

Each tile is shown repeated 3x3 and enlarged with nearest-neighbour scaling, so a seam,
static or banding would show at once. The style matrix crosses outline x shading for a
few materials, with a detail strip under it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

from pixelkiln.engine.lexicon import MATERIAL_KEYS
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.quality import texture_report, tiling_limits
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.style import DETAILS, OUTLINES, SHADINGS, Style
from pixelkiln.engine.text import parse_description
from pixelkiln.gallery.sheets import Sheet, save, zoom_up

__all__ = ["NAME", "TITLE", "build", "contact_sheet", "palette_panel", "style_matrix"]

NAME = "materials"
TITLE = "Materials"

SEED = 7
STYLE_MATERIALS = ("cobblestone", "grass with small flowers", "brick", "lava")
DESCRIPTIONS = (
    "verdant meadow",
    "molten rock",
    "frozen lake",
    "mossy ruins",
    "cracked grey cobblestone with moss",
    "dark wet mud with puddles",
    "golden sand with shells",
    "rusty iron plates",
)
_SHORT = {
    "single color black outline": "black",
    "single color outline": "single",
    "selective outline": "selective",
    "lineless": "lineless",
}
_BG = (24, 24, 28)
_INK = (225, 225, 230)
_LABEL = 14
_SHEET = Sheet(_BG, _INK, label=_LABEL)


def _tiled(rgba: np.ndarray, repeat: int, zoom: int) -> Image.Image:
    tiled = np.tile(rgba[..., :3], (repeat, repeat, 1))
    return zoom_up(tiled, zoom)


def contact_sheet(size: int, repeat: int = 3, zoom: int = 2, cols: int = 6) -> Image.Image:
    """Every material at ``size`` px, each tile repeated ``repeat`` x ``repeat``."""
    cells = []
    for key in MATERIAL_KEYS:
        tex = render_material(key, size, SEED)
        cells.append((key, _tiled(tex.rgba, repeat, zoom)))
    return _SHEET.cells(cells, cols, labels=True)


def style_matrix(description: str, size: int = 32) -> Image.Image:
    """Outline (rows) x shading (columns) at medium detail, then one row per detail."""
    cells = []
    for outline in OUTLINES:
        for shading in SHADINGS:
            tex = render_material(description, size, SEED, Style(outline, shading))
            label = f"{_SHORT[outline]} / {shading.split()[0]}"
            cells.append((label, _tiled(tex.rgba, 2, 2)))
    for detail in DETAILS:
        tex = render_material(description, size, SEED, Style(detail=detail))
        cells.append((detail, _tiled(tex.rgba, 2, 2)))
    return _SHEET.cells(cells, len(SHADINGS), labels=True)


# PICO-8's 16 colours (Lexaloffle), a common forced palette.
PICO8 = np.array(
    [[int(h[i : i + 2], 16) for i in (0, 2, 4)] for h in (
        "000000 1d2b53 7e2553 008751 ab5236 5f574f c2c3c7 fff1e8 "
        "ff004d ffa300 ffec27 00e436 29adff 83769c ff77a8 ffccaa"
    ).split()],
    np.uint8,
)  # fmt: skip


def palette_panel(size: int = 32) -> Image.Image:
    """Materials as drawn, forced onto PICO-8 (``color_image``), and steered by a
    reference image (``*_reference_image``: here the lava tile)."""
    reference = Reference.from_image(render_material("lava", size, SEED).rgba, SEED)
    cells = []
    for key in ("grass", "cobblestone", "deep water", "brick"):
        cells.append((key, _tiled(render_material(key, size, SEED).rgba, 2, 2)))
        forced = render_material(key, size, SEED, palette=PICO8)
        cells.append(("PICO-8", _tiled(forced.rgba, 2, 2)))
        steered = render_material(key, size, SEED, reference=reference)
        cells.append(("lava reference", _tiled(steered.rgba, 2, 2)))
    return _SHEET.cells(cells, 6, labels=True)


def _metrics_table(size: int) -> str:
    limits = tiling_limits((size, size))
    rows = [
        "| material | colours | stray px | mean cluster | edge | seam error | detail balance "
        "| largest item | border run | repetition |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for key in MATERIAL_KEYS:
        r = texture_report(render_material(key, size, SEED).rgba)
        rows.append(
            f"| {key} | {r.colors} | {r.orphan:.3f} | {r.mean_cluster:.0f} | {r.edge:.2f} "
            f"| {r.seam_error:.0f} | {r.detail_balance:.2f} | {r.dominant_feature:.2f} "
            f"| {r.border_runs:.2f} | {r.repetition:.2f} |"
        )
    rows.append(
        f"| *gate* | ≤ 12 | < 0.02 | ≥ 16 | | 0 | < {limits['detail_balance']} "
        f"| < {limits['dominant_feature']} | ≤ {limits['border_runs']} "
        f"| < {limits['repetition']} |"
    )
    return "\n".join(rows)


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Write the section's images under ``out`` and return its Markdown."""
    out.mkdir(parents=True, exist_ok=True)
    rel = out.name
    parts = [
        f"{len(MATERIAL_KEYS)} materials, seed {SEED}, default style (lineless, basic "
        "shading, medium detail). Each tile is repeated 3x3 so seams would show.\n",
    ]
    for size, zoom in ((32, 2), (16, 3)):
        progress(f"materials: contact sheet at {size} px")
        save(contact_sheet(size, zoom=zoom), out / f"contact_sheet_{size}.png")
        parts.append(f"### Every material at {size} px\n")
        parts.append(f"![materials at {size} px]({rel}/contact_sheet_{size}.png)\n")

    progress("materials: descriptions")
    cells = []
    lines = ["| description | material | found by | features |", "|---|---|---|---|"]
    for text in DESCRIPTIONS:
        spec = parse_description(text)
        cells.append((text, _tiled(render_material(spec, 32, SEED).rgba, 3, 2)))
        feats = ", ".join(spec.all_features()) or "-"
        lines.append(f"| {text} | {spec.material} | {spec.matched_by} | {feats} |")
    save(_SHEET.cells(cells, 4, labels=True), out / "descriptions.png")
    parts.append("### Descriptions\n")
    parts.append("Words the lexicon lacks go to the sentence-embedding model.\n")
    parts.append("\n".join(lines) + "\n")
    parts.append(f"![descriptions]({rel}/descriptions.png)\n")

    parts.append("### Style matrix\n")
    parts.append(
        "Rows: outline (black, single colour, selective, lineless); columns: shading "
        "(flat, basic, medium, detailed, highly detailed); last row: low, medium, high "
        "detail. Tiles repeated 2x2 at 2x.\n"
    )
    for description in STYLE_MATERIALS:
        progress(f"materials: style matrix for {description}")
        slug = description.split()[0]
        save(style_matrix(description), out / f"styles_{slug}.png")
        parts.append(f"#### {description}\n")
        parts.append(f"![styles of {description}]({rel}/styles_{slug}.png)\n")

    progress("materials: palettes")
    save(palette_panel(), out / "palettes.png")
    parts.append("### Forced palette and reference image\n")
    parts.append(
        "Each material as drawn, then forced onto the 16 PICO-8 colours (every pixel one "
        "of them; shades stay apart where the palette allows), then steered by a reference "
        "(the lava tile): ramp pulled toward its colours, clusters toward its size.\n"
    )
    parts.append(f"![palettes]({rel}/palettes.png)\n")

    progress("materials: metrics")
    parts.append("### Quality numbers at 32 px\n")
    parts.append(
        "The last four are the tiling tells (ART.md §1.7), measured on the torus: how "
        "unevenly detail is spread over a 4x4 grid of blocks, the largest single item "
        "(share of the tile), the longest same-colour run on the border (share of a "
        "side) and the share of the tile's lightness contrast in tile-sized shapes.\n"
    )
    parts.append(_metrics_table(32) + "\n")
    return "\n".join(parts)
