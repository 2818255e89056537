"""Terrain textures of a tile set and the shades its boundaries are drawn with.

A :class:`TerrainSpec` holds everything that draws one terrain: description, seed, tile
size, style, a forced palette and a reference image's statistics. The engine is
deterministic, so a spec renders the identical texture every time: it is what a base
tile id stores, and what a connected set reuses to share a terrain pixel for pixel.

Every terrain is a seamless texture with the tile's period, sampled at world
coordinates. Boundary effects (lips, shadows, slopes) move a pixel along its material's
ramp (:class:`ShadeTable`), extended by extrapolated darker and lighter shades, so a
shadow on sand is a darker sand, not grey paint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pixelkiln.engine.color import (
    hex_to_rgb,
    oklab_to_oklch,
    oklab_to_srgb,
    oklch_to_oklab,
    rgb_to_hex,
    srgb_to_oklab,
)
from pixelkiln.engine.materials import Texture, render_material
from pixelkiln.engine.palette import COOL_HUE, WARM_HUE
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.style import Style

__all__ = ["MAX_STEP", "MIN_STEP", "ShadeTable", "TerrainSpec", "render_terrain"]

MIN_STEP, MAX_STEP = -3, 2
_L_STEP = 0.07


@dataclass(frozen=True)
class TerrainSpec:
    """What draws one terrain again, pixel for pixel (JSON round-trips exactly)."""

    description: str
    seed: int
    tile: int
    outline: str = "lineless"
    shading: str = "basic shading"
    detail: str = "medium detail"
    #: Forced palette as ``#rrggbb`` strings (a ``color_image``'s colours).
    palette: tuple[str, ...] = ()
    #: A reference image's statistics (:class:`~pixelkiln.engine.reference.Reference`).
    reference: dict[str, Any] | None = field(default=None, hash=False)

    @property
    def style(self) -> Style:
        return Style(outline=self.outline, shading=self.shading, detail=self.detail)

    def palette_array(self) -> np.ndarray | None:
        if not self.palette:
            return None
        return np.array([hex_to_rgb(h) for h in self.palette], np.uint8)

    def reference_obj(self) -> Reference | None:
        r = self.reference
        if not r:
            return None
        return Reference(
            colors=np.array(r["colors"], np.uint8).reshape(-1, 3),
            weights=np.array(r["weights"], np.float64),
            cluster=float(r["cluster"]),
            contrast=float(r["contrast"]),
            n_colors=int(r["n_colors"]),
            strength=float(r["strength"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "description": self.description,
            "seed": int(self.seed),
            "tile": int(self.tile),
            "outline": self.outline,
            "shading": self.shading,
            "detail": self.detail,
            "palette": list(self.palette),
            "reference": self.reference,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TerrainSpec:
        return cls(
            description=str(data["description"]),
            seed=int(data["seed"]),
            tile=int(data["tile"]),
            outline=str(data.get("outline", "lineless")),
            shading=str(data.get("shading", "basic shading")),
            detail=str(data.get("detail", "medium detail")),
            palette=tuple(data.get("palette") or ()),
            reference=data.get("reference"),
        )

    @staticmethod
    def reference_stats(ref: Reference | None) -> dict[str, Any] | None:
        """A reference's statistics as JSON (what a spec stores)."""
        if ref is None:
            return None
        return {
            "colors": ref.colors.astype(int).tolist(),
            "weights": [float(w) for w in ref.weights],
            "cluster": float(ref.cluster),
            "contrast": float(ref.contrast),
            "n_colors": int(ref.n_colors),
            "strength": float(ref.strength),
        }

    @staticmethod
    def palette_hex(palette: np.ndarray | None) -> tuple[str, ...]:
        if palette is None:
            return ()
        return tuple(rgb_to_hex(tuple(int(v) for v in c)) for c in np.asarray(palette, np.uint8))


def render_terrain(spec: TerrainSpec) -> Texture:
    """The seamless texture of a terrain spec (period = the spec's tile size)."""
    return render_material(
        spec.description,
        spec.tile,
        spec.seed,
        style=spec.style,
        reference=spec.reference_obj(),
        palette=spec.palette_array(),
    )


def _extend(colors: np.ndarray, steps: int, cool: bool) -> np.ndarray:
    """``steps`` shades beyond ``colors[0]`` (darker, cooler) or lighter and warmer."""
    lch = oklab_to_oklch(srgb_to_oklab(np.asarray(colors, np.uint8).reshape(1, 3)))[0]
    out = []
    for j in range(1, steps + 1):
        l_, c_, h_ = lch
        if cool:
            l_ = max(0.08, l_ - _L_STEP * j)
            c_ = c_ * 0.92**j
            target = COOL_HUE
        else:
            l_ = min(0.98, l_ + _L_STEP * j)
            c_ = c_ * 0.85**j
            target = WARM_HUE
        diff = (target - h_ + 180.0) % 360.0 - 180.0
        h_ = (h_ + np.clip(diff, -7.0 * j, 7.0 * j)) % 360.0
        lab = oklch_to_oklab(np.array([[l_, c_, h_]]))
        out.append(np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)[0])
    return np.array(out, np.uint8).reshape(-1, 3)


class ShadeTable:
    """Colours of a texture moved ``step`` shades along its ramp (-3 .. +2)."""

    def __init__(self, tex: Texture) -> None:
        n = len(tex.ramp)
        dark = _extend(tex.ramp[0], -MIN_STEP, cool=True)[::-1]
        light = _extend(tex.ramp[-1], MAX_STEP, cool=False)
        ext = np.concatenate([dark, tex.ramp, light])
        span = MAX_STEP - MIN_STEP + 1
        table = np.zeros((len(tex.colors), span, 3), np.uint8)
        for i, col in enumerate(tex.colors):
            for j, step in enumerate(range(MIN_STEP, MAX_STEP + 1)):
                if i < n:
                    table[i, j] = ext[i - MIN_STEP + step]
                elif step == 0:
                    table[i, j] = col
                elif step < 0:
                    table[i, j] = _extend(col, -step, cool=True)[-1]
                else:
                    table[i, j] = _extend(col, step, cool=False)[-1]
        self.table = table
        self.tex = tex

    def sample(
        self,
        ty: np.ndarray,
        tx: np.ndarray,
        step: np.ndarray | int = 0,
        within: bool | np.ndarray = False,
    ) -> np.ndarray:
        """RGB of the texture at periodic coordinates, moved by ``step`` shades.

        ``within`` (per pixel or for all) keeps darkening inside the material's own ramp:
        no extrapolated darker shade (a wet edge on sand stays a sand colour).
        """
        idx = self.tex.index[ty, tx]
        s = np.clip(np.asarray(step), MIN_STEP, MAX_STEP)
        if np.any(within):
            floor = np.where(idx < len(self.tex.ramp), -idx, 0)
            s = np.where(within, np.maximum(s, np.minimum(floor, 0)), s)
        return self.table[idx, s - MIN_STEP]
