"""Edits from an instruction.

Two ways, chosen by where the image came from:

- **An image the service drew** (recognised by :func:`~pixelkiln.service.provenance.find_drawn`:
  a character's rotation, an object's view) is edited through its stored model: the
  instruction is read against the spec (:func:`~pixelkiln.engine.subjects.reading.edit_subject`:
  parts recoloured, items added or removed, conditions set) and the subject is drawn
  again with the same look, so what the edit does not name comes out identical. At a new
  canvas it is drawn again at that size (a re-render, not a rescale).
- **Any other image**: the instruction is applied to its pixels over the sprite analysis'
  parts and colour regions (:mod:`pixelkiln.engine.edits`); an added item is drawn by the
  subject engine and put in the figure's hand (a hat on its head); a removed part is
  filled from the figure's other pixels. Unnamed pixels stay byte for byte. A new canvas
  is a nearest-neighbour resize, except for ``edit-image-pixen``, which re-renders a
  figure through a model fitted to it (:mod:`pixelkiln.engine.sprites.fit`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pixelkiln.engine.edits import EditOp, apply_edit, read_instruction
from pixelkiln.engine.edits.pixels import subject_parts
from pixelkiln.engine.images.generate import exact_palette
from pixelkiln.engine.inpaint.synthesis import synthesize
from pixelkiln.engine.subjects.reading import edit_subject
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
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
    if isinstance(record.get("model"), dict):
        return _through_image_model(drawn, record["model"], instruction, size)
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


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    ys, xs = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    if len(ys) == 0:
        return None
    return int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])


def _hat(
    out: np.ndarray, mask: np.ndarray, colour: str | None, head_rows: tuple[int, int]
) -> np.ndarray:
    """A brimmed hat drawn on the head's top rows; returns the pixels it covers."""
    from pixelkiln.engine.wordlists import NAMED_COLORS

    h, w = mask.shape
    top = head_rows[0]
    row = mask[top]
    xs = np.nonzero(mask[top : head_rows[1]].any(0))[0]
    if len(xs) == 0:
        return np.zeros((h, w), bool)
    left, right = int(xs[0]), int(xs[-1])
    head_h = max(3, head_rows[1] - head_rows[0])
    crown_h = max(2, head_h // 2)
    brim_y = min(h - 1, top + max(1, head_h // 3))
    hat = np.zeros((h, w), bool)
    cx0, cx1 = left + max(1, (right - left) // 5), right - max(1, (right - left) // 5)
    y_top = max(0, brim_y - crown_h)
    hat[y_top:brim_y, max(0, cx0) : min(w, cx1 + 1)] = True
    hat[brim_y, max(0, left - 1) : min(w, right + 2)] = True
    word = NAMED_COLORS.get(colour or "", None)
    from pixelkiln.engine.edits.pixels import _rgb

    hue, chroma = (word.hue, word.chroma) if word else (45.0, 0.07)
    ramp = _rgb(np.array([[0.35, chroma, hue], [0.48, chroma, hue], [0.6, chroma, hue]]))
    out[hat] = (*ramp[1], 255)
    out[hat & ~np.vstack([hat[1:], np.zeros((1, w), bool)])] = (*ramp[0], 255)
    out[y_top, max(0, cx0) : min(w, cx1 + 1)] = (*ramp[2], 255)
    ring = _ring(hat)
    out[ring] = (20, 16, 24, 255)
    del row
    return hat | ring


def _ring(m: np.ndarray) -> np.ndarray:
    g = m.copy()
    g[1:] |= m[:-1]
    g[:-1] |= m[1:]
    g[:, 1:] |= m[:, :-1]
    g[:, :-1] |= m[:, 1:]
    return g & ~m


def _held_item(out: np.ndarray, mask: np.ndarray, item: str, seed: int) -> np.ndarray:
    """The item drawn by the subject engine, held at the figure's right side."""
    box = _box(mask)
    h, w = mask.shape
    if box is None:
        return np.zeros((h, w), bool)
    top, bottom, _, right = box
    size = max(8, int((bottom - top + 1) * 0.55))
    subject = Subject.from_text(item, seed=seed)
    look = Look(image_size=(size, size), view="side", canvas="object")
    drawing = draw_subject(subject, look, ["south"])
    sprite = drawing.palette.rgba()[np.asarray(drawing.sprites["south"].index)]
    solid = sprite[..., 3] > 0
    if not solid.any():
        return np.zeros((h, w), bool)
    ys, xs = np.nonzero(solid.any(1))[0], np.nonzero(solid.any(0))[0]
    sprite = sprite[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1]
    sh, sw = sprite.shape[:2]
    hand_y = top + int((bottom - top) * 0.6)
    x0 = min(w - sw, right - sw // 3)
    y0 = hand_y - int(sh * 0.7)
    placed = np.zeros((h, w), bool)
    for yy in range(sh):
        for xx in range(sw):
            y, x = y0 + yy, x0 + xx
            if 0 <= y < h and 0 <= x < w and sprite[yy, xx, 3] > 0:
                out[y, x] = sprite[yy, xx]
                placed[y, x] = True
    return placed


def _add_remove(out: np.ndarray, ops: list[EditOp], seed: int, notes: list[str]) -> None:
    mask, parts, _ = subject_parts(out)
    from pixelkiln.engine.sprites.analyse import analyse_sprite

    for op in ops:
        if op.kind == "add" and op.value:
            if op.region == "head":
                try:
                    a = analyse_sprite(out)
                    rows = (a.box.top, a.neck)
                except Exception:
                    box = _box(mask)
                    rows = (box[0], box[0] + max(3, (box[1] - box[0]) // 4)) if box else (0, 3)
                colour = next(
                    (o.value for o in ops if o.kind == "recolour" and o.part == op.value), None
                )
                _hat(out, mask, colour, rows)
            else:
                if not _held_item(out, mask, op.value, seed).any():
                    notes.append(f"{op.value} could not be drawn")
        elif op.kind == "remove":
            part = parts.get(op.region or "") if op.region else None
            if part is None or not part.any():
                notes.append(f"no {op.value} found to remove")
                continue
            # A part at the silhouette's edge goes (background shows); inside, the
            # figure's own pixels fill it.
            edge = part & _ring(~mask)
            out[edge] = 0
            inner = part & ~edge
            if inner.any():
                filled = synthesize(out, inner, seed, source=mask & ~part)
                out[inner] = filled[inner]


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
            _add_remove(out, ops, seed, edited.notes)
            how = {"edited_through": "pixels", **edited.to_dict()}
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
