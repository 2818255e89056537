"""Gallery section "ui": a dozen composed panels, a strip of single UI elements, and one
panel with its regions and nine-slice cuts drawn over it (plus the same panel stretched).

Panels are transparent outside their shapes; the gallery shows them on a dark backdrop,
enlarged with nearest-neighbour scaling so every pixel edge is visible.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.ui import PanelSpec, PieceSpec, UIImage, render_element, render_panel

__all__ = ["NAME", "PANELS", "TITLE", "build"]

NAME = "ui"
TITLE = "UI panels"
SEED = 7
_BG = (30, 31, 38)
_INK = (225, 225, 230)


def _rect(
    pid: str, x: float, y: float, w: float, h: float, r: float = 0, label: str = ""
) -> PieceSpec:
    return PieceSpec(pid, "rounded_rect", label, x=x, y=y, w=w, h=h, radius=r)


def _inventory_pieces() -> tuple[PieceSpec, ...]:
    items = ["sword", "shield", "potion", "gem", "coin", "key", "scroll", "", "", "bag", "", ""]
    pieces = [_rect("bag", 8, 8, 496, 368, 6, "inventory window")]
    for i, item in enumerate(items):
        col, row = i % 4, i // 4
        pieces.append(
            _rect(f"slot{i + 1}", 188 + col * 76, 76 + row * 76, 68, 68, 4, f"{item} slot".strip())
        )
    pieces += [
        PieceSpec("hero", "circle", "avatar portrait", x=96, y=132, r=58),
        _rect("hp", 28, 210, 136, 26, 4, "health bar"),
        _rect("mp", 28, 244, 136, 26, 4, "mana bar"),
        _rect("use", 28, 308, 136, 44, 6, "button"),
        _rect("drop", 188, 308, 296, 44, 6, "button"),
    ]
    return tuple(pieces)


def _dialogue_pieces() -> tuple[PieceSpec, ...]:
    return (
        _rect("box", 104, 8, 400, 176, 6, "dialogue"),
        PieceSpec("speaker", "circle", "portrait", x=54, y=96, r=46),
        _rect("next", 448, 140, 44, 32, 4, "arrow button"),
    )


@dataclass(frozen=True)
class Example:
    """One gallery panel."""

    slug: str
    caption: str
    description: str
    size: tuple[int, int]
    elements: tuple[str, ...] = ()
    pieces: tuple[PieceSpec, ...] = ()
    color_palette: str | None = None


PANELS: tuple[Example, ...] = (
    Example(
        "rpg_inventory",
        "RPG inventory window with slots (pieces)",
        "wooden RPG inventory window with gold trim",
        (512, 384),
        pieces=_inventory_pieces(),
    ),
    Example(
        "scifi_hud",
        "sci-fi HUD with health bars (elements)",
        "sci-fi HUD with a health bar",
        (688, 384),
        ("avatar", "health_bar", "health_bar", "panel", "toolbar"),
    ),
    Example(
        "wooden_dialogue",
        "wooden dialogue box (pieces)",
        "wooden dialogue box",
        (512, 192),
        pieces=_dialogue_pieces(),
    ),
    Example(
        "stone_menu",
        "stone menu with buttons",
        "stone menu with buttons",
        (384, 512),
        ("panel", "button", "button", "button", "button"),
    ),
    Example(
        "parchment_quest_log",
        "parchment quest log with tabs",
        "parchment quest log",
        (512, 384),
        ("window", "tab", "tab", "tab"),
    ),
    Example(
        "crystal_magic",
        "crystal magic panel with rune plates",
        "crystal magic panel",
        (448, 448),
        ("panel", "hexagon", "hexagon", "octagon", "pentagon", "triangle", "hexagon"),
    ),
    Example("iron_toolbar", "iron toolbar", "iron toolbar", (640, 192), ("toolbar",)),
    Example(
        "leather_backpack",
        "leather backpack",
        "leather backpack inventory",
        (448, 448),
        ("window",) + ("icon_button",) * 9,
    ),
    Example(
        "bone_spellbook",
        "bone necromancer spell window",
        "bone necromancer spellbook",
        (512, 384),
        ("window", "icon_button", "icon_button", "icon_button", "button", "button"),
    ),
    Example(
        "ice_settings",
        "frozen settings menu",
        "frozen ice settings menu",
        (512, 384),
        ("tab", "tab", "panel", "button", "button", "button"),
    ),
    Example(
        "golden_shop",
        "golden royal shop",
        "golden royal shop",
        (600, 448),
        ("window",) + ("icon_button",) * 8 + ("button",),
    ),
    Example(
        "lava_hud",
        "volcanic HUD",
        "volcanic lava HUD",
        (688, 384),
        ("avatar", "health_bar", "health_bar", "panel", "toolbar"),
    ),
    Example(
        "blue_silver",
        "wood with color_palette 'blue and silver'",
        "wooden menu",
        (384, 288),
        ("panel", "button", "button", "icon_button", "icon_button"),
        color_palette="blue and silver",
    ),
    # From the description alone: the elements it names are the panel's.
    Example(
        "described_status",
        "'status panel with health, shield, oxygen, hunger and rage bars'",
        "status panel with health, shield, oxygen, hunger and rage bars",
        (384, 288),
    ),
    Example(
        "described_shop",
        "'merchant window with 6 items and prices'",
        "merchant window with 6 items and prices",
        (512, 384),
    ),
    Example(
        "described_crafting",
        "'stone crafting window'",
        "stone crafting window",
        (384, 288),
    ),
    Example("described_hotbar", "'hotbar with 10 slots'", "hotbar with 10 slots", (512, 96)),
)

ELEMENTS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("medieval stone button with gold trim", (192, 64)),
    ("wooden button", (160, 56)),
    ("sci-fi health bar", (256, 40)),
    ("crystal mana bar", (256, 40)),
    ("wooden xp bar", (256, 40)),
    ("wooden inventory slot with a potion", (64, 64)),
    ("gold icon plate with a sword", (64, 64)),
    ("iron icon plate with a gear", (64, 64)),
    ("ice hexagon badge with a gem", (72, 72)),
    ("round red button", (56, 56)),
    ("bone portrait frame", (88, 88)),
    ("sci-fi hotbar", (320, 48)),
    ("leather tab", (96, 40)),
    ("stone close button", (40, 40)),
)


def _font() -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=11)


def _on_backdrop(rgba: np.ndarray, zoom: int) -> Image.Image:
    back = np.empty((*rgba.shape[:2], 3), np.uint8)
    back[:] = _BG
    rgb = np.where(rgba[..., 3:4] > 0, rgba[..., :3], back)
    big = np.repeat(np.repeat(rgb, zoom, axis=0), zoom, axis=1)
    return Image.fromarray(np.ascontiguousarray(big), "RGB")


def _save(image: Image.Image, path: Path) -> None:
    path.write_bytes(encode_png(np.asarray(image.convert("RGBA"))))


def _render(ex: Example) -> UIImage:
    w, h = ex.size
    return render_panel(
        PanelSpec(ex.description, w, h, SEED, ex.pieces, ex.elements, ex.color_palette)
    )


def _strip(cells: Sequence[tuple[str, Image.Image]], width: int, pad: int = 10) -> Image.Image:
    """Labelled images flowed left to right in rows no wider than ``width``."""
    rows: list[list[tuple[str, Image.Image]]] = [[]]
    x = pad
    for cell in cells:
        cw = max(cell[1].width, int(_font().getlength(cell[0])) + 4)
        if rows[-1] and x + cw + pad > width:
            rows.append([])
            x = pad
        rows[-1].append(cell)
        x += cw + pad
    heights = [max(im.height for _, im in row) + 16 for row in rows]
    widths = {id(im): max(im.width, int(_font().getlength(text)) + 4) for text, im in cells}
    sheet = Image.new("RGB", (width, sum(heights) + pad * (len(rows) + 1)), _BG)
    draw = ImageDraw.Draw(sheet)
    y = pad
    for row, rh in zip(rows, heights, strict=True):
        x = pad
        for text, im in row:
            draw.text((x, y), text, fill=_INK, font=_font())
            sheet.paste(im, (x, y + 16))
            x += widths[id(im)] + pad
        y += rh + pad
    return sheet


def elements_strip(zoom: int = 2) -> Image.Image:
    """Single elements (generate-ui-v2) at their own sizes."""
    cells = []
    for description, (w, h) in ELEMENTS:
        img = render_element(description, w, h, SEED)
        cells.append((description, _on_backdrop(img.rgba, zoom)))
    return _strip(cells, 1400)


def overlay(img: UIImage, zoom: int = 3) -> Image.Image:
    """The panel with every region's box (yellow) and nine-slice cuts (cyan) drawn over it."""
    base = _on_backdrop(img.rgba, zoom)
    draw = ImageDraw.Draw(base)
    for r in img.regions:
        b = r.box
        x0, y0, x1, y1 = b.x * zoom, b.y * zoom, b.x1 * zoom - 1, b.y1 * zoom - 1
        left, top, right, bottom = r.nine_slice
        cut = (80, 220, 255)
        for x in (b.x + left, b.x1 - right):
            draw.line([(x * zoom, y0), (x * zoom, y1)], fill=cut, width=1)
        if top or bottom:
            for y in (b.y + top, b.y1 - bottom):
                draw.line([(x0, y * zoom), (x1, y * zoom)], fill=cut, width=1)
        draw.rectangle([x0, y0, x1, y1], outline=(255, 210, 60), width=1)
        draw.text((x0 + 3, y0 + 2), r.id, fill=(255, 210, 60), font=_font())
    return base


