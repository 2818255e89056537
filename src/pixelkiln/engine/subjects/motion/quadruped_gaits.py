"""Quadruped gaits: walks, trots, gallops, a stalk and a paddle, sized by the animal.

- Walks use the core :func:`~.gait.gait` with diagonal pairs (the left hind and right
  fore together, then the others, half a cycle later), so frame 0 has every paw on its
  rest spot and equals the rotation image. On top: the head nods twice a stride, the
  paw folds back as it leaves the ground, the tail sways.
- Runs are a transverse gallop built on the core's :func:`~.gait.foot_cycle`: the hind
  paws land a little apart, then the fore paws; the stance is short, so the body flies
  between the footfalls. The spine gathers (arches) when the hind paws reach under the
  chest and stretches when the fore paws reach forward; the body sinks only as much as
  the stance legs need to reach the ground, so planted paws never float.
- ``sneaking`` is a slow lateral-sequence walk with the body low and the head level;
  ``swimming`` paddles all four legs under a level body with the head held high.

Every gait walks in place: a stance paw travels backward at the speed reported as
:attr:`~.core.Motion.travel` (what a game moves the sprite by).
"""

from __future__ import annotations

import math

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Motion, Sample
from pixelkiln.engine.subjects.motion.gait import foot_cycle, gait
from pixelkiln.engine.subjects.motion.quadruped_poses import FRONT, HIND, postures, quad

__all__ = ["run", "sneak", "swim", "turning", "walk"]

_TAU = 2 * math.pi


def _swing_progress(c: float, duty: float) -> float | None:
    """How far through its swing a foot at cycle position ``c`` is (None in stance)."""
    c = (c + 0.5) % 1.0 - 0.5
    half = duty / 2
    if -half <= c <= half:
        return None
    return ((c - half) % 1.0) / (1.0 - duty)


def _paw_folds(phases: dict[str, float], t: float, duty: float, front: float, hind: float):
    """Paws folding back as they leave the ground (zero at mid-swing, so a foot that is
    mid-swing at t=0 is at rest)."""
    out: dict[str, tuple[float, float, float]] = {}
    for ankle, ph in phases.items():
        s = _swing_progress(t + ph, duty)
        fold = math.sin(_TAU * s) if s is not None and s < 0.5 else 0.0
        paw = ankle.replace("wrist", "fpaw").replace("hock", "hpaw")
        amount = front if ankle in FRONT else hind
        out[paw] = (-amount * max(0.0, fold), 0.0, 0.0)
    return out


def _tail_sway(model: Model, t: float, amp: float, lift: float = 0.0, freq: int = 1):
    names = quad(model).tail
    n = max(1, len(names))
    out = {}
    for i, name in enumerate(names):
        w = (i + 1) / n
        out[name] = (
            -lift / n + 4.0 * w * math.sin(2 * _TAU * t),
            0.0,
            amp * w * math.sin(freq * _TAU * t) / n * 1.5,
        )
    return out


def walk(model: Model, frames: int, speed: float = 1.0, name: str = "walk") -> Motion:
    """A diagonal-pair walk (``speed`` 1 a walk, about 1.4 a fast walk); starts at rest."""
    q = quad(model)
    leg = q.leg
    duty = 0.64 if speed <= 1.0 else 0.56
    stride = leg * (0.52 if q.hoof else 0.6) * speed
    lift = leg * 0.16 * min(speed, 1.3)
    phases = {leg_.ankle: leg_.phase for leg_ in model.legs}
    nod = 5.0 if q.hoof else 3.0

    def extra(t: float):
        angles = {
            "neck": (-nod * math.sin(2 * _TAU * t), 0.0, 0.0),
            "head": (nod * 0.5 * math.sin(2 * _TAU * t), 0.0, 0.0),
            "spine": (0.0, 0.0, 2.0 * math.sin(_TAU * t)),
            **_paw_folds(phases, t, duty, 55.0, 30.0),
            **_tail_sway(model, t, 14.0 * speed),
        }
        return angles

    return gait(
        model,
        name,
        frames,
        stride=stride,
        lift=lift,
        duty=duty,
        bob=leg * 0.025 * speed,
        extra=extra,
        description="walk",
    )


def _reach_limit(model: Model, feet: dict[str, tuple[float, float, float]]) -> float:
    """The highest the root may rise while every grounded foot can still be reached."""
    q = quad(model)
    limit = math.inf
    for ankle, off in feet.items():
        if off[2] > 1e-6:  # in swing
            continue
        if ankle in FRONT:
            upper, lower = q.fore
            h0 = q.shoulder_h - q.wrist_h
        else:
            upper, lower = q.hind
            h0 = q.hip_h - q.hock_h
        reach = (upper + lower) * 0.97
        x = off[1]
        limit = min(limit, math.sqrt(max(reach * reach - x * x, 0.0)) - h0)
    return limit


