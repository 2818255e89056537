"""Edits from an instruction.

Two ways, chosen by where the image came from:

- **An image the service drew** (recognised by :func:`~pixelkiln.service.provenance.find_drawn`:
  a character's rotation, an object's view) is edited through its stored model: the
  instruction is read against the spec (:func:`~pixelkiln.engine.subjects.reading.edit_subject`:
  parts recoloured, items added or removed, conditions set) and the subject is drawn
  again with the same look, so what the edit does not name comes out identical. At a new
  canvas it is drawn again at that size (a re-render, not a rescale).
- **Any other image**: the instruction is applied to its pixels over the parts the
  sprite analysis finds (:mod:`pixelkiln.engine.edits`: hair, face, shirt, cape, legs,
  feet); an added item is drawn by the subject engine and put at the fitted model's hand
  keypoint (a hat on its head); a held item found beside the body is removed, a removed
  part filled from the figure's other pixels. Unnamed pixels stay byte for byte. A new canvas
  is a nearest-neighbour resize, except for ``edit-image-pixen``, which re-renders a
  figure through a model fitted to it (:mod:`pixelkiln.engine.sprites.fit`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pixelkiln.engine.edits import apply_edit, read_instruction
from pixelkiln.engine.edits.items import add_and_remove
from pixelkiln.engine.edits.pixels import subject_parts
from pixelkiln.engine.images.generate import exact_palette
from pixelkiln.engine.subjects.reading import edit_subject
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.subject import Subject
from pixelkiln.service.images.common import resized
from pixelkiln.service.objects.draw import draw_stills

__all__ = ["edit_image", "fit_into"]


def _direction(file: str) -> str:
    name = file.rsplit("/", 1)[-1]
    return "south" if name in ("unknown", "image") else name


def _through_model(
    drawn: dict[str, Any], instruction: str, size: tuple[int, int] | None
) -> tuple[np.ndarray, dict[str, object]] | None:
    """Redraw a recognised image with the edit applied to its model (None: no model)."""
    record = drawn.get("result") or {}
    model = record.get("model")
    if not isinstance(model, dict):  # one of several candidates: its own model
        model = (record.get("models") or {}).get(str(drawn.get("file", "")))
    if isinstance(model, dict):
        return _through_image_model(drawn, model, instruction, size)
    if "spec" not in record or "look" not in record:
        return None
    spec = SubjectSpec.from_dict(record["spec"])
    reading = edit_subject(spec, instruction)
    look = dict(record["look"])
    if size is not None:
        look = {**look, "image_size": [size[0], size[1]]}
        look.pop("placement", None)
    direction = _direction(str(drawn.get("file", "south")))
    subject = Subject.from_spec(reading.spec)
    picture = draw_stills(subject, look, [direction])[direction]
    rgba = picture.rgba()
    if size is not None and rgba.shape[:2] != (size[1], size[0]):
        rgba = fit_into(rgba, size)
    how = {
        "edited_through": "model",
        "asset_id": drawn.get("asset_id"),
        "reading": reading.to_dict(),
    }
    return rgba, how


def _through_image_model(
    drawn: dict[str, Any], model: dict[str, Any], instruction: str, size: tuple[int, int] | None
) -> tuple[np.ndarray, dict[str, object]]:
    """A generated image drawn again from its stored ask with the edited subject."""
    from dataclasses import replace

    from pixelkiln.engine.images.generate import ask_from_json, draw_image

    ask = ask_from_json(model["ask"])
    if size is not None:
        ask = replace(ask, width=size[0], height=size[1])
    reading = edit_subject(SubjectSpec.from_dict(model["spec"]), instruction)
    picture = draw_image(ask, Subject.from_spec(reading.spec))
    how = {
        "edited_through": "model",
        "asset_id": drawn.get("asset_id"),
        "reading": reading.to_dict(),
    }
    return picture.rgba, how


def fit_into(rgba: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``rgba`` centred on a ``size`` canvas (cropped or padded, never scaled)."""
    w, h = size
    out = np.zeros((h, w, 4), np.uint8)
    sh, sw = rgba.shape[:2]
    y0, x0 = (h - sh) // 2, (w - sw) // 2
    ys0, xs0, ys1, xs1 = max(0, y0), max(0, x0), min(h, y0 + sh), min(w, x0 + sw)
    out[ys0:ys1, xs0:xs1] = rgba[ys0 - y0 : ys1 - y0, xs0 - x0 : xs1 - x0]
    return out


def edit_image(
    rgba: np.ndarray,
    instruction: str,
    seed: int,
    drawn: dict[str, Any] | None = None,
    size: tuple[int, int] | None = None,
    rerender: bool = False,
    palette: np.ndarray | None = None,
    no_background: bool = False,
) -> tuple[np.ndarray, dict[str, object]]:
    """``rgba`` edited by ``instruction`` onto a ``size`` canvas (see the module doc)."""
    target = size if size is not None and size != (rgba.shape[1], rgba.shape[0]) else None
    done = (
        _through_model(drawn, instruction, target if rerender or target else None)
        if drawn
        else None
    )
    if done is not None:
        out, how = done
    else:
        ops = read_instruction(instruction)
        if rerender and target is not None:
            out, how = _rerender(rgba, instruction, seed, target)
        else:
            edited = apply_edit(rgba, instruction, seed, ops)
            out = edited.rgba
            placed = add_and_remove(out, ops, seed, edited.notes)
            how = {"edited_through": "pixels", **edited.to_dict(), **placed}
            if not ops:
                how["notes"] = ["nothing to change was understood", *edited.notes]
            if target is not None:
                out = resized(out, *target)
    if no_background:
        mask, _, _ = subject_parts(out)
        out = out.copy()
        out[~mask] = 0
    if palette is not None and len(palette):
        out = exact_palette(out, palette)
    how["changed_pixels"] = int((out != resized(rgba, out.shape[1], out.shape[0])).any(-1).sum())
    return out, how


def _rerender(
    rgba: np.ndarray, instruction: str, seed: int, size: tuple[int, int]
) -> tuple[np.ndarray, dict[str, object]]:
    """A figure drawn again at ``size`` through a model fitted to it (pixen)."""
    from pixelkiln.engine.sprites.fit import fit_character
    from pixelkiln.service.subjects.drawing import look_params

    try:
        fitted = fit_character(rgba, seed=seed)
    except Exception:
        edited = apply_edit(rgba, instruction, seed)
        return resized(edited.rgba, *size), {
            "edited_through": "pixels",
            **edited.to_dict(),
            "notes": ["no figure to fit: the edited image was resized"],
        }
    reading = edit_subject(fitted.spec, instruction)
    look = look_params(
        size,
        view="low top-down",
        outline=fitted.style.outline,
        shading=fitted.style.shading,
        detail=fitted.style.detail,
        canvas="object",
    )
    picture = draw_stills(Subject.from_spec(reading.spec), look, ["south"])["south"]
    return picture.rgba(), {
        "edited_through": "fitted model",
        "fit_overlap": round(float(fitted.iou), 3),
        "reading": reading.to_dict(),
    }
