"""Quadruped actions, idles and posture changes, written pose to pose.

Each maker lists one posture per frame (a pixel animator's key poses: anticipation, the
action, the follow-through, the return) built from the shared postures of
:mod:`.quadruped_poses`, so one ``eating`` serves a cat and a bear, each sized by its
own neck and legs. :func:`seq` turns such a list into a motion through the core's
keyed sampler; when a template's frame count differs from the list, the keys are
spread over the frames and the in-betweens are interpolated.

Conventions (see :mod:`~pixelkiln.engine.subjects.rig`): a forward-pointing bone (the
jaw, the spine) rises for a positive swing, so a jaw opens with a negative one; an
upright bone (an ear) tips back for a positive swing; the root's first angle raises the
front of the body (rearing), its second rolls the back toward the animal's right, its
third turns its head to its left.

Postures that are held (sitting, lying, asleep, grazing) are loops whose frame 0 is the
posture's own neutral; changes of posture are one-shots from one posture to the other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Key, Motion, keyed
from pixelkiln.engine.subjects.motion.quadruped_poses import (
    FRONT,
    HIND,
    REST,
    P,
    lowest,
    neck_curve,
    postures,
    quad,
    solve,
    tail_curve,
)

__all__ = ["ACTIONS", "seq"]

_TAU = 2 * math.pi


def seq(
    name: str,
    frames: int,
    poses: Sequence[P],
    loop: bool,
    ends_down: bool = False,
    returns: bool = True,
    fps: int = 10,
) -> Motion:
    """A motion through ``poses`` spread evenly over the frames (one per frame when the
    counts agree).

    A loop's last pose leads back to its first; so does a one-shot that ``returns``
    (to rest): its frames sample ``i / frames`` and the return is the frame after the
    last. A one-shot that ends elsewhere (``ends_down``, or a change of posture with
    ``returns`` False) shows its last pose on its last frame.
    """
    n = len(poses)
    cyclic = loop or (returns and not ends_down)
    if cyclic:
        keys: list[Key] = [p.key(i / n) for i, p in enumerate(poses)]
        if not loop:
            keys.append(poses[0].key(1.0))
    else:
        keys = [p.key(i / max(1, n - 1)) for i, p in enumerate(poses)]
    return Motion(
        name=name,
        frames=frames,
        loop=loop,
        sample=keyed(keys, loop),
        ends_down=ends_down,
        returns=returns and not ends_down,
        fps=fps,
        description=name,
    )


def _jaw(deg: float) -> P:
    return P({"jaw": (-deg, 0.0, 0.0)})


def _ears(back: float, out: float = 0.0) -> P:
    return P({"l_ear": (back, out, 0.0), "r_ear": (back, -out, 0.0)})


def _breath(model: Model, k: float) -> P:
    """Breathing in (``k`` 1) or out (-1): the chest swells up a hair, the head follows."""
    q = quad(model)
    return P(
        {"chest": (1.2 * k, 0, 0), "spine": (-0.6 * k, 0, 0), "neck": (-1.0 * k, 0, 0)},
        root=(0.0, 0.0, 0.008 * q.leg * k),
    )


def _tail(model: Model, swing: float = 0.0, twist: float = 0.0) -> P:
    return tail_curve(model, swing, twist)


def _look(twist: float, down: float = 0.0) -> P:
    """The head turned ``twist`` degrees to the animal's left (and tipped ``down``)."""
    return P(
        {
            "neck": (0.0, 0.0, twist * 0.45),
            "neck2": (0.0, 0.0, twist * 0.3),
            "head": (-down, 0.0, twist * 0.25),
        }
    )


def _paw(side: str, lift: float, reach: float, model: Model, fold: float = 0.0) -> P:
    """A front paw lifted ``lift`` and moved forward ``reach`` (fractions of the leg)."""
    q = quad(model)
    return P(
        {f"{side}_fpaw": (-fold, 0.0, 0.0)},
        feet={f"{side}_wrist": (0.0, -reach * q.leg, lift * q.leg)},
    )


def _down(model: Model, posture: str) -> P:
    return postures(model)[posture]


# Idles -------------------------------------------------------------------------------


