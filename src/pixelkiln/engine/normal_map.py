"""Normal maps for sprites: a height field from the silhouette and the colours, then Sobel.

The height field has two parts:

* a **bevel** from the alpha shape: height rises with the distance to the nearest
  transparent pixel and levels off ``bevel`` pixels in, so the rim curves and the inside
  is flat (as sprite-lighting tools bevel the alpha mask);
* **relief** from luminance, taken per colour so each same-coloured cluster is one flat
  plate and only the borders between clusters tilt; pixel-art shading stays crisp.

Normals come from Sobel derivatives of that field, optionally snapped to 8 directions and
a few tilts, and are written as ``rgb = (n + 1) / 2 * 255`` with +X right and +Y up (the
OpenGL convention; ``invert_y`` gives DirectX's Y down). Flat areas are exactly
(128, 128, 255); pixels outside the sprite are transparent.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import srgb_to_oklab

__all__ = ["FLAT_NORMAL", "decode_normals", "normal_map"]

#: The encoding of a normal facing the viewer.
FLAT_NORMAL = (128, 128, 255)
_TILT_STEP = np.radians(15.0)  # quantised tilt step
_MAX_TILT = np.radians(60.0)


def _bevel(mask: np.ndarray, width: float) -> np.ndarray:
    """0 at the rim rising to 1 at ``width`` pixels in, rounded like a pillow's edge."""
    dist = ndimage.distance_transform_edt(np.pad(mask, 1))[1:-1, 1:-1]
    t = np.clip((dist - 0.5) / width, 0.0, 1.0)
    return 1.0 - (1.0 - t) ** 2


def _quantise(n: np.ndarray) -> np.ndarray:
    """Snap normals to 8 azimuths and 15° tilt steps; small tilts become exactly flat."""
    tilt = np.arccos(np.clip(n[..., 2], -1.0, 1.0))
    azim = np.arctan2(n[..., 1], n[..., 0])
    tilt = np.minimum(np.rint(tilt / _TILT_STEP) * _TILT_STEP, _MAX_TILT)
    azim = np.rint(azim / (np.pi / 4)) * (np.pi / 4)
    out = np.stack(
        [np.sin(tilt) * np.cos(azim), np.sin(tilt) * np.sin(azim), np.cos(tilt)], axis=-1
    )
    out[tilt == 0] = (0.0, 0.0, 1.0)
    return out


def normal_map(
    image: np.ndarray,
    strength: float = 1.0,
    bevel: int | None = None,
    detail: float = 0.5,
    invert_y: bool = False,
    quantize: bool = True,
) -> np.ndarray:
    """The normal map of a sprite.

    Parameters
    ----------
    image : (H, W, 4) uint8 RGBA sprite; pixels with alpha below 128 are outside it.
    strength : 0-5, scales every slope (0 gives a flat map).
    bevel : rim width in pixels; None picks an eighth of the sprite's smaller side, 1-6.
    detail : 0-1, how much colour lightness raises the surface (0 = silhouette only).
    invert_y : write +Y down (DirectX) instead of +Y up (OpenGL).
    quantize : snap normals to 8 directions and 15° tilts so lighting stays crisp.

    Returns
    -------
    (H, W, 4) uint8 RGBA normal map, transparent outside the sprite.
    """
    if image.ndim != 3 or image.shape[2] != 4:
        msg = "normal_map needs an (H, W, 4) RGBA image"
        raise ValueError(msg)
    mask = image[..., 3] >= 128
    out = np.zeros_like(image)
    if not mask.any():
        return out
    if bevel is None:
        ys, xs = np.nonzero(mask)
        side = min(ys.max() - ys.min() + 1, xs.max() - xs.min() + 1)
        bevel = int(np.clip(round(side / 8), 1, 6))
    width = max(float(bevel), 1.0)
    lum = srgb_to_oklab(image[..., :3])[..., 0]
    # Relief per colour: same-coloured pixels share one height, so clusters are flat plates.
    rel = np.where(mask, lum - lum[mask].mean(), 0.0)
    height = 0.9 * width * _bevel(mask, width) + 4.0 * float(np.clip(detail, 0, 1)) * rel
    height = np.where(mask, height, 0.0) * float(np.clip(strength, 0.0, 5.0))
    gx = ndimage.sobel(height, axis=1, mode="nearest") / 8.0
    gy = ndimage.sobel(height, axis=0, mode="nearest") / 8.0
    # Rows grow downwards, so +Y up means the y slope enters with a plus sign.
    n = np.stack([-gx, -gy if invert_y else gy, np.ones_like(gx)], axis=-1)
    n /= np.linalg.norm(n, axis=-1, keepdims=True)
    if quantize:
        n = _quantise(n)
    rgb = np.clip(np.floor((n + 1.0) * 127.5 + 0.5), 0, 255).astype(np.uint8)
    out[mask, :3] = rgb[mask]
    out[mask, 3] = 255
    return out


def decode_normals(normal_rgba: np.ndarray) -> np.ndarray:
    """Unit vectors from an encoded normal map (inverse of the encoding, up to rounding)."""
    return normal_rgba[..., :3].astype(np.float64) / 127.5 - 1.0
