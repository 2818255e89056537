"""The mannequin's animation templates: every ``template_animation_id`` of the contract.

Poses are written as animation notes with :func:`arm`, :func:`leg`, :func:`torso` (angles
in degrees, see :func:`~pixelkiln.engine.subjects.rig.euler`) and root offsets measured
in the figure's own leg length ``L`` and height ``H``, so one template fits a chibi and a
heroic figure alike. Feet are planted (IK) unless a key frees them (``None``: kicks,
flips) or moves them (steps, jumps).

Frame counts follow the contract where it gives them (breathing-idle 4, walk 6,
cross-punch 6, lead-jab 3, taking-punch 6, falling-back-death 7, fireball 6,
surprise-uppercut 7, throw-object 7, jumping-1 9, crouched-walking 6, every
``*-N-frames`` id N); the others are chosen for their action (listed in
:data:`FRAME_COUNTS`). ``walking-2`` ... ``walking-10`` are ten walks of different
character (brisk, relaxed, proud, tired, tiptoe, march, swagger, cautious, bouncy,
limping), all starting at rest.

``attack`` and its side variants use what the figure holds: a bow is drawn and loosed, a
staff or wand casts, a spear thrusts, a blade or hammer swings (with a slash effect at
the strike), bare hands punch.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Effect, Key, Motion, keyed
from pixelkiln.engine.subjects.motion.gait import gait
from pixelkiln.engine.subjects.motion.templates import Template, register

__all__ = ["FRAME_COUNTS", "arm", "leg", "torso"]

_PLAN = "mannequin"
A3 = tuple[float, float, float]


def arm(
    side: str, swing: float = 0.0, out: float = 0.0, twist: float = 0.0, elbow: float = 0.0
) -> dict[str, A3]:
    """Angles of one arm: ``swing`` forward, ``out`` away from the body, ``elbow`` bend."""
    sign = -1.0 if side == "r" else 1.0
    return {
        f"{side}_shoulder": (swing, out * sign, twist * sign),
        f"{side}_elbow": (elbow, 0.0, 0.0),
    }


def leg(side: str, swing: float = 0.0, out: float = 0.0, knee: float = 0.0) -> dict[str, A3]:
    """Angles of one free (FK) leg: ``swing`` forward, ``out`` sideways, ``knee`` bend."""
    sign = -1.0 if side == "r" else 1.0
    return {f"{side}_hip": (swing, out * sign, 0.0), f"{side}_knee": (-knee, 0.0, 0.0)}


def torso(
    lean: float = 0.0,
    turn: float = 0.0,
    side: float = 0.0,
    head: float = 0.0,
    head_turn: float = 0.0,
) -> dict[str, A3]:
    """Spine, chest and head: ``lean`` forward, ``turn`` to the left, ``side`` tilt,
    ``head`` nod down (degrees; negative looks up)."""
    return {
        "spine": (-lean * 0.45, side * 0.5, turn * 0.4),
        "chest": (-lean * 0.55, side * 0.5, turn * 0.6),
        "neck": (-head * 0.5, 0.0, head_turn * 0.5),
        "head": (-head * 0.5, 0.0, head_turn * 0.5),
    }


def _merge(*parts: dict[str, A3]) -> dict[str, A3]:
    out: dict[str, A3] = {}
    for p in parts:
        for k, v in p.items():
            base = out.get(k, (0.0, 0.0, 0.0))
            out[k] = (base[0] + v[0], base[1] + v[1], base[2] + v[2])
    return out


def _dims(model: Model) -> tuple[float, float]:
    """(leg length, height) in model units."""
    frame = model.info.get("frame", {})
    legs = (
        float(frame.get("legs", model.height * 0.45))
        if isinstance(frame, dict)
        else model.height * 0.45
    )
    return legs, model.height


def _held(model: Model) -> tuple[str | None, str | None]:
    """Kinds of item in the right and left hands."""
    right = left = None
    for p in model.parts:
        if p.group == "r_item":
            right = right or p.name
        if p.group == "l_item":
            left = left or p.name
    items = model.info.get("items", {})
    if isinstance(items, dict):
        right = items.get("right", right)
        left = items.get("left", left)
    return right, left


#: How much an arm holding an item of each kind of hold still swings when walking.
_SWING_BY_HOLD = {
    "shield": 0.15,
    "bow": 0.35,
    "pole": 0.3,
    "two-handed": 0.25,
    "raised": 0.55,
    "held": 0.45,
    "hanging": 0.8,
}


def _arm_calm(model: Model) -> tuple[float, float]:
    """Swing factors of the left and right arms (an arm carrying something swings less)."""
    from pixelkiln.engine.subjects.items import ITEMS

    items = model.info.get("items", {})
    out = []
    for hand in ("left", "right"):
        kind = items.get(hand) if isinstance(items, dict) else None
        out.append(_SWING_BY_HOLD.get(ITEMS[kind].hold, 1.0) if kind in ITEMS else 1.0)
    return out[0], out[1]


def _free(*sides: str) -> dict[str, None]:
    return {f"{s}_ankle": None for s in sides}


# Gaits -------------------------------------------------------------------------------


def _walk(
    frames: int,
    stride=0.52,
    lift=0.16,
    bob=0.035,
    swing=24.0,
    lean=0.0,
    elbow=10.0,
    duty=0.56,
    head=0.0,
    chest=0.0,
    sway=0.0,
    arms_out=0.0,
    name="walk",
    fps=10,
    arm_bias=0.0,
    limp=0.0,
    about="",
) -> Callable[[Model, int], Motion]:
    def make(model: Model, n: int) -> Motion:
        legs, _ = _dims(model)

        calm_l, calm_r = _arm_calm(model)

        def extra(t: float) -> dict[str, A3]:
            s = math.sin(2 * math.pi * t)
            a = swing * s
            # Elbows bend as the arms swing out and straighten as they pass the body, so
            # the passing pose at t = 0 is the standing pose.
            pose = _merge(
                arm(
                    "l",
                    (a + arm_bias) * calm_l,
                    arms_out,
                    0.0,
                    (elbow * abs(s) + 8 * max(0.0, s)) * calm_l,
                ),
                arm(
                    "r",
                    (-a + arm_bias) * calm_r,
                    arms_out,
                    0.0,
                    (elbow * abs(s) + 8 * max(0.0, -s)) * calm_r,
                ),
                torso(lean=chest * (1 - math.cos(4 * math.pi * t)) / 2, turn=sway * s, head=head),
            )
            if limp:
                pose = _merge(pose, torso(side=limp * max(0.0, s)))
            return pose

        g = gait(
            model,
            name,
            n,
            stride=legs * stride,
            lift=legs * lift,
            duty=duty,
            bob=legs * bob,
            lean=lean,
            extra=extra,
        )
        return Motion(name, n, True, g.sample, travel=g.travel, fps=fps, description=about)

    return make


def _leaned(
    make: Callable[[Model, int], Motion], lean: float, head: float, height: float = 0.0
) -> Callable[[Model, int], Motion]:
    """A gait held in a posture (a run's lean, a crouch): the root leans and sinks."""

    def wrapped(model: Model, n: int) -> Motion:
        legs, _ = _dims(model)
        base = make(model, n)

        def sample(t: float):
            s = base.sample(t)
            root = (s.root[0], s.root[1], s.root[2] + height * legs)
            ra = (s.root_angles[0] - lean, s.root_angles[1], s.root_angles[2])
            angles = _merge(dict(s.angles), {"neck": (lean * 0.5 - head, 0.0, 0.0)})
            return type(s)(angles=angles, root=root, root_angles=ra, feet=s.feet, effects=s.effects)

        return Motion(
            base.name,
            n,
            True,
            sample,
            travel=base.travel,
            fps=base.fps,
            description=base.description,
        )

    return wrapped


def _run(
    frames: int, name: str = "run", stride=0.95, lift=0.34, duty=0.36, bob=0.05, lean=12.0, fps=12
) -> Callable[[Model, int], Motion]:
    def make(model: Model, n: int) -> Motion:
        legs, _ = _dims(model)

        def extra(t: float) -> dict[str, A3]:
            s = math.sin(2 * math.pi * t)
            return _merge(
                arm("l", 42 * s, 8.0, 0.0, 85.0),
                arm("r", -42 * s, 8.0, 0.0, 85.0),
                torso(turn=8 * s),
            )

        g = gait(
            model,
            name,
            n,
            stride=legs * stride,
            lift=legs * lift,
            duty=duty,
            bob=legs * bob,
            extra=extra,
        )
        return Motion(
            name,
            n,
            True,
            g.sample,
            travel=g.travel,
            fps=fps,
            description="running with pumping arms",
        )

    return _leaned(make, lean, 0.0, -0.04)


# Keyed actions ------------------------------------------------------------------------


def _keys(
    keys: Callable[[float, float], list[Key]],
    name: str,
    loop: bool = False,
    ends_down: bool = False,
    free: tuple[str, ...] = (),
    fps: int = 10,
    effects: Callable[[Model, float], tuple[Effect, ...]] | None = None,
    about: str = "",
    returns: bool = True,
) -> Callable[[Model, int], Motion]:
    def make(model: Model, n: int) -> Motion:
        legs, height = _dims(model)
        fx = (lambda t: effects(model, t)) if effects else None
        sampler = keyed(keys(legs, height), loop=loop, free_feet=free, effects=fx)
        return Motion(
            name,
            n,
            loop,
            sampler,
            ends_down=ends_down,
            fps=fps,
            description=about,
            returns=returns and not ends_down,
        )

    return make


def K(
    t: float,
    *parts: dict[str, A3],
    root=(0.0, 0.0, 0.0),
    lean=0.0,
    roll=0.0,
    turn=0.0,
    feet: dict | None = None,
) -> Key:
    """A key: angles merged from ``parts``, root offset, root lean/roll/turn (degrees)."""
    return Key(t, _merge(*parts), root=root, root_angles=(-lean, roll, turn), feet=feet or {})


REST = {}


def _breathing(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.5,
            torso(lean=-2.0, head=-2.0),
            arm("l", 0, 3, 0, 4),
            arm("r", 0, 3, 0, 4),
            root=(0, 0, 0.016 * H),
        ),
    ]


