"""A whole UI panel: pieces and auto-laid-out elements composited into one flat image.

:func:`render_panel` takes a :class:`PanelSpec` and returns a :class:`UIImage`: the RGBA
image (pixel-crisp, alpha only 0 or 255) and one :class:`Region` per piece and element
with its label, box in image pixels, nine-slice insets and named parts.

- **Pieces** sit on the virtual canvas (longer side 512, the shorter one scaled to the
  aspect; :func:`~pixelkiln.engine.ui.layout.virtual_canvas`) and are scaled to the image:
  rectangles snap to whole pixels, circles and polygons to half pixels. A piece's label
  chooses how it is drawn: ``button`` raised, ``slot``/``cell`` sunken, ``bar``/``health``
  /``mana`` a bar, ``avatar``/``portrait`` a portrait frame, ``window`` a window with a
  title bar, ``toolbar``/``hotbar`` a slotted strip, otherwise a framed panel; an
  icon word in the label (``"potion slot"``) puts that icon in it.
- **Elements** are placed by :func:`~pixelkiln.engine.ui.layout.layout_elements` in the
  canvas area the pieces leave free, drawn in layout order, then the pieces in request
  order (later on top).
- **Neither given**: one panel over the whole canvas.
- ``no_background`` (default) leaves everything outside the shapes transparent; without it
  the image gets an opaque backdrop in a dark tone of the theme and a hard drop shadow.

A piece too small to draw at the requested size (under :data:`MIN_PIECE_PX` pixels on a
side once scaled) raises :class:`UIDrawError`; :func:`piece_problems` finds them before
drawing, so a service can refuse the request instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.palette import Recipe, build_ramp
from pixelkiln.engine.reading.elements import read_elements
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.ui.bars import bar_kind
from pixelkiln.engine.ui.elements import build_element
from pixelkiln.engine.ui.glyphs import glyph_for
from pixelkiln.engine.ui.layout import Placement, Rect, free_region, layout_elements, virtual_canvas
from pixelkiln.engine.ui.shapes import Box
from pixelkiln.engine.ui.sprite import Sprite, glyph_list
from pixelkiln.engine.ui.surface import fill_texture
from pixelkiln.engine.ui.theme import Theme, make_theme

__all__ = [
    "MIN_PIECE_PX",
    "PanelSpec",
    "PieceSpec",
    "Region",
    "UIDrawError",
    "UIImage",
    "backdrop",
    "piece_problems",
    "reference_from",
    "render_panel",
]

#: Smallest side (px) a piece can be drawn at: outline, bevel and a face.
MIN_PIECE_PX = 6

Progress = Callable[[float], None]


class UIDrawError(ValueError):
    """The request validated, but the engine cannot draw it (a piece scaled too small...)."""


@dataclass(frozen=True)
class PieceSpec:
    """A piece on the virtual canvas: ``rounded_rect`` (x, y, w, h, radius), ``circle``
    (x, y = centre, r) or ``polygon`` (x, y = centre, r, sides, phase)."""

    id: str
    kind: str
    label: str = ""
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    radius: float = 0.0
    r: float = 0.0
    sides: int = 0
    phase: float = 0.0

    def rect(self) -> Rect:
        """The piece's bounding rectangle on the virtual canvas."""
        if self.kind == "rounded_rect":
            return Rect(self.x, self.y, self.w, self.h)
        return Rect(self.x - self.r, self.y - self.r, 2 * self.r, 2 * self.r)


@dataclass(frozen=True)
class PanelSpec:
    """Everything a panel is drawn from."""

    description: str
    width: int
    height: int
    seed: int
    pieces: tuple[PieceSpec, ...] = ()
    elements: tuple[str, ...] = ()
    color_palette: str | None = None
    style_image: np.ndarray | None = None
    no_background: bool = True


@dataclass(frozen=True)
class Region:
    """Where one piece or element ended up."""

    id: str
    source: str  # piece | element
    kind: str
    label: str
    box: Box
    nine_slice: tuple[int, int, int, int]  # left, top, right, bottom
    parts: tuple[tuple[str, Box], ...] = ()


@dataclass
class UIImage:
    """A rendered UI image and what is where in it."""

    rgba: np.ndarray
    regions: list[Region]
    theme: Theme
    extras: dict[str, object] = field(default_factory=dict)


