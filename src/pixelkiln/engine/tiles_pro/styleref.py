"""Style tiles (``style_images``): copy the reference's tile geometry and, on request, its
palette, detail, shading and outline.

Geometry: the first style image's alpha mask is the footprint to copy. Its opaque
bounding box is compared (intersection over union) with every tile type drawn at that
width with the depth that fills that height (diamonds with 2 and 4 px caps); the best
match is rendered, placed where the reference's box is on a canvas of the reference's
size, and finally given exactly the reference's alpha: pixels the match left out are
filled from their nearest painted neighbour, pixels outside the reference are cleared.
A fully opaque reference is a square tile of its size.

``style_options`` (all true by default) - what else is copied, measured over every style
image:

- ``color_palette``: the output is drawn with the references' colours (at most 16,
  from :func:`pixelkiln.engine.palette.palette_from_image`) and snapped to them.
- ``detail``: cluster size - clusters well above our typical size give ``low detail``,
  well below ``highly detailed``.
- ``shading``: colour count - few colours give ``flat``/``basic shading``, many give
  ``medium`` to ``highly detailed shading``.
- ``outline``: whether the references' silhouettes are ringed by darker pixels; that
  picks ``outline`` or ``segmentation`` over the request's ``outline_mode``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.palette import palette_from_image
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.style import Style
from pixelkiln.engine.tiles_pro.block import outline_ring
from pixelkiln.engine.tiles_pro.geometry import build_geometry, face_height, snap_width

__all__ = ["StyleMatch", "apply_footprint", "match_style"]

_TYPES = ("square_topdown", "isometric", "hex", "hex_pointy", "octagon")
_TYPICAL_CLUSTER = 24.0


@dataclass(frozen=True)
class StyleMatch:
    """What the references say: geometry, canvas, and the style to draw with."""

    tile_type: str
    width: int
    depth: int
    flat_top: int
    canvas: tuple[int, int]  # the reference's (height, width)
    box: tuple[int, int, int, int]  # the opaque bounding box (y0, x0, y1, x1)
    alpha: np.ndarray  # the footprint to copy, bool (canvas)
    style: Style
    outline: bool | None  # None: keep the request's outline_mode
    palette: np.ndarray | None
    reference: Reference | None


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    h, w = max(a.shape[0], b.shape[0]), max(a.shape[1], b.shape[1])
    pa = np.zeros((h, w), bool)
    pb = np.zeros((h, w), bool)
    pa[: a.shape[0], : a.shape[1]] = a
    pb[: b.shape[0], : b.shape[1]] = b
    return float((pa & pb).sum() / max((pa | pb).sum(), 1))


def _geometry(image: np.ndarray) -> tuple[str, int, int, int]:
    """The tile type, width, depth and cap whose footprint best matches ``image``'s alpha.

    Silhouettes can agree (a pointy hex over its skirt has the outline of a tall
    isometric block); among the candidates within 0.03 of the best overlap, the one
    whose top face is lightest against its sides - the lit top of a block - wins.
    """
    mask = image[..., 3] > 127
    h, w = mask.shape
    lightness = srgb_to_oklab(image[..., :3])[..., 0]
    scored = []
    for tile_type in _TYPES:
        for cap in (4, 2) if tile_type == "isometric" else (4,):
            width = snap_width(tile_type, w)
            depth = h - face_height(tile_type, width, cap)
            if depth < 0 or width > w + 2:
                continue
            geom = build_geometry(tile_type, width, depth, cap)
            iou = _iou(mask, geom.footprint)
            top = geom.top[:h, :w] & mask[: geom.height, : geom.width]
            side = (geom.face[:h, :w] > 0) & mask[: geom.height, : geom.width]
            ref = lightness[: geom.height, : geom.width]
            contrast = (
                float(ref[top].mean() - ref[side].mean()) if top.any() and side.any() else 0.0
            )
            scored.append((iou, contrast, (tile_type, width, depth, cap)))
    if not scored:
        return "square_topdown", w, max(0, h - w), 4
    best = max(s[0] for s in scored)
    close = [s for s in scored if s[0] >= best - 0.03]
    return max(close, key=lambda s: (s[1], s[0]))[2]


def _has_outline(images: list[np.ndarray]) -> bool:
    """Whether the silhouettes are ringed by pixels clearly darker than inside."""
    diffs = []
    for img in images:
        opaque = img[..., 3] > 127
        ring = outline_ring(opaque)
        inner = opaque & ~ring
        if ring.sum() < 4 or inner.sum() < 4:
            continue
        lightness = srgb_to_oklab(img[..., :3])[..., 0]
        diffs.append(float(np.median(lightness[inner]) - np.median(lightness[ring])))
    return bool(diffs) and float(np.mean(diffs)) > 0.12


def _style(ref: Reference, detail: bool, shading: bool) -> Style:
    detail_level = "medium detail"
    if detail:
        ratio = np.sqrt(max(ref.cluster, 1.0) / _TYPICAL_CLUSTER)
        detail_level = (
            "low detail"
            if ratio > 1.25
            else ("highly detailed" if ratio < 0.8 else "medium detail")
        )
    shade = "basic shading"
    if shading:
        n = ref.n_colors
        shade = (
            "flat shading"
            if n <= 4
            else "basic shading"
            if n <= 10
            else "medium shading"
            if n <= 18
            else "detailed shading"
        )
    return Style(shading=shade, detail=detail_level)


def match_style(
    images: list[np.ndarray],
    color_palette: bool = True,
    detail: bool = True,
    outline: bool = True,
    shading: bool = True,
    seed: int = 0,
) -> StyleMatch:
    """Read the style images (RGBA arrays; the first one's geometry is copied)."""
    first = np.asarray(images[0], np.uint8)
    alpha = first[..., 3] > 127
    if not alpha.any():
        msg = "the first style image is fully transparent: it has no tile to copy"
        raise ValueError(msg)
    ys, xs = np.nonzero(alpha)
    box = (int(ys.min()), int(xs.min()), int(ys.max()) + 1, int(xs.max()) + 1)
    tile_type, width, depth, cap = _geometry(first[box[0] : box[2], box[1] : box[3]])
    refs = [Reference.from_image(np.asarray(img, np.uint8), seed=seed) for img in images]
    merged = Reference.merge(refs)
    palette = None
    if color_palette:
        stack = np.concatenate([np.asarray(img, np.uint8).reshape(-1, 4) for img in images])
        palette = palette_from_image(stack[None], max_colors=16, seed=seed)
    return StyleMatch(
        tile_type=tile_type,
        width=width,
        depth=depth,
        flat_top=cap,
        canvas=(int(first.shape[0]), int(first.shape[1])),
        box=box,
        alpha=alpha,
        style=_style(merged, detail, shading),
        outline=_has_outline([np.asarray(i, np.uint8) for i in images]) if outline else None,
        palette=palette,
        reference=merged if color_palette else None,
    )


def apply_footprint(tile: np.ndarray, match: StyleMatch) -> np.ndarray:
    """Place a rendered tile on the reference canvas and give it the reference's alpha."""
    h, w = match.canvas
    y0, x0 = match.box[:2]
    out = np.zeros((h, w, 4), np.uint8)
    th, tw = min(tile.shape[0], h - y0), min(tile.shape[1], w - x0)
    out[y0 : y0 + th, x0 : x0 + tw] = tile[:th, :tw]
    painted = out[..., 3] > 0
    want = match.alpha
    missing = want & ~painted
    if missing.any() and painted.any():
        # Fill from the nearest painted pixel (colour only; no new colours appear).
        _, (iy, ix) = ndimage.distance_transform_edt(~painted, return_indices=True)
        out[missing, :3] = out[iy[missing], ix[missing], :3]
    out[..., 3] = np.where(want, 255, 0)
    out[~want, :3] = 0
    return out