def stretched(img: UIImage, region_id: str, size: tuple[int, int], zoom: int = 2) -> Image.Image:
    """A region cut by its insets and stretched (corners kept, strips resampled)."""
    r = next(x for x in img.regions if x.id == region_id)
    crop = img.rgba[r.box.y : r.box.y1, r.box.x : r.box.x1]
    left, top, right, bottom = r.nine_slice

    def axis(n: int, a: int, b: int, n2: int) -> np.ndarray:
        middle, middle2 = n - a - b, n2 - a - b
        return np.concatenate(
            [np.arange(a), a + (np.arange(middle2) * middle) // middle2, np.arange(n - b, n)]
        )

    w2, h2 = size
    out = crop[axis(crop.shape[0], top, bottom, h2)][:, axis(crop.shape[1], left, right, w2)]
    return _on_backdrop(out, zoom)


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Write the section's PNGs under ``out``; return its Markdown."""
    lines = [
        "Composed panels (`create-ui-asset`), single elements (`generate-ui-v2`) and the "
        "regions and nine-slice cuts the API reports. Panels at 2x on a dark backdrop "
        "(they are transparent outside their shapes).",
        "",
    ]
    rendered: dict[str, UIImage] = {}
    for ex in PANELS:
        progress(f"ui: {ex.slug}")
        img = _render(ex)
        rendered[ex.slug] = img
        _save(_on_backdrop(img.rgba, 2), out / f"{ex.slug}.png")
        palette = f", color_palette `{ex.color_palette}`" if ex.color_palette else ""
        lines += [
            f"**{ex.caption}**: `{ex.description}`{palette}, {ex.size[0]}x{ex.size[1]}",
            "",
            f"![{ex.caption}](ui/{ex.slug}.png)",
            "",
        ]
    progress("ui: elements")
    _save(elements_strip(), out / "elements.png")
    lines += [
        "### Single elements (`generate-ui-v2`)",
        "",
        "![single elements](ui/elements.png)",
        "",
    ]
    progress("ui: nine-slice overlay")
    inv = rendered["rpg_inventory"]
    _save(overlay(inv), out / "nine_slice_overlay.png")
    _save(stretched(inv, "bag", (760, 440)), out / "nine_slice_stretched.png")
    lines += [
        "### Regions and nine-slice cuts",
        "",
        "Every piece and element's box (yellow) and its nine-slice cuts (cyan), as "
        "`GET /ui-assets/{id}` reports them in `regions`. Round regions leave their middle "
        "row and column as the centre; bars stretch horizontally only.",
        "",
        "![regions and nine-slice cuts](ui/nine_slice_overlay.png)",
        "",
        "The inventory's window cut at its insets and stretched to 760x440: corners and "
        "edges are unchanged, only the centre (and what lies in it) is resampled.",
        "",
        "![stretched window](ui/nine_slice_stretched.png)",
        "",
    ]
    return "\n".join(lines)
