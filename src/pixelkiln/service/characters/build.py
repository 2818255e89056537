"""Job-side building of a character: its subject (the model) and its look.

- **From a description**: the subject engine reads it. With a quadruped ``template_id``
  the body plan is the template's (a description that already names that animal keeps
  its reading; otherwise the template's creature in the description's first colour).
  With ``mannequin`` (or Pro Flash's ``custom``) the reading decides: "a slime" is a
  slime, not a slime-person.
- **From a reference sprite**: a model fitted to it (:mod:`pixelkiln.engine.sprites`):
  a biped's proportions and colours, or the template creature's colour and placement;
  the look takes the reference's outline, shading and palette, and the fitted camera.
- **Colour images**: forced (every colour of every direction is one of its colours) or
  not (its commonest colours repaint the clothes, or a creature's body).
"""

from __future__ import annotations

import base64
import re
from dataclasses import replace
from typing import Any

import numpy as np

from pixelkiln.contract.common import Base64Image
from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.palette import palette_from_image, unique_colors
from pixelkiln.engine.sprites.camera import camera_to_dict
from pixelkiln.engine.sprites.fit import FittedSubject, fit_character, fit_creature
from pixelkiln.engine.subjects.colors import COLOR_WORDS, paint_from_rgb
from pixelkiln.engine.subjects.creatures import CREATURE_WORDS, creature_spec
from pixelkiln.engine.subjects.paints import ramp_for
from pixelkiln.engine.subjects.reading import Reading, read_subject
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.subject import Subject, build_model

__all__ = [
    "MAX_PALETTE",
    "QUADRUPEDS",
    "commonest_colours",
    "decode_image_field",
    "fit_reference",
    "fitted_look",
    "image_palette",
    "place_in_canvas",
    "png_of_reference",
    "reference_palette",
    "repaint",
    "subject_from_text",
]

QUADRUPEDS = ("bear", "cat", "dog", "horse", "lion")
#: Most colours a forced palette keeps (k-means picks them from bigger images).
MAX_PALETTE = 32
#: Colours of a reference kept as the palette of the directions drawn from it.
MAX_REFERENCE_PALETTE = 48
_REPAINT_ROLES = ("top", "bottom", "cape", "hat", "shoes")
#: The roles a fit colours from the reference's regions.
_REGION_ROLES = ("skin", "hair", "top", "bottom", "shoes", "body")
_DATA_URI = re.compile(r"^data:[\w/+.-]*(;[\w=.-]+)*;base64,", re.IGNORECASE)


def decode_image_field(b64: str) -> np.ndarray:
    """RGBA pixels of an image the request carried (already validated at submission)."""
    return Base64Image.model_validate({"base64": b64}).pixels


def png_of_reference(b64: str) -> bytes:
    """The reference as stored: the very bytes sent when they are a PNG (so the south
    sprite is the reference byte for byte), else the image re-encoded as PNG."""
    raw = base64.b64decode(re.sub(r"\s+", "", _DATA_URI.sub("", b64.strip(), count=1)))
    if raw[:8] == b"\x89PNG\r\n\x1a\n":
        return raw
    return encode_png(decode_image_field(b64))


def _colour_words(text: str) -> list[str]:
    return [t for t in re.findall(r"[a-z]+", text.lower()) if t in COLOR_WORDS]


def _creature_word(text: str) -> str | None:
    """The first creature word the description names (a lexicon look-up: descriptions
    that name none are not sent to the sentence-embedding reader for this question)."""
    tokens = re.findall(r"[a-z]+(?:-[a-z]+)?", text.lower())
    for n in (2, 1):
        for i in range(len(tokens) - n + 1):
            phrase = " ".join(tokens[i : i + n])
            if phrase in CREATURE_WORDS:
                return phrase
    return None


def subject_from_text(
    text: str,
    seed: int,
    template_id: str = "mannequin",
    proportions: dict[str, Any] | None = None,
    canvas: int = 64,
) -> Subject:
    """The subject a description (and template, and proportions) describes."""
    if template_id in QUADRUPEDS:
        reading = read_subject(text, seed) if _creature_word(text) else None
        if reading is None or reading.spec.kind != "creature" or reading.spec.plan != template_id:
            words = _colour_words(text)
            colours = {"body": words[0]} if words else None
            spec = creature_spec(template_id, seed, text, colors=colours)
            understood = [(template_id, f"template: {template_id} (on all fours)")]
            if words:
                understood.append((words[0], "colour of body"))
            reading = Reading(spec, "template", 1.0, understood, [])
        return Subject(reading.spec, build_model(reading.spec), reading)
    preset, custom = None, None
    if proportions:
        if proportions.get("type") == "preset":
            # "default" leaves the description's proportion words ("chibi", "heroic")
            # in charge, exactly as when no proportions are sent.
            name = str(proportions.get("name", "default"))
            preset = None if name == "default" else name
        else:
            custom = {
                k: float(v)
                for k, v in proportions.items()
                if k in ("arms_length", "head_size", "hip_width", "legs_length", "shoulder_width")
            }
    return Subject.from_text(text, seed, preset, custom, canvas)


