"""Background removal: what is connected to the border and looks like the border goes.

* **simple**: the border's dominant colours (OKLab groups holding at least 5 % of the
  border) are the backdrop; pixels within a noise-adapted ΔEOK of one of them *and*
  connected to the border through such pixels become transparent.
* **complex**: for gradients, vignettes and textured backdrops, a smooth background model
  (a quadratic surface per OKLab channel, fitted robustly to the border ring) predicts the
  backdrop everywhere; the tolerance is read from how far the border itself strays from the
  model (texture), and a small median of the residual keeps texture grain from stopping
  the flood.

Both make alpha binary and keep every subject pixel exactly as it was. Two clean-ups follow:
tiny subject-coloured specks left in the backdrop are dropped, and edge pixels that are
mostly backdrop (the blended fringe of an anti-aliased or blurred edge) go too, so no halo
of backdrop colour rings the subject.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from pixelkiln.engine.cleanup.palette import ALPHA_THRESHOLD, leader_merge
from pixelkiln.engine.color import srgb_to_oklab

__all__ = ["BACKGROUND_MODES", "RemoveBackgroundResult", "remove_background"]

BACKGROUND_MODES = ("simple", "complex")
_FOUR = ndimage.generate_binary_structure(2, 1)
_EIGHT = ndimage.generate_binary_structure(2, 2)


@dataclass(frozen=True)
class RemoveBackgroundResult:
    """The cut-out and the mask behind it.

    Attributes
    ----------
    image : (H, W, 4) uint8; subject pixels unchanged, backdrop (0, 0, 0, 0).
    foreground : (H, W) bool subject mask.
    tolerance : the ΔEOK tolerance used.
    """

    image: np.ndarray
    foreground: np.ndarray
    tolerance: float


def _ring(h: int, w: int, width: int) -> np.ndarray:
    ring = np.zeros((h, w), bool)
    ring[:width], ring[-width:], ring[:, :width], ring[:, -width:] = True, True, True, True
    return ring


def _simple_backdrop(lab: np.ndarray, opaque: np.ndarray) -> tuple[np.ndarray, float]:
    """Nearest dominant border colour per pixel, and a tolerance from the border's noise."""
    h, w = opaque.shape
    ring = _ring(h, w, 1) & opaque
    pts = lab[ring]
    if len(pts) == 0:
        return np.full((h, w, 3), np.inf), 0.0
    centres, assign = leader_merge(pts, np.ones(len(pts)), 0.06)
    share = np.bincount(assign, minlength=len(centres)) / len(pts)
    bg = centres[share >= 0.05] if (share >= 0.05).any() else centres[[int(np.argmax(share))]]
    nearest = np.argmin(np.linalg.norm(lab[..., None, :] - bg[None, None], axis=-1), axis=-1)
    backdrop = bg[nearest]
    border = np.linalg.norm(lab - backdrop, axis=-1)[ring]
    noise = np.percentile(border[border < 0.1], 95) if (border < 0.1).any() else 0.0
    return backdrop, float(np.clip(1.5 * noise, 0.05, 0.15))