def _stance(L: float, H: float, bounce: float = 0.0) -> Key:
    return K(
        0.0,
        torso(lean=6.0, turn=-18.0, head=4.0, head_turn=14.0),
        arm("l", 55, 10, 0, 105),
        arm("r", 35, 18, 0, 120),
        root=(0.0, 0.0, -0.09 * L - bounce),
        turn=-20.0,
        feet={"l_ankle": (0.05 * L, -0.22 * L, 0.0), "r_ankle": (-0.05 * L, 0.2 * L, 0.0)},
    )


def _fight_idle(L: float, H: float) -> list[Key]:
    base = _stance(L, H)
    low = _stance(L, H, 0.03 * L)
    return [
        Key(0.0, base.angles, base.root, base.root_angles, base.feet),
        Key(0.5, low.angles, low.root, low.root_angles, low.feet),
    ]


def _crouch(L: float, H: float) -> list[Key]:
    def down(t: float) -> Key:
        return K(
            t,
            torso(lean=22, head=-8),
            arm("l", 35, 10, 0, 40),
            arm("r", 35, 10, 0, 40),
            root=(0, 0.02 * L, -0.42 * L),
            lean=8,
        )

    return [K(0.0), down(0.6), down(1.0)]


def _jump(L: float, H: float, height: float = 0.55, arms_up: bool = False) -> list[Key]:
    tuck = {"l_ankle": (0.0, -0.02 * L, 0.18 * L), "r_ankle": (0.0, -0.02 * L, 0.18 * L)}
    up_arms = (
        (arm("l", 150, 25, 0, 10), arm("r", 150, 25, 0, 10))
        if arms_up
        else (arm("l", 60, 12, 0, 40), arm("r", 60, 12, 0, 40))
    )
    return [
        K(0.0),
        K(
            0.14,
            torso(lean=18),
            arm("l", -35, 10, 0, 20),
            arm("r", -35, 10, 0, 20),
            root=(0, 0, -0.3 * L),
        ),
        K(
            0.3,
            torso(lean=-4, head=-6),
            *up_arms,
            root=(0, 0, height * 0.75 * L),
            feet={"l_ankle": (0, 0, height * 0.75 * L), "r_ankle": (0, 0, height * 0.75 * L)},
        ),
        K(
            0.48,
            torso(head=-4),
            *up_arms,
            root=(0, 0, height * L),
            feet={k: (v[0], v[1], v[2] + height * 0.82 * L) for k, v in tuck.items()},
        ),
        K(
            0.66,
            torso(lean=4),
            arm("l", 40, 25, 0, 20),
            arm("r", 40, 25, 0, 20),
            root=(0, 0, height * 0.55 * L),
            feet={"l_ankle": (0, 0, height * 0.5 * L), "r_ankle": (0, 0, height * 0.5 * L)},
        ),
        K(
            0.8,
            torso(lean=16),
            arm("l", 20, 15, 0, 30),
            arm("r", 20, 15, 0, 30),
            root=(0, 0, -0.26 * L),
        ),
        K(1.0),
    ]


