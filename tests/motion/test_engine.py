"""The sprite engine measured: on sprites we rendered (true keypoints, true other
directions, true animation frames known) and on hand-made sprites (nothing known).

Thresholds (docs/families/motion.md lists the figures measured when they were set):

- keypoints: mean error over the 18 labels at most 4 px (figures on a 76 px canvas);
- rotations: silhouette IoU against the true render, mean over the 7 drawn directions
  at least 0.5;
- animation: silhouette IoU of each warped frame against the true frame, mean at least
  0.9 for a walk, and for a jump above what the unmoved sprite scores (the motion is
  really followed).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from pixelkiln.engine.sprites.animate import animate_sprite, interpolate_sprites
from pixelkiln.engine.sprites.fit import silhouette_iou
from pixelkiln.engine.sprites.rotsprite import rotsprite
from pixelkiln.engine.sprites.turn import ROTATION_ORDER, turn_sprite
from pixelkiln.engine.sprites.understand import SpriteModel, guess_plan, understand_sprite
from pixelkiln.engine.subjects.motion.text import motion_from_text
from pixelkiln.engine.subjects.subject import Drawing, Look, Subject, animate_subject, draw_subject
from pixelkiln.gallery.hand_made import HAND_MADE

LOOK = Look(image_size=(48, 48))
OURS = ("a knight", "a farmer in a red shirt")


@cache
def _ours(text: str) -> tuple[Subject, Drawing, SpriteModel]:
    subject = Subject.from_text(text, 1)
    drawing = draw_subject(subject, LOOK)
    return subject, drawing, understand_sprite(drawing.sprites["south"].rgba())


@cache
def _hand_made(name: str) -> SpriteModel:
    draw, words = HAND_MADE[name]
    return understand_sprite(draw(), hint=words)


def _mask(rgba: np.ndarray) -> np.ndarray:
    return rgba[..., 3] >= 128


def _colours(rgba: np.ndarray) -> set[tuple[int, ...]]:
    return {tuple(int(v) for v in c) for c in rgba[..., :3][_mask(rgba)]}


@pytest.mark.parametrize("text", OURS)
def test_keypoints_of_our_renders_are_within_4_px(text: str) -> None:
    _, drawing, sm = _ours(text)
    true = {k["label"]: (k["x"], k["y"]) for k in drawing.sprites["south"].keypoints}
    found = {k["label"]: (k["x"], k["y"]) for k in sm.keypoints}
    assert set(found) == set(true) and len(found) == 18
    w, h = drawing.camera.size
    errors = [
        np.hypot((true[k][0] - found[k][0]) * w, (true[k][1] - found[k][1]) * h) for k in true
    ]
    assert float(np.mean(errors)) <= 4.0, errors


@pytest.mark.parametrize("text", OURS)
def test_rotations_of_our_renders_overlap_the_true_directions(text: str) -> None:
    _, drawing, sm = _ours(text)
    turned = turn_sprite(sm)
    assert np.array_equal(turned["south"], drawing.sprites["south"].rgba())
    ious = [
        silhouette_iou(_mask(turned[d]), _mask(drawing.sprites[d].rgba()))
        for d in ROTATION_ORDER
        if d != "south"
    ]
    assert float(np.mean(ious)) >= 0.5, ious


@pytest.mark.parametrize(("action", "floor"), [("walk", 0.9), ("jump", None)])
def test_animation_of_our_render_follows_the_true_motion(action: str, floor: float | None) -> None:
    subject, drawing, sm = _ours("a knight")
    anim = animate_sprite(sm, action, 8)
    motion, _ = motion_from_text(subject.sized(48).model, action, 8)
    true = animate_subject(subject, LOOK, motion, ["south"]).frames["south"]
    still = drawing.sprites["south"].rgba()
    warped = [silhouette_iou(_mask(anim.frames[k]), _mask(true[k % 8].rgba())) for k in range(1, 9)]
    unmoved = [silhouette_iou(_mask(still), _mask(true[k % 8].rgba())) for k in range(1, 9)]
    if floor is not None:
        assert float(np.mean(warped)) >= floor, warped
    else:
        assert float(np.mean(warped)) > float(np.mean(unmoved)) + 0.05, (warped, unmoved)


def test_plans_are_read_from_the_silhouette() -> None:
    assert guess_plan(HAND_MADE["knight"][0]())[0] == "biped"
    assert guess_plan(HAND_MADE["slime"][0]())[0] == "blob"
    assert guess_plan(HAND_MADE["wolf"][0]())[0] == "quadruped"
    assert _hand_made("wolf").direction == "east"
    for text, plan in (("a wooden barrel", "prop"), ("a treasure chest", "prop")):
        sprite = draw_subject(Subject.from_text(text, 1), LOOK, ["south"]).sprites["south"]
        assert guess_plan(sprite.rgba())[0] == plan, text
    dog = draw_subject(Subject.from_text("a brown dog", 1), LOOK, ["east"]).sprites["east"]
    assert guess_plan(dog.rgba())[0] == "quadruped"


def test_a_prop_seen_from_the_side_is_itself_or_its_mirror_and_turns_in_plane_from_above() -> None:
    chest = draw_subject(Subject.from_text("a treasure chest", 1), LOOK, ["east"]).sprites["east"]
    rgba = chest.rgba()
    sm = understand_sprite(rgba, "east")
    turned = turn_sprite(sm)
    assert np.array_equal(turned["east"], rgba) and np.array_equal(turned["north-east"], rgba)
    assert np.array_equal(turned["west"], rgba[:, ::-1])
    above = turn_sprite(understand_sprite(rgba, "east", view="high top-down"))
    assert np.array_equal(above["south"], rotsprite(rgba, -90))


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_rotations_keep_the_given_direction_and_the_palette(name: str) -> None:
    sm = _hand_made(name)
    turned = turn_sprite(sm)
    assert np.array_equal(turned[sm.direction], sm.rgba)
    allowed = _colours(sm.rgba)
    for d, img in turned.items():
        assert img.shape == sm.rgba.shape
        assert _colours(img) <= allowed, d
        assert _mask(img).sum() > 0.3 * _mask(sm.rgba).sum(), d


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_walks_keep_frame_0_the_palette_the_area_and_close(name: str) -> None:
    sm = _hand_made(name)
    anim = animate_sprite(sm, "walk", 8)
    frames = anim.frames
    assert len(frames) == 9 and np.array_equal(frames[0], sm.rgba)
    allowed = _colours(sm.rgba)
    areas = [int(_mask(f).sum()) for f in frames]
    for f in frames:
        assert _colours(f) <= allowed
    assert (max(areas) - min(areas)) < areas[0] / 5, areas
    # Frames 1..N loop: the step from the last back to the first is no bigger than the
    # biggest step between neighbours.
    steps = [int((frames[i] != frames[i + 1]).any(-1).sum()) for i in range(1, 8)]
    wrap = int((frames[8] != frames[1]).any(-1).sum())
    assert anim.record["loop"] and wrap <= max(steps)
    again = animate_sprite(_hand_made(name), "walk", 8)
    assert all(np.array_equal(a, b) for a, b in zip(frames, again.frames, strict=True))


def test_interpolation_moves_poses_not_colours() -> None:
    sm = _hand_made("knight")
    end = animate_sprite(sm, "wave", 8).frames[3]  # a pose the action reaches
    anim = interpolate_sprites(sm, end, "wave", 6)
    assert np.array_equal(anim.frames[0], sm.rgba) and np.array_equal(anim.frames[-1], end)
    for f in anim.frames:
        assert _colours(f) <= _colours(sm.rgba)  # no cross-fade: no mixed colours
    # The end's pose is found, and the in-betweens close in on it step by step.
    assert anim.record["end_iou"] > 0.95
    ious = [silhouette_iou(_mask(f), _mask(end)) for f in anim.frames[1:-1]]
    assert ious[-1] > ious[0] and ious[-1] > 0.9


def test_rotsprite_adds_no_colour_and_quarter_turns_are_exact() -> None:
    img = HAND_MADE["knight"][0]()
    assert np.array_equal(rotsprite(img, 90), np.rot90(img, -1))
    for degrees in (30, 45, 135):
        out = rotsprite(img, degrees)
        assert _colours(out) <= _colours(img)
        assert abs(int(_mask(out).sum()) - int(_mask(img).sum())) < 0.15 * _mask(img).sum()


@pytest.mark.parametrize(("text", "given"), [("a brown dog", "east"), ("a green slime", "south")])
def test_creatures_we_rendered_turn_close_to_their_true_directions(text: str, given: str) -> None:
    drawing = draw_subject(Subject.from_text(text, 1), LOOK)
    sm = understand_sprite(drawing.sprites[given].rgba(), hint=text)
    assert sm.direction == given
    turned = turn_sprite(sm)
    ious = [
        silhouette_iou(_mask(turned[d]), _mask(drawing.sprites[d].rgba()))
        for d in ROTATION_ORDER
        if d != given
    ]
    assert float(np.mean(ious)) >= 0.8, ious
