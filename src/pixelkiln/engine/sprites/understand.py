"""Understanding any sprite: its body plan, a model fitted to it, its keypoints.

:func:`understand_sprite` is the one entry of the motion tools (rotations, text
animation, interpolation, outfit transfer):

1. **Body plan**: a creature word in the caller's hint ("a wolf", "slime") decides;
   otherwise the silhouette does: a solid dome widest in its lower half is a blob, much
   wider than tall and standing on separate legs a quadruped seen side-on, a figure with
   a head over a neck or shoulders (:mod:`.analyse`) a biped; anything else is a prop.
2. **Fit** (analysis by synthesis): a biped is the mannequin whose render in the given
   direction overlaps the sprite best (:func:`~.fit.fit_character`); a quadruped or a
   blob is its creature coloured and placed on the sprite (:func:`~.fit.fit_creature`).
   A prop has no skeleton: it is turned in the image plane (:mod:`.rotsprite`).
3. **Keypoints** in the contract's 18-label format are the fitted model's, read from
   its render in the given direction (x, y in 0..1 of the canvas).

:func:`keep_palette` maps drawn colours to the sprite's own, so everything the tools
draw from the model carries the sprite's palette and no other colour.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.sprites.analyse import SpriteAnalysis, analyse_sprite, subject_mask
from pixelkiln.engine.sprites.fit import (
    FittedSubject,
    best_shift,
    fit_character,
    fit_creature,
    rest_mask,
)
from pixelkiln.engine.subjects.camera import view_for
from pixelkiln.engine.subjects.creatures import CREATURE_WORDS, creature_spec
from pixelkiln.engine.subjects.fit import extent
from pixelkiln.engine.subjects.paints import build_palette
from pixelkiln.engine.subjects.render import Camera, render
from pixelkiln.engine.subjects.subject import Look, Subject, build_model

__all__ = [
    "PLANS",
    "SpriteModel",
    "guess_plan",
    "keep_palette",
    "sprite_palette",
    "understand_sprite",
]

PLANS = ("biped", "quadruped", "blob", "prop")
#: Creature words whose plan the motion tools draw as a quadruped or a blob.
_QUADRUPED_PLANS = ("dog", "cat", "horse", "bear", "lion")
_BLOB_PLANS = ("slime", "ghost")


@dataclass(frozen=True)
class SpriteModel:
    """A sprite read: plan, direction it faces, the fitted subject (None for a prop),
    and the keypoints of the fit."""

    rgba: np.ndarray
    plan: str
    direction: str
    view: str
    analysis: SpriteAnalysis | None
    fitted: FittedSubject | None
    subject: Subject | None
    keypoints: list[dict[str, Any]]

    @property
    def look(self) -> Look:
        assert self.fitted is not None
        h, w = self.rgba.shape[:2]
        return Look(
            image_size=(w, h),
            view=self.view,
            isometric=False,
            style=self.fitted.style,
            palette=sprite_palette(self.rgba),
            canvas="character",
        )

    def report(self) -> dict[str, Any]:
        out: dict[str, Any] = {"plan": self.plan, "direction": self.direction}
        if self.fitted is not None:
            out["iou"] = round(self.fitted.iou, 4)
            out["subject"] = self.fitted.spec.subject
        return out


def _hint_word(hint: str) -> str | None:
    text = f" {hint.lower()} "
    for word in sorted(CREATURE_WORDS, key=len, reverse=True):
        if f" {word} " in text or f" {word}s " in text or f" {word}," in text:
            return word
    return None


def guess_plan(rgba: np.ndarray, hint: str = "") -> tuple[str, str | None]:
    """The body plan (see the module docstring) and the creature word it came from."""
    word = _hint_word(hint) if hint else None
    if word is not None:
        plan = CREATURE_WORDS[word].plan
        if plan == "mannequin":
            return "biped", word
        if plan in _QUADRUPED_PLANS:
            return "quadruped", word
        if plan in _BLOB_PLANS:
            return "blob", word
    mask, _ = subject_mask(rgba)
    if mask.sum() < 12:
        return "prop", None
    rows, cols = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    h, w = rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1
    box = mask[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    fill = float(box.mean())
    widths = box.sum(1)
    widest = float(np.nonzero(widths >= widths.max() - 1)[0].mean())
    domed = float(widths[: max(1, h // 4)].mean()) <= 0.8 * float(widths.max())
    if fill > 0.62 and widest >= 0.45 * (h - 1) and h <= 1.15 * w and domed:
        return "blob", None
    if w > 1.25 * h and _legs_apart(box):
        return "quadruped", None
    try:
        analysis = analyse_sprite(rgba)
    except ValueError:
        return "prop", None
    tall = analysis.box.height >= 0.96 * max(1, analysis.box.width)
    if analysis.heads >= 1.8 and tall and (analysis.legs_split or _big_head(analysis)):
        return "biped", None
    return "prop", None


def _legs_apart(box: np.ndarray) -> bool:
    """The bottom fifth of the silhouette is split into separate runs (legs), as a
    standing animal's is and a chest's or a log's is not."""
    rows = box[-max(1, box.shape[0] // 5) :].astype(np.int8)
    starts = ((rows[:, 1:] == 1) & (rows[:, :-1] == 0)).sum(1) + rows[:, 0]
    return bool((starts >= 2).mean() >= 0.5)


def _big_head(a: SpriteAnalysis) -> bool:
    """A figure's head: at least about half as wide as its torso (a bottle's neck and
    cork are far narrower than its body), above a neck or shoulders (a barrel's top
    runs straight into its body)."""
    head = a.widths[a.box.top : a.neck]
    stop = a.crotch if a.crotch is not None else a.neck + max(2, (a.feet - a.neck) // 2)
    torso = a.widths[a.neck : stop]
    if not len(head) or not len(torso):
        return False
    head_w, torso_w = float(head.max()), float(torso.max())
    narrows = a.row_width(a.neck) <= 0.9 * head_w  # a neck, or
    shoulders = torso_w >= 1.15 * head_w  # shoulders wider than the head
    return head_w >= 0.45 * torso_w and (narrows or shoulders)


def _side_facing(mask: np.ndarray) -> str:
    """East or west for a side-on sprite: the head end carries more of the top rows."""
    rows = np.nonzero(mask.any(1))[0]
    top = mask[rows[0] : rows[0] + max(1, (rows[-1] - rows[0] + 1) // 2)]
    xs = np.nonzero(top)[1]
    cols = np.nonzero(mask.any(0))[0]
    centre = (cols[0] + cols[-1]) / 2
    return "east" if xs.size and xs.mean() >= centre else "west"


def understand_sprite(
    rgba: np.ndarray,
    direction: str | None = None,
    view: str = "low top-down",
    hint: str = "",
    seed: int = 0,
) -> SpriteModel:
    """Read ``rgba`` (see the module docstring). ``direction`` is the way it faces when
    the caller knows it; otherwise south, or east/west for a side-on quadruped."""
    rgba = np.asarray(rgba, np.uint8)
    plan, word = guess_plan(rgba, hint)
    mask, _ = subject_mask(rgba)
    if direction is None:
        direction = _side_facing(mask) if plan == "quadruped" else "south"
    if plan == "prop":
        return SpriteModel(rgba, plan, direction, view, None, None, None, [])
    try:
        if plan == "biped":
            fitted = fit_character(rgba, view, seed, hint, direction=direction)
        else:
            base = word or ("wolf" if plan == "quadruped" else "slime")
            spec = creature_spec(base, seed, hint)
            fitted = _fit_box(
                fit_creature(rgba, spec, view, direction=direction), mask, view, direction
            )
            if plan == "quadruped":
                fitted = _fit_build(rgba, fitted, mask, view, direction)
    except ValueError:  # too little of a figure to measure: turned and swayed as a prop
        return SpriteModel(rgba, "prop", direction, view, None, None, None, [])
    subject = Subject(fitted.spec, build_model(fitted.spec))
    model = subject.model
    sprite = render(
        model,
        model.pose(),
        direction,
        fitted.camera,
        fitted.style,
        build_palette(model, fitted.style),
    )
    return SpriteModel(
        rgba, plan, direction, view, fitted.analysis, fitted, subject, sprite.keypoints
    )


def _fit_box(fitted: FittedSubject, mask: np.ndarray, view: str, direction: str) -> FittedSubject:
    """A creature's camera chosen by overlap: its screen box stretched over the
    sprite's whole box (a creature's length counts, not only its height), then the
    scale nudged by up to a fifth either way, each placement shifted to its best."""
    model = build_model(fitted.spec)
    v = view_for(view)
    e = extent(model, model.pose(), direction, v, level=fitted.style.level)
    rows, cols = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    line = 1 if fitted.style.outlined else 0
    bw = max(2.0, cols[-1] - cols[0] + 1 - 2 * line)
    bh = max(2.0, rows[-1] - rows[0] + 1 - 2 * line)
    base = 0.5 * (bw / max(e.u_max - e.u_min, 1e-6) + bh / max(e.v_max - e.v_min, 1e-6))
    best = (fitted.iou, fitted.camera)
    for factor in (0.8, 0.9, 1.0, 1.1, 1.2):
        scale = base * factor
        cx = (cols[0] + cols[-1] + 1) / 2
        px = round(cx - (e.u_min + e.u_max) / 2 * scale)
        py = round(rows[-1] + 1 - line - e.v_max * scale)
        cam = Camera(view=v, scale=float(scale), size=fitted.camera.size, pivot=(px, py))
        iou, (dx, dy) = best_shift(rest_mask(model, cam, fitted.style, direction), mask)
        if iou > best[0] + 1e-9:
            best = (iou, replace(cam, pivot=(px + dx, py + dy)))
    return replace(fitted, camera=best[1], iou=best[0])


#: Builds a quadruped is tried in: body bulk and leg length (the creature engine's
#: "skinny" to "fat" and "short-legged" to "long-legged").
_BUILDS = tuple((bulk, legs) for bulk in (0.85, 1.0, 1.18, 1.35) for legs in (0.8, 1.0, 1.2))


def _fit_build(
    rgba: np.ndarray, fitted: FittedSubject, mask: np.ndarray, view: str, direction: str
) -> FittedSubject:
    """The quadruped whose build overlaps the sprite best (each placed by
    :func:`_fit_box`)."""
    best = fitted
    for bulk, legs in _BUILDS:
        params = {**fitted.spec.params, "bulk": bulk, "legs": legs}
        spec = replace(fitted.spec, params=params)
        trial = _fit_box(fit_creature(rgba, spec, view, direction=direction), mask, view, direction)
        if trial.iou > best.iou + 1e-9:
            best = trial
    return best


def sprite_palette(rgba: np.ndarray) -> np.ndarray:
    """The distinct colours of the sprite's opaque pixels, ``(k, 3)`` uint8."""
    rgba = np.asarray(rgba, np.uint8)
    opaque = rgba[..., 3] >= 128
    if not opaque.any():
        return np.zeros((0, 3), np.uint8)
    return np.unique(rgba[..., :3][opaque], axis=0).astype(np.uint8)


def keep_palette(rgba: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """``rgba`` with every opaque colour replaced by the nearest (ΔEOK) of ``palette``
    and alpha made binary (pixel art has no half-covered pixels)."""
    out = np.asarray(rgba, np.uint8).copy()
    opaque = out[..., 3] >= 128
    out[..., 3] = np.where(opaque, 255, 0)
    out[~opaque] = 0
    pal = np.asarray(palette, np.uint8).reshape(-1, 3)
    if not opaque.any() or not len(pal):
        return out
    colours, inverse = np.unique(out[..., :3][opaque], axis=0, return_inverse=True)
    lab_c = srgb_to_oklab(colours.astype(np.float64))
    lab_p = srgb_to_oklab(pal.astype(np.float64))
    nearest = np.argmin(((lab_c[:, None, :] - lab_p[None, :, :]) ** 2).sum(-1), axis=1)
    rgb = out[..., :3]
    rgb[opaque] = pal[nearest][inverse.reshape(-1)]
    return out