def reference_from(pixels: np.ndarray | None, seed: int) -> Reference | None:
    """A style reference from an RGBA image; UIDrawError if it has nothing to read."""
    if pixels is None:
        return None
    img = np.asarray(pixels, np.uint8)
    if img.ndim == 3 and img.shape[2] == 4 and not (img[..., 3] > 127).any():
        raise UIDrawError("style image has no opaque pixels to take colours from")
    return Reference.from_image(img, seed=seed)


def _role(label: str, kind: str) -> str:
    words = set(re.findall(r"[a-z]+", label.lower()))
    if words & {"avatar", "portrait", "face"}:
        return "avatar"
    if kind == "rounded_rect" and words & {"bar", "health", "hp", "mana", "stamina", "xp"}:
        return "health_bar"
    if kind == "rounded_rect" and "window" in words:
        return "window"
    if kind == "rounded_rect" and words & {"toolbar", "hotbar", "actionbar"}:
        return "toolbar"
    if words & {"button", "btn"}:
        return "button"
    if words & {"slot", "cell", "socket"}:
        return "slot"
    return "panel" if kind != "polygon" else "polygon"


def _piece_box(p: PieceSpec, scale: float) -> tuple[Box, dict[str, object]]:
    if p.kind == "rounded_rect":
        x0, y0 = round(p.x * scale), round(p.y * scale)
        x1, y1 = round((p.x + p.w) * scale), round((p.y + p.h) * scale)
        return Box(x0, y0, x1 - x0, y1 - y0), {"radius": round(p.radius * scale)}
    d = max(1, round(2 * p.r * scale))
    x0, y0 = round(p.x * scale - d / 2), round(p.y * scale - d / 2)
    opts: dict[str, object] = {}
    if p.kind == "polygon":
        opts = {
            "sides": p.sides,
            "phase": p.phase,
            "r": p.r * scale,
            "cx": round(p.x * scale * 2) / 2,
            "cy": round(p.y * scale * 2) / 2,
        }
    return Box(x0, y0, d, d), opts


def _draw_piece(
    p: PieceSpec, box: Box, opts: dict[str, object], theme: Theme, tex: object, seed: int
) -> Sprite:
    from pixelkiln.engine.ui.pieces import draw_piece

    return draw_piece(p, box, opts, _role(p.label, p.kind), glyph_for(p.label), theme, tex, seed)


def backdrop(theme: Theme, rgba: np.ndarray) -> np.ndarray:
    """Opaque backdrop in a dark tone of the frame hue, with a hard drop shadow."""
    hue = float(theme.material.frame.hue)
    tones = build_ramp(Recipe(hue, 0.025, 0.3, 1.0), 2)
    h, w = rgba.shape[:2]
    out = np.empty_like(rgba)
    out[..., :3] = tones[1]
    out[..., 3] = 255
    shape = rgba[..., 3] > 0
    k = max(1, round(min(h, w) / 128))
    shadow = np.zeros_like(shape)
    shadow[k:, k:] = shape[:-k, :-k]
    out[shadow] = (*tones[0], 255)
    out[shape] = rgba[shape]
    return out


def _clip(box: Box, w: int, h: int) -> Box:
    x0, y0 = max(0, box.x), max(0, box.y)
    x1, y1 = min(w, box.x1), min(h, box.y1)
    return Box(x0, y0, max(0, x1 - x0), max(0, y1 - y0))


def piece_problems(spec: PanelSpec) -> list[tuple[int, str]]:
    """The pieces (by index) too small to draw at the spec's size, each with the reason: a
    request can be refused with these before anything is charged or drawn."""
    W, H = spec.width, spec.height
    scale = W / virtual_canvas(W, H)[0]
    problems = []
    for i, p in enumerate(spec.pieces):
        box, _ = _piece_box(p, scale)
        if min(box.w, box.h) < MIN_PIECE_PX:
            problems.append(
                (
                    i,
                    f"piece {p.id!r} is {box.w}x{box.h} px at {W}x{H}; a piece needs at least "
                    f"{MIN_PIECE_PX} px per side to draw its outline and bevel",
                )
            )
    return problems