def _running_jump(L: float, H: float) -> list[Key]:
    split = {"l_ankle": (0, -0.5 * L, 0.55 * L), "r_ankle": (0, 0.45 * L, 0.45 * L)}
    return [
        K(0.0),
        K(
            0.15,
            torso(lean=20),
            arm("l", -40, 10, 0, 60),
            arm("r", 40, 10, 0, 60),
            root=(0, 0, -0.18 * L),
            feet={"l_ankle": (0, -0.25 * L, 0.1 * L)},
        ),
        K(
            0.4,
            torso(lean=12),
            arm("l", 70, 20, 0, 30),
            arm("r", -50, 20, 0, 30),
            root=(0, 0, 0.6 * L),
            feet=split,
        ),
        K(
            0.62,
            torso(lean=8),
            arm("l", 50, 30, 0, 30),
            arm("r", -30, 30, 0, 30),
            root=(0, 0, 0.45 * L),
            feet={"l_ankle": (0, -0.35 * L, 0.35 * L), "r_ankle": (0, 0.25 * L, 0.4 * L)},
        ),
        K(
            0.82,
            torso(lean=20),
            arm("l", 20, 20, 0, 40),
            arm("r", 20, 20, 0, 40),
            root=(0, 0, -0.25 * L),
            feet={"l_ankle": (0, -0.15 * L, 0.0)},
        ),
        K(1.0),
    ]


def _two_footed(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.2,
            torso(lean=14),
            arm("l", -30, 5, 0, 20),
            arm("r", -30, 5, 0, 20),
            root=(0, 0, -0.22 * L),
        ),
        K(
            0.45,
            torso(lean=-3),
            arm("l", 70, 15, 0, 30),
            arm("r", 70, 15, 0, 30),
            root=(0, 0, 0.35 * L),
            feet={"l_ankle": (0, 0, 0.38 * L), "r_ankle": (0, 0, 0.38 * L)},
        ),
        K(
            0.7,
            torso(lean=10),
            arm("l", 20, 10, 0, 20),
            arm("r", 20, 10, 0, 20),
            root=(0, 0, -0.2 * L),
        ),
        K(1.0),
    ]


def _flip(direction: float) -> Callable[[float, float], list[Key]]:
    def keys(L: float, H: float) -> list[Key]:
        tuck = _merge(leg("l", 95, 0, 120), leg("r", 95, 0, 120))
        free = _free("l", "r")
        return [
            K(0.0),
            K(
                0.12,
                torso(lean=20),
                arm("l", -40, 10, 0, 10),
                arm("r", -40, 10, 0, 10),
                root=(0, 0, -0.3 * L),
            ),
            K(
                0.28,
                torso(lean=-10 * direction),
                arm("l", 160, 20, 0, 10),
                arm("r", 160, 20, 0, 10),
                root=(0, 0, 0.55 * L),
                lean=-40 * direction,
                feet=free,
            ),
            K(
                0.44,
                tuck,
                arm("l", 80, 10, 0, 90),
                arm("r", 80, 10, 0, 90),
                root=(0, 0, 0.85 * L),
                lean=-140 * direction,
                feet=free,
            ),
            K(
                0.6,
                tuck,
                arm("l", 80, 10, 0, 90),
                arm("r", 80, 10, 0, 90),
                root=(0, 0, 0.8 * L),
                lean=-240 * direction,
                feet=free,
            ),
            K(
                0.76,
                leg("l", 30, 0, 40),
                leg("r", 30, 0, 40),
                arm("l", 100, 30, 0, 20),
                arm("r", 100, 30, 0, 20),
                root=(0, 0, 0.35 * L),
                lean=-330 * direction,
                feet=free,
            ),
            K(
                0.88,
                torso(lean=18),
                arm("l", 40, 20, 0, 30),
                arm("r", 40, 20, 0, 30),
                root=(0, 0, -0.25 * L),
                lean=-360 * direction,
            ),
            K(1.0, lean=-360 * direction),
        ]

    return keys


def _getting_up(L: float, H: float) -> list[Key]:
    lying = K(
        0.0,
        arm("l", 150, 30, 0, 20),
        arm("r", 150, 30, 0, 20),
        root=(0, 0.02 * H, -(L - 0.1 * H)),
        lean=-88,
        feet=_free("l", "r"),
    )
    return [
        lying,
        K(
            0.3,
            torso(lean=40),
            arm("l", 40, 30, 0, 20),
            arm("r", 40, 30, 0, 20),
            leg("l", 90, 0, 110),
            leg("r", 80, 0, 100),
            root=(0, 0.1 * H, -L * 0.75),
            lean=0,
            feet=_free("l", "r"),
        ),
        K(
            0.55,
            torso(lean=45),
            arm("l", 30, 20, 0, 30),
            arm("r", 50, 20, 0, 60),
            root=(0, 0, -0.5 * L),
            feet={"l_ankle": (0, -0.15 * L, 0.0)},
        ),
        K(
            0.8,
            torso(lean=12),
            arm("l", 10, 10, 0, 20),
            arm("r", 10, 10, 0, 20),
            root=(0, 0, -0.12 * L),
        ),
        K(1.0),
    ]


def _death(L: float, H: float) -> list[Key]:
    # The body lies centred on the pivot at the end: the pelvis comes to rest a little in
    # front of where the feet stood, the head a body's length behind.
    down = L - 0.1 * H
    return [
        K(0.0),
        K(
            0.18,
            torso(lean=-12, head=-20),
            arm("l", 40, 30, 0, 30),
            arm("r", 40, 30, 0, 30),
            root=(0, 0.03 * L, 0),
            lean=-6,
        ),
        K(
            0.4,
            torso(lean=-10, head=-10),
            arm("l", 90, 40, 0, 20),
            arm("r", 90, 40, 0, 20),
            root=(0, 0.08 * L, -0.3 * L),
            lean=-30,
            feet={"l_ankle": (0, -0.12 * L, 0.05 * L)},
        ),
        K(
            0.65,
            arm("l", 130, 50, 0, 10),
            arm("r", 120, 50, 0, 10),
            leg("l", 40, 0, 20),
            leg("r", 30, 0, 10),
            root=(0, 0.06 * H, -down * 0.8),
            lean=-70,
            feet=_free("l", "r"),
        ),
        K(
            0.85,
            arm("l", 150, 60, 0, 0),
            arm("r", 150, 55, 0, 0),
            leg("l", 15, 5, 0),
            leg("r", 10, 5, 0),
            root=(0, 0.02 * H, -down),
            lean=-90,
            feet=_free("l", "r"),
        ),
        K(
            1.0,
            torso(head=-6),
            arm("l", 160, 60, 0, 0),
            arm("r", 160, 55, 0, 0),
            leg("l", 10, 5, 0),
            leg("r", 6, 5, 0),
            root=(0, 0.02 * H, -down),
            lean=-90,
            feet=_free("l", "r"),
        ),
    ]