def image_palette(pixels: np.ndarray, seed: int, max_colors: int = MAX_PALETTE) -> np.ndarray:
    """An image's colours as a forced palette (k-means picks ``max_colors`` of them)."""
    stride = max(1, int(np.ceil(np.sqrt(pixels.shape[0] * pixels.shape[1] / (512 * 512)))))
    return palette_from_image(pixels[::stride, ::stride], max_colors=max_colors, seed=seed)


def commonest_colours(pixels: np.ndarray, n: int) -> list[tuple[int, int, int]]:
    """Up to ``n`` distinct (ΔEOK 0.1 apart) colours of an image, commonest first."""
    colours, counts = unique_colors(pixels)
    order = np.argsort(-counts, kind="stable")
    out: list[tuple[int, int, int]] = []
    labs: list[np.ndarray] = []
    for i in order:
        lab = srgb_to_oklab(colours[i].astype(np.float64))
        if all(np.linalg.norm(lab - other) >= 0.1 for other in labs):
            out.append((int(colours[i][0]), int(colours[i][1]), int(colours[i][2])))
            labs.append(lab)
            if len(out) == n:
                break
    return out


def repaint(subject: Subject, colours: list[tuple[int, int, int]]) -> Subject:
    """The subject with its clothes (a creature: its body) in ``colours``, in order."""
    spec = subject.spec
    if spec.kind == "character":
        roles = [*spec.params.get("colour_roles", []), *_REPAINT_ROLES]
        roles = [r for i, r in enumerate(roles) if r not in roles[:i] and r in subject.model.paints]
    else:
        roles = ["body"] if "body" in subject.model.paints else []
    paints = dict(spec.paints)
    for role, rgb in zip(roles, colours, strict=False):
        finish = paints[role].finish if role in paints else "matte"
        paints[role] = paint_from_rgb(rgb, finish)
    new = replace(spec, paints=paints)
    return Subject(new, build_model(new), subject.reading)


def place_in_canvas(rgba: np.ndarray, size: tuple[int, int], origin: tuple[int, int]) -> np.ndarray:
    """``rgba`` pasted, pixel for pixel, at ``origin`` (x, y) of a transparent canvas of
    ``size`` (width, height)."""
    canvas = np.zeros((size[1], size[0], 4), np.uint8)
    x, y = origin
    h, w = rgba.shape[:2]
    canvas[y : y + h, x : x + w] = rgba
    return canvas


def fit_reference(
    rgba: np.ndarray,
    template_id: str,
    text: str,
    seed: int,
    view: str,
    detail: str = "medium detail",
) -> tuple[Subject, FittedSubject]:
    """A subject fitted to a south-facing reference on its canvas: a biped's measures, or
    the template creature (or the creature the description names) coloured and placed."""
    base: SubjectSpec | None = None
    if template_id in QUADRUPEDS:
        base = subject_from_text(text, seed, template_id).spec
    elif _creature_word(text):
        reading = read_subject(text, seed)
        if reading.spec.kind == "creature":
            base = reading.spec
    if base is not None:
        fitted = fit_creature(rgba, base, view, detail)
    else:
        fitted = fit_character(rgba, view, seed, text, detail)
    reading = Reading(
        fitted.spec, "fitted", fitted.iou, [("reference image", f"fitted ({fitted.iou:.2f})")], []
    )
    return Subject(fitted.spec, build_model(fitted.spec), reading), fitted


def fitted_look(look: dict[str, Any], fitted: FittedSubject, palette: np.ndarray) -> dict[str, Any]:
    """``look`` with the fitted camera, the reference's style, and its palette extended
    by the shades of the fitted region colours (a reference drawn with few shades has
    none to spare for the light and shadow side of a turned figure; without them a
    near-black outfit would borrow the skin's colour for its highlights)."""
    ramps = [
        ramp_for(fitted.spec.paints[role], fitted.style.tones)
        for role in _REGION_ROLES
        if role in fitted.spec.paints
    ]
    colours = np.concatenate([np.asarray(palette, np.uint8).reshape(-1, 3), *ramps])
    colours = np.unique(colours, axis=0)
    return {
        **look,
        "outline": fitted.style.outline,
        "shading": fitted.style.shading,
        "palette": colours.tolist(),
        "camera": camera_to_dict(fitted.camera),
    }


def reference_palette(rgba: np.ndarray, mask: np.ndarray, seed: int) -> np.ndarray:
    """The colours of a reference's subject (k-means to MAX_REFERENCE_PALETTE if more)."""
    px = rgba.copy()
    px[..., 3] = np.where(mask, 255, 0)
    return palette_from_image(px, max_colors=MAX_REFERENCE_PALETTE, seed=seed)