def idle(model: Model, frames: int) -> Motion:
    """Breathing, a slow tail sway, an ear flick and a glance aside."""
    poses = []
    for i in range(8):
        t = i / 8
        b = _breath(model, math.sin(_TAU * t))
        tail = _tail(model, 4 * math.sin(_TAU * t), 14 * math.sin(_TAU * t))
        look = _look(10 * math.sin(math.pi * t) ** 2 * (1 if i < 6 else 0.6))
        ear = _ears(25, 0) if i == 5 else REST
        poses.append(b + tail + look * 0.8 + ear)
    poses[0] = REST
    return seq("idle", frames, poses, loop=True)


def idle_long(model: Model, frames: int) -> Motion:
    """A long idle: look left, look right, sniff the ground, shake off."""
    hd = _down(model, "head_down")
    poses = [
        REST,
        _breath(model, 1) + _look(8),
        _look(28) + _ears(-10),
        _look(30, -4) + _breath(model, -1),
        _look(6),
        _look(-26) + _breath(model, 1),
        _look(-30, 4),
        _look(-8),
        hd * 0.45,
        hd * 0.6 + _jaw(4),
        hd * 0.5,
        _breath(model, -1) + P({"neck": (0, 0, 10)}),
        P({"neck": (0, 0, -10), "chest": (0, -4, 0)}),
        P({"neck": (0, 0, 6)}) + _ears(20),
        _breath(model, 1) + _tail(model, 6, 10),
        _breath(model, -0.5),
    ]
    return seq("idle-long", frames, poses, loop=True)


def shake_head(model: Model, frames: int) -> Motion:
    """A horse tossing its head: down, a shake side to side, a snort up."""
    poses = [
        REST,
        neck_curve(10, 6),
        neck_curve(6, 2) + P({"neck": (0, 0, 12), "neck2": (0, 0, 14), "head": (0, 6, 10)}),
        neck_curve(4, 0) + P({"neck": (0, 0, -14), "neck2": (0, 0, -16), "head": (0, -8, -12)}),
        neck_curve(0, 0) + P({"neck": (0, 0, 10), "neck2": (0, 0, 10), "head": (0, 6, 8)}),
        neck_curve(-10, -6) + _ears(15) + _jaw(6),
        neck_curve(-4, -2) + _tail(model, 10, 12),
        _breath(model, 1),
    ]
    return seq("idle-shaking-head", frames, poses, loop=True)


def rest_idle(model: Model, frames: int) -> Motion:
    """Standing at ease: head low, a hind leg cocked on its toe, the tail swishing."""
    q = quad(model)
    cocked = P(
        {"r_hpaw": (-30, 0, 0)},
        feet={"r_hock": (0.0, -0.05 * q.leg, 0.08 * q.leg)},
        root=(0.0, 0.0, -0.01 * q.leg),
        root_angles=(0, 1.5, 0),
    )
    ease = cocked + neck_curve(18, 6) + _ears(12, 6)
    poses = []
    for i in range(8):
        t = i / 8
        poses.append(
            ease
            + _breath(model, math.sin(_TAU * t))
            + _tail(model, 0, 22 * math.sin(_TAU * t))
            + (_ears(-14) if i == 4 else REST)
        )
    return seq("rest-idle", frames, poses, loop=True)


def _held(
    model: Model,
    name: str,
    frames: int,
    posture: P,
    tail: float = 10.0,
    head: float = 4.0,
    flick: bool = True,
) -> Motion:
    """A held posture breathing, with a tail flick and a small head motion."""
    poses = []
    for i in range(8):
        t = i / 8
        poses.append(
            posture
            + _breath(model, math.sin(_TAU * t) * 0.8)
            + _tail(model, 0, tail * math.sin(_TAU * t))
            + _look(head * math.sin(_TAU * t))
            + (_ears(22) if flick and i == 5 else REST)
        )
    return seq(name, frames, poses, loop=True)


def idle_sitting(model: Model, frames: int) -> Motion:
    return _held(model, "idle-sitting", frames, _down(model, "sit"), tail=8, head=8)


