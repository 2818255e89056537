"""Figures the service did not draw, for the edits of single images.

Drawn from boxes and ellipses in flat colours with a dark outline, as a person would in
an editor: a 32 px swordsman (brown hair, green shirt, red cape behind him, blue
trousers, a sword in his right hand) and the same man empty-handed. Edits of images we
did not draw are shown and tested on them: nothing about them is known in advance.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

__all__ = ["COLOURS", "swordsman", "villager"]

#: The flat colours the figures are drawn with (their parts' colours).
COLOURS: dict[str, tuple[int, int, int]] = {
    "outline": (24, 20, 32),
    "hair": (112, 66, 36),
    "skin": (236, 186, 146),
    "eye": (40, 32, 40),
    "shirt": (64, 148, 76),
    "shirt_shade": (44, 112, 60),
    "cape": (168, 38, 48),
    "cape_shade": (122, 26, 40),
    "belt": (90, 58, 34),
    "trousers": (66, 78, 128),
    "boots": (58, 40, 30),
    "blade": (206, 212, 224),
    "blade_edge": (150, 158, 176),
    "hilt": (196, 150, 52),
}


def _box(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, name: str) -> None:
    img[y0:y1, x0:x1, :3] = COLOURS[name]
    img[y0:y1, x0:x1, 3] = 255


def _ellipse(img: np.ndarray, cx: float, cy: float, rx: float, ry: float, name: str) -> None:
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    inside = ((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1.0
    img[inside, :3] = COLOURS[name]
    img[inside, 3] = 255


def _outlined(img: np.ndarray) -> np.ndarray:
    solid = img[..., 3] > 0
    ring = ndimage.binary_dilation(solid, ndimage.generate_binary_structure(2, 1)) & ~solid
    out = img.copy()
    out[ring, :3] = COLOURS["outline"]
    out[ring, 3] = 255
    return out


def _man(sword: bool) -> np.ndarray:
    img = np.zeros((32, 32, 4), np.uint8)
    # The cape hangs behind him, wider than his shoulders, down to his knees.
    _box(img, 9, 13, 23, 25, "cape")
    _box(img, 9, 22, 23, 25, "cape_shade")
    _ellipse(img, 16, 8.5, 4.5, 4.6, "skin")  # head
    _box(img, 12, 4, 20, 7, "hair")
    _box(img, 11, 5, 13, 9, "hair")
    _box(img, 19, 5, 21, 9, "hair")
    _box(img, 14, 8, 15, 10, "eye")
    _box(img, 17, 8, 18, 10, "eye")
    _box(img, 15, 12, 17, 14, "skin")  # neck
    _box(img, 12, 14, 20, 21, "shirt")
    _box(img, 12, 19, 20, 21, "shirt_shade")
    _box(img, 10, 14, 12, 20, "shirt")  # sleeves
    _box(img, 20, 14, 22, 20, "shirt")
    _box(img, 10, 20, 12, 22, "skin")  # hands
    _box(img, 20, 20, 22, 22, "skin")
    _box(img, 12, 21, 20, 22, "belt")
    _box(img, 12, 22, 16, 28, "trousers")
    _box(img, 16, 22, 20, 28, "trousers")
    img[22:28, 15:17] = 0  # the gap between the legs
    _box(img, 12, 27, 15, 29, "trousers")
    _box(img, 17, 27, 20, 29, "trousers")
    _box(img, 11, 28, 15, 30, "boots")
    _box(img, 17, 28, 21, 30, "boots")
    if sword:  # held upright in his right hand (the left of the picture)
        _box(img, 10, 8, 12, 19, "blade")
        _box(img, 11, 8, 12, 19, "blade_edge")
        _box(img, 8, 19, 14, 20, "hilt")  # cross guard over the fist
        _box(img, 10, 22, 12, 24, "hilt")  # pommel under it
    return _outlined(img)


def swordsman() -> np.ndarray:
    """A 32 px man facing the viewer: brown hair, green shirt, red cape, blue trousers,
    brown boots, an upright sword in his right hand."""
    return _man(sword=True)


def villager() -> np.ndarray:
    """The same man without the sword."""
    return _man(sword=False)
