"""Sprite exports of characters and objects: the contract's sheet and ZIP, and the
formats engines load directly (Aseprite JSON, Godot 4 SpriteFrames, Phaser 3 atlas).

A :class:`SpriteSet` is what is exported: the rotations (one image per direction) and
the animation rows (one per animation and direction, frames in order, with their fps
and whether they loop), every image with its pivot. :func:`sheet` lays it out as the
contract says: row 0 the rotations, then one row per animation-direction, uniform cells
the size of the largest image, each image centred in its cell, unused cells
transparent. Every writer then describes that one PNG:

- ``<name>.json`` (the contract's layout): cells, rows, and each frame's box and pivot;
- Aseprite JSON (array form): ``frames`` with ``frame``/``sourceSize``/``duration``,
  ``meta.frameTags`` per animation-direction (``walk_south``), a ``pivot`` slice keyed
  on every frame;
- a Godot 4 ``SpriteFrames`` resource: one ``AtlasTexture`` per cell and animations named
  ``walk_south`` (``rotations`` holds the still directions);
- a Phaser 3 / TexturePacker JSON atlas (frame names ``walk_south_000`` with ``pivot``
  in 0..1), and a Phaser animation document (``anims``) that ``this.anims.fromJSON``
  reads.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from pixelkiln.engine.imageio import decode_image, encode_png

__all__ = [
    "FORMATS",
    "AnimationRow",
    "SpriteSet",
    "aseprite_json",
    "contract_zip",
    "export_zip",
    "files_zip",
    "godot_tres",
    "phaser_anims",
    "phaser_atlas",
    "sheet",
]

#: The ``?format=`` values the spritesheet endpoints answer, besides the contract's own.
FORMATS = ("aseprite", "godot", "phaser")


@dataclass(frozen=True)
class Frame:
    """One image (PNG bytes) and its pivot in its own pixel coordinates."""

    png: bytes
    pivot: tuple[int, int]


@dataclass(frozen=True)
class AnimationRow:
    """One animation in one direction."""

    name: str  # the animation type ("walk", "attack", "open")
    direction: str
    frames: tuple[Frame, ...]
    fps: int = 10
    loop: bool = True
    group_id: str | None = None

    @property
    def key(self) -> str:
        return f"{self.name}_{self.direction}"


@dataclass(frozen=True)
class SpriteSet:
    """Everything exported for one character or object."""

    name: str
    rotations: dict[str, Frame]  # direction -> image, in the contract's order
    animations: tuple[AnimationRow, ...] = ()
    metadata: dict[str, object] = field(default_factory=dict)

    @property
    def stem(self) -> str:
        """A file-name-safe version of the name."""
        stem = re.sub(r"[^a-zA-Z0-9_-]+", "_", self.name.strip()).strip("_")[:60]
        return stem or "sprite"


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    x: int
    y: int
    w: int
    h: int
    pivot: tuple[int, int]  # in sheet coordinates
    key: str  # frame name
    duration_ms: int


@dataclass(frozen=True)
class Sheet:
    png: bytes
    width: int
    height: int
    cell_w: int
    cell_h: int
    cells: tuple[Cell, ...]
    rows: tuple[dict[str, object], ...]


def _decoded(frames: Sequence[Frame]) -> list[np.ndarray]:
    return [decode_image(f.png) for f in frames]


def sheet(ss: SpriteSet) -> Sheet:
    """The sheet PNG and where everything is on it (see the module docstring)."""
    rows: list[tuple[dict[str, object], list[Frame], list[str], int]] = []
    rot_names = list(ss.rotations)
    rows.append(
        (
            {"kind": "rotations", "directions": rot_names},
            list(ss.rotations.values()),
            [f"rotation_{d}" for d in rot_names],
            0,
        )
    )
    for a in ss.animations:
        rows.append(
            (
                {
                    "kind": "animation",
                    "animation": a.name,
                    "direction": a.direction,
                    "fps": a.fps,
                    "loop": a.loop,
                    "group_id": a.group_id,
                    "frame_count": len(a.frames),
                },
                list(a.frames),
                [f"{a.key}_{i:03d}" for i in range(len(a.frames))],
                round(1000 / max(1, a.fps)),
            )
        )
    images = [_decoded(r[1]) for r in rows]
    cell_w = max((i.shape[1] for row in images for i in row), default=1)
    cell_h = max((i.shape[0] for row in images for i in row), default=1)
    cols = max((len(row) for row in images), default=1)
    canvas = np.zeros((cell_h * len(rows), cell_w * cols, 4), np.uint8)
    cells: list[Cell] = []
    meta_rows = []
    for r, ((info, frames, keys, duration), imgs) in enumerate(zip(rows, images, strict=True)):
        row_cells = []
        for c, (img, frame, key) in enumerate(zip(imgs, frames, keys, strict=True)):
            ox = c * cell_w + (cell_w - img.shape[1]) // 2
            oy = r * cell_h + (cell_h - img.shape[0]) // 2
            canvas[oy : oy + img.shape[0], ox : ox + img.shape[1]] = img
            cell = Cell(
                r,
                c,
                c * cell_w,
                r * cell_h,
                cell_w,
                cell_h,
                (ox + frame.pivot[0], oy + frame.pivot[1]),
                key,
                duration or 100,
            )
            cells.append(cell)
            row_cells.append(
                {
                    "key": key,
                    "x": cell.x,
                    "y": cell.y,
                    "w": cell_w,
                    "h": cell_h,
                    "pivot": {"x": cell.pivot[0], "y": cell.pivot[1]},
                }
            )
        meta_rows.append({"row": r, **info, "frames": row_cells})
    h, w = canvas.shape[:2]
    return Sheet(encode_png(canvas), w, h, cell_w, cell_h, tuple(cells), tuple(meta_rows))


def _layout(ss: SpriteSet, sh: Sheet) -> dict[str, object]:
    return {
        "name": ss.name,
        "image": f"{ss.stem}.png",
        "size": {"width": sh.width, "height": sh.height},
        "cell": {"width": sh.cell_w, "height": sh.cell_h},
        "rows": list(sh.rows),
        **({"metadata": ss.metadata} if ss.metadata else {}),
    }


def _zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    # Stored, not deflated: PNGs are compressed already, and the contract's ZIPs are.
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()


def contract_zip(ss: SpriteSet) -> bytes:
    """The contract's spritesheet ZIP: ``<name>.png`` and ``<name>.json``."""
    sh = sheet(ss)
    layout = json.dumps(_layout(ss, sh), indent=1).encode()
    return _zip({f"{ss.stem}.png": sh.png, f"{ss.stem}.json": layout})