def idle_lying(model: Model, frames: int, name: str = "seated-on-belly-idle") -> Motion:
    return _held(model, name, frames, _down(model, "lie"), tail=16, head=6)


def idle_resting(model: Model, frames: int) -> Motion:
    """A bear resting on its belly, head down on its paws, breathing slowly."""
    rest = _down(model, "lie") * 0.5 + _down(model, "sleep") * 0.5
    return _held(model, "idle-resting", frames, rest, tail=0, head=3)


def rest_cycle(model: Model, frames: int) -> Motion:
    return _held(model, "rest-cycle", frames, _down(model, "lie"), tail=14, head=5)


def sleep_cycle(model: Model, frames: int) -> Motion:
    """Asleep: a slow deep breath, nothing else moves."""
    sleep = _down(model, "sleep")
    poses = [sleep + _breath(model, 1.4 * math.sin(_TAU * i / 8)) for i in range(8)]
    return seq("sleep-cycle", frames, poses, loop=True)


# Posture changes ---------------------------------------------------------------------


def _between(a: P, b: P, n: int, overshoot: P | None = None) -> list[P]:
    """``n`` poses from ``a`` to ``b`` inclusive, easing in and out."""
    out = []
    for i in range(n):
        u = i / (n - 1)
        e = u * u * (3 - 2 * u)
        p = a * (1 - e) + b * e
        if overshoot is not None:
            p = p + overshoot * math.sin(math.pi * u)
        out.append(p)
    return out


def sit_down(model: Model, frames: int, name: str = "sitting") -> Motion:
    sit = _down(model, "sit")
    poses = _between(REST, sit, 6, overshoot=_look(0, 6) + _tail(model, -10))
    return seq(name, frames, poses, loop=False, ends_down=True)


def stand_from_sit(model: Model, frames: int, name: str = "standing") -> Motion:
    sit = _down(model, "sit")
    poses = _between(sit, REST, 6, overshoot=neck_curve(-6, -4))
    return seq(name, frames, poses, loop=False, returns=False)


def lie_down(model: Model, frames: int, name: str = "lie-down") -> Motion:
    """Standing to lying: the front goes down first (a bow), then the rear follows."""
    lie = _down(model, "lie")
    q = quad(model)
    bow = P(root=(0.0, 0.0, lie.root[2] * 0.35), root_angles=(-10.0, 0, 0)) + neck_curve(14, 0)
    bow = (
        bow
        + P(
            {k: v for k, v in lie.angles.items() if "fpaw" in k},
            feet={f: lie.feet[f] for f in FRONT},
        )
        * 0.5
    )
    if q.hoof:
        bow = P(root=(0.0, 0.0, lie.root[2] * 0.3), root_angles=(-14.0, 0, 0)) + neck_curve(20, 0)
        bow = (
            bow
            + P(
                {k: v for k, v in lie.angles.items() if "fpaw" in k},
                feet={f: lie.feet[f] for f in FRONT},
            )
            * 0.8
        )
    poses = [REST, neck_curve(10, 4), bow, bow * 0.5 + lie * 0.5, lie + neck_curve(6, 4), lie]
    return seq(name, frames, poses, loop=False, ends_down=True)


def stand_from_lie(model: Model, frames: int, name: str = "stand-up") -> Motion:
    """Lying to standing: the front rises first, then the rear pushes up."""
    lie = _down(model, "lie")
    front_up = lie + P(
        root=(0.0, 0.0, -lie.root[2] * 0.3),
        root_angles=(14.0, 0, 0),
        feet=dict.fromkeys(FRONT, (0.0, 0.0, 0.0)),
    )
    front_up = front_up + P(
        {k: (-v[0], -v[1], -v[2]) for k, v in lie.angles.items() if "fpaw" in k}
    )
    poses = [
        lie,
        lie + neck_curve(-8, -4),
        front_up,
        front_up * 0.5 + neck_curve(-6, 0),
        neck_curve(-4, 0) + _tail(model, 4),
        REST,
    ]
    return seq(name, frames, poses, loop=False, returns=False)


