"""A character's exports: the contract's spritesheet ZIP and file ZIP, and the sheet in
the formats engines load (Aseprite, Godot 4, Phaser 3), from the stored files.

These answer without a key, as the contract says: the random character id is the key.
An unknown id is 404; 423 (with Retry-After) while the character or any of its
animations is still being drawn, so an export is never missing what was asked for; 422
when the character's generation failed. Animation directions that failed (refunded) are
left out. The sheet's row 0 is the rotations, then one row per animation-direction,
animations in the order they were made, directions in the character's order.
``states`` (comma-separated ids of characters in the same group) adds those states to
the file ZIP under ``states/<id>/``.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from pixelkiln.errors import InvalidRequest, NotFound, StillProcessing
from pixelkiln.exports.sprites import (
    AnimationRow,
    Frame,
    SpriteSet,
    contract_zip,
    export_zip,
    files_zip,
)
from pixelkiln.service.characters.library import ANIMATION_FAMILY, FAMILY, NOUN
from pixelkiln.store.models import Asset

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["Export", "character_files_zip", "character_sheet_zip"]


@dataclass(frozen=True)
class Export:
    filename: str
    data: bytes


@dataclass(frozen=True)
class _Loaded:
    character: Asset
    animations: list[Asset]


def _load(ctx: Container, character_id: str) -> _Loaded:
    """The character (any account's: the id is the key) and its animation directions."""
    with ctx.db.read() as s:
        asset = s.get(Asset, character_id)
        if asset is None or asset.family != FAMILY:
            raise NotFound(f"{NOUN} not found")
        anims = list(
            s.scalars(
                select(Asset)
                .where(Asset.parent_id == character_id, Asset.family == ANIMATION_FAMILY)
                .order_by(Asset.created_at, Asset.id)
            )
        )
        for a in (asset, *anims):
            s.expunge(a)
    if asset.status == "processing":
        raise StillProcessing(f"{NOUN} is still being generated", retry_after=1)
    if asset.status == "failed":
        raise InvalidRequest(
            ("path", "character_id"), "the character's generation failed (its charge was refunded)"
        )
    if any(a.status == "processing" for a in anims):
        raise StillProcessing("An animation of this character is still being generated", 1)
    return _Loaded(asset, [a for a in anims if a.status == "completed"])


def _pivot(record: dict[str, Any] | None) -> tuple[int, int]:
    p = (record or {}).get("pivot") or {"x": 0, "y": 0}
    return int(p["x"]), int(p["y"])


def _sprite_set(ctx: Container, loaded: _Loaded) -> tuple[SpriteSet, dict[str, Any]]:
    c = loaded.character
    result = c.result or {}
    files = c.files or {}
    directions = list((c.params or {}).get("directions", ()))
    pivot = _pivot(result)
    rotations = {
        d: Frame(ctx.blobs.get(files[f"rotations/{d}"]), pivot)
        for d in directions
        if f"rotations/{d}" in files
    }
    order = {d: i for i, d in enumerate(directions)}
    groups: dict[str, list[Asset]] = {}
    for a in loaded.animations:
        groups.setdefault(a.group_id or a.id, []).append(a)
    rows: list[AnimationRow] = []
    meta_anims: list[dict[str, Any]] = []
    for group_id, parts in groups.items():
        parts.sort(key=lambda a: order.get((a.params or {}).get("direction", ""), 99))
        for a in parts:
            p, rec, fl = a.params or {}, a.result or {}, a.files or {}
            names = sorted(k for k in fl if k.startswith("frame_"))
            frames = tuple(Frame(ctx.blobs.get(fl[k]), _pivot(rec)) for k in names)
            row = AnimationRow(
                name=str(p.get("animation_type", "animation")),
                direction=str(p.get("direction", "south")),
                frames=frames,
                fps=int(rec.get("fps", 10)),
                loop=bool(rec.get("loop", True)),
                group_id=group_id,
            )
            rows.append(row)
            meta_anims.append(
                {
                    "animation_type": row.name,
                    "display_name": p.get("display_name"),
                    "animation_group_id": group_id,
                    "direction": row.direction,
                    "frame_count": len(frames),
                    "fps": row.fps,
                    "loop": row.loop,
                    "frames": [
                        {
                            "file": f"animations/{row.name}/{row.direction}/{k}.png",
                            "keypoints": (rec.get("keypoints") or [[]] * len(names))[i],
                        }
                        for i, k in enumerate(names)
                    ],
                }
            )
    params = c.params or {}
    metadata: dict[str, Any] = {
        "character": {
            "id": c.id,
            "name": c.name,
            "prompt": c.description,
            "directions": directions,
            "size": params.get("canvas"),
            "image_size": params.get("image_size"),
            "template_id": params.get("template_id"),
            "view": params.get("view"),
            "style": {
                k: (result.get("look") or {}).get(k) for k in ("outline", "shading", "detail")
            },
            "pivot": {"x": pivot[0], "y": pivot[1]},
            "palette": result.get("palette"),
            "state_name": params.get("state_name"),
            "group_id": c.group_id,
        },
        "rotations": {
            d: {"file": f"rotations/{d}.png", "keypoints": (result.get("keypoints") or {}).get(d)}
            for d in rotations
        },
        "animations": meta_anims,
    }
    return SpriteSet(c.name or c.id, rotations, tuple(rows), {"character_id": c.id}), metadata


def character_sheet_zip(ctx: Container, character_id: str, fmt: str | None = None) -> Export:
    """The contract's spritesheet ZIP, or with ``fmt`` the sheet plus that engine's file."""
    ss, _ = _sprite_set(ctx, _load(ctx, character_id))
    if fmt is None:
        return Export(f"{ss.stem}_spritesheet.zip", contract_zip(ss))
    return Export(f"{ss.stem}_{fmt}.zip", export_zip(ss, fmt))


def character_files_zip(ctx: Container, character_id: str, states: str | None = None) -> Export:
    """The contract's ZIP of loose files, with ``states`` of the same group under
    ``states/<id>/`` (404 for an id that is not a state of this character's group)."""
    loaded = _load(ctx, character_id)
    ss, metadata = _sprite_set(ctx, loaded)
    extra: dict[str, bytes] = {}
    wanted = [s.strip() for s in (states or "").split(",") if s.strip()]
    if wanted:
        group = loaded.character.group_id
        metadata["states"] = []
        for sid in dict.fromkeys(wanted):
            if sid == character_id:
                continue
            try:
                other = _load(ctx, sid)
            except NotFound:
                raise NotFound(f"State {sid} not found") from None
            if group is None or other.character.group_id != group:
                raise NotFound(f"State {sid} not found in this character's group")
            sub, meta = _sprite_set(ctx, other)
            for d, f in sub.rotations.items():
                extra[f"states/{sid}/rotations/{d}.png"] = f.png
            for a in sub.animations:
                for i, f in enumerate(a.frames):
                    extra[f"states/{sid}/animations/{a.name}/{a.direction}/frame_{i:03d}.png"] = (
                        f.png
                    )
            metadata["states"].append(meta)
    data = files_zip(ss, metadata)
    if extra:
        data = _append(data, extra)
    return Export(f"{ss.stem}.zip", data)


def _append(zip_bytes: bytes, files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO(zip_bytes)
    with zipfile.ZipFile(buf, "a", zipfile.ZIP_STORED) as z:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()
