"""Gallery section "objects": what the object family draws, made by its own job handlers
(the code the service runs), shown on a backdrop at integer zoom.

- a 64-candidate sheet (a 32 px request) and a forest pack (16 different trees);
- 8-direction props in three views, and an object made from a reference picture;
- states of props (open, broken, lit, covered in snow, burning);
- the prop motions (open, flicker, wave, sway, spin, pulse) as frame strips and GIFs;
- a map object inpainted into a grass scene: the scene, the object's layer, the result.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.gallery.sheets import Sheet, save
from pixelkiln.jobs.types import JobContext
from pixelkiln.service.objects.animations import run_animation
from pixelkiln.service.objects.create import run_eight_direction, run_one_direction
from pixelkiln.service.objects.map_objects import inpaint_mask, run_map_object
from pixelkiln.service.objects.motions import read_motion
from pixelkiln.service.objects.states import run_state, state_spec
from pixelkiln.service.subjects.drawing import subject_from

__all__ = ["NAME", "TITLE", "build"]

NAME = "objects"
TITLE = "Objects and map objects"

SEED = 5
_BG = (38, 40, 46)
_INK = (225, 225, 230)
_LABEL = 14
_SHEET = Sheet(_BG, _INK, label=_LABEL)
_CTX = JobContext("gallery", "gallery", "gallery", lambda _f: None, lambda _k: b"")


def _candidates(description: str, size: int) -> list[np.ndarray]:
    out = run_one_direction(
        {"request": {"description": description, "size": size}, "seed": SEED}, _CTX
    )
    keys = sorted((k for k in out.files if k.startswith("frame_")), key=lambda k: int(k[6:]))
    return [decode_image(out.files[k]) for k in keys]


def _eight(description: str, size: int | None, view: str, **extra: Any) -> tuple[dict, dict]:
    request = {"description": description, "view": view, **extra}
    if size is not None:
        request["size"] = size
    payload = {"request": request, "seed": SEED, "style_object": None}
    out = run_eight_direction(payload, _CTX)
    return {d: decode_image(out.files[d]) for d in DIRECTIONS}, out.result


def _state(result: dict, edit: str) -> dict[str, np.ndarray]:
    spec, reading = state_spec(SubjectSpec.from_dict(result["spec"]), edit, None)
    out = run_state(
        {
            "spec": spec.to_dict(),
            "reading": reading.to_dict(),
            "look": result["look"],
            "source_spec": result["spec"],
            "directions": result["directions"],
        },
        _CTX,
    )
    return {d: decode_image(b) for d, b in out.files.items()}


def _frames(result: dict, action: str, direction: str, count: int) -> list[np.ndarray]:
    subject = subject_from(result["spec"])
    read = read_motion(subject, action)
    out = run_animation(
        {
            "spec": result["spec"],
            "look": result["look"],
            "motion": read.motion,
            "action": read.action,
            "frames": count,
            "drop_first": False,
            "seed": SEED,
            "direction": direction,
        },
        _CTX,
    )
    return [decode_image(out.files[k]) for k in sorted(out.files)]


def _gif(frames: list[np.ndarray], zoom: int, path: Path, fps: int = 10) -> None:
    images = [_SHEET.on_backdrop(f, zoom) for f in frames]
    images[0].save(
        path, save_all=True, append_images=images[1:], duration=round(1000 / fps), loop=0
    )


def _scene(size: int = 96) -> np.ndarray:
    """A grass field with a dirt path across it (materials from the engine)."""
    grass = render_material("grass with small flowers", 32, SEED).rgba
    dirt = render_material("dirt path", 32, SEED).rgba
    field = np.tile(grass, (size // 32 + 1, size // 32 + 1, 1))[:size, :size].copy()
    band = np.tile(dirt, (size // 32 + 1, size // 32 + 1, 1))[:size, :size]
    yy, xx = np.mgrid[0:size, 0:size]
    path = np.abs(yy - (size * 0.78 + 6 * np.sin(xx / 11.0))) < 6
    field[path] = band[path]
    field[..., 3] = 255
    return field


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Write the section's images under ``out``; return its Markdown."""
    md: list[str] = []

    progress("objects: 64 candidates")
    cands = _candidates("assorted potions", 32)
    save(
        _SHEET.cells([("", _SHEET.on_backdrop(c, 3)) for c in cands], 8, pad=4),
        out / "candidates_64.png",
    )
    md.append(
        '**64 candidates** of a 32 px `create-1-direction-object` ("assorted potions"): '
        "one request, each candidate its own seed, proportions and colours.\n\n"
        "![64 candidates](objects/candidates_64.png)\n"
    )

    progress("objects: forest pack")
    forest = _candidates("forest pack", 64)
    save(_SHEET.cells([("", _SHEET.on_backdrop(c, 3)) for c in forest], 8), out / "forest_pack.png")
    md.append(
        "**A forest pack**: 16 candidates at 64 px, different kinds of tree (oak, pine, "
        "birch, willow, fruit, blossom, dead), each in its own greens.\n\n"
        "![forest pack](objects/forest_pack.png)\n"
    )

    progress("objects: 8 directions")
    rows = []
    results: dict[str, dict] = {}
    for desc, view in (
        ("wooden treasure chest", "low top-down"),
        ("stone well", "high top-down"),
        ("wooden barrel", "high top-down"),
        ("burning torch", "low top-down"),
        ("red banner", "low top-down"),
        ("magic crystal", "side"),
        ("gold coin", "side"),
        ("oak tree", "high top-down"),
    ):
        rot, result = _eight(desc, 48, view)
        results[desc] = result
        rows += [
            (f"{desc} · {view}" if d == "south" else d, _SHEET.on_backdrop(rot[d], 3))
            for d in DIRECTIONS
        ]
    save(_SHEET.cells(rows, 8), out / "eight_directions.png")
    md.append(
        "**8-direction objects** (48 px): one camera, one palette and one ground line in "
        "every direction; the directions turn clockwise from south.\n\n"
        "![8-direction objects](objects/eight_directions.png)\n"
    )

    progress("objects: reference")
    ref = np.zeros((48, 40, 4), np.uint8)
    ref[14:46, 4:36] = (28, 20, 24, 255)
    ref[15:45, 5:35] = (150, 92, 48, 255)
    ref[15:19, 5:35] = (196, 132, 72, 255)
    ref[28:31, 5:35] = (110, 110, 122, 255)
    ref[30:36, 18:22] = (236, 196, 70, 255)
    sent = base64.b64encode(encode_png(ref)).decode()
    rot, _ = _eight("wooden chest", None, "low top-down", reference_image={"base64": sent})
    save(
        _SHEET.cells(
            [
                ("reference (south)" if d == "south" else d, _SHEET.on_backdrop(rot[d], 4))
                for d in DIRECTIONS
            ],
            8,
        ),
        out / "reference.png",
    )
    md.append(
        "**From a reference picture**: the south view is the picture sent, byte for byte; "
        "the other seven are the description's model in the picture's colours and extent.\n\n"
        "![reference rotations](objects/reference.png)\n"
    )

    progress("objects: states")
    cells = []
    for desc, edits in (
        ("wooden treasure chest", ("open", "broken", "covered in snow", "burning")),
        ("burning torch", ("unlit", "covered in snow")),
        ("oak tree", ("covered in snow", "burning")),
        ("wooden barrel", ("broken", "make it red")),
    ):
        base = results.get(desc) or _eight(desc, 48, "low top-down")[1]
        first = decode_image(run_state_source(base))
        cells.append((desc, _SHEET.on_backdrop(first, 3)))
        for edit in edits:
            cells.append((edit, _SHEET.on_backdrop(_state(base, edit)["south-east"], 3)))
    save(_SHEET.cells(cells, 5), out / "states.png")
    md.append(
        "**States** (`POST /objects/{id}/states`): the edit applied to the object's model, "
        "drawn with the source's camera, so a state stands where its source stood.\n\n"
        "![states](objects/states.png)\n"
    )

    progress("objects: animations")
    strips = []
    gifs = []
    for desc, action in (
        ("wooden treasure chest", "the lid opens"),
        ("burning torch", "the flame flickers"),
        ("red banner", "waving in the wind"),
        ("oak tree", "swaying in the breeze"),
        ("gold coin", "spinning"),
        ("magic crystal", "pulsing with light"),
    ):
        frames = _frames(results[desc], action, "south-east", 8)
        strips += [
            (f"{desc}: {action}" if i == 0 else "", _SHEET.on_backdrop(f, 3))
            for i, f in enumerate(frames)
        ]
        name = desc.replace(" ", "_") + ".gif"
        _gif(frames, 4, out / name)
        gifs.append(f"![{action}](objects/{name})")
    save(_SHEET.cells(strips, 9), out / "animations.png")
    md.append(
        "**Animations** (`POST /objects/{id}/animations`, v3, 8 frames + the first): a "
        "chest opening, a flame flickering, a banner waving, a tree swaying, a coin "
        "spinning, a crystal pulsing; frame 0 is the rotation image.\n\n"
        "![animations](objects/animations.png)\n\n" + " ".join(gifs) + "\n"
    )

    progress("objects: map object")
    scene = _scene()
    payload = {
        "request": {
            "description": "wooden barrel",
            "background_image": {"base64": base64.b64encode(encode_png(scene)).decode()},
            "inpainting": {"type": "oval", "fraction": 0.3},
            "view": "high top-down",
        },
        "seed": SEED,
    }
    made = run_map_object(payload, _CTX)
    layer = decode_image(made.files["object"])
    composite = decode_image(made.files["composite"])
    from pixelkiln.contract.objects import CreateMapObjectRequest

    mask = inpaint_mask(CreateMapObjectRequest.model_validate(payload["request"], strict=False))
    shown = scene.copy()
    p = np.pad(mask, 1)
    edge = mask & ~(p[:-2, 1:-1] & p[2:, 1:-1] & p[1:-1, :-2] & p[1:-1, 2:])
    shown[edge] = (255, 90, 200, 255)
    cells = [
        ("scene and oval", _SHEET.on_backdrop(shown, 3)),
        ("map object (transparent)", _SHEET.on_backdrop(layer, 3)),
        ("drawn into the scene", _SHEET.on_backdrop(composite, 3)),
    ]
    save(_SHEET.cells(cells, 3), out / "map_object.png")
    md.append(
        "**A map object inpainted into a scene** (`POST /map-objects`, `oval` 0.3): the "
        "object alone on a transparent canvas the scene's size, and the scene with it drawn "
        "in (a contact shadow, the scene's palette pulled in); pixels outside the oval are "
        "the scene's own.\n\n"
        "![map object](objects/map_object.png)\n"
    )
    return "\n".join(md)


def run_state_source(result: dict) -> bytes:
    """The source's own south-east view, drawn again from its record (as states are)."""
    from pixelkiln.service.objects.draw import draw_stills

    return draw_stills(subject_from(result["spec"]), result["look"], ["south-east"])[
        "south-east"
    ].png()
