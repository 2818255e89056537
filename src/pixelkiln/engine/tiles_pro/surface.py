"""Surfaces: a material rendered once on a lattice torus and read at screen pixels.

A :class:`Surface` holds one seamless texture from
:func:`pixelkiln.engine.materials.render_material` whose torus is the tile lattice's
(see :mod:`.lattice`), so reading it at a screen pixel gives what every tile of the set
shows there. Since that texture repeats on every lattice step, the most even of
:data:`CANDIDATES` renders is kept (broad light or dark patches would grid the map).

Beside the colours it keeps each pixel's ramp level, so shading (side faces, contact
lines, rims) moves along the material's own ramp instead of inventing colours: the ramp
is extended by two darker shades and one lighter one
(:func:`extend_ramp`), turned toward blue-violet in the shadows and warm in the light
as the engine's ramps are (ART.md §1.1).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import oklab_to_oklch, oklab_to_srgb, oklch_to_oklab, srgb_to_oklab
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.palette import COOL_HUE, WARM_HUE
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.style import Style
from pixelkiln.engine.text import MaterialSpec
from pixelkiln.engine.tiles_pro.lattice import Lattice

__all__ = ["DARK_STEPS", "Surface", "extend_ramp", "shade_colors"]

#: Extra shades below the ramp (index 0 of the extended ramp is the darkest).
DARK_STEPS = 2
#: Textures rendered per surface; the most even one is kept.
CANDIDATES = 4


def _unevenness(rgba: np.ndarray) -> float:
    """How much a texture's broad light and dark patches differ (low = even).

    A tile repeats on every lattice step, so a broad light or dark patch becomes a grid
    across the map (ART.md §1.7: detail concentrated in one part of the tile). The
    lightness blurred at a third of the tile, on the torus, has a small spread for an
    even texture.
    """
    lightness = srgb_to_oklab(rgba[..., :3])[..., 0]
    sigma = max(1.0, min(rgba.shape[:2]) / 6)
    return float(ndimage.gaussian_filter(lightness, sigma, mode="wrap").std())


def _turn(hue: float, target: float, amount: float) -> float:
    diff = (target - hue + 180.0) % 360.0 - 180.0
    return (hue + float(np.clip(diff, -amount, amount))) % 360.0


def shade_colors(rgb: np.ndarray, steps: float, step_l: float = 0.075) -> np.ndarray:
    """Colours moved ``steps`` ramp steps darker (negative) or lighter, hue-shifted."""
    rgb = np.asarray(rgb, np.uint8).reshape(-1, 3)
    lch = oklab_to_oklch(srgb_to_oklab(rgb))
    out = lch.copy()
    out[:, 0] = np.clip(lch[:, 0] + steps * step_l, 0.08, 0.98)
    if steps < 0:
        out[:, 1] = lch[:, 1] * (0.92 ** abs(steps))
        out[:, 2] = [_turn(h, COOL_HUE, 7.0 * abs(steps)) for h in lch[:, 2]]
    elif steps > 0:
        out[:, 1] = lch[:, 1] * (0.85**steps)
        out[:, 2] = [_turn(h, WARM_HUE, 6.0 * steps) for h in lch[:, 2]]
    srgb = oklab_to_srgb(oklch_to_oklab(out))
    return np.clip(np.rint(srgb), 0, 255).astype(np.uint8)


def extend_ramp(ramp: np.ndarray) -> np.ndarray:
    """The ramp with :data:`DARK_STEPS` darker shades before it and one lighter after."""
    ramp = np.asarray(ramp, np.uint8)
    lab = srgb_to_oklab(ramp)
    step = float(np.clip(np.diff(lab[:, 0]).mean() if len(ramp) > 1 else 0.08, 0.06, 0.11))
    darks = [shade_colors(ramp[:1], -(k + 1), step)[0] for k in range(DARK_STEPS)][::-1]
    light = shade_colors(ramp[-1:], 0.8, step)[0]
    return np.concatenate([np.array(darks, np.uint8), ramp, light[None]])


@dataclass(frozen=True)
class Surface:
    """A material on a torus, readable at screen pixels through a lattice."""

    lattice: Lattice
    rgb: np.ndarray  # (rows, cols, 3) uint8
    level: np.ndarray  # (rows, cols) int: extended-ramp index, -1 for accent pixels
    ramp: np.ndarray  # extended ramp (n + DARK_STEPS + 1, 3)
    spec: MaterialSpec

    @classmethod
    def render(
        cls,
        spec: MaterialSpec | str,
        lattice: Lattice,
        seed: int,
        style: Style | None = None,
        reference: Reference | None = None,
        palette: np.ndarray | None = None,
    ) -> Surface:
        tex = min(
            (
                render_material(
                    spec,
                    lattice.shape,
                    derive_seed(seed, "candidate", k),
                    style,
                    reference,
                    palette,
                )
                for k in range(CANDIDATES)
            ),
            key=lambda t: _unevenness(t.rgba),
        )
        n = len(tex.ramp)
        level = np.where(tex.index < n, tex.index.astype(np.int64) + DARK_STEPS, -1)
        return cls(lattice, tex.rgba[..., :3].copy(), level, extend_ramp(tex.ramp), tex.spec)

    @property
    def base(self) -> int:
        """Extended-ramp index of the ramp's darkest shade."""
        return DARK_STEPS

    @property
    def top(self) -> int:
        """Extended-ramp index of the ramp's lightest shade."""
        return len(self.ramp) - 2

    def with_pixels(self, rgb: np.ndarray, level: np.ndarray) -> Surface:
        """The same surface with other torus pixels (a variation of its texture)."""
        return Surface(self.lattice, rgb, level, self.ramp, self.spec)

    def read(self, ys: np.ndarray, xs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Colours and levels at integer screen pixels."""
        ty, tx = self.lattice.index(ys, xs)
        return self.rgb[ty, tx], self.level[ty, tx]

    def colors(self, ys: np.ndarray, xs: np.ndarray, shift: np.ndarray | int = 0) -> np.ndarray:
        """Colours at screen pixels, ``shift`` ramp steps lighter (+) or darker (-)."""
        rgb, level = self.read(ys, xs)
        shift = np.broadcast_to(np.asarray(shift, np.int64), level.shape)
        out = rgb.copy()
        ramp_px = (level >= 0) & (shift != 0)
        idx = np.clip(level[ramp_px] + shift[ramp_px], 0, len(self.ramp) - 1)
        out[ramp_px] = self.ramp[idx]
        accent = (level < 0) & (shift != 0)
        if accent.any():
            for k in np.unique(shift[accent]).tolist():
                sel = accent & (shift == k)
                colors, inverse = np.unique(out[sel], axis=0, return_inverse=True)
                out[sel] = shade_colors(colors, float(k))[inverse.ravel()]
        return out

    def level_color(self, index: int) -> np.ndarray:
        """One extended-ramp colour (clamped)."""
        return self.ramp[int(np.clip(index, 0, len(self.ramp) - 1))]