def _cross_punch(L: float, H: float) -> list[Key]:
    guard = (arm("l", 60, 12, 0, 110), arm("r", 45, 20, 0, 125))
    return [
        K(0.0),
        K(0.2, torso(turn=-12), *guard, root=(0, 0, -0.06 * L), turn=-10),
        K(
            0.42,
            torso(turn=30, lean=8),
            arm("l", 50, 10, 0, 115),
            arm("r", 88, 8, -10, 5),
            root=(0, -0.05 * L, -0.06 * L),
            turn=22,
        ),
        K(
            0.62,
            torso(turn=22, lean=6),
            arm("l", 50, 10, 0, 115),
            arm("r", 80, 8, 0, 20),
            root=(0, -0.03 * L, -0.06 * L),
            turn=18,
        ),
        K(0.82, torso(turn=-5), *guard, root=(0, 0, -0.04 * L)),
        K(1.0),
    ]


def _jab(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.4,
            torso(turn=-18, lean=6),
            arm("l", 90, 6, 10, 3),
            arm("r", 50, 18, 0, 120),
            root=(0, -0.04 * L, -0.05 * L),
            turn=-12,
        ),
        K(1.0),
    ]


def _uppercut(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.2,
            torso(lean=16, turn=-15),
            arm("l", 55, 10, 0, 110),
            arm("r", 20, 15, 0, 100),
            root=(0, 0, -0.2 * L),
            turn=-15,
        ),
        K(
            0.45,
            torso(lean=-10, turn=25),
            arm("l", 50, 10, 0, 110),
            arm("r", 150, 10, 0, 60),
            root=(0, 0, -0.02 * L),
            turn=20,
            feet={"r_ankle": (0, 0.04 * L, 0.06 * L)},
        ),
        K(
            0.65,
            torso(lean=-6, turn=18),
            arm("l", 50, 10, 0, 110),
            arm("r", 140, 10, 0, 70),
            root=(0, 0, 0.0),
            turn=14,
        ),
        K(
            0.85,
            torso(turn=5),
            arm("l", 40, 10, 0, 90),
            arm("r", 60, 10, 0, 90),
            root=(0, 0, -0.04 * L),
        ),
        K(1.0),
    ]


def _kick(
    height: float, spin: float = 0.0, fly: float = 0.0
) -> Callable[[float, float], list[Key]]:
    def keys(L: float, H: float) -> list[Key]:
        chamber = _merge(leg("r", 70, 0, 100))
        strike = _merge(leg("r", height, 10 if spin else 0, 5))
        arms_ = (arm("l", 40, 35, 0, 80), arm("r", 20, 40, 0, 70))
        lift = {"r_ankle": None}
        if fly:
            lift = {"r_ankle": None, "l_ankle": (0.0, 0.1 * L, 0.3 * L * fly)}
        return [
            K(0.0),
            K(
                0.22,
                torso(lean=-4),
                *arms_,
                chamber,
                root=(0, 0, 0.2 * L * fly - 0.04 * L),
                turn=spin * 0.3,
                feet=lift,
            ),
            K(
                0.45,
                torso(lean=-(14 + height * 0.1)),
                *arms_,
                strike,
                root=(0, 0.05 * L, 0.45 * L * fly),
                turn=spin * 0.7,
                feet=lift,
            ),
            K(
                0.62,
                torso(lean=-10),
                *arms_,
                strike,
                root=(0, 0.04 * L, 0.35 * L * fly),
                turn=spin * 0.9,
                feet=lift,
            ),
            K(
                0.8,
                torso(lean=-2),
                *arms_,
                chamber,
                root=(0, 0, 0.05 * L * fly),
                turn=spin,
                feet=lift,
            ),
            K(1.0, turn=spin),
        ]

    return keys


def _hurricane(L: float, H: float) -> list[Key]:
    # In the air both legs follow the spinning body: the kicking leg out to the side, the
    # other tucked under.
    spin_leg = _merge(leg("r", 15, 80, 5), leg("l", 60, 0, 90))
    free = _free("l", "r")
    return [
        K(0.0),
        K(
            0.12,
            torso(lean=12),
            arm("l", 30, 20, 0, 60),
            arm("r", 30, 20, 0, 60),
            root=(0, 0, -0.2 * L),
        ),
        K(0.2, arm("l", 40, 60, 0, 30), arm("r", 40, 60, 0, 30), root=(0, 0, -0.02 * L), turn=40),
        K(
            0.3,
            arm("l", 20, 80, 0, 10),
            arm("r", 20, 80, 0, 10),
            spin_leg,
            root=(0, 0, 0.45 * L),
            turn=120,
            feet=free,
        ),
        K(
            0.5,
            arm("l", 20, 80, 0, 10),
            arm("r", 20, 80, 0, 10),
            spin_leg,
            root=(0, 0, 0.55 * L),
            turn=240,
            feet=free,
        ),
        K(
            0.7,
            arm("l", 20, 80, 0, 10),
            arm("r", 20, 80, 0, 10),
            spin_leg,
            root=(0, 0, 0.42 * L),
            turn=330,
            feet=free,
        ),
        K(
            0.86,
            torso(lean=12),
            arm("l", 30, 20, 0, 50),
            arm("r", 30, 20, 0, 50),
            root=(0, 0, -0.2 * L),
            turn=360,
        ),
        K(1.0, turn=360),
    ]


def _sweep(L: float, H: float) -> list[Key]:
    low = (0, 0, -0.5 * L)
    sweep = {"r_ankle": None}
    return [
        K(0.0),
        K(0.18, torso(lean=30), arm("l", 60, 20, 0, 20), arm("r", 60, 20, 0, 20), root=low),
        K(
            0.4,
            torso(lean=30, turn=-20),
            arm("l", 70, 30, 0, 10),
            arm("r", 70, 30, 0, 10),
            leg("r", 20, 75, 0),
            root=low,
            turn=-40,
            feet=sweep,
        ),
        K(
            0.62,
            torso(lean=30, turn=20),
            arm("l", 70, 30, 0, 10),
            arm("r", 70, 30, 0, 10),
            leg("r", 60, 60, 0),
            root=low,
            turn=40,
            feet=sweep,
        ),
        K(0.8, torso(lean=25), arm("l", 50, 20, 0, 30), arm("r", 50, 20, 0, 30), root=low, turn=10),
        K(1.0),
    ]