def lie_from_stand_to_sleep(model: Model, frames: int, name: str = "going-to-sleep") -> Motion:
    lie, sleep = _down(model, "lie"), _down(model, "sleep")
    down = lie_down(model, 6)
    poses = [down.sample(i / 5) for i in range(6)]
    keys = [P(s.angles, s.root, s.root_angles, s.feet) for s in poses]
    keys += [
        lie * 0.5 + sleep * 0.5 + _jaw(16),
        sleep + _breath(model, 1),
        sleep,
        sleep + _breath(model, -1),
    ]
    return seq(name, frames, keys, loop=False, ends_down=True)


def wake_and_stand(model: Model, frames: int, name: str = "waking-getting-up") -> Motion:
    """Asleep to standing: a breath, the head up with a yawn, then up as ``stand-up``."""
    sleep, lie = _down(model, "sleep"), _down(model, "lie")
    up = stand_from_lie(model, 6)
    keys = [sleep, sleep + _breath(model, 1), lie + _jaw(18) + neck_curve(-6, -6), lie]
    keys += [
        P(s.angles, s.root, s.root_angles, s.feet) for s in (up.sample(i / 5) for i in range(1, 6))
    ]
    return seq(name, frames, keys, loop=False, returns=False)


def lie_to_sleep(model: Model, frames: int, name: str = "start-sleep") -> Motion:
    lie, sleep = _down(model, "lie"), _down(model, "sleep")
    poses = [*_between(lie, sleep, 5), sleep + _breath(model, 1)]
    poses[2] = poses[2] + _jaw(10)
    return seq(name, frames, poses, loop=False, ends_down=True)


def sleep_to_lie(model: Model, frames: int, name: str = "wake-up") -> Motion:
    lie, sleep = _down(model, "lie"), _down(model, "sleep")
    poses = [sleep, sleep + _ears(-15), *_between(sleep, lie + neck_curve(-6, -4), 3)[1:]]
    poses += [lie + P({"neck": (0, 0, 10)}), lie]
    return seq(name, frames, poses, loop=False, ends_down=True)


def eat_start(model: Model, frames: int) -> Motion:
    hd = _down(model, "head_down")
    poses = _between(REST, hd, 6)
    return seq("eat-start", frames, poses, loop=False, ends_down=True)


def eat_end(model: Model, frames: int) -> Motion:
    hd = _down(model, "head_down")
    poses = _between(hd, REST, 6, overshoot=neck_curve(-5, 0))
    return seq("eat-end", frames, poses, loop=False, returns=False)


def grazing(model: Model, frames: int) -> Motion:
    """Head down, tearing grass and chewing, the tail swishing."""
    hd = _down(model, "head_down")
    poses = [
        hd,
        hd + _jaw(10),
        hd + neck_curve(-4, -8) + P({"neck": (0, 0, 5)}),
        hd + neck_curve(-6, -6) + _jaw(6) + _tail(model, 0, 20),
        hd + _jaw(12),
        hd + _jaw(2) + _tail(model, 0, -16),
        hd + _jaw(10) + P({"neck": (0, 0, -4)}),
        hd + _jaw(3),
    ]
    return seq("eating", frames, poses, loop=True)


# Feeding one-shots (cats, bears, lions) ------------------------------------------------


def drinking(model: Model, frames: int) -> Motion:
    """Head down to the water, lapping three times, head up."""
    hd = _down(model, "head_down") + _down(model, "crouch") * 0.25
    lap = _jaw(12) + neck_curve(-3, -3)
    poses = [REST, hd * 0.6, hd, hd + lap, hd, hd + lap, hd, hd + lap, hd * 0.65, hd * 0.25]
    return seq("drinking", frames, poses, loop=False)


def eating(model: Model, frames: int) -> Motion:
    """Head down to the food, biting, tearing back and chewing, head up."""
    hd = _down(model, "head_down") + _down(model, "crouch") * 0.2
    tear = neck_curve(-14, -10) + P(root=(0.0, 0.03 * quad(model).leg, 0.0))
    poses = [
        REST,
        hd * 0.7,
        hd + _jaw(18),
        hd,
        hd + tear + _jaw(4),
        hd * 0.6 + _jaw(10),
        hd * 0.6,
        hd * 0.6 + _jaw(10),
        hd * 0.35,
        hd * 0.12,
    ]
    return seq("eating", frames, poses, loop=False)


