"""Gallery section "subjects": characters, creatures and props turned to 8 directions,
animations as strips and GIFs, states side by side, and the style knobs as a matrix.

Every sheet is drawn at integer zoom on a calm ground (sprites are judged against what
they stand on) with a label per row, so a direction that disagrees, a stray pixel or a
foot that slides shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.reading import edit_subject
from pixelkiln.engine.subjects.sheets import gif_bytes
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, animate_subject, draw_subject

__all__ = ["ANIMATIONS", "CHARACTERS", "NAME", "PROPS", "TITLE", "build"]

NAME = "subjects"
TITLE = "Subjects: characters, creatures and props"

SEED = 7
#: 24 characters across roles, folks and proportions.
CHARACTERS = (
    "knight with a red cape",
    "blue wizard",
    "elf archer",
    "rogue",
    "pirate captain with an eyepatch",
    "ninja",
    "samurai",
    "viking with a wooden shield",
    "king",
    "princess",
    "farmer",
    "chef",
    "robot",
    "skeleton",
    "zombie",
    "orc warrior",
    "goblin with a dagger",
    "dwarf blacksmith",
    "vampire",
    "astronaut",
    "necromancer",
    "cowboy",
    "angel with a spear",
    "chibi witch",
)
#: Creatures: every quadruped and extra body plan, and a few words they serve.
CREATURES = (
    "bear",
    "cat",
    "dog",
    "horse",
    "lion",
    "wolf",
    "tiger",
    "unicorn",
    "slime",
    "bat",
    "owl",
    "snake",
    "spider",
    "ghost",
    "dragon",
    "scorpion",
)
#: Props: 40 kinds in 8 directions.
PROPS = (
    "treasure chest",
    "barrel",
    "crate",
    "sack",
    "pot",
    "table",
    "chair",
    "bed",
    "bookshelf",
    "street lamp",
    "torch",
    "lantern",
    "campfire",
    "sign",
    "fence",
    "gate",
    "well",
    "statue",
    "pillar",
    "oak tree",
    "pine tree",
    "palm tree",
    "dead tree",
    "bush",
    "rock",
    "crystal",
    "mushroom",
    "cactus",
    "log",
    "stump",
    "potion",
    "sword",
    "shield",
    "anvil",
    "cart",
    "tent",
    "banner",
    "gravestone",
    "altar",
    "door",
)
#: Animations shown as strips (knight) and GIFs.
ANIMATIONS = (
    "walk",
    "running-8-frames",
    "breathing-idle",
    "attack",
    "jumping-1",
    "falling-back-death",
    "cross-punch",
    "fireball",
)
STATES = (
    "",
    "make the cape blue",
    "without the helmet",
    "holding a torch",
    "damaged",
    "burning",
    "frozen",
    "glowing",
)
_INK = (40, 44, 38)
_PAPER = (236, 238, 230)
_LABEL_W = 150


def _font() -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=12)


def _crop(rows: Sequence[Sequence[np.ndarray]], pad: int = 2) -> list[list[np.ndarray]]:
    """The rows cropped to the union of their opaque pixels (one box for the sheet)."""
    cells = [c for r in rows for c in r]
    mask = np.zeros(cells[0].shape[:2], bool)
    for c in cells:
        mask |= c[..., 3] > 0
    ys, xs = np.nonzero(mask)
    y0, y1 = max(0, ys.min() - pad), min(mask.shape[0], ys.max() + pad + 1)
    x0, x1 = max(0, xs.min() - pad), min(mask.shape[1], xs.max() + pad + 1)
    return [[c[y0:y1, x0:x1] for c in r] for r in rows]


def _sheet(
    rows: Sequence[Sequence[np.ndarray]],
    labels: Sequence[str],
    zoom: int,
    header: Sequence[str] = (),
) -> Image.Image:
    """Labelled rows of sprites (all one size) on the ground colour, enlarged."""
    from pixelkiln.engine.subjects.sheets import contact_sheet

    grid = contact_sheet(rows, zoom=zoom, gap=1)
    head = 18 if header else 0
    out = Image.new("RGB", (grid.shape[1] + _LABEL_W, grid.shape[0] + head), _PAPER)
    out.paste(Image.fromarray(grid), (_LABEL_W, head))
    draw = ImageDraw.Draw(out)
    font = _font()
    cell_h = (grid.shape[0] - zoom) / max(1, len(rows))
    for i, label in enumerate(labels):
        draw.text((6, head + int(cell_h * i + cell_h / 2) - 6), label, fill=_INK, font=font)
    if header:
        cell_w = (grid.shape[1] - zoom) / max(1, max(len(r) for r in rows))
        for i, text in enumerate(header):
            draw.text((_LABEL_W + int(cell_w * i) + 4, 3), text, fill=_INK, font=font)
    return out


def _save(img: Image.Image, path: Path) -> None:
    path.write_bytes(encode_png(np.asarray(img)))


def _turnarounds(texts: Sequence[str], look: Look) -> tuple[list[list[np.ndarray]], list[str]]:
    rows, labels = [], []
    for text in texts:
        subject = Subject.from_text(text, SEED)
        drawing = draw_subject(subject, look)
        rows.append([drawing.sprites[d].rgba() for d in DIRECTIONS])
        labels.append(text)
    return rows, labels


def _characters(out: Path, progress: Callable[[str], None]) -> str:
    look = Look(view="low top-down", style=SubjectStyle(shading="medium shading"))
    md = [
        "### Characters in 8 directions\n",
        "24 characters, 64 px `image_size` on the standard 92 px canvas, low top-down, "
        "medium shading, black outline. Columns: " + ", ".join(DIRECTIONS) + ".\n",
    ]
    for n in range(0, len(CHARACTERS), 6):
        progress(f"subjects: characters {n + 1}-{n + 6}")
        rows, labels = _turnarounds(CHARACTERS[n : n + 6], look)
        name = f"characters_{n // 6 + 1}.png"
        _save(_sheet(_crop(rows), labels, 3), out / name)
        md.append(f"![characters]({NAME}/{name})\n")
    return "\n".join(md)


def _creatures(out: Path, progress: Callable[[str], None]) -> str:
    progress("subjects: creatures")
    look = Look(view="low top-down", style=SubjectStyle(shading="medium shading"))
    md = [
        "### Creatures and other body plans\n",
        "Every quadruped template (bear, cat, dog, horse, lion) and the other body plans "
        "(slime, bird, serpent, spider, ghost, dragon...), each keeping its own shape.\n",
    ]
    for n in range(0, len(CREATURES), 8):
        rows, labels = _turnarounds(CREATURES[n : n + 8], look)
        name = f"creatures_{n // 8 + 1}.png"
        _save(_sheet(_crop(rows), labels, 3), out / name)
        md.append(f"![creatures]({NAME}/{name})\n")
    return "\n".join(md)


def _props(out: Path, progress: Callable[[str], None]) -> str:
    look = Look(
        image_size=(64, 64),
        view="high top-down",
        canvas="object",
        style=SubjectStyle(shading="medium shading"),
    )
    md = [
        "### Props in 8 directions\n",
        "40 of the prop kinds as 64 px objects, high top-down, fitted to the canvas in "
        "every direction.\n",
    ]
    for n in range(0, len(PROPS), 10):
        progress(f"subjects: props {n + 1}-{n + 10}")
        rows, labels = _turnarounds(PROPS[n : n + 10], look)
        name = f"props_{n // 10 + 1}.png"
        _save(_sheet(rows, labels, 2), out / name)
        md.append(f"![props]({NAME}/{name})\n")
    return "\n".join(md)


def _animations(out: Path, progress: Callable[[str], None]) -> str:
    look = Look(view="low top-down", style=SubjectStyle(shading="medium shading"))
    knight = Subject.from_text("knight with a red cape", SEED)
    md = [
        "### Animations\n",
        "The knight in `east`, one row per template (frame 0 is the rotation image); "
        "GIFs below loop in four directions.\n",
    ]
    rows, labels = [], []
    gifs = []
    for tid in ANIMATIONS:
        progress(f"subjects: animation {tid}")
        anim = animate_subject(knight, look, tid, ["east", "south", "north-west", "south-west"])
        rows.append([f.rgba() for f in anim.frames["east"]])
        labels.append(f"{tid} ({anim.frame_count})")
        for d in ("south", "east", "north-west", "south-west"):
            name = f"anim_{tid}_{d}.gif"
            idx = [f.index for f in anim.frames[d]]
            (out / name).write_bytes(gif_bytes(idx, anim.palette.rgba(), anim.motion.fps, zoom=3))
            gifs.append((tid, d, name))
    width = max(len(r) for r in rows)
    blank = np.zeros_like(rows[0][0])
    rows = [r + [blank] * (width - len(r)) for r in rows]
    _save(_sheet(_crop(rows), labels, 3), out / "animations.png")
    md.append(f"![animations]({NAME}/animations.png)\n")
    for tid in ANIMATIONS:
        cells = " ".join(f"![{tid} {d}]({NAME}/{n})" for t, d, n in gifs if t == tid)
        md.append(f"`{tid}`: {cells}\n")
    try:
        dog = Subject.from_text("dog", SEED)
        anim = animate_subject(dog, look, "walk-8-frames", ["east", "south-east"])
    except KeyError:
        return "\n".join(md)
    rows = [[f.rgba() for f in anim.frames[d]] for d in ("east", "south-east")]
    _save(_sheet(_crop(rows), ["dog walk-8-frames east", "south-east"], 3), out / "gait_dog.png")
    for d in ("east", "south-east"):
        idx = [f.index for f in anim.frames[d]]
        (out / f"anim_dog_walk_{d}.gif").write_bytes(
            gif_bytes(idx, anim.palette.rgba(), anim.motion.fps, zoom=3)
        )
    md.append(
        f"A quadruped gait: ![dog]({NAME}/gait_dog.png) "
        f"![dog east]({NAME}/anim_dog_walk_east.gif)\n"
    )
    return "\n".join(md)


def _states(out: Path, progress: Callable[[str], None]) -> str:
    progress("subjects: states")
    look = Look(view="low top-down", style=SubjectStyle(shading="medium shading"))
    base = Subject.from_text("knight with a red cape", SEED)
    rows, labels = [], []
    for d in ("south", "east"):
        row = []
        for edit in STATES:
            spec = edit_subject(base.spec, edit).spec if edit else base.spec
            row.append(draw_subject(Subject.from_spec(spec), look, [d]).sprites[d].rgba())
        rows.append(row)
        labels.append(f"knight, {d}")
    _save(
        _sheet(_crop(rows), labels, 3, header=[e or "as read" for e in STATES]), out / "states.png"
    )
    return (
        "### States\n\nAn edit description changes the model, so it holds in every "
        "direction: "
        + ", ".join(f"`{e}`" for e in STATES if e)
        + f".\n\n![states]({NAME}/states.png)\n"
    )


def _styles(out: Path, progress: Callable[[str], None]) -> str:
    progress("subjects: style matrix")
    subject = Subject.from_text("elf archer with a green hood", SEED)
    outlines = (
        "single color black outline",
        "single color outline",
        "selective outline",
        "lineless",
    )
    shadings = ("flat shading", "basic shading", "medium shading", "detailed shading")
    rows, labels = [], []
    for outline in outlines:
        row = []
        for shading in shadings:
            look = Look(view="low top-down", style=SubjectStyle(outline, shading))
            row.append(draw_subject(subject, look, ["south-east"]).sprites["south-east"].rgba())
        rows.append(row)
        labels.append(outline)
    _save(_sheet(_crop(rows), labels, 4, header=shadings), out / "styles.png")
    rows, labels = [], []
    views = ("side", "low top-down", "high top-down", "isometric")
    for view in views:
        look = Look(view=view, style=SubjectStyle(shading="medium shading"))
        rows.append([draw_subject(subject, look, ["south-east"]).sprites["south-east"].rgba()])
        labels.append(view)
    row = []
    for detail in ("low detail", "medium detail", "highly detailed"):
        look = Look(style=SubjectStyle(shading="medium shading", detail=detail))
        row.append(
            draw_subject(Subject.from_text("knight", SEED), look, ["south"]).sprites["south"].rgba()
        )
    views_img = _sheet(_crop([[r[0] for r in rows]]), ["views"], 4, header=views)
    _save(views_img, out / "views.png")
    _save(_sheet(_crop([row]), ["detail"], 4, header=("low", "medium", "high")), out / "detail.png")
    presets = (
        "chibi",
        "cartoon",
        "default",
        "stylized",
        "realistic_male",
        "realistic_female",
        "heroic",
    )
    row = []
    for preset in presets:
        s = Subject.from_text("adventurer", SEED, proportions=preset)
        row.append(
            draw_subject(s, Look(style=SubjectStyle(shading="medium shading")), ["south-east"])
            .sprites["south-east"]
            .rgba()
        )
    _save(_sheet(_crop([row]), ["proportions"], 3, header=presets), out / "proportions.png")
    sizes = []
    for size in (24, 32, 48, 64, 96):
        d = draw_subject(
            Subject.from_text("knight", SEED), Look(image_size=(size, size)), ["south"]
        )
        sizes.append((size, d.sprites["south"].rgba()))
    h = max(s[1].shape[0] for s in sizes)
    w = sum(s[1].shape[1] + 4 for s in sizes)
    strip = np.zeros((h, w, 4), np.uint8)
    x = 0
    for _, img in sizes:
        strip[h - img.shape[0] :, x : x + img.shape[1]] = img
        x += img.shape[1] + 4
    _save(_sheet([[strip]], ["24 32 48 64 96"], 3), out / "sizes.png")
    return (
        "### Style knobs\n\nOutline (rows) by shading (columns):\n\n"
        f"![styles]({NAME}/styles.png)\n\nViews: ![views]({NAME}/views.png)\n\n"
        f"Detail: ![detail]({NAME}/detail.png)\n\nProportion presets: "
        f"![proportions]({NAME}/proportions.png)\n\nSizes (`image_size` 24 to 96, the "
        f"default proportions follow the size): ![sizes]({NAME}/sizes.png)\n"
    )


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Write the section's sheets and GIFs into ``out`` and return its Markdown."""
    parts = [
        _characters(out, progress),
        _creatures(out, progress),
        _props(out, progress),
        _animations(out, progress),
        _states(out, progress),
        _styles(out, progress),
    ]
    return "\n".join(parts)