def _fireball_keys(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.25,
            torso(turn=-25, lean=4),
            arm("l", -10, 25, 0, 90),
            arm("r", -20, 30, 0, 90),
            root=(0, 0.03 * L, -0.08 * L),
            turn=-15,
            feet={"l_ankle": (0, -0.12 * L, 0)},
        ),
        K(
            0.5,
            torso(turn=10, lean=10),
            arm("l", 88, 8, 0, 12),
            arm("r", 88, 8, 0, 12),
            root=(0, -0.06 * L, -0.1 * L),
            turn=5,
            feet={"l_ankle": (0, -0.12 * L, 0)},
        ),
        K(
            0.75,
            torso(lean=8),
            arm("l", 80, 10, 0, 20),
            arm("r", 80, 10, 0, 20),
            root=(0, -0.04 * L, -0.08 * L),
            feet={"l_ankle": (0, -0.12 * L, 0)},
        ),
        K(1.0),
    ]


def _fireball_fx(model: Model, t: float) -> tuple[Effect, ...]:
    _legs, height = _dims(model)
    if not 0.42 <= t <= 0.95:
        return ()
    u = (t - 0.42) / 0.53
    return (
        Effect(
            "orange energy orb",
            "r_hand",
            forward=height * (0.15 + 0.9 * u),
            size=height * (0.22 + 0.12 * u),
            phase=u,
        ),
    )


def _taking_punch(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.2,
            torso(lean=-22, head=-25, turn=10),
            arm("l", 30, 35, 0, 40),
            arm("r", 20, 40, 0, 40),
            root=(0, 0.06 * L, -0.05 * L),
            lean=-8,
            feet={"r_ankle": (0, 0.12 * L, 0)},
        ),
        K(
            0.45,
            torso(lean=-14, head=-10, turn=6),
            arm("l", 20, 25, 0, 50),
            arm("r", 20, 30, 0, 50),
            root=(0, 0.1 * L, -0.1 * L),
            lean=-6,
            feet={"r_ankle": (0, 0.2 * L, 0)},
        ),
        K(
            0.7,
            torso(lean=8, head=8),
            arm("l", 45, 15, 0, 100),
            arm("r", 40, 15, 0, 100),
            root=(0, 0.06 * L, -0.08 * L),
            feet={"r_ankle": (0, 0.12 * L, 0)},
        ),
        K(1.0),
    ]


def _drinking(L: float, H: float) -> list[Key]:
    sip = (arm("r", 55, 18, -20, 135), torso(head=-25))
    return [
        K(0.0),
        K(0.3, *sip),
        K(0.5, arm("r", 60, 18, -20, 140), torso(head=-32, lean=-4)),
        K(0.7, *sip),
        K(1.0),
    ]


def _picking_up(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.3,
            torso(lean=35, head=10),
            arm("r", 55, 8, 0, 5),
            arm("l", 20, 15, 0, 20),
            root=(0, 0.05 * L, -0.38 * L),
            lean=10,
        ),
        K(
            0.5,
            torso(lean=38, head=12),
            arm("r", 62, 8, 0, 8),
            arm("l", 25, 15, 0, 20),
            root=(0, 0.05 * L, -0.42 * L),
            lean=12,
        ),
        K(
            0.78,
            torso(lean=4),
            arm("r", 40, 10, 0, 80),
            arm("l", 5, 8, 0, 10),
            root=(0, 0, -0.06 * L),
        ),
        K(1.0),
    ]


def _throw(L: float, H: float) -> list[Key]:
    return [
        K(0.0),
        K(
            0.28,
            torso(turn=-35, lean=-8),
            arm("r", -70, 30, 0, 95),
            arm("l", 60, 20, 0, 30),
            root=(0, 0.04 * L, -0.08 * L),
            turn=-20,
            feet={"l_ankle": (0, -0.2 * L, 0.06 * L)},
        ),
        K(
            0.5,
            torso(turn=25, lean=14),
            arm("r", 130, 10, 0, 20),
            arm("l", -10, 25, 0, 40),
            root=(0, -0.08 * L, -0.1 * L),
            turn=20,
            feet={"l_ankle": (0, -0.22 * L, 0.0)},
        ),
        K(
            0.7,
            torso(turn=30, lean=22),
            arm("r", 60, 10, 0, 10),
            arm("l", -20, 25, 0, 40),
            root=(0, -0.08 * L, -0.12 * L),
            turn=22,
            feet={"l_ankle": (0, -0.22 * L, 0.0)},
        ),
        K(1.0),
    ]


def _angry(L: float, H: float) -> list[Key]:
    fists = (arm("l", 40, 30, 0, 120), arm("r", 40, 30, 0, 120))
    return [
        K(0.0),
        K(
            0.2,
            torso(lean=12, head=-6),
            *fists,
            root=(0, 0, -0.05 * L),
            feet={"r_ankle": (0, 0, 0.15 * L)},
        ),
        K(0.4, torso(lean=14, head=-8, turn=8), *fists, root=(0, 0, -0.1 * L)),
        K(
            0.6,
            torso(lean=14, head=-8, turn=-8),
            arm("l", 60, 30, 0, 130),
            arm("r", 60, 30, 0, 130),
            root=(0, 0, -0.08 * L),
        ),
        K(0.8, torso(lean=10, turn=6), *fists, root=(0, 0, -0.06 * L)),
        K(1.0),
    ]


def _pushing(L: float, H: float) -> list[Key]:
    push = (arm("l", 85, 8, 0, 25), arm("r", 85, 8, 0, 25))
    return [
        K(0.0),
        K(
            0.25,
            torso(lean=25),
            *push,
            root=(0, 0.06 * L, -0.12 * L),
            lean=10,
            feet={"r_ankle": (0, 0.3 * L, 0.0), "l_ankle": (0, -0.05 * L, 0.0)},
        ),
        K(
            0.5,
            torso(lean=28),
            arm("l", 88, 8, 0, 10),
            arm("r", 88, 8, 0, 10),
            root=(0, 0.02 * L, -0.14 * L),
            lean=12,
            feet={"r_ankle": (0, 0.3 * L, 0.08 * L), "l_ankle": (0, -0.05 * L, 0.0)},
        ),
        K(
            0.75,
            torso(lean=25),
            *push,
            root=(0, 0.06 * L, -0.12 * L),
            lean=10,
            feet={"l_ankle": (0, 0.25 * L, 0.0), "r_ankle": (0, 0.0, 0.0)},
        ),
        K(1.0),
    ]


