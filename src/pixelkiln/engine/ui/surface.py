"""Fill textures for the content area of panels: calm, seamless, in the theme's colours.

A panel's content must stay quiet enough for text and icons to read on it, so the fill is
a *calmed* material texture: the material's pattern (planks, bricks, plates, crystal
facets...) drawn by :func:`pixelkiln.engine.materials.render_material`, re-coloured onto
a low-contrast ramp of the theme's fill colour (``texture_calm`` damps the ramp's
lightness steps), accents pulled halfway toward the ramp. Materials the terrain lexicon
does not carry are drawn here: ``leather`` (mottled hide with sparse pores), ``scifi``
(plates between recessed seams with lit lower-right lips) and ``plain`` (broad soft
mottling).

The texture is rendered once per theme as a seamless tile (at most :data:`TILE` px: large
renders of some materials are slow, and a calm fill hides the repeat) and tiled over
each content area from a per-piece offset, so neighbouring panels do not line up.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pixelkiln.engine.color import oklab_to_srgb, srgb_to_oklab
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.noise import fbm
from pixelkiln.engine.palette import build_ramp
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.style import Style
from pixelkiln.engine.ui.theme import Theme

__all__ = ["TILE", "FillTexture", "fill_texture"]

_STYLE = Style(detail="low detail")
#: Materials whose accents are part of the pattern (a carpet's gold lattice) keep them,
#: softened; elsewhere accents (spots, glints) are calmed onto the ramp.
_KEEP_ACCENTS = ("carpet",)

#: Largest texture tile rendered (px per side).
TILE = 128


class FillTexture:
    """A seamless tile (RGB, and its shade levels 0..1) and a way to cover any area with it."""

    def __init__(self, rgb: np.ndarray, levels: np.ndarray, seed: int) -> None:
        self.rgb = rgb
        self.levels = levels
        self.seed = seed

    def _patch(self, tile: np.ndarray, h: int, w: int, salt: str) -> np.ndarray:
        th, tw = tile.shape[:2]
        rng = make_rng(self.seed, "ui", "fill-offset", salt)
        oy, ox = int(rng.integers(0, th)), int(rng.integers(0, tw))
        reps = (-(-(h + oy) // th), -(-(w + ox) // tw)) + (1,) * (tile.ndim - 2)
        return np.tile(tile, reps)[oy : oy + h, ox : ox + w]

    def cover(self, h: int, w: int, salt: str) -> np.ndarray:
        """An ``(h, w, 3)`` patch of the tiled texture, from an offset chosen by ``salt``."""
        return self._patch(self.rgb, h, w, salt)

    def cover_levels(self, h: int, w: int, salt: str) -> np.ndarray:
        """The same patch as shade levels 0..1 (dark to light), to recolour with a ramp."""
        return self._patch(self.levels, h, w, salt)


def _tile_size(canvas: tuple[int, int]) -> int:
    return int(min(TILE, max(32, 16 * (min(canvas) // 16))))


def _calm_ramp(theme: Theme, n: int) -> np.ndarray:
    calm = theme.material.texture_calm
    recipe = theme.texture_recipe
    recipe = replace(recipe, contrast=max(0.25, recipe.contrast * (1.0 - calm) * 2.2))
    if theme.reference is not None:
        recipe = theme.reference.steer_recipe(recipe)
    return build_ramp(recipe, n)


def _leather(seed: int, t: int) -> np.ndarray:
    rng = make_rng(seed, "ui", "leather")
    field = fbm(rng, (t, t), t / 6.0, octaves=3, warp_px=t / 10.0)
    levels = np.digitize(field, np.quantile(field, [0.22, 0.62, 0.92]))
    # Pores: sparse single dark pixels on the calm mid tones, from a fixed rule.
    pores = (rng.random((t, t)) < 0.012) & (levels == 1)
    levels[pores] = 0
    return levels


def _scifi(seed: int, t: int) -> np.ndarray:
    rng = make_rng(seed, "ui", "scifi")
    levels = np.full((t, t), 1, np.int64)
    cell = max(8, t // 4)
    cells = t // cell
    shade = rng.choice([1, 1, 1, 2], size=(cells, cells))
    yy, xx = np.mgrid[0:t, 0:t]
    levels = shade[(yy // cell) % cells, (xx // cell) % cells]
    seam_y, seam_x = yy % cell == 0, xx % cell == 0
    levels = np.where(seam_y | seam_x, 0, levels)
    lip = ((yy % cell == 1) | (xx % cell == 1)) & ~(seam_y | seam_x)
    levels = np.where(lip, 3, levels)
    # A faint dot grid on the plates reads as a display surface.
    dots = (yy % 8 == 4) & (xx % 8 == 4) & (levels == 1)
    return np.where(dots, 2, levels)


def _plain(seed: int, t: int) -> np.ndarray:
    """Mostly one tone, with soft stains and a few lighter patches (paper, bone)."""
    rng = make_rng(seed, "ui", "plain")
    field = fbm(rng, (t, t), t / 4.0, octaves=3, warp_px=t / 6.0)
    return np.digitize(field, np.quantile(field, [0.1, 0.84])) + 1


def fill_texture(theme: Theme, canvas: tuple[int, int], seed: int) -> FillTexture:
    """The theme's calmed fill texture for a canvas of ``(h, w)``."""
    t = _tile_size(canvas)
    key = theme.texture_key
    accents: np.ndarray | None = None
    if key in ("leather", "scifi", "plain"):
        levels = {"leather": _leather, "scifi": _scifi, "plain": _plain}[key](seed, t)
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
