"""Animation templates of every non-biped body plan.

Quadrupeds (``dog``, ``cat``, ``horse``, ``bear``, ``lion``, and ``dragon``) share one
set of makers (:mod:`.quadruped_gaits`, :mod:`.quadruped_actions`) sized by each
animal's measurements; each plan registers the ids of the contract's list for it
(SUBJECTS.md §1) with the frame counts below. Every ``*-N-frames`` id has N frames;
for the others:

- idles and held postures 8 frames (``idle-long`` 16), loops;
- gaits 8 frames (``fast-walk``, ``slow-run``, ``sneaking``, ``swimming``, turns);
- short actions 6 (``bark``, ``hit-*``, posture changes such as ``sitting``), longer
  ones 8-10 (attacks, ``jump`` 9, ``drinking``/``eating`` 10, ``dying`` 10).

Frame 0 of every template is the rest pose except where ``starts_at_rest`` is False:
runs (frame 0 is the stretched flight), ``sneaking`` and ``swimming`` (their own
crouch and paddle), held postures (``idle-sitting``, ``sleep-cycle``...) and posture
changes that begin from one (``standing`` begins seated).

The other plans register their own lists here (frames; L a loop; * frame 0 is not rest):

- ``dragon``: the quadruped walks and runs, ``idle`` 8 L, ``fly`` 8 L*, ``glide`` 8 L*,
  ``attack`` (a bite) 8, ``fire-breath`` 8 (flames drawn as effects from the jaws),
  ``roar`` 8, ``hurt`` 6, ``death`` 10 (ends lying);
- ``slime``: ``idle`` 8 L, ``move`` 8 L (a hop in place), ``jump`` 9, ``attack`` 8,
  ``hurt`` 6, ``death`` 8 (melts flat, ends down);
- ``ghost``: ``idle`` 8 L, ``move`` 8 L*, ``attack`` 8, ``hurt`` 6, ``death`` 8 (ends down);
- ``bird`` (and bats): ``idle`` 8 L, ``walk`` 8 L, ``fly`` 8 L*, ``glide`` 8 L*,
  ``attack`` (a peck) 8, ``hurt`` 6, ``death`` 8 (ends down);
- ``serpent``: ``idle`` 8 L, ``slither`` 8 L, ``attack`` (a strike) 8, ``hurt`` 6,
  ``death`` 8 (ends down);
- ``spider`` and ``insect``: ``idle`` 8 L, ``walk`` 8 L, ``attack`` 8, ``hurt`` 6,
  ``death`` 8 (flips over, ends down).

:data:`PLAN_TEMPLATES` lists every plan's ids as registered.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from pixelkiln.engine.subjects.bodies.bird import spread_angles
from pixelkiln.engine.subjects.bodies.serpent import wave_twists
from pixelkiln.engine.subjects.bodies.slime import squash_angles
from pixelkiln.engine.subjects.bodies.spider import legs_pose
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion import quadruped_actions as A
from pixelkiln.engine.subjects.motion import quadruped_gaits as G
from pixelkiln.engine.subjects.motion.core import Effect, Motion, Sample
from pixelkiln.engine.subjects.motion.gait import foot_cycle, gait
from pixelkiln.engine.subjects.motion.quadruped_poses import (
    REST,
    P,
    lowest,
    neck_curve,
    quad,
    solve,
    tail_curve,
)
from pixelkiln.engine.subjects.motion.templates import Template, register
from pixelkiln.engine.subjects.rig import euler

__all__ = ["PLAN_TEMPLATES", "Spec"]

_TAU = 2 * math.pi
Maker = Callable[[Model, int], Motion]


@dataclass(frozen=True)
class Spec:
    """How an id is made: frames, loop, maker, starts at rest, ends down, about."""

    frames: int
    loop: bool
    make: Maker
    starts_at_rest: bool = True
    ends_down: bool = False
    about: str = ""


def _named(make: Callable[..., Motion], name: str, **kw) -> Maker:
    def maker(model: Model, frames: int) -> Motion:
        return replace(make(model, frames, **kw), name=name, description=name)

    return maker


def _walk(speed: float = 1.0) -> Maker:
    return lambda model, frames: G.walk(model, frames, speed)


def _run(speed: float = 1.0) -> Maker:
    return lambda model, frames: G.run(model, frames, speed)


def _turn(base: Callable[[Model, int], Motion], side: float, name: str) -> Maker:
    return lambda model, frames: G.turning(base(model, frames), model, name, side)


_WALK_ABOUT = "walks at an easy pace, legs moving in diagonal pairs"
_RUN_ABOUT = "runs at full speed in a gallop, legs stretching out and gathering under"

#: Ids every quadruped plan shares (the gait lists).
_GAITS: dict[str, Spec] = {
    **{
        f"walk-{n}-frames": Spec(n, True, _named(_walk(), f"walk-{n}-frames"), about=_WALK_ABOUT)
        for n in (4, 6, 8)
    },
    **{
        f"running-{n}-frames": Spec(
            n, True, _named(_run(), f"running-{n}-frames"), False, about=_RUN_ABOUT
        )
        for n in (4, 6, 8)
    },
}

#: Every quadruped id with its spec (plans pick theirs below).
QUADRUPED: dict[str, Spec] = {
    **_GAITS,
    "fast-walk": Spec(
        8, True, _named(_walk(1.4), "fast-walk"), about="walks briskly with long quick strides"
    ),
    "slow-run": Spec(
        8, True, _named(_run(0.7), "slow-run"), False, about="lopes along in an easy canter"
    ),
    "sneaking": Spec(
        8, True, G.sneak, False, about="stalks low to the ground, slow careful steps, head level"
    ),
    "swimming": Spec(
        8, True, G.swim, False, about="swims, paddling all four legs with the head held high"
    ),
    "walk-turn-left": Spec(
        8, True, _turn(_walk(), 1.0, "walk-turn-left"), about="walks while curving to the left"
    ),
    "walk-turn-right": Spec(
        8, True, _turn(_walk(), -1.0, "walk-turn-right"), about="walks while curving to the right"
    ),
    "running-turn-left": Spec(
        8,
        True,
        _turn(_run(), 1.0, "running-turn-left"),
        False,
        about="gallops while leaning into a left turn",
    ),
    "running-turn-right": Spec(
        8,
        True,
        _turn(_run(), -1.0, "running-turn-right"),
        False,
        about="gallops while leaning into a right turn",
    ),
    "idle": Spec(8, True, A.idle, about="stands breathing, tail swaying, glancing aside"),
    "idle-long": Spec(
        16, True, A.idle_long, about="stands looking left and right, sniffs the ground, shakes off"
    ),
    "idle-shaking-head": Spec(8, True, A.shake_head, about="tosses and shakes its head"),
    "rest-idle": Spec(
        8,
        True,
        A.rest_idle,
        False,
        about="stands at ease, head low, one hind leg cocked, tail swishing",
    ),
    "idle-sitting": Spec(
        8, True, A.idle_sitting, False, about="sits on its haunches breathing, looking about"
    ),
    "seated-on-belly-idle": Spec(
        8, True, A.idle_lying, False, about="lies on its belly, head up, tail flicking"
    ),
    "idle-resting": Spec(
        8, True, A.idle_resting, False, about="rests lying down with its head low, breathing slowly"
    ),
    "rest-cycle": Spec(
        8,
        True,
        _named(A.rest_cycle, "rest-cycle"),
        False,
        about="lies resting with its head up, breathing, ears flicking",
    ),
    "sleep-cycle": Spec(
        8, True, A.sleep_cycle, False, about="sleeps lying down with its head on the ground"
    ),
    "sitting": Spec(
        6, False, _named(A.sit_down, "sitting"), ends_down=True, about="sits down on its haunches"
    ),
    "sitting-down": Spec(
        6,
        False,
        _named(A.sit_down, "sitting-down"),
        ends_down=True,
        about="sits down on its haunches",
    ),
    "standing": Spec(
        6, False, _named(A.stand_from_sit, "standing"), False, about="stands up from sitting"
    ),
    "standing-up": Spec(
        6, False, _named(A.stand_from_sit, "standing-up"), False, about="stands up from sitting"
    ),
    "sitting-on-belly": Spec(
        6,
        False,
        _named(A.lie_down, "sitting-on-belly"),
        ends_down=True,
        about="lies down on its belly",
    ),
    "standing-from-belly": Spec(
        6,
        False,
        _named(A.stand_from_lie, "standing-from-belly"),
        False,
        about="gets up from lying on its belly",
    ),
    "lie-down": Spec(
        6,
        False,
        _named(A.lie_down, "lie-down"),
        ends_down=True,
        about="lies down, front first, then the rear",
    ),
    "stand-up": Spec(
        6,
        False,
        _named(A.stand_from_lie, "stand-up"),
        False,
        about="gets up from lying, front first, then the rear",
    ),
    "going-to-sleep": Spec(
        10,
        False,
        A.lie_from_stand_to_sleep,
        ends_down=True,
        about="lies down, yawns and falls asleep",
    ),
    "waking-getting-up": Spec(
        10, False, A.wake_and_stand, False, about="wakes up, yawns and gets up to stand"
    ),
    "start-sleep": Spec(
        6, False, A.lie_to_sleep, False, True, about="lying down, lowers its head and falls asleep"
    ),
    "wake-up": Spec(
        6, False, A.sleep_to_lie, False, True, about="wakes up and lifts its head, still lying"
    ),
    "eat-start": Spec(
        6, False, A.eat_start, ends_down=True, about="lowers its head to the grass to graze"
    ),
    "eating": Spec(
        10, False, A.eating, about="lowers its head to its food, bites, tears and chews"
    ),
    "eat-end": Spec(6, False, A.eat_end, False, about="lifts its head from grazing"),
    "drinking": Spec(10, False, A.drinking, about="lowers its head and laps water"),
    "licking": Spec(9, False, A.licking, about="lifts a paw and licks it"),
    "yawning": Spec(8, False, A.yawning, about="lifts its head and yawns wide"),
    "bark": Spec(6, False, A.bark, about="barks twice, head up and jaws wide"),
    "angry": Spec(8, False, A.angry, about="bristles angrily, snarling or hissing"),
    "jump": Spec(9, False, A.jump, about="crouches and jumps up, landing on its feet"),
    "jump-attack": Spec(10, False, A.jump_attack, about="pounces forward with claws out and bites"),
    "attack": Spec(
        8, False, _named(A.swipe, "attack", side="r"), about="swipes with a fore paw and snarls"
    ),
    "attack-left": Spec(
        8, False, _named(A.swipe, "attack-left", side="l"), about="swipes with its left fore paw"
    ),
    "attack-right": Spec(
        8, False, _named(A.swipe, "attack-right", side="r"), about="swipes with its right fore paw"
    ),
    "attack-back": Spec(8, False, A.buck, about="kicks out backward with both hind legs"),
    "running-headbutt": Spec(
        8, False, A.headbutt, about="charges with its head lowered and rams forward"
    ),
    "stand-on-hind-legs": Spec(
        10, False, A.stand_on_hind_legs, about="rises up on its hind legs, looks around, drops down"
    ),
    "hit-left": Spec(
        6, False, _named(A.hit, "hit-left", side=1.0), about="flinches from a hit on its left side"
    ),
    "hit-right": Spec(
        6,
        False,
        _named(A.hit, "hit-right", side=-1.0),
        about="flinches from a hit on its right side",
    ),
    "dying": Spec(
        10, False, A.dying, ends_down=True, about="staggers, collapses onto its side and dies"
    ),
}

_WALKS = ("walk-4-frames", "walk-6-frames", "walk-8-frames")
_RUNS = ("running-4-frames", "running-6-frames", "running-8-frames")

#: Each quadruped plan's ids (the contract's lists).
QUADRUPED_IDS: dict[str, tuple[str, ...]] = {
    "dog": (*_WALKS, "fast-walk", *_RUNS, "sneaking", "idle", "bark"),
    "cat": (
        *_WALKS,
        *_RUNS,
        "slow-run",
        "jump",
        "idle",
        "seated-on-belly-idle",
        "sitting",
        "sitting-on-belly",
        "standing",
        "standing-from-belly",
        "drinking",
        "eating",
        "licking",
        "yawning",
        "angry",
    ),
    "horse": (
        *_WALKS,
        "walk-turn-left",
        "walk-turn-right",
        *_RUNS,
        "running-turn-left",
        "running-turn-right",
        "running-headbutt",
        "swimming",
        "attack",
        "attack-back",
        "hit-left",
        "hit-right",
        "dying",
        "idle-shaking-head",
        "rest-idle",
        "eat-start",
        "eating",
        "eat-end",
        "start-sleep",
        "sleep-cycle",
        "rest-cycle",
        "wake-up",
        "lie-down",
        "stand-up",
    ),
    "bear": (
        *_WALKS,
        *_RUNS,
        "jump",
        "stand-on-hind-legs",
        "attack-left",
        "attack-right",
        "jump-attack",
        "idle-long",
        "idle-resting",
        "idle-sitting",
        "drinking",
        "eating",
        "going-to-sleep",
        "waking-getting-up",
        "sitting-down",
        "standing-up",
        "angry",
    ),
    "lion": (
        *_WALKS,
        *_RUNS,
        "jump",
        "attack",
        "jump-attack",
        "idle",
        "idle-sitting",
        "drinking",
        "eating",
        "sitting",
        "standing",
    ),
}

#: Plan-specific makers for ids whose motion differs by animal.
_OVERRIDES: dict[tuple[str, str], Spec] = {
    ("horse", "eating"): Spec(
        8, True, A.grazing, False, about="grazes with its head down, tearing grass and chewing"
    ),
    ("horse", "attack"): Spec(
        10, False, A.rear_strike, about="rears up and strikes out with its fore hooves"
    ),
}

#: Every plan's template ids (filled as plans register).
PLAN_TEMPLATES: dict[str, tuple[str, ...]] = {}


def _register(plan: str, ids: dict[str, Spec]) -> None:
    for tid, spec in ids.items():
        register(
            Template(
                id=tid,
                plan=plan,
                frames=spec.frames,
                loop=spec.loop,
                make=spec.make,
                starts_at_rest=spec.starts_at_rest,
                ends_down=spec.ends_down,
                about=spec.about,
            )
        )
    PLAN_TEMPLATES[plan] = tuple(ids)


for _plan, _ids in QUADRUPED_IDS.items():
    _register(_plan, {i: _OVERRIDES.get((_plan, i), QUADRUPED[i]) for i in _ids})


# Other plans ------------------------------------------------------------------------------


# Slime ------------------------------------------------------------------------------------


def _slime(
    model: Model,
    squash: float = 0.0,
    up: float = 0.0,
    fwd: float = 0.0,
    lean: float = 0.0,
    roll: float = 0.0,
) -> P:
    """A slime pose: squash (+ flat, - tall), lifted ``up``, moved forward ``fwd``
    (heights of the slime), leaning forward ``lean`` and rolled ``roll`` degrees."""
    h = model.info["slime"]["h"]
    return P(squash_angles(squash), root=(0.0, -fwd * h, up * h), root_angles=(-lean, roll, 0.0))


def slime_idle(model: Model, frames: int) -> Motion:
    poses = [
        _slime(model, 0.16 * math.sin(_TAU * i / 8), roll=3.0 * math.sin(_TAU * i / 8))
        for i in range(8)
    ]
    return A.seq("idle", frames, poses, loop=True, fps=8)


def slime_move(model: Model, frames: int) -> Motion:
    """A hop: squash, spring forward stretched, fly, land squashed (in place)."""
    poses = [
        REST,
        _slime(model, 0.45),
        _slime(model, -0.55, 0.1, lean=10),
        _slime(model, -0.25, 0.28, lean=5),
        _slime(model, -0.05, 0.3),
        _slime(model, -0.35, 0.12, lean=-5),
        _slime(model, 0.6),
        _slime(model, 0.22),
    ]
    m = A.seq("move", frames, poses, loop=True)
    return replace(m, travel=model.info["slime"]["h"] * 0.6)


def slime_jump(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _slime(model, 0.45),
        _slime(model, 0.85),
        _slime(model, -0.8, 0.25),
        _slime(model, -0.3, 0.7),
        _slime(model, 0.0, 0.8),
        _slime(model, -0.45, 0.4),
        _slime(model, 0.9),
        _slime(model, 0.3),
    ]
    return A.seq("jump", frames, poses, loop=False)


def slime_attack(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _slime(model, 0.3, fwd=-0.04, lean=-12),
        _slime(model, 0.55, fwd=-0.08, lean=-20),
        _slime(model, -0.6, 0.05, fwd=0.3, lean=25),
        _slime(model, 0.25, fwd=0.36, lean=16),
        _slime(model, 0.1, fwd=0.22, lean=8),
        _slime(model, -0.08, fwd=0.1),
        _slime(model, 0.05, fwd=0.03),
    ]
    return A.seq("attack", frames, poses, loop=False)


def slime_hurt(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _slime(model, 0.5, fwd=-0.12, lean=-14, roll=6),
        _slime(model, -0.3, fwd=-0.08, lean=-6, roll=-5),
        _slime(model, 0.22, fwd=-0.04, roll=4),
        _slime(model, -0.1, roll=-2),
        _slime(model, 0.05),
    ]
    return A.seq("hurt", frames, poses, loop=False)


def slime_death(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _slime(model, 0.3, roll=5),
        _slime(model, -0.35, 0.04, roll=-4),
        _slime(model, 0.55),
        _slime(model, 0.8, roll=3),
        _slime(model, 0.95),
        _slime(model, 1.05),
        _slime(model, 1.1),
    ]
    return A.seq("death", frames, poses, loop=False, ends_down=True)


# Ghost --------------------------------------------------------------------------------------


def _ghost(
    model: Model,
    t: float,
    up: float = 0.0,
    fwd: float = 0.0,
    lean: float = 0.0,
    roll: float = 0.0,
    turn: float = 0.0,
    wave: float = 1.0,
    arms: float = 0.0,
    stream: float = 0.0,
) -> P:
    """A ghost pose at wave phase ``t``: the tail's wave (a standing wave, still at
    t = 0), arms raised ``arms`` degrees, the tail streaming back by ``stream``."""
    tail = model.info["ghost"]["tail"]
    angles: dict[str, tuple[float, float, float]] = {}
    for i, name in enumerate(tail):
        w = (i + 1) / len(tail)
        angles[name] = (
            -stream * w + 6.0 * wave * w * math.sin(2 * _TAU * t),
            0.0,
            14.0 * wave * w * math.sin(_TAU * t),
        )
    sway = 6.0 * wave * math.sin(_TAU * t)
    angles["l_arm"] = (arms + sway, 0.0, 0.0)
    angles["r_arm"] = (arms - sway, 0.0, 0.0)
    return P(angles, root=(0.0, -fwd, up), root_angles=(-lean, roll, turn))


def ghost_idle(model: Model, frames: int) -> Motion:
    poses = [_ghost(model, i / 8, up=0.035 * math.sin(_TAU * i / 8)) for i in range(8)]
    return A.seq("idle", frames, poses, loop=True, fps=8)


def ghost_move(model: Model, frames: int) -> Motion:
    poses = [
        _ghost(
            model,
            i / 8,
            up=0.03 * math.sin(2 * _TAU * i / 8),
            lean=10,
            stream=10,
            wave=1.6,
            arms=-20,
        )
        for i in range(8)
    ]
    return A.seq("move", frames, poses, loop=True)


def ghost_attack(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _ghost(model, 0.1, fwd=-0.05, lean=-10, arms=40),
        _ghost(model, 0.2, fwd=-0.1, lean=-16, up=0.05, arms=95),
        _ghost(model, 0.3, fwd=0.22, lean=22, arms=70, stream=30),
        _ghost(model, 0.4, fwd=0.28, lean=18, arms=55, stream=25),
        _ghost(model, 0.5, fwd=0.16, lean=8, arms=30, stream=10),
        _ghost(model, 0.6, fwd=0.06, arms=10),
        _ghost(model, 0.8, fwd=0.02, arms=3),
    ]
    return A.seq("attack", frames, poses, loop=False)


def ghost_hurt(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _ghost(model, 0.1, fwd=-0.12, lean=-18, roll=10, arms=50, stream=-10),
        _ghost(model, 0.2, fwd=-0.09, lean=-10, roll=-9, arms=35),
        _ghost(model, 0.3, fwd=-0.05, roll=6, arms=15),
        _ghost(model, 0.4, fwd=-0.02, roll=-3),
        _ghost(model, 0.5, roll=1),
    ]
    return A.seq("hurt", frames, poses, loop=False)


def ghost_death(model: Model, frames: int) -> Motion:
    """A shriek upward, a spin, then it droops and sinks, lying on the ground."""
    g = model.info["ghost"]
    down = -(g["height"] - 2 * g["head_r"]) * 0.45
    poses = [
        REST,
        _ghost(model, 0.1, up=0.08, lean=-12, arms=80),
        _ghost(model, 0.2, up=0.1, turn=120, arms=60),
        _ghost(model, 0.3, up=0.06, turn=240, arms=30, lean=10),
        _ghost(model, 0.4, up=0.0, turn=360, lean=25, stream=-20),
        _ghost(model, 0.5, up=down * 0.5, turn=360, lean=50, arms=-20, stream=-30, wave=0.4),
        _ghost(model, 0.6, up=down * 0.85, turn=360, lean=72, arms=-30, stream=-40, wave=0.2),
        _ghost(model, 0.7, up=down, turn=360, lean=80, arms=-35, stream=-45, wave=0.0),
    ]
    return A.seq("death", frames, poses, loop=False, ends_down=True)


# Bird --------------------------------------------------------------------------------------


def _wings(model: Model, spread: float, flap: float = 0.0, bend: float = 0.0) -> P:
    """Wings opened by ``spread`` (0 folded, 1 open), raised ``flap`` degrees (tips up),
    the hands bent ``bend`` degrees (down on the downstroke)."""
    out = dict(spread_angles(model, spread)) if spread else {}
    for side, sx in (("l", 1.0), ("r", -1.0)):
        for joint, k in ((f"{side}_wing", flap), (f"{side}_wing2", bend)):
            a = out.get(joint, (0.0, 0.0, 0.0))
            out[joint] = (a[0], a[1] + sx * k, a[2])
    return P(out)


def _bird(model: Model) -> dict:
    return model.info["bird"]


def _tuck() -> P:
    """Legs folded back under the body in flight."""
    legs = {}
    for side in ("l", "r"):
        legs[f"{side}_hip"] = (-55.0, 0.0, 0.0)
        legs[f"{side}_knee"] = (70.0, 0.0, 0.0)
    return P(legs, feet={"l_ankle": None, "r_ankle": None})


def _airborne(model: Model, level: float = 1.0) -> P:
    """Off the ground, the body levelled out, legs tucked (a bat already hovers)."""
    b = _bird(model)
    if b["bat"]:
        return P(feet={"l_ankle": None, "r_ankle": None})
    return P(root=(0.0, 0.0, 0.4), root_angles=(-b["pitch"] * 0.75 * level, 0.0, 0.0)) + _tuck()


def bird_idle(model: Model, frames: int) -> Motion:
    if _bird(model)["bat"]:
        return _flap(model, "idle", frames, amp=32.0, air=False)
    poses = [
        REST,
        P({"neck": (0, 0, 14), "head": (0, 0, 16)}),
        P({"neck": (0, 0, 22), "head": (-8, 0, 18)}),
        P({"neck": (0, 0, 6)}) + P({"tail": (-12, 0, 0)}),
        P({"neck": (0, 0, -18), "head": (0, 0, -14)}),
        P({"neck": (0, 0, -22), "head": (6, 0, -16)}),
        P({"neck": (-25, 0, 0), "head": (-12, 0, 0)}, root=(0.0, 0.0, -0.02)),
        P({"neck": (-8, 0, 0)}) + P({"tail": (10, 0, 0)}),
    ]
    return A.seq("idle", frames, poses, loop=True, fps=8)


def bird_walk(model: Model, frames: int) -> Motion:
    b = _bird(model)
    if b["bat"]:
        return _flap(model, "walk", frames, amp=40.0, air=False)
    hip = b["hip_h"]

    def extra(t: float):
        bob = math.sin(2 * _TAU * t)
        return {
            "neck": (-10.0 * bob, 0.0, 0.0),
            "head": (6.0 * bob, 0.0, 0.0),
            "tail": (5.0 * math.sin(_TAU * t), 0.0, 6.0 * math.sin(_TAU * t)),
        }

    return gait(
        model,
        "walk",
        frames,
        stride=hip * 0.9,
        lift=hip * 0.35,
        duty=0.6,
        bob=hip * 0.05,
        extra=extra,
    )


def _flap(model: Model, name: str, frames: int, amp: float, air: bool = True) -> Motion:
    """Flapping flight: the wings beat (down fast, up slower), the body rises on the
    downstroke, the tail spreads."""
    base = _airborne(model) if air else P(feet={"l_ankle": None, "r_ankle": None})
    poses = []
    for i in range(8):
        t = i / 8
        beat = math.sin(_TAU * t)
        poses.append(
            base
            + _wings(model, 1.0, flap=amp * beat, bend=-18.0 * max(0.0, -beat))
            + P(root=(0.0, 0.0, -0.03 * beat))
            + P({"tail": (-6.0, 0.0, 0.0)})
        )
    if not air:
        poses[0] = _wings(model, 1.0) if _bird(model)["bat"] else poses[0]
    return A.seq(name, frames, poses, loop=True, fps=12)


def bird_fly(model: Model, frames: int) -> Motion:
    m = _flap(model, "fly", frames, amp=42.0)
    return replace(m, travel=_bird(model)["span"] * 1.5)


def bird_glide(model: Model, frames: int) -> Motion:
    base = _airborne(model)
    poses = [
        base
        + _wings(model, 1.0, flap=6.0 * math.sin(_TAU * i / 8))
        + P(root_angles=(0.0, 7.0 * math.sin(_TAU * i / 8), 0.0))
        for i in range(8)
    ]
    return replace(A.seq("glide", frames, poses, loop=True), travel=_bird(model)["span"] * 2)


def bird_attack(model: Model, frames: int) -> Motion:
    b = _bird(model)
    wings = _wings(model, 0.55, flap=20.0) if not b["bat"] else _wings(model, 1.0, flap=30.0)
    rear = P({"neck": (18, 0, 0), "head": (10, 0, 0)}, root_angles=(8, 0, 0))
    peck = P(
        {"neck": (-40, 0, 0), "head": (-25, 0, 0)},
        root=(0.0, -0.04, -0.02),
        root_angles=(-14, 0, 0),
    )
    poses = [
        REST,
        rear * 0.6 + wings * 0.5,
        rear + wings,
        peck + wings,
        peck * 0.4 + wings * 0.8,
        peck + wings * 0.7,
        rear * 0.3 + wings * 0.4,
        wings * 0.15,
    ]
    return A.seq("attack", frames, poses, loop=False)


def bird_hurt(model: Model, frames: int) -> Motion:
    flinch = P(
        {"neck": (20, 0, -14), "head": (10, 8, 0)}, root=(0.0, 0.05, 0.0), root_angles=(12, 8, 0)
    ) + _wings(model, 0.45, flap=25.0)
    poses = [
        REST,
        flinch,
        flinch * 0.7 + P(root_angles=(0, -12, 0)),
        flinch * 0.4,
        flinch * 0.2,
        flinch * 0.05,
    ]
    return A.seq("hurt", frames, poses, loop=False)


def bird_death(model: Model, frames: int) -> Motion:
    b = _bird(model)
    fall = b["hip_h"] + b["hover"]
    free = {"l_ankle": None, "r_ankle": None}
    side = P(
        {"l_hip": (30, 0, 0), "r_hip": (-20, 0, 0), "neck": (-20, 0, 20), "head": (-10, 0, 0)},
        root=(0.0, 0.0, -fall * 0.75),
        root_angles=(0, 75, 0),
        feet=free,
    ) + _wings(model, 0.3 if not b["bat"] else -0.4)
    poses = [
        REST,
        _wings(model, 0.5, flap=30.0) + P({"neck": (20, 0, 0)}),
        _wings(model, 0.6, flap=-10.0) + P(root_angles=(0, 20, 0)),
        side * 0.4,
        side * 0.75,
        side,
        side + P({"neck": (-6, 0, 0)}),
        side,
    ]
    return A.seq("death", frames, poses, loop=False, ends_down=True)


# Serpent -------------------------------------------------------------------------------------


def _serpent(model: Model) -> dict:
    return model.info["serpent"]


def _front(model: Model, raise_: float, coil: float = 0.0) -> P:
    """The neck's last joints raising the head (``raise_`` degrees) and drawing it back
    into an S (``coil``)."""
    n = _serpent(model)["n"]
    return P(
        {
            f"s{n - 4}": (raise_ * 0.5, 0, 0),
            f"s{n - 3}": (raise_ * 0.5 + coil, 0, 0),
            f"s{n - 2}": (-coil * 1.6, 0, 0),
            f"s{n - 1}": (coil * 0.8, 0, 0),
            "head": (-raise_ * 0.6, 0, 0),
        }
    )


def _tongue(out: bool) -> P:
    return P({"tongue": (0.0, 0.0, 180.0)}) if out else REST


def serpent_idle(model: Model, frames: int) -> Motion:
    poses = []
    for i in range(8):
        t = i / 8
        poses.append(
            P({"head": (4 * math.sin(2 * _TAU * t), 0, 12 * math.sin(_TAU * t))})
            + _front(model, 5 * math.sin(_TAU * t))
            + _tongue(i in (3, 6))
        )
    return A.seq("idle", frames, poses, loop=True, fps=8)


def serpent_slither(model: Model, frames: int) -> Motion:
    info = _serpent(model)
    x_rest, rest = wave_twists(info, 0.0)

    def sample(t: float) -> Sample:
        x0, tw = wave_twists(info, t)
        angles = {j: (0.0, 0.0, a - rest.get(j, 0.0)) for j, a in tw.items()}
        if 0.3 < (t % 1.0) < 0.45:
            angles["tongue"] = (0.0, 0.0, 180.0)
        return Sample(angles=angles, root=(x0 - x_rest, 0.0, 0.0))

    return Motion("slither", frames, True, sample, travel=info["wavelength"], fps=10)


def serpent_attack(model: Model, frames: int) -> Motion:
    poses = [
        REST,
        _front(model, 20, 10),
        _front(model, 38, 26) + P({"jaw": (-10, 0, 0)}),
        _front(model, 40, 30) + P({"jaw": (-30, 0, 0)}),
        _front(model, 8, -14) + P({"jaw": (-42, 0, 0)}),
        _front(model, 4, -10) + P({"jaw": (-6, 0, 0)}),
        _front(model, 14, 4),
        _front(model, 5, 1),
    ]
    return A.seq("attack", frames, poses, loop=False)


def serpent_hurt(model: Model, frames: int) -> Motion:
    n = _serpent(model)["n"]
    # Kinks that alternate joint to joint: the body jerks without swinging round.
    writhe = {f"s{k}": (0.0, 0.0, 9.0 * (-1) ** k) for k in range(2, n - 1)}
    poses = [
        REST,
        P(writhe) + _front(model, 25, -8) + P({"jaw": (-25, 0, 0)}),
        P(writhe) * -0.6 + _front(model, 15, 6),
        P(writhe) * 0.35 + _front(model, 8),
        P(writhe) * -0.15,
        P(writhe) * 0.05,
    ]
    return A.seq("hurt", frames, poses, loop=False)


def serpent_death(model: Model, frames: int) -> Motion:
    info = _serpent(model)
    _, rest = wave_twists(info, 0.0)
    straight = P({j: (0.0, 0.0, -a * 0.7) for j, a in rest.items()})
    drop = _front(model, -info["raise"] * 120, 0)
    poses = [
        REST,
        _front(model, 20, 8) + P({"jaw": (-30, 0, 0)}),
        _front(model, 25, 12) + P({"jaw": (-40, 0, 0)}) + straight * 0.3,
        straight * 0.5 + drop * 0.3,
        straight * 0.8 + drop * 0.7 + P({"jaw": (-20, 0, 0)}),
        straight + drop + P(root_angles=(0, 40, 0)),
        straight + drop + P(root_angles=(0, 80, 0), root=(0.0, 0.0, info["girth"] * 0.2)),
        straight
        + drop
        + P(root_angles=(0, 88, 0), root=(0.0, 0.0, info["girth"] * 0.2))
        + P({"jaw": (-12, 0, 0)}),
    ]
    return A.seq("death", frames, poses, loop=False, ends_down=True)


# Spiders and insects --------------------------------------------------------------------------


def _bug_info(model: Model) -> dict:
    return model.info["arthropod"]


def _with_legs(model: Model, base: Callable[[float], Sample]) -> Callable[[float], Sample]:
    """A sampler whose ``feet`` (per leg name: an offset, model space) are turned into
    the legs' joint angles by the arthropod leg solver; ``_curl`` (an angle's first
    value, 0..1) draws every foot in toward the body's underside."""
    info = _bug_info(model)

    def sample(t: float) -> Sample:
        s = base(t)
        angles = dict(s.angles)
        curl = angles.pop("_curl", (0.0, 0.0, 0.0))[0]
        feet = {k: v for k, v in s.feet.items() if v is not None}
        if curl:
            rot = euler(*s.root_angles)
            for leg in info["legs"]:
                coxa = np.asarray(leg["coxa"])
                foot = np.asarray(leg["foot"])
                tucked = coxa + (foot - coxa) * 0.35 + np.array([0.0, 0.0, -0.05])
                world = np.asarray(leg["root"]) + np.asarray(s.root) + rot @ tucked
                rest_foot = np.asarray(leg["root"]) + foot
                off = np.asarray(feet.get(leg["name"], (0.0, 0.0, 0.0)))
                feet[leg["name"]] = tuple(off * (1 - curl) + (world - rest_foot) * curl)
        angles.update(legs_pose(info, s.root_angles, s.root, feet))
        return Sample(angles, s.root, s.root_angles, {}, s.effects)

    return sample


