"""What every motion tool shares: size checks, backdrops, canvases, our own images.

- **Sizes**: an image larger than the canvas the request names is a 422 naming its
  field; a smaller one is placed on that canvas, centred, standing on its bottom row.
  An image's own dimensions count (a ``size`` that disagrees with them is read as a
  description, not a resize).
- **Backdrops**: a sprite with no transparent pixel has its flat backdrop taken off
  (the clean-up tier's background removal) before it is read, and laid back under every
  frame unless ``no_background`` is true.
- **Our own images** (:func:`drawn_source`): a sprite a character or object job of this
  account drew is recognised by its pixels and worked from its stored model, so its
  rotations (and a character's animations) are exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from pixelkiln.contract.common import Base64Image, png_b64
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.pngtext import KEY as PNG_KEY
from pixelkiln.engine.pngtext import add_text
from pixelkiln.engine.sprites.analyse import subject_mask
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.errors import InvalidRequest
from pixelkiln.service.accounts import Auth
from pixelkiln.service.characters.build import png_of_reference
from pixelkiln.service.provenance import find_drawn

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "check_fits",
    "cut_backdrop",
    "drawn_marks",
    "drawn_source",
    "encode_frames",
    "frame_limit",
    "on_canvas",
    "original_png",
]


def check_fits(image: Base64Image, width: int, height: int, loc: Sequence[str | int]) -> None:
    """422 naming ``loc`` when ``image`` is larger than ``width`` x ``height``."""
    if image.width > width or image.height > height:
        raise InvalidRequest(
            ("body", *loc),
            f"the image is {image.width}x{image.height}, larger than {width}x{height}",
        )


def frame_limit(side: int, tiers: Sequence[tuple[int, int]], top: int) -> int:
    """Most frames for a canvas whose larger side is ``side``: the first tier
    ``(ceiling, frames)`` it fits under, else ``top``."""
    return next((n for ceiling, n in tiers if side <= ceiling), top)


def on_canvas(rgba: np.ndarray, width: int, height: int) -> np.ndarray:
    """``rgba`` centred on a transparent ``width`` x ``height`` canvas, bottom rows
    aligned (the sprite stands where it stood)."""
    h, w = rgba.shape[:2]
    if (w, h) == (width, height):
        return rgba.copy()
    out = np.zeros((height, width, 4), np.uint8)
    x = (width - w) // 2
    y = height - h
    out[y : y + h, x : x + w] = rgba
    return out


def cut_backdrop(rgba: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int] | None]:
    """The sprite with a clear background, and the flat backdrop it had (if any)."""
    rgba = np.asarray(rgba, np.uint8)
    if (rgba[..., 3] < 128).any():
        out = rgba.copy()
        out[..., 3] = np.where(rgba[..., 3] >= 128, 255, 0)
        out[out[..., 3] == 0] = 0
        return out, None
    mask, _ = subject_mask(rgba)
    if mask.all() or not mask.any():
        return rgba.copy(), None
    colours, counts = np.unique(rgba[..., :3][~mask], axis=0, return_counts=True)
    top = colours[int(np.argmax(counts))]
    out = rgba.copy()
    out[~mask] = 0
    return out, (int(top[0]), int(top[1]), int(top[2]))


def with_backdrop(rgba: np.ndarray, backdrop: tuple[int, int, int] | None) -> np.ndarray:
    if backdrop is None:
        return rgba
    out = rgba.copy()
    clear = out[..., 3] < 128
    out[clear, :3] = backdrop
    out[clear, 3] = 255
    return out


def encode_frames(
    frames: Sequence[np.ndarray],
    backdrop: tuple[int, int, int] | None,
    no_background: bool | None,
    kept: dict[int, bytes] | None = None,
    marks: dict[int, str] | None = None,
) -> list[dict[str, Any]]:
    """Frames as response images: a backdrop the input had laid back under every frame
    unless ``no_background`` is true, and the frames in ``kept`` (index -> the caller's
    own PNG) as sent (unless their backdrop was to go). A frame in ``marks`` carries
    our ``pixelkiln`` text chunk with that value (the stored asset and file it is)."""
    lay = backdrop if no_background is not True else None
    if backdrop is not None and lay is None:
        kept = None
    out = []
    for i, f in enumerate(frames):
        if kept and i in kept:
            out.append(png_b64(kept[i]))
            continue
        png = encode_png(with_backdrop(f, lay))
        if marks and i in marks and lay is None:
            png = add_text(png, PNG_KEY, marks[i])
        out.append(png_b64(png))
    return out


def drawn_marks(drawn: dict[str, Any], directions: Sequence[str]) -> dict[int, str]:
    """The text chunk of each direction drawn from a stored model: the asset and its
    file for that direction (a character's ``rotations/east``, an object's ``east``)."""
    prefix = "rotations/" if drawn.get("kind") == "character" else ""
    return {i: f"asset={drawn['asset_id']};file={prefix}{d}" for i, d in enumerate(directions)}


def original_png(image: Base64Image) -> bytes:
    """The caller's image as PNG bytes: the very bytes when they are a PNG."""
    return png_of_reference(image.base64)


def drawn_source(ctx: Container, auth: Auth, image: Base64Image) -> dict[str, Any] | None:
    """The stored model of a rotation image a character or object job of this account
    drew (recognised by its pixels or by our PNG text chunk): its kind, spec, look and
    direction (None for any other image)."""
    found = find_drawn(ctx, auth, image.pixels, original_png(image))
    if found is None:
        return None
    result = found.result
    if "spec" not in result or "look" not in result:
        return None
    if found.file.startswith("rotations/"):
        kind, direction = "character", found.file.split("/", 1)[1]
    elif found.family == "object" and found.file in DIRECTIONS:
        kind, direction = "object", found.file
    else:
        return None
    return {
        "asset_id": found.asset_id,
        "kind": kind,
        "spec": result["spec"],
        "look": result["look"],
        "direction": direction,
        "recognised_by": found.by,
    }
