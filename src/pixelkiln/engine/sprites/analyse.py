"""Reading a sprite we did not draw: mask, box, width profile, body regions, colours.

:func:`analyse_sprite` takes an RGBA sprite of a figure facing the viewer (south) and
measures what a model fit needs:

1. **Mask**: the alpha channel when the sprite has transparent pixels, otherwise the
   clean-up tier's background removal (a flat backdrop connected to the border goes).
   Specks smaller than 3% of the largest piece are dropped.
2. **Box and centre line**: the opaque pixels' bounding box, and the body's centre
   column (the median column of the opaque pixels, so a staff held at the side does not
   move it). The figure runs from the first to the last row near the centre line, and
   on through rows under its last run (feet set apart under a hem) when they are at
   most a fifth of its height.
3. **Width profile**: per row, the width of the run of opaque pixels on the centre line
   (the body, not a weapon beside it).
4. **Regions** from the profile: the *neck* is the first row below the head where the
   body is narrower than the head above it and widens again within a few rows (the
   shoulders; a hat's brim narrowing to a face does not count, nothing widens under
   it); the *crotch* is the top of the run of rows, down to the feet, whose centre
   line is open (the gap between the legs); a figure without one wears a robe or a
   dress. Such a **long garment** has a *hem* when the bottom rows under it are open on
   the centre line (feet set apart) for at most a fifth of the figure, and the row above
   them is closed, at least as wide as the feet's span, more than half-way down from
   the neck: the feet are then the rows under the hem (boots in their own colour, not
   the robe's). Head ``[top, neck)``, torso ``[neck, crotch)``, legs ``[crotch, feet)``,
   feet the last 7% of rows (or the rows under a hem).
5. **Colours**: each region's pixels on the body's central columns (arms and held
   things left out), outline pixels excluded, grouped into materials (colours within
   ΔEOK 0.09 of a group's most frequent colour), largest first. The head's top third
   gives the hair, its middle the face.
6. **Style**: the outline (``single color black outline`` when one near-black colour
   rings the silhouette, ``single color outline`` for one other dark colour,
   ``selective outline`` when the ring is darker than what it bounds but of several
   colours, else ``lineless``) and the shading (tones of the torso's main material:
   1 flat, 2 basic, 3 medium, 4 or more detailed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy import ndimage

from pixelkiln.engine.cleanup.remove_background import remove_background
from pixelkiln.engine.color import oklab_to_oklch, rgb_to_hex, srgb_to_oklab

__all__ = [
    "ALPHA_SOLID",
    "Box",
    "ColourGroup",
    "Region",
    "SpriteAnalysis",
    "analyse_sprite",
    "subject_mask",
]

#: Alpha from which a pixel belongs to the subject.
ALPHA_SOLID = 128
#: Colours closer than this (ΔEOK) to a group's main colour are shades of one material.
MATERIAL_DELTA = 0.09
_FOUR = ndimage.generate_binary_structure(2, 1)
_EIGHT = ndimage.generate_binary_structure(2, 2)


@dataclass(frozen=True)
class Box:
    """Inclusive bounds of the opaque pixels."""

    top: int
    bottom: int
    left: int
    right: int

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    def to_dict(self) -> dict[str, int]:
        return {"top": self.top, "bottom": self.bottom, "left": self.left, "right": self.right}


@dataclass(frozen=True)
class ColourGroup:
    """A material: its most frequent colour, its shades and its share of the region."""

    rgb: tuple[int, int, int]
    shades: tuple[tuple[int, int, int], ...]
    share: float

    def to_dict(self) -> dict[str, object]:
        return {
            "colour": rgb_to_hex(self.rgb),
            "shades": [rgb_to_hex(c) for c in self.shades],
            "share": round(self.share, 3),
        }


@dataclass(frozen=True)
class Region:
    """Rows ``[start, stop)`` of one body region and its materials, largest first."""

    name: str
    start: int
    stop: int
    colours: tuple[ColourGroup, ...] = ()

    @property
    def main(self) -> tuple[int, int, int] | None:
        return self.colours[0].rgb if self.colours else None

    def to_dict(self) -> dict[str, object]:
        return {
            "rows": [self.start, self.stop],
            "colours": [c.to_dict() for c in self.colours],
        }


@dataclass(frozen=True)
class SpriteAnalysis:
    """Everything measured on one sprite (see the module docstring)."""

    size: tuple[int, int]  # (width, height) of the image
    mask: np.ndarray = field(repr=False)
    mask_source: str
    box: Box
    centre_x: int
    widths: np.ndarray = field(repr=False)  # per image row: body run width (0 off-box)
    neck: int
    crotch: int | None  # None: no gap between the legs (robe, dress, merged legs)
    feet: int  # first row of the feet
    hem: int | None  # last row of a long garment with feet showing under it
    regions: dict[str, Region]
    hair: tuple[int, int, int] | None
    face: tuple[int, int, int] | None
    outline: str
    outline_rgb: tuple[int, int, int] | None
    tones: int
    palette: np.ndarray = field(repr=False)  # (k, 3) distinct opaque colours, commonest first

    @property
    def head_px(self) -> int:
        return self.neck - self.box.top

    @property
    def heads(self) -> float:
        """Figure height in head heights."""
        return self.box.height / max(1, self.head_px)

    @property
    def legs_split(self) -> bool:
        return self.crotch is not None

    @property
    def long_garment(self) -> bool:
        """A robe or dress down past where the legs part, feet showing under its hem."""
        return self.hem is not None

    @property
    def shading(self) -> str:
        return {1: "flat shading", 2: "basic shading", 3: "medium shading"}.get(
            self.tones, "detailed shading"
        )

    def row_width(self, row: int) -> int:
        return int(self.widths[row]) if 0 <= row < len(self.widths) else 0

    def to_dict(self) -> dict[str, object]:
        return {
            "size": {"width": self.size[0], "height": self.size[1]},
            "mask_source": self.mask_source,
            "box": self.box.to_dict(),
            "centre_x": self.centre_x,
            "neck": self.neck,
            "crotch": self.crotch,
            "feet": self.feet,
            "hem": self.hem,
            "heads": round(self.heads, 2),
            "regions": {k: r.to_dict() for k, r in self.regions.items()},
            "hair": rgb_to_hex(self.hair) if self.hair else None,
            "face": rgb_to_hex(self.face) if self.face else None,
            "outline": self.outline,
            "outline_colour": rgb_to_hex(self.outline_rgb) if self.outline_rgb else None,
            "shading": self.shading,
            "colours": len(self.palette),
        }


def subject_mask(rgba: np.ndarray) -> tuple[np.ndarray, str]:
    """The subject's pixels and where they came from (``alpha`` or ``background``)."""
    alpha = rgba[..., 3]
    if (alpha < ALPHA_SOLID).any():
        mask, source = alpha >= ALPHA_SOLID, "alpha"
    else:
        mask, source = remove_background(rgba, "simple").foreground, "background"
    labels, n = ndimage.label(mask, _EIGHT)
    if n > 1:
        sizes = ndimage.sum(mask, labels, range(1, n + 1))
        keep = np.nonzero(sizes >= max(2.0, 0.03 * sizes.max()))[0] + 1
        mask = np.isin(labels, keep)
    return mask, source