def _pulling(L: float, H: float) -> list[Key]:
    grip = (arm("l", 75, 6, 0, 15), arm("r", 75, 6, 0, 15))
    return [
        K(0.0),
        K(
            0.25,
            torso(lean=-14),
            *grip,
            root=(0, 0.1 * L, -0.15 * L),
            lean=-10,
            feet={"l_ankle": (0, -0.3 * L, 0.0), "r_ankle": (0, 0.05 * L, 0.0)},
        ),
        K(
            0.5,
            torso(lean=-18),
            arm("l", 70, 6, 0, 40),
            arm("r", 70, 6, 0, 40),
            root=(0, 0.16 * L, -0.18 * L),
            lean=-14,
            feet={"l_ankle": (0, -0.3 * L, 0.0), "r_ankle": (0, 0.08 * L, 0.1 * L)},
        ),
        K(
            0.75,
            torso(lean=-14),
            *grip,
            root=(0, 0.1 * L, -0.15 * L),
            lean=-10,
            feet={"l_ankle": (0, -0.22 * L, 0.0), "r_ankle": (0, 0.12 * L, 0.0)},
        ),
        K(1.0),
    ]


def _slide(L: float, H: float) -> list[Key]:
    slide_feet = {"l_ankle": (0, -0.7 * L, 0.05 * L), "r_ankle": (0, 0.15 * L, 0.0)}
    return [
        K(0.0),
        K(
            0.2,
            torso(lean=20),
            arm("l", 40, 10, 0, 80),
            arm("r", -40, 10, 0, 80),
            root=(0, 0, -0.05 * L),
            feet={"l_ankle": (0, -0.3 * L, 0.12 * L)},
        ),
        K(
            0.45,
            torso(lean=-25, head=10),
            arm("l", 20, 40, 0, 20),
            arm("r", -20, 50, 0, 20),
            root=(0, 0.15 * L, -0.45 * L),
            lean=-15,
            feet=slide_feet,
        ),
        K(
            0.7,
            torso(lean=-20, head=8),
            arm("l", 30, 40, 0, 20),
            arm("r", -10, 50, 0, 20),
            root=(0, 0.12 * L, -0.45 * L),
            lean=-12,
            feet=slide_feet,
        ),
        K(
            0.88,
            torso(lean=15),
            arm("l", 20, 15, 0, 40),
            arm("r", 20, 15, 0, 40),
            root=(0, 0, -0.2 * L),
        ),
        K(1.0),
    ]


# Weapon attacks that use what the figure holds ---------------------------------------

_BLADES = {
    "sword",
    "katana",
    "dagger",
    "axe",
    "battle axe",
    "hammer",
    "mace",
    "club",
    "scepter",
    "pickaxe",
    "ladle",
    "torch",
}
_CASTERS = {"staff", "wand", "orb", "book"}
_POLES = {"spear", "pitchfork", "scythe", "flag", "shovel", "fishing rod"}
_SHOOTERS = {"pistol", "blaster", "rifle", "crossbow"}


def _attack_kind(model: Model) -> str:
    items = model.info.get("items", {})
    right = items.get("right") if isinstance(items, dict) else None
    left = items.get("left") if isinstance(items, dict) else None
    if left == "bow" or right == "bow":
        return "bow"
    if right in _CASTERS:
        return "cast"
    if right in _POLES:
        return "thrust"
    if right in _SHOOTERS:
        return "shoot"
    if right in _BLADES:
        return "slash"
    return "punch"


def _attack(variant: str) -> Callable[[Model, int], Motion]:
    """``variant``: ``front`` (overhead), ``back`` (backhand), ``left`` or ``right``."""
    turns = {"front": 0.0, "back": 180.0, "left": 90.0, "right": -90.0}

    def make(model: Model, n: int) -> Motion:
        kind = _attack_kind(model)
        turn = turns[variant]
        keys = _attack_keys(kind, variant)

        def fx(m: Model, t: float) -> tuple[Effect, ...]:
            _, height = _dims(m)
            if kind == "slash" and 0.4 <= t <= 0.62:
                return (
                    Effect(
                        "white sword slash",
                        "r_hand",
                        forward=height * 0.12,
                        size=height * 0.5,
                        phase=(t - 0.4) / 0.22,
                    ),
                )
            if kind == "cast" and 0.45 <= t <= 0.9:
                return (
                    Effect(
                        "blue magic sparkles",
                        "r_hand",
                        forward=height * 0.2,
                        size=height * 0.35,
                        phase=(t - 0.45) / 0.45,
                    ),
                )
            if kind == "shoot" and 0.45 <= t <= 0.6:
                return (
                    Effect(
                        "yellow energy orb",
                        "r_hand",
                        forward=height * 0.3,
                        size=height * 0.16,
                        phase=0.2,
                    ),
                )
            return ()

        made = _keys(
            lambda L, H: keys(L, H, turn), f"attack-{variant}", effects=fx, about=f"{kind} attack"
        )(model, n)
        return made

    return make


