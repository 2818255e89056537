"""Fitting a model to a sprite: a spec and a camera whose south render lands on it.

:func:`fit_character` fits the mannequin to a south-facing figure:

1. **Measure** the sprite (:func:`~.analyse.analyse_sprite`): box, neck, crotch, feet,
   region colours, outline and shading.
2. **Dress** a plain figure in those colours: skin from the face, hair from the top of
   the head (none when it is the skin's colour), top from the torso, bottom from the
   legs, shoes from the feet; trousers when the legs are apart, a robe when they are not.
3. **Place** a model on the sprite's canvas: the scale that makes its silhouette as
   tall as the sprite's (less the outline), the ground under the sprite's feet and its
   centre line on the body's (:func:`place_camera`).
4. **Choose proportions by overlap**: every preset is drawn facing south and scored by
   the intersection-over-union of its silhouette with the sprite's; then head size, leg
   length, arm length, shoulder and hip width and build are nudged one at a time (steps
   of 0.2, then 0.1), each kept only when the overlap grows. Every score is one render
   (milliseconds at sprite sizes).

The result carries the spec (plain, versioned, storable), the camera, the analysis and
the final overlap. :func:`fit_creature` does the placing and colouring for another body
plan (its shape comes from the plan itself). :func:`silhouette_iou` is the score.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import oklab_to_oklch, oklab_to_srgb, srgb_to_oklab
from pixelkiln.engine.sprites.analyse import SpriteAnalysis, analyse_sprite
from pixelkiln.engine.sprites.garments import Garments, read_garments
from pixelkiln.engine.subjects.bodies.biped import PRESETS
from pixelkiln.engine.subjects.camera import DIRECTIONS, view_for
from pixelkiln.engine.subjects.colors import paint_from_rgb
from pixelkiln.engine.subjects.fit import extent
from pixelkiln.engine.subjects.model import Model, Paint
from pixelkiln.engine.subjects.outfits import DEFAULT_OUTFIT, DEFAULT_PAINTS
from pixelkiln.engine.subjects.paints import SubjectPalette, build_palette
from pixelkiln.engine.subjects.render import Camera, render
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import build_model

__all__ = [
    "CUSTOM_KEYS",
    "FittedSubject",
    "best_shift",
    "closed_helmet",
    "fit_character",
    "fit_creature",
    "place_camera",
    "rest_mask",
    "silhouette_iou",
]

_FOUR = ndimage.generate_binary_structure(2, 1)

#: The contract's custom proportion multipliers, and the engine's build (thickness).
CUSTOM_KEYS = ("head_size", "legs_length", "arms_length", "shoulder_width", "hip_width")
_BOUNDS = (0.5, 2.0)
_STEPS = (0.2, 0.1)
#: How far down the legs a long garment may reach (1 the ankles), longest first; the
#: shortest stops where the boots start on a model's shin.
_HEMS = (1.0, 0.9, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5)
#: Arm lengths, lean back (degrees the arms hang behind the body at rest) and elbow
#: bends (degrees, forearms raised forward) tried to put a robed figure's hands where
#: the sprite draws them: at the robe's sides. Leaning back puts the far hand behind the
#: body seen three-quarter and the hand toward the robe's back edge seen side-on; a
#: little bend lifts the hands, more (the 60-90 once tried) laid the forearms across the
#: robe's front seen three-quarter.
_ARMS = (0.5, 0.6, 0.7)
_BACKS = (0.0, 15.0, 30.0, 50.0)
_ELBOWS = (0.0, 30.0, 45.0)


@dataclass(frozen=True)
class FittedSubject:
    """A spec and camera fitted to a sprite, the style read from it, and the score."""

    spec: SubjectSpec
    camera: Camera
    style: SubjectStyle
    analysis: SpriteAnalysis
    iou: float
    tried: int  # renders scored
    # The garments read off the sprite before the fit, kept for its colouring.
    garments: Garments = field(default_factory=Garments)

    def report(self) -> dict[str, Any]:
        """What was measured and chosen (stored with the asset)."""
        params = self.spec.params
        return {
            "iou": round(self.iou, 4),
            "renders": self.tried,
            "proportions": params.get("proportions"),
            "custom_proportions": params.get("custom_proportions", {}),
            "build": params.get("build", 1.0),
            "outline": self.style.outline,
            "shading": self.style.shading,
            "analysis": self.analysis.to_dict(),
        }


def silhouette_iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two masks of one shape (1.0 for two empty masks)."""
    union = np.logical_or(a, b).sum()
    return 1.0 if union == 0 else float(np.logical_and(a, b).sum() / union)


