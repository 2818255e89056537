"""Paints to ramps, and one palette per subject shared by every direction and frame.

Each role (skin, hair, cloth, metal...) gets a hue-shifted OKLCH ramp from the engine's
:func:`~pixelkiln.engine.palette.build_ramp`: index 0 is its line shade (interior lines,
selective outlines), then one shade per tone band of the shading style, dark to light,
and for shiny finishes one specular shade on top. The base tone lands on the paint's
own lightness, so "red cape" is that red in the light, darker in shadow. Steps are about
0.11 OKLab L apart: sprites need stronger value steps than terrain (ART.md §1.1, §1.6).

A subject's palette is built once, before any pixel: every direction and every frame of
every animation indexes into the same colour table, so the set agrees by construction
and the PNGs can carry that exact table (palette swaps in a game engine keep working).
``color_image`` forcing maps each ramp onto the forced colours with
:func:`~pixelkiln.engine.palette.fit_to_palette` (distinct shades stay distinct where the
palette allows), the outline colour onto its nearest: adherence is exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.color import oklab_to_srgb, oklch_to_oklab, srgb_to_oklab
from pixelkiln.engine.palette import COOL_HUE, WARM_HUE, _gamut_map, _turn, fit_to_palette
from pixelkiln.engine.subjects.model import Model, Paint
from pixelkiln.engine.subjects.style import SubjectStyle

__all__ = ["SubjectPalette", "build_palette", "ramp_for"]

_STEP = 0.11  # OKLab L between neighbouring shades of a sprite ramp
_BLACK = np.array([12, 10, 16], np.uint8)
_SHARE = 0.045  # OKLab distance under which two roles' colours are drawn as one


def _base_index(tones: int) -> int:
    """Ramp index of the base (lit-side) tone: shadow shades below it, one light above."""
    return {1: 1, 2: 2, 3: 2, 4: 3}[tones]


def ramp_for(paint: Paint, tones: int) -> np.ndarray:
    """The ramp of one paint: line shade, ``tones`` fill shades, a highlight if shiny.

    Built around the base tone: it has the paint's own lightness and full chroma (the
    colour the description named); each step darker loses a little chroma and turns
    toward blue-violet, each step lighter loses more and turns toward warm yellow
    (ART.md §1.1: saturation peaks in the mid tones, shadows cool, lights warm).
    Near-greys get a faint cool or warm tint at the ends instead of a hue turn.
    """
    if paint.finish == "glow":
        n, base = 3, 1
    else:
        n = tones + 1 + (1 if paint.finish in ("shiny", "glass") and tones >= 2 else 0)
        base = _base_index(tones)
    step = _STEP * paint.contrast
    k = np.arange(n) - base
    # Lights rise in smaller steps than shadows fall: a lit skin or cloth stays its colour
    # instead of bleaching to white.
    lightness = paint.lightness + np.where(k > 0, 0.7 * k, k) * step
    # Slide the whole ramp into the usable range rather than squashing it.
    lightness += max(0.0, 0.12 - lightness[0]) - max(0.0, lightness[-1] - 0.95)
    chroma = paint.chroma * np.where(k < 0, 1.0 - 0.12 * -k, 1.0 - 0.22 * k)
    chroma = np.clip(chroma, 0.0, None)
    grey = paint.chroma < 0.04
    hue = np.array(
        [
            _turn(paint.hue, COOL_HUE, 9.0 * -d) if d < 0 else _turn(paint.hue, WARM_HUE, 9.0 * d)
            for d in k
        ]
    )
    if grey:
        hue = np.where(k < 0, COOL_HUE, np.where(k > 0, WARM_HUE, paint.hue))
        chroma = chroma + np.where(k < 0, 0.012, np.where(k > 0, 0.01, 0.0))
    lch = _gamut_map(np.stack([lightness, chroma, hue], axis=1))
    return np.clip(np.rint(oklab_to_srgb(oklch_to_oklab(lch))), 0, 255).astype(np.uint8)


def _single_outline(paint: Paint) -> np.ndarray:
    """A dark, quiet version of the main paint's hue: the single-colour outline."""
    lch = np.array([0.24, min(0.045, paint.chroma * 0.5), paint.hue])
    return np.clip(np.rint(oklab_to_srgb(oklch_to_oklab(lch))), 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class SubjectPalette:
    """Colours of a subject (index 0 is transparent) and where each role's ramp sits."""

    colors: np.ndarray  # (k, 3) uint8; colors[0] unused (transparent)
    ramps: dict[str, np.ndarray]  # role -> indices into colors, line shade first
    tones: int
    outline: int | None  # index of the black or single-colour outline, if one is used
    glow: bool = False  # the outline is a glow: drawn round the silhouette in every style

    def fill(self, role: str, tone: int) -> int:
        """Index of fill tone ``tone`` (1 = darkest fill) of ``role``."""
        ramp = self.ramps[role]
        return int(ramp[min(tone, len(ramp) - 1)])

    def line(self, role: str) -> int:
        return int(self.ramps[role][0])

    def with_colors(self, colors: np.ndarray) -> SubjectPalette:
        """The same palette with ``colors`` appended (those it lacks), for effects."""
        table = [tuple(int(v) for v in c) for c in self.colors]
        known = set(table[1:])
        for c in np.asarray(colors, np.uint8).reshape(-1, 3):
            key = tuple(int(v) for v in c)
            if key not in known:
                known.add(key)
                table.append(key)
        return SubjectPalette(
            np.array(table, np.uint8), self.ramps, self.tones, self.outline, self.glow
        )

    def lookup(self, colors: np.ndarray) -> np.ndarray:
        """Indices of ``(n, 3)`` colours that are in the table (KeyError otherwise)."""
        where = {tuple(int(v) for v in c): i for i, c in enumerate(self.colors) if i}
        return np.array([where[tuple(int(v) for v in c)] for c in colors], np.int64)

    def rgba(self) -> np.ndarray:
        """The table as (k, 4) RGBA, index 0 fully transparent."""
        out = np.concatenate([self.colors, np.full((len(self.colors), 1), 255, np.uint8)], 1)
        out[0] = 0
        return out


def build_palette(
    model: Model, style: SubjectStyle, forced: np.ndarray | None = None
) -> SubjectPalette:
    """The palette every render of ``model`` in ``style`` uses."""
    tones = style.tones
    table: list[tuple[int, int, int]] = [(0, 0, 0)]
    index: dict[tuple[int, int, int], int] = {}

    def add(rgb: np.ndarray) -> int:
        key = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
        if key not in index:
            index[key] = len(table)
            table.append(key)
        return index[key]

    outline_rgb: np.ndarray | None = None
    glow = model.info.get("outline_paint")
    if isinstance(glow, Paint):
        outline_rgb = ramp_for(glow, 2)[-1]
    elif style.outline == "single color black outline":
        outline_rgb = _BLACK
    elif style.outline == "single color outline":
        outline_rgb = _single_outline(model.paints[model.main_role])
    forced_arr = None if forced is None or len(forced) == 0 else np.asarray(forced, np.uint8)
    if outline_rgb is not None and forced_arr is not None:
        lab = srgb_to_oklab(forced_arr)
        outline_rgb = forced_arr[
            int(np.argmin(np.linalg.norm(lab - srgb_to_oklab(outline_rgb), axis=1)))
        ]
    outline = add(outline_rgb) if outline_rgb is not None else None
    raw: dict[str, np.ndarray] = {}
    for role in model.roles:
        ramp = ramp_for(model.paints[role], tones)
        if forced_arr is not None:
            ramp = fit_to_palette(ramp, forced_arr)
        raw[role] = ramp
    if forced_arr is None:
        raw = _share_near_colours(raw, outline_rgb)
    ramps = {role: np.array([add(c) for c in ramp], np.int64) for role, ramp in raw.items()}
    return SubjectPalette(np.array(table, np.uint8), ramps, tones, outline, isinstance(glow, Paint))


def _share_near_colours(
    ramps: dict[str, np.ndarray], outline: np.ndarray | None
) -> dict[str, np.ndarray]:
    """Colours of different roles closer than :data:`_SHARE` (a brown belt and brown boots,
    two near-black line shades) become one colour, the first role's: a sprite keeps a
    small palette of distinct colours (ART.md §1.1: few colours, shared across materials).
    Shades of one ramp are always far apart, so a ramp keeps all its steps."""
    kept: list[np.ndarray] = [] if outline is None else [np.asarray(outline, np.uint8)]
    kept_lab: list[np.ndarray] = [srgb_to_oklab(c) for c in kept]
    out: dict[str, np.ndarray] = {}
    for role, ramp in ramps.items():
        shared = ramp.copy()
        for i, colour in enumerate(ramp):
            lab = srgb_to_oklab(colour)
            near = [j for j, k in enumerate(kept_lab) if np.linalg.norm(k - lab) < _SHARE]
            if near:
                best = min(near, key=lambda j: np.linalg.norm(kept_lab[j] - lab))
                shared[i] = kept[best]
            else:
                kept.append(colour)
                kept_lab.append(lab)
        if len({tuple(c) for c in shared}) < len(ramp):
            shared = ramp  # two steps would merge: this ramp keeps its own colours
        out[role] = shared
    return out