def _attack_keys(kind: str, variant: str) -> Callable[[float, float, float], list[Key]]:
    side = {"front": 0.0, "back": 0.0, "left": 1.0, "right": -1.0}[variant]

    def keys(L: float, H: float, turn: float) -> list[Key]:
        del turn
        step = {"l_ankle": (0, -0.14 * L, 0)}
        if kind == "bow":
            aim_ = (arm("l", 88, 5, 0, 5), torso(turn=-25 + 40 * side))
            return [
                K(0.0),
                K(
                    0.3,
                    *aim_,
                    arm("r", 85, -5, 0, 120),
                    root=(0, 0, -0.04 * L),
                    turn=-10 + 40 * side,
                ),
                K(
                    0.55,
                    *aim_,
                    arm("r", 80, 10, 0, 150),
                    root=(0, 0, -0.04 * L),
                    turn=-10 + 40 * side,
                ),
                K(
                    0.7,
                    *aim_,
                    arm("r", 60, 30, 0, 100),
                    root=(0, 0, -0.04 * L),
                    turn=-10 + 40 * side,
                ),
                K(1.0),
            ]
        if kind == "cast":
            return [
                K(0.0),
                K(
                    0.3,
                    torso(lean=-8),
                    arm("r", 150, 10 - 30 * side, 0, 20),
                    root=(0, 0, 0.0),
                    turn=35 * side,
                ),
                K(
                    0.55,
                    torso(lean=10),
                    arm("r", 95, 5, 0, 5),
                    arm("l", 70, 20, 0, 30),
                    root=(0, -0.05 * L, -0.06 * L),
                    turn=35 * side,
                    feet=step,
                ),
                K(
                    0.8,
                    torso(lean=6),
                    arm("r", 90, 5, 0, 10),
                    root=(0, -0.04 * L, -0.05 * L),
                    turn=35 * side,
                    feet=step,
                ),
                K(1.0),
            ]
        if kind == "thrust":
            return [
                K(0.0),
                K(
                    0.3,
                    torso(turn=-20 + 45 * side),
                    arm("r", 20, 25, 0, 90),
                    arm("l", 45, 15, 0, 60),
                    root=(0, 0.04 * L, -0.08 * L),
                    turn=-10 + 45 * side,
                ),
                K(
                    0.55,
                    torso(lean=15, turn=10 + 45 * side),
                    arm("r", 80, 5, 0, 15),
                    arm("l", 70, 10, 0, 30),
                    root=(0, -0.1 * L, -0.12 * L),
                    turn=10 + 45 * side,
                    feet=step,
                ),
                K(
                    0.75,
                    torso(lean=10, turn=5 + 45 * side),
                    arm("r", 70, 5, 0, 30),
                    root=(0, -0.08 * L, -0.1 * L),
                    turn=5 + 45 * side,
                    feet=step,
                ),
                K(1.0),
            ]
        if kind == "shoot":
            return [
                K(0.0),
                K(
                    0.3,
                    torso(turn=-10 + 45 * side),
                    arm("r", 85, 5, 0, 10),
                    root=(0, 0, -0.03 * L),
                    turn=45 * side,
                ),
                K(
                    0.55,
                    torso(turn=-10 + 45 * side, lean=-6),
                    arm("r", 100, 5, 0, 25),
                    root=(0, 0.04 * L, -0.03 * L),
                    turn=45 * side,
                ),
                K(0.75, torso(turn=-10 + 45 * side), arm("r", 88, 5, 0, 10), turn=45 * side),
                K(1.0),
            ]
        if kind == "slash":
            if variant == "back":
                return [
                    K(0.0),
                    K(
                        0.3,
                        torso(turn=40),
                        arm("r", 70, -40, 30, 100),
                        root=(0, 0, -0.06 * L),
                        turn=30,
                    ),
                    K(
                        0.5,
                        torso(turn=-35, lean=8),
                        arm("r", 80, 70, -20, 10),
                        root=(0, -0.04 * L, -0.08 * L),
                        turn=-30,
                        feet=step,
                    ),
                    K(0.75, torso(turn=-25, lean=6), arm("r", 60, 60, 0, 30), turn=-20, feet=step),
                    K(1.0),
                ]
            if variant in ("left", "right"):
                return [
                    K(0.0),
                    K(
                        0.3,
                        torso(turn=-30 * side),
                        arm("r", 80, 60, 0, 60),
                        root=(0, 0, -0.06 * L),
                        turn=-20 * side + 60 * side,
                    ),
                    K(
                        0.52,
                        torso(turn=40 * side, lean=8),
                        arm("r", 85, -10, 0, 10),
                        root=(0, -0.04 * L, -0.08 * L),
                        turn=60 * side + 30 * side,
                        feet=step,
                    ),
                    K(
                        0.75,
                        torso(turn=30 * side, lean=6),
                        arm("r", 60, 0, 0, 30),
                        turn=70 * side,
                        feet=step,
                    ),
                    K(1.0),
                ]
            return [
                K(0.0),
                K(
                    0.28,
                    torso(lean=-12, turn=-10),
                    arm("r", 165, 15, 0, 70),
                    arm("l", 40, 20, 0, 40),
                    root=(0, 0.03 * L, 0.0),
                ),
                K(
                    0.5,
                    torso(lean=20, turn=8),
                    arm("r", 60, 10, 0, 5),
                    arm("l", 30, 20, 0, 40),
                    root=(0, -0.08 * L, -0.14 * L),
                    feet=step,
                ),
                K(
                    0.72,
                    torso(lean=16, turn=5),
                    arm("r", 35, 10, 0, 15),
                    root=(0, -0.06 * L, -0.12 * L),
                    feet=step,
                ),
                K(1.0),
            ]
        # Bare hands: a punch to the chosen side.
        return [
            K(0.0),
            K(
                0.3,
                torso(turn=-20),
                arm("l", 55, 12, 0, 110),
                arm("r", 40, 20, 0, 120),
                root=(0, 0, -0.06 * L),
                turn=-10 + 45 * side,
            ),
            K(
                0.55,
                torso(turn=28, lean=8),
                arm("r", 88, 8, -10, 5),
                arm("l", 50, 12, 0, 110),
                root=(0, -0.05 * L, -0.06 * L),
                turn=20 + 45 * side,
            ),
            K(
                0.78,
                torso(turn=10),
                arm("r", 60, 15, 0, 90),
                root=(0, 0, -0.04 * L),
                turn=45 * side,
            ),
            K(1.0),
        ]

    return keys


# Registry ----------------------------------------------------------------------------

#: Frames of every mannequin template id.
FRAME_COUNTS: dict[str, int] = {}


def _t(
    id_: str,
    frames: int,
    make,
    loop: bool = False,
    at_rest: bool = True,
    ends_down: bool = False,
    about: str = "",
) -> None:
    register(Template(id_, _PLAN, frames, loop, make, at_rest, ends_down, about))
    FRAME_COUNTS[id_] = frames


