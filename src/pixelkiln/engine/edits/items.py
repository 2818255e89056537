"""Adding and removing things on a figure the service did not draw.

- **A hat** ("give him a hat"): a brimmed hat drawn over the top of the head, centred on
  the fitted model's head keypoint (its nose, straight below the crown when facing the
  viewer) and as wide as the fitted head (its ears' keypoints a little inside its
  sides), outlined in the figure's own outline colour.
- **A held item** ("add a sword", "holding a torch"): the fitted model is drawn with and
  without the item in its right hand (the subject engine's held items), its forearm
  raised so that the item stands up in front of it, through the camera fitted to the
  sprite; the item's pixels (those of its own paints that differ) are moved so that the
  raised hand lands on the sprite's hand keypoint, and laid on the sprite (its lines in
  the sprite's outline colour). The left hand takes it when the right already holds
  something. Without a
  fitted figure, the item is drawn alone and its grip put beside the subject.
- **Removing a held item** ("remove the sword"): the held item found by
  :func:`~.figure.fit_figure` goes; where it stood out of the body the background shows,
  where it lay over the body the figure's own pixels fill in (exemplar synthesis), and
  the body is outlined again where the item touched it.
- **Removing a part** ("remove the cape"): its pixels at the silhouette's edge go, those
  inside are filled from the figure's other pixels.

Without a fitted figure (a prop, a creature) the box of the subject stands in for the
keypoints. Everything else stays byte for byte.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import oklab_to_srgb
from pixelkiln.engine.edits.figure import FigureFit, FigureParts, figure_parts, fit_figure
from pixelkiln.engine.edits.grammar import EditOp
from pixelkiln.engine.edits.pixels import part_pixels, subject_parts
from pixelkiln.engine.inpaint.synthesis import synthesize
from pixelkiln.engine.subjects.motion.mannequin import arm
from pixelkiln.engine.subjects.paints import SubjectPalette, build_palette
from pixelkiln.engine.subjects.reading import edit_subject
from pixelkiln.engine.subjects.render import render
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = ["add_and_remove"]

_FOUR = ndimage.generate_binary_structure(2, 1)
_INK = (20, 16, 24)


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    ys, xs = np.nonzero(mask.any(1))[0], np.nonzero(mask.any(0))[0]
    if len(ys) == 0:
        return None
    return int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])


def _ring(m: np.ndarray) -> np.ndarray:
    return ndimage.binary_dilation(m, _FOUR) & ~m


def _ink(fig: FigureParts | None) -> tuple[int, int, int]:
    if fig is not None and fig.analysis.outline_rgb is not None:
        return fig.analysis.outline_rgb
    return _INK


def _hat(
    out: np.ndarray,
    colour: str | None,
    top: int,
    head_h: int,
    centre: float,
    half: float,
    ink: tuple[int, int, int],
) -> np.ndarray:
    """A brimmed hat sitting on the head's top rows; returns the pixels it covers."""
    h, w = out.shape[:2]
    left, right = round(centre - half), round(centre + half) - 1
    crown_h = max(2, head_h // 2)
    brim_y = min(h - 1, top + max(1, head_h // 3))
    inset = max(1, (right - left) // 5)
    cx0, cx1 = left + inset, right - inset
    y_top = max(0, brim_y - crown_h)
    hat = np.zeros((h, w), bool)
    hat[y_top:brim_y, max(0, cx0) : min(w, cx1 + 1)] = True
    hat[brim_y, max(0, left - 1) : min(w, right + 2)] = True
    word = NAMED_COLORS.get(colour or "")
    hue, chroma = (word.hue, word.chroma) if word else (45.0, 0.07)
    a, b = chroma * np.cos(np.deg2rad(hue)), chroma * np.sin(np.deg2rad(hue))
    lab = np.array([[0.35, a, b], [0.48, a, b], [0.6, a, b]])
    ramp = np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)
    out[hat] = (*ramp[1], 255)
    out[hat & ~np.vstack([hat[1:], np.zeros((1, w), bool)])] = (*ramp[0], 255)
    out[y_top, max(0, cx0) : min(w, cx1 + 1)] = (*ramp[2], 255)
    ring = _ring(hat)
    out[ring] = (*ink, 255)
    return hat | ring


def _item_sprite(item: str, size: int, seed: int) -> np.ndarray | None:
    subject = Subject.from_text(item, seed=seed)
    look = Look(image_size=(size, size), view="side", canvas="object")
    drawing = draw_subject(subject, look, ["south"])
    sprite = drawing.palette.rgba()[np.asarray(drawing.sprites["south"].index)]
    box = _box(sprite[..., 3] > 0)
    if box is None:
        return None
    return sprite[box[0] : box[1] + 1, box[2] : box[3] + 1]


def _place(out: np.ndarray, sprite: np.ndarray, x0: int, y0: int) -> np.ndarray:
    h, w = out.shape[:2]
    sh, sw = sprite.shape[:2]
    placed = np.zeros((h, w), bool)
    ys0, xs0 = max(0, -y0), max(0, -x0)
    ys1, xs1 = min(sh, h - y0), min(sw, w - x0)
    if ys1 <= ys0 or xs1 <= xs0:
        return placed
    piece = sprite[ys0:ys1, xs0:xs1]
    solid = piece[..., 3] > 0
    region = out[y0 + ys0 : y0 + ys1, x0 + xs0 : x0 + xs1]
    region[solid] = piece[solid]
    placed[y0 + ys0 : y0 + ys1, x0 + xs0 : x0 + xs1] = solid
    return placed


def _hand(fit: FigureFit | None, mask: np.ndarray) -> tuple[float, float, str]:
    """Where the held item goes: the free hand's keypoint (x, y) and its side."""
    if fit is not None and "RIGHT ARM" in fit.keypoints:
        x, y = fit.keypoints["RIGHT ARM"]
        busy = fit.held[:, : max(1, round(x) + 2)].any() if fit.held.any() else False
        if busy and "LEFT ARM" in fit.keypoints:
            lx, ly = fit.keypoints["LEFT ARM"]
            return lx, ly, "left"
        return x, y, "right"
    box = _box(mask)
    if box is None:
        return mask.shape[1] / 2, mask.shape[0] / 2, "right"
    top, bottom, _, right = box
    return float(right), top + (bottom - top) * 0.6, "right"


def _in_fitted_hand(
    out: np.ndarray, fit: FigureFit, item: str, ink: tuple[int, int, int]
) -> tuple[np.ndarray, str] | None:
    """The item drawn in the fitted model's hand and laid on ``out``, and which hand
    (None: the instruction gives the model no item)."""
    model = fit.model
    if model.fitted is None:
        return None
    spec = model.fitted.spec
    edited = edit_subject(spec, f"holding a {item}").spec
    added = [v for k, v in edited.items.items() if spec.items.get(k) != v]
    if not added:
        return None
    # The right hand (the left of the picture) unless it already holds something.
    busy = fit.held.any() and np.nonzero(fit.held)[1].mean() < fit.model.rgba.shape[1] / 2
    wrist, side = ("LEFT ARM", "l") if busy else ("RIGHT ARM", "r")
    edited = replace(edited, items={**spec.items, "left" if busy else "right": added[0]})
    raised = arm(side, 0.0, 0.0, 0.0, 60.0)
    cam, style = model.fitted.camera, model.fitted.style

    def draw(s: SubjectSpec, extra: dict) -> tuple[np.ndarray, SubjectPalette, np.ndarray]:
        sub = Subject.from_spec(s)
        pal = build_palette(sub.model, style)
        sprite = render(sub.model, sub.model.pose(extra), "south", cam, style, pal)
        w, h = cam.size
        hand = next(
            (np.array([k["x"] * w, k["y"] * h]) for k in sprite.keypoints if k["label"] == wrist),
            np.zeros(2),
        )
        return np.asarray(sprite.index), pal, hand

    _, old, rest_hand = draw(spec, {})
    bare, _, _ = draw(spec, raised)
    index, pal, raised_hand = draw(edited, raised)
    # The item's pixels: those of the paint roles the item brought (its blade, grip...),
    # and the outline drawn round them; the arm under it stays the sprite's. A ramp may
    # share a colour with the body (a leather grip, leather boots): only the pixels the
    # item changed count.
    roles = [r for r in pal.ramps if r not in old.ramps]
    if not roles:
        return None
    item = np.isin(index, np.concatenate([pal.ramps[r] for r in roles])) & (index != bare)
    if not item.any():
        return None
    line = np.zeros_like(item)
    if pal.outline is not None:
        line = (index == pal.outline) & ndimage.binary_dilation(item, _FOUR) & ~item
    # Moved so that the raised hand's grip lands on the sprite's own (resting) hand.
    dx, dy = np.rint(rest_hand - raised_hand).astype(int)
    colours = pal.rgba()[index]
    colours[line] = (*ink, 255)
    placed = np.zeros(item.shape, bool)
    h, w = item.shape
    for y, x in zip(*np.nonzero(item | line), strict=True):
        ty, tx = y + dy, x + dx
        if 0 <= ty < h and 0 <= tx < w:
            out[ty, tx] = colours[y, x]
            placed[ty, tx] = True
    return (placed, "left" if busy else "right") if placed.any() else None


def _held_item(
    out: np.ndarray,
    mask: np.ndarray,
    fit: FigureFit | None,
    item: str,
    seed: int,
    ink: tuple[int, int, int],
) -> tuple[np.ndarray, str]:
    if fit is not None:
        done = _in_fitted_hand(out, fit, item, ink)
        if done is not None:
            return done
    box = _box(mask)
    if box is None:
        return np.zeros(mask.shape, bool), ""
    size = max(8, int((box[1] - box[0] + 1) * 0.55))
    sprite = _item_sprite(item, size, seed)
    if sprite is None:
        return np.zeros(mask.shape, bool), ""
    x, y, side = _hand(fit, mask)
    sh, sw = sprite.shape[:2]
    x0 = round(x - sw / 2)
    y0 = round(y - sh * 0.7)
    return _place(out, sprite, x0, y0), side


def _enclosed(held: np.ndarray, body: np.ndarray, reach: int = 3) -> np.ndarray:
    """Held pixels that lay over the body: body (or pixels already found to be over it)
    within ``reach`` on both sides of them, across or up and down, grown until stable."""
    inside = np.zeros_like(held)
    while True:
        solid = body | inside
        found = np.zeros_like(held)
        for axis in (0, 1):
            before = np.zeros_like(held)
            after = np.zeros_like(held)
            for d in range(1, reach + 1):
                before |= np.roll(solid, d, axis) & _not_wrapped(solid.shape, d, axis)
                after |= np.roll(solid, -d, axis) & _not_wrapped(solid.shape, -d, axis)
            found |= before & after
        grown = held & found
        if (grown == inside).all():
            return inside
        inside = grown


def _not_wrapped(shape: tuple[int, ...], d: int, axis: int) -> np.ndarray:
    ok = np.ones(shape, bool)
    idx = [slice(None)] * 2
    idx[axis] = slice(0, d) if d > 0 else slice(shape[axis] + d, shape[axis])
    ok[tuple(idx)] = False
    return ok


def _fill_inwards(out: np.ndarray, hole: np.ndarray, body: np.ndarray, cx: int) -> None:
    """Fill ``hole`` from its rim inwards: each pixel takes the colour most of its known
    neighbours (body or already filled, four-connected) have; a tie goes to the one
    toward the figure's centre line (a sleeve under a blade continues the sleeve)."""
    known = body.copy()
    todo = hole.copy()
    h, w = hole.shape
    while todo.any():
        progress = False
        rim = known.copy()  # a ring at a time: what this pass fills votes in the next
        for y, x in zip(*np.nonzero(todo), strict=True):
            votes: dict[tuple[int, ...], float] = {}
            for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                yy, xx = y + dy, x + dx
                if 0 <= yy < h and 0 <= xx < w and rim[yy, xx]:
                    key = tuple(int(v) for v in out[yy, xx])
                    toward = 0.1 if dx != 0 and (xx - x) * (cx - x) > 0 else 0.0
                    votes[key] = votes.get(key, 0.0) + 1.0 + toward
            if len(votes) == 0 or max(votes.values()) < 1.0:
                continue
            out[y, x] = max(votes.items(), key=lambda kv: kv[1])[0]
            known[y, x], todo[y, x] = True, False
            progress = True
        if not progress:
            break


def _remove_held(out: np.ndarray, fig: FigureParts, fit: FigureFit) -> np.ndarray:
    """The held item taken out (see the module docstring); returns the pixels changed."""
    before = out.copy()
    held = fit.held
    body = fig.mask & ~fig.outline & ~held
    over_body = _enclosed(held, body)
    gone = held & ~over_body
    out[gone] = 0
    _fill_inwards(out, over_body, body, fig.analysis.centre_x)
    # Outline pixels that bounded only the item go with it; the body's edge is inked.
    near = ndimage.binary_dilation(held, ndimage.generate_binary_structure(2, 2))
    keep = body | over_body
    lines = fig.outline & near & ~ndimage.binary_dilation(keep, _FOUR)
    out[lines] = 0
    edge = _ring(keep) & (out[..., 3] == 0) & near
    out[edge] = (*_ink(fig), 255)
    return (out != before).any(-1)


def _remove_part(out: np.ndarray, part: np.ndarray, mask: np.ndarray, seed: int) -> None:
    edge = part & _ring(~mask)
    out[edge] = 0
    inner = part & ~edge
    if inner.any():
        filled = synthesize(out, inner, seed, source=mask & ~part)
        out[inner] = filled[inner]


def add_and_remove(
    out: np.ndarray, ops: list[EditOp], seed: int, notes: list[str]
) -> dict[str, object]:
    """Apply the ``add`` and ``remove`` operations of ``ops`` to ``out`` in place; what
    was found and where things went (for the reading)."""
    report: dict[str, object] = {}
    wanted = [o for o in ops if o.kind in ("add", "remove") and o.value]
    if not wanted:
        return report
    mask, parts, _ = subject_parts(out)
    fig: FigureParts | None
    fit: FigureFit | None
    try:
        fig = figure_parts(out)
        fit = fit_figure(out, fig, seed)
    except ValueError:
        fig, fit = None, None
    if fit is not None:
        report["fitted"] = {"iou": round(fit.iou, 3), "held_item_pixels": int(fit.held.sum())}
    for op in wanted:
        if op.kind == "add":
            if op.region == "head":
                ears = ("RIGHT EAR", "LEFT EAR")
                if fig is not None and fit is not None and all(e in fit.keypoints for e in ears):
                    a = fig.analysis
                    # The ears sit a little inside the head's sides.
                    span = abs(fit.keypoints[ears[1]][0] - fit.keypoints[ears[0]][0])
                    half = max(2.0, span * 0.65)
                    centre, top, head_h = fit.keypoints["NOSE"][0], a.box.top, a.head_px
                else:
                    box = _box(mask) or (0, 3, 0, mask.shape[1] - 1)
                    head_h = max(3, (box[1] - box[0]) // 4)
                    centre, half, top = (box[2] + box[3] + 1) / 2, (box[3] - box[2] + 1) / 3, box[0]
                colour = next(
                    (o.value for o in ops if o.kind == "recolour" and o.part == op.value), None
                )
                _hat(out, colour, top, max(3, head_h), centre, half, _ink(fig))
                report["hat_at"] = [round(centre, 1), top]
            else:
                placed, side = _held_item(out, mask, fit, op.value or "", seed, _ink(fig))
                if not placed.any():
                    notes.append(f"{op.value} could not be drawn")
                else:
                    report["item_in_hand"] = side
        else:
            named = part_pixels(parts, op) if op.region is not None else None
            if named is not None:
                _remove_part(out, named, mask, seed)
            elif fig is not None and fit is not None and fit.held.any():
                _remove_held(out, fig, fit)
                report["removed_held_item"] = int(fit.held.sum())
            else:
                notes.append(f"no {op.value} found to remove")
    return report
