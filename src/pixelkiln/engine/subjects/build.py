"""A small builder that body plans, outfits, items and props write models with.

It keeps the joints' rest positions as it goes, so a limb can be laid from a joint to
its child (:meth:`Builder.limb`), an item can be placed in a hand, and a part can be
removed or re-painted by name before the model is frozen.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pixelkiln.engine.subjects.model import Band, Leg, Model, Paint, Part, Stamp, aim
from pixelkiln.engine.subjects.rig import Joint, Pose, Skeleton
from pixelkiln.engine.subjects.shapes import Shape

__all__ = ["Builder", "box", "capsule", "ellipsoid", "frustum"]


def ellipsoid(rx: float, ry: float, rz: float, **kw) -> Shape:
    return Shape("ellipsoid", (rx, ry, rz), **kw)


def capsule(length: float, r0: float, r1: float | None = None, **kw) -> Shape:
    return Shape("capsule", (length, r0, r0 if r1 is None else r1), **kw)


def frustum(
    length: float, r0: float, r1: float | None = None, sx: float = 1.0, sy: float = 1.0, **kw
) -> Shape:
    return Shape("frustum", (length, r0, r0 if r1 is None else r1, sx, sy), **kw)


def box(hx: float, hy: float, hz: float, **kw) -> Shape:
    return Shape("box", (hx, hy, hz), **kw)


class Builder:
    """Accumulates joints, parts, paints, stamps and keypoints; :meth:`model` freezes."""

    def __init__(self, kind: str, plan: str) -> None:
        self.kind = kind
        self.plan = plan
        self.joints: list[Joint] = []
        self.at: dict[str, np.ndarray] = {}
        self.parts: list[Part] = []
        self.paints: dict[str, Paint] = {}
        self.stamps: list[Stamp] = []
        self.keypoints: dict[str, tuple[str, tuple[float, float, float]]] = {}
        self.legs: list[Leg] = []
        self.info: dict[str, object] = {}
        self.rest: dict[str, tuple[float, float, float]] = {}

    # joints -----------------------------------------------------------------------
    def joint(self, name: str, parent: str | None, offset: Iterable[float]) -> str:
        off = tuple(float(v) for v in offset)
        self.joints.append(Joint(name, parent, off))  # type: ignore[arg-type]
        base = self.at[parent] if parent is not None else np.zeros(3)
        self.at[name] = base + np.array(off)
        return name

    def has_joint(self, name: str) -> bool:
        return name in self.at

    def rest_frame(self, joint: str) -> tuple[np.ndarray, np.ndarray]:
        """World rotation and position of ``joint`` in the rest pose built so far."""
        skeleton = Skeleton(tuple(self.joints))
        pose = Pose.from_angles(self.rest)
        return skeleton.forward(pose)[joint]

    def offset(self, joint: str, child: str) -> np.ndarray:
        """The rest vector from ``joint`` to ``child`` (model axes)."""
        return self.at[child] - self.at[joint]

    # parts ------------------------------------------------------------------------
    def part(
        self,
        name: str,
        joint: str,
        shape: Shape,
        role: str,
        origin: Iterable[float] = (0.0, 0.0, 0.0),
        axes: tuple | None = None,
        group: str = "body",
        bands: Iterable[Band] = (),
        min_px: float = 1.0,
        detail: int = 0,
    ) -> Part:
        p = Part(
            name=name,
            joint=joint,
            shape=shape,
            role=role,
            origin=tuple(float(v) for v in origin),  # type: ignore[arg-type]
            axes=axes if axes is not None else ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
            group=group,
            bands=tuple(bands),
            min_px=min_px,
            detail=detail,
        )
        self.parts.append(p)
        return p

    def limb(
        self,
        name: str,
        joint: str,
        toward: str | Iterable[float],
        r0: float,
        r1: float | None,
        role: str,
        group: str,
        bands: Iterable[Band] = (),
        min_px: float = 2.0,
        extend: float = 0.0,
    ) -> Part:
        """A capsule from ``joint`` to a child joint (or along a vector)."""
        vec = self.offset(joint, toward) if isinstance(toward, str) else np.array(list(toward))
        length = float(np.linalg.norm(vec))
        axes = aim(vec)
        start = -vec / max(length, 1e-9) * extend
        return self.part(
            name,
            joint,
            capsule(length + extend, r0, r1),
            role,
            origin=start,
            axes=axes,
            group=group,
            bands=bands,
            min_px=min_px,
        )

    def remove(self, *names: str) -> None:
        self.parts = [p for p in self.parts if p.name not in names]

    def remove_group(self, group: str) -> None:
        self.parts = [p for p in self.parts if p.group != group]

    def repaint(self, name: str, role: str) -> None:
        self.parts = [
            Part(**{**p.__dict__, "role": role}) if p.name == name else p for p in self.parts
        ]

    def add_bands(self, name: str, *bands: Band) -> None:
        self.parts = [
            Part(**{**p.__dict__, "bands": p.bands + bands}) if p.name == name else p
            for p in self.parts
        ]

    def find(self, name: str) -> Part | None:
        for p in self.parts:
            if p.name == name:
                return p
        return None

    # paint, marks, keypoints -------------------------------------------------------
    def paint(self, role: str, paint: Paint) -> None:
        self.paints[role] = paint

    def stamp(self, stamp: Stamp) -> None:
        self.stamps.append(stamp)

    def keypoint(self, label: str, joint: str, at: Iterable[float] = (0.0, 0.0, 0.0)) -> None:
        self.keypoints[label] = (joint, tuple(float(v) for v in at))  # type: ignore[assignment]

    def model(self, height: float, main_role: str, grid_aligned: bool = False) -> Model:
        used = {p.role for p in self.parts} | {b.role for p in self.parts for b in p.bands}
        used |= {s.role for s in self.stamps}
        missing = sorted(r for r in used if r not in self.paints)
        if missing:
            msg = f"roles without paint: {', '.join(missing)}"
            raise ValueError(msg)
        return Model(
            kind=self.kind,
            plan=self.plan,
            skeleton=Skeleton(tuple(self.joints)),
            parts=tuple(self.parts),
            paints={r: p for r, p in self.paints.items() if r in used},
            height=height,
            stamps=tuple(self.stamps),
            keypoints=dict(self.keypoints),
            grid_aligned=grid_aligned,
            legs=tuple(self.legs),
            main_role=main_role if main_role in used else next(iter(sorted(used))),
            info=dict(self.info),
            rest={k: tuple(float(a) for a in v) for k, v in self.rest.items()},
        )