def _bug_seq(
    model: Model, name: str, frames: int, poses: list[P], loop: bool, ends_down: bool = False
) -> Motion:
    m = A.seq(name, frames, poses, loop, ends_down=ends_down)
    return replace(m, sample=_with_legs(model, m.sample))


def _front_legs(model: Model, up: float, fwd: float) -> dict:
    """Foot offsets raising the first pair of legs."""
    return {
        leg["name"]: (0.0, -fwd, up) for leg in _bug_info(model)["legs"] if leg["name"][1:] == "1"
    }


def _feelers(model: Model, k: float) -> P:
    out = {}
    for side, sx in (("l", 1.0), ("r", -1.0)):
        out[f"{side}_antenna"] = (8.0 * k, 0.0, 10.0 * k * sx)
        out[f"{side}_claw"] = (0.0, 0.0, -14.0 * k * sx)
    tail = _bug_info(model)["tail"]
    for i, name in enumerate(tail):
        out[name] = (4.0 * k * (i + 1) / len(tail), 0.0, 0.0)
    return P({j: a for j, a in out.items() if j in model.skeleton.names})


def bug_idle(model: Model, frames: int) -> Motion:
    poses = [
        P(
            root=(0.0, 0.0, 0.008 * math.sin(_TAU * i / 8)),
            root_angles=(1.5 * math.sin(_TAU * i / 8), 0.0, 0.0),
            angles={"abdomen": (2.0 * math.sin(_TAU * i / 8), 0.0, 0.0)},
        )
        + _feelers(model, math.sin(_TAU * i / 8))
        for i in range(8)
    ]
    return _bug_seq(model, "idle", frames, poses, loop=True)


