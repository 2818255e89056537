"""How the turned hand-made figures look: shading in clean forms, the knight's tabard as
one panel with its stripe down the front, the visor kept, no bare back of the mage's
head under its hat. Properties of the images, measured; no bytes compared.

Thresholds (measured on the knight, 7 turned views; before = the model's tones mapped
straight onto the sprite's colours):

- **Specks**: same-colour 8-connected clusters of at most 2 pixels, outline aside. Before
  0, 1, 1, 2, 3, 1, 2 from south-west round to south-east (10 in all); now 1, 0, 0, 0,
  1, 1, 0 (the line parting the legs just above a boot, 2 pixels, from south-west and
  north-east; a lit pixel by the hand east): 3 in all. Held to ``SPECKS_PER_VIEW`` and
  ``SPECKS_ALL``.
- **Tone fragments**: 4-connected same-colour clusters, outline aside. Before 23, 13,
  18, 18, 25, 15, 20; now 15, 11, 10, 10, 15, 12, 13. Held to ``FRAGMENTS``. (The
  length of the boundaries between two fill colours, 4-adjacent pairs: before 122, 69,
  112, 124, 114, 70, 124; now 103, 62, 83, 91, 88, 61, 101.)
- **The tabard**: its blue was 2 or 3 pieces in every three-quarter and back view (the
  model's shading and the arms' sleeves in the sprite's navy and blue); now one piece,
  two seen side-on (its front and back edges beside the arm). Its navy stripe fell as
  1 to 6 pieces in every view, from behind too; now it is one line down the front in
  the three-quarter front views (6 rows, 2 px wide) and absent from behind and
  side-on.
- **The mage's head from behind**: a skin patch 4 px wide and 3 rows tall under the
  brim; now the back of the head is the hat's purple and skin shows only as the neck
  (2 px) and the cheek seen three-quarter (1 px wide).
"""

from __future__ import annotations

from functools import cache

import numpy as np
from scipy import ndimage

from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.engine.sprites.garments import read_garments
from pixelkiln.engine.sprites.turn import ROTATION_ORDER, turn_sprite
from pixelkiln.engine.sprites.understand import understand_sprite
from pixelkiln.gallery.hand_made import HAND_MADE, MAGE_COLOURS

OUTLINE = (24, 20, 32)
BLUE, NAVY, VISOR = (52, 92, 178), (34, 56, 120), (30, 30, 40)
SKIN, PURPLE = MAGE_COLOURS["S"], MAGE_COLOURS["P"]
SPECKS_PER_VIEW = 1
SPECKS_ALL = 4
FRAGMENTS = 17
#: The widest skin cluster the mage's head may show from behind (its neck).
BACK_SKIN = 2
_EIGHT = np.ones((3, 3), bool)


@cache
def _turned(name: str) -> dict[str, np.ndarray]:
    draw, words = HAND_MADE[name]
    return turn_sprite(understand_sprite(draw(), hint=words))


def _is(img: np.ndarray, rgb: tuple[int, int, int]) -> np.ndarray:
    return (img[..., :3] == rgb).all(-1) & (img[..., 3] >= 128)


def _clusters(img: np.ndarray, eight: bool) -> list[int]:
    """The sizes of the same-colour clusters of ``img``, the outline's aside."""
    sizes: list[int] = []
    opaque = img[..., 3] >= 128
    for colour in {tuple(int(v) for v in c) for c in img[..., :3][opaque]} - {OUTLINE}:
        labels = ndimage.label(_is(img, colour), _EIGHT if eight else None)[0]
        sizes += np.bincount(labels.ravel())[1:].tolist()
    return sizes


def _pieces(mask: np.ndarray, eight: bool = False) -> int:
    return int(ndimage.label(mask, _EIGHT if eight else None)[1])


def test_the_turned_knight_has_no_specks_and_few_fragments() -> None:
    turned = _turned("knight")
    specks = {d: sum(s <= 2 for s in _clusters(turned[d], True)) for d in ROTATION_ORDER[1:]}
    for d, n in specks.items():
        assert n <= SPECKS_PER_VIEW, (d, specks)
        assert len(_clusters(turned[d], False)) <= FRAGMENTS, d
    assert sum(specks.values()) <= SPECKS_ALL, specks


def test_the_knight_s_tabard_is_one_panel_with_its_stripe_down_the_front() -> None:
    turned = _turned("knight")
    for d in ROTATION_ORDER[1:]:
        img = turned[d]
        side_on = d in ("west", "east")
        assert 1 <= _pieces(_is(img, BLUE)) <= (2 if side_on else 1), d
        navy = _is(img, NAVY)
        if d in ("south-west", "south-east"):  # one clean line, down the front
            assert _pieces(navy, eight=True) == 1, d
            rows = np.nonzero(navy.any(1))[0]
            assert len(rows) >= 4 and rows[-1] - rows[0] == len(rows) - 1, d
            assert all(1 <= int(navy[r].sum()) <= 2 for r in rows), d
        else:  # the back is plain, and side-on the front is its edge
            assert not navy.any(), d


def test_the_knight_s_visor_slit_shows_from_the_front_quarters() -> None:
    turned = _turned("knight")
    for d in ("south", "south-west", "south-east"):
        slit = _is(turned[d], VISOR)[:12]  # the helmet's rows
        runs = [r for r in slit if r.sum() >= 3]
        assert runs, d
        for row in runs:  # one unbroken run
            xs = np.nonzero(row)[0]
            assert xs[-1] - xs[0] == len(xs) - 1, d


def test_the_mage_s_head_from_behind_is_not_bare_skin() -> None:
    turned = _turned("mage")
    for d in ("north-west", "north", "north-east"):
        img = turned[d]
        # Above the shoulders: the rows over the robe's first row 8 px wide (the hat is
        # narrower, its brim the band's gold).
        shoulders = int(np.nonzero(_is(img, PURPLE).sum(1) >= 8)[0].min())
        skin = _is(img, SKIN)[:shoulders]
        widths = [int(row.sum()) for row in skin]
        assert 0 < max(widths) <= BACK_SKIN, (d, widths)  # the neck shows, a scalp not


def test_arms_drawn_in_the_face_s_material_are_read_as_bare() -> None:
    # The knight's steel arms beside its blue tabard were fitted as the shirt's sleeves
    # and turned blue; a hood and cape (the ranger) or a robe (the mage) keep theirs.
    for name, bare in (("knight", True), ("ranger", False), ("mage", False)):
        img = HAND_MADE[name][0]()
        assert read_garments(img, analyse_sprite(img)).bare_arms is bare, name
