"""Drawing one image from a description, with the generators' fields.

- **kind** (:mod:`.intent`): a subject is drawn by the subject engine, centred (feet on
  the lower part of the canvas); an icon is a prop centred with a pixel of margin, on an
  inventory slot unless ``no_background``; a texture is the materials engine's seamless
  tile (it fills the canvas whatever ``no_background`` says); a scene is composed in
  layers (:mod:`pixelkiln.engine.scenes`).
- A subject with a background stands in a plain setting (sky, far hills, ground) drawn by
  the scene composer without props, so it stays the picture's subject.
- ``view``, ``direction``, ``isometric`` and ``oblique`` set the camera (oblique is the
  high top-down view seen square-on); ``outline``, ``shading`` and ``detail`` the style.
- ``coverage`` (percent): the subject is scaled so its pixels cover about that share of
  the canvas. ``keypoints``: the figure is scaled and placed to span their box (feet on
  the lowest, head at the highest).
- ``style_palette``: colours are moved onto a style image's colours; ``palette`` (the
  ``color_image``) forces them: every opaque pixel is one of its colours, exactly.
- ``init_image`` at ``init_strength`` (0-1): the drawing is mixed with the init image,
  keeping that share of its shapes (alpha) and colours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import numpy as np

from pixelkiln.engine.images.intent import Intent, read_intent
from pixelkiln.engine.images.pose import pose_angles
from pixelkiln.engine.isometric.blend import blend_init, fit_init, force_palette
from pixelkiln.engine.palette import fit_to_palette
from pixelkiln.engine.rng import derive_seed, make_rng
from pixelkiln.engine.scenes import compose_scene, read_scene
from pixelkiln.engine.scenes.layers import texture
from pixelkiln.engine.scenes.reading import SceneSpec
from pixelkiln.engine.style import Style
from pixelkiln.engine.subjects.paints import build_palette
from pixelkiln.engine.subjects.render import render
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, camera_for, draw_subject
from pixelkiln.engine.wordlists import NAMED_COLORS

__all__ = ["ImageAsk", "Picture", "candidate_count", "draw_candidates", "draw_image"]


@dataclass(frozen=True)
class ImageAsk:
    """Everything a generator request can ask of one image."""

    description: str
    width: int
    height: int
    seed: int = 0
    view: str | None = None
    direction: str | None = None
    isometric: bool = False
    oblique: bool = False
    outline: str | None = None
    shading: str | None = None
    detail: str | None = None
    no_background: bool = False
    palette: np.ndarray | None = field(default=None, compare=False)
    style_palette: np.ndarray | None = field(default=None, compare=False)
    init_image: np.ndarray | None = field(default=None, compare=False)
    init_strength: float = 0.3
    coverage: float | None = None
    keypoints: tuple[tuple[float, float, str], ...] | None = None


@dataclass
class Picture:
    """A drawn image and how its description was read."""

    rgba: np.ndarray
    reading: dict[str, object]
    #: How to draw it again (a subject's ask and spec), for edits through the model.
    model: dict[str, object] | None = None


def ask_to_json(ask: ImageAsk) -> dict[str, object] | None:
    """The JSON form of an ask (None when it holds an init image: not kept)."""
    if ask.init_image is not None:
        return None
    out: dict[str, object] = {}
    for name in ImageAsk.__dataclass_fields__:
        value = getattr(ask, name)
        if isinstance(value, np.ndarray):
            value = value.tolist()
        elif isinstance(value, tuple):
            value = [list(v) for v in value]
        out[name] = value
    return out


def ask_from_json(data: dict[str, object]) -> ImageAsk:
    """The ask :func:`ask_to_json` stored."""
    fields = dict(data)
    for name in ("palette", "style_palette"):
        if fields.get(name) is not None:
            fields[name] = np.asarray(fields[name], np.uint8).reshape(-1, 3)
    if fields.get("keypoints") is not None:
        fields["keypoints"] = tuple(tuple(k) for k in fields["keypoints"])  # type: ignore[union-attr]
    return ImageAsk(**fields)  # type: ignore[arg-type]


def candidate_count(largest_side: int) -> int:
    """Images a Pro generator returns for a canvas whose larger side is this."""
    return (
        64 if largest_side <= 42 else 16 if largest_side <= 85 else 4 if largest_side <= 170 else 1
    )


def _style(ask: ImageAsk) -> SubjectStyle:
    return SubjectStyle(
        outline=ask.outline or "single color black outline",
        shading=ask.shading or "medium shading",
        detail=ask.detail or "medium detail",
    )


def _view(ask: ImageAsk, default: str) -> str:
    if ask.oblique:
        return "high top-down"
    return ask.view or default


def _subject(text: str, seed: int) -> Subject:
    """The subject read from ``text``, its colours varied by the seed.

    The reader already draws what a description leaves open from the seed for figures
    (hair, skin, cloth); creatures and props would come out alike, so every seed turns
    their paints a little round the wheel and in lightness (a named colour stays itself:
    red stays red), and candidates of one description are visibly different.
    """
    subject = Subject.from_text(text, seed=seed)
    spec = subject.spec
    if spec.kind == "character" or not spec.paints:
        return subject
    rng = make_rng(seed, "image variant")
    # A creature whose colour the description does not name may be any hue (slimes,
    # dragons); props keep their materials' hues (wood stays brown).
    named = any(w in NAMED_COLORS for w in re.findall(r"[a-z]+", text.lower()))
    reach = 70.0 if spec.kind == "creature" and not named else 22.0
    paints = {}
    for role, p in spec.paints.items():
        turn = float(rng.uniform(-1, 1)) * reach if p.chroma > 0.03 else 0.0
        paints[role] = replace(
            p,
            hue=(p.hue + turn) % 360.0,
            lightness=float(np.clip(p.lightness + rng.uniform(-0.07, 0.07), 0.2, 0.92)),
            chroma=max(0.0, p.chroma * float(rng.uniform(0.8, 1.2))),
        )
    varied = Subject.from_spec(replace(spec, paints=paints))
    return replace(varied, reading=subject.reading)


#: Largest side a subject is drawn at; larger canvases get it at 2x or 3x pixels (pixel
#: art that big is drawn in bigger pixels, and a ray-cast render costs by the pixel).
MAX_SUBJECT_PX = 256


def _sprite(subject: Subject, ask: ImageAsk, size: tuple[int, int], view: str) -> np.ndarray:
    k = -(-max(size) // MAX_SUBJECT_PX)
    if k > 1:
        small = _sprite(subject, ask, (max(8, size[0] // k), max(8, size[1] // k)), view)
        return np.repeat(np.repeat(small, k, axis=0), k, axis=1)
    look = Look(
        image_size=(max(8, int(size[0])), max(8, int(size[1]))),
        view=view,
        isometric=ask.isometric,
        style=_style(ask),
        canvas="object",
    )
    direction = ask.direction or "south"
    drawing = draw_subject(subject, look, [direction])
    return drawing.palette.rgba()[np.asarray(drawing.sprites[direction].index)]


def _posed(subject: Subject, ask: ImageAsk, size: tuple[int, int], view: str) -> np.ndarray:
    """A figure with its limbs pointed the way the keypoints' are (:mod:`.pose`), drawn
    on a canvas with room for raised arms; other subjects as they stand."""
    look = Look(
        image_size=(max(8, size[0]), max(8, size[1])),
        view=view,
        isometric=ask.isometric,
        style=_style(ask),
        canvas="object",
    )
    direction = ask.direction or "south"
    angles, _ = pose_angles(subject, look, direction, list(ask.keypoints or ()))
    if not angles:
        return _sprite(subject, ask, size, view)
    model = subject.sized(max(look.image_size)).model
    camera = camera_for(model, look)
    # Room for limbs the rest pose keeps in: the same scale on a canvas 40 % larger.
    w, h = camera.size
    pad_w, pad_h = int(w * 0.2), int(h * 0.2)
    camera = replace(
        camera,
        size=(w + 2 * pad_w, h + 2 * pad_h),
        pivot=(camera.pivot[0] + pad_w, camera.pivot[1] + pad_h),
    )
    palette = build_palette(model, look.style, None)
    sprite = render(model, model.pose(angles), direction, camera, look.style, palette)
    return sprite.rgba()


def _crop(rgba: np.ndarray) -> np.ndarray:
    solid = rgba[..., 3] > 0
    if not solid.any():
        return rgba
    ys, xs = np.nonzero(solid.any(1))[0], np.nonzero(solid.any(0))[0]
    return rgba[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1]


def _place(canvas: np.ndarray, sprite: np.ndarray, cx: float, cy: float) -> None:
    """``sprite`` centred on (cx, cy), clipped to the canvas."""
    h, w = canvas.shape[:2]
    sh, sw = sprite.shape[:2]
    x0, y0 = round(cx - sw / 2), round(cy - sh / 2)
    ys0, xs0, ys1, xs1 = max(0, y0), max(0, x0), min(h, y0 + sh), min(w, x0 + sw)
    if ys1 <= ys0 or xs1 <= xs0:
        return
    part = sprite[ys0 - y0 : ys1 - y0, xs0 - x0 : xs1 - x0]
    solid = part[..., 3] > 0
    canvas[ys0:ys1, xs0:xs1][solid] = part[solid]


def _filled(
    subject: Subject, ask: ImageAsk, size: tuple[int, int], view: str, share: float
) -> np.ndarray:
    """The subject cropped to its pixels, drawn as large as ``share`` of the box allows.

    The engine fits a subject so that every direction fits its canvas (a long dragon
    seen side-on), which leaves a single view small: when the drawing fills less than
    the box, it is drawn again on a canvas scaled up by what is missing."""
    sprite = _crop(_sprite(subject, ask, size, view))
    sh, sw = sprite.shape[:2]
    k = min(share * size[1] / max(1, sh), share * size[0] / max(1, sw))
    while k > 1.12:
        bigger = (max(8, int(size[0] * k)), max(8, int(size[1] * k)))
        again = _crop(_sprite(subject, ask, bigger, view))
        if again.shape[0] <= size[1] and again.shape[1] <= size[0]:
            return again
        k = 1.0 + (k - 1.0) * 0.6  # overshot (the fit is not linear at small sizes)
    return sprite


def _subject_on_canvas(subject: Subject, ask: ImageAsk, view: str) -> np.ndarray:
    """The subject alone, centred, sized by ``coverage`` or ``keypoints`` if asked."""
    w, h = ask.width, ask.height
    canvas = np.zeros((h, w, 4), np.uint8)
    if ask.keypoints:
        xs = [p[0] for p in ask.keypoints]
        ys = [p[1] for p in ask.keypoints]
        # Keypoints stop at the ankles and the nose: the figure spans a little more.
        kw, kh = max(xs) - min(xs), max(ys) - min(ys)
        bh = max(8.0, kh * 1.12)
        bw = max(bh, kw * 1.5)
        sprite = _crop(_posed(subject, ask, (int(bw), int(bh)), view))
        cx = (max(xs) + min(xs)) / 2
        bottom = max(ys) + kh * 0.08
        _place(canvas, sprite, cx, bottom - sprite.shape[0] / 2)
        return canvas
    size = (w, h)
    sprite = _filled(subject, ask, size, view, 0.9)
    if ask.coverage is not None and ask.coverage > 0:
        have = float((sprite[..., 3] > 0).sum()) / (w * h)
        k = float(np.sqrt(max(ask.coverage, 1.0) / 100.0 / max(have, 1e-6)))
        k = float(np.clip(k, 0.15, 1.0))
        if k < 0.97:
            sprite = _crop(_sprite(subject, ask, (max(8, int(w * k)), max(8, int(h * k))), view))
    _place(canvas, sprite, w / 2, h / 2)
    return canvas


def _slot(w: int, h: int) -> np.ndarray:
    """An inventory slot: a dark rounded square with a bevelled rim."""
    out = np.zeros((h, w, 4), np.uint8)
    yy, xx = np.mgrid[0:h, 0:w]
    r = max(1, min(w, h) // 8)
    inside = np.ones((h, w), bool)
    for cy, cx in ((r, r), (r, w - 1 - r), (h - 1 - r, r), (h - 1 - r, w - 1 - r)):
        corner = ((yy < r) if cy == r else (yy > h - 1 - r)) & (
            (xx < r) if cx == r else (xx > w - 1 - r)
        )
        inside &= ~(corner & (np.hypot(yy - cy, xx - cx) > r))
    out[inside] = (46, 40, 58, 255)
    edge = inside & ~np.pad(inside, 1)[2:, 1:-1] | inside & ~np.pad(inside, 1)[1:-1, 2:]
    light = inside & (~np.pad(inside, 1)[:-2, 1:-1] | ~np.pad(inside, 1)[1:-1, :-2])
    out[edge] = (22, 18, 30, 255)
    out[light] = (98, 88, 118, 255)
    inner = inside & (yy > 1) & (yy < h - 2) & (xx > 1) & (xx < w - 2)
    out[inner & ~edge & ~light & ((yy + xx) % 2 == 0) & (yy > h * 0.55)] = (52, 46, 66, 255)
    return out


def _icon(intent: Intent, ask: ImageAsk, view: str) -> np.ndarray:
    w, h = ask.width, ask.height
    subject = _subject(intent.text, ask.seed)
    margin = max(1, min(w, h) // 10) if not ask.no_background else 1
    sprite = _filled(subject, ask, (w - 2 * margin, h - 2 * margin), view, 1.0)
    canvas = np.zeros((h, w, 4), np.uint8) if ask.no_background else _slot(w, h)
    _place(canvas, sprite, w / 2, h / 2)
    return canvas


def _texture(intent: Intent, ask: ImageAsk) -> np.ndarray:
    outline = ask.outline or "lineless"
    shading = ask.shading or "basic shading"
    style = Style(outline=outline, shading=shading, detail=ask.detail or "medium detail")
    return texture(intent.text, (ask.height, ask.width), ask.seed, style)


def _scene(intent: Intent, ask: ImageAsk, figure_text: str | None) -> tuple[np.ndarray, SceneSpec]:
    spec = read_scene(intent.text, intent.setting)
    view = _view(ask, "side")

    def figure(fw: int, fh: int) -> np.ndarray:
        assert figure_text is not None
        return _crop(_sprite(_subject(figure_text, ask.seed), ask, (fw, fh), view))

    scene = compose_scene(
        spec,
        ask.width,
        ask.height,
        ask.seed,
        _style(ask),
        figure if figure_text else None,
        only_subjects=ask.no_background,
        view=view,
    )
    return scene.rgba, spec


def _figure_in(text: str, seed: int) -> str | None:
    """The character or creature a scene description names, if any ("knight in a forest").

    Only words of the subject lexicon count (no sentence model: a place description must
    not turn into a guessed figure), so the check is a word lookup before any reading.
    """
    from pixelkiln.engine.subjects.creatures import CREATURE_WORDS
    from pixelkiln.engine.subjects.reading import read_subject
    from pixelkiln.engine.subjects.vocabulary import SUBJECT_WORDS

    words = re.findall(r"[a-z]+", text.lower())
    pairs = [" ".join(words[i : i + 2]) for i in range(len(words) - 1)]
    if not any(w in SUBJECT_WORDS or w in CREATURE_WORDS for w in (*words, *pairs)):
        return None
    reading = read_subject(text, seed)
    if reading.matched_by == "lexicon" and reading.spec.kind in ("character", "creature"):
        return reading.spec.subject
    return None


def _backdrop(subject_rgba: np.ndarray, ask: ImageAsk) -> np.ndarray:
    """A plain setting behind a subject: sky, far hills and ground, no props."""
    spec = SceneSpec("plains", "day", "clear", (), False, "")
    back = compose_scene(
        spec,
        ask.width,
        ask.height,
        derive_seed(ask.seed, "backdrop"),
        _style(ask),
        None,
        dressing=False,
    )
    out = back.rgba
    solid = subject_rgba[..., 3] > 0
    out[solid] = subject_rgba[solid]
    return out


def _finish(rgba: np.ndarray, ask: ImageAsk) -> np.ndarray:
    out = rgba
    if ask.init_image is not None:
        out = blend_init(out, ask.init_image, ask.init_strength, ask.seed)
        if ask.no_background:
            keep = fit_init(ask.init_image, ask.height, ask.width)[..., 3] > 0
            out = out.copy()
            out[~keep & (rgba[..., 3] == 0)] = 0
    if ask.style_palette is not None and len(ask.style_palette) and ask.palette is None:
        out = force_palette(out, ask.style_palette)
    if ask.palette is not None and len(ask.palette):
        out = exact_palette(out, ask.palette)
    return out


def exact_palette(rgba: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Every opaque pixel on one of ``palette``'s colours (shades kept apart if possible)."""
    out = rgba.copy()
    opaque = out[..., 3] > 0
    pal = np.asarray(palette, np.uint8).reshape(-1, 3)
    if not opaque.any() or len(pal) == 0:
        return out
    colors, inverse = np.unique(out[..., :3][opaque], axis=0, return_inverse=True)
    if len(colors) > 400:  # the assignment is quadratic: snap plainly when there are many
        from pixelkiln.engine.isometric.blend import _snap

        return _snap(out, pal)
    out[..., :3][opaque] = fit_to_palette(colors, pal)[inverse.ravel()]
    return out


