"""The subject spec: what was understood from a description, as plain versioned data.

A :class:`SubjectSpec` is everything a model is built from; the same spec always builds
the same model, so the service stores the spec with an asset and draws rotations,
states, animations and edits from it rather than from pixels. It is JSON-serialisable
(:meth:`SubjectSpec.to_dict` / :meth:`SubjectSpec.from_dict`) and carries a version.

- ``kind``: ``character`` (a mannequin biped), ``creature`` (another body plan) or
  ``prop``.
- ``subject``: the subject word it was read as (``knight``, ``wolf``, ``chest``).
- ``plan``: the body plan (``mannequin``, ``dog``, ``slime``...) or the prop kind.
- ``paints``: role -> paint (``{"hue", "chroma", "lightness", "finish"}``), after the
  description's colours and materials.
- ``outfit``: slot -> style for characters (``headwear: "wizard hat"``, ``torso: "robe"``).
- ``items``: where -> item kind (``right: "sword"``, ``left: "shield"``, ``back: "quiver"``).
- ``params``: numbers and switches of the plan or prop (proportions, a tree's height, a
  lion's mane); ``conditions``: states such as ``damaged``, ``burning``, ``frozen``,
  ``glowing``, ``open``, ``lit``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pixelkiln.engine.subjects.model import Paint

__all__ = ["SPEC_VERSION", "SubjectSpec"]

SPEC_VERSION = 1


@dataclass(frozen=True)
class SubjectSpec:
    kind: str
    subject: str
    plan: str
    paints: dict[str, Paint] = field(default_factory=dict)
    outfit: dict[str, str] = field(default_factory=dict)
    items: dict[str, str] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    conditions: tuple[str, ...] = ()
    seed: int = 0
    text: str = ""
    version: int = SPEC_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "kind": self.kind,
            "subject": self.subject,
            "plan": self.plan,
            "paints": {k: v.to_dict() for k, v in sorted(self.paints.items())},
            "outfit": dict(sorted(self.outfit.items())),
            "items": dict(sorted(self.items.items())),
            "params": dict(sorted(self.params.items())),
            "conditions": list(self.conditions),
            "seed": self.seed,
            "text": self.text,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SubjectSpec:
        version = int(data.get("version", SPEC_VERSION))
        if version > SPEC_VERSION:
            msg = f"spec version {version} is newer than this engine's ({SPEC_VERSION})"
            raise ValueError(msg)
        return cls(
            kind=data["kind"],
            subject=data["subject"],
            plan=data["plan"],
            paints={k: Paint(**v) for k, v in data.get("paints", {}).items()},
            outfit=dict(data.get("outfit", {})),
            items=dict(data.get("items", {})),
            params=dict(data.get("params", {})),
            conditions=tuple(data.get("conditions", ())),
            seed=int(data.get("seed", 0)),
            text=str(data.get("text", "")),
            version=version,
        )

    def with_paint(self, role: str, paint: Paint) -> SubjectSpec:
        return replace(self, paints={**self.paints, role: paint})
