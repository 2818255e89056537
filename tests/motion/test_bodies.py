"""What a sprite's body is read as: a wolf's knees and ears, a ranger's hood and cape."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.sprites.analyse import analyse_sprite
from pixelkiln.gallery.hand_made import knight

KNIGHT = knight()


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