def _animation_cells(sh: Sheet) -> dict[str, list[Cell]]:
    """Frame cells grouped by animation key (``rotations`` for row 0)."""
    out: dict[str, list[Cell]] = {}
    for row in sh.rows:
        key = (
            "rotations" if row["kind"] == "rotations" else f"{row['animation']}_{row['direction']}"
        )
        out[key] = [c for c in sh.cells if c.row == row["row"]]
    return out


def aseprite_json(ss: SpriteSet, sh: Sheet) -> dict[str, object]:
    """Aseprite's JSON (array form) for the sheet."""
    frames = []
    for c in sh.cells:
        frames.append(
            {
                "filename": c.key,
                "frame": {"x": c.x, "y": c.y, "w": c.w, "h": c.h},
                "rotated": False,
                "trimmed": False,
                "spriteSourceSize": {"x": 0, "y": 0, "w": c.w, "h": c.h},
                "sourceSize": {"w": c.w, "h": c.h},
                "duration": c.duration_ms,
            }
        )
    tags = []
    index = 0
    for key, cells in _animation_cells(sh).items():
        tags.append(
            {
                "name": key,
                "from": index,
                "to": index + len(cells) - 1,
                "direction": "forward",
                "color": "#000000ff",
            }
        )
        index += len(cells)
    pivot_keys = [
        {
            "frame": i,
            "bounds": {"x": 0, "y": 0, "w": c.w, "h": c.h},
            "pivot": {"x": c.pivot[0] - c.x, "y": c.pivot[1] - c.y},
        }
        for i, c in enumerate(sh.cells)
    ]
    return {
        "frames": frames,
        "meta": {
            "app": "https://github.com/pixelkiln/pixelkiln",
            "version": "1.3",
            "image": f"{ss.stem}.png",
            "format": "RGBA8888",
            "size": {"w": sh.width, "h": sh.height},
            "scale": "1",
            "frameTags": tags,
            "layers": [{"name": "sprite", "opacity": 255, "blendMode": "normal"}],
            "slices": [{"name": "pivot", "color": "#0000ffff", "keys": pivot_keys}],
        },
    }


