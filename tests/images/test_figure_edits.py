"""Edits of a figure the service did not draw, through the sprite analysis: a named part
recoloured alone, a hat on the fitted head, a sword in the fitted hand, a held sword
taken away; every other pixel byte for byte."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.gallery.hand_made_figures import COLOURS, swordsman, villager
from pixelkiln.service.images.edit import edit_image


def _of(img: np.ndarray, *names: str) -> np.ndarray:
    """The pixels drawn in the named flat colours."""
    sel = np.zeros(img.shape[:2], bool)
    for n in names:
        sel |= (img[..., :3] == COLOURS[n]).all(-1) & (img[..., 3] > 0)
    return sel


def _lch(rgb: np.ndarray) -> np.ndarray:
    return oklab_to_oklch(srgb_to_oklab(rgb.astype(np.float64)))


@pytest.mark.parametrize(
    ("instruction", "names", "hue"),
    [
        ("make the cape blue", ("cape", "cape_shade"), (230.0, 290.0)),
        ("make the shirt blue", ("shirt", "shirt_shade"), (230.0, 290.0)),
        ("make the hair white", ("hair",), None),
    ],
)
def test_a_named_part_alone_is_recoloured(
    instruction: str, names: tuple[str, ...], hue: tuple[float, float] | None
) -> None:
    img = swordsman()
    out, how = edit_image(img, instruction, seed=1)
    part = _of(img, *names)
    changed = (out != img).any(-1)
    assert how["edited_through"] == "pixels"
    assert (changed == part).all()  # the whole part, and nothing else
    new = _lch(out[..., :3][part])
    if hue is not None:
        assert ((new[:, 2] > hue[0]) & (new[:, 2] < hue[1])).all()
    else:  # white: lighter than the brown it was, and nearly grey
        assert (new[:, 0] > _lch(np.array(COLOURS["hair"]))[0] + 0.2).all()
        assert (new[:, 1] < 0.05).all()
    again, _ = edit_image(img, instruction, seed=1)
    assert (again == out).all()


def test_a_hat_sits_on_the_fitted_head() -> None:
    img = villager()
    out, how = edit_image(img, "give him a hat", seed=1)
    changed = (out != img).any(-1)
    ys, xs = np.nonzero(changed)
    hair_rows = np.nonzero(_of(img, "hair").any(1))[0]
    assert ys.max() <= hair_rows.max()  # on the head, not below it
    assert ys.min() < hair_rows.min()  # standing above the hair
    assert abs((xs.min() + xs.max() + 1) / 2 - 16) <= 1  # centred on the head
    assert abs(how["hat_at"][0] - 16) <= 1  # type: ignore[index]
    assert (out[~changed] == img[~changed]).all()


def test_a_sword_goes_in_the_fitted_hand() -> None:
    img = villager()
    out, how = edit_image(img, "add a sword", seed=1)
    assert how["item_in_hand"] == "right"
    changed = (out != img).any(-1)
    assert changed.sum() >= 8
    ys, xs = np.nonzero(changed)
    # The figure's right hand is the left of the picture; the hand is at rows 20-21.
    assert np.median(xs) < 14 and ys.min() < 21 < ys.max() + 2
    added = {tuple(int(v) for v in c) for c in out[..., :3][changed]}
    assert any(_lch(np.array(c))[1] < 0.04 and _lch(np.array(c))[0] > 0.5 for c in added)  # steel
    assert not _of(out, "shirt").sum() < _of(img, "shirt").sum() - 12  # the body stays


def test_the_held_sword_is_removed() -> None:
    img, bare = swordsman(), villager()
    out, how = edit_image(img, "remove the sword", seed=1)
    assert how["removed_held_item"] >= 20  # type: ignore[operator]
    for name in ("blade", "blade_edge", "hilt"):
        assert not _of(out, name).any()
    changed = (out != img).any(-1)
    held = _of(img, "blade", "blade_edge", "hilt")
    near = np.zeros_like(held)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            near |= np.roll(np.roll(held, dy, 0), dx, 1)
    assert (changed <= near).all()  # only the sword and the line round it
    # Beside the head there is nothing again, as on the man who never held it.
    assert (out[5:12, 7:10, 3] == bare[5:12, 7:10, 3]).all()
    # Under the sword's 32 pixels, what he wears is guessed from around them.
    assert (out != bare).any(-1).sum() <= 24


def test_the_motion_tools_knight_has_his_tabard_recoloured() -> None:
    from pixelkiln.gallery.hand_made import knight

    img = knight()
    out, _ = edit_image(img, "make the tabard red", seed=1)
    tabard = np.zeros(img.shape[:2], bool)
    for rgb in ((52, 92, 178), (34, 56, 120)):  # the tabard and its stripe
        tabard |= (img[..., :3] == rgb).all(-1)
    assert ((out != img).any(-1) == tabard).all()
    hues = _lch(out[..., :3][tabard])[:, 2]
    assert ((hues < 50) | (hues > 340)).all()


def test_a_robe_is_recoloured_down_to_its_hem() -> None:
    """A robe reaching below where the body narrows (its hem above the boots) changes
    whole; the hat of the same purple, the boots and the trim stay."""
    from pixelkiln.gallery.hand_made import mage

    img = mage(margin=2)
    out, _ = edit_image(img, "make the robe red", seed=1)
    robe = (img[..., :3] == (110, 60, 160)).all(-1)
    robe[: 2 + 10] = False  # the hat's purple is above the neck
    changed = (out != img).any(-1)
    assert np.array_equal(changed, robe)
    hues = _lch(out[..., :3][robe])[:, 2]
    assert ((hues < 45) | (hues > 330)).all()
