"""The parts of a figure the service did not draw, read with the sprite analysis.

:func:`figure_parts` (the analysis alone: fast) finds, on a south-facing figure:

- ``hair`` (also what a hat or helmet word names): the head rows' pixels of the colour
  family read at the top of the head, when it is not the face's;
- ``face``: the head rows' pixels of the face's colour family;
- ``torso`` (shirt, tunic, armour...): the torso's main colour family, those of its
  pixels connected to the body's central columns (sleeves included, a far thing of the
  same colour not);
- ``cape``: a colour family worn behind the body: on both sides of it, beside the
  central columns, from the shoulders down (not the shirt, skin, hair or outline); or,
  when a shield or an arm hides one side, a clearly coloured family on one side that
  hangs below the torso;
- ``legs``, ``feet``: the main colour families of those rows.

A *colour family* is a colour and its shades: the colours of the rows whose hue stays
within 25 degrees of it at a chroma between 0.4 and 2.5 times its own and a lightness
within 0.22 of its own (a greyish colour: the other greys of similar lightness), as
shading ramps do; brown hair over a light face is two families.

:func:`fit_figure` adds the fitted model (:func:`~pixelkiln.engine.sprites.understand.
understand_sprite`): its keypoints in pixels (the head and the hands), its silhouette,
and the **held item**: the pixels of colours drawn on one side of the body only (a
sword, a staff; not a cape or hands, which are on both sides) whose run reaches out of
the fitted silhouette.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.sprites.analyse import SpriteAnalysis, analyse_sprite
from pixelkiln.engine.sprites.fit import rest_mask
from pixelkiln.engine.sprites.understand import SpriteModel, understand_sprite

__all__ = ["PART_KEYS", "FigureFit", "FigureParts", "figure_parts", "fit_figure"]

#: The part a part word names (words not listed name their grammar region).
PART_KEYS: dict[str, str] = {
    **dict.fromkeys(("hair", "hat", "helmet", "hood", "crown", "cap", "helm", "head"), "head"),
    "face": "face",
    **dict.fromkeys(("cape", "cloak"), "cape"),
}

_EIGHT = ndimage.generate_binary_structure(2, 2)


@dataclass
class FigureParts:
    """The figure's mask, its outline pixels and each part's pixels."""

    analysis: SpriteAnalysis
    mask: np.ndarray
    outline: np.ndarray
    parts: dict[str, np.ndarray] = field(default_factory=dict)

    def found(self) -> list[str]:
        return [k for k, v in self.parts.items() if v.any()]


@dataclass
class FigureFit:
    """The fitted model's keypoints (label -> (x, y) pixels), its silhouette and the
    held item's pixels (empty when nothing is held)."""

    keypoints: dict[str, tuple[float, float]]
    silhouette: np.ndarray
    held: np.ndarray
    iou: float
    model: SpriteModel  # the fitted spec, camera and style, to draw things in its hands


def _lch(rgb: np.ndarray) -> np.ndarray:
    return oklab_to_oklch(srgb_to_oklab(np.asarray(rgb, np.float64)))


def _family(rgb: tuple[int, int, int], colours: np.ndarray) -> np.ndarray:
    """Which of ``colours`` (k, 3) are shades of ``rgb`` (see the module docstring)."""
    if not len(colours):
        return np.zeros(0, bool)
    base = _lch(np.array(rgb))
    lch = _lch(colours)
    near = np.abs(lch[:, 0] - base[0]) < 0.22
    if base[1] < 0.04:
        return (lch[:, 1] < 0.05) & (np.abs(lch[:, 0] - base[0]) < 0.18)
    dh = np.abs((lch[:, 2] - base[2] + 180) % 360 - 180)
    ratio = lch[:, 1] / max(base[1], 1e-6)
    return (dh < 25) & (ratio > 0.4) & (ratio < 2.5) & near