def bug_walk(model: Model, frames: int) -> Motion:
    info = _bug_info(model)
    legs = info["legs"]
    # Alternating sets: the first leg on the left with the second on the right, etc.
    phase = {
        leg["name"]: (0.0 if (int(leg["name"][1:]) + (leg["name"][0] == "r")) % 2 else 0.5)
        for leg in legs
    }
    span = max(abs(leg["foot"][1]) for leg in legs)
    stride, lift, duty = span * 0.32, info["body_h"] * 0.5, 0.6

    def sample(t: float) -> Sample:
        feet = {}
        for leg in legs:
            f, up = foot_cycle(t + phase[leg["name"]], stride, lift, duty)
            feet[leg["name"]] = (0.0, -f, up)
        bob = 0.006 * (1 - math.cos(2 * _TAU * t)) / 2
        angles = {"abdomen": (2.0 * math.sin(2 * _TAU * t), 0.0, 3.0 * math.sin(_TAU * t))}
        angles.update(_feelers(model, math.sin(_TAU * t)).angles)
        return Sample(angles, (0.0, 0.0, -bob), (0.0, 0.0, 0.0), feet)

    return Motion("walk", frames, True, _with_legs(model, sample), travel=stride / duty, fps=12)


def bug_attack(model: Model, frames: int) -> Motion:
    tail = _bug_info(model)["tail"]
    h = _bug_info(model)["body_h"]
    rear = P(
        root=(0.0, 0.04, h * 0.35),
        root_angles=(22.0, 0.0, 0.0),
        feet=_front_legs(model, h * 1.6, 0.08),
    )
    strike = P(
        root=(0.0, -0.06, -h * 0.15),
        root_angles=(-8.0, 0.0, 0.0),
        feet=_front_legs(model, h * 0.1, 0.18),
    )
    if tail:  # a scorpion stabs with its tail and snaps its claws
        n = len(tail)
        # The base lifts the tail higher, the end uncurls: the sting jabs over the head.
        sting = P({t: (-14.0 + 24.0 * i / max(1, n - 1), 0.0, 0.0) for i, t in enumerate(tail)})
        rear = (
            P(root=(0.0, 0.03, 0.0), root_angles=(6.0, 0.0, 0.0))
            + P({t: (10.0 * (i + 1) / n, 0.0, 0.0) for i, t in enumerate(tail)})
            + _feelers(model, 1)
        )
        strike = sting * 1.6 + P(root=(0.0, -0.04, 0.0)) + _feelers(model, -1)
    poses = [REST, rear * 0.5, rear, rear * 1.1, strike, strike * 0.8, strike * 0.35, strike * 0.1]
    return _bug_seq(model, "attack", frames, poses, loop=False)


