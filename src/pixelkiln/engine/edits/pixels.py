"""Applying edit operations to the pixels of an image the service did not draw.

The subject is found with the sprite analysis (:mod:`.figure`): its mask, outline and
parts (hair, face, torso, cape, legs, feet, each a colour family). A part word selects
its part's pixels (a cape not found: the torso); without a part the whole subject is
meant (an opaque picture with no subject to find: the whole picture). Outline pixels are
left alone.

Colour operations map each *colour* to one new colour (OKLCh), so an edited image has as
many colours as before. Conditions paint with the image's own darker shades (damage),
or a short ramp of their own (snow, rust, moss, flames). Every operation touches only the
pixels it names: everything else is returned byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, oklab_to_srgb, srgb_to_oklab
from pixelkiln.engine.edits.figure import PART_KEYS, figure_parts
from pixelkiln.engine.edits.grammar import EditOp, read_instruction
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.subjects.colors import MATERIAL_PAINTS
from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = ["Edited", "apply_edit", "part_pixels", "subject_parts"]

_SNOW = np.array([[250, 252, 255], [214, 228, 246]], np.uint8)
_RUST = np.array([[92, 44, 26], [150, 72, 36], [196, 110, 56]], np.uint8)
_MOSS = np.array([[52, 92, 40], [86, 132, 52]], np.uint8)
_FLAME = np.array([[214, 64, 28], [250, 150, 40], [255, 230, 120]], np.uint8)


@dataclass
class Edited:
    rgba: np.ndarray
    ops: list[EditOp]
    changed: np.ndarray  # (h, w) bool
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "operations": [o.to_dict() for o in self.ops],
            "changed_pixels": int(self.changed.sum()),
            "notes": list(self.notes),
        }


def _lch(rgb: np.ndarray) -> np.ndarray:
    return oklab_to_oklch(srgb_to_oklab(np.asarray(rgb, np.float64)))


def _rgb(lch: np.ndarray) -> np.ndarray:
    h = np.deg2rad(lch[..., 2])
    lab = np.stack([lch[..., 0], lch[..., 1] * np.cos(h), lch[..., 1] * np.sin(h)], -1)
    return np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)


def subject_parts(rgba: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray]:
    """(subject mask, part name -> its pixels, outline mask).

    Parts are the figure's (:func:`~pixelkiln.engine.edits.figure.figure_parts`): hair,
    face, torso, cape, legs, feet; ``head`` is the hair, or the face when there is none
    (a helmet). An opaque picture with no subject to find is all subject, without parts.
    """
    h, w = rgba.shape[:2]
    alpha = rgba[..., 3] > 127
    if alpha.all() and _flat_border(rgba) is None:
        return np.ones((h, w), bool), {}, np.zeros((h, w), bool)
    try:
        fig = figure_parts(rgba)
    except ValueError:  # too little to read: the whole subject is meant
        return alpha if not alpha.all() else np.ones((h, w), bool), {}, np.zeros((h, w), bool)
    parts = dict(fig.parts)
    parts["head"] = parts["hair"] if parts["hair"].any() else parts["face"]
    return fig.mask, parts, fig.outline


def part_pixels(parts: dict[str, np.ndarray], op: EditOp) -> np.ndarray | None:
    """The pixels ``op``'s part word names (None: no such part was found)."""
    if op.part is None:
        return None
    key = PART_KEYS.get(op.part, op.region)
    for name in (key, op.region):  # a cape not found: the torso it would be worn over
        if name is not None and name in parts and parts[name].any():
            return parts[name]
    return None


def _flat_border(rgba: np.ndarray) -> tuple[int, int, int] | None:
    edge = np.concatenate([rgba[0], rgba[-1], rgba[:, 0], rgba[:, -1]])[..., :3]
    colors, counts = np.unique(edge, axis=0, return_counts=True)
    top = counts.argmax()
    return tuple(int(c) for c in colors[top]) if counts[top] >= 0.6 * len(edge) else None  # type: ignore[return-value]


def _map_colors(out: np.ndarray, sel: np.ndarray, fn) -> None:
    if not sel.any():
        return
    colors, inverse = np.unique(out[..., :3][sel], axis=0, return_inverse=True)
    out[..., :3][sel] = fn(colors)[inverse.ravel()]