def _register_all() -> None:
    walk_about = "walking forward at an easy pace"
    _t("walk", 6, _walk(6, about=walk_about), True, about=walk_about)
    _t(
        "walk-1",
        4,
        _walk(4, stride=0.46, about="a simple four frame walk"),
        True,
        about="a simple four frame walk",
    )
    _t(
        "walk-2",
        8,
        _walk(8, stride=0.55, swing=28, about="a smooth eight frame walk"),
        True,
        about="a smooth eight frame walk",
    )
    _t("walking", 8, _walk(8, about=walk_about), True, about=walk_about)
    for n in (4, 6, 8):
        _t(f"walking-{n}-frames", n, _walk(n), True, about=f"a {n} frame walk cycle")
    variants = {
        "walking-2": {"stride": 0.62, "swing": 32, "bob": 0.04, "about": "a brisk fast walk"},
        "walking-3": {
            "stride": 0.4,
            "swing": 16,
            "bob": 0.025,
            "fps": 8,
            "about": "a slow relaxed stroll",
        },
        "walking-4": {
            "stride": 0.58,
            "swing": 36,
            "chest": -4,
            "head": -4,
            "about": "a proud confident walk",
        },
        "walking-5": {
            "stride": 0.36,
            "swing": 10,
            "head": 16,
            "lean": 6,
            "elbow": 4,
            "about": "a tired dragging walk",
        },
        "walking-6": {
            "stride": 0.34,
            "lift": 0.22,
            "swing": 14,
            "arms_out": 18,
            "elbow": 60,
            "lean": 8,
            "about": "sneaking on tiptoe",
        },
        "walking-7": {
            "stride": 0.56,
            "lift": 0.28,
            "swing": 45,
            "elbow": 4,
            "about": "a military march",
        },
        "walking-8": {
            "stride": 0.55,
            "swing": 30,
            "sway": 14,
            "bob": 0.05,
            "about": "a swaggering strut",
        },
        "walking-9": {
            "stride": 0.34,
            "swing": 12,
            "elbow": 45,
            "arm_bias": 25,
            "lean": 5,
            "head": 6,
            "about": "a cautious careful walk",
        },
        "walking-10": {
            "stride": 0.5,
            "lift": 0.22,
            "bob": 0.08,
            "swing": 34,
            "about": "a happy bouncy walk",
        },
    }
    for id_, kw in variants.items():
        about = str(kw.pop("about"))
        # A walk held in a posture (head hung, arms out, leaning) starts in that posture.
        held = any(kw.get(k) for k in ("lean", "head", "arm_bias", "arms_out"))
        _t(id_, 8, _walk(8, about=about, **kw), True, at_rest=not held, about=about)
    for n in (4, 6, 8):
        _t(
            f"running-{n}-frames",
            n,
            _run(n),
            True,
            at_rest=False,
            about=f"running fast, a {n} frame run cycle",
        )
    _t(
        "crouched-walking",
        6,
        _leaned(
            _walk(6, stride=0.34, swing=12, elbow=50, arm_bias=20, lift=0.14, bob=0.02),
            lean=18,
            head=-12,
            height=-0.22,
        ),
        True,
        at_rest=False,
        about="walking crouched low and sneaky",
    )
    _t(
        "sad-walk",
        8,
        _walk(
            8,
            stride=0.34,
            swing=8,
            head=22,
            lean=4,
            elbow=2,
            fps=7,
            about="a sad slow walk with the head hanging",
        ),
        True,
        at_rest=False,
        about="a sad slow walk with the head hanging",
    )
    _t(
        "scary-walk",
        8,
        _walk(
            8,
            stride=0.44,
            swing=6,
            arm_bias=75,
            elbow=6,
            bob=0.06,
            sway=10,
            lift=0.2,
            about="a stiff menacing monster walk with arms reaching",
        ),
        True,
        at_rest=False,
        about="a stiff menacing monster walk with arms reaching forward",
    )
    _t(
        "breathing-idle",
        4,
        _keys(_breathing, "breathing-idle", loop=True, fps=5, about="standing still and breathing"),
        True,
        about="standing still and breathing calmly, idle",
    )
    _t(
        "fight-stance-idle-8-frames",
        8,
        _keys(
            _fight_idle,
            "fight-stance-idle",
            loop=True,
            fps=8,
            about="a boxer's guard stance bouncing",
        ),
        True,
        at_rest=False,
        about="a fighting stance with fists raised, bouncing",
    )
    _t(
        "crouching",
        6,
        _keys(_crouch, "crouching", returns=False, about="crouching down"),
        about="crouching down low and staying there",
    )
    _t(
        "running-slide",
        8,
        _keys(_slide, "running-slide", about="a baseball slide"),
        about="running and sliding along the ground feet first",
    )
    _t("backflip", 10, _keys(_flip(1.0), "backflip", free=(), fps=12), about="a backflip")
    _t("front-flip", 10, _keys(_flip(-1.0), "front-flip", fps=12), about="a front flip somersault")
    _t(
        "getting-up",
        8,
        _keys(_getting_up, "getting-up", returns=False),
        at_rest=False,
        about="getting up from lying on the ground",
    )
    _t(
        "jumping-1",
        9,
        _keys(lambda L, H: _jump(L, H), "jumping-1", fps=12),
        about="a jump straight up",
    )
    _t(
        "jumping-2",
        8,
        _keys(lambda L, H: _jump(L, H, 0.7, True), "jumping-2", fps=12),
        about="a joyful high jump with the arms thrown up",
    )
    _t(
        "running-jump",
        8,
        _keys(_running_jump, "running-jump", fps=12),
        about="a running leap with the legs split",
    )
    _t(
        "two-footed-jump",
        8,
        _keys(_two_footed, "two-footed-jump", fps=12),
        about="a small hop on both feet",
    )
    _t("cross-punch", 6, _keys(_cross_punch, "cross-punch", fps=12), about="a right cross punch")
    _t("lead-jab", 3, _keys(_jab, "lead-jab", fps=12), about="a quick left jab")
    _t(
        "surprise-uppercut",
        7,
        _keys(_uppercut, "surprise-uppercut", fps=12),
        about="an uppercut punch rising from a crouch",
    )
    _t(
        "hurricane-kick",
        10,
        _keys(_hurricane, "hurricane-kick", fps=14),
        about="a spinning jump kick with the leg out",
    )
    _t(
        "roundhouse-kick",
        8,
        _keys(_kick(80, spin=-40), "roundhouse-kick", fps=12),
        about="a roundhouse kick swinging the leg around",
    )
    _t("high-kick", 7, _keys(_kick(105), "high-kick", fps=12), about="a high front kick")
    _t(
        "flying-kick",
        8,
        _keys(_kick(85, fly=1.0), "flying-kick", fps=12),
        about="a flying jump kick",
    )
    _t(
        "leg-sweep",
        8,
        _keys(_sweep, "leg-sweep", fps=12),
        about="a low spinning leg sweep crouched near the ground",
    )
    _t(
        "fireball",
        6,
        _keys(_fireball_keys, "fireball", effects=_fireball_fx, fps=10),
        about="throwing a fireball with both hands",
    )
    _t(
        "taking-punch",
        6,
        _keys(_taking_punch, "taking-punch", fps=12),
        about="getting hit in the face and staggering back",
    )
    _t(
        "falling-back-death",
        7,
        _keys(_death, "falling-back-death", ends_down=True, fps=10),
        ends_down=True,
        about="dying and falling backward to the ground",
    )
    _t("drinking", 8, _keys(_drinking, "drinking", fps=8), about="drinking from a cup or bottle")
    _t(
        "picking-up",
        8,
        _keys(_picking_up, "picking-up", fps=10),
        about="bending down to pick something up",
    )
    _t(
        "pull-heavy-object",
        8,
        _keys(_pulling, "pull-heavy-object", loop=True, fps=8),
        True,
        about="pulling a heavy object backward with both hands",
    )
    _t(
        "pushing",
        8,
        _keys(_pushing, "pushing", loop=True, fps=8),
        True,
        about="pushing a heavy object forward with both hands",
    )
    _t(
        "throw-object",
        7,
        _keys(_throw, "throw-object", fps=12),
        about="throwing an object overhand",
    )
    _t("angry", 6, _keys(_angry, "angry", fps=10), about="angry stomping and shaking fists")
    _t("attack", 6, _attack("front"), about="an attack with the weapon in hand")
    _t("attack-back", 6, _attack("back"), about="a backhand attack")
    _t("attack-left", 6, _attack("left"), about="an attack to the left side")
    _t("attack-right", 6, _attack("right"), about="an attack to the right side")


_register_all()