def bug_hurt(model: Model, frames: int) -> Motion:
    hit = P(root=(0.0, 0.06, 0.02), root_angles=(10.0, 6.0, 0.0)) + _feelers(model, -1.5)
    poses = [REST, hit, hit * 0.6 + P(root_angles=(0, -8, 0)), hit * 0.35, hit * 0.15, hit * 0.05]
    return _bug_seq(model, "hurt", frames, poses, loop=False)


def bug_death(model: Model, frames: int) -> Motion:
    info = _bug_info(model)

    def flipped(k: float, lift: float) -> P:
        return P({"_curl": (k, 0.0, 0.0)}, root=(0.0, 0.0, lift), root_angles=(0.0, 180.0 * k, 0.0))

    lift = solve(lambda z: lowest(model, flipped(1.0, z), ("body",)), 0.0, info["height"] * 2, 0.0)
    poses = [
        REST,
        P(root_angles=(6, 8, 0), root=(0, 0, 0.02)),
        flipped(0.25, lift * 0.6),
        flipped(0.55, lift * 1.2),
        flipped(0.85, lift * 1.1),
        flipped(1.0, lift),
        flipped(1.0, lift) + P({"_curl": (-0.15, 0, 0)}),
        flipped(1.0, lift),
    ]
    return _bug_seq(model, "death", frames, poses, loop=False, ends_down=True)


