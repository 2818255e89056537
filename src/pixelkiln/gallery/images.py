"""Gallery section "images": single images, edits and inpainting, made by the code the
service runs (the generators' and edits' own functions).

- 24 descriptions across subjects, icons, textures and scenes, at several sizes;
- candidate sheets of ``generate-image-v2`` (64 at 32 px, 16 at 64 px);
- ``generate-with-style-v2`` from two style images: the same descriptions in each style;
- edit before/after pairs (recolour, palette, conditions, material, an added item);
- inpainting before/after pairs (a described thing drawn into a mask, a texture fill).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

from pixelkiln.contract.images import GenerateImageV2Request, GenerateWithStyleV2Request
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.images import ImageAsk, draw_image
from pixelkiln.engine.inpaint import inpaint
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.gallery import hand_made_figures
from pixelkiln.gallery.sheets import Sheet, save, zoom_up
from pixelkiln.service.images.edit import edit_image
from pixelkiln.service.images.generate import v2_images, with_style_images

__all__ = ["NAME", "TITLE", "build"]

NAME = "images"
TITLE = "Single images, edits and inpainting"

SEED = 7
_BG = (38, 40, 46)
_INK = (225, 225, 230)
_LABEL = 14
_SHEET = Sheet(_BG, _INK, label=_LABEL)

#: (description, width, height, no_background)
DESCRIPTIONS: list[tuple[str, int, int, bool]] = [
    ("knight with a red cape", 64, 64, True),
    ("goblin archer", 48, 48, True),
    ("cute dragon", 64, 64, False),
    ("fire wizard", 64, 64, False),
    ("wooden barrel", 32, 32, True),
    ("oak tree", 64, 64, True),
    ("slime", 32, 32, True),
    ("skeleton warrior", 48, 48, True),
    ("health potion icon", 32, 32, False),
    ("sword icon", 32, 32, True),
    ("gold coin inventory icon", 24, 24, False),
    ("magic key item icon", 32, 32, False),
    ("mossy cobblestone texture", 64, 64, False),
    ("lava tile", 48, 48, False),
    ("wooden planks texture", 48, 48, False),
    ("snowy ground texture", 64, 32, False),
    ("forest clearing at night", 160, 96, False),
    ("desert town at sunset", 160, 96, False),
    ("dungeon corridor with torches", 160, 96, False),
    ("space station window", 160, 96, False),
    ("beach at noon", 128, 80, False),
    ("rainy town street", 128, 80, False),
    ("snowy mountains at dawn", 128, 80, False),
    ("knight in a graveyard at dusk", 128, 80, False),
]


def _zoomed(rgba: np.ndarray, zoom: int) -> Image.Image:
    back = np.empty((*rgba.shape[:2], 3), np.uint8)
    yy, xx = np.mgrid[0 : rgba.shape[0], 0 : rgba.shape[1]]
    # A dim checker shows where a picture is transparent.
    back[:] = np.where((((yy // 4) + (xx // 4)) % 2 == 0)[..., None], (52, 54, 62), (44, 46, 54))
    rgb = np.where(rgba[..., 3:4] > 0, rgba[..., :3], back)
    return zoom_up(rgb, zoom)


def _zoom_for(w: int, h: int, target: int = 192) -> int:
    return max(1, target // max(w, h))


def _figure(text: str, size: int = 48) -> np.ndarray:
    subject = Subject.from_text(text, seed=1)
    drawing = draw_subject(subject, Look(image_size=(size, size), canvas="object"), ["south"])
    return drawing.palette.rgba()[np.asarray(drawing.sprites["south"].index)]


def _scene_backdrop(w: int, h: int) -> np.ndarray:
    return draw_image(ImageAsk("grass meadow texture", w, h, SEED)).rgba


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Write the section's images under ``out``; return its Markdown."""
    md: list[str] = []

    progress("images: 24 descriptions")
    cells = []
    for text, w, h, nb in DESCRIPTIONS:
        pic = draw_image(ImageAsk(text, w, h, SEED, no_background=nb))
        kind = pic.reading["intent"]["kind"]  # type: ignore[index]
        zoom = _zoom_for(w, h) if kind != "scene" else 3 if w <= 128 else 2
        cells.append((f"{text} · {w}x{h} · {kind}", _zoomed(pic.rgba, zoom)))
    small = list(cells[:16])
    scenes = list(cells[16:])
    save(_SHEET.cells(small, 4), out / "descriptions.png")
    save(_SHEET.cells(scenes, 2), out / "scenes.png")
    views = []
    for text in ("forest clearing at night", "beach at noon", "dungeon corridor with torches"):
        for view in ("side", "low top-down", "high top-down"):
            pic = draw_image(ImageAsk(text, 128, 96, SEED, view=view))
            views.append((f"{text} · {view}", _zoomed(pic.rgba, 2)))
    save(_SHEET.cells(views, 3), out / "scene_views.png")
    md.append(
        "**24 descriptions** read as a subject, an icon, a texture or a scene "
        "(`create-image-pixflux` and friends), at their own sizes; transparent pixels show "
        "the checker.\n\n![descriptions](images/descriptions.png)\n\n"
        "**Scenes** in layers: a sky with its time of day and weather, far silhouettes, the "
        "middle ground, the ground from the materials engine, props from the subject engine, "
        "light pools after dark.\n\n![scenes](images/scenes.png)\n\n"
        "**A scene's view**: from the side, looking down (a strip of sky), and from high "
        "above (no sky; props drawn from above with their shadows; indoors the walls round "
        "the floor).\n\n![scene views](images/scene_views.png)\n"
    )

    progress("images: candidates")
    for side, cols in ((32, 8), (64, 4)):
        req = GenerateImageV2Request.model_validate(
            {"description": "cute slime monster", "image_size": {"width": side, "height": side}}
        )
        images, _ = v2_images(req, SEED)
        zoom = 3 if side == 32 else 2
        save(
            _SHEET.cells([("", _zoomed(i, zoom)) for i in images], cols, pad=4),
            out / f"candidates_{side}.png",
        )
    md.append(
        "**Candidate sheets** of `generate-image-v2`: 64 candidates at 32 px and 16 at 64 px "
        '("cute slime monster"), each from its own seed.\n\n'
        "![64 candidates](images/candidates_32.png)\n\n![16 candidates](images/candidates_64.png)\n"
    )

    progress("images: style transfer")
    styles = {
        "warm, black outline": _figure("fire wizard", 40),
        "cool, soft": _figure("ice golem", 40),
    }
    rows = []
    for name, style in styles.items():
        rows.append((f"style: {name}", _zoomed(style, 4)))
        for text in ("treasure chest", "knight", "mushroom"):
            body = {
                "description": text,
                "style_images": [
                    {
                        "image": {"type": "base64", "base64": _b64(style)},
                        "width": style.shape[1],
                        "height": style.shape[0],
                    }
                ],
            }
            images, _ = with_style_images(GenerateWithStyleV2Request.model_validate(body), SEED)
            rows.append((text, _zoomed(images[0], 4)))
    save(_SHEET.cells(rows, 4), out / "style_transfer.png")
    md.append(
        "**Style transfer** (`generate-with-style-v2`): the first of each row is the style "
        "image; palette, outline and shading come from it, the size too.\n\n"
        "![style transfer](images/style_transfer.png)\n"
    )

    progress("images: edits")
    villager = _figure("villager in a blue tunic", 48)
    pairs = [("before", _zoomed(villager, 4))]
    for text in (
        "make the tunic red",
        "winter palette",
        "covered in snow",
        "make it wooden",
        "glowing",
        "give him a hat",
        "add a torch",
    ):
        edited, _ = edit_image(villager, text, SEED)
        pairs.append((text, _zoomed(edited, 4)))
    save(_SHEET.cells(pairs, 4), out / "edits.png")
    md.append(
        "**Edits** (`edit-image`) of a figure the service did not draw: parts and palette "
        "changed by the instruction, everything it does not name kept byte for byte.\n\n"
        "![edits](images/edits.png)\n"
    )
    pairs = []
    for figure, text in (
        (hand_made_figures.swordsman, ""),
        (hand_made_figures.swordsman, "make the cape blue"),
        (hand_made_figures.swordsman, "make the shirt blue"),
        (hand_made_figures.swordsman, "make the hair white"),
        (hand_made_figures.swordsman, "remove the sword"),
        (hand_made_figures.villager, ""),
        (hand_made_figures.villager, "give him a hat"),
        (hand_made_figures.villager, "add a sword"),
    ):
        img = figure()
        shown = img if not text else edit_image(img, text, SEED)[0]
        pairs.append((text or "before", _zoomed(shown, 5)))
    save(_SHEET.cells(pairs, 4), out / "edits_hand_made.png")
    md.append(
        "**Edits of a hand-made sprite** through the sprite analysis: the hair, shirt and "
        "cape it finds are recoloured alone; a hat goes on the fitted head, a sword in the "
        "fitted hand; the sword he holds is found beside his body and taken away.\n\n"
        "![edits of a hand-made sprite](images/edits_hand_made.png)\n"
    )

    progress("images: inpainting")
    rows = []
    for text, base in (
        ("red mushroom", _scene_backdrop(64, 64)),
        ("wooden crate", render_material("stone brick", 64, SEED).rgba),
        ("grass texture", render_material("dirt path", 64, SEED).rgba),
    ):
        mask = np.zeros((64, 64), bool)
        mask[16:56, 14:50] = True
        done = inpaint(base, mask, text, SEED)
        shown = base.copy()
        shown[mask] = (np.asarray(shown[mask], np.int32) // 2 + (128, 0, 128, 127)).astype(np.uint8)
        rows += [(f"{text}: mask", _zoomed(shown, 3)), ("result", _zoomed(done.rgba, 3))]
    save(_SHEET.cells(rows, 2), out / "inpainting.png")
    md.append(
        "**Inpainting** (`inpaint`): the masked part (tinted) gets the described thing, "
        "fitted to the mask; the rest of the mask is filled from the picture's own texture; "
        "every pixel outside the mask is kept.\n\n![inpainting](images/inpainting.png)\n"
    )
    return "\n".join(md)


def _b64(rgba: np.ndarray) -> str:
    import base64

    return base64.b64encode(encode_png(rgba)).decode()