def _recolour(colour: str) -> object:
    word = NAMED_COLORS[colour]

    def fn(colors: np.ndarray) -> np.ndarray:
        lch = _lch(colors)
        mean_c = max(1e-3, float(lch[:, 1].mean()))
        lch[:, 2] = word.hue
        lch[:, 1] = word.chroma * np.clip(0.55 + 0.45 * lch[:, 1] / mean_c, 0.4, 1.3)
        if word.chroma < 0.02 and abs(word.dl) >= 0.2:
            # White or black: the shades land near the word's own lightness, keeping
            # their steps (brown hair turned white is white, not grey).
            mean_l = float(lch[:, 0].mean())
            target = 0.9 if word.dl > 0 else 0.22
            lch[:, 0] = np.clip(target + (lch[:, 0] - mean_l) * 0.6, 0.08, 0.97)
        elif word.chroma < 0.02:  # grey: lightness carries the colour
            lch[:, 0] = np.clip(lch[:, 0] + word.dl, 0.08, 0.97)
        else:
            lch[:, 0] = np.clip(lch[:, 0] + word.dl * 0.5, 0.1, 0.95)
        return _rgb(lch)

    return fn


_PALETTE_MOVES: dict[str, tuple[float | None, float, float, float]] = {
    # target hue (None: keep), hue share, chroma factor, lightness shift
    "winter": (235.0, 0.55, 0.45, 0.08),
    "autumn": (55.0, 0.6, 1.1, -0.02),
    "spring": (135.0, 0.35, 0.9, 0.06),
    "summer": (None, 0.0, 1.3, 0.02),
    "night": (262.0, 0.5, 0.6, -0.18),
    "sepia": (70.0, 1.0, 0.0, 0.0),
    "greyscale": (None, 0.0, 0.0, 0.0),
    "sunset": (40.0, 0.45, 1.1, -0.04),
    "desert": (75.0, 0.5, 0.85, 0.04),
}


def _palette(name: str) -> object:
    target, share, cf, dl = _PALETTE_MOVES[name]

    def fn(colors: np.ndarray) -> np.ndarray:
        lch = _lch(colors)
        if target is not None:
            diff = ((target - lch[:, 2] + 180) % 360) - 180
            lch[:, 2] = (lch[:, 2] + diff * share) % 360
        lch[:, 1] *= cf
        if name == "sepia":
            lch[:, 1] = 0.05
        lch[:, 0] = np.clip(lch[:, 0] + dl, 0.05, 0.97)
        return _rgb(lch)

    return fn


def _material(name: str) -> object:
    paint = MATERIAL_PAINTS.get(name) or MATERIAL_PAINTS["wood"]

    def fn(colors: np.ndarray) -> np.ndarray:
        lch = _lch(colors)
        spread = lch[:, 0] - lch[:, 0].mean()
        lch[:, 0] = np.clip(paint.lightness + spread * 0.8, 0.08, 0.97)
        lch[:, 1] = paint.chroma * np.clip(0.7 + spread, 0.4, 1.3)
        lch[:, 2] = paint.hue
        return _rgb(lch)

    return fn


def _top_edge(sel: np.ndarray, depth: int = 1) -> np.ndarray:
    """Pixels of ``sel`` with nothing of ``sel`` above them (``depth`` rows deep)."""
    above = np.vstack([np.zeros((1, sel.shape[1]), bool), sel[:-1]])
    top = sel & ~above
    out = top.copy()
    for _ in range(depth - 1):
        top = np.vstack([np.zeros((1, sel.shape[1]), bool), top[:-1]]) & sel
        out |= top
    return out


def _darker_of(out: np.ndarray, colors: np.ndarray) -> np.ndarray:
    """Each colour's next darker colour among the image's own colours (damage, shade)."""
    own = np.unique(out[..., :3][out[..., 3] > 0], axis=0)
    lab_own = srgb_to_oklab(own.astype(np.float64))
    lab = srgb_to_oklab(colors.astype(np.float64))
    result = colors.copy()
    for i, c in enumerate(lab):
        darker = lab_own[:, 0] < c[0] - 0.04
        if darker.any():
            d = (
                np.linalg.norm(lab_own[darker][:, 1:] - c[1:], axis=-1)
                + (c[0] - lab_own[darker][:, 0]) * 0.5
            )
            result[i] = own[darker][d.argmin()]
    return result