def licking(model: Model, frames: int) -> Motion:
    """A cat lifting its right fore paw to its mouth and licking it, three strokes."""
    # The paw is free: the shoulder brings it forward, the elbow folds the forearm up to
    # the mouth (the planted-paw IK would fold it back under the chest).
    paw = P(
        {"r_shoulder": (70.0, 0.0, 0.0), "r_elbow": (55.0, 0.0, 0.0), "r_fpaw": (-50, 0, 0)},
        root_angles=(5.0, 0, 0),
        feet={"r_wrist": None},
    )
    head = neck_curve(26, 26) + P({"neck": (0, 0, -16), "neck2": (0, 0, -10), "head": (0, 0, -8)})
    lick = _jaw(14) + neck_curve(-5, -10)
    poses = [
        REST,
        paw * 0.6 + head * 0.4,
        paw + head,
        paw + head + lick,
        paw + head,
        paw + head + lick,
        paw + head,
        paw + head + lick,
        paw * 0.45 + head * 0.35,
    ]
    return seq("licking", frames, poses, loop=False)


def yawning(model: Model, frames: int) -> Motion:
    up = neck_curve(-10, -16) + _ears(30, 10)
    poses = [
        REST,
        neck_curve(4, 2),
        up * 0.6 + _jaw(12),
        up + _jaw(34),
        up + _jaw(36),
        up * 0.6 + _jaw(20),
        up * 0.2 + _jaw(4) + _breath(model, -1),
        _breath(model, -0.4),
    ]
    return seq("yawning", frames, poses, loop=False)


# Voice and temper ------------------------------------------------------------------------


def bark(model: Model, frames: int) -> Motion:
    q = quad(model)
    jolt = P(root=(0.0, 0.03 * q.leg, 0.02 * q.leg), root_angles=(4.0, 0, 0))
    up = neck_curve(-10, -8)
    poses = [
        REST,
        neck_curve(8, 4) + _ears(-8),
        up + _jaw(30) + jolt + _ears(-12),
        up * 0.4 + _jaw(4),
        up * 0.8 + _jaw(26) + jolt * 0.7,
        up * 0.3 + _jaw(4),
    ]
    return seq("bark", frames, poses, loop=False)


def angry(model: Model, frames: int) -> Motion:
    """Cats arch and hiss, ears flat; bears and others lower the head and roar."""
    q = quad(model)
    if q.plan == "cat":
        arch = P(
            {"spine": (12, 0, 0), "chest": (-10, 0, 0)},
            root=(0.0, 0.0, 0.03 * q.leg),
            root_angles=(-4, 0, 0),
        )
        arch = arch + neck_curve(14, -10) + _ears(55, 25) + _tail(model, 60, 0)
        poses = [
            REST,
            arch * 0.5,
            arch + _jaw(20),
            arch + _jaw(26),
            arch + _jaw(8),
            arch + _jaw(24),
            arch * 0.6 + _jaw(6),
            arch * 0.25,
        ]
    else:
        low = _down(model, "crouch") * 0.5 + _ears(40)
        roar = low + neck_curve(-14, -16) + _jaw(34) + P(root_angles=(6, 0, 0))
        poses = [
            REST,
            low,
            low + neck_curve(6, 6),
            roar,
            roar + P({"head": (0, 4, 6)}),
            roar + P({"head": (0, -4, -6)}),
            low + _jaw(8),
            low * 0.35,
        ]
    return seq("angry", frames, poses, loop=False)


# Jumps and attacks -------------------------------------------------------------------------


