"""Held items stamped into the frames of a figure's animation ("holding a sword").

An edit that names a held item puts the same small drawing of it in every frame, placed
by the hand: each frame's hand is the wrist keypoint of a model fitted to that frame
(:mod:`.understand`), so the item follows the hand as the animation moves it. The item
is drawn upright from the hand in flat tones with a one-pixel dark outline, scaled to
the figure's height (a sword's blade about 45% of it), over the figure.

Items: sword, staff, torch, axe (right hand), shield (left hand).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import ndimage

from pixelkiln.engine.sprites.understand import understand_sprite

__all__ = ["ITEMS", "item_words", "stamp_items"]

_OUTLINE = (24, 20, 32)
_STEEL = ((206, 212, 224), (150, 156, 172))
_WOOD = ((130, 86, 48), (96, 62, 34))
_FLAME = ((250, 200, 80), (236, 110, 40))
_SHIELD = ((170, 60, 52), (120, 40, 36))

ITEMS = ("sword", "staff", "torch", "axe", "shield")
_WORDS = {"sword": "sword", "blade": "sword", "staff": "staff", "stick": "staff",
          "wand": "staff", "torch": "torch", "axe": "axe", "shield": "shield"}  # fmt: skip


def item_words(description: str) -> list[str]:
    """The held items a description names, in order, each once."""
    out: list[str] = []
    for word in re.findall(r"[a-z]+", description.lower()):
        item = _WORDS.get(word.rstrip("s")) or _WORDS.get(word)
        if item and item not in out:
            out.append(item)
    return out


def _put(layer: np.ndarray, ys: slice, xs: slice, rgb: tuple[int, int, int]) -> None:
    layer[ys, xs, :3] = rgb
    layer[ys, xs, 3] = 255


def _draw(item: str, size: tuple[int, int], hand: tuple[int, int], height: int) -> np.ndarray:
    """An ``(h, w, 4)`` layer with ``item`` held at ``hand`` (x, y)."""
    w, h = size
    layer = np.zeros((h, w, 4), np.uint8)
    x, y = hand
    t = max(1, round(height / 32))  # line thickness
    if item in ("sword", "axe"):
        length = max(4, round(0.45 * height))
        _put(layer, slice(y, y + 2 * t), slice(x, x + t), _WOOD[1])  # grip
        if item == "sword":
            _put(layer, slice(y - length, y), slice(x, x + t), _STEEL[0])
            _put(layer, slice(y - length, y), slice(x + t, x + 2 * t), _STEEL[1])
            _put(layer, slice(y - t, y), slice(x - 2 * t, x + 3 * t), _WOOD[0])  # guard
        else:
            _put(layer, slice(y - length, y), slice(x, x + t), _WOOD[0])
            head = max(2, length // 3)
            _put(layer, slice(y - length, y - length + head), slice(x + t, x + t + head), _STEEL[0])
    elif item == "staff":
        length = max(6, round(0.75 * height))
        _put(layer, slice(y - length, y + 3 * t), slice(x, x + t), _WOOD[0])
        _put(layer, slice(y - length - 2 * t, y - length), slice(x - t, x + 2 * t), _STEEL[1])
    elif item == "torch":
        length = max(3, round(0.2 * height))
        _put(layer, slice(y - length, y + t), slice(x, x + t), _WOOD[0])
        _put(layer, slice(y - length - 3 * t, y - length), slice(x - t, x + 2 * t), _FLAME[1])
        _put(layer, slice(y - length - 2 * t, y - length), slice(x, x + t), _FLAME[0])
    elif item == "shield":
        r = max(2, round(0.17 * height))
        yy, xx = np.mgrid[0:h, 0:w]
        disk = (xx - x) ** 2 + (yy - y) ** 2 <= r * r
        layer[disk, :3], layer[disk, 3] = _SHIELD[0], 255
        inner = (xx - x) ** 2 + (yy - y) ** 2 <= max(1, r - t) ** 2
        ring = disk & ~inner
        layer[ring, :3] = _STEEL[1]
    solid = layer[..., 3] > 0
    line = ndimage.binary_dilation(solid, ndimage.generate_binary_structure(2, 1)) & ~solid
    layer[line, :3], layer[line, 3] = _OUTLINE, 255
    return layer


def _hand(frame: np.ndarray, label: str) -> tuple[tuple[int, int], int] | None:
    """The hand (pixel x, y) and the figure's height, from a model fitted to ``frame``."""
    try:
        sm = understand_sprite(frame)
    except ValueError:
        return None
    if sm.plan != "biped" or sm.analysis is None:
        return None
    h, w = frame.shape[:2]
    for k in sm.keypoints:
        if k["label"] == label:
            return (int(float(k["x"]) * w), int(float(k["y"]) * h)), sm.analysis.box.height
    return None


def stamp_items(
    frames: Sequence[np.ndarray], items: Sequence[str]
) -> tuple[list[np.ndarray], list[dict[str, Any]]]:
    """``frames`` with each of ``items`` in the hand (see the module docstring), and
    where each was put."""
    out = [np.asarray(f, np.uint8).copy() for f in frames]
    placed: list[dict[str, Any]] = []
    for item in items:
        label = "LEFT ARM" if item == "shield" else "RIGHT ARM"
        hands = [_hand(f, label) for f in out]
        if any(hnd is None for hnd in hands):
            placed.append({"item": item, "placed": False})
            continue
        height = max(hnd[1] for hnd in hands if hnd is not None)
        for i, hnd in enumerate(hands):
            assert hnd is not None
            layer = _draw(item, (out[i].shape[1], out[i].shape[0]), hnd[0], height)
            solid = layer[..., 3] > 0
            out[i][solid] = layer[solid]
        placed.append({"item": item, "placed": True, "hands": [list(h[0]) for h in hands if h]})
    return out, placed