# Dragon ---------------------------------------------------------------------------------------


_DRAGON_WINGS = ("l_wing", "l_wing2", "r_wing", "r_wing2")


def _dragon_wings(model: Model, spread: float, flap: float = 0.0) -> P:
    out = {}
    for j in _DRAGON_WINGS:
        r = model.rest.get(j, (0.0, 0.0, 0.0))
        out[j] = (-r[0] * spread, -r[1] * spread, -r[2] * spread)
    for side, sx in (("l", 1.0), ("r", -1.0)):
        a = out[f"{side}_wing"]
        out[f"{side}_wing"] = (a[0], a[1] + sx * flap, a[2])
    return P(out)


def dragon_idle(model: Model, frames: int) -> Motion:
    base = A.idle(model, frames)
    poses = [
        P(s.angles, s.root, s.root_angles, s.feet) for s in (base.sample(i / 8) for i in range(8))
    ]
    poses = [
        p + _dragon_wings(model, 0.08 * math.sin(_TAU * i / 8) ** 2) for i, p in enumerate(poses)
    ]
    return A.seq("idle", frames, poses, loop=True, fps=8)


def _dragon_air(model: Model) -> P:
    q = quad(model)
    h = 0.55 * q.leg
    tuck_f = (0.0, 0.25 * q.leg, h + 0.3 * q.leg)
    tuck_h = (0.0, 0.3 * q.leg, h + 0.25 * q.leg)
    return (
        P(
            {
                "l_fpaw": (-60, 0, 0),
                "r_fpaw": (-60, 0, 0),
                "l_hpaw": (-50, 0, 0),
                "r_hpaw": (-50, 0, 0),
            },
            root=(0.0, 0.0, h),
            root_angles=(6.0, 0.0, 0.0),
            feet={"l_wrist": tuck_f, "r_wrist": tuck_f, "l_hock": tuck_h, "r_hock": tuck_h},
        )
        + neck_curve(-10, 6)
        + tail_curve(model, 12)
    )


