"""Free-text actions: "swing the sword overhead", "wave", "bow politely".

An action is read in three steps:

1. Gestures the templates lack are composed from motion primitives (:data:`GESTURES`):
   wave, nod, shake the head, bow, cheer, clap, point, salute, shrug, look around,
   dance, spin, kneel, stretch, celebrate. Each is a short keyed motion on top of rest,
   scaled to any frame count.
2. Verbs that name a template of the subject's body plan (:data:`VERBS`: "run" is a run
   cycle, "slash" an attack, "die" a death) pick that template.
3. Otherwise the sentence-embedding model compares the action with every template's
   ``about`` sentence for the plan; below :data:`FLOOR` the subject breathes idly (and
   the result says so).

The motion is re-timed to the requested frame count (templates are continuous in time),
so a v3 animation of 4 to 16 frames can use any template.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pixelkiln.engine.reader import PhraseTable, get_reader
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Key, Motion, keyed
from pixelkiln.engine.subjects.motion.templates import templates_for

__all__ = ["FLOOR", "GESTURES", "VERBS", "ActionReading", "motion_from_text"]

FLOOR = 0.32

A3 = tuple[float, float, float]


def _arm(side: str, swing=0.0, out=0.0, twist=0.0, elbow=0.0) -> dict[str, A3]:
    sign = -1.0 if side == "r" else 1.0
    return {
        f"{side}_shoulder": (swing, out * sign, twist * sign),
        f"{side}_elbow": (elbow, 0.0, 0.0),
    }


def _m(*parts: dict[str, A3]) -> dict[str, A3]:
    out: dict[str, A3] = {}
    for p in parts:
        out.update(p)
    return out


def _head(nod=0.0, turn=0.0, tilt=0.0) -> dict[str, A3]:
    return {
        "neck": (-nod * 0.5, tilt * 0.5, turn * 0.5),
        "head": (-nod * 0.5, tilt * 0.5, turn * 0.5),
    }


def _body(lean=0.0, turn=0.0) -> dict[str, A3]:
    return {"spine": (-lean * 0.45, 0.0, turn * 0.4), "chest": (-lean * 0.55, 0.0, turn * 0.6)}


# Gestures for bipeds: keys (t, angles[, root z as a share of height]).
def _wave() -> list[Key]:
    up = _arm("r", 20, 110, 0, 40)
    return [
        Key(0.0),
        Key(0.2, up),
        Key(0.4, _arm("r", 20, 118, 0, 70)),
        Key(0.6, up),
        Key(0.8, _arm("r", 20, 118, 0, 70)),
        Key(1.0),
    ]


def _nod() -> list[Key]:
    return [Key(0.0), Key(0.25, _head(18)), Key(0.5, _head(-4)), Key(0.75, _head(16)), Key(1.0)]


def _shake() -> list[Key]:
    return [
        Key(0.0),
        Key(0.25, _head(0, 30)),
        Key(0.5, _head(0, -30)),
        Key(0.75, _head(0, 25)),
        Key(1.0),
    ]


def _bow() -> list[Key]:
    deep = _m(_body(40), _head(10), _arm("r", 40, 0, 0, 80), _arm("l", -10, 5, 0, 10))
    return [Key(0.0), Key(0.35, deep), Key(0.6, deep), Key(1.0)]


def _cheer() -> list[Key]:
    up = _m(_arm("l", 160, 30, 0, 10), _arm("r", 160, 30, 0, 10), _head(-10))
    return [
        Key(0.0),
        Key(0.25, up, root=(0, 0, 0.04)),
        Key(0.5, _m(_arm("l", 140, 40, 0, 40), _arm("r", 140, 40, 0, 40))),
        Key(0.75, up, root=(0, 0, 0.04)),
        Key(1.0),
    ]


def _clap() -> list[Key]:
    open_ = _m(_arm("l", 70, 30, 0, 80), _arm("r", 70, 30, 0, 80))
    shut = _m(_arm("l", 75, -5, 0, 70), _arm("r", 75, -5, 0, 70))
    return [Key(0.0), Key(0.2, open_), Key(0.35, shut), Key(0.55, open_), Key(0.7, shut), Key(1.0)]


def _point() -> list[Key]:
    aim = _m(_arm("r", 90, 5, 0, 0), _head(-4))
    return [Key(0.0), Key(0.3, aim), Key(0.7, aim), Key(1.0)]


def _salute() -> list[Key]:
    s = _m(_arm("r", 40, 60, -30, 140))
    return [Key(0.0), Key(0.3, s), Key(0.7, s), Key(1.0)]


def _shrug() -> list[Key]:
    s = _m(_arm("l", 20, 35, 0, 80), _arm("r", 20, 35, 0, 80), _head(0, 0, 10))
    return [Key(0.0), Key(0.4, s, root=(0, 0, 0.02)), Key(0.6, s, root=(0, 0, 0.02)), Key(1.0)]


def _look_around() -> list[Key]:
    return [
        Key(0.0),
        Key(0.25, _m(_head(0, 50), _body(0, 15))),
        Key(0.6, _m(_head(0, -50), _body(0, -15))),
        Key(1.0),
    ]


def _dance() -> list[Key]:
    a = _m(_arm("l", 120, 40, 0, 60), _arm("r", 30, 30, 0, 90), _body(0, 15))
    b = _m(_arm("l", 30, 30, 0, 90), _arm("r", 120, 40, 0, 60), _body(0, -15))
    return [
        Key(0.0),
        Key(0.25, a, root=(0, 0, -0.03)),
        Key(0.5, b),
        Key(0.75, a, root=(0, 0, -0.03)),
        Key(1.0),
    ]


def _spin() -> list[Key]:
    arms = _m(_arm("l", 10, 70, 0, 10), _arm("r", 10, 70, 0, 10))
    return [
        Key(0.0),
        Key(0.33, arms, root_angles=(0, 0, 120)),
        Key(0.66, arms, root_angles=(0, 0, 240)),
        Key(1.0, root_angles=(0, 0, 360)),
    ]


def _kneel() -> list[Key]:
    k = _m(_body(15), _head(12))
    feet = {"r_ankle": (0.0, 0.1, 0.0)}
    return [
        Key(0.0),
        Key(0.5, k, root=(0, 0, -0.12), feet=feet),
        Key(1.0, k, root=(0, 0, -0.12), feet=feet),
    ]


def _stretch() -> list[Key]:
    s = _m(_arm("l", 170, 20, 0, 0), _arm("r", 170, 20, 0, 0), _body(-10), _head(-15))
    return [Key(0.0), Key(0.45, s, root=(0, 0, 0.02)), Key(0.6, s, root=(0, 0, 0.02)), Key(1.0)]


@dataclass(frozen=True)
class _Gesture:
    keys: Callable[[], list[Key]]
    words: tuple[str, ...]
    loop: bool = False
    returns: bool = True


GESTURES: dict[str, _Gesture] = {
    "wave": _Gesture(_wave, ("wave", "waving", "greet", "hello", "goodbye", "bye")),
    "nod": _Gesture(_nod, ("nod", "nodding", "agree", "yes")),
    "shake head": _Gesture(
        _shake,
        ("shake head", "shake his head", "shake her head", "shaking head", "disagree", "no no"),
    ),
    "bow": _Gesture(_bow, ("bow", "bowing", "curtsy", "polite")),
    "cheer": _Gesture(
        _cheer, ("cheer", "cheering", "celebrate", "victory", "hooray", "yay", "win")
    ),
    "clap": _Gesture(_clap, ("clap", "clapping", "applaud", "applause")),
    "point": _Gesture(_point, ("point", "pointing", "aim")),
    "salute": _Gesture(_salute, ("salute", "saluting")),
    "shrug": _Gesture(_shrug, ("shrug", "shrugging", "dunno")),
    "look around": _Gesture(
        _look_around, ("look around", "looking around", "search", "searching", "scan")
    ),
    "dance": _Gesture(_dance, ("dance", "dancing", "groove", "party"), loop=True),
    "spin": _Gesture(_spin, ("spin", "spinning", "twirl", "pirouette")),
    "kneel": _Gesture(_kneel, ("kneel", "kneeling", "pray", "praying"), returns=False),
    "stretch": _Gesture(_stretch, ("stretch", "stretching", "yawn")),
}

#: Verbs that name a template (per plan, the first id the plan has is used).
VERBS: dict[str, tuple[str, ...]] = {
    "walk": ("walk", "walking-8-frames", "walk-8-frames"),
    "stroll": ("walking-3", "walk", "walk-6-frames"),
    "march": ("walking-7", "walk"),
    "sneak": ("crouched-walking", "sneaking", "walk"),
    "creep": ("crouched-walking", "sneaking"),
    "run": ("running-8-frames", "running-6-frames"),
    "sprint": ("running-8-frames", "running-6-frames"),
    "jog": ("running-6-frames", "slow-run", "running-6-frames"),
    "jump": ("jumping-1", "jump", "two-footed-jump"),
    "leap": ("running-jump", "jump"),
    "hop": ("two-footed-jump", "jump"),
    "punch": ("cross-punch", "attack"),
    "jab": ("lead-jab",),
    "uppercut": ("surprise-uppercut",),
    "kick": ("high-kick", "attack"),
    "attack": ("attack",),
    "strike": ("attack",),
    "slash": ("attack",),
    "swing": ("attack",),
    "stab": ("attack",),
    "chop": ("attack",),
    "shoot": ("attack",),
    "bite": ("attack", "attack-left"),
    "cast": ("fireball", "attack"),
    "fireball": ("fireball",),
    "spell": ("fireball", "attack"),
    "die": ("falling-back-death", "dying", "death"),
    "death": ("falling-back-death", "dying", "death"),
    "dying": ("falling-back-death", "dying", "death"),
    "fall": ("falling-back-death", "dying", "lie-down"),
    "hurt": ("taking-punch", "hit-left", "hurt"),
    "hit": ("taking-punch", "hit-left", "hurt"),
    "flinch": ("taking-punch", "hurt"),
    "idle": ("breathing-idle", "idle"),
    "breathe": ("breathing-idle", "idle"),
    "stand": ("breathing-idle", "idle", "standing"),
    "wait": ("breathing-idle", "idle"),
    "drink": ("drinking",),
    "eat": ("eating", "drinking"),
    "pick": ("picking-up",),
    "grab": ("picking-up",),
    "push": ("pushing",),
    "pull": ("pull-heavy-object",),
    "drag": ("pull-heavy-object",),
    "throw": ("throw-object",),
    "toss": ("throw-object",),
    "angry": ("angry",),
    "rage": ("angry",),
    "crouch": ("crouching", "sneaking"),
    "duck": ("crouching",),
    "backflip": ("backflip",),
    "flip": ("front-flip", "backflip"),
    "somersault": ("front-flip",),
    "slide": ("running-slide",),
    "get up": ("getting-up", "stand-up", "waking-getting-up"),
    "stand up": ("getting-up", "stand-up", "standing-up"),
    "sit": ("sitting", "idle-sitting", "sitting-down"),
    "sleep": ("sleep-cycle", "going-to-sleep", "start-sleep"),
    "bark": ("bark",),
    "fly": ("fly",),
    "slither": ("slither",),
    "sad": ("sad-walk",),
    "fight": ("fight-stance-idle-8-frames", "attack"),
}


@dataclass(frozen=True)
class ActionReading:
    """How an action was read: the chosen gesture or template, how, and its score."""

    action: str
    kind: str  # gesture | template | embedding | default
    score: float


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z]+", text.lower())) + " "


def _gesture_motion(model: Model, name: str, frames: int) -> Motion:
    """A gesture on ``model``: root and foot offsets are written as shares of its height."""
    g = GESTURES[name]
    h = model.height
    keys = [
        Key(
            k.t,
            k.angles,
            tuple(v * h for v in k.root),
            k.root_angles,
            {f: (tuple(v * h for v in o) if o is not None else None) for f, o in k.feet.items()},
        )
        for k in g.keys()
    ]
    return Motion(
        name,
        frames,
        g.loop,
        keyed(keys, loop=g.loop),
        returns=g.returns,
        description=f"gesture: {name}",
    )


#: Every template's ``about`` sentence embedded by the full sentence model (rewritten with
#: ``python -m pixelkiln.engine.subjects.phrases``).
ACTION_PHRASES = Path(__file__).parent.parent.parent / "data" / "action_phrases.npz"


def action_phrases() -> list[tuple[str, str]]:
    """``(plan:id, sentence)`` of every template of every plan."""
    from pixelkiln.engine.subjects.motion.templates import all_templates

    return [(f"{t.plan}:{t.id}", t.about or t.id.replace("-", " ")) for t in all_templates()]


@lru_cache(maxsize=1)
def _action_table() -> PhraseTable | None:
    reader = get_reader()
    if reader is None:
        return None
    return PhraseTable.build(action_phrases(), reader, cache=ACTION_PHRASES)


def _nearest_template(plan: str, text: str) -> tuple[str, float] | None:
    table = _action_table()
    if table is None:
        return None
    for label, score in table.rank(text):
        if label.startswith(f"{plan}:"):
            return label.partition(":")[2], float(score)
    return None


def motion_from_text(model: Model, text: str, frames: int = 8) -> tuple[Motion, ActionReading]:
    """A motion for a free-text action (see the module docstring)."""
    plan = model.plan if model.kind != "prop" else "prop"
    found = templates_for(plan)
    words = _words(text)
    if model.plan == "mannequin":
        for name, g in GESTURES.items():
            if any(f" {w} " in words for w in g.words):
                return _gesture_motion(model, name, frames), ActionReading(name, "gesture", 1.0)
    for verb, ids in VERBS.items():
        if re.search(rf" {verb}(s|es|ing|ed)? ", words):
            for i in ids:
                if i in found:
                    return found[i].make(model, frames), ActionReading(i, "template", 1.0)
    nearest = _nearest_template(plan, text)
    if nearest is not None and nearest[1] >= FLOOR:
        i, score = nearest
        return found[i].make(model, frames), ActionReading(i, "embedding", score)
    idle = next((i for i in ("breathing-idle", "idle", "idle-long") if i in found), None)
    if idle is None:
        idle = next(iter(sorted(found)))
    return found[idle].make(model, frames), ActionReading(idle, "default", 0.0)
