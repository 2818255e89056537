"""The subject engine's front door: text or spec in, sprites with metadata out.

::

    subject = Subject.from_text("orc knight with a red cape", seed=7)
    look = Look(image_size=(64, 64), view="low top-down")
    turn = draw_subject(subject, look)              # 8 directions
    walk = animate_subject(subject, look, "walk")   # every frame of every direction
    turn.png("south"), turn.metadata("south"), walk.frames["east"][3]

A :class:`Look` is how to draw (size, view, style, forced palette, canvas kind). One
camera and one palette serve every direction and frame of a subject in a look, so the
rotations and the animations agree pixel for pixel where they should (frame 0 of a walk
is the rotation image).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from pixelkiln.engine.imageio import encode_indexed
from pixelkiln.engine.subjects.camera import DIRECTIONS, view_for
from pixelkiln.engine.subjects.conditions import apply_conditions
from pixelkiln.engine.subjects.draw import draw_frame
from pixelkiln.engine.subjects.fit import CHARACTER_MARGIN, fit_creature, fit_prop
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Motion
from pixelkiln.engine.subjects.motion.effects import effect_colors
from pixelkiln.engine.subjects.motion.templates import Template, motion_for, template
from pixelkiln.engine.subjects.paints import SubjectPalette, build_palette
from pixelkiln.engine.subjects.reading import Reading, read_subject
from pixelkiln.engine.subjects.render import Camera, Sprite, render
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.style import SubjectStyle

__all__ = [
    "Animation",
    "Drawing",
    "Look",
    "Subject",
    "animate_subject",
    "build_model",
    "draw_subject",
]

#: Groups that are not the body: a creature is scaled by its body, not its hat or sword.
_NOT_BODY = frozenset(
    {"hat", "cape", "back", "wings", "tail", "flames", "item", "l_item", "r_item", "skirt"}
)


def build_model(spec: SubjectSpec) -> Model:
    """The model a spec describes (characters, creatures and props), in its conditions."""
    if spec.kind == "character":
        from pixelkiln.engine.subjects.outfits import build_character

        model = build_character(spec)
    elif spec.kind == "creature":
        from pixelkiln.engine.subjects.creatures import build_creature

        model = build_creature(spec)
    elif spec.kind == "prop":
        from pixelkiln.engine.subjects.props import build_prop

        model = build_prop(spec)
    else:
        msg = f"unknown subject kind {spec.kind!r}"
        raise ValueError(msg)
    return apply_conditions(model, spec.conditions, spec.seed)


def size_class(size: int) -> int:
    """The canvas class the default proportions follow: 24, 40 or 64 px and up."""
    return 24 if size <= 24 else 40 if size <= 40 else 64


@dataclass
class Subject:
    """A spec, the model built from it, and the reading it came from (if any)."""

    spec: SubjectSpec
    model: Model
    reading: Reading | None = None
    _cache: dict[object, object] = field(default_factory=dict, repr=False, compare=False)

    def cached(self, key: object, make: Callable[[], object]) -> object:
        """``make()`` once per ``key`` for this subject (cameras, palettes, sizes)."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def sized(self, size: int) -> Subject:
        """The subject built for an image of ``size`` px.

        A character with the ``default`` proportions is drawn with fewer heads at small
        sizes (a 4-head figure's face would be 3 px at 32 px), so the model is rebuilt
        when the size class changes; every other subject is returned as it is.
        """
        params = self.spec.params
        if self.spec.kind != "character" or params.get("proportions", "default") != "default":
            return self
        want = size_class(size)
        if size_class(int(params.get("canvas", 64))) == want:
            return self

        def rebuild() -> Subject:
            spec = replace(self.spec, params={**params, "canvas": want})
            return Subject(spec, build_model(spec), self.reading)

        return self.cached(("size", want), rebuild)  # type: ignore[return-value]

    @classmethod
    def from_spec(cls, spec: SubjectSpec) -> Subject:
        return cls(spec, build_model(spec))

    @classmethod
    def from_text(
        cls,
        text: str,
        seed: int = 0,
        proportions: str | None = None,
        custom: dict[str, float] | None = None,
        canvas: int = 64,
    ) -> Subject:
        """Read ``text`` and build it (``proportions``/``custom`` override the reading)."""
        reading = read_subject(text, seed, proportions)
        spec = reading.spec
        if spec.kind == "character":
            params = {**spec.params, "canvas": canvas}
            if custom:
                params["custom_proportions"] = {**params.get("custom_proportions", {}), **custom}
            spec = SubjectSpec(**{**spec.__dict__, "params": params})
        return cls(spec, build_model(spec), reading)