def render_panel(spec: PanelSpec, progress: Progress = lambda _f: None) -> UIImage:
    """Draw a panel (see the module docstring). ``progress`` hears 0..1 as work is done."""
    progress(0.0)
    reference = reference_from(spec.style_image, spec.seed)
    theme = make_theme(spec.description, spec.color_palette, reference)
    progress(0.05)
    W, H = spec.width, spec.height
    vw, vh = virtual_canvas(W, H)
    scale = W / vw
    for _, problem in piece_problems(spec):
        raise UIDrawError(problem)
    placed = [(p, *_piece_box(p, scale)) for p in spec.pieces]
    tex = fill_texture(theme, (H, W), spec.seed)
    progress(0.25)
    canvas = Rect(0.0, 0.0, vw, vh)
    kinds = list(spec.elements)
    bars: tuple[str, ...] = ()
    described = None
    if not kinds and not spec.pieces:
        # Neither given: the elements the description names ("crafting window with a 3x3
        # grid"), else one panel.
        described = read_elements(spec.description)
        kinds = described.kinds() or ["panel"]
        bars = described.bars
    placements: list[Placement] = []
    if kinds:
        if kinds == ["panel"] and not spec.pieces:
            placements = [Placement("panel", 1, canvas)]
        else:
            region = free_region(canvas, [p.rect() for p in spec.pieces])
            placements = layout_elements(
                kinds,
                region,
                nest=described is not None,
                toolbar_slots=described.toolbar_slots if described else None,
                columns=described.grid_columns if described else None,
            )
    rgba = np.zeros((H, W, 4), np.uint8)
    regions: list[Region] = []
    total = max(1, len(placements) + len(placed))
    done = 0
    for pl in placements:
        r = pl.rect
        x0, y0 = round(r.x * scale), round(r.y * scale)
        # The layout is ours, not the caller's: an element it squeezes is drawn at the
        # smallest drawable size rather than failing the job.
        box = Box(
            x0,
            y0,
            max(MIN_PIECE_PX, round(r.x1 * scale) - x0),
            max(MIN_PIECE_PX, round(r.y1 * scale) - y0),
        )
        opts = dict(pl.options)
        if pl.kind == "health_bar" and pl.number <= len(bars):
            opts["bar"] = bar_kind(bars[pl.number - 1])
        if pl.kind == "toolbar" and described is not None and described.toolbar_slots:
            opts["slots"] = described.toolbar_slots
        if pl.kind == "button" and described is not None and pl.number <= len(described.buttons):
            glyph = glyph_for(described.buttons[pl.number - 1])
            if glyph:
                opts.setdefault("glyph", glyph)  # "a buy button": a coin on it
        if opts.pop("shop", False):
            # A shop's item rows show what is for sale.
            items = glyph_list(theme)
            opts["glyph"] = items[(pl.number - 1) % len(items)]
        opts.setdefault("index", pl.number)
        opts.setdefault("seed", spec.seed)
        sprite = build_element(pl.kind, theme, tex, box, f"{pl.kind}-{pl.number}", opts)
        _blit(rgba, sprite)
        regions.append(
            _region(
                f"{pl.kind}-{pl.number}",
                "element",
                pl.kind,
                pl.kind.replace("_", " "),
                sprite,
                W,
                H,
            )
        )
        done += 1
        progress(0.25 + 0.65 * done / total)
    for p, box, opts in placed:
        sprite = _draw_piece(p, box, opts, theme, tex, spec.seed)
        _blit(rgba, sprite)
        regions.append(_region(p.id, "piece", p.kind, p.label, sprite, W, H))
        done += 1
        progress(0.25 + 0.65 * done / total)
    if not spec.no_background:
        rgba = backdrop(theme, rgba)
    progress(0.95)
    return UIImage(rgba=rgba, regions=regions, theme=theme)


def _blit(rgba: np.ndarray, sp: Sprite) -> None:
    h, w = rgba.shape[:2]
    b = sp.box
    x0, y0, x1, y1 = max(0, b.x), max(0, b.y), min(w, b.x1), min(h, b.y1)
    if x1 <= x0 or y1 <= y0:
        return
    src = sp.rgba[y0 - b.y : y1 - b.y, x0 - b.x : x1 - b.x]
    on = src[..., 3] > 0
    rgba[y0:y1, x0:x1][on] = src[on]


def _region(rid: str, source: str, kind: str, label: str, sp: Sprite, w: int, h: int) -> Region:
    box = _clip(sp.box, w, h)
    insets = sp.insets
    if box != sp.box:
        # Clipped by the image edge: the visible part, with insets that still hold on it.
        left, top = max(0, (box.w - 1) // 2), max(0, (box.h - 1) // 2)
        insets = (left, top, max(0, box.w - left - 1), max(0, box.h - top - 1))
    parts = tuple((name, _clip(pb, w, h)) for name, pb in sp.parts)
    return Region(rid, source, kind, label, box, insets, parts)
