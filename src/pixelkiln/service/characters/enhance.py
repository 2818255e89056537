"""Enhanced prompts: the description rewritten to spell out what was understood.

Nothing is invented: the rewrite is the reading of the description (subject, folk and
role, proportions, each garment and its colour, held items, conditions) in plain words,
so a user sees what the engine will draw and can correct the words it ignored. It is
deterministic, and never mentions facing or background (the character is always drawn
in every direction on a transparent canvas).
"""

from __future__ import annotations

from pixelkiln.engine.subjects.motion.text import motion_from_text
from pixelkiln.engine.subjects.subject import Subject

__all__ = ["enhance_action", "enhance_character"]

_SLOT_WORDS = ("headwear", "torso", "legs", "feet", "gloves", "cape", "back", "hair", "beard")


def enhance_character(subject: Subject) -> str:
    """The description as understood (see the module docstring)."""
    spec = subject.spec
    parts: list[str] = []
    head = f"{spec.subject}"
    if spec.kind == "creature":
        head += f", a {spec.plan}-shaped creature"
    elif spec.kind == "prop":
        head += ", an object"
    parts.append(head)
    if spec.kind == "character":
        heads = subject.model.info.get("heads")
        preset = spec.params.get("proportions", "default")
        if heads:
            parts.append(f"{preset} proportions, about {float(heads):.1f} heads tall")
        worn = []
        for slot in _SLOT_WORDS:
            style = spec.outfit.get(slot)
            if style and style not in ("none", "bare"):
                worn.append(f"{style} ({slot})")
        if worn:
            parts.append("wearing " + ", ".join(worn))
        held = [f"{kind} in the {where} hand" for where, kind in sorted(spec.items.items())]
        if held:
            parts.append("holding " + " and ".join(held))
    colours = []
    for words, meaning in subject.reading.understood if subject.reading else []:
        if words and ("colour" in meaning or "(" in meaning):
            colours.append(f"{words}: {meaning}")
    if colours:
        parts.append("; ".join(colours))
    if spec.conditions:
        parts.append("condition: " + ", ".join(spec.conditions))
    return ". ".join(p[0].upper() + p[1:] for p in parts) + "."


def enhance_action(subject: Subject, action: str, frames: int) -> str:
    """An action as it will be animated: what it was read as, and its frames."""
    model = subject.model
    motion, read = motion_from_text(model, action, frames)
    how = {
        "gesture": "a composed gesture",
        "template": "the template its verb names",
        "embedding": f"the nearest template by meaning, {read.score:.2f}",
        "default": "no close match: the idle",
    }.get(read.kind, read.kind)
    return (
        f"{action.strip()}: animated as '{read.action}' ({how}), {motion.frames} frames "
        f"at {motion.fps} fps, {'looping' if motion.loop else 'played once'}."
    )
