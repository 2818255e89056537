"""Where auto-positioned elements go: a screen-like layout on the virtual canvas.

Coordinates are those of the virtual canvas (longer side 512, the shorter one scaled to
the image's aspect), so a layout looks the same at every ``image_size``.

**The free region.** Elements share the canvas with the request's pieces. They are laid
out in the largest rectangle that no piece touches (found on a 16-unit grid); when pieces
leave less than a quarter of the canvas free, elements use the whole canvas and pieces
are drawn over them.

**Bands, top to bottom, inside the free region** (a margin of 3.5% of its shorter side
around and between everything):

1. *HUD* (``avatar``, ``health_bar``): avatars are squares at the left, bars are stacked
   to their right. With a container below, the band takes 22% of the height (more with
   more than two bars, up to 45%); alone it takes everything (a single bar is centred and
   wide, 1:7).
2. *Tabs* (``tab``): a row of tabs, 9% of the height, standing on the first container
   (they overlap its top edge by a few units; the first tab is the active one).
3. *Containers* (``window``, ``panel``): side by side, windows first, sharing the rest.
4. *Toolbar* (``toolbar``): a full-width strip at the bottom, 15% of the height.

**Children** (``button``, ``icon_button``, ``triangle``, ``pentagon``, ``hexagon``,
``octagon``) go inside the first container's content area, or into the container band when
there is none: icons (icon buttons and polygons) as the largest grid of equal squares that
fits the upper part, buttons (3.5:1, at most 3/4 of the area wide and a sixth of it
high) as the largest
grid that fits a band under them - a vertical menu when the area is tall, a row when it is
wide. Elements too small to draw are drawn at the 6 px minimum rather than failing. A shop's
slots and prices pair up as item rows (a square slot, its price plate to the right), laid
out as the largest grid of rows that fits.

A described panel nests its HUD: bars and portraits go at the top of the first
container's content area instead of a band above it (``nest``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["ELEMENTS", "Placement", "Rect", "free_region", "layout_elements", "virtual_canvas"]

ELEMENTS = (
    "button",
    "icon_button",
    "toolbar",
    "tab",
    "panel",
    "window",
    "health_bar",
    "avatar",
    "triangle",
    "pentagon",
    "hexagon",
    "octagon",
)
_CONTAINERS = ("window", "panel")
_HUD = ("avatar", "health_bar")
_ICONS = ("icon_button", "triangle", "pentagon", "hexagon", "octagon", "slot")
# Described panels also hold price labels, laid out as buttons are (engine.reading).
_BUTTONS = ("button", "price")
# A shop's item row: a square slot, then a price plate 2.6 times as wide as the row is high.
_ROW_ASPECT = 3.7
VIRTUAL = 512.0
_GRID = 16
# Bars no description names are told apart by these kinds, in turn.
_BAR_CYCLE = ("health", "mana", "stamina", "xp", "energy")


@dataclass(frozen=True)
class Rect:
    """A rectangle on the virtual canvas (floats)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def shrink(self, m: float) -> Rect:
        return Rect(self.x + m, self.y + m, max(0.0, self.w - 2 * m), max(0.0, self.h - 2 * m))


@dataclass(frozen=True)
class Placement:
    """One element's place: its kind, its 1-based number among its kind, its rectangle."""

    kind: str
    number: int
    rect: Rect
    options: dict[str, object] = field(default_factory=dict)


def virtual_canvas(width: int, height: int) -> tuple[float, float]:
    """``(vw, vh)``: the longer side is 512, the shorter scaled to the image's aspect."""
    if width >= height:
        return VIRTUAL, VIRTUAL * height / width
    return VIRTUAL * width / height, VIRTUAL


