"""Contact sheets and GIFs of subjects, for the CLI, the gallery and previews.

A contact sheet lays rows of equally sized sprites on a checkered or flat background
with a gap, enlarged by an integer zoom (nearest neighbour), so a turnaround or an
animation strip can be looked at as a person would judge it: at 4x, on a ground.
GIFs keep the subject's palette (index 0 transparent) and loop forever.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
from PIL import Image

__all__ = ["contact_sheet", "gif_bytes"]

_GROUND = np.array([203, 211, 190], np.uint8)  # a calm green-grey: sprites read on it
_GAP = np.array([120, 124, 116], np.uint8)


def contact_sheet(
    rows: Sequence[Sequence[np.ndarray]],
    zoom: int = 4,
    gap: int = 1,
    background: tuple[int, int, int] | None = None,
) -> np.ndarray:
    """Rows of RGBA sprites (each row may be shorter) as one opaque RGB sheet."""
    cells = [c for row in rows for c in row]
    if not cells:
        return np.zeros((1, 1, 3), np.uint8)
    h = max(c.shape[0] for c in cells)
    w = max(c.shape[1] for c in cells)
    n_cols = max(len(r) for r in rows)
    ground = _GROUND if background is None else np.array(background, np.uint8)
    sheet = np.empty(((h + gap) * len(rows) + gap, (w + gap) * n_cols + gap, 3), np.uint8)
    sheet[...] = _GAP
    for r, row in enumerate(rows):
        for c in range(n_cols):
            y, x = gap + r * (h + gap), gap + c * (w + gap)
            sheet[y : y + h, x : x + w] = ground
            if c < len(row):
                img = row[c]
                alpha = img[..., 3:4].astype(np.float64) / 255.0
                block = sheet[y : y + img.shape[0], x : x + img.shape[1]]
                block[...] = np.rint(img[..., :3] * alpha + block * (1 - alpha)).astype(np.uint8)
    return np.repeat(np.repeat(sheet, zoom, axis=0), zoom, axis=1)


def gif_bytes(
    indices: Sequence[np.ndarray], palette: np.ndarray, fps: int = 10, zoom: int = 1
) -> bytes:
    """An endlessly looping GIF of palette-index frames (index 0 transparent)."""
    table = np.asarray(palette, np.uint8)[:, :3]
    frames = []
    for idx in indices:
        a = np.asarray(idx, np.uint8)
        if zoom > 1:
            a = np.repeat(np.repeat(a, zoom, axis=0), zoom, axis=1)
        im = Image.fromarray(a, mode="P")
        im.putpalette(table.ravel().tobytes(), rawmode="RGB")
        frames.append(im)
    buf = io.BytesIO()
    frames[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=max(20, round(1000 / max(1, fps))),
        loop=0,
        disposal=2,
        transparency=0,
        optimize=False,
    )
    return buf.getvalue()