def dragon_fly(model: Model, frames: int) -> Motion:
    air = _dragon_air(model)
    q = quad(model)
    poses = []
    for i in range(8):
        beat = math.sin(_TAU * i / 8)
        poses.append(
            air
            + _dragon_wings(model, 1.0, 45.0 * beat)
            + P(root=(0.0, 0.0, -0.05 * q.leg * beat))
            + P(
                {
                    t: (3.0 * beat, 0.0, 6.0 * math.sin(_TAU * i / 8 - 0.6 * k))
                    for k, t in enumerate(q.tail)
                }
            )
        )
    return replace(A.seq("fly", frames, poses, loop=True), travel=q.body_len * 2.0)


def dragon_glide(model: Model, frames: int) -> Motion:
    air = _dragon_air(model)
    poses = [
        air
        + _dragon_wings(model, 1.0, 8.0 * math.sin(_TAU * i / 8))
        + P(root_angles=(0.0, 6.0 * math.sin(_TAU * i / 8), 0.0))
        for i in range(8)
    ]
    return replace(A.seq("glide", frames, poses, loop=True), travel=quad(model).body_len * 2.5)


def dragon_bite(model: Model, frames: int) -> Motion:
    q = quad(model)
    back = (
        neck_curve(-18, -8)
        + _dragon_wings(model, 0.35, 15)
        + P(root=(0.0, 0.05 * q.leg, 0.0), root_angles=(5, 0, 0))
        + P({"jaw": (-12, 0, 0)})
    )
    bite = neck_curve(18, 6) + P(
        root=(0.0, -0.1 * q.leg, -0.03 * q.leg),
        root_angles=(-5, 0, 0),
        feet=dict.fromkeys(("l_wrist", "r_wrist"), (0.0, -0.08 * q.leg, 0.0)),
    )
    poses = [
        REST,
        back * 0.6,
        back,
        bite + P({"jaw": (-38, 0, 0)}) + _dragon_wings(model, 0.4),
        bite + _dragon_wings(model, 0.3),
        bite * 0.6 + P({"jaw": (-6, 0, 0)}),
        back * 0.2,
        back * 0.05,
    ]
    return A.seq("attack", frames, poses, loop=False)


