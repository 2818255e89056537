"""Fill textures for the content area of panels: calm, seamless, in the theme's colours.

A panel's content must stay quiet enough for text and icons to read on it, so the fill is
a *calmed* material texture: the material's pattern (planks, bricks, plates, crystal
facets...) drawn by :func:`pixelkiln.engine.materials.render_material`, re-coloured onto
a low-contrast ramp of the theme's fill colour (``texture_calm`` damps the ramp's
lightness steps), accents pulled halfway toward the ramp. Materials the terrain lexicon
does not carry are drawn here: ``leather`` (mottled hide with sparse pores), ``scifi``
(plates between recessed seams with lit lower-right lips) and ``plain`` (broad soft
mottling).

The texture is rendered once per theme as a seamless tile and tiled over each content area
from a per-piece offset, so neighbouring panels do not line up. The sci-fi grid is the
exception: it is drawn to each area's own size, so its lines meet the area's edges.
Tiles are as large as the canvas allows up to :data:`TILE` px (256), or 128 px for
materials whose large renders are slow (:data:`SLOW_MATERIALS`: cellular patterns); the
cheap generators here tile at the canvas size (up to 512), so paper and hide never
visibly repeat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from pixelkiln.engine.color import oklab_to_srgb, srgb_to_oklab
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.noise import fbm
from pixelkiln.engine.palette import build_ramp
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.style import Style
from pixelkiln.engine.ui.theme import Theme

__all__ = ["SLOW_MATERIALS", "TILE", "FillTexture", "fill_texture"]

_STYLE = Style(detail="low detail")
#: Materials whose accents are part of the pattern (a carpet's gold lattice) keep them,
#: softened; elsewhere accents (spots, glints) are calmed onto the ramp.
_KEEP_ACCENTS = ("carpet",)

#: Largest texture tile rendered (px per side).
TILE = 256
#: Materials rendered at most 128 px square (their cost grows steeply with size).
SLOW_MATERIALS = frozenset(
    {
        "crystal",
        "obsidian",
        "lava",
        "leaves",
        "ice",
        "jungle",
        "volcanic rock",
        "gold",
        "silver",
        "copper",
        "coral",
    }
)


class FillTexture:
    """A seamless tile (RGB, and its shade levels 0..1) and a way to cover any area with it.

    With ``fit`` (a function of ``(h, w, salt)`` giving shade indices into ``ramp``), each
    area gets a pattern drawn to its own size instead: a grid whose lines must meet the
    area's edges, not be cut off by them."""

    def __init__(
        self,
        rgb: np.ndarray,
        levels: np.ndarray,
        seed: int,
        fit: Callable[[int, int, str], np.ndarray] | None = None,
        ramp: np.ndarray | None = None,
    ) -> None:
        self.rgb = rgb
        self.levels = levels
        self.seed = seed
        self._fit, self._ramp = fit, ramp

    def _patch(self, tile: np.ndarray, h: int, w: int, salt: str) -> np.ndarray:
        th, tw = tile.shape[:2]
        rng = make_rng(self.seed, "ui", "fill-offset", salt)
        oy, ox = int(rng.integers(0, th)), int(rng.integers(0, tw))
        reps = (-(-(h + oy) // th), -(-(w + ox) // tw)) + (1,) * (tile.ndim - 2)
        return np.tile(tile, reps)[oy : oy + h, ox : ox + w]

    def cover(self, h: int, w: int, salt: str) -> np.ndarray:
        """An ``(h, w, 3)`` patch of the tiled texture, from an offset chosen by ``salt``."""
        if self._fit is not None and self._ramp is not None:
            return self._ramp[self._fit(h, w, salt)]
        return self._patch(self.rgb, h, w, salt)

    def cover_levels(self, h: int, w: int, salt: str) -> np.ndarray:
        """The same patch as shade levels 0..1 (dark to light), to recolour with a ramp."""
        if self._fit is not None and self._ramp is not None:
            n = len(self._ramp)
            return self._fit(h, w, salt).astype(np.float32) / max(1, n - 1)
        return self._patch(self.levels, h, w, salt)


def _tile_size(canvas: tuple[int, int], key: str) -> int:
    cap = 128 if key in SLOW_MATERIALS else TILE
    return int(min(cap, max(32, 16 * (min(canvas) // 16))))


def _calm_ramp(theme: Theme, n: int) -> np.ndarray:
    calm = theme.material.texture_calm
    recipe = theme.texture_recipe
    recipe = replace(recipe, contrast=max(0.25, recipe.contrast * (1.0 - calm) * 2.2))
    if theme.reference is not None:
        recipe = theme.reference.steer_recipe(recipe)
    return build_ramp(recipe, n)


def _leather(seed: int, t: int) -> np.ndarray:
    """Hide: a fine pebbled grain over a broad soft tone, sparse pores."""
    rng = make_rng(seed, "ui", "leather")
    broad = fbm(rng, (t, t), t / 3.0, octaves=2, warp_px=t / 8.0)
    grain = fbm(rng, (t, t), 8.0, octaves=1)
    field = 0.6 * broad + 0.4 * grain
    levels = np.digitize(field, np.quantile(field, [0.15, 0.55, 0.93]))
    # Pores: sparse single dark pixels on the calm mid tones, from a fixed rule.
    pores = (rng.random((t, t)) < 0.008) & (levels == 1)
    levels[pores] = 0
    return levels


def _scifi(seed: int, h: int, w: int, cell: int, salt: str = "") -> np.ndarray:
    """Display glass: a faint grid, a few brighter panels, a sparse dot raster. The grid is
    fitted to the area: lines run along all four edges and the cells between share the
    rest evenly (they differ by a pixel at most), so no cell is cut off."""
    rng = make_rng(seed, "ui", "scifi", salt)

    def lines(n: int) -> tuple[np.ndarray, np.ndarray]:
        cells = max(1, round((n - 1) / cell))
        edges = np.rint(np.linspace(0, n - 1, cells + 1)).astype(np.int64)
        index = np.clip(np.searchsorted(edges, np.arange(n), side="right") - 1, 0, cells - 1)
        on = np.zeros(n, bool)
        on[edges] = True
        return index, on

    row, on_row = lines(h)
    col, on_col = lines(w)
    shade = np.where(rng.random((row.max() + 1, col.max() + 1)) < 0.12, 2, 1)
    levels = shade[row[:, None], col[None, :]]
    grid = on_row[:, None] | on_col[None, :]
    levels = np.where(grid, 0, levels)
    # Grid crossings glint; the dots read as the pixels of a display.
    levels = np.where(on_row[:, None] & on_col[None, :], 3, levels)
    yy, xx = np.mgrid[0:h, 0:w]
    dots = (yy % 4 == 2) & (xx % 4 == 2) & (levels == 1) & ((yy // 4 + xx // 4) % 2 == 0)
    return np.where(dots, 2, levels)


def _plain(seed: int, t: int) -> np.ndarray:
    """Mostly one tone: faint broad stains, a few lighter patches, sparse flecks (paper)."""
    rng = make_rng(seed, "ui", "plain")
    field = fbm(rng, (t, t), t / 5.0, octaves=3, warp_px=t / 6.0)
    levels = np.digitize(field, np.quantile(field, [0.04, 0.93])) + 1
    # Fibres: short 2-px flecks, sparse, one tone darker.
    flecks = rng.random((t, t)) < 0.004
    flecks |= np.roll(flecks, 1, axis=1)
    return np.where(flecks & (levels == 2), 1, levels)


def fill_texture(theme: Theme, canvas: tuple[int, int], seed: int) -> FillTexture:
    """The theme's calmed fill texture for a canvas of ``(h, w)``."""
    t = _tile_size(canvas, theme.texture_key)
    key = theme.texture_key
    if key in ("leather", "scifi", "plain") and min(canvas) >= 64:
        # Cheap generators get a bigger tile: less visible repetition on big panels.
        t = int(min(2 * TILE, 32 * -(-max(canvas) // 32)))
    accents: np.ndarray | None = None
    if key == "scifi":
        cell = max(8, t // 8)
        ramp = _calm_ramp(theme, 4)
        levels = _scifi(seed, t, t, cell)

        def fit(h: int, w: int, salt: str) -> np.ndarray:
            return _scifi(seed, h, w, cell, salt)

        lv = levels.astype(np.float32) / 3
        return FillTexture(ramp[levels], lv, seed, fit=fit, ramp=ramp)
    if key in ("leather", "plain"):
        levels = {"leather": _leather, "plain": _plain}[key](seed, t)
        n = 4
    else:
        # Low detail: broad clusters, so a fill reads as a surface behind the content.
        tex = render_material(key, (t, t), seed, style=_STYLE, reference=theme.reference)
        n = len(tex.ramp)
        levels = tex.index.astype(np.int64)
        if len(tex.colors) > n:
            accents = tex.colors
    ramp = _calm_ramp(theme, n)
    rgb = ramp[np.clip(levels, 0, n - 1)]
    if accents is not None:
        extra = levels >= n
        if extra.any():
            lab = srgb_to_oklab(accents[levels[extra]])
            ramp_lab = srgb_to_oklab(ramp)
            near = ramp_lab[np.argmin(np.abs(lab[:, None, 0] - ramp_lab[None, :, 0]), axis=1)]
            share = 0.35 if key in _KEEP_ACCENTS else 1.0
            mixed = oklab_to_srgb((1 - share) * lab + share * near)
            rgb[extra] = np.clip(np.rint(mixed), 0, 255).astype(np.uint8)
    lv = np.clip(levels, 0, n - 1).astype(np.float32) / max(1, n - 1)
    if accents is not None:
        lv[levels >= n] = 0.5
    return FillTexture(np.ascontiguousarray(rgb.astype(np.uint8)), lv, seed)
