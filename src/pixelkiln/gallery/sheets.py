"""Contact sheets for the gallery: pictures zoomed without smoothing, laid out in labelled
cells or rows, written as PNG. Each section picks its own colours and label size through
a :class:`Sheet`; the layout code is shared."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from pixelkiln.engine.imageio import encode_png

__all__ = ["Sheet", "save", "zoom_up"]

Rgb = tuple[int, int, int]


@cache
def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def zoom_up(rgb: np.ndarray, zoom: int) -> Image.Image:
    """An RGB array scaled by whole pixels (nearest neighbour)."""
    big = np.repeat(np.repeat(rgb, zoom, axis=0), zoom, axis=1)
    return Image.fromarray(np.ascontiguousarray(big), "RGB")


def save(image: Image.Image, path: Path) -> None:
    """The sheet as the project's own PNG encoding."""
    path.write_bytes(encode_png(np.asarray(image.convert("RGBA"))))


@dataclass(frozen=True)
class Sheet:
    """A section's backdrop, ink, label row height and label font size."""

    bg: Rgb
    ink: Rgb
    label: int = 14
    font_size: int = 11

    @property
    def font(self) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
        return _font(self.font_size)

    def on_backdrop(self, rgba: np.ndarray, zoom: int, bg: Rgb | None = None) -> Image.Image:
        """Any pixel with alpha drawn as it is, the rest the backdrop."""
        back = np.empty((*rgba.shape[:2], 3), np.uint8)
        back[:] = self.bg if bg is None else bg
        return zoom_up(np.where(rgba[..., 3:4] > 0, rgba[..., :3], back), zoom)

    def blended(self, rgba: np.ndarray, zoom: int) -> Image.Image:
        """Alpha blended over the backdrop (soft shadows stay soft)."""
        a = rgba[..., 3:4].astype(np.float64) / 255.0
        return zoom_up((rgba[..., :3] * a + np.array(self.bg) * (1 - a)).astype(np.uint8), zoom)

    def cells(
        self,
        cells: Sequence[tuple[str, Image.Image]],
        cols: int,
        pad: int = 6,
        labels: bool | None = None,
    ) -> Image.Image:
        """Labelled images in a grid; a label longer than its cell is cut with an ellipsis
        so it never spills into the next. ``labels`` None: a label row if any is given."""
        cw = max(im.width for _, im in cells)
        ch = max(im.height for _, im in cells)
        shown = any(t for t, _ in cells) if labels is None else labels
        lab = self.label if shown else 0
        rows = (len(cells) + cols - 1) // cols
        sheet = Image.new("RGB", (cols * (cw + pad) + pad, rows * (ch + lab + pad) + pad), self.bg)
        draw = ImageDraw.Draw(sheet)
        for i, (text, im) in enumerate(cells):
            x = pad + (i % cols) * (cw + pad)
            y = pad + (i // cols) * (ch + lab + pad)
            while len(text) > 3 and draw.textlength(text, font=self.font) > cw:
                text = text[:-2] + "…"
            if lab:
                draw.text((x, y), text, fill=self.ink, font=self.font)
            sheet.paste(im, (x, y + lab))
        return sheet

    def rows(
        self,
        rows: Sequence[tuple[str, Sequence[np.ndarray]]],
        zoom: int,
        header: Sequence[str] = (),
    ) -> Image.Image:
        """Labelled rows of same-size sprites, blended over the backdrop, under an
        optional header naming the columns."""
        h, w = rows[0][1][0].shape[:2]
        cols = max(len(r[1]) for r in rows)
        top = self.label if header else 0
        img = Image.new(
            "RGB", (cols * w * zoom, top + len(rows) * (h * zoom + self.label)), self.bg
        )
        draw = ImageDraw.Draw(img)
        for c, text in enumerate(header):
            draw.text((c * w * zoom + 4, 2), text, fill=self.ink, font=self.font)
        for r, (label, sprites) in enumerate(rows):
            y = top + r * (h * zoom + self.label)
            draw.text((4, y + 2), label, fill=self.ink, font=self.font)
            for c, sprite in enumerate(sprites):
                img.paste(self.blended(sprite, zoom), (c * w * zoom, y + self.label))
        return img
