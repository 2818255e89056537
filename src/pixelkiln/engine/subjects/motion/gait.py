"""Gaits: feet on a stance/swing cycle, legs bent by IK, the body riding on top.

Each leg's cycle position ``c = t + phase`` (mod 1) is centred on mid-stance: the foot
is planted for ``duty`` of the cycle, travelling backward from half a stride in front
of its hip to half a stride behind at constant speed (walking in place: that speed is
what the game moves the sprite by, :attr:`Motion.travel`); then it swings forward. The
foot is highest early in the swing (toe-off) and passes its rest spot at mid-swing
with no lift, as in a real gait (minimum clearance at mid-swing), so with phases 0
and 0.5 the frame at ``t = 0`` has both feet on their rest spots: walks begin at rest.

The body bobs down at contact and back up at passing (SUBJECTS.md §6: "body 1 px up on
passing"), may lean into a run, and takes any extra angles (arm swing, tail sway) from
a callback.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Angles, Motion, Sample

__all__ = ["foot_cycle", "gait"]


def _smooth(s: float) -> float:
    return s * s * (3 - 2 * s)


def foot_cycle(c: float, stride: float, lift: float, duty: float) -> tuple[float, float]:
    """(forward, height) of a foot at cycle position ``c`` (0 = mid-stance)."""
    c = (c + 0.5) % 1.0 - 0.5  # -0.5..0.5, 0 at mid-stance
    half = duty / 2
    if -half <= c <= half:
        return -stride * c / duty, 0.0
    s = ((c - half) % 1.0) / (1.0 - duty)  # 0..1 through the swing
    forward = -stride / 2 + stride * _smooth(s)
    if s < 0.5:
        height = lift * math.sin(2 * math.pi * s)
    else:
        height = 0.3 * lift * math.sin(2 * math.pi * (s - 0.5))
    return forward, max(0.0, height)


def gait(
    model: Model,
    name: str,
    frames: int,
    stride: float,
    lift: float,
    duty: float = 0.55,
    bob: float = 0.0,
    lean: float = 0.0,
    phases: Mapping[str, float] | None = None,
    extra: Callable[[float], Angles] | None = None,
    height: float = 0.0,
    description: str = "",
) -> Motion:
    """A looping gait for every leg of ``model`` (phases from the legs unless given).

    ``lean`` (degrees forward) and ``height`` (root offset) hold through the cycle, so a
    run's frame 0 is its own neutral (passing) pose; walks leave both at 0 and start at
    rest.
    """
    legs = model.legs
    phase_of = {leg.ankle: (phases or {}).get(leg.ankle, leg.phase) for leg in legs}

    def sample(t: float) -> Sample:
        feet = {}
        for leg in legs:
            fwd, up = foot_cycle(t + phase_of[leg.ankle], stride, lift, duty)
            feet[leg.ankle] = (0.0, -fwd, up)
        dz = -bob * (1 - math.cos(4 * math.pi * t)) / 2 + height
        return Sample(
            angles=dict(extra(t)) if extra else {},
            root=(0.0, 0.0, dz),
            root_angles=(-lean, 0.0, 0.0),  # a positive swing of an upward bone leans back
            feet=feet,
        )

    return Motion(
        name=name,
        frames=frames,
        loop=True,
        sample=sample,
        travel=stride / duty,
        description=description,
    )
