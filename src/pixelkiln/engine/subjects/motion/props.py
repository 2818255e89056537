"""Prop motions: open, flicker, wave, sway, spin, pulse and idle (plan ``"prop"``).

A prop says what can move in its ``model.info`` when it is built (see
:mod:`pixelkiln.engine.subjects.props.base`): ``hinges`` (joint -> the angles that open
it), ``flames`` (the base joints of flame chains, each with a ``_tip`` child),
``cloth`` (a chain of joints and the weights of swing, spread and twist it ripples
with), ``sway`` (trunk first,
then crowns), ``glow`` (joints carrying a glowing part) and ``spin`` (a pickup that may
turn on the spot). A motion a prop cannot do raises ``ValueError`` saying what is
missing.

Every motion starts at the rest pose (its angles are zero at ``t = 0``). Loops are sums
of ``sin(2 pi k t)`` and ``1 - cos(2 pi k t)`` terms with whole ``k``, so they are zero at
``t = 0`` and the frame after the last is the first again; phase lags along a chain are
written as ``sin(w t - lag) + sin(lag)`` for the same reason. ``open`` is a one-shot that
eases in, overshoots a little and settles open (it ends away from rest, like a death).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Key, Motion, Sample, keyed
from pixelkiln.engine.subjects.motion.templates import Template, register

__all__ = ["PROP_MOTIONS"]

_TAU = 2.0 * math.pi


def _lagged(t: float, k: int, lag: float) -> float:
    """A loop term that is 0 at t = 0: the wave ``sin(2 pi k t - lag)`` held to start at 0."""
    return math.sin(_TAU * k * t - lag) + math.sin(lag)


def _check(model: Model, key: str, motion: str, needs: str) -> object:
    if model.kind != "prop":
        msg = f"the {motion} motion is for props; {model.plan} is a {model.kind}"
        raise ValueError(msg)
    value = model.info.get(key)
    if not value:
        msg = f"{model.plan} cannot {motion}: it has no {needs}"
        raise ValueError(msg)
    return value


# open ----------------------------------------------------------------------------------
def _open(model: Model, frames: int) -> Motion:
    if model.info.get("opened"):
        msg = f"{model.plan} is already open: build it closed to animate it opening"
        raise ValueError(msg)
    hinges = _check(model, "hinges", "open", "hinged lid, door or leaf")
    assert isinstance(hinges, dict)

    def scaled(f: float) -> dict[str, tuple[float, float, float]]:
        return {j: (a[0] * f, a[1] * f, a[2] * f) for j, a in hinges.items()}

    # A small lift (the latch gives), the swing with a little overshoot, the settle.
    keys = [Key(0.0), Key(0.22, scaled(0.06)), Key(0.75, scaled(1.07)), Key(1.0, scaled(1.0))]
    return Motion(
        name="open",
        frames=frames,
        loop=False,
        sample=keyed(keys, loop=False),
        ends_down=True,
        description="swings its lid, door or leaf open on its hinge",
    )


# flicker -------------------------------------------------------------------------------
def _flicker_sampler(flames: list[str], amp: float) -> Callable[[float], Sample]:
    def sample(t: float) -> Sample:
        angles: dict[str, tuple[float, float, float]] = {}
        for i, j in enumerate(flames):
            sign = 1.0 if i % 2 == 0 else -1.0
            lag = 0.9 * i
            lean = amp * (0.6 * _lagged(t, 1, lag) + 0.4 * sign * math.sin(_TAU * 2 * t))
            rock = amp * 0.5 * sign * _lagged(t, 2, 0.5 + lag)
            angles[j] = (rock, lean, 0.0)
            # The tip licks further and later than the body.
            tip = amp * 1.6 * (_lagged(t, 2, 1.3 + lag) - 0.5 * sign * math.sin(_TAU * 3 * t))
            angles[f"{j}_tip"] = (0.5 * tip, tip, 0.0)
        return Sample(angles=angles)

    return sample


def _flicker(model: Model, frames: int, amp: float = 9.0) -> Motion:
    flames = _check(model, "flames", "flicker", "flame (light it, or set it burning)")
    assert isinstance(flames, list)
    return Motion(
        "flicker",
        frames,
        True,
        _flicker_sampler(flames, amp),
        description="its flames sway and lick upward in a loop",
    )


# wave ----------------------------------------------------------------------------------
def _wave_sampler(cloth: dict, scale: float) -> Callable[[float], Sample]:
    joints: list[str] = list(cloth["joints"])
    weights = [float(w) for w in cloth["axis"]]
    amp = float(cloth["amp"]) * scale
    n = len(joints)

    def sample(t: float) -> Sample:
        angles = {}
        for i, j in enumerate(joints):
            grow = 0.55 + 0.45 * i / max(n - 1, 1)  # the free end moves most
            value = amp * grow * (_lagged(t, 1, 1.4 * i) + 0.25 * _lagged(t, 2, 2.1 * i))
            angles[j] = (weights[0] * value, weights[1] * value, weights[2] * value)
        return Sample(angles=angles)

    return sample


def _wave(model: Model, frames: int, scale: float = 1.0) -> Motion:
    cloth = _check(model, "cloth", "wave", "cloth on a chain of joints (a flag or banner)")
    assert isinstance(cloth, dict)
    return Motion(
        "wave",
        frames,
        True,
        _wave_sampler(cloth, scale),
        description="its cloth ripples in the wind, a wave running to the free end",
    )


# sway ----------------------------------------------------------------------------------
def _sway_sampler(joints: list[str], scale: float) -> Callable[[float], Sample]:
    def sample(t: float) -> Sample:
        angles = {}
        for i, j in enumerate(joints):
            amp = (1.6 if i == 0 else 2.6) * scale
            lag = 0.7 * i
            angles[j] = (0.35 * amp * _lagged(t, 2, lag), amp * _lagged(t, 1, lag), 0.0)
        return Sample(angles=angles)

    return sample


def _sway(model: Model, frames: int, scale: float = 1.0) -> Motion:
    joints = _check(model, "sway", "sway", "trunk or stem joint (a tree, bush or plant)")
    assert isinstance(joints, list)
    return Motion(
        "sway",
        frames,
        True,
        _sway_sampler(joints, scale),
        description="it sways in the wind from its trunk, the crown lagging behind",
    )


# spin ----------------------------------------------------------------------------------
def _spin(model: Model, frames: int) -> Motion:
    _check(model, "spin", "spin", "place as a pickup (a coin, key, gem or potion)")

    def sample(t: float) -> Sample:
        return Sample(root_angles=(0.0, 0.0, 360.0 * t))

    return Motion(
        "spin",
        frames,
        True,
        sample,
        description="it turns round on the spot about its vertical axis",
    )


# pulse ---------------------------------------------------------------------------------
def _pulse_sampler(
    glow: list[str], hover: dict[str, float], height: float, scale: float
) -> Callable[[float], Sample]:
    def sample(t: float) -> Sample:
        bob = 0.045 * height * scale * (1.0 - math.cos(_TAU * t)) / 2.0
        angles = {
            j: (12.0 * scale * math.sin(_TAU * t), 14.0 * scale * _lagged(t, 1, 1.0), 0.0)
            for j in glow
        }
        if not hover:  # the whole prop floats: bob the root
            return Sample(angles=angles, root=(0.0, 0.0, bob))
        for pivot, arm in hover.items():  # only the hovering part rises
            angles[pivot] = (0.0, math.degrees(math.asin(min(bob / arm, 1.0))), 0.0)
        return Sample(angles=angles)

    return sample


def _pulse(model: Model, frames: int, scale: float = 1.0) -> Motion:
    glow = _check(model, "glow", "pulse", "glowing part on a joint (a crystal, gem or orb)")
    assert isinstance(glow, list)
    hover = dict(model.info.get("hover", {}))
    return Motion(
        "pulse",
        frames,
        True,
        _pulse_sampler(glow, hover, model.height, scale),
        description="it bobs gently while its glow swells and fades",
    )


# idle ----------------------------------------------------------------------------------
def _idle(model: Model, frames: int) -> Motion:
    """What can move, moving a little: flames flicker, cloth stirs, leaves sway, glows
    bob. A prop with nothing that moves holds still (every frame is the rest pose)."""
    if model.kind != "prop":
        msg = f"the idle prop motion is for props; {model.plan} is a {model.kind}"
        raise ValueError(msg)
    parts: list[Callable[[float], Sample]] = []
    info = model.info
    if info.get("flames"):
        parts.append(_flicker_sampler(list(info["flames"]), 6.0))
    if info.get("cloth"):
        parts.append(_wave_sampler(dict(info["cloth"]), 0.4))
    if info.get("sway"):
        parts.append(_sway_sampler(list(info["sway"]), 0.45))
    if info.get("glow") and not info.get("flames"):
        parts.append(
            _pulse_sampler(list(info["glow"]), dict(info.get("hover", {})), model.height, 0.5)
        )

    def sample(t: float) -> Sample:
        angles: dict[str, tuple[float, float, float]] = {}
        root = (0.0, 0.0, 0.0)
        for fn in parts:
            s = fn(t)
            angles.update(s.angles)
            root = tuple(a + b for a, b in zip(root, s.root, strict=True))  # type: ignore[assignment]
        return Sample(angles=angles, root=root)

    return Motion("idle", frames, True, sample, description="a subtle loop of whatever moves")


#: Every prop motion: id -> (frames, loop, make, about).
PROP_MOTIONS: dict[str, tuple[int, bool, Callable[[Model, int], Motion], str]] = {
    "open": (6, False, _open, "a lid, door or gate swings open on its hinge"),
    "flicker": (6, True, _flicker, "flames flicker and sway on a fire, torch or candle"),
    "wave": (8, True, _wave, "a flag or banner ripples in the wind"),
    "sway": (8, True, _sway, "a tree, bush or plant sways in the wind"),
    "spin": (8, True, _spin, "a coin, key or gem spins round on the spot"),
    "pulse": (8, True, _pulse, "a crystal or gem bobs while its glow pulses"),
    "idle": (4, True, _idle, "a prop at rest, its flames, cloth or leaves stirring"),
}

for _id, (_frames, _loop, _make, _about) in PROP_MOTIONS.items():
    register(
        Template(
            id=_id,
            plan="prop",
            frames=_frames,
            loop=_loop,
            make=_make,
            ends_down=_id == "open",
            about=_about,
            fixed_frames=False,
        )
    )