def _air(
    model: Model, height: float, forward: float = 0.0, tuck: float = 0.0, reach: float = 0.0
) -> P:
    """The body off the ground by ``height`` (of the leg), legs tucked by ``tuck`` or
    reaching (fore legs forward, hind legs back) by ``reach``."""
    q = quad(model)
    h = height * q.leg
    y = -forward * q.leg
    f_off = (0.0, y - reach * 0.5 * q.leg + tuck * 0.15 * q.leg, h + tuck * 0.35 * q.leg)
    h_off = (0.0, y + reach * 0.5 * q.leg - tuck * 0.2 * q.leg, h + tuck * 0.3 * q.leg)
    fold = 50.0 * max(tuck, 0.0)
    return P(
        {
            "l_fpaw": (-fold, 0, 0),
            "r_fpaw": (-fold, 0, 0),
            "l_hpaw": (-fold * 0.6, 0, 0),
            "r_hpaw": (-fold * 0.6, 0, 0),
        },
        root=(0.0, y, h),
        root_angles=(8.0 * reach, 0, 0),
        feet={**dict.fromkeys(FRONT, f_off), **dict.fromkeys(HIND, h_off)},
    )


def jump(model: Model, frames: int) -> Motion:
    crouch = _down(model, "crouch")
    launch = _air(model, 0.25, 0.0, -0.3, 0.7) + neck_curve(-8, -4) + _tail(model, -10)
    poses = [
        REST,
        crouch,
        launch,
        _air(model, 0.6, 0.0, 0.6, 0.2) + _tail(model, 20),
        _air(model, 0.55, 0.0, 0.3, -0.2) + neck_curve(4, 4),
        _air(model, 0.2, 0.0, -0.2, 0.5) + neck_curve(6, 0),
        crouch * 0.8 + neck_curve(6, 0),
        crouch * 0.4,
        crouch * 0.1,
    ]
    return seq("jump", frames, poses, loop=False)


def jump_attack(model: Model, frames: int) -> Motion:
    """A pounce: crouch, leap with the fore paws reaching and jaws open, land on the
    prey with a bite, back off to stand."""
    q = quad(model)
    crouch = _down(model, "crouch") + _tail(model, -10)
    claws = P({"l_shoulder": (0, 10, 0), "r_shoulder": (0, -10, 0)})
    poses = [
        REST,
        crouch,
        crouch + P(root=(0.0, 0.05 * q.leg, -0.04 * q.leg)) + _ears(20),
        _air(model, 0.15, 0.15, -0.3, 0.7) + neck_curve(-4, -4) + _jaw(12) + claws * 0.5,
        _air(model, 0.35, 0.35, -0.2, 0.9) + neck_curve(-6, -6) + _jaw(24) + claws,
        _air(model, 0.42, 0.6, 0.0, 1.0) + neck_curve(-2, -4) + _jaw(30) + claws,
        _air(model, 0.12, 0.7, -0.1, 0.6) + neck_curve(12, 8) + _jaw(20),
        crouch * 0.6
        + P(
            root=(0.0, -0.7 * q.leg, 0.0),
            feet=dict.fromkeys((*FRONT, *HIND), (0.0, -0.7 * q.leg, 0.0)),
        )
        + neck_curve(22, 14)
        + _jaw(4),
        crouch * 0.3
        + P(
            root=(0.0, -0.4 * q.leg, 0.0),
            feet=dict.fromkeys((*FRONT, *HIND), (0.0, -0.4 * q.leg, 0.0)),
        )
        + neck_curve(10, 6)
        + _jaw(14),
        P(
            root=(0.0, -0.15 * q.leg, 0.0),
            feet=dict.fromkeys((*FRONT, *HIND), (0.0, -0.15 * q.leg, 0.0)),
        ),
    ]
    return seq("jump-attack", frames, poses, loop=False)