def free_region(canvas: Rect, taken: list[Rect]) -> Rect:
    """The largest grid-aligned rectangle of ``canvas`` that touches none of ``taken``."""
    if not taken:
        return canvas
    cols, rows = max(1, int(canvas.w // _GRID)), max(1, int(canvas.h // _GRID))
    cw, ch = canvas.w / cols, canvas.h / rows
    free = [[True] * cols for _ in range(rows)]
    for r in taken:
        for j in range(rows):
            for i in range(cols):
                x0, y0 = canvas.x + i * cw, canvas.y + j * ch
                if r.x < x0 + cw and r.x1 > x0 and r.y < y0 + ch and r.y1 > y0:
                    free[j][i] = False
    # Largest rectangle of free cells: histogram method, row by row.
    best, best_area = (0, 0, 0, 0), 0.0
    heights = [0] * cols
    for j in range(rows):
        heights = [heights[i] + 1 if free[j][i] else 0 for i in range(cols)]
        for i in range(cols):
            hmin = heights[i]
            for k in range(i, cols):
                hmin = min(hmin, heights[k])
                if hmin == 0:
                    break
                area = (k - i + 1) * cw * hmin * ch
                if area > best_area:
                    best_area, best = area, (i, j - hmin + 1, k - i + 1, hmin)
    if best_area < 0.25 * canvas.w * canvas.h:
        return canvas
    i, j, n, m = best
    return Rect(canvas.x + i * cw, canvas.y + j * ch, n * cw, m * ch)


def _count(kinds: list[str]) -> list[tuple[str, int]]:
    seen: dict[str, int] = {}
    out = []
    for k in kinds:
        seen[k] = seen.get(k, 0) + 1
        out.append((k, seen[k]))
    return out


def _grid(
    n: int, area: Rect, gap: float, aspect: float = 1.0, columns: int | None = None
) -> tuple[int, int, float]:
    """Columns, rows and cell height of the largest grid of ``n`` cells of width ``aspect``
    times their height that fits ``area`` (in ``columns`` columns when given)."""
    best = (1, n, 0.0)
    for cols in [columns] if columns else range(1, n + 1):
        rows = math.ceil(n / cols)
        h = min((area.w - gap * (cols - 1)) / cols / aspect, (area.h - gap * (rows - 1)) / rows)
        if h > best[2]:
            best = (cols, rows, h)
    return best


def _place_grid(
    items: list[tuple[str, int]],
    area: Rect,
    gap: float,
    aspect: float,
    cap: float,
    columns: int | None = None,
) -> list[Placement]:
    """Equal cells (``aspect`` wide per unit of height, at most ``cap`` high) centred in
    ``area``, filled row by row."""
    cols, rows, h = _grid(len(items), area, gap, aspect, columns)
    h = max(1.0, min(h, cap))
    w = h * aspect
    gw, gh = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    x0, y0 = area.x + (area.w - gw) / 2, area.y + (area.h - gh) / 2
    out = []
    for k, (kind, num) in enumerate(items):
        c, r = k % cols, k // cols
        out.append(Placement(kind, num, Rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h)))
    return out


def _shop_rows(
    slots: list[tuple[str, int]], prices: list[tuple[str, int]], area: Rect, gap: float
) -> list[Placement]:
    """Item rows: each slot with its price plate to its right, as a grid of rows."""
    n = max(len(slots), len(prices))
    cols, rows, h = _grid(n, area, gap, _ROW_ASPECT)
    h = max(1.0, min(h, area.h * 0.3))
    w = h * _ROW_ASPECT
    gw, gh = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    x0, y0 = area.x + (area.w - gw) / 2, area.y + (area.h - gh) / 2
    out = []
    for k in range(n):
        x, y = x0 + (k % cols) * (w + gap), y0 + (k // cols) * (h + gap)
        if k < len(slots):
            out.append(Placement(*slots[k], Rect(x, y, h, h), {"shop": True}))
        if k < len(prices):
            # The plate is shorter than the slot and centred on it, a label, not a button.
            px = x + h + 0.12 * h
            out.append(Placement(*prices[k], Rect(px, y + 0.18 * h, x + w - px, 0.64 * h)))
    return out


def _children(
    items: list[tuple[str, int]], area: Rect, gap: float, columns: int | None = None
) -> list[Placement]:
    slots = [it for it in items if it[0] == "slot"]
    prices = [it for it in items if it[0] == "price"]
    if slots and prices:
        rest = [it for it in items if it[0] not in ("slot", "price")]
        if not rest:
            return _shop_rows(slots, prices, area, gap)
        # Other children (a buy button) take a band at the bottom.
        bh = area.h * 0.25
        rows = Rect(area.x, area.y, area.w, area.h - bh - gap)
        band = Rect(area.x, area.y1 - bh, area.w, bh)
        if all(k in _BUTTONS for k, _ in rest):
            # Buttons under the rows (a buy button): as tall as the band allows.
            cap = min(band.h * 0.8, 0.5 * band.w / 3.5)
            return _shop_rows(slots, prices, rows, gap) + _place_grid(rest, band, gap, 3.5, cap)
        return _shop_rows(slots, prices, rows, gap) + _children(rest, band, gap)
    icons = [it for it in items if it[0] in _ICONS]
    buttons = [it for it in items if it[0] in _BUTTONS]
    if not icons and not buttons:
        return []
    icon_area = button_area = area
    if icons and buttons:
        # Buttons take a band at the bottom sized to their count; icons the rest.
        share = min(0.45, 0.16 + 0.06 * len(buttons))
        bh = area.h * share
        icon_area = Rect(area.x, area.y, area.w, area.h - bh - gap)
        button_area = Rect(area.x, area.y1 - bh, area.w, bh)
    out: list[Placement] = []
    if icons:
        cap = min(icon_area.w, icon_area.h) * (0.8 if len(icons) == 1 else 1.0)
        cols = columns if columns and len(icons) % columns == 0 else None
        out += _place_grid(icons, icon_area, gap, 1.0, cap, cols)
    if buttons:
        # 3.5:1 buttons no wider than 3/4 of the area nor taller than a sixth of it (a
        # menu, not slabs), unless they have a band of their own.
        cap = min(button_area.h if icons else area.h * 0.17, 0.75 * area.w / 3.5)
        out += _place_grid(buttons, button_area, gap, 3.5, cap)
    return out


def _hud(
    items: list[tuple[str, int]], band: Rect, gap: float, alone: bool, nested: bool = False
) -> list[Placement]:
    avatars = [it for it in items if it[0] == "avatar"]
    bars = [it for it in items if it[0] == "health_bar"]
    out: list[Placement] = []
    side = min(band.h, band.w / max(1, len(avatars) + (1 if bars else 0)))
    if nested and bars and len(avatars) == len(bars) > 1:
        # A portrait per bar ("3 portraits and 3 health bars"): one row each.
        n = len(bars)
        h = min((band.h - gap * (n - 1)) / n, band.w / 5)
        y0 = band.y + (band.h - n * h - (n - 1) * gap) / 2
        for k, (avatar, bar) in enumerate(zip(avatars, bars, strict=True)):
            y = y0 + k * (h + gap)
            out.append(Placement(*avatar, Rect(band.x, y, h, h)))
            bar_rect = Rect(band.x + h + gap, y + h * 0.2, band.w - h - gap, h * 0.6)
            out.append(Placement(*bar, bar_rect, {"bar": _BAR_CYCLE[k % 5]}))
        return out
    if nested and bars:
        side = min(side, band.w * 0.3 / max(1, len(avatars)))  # the bars keep room to read
    if alone and not bars:
        side = min(band.h, (band.w - gap * (len(avatars) - 1)) / max(1, len(avatars)))
    x = band.x
    y_av = band.y + (band.h - side) / 2
    for kind, num in avatars:
        out.append(Placement(kind, num, Rect(x, y_av, side, side)))
        x += side + gap
    if bars:
        area = Rect(x, band.y, band.x1 - x, band.h)
        n = len(bars)
        bh = min((area.h - gap * (n - 1)) / n, area.w / 7.0 if alone else area.h * 0.45)
        bh = max(bh, 1.0)
        total = n * bh + (n - 1) * gap
        y0 = area.y + (area.h - total) / 2
        for k, (kind, num) in enumerate(bars):
            out.append(
                Placement(
                    kind,
                    num,
                    Rect(area.x, y0 + k * (bh + gap), area.w, bh),
                    {"bar": _BAR_CYCLE[k % 5]},
                )
            )
    return out


def layout_elements(
    kinds: list[str],
    region: Rect,
    nest: bool = False,
    toolbar_slots: int | None = None,
    columns: int | None = None,
) -> list[Placement]:
    """Placements for ``kinds`` (in draw order: containers under their children).

    ``nest``: the HUD (bars, portraits) goes inside the first container, at the top of its
    content area (a described "status panel with stamina bars" holds its bars).
    ``toolbar_slots``: a lone toolbar is as tall as that many square slots need.
    ``columns``: icons and slots in that many columns ("a 3x3 grid")."""
    items = _count(kinds)
    gap = 0.035 * min(region.w, region.h)
    area = region.shrink(gap)
    hud = [it for it in items if it[0] in _HUD]
    tabs = [it for it in items if it[0] == "tab"]
    containers = sorted(
        (it for it in items if it[0] in _CONTAINERS), key=lambda it: it[0] != "window"
    )
    toolbars = [it for it in items if it[0] == "toolbar"]
    children = [it for it in items if it[0] in _ICONS or it[0] in _BUTTONS]
    rest_y0, rest_y1 = area.y, area.y1
    out: list[Placement] = []
    later: list[Placement] = []
    main_needed = bool(containers or children or tabs)
    if toolbars and not (main_needed or hud):
        # Toolbars alone: wide strips (1:8), stacked and centred.
        n = len(toolbars)
        # Square slots as wide as a counted row allows (frame included), else 1:8.
        share = 1.0 / toolbar_slots + 0.09 if toolbar_slots else 1 / 8.0
        th = min((area.h - gap * (n - 1)) / n, area.w * share)
        y0 = area.y + (area.h - n * th - (n - 1) * gap) / 2
        return [
            Placement(k, num, Rect(area.x, y0 + i * (th + gap), area.w, th))
            for i, (k, num) in enumerate(toolbars)
        ]
    for kind, num in reversed(toolbars):
        th = max(area.h * 0.15, 8.0)
        out.append(Placement(kind, num, Rect(area.x, rest_y1 - th, area.w, th)))
        rest_y1 -= th + gap
    nested = nest and bool(containers) and bool(hud)
    if hud and not nested:
        bars = sum(1 for k, _ in hud if k == "health_bar")
        share = min(0.45, 0.12 + 0.05 * max(2, bars))
        hh = (rest_y1 - rest_y0) * share if main_needed else rest_y1 - rest_y0
        out += _hud(hud, Rect(area.x, rest_y0, area.w, hh), gap, alone=not main_needed)
        rest_y0 += hh + gap
    tab_h = 0.0
    if tabs:
        tab_h = max(area.h * 0.09, 8.0)
        n = len(tabs)
        tw = min(area.w * 0.24, (area.w - 2 * gap) / n - gap * 0.5)
        for k, (kind, num) in enumerate(tabs):
            rect = Rect(area.x + gap + k * (tw + gap * 0.5), rest_y0, tw, tab_h + gap)
            (later if k == 0 else out).append(Placement(kind, num, rect, {"active": k == 0}))
        rest_y0 += tab_h
    main = Rect(area.x, rest_y0, area.w, max(1.0, rest_y1 - rest_y0))
    if containers:
        n = len(containers)
        cw = (main.w - gap * (n - 1)) / n
        for k, (kind, num) in enumerate(containers):
            rect = Rect(main.x + k * (cw + gap), main.y, cw, main.h)
            out.append(Placement(kind, num, rect))
        first = out[-n]
        # A described panel keeps its children clear of the frame at every size.
        inner = first.rect.shrink(0.09 * min(first.rect.w, first.rect.h) + (gap if nest else 0))
        if first.kind == "window":
            title = max(0.12 * first.rect.h, 10.0)
            inner = Rect(inner.x, inner.y + title, inner.w, max(1.0, inner.h - title))
        if nested:
            band = inner
            if children:
                bh = inner.h * min(0.45, 0.18 + 0.07 * len(hud))
                band = Rect(inner.x, inner.y, inner.w, bh)
                inner = Rect(inner.x, band.y1 + gap, inner.w, max(1.0, inner.h - bh - gap))
            later += _hud(hud, band, gap, alone=not children, nested=True)
        out += later + _children(children, inner, gap, columns)
    else:
        out += later + _children(children, main, gap, columns)
    return out
