"""Creatures: every non-biped body plan, its words and its animations, held by
properties of the images they draw (no wall-clock asserts)."""

from __future__ import annotations

import json
from functools import cache
from itertools import pairwise

import numpy as np
import pytest

from pixelkiln.engine.subjects import render as render_mod
from pixelkiln.engine.subjects.camera import DIRECTIONS, VIEWS
from pixelkiln.engine.subjects.creatures import (
    CREATURE_PLANS,
    CREATURE_WORDS,
    build_creature,
    creature_spec,
)
from pixelkiln.engine.subjects.draw import draw_directions
from pixelkiln.engine.subjects.fit import fit_creature
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import pose_for
from pixelkiln.engine.subjects.motion.templates import templates_for
from pixelkiln.engine.subjects.paints import build_palette
from pixelkiln.engine.subjects.render import KEYPOINT_LABELS, render
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.style import SubjectStyle

STYLE = SubjectStyle(outline="single color black outline", shading="medium shading")
SIZE = (48, 48)
VIEW_NAMES = ("side", "low top-down", "high top-down")

#: One word per plan: the plan's own word where it has one.
PLAN_WORD = {
    "dog": "dog",
    "cat": "cat",
    "horse": "horse",
    "bear": "bear",
    "lion": "lion",
    "dragon": "dragon",
    "slime": "slime",
    "bird": "bird",
    "serpent": "snake",
    "spider": "spider",
    "insect": "ant",
    "ghost": "ghost",
}
#: Words that bring out a plan's variants (params other words do not use).
VARIANTS = ("bat", "owl", "scorpion", "beetle", "cobra", "worm", "unicorn", "stag", "panda")

#: The contract's animation lists (SUBJECTS.md §1).
CONTRACT = {
    "dog": "walk-4-frames walk-6-frames walk-8-frames fast-walk running-4-frames "
    "running-6-frames running-8-frames sneaking idle bark",
    "cat": "walk-4-frames walk-6-frames walk-8-frames running-4-frames running-6-frames "
    "running-8-frames slow-run jump idle seated-on-belly-idle sitting sitting-on-belly "
    "standing standing-from-belly drinking eating licking yawning angry",
    "horse": "walk-4-frames walk-6-frames walk-8-frames walk-turn-left walk-turn-right "
    "running-4-frames running-6-frames running-8-frames running-turn-left running-turn-right "
    "running-headbutt swimming attack attack-back hit-left hit-right dying idle-shaking-head "
    "rest-idle eat-start eating eat-end start-sleep sleep-cycle rest-cycle wake-up lie-down "
    "stand-up",
    "bear": "walk-4-frames walk-6-frames walk-8-frames running-4-frames running-6-frames "
    "running-8-frames jump stand-on-hind-legs attack-left attack-right jump-attack idle-long "
    "idle-resting idle-sitting drinking eating going-to-sleep waking-getting-up sitting-down "
    "standing-up angry",
    "lion": "walk-4-frames walk-6-frames walk-8-frames running-4-frames running-6-frames "
    "running-8-frames jump attack jump-attack idle idle-sitting drinking eating sitting "
    "standing",
}

#: Templates whose silhouette may change a lot: leaving the ground, lying down or
#: getting up, falling.
BIG_CHANGES = {
    "jump",
    "jump-attack",
    "stand-up",
    "standing-from-belly",
    "waking-getting-up",
    "wake-up",
    "fly",
    "death",
    "dying",
}


@cache
def model_of(word: str, seed: int = 7) -> Model:
    return build_creature(creature_spec(word, seed))


@cache
def camera_of(word: str, view: str, size: tuple[int, int] = SIZE):
    m = model_of(word)
    return fit_creature(m, size, VIEWS[view], m.info.get("body_groups"))


def _opaque(sprite) -> np.ndarray:
    return sprite.index > 0


def _rows(mask: np.ndarray) -> tuple[int, int]:
    ys = np.nonzero(mask.any(axis=1))[0]
    return int(ys.min()), int(ys.max())


# Words and specs -------------------------------------------------------------------------


