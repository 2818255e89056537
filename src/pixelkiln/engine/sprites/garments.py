"""Hoods and capes read from a figure drawn facing the viewer.

A figure is fitted as a plain mannequin; these two garments change what its back looks
like, so they are looked for before the fit and dressed on the model (the subject
engine's ``hood`` headwear and ``cape``), in the sprite's own colours:

- **hood**: the top of the head is not skin, there is skin lower down (a face: a closed
  helmet has none), and the top's colour runs on into the shoulders (the first rows
  under the neck hold it at the silhouette's sides);
- **cape**: one material (not skin, not the legs') at both sides of the silhouette in
  most rows from the shoulders down and at its sides below the hips: something hanging
  behind and around the body, wider than it, reaching past the hips.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.sprites.analyse import ColourGroup, SpriteAnalysis

__all__ = ["Garments", "read_garments"]

_SIDE_SHARE = 0.6  # of the rows from the shoulders to the feet a cape borders


@dataclass(frozen=True)
class Garments:
    hood: ColourGroup | None = None
    cape: ColourGroup | None = None


def _group_of(analysis: SpriteAnalysis, rgb: tuple[int, int, int]) -> ColourGroup | None:
    for region in analysis.regions.values():
        for group in region.colours:
            if rgb in group.shades:
                return group
    return None


def _sides(rgba: np.ndarray, solid: np.ndarray, row: int) -> list[tuple[int, int, int]]:
    """The outermost colours of a row's silhouette, left and right."""
    xs = np.nonzero(solid[row])[0]
    if not len(xs):
        return []
    return [tuple(int(v) for v in rgba[row, x, :3]) for x in (xs[0], xs[-1])]  # type: ignore[misc]


def read_garments(rgba: np.ndarray, analysis: SpriteAnalysis) -> Garments:
    """The hood and cape of a figure facing the viewer (see the module docstring)."""
    rgba = np.asarray(rgba, np.uint8)
    solid = analysis.mask.astype(bool) & (rgba[..., 3] >= 128)
    if analysis.outline_rgb is not None:  # the sides inside the outline
        solid &= (rgba[..., :3] != np.array(analysis.outline_rgb, np.uint8)).any(-1)
    skin = _group_of(analysis, analysis.face) if analysis.face else None
    skin_shades = set(skin.shades) if skin else set()
    top, neck = analysis.box.top, analysis.neck
    hood = None
    crown = rgba[top : top + max(1, analysis.head_px // 4)][
        solid[top : top + max(1, analysis.head_px // 4)]
    ]
    if len(crown) and skin_shades:
        colours, counts = np.unique(crown[:, :3], axis=0, return_counts=True)
        main = tuple(int(v) for v in colours[counts.argmax()])
        shoulders = {
            c for r in range(neck, min(neck + 2, rgba.shape[0])) for c in _sides(rgba, solid, r)
        }
        group = _group_of(analysis, main)  # type: ignore[arg-type]
        if group is not None and main not in skin_shades and shoulders & set(group.shades):
            hood = group
    legs = analysis.regions.get("legs")
    leg_main = set(legs.colours[0].shades) if legs is not None and legs.colours else set()
    rows = range(neck + 1, analysis.feet)
    below = analysis.crotch if analysis.crotch is not None else (neck + analysis.feet) // 2
    counts: dict[tuple[int, int, int], int] = {}
    low: set[tuple[int, int, int]] = set()
    for r in rows:
        sides = _sides(rgba, solid, r)
        if len(sides) == 2 and sides[0] == sides[1]:
            counts[sides[0]] = counts.get(sides[0], 0) + 1
        if r >= below:
            low.update(sides)
    cape = None
    for colour, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        group = _group_of(analysis, colour)
        if group is None or colour in skin_shades or colour in leg_main:
            continue
        if n >= _SIDE_SHARE * max(1, len(rows)) and low & set(group.shades):
            cape = group
        break
    return Garments(hood, cape)