def place_camera(
    model: Model,
    analysis: SpriteAnalysis,
    view: str,
    outlined: bool,
    level: int = 1,
    direction: str = "south",
) -> Camera:
    """The camera that stands ``model`` (facing ``direction``, at rest) on the sprite: as
    tall as its figure, feet on its bottom row, centred on its body's centre line."""
    v = view_for(view)
    box = analysis.box
    e = extent(model, model.pose(), direction, v, level=level)
    line = 1 if outlined else 0
    target = max(2.0, box.height - 2 * line)
    scale = target / max(e.v_max - e.v_min, 1e-6)
    rows = range(analysis.neck, analysis.feet)
    centres = []
    for r in rows:
        xs = np.nonzero(analysis.mask[r])[0]
        if len(xs):
            run = _run_centre(analysis.mask[r], analysis.centre_x)
            centres.append(run)
    centre = float(np.median(centres)) if centres else analysis.centre_x + 0.5
    pivot_x = round(centre - (e.u_min + e.u_max) / 2 * scale)
    pivot_y = round(box.bottom + 1 - line - e.v_max * scale)
    return Camera(view=v, scale=scale, size=analysis.size, pivot=(pivot_x, pivot_y))


def _run_centre(row: np.ndarray, x: int) -> float:
    xs = np.nonzero(row)[0]
    if not row[x]:
        x = int(xs[np.argmin(np.abs(xs - x))])
    a = x
    while a > 0 and row[a - 1]:
        a -= 1
    b = x + 1
    while b < len(row) and row[b]:
        b += 1
    return (a + b) / 2.0


#: Palettes built for the fit's trials, by what a palette is built from (below).
_PALETTES: dict[tuple[object, ...], SubjectPalette] = {}
_PALETTES_KEPT = 64


def _palette(model: Model, style: SubjectStyle) -> SubjectPalette:
    """``build_palette(model, style)``, built once per set of paints: the fit's trials
    change proportions, arms and hems, never colours, and building a palette (a gamut
    mapped ramp per role) for each of a robed figure's 280 renders took two fifths of
    its fit. The key is everything the palette is built from: the style, the model's
    roles in order, their paints, the main role and an outline paint."""
    glow = model.info.get("outline_paint")
    key = (
        style,
        model.main_role,
        glow if isinstance(glow, Paint) else None,
        tuple((role, model.paints[role]) for role in model.roles),
    )
    palette = _PALETTES.get(key)
    if palette is None:
        if len(_PALETTES) >= _PALETTES_KEPT:
            _PALETTES.clear()
        palette = _PALETTES[key] = build_palette(model, style)
    return palette


def rest_mask(
    model: Model, camera: Camera, style: SubjectStyle, direction: str = "south"
) -> np.ndarray:
    """The silhouette of ``model`` at rest facing ``direction`` through ``camera``."""
    palette = _palette(model, style)
    sprite = render(model, model.pose(), direction, camera, style, palette)
    return sprite.index > 0


