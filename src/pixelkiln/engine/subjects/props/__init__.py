"""Props: furniture, containers, lights, plants, structures, treasure and sci-fi objects.

Each kind is a parametric generator registered in :data:`PROP_KINDS` by its family
module (one module per family). A prop is read from a description in two steps the
reader drives: :func:`prop_spec` draws the kind's variant numbers from a seed and applies
colour and material words to the kind's paint roles, giving a plain
:class:`~pixelkiln.engine.subjects.spec.SubjectSpec`; :func:`build_prop` builds the model
from that spec alone (the same spec always builds the same model).

Routing words to roles: every :class:`PropKind` lists its ``roles`` (a chest's ``body``,
``bands``, ``lock``, ``contents``) and its ``main_role``, which takes a colour said of the
whole prop ("a red chest"). ``colors`` and ``materials`` accept a role name, ``"*"`` for
the main role, and ``"body"`` for the main role of kinds that have no ``body`` role.

Conditions (``spec.conditions``) a kind supports are in :attr:`PropKind.conditions`:
``open``/``closed``, ``lit``/``unlit``, ``full``/``empty``, ``damaged``, ``broken``,
``snowy``, ``burning``; others are ignored here (the lead's generic ones, such as frozen
or glowing, are applied elsewhere). The motions a kind supports are in
:attr:`PropKind.motions` (templates in :mod:`pixelkiln.engine.subjects.motion.props`).
"""

from __future__ import annotations

from collections.abc import Mapping

from pixelkiln.engine.subjects.colors import MATERIAL_PAINTS, MATERIAL_WORDS, paint_for_color
from pixelkiln.engine.subjects.model import Model, Paint
from pixelkiln.engine.subjects.props import (  # noqa: F401  (each registers its kinds)
    containers,
    displays,
    furniture,
    lights,
    nature,
    scifi,
    structures,
    treasure,
)
from pixelkiln.engine.subjects.props.base import KINDS, Kit, PropKind
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["PROP_KINDS", "Kit", "PropKind", "build_prop", "prop_kind", "prop_spec"]

#: Every prop kind by name.
PROP_KINDS: dict[str, PropKind] = KINDS


def prop_kind(name: str) -> PropKind:
    """The kind called ``name`` (``ValueError`` naming the known kinds otherwise)."""
    try:
        return PROP_KINDS[name]
    except KeyError:
        known = ", ".join(sorted(PROP_KINDS))
        msg = f"unknown prop kind {name!r}; known kinds: {known}"
        raise ValueError(msg) from None


def _role(kind: PropKind, key: str) -> str:
    if key in kind.roles:
        return key
    if key in ("*", "main", "body", "all", ""):
        return kind.main_role
    msg = f"{kind.name} has no role {key!r}; its roles are {', '.join(kind.roles)}"
    raise ValueError(msg)


def _material(word: str) -> Paint:
    key = MATERIAL_WORDS.get(word, word)
    if key not in MATERIAL_PAINTS:
        msg = f"unknown material {word!r}"
        raise ValueError(msg)
    return MATERIAL_PAINTS[key]


def prop_spec(
    kind: str,
    seed: int,
    text: str = "",
    colors: Mapping[str, str] | None = None,
    materials: Mapping[str, str] | None = None,
    conditions: tuple[str, ...] = (),
) -> SubjectSpec:
    """The spec of a ``kind`` prop for ``seed``: variant numbers and paints.

    ``materials`` (role -> material word) are applied first, then ``colors`` (role ->
    colour word) keeping the finish of what they colour, so "a golden chest" and "a red
    iron chest" both read.
    """
    pk = prop_kind(kind)
    paints: dict[str, Paint] = dict(pk.paints)
    for key, word in (materials or {}).items():
        paints[_role(pk, key)] = _material(word)
    for key, word in (colors or {}).items():
        role = _role(pk, key)
        paints[role] = paint_for_color(word, paints[role])
    params = pk.params_for(seed)
    for role in {*(materials or {}), *(colors or {})}:
        if isinstance(params.get(role), bool):
            params[role] = True  # a part the description paints is drawn ("a red roof")
    return SubjectSpec(
        kind="prop",
        subject=kind,
        plan=kind,
        paints=paints,
        params=params,
        conditions=tuple(conditions),
        seed=int(seed),
        text=text,
    )


def build_prop(spec: SubjectSpec) -> Model:
    """The model of a prop spec (deterministic: the same spec builds the same model)."""
    if spec.kind != "prop":
        msg = f"build_prop needs a prop spec; got kind {spec.kind!r}"
        raise ValueError(msg)
    return prop_kind(spec.plan).build(spec)