def swipe(model: Model, frames: int, side: str = "r", name: str = "attack") -> Motion:
    """A paw swipe: weight back, the paw raised high, slashed down and across, recover."""
    q = quad(model)
    sx = 1.0 if side == "l" else -1.0
    other = "r" if side == "l" else "l"
    back = P(root=(0.0, 0.1 * q.leg, -0.04 * q.leg), root_angles=(16.0, 0, 0))
    raised = (
        back
        + P(
            {
                f"{side}_shoulder": (115.0, 24.0 * sx, 0.0),
                f"{side}_elbow": (-35, 0, 0),
                f"{side}_fpaw": (-20, 0, 0),
                f"{other}_fpaw": (0, 0, 0),
            },
            feet={f"{side}_wrist": None},
        )
        + _ears(35)
        + neck_curve(-4, -6)
    )
    slash = P(root=(0.0, -0.05 * q.leg, -0.04 * q.leg), root_angles=(-2.0, 0, 0))
    slash = (
        slash
        + P(
            {
                f"{side}_shoulder": (55.0, -22.0 * sx, -20.0 * sx),
                f"{side}_elbow": (20, 0, 0),
                f"{side}_fpaw": (10, 0, 0),
            },
            feet={f"{side}_wrist": None},
        )
        + neck_curve(8, 2)
        + _jaw(26)
    )
    poses = [
        REST,
        back * 0.6 + _ears(20),
        raised,
        slash,
        slash * 0.6 + _jaw(10) + raised * 0.1,
        back * 0.3 + _paw(side, 0.15, 0.05, model),
        _breath(model, -1) + _ears(10),
        _breath(model, -0.4),
    ]
    return seq(name, frames, poses, loop=False)


def rear_strike(model: Model, frames: int) -> Motion:
    """A horse rearing and striking out with its fore hooves."""
    rear = _down(model, "rear")
    strike = rear + P(
        {
            "l_shoulder": (-25, 0, 0),
            "r_shoulder": (-10, 0, 0),
            "l_elbow": (35, 0, 0),
            "r_elbow": (45, 0, 0),
        }
    ).free(*FRONT)
    poses = [
        REST,
        neck_curve(8, 4) + P(root=(0.0, 0.03 * quad(model).leg, -0.02)),
        rear * 0.6 + _ears(30),
        rear + _ears(40) + _jaw(14),
        strike + _ears(40),
        rear + _jaw(10),
        strike * 0.9,
        rear * 0.5,
        rear * 0.15 + neck_curve(-6, -2),
        _breath(model, 1),
    ]
    return seq("attack", frames, poses, loop=False)


def buck(model: Model, frames: int) -> Motion:
    """A horse kicking back: weight onto the fore legs, both hind legs lash out."""
    q = quad(model)
    load = P(root=(0.0, -0.04 * q.leg, -0.03 * q.leg), root_angles=(-4.0, 0, 0)) + neck_curve(16, 6)
    kick = (
        P(
            {
                "l_hip": (-45, 0, 0),
                "r_hip": (-52, 0, 0),
                "l_knee": (-20, 0, 0),
                "r_knee": (-15, 0, 0),
                "l_hpaw": (-20, 0, 0),
                "r_hpaw": (-25, 0, 0),
            },
            root=(0.0, -0.06 * q.leg, 0.06 * q.leg),
            root_angles=(-16.0, 0, 0),
        ).free(*HIND)
        + neck_curve(26, 10)
        + _ears(40)
        + _tail(model, 40)
    )
    tuck = P(
        {"l_hip": (20, 0, 0), "r_hip": (20, 0, 0), "l_knee": (40, 0, 0), "r_knee": (40, 0, 0)},
        root=(0.0, -0.03 * q.leg, 0.04 * q.leg),
        root_angles=(-8.0, 0, 0),
    ).free(*HIND) + neck_curve(20, 8)
    poses = [REST, load, tuck, kick, kick * 0.9 + _jaw(8), tuck * 0.6, load * 0.5, load * 0.15]
    return seq("attack-back", frames, poses, loop=False)


def headbutt(model: Model, frames: int) -> Motion:
    """A charge: head lowered, two bounding strides forward, the ram, the recoil."""
    q = quad(model)
    low = neck_curve(30, 18) + _ears(40)
    lunge = low + P(
        root=(0.0, -0.18 * q.leg, -0.04 * q.leg),
        root_angles=(-6.0, 0, 0),
        feet={**dict.fromkeys(FRONT, (0.0, -0.3 * q.leg, 0.0))},
    )
    step = low + P(
        root=(0.0, -0.05 * q.leg, 0.04 * q.leg),
        root_angles=(4.0, 0, 0),
        feet={
            "l_wrist": (0.0, -0.25 * q.leg, 0.2 * q.leg),
            "r_wrist": (0.0, -0.1 * q.leg, 0.15 * q.leg),
        },
    )
    poses = [
        REST,
        low * 0.6 + P(root=(0.0, 0.05 * q.leg, -0.03 * q.leg)),
        step,
        lunge,
        lunge + neck_curve(8, 10),
        low * 0.5 + P(root=(0.0, 0.04 * q.leg, 0.0)),
        neck_curve(-8, -4),
        neck_curve(-3, -1),
    ]
    return seq("running-headbutt", frames, poses, loop=False)


