"""Descriptions read in full, for every family: what was understood and what was not.

:func:`read_description` gives a :class:`Reading` of a description for a family:

- terrain families (``tileset``, ``tile``, ``isometric``): the base material, every
  qualifier with the effect it maps to (:mod:`.effects`, :mod:`.qualifiers`), secondary
  materials from compounds, a described top and a raised side (:mod:`.material`);
- ``ui``: the panel's material and the elements it must contain (:mod:`.elements`);
- ``subject``: the subject reader's own account (:mod:`pixelkiln.engine.subjects.reading`).

:meth:`Reading.as_dict` is what job results carry; :meth:`Reading.lines` what
``pixelkiln read`` prints. The spec a terrain family draws comes from the same reading
(:func:`pixelkiln.engine.text.parse_description`), so what is printed is what is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pixelkiln.engine.reading.elements import ElementReading, read_elements
from pixelkiln.engine.reading.material import MaterialReading, read_material
from pixelkiln.engine.reading.qualifiers import Qualifier

__all__ = [
    "FAMILIES",
    "ElementReading",
    "Family",
    "MaterialReading",
    "Qualifier",
    "Reading",
    "read_description",
    "read_elements",
    "read_material",
]

Family = Literal["tileset", "tile", "isometric", "ui", "subject"]
FAMILIES: tuple[str, ...] = ("tileset", "tile", "isometric", "ui", "subject")


@dataclass(frozen=True)
class Reading:
    """What a description was understood as, for one family."""

    text: str
    family: str
    base: str
    matched_by: str = "lexicon"
    colors: tuple[str, ...] = ()
    qualifiers: tuple[Qualifier, ...] = ()
    effects: tuple[str, ...] = ()
    secondary: tuple[str, ...] = ()
    top: str | None = None
    relief: bool = False
    elements: tuple[tuple[str, int], ...] = ()
    container: str | None = None
    bars: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    extra: dict[str, object] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """The reading as JSON for a job result."""
        out: dict[str, object] = {"family": self.family, "base": self.base}
        if self.family != "ui":
            out["matched_by"] = self.matched_by
            out["colors"] = list(self.colors)
            out["qualifiers"] = [
                {"word": q.word, "effect": q.effect, "via": q.via, "score": q.score}
                for q in self.qualifiers
            ]
            out["effects"] = list(self.effects)
            out["secondary"] = list(self.secondary)
            if self.top:
                out["top"] = self.top
            if self.relief:
                out["relief"] = True
        else:
            out["container"] = self.container
            out["elements"] = [{"kind": k, "count": n} for k, n in self.elements]
            if self.bars:
                out["bars"] = list(self.bars)
        out["not_understood"] = list(self.unread)
        out.update(self.extra)
        return out

    def lines(self) -> list[str]:
        """Human-readable lines, one fact each."""
        out = [f"{self.family}: {self.text!r}", f"  base: {self.base} ({self.matched_by})"]
        if self.colors:
            out.append(f"  colours: {', '.join(self.colors)}")
        for q in self.qualifiers:
            if q.effect:
                out.append(f"  {q.word} -> {q.effect} (by {q.via}, {q.score:.2f})")
            elif q.via == "material":
                out.append(f"  {q.word} -> names the material ({q.score:.2f})")
        if self.effects:
            out.append(f"  effects: {', '.join(self.effects)}")
        if self.secondary:
            out.append(f"  with: {', '.join(self.secondary)}")
        if self.top:
            out.append(f"  top layer: {self.top}")
        if self.relief:
            out.append("  raised side: yes (wall/cliff)")
        if self.container:
            out.append(f"  container: {self.container}")
        for kind, n in self.elements:
            out.append(f"  element: {kind} x{n}")
        if self.bars:
            out.append(f"  bars: {', '.join(self.bars)}")
        for key, value in self.extra.items():
            out.append(f"  {key}: {value}")
        if self.unread:
            out.append(f"  not understood: {', '.join(self.unread)}")
        return out


def _ui(text: str) -> Reading:
    # Imported here: the UI theme reads materials through engine.text, which builds on
    # this package.
    from pixelkiln.engine.ui.theme import _find_material

    body, trim, colors = _find_material(text)
    elements = read_elements(text)
    extra: dict[str, object] = {"trim": trim} if trim else {}
    return Reading(
        text=text,
        family="ui",
        base=body,
        colors=tuple(colors),
        elements=elements.counts,
        container=elements.container,
        bars=elements.bars,
        extra=extra,
    )


def _subject(text: str) -> Reading:
    from pixelkiln.engine.subjects.reading import read_subject

    found = read_subject(text)
    return Reading(
        text=text,
        family="subject",
        base=f"{found.spec.kind}: {found.spec.subject}",
        matched_by=found.matched_by,
        unread=tuple(found.ignored),
        extra={"understood": [f"{w} -> {m}" for w, m in found.understood]},
    )


def read_description(text: str, family: str = "tileset", use_model: bool = True) -> Reading:
    """Read ``text`` for ``family`` (see the module docstring)."""
    if family not in FAMILIES:
        msg = f"unknown family {family!r}; known: {', '.join(FAMILIES)}"
        raise ValueError(msg)
    if family == "ui":
        return _ui(text)
    if family == "subject":
        return _subject(text)
    found = read_material(text, use_model)
    return Reading(
        text=text,
        family=family,
        base=found.base,
        matched_by=found.spec.matched_by,
        colors=found.spec.colors,
        qualifiers=found.qualifiers,
        effects=found.effects,
        secondary=found.secondary,
        top=found.top,
        relief=found.relief,
        unread=found.unread,
    )
