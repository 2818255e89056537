"""Gallery section "reading": a contact sheet of the reading evaluation set.

Every description of ``tests/reading/evaluation.txt`` drawn as its family draws it from the
description alone: terrain descriptions (tilesets, Pro tiles, isometric tiles) as their
16 px material texture tiled 2x2, UI descriptions as a 64x48 panel, each captioned with
the description and the effects, secondary materials or elements read from it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from pixelkiln.engine.materials import render_material
from pixelkiln.engine.reading import read_description
from pixelkiln.engine.ui.compose import PanelSpec, render_panel

__all__ = ["EVALUATION", "NAME", "TITLE", "build"]

NAME = "reading"
TITLE = "Descriptions read in full"
EVALUATION = Path(__file__).resolve().parents[3] / "tests" / "reading" / "evaluation.txt"

_BG = (24, 24, 28)
_INK = (225, 225, 230)
_DIM = (150, 150, 160)
_COLS = 8
_CELL_W = 150
_CAPTION = 26  # two caption lines under each picture
_ZOOM = 2
_SEED = 11


def _cases() -> list[tuple[str, str]]:
    out = []
    for line in EVALUATION.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            family, text, _ = (p.strip() for p in line.split("|", 2))
            out.append((family, text))
    return out


def _picture(family: str, text: str) -> np.ndarray:
    if family == "ui":
        return render_panel(PanelSpec(description=text, width=64, height=48, seed=_SEED)).rgba
    tile = render_material(text, 16, _SEED).rgba
    return np.tile(tile, (2, 2, 1))


def _caption(family: str, text: str) -> str:
    found = read_description(text, family)
    if family == "ui":
        parts = [f"{k} x{n}" for k, n in found.elements]
        return ", ".join(([found.container] if found.container else []) + parts)
    parts = [found.base, *found.effects, *(s.removeprefix("patch:") for s in found.secondary)]
    if found.top:
        parts.append(f"top {found.top}")
    if found.unread:
        parts.append("?" + ",".join(found.unread))
    return " ".join(parts)


def _sheet(items: list[tuple[str, str]]) -> Image.Image:
    rows = (len(items) + _COLS - 1) // _COLS
    pictures = [_picture(family, text) for family, text in items]
    cell_h = max(p.shape[0] for p in pictures) * _ZOOM + 4 + _CAPTION
    sheet = Image.new("RGB", (_COLS * _CELL_W, rows * cell_h), _BG)
    draw = ImageDraw.Draw(sheet)
    for i, ((family, text), rgba) in enumerate(zip(items, pictures, strict=True)):
        x, y = (i % _COLS) * _CELL_W, (i // _COLS) * cell_h
        img = Image.fromarray(rgba, "RGBA")
        img = img.resize((img.width * _ZOOM, img.height * _ZOOM), Image.NEAREST)
        sheet.paste(img, (x + (_CELL_W - img.width) // 2, y + 2), img)
        draw.text((x + 3, y + 2 + img.height + 1), text[:26], fill=_INK)
        draw.text((x + 3, y + 2 + img.height + 11), _caption(family, text)[:26], fill=_DIM)
    return sheet


def build(folder: Path, progress: Callable[[str], None] = lambda _: None) -> str:
    """Write one contact sheet per family and return the section's markdown."""
    cases = _cases()
    lines = [
        "Every description of the reading evaluation set (`tests/reading/evaluation.txt`), "
        "drawn from the description alone; under each, what was read: base, effects, "
        "secondary materials, top (`?word`: not understood), or a panel's elements. "
        "Terrain as its 16 px texture tiled 2x2, panels at 64x48; shown at 2x.\n",
    ]
    for family in ("tileset", "tile", "isometric", "ui"):
        progress(f"reading: {family}")
        items = [(f, t) for f, t in cases if f == family]
        name = f"evaluation_{family}.png"
        _sheet(items).save(folder / name)
        lines.append(f"**{family}** ({len(items)})\n\n![{family}]({name})\n")
    return "\n".join(lines)
