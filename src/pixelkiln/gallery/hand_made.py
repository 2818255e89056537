"""Sprites the subject engine did not draw: a 32 px knight, ranger and robed mage, a 48 px
slime, a 64 px wolf.

Drawn pixel by pixel from shapes (ellipses, boxes) in a few flat colours with a dark
outline, as a person would in an editor; the mage from a character grid, pixel by
pixel. The motion tools are shown and tested on them
because nothing about them is known in advance: no spec, no keypoints, no camera.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

__all__ = ["HAND_MADE", "MAGE_COLOURS", "knight", "mage", "ranger", "slime", "wolf"]

_OUTLINE = (24, 20, 32)


def _canvas(size: int) -> np.ndarray:
    return np.zeros((size, size, 4), np.uint8)


def _box(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, rgb: tuple[int, int, int]) -> None:
    img[y0:y1, x0:x1, :3] = rgb
    img[y0:y1, x0:x1, 3] = 255


def _ellipse(
    img: np.ndarray, cx: float, cy: float, rx: float, ry: float, rgb: tuple[int, int, int]
) -> None:
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    inside = ((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1.0
    img[inside, :3] = rgb
    img[inside, 3] = 255


def _outline(img: np.ndarray) -> np.ndarray:
    solid = img[..., 3] > 0
    ring = ndimage.binary_dilation(solid, ndimage.generate_binary_structure(2, 1)) & ~solid
    out = img.copy()
    out[ring, :3] = _OUTLINE
    out[ring, 3] = 255
    return out


def knight() -> np.ndarray:
    """A 32 px knight facing the viewer: helmet with a visor slit, blue tabard, steel
    arms and legs, brown boots."""
    steel, dark, light = (150, 156, 170), (96, 100, 118), (206, 210, 222)
    blue, navy = (52, 92, 178), (34, 56, 120)
    boot = (110, 70, 40)
    img = _canvas(32)
    _ellipse(img, 16, 8.5, 5.0, 5.0, steel)  # helmet
    _box(img, 13, 5, 15, 7, light)  # shine
    _box(img, 12, 8, 20, 9, (30, 30, 40))  # visor slit
    _box(img, 14, 13, 18, 14, dark)  # neck guard
    _box(img, 11, 14, 21, 22, blue)  # tabard
    _box(img, 15, 14, 17, 22, navy)  # stripe
    _box(img, 8, 14, 11, 21, steel)  # right arm
    _box(img, 21, 14, 24, 21, steel)
    _box(img, 8, 20, 11, 22, dark)  # gauntlets
    _box(img, 21, 20, 24, 22, dark)
    _box(img, 11, 22, 21, 23, dark)  # belt
    _box(img, 12, 23, 15, 28, steel)  # legs
    _box(img, 17, 23, 20, 28, steel)
    _box(img, 11, 28, 15, 30, boot)
    _box(img, 17, 28, 21, 30, boot)
    return _outline(img)


def ranger() -> np.ndarray:
    """A 32 px ranger facing the viewer: a green hood running into a green cape that
    hangs wider than the body and below the hips, a face, a brown tunic, grey trousers
    and dark boots."""
    green, deep = (58, 118, 62), (38, 82, 44)
    skin, brown, grey, boot = (226, 176, 138), (128, 84, 48), (104, 104, 116), (60, 44, 36)
    img = _canvas(32)
    _box(img, 8, 12, 11, 26, green)  # the cape's sides, hanging past the hips
    _box(img, 21, 12, 24, 26, green)
    _box(img, 10, 13, 11, 26, deep)  # its lining, in shadow
    _box(img, 21, 13, 22, 26, deep)
    _box(img, 10, 11, 22, 13, green)  # the hood falling onto the shoulders
    _ellipse(img, 16, 8.0, 5.5, 5.5, green)  # hood
    _box(img, 13, 6, 19, 11, skin)  # face
    _box(img, 14, 8, 15, 9, (40, 30, 30))  # eyes
    _box(img, 17, 8, 18, 9, (40, 30, 30))
    _box(img, 11, 13, 21, 21, brown)  # tunic
    _box(img, 10, 19, 11, 21, skin)  # hands
    _box(img, 21, 19, 22, 21, skin)
    _box(img, 11, 21, 14, 27, grey)  # legs
    _box(img, 18, 21, 21, 27, grey)
    _box(img, 10, 27, 14, 29, boot)
    _box(img, 18, 27, 22, 29, boot)
    return _outline(img)


_MAGE = (
    ".......oo.......",
    "......oPPo......",
    ".....oPPPo......",
    "....oPPPPPo.....",
    "...oPPPPPPPo....",
    "..oYYYYYYYYYo...",
    "...oSSSSSSSo....",
    "...oSeSSSeSo....",
    "...oSSSSSSSo....",
    "....oSSSSSo.....",
    "..ooPPPPPPPoo...",
    ".oSPPPPYPPPPSo..",
    ".oSPPPPYPPPPSo..",
    "oSoPPPPYPPPPoSo.",
    "oSoPPPPYPPPPoSo.",
    "ooPPPPPYPPPPPoo.",
    "..PPPPPYPPPPP...",
    ".oPPPPPYPPPPPo..",
    ".oPPPPPYPPPPPo..",
    ".oPPPPPYPPPPPo..",
    ".oPPPPPPPPPPPo..",
    ".oPPPPPPPPPPPo..",
    "..oBBo...oBBo...",
    "..oBBo...oBBo...",
    "..oooo...oooo...",
)
#: The mage's colours by grid letter: outline, robe and hat purple, gold band and trim,
#: skin, eyes, boots.
MAGE_COLOURS: dict[str, tuple[int, int, int]] = {
    "o": (30, 22, 40),
    "P": (110, 60, 160),
    "Y": (230, 190, 60),
    "S": (240, 190, 150),
    "e": (30, 22, 40),
    "B": (90, 60, 40),
}


def mage(margin: int | None = None) -> np.ndarray:
    """A robed mage facing the viewer, drawn on a 16x25 grid: a pointed purple hat with
    a gold band, a face, a purple robe wider than the legs with a gold stripe down its
    front and its hem below where the body narrows, hands at its sides, brown boots
    under the hem. On a 32 px canvas standing near its bottom, or with ``margin``
    transparent pixels round the grid."""
    h, w = len(_MAGE), len(_MAGE[0])
    if margin is None:
        img, top, left = _canvas(32), 5, 8
    else:
        img, top, left = np.zeros((h + 2 * margin, w + 2 * margin, 4), np.uint8), margin, margin
    for y, row in enumerate(_MAGE):
        for x, c in enumerate(row):
            if c in MAGE_COLOURS:
                img[top + y, left + x] = (*MAGE_COLOURS[c], 255)
    return img


def slime() -> np.ndarray:
    """A 48 px green slime: a dome wider at the bottom, a highlight, two eyes."""
    green, deep, pale = (86, 186, 92), (46, 128, 66), (170, 232, 150)
    img = _canvas(48)
    _ellipse(img, 24, 32, 17.0, 12.5, green)
    _ellipse(img, 24, 40, 17.0, 5.0, deep)  # shadowed base
    _ellipse(img, 24, 36.5, 17.0, 5.0, green)
    _ellipse(img, 17, 27, 3.5, 2.5, pale)  # highlight
    _box(img, 19, 31, 21, 35, (20, 30, 24))  # eyes
    _box(img, 27, 31, 29, 35, (20, 30, 24))
    img[img[..., 1] == 0] = 0  # nothing below the body
    img[45:] = 0
    return _outline(img)


def wolf() -> np.ndarray:
    """A 64 px grey wolf seen side-on, facing east: body, head and snout, ears, four
    legs and a bushy tail."""
    grey, dark, pale = (132, 134, 146), (88, 90, 104), (196, 198, 206)
    nose = (30, 30, 36)
    img = _canvas(64)
    _ellipse(img, 9, 30, 8.0, 4.0, dark)  # tail
    _ellipse(img, 30, 34, 16.0, 8.0, grey)  # body
    _ellipse(img, 31, 38, 12.0, 3.5, pale)  # belly
    for x in (18, 23, 36, 41):  # legs
        _box(img, x, 38, x + 4, 50, dark if x in (23, 41) else grey)
        _box(img, x, 50, x + 5, 52, dark)
    _ellipse(img, 47, 26, 7.0, 6.0, grey)  # head
    _box(img, 50, 26, 58, 31, grey)  # snout
    _box(img, 51, 29, 58, 31, pale)  # jaw
    _box(img, 57, 26, 59, 28, nose)
    _box(img, 47, 24, 49, 26, nose)  # eye
    _box(img, 43, 17, 46, 22, dark)  # ears
    _box(img, 47, 17, 50, 22, dark)
    return _outline(img)


#: name -> (drawing function, the words a caller would describe it with)
HAND_MADE = {
    "knight": (knight, "a knight in steel armour"),
    "mage": (mage, "a mage in a purple robe and a pointed hat"),
    "ranger": (ranger, "a ranger in a green hood and cape"),
    "slime": (slime, "a green slime"),
    "wolf": (wolf, "a grey wolf"),
}
