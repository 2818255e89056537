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


def _recoloured(
    rgba: np.ndarray, pairs: dict[tuple[int, int, int], tuple[int, int, int]]
) -> np.ndarray:
    out = rgba.copy()
    for old, new in pairs.items():
        out[(rgba[..., :3] == old).all(-1), :3] = new
    return out


def test_an_outfit_goes_on_by_place_through_the_bones() -> None:
    from pixelkiln.engine.sprites.outfit import transfer_outfit

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


def test_a_wolf_walks_on_bent_knees_and_keeps_its_ears_whole() -> None:
    from pixelkiln.engine.sprites.animate import animate_sprite, bind, motion_of
    from pixelkiln.engine.sprites.understand import understand_sprite
    from pixelkiln.engine.sprites.warp import _leg_swing
    from pixelkiln.engine.subjects.motion.core import pose_for
    from pixelkiln.engine.subjects.render import joint_frames
    from pixelkiln.gallery.hand_made import wolf

    sm = understand_sprite(wolf(), hint="a grey wolf")
    b = bind(sm)
    shins = {j: leg for j, leg in b.legs.items() if leg[4] >= 0}
    assert len(shins) == 4  # every drawn leg is two segments
    anim = animate_sprite(sm, "walk", 8)
    ear = (88, 90, 104)  # the ears are the only dark pixels above the body
    counts = [int((f[:23, 38:56, :3] == ear).all(-1).sum()) for f in anim.frames]
    assert len(set(counts)) == 1 and counts[0] == 30, counts
    # In the stride the shin turns by another angle than its thigh: the knee bends.
    motion, _ = motion_of(sm, "walk", 8)
    rest = joint_frames(b.model, b.rest, b.direction, b.camera)
    bent = 0.0
    for k in range(1, 9):
        pose = pose_for(b.model, motion.sample(k / 8))
        now = joint_frames(b.model, pose, b.direction, b.camera)
        for j, leg in shins.items():
            lower, upper = _leg_swing(b, j, rest, now), _leg_swing(b, leg[4], rest, now)
            turn = np.arctan2(lower[1, 0], lower[0, 0]) - np.arctan2(upper[1, 0], upper[0, 0])
            bent = max(bent, abs(float(turn)))
    assert bent > np.deg2rad(5)


def test_a_hooded_caped_figure_shows_its_cape_from_behind() -> None:
    from pixelkiln.engine.sprites.garments import read_garments
    from pixelkiln.engine.sprites.turn import turn_sprite
    from pixelkiln.engine.sprites.understand import understand_sprite
    from pixelkiln.gallery.hand_made import ranger

    sprite = ranger()
    a = analyse_sprite(sprite)
    worn = read_garments(sprite, a)
    assert worn.hood is not None and worn.cape is not None
    assert (
        read_garments(KNIGHT, analyse_sprite(KNIGHT)).cape is None
    )  # arms and legs are not a cape
    sm = understand_sprite(sprite)
    assert sm.fitted is not None
    assert sm.fitted.spec.outfit["headwear"] == "hood" and sm.fitted.spec.outfit["cape"] == "cape"
    north = turn_sprite(sm, ["north"])["north"]
    cape = np.array(sorted(set(worn.cape.shades)), np.uint8)

    def share(img: np.ndarray, rows: slice) -> float:
        solid = img[rows, :, 3] >= 128
        hit = (img[rows, :, None, :3] == cape[None, None]).all(-1).any(-1) & solid
        return float(hit.sum()) / max(1, int(solid.sum()))

    body = slice(a.neck, a.feet)  # from the shoulders down: torso and legs
    assert share(north, body) > 0.5 > share(sprite, body)  # the back is the cape
    assert share(north, slice(0, a.neck)) > 0.6  # and the back of the head the hood