def _model_backdrop(lab: np.ndarray, opaque: np.ndarray) -> tuple[np.ndarray, float]:
    """A robust quadratic background model fitted to the border ring, and a tolerance."""
    h, w = opaque.shape
    ys, xs = np.mgrid[0:h, 0:w]
    u, v = xs / max(w - 1, 1) - 0.5, ys / max(h - 1, 1) - 0.5
    basis = np.stack([np.ones_like(u), u, v, u * v, u * u, v * v], axis=-1)
    ring = _ring(h, w, max(1, min(h, w) // 32)) & opaque
    if ring.sum() < 12:
        return _simple_backdrop(lab, opaque)
    a, b = basis[ring], lab[ring]
    keep = np.ones(len(b), bool)
    for _ in range(4):
        coef, *_ = np.linalg.lstsq(a[keep], b[keep], rcond=None)
        res = np.linalg.norm(b - a @ coef, axis=1)
        sigma = 1.4826 * np.median(res[keep]) + 1e-4
        new = res <= max(3.0 * sigma, 0.03)  # the subject where it touches the border
        if new.sum() < 12 or np.array_equal(new, keep):
            break
        keep = new
    # Texture: the tolerance covers nearly all of the border's own spread around the model.
    spread = np.percentile(res[keep], 99) if keep.any() else 0.0
    return basis @ coef, float(np.clip(1.25 * spread, 0.05, 0.25))


def _dehalo(lab: np.ndarray, fg: np.ndarray, backdrop: np.ndarray, passes: int) -> np.ndarray:
    """Drop edge pixels that are mostly a blend towards the backdrop (an anti-aliased fringe).

    An edge pixel ``c`` next to subject colour ``F`` over backdrop ``B`` is a fringe when it
    lies close to the segment from ``B`` to ``F`` and nearer ``B``. An outline darker than
    both sides is far off that segment, so it stays.
    """
    for _ in range(passes):
        edge = fg & ndimage.binary_dilation(~fg, _FOUR)
        inner = fg & ~edge
        if not edge.any() or not inner.any():
            break
        # The nearest inner pixel stands for the subject colour behind the fringe.
        _, (iy, ix) = ndimage.distance_transform_edt(~inner, return_indices=True)
        ys, xs = np.nonzero(edge)
        c, b = lab[ys, xs], backdrop[ys, xs]
        v = lab[iy[ys, xs], ix[ys, xs]] - b
        span = np.linalg.norm(v, axis=1)
        towards_subject = np.einsum("ij,ij->i", c - b, v) / np.maximum(span**2, 1e-12)
        off = np.linalg.norm(c - (b + towards_subject[:, None] * v), axis=1)
        between = (towards_subject > -0.15) & (towards_subject < 0.5)
        drop = (span > 0.05) & between & (off < 0.35 * span)
        if not drop.any():
            break
        fg = fg.copy()
        fg[ys[drop], xs[drop]] = False
    return fg


def remove_background(
    image: np.ndarray, mode: str = "simple", tolerance: float | None = None
) -> RemoveBackgroundResult:
    """Make the backdrop of an image transparent.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA (already transparent pixels count as backdrop).
    mode : ``"simple"`` (flat backdrops) or ``"complex"`` (gradients, textures).
    tolerance : ΔEOK from the backdrop under which a pixel may be backdrop; None adapts it
        to the noise (simple, 0.05-0.15) or texture (complex, 0.05-0.2) of the border.

    Returns
    -------
    RemoveBackgroundResult
    """
    if mode not in BACKGROUND_MODES:
        msg = f"mode must be one of {BACKGROUND_MODES}, got {mode!r}"
        raise ValueError(msg)
    h, w = image.shape[:2]
    opaque = image[..., 3] >= ALPHA_THRESHOLD
    lab = srgb_to_oklab(image[..., :3])
    if mode == "simple":
        backdrop, auto = _simple_backdrop(lab, opaque)
    else:
        backdrop, auto = _model_backdrop(lab, opaque)
    t = auto if tolerance is None else tolerance
    with np.errstate(invalid="ignore"):
        dist = np.nan_to_num(np.linalg.norm(lab - backdrop, axis=-1), nan=np.inf)
    candidate = ~opaque | (dist < t)
    labels, _ = ndimage.label(candidate, _FOUR)
    border_labels = np.unique(labels[_ring(h, w, 1)])
    background = np.isin(labels, border_labels[border_labels > 0])
    fg = opaque & ~background
    # Specks: small islands mostly near the backdrop colour are grain (texture extremes,
    # noise), not subject.
    comp, n = ndimage.label(fg, _EIGHT)
    if n:
        sizes = np.bincount(comp.ravel())
        near = ndimage.mean(dist < 2 * t, comp, index=np.arange(n + 1)) > 0.5
        small = (sizes < max(4, 0.02 * sizes[1:].max())) & near
        small[0] = False
        fg &= ~small[comp]
    if np.isfinite(backdrop).all():  # no opaque border: the backdrop is transparency only
        fg = _dehalo(lab, fg, backdrop, passes=1 if mode == "simple" else 2)
    out = np.zeros_like(image)
    out[fg] = image[fg]
    out[fg, 3] = 255
    return RemoveBackgroundResult(out, fg, float(t))
