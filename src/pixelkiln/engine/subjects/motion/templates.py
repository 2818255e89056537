"""The registry of animation templates: every ``template_animation_id`` per body plan.

A :class:`Template` says how many frames its id renders (the contract's counts where
known, ``N`` for every ``*-N-frames`` id), whether it loops, whether its frame 0 is the
model's rest pose (every template except held postures: a run's lean, a crouched walk,
a fight stance, sitting and lying idles, whose frame 0 is the posture's own neutral), and
a ``make(model, frames)`` that builds the :class:`~.core.Motion` for a model (a gait
needs the legs' length, a punch the arm's reach).

Plans register their templates from their own modules; :func:`templates_for` loads them
on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Motion

__all__ = [
    "TEMPLATE_MODULES",
    "Template",
    "all_templates",
    "motion_for",
    "register",
    "template",
    "templates_for",
]


@dataclass(frozen=True)
class Template:
    """One template id of one body plan."""

    id: str
    plan: str
    frames: int
    loop: bool
    make: Callable[[Model, int], Motion]
    starts_at_rest: bool = True
    ends_down: bool = False
    about: str = ""  # a plain sentence: what the motion shows (free-text actions match it)
    fixed_frames: bool = True  # template mode ignores a requested frame count


_REGISTRY: dict[str, dict[str, Template]] = {}
#: Modules that register templates when imported (one per body-plan family).
TEMPLATE_MODULES: list[str] = [
    "pixelkiln.engine.subjects.motion.mannequin",
    "pixelkiln.engine.subjects.motion.creatures",
    "pixelkiln.engine.subjects.motion.props",
]
_loaded = False


def register(t: Template) -> Template:
    """Add a template (a second registration of the same plan and id is an error)."""
    plan = _REGISTRY.setdefault(t.plan, {})
    if t.id in plan:
        msg = f"template {t.id!r} of {t.plan!r} is registered twice"
        raise ValueError(msg)
    plan[t.id] = t
    return t


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in TEMPLATE_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise


def all_templates() -> list[Template]:
    """Every template of every plan, plans and ids in a stable order."""
    _load()
    return [_REGISTRY[plan][i] for plan in sorted(_REGISTRY) for i in sorted(_REGISTRY[plan])]


def templates_for(plan: str) -> dict[str, Template]:
    """Every template of a body plan (empty for a plan without any)."""
    _load()
    return dict(_REGISTRY.get(plan, {}))


def template(plan: str, template_id: str) -> Template:
    """One template; ``KeyError`` naming the plan's ids when it has no such id."""
    found = templates_for(plan)
    if template_id not in found:
        known = ", ".join(sorted(found)) or "none"
        msg = f"{plan} has no animation {template_id!r} (it has: {known})"
        raise KeyError(msg)
    return found[template_id]


def motion_for(model: Model, template_id: str, frames: int | None = None) -> Motion:
    """The motion of ``template_id`` for ``model`` (its plan's template)."""
    t = template(model.plan if model.kind != "prop" else "prop", template_id)
    count = t.frames if (frames is None or t.fixed_frames) else frames
    return t.make(model, count)