def dragon_breath(model: Model, frames: int) -> Motion:
    q = quad(model)
    rear = (
        neck_curve(-28, -14)
        + _dragon_wings(model, 0.5, 20)
        + P(root=(0.0, 0.04 * q.leg, 0.02 * q.leg), root_angles=(8, 0, 0))
        + P({"jaw": (-10, 0, 0)})
    )
    blow = (
        neck_curve(6, 4)
        + P({"jaw": (-40, 0, 0)})
        + _dragon_wings(model, 0.45, 10)
        + P(root_angles=(-3, 0, 0))
    )
    poses = [REST, rear * 0.6, rear, blow, blow, blow * 0.95, blow * 0.5, blow * 0.15]
    m = A.seq("fire-breath", frames, poses, loop=False)
    head = q.head_len

    def effects(t: float) -> tuple[Effect, ...]:
        # A stream of flames from the jaws, growing along the blast, then dying away.
        i = t * frames
        if not 2.6 <= i <= 6.4:
            return ()
        k = (i - 2.6) / 3.8
        count = 1 + min(2, int(k * 4))
        return tuple(
            Effect(
                "orange flames",
                "jaw",
                forward=head * (0.7 + 0.85 * j),
                size=head * (0.9 + 0.45 * j) * (1.0 - 0.4 * max(0.0, k - 0.7) / 0.3),
                phase=(k + 0.3 * j) % 1.0,
            )
            for j in range(count)
        )

    base = m.sample

    def sample(t: float) -> Sample:
        s = base(t)
        return Sample(s.angles, s.root, s.root_angles, s.feet, effects(t))

    return replace(m, sample=sample)


