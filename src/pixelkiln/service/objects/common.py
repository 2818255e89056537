"""Names, views and small helpers the object modules share.

Storage of an object (an asset of family ``object``):

- ``params``: how it was asked for: ``directions`` (1 or 8), ``size``, ``view`` (the
  request's word) and ``engine_view`` (the camera), ``origin`` (``1-direction``,
  ``8-direction``, ``pro-flash``, ``state``, ``candidate``), ``style_settings``,
  ``state_name``, ``n_frames`` (candidates);
- ``result``: the drawing record of :func:`.draw.still_record` (spec, reading, look,
  canvas, pivot, palette, content box, keypoints) plus ``directions``; a review object
  holds ``review: true`` and one record per candidate instead;
- ``files``: ``{direction: key}`` (``unknown`` for a 1-direction object) or
  ``{frame_N: key}`` for the candidates of a review;
- ``group_id``: the states of one object share it; ``tags``.

An animation direction is an asset of family ``object_animation`` whose ``parent_id`` is
the object and ``group_id`` the animation; a map object is a ``map_object`` with an
``expires_at``.
"""

from __future__ import annotations

import base64
from typing import Any

from pixelkiln.contract.common import Base64Image
from pixelkiln.engine.imageio import encode_png

__all__ = [
    "ANIMATION_FAMILY",
    "FAMILY",
    "MAP_FAMILY",
    "NOUN",
    "engine_view",
    "image_png",
    "look_style",
]

FAMILY = "object"
ANIMATION_FAMILY = "object_animation"
MAP_FAMILY = "map_object"
NOUN = "Object"

KIND_ONE = "object_one_direction"
KIND_EIGHT = "object_eight_direction"
KIND_PRO_FLASH = "object_pro_flash"
KIND_STATE = "object_state"
KIND_ANIMATION = "object_animation"
KIND_MAP = "map_object"

_PNG = b"\x89PNG\r\n\x1a\n"


def engine_view(view: str) -> str:
    """The camera of a request's view: 1-direction objects say ``top-down`` (the 35
    degree high top-down view) or ``sidescroller`` (side)."""
    return {"top-down": "high top-down", "sidescroller": "side"}.get(view, view)


def image_png(image: Base64Image) -> bytes:
    """An image's PNG bytes: the bytes sent when they are a PNG (kept byte for byte),
    else its pixels encoded as one."""
    raw = image.base64.split(",", 1)[1] if image.base64.startswith("data:") else image.base64
    data = base64.b64decode("".join(raw.split()))
    return data if data.startswith(_PNG) else encode_png(image.pixels)


def look_style(look: dict[str, Any]) -> dict[str, Any]:
    """The style settings a look draws with (what ``style_settings`` reports)."""
    palette = look.get("palette")
    return {
        "outline": look.get("outline"),
        "shading": look.get("shading"),
        "detail": look.get("detail"),
        "forced_palette": None if palette is None else len(palette),
    }
