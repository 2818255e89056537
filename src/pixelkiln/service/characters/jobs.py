"""The job handlers: a character's rotations, and one direction of an animation.

Payloads are plain JSON written at submission (see :mod:`.create` and :mod:`.animate`);
a handler needs nothing else (an animation carries its character's spec and look, so
any worker draws it, and a character deleted meanwhile simply drops the result).
"""

from __future__ import annotations

import base64
from typing import Any

import numpy as np

from pixelkiln.engine.color import rgb_to_hex
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.sprites.analyse import subject_mask
from pixelkiln.engine.sprites.camera import camera_to_dict
from pixelkiln.engine.subjects.camera import View, view_for
from pixelkiln.engine.subjects.fit import fit_creature as fit_canvas
from pixelkiln.engine.subjects.reading import Reading, edit_subject
from pixelkiln.engine.subjects.subject import Subject, build_model
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.characters import build
from pixelkiln.service.characters.render import draw_animation, draw_rotations
from pixelkiln.service.subjects.drawing import subject_from

__all__ = ["run_character", "run_character_animation"]


def _reference_directions(
    payload: dict[str, Any], canvas: tuple[int, int]
) -> tuple[dict[str, np.ndarray], dict[str, bytes]]:
    """Reference pixels on the canvas by direction, and the files they are stored as."""
    placed: dict[str, np.ndarray] = {}
    files: dict[str, bytes] = {}
    exact = payload.get("reference")
    if exact:
        rgba = build.decode_image_field(exact)
        placed["south"] = rgba
        files["rotations/south"] = build.png_of_reference(exact)
    for direction, b64 in (payload.get("references") or {}).items():
        rgba = build.decode_image_field(b64)
        origin = payload["reference_origin"]
        on_canvas = build.place_in_canvas(rgba, canvas, (origin[0], origin[1]))
        placed[direction] = on_canvas
        files[f"rotations/{direction}"] = encode_png(on_canvas)
    return placed, files


def _subject_and_look(
    payload: dict[str, Any], ctx: JobContext
) -> tuple[Subject, dict[str, Any], dict[str, bytes], dict[str, Any]]:
    """The model, the look, files kept from references, and notes for the record."""
    look = dict(payload["look"])
    text, seed = payload["text"], int(payload["seed"])
    template_id = payload.get("template_id") or "mannequin"
    view = look.get("view", "low top-down")
    notes: dict[str, Any] = {}
    if payload.get("state"):
        state = payload["state"]
        source = subject_from(state["spec"])
        reading = edit_subject(source.spec, state["edit"])
        subject = Subject(reading.spec, build_model(reading.spec), reading)
        notes["edit"] = reading.to_dict()
        return subject, look, {}, notes
    if payload.get("source_key"):  # a paid Pro Flash image: the exact south sprite
        png = ctx.read_blob(payload["source_key"])
        payload = {**payload, "reference": base64.b64encode(png).decode()}
    canvas = (int(payload["canvas"][0]), int(payload["canvas"][1]))
    placed, kept = _reference_directions(payload, canvas)
    if "south" in placed:
        south = placed["south"]
        subject, fitted = build.fit_reference(
            south, template_id, text, seed, view, look.get("detail", "medium detail")
        )
        # The palette of the drawn directions: the references' own subject colours.
        pixels = np.concatenate([p.reshape(-1, 4) for p in placed.values()])[None]
        masks = np.concatenate([subject_mask(p)[0].reshape(-1) for p in placed.values()])[None]
        palette = build.reference_palette(pixels, masks, seed)
        look = build.fitted_look(look, fitted, palette)
        notes["fit"] = fitted.report()
        return subject, look, kept, notes
    subject = build.subject_from_text(
        text, seed, template_id, payload.get("proportions"), int(payload.get("canvas_class", 64))
    )
    if payload.get("concept"):
        rgba = build.decode_image_field(payload["concept"])
        step = max(1, max(rgba.shape[:2]) // 256)
        small = rgba[::step, ::step]
        mask, _ = subject_mask(small)
        colours = build.commonest_colours(small[mask][None], 4)
        subject = build.repaint(subject, colours)
        notes["concept_colours"] = [rgb_to_hex(c) for c in colours]
    if payload.get("repaint"):
        colours = [tuple(int(h[i : i + 2], 16) for i in (1, 3, 5)) for h in payload["repaint"]]
        subject = build.repaint(subject, colours)  # type: ignore[arg-type]
    if payload.get("own_canvas"):
        # Pro Flash draws on image_size itself, with a margin for motion inside it.
        w, h = canvas
        margin = max(4, round(0.2 * min(w, h)) // 2 * 2)
        model = subject.model
        cam = fit_canvas(model, (w - margin, h - margin), _view(look), None, margin)
        look["camera"] = camera_to_dict(cam)
    return subject, look, kept, notes


def _view(look: dict[str, Any]) -> View:
    return view_for(look.get("view", "low top-down"), bool(look.get("isometric")))


def run_character(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Draw a character's rotations (every direction it has)."""
    ctx.progress(0.05)
    subject, look, kept, notes = _subject_and_look(payload, ctx)
    ctx.progress(0.4)
    directions = list(payload["directions"])
    files, record = draw_rotations(subject, look, directions)
    files.update(kept)
    record.update(notes)
    record["kept_directions"] = sorted(d.split("/", 1)[1] for d in kept)
    if payload.get("billing_stages") is not None:
        record["billing_stages"] = payload["billing_stages"]
    reading = subject.reading
    if isinstance(reading, Reading):
        record["reading"] = reading.to_dict()
    last: dict[str, Any] = {
        "status": "completed",
        "character_id": ctx.asset_id,
        "character_name": payload.get("name"),
        "character_prompt": payload["text"],
        "directions_count": len(directions),
        "directions_type": f"{len(directions)}-directions",
        "saved_to_storage": True,
        "uploaded_directions": directions,
    }
    if payload.get("billing_stages") is not None:
        stages = payload["billing_stages"]
        last["billing_stages"] = stages
        last["usage"] = {
            "type": "generations",
            "generations": float(sum(s["generations"] for s in stages)),
        }
    return JobOutput(result=record, files=files, last_response=last)


def run_character_animation(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Draw one direction of an animation of a character."""
    ctx.progress(0.05)
    subject = subject_from(payload["spec"])
    look = payload["look"]
    direction = payload["direction"]
    first = payload.get("start_frame")
    first_png = build.png_of_reference(first) if first else None
    if first_png is None and payload.get("keep_first_frame") and payload.get("rotation_key"):
        first_png = ctx.read_blob(payload["rotation_key"])
    last = payload.get("end_frame")
    out = draw_animation(
        subject,
        look,
        direction,
        payload["mode"],
        template_id=payload.get("template_animation_id"),
        action=payload.get("action"),
        frame_count=int(payload.get("frame_count") or 8),
        keep_first=bool(payload.get("keep_first_frame")),
        first_png=first_png,
        last_png=build.png_of_reference(last) if last else None,
        seed=int(payload.get("seed") or 0),
    )
    record = {
        **out.record,
        "animation_type": payload["animation_type"],
        "display_name": payload.get("display_name"),
        "character_id": payload["character_id"],
    }
    return JobOutput(
        result=record,
        files=out.files,
        last_response={
            "status": "completed",
            "character_id": payload["character_id"],
            "animation_group_id": payload["animation_group_id"],
            "animation_type": payload["animation_type"],
            "direction": direction,
            "frame_count": len(out.files),
        },
    )