_register(
    "dragon",
    {
        **{k: QUADRUPED[k] for k in (*_WALKS, *_RUNS)},
        "idle": Spec(8, True, dragon_idle, about="stands breathing, wings shifting, tail swaying"),
        "fly": Spec(8, True, dragon_fly, False, about="flies, beating its great wings"),
        "glide": Spec(8, True, dragon_glide, False, about="glides on outstretched wings"),
        "attack": Spec(8, False, dragon_bite, about="lunges and bites with its jaws"),
        "fire-breath": Spec(8, False, dragon_breath, about="rears its head and breathes fire"),
        "roar": Spec(8, False, _named(A.angry, "roar"), about="lowers its head and roars"),
        "hurt": Spec(6, False, _named(A.hit, "hurt", side=1.0), about="flinches from a hit"),
        "death": Spec(
            10,
            False,
            _named(A.dying, "death"),
            ends_down=True,
            about="collapses onto its side and dies",
        ),
    },
)
_register(
    "slime",
    {
        "idle": Spec(8, True, slime_idle, about="wobbles and breathes in place"),
        "move": Spec(8, True, slime_move, about="hops along, squashing and stretching"),
        "jump": Spec(9, False, slime_jump, about="squashes down and springs high into the air"),
        "attack": Spec(8, False, slime_attack, about="rears back and lunges forward to strike"),
        "hurt": Spec(6, False, slime_hurt, about="recoils and jiggles from a hit"),
        "death": Spec(
            8, False, slime_death, ends_down=True, about="collapses and melts into a puddle"
        ),
    },
)
_register(
    "ghost",
    {
        "idle": Spec(8, True, ghost_idle, about="floats bobbing, its tail waving"),
        "move": Spec(8, True, ghost_move, False, about="drifts forward, tail streaming behind"),
        "attack": Spec(8, False, ghost_attack, about="rears back and lunges with its arms out"),
        "hurt": Spec(6, False, ghost_hurt, about="recoils and shudders from a hit"),
        "death": Spec(
            8, False, ghost_death, ends_down=True, about="spins, droops and sinks to the ground"
        ),
    },
)
_register(
    "bird",
    {
        "idle": Spec(8, True, bird_idle, about="stands looking about, bobbing, tail flicking"),
        "walk": Spec(8, True, bird_walk, about="walks with bobbing head"),
        "fly": Spec(8, True, bird_fly, False, about="flies, flapping its wings"),
        "glide": Spec(8, True, bird_glide, False, about="glides on spread wings"),
        "attack": Spec(8, False, bird_attack, about="spreads its wings and pecks"),
        "hurt": Spec(6, False, bird_hurt, about="flinches, feathers ruffled"),
        "death": Spec(8, False, bird_death, ends_down=True, about="falls over and dies"),
    },
)
_register(
    "serpent",
    {
        "idle": Spec(8, True, serpent_idle, about="sways its head and flicks its tongue"),
        "slither": Spec(8, True, serpent_slither, about="slithers forward in waves"),
        "attack": Spec(8, False, serpent_attack, about="coils back and strikes with open jaws"),
        "hurt": Spec(6, False, serpent_hurt, about="writhes from a hit"),
        "death": Spec(
            8, False, serpent_death, ends_down=True, about="goes limp and rolls onto its side"
        ),
    },
)
for _plan in ("spider", "insect"):
    _register(
        _plan,
        {
            "idle": Spec(8, True, bug_idle, about="waits, body bobbing, feelers twitching"),
            "walk": Spec(8, True, bug_walk, about="scuttles along on its many legs"),
            "attack": Spec(8, False, bug_attack, about="rears up and strikes down"),
            "hurt": Spec(6, False, bug_hurt, about="recoils from a hit"),
            "death": Spec(
                8, False, bug_death, ends_down=True, about="flips over and curls its legs"
            ),
        },
    )
