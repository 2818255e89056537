"""Gallery section "motion": sprites we did not draw, turned, walked, interpolated,
re-dressed and edited, next to their inputs.

The inputs are the hand-made knight, ranger and robed mage (32 px), slime (48 px) and
wolf (64 px) of :mod:`.hand_made`. Everything is drawn by the engine functions the motion jobs run.
Sprites sit on a flat backdrop and are enlarged without smoothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pixelkiln.engine.sprites.animate import animate_sprite, interpolate_sprites
from pixelkiln.engine.sprites.outfit import transfer_outfit
from pixelkiln.engine.sprites.turn import ROTATION_ORDER, turn_sprite
from pixelkiln.engine.sprites.understand import understand_sprite
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.gallery.hand_made import HAND_MADE
from pixelkiln.gallery.sheets import Sheet
from pixelkiln.service.motion.edits import edit_animation

__all__ = ["NAME", "TITLE", "build"]

NAME = "motion"
TITLE = "Motion for any sprite"

_BG = (201, 209, 189)
_INK = (40, 44, 52)
_LABEL = 16
_SHEET = Sheet(_BG, _INK, label=_LABEL, font_size=12)


def _zoom(size: int) -> int:
    return max(2, 192 // size)


def build(out: Path, progress: Callable[[str], None]) -> str:
    parts = [
        "Sprites we did not draw (drawn by hand from boxes and ellipses or pixel by "
        "pixel: a 32 px knight, ranger and robed mage, a 48 px slime, a 64 px wolf seen "
        "side-on). Each is read (body plan, a model fitted to it by silhouette overlap, "
        "keypoints), then turned and animated. The given direction and frame 0 are the "
        "input itself; every other image uses the input's own colours only. The mage's "
        "robe is read as a long garment with boots under its hem, its pointed hat as a "
        "hat with a gold band, and its walk steps the boots, sways the hem and bobs.\n"
    ]
    models = {}
    for name, (draw, words) in HAND_MADE.items():
        progress(f"motion: {name}")
        sm = understand_sprite(draw(), hint=words)
        models[name] = sm
        turned = turn_sprite(sm)
        zoom = _zoom(sm.rgba.shape[0])
        walked = animate_sprite(sm, "walk", 8)
        walk = walked.frames
        moved = (
            "the sprite's own pixels moved by whole pixels (boots stepping under the hem, "
            "the hem swaying, a bob)"
            if walked.record.get("moved_as") == "robe"
            else "the sprite's own pixels moved by a skeleton fitted to it"
        )
        _SHEET.rows(
            [
                (
                    f"{name}: input, then 8 rotations",
                    [sm.rgba, *(turned[d] for d in ROTATION_ORDER)],
                ),
                ("walk: frame 0 (input), 8 frames", walk),
            ],
            zoom,
            ["input", *ROTATION_ORDER],
        ).save(out / f"{name}.png")
        gif = [_SHEET.blended(f, zoom) for f in walk[1:]]
        gif[0].save(
            out / f"{name}_walk.gif", save_all=True, append_images=gif[1:], duration=110, loop=0
        )
        parts.append(
            f"**{name}** ({sm.plan}, facing {sm.direction}, fit overlap "
            f"{sm.fitted.iou if sm.fitted else 0:.2f}): rotations and a walk, {moved}.\n\n"
            f"![{name}]({NAME}/{name}.png) "
            f"![{name} walk]({NAME}/{name}_walk.gif)\n"
        )
    knight = models["knight"]
    zoom = _zoom(32)
    progress("motion: interpolation")
    raised = animate_sprite(knight, "wave", 8).frames[3]
    strip = interpolate_sprites(knight, raised, "wave", 8).frames
    _SHEET.rows([("interpolation-v2: start, in-betweens, end (action 'wave')", strip)], zoom).save(
        out / "interpolation.png"
    )
    parts.append(
        "In-betweens by poses, not by fading pixels: the end's pose is fitted as a pose "
        "of the action, and each in-between is the start's own pixels moved part of the "
        "way there.\n\n"
        f"![interpolation]({NAME}/interpolation.png)\n"
    )
    progress("motion: outfit")
    farmer = (
        draw_subject(
            Subject.from_text("a man in a red shirt and green trousers", 2),
            Look(image_size=(32, 32), canvas="object"),
            ["south"],
        )
        .sprites["south"]
        .rgba()
    )
    walk = animate_sprite(knight, "walk", 4).frames
    dressed, _ = transfer_outfit(farmer, walk)
    edited, _ = edit_animation(walk, "a purple tabard and white boots", 1)
    hatted, _ = edit_animation(walk, "give him a hat", 1)
    snowy, _ = edit_animation(walk, "covered in snow", 1)
    armed, _ = edit_animation(walk, "holding a sword and a shield", 1)
    _SHEET.rows(
        [
            ("reference (drawn by the subject engine)", [farmer]),
            ("frames in", walk),
            ("transfer-outfit-v2: the reference's clothes", dressed),
            ("edit-animation-v2: 'a purple tabard and white boots'", edited),
            ("edit-animation-v2: 'give him a hat'", hatted),
            ("edit-animation-v2: 'covered in snow'", snowy),
            ("edit-animation-v2: 'holding a sword and a shield'", armed),
        ],
        zoom,
    ).save(out / "outfit.png")
    parts.append(
        "Outfit transfer and animation edits. The reference's clothes go on through the "
        "bones: each clothes pixel of a frame takes the reference's pixel at the same "
        "place on the same bone (the knight's steel legs change, its steel helmet stays). "
        "An edit is made once on the first frame by the editing engine and carried to "
        "every frame part by part, so a hat follows the head; held items are stamped at "
        "each frame's hand.\n\n"
        f"![outfit]({NAME}/outfit.png)\n"
    )
    return "\n".join(parts)
