"""The ``dragon`` body plan: a quadruped with wings, horns, back spikes and a long tail.

A dragon is built by the quadruped builder (:mod:`.quadruped`) from its own
measurements: a long low body on strong legs, a long neck carrying a horned head with
a long snout, a tail as long as the body, and two wings folded along the back (each an
arm, a hand and a membrane on its own joints, so the motions can spread and beat them).
Its motions are the quadruped gaits plus flight (see
:mod:`pixelkiln.engine.subjects.motion.creatures`).
"""

from __future__ import annotations

from typing import Any

from pixelkiln.engine.subjects.bodies.quadruped import QUAD_DIMS, QuadDims, quad_dims

__all__ = ["DRAGON", "dragon_dims"]

# fmt: off
DRAGON = QuadDims(
    hip_h=0.5, shoulder_h=0.5, body_len=0.78, leg_x=0.15,
    elbow_h=0.32, elbow_back=0.07, wrist_h=0.09, knee_h=0.33, knee_fwd=0.08,
    hock_h=0.15, hock_back=0.09, fore_r=(0.085, 0.065), hind_r=(0.15, 0.075, 0.06),
    paw=(0.07, 0.09, 0.04),
    chest=(0.2, 0.26, 0.22), chest_at=(0.03, 0.05),
    barrel=(0.2, 0.3, 0.2), barrel_at=(0.0, 0.06),
    rump=(0.18, 0.2, 0.19), rump_at=(0.03, 0.06),
    neck_at=(-0.18, 0.1), neck_len=0.42, neck_tilt=(50.0, 32.0), neck_r=(0.11, 0.08),
    head_drop=4.0, cranium=(0.1, 0.12, 0.09), snout=(0.2, 0.07, 0.05), snout_drop=4.0,
    ears="none", ear=(0.0, 0.0),
    tail="fur", tail_len=1.05, tail_r=(0.1, 0.035), tail_segments=6, tail_lift=-28.0,
    tail_curl=7.0, horn="horns", eye_look=(0.55, -0.72, 0.3), wings=0.9, spikes=0.07,
)
# fmt: on


def dragon_dims(params: dict[str, Any] | None = None) -> QuadDims:
    """The dragon's measurements with ``params`` applied (as :func:`quad_dims`)."""
    QUAD_DIMS.setdefault("dragon", DRAGON)
    return quad_dims("dragon", params)
