"""transfer-outfit-v2: clothes put on by place, through every frame's bones."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.engine.sprites.outfit import transfer_outfit
from pixelkiln.gallery.hand_made import knight

KNIGHT = knight()


def _recoloured(
    rgba: np.ndarray, pairs: dict[tuple[int, int, int], tuple[int, int, int]]
) -> np.ndarray:
    out = rgba.copy()
    for old, new in pairs.items():
        out[(rgba[..., :3] == old).all(-1), :3] = new
    return out


def test_an_outfit_goes_on_by_place_through_the_bones() -> None:
    a = analyse_sprite(KNIGHT)
    steel = (150, 156, 170)
    # The reference: red tabard and brown legs; its helmet stays steel, the same steel
    # the frame's legs are made of.
    ref = _recoloured(KNIGHT, {(52, 92, 178): (178, 40, 40), (34, 56, 120): (110, 24, 24)})
    legs = np.zeros(KNIGHT.shape[:2], bool)
    legs[a.crotch : a.feet] = True
    ref[legs & (KNIGHT[..., :3] == steel).all(-1), :3] = (120, 80, 40)
    frames = [KNIGHT, np.roll(KNIGHT, 1, axis=1)]
    dressed, how = transfer_outfit(ref, frames)
    assert how == "bones"
    for i, (d, f) in enumerate(zip(dressed, frames, strict=True)):
        torso_rows = slice(a.neck, a.crotch)
        blue = (f[torso_rows, :, :3] == (52, 92, 178)).all(-1)
        took = {tuple(int(v) for v in c) for c in d[torso_rows][blue][:, :3]}
        assert took <= {(178, 40, 40), (110, 24, 24)}, (i, took)  # the reference's torso
        head = slice(0, a.neck)
        assert np.array_equal(d[head], f[head])  # the helmet is kept
        leg_steel = np.roll(legs, i, axis=1) & (f[..., :3] == steel).all(-1)
        assert ((d[leg_steel, :3] == (120, 80, 40)).all(-1)).mean() > 0.8  # legs changed
        off = f[..., 3] < 128
        assert np.array_equal(d[off], f[off]) and np.array_equal(d[..., 3], f[..., 3])