def best_shift(mask: np.ndarray, target: np.ndarray) -> tuple[float, tuple[int, int]]:
    """The overlap after the best whole-pixel shift (at most 1 px each way)."""
    best = (-1.0, (0, 0))
    h, w = mask.shape
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            moved = np.zeros_like(mask)
            ys, yd = (
                (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
            )
            xs, xd = (
                (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
            )
            moved[yd, xd] = mask[ys, xs]
            score = silhouette_iou(moved, target)
            if score > best[0] + 1e-9:
                best = (score, (dx, dy))
    return best


# A near-black material (black shoes, a dark cloak) painted as it is gives the model
# shades the palette merges with its outline, and the part is then drawn as outline.
# Its paint is lifted to this OKLab lightness: the drawing's colours are mapped back to
# the sprite's own shades afterwards (``turn._colour_table``), so only the parts stay
# apart.
_NEAR_BLACK, _LIFTED = 0.3, 0.4


def _colour_paint(rgb: tuple[int, int, int] | None, fallback: Paint) -> Paint:
    if rgb is None:
        return fallback
    lab = srgb_to_oklab(np.array(rgb, np.float64))
    if lab[0] < _NEAR_BLACK:
        lab[0] = _LIFTED
        rgb = tuple(int(v) for v in np.clip(np.round(oklab_to_srgb(lab)), 0, 255))  # type: ignore[assignment]
    return paint_from_rgb(rgb)


def _close(a: tuple[int, int, int] | None, b: tuple[int, int, int] | None) -> bool:
    if a is None or b is None:
        return False
    la, lb = srgb_to_oklab(np.array(a, np.float64)), srgb_to_oklab(np.array(b, np.float64))
    return float(np.linalg.norm(la - lb)) < 0.06


def _metal(rgb: tuple[int, int, int] | None) -> bool:
    """Grey of a middle lightness: metal (no skin tone is this unsaturated)."""
    if rgb is None:
        return False
    lch = oklab_to_oklch(srgb_to_oklab(np.array(rgb, np.float64)))
    return bool(lch[1] < 0.035 and 0.45 < lch[0] < 0.9)


def closed_helmet(analysis: SpriteAnalysis) -> bool:
    """A grey head with no skin tone and no hair of another colour: a closed helmet."""
    skin = analysis.face or (analysis.regions["head"].main if "head" in analysis.regions else None)
    hair = analysis.hair
    return _metal(skin) and (hair is None or _close(hair, skin))


def style_of(analysis: SpriteAnalysis, detail: str = "medium detail") -> SubjectStyle:
    """The outline and shading the sprite was drawn with."""
    return SubjectStyle(analysis.outline, analysis.shading, detail)


def _character_spec(
    analysis: SpriteAnalysis, seed: int, text: str, garments: Garments | None = None
) -> SubjectSpec:
    """A plain figure in the sprite's colours (proportions filled in by the search),
    in a pointed hat or a hood, a cape and trim when the sprite shows them
    (:mod:`.garments`); a robe when its legs do not part."""
    regions = analysis.regions
    garments = garments or Garments()
    skin = analysis.face or regions["head"].main
    hair = analysis.hair
    cape_shades = set(garments.cape.shades) if garments.cape else set()
    # The shirt is the torso's largest material that is not the cape hanging round it.
    top = next(
        (g.rgb for g in regions["torso"].colours if g.rgb not in cape_shades),
        regions["torso"].main,
    )
    bottom = regions["legs"].main if analysis.legs_split else top
    shoes = regions["feet"].main
    outfit = dict(DEFAULT_OUTFIT)
    outfit.update({"belt": "none", "hair": "short", "torso": "shirt", "legs": "trousers"})
    if not analysis.legs_split:
        outfit["torso"] = "robe"
    elif garments.bare_arms:  # sleeveless: the arms turn in the face's material
        outfit["torso"] = "tank top"
    if hair is None or _close(hair, skin):
        outfit["hair"] = "bald"
    paints = dict(DEFAULT_PAINTS)
    if _metal(skin) and (hair is None or _close(hair, skin)):
        # A grey head with no skin tone is a closed helmet (a knight's great helm):
        # its back and sides turn as metal, not as a bald grey head.
        outfit["headwear"] = "great helm"
        paints["helmet"] = _colour_paint(skin, paints["helmet"])
        skin = None
        if garments.gloves is not None:  # the hands are not the helmet's steel
            outfit["gloves"] = "gloves"
            paints["gloves"] = _colour_paint(garments.gloves.rgb, paints["gloves"])
    if garments.hood is not None:
        outfit["headwear"] = "hood"
        paints["hat"] = _colour_paint(garments.hood.rgb, paints["hat"])
        if hair is not None and hair in garments.hood.shades:
            outfit["hair"] = "bald"  # what looked like hair is the hood
    if garments.hat is not None:
        outfit["headwear"] = "wizard hat"
        paints["hat"] = _colour_paint(garments.hat.rgb, paints["hat"])
        if hair is not None and hair in garments.hat.shades:
            outfit["hair"] = "bald"  # what looked like hair is the hat
    if garments.trim is not None:
        paints["trim"] = _colour_paint(garments.trim.rgb, paints["trim"])
    if garments.belt is not None:
        paints["belt"] = _colour_paint(garments.belt.rgb, paints["belt"])
    if garments.cape is not None:
        outfit["cape"] = "cape"
        paints["cape"] = _colour_paint(garments.cape.rgb, paints["cape"])
    paints["skin"] = _colour_paint(skin, paints["skin"])
    paints["hair"] = _colour_paint(hair, paints["hair"])
    paints["top"] = _colour_paint(top, paints["top"])
    # A robe's hem band is the garment's second colour: the sprite shows none, so the
    # hem is the robe's own (a pale default would land on the nearest sprite colour).
    paints["top2"] = paints["top"]
    paints["bottom"] = _colour_paint(bottom, paints["bottom"])
    paints["shoes"] = _colour_paint(shoes, paints["shoes"])
    return SubjectSpec(
        kind="character",
        subject="figure",
        plan="mannequin",
        paints=paints,
        outfit=outfit,
        items={},
        params={
            "proportions": "default",
            "canvas": 64,
            "extras": [],
            "colour_roles": ["top"],
            "fitted": True,
            **({"front_trim": True} if garments.front_trim else {}),
            **({"brim_trim": True} if garments.hat is not None and garments.hat_band else {}),
        },
        seed=int(seed),
        text=text,
    )


def _with(spec: SubjectSpec, **params: Any) -> SubjectSpec:
    return replace(spec, params={**spec.params, **params})


def _search(
    start: SubjectSpec,
    score: Callable[[SubjectSpec], float],
) -> tuple[SubjectSpec, float, int]:
    """Presets first, then one multiplier at a time (see the module docstring)."""
    tried = 0
    best_spec, best = start, -1.0
    for name in PRESETS:
        spec = _with(start, proportions=name, custom_proportions={})
        s = score(spec)
        tried += 1
        if s > best + 1e-9:
            best_spec, best = spec, s
    keys = (*CUSTOM_KEYS, "build")
    for step in _STEPS:
        for key in keys:
            for sign in (1.0, -1.0):
                while True:
                    spec = _nudge(best_spec, key, sign * step)
                    if spec is None:
                        break
                    s = score(spec)
                    tried += 1
                    if s <= best + 1e-9:
                        break
                    best_spec, best = spec, s
    return best_spec, best, tried


def _nudge(spec: SubjectSpec, key: str, delta: float) -> SubjectSpec | None:
    if key == "build":
        value = round(float(spec.params.get("build", 1.0)) + delta, 3)
        if not 0.6 <= value <= 1.6:
            return None
        return _with(spec, build=value)
    custom = dict(spec.params.get("custom_proportions") or {})
    value = round(float(custom.get(key, 1.0)) + delta, 3)
    if not _BOUNDS[0] <= value <= _BOUNDS[1]:
        return None
    custom[key] = value
    return _with(spec, custom_proportions=custom)


def fit_character(
    rgba: np.ndarray,
    view: str = "low top-down",
    seed: int = 0,
    text: str = "",
    detail: str = "medium detail",
    direction: str = "south",
) -> FittedSubject:
    """A mannequin fitted to a figure facing ``direction`` (south unless the caller
    knows better; see the module docstring)."""
    analysis = analyse_sprite(rgba)
    style = style_of(analysis, detail)
    outlined = style.outlined
    canvas = 24 if analysis.box.height <= 30 else 40 if analysis.box.height <= 50 else 64
    garments = read_garments(rgba, analysis)
    start = _with(_character_spec(analysis, seed, text, garments), canvas=canvas)
    target = analysis.mask
    cameras: dict[str, Camera] = {}

    def posed(spec: SubjectSpec) -> tuple[Model, Camera]:
        """``spec``'s model and the camera that frames it as the sprite is framed."""
        model = build_model(spec)
        return model, place_camera(model, analysis, view, outlined, style.level, direction)

    def score(spec: SubjectSpec) -> float:
        model, camera = posed(spec)
        iou, (dx, dy) = best_shift(rest_mask(model, camera, style, direction), target)
        key = repr(spec.to_dict())
        cameras[key] = replace(camera, pivot=(camera.pivot[0] + dx, camera.pivot[1] + dy))
        return iou

    def fitted(spec: SubjectSpec) -> tuple[Model, Camera]:
        """``spec``'s model and the camera it is fitted with (after the best shift)."""
        model, camera = posed(spec)
        _, (dx, dy) = best_shift(rest_mask(model, camera, style, direction), target)
        return model, replace(camera, pivot=(camera.pivot[0] + dx, camera.pivot[1] + dy))

    spec, iou, tried = _search(start, score)
    if analysis.long_garment:
        if garments.belt_rows:  # placed first for the arms to hide the least of it, and
            spec, extra = _fit_sash(spec, garments.belt_rows, style, direction, posed)
            tried += extra  # again below on the fitted robe
        spec, extra = _fit_long_garment(rgba, spec, analysis, style, direction, posed, fitted)
        iou, tried = score(spec), tried + extra + 1
    if garments.belt_rows:
        spec, extra = _fit_sash(spec, garments.belt_rows, style, direction, posed)
        iou, tried = score(spec), tried + extra + 1
    if not analysis.long_garment and garments.gloves is not None and garments.arms_end is not None:
        spec, extra = _fit_hands(spec, garments.arms_end, style, direction, fitted)
        if extra:
            iou, tried = score(spec), tried + extra + 1
    camera = cameras[repr(spec.to_dict())]
    return FittedSubject(spec, camera, style, analysis, iou, tried, garments)


def _role_rows(
    model: Model, camera: Camera, style: SubjectStyle, direction: str, role: str
) -> np.ndarray:
    """Rows of the at-rest render that show ``role``'s fill tones."""
    palette = _palette(model, style)
    sprite = render(model, model.pose(), direction, camera, style, palette)
    ramp = palette.ramps.get(role)
    if ramp is None or len(ramp) < 2:
        return np.zeros(0, np.int64)
    return np.nonzero(np.isin(sprite.index, [int(i) for i in ramp[1:]]).any(1))[0]


def _fit_long_garment(
    rgba: np.ndarray,
    spec: SubjectSpec,
    analysis: SpriteAnalysis,
    style: SubjectStyle,
    direction: str,
    camera_for: Callable[[SubjectSpec], tuple[Model, Camera]],
    fitted: Callable[[SubjectSpec], tuple[Model, Camera]],
) -> tuple[SubjectSpec, int]:
    """A robe's hem and the arms over it, which overlap cannot see. The hem is the
    longest that shows the feet on as many rows as the sprite does facing it, and at
    least on one row from every other side. The arms (length, lean back, elbow bend;
    each tried with the camera the fit then uses) keep the hands out of the robe's
    lower third seen from every side (the sprite shows none there), then hide the least
    of a sash from behind, then lay the fewest hand pixels inside the robe in the worst
    of the seven other views (the sprite draws its hands at its sides; arms leaning
    back far enough to hide the hands three-quarter laid them on the robe's back seen
    from behind), then the fewest over all seven, then end nearest the sprite's lowest
    hand row."""
    tried = 0
    a = analysis
    mask = a.mask
    skin = a.face
    hands = [
        r
        for r in range(a.neck + 1, a.feet)
        for x in _sides_inside(mask, r, a.outline_rgb, rgba)
        if skin is not None and _close(tuple(int(v) for v in rgba[r, x, :3]), skin)  # type: ignore[arg-type]
    ]
    shoes = a.regions["feet"].main
    shown = int(
        sum(
            1
            for r in range(a.feet, a.box.bottom + 1)
            if shoes is not None and (rgba[r, ..., :3][mask[r]] == shoes).all(-1).any()
        )
    )
    trial = spec
    for hem in _HEMS:
        trial = _with(spec, hem=hem)
        model, camera = camera_for(trial)
        tried += 1
        if len(_role_rows(model, camera, style, direction, "shoes")) < shown:
            continue
        others = [d for d in DIRECTIONS if d != direction]
        tried += len(others)
        if all(len(_role_rows(model, camera, style, d, "shoes")) for d in others):
            break
    spec = trial
    if hands:
        want = max(hands)
        custom = dict(spec.params.get("custom_proportions") or {})
        turn = DIRECTIONS.index(direction)
        sides = [DIRECTIONS[(turn + k) % len(DIRECTIONS)] for k in (-2, -1, 1, 2, -3, 3, 4)]
        # The robe's lower third, where the sprite shows no hands.
        hem = a.hem if a.hem is not None else a.feet
        low = hem - (hem - a.neck) // 3
        best: tuple[tuple[bool, int, int, int, float], SubjectSpec] | None = None
        for arms, back, bend in ((x, z, e) for e in _ELBOWS for z in _BACKS for x in _ARMS):
            trial = _with(spec, custom_proportions={**custom, "arms_length": arms})
            if bend:
                trial = _with(trial, elbow_bend=bend)
            if back:
                trial = _with(trial, arm_back=back)
            model, camera = fitted(trial)  # as the turned views are drawn
            rows = _role_rows(model, camera, style, direction, "skin")
            rows = rows[rows > a.neck]
            tried += 1 + len(sides)  # the search's size, the views a pruned trial skips too
            if not len(rows):
                continue
            near = abs(float(rows.max()) - want)
            # The first of equals wins: the least bend, then lean back, then arm length.
            rank = _arm_rank(model, camera, style, sides, (a.neck, low, near), best)
            if rank is not None:
                best = (rank, trial)
        if best is not None:
            spec = best[1]
    return spec, tried


_ArmRank = tuple[bool, float, int, int, float]


def _arm_rank(
    model: Model,
    camera: Camera,
    style: SubjectStyle,
    sides: list[str],
    rows: tuple[int, int, float],
    best: tuple[_ArmRank, SubjectSpec] | None,
) -> _ArmRank | None:
    """A robed figure's arm pose ranked as :func:`_fit_long_garment` ranks it, from its
    hands seen from ``sides`` (the three back views last), or None when it does not rank
    before ``best``. ``rows``: the neck's row, the first row of the robe's lower third
    and how far the hands end from the sprite's lowest hand row facing it.

    Every key of the rank only grows as more views are seen (a hand reaching the lower
    third, the hand pixels on the robe, their sum; the sash left showing behind only
    shrinks), so once the views drawn so far rank no better than ``best``, the rest
    cannot change that: they are not drawn. The back views are drawn first (the sash's
    key comes before the hands'). The choice is the full search's."""
    seen: dict[int, tuple[int, int, int]] = {}
    for i in (4, 5, 6, 0, 1, 2, 3):
        seen[i] = _hands_seen(model, camera, style, sides[i], rows[0])
        if best is not None and _arm_keys(seen, rows) >= best[0]:
            return None
    return _arm_keys(seen, rows)


def _arm_keys(seen: dict[int, tuple[int, int, int]], rows: tuple[int, int, float]) -> _ArmRank:
    """The rank's keys from the views seen so far (by their place in the sides, see
    :func:`_arm_rank`): a hand in the robe's lower third from any side, the sash's
    pixels left showing from behind (fewest of the back views, places 4 to 6; none seen
    yet: no bound), the most hand pixels on the robe from one side, those over all
    sides, the distance to the sprite's hand row."""
    _, low, near = rows
    backs = [b for i, (_, _, b) in seen.items() if i >= 4]
    inside = [n for _, n, _ in seen.values()]  # hand pixels on the robe, each side
    return (
        max(r for r, _, _ in seen.values()) >= low,
        -float(min(backs)) if backs else -math.inf,
        max(inside),
        sum(inside),
        near,
    )


def _fit_hands(
    spec: SubjectSpec,
    want: int,
    style: SubjectStyle,
    direction: str,
    fitted: Callable[[SubjectSpec], tuple[Model, Camera]],
) -> tuple[SubjectSpec, int]:
    """Gloved hands of a figure in trousers ending no lower than row ``want``, where the
    sprite's arms end facing it (:func:`~.garments.arms_end`): the outline fit keeps
    arms that reach a row past them (the gloves add little to the silhouette), and hung
    straight down seen from the side those hands then cover the thighs. The longest arm
    that ends there (the fitted one first, then shorter down to the least length), else
    the fitted one."""
    custom = dict(spec.params.get("custom_proportions") or {})
    length = float(custom.get("arms_length", 1.0))
    tried = 0
    while length >= _BOUNDS[0] - 1e-9:
        trial = _with(spec, custom_proportions={**custom, "arms_length": round(length, 3)})
        model, camera = fitted(trial)  # as the turned views are drawn
        palette = _palette(model, style)
        sprite = render(model, model.pose(), direction, camera, style, palette)
        role = model.roles.index("gloves") if "gloves" in model.roles else -1
        # By the role each pixel shows: the gloves' ramp shares a tone with other roles.
        rows = np.nonzero(((sprite.roles == role) & (sprite.index > 0)).any(1))[0]
        tried += 1
        if len(rows) and int(rows.max()) <= want:
            return trial, tried
        length -= _STEPS[1]
    return spec, tried


def _hands_seen(
    model: Model, camera: Camera, style: SubjectStyle, direction: str, neck: int
) -> tuple[int, int, int]:
    """The lowest row of skin below ``neck`` in the at-rest render facing
    ``direction`` (0 for none), how many of those pixels lie at least two pixels inside
    the silhouette (hands on the garment, not at its side), and the belt's pixels."""
    palette = _palette(model, style)
    sprite = render(model, model.pose(), direction, camera, style, palette)
    belt = palette.ramps.get("belt")
    belted = int(np.isin(sprite.index, [int(i) for i in belt[1:]]).sum()) if belt is not None else 0
    ramp = palette.ramps.get("skin")
    if ramp is None or len(ramp) < 2:
        return 0, 0, belted
    # Its line tone too: a turned view may draw it in the skin's colour.
    skin = np.isin(sprite.index, [int(i) for i in ramp if int(i) != palette.outline])
    skin[: neck + 1] = False
    rows = np.nonzero(skin.any(1))[0]
    interior = ndimage.binary_erosion(sprite.index > 0, _FOUR, iterations=2)
    return (int(rows.max()) if len(rows) else 0), int((skin & interior).sum()), belted


#: Where a sash may sit: a band of a torso part's height (its local z, -1 to 1).
_SASH_PARTS = ("chest", "belly", "skirt")
_SASH_STARTS = (-1.0, -0.8, -0.6, -0.4, -0.2, 0.0, 0.2, 0.4, 0.6, 0.8)
_SASH_WIDTH = 0.25


def _fit_sash(
    spec: SubjectSpec,
    rows: tuple[int, ...],
    style: SubjectStyle,
    direction: str,
    camera_for: Callable[[SubjectSpec], tuple[Model, Camera]],
) -> tuple[SubjectSpec, int]:
    """A belt or sash as a band round the garment, placed where the model's render facing
    the sprite's direction draws it on the sprite's rows (most rows in common, fewest
    others): the model's own belt sits at the hips, hidden under a robe."""
    want = set(rows)
    best: tuple[float, SubjectSpec] | None = None
    tried = 0
    for part in _SASH_PARTS:
        for lo in _SASH_STARTS:
            trial = _with(spec, sash=[part, lo, round(lo + _SASH_WIDTH, 2)])
            model, camera = camera_for(trial)
            drawn = set(_role_rows(model, camera, style, direction, "belt").tolist())
            tried += 1
            if not drawn:
                continue
            fit = len(drawn & want) - 0.5 * len(drawn - want)
            if fit > 0 and (best is None or fit > best[0]):
                best = (fit, trial)
    return (best[1] if best is not None else spec), tried


def _sides_inside(
    mask: np.ndarray, row: int, line: tuple[int, int, int] | None, rgba: np.ndarray
) -> list[int]:
    """The outermost columns of a row's silhouette, inside its outline."""
    solid = mask[row].copy()
    if line is not None:
        solid &= (rgba[row, :, :3] != np.array(line, np.uint8)).any(-1)
    xs = np.nonzero(solid)[0]
    return [int(xs[0]), int(xs[-1])] if len(xs) else []


def fit_creature(
    rgba: np.ndarray,
    spec: SubjectSpec,
    view: str = "low top-down",
    detail: str = "medium detail",
    direction: str = "south",
) -> FittedSubject:
    """``spec`` (a creature of any plan) coloured and placed on a sprite facing
    ``direction``: its body takes the sprite's main colour; its shape is its plan's."""
    analysis = analyse_sprite(rgba)
    style = style_of(analysis, detail)
    groups = [g for r in analysis.regions.values() for g in r.colours]
    if groups:
        main = max(groups, key=lambda g: g.share).rgb
        finish = spec.paints["body"].finish if "body" in spec.paints else "matte"
        spec = spec.with_paint("body", paint_from_rgb(main, finish))
    model = build_model(spec)
    camera = place_camera(model, analysis, view, style.outlined, style.level, direction)
    iou, (dx, dy) = best_shift(rest_mask(model, camera, style, direction), analysis.mask)
    camera = replace(camera, pivot=(camera.pivot[0] + dx, camera.pivot[1] + dy))
    return FittedSubject(spec, camera, style, analysis, iou, 1)