def run(
    model: Model,
    frames: int,
    speed: float = 1.0,
    name: str = "run",
    turn: float = 0.0,
) -> Motion:
    """A transverse gallop (``speed`` 1 a full run, about 0.7 a canter-like slow run);
    ``turn`` degrees lean into a curve (+ left)."""
    q = quad(model)
    leg = q.leg
    duty = 0.34 if speed >= 1.0 else 0.42
    stride = leg * (1.05 if q.hoof else 1.15) * speed
    lift = leg * 0.3
    flight = leg * 0.09 * speed
    # Phases: hind pair, then the fore pair half a cycle later; each pair a little apart.
    lag = 0.09
    phases = {"l_hock": 0.0, "r_hock": lag, "l_wrist": 0.5, "r_wrist": 0.5 + lag}
    flex = 9.0 if not q.hoof else 5.0

    def sample(t: float) -> Sample:
        tt = t + 0.12  # frame 0 is the stretched flight, the run's readable key
        feet: dict[str, tuple[float, float, float]] = {}
        fwd: dict[str, float] = {}
        for ankle, ph in phases.items():
            f, up = foot_cycle(tt + ph, stride, lift, duty)
            feet[ankle] = (0.0, -f, up)
            fwd[ankle] = f
        front = (fwd["l_wrist"] + fwd["r_wrist"]) / 2
        hind = (fwd["l_hock"] + fwd["r_hock"]) / 2
        gather = (hind - front) / stride  # + hind paws under the chest, fore paws back
        support = sum(1 for off in feet.values() if off[2] <= 1e-6)
        dz = flight if support == 0 else flight * 0.3
        dz = min(dz, _reach_limit(model, feet))
        angles = {
            "spine": (-flex * gather, 0.0, 0.0),
            "chest": (flex * 0.5 * gather, 0.0, 0.0),
            "neck": (-8.0 * gather - 6.0, 0.0, turn * 0.5),
            "head": (4.0 * gather + 6.0, 0.0, turn * 0.3),
            **_paw_folds(phases, tt, duty, 80.0, 45.0),
            **_tail_sway(model, tt, 8.0, lift=18.0, freq=2),
        }
        return Sample(
            angles=angles,
            root=(0.0, 0.0, dz),
            root_angles=(2.0 * gather, -turn * 0.4, turn * 0.25),
            feet=feet,
        )

    return Motion(name, frames, True, sample, travel=stride / duty, description="run")


def sneak(model: Model, frames: int) -> Motion:
    """A crouched stalk: a slow lateral-sequence walk, body low, head level and forward."""
    q = quad(model)
    crouch = postures(model)["crouch"]
    phases = {"l_hock": 0.0, "l_wrist": 0.25, "r_hock": 0.5, "r_wrist": 0.75}
    leg = q.leg
    base = gait(
        model,
        "sneaking",
        frames,
        stride=leg * 0.4,
        lift=leg * 0.12,
        duty=0.72,
        phases=phases,
        height=crouch.root[2],
        bob=leg * 0.01,
    )

    def sample(t: float) -> Sample:
        s = base.sample(t)
        angles = dict(crouch.angles)
        for j, a in _tail_sway(model, t, 6.0, lift=-10.0).items():
            angles[j] = a
        angles.update(_paw_folds(phases, t, 0.72, 40.0, 20.0))
        return Sample(angles, s.root, crouch.root_angles, s.feet)

    return Motion("sneaking", frames, True, sample, travel=base.travel, description="sneak")


def swim(model: Model, frames: int) -> Motion:
    """Paddling: all four legs free, reaching and pulling in pairs, the head held high."""
    q = quad(model)

    def sample(t: float) -> Sample:
        a = _TAU * t
        angles = {
            "neck": (14.0, 0.0, 0.0),
            "head": (-10.0 + 4.0 * math.sin(a), 0.0, 0.0),
        }
        for side, ph in (("l", 0.0), ("r", math.pi)):
            angles[f"{side}_shoulder"] = (25.0 * math.sin(a + ph) + 10.0, 0.0, 0.0)
            angles[f"{side}_elbow"] = (-35.0 * max(0.0, math.cos(a + ph)) - 10.0, 0.0, 0.0)
            angles[f"{side}_fpaw"] = (-40.0 * max(0.0, math.cos(a + ph)), 0.0, 0.0)
            angles[f"{side}_hip"] = (-20.0 * math.sin(a + ph + 1.2) - 8.0, 0.0, 0.0)
            angles[f"{side}_knee"] = (25.0 * max(0.0, math.cos(a + ph + 1.2)) + 8.0, 0.0, 0.0)
            angles[f"{side}_hpaw"] = (-25.0 * max(0.0, math.cos(a + ph + 1.2)), 0.0, 0.0)
        angles.update(_tail_sway(model, t, 10.0, lift=-10.0))
        dz = 0.02 * q.leg * math.sin(2 * a)
        feet = dict.fromkeys((*FRONT, *HIND))
        return Sample(angles, (0.0, 0.0, dz), (4.0, 0.0, 0.0), feet)

    return Motion("swimming", frames, True, sample, travel=q.leg * 0.5, description="swim")


def turning(base: Motion, model: Model, name: str, side: float, body: float = 10.0) -> Motion:
    """A gait curving to its left (``side`` +1) or right (-1): the head leads into the
    turn and the body bends and yaws a little, back to straight every cycle so the
    loop ends facing the way it started."""

    def sample(t: float) -> Sample:
        s = base.sample(t)
        k = math.sin(math.pi * t) ** 2  # 0 at the loop's ends, 1 in the middle
        angles = dict(s.angles)
        for joint, amount in (
            ("neck", 14.0),
            ("neck2", 10.0),
            ("head", 8.0),
            ("spine", 6.0),
            ("chest", 4.0),
        ):
            a = angles.get(joint, (0.0, 0.0, 0.0))
            angles[joint] = (a[0], a[1], a[2] + side * amount * k)
        ra = s.root_angles
        return Sample(
            angles,
            s.root,
            (ra[0], ra[1] - side * 3.0 * k, ra[2] + side * body * k),
            s.feet,
            s.effects,
        )

    return Motion(name, base.frames, True, sample, travel=base.travel, description=name)