def _pixels_of(rgba: np.ndarray, rgb: tuple[int, int, int] | None, where: np.ndarray) -> np.ndarray:
    """The pixels of ``where`` whose colour is of ``rgb``'s family."""
    if rgb is None or not where.any():
        return np.zeros(where.shape, bool)
    colours, inverse = np.unique(rgba[..., :3][where], axis=0, return_inverse=True)
    keep = _family(rgb, colours)
    out = np.zeros(where.shape, bool)
    out[where] = keep[inverse.ravel()]
    return out


def _close(a: tuple[int, int, int] | None, b: tuple[int, int, int] | None) -> bool:
    if a is None or b is None:
        return a is b
    la, lb = srgb_to_oklab(np.array([a, b], np.float64))
    return float(np.linalg.norm(la - lb)) < 0.06


def _rows(shape: tuple[int, int], start: int, stop: int) -> np.ndarray:
    sel = np.zeros(shape, bool)
    sel[max(0, start) : max(0, stop)] = True
    return sel


def _core(a: SpriteAnalysis) -> np.ndarray:
    """The body's central columns, row by row (arms and held things left out)."""
    core = np.zeros(a.mask.shape, bool)
    for r in range(a.box.top, a.box.bottom + 1):
        w = int(a.widths[r])
        if w <= 0:
            continue
        xs = np.nonzero(a.mask[r])[0]
        x = a.centre_x if a.mask[r, a.centre_x] else int(xs[np.argmin(np.abs(xs - a.centre_x))])
        start = x
        while start > 0 and a.mask[r, start - 1]:
            start -= 1
        pad = max(0, w // 5)
        core[r, start + pad : max(start + pad + 1, start + w - pad)] = True
    return core & a.mask


def _connected_to(sel: np.ndarray, seed: np.ndarray) -> np.ndarray:
    labels, _ = ndimage.label(sel, _EIGHT)
    ids = np.unique(labels[seed & sel])
    return np.isin(labels, ids[ids > 0])


def _cape(
    rgba: np.ndarray,
    a: SpriteAnalysis,
    body: np.ndarray,
    core: np.ndarray,
    taken: np.ndarray,
    torso_stop: int,
) -> np.ndarray:
    """The largest colour family beside the core from the shoulders down: on both sides
    of it, or, when a shield or an arm hides one side, a clearly coloured one on one
    side that hangs below the torso."""
    h, w = body.shape
    side = body & ~core & ~taken & _rows((h, w), a.neck, a.feet)
    empty = np.zeros((h, w), bool)
    if not side.any():
        return empty
    xs = np.arange(w)[None, :]
    left, right = side & (xs < a.centre_x), side & (xs > a.centre_x)
    colours, counts = np.unique(rgba[..., :3][side], axis=0, return_counts=True)
    below = body & ~taken & _rows((h, w), a.neck, a.feet)
    fallback: np.ndarray | None = None
    for i in np.argsort(-counts, kind="stable"):
        rgb = tuple(int(v) for v in colours[i])
        fam = _pixels_of(rgba, rgb, side)  # type: ignore[arg-type]
        rows = np.nonzero(fam.any(1))[0]
        if rows[0] > torso_stop or rows[-1] - rows[0] < 3:
            continue  # a cape hangs from the shoulders
        n_left, n_right = int((fam & left).sum()), int((fam & right).sum())
        if min(n_left, n_right) >= 2 and min(n_left, n_right) >= 0.3 * max(n_left, n_right):
            return _pixels_of(rgba, rgb, below)  # type: ignore[arg-type]
        coloured = _lch(np.array(rgb))[1] >= 0.06
        if fallback is None and coloured and fam.sum() >= 4 and rows[-1] >= torso_stop:
            fallback = _pixels_of(rgba, rgb, below)  # type: ignore[arg-type]
    return fallback if fallback is not None else empty


def figure_parts(rgba: np.ndarray) -> FigureParts:
    """The parts of a south-facing figure (see the module docstring). Raises
    ``ValueError`` when the image holds too little of a figure to read."""
    rgba = np.asarray(rgba, np.uint8)
    a = analyse_sprite(rgba)
    h, w = a.mask.shape
    mask = a.mask
    outline = np.zeros((h, w), bool)
    if a.outline_rgb is not None:
        outline = mask & (np.abs(rgba[..., :3].astype(int) - a.outline_rgb).sum(-1) <= 6)
    body = mask & ~outline
    core = _core(a) & ~outline
    torso_stop = a.regions["torso"].stop
    head = body & _rows((h, w), a.box.top, a.neck)
    parts: dict[str, np.ndarray] = {}
    parts["face"] = _pixels_of(rgba, a.face, head)
    hair = a.hair if not _close(a.hair, a.face) else None
    parts["hair"] = _pixels_of(rgba, hair, head) & ~parts["face"]
    # The garment may run on below the torso rows (a shirt's hem, a robe's skirt down
    # to the boots: the feet row is found where the body narrows, which on a robe can be
    # above its hem).
    torso_rows = body & _rows((h, w), a.neck, a.box.bottom + 1)
    torso = _pixels_of(rgba, a.regions["torso"].main, torso_rows) & ~parts["face"]
    parts["torso"] = _connected_to(torso, core)
    skin = _pixels_of(rgba, a.face, body)
    taken = parts["torso"] | skin | parts["hair"]
    parts["cape"] = _cape(rgba, a, body, core, taken, torso_stop)
    legs_rows = body & _rows((h, w), torso_stop, a.feet) & ~parts["cape"]
    parts["legs"] = _connected_to(_pixels_of(rgba, a.regions["legs"].main, legs_rows), core)
    feet_rows = body & _rows((h, w), a.feet, a.box.bottom + 1) & ~parts["cape"]
    parts["feet"] = _pixels_of(rgba, a.regions["feet"].main, feet_rows) & ~parts["torso"]
    return FigureParts(a, mask, outline, parts)


def _held(rgba: np.ndarray, parts: FigureParts, silhouette: np.ndarray) -> np.ndarray:
    """Pixels of colours on one side of the body only, in runs reaching out of the
    fitted silhouette (see the module docstring)."""
    a = parts.analysis
    body = parts.mask & ~parts.outline
    worn = np.zeros(body.shape, bool)
    for m in parts.parts.values():
        worn |= m
    free = body & ~worn
    if not free.any():
        return np.zeros(body.shape, bool)
    xs = np.broadcast_to(np.arange(body.shape[1])[None, :], body.shape)
    colours, inverse = np.unique(rgba[..., :3][free], axis=0, return_inverse=True)
    one_sided = np.zeros(len(colours), bool)
    px = xs[free]
    inverse = inverse.ravel()
    for i in range(len(colours)):
        cols = px[inverse == i]
        n_left = int((cols < a.centre_x - 1).sum())
        n_right = int((cols > a.centre_x + 1).sum())
        one_sided[i] = len(cols) >= 2 and max(n_left, n_right) >= 0.9 * len(cols)
    cand = np.zeros(body.shape, bool)
    cand[free] = one_sided[inverse]
    out_of_fit = ~silhouette
    # Pieces a pixel or two apart (a guard over the fist and the pommel under it) join.
    joined = ndimage.binary_closing(cand, _EIGHT, iterations=2) | cand
    held = _connected_to(joined, cand & out_of_fit) & cand
    return held if held.sum() >= 3 else np.zeros(body.shape, bool)


def fit_figure(rgba: np.ndarray, parts: FigureParts, seed: int = 0) -> FigureFit | None:
    """The fitted model's keypoints, silhouette and the held item (None: not a figure)."""
    model = understand_sprite(rgba, direction="south", seed=seed)
    if model.plan != "biped" or model.fitted is None or model.subject is None:
        return None
    h, w = rgba.shape[:2]
    points = {str(k["label"]): (float(k["x"]) * w, float(k["y"]) * h) for k in model.keypoints}
    sil = rest_mask(model.subject.model, model.fitted.camera, model.fitted.style, "south")
    return FigureFit(points, sil, _held(rgba, parts, sil), float(model.fitted.iou), model)