def test_plans_and_words() -> None:
    assert set(PLAN_WORD) == set(CREATURE_PLANS)
    assert len(CREATURE_WORDS) >= 40
    expected = {
        "wolf": "dog",
        "fox": "dog",
        "hound": "dog",
        "puppy": "dog",
        "kitten": "cat",
        "tiger": "lion",
        "panther": "lion",
        "leopard": "lion",
        "pony": "horse",
        "unicorn": "horse",
        "donkey": "horse",
        "zebra": "horse",
        "deer": "horse",
        "stag": "horse",
        "polar bear": "bear",
        "panda": "bear",
        "lioness": "lion",
        "slime": "slime",
        "blob": "slime",
        "jelly": "slime",
        "crow": "bird",
        "raven": "bird",
        "owl": "bird",
        "eagle": "bird",
        "parrot": "bird",
        "chicken": "bird",
        "bat": "bird",
        "snake": "serpent",
        "worm": "serpent",
        "eel": "serpent",
        "spider": "spider",
        "scorpion": "spider",
        "ant": "insect",
        "beetle": "insect",
        "ghost": "ghost",
        "dragon": "dragon",
    }
    for word, plan in expected.items():
        assert CREATURE_WORDS[word].plan == plan, word
    for kind in CREATURE_WORDS.values():
        assert kind.plan in CREATURE_PLANS
        assert (kind.about and kind.word in kind.about.lower()) or kind.about
        assert "body" in kind.roles and "eyes" in kind.roles


def test_spec_is_plain_versioned_data() -> None:
    spec = creature_spec("tiger", 3, text="a striped tiger")
    assert spec.kind == "creature" and spec.plan == "lion" and spec.subject == "tiger"
    assert spec.params["mane"] == "none" and spec.params["pattern"] == "stripes"
    again = SubjectSpec.from_dict(spec.to_dict())
    assert again == spec
    assert build_creature(again).parts == build_creature(spec).parts
    # Through JSON (tuples come back as lists) every word builds the same model.
    for word in ("wolf", "fox", "cat", "deer", "raven", "cobra"):
        spec = creature_spec(word, 5)
        again = SubjectSpec.from_dict(json.loads(json.dumps(spec.to_dict())))
        assert build_creature(again).parts == build_creature(spec).parts, word


def test_colour_words_paint_named_roles() -> None:
    plain = creature_spec("cat", 1)
    black = creature_spec("cat", 1, colors={"body": "black"})
    assert black.paints["body"].lightness < 0.35
    # The belly follows a new body colour (a black cat is not cream underneath) ...
    assert black.paints["belly"].lightness < plain.paints["belly"].lightness - 0.2
    # ... unless the description names it.
    spotted = creature_spec("cat", 1, colors={"body": "black", "belly": "white"})
    assert spotted.paints["belly"].lightness > 0.85
    red_mane = creature_spec("lion", 1, colors={"mane": "red"})
    assert abs(red_mane.paints["mane"].hue - 28) < 15
    assert red_mane.paints["body"] == creature_spec("lion", 1).paints["body"]
    with pytest.raises(KeyError):
        creature_spec("unicornicopia", 1)
    with pytest.raises(ValueError):
        creature_spec("cat", 1, colors={"body": "plaid"})


def test_a_slime_is_not_a_person() -> None:
    for word in ("slime", "blob", "jelly", "ooze"):
        m = model_of(word)
        assert m.plan == "slime" and m.legs == ()
        names = " ".join(p.name for p in m.parts)
        for limb in ("arm", "leg", "hand", "foot", "thigh", "shin", "torso"):
            assert limb not in names
    # Nor is any other creature built on the mannequin's skeleton.
    biped = {"spine", "chest", "l_shoulder", "l_elbow", "l_hand", "l_hip", "l_knee", "l_ankle"}
    for word in CREATURE_WORDS:
        assert not biped <= set(model_of(word).skeleton.names), word


def test_quadrupeds_have_four_planted_legs() -> None:
    for plan in ("dog", "cat", "horse", "bear", "lion", "dragon"):
        m = model_of(PLAN_WORD[plan])
        assert len(m.legs) == 4
        fronts = [leg for leg in m.legs if "wrist" in leg.ankle]
        assert len(fronts) == 2 and not any(leg.knee_forward for leg in fronts)
        assert all(leg.knee_forward for leg in m.legs if "hock" in leg.ankle)
        assert m.info["head_height"] > 0 and any(s.kind == "eye" for s in m.stamps)


# Rotations ---------------------------------------------------------------------------------


@pytest.mark.parametrize("word", sorted(CREATURE_WORDS))
def test_every_word_draws_eight_directions(word: str) -> None:
    m = model_of(word)
    for view in VIEW_NAMES:
        cam = camera_of(word, view)
        sprites = draw_directions(m, cam, STYLE)
        assert list(sprites) == list(DIRECTIONS)
        shapes = {s.index.shape for s in sprites.values()}
        assert shapes == {(SIZE[1] + 28, SIZE[0] + 28)}
        assert len({id(s.palette) for s in sprites.values()}) == 1
        for sprite in sprites.values():
            assert _opaque(sprite).sum() > 30


