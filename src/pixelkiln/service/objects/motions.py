"""Reading an animation description into a motion the object can do.

Props move as props: ``open`` (a chest's lid, a door, a gate, a book), ``flicker`` (a
torch's or campfire's flames), ``wave`` (a flag, a banner), ``sway`` (trees, bushes),
``spin`` (a coin, a key, a gem), ``pulse`` (a crystal, a gem, an altar's glow) and
``idle`` (whatever moves, moving a little). A description is read in this order:

1. prop verbs ("opens", "flickering", "waving in the wind", "spinning", "pulsing"): the
   first motion named that the kind supports; "wind" and "breeze" are a wave for cloth
   and a sway for plants;
2. a verb of figures ("walk", "jump", "attack") on a prop: the prop cannot do it;
3. the engine's reading (:func:`~pixelkiln.engine.subjects.motion.text.motion_from_text`:
   template verbs, then the sentence model over the templates' descriptions);
4. not understood: the kind's own motion (a chest opens, a torch flickers), else idle
   when something on it moves (leaves, flames, cloth, a glow); a prop with nothing that
   moves (a barrel) is a 400 rather than a loop of one picture.

A motion the object cannot do (a chest that sways, an unlit torch that flickers, an open
chest that opens) is a :class:`~pixelkiln.errors.BadRequest` naming what it can do.
Creatures and figures use the engine's reading of their own templates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pixelkiln.engine.subjects.motion.templates import motion_for, templates_for
from pixelkiln.engine.subjects.motion.text import VERBS, motion_from_text
from pixelkiln.engine.subjects.props import PROP_KINDS
from pixelkiln.engine.subjects.subject import Subject
from pixelkiln.errors import BadRequest

__all__ = ["PROP_VERBS", "ReadMotion", "prop_motions", "read_motion"]

#: Words -> the prop motion they name (stems; "-s", "-ing", "-ed" forms match too).
PROP_VERBS: dict[str, tuple[str, ...]] = {
    "open": ("open", "unlock", "lid", "creak", "swing open", "unlatch"),
    "flicker": ("flicker", "flame", "burn", "fire", "blaze", "crackle", "flare"),
    "wave": ("wave", "waving", "flutter", "ripple", "rippling", "flap", "billow", "unfurl"),
    "sway": ("sway", "rustle", "rustling", "bend", "bending", "shake", "shaking", "swing"),
    "spin": ("spin", "spinning", "rotate", "rotating", "turn", "twirl", "revolve", "revolving"),
    "pulse": (
        "pulse",
        "pulsing",
        "pulsate",
        "pulsating",
        "glow",
        "shimmer",
        "throb",
        "sparkle",
        "sparkling",
        "bob",
        "bobbing",
        "float",
        "floating",
        "hover",
        "hovering",
        "shine",
    ),
    "idle": ("idle", "rest", "resting", "still", "calm"),
}
_WIND = ("wind", "windy", "breeze", "breezy", "gust", "blowing", "blown")


@dataclass(frozen=True)
class ReadMotion:
    """A motion an object can do: a template id of its plan, or (figures) a free-text
    action the engine composes; ``how`` says how the description was read."""

    motion: str | None
    action: str | None
    how: str
    about: str


def prop_motions(subject: Subject) -> tuple[str, ...]:
    """The motions a prop can do in its current state (tried, not just listed)."""
    model = subject.model
    if model.kind != "prop":
        return tuple(sorted(templates_for(model.plan)))
    out = []
    # The kind's own motions first; then any other prop motion its state allows (a
    # burning tree's flames flicker).
    order = dict.fromkeys((*PROP_KINDS[model.plan].motions, *templates_for("prop")))
    for mid in order:
        try:
            motion_for(model, mid, 4)
        except ValueError:
            continue
        out.append(mid)
    return tuple(out)


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z]+", text.lower())) + " "


def _said(words: str, stem: str) -> bool:
    return re.search(rf" {re.escape(stem)}(s|es|ing|ed|d)? ", words) is not None


def _cannot(subject: Subject, what: str) -> BadRequest:
    can = ", ".join(prop_motions(subject)) or "nothing"
    return BadRequest(f"A {subject.model.plan} cannot {what}; it can: {can}")


def read_motion(subject: Subject, text: str) -> ReadMotion:
    """The motion ``text`` asks of ``subject`` (see the module docstring)."""
    model = subject.model
    if model.kind != "prop":
        try:
            motion, read = motion_from_text(model, text, 8)
        except ValueError as exc:
            raise BadRequest(f"The {model.plan} cannot do that: {exc}") from None
        templates = templates_for(model.plan)
        if read.action in templates:
            return ReadMotion(read.action, None, read.kind, motion.description)
        return ReadMotion(None, text, read.kind, motion.description)
    can = prop_motions(subject)
    words = _words(text)
    named = [m for m, stems in PROP_VERBS.items() if any(_said(words, s) for s in stems)]
    if any(_said(words, w) for w in _WIND):
        named += [m for m in ("wave", "sway") if m in PROP_KINDS[model.plan].motions]
    for m in named:
        if m in can:
            return ReadMotion(m, None, "prop verb", motion_for(model, m, 4).description)
    if named:
        raise _cannot(subject, named[0])
    for verb in VERBS:
        if _said(words, verb):
            raise _cannot(subject, verb)
    try:
        motion, read = motion_from_text(model, text, 8)
    except ValueError:
        motion, read = None, None
    if read is not None and read.kind != "default" and read.action in can:
        assert motion is not None
        return ReadMotion(read.action, None, read.kind, motion.description)
    own = next((m for m in can if m != "idle"), "idle" if "idle" in can else None)
    still = not any(model.info.get(k) for k in ("flames", "cloth", "sway", "glow"))
    if own is None or (own == "idle" and still):
        # Nothing on it moves: an idle loop would be one picture repeated.
        raise BadRequest(
            f"A {model.plan} cannot do {text.strip()!r}: nothing on it moves "
            f"(it can: {', '.join(can) or 'nothing'}, which holds still)"
        )
    return ReadMotion(own, None, "the kind's own motion", motion_for(model, own, 4).description)