def godot_tres(ss: SpriteSet, sh: Sheet) -> str:
    """A Godot 4 ``SpriteFrames`` resource over ``res://<name>.png``."""
    lines = [
        f'[gd_resource type="SpriteFrames" load_steps={len(sh.cells) + 2} format=3]',
        "",
        f'[ext_resource type="Texture2D" path="res://{ss.stem}.png" id="1_sheet"]',
        "",
    ]
    ids: dict[str, str] = {}
    for i, c in enumerate(sh.cells, start=1):
        sub = f"AtlasTexture_{i}"
        ids[c.key] = sub
        lines += [
            f'[sub_resource type="AtlasTexture" id="{sub}"]',
            'atlas = ExtResource("1_sheet")',
            f"region = Rect2({c.x}, {c.y}, {c.w}, {c.h})",
            "",
        ]
    anims = []
    for key, cells in _animation_cells(sh).items():
        row = next(r for r in sh.rows if r["row"] == cells[0].row)
        speed = float(row.get("fps", 5)) if row["kind"] == "animation" else 5.0
        loop = bool(row.get("loop", True)) if row["kind"] == "animation" else True
        frames = ",\n".join(
            f'{{\n"duration": 1.0,\n"texture": SubResource("{ids[c.key]}")\n}}' for c in cells
        )
        anims.append(
            f'{{\n"frames": [{frames}],\n"loop": {"true" if loop else "false"},\n'
            f'"name": &"{key}",\n"speed": {speed:.1f}\n}}'
        )
    lines += ["[resource]", f"animations = [{', '.join(anims)}]", ""]
    return "\n".join(lines)


def phaser_atlas(ss: SpriteSet, sh: Sheet) -> dict[str, object]:
    """A Phaser 3 / TexturePacker JSON-hash atlas of the sheet's frames."""
    frames = {}
    for c in sh.cells:
        frames[c.key] = {
            "frame": {"x": c.x, "y": c.y, "w": c.w, "h": c.h},
            "rotated": False,
            "trimmed": False,
            "spriteSourceSize": {"x": 0, "y": 0, "w": c.w, "h": c.h},
            "sourceSize": {"w": c.w, "h": c.h},
            "pivot": {
                "x": round((c.pivot[0] - c.x) / c.w, 4),
                "y": round((c.pivot[1] - c.y) / c.h, 4),
            },
        }
    return {
        "frames": frames,
        "meta": {
            "app": "pixelkiln",
            "version": "1.0",
            "image": f"{ss.stem}.png",
            "format": "RGBA8888",
            "size": {"w": sh.width, "h": sh.height},
            "scale": "1",
        },
    }


def phaser_anims(ss: SpriteSet, sh: Sheet, texture_key: str | None = None) -> dict[str, object]:
    """Phaser 3's animation JSON (``this.anims.fromJSON``) over the atlas frames."""
    key = texture_key or ss.stem
    anims = []
    for name, cells in _animation_cells(sh).items():
        row = next(r for r in sh.rows if r["row"] == cells[0].row)
        if row["kind"] != "animation":
            continue
        anims.append(
            {
                "key": name,
                "type": "frame",
                "frames": [{"key": key, "frame": c.key} for c in cells],
                "frameRate": int(row["fps"]),
                "repeat": -1 if row["loop"] else 0,
            }
        )
    return {"anims": anims, "globalTimeScale": 1}


def export_zip(ss: SpriteSet, fmt: str) -> bytes:
    """The sheet and one engine's description of it, zipped (``fmt`` in FORMATS)."""
    sh = sheet(ss)
    files: dict[str, bytes] = {f"{ss.stem}.png": sh.png}
    if fmt == "aseprite":
        files[f"{ss.stem}.json"] = json.dumps(aseprite_json(ss, sh), indent=1).encode()
    elif fmt == "godot":
        files[f"{ss.stem}.tres"] = godot_tres(ss, sh).encode()
    elif fmt == "phaser":
        files[f"{ss.stem}.json"] = json.dumps(phaser_atlas(ss, sh), indent=1).encode()
        files[f"{ss.stem}.anims.json"] = json.dumps(phaser_anims(ss, sh), indent=1).encode()
    else:
        msg = f"format must be one of {', '.join(FORMATS)}; got {fmt!r}"
        raise ValueError(msg)
    return _zip(files)


def files_zip(ss: SpriteSet, metadata: dict[str, object]) -> bytes:
    """The contract's ZIP of loose files: ``rotations/{dir}.png``,
    ``animations/{type}/{dir}/frame_000.png``..., and ``metadata.json``."""
    files: dict[str, bytes] = {}
    for d, f in ss.rotations.items():
        files[f"rotations/{d}.png"] = f.png
    for a in ss.animations:
        for i, f in enumerate(a.frames):
            files[f"animations/{a.name}/{a.direction}/frame_{i:03d}.png"] = f.png
    files["metadata.json"] = json.dumps(metadata, indent=1).encode()
    return _zip(files)