@pytest.mark.parametrize("word", [*PLAN_WORD.values(), *VARIANTS])
def test_directions_agree_in_side_view(word: str) -> None:
    """Animals turn on the spot: the same ground row and height (within 1 px) facing
    every way, in one palette."""
    m = model_of(word)
    sprites = draw_directions(m, camera_of(word, "side"), STYLE)
    tops, bottoms = zip(*(_rows(_opaque(s)) for s in sprites.values()), strict=True)
    assert len(set(bottoms)) == 1
    heights = [b - t for t, b in zip(tops, bottoms, strict=True)]
    assert max(heights) - min(heights) <= 1
    colours = {tuple(map(tuple, s.palette.colors)) for s in sprites.values()}
    assert len(colours) == 1


@pytest.mark.parametrize("word", [*PLAN_WORD.values(), *VARIANTS])
def test_keypoints_inside_the_silhouette(word: str) -> None:
    m = model_of(word)
    assert set(m.keypoints) >= set(KEYPOINT_LABELS)
    for view in VIEW_NAMES:
        for direction, sprite in draw_directions(m, camera_of(word, view), STYLE).items():
            h, w = sprite.index.shape
            opaque = np.pad(_opaque(sprite), 1)
            assert [k["label"] for k in sprite.keypoints] == list(KEYPOINT_LABELS)
            for k in sprite.keypoints:
                x, y = int(np.floor(k["x"] * w)), int(np.floor(k["y"] * h))
                near = opaque[y : y + 3, x : x + 3]
                assert near.any(), (word, view, direction, k["label"])


def test_same_seed_same_bytes() -> None:
    for word in ("leopard", "ladybug", "dragon", "snake"):
        a = build_creature(creature_spec(word, 11))
        b = build_creature(creature_spec(word, 11))
        cam = fit_creature(a, SIZE, VIEWS["low top-down"], a.info.get("body_groups"))
        pal = build_palette(a, STYLE)
        ra = render(a, a.pose(), "south-east", cam, STYLE, pal)
        rb = render(b, b.pose(), "south-east", cam, STYLE, build_palette(b, STYLE))
        assert ra.rgba().tobytes() == rb.rgba().tobytes()
    # Seeds vary the markings, not the animal.
    one, two = model_of("leopard", 1), model_of("leopard", 2)
    assert [p.bands for p in one.parts] != [p.bands for p in two.parts]
    assert [p.shape for p in one.parts] == [p.shape for p in two.parts]


# Animations ---------------------------------------------------------------------------------


def test_contract_ids_are_all_registered() -> None:
    for plan, ids in CONTRACT.items():
        registered = templates_for(plan)
        assert set(registered) == set(ids.split()), plan
        for tid, t in registered.items():
            if tid.endswith("-frames"):
                assert t.frames == int(tid.split("-")[-2])
    for plan in CREATURE_PLANS:
        assert templates_for(plan), plan


def _templates():
    for plan in CREATURE_PLANS:
        for tid in templates_for(plan):
            yield plan, tid


@cache
def _frames(plan: str, tid: str):
    """The template's motion, its rendered frames (south-east, low top-down) and the
    joint positions of every frame."""
    word = PLAN_WORD[plan]
    m = model_of(word)
    t = templates_for(plan)[tid]
    motion = t.make(m, t.frames)
    cam = camera_of(word, "low top-down")
    pal = build_palette(m, STYLE)
    samples = [motion.sample(x) for x in motion.times()]
    sprites = [render(m, pose_for(m, s), "south-east", cam, STYLE, pal) for s in samples]
    joints = [
        np.array([pos for _, pos in m.skeleton.forward(pose_for(m, s)).values()]) for s in samples
    ]
    return t, motion, sprites, joints, samples