def _box(mask: np.ndarray) -> Box:
    rows, cols = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    return Box(int(rows[0]), int(rows[-1]), int(cols[0]), int(cols[-1]))


def _run_at(row: np.ndarray, x: int) -> tuple[int, int] | None:
    """(start, stop) of the run of True in ``row`` containing ``x``, or the nearest run."""
    xs = np.nonzero(row)[0]
    if not len(xs):
        return None
    if not row[x]:
        x = int(xs[np.argmin(np.abs(xs - x))])
    start = x
    while start > 0 and row[start - 1]:
        start -= 1
    stop = x + 1
    while stop < len(row) and row[stop]:
        stop += 1
    return start, stop


def _body_box(mask: np.ndarray, box: Box, cx: int) -> Box:
    """The box of the figure itself: from the first to the last row whose centre line
    (give or take a pixel) is opaque, so a staff or a raised axe beside the head does
    not make the figure taller."""
    near = mask[:, max(0, cx - 1) : cx + 2].any(1)
    rows = np.nonzero(near)[0]
    if not len(rows):
        return box
    top, bottom = int(rows[0]), int(rows[-1])
    # Feet set apart under a long garment leave the centre line open below its hem:
    # rows under the body's last run, within its span, are still the figure, when they
    # are a foot's height (at most a fifth of it), not an animal's legs.
    run = _run_at(mask[bottom], cx)
    low = bottom
    while run is not None and low + 1 < mask.shape[0] and mask[low + 1, run[0] : run[1]].any():
        low += 1
    if low - bottom <= 0.2 * (low - top + 1):
        bottom = low
    return Box(top, bottom, box.left, box.right)