def _condition(out: np.ndarray, sel: np.ndarray, outline: np.ndarray, name: str, seed: int) -> None:
    h, w = sel.shape
    rng = make_rng(seed, "edit condition", name)
    inner = sel & ~outline
    if name == "damaged":
        n = max(2, int(np.sqrt(inner.sum()) / 4))
        ys, xs = np.nonzero(inner)
        if len(ys) == 0:
            return
        crack = np.zeros_like(sel)
        for k in rng.integers(0, len(ys), n):
            y, x = int(ys[k]), int(xs[k])
            for _ in range(int(rng.integers(3, 7))):
                if 0 <= y < h and 0 <= x < w and inner[y, x]:
                    crack[y, x] = True
                y += int(rng.integers(0, 2))
                x += int(rng.choice([-1, 1]))
        chip = _top_edge(sel) & (rng.random((h, w)) < 0.25) & ~outline
        dam = crack | chip
        _map_colors(out, dam, lambda c: _darker_of(out, _darker_of(out, c)))
    elif name in ("snow", "frozen"):
        # Snow settles on the first pixels under the outline, the way light falls.
        cap = _top_edge(inner, 2)
        top = _top_edge(inner, 1)
        out[..., :3][cap] = _SNOW[1]
        out[..., :3][top] = _SNOW[0]
        if name == "frozen":
            _map_colors(out, inner & ~cap, _palette("winter"))  # type: ignore[arg-type]
    elif name == "glowing":
        _map_colors(out, inner, _palette("summer"))  # type: ignore[arg-type]
        lch = _lch(out[..., :3][inner]) if inner.any() else np.zeros((0, 3))
        hue = float(np.median(lch[:, 2])) if len(lch) else 60.0
        glow = _rgb(np.array([[0.9, 0.16, hue]]))[0]
        ring = outline if outline.any() else (sel & ~_shrink(sel))
        out[..., :3][ring] = glow
    elif name == "rusty":
        lch = _lch(out[..., :3])
        metal = inner & (lch[..., 1] < 0.06)
        spots = metal & (rng.random((h, w)) < 0.35)
        spots |= _grow(spots) & metal & (rng.random((h, w)) < 0.5)
        level = np.clip((lch[..., 0] * 3).astype(int) - 0, 0, 2)
        out[..., :3][spots] = _RUST[level[spots]]
    elif name == "mossy":
        moss = _top_edge(inner, 2) & (rng.random((h, w)) < 0.8)
        out[..., :3][moss] = _MOSS[(rng.random(int(moss.sum())) < 0.5).astype(int)]
    elif name == "burning":
        _map_colors(out, inner, lambda c: _darker_of(out, c))
        top = _top_edge(sel)
        ys, xs = np.nonzero(top)
        for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
            tall = int(rng.integers(1, 4))
            for k in range(1, tall + 1):
                if y - k >= 0 and out[y - k, x, 3] == 0:
                    out[y - k, x] = (*_FLAME[min(2, k - 1)], 255)


def _grow(m: np.ndarray) -> np.ndarray:
    g = m.copy()
    g[1:] |= m[:-1]
    g[:-1] |= m[1:]
    g[:, 1:] |= m[:, :-1]
    g[:, :-1] |= m[:, 1:]
    return g


def _shrink(m: np.ndarray) -> np.ndarray:
    return ~_grow(~m)


def apply_edit(
    rgba: np.ndarray, instruction: str, seed: int = 0, ops: list[EditOp] | None = None
) -> Edited:
    """``rgba`` edited as ``instruction`` says (see the module docstring).

    ``add`` and ``remove`` are not pixel operations here: the service draws an added
    item with the subject engine and fills a removed part (:mod:`pixelkiln.engine.inpaint`);
    they are returned in ``ops`` untouched.
    """
    ops = read_instruction(instruction) if ops is None else ops
    out = rgba.copy()
    mask, parts, outline = subject_parts(rgba)
    notes: list[str] = []
    for op in ops:
        sel = mask & ~outline
        if op.part is not None and op.kind in ("recolour", "material"):
            named = part_pixels(parts, op)
            if named is not None:
                sel = named
            elif op.region is not None:
                notes.append(f"no {op.part} found: the whole subject was edited")
        if op.kind == "recolour" and op.value in NAMED_COLORS:
            _map_colors(out, sel, _recolour(op.value))  # type: ignore[arg-type]
        elif op.kind == "palette":
            _map_colors(out, mask, _palette(op.value or "winter"))  # type: ignore[arg-type]
        elif op.kind == "material":
            _map_colors(out, sel, _material(op.value or "wood"))  # type: ignore[arg-type]
            if op.value == "wood":  # grain: every third row one shade darker
                rows = (np.arange(out.shape[0]) % 3 == 1)[:, None] & sel
                _map_colors(out, rows, lambda c: _darker_of(out, c))
        elif op.kind == "condition":
            _condition(out, mask, outline, op.value or "damaged", seed)
    changed = (out != rgba).any(-1)
    return Edited(out, ops, changed, notes)