def draw_image(ask: ImageAsk, subject: Subject | None = None) -> Picture:
    """Draw ``ask`` (see the module docstring); ``subject`` replaces the one the
    description reads as (an edited model drawn again in the same ask)."""
    intent = read_intent(ask.description)
    reading: dict[str, object] = {"intent": intent.to_dict()}
    model: dict[str, object] | None = None
    if intent.kind == "texture":
        rgba = _texture(intent, ask)
        reading["material"] = intent.text
    elif intent.kind == "icon":
        rgba = _icon(intent, ask, _view(ask, "side"))
        reading["subject"] = _subject(intent.text, ask.seed).reading.to_dict()  # type: ignore[union-attr]
    elif intent.kind == "scene":
        figure = _figure_in(intent.text, ask.seed)
        rgba, spec = _scene(intent, ask, figure)
        reading["scene"] = {**spec.to_dict(), "view": _view(ask, "side")}
        reading["figure"] = figure
    else:
        subject = subject or _subject(intent.text, ask.seed)
        rgba = _subject_on_canvas(subject, ask, _view(ask, "low top-down"))
        if not ask.no_background:
            rgba = _backdrop(rgba, ask)
        reading["subject"] = subject.reading.to_dict() if subject.reading else None
        stored = ask_to_json(ask)
        if stored is not None:
            model = {"ask": stored, "spec": subject.spec.to_dict()}
    return Picture(_finish(rgba, ask), reading, model)


def draw_candidates(ask: ImageAsk, n: int) -> list[Picture]:
    """``n`` different images of ``ask`` (the first is ``ask``'s own seed).

    Each candidate has its own seed (colours, what the description leaves open, a scene's
    layout); when no ``direction`` was asked, candidates also turn a little (south,
    south-east, south-west), so a sheet of one creature is not sixteen copies of a pose.
    """
    turns = ("south", "south-east", "south-west")
    out = []
    for i in range(n):
        one = ask if i == 0 else replace(ask, seed=derive_seed(ask.seed, "candidate", i) % (2**31))
        if i > 0 and ask.direction is None:
            one = replace(one, direction=turns[i % len(turns)])
        out.append(draw_image(one))
    return out