def _widths(mask: np.ndarray, box: Box, cx: int) -> np.ndarray:
    out = np.zeros(mask.shape[0], np.int64)
    for r in range(box.top, box.bottom + 1):
        run = _run_at(mask[r], cx)
        out[r] = 0 if run is None else run[1] - run[0]
    return out


def _neck(widths: np.ndarray, box: Box) -> int:
    """The row under the head where the body is narrowest relative to the head above it
    and widens again within a few rows (see the module docstring); the first narrowing
    when nothing widens; the sharpest widening of the upper body when nothing narrows."""
    h = box.height
    lo, hi = box.top + max(2, round(0.15 * h)), box.top + max(3, round(0.6 * h))
    reach = max(2, round(0.06 * h))
    running = 0
    best: tuple[float, int] | None = None
    first_drop: int | None = None
    for r in range(box.top, min(hi, box.bottom)):
        w = int(widths[r])
        if r >= lo and running and w <= 0.85 * running:
            below = widths[r + 1 : min(r + 1 + reach, box.bottom + 1)]
            if len(below) and below.max() >= max(w + 2, 1.2 * w):
                ratio = w / running
                if best is None or ratio < best[0] - 1e-9:
                    best = (ratio, r)
            if first_drop is None:
                first_drop = r
        running = max(running, w)
    if best is not None:
        return best[1]
    if first_drop is not None:
        return first_drop
    seg = widths[lo:hi].astype(np.float64)
    if len(seg) < 2:
        return box.top + max(1, h // 4)
    jumps = seg[1:] / np.maximum(seg[:-1], 1.0)
    return lo + int(np.argmax(jumps)) + 1


def _crotch(
    mask: np.ndarray, light: np.ndarray, box: Box, cx: int, neck: int, feet: int
) -> int | None:
    """Top row of the gap between the legs that runs down to the feet, if there is one:
    on the centre line, a transparent pixel or a line (a pixel clearly darker than the
    body a pixel or two either side of it), with body on both sides close by."""

    def open_at(r: int) -> bool:
        row, lum = mask[r], light[r]
        w = len(row)
        for x in (cx, cx - 1, cx + 1):
            if not 2 < x < w - 3:
                continue
            left = [lum[x - d] for d in (1, 2, 3) if row[x - d]]
            right = [lum[x + d] for d in (1, 2, 3) if row[x + d]]
            ink = row[x] and left and right and lum[x] < min(max(left), max(right)) - 0.12
            if not row[x] or ink:
                reach = max(2, box.width // 4)
                if row[max(0, x - reach) : x].any() and row[x + 1 : x + 1 + reach].any():
                    return True
        return False

    start = None
    r = feet - 1
    while r > neck and open_at(r):
        start = r
        r -= 1
    if start is None or (feet - start) < max(2, round(0.08 * box.height)):
        return None
    return start


def _feet_apart(row: np.ndarray, cx: int) -> bool:
    """A row of two feet set apart: open at or beside the centre line, with the figure on
    both sides of the gap (feet drawn close leave a gap of a pixel or two, and their
    outlines may reach the next column)."""
    lo, hi = max(0, cx - 1), min(len(row), cx + 2)
    gaps = [x for x in range(lo, hi) if not row[x]]
    return bool(gaps) and bool(row[: gaps[0]].any()) and bool(row[gaps[-1] + 1 :].any())


def _hem(mask: np.ndarray, box: Box, cx: int, neck: int) -> int | None:
    """The last row of a long garment (a robe, a dress), when feet show under it: the
    bottom rows whose centre line is open (feet set apart) are at most a fifth of the
    figure, and the row above them is closed, at least as wide as the feet's span and
    more than half-way from the neck down (the garment covers where the crotch is)."""
    r = box.bottom
    while r > neck and _feet_apart(mask[r], cx):
        r -= 1
    feet_rows = box.bottom - r
    # Two rows at least (a foot and its outline): a gap in the last outline row alone is
    # where two boots' outlines meet, not feet under a hem.
    if not 2 <= feet_rows <= max(2, round(0.2 * box.height)) or r <= neck:
        return None
    if (r - neck) < 0.5 * (box.bottom - neck):
        return None
    run = _run_at(mask[r], cx)
    below = np.nonzero(mask[r + 1 : box.bottom + 1].any(0))[0]
    if run is None or not len(below):
        return None
    if run[0] > below[0] or run[1] < below[-1] + 1:
        return None
    return r


def _lab(rgb: np.ndarray) -> np.ndarray:
    return srgb_to_oklab(np.asarray(rgb, dtype=np.float64))


def _groups(pixels: np.ndarray) -> tuple[ColourGroup, ...]:
    """Materials of ``(n, 3)`` pixels, largest first (see the module docstring)."""
    if not len(pixels):
        return ()
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    order = np.argsort(-counts, kind="stable")
    colours, counts = colours[order], counts[order]
    lab = _lab(colours)
    taken = np.zeros(len(colours), bool)
    out: list[ColourGroup] = []
    total = float(counts.sum())
    for i in range(len(colours)):
        if taken[i]:
            continue
        near = (~taken) & (np.linalg.norm(lab - lab[i], axis=1) < MATERIAL_DELTA)
        taken |= near
        idx = np.nonzero(near)[0]
        out.append(
            ColourGroup(
                tuple(int(v) for v in colours[i]),  # type: ignore[arg-type]
                tuple(tuple(int(v) for v in colours[j]) for j in idx),  # type: ignore[misc]
                float(counts[idx].sum() / total),
            )
        )
    out.sort(key=lambda g: -g.share)
    return tuple(out)


def _tones(pixels: np.ndarray) -> int:
    """Shades of the commonest material: colours whose hue stays within 25 degrees of
    the commonest colour's (shading ramps shift hue a little) at a similar chroma, each
    covering at least 4% of the pixels."""
    if not len(pixels):
        return 1
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    lch = oklab_to_oklch(_lab(colours))
    main = int(np.argmax(counts))
    grey = lch[main, 1] < 0.03
    if grey:
        same = lch[:, 1] < 0.04
    else:
        dh = np.abs((lch[:, 2] - lch[main, 2] + 180) % 360 - 180)
        ratio = lch[:, 1] / max(lch[main, 1], 1e-6)
        same = (dh < 25) & (ratio > 0.4) & (ratio < 2.5)
    same &= counts >= 0.04 * counts.sum()
    return int(max(1, same.sum()))


def _outline(
    rgba: np.ndarray, mask: np.ndarray
) -> tuple[str, tuple[int, int, int] | None, np.ndarray]:
    """The outline style, its colour if it has one, and the mask of outline pixels."""
    edge = mask & ~ndimage.binary_erosion(mask, _FOUR, border_value=0)
    inner = mask & ~edge
    rgb = rgba[..., :3]
    ring = rgb[edge]
    if not len(ring):
        return "lineless", None, np.zeros_like(mask)
    colours, counts = np.unique(ring, axis=0, return_counts=True)
    top = colours[int(np.argmax(counts))]
    share = float(counts.max() / counts.sum())
    lch = oklab_to_oklch(_lab(top))
    top_rgb = (int(top[0]), int(top[1]), int(top[2]))
    if share >= 0.55 and lch[0] < 0.42:
        style = (
            "single color black outline"
            if lch[0] < 0.2 and lch[1] < 0.03
            else ("single color outline")
        )
        line = edge & (rgb == top).all(-1)
        return style, top_rgb, line
    # Several colours: an outline if the ring is darker than the pixels just inside it.
    near_inner = ndimage.binary_dilation(edge, _FOUR) & inner
    if near_inner.any():
        ring_l = _lab(rgb[edge])[:, 0].mean()
        inner_l = _lab(rgb[near_inner])[:, 0].mean()
        if ring_l < inner_l - 0.12:
            return "selective outline", None, edge
    return "lineless", None, np.zeros_like(mask)


def _palette(rgba: np.ndarray, mask: np.ndarray) -> np.ndarray:
    colours, counts = np.unique(rgba[..., :3][mask], axis=0, return_counts=True)
    return colours[np.argsort(-counts, kind="stable")].astype(np.uint8)


def analyse_sprite(rgba: np.ndarray) -> SpriteAnalysis:
    """Measure a south-facing figure (see the module docstring)."""
    rgba = np.asarray(rgba, np.uint8)
    if rgba.ndim != 3 or rgba.shape[2] != 4:
        msg = f"expected an (H, W, 4) RGBA sprite, got shape {rgba.shape}"
        raise ValueError(msg)
    mask, source = subject_mask(rgba)
    if mask.sum() < 12:
        msg = "the sprite has too few opaque pixels to read a figure from"
        raise ValueError(msg)
    cx = int(np.median(np.nonzero(mask)[1]))
    box = _body_box(mask, _box(mask), cx)
    widths = _widths(mask, box, cx)
    neck = _neck(widths, box)
    feet = box.bottom + 1 - max(1, round(0.07 * box.height))
    style, line_rgb, line = _outline(rgba, mask)
    light = _lab(rgba[..., :3])[..., 0]
    crotch = _crotch(mask, light, box, cx, neck, feet)
    hem = _hem(mask, box, cx, neck) if crotch is None else None
    if hem is not None:
        feet = hem + 1  # the feet are what shows under the hem
    body = mask & ~line
    # The central columns of the body (arms and held things left out).
    core = np.zeros_like(mask)
    for r in range(box.top, box.bottom + 1):
        run = _run_at(mask[r], cx)
        if run is None:
            continue
        w = run[1] - run[0]
        pad = max(0, w // 5) if r >= neck else max(0, w // 8)
        core[r, run[0] + pad : max(run[0] + pad + 1, run[1] - pad)] = True
    core &= body
    rgb = rgba[..., :3]
    torso_stop = crotch if crotch is not None else neck + max(2, round(0.5 * (feet - neck)))
    spans = {
        "head": (box.top, neck),
        "torso": (neck, torso_stop),
        "legs": (torso_stop, feet),
        "feet": (feet, box.bottom + 1),
    }
    regions = {}
    for name, (a, b) in spans.items():
        sel = np.zeros_like(mask)
        sel[a:b] = True
        pixels = rgb[core & sel]
        if not len(pixels):  # a thin region whose core is all outline: use all of it
            pixels = rgb[body & sel]
        regions[name] = Region(name, int(a), int(b), _groups(pixels))
    head_h = max(1, neck - box.top)
    hair_sel = np.zeros_like(mask)
    hair_sel[box.top : box.top + max(1, round(head_h * 0.34))] = True
    face_sel = np.zeros_like(mask)
    face_sel[box.top + round(head_h * 0.45) : box.top + max(1, round(head_h * 0.9))] = True
    hair_groups = _groups(rgb[core & hair_sel]) or _groups(rgb[body & hair_sel])
    face_groups = _groups(rgb[core & face_sel]) or _groups(rgb[body & face_sel])
    hair = hair_groups[0].rgb if hair_groups else None
    face = face_groups[0].rgb if face_groups else None
    tones = _tones(
        rgb[
            core
            & (np.arange(mask.shape[0])[:, None] >= neck)
            & (np.arange(mask.shape[0])[:, None] < torso_stop)
        ]
    )
    return SpriteAnalysis(
        size=(int(rgba.shape[1]), int(rgba.shape[0])),
        mask=mask,
        mask_source=source,
        box=box,
        centre_x=cx,
        widths=widths,
        neck=int(neck),
        crotch=crotch,
        feet=int(feet),
        hem=hem,
        regions=regions,
        hair=hair,
        face=face,
        outline=style,
        outline_rgb=line_rgb,
        tones=max(1, min(4, tones)),
        palette=_palette(rgba, mask),
    )