@dataclass(frozen=True)
class Look:
    """How a subject is drawn.

    ``canvas``: ``character`` draws on ``image_size`` plus 28 px (the contract's
    standard bases), scaled by the body; ``object`` fits everything in ``image_size``.
    ``palette`` forces the output onto those colours (``color_image``).
    """

    image_size: tuple[int, int] = (64, 64)
    view: str = "low top-down"
    isometric: bool = False
    style: SubjectStyle = field(default_factory=SubjectStyle)
    palette: np.ndarray | None = None
    canvas: str = "character"


def camera_for(model: Model, look: Look) -> Camera:
    view = view_for(look.view, look.isometric)
    if look.canvas == "character" and model.kind != "prop":
        # The plan may name its body (a long tail or wings should not shrink the animal).
        named = model.info.get("body_groups")
        groups = sorted(named) if named else sorted({p.group for p in model.parts} - _NOT_BODY)
        return fit_creature(model, look.image_size, view, groups, CHARACTER_MARGIN)
    return fit_prop(model, look.image_size, view)


def _setup(subject: Subject, look: Look) -> tuple[Camera, SubjectPalette]:
    """The camera and palette of ``subject`` in ``look``, made once per subject."""
    view_key = ("camera", look.image_size, look.view, look.isometric, look.canvas)
    camera = subject.cached(view_key, lambda: camera_for(subject.model, look))
    forced = None if look.palette is None else np.asarray(look.palette, np.uint8).tobytes()
    palette = subject.cached(
        ("palette", look.style, forced),
        lambda: build_palette(subject.model, look.style, look.palette),
    )
    return camera, palette  # type: ignore[return-value]


@dataclass
class Drawing:
    """A subject drawn facing several directions, with one camera and one palette."""

    sprites: dict[str, Sprite]
    camera: Camera
    palette: SubjectPalette

    def png(self, direction: str) -> bytes:
        """The direction's image as an indexed PNG carrying the subject's palette."""
        return encode_indexed(self.sprites[direction].index, self.palette.rgba())

    def metadata(self, direction: str) -> dict[str, object]:
        sprite = self.sprites[direction]
        return {
            "pivot": {"x": sprite.pivot[0], "y": sprite.pivot[1]},
            "ground_row": sprite.ground_row,
            "keypoints": sprite.keypoints,
        }


def draw_subject(subject: Subject, look: Look, directions: Sequence[str] = DIRECTIONS) -> Drawing:
    """The rest pose in each of ``directions``."""
    subject = subject.sized(max(look.image_size))
    model = subject.model
    camera, palette = _setup(subject, look)
    pose = model.pose()
    sprites = {d: render(model, pose, d, camera, look.style, palette) for d in directions}
    return Drawing(sprites, camera, palette)


@dataclass
class Animation:
    """Every frame of a motion facing each direction."""

    name: str
    frames: dict[str, list[Sprite]]
    camera: Camera
    palette: SubjectPalette
    motion: Motion
    template: Template | None = None

    @property
    def frame_count(self) -> int:
        return self.motion.frames

    def png(self, direction: str, i: int) -> bytes:
        return encode_indexed(self.frames[direction][i].index, self.palette.rgba())

    def travel_px(self) -> float:
        """Pixels a game moves the sprite per frame for the motion to keep its feet."""
        return self.motion.travel * self.camera.scale / max(1, self.motion.frames)


def animate_subject(
    subject: Subject,
    look: Look,
    motion: str | Motion,
    directions: Sequence[str] = DIRECTIONS,
    frames: int | None = None,
    seed: int = 0,
) -> Animation:
    """``motion`` (a template id of the subject's plan, or a Motion) in every direction."""
    subject = subject.sized(max(look.image_size))
    model = subject.model
    camera, palette = _setup(subject, look)
    tmpl = None
    if isinstance(motion, str):
        plan = model.plan if model.kind != "prop" else "prop"
        tmpl = template(plan, motion)
        motion = motion_for(model, motion, frames)
    extra = effect_colors(motion, camera, seed)
    if len(extra):
        palette = palette.with_colors(extra)
    samples = [motion.sample(t) for t in motion.times()]
    out = {
        d: [draw_frame(model, s, d, camera, look.style, palette, seed) for s in samples]
        for d in directions
    }
    return Animation(motion.name, out, camera, palette, motion, tmpl)