def stand_on_hind_legs(model: Model, frames: int) -> Motion:
    """A bear rising onto its hind legs, looking about, dropping back down."""
    rear = _down(model, "rear")
    look_l = rear + P({"neck": (0, 0, 16), "head": (0, 0, 10)})
    look_r = rear + P({"neck": (0, 0, -16), "head": (0, 0, -10)}) + _jaw(8)
    poses = [
        REST,
        _down(model, "crouch") * 0.3,
        rear * 0.6,
        rear,
        look_l,
        look_r,
        rear,
        rear * 0.5,
        _down(model, "crouch") * 0.35,
        _down(model, "crouch") * 0.1,
    ]
    return seq("stand-on-hind-legs", frames, poses, loop=False)


def hit(model: Model, frames: int, side: float = 1.0, name: str = "hit") -> Motion:
    """Struck on its left (``side`` +1) or right: the body flinches away, head thrown
    aside, then settles."""
    q = quad(model)
    flinch = (
        P(
            {"neck": (4, 0, -18 * side), "neck2": (0, 0, -10 * side), "head": (-6, 8 * side, 0)},
            root=(-0.05 * q.leg * side, 0.02 * q.leg, -0.03 * q.leg),
            root_angles=(4.0, 7.0 * side, -6.0 * side),
        )
        + _ears(45)
        + _jaw(12)
        + _tail(model, 20)
    )
    poses = [
        REST,
        flinch,
        flinch * 0.8 + P({"head": (0, -4 * side, 0)}),
        flinch * 0.5,
        flinch * 0.25 + _breath(model, 1),
        flinch * 0.08,
    ]
    return seq(name, frames, poses, loop=False)


def dying(model: Model, frames: int) -> Motion:
    """Stagger, fore knees buckle, collapse onto the right side, last breath."""
    q = quad(model)
    buckle = P(
        {"l_fpaw": (-70, 0, 0), "r_fpaw": (-70, 0, 0)},
        root=(0.0, 0.0, -0.25 * q.leg),
        root_angles=(-14.0, 4.0, 0),
        feet=dict.fromkeys(FRONT, (0.0, 0.1 * q.leg, -0.4 * q.wrist_h)),
    ) + neck_curve(25, 10)
    limp = {
        "l_shoulder": (20, 0, 0),
        "r_shoulder": (10, 0, 0),
        "l_hip": (-15, 0, 0),
        "r_hip": (-25, 0, 0),
        "l_knee": (-10, 0, 0),
        "r_knee": (10, 0, 0),
    }

    def side_lying(drop_k: float, roll: float) -> P:
        return P(limp, root=(0.0, 0.0, -drop_k), root_angles=(0.0, roll, 0.0)).free(*FRONT, *HIND)

    drop = solve(lambda z: lowest(model, side_lying(z, 82.0)), 0.0, q.hip_h, 0.0)
    down = side_lying(drop, 82.0) + neck_curve(-10, -20) + P({"neck": (0, 22, 0)})
    poses = [
        REST,
        P(root_angles=(0, -5, 6)) + neck_curve(10, 6) + _ears(30),
        P(root_angles=(0, 5, -4), root=(0.03 * q.leg, 0, -0.03 * q.leg)) + neck_curve(18, 8),
        buckle,
        buckle * 0.6 + side_lying(drop * 0.7, 40.0) * 0.4,
        side_lying(drop * 0.9, 70.0) + neck_curve(5, 0),
        down + P({"neck": (0, 8, 0)}),
        down + _breath(model, 1) + _jaw(10),
        down + _breath(model, -1),
        down,
    ]
    return seq("dying", frames, poses, loop=False, ends_down=True)


#: id -> (default frames, loop, maker, starts at rest, ends down, about)
ACTIONS: dict[str, tuple] = {}
