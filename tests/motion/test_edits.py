"""edit-animation-v2's edit carried to every frame, part by part."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.gallery.hand_made import knight
from pixelkiln.service.motion.edits import edit_animation

KNIGHT = knight()


def _head_moved(rgba: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """The knight with its head (the rows above the neck) shifted by (dy, dx)."""
    neck = analyse_sprite(rgba).neck
    out = rgba.copy()
    out[:neck] = 0
    head = rgba[:neck]
    ys, xs = np.nonzero(head[..., 3] >= 128)
    out[ys + dy, xs + dx] = head[ys, xs]
    return out


def test_a_hat_follows_the_head_and_nothing_else_changes() -> None:
    frames = [KNIGHT, _head_moved(KNIGHT, 0, 1), _head_moved(KNIGHT, -1, -1)]
    out, how = edit_animation(frames, "give him a hat", seed=3)
    assert how["edits"][0]["op"] == "add"
    hats = [(o != f).any(-1) for o, f in zip(out, frames, strict=True)]
    assert hats[0].sum() >= 8
    for hat, (dy, dx) in zip(hats[1:], ((0, 1), (-1, -1)), strict=True):
        # The same pixels, moved as the head moved.
        assert np.array_equal(np.roll(hats[0], (dy, dx), axis=(0, 1)), hat)
        ys, xs = np.nonzero(hats[0])
        assert np.array_equal(out[1 if dx == 1 else 2][ys + dy, xs + dx], out[0][ys, xs])
    neck = analyse_sprite(KNIGHT).neck
    for o, f in zip(out, frames, strict=True):
        assert np.array_equal(o[neck + 1 :], f[neck + 1 :])  # below the head, byte for byte


def _hues(rgba: np.ndarray, sel: np.ndarray) -> np.ndarray:
    lch = oklab_to_oklch(srgb_to_oklab(rgba[..., :3][sel].astype(np.float64)))
    return lch[lch[:, 1] > 0.05, 2]


def test_a_recolour_has_its_hue_in_every_frame_and_repeats() -> None:
    frames = [KNIGHT, np.roll(KNIGHT, 1, axis=1), _head_moved(KNIGHT, 1, 0)]
    out, _ = edit_animation(frames, "a red tunic", seed=5)
    blue = (KNIGHT[..., :3] == (52, 92, 178)).all(-1)
    for o, f in zip(out, frames, strict=True):
        changed = (o != f).any(-1)
        assert changed.sum() >= 0.8 * blue.sum()
        hues = _hues(o, changed)
        assert len(hues) and ((hues < 45) | (hues > 330)).all()  # red, in every frame
        assert np.array_equal(o[..., 3], f[..., 3])  # a recolour changes no shape
    again, _ = edit_animation(frames, "a red tunic", seed=5)
    assert all(np.array_equal(a, b) for a, b in zip(out, again, strict=True))


def test_a_condition_lands_on_the_same_pixels_of_a_moved_frame() -> None:
    moved = np.roll(KNIGHT, (1, 2), axis=(0, 1))
    out, _ = edit_animation([KNIGHT, moved], "covered in snow", seed=1)
    first = (out[0] != KNIGHT).any(-1)
    assert first.any()
    assert np.array_equal(np.roll(out[0], (1, 2), axis=(0, 1)), out[1])


def test_an_empty_first_frame_edits_nothing_and_does_not_fail() -> None:
    """A first frame with no solid pixel gives the carry nothing to place: the edit
    still completes, one frame per frame, each the shape it was."""
    clear = np.zeros_like(KNIGHT)
    out, _ = edit_animation([clear, KNIGHT], "a red tunic", seed=1)
    assert len(out) == 2 and out[0].shape == KNIGHT.shape
    assert np.array_equal(out[0], clear)
    assert np.array_equal(out[1][..., 3], KNIGHT[..., 3])
