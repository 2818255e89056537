"""Conditions any subject can be in: damaged, burning, frozen, glowing.

A condition changes the model, not the pixels, so it holds in every direction and frame:

- ``frozen``: every paint is pulled toward pale ice blue (matte cloth frosts over, metal
  keeps its shine) and icicles hang from the head and arms;
- ``glowing``: paints lighten a step and the outline becomes a bright glow of the main
  hue (pixel art's rim of light, ART.md §1.4: a coloured outline where a part glows);
- ``burning``: flames (glowing cones) rise from the head, shoulders and hands (or a
  prop's top), and the paints are scorched darker;
- ``damaged``: paints are dulled and scuffed, torn patches darken the cloth.

Props handle their own states (open, lit, broken...) when they are built; these four
apply on top, to characters, creatures and props alike.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.subjects.build import capsule
from pixelkiln.engine.subjects.model import Band, Model, Paint, Part

__all__ = ["GENERIC_CONDITIONS", "apply_conditions"]

GENERIC_CONDITIONS = ("damaged", "burning", "frozen", "glowing")
_FLAME = Paint(58, 0.17, 0.8, "glow")
_ICE = Paint(222, 0.06, 0.9, "glass")
_TORN = "torn"


def _frozen(model: Model, seed: int) -> Model:
    paints = {}
    for role, p in model.paints.items():
        if p.finish == "glow":
            paints[role] = p
            continue
        # Frost takes the colour out: every part turns pale ice blue, keeping its
        # lightness order so the figure still reads.
        paints[role] = replace(
            p,
            hue=225.0,
            chroma=min(p.chroma * 0.4, 0.035) + 0.025,
            lightness=float(np.clip(p.lightness + 0.14, 0.3, 0.95)),
        )
    paints["ice"] = _ICE
    parts = list(model.parts)
    rng = make_rng(seed, "condition", "icicles")
    hosts = [
        p
        for p in model.parts
        if p.joint in ("head", "l_elbow", "r_elbow", "chest")
        or (model.kind != "character" and p is model.parts[0])
    ]
    size = model.height * 0.05
    for i, host in enumerate(hosts[:4]):
        parts.append(
            Part(
                name=f"icicle{i}",
                joint=host.joint,
                shape=capsule(size * (1.2 + rng.random()), size * 0.35, size * 0.05),
                role="ice",
                origin=tuple(
                    float(v) for v in np.asarray(host.origin) + rng.normal(0, size * 0.3, 3)
                ),
                axes=((1, 0, 0), (0, -1, 0), (0, 0, -1)),
                group=host.group,
                min_px=1.0,
            )
        )
    return replace(model, paints=paints, parts=tuple(parts))


def _glowing(model: Model, seed: int) -> Model:
    del seed
    paints = {
        r: replace(p, lightness=float(min(0.95, p.lightness + 0.08)))
        for r, p in model.paints.items()
    }
    main = model.paints[model.main_role]
    info = dict(model.info)
    info["outline_paint"] = Paint(main.hue, max(0.12, main.chroma), 0.86, "glow")
    return replace(model, paints=paints, info=info)


def _burning(model: Model, seed: int) -> Model:
    paints = {
        r: replace(p, lightness=max(0.12, p.lightness - 0.06), chroma=p.chroma * 0.85)
        if p.finish != "glow"
        else p
        for r, p in model.paints.items()
    }
    paints["flame"] = _FLAME
    rng = make_rng(seed, "condition", "flames")
    wanted = ("head", "l_shoulder", "r_shoulder", "l_hand", "r_hand")
    joints = [j for j in wanted if j in model.skeleton.names]
    if not joints:
        joints = [model.skeleton.joints[min(1, len(model.skeleton.joints) - 1)].name]
    size = model.height * 0.13
    parts = list(model.parts)
    rest = model.skeleton.rest_positions()
    top = max(float(v[2]) for v in rest.values())
    for i, joint in enumerate(joints):
        lift = size * (1.1 if joint == "head" else 0.4)
        if model.kind == "prop":
            lift = top - float(rest[joint][2]) + size * 0.2
        parts.append(
            Part(
                name=f"flame{i}",
                joint=joint,
                shape=capsule(size * (1.3 + 0.6 * rng.random()), size * 0.5, size * 0.08),
                role="flame",
                origin=(float(rng.normal(0, size * 0.2)), float(rng.normal(0, size * 0.2)), lift),
                group="flames",
                min_px=2.0,
            )
        )
    return replace(model, paints=paints, parts=tuple(parts))


def _damaged(model: Model, seed: int) -> Model:
    rng = make_rng(seed, "condition", "damage")
    paints = {
        r: replace(p, chroma=p.chroma * 0.75, lightness=max(0.12, p.lightness - 0.04))
        if p.finish != "glow"
        else p
        for r, p in model.paints.items()
    }
    base = model.paints[model.main_role]
    paints[_TORN] = Paint(base.hue, base.chroma * 0.5, max(0.14, base.lightness - 0.28))
    parts = []
    for p in model.parts:
        if p.shape.kind in ("ellipsoid", "capsule", "frustum", "box") and rng.random() < 0.45:
            lo = float(rng.uniform(-0.6, 0.5))
            x0 = float(rng.uniform(-0.8, 0.4))
            patch = Band(_TORN, x=(x0, x0 + 0.45), z=(lo, lo + 0.3))
            p = replace(p, bands=(*p.bands, patch))
        parts.append(p)
    return replace(model, paints=paints, parts=tuple(parts))


_APPLY = {"frozen": _frozen, "glowing": _glowing, "burning": _burning, "damaged": _damaged}


def apply_conditions(model: Model, conditions: tuple[str, ...], seed: int = 0) -> Model:
    """The model in every generic condition of ``conditions`` (others are ignored here).

    A condition the model's builder drew itself (a prop's own flames or cracks, listed in
    ``model.info["handled_conditions"]``) is not applied a second time.
    """
    handled = set(model.info.get("handled_conditions", ()))
    for cond in conditions:
        if cond in _APPLY and cond not in handled:
            model = _APPLY[cond](model, seed)
    return model
