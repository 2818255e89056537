"""Gallery section "characters": turnarounds in 8 directions, template and free-text
animations as strips (and a looping GIF), states, a character fitted to a reference
sprite, and the contract's spritesheet.

Everything is drawn by the same code the character jobs run (the family's build and
render modules), so the pictures are what the service answers. Sprites sit on a flat
backdrop (they are transparent) and are enlarged without smoothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from pixelkiln.engine.imageio import decode_image
from pixelkiln.engine.subjects.reading import edit_subject
from pixelkiln.engine.subjects.subject import Subject, build_model
from pixelkiln.exports.sprites import AnimationRow, Frame, SpriteSet, sheet
from pixelkiln.gallery.sheets import Sheet
from pixelkiln.service.characters import build as character_build
from pixelkiln.service.characters.render import draw_animation, draw_rotations
from pixelkiln.service.subjects.drawing import look_params

__all__ = ["NAME", "TITLE", "build"]

NAME = "characters"
TITLE = "Characters"

EIGHT = ("south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west")
FOUR = ("south", "east", "north", "west")
SIZE = 48
_BG = (201, 209, 189)
_INK = (40, 44, 52)
_LABEL = 16
_SHEET = Sheet(_BG, _INK, label=_LABEL, font_size=12)

TURNAROUNDS: tuple[tuple[str, str, int], ...] = (
    ("orc knight with a red cape", "mannequin", 3),
    ("wizard in a blue robe holding a staff", "mannequin", 4),
    ("chibi princess", "mannequin", 2),
    ("astronaut", "mannequin", 5),
    ("a brown dog", "dog", 1),
    ("a green slime", "mannequin", 2),
)


def _character(text: str, template: str, seed: int, size: int = SIZE):
    subject = character_build.subject_from_text(text, seed, template, None, size)
    look = look_params((size, size))
    return subject, look


def _rotations(subject, look, dirs: Sequence[str]) -> dict[str, np.ndarray]:
    files, _ = draw_rotations(subject, look, list(dirs))
    return {d: decode_image(files[f"rotations/{d}"]) for d in dirs}


def _frames(subject, look, direction: str, mode: str, **kw) -> list[np.ndarray]:
    out = draw_animation(subject, look, direction, mode, **kw)
    return [decode_image(v) for v in out.files.values()]


def build(out: Path, progress: Callable[[str], None]) -> str:
    md: list[str] = []
    zoom = 3

    progress("characters: turnarounds")
    rows = []
    for text, template, seed in TURNAROUNDS:
        subject, look = _character(text, template, seed)
        rots = _rotations(subject, look, EIGHT)
        rows.append((f"{text} ({subject.spec.plan})", [rots[d] for d in EIGHT]))
    _SHEET.rows(rows, zoom, EIGHT).save(out / "turnarounds.png")
    md.append(
        "Eight directions, clockwise from south, at 48 px (a 76 px canvas: 48 + 28). One "
        "camera, one palette and one ground line for every direction; a creature word "
        "builds the creature (the slime), a quadruped template the animal.\n\n"
        f"![turnarounds]({NAME}/turnarounds.png)\n"
    )

    progress("characters: walk")
    subject, look = _character("orc knight with a red cape", "mannequin", 3)
    walk = {d: _frames(subject, look, d, "template", template_id="walk") for d in FOUR}
    _SHEET.rows([(f"walk {d}", walk[d]) for d in FOUR], zoom).save(out / "walk.png")
    gif = [
        Image.fromarray(
            np.concatenate([np.asarray(_SHEET.blended(walk[d][i], zoom)) for d in FOUR], 1)
        )
        for i in range(len(walk["south"]))
    ]
    gif[0].save(out / "walk.gif", save_all=True, append_images=gif[1:], duration=125, loop=0)
    md.append(
        "A template walk (6 frames) in four directions; frame 0 is the rotation image, byte "
        f"for byte.\n\n![walk]({NAME}/walk.gif)\n\n![walk frames]({NAME}/walk.png)\n"
    )

    progress("characters: actions")
    actions = [
        (
            "v3: wave hello (6 + kept first frame)",
            _frames(
                subject, look, "south", "v3", action="wave hello", frame_count=6, keep_first=True
            ),
        ),
        (
            "v3: swing the sword overhead",
            _frames(subject, look, "east", "v3", action="swing the sword overhead", frame_count=8),
        ),
        (
            "template: cross-punch",
            _frames(subject, look, "south-east", "template", template_id="cross-punch"),
        ),
    ]
    dog, dog_look = _character("a brown dog", "dog", 1)
    actions.append(("dog: bark", _frames(dog, dog_look, "east", "template", template_id="bark")))
    actions.append(
        (
            "dog: running-6-frames",
            _frames(dog, dog_look, "east", "template", template_id="running-6-frames"),
        )
    )
    _SHEET.rows(actions, zoom).save(out / "actions.png")
    md.append(
        "Free-text actions (v3) and templates of other body plans.\n\n"
        f"![actions]({NAME}/actions.png)\n"
    )

    progress("characters: states")
    base, base_look = _character("knight with a red cape", "mannequin", 1)
    rows = [("source", list(_rotations(base, base_look, FOUR).values()))]
    for edit in ("make the cape blue", "damaged", "holding a torch", "frozen"):
        spec = edit_subject(base.spec, edit).spec
        state = Subject(spec, build_model(spec))
        rows.append((edit, list(_rotations(state, base_look, FOUR).values())))
    _SHEET.rows(rows, zoom, FOUR).save(out / "states.png")
    md.append(
        "States: an edit applied to the model, drawn in every direction it has.\n\n"
        f"![states]({NAME}/states.png)\n"
    )

    progress("characters: fitted to a reference")
    rows = []
    for text, seed in (("farmer", 5), ("chibi princess", 2), ("ninja without a katana", 3)):
        ref_subject, ref_look = _character(text, "mannequin", seed)
        ref = _rotations(ref_subject, ref_look, ["south"])["south"][14:62, 14:62]
        fitted_subject, fitted = character_build.fit_reference(
            ref, "mannequin", "", seed, "low top-down"
        )
        palette = character_build.reference_palette(ref, ref[..., 3] > 0, seed)
        look = character_build.fitted_look(look_params((48, 48)), fitted, palette)
        rots = _rotations(fitted_subject, look, EIGHT)
        rows.append(
            (
                f"{text}: reference, then fitted (IoU {fitted.iou:.2f})",
                [ref, *(rots[d] for d in EIGHT[1:])],
            )
        )
    _SHEET.rows(rows, zoom).save(out / "fitted.png")
    md.append(
        "v3 from a reference: the reference (left) stays the south sprite; the other "
        "directions are drawn from a model fitted to it (proportions chosen by silhouette "
        "overlap, colours from its regions, its palette and outline).\n\n"
        f"![fitted]({NAME}/fitted.png)\n"
    )

    progress("characters: spritesheet")
    subject, look = _character("elf archer", "mannequin", 4, 32)
    files, record = draw_rotations(subject, look, list(FOUR))
    pivot = (record["pivot"]["x"], record["pivot"]["y"])
    rot = {d: Frame(files[f"rotations/{d}"], pivot) for d in FOUR}
    anim_rows = []
    for tid in ("walk", "breathing-idle"):
        for d in ("south", "east"):
            out_files = draw_animation(subject, look, d, "template", template_id=tid)
            anim_rows.append(
                AnimationRow(tid, d, tuple(Frame(v, pivot) for v in out_files.files.values()))
            )
    sh = sheet(SpriteSet("elf archer", rot, tuple(anim_rows)))
    _SHEET.blended(decode_image(sh.png), 2).save(out / "spritesheet.png")
    md.append(
        "The contract's spritesheet (`GET /characters/{id}/spritesheet`): row 0 the "
        "rotations, then one row per animation-direction, uniform cells.\n\n"
        f"![spritesheet]({NAME}/spritesheet.png)\n"
    )
    return "\n".join(md)