@pytest.mark.parametrize(("plan", "tid"), list(_templates()))
def test_template_frames(plan: str, tid: str) -> None:
    t, motion, sprites, joints, _ = _frames(plan, tid)
    m = model_of(PLAN_WORD[plan])
    assert motion.frames == t.frames and len(sprites) == t.frames
    assert motion.loop == t.loop and motion.ends_down == t.ends_down
    rest = render(
        m,
        m.pose(),
        "south-east",
        camera_of(PLAN_WORD[plan], "low top-down"),
        STYLE,
        sprites[0].palette,
    )
    if t.starts_at_rest:
        assert np.array_equal(sprites[0].index, rest.index), "frame 0 is not the rest pose"
    else:
        assert not np.array_equal(sprites[0].index, rest.index) or t.loop
    # Every frame differs from the one before somewhere (no frozen stubs) ...
    moving = sum(not np.array_equal(a.index, b.index) for a, b in pairwise(sprites))
    assert moving >= (t.frames - 1) // 2
    # ... and a cycle closes: the step back to frame 0 is no jump.
    steps = [float(np.abs(b - a).max()) for a, b in pairwise(joints)]
    if t.loop or (motion.returns and not t.ends_down):
        end = (
            joints[0]
            if t.loop
            else np.array(
                [p for _, p in m.skeleton.forward(pose_for(m, motion.sample(1.0))).values()]
            )
        )
        close = float(np.abs(end - joints[-1]).max())
        assert close <= 1.5 * max(steps) + 1e-9, (close, max(steps))
    if not t.loop and motion.returns and not t.ends_down and t.starts_at_rest:
        back = render(
            m,
            pose_for(m, motion.sample(1.0)),
            "south-east",
            camera_of(PLAN_WORD[plan], "low top-down"),
            STYLE,
            sprites[0].palette,
        )
        assert np.array_equal(back.index, rest.index), "a one-shot must return to rest"
    # The silhouette stays the same animal (area within a third) unless it leaves the
    # ground, lies down or gets up.
    areas = [int(_opaque(s).sum()) for s in sprites]
    if tid not in BIG_CHANGES and not t.ends_down and t.starts_at_rest:
        assert (max(areas) - min(areas)) / max(areas) < 1 / 3, areas


def _foot_pixels(m: Model, sample, cam) -> np.ndarray:
    """Screen pixels of every foot (IK ankles, arthropod feet) as drawn."""
    yaw = render_mod.yaw_for(m, "south-east", cam.view)
    frames, _ = render_mod._pose_frames(m, pose_for(m, sample), yaw, cam)
    names = [leg.ankle for leg in m.legs]
    names += [n for n in m.skeleton.names if n.endswith("_foot")]
    if not names:
        return np.zeros((0, 2))
    pts = np.array([frames[n][1] for n in names])
    right, up = np.array([1.0, 0.0, 0.0]), cam.view.up
    return np.stack([pts @ right, -(pts @ up)], axis=1) * cam.scale


IDLES = [
    (p, t)
    for p, t in _templates()
    if t.startswith("idle") or t in ("seated-on-belly-idle", "rest-cycle", "sleep-cycle")
]


@pytest.mark.parametrize(("plan", "tid"), IDLES)
def test_planted_feet_stay_on_their_pixel(plan: str, tid: str) -> None:
    m = model_of(PLAN_WORD[plan])
    _, _, _, _, samples = _frames(plan, tid)
    cam = camera_of(PLAN_WORD[plan], "low top-down")
    feet = [_foot_pixels(m, s, cam) for s in samples]
    if not feet[0].size or (plan == "bird" and m.info["bird"]["bat"]):
        return
    drift = np.abs(np.array(feet) - feet[0]).max()
    assert drift <= 1.0, drift


def test_gaits_walk_in_place() -> None:
    for plan in ("dog", "cat", "horse", "bear", "lion", "dragon"):
        for tid in ("walk-8-frames", "running-8-frames"):
            _, motion, _, joints, _ = _frames(plan, tid)
            assert motion.travel > 0
            # The body stays over its origin: the pelvis wanders less than a leg length.
            pelvis = np.array([j[0] for j in joints])
            assert (
                np.abs(pelvis[:, :2] - pelvis[0, :2]).max()
                < model_of(PLAN_WORD[plan]).info["quad"]["leg_len"]
            )
    for plan, tid in (
        ("bird", "walk"),
        ("serpent", "slither"),
        ("spider", "walk"),
        ("insect", "walk"),
        ("slime", "move"),
    ):
        assert _frames(plan, tid)[1].travel > 0


def test_turning_gaits_end_facing_the_same_way() -> None:
    for tid in ("walk-turn-left", "walk-turn-right", "running-turn-left", "running-turn-right"):
        _, motion, _, _, _ = _frames("horse", tid)
        first, last = motion.sample(0.0), motion.sample(1.0)
        assert abs(first.root_angles[2] - last.root_angles[2]) < 1e-6
        mid = motion.sample(0.5).root_angles[2]
        assert (mid > 0) == tid.endswith("left")


def test_turning_on_the_spot_keeps_the_feet() -> None:
    """Facing every way, each of a quadruped's feet stands at the same height (the
    turn is about the vertical through the origin)."""
    m = model_of("horse")
    cam = camera_of("horse", "side")
    heights: dict[str, set[float]] = {leg.ankle: set() for leg in m.legs}
    for d in DIRECTIONS:
        yaw = render_mod.yaw_for(m, d, cam.view)
        frames, _ = render_mod._pose_frames(m, m.pose(), yaw, cam)
        for leg in m.legs:
            heights[leg.ankle].add(round(float(frames[leg.ankle][1][2]), 6))
    assert all(len(h) == 1 for h in heights.values())
