"""The object library: details, the list, deletion, tags, animations' removal and the
spritesheet export.

Public URLs are made by the caller's ``url(key)`` (the API knows its own address); the
files never move, so an object's URLs stay the same when animations or states are added
or deleted. ``status`` on the wire: ``pending`` (queued), ``processing`` (being drawn),
``review`` (candidates waiting for ``select-frames``), ``completed`` or ``failed``.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from pixelkiln.contract.common import Usage
from pixelkiln.contract.objects import (
    DeleteAnimationResponse,
    DeleteObjectResponse,
    ObjectAnimationDirection,
    ObjectAnimationGroup,
    ObjectDetail,
    ObjectRotationUrls,
    ObjectSize,
    ObjectsListResponse,
    ObjectSummary,
    UpdateObjectTagsResponse,
)
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.errors import BadRequest, NotFound
from pixelkiln.exports.sprites import AnimationRow, Frame, SpriteSet, contract_zip, export_zip
from pixelkiln.service.accounts import Auth
from pixelkiln.service.objects.common import ANIMATION_FAMILY, FAMILY, NOUN, look_style
from pixelkiln.service.subjects.library import (
    AnimationPart,
    animation_parts,
    delete_animations,
    delete_with_children,
    set_tags,
)
from pixelkiln.store.models import Asset, Job

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "UrlFor",
    "delete_object",
    "delete_object_animations",
    "get_object",
    "iso",
    "list_objects",
    "object_status",
    "owned_object",
    "spritesheet",
    "update_tags",
]

UrlFor = Callable[[str], str]
#: Directions in the engine's order (clockwise from south); ``unknown`` first.
_ORDER = {d: i for i, d in enumerate(DIRECTIONS)}
_MAX_OFFSET = 2**62
#: Seconds a queued object is expected to take when nothing has been measured yet.
_TYPICAL_S = 2


def iso(t: dt.datetime) -> str:
    """ISO 8601 UTC with a ``Z`` (the wire's timestamps)."""
    if t.tzinfo is None:
        t = t.replace(tzinfo=dt.UTC)
    return t.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def owned_object(s: Any, auth: Auth, object_id: str) -> Asset:
    """The caller's object (404 for anything else, another account's included)."""
    asset = s.get(Asset, object_id)
    if asset is None or asset.account_id != auth.account_id or asset.family != FAMILY:
        raise NotFound(f"{NOUN} not found")
    return asset


def object_status(asset: Asset, job: Job | None) -> str:
    """The wire status (see the module docstring)."""
    if asset.status == "processing":
        return "pending" if job is None or job.status == "queued" else "processing"
    if asset.status == "completed" and (asset.result or {}).get("review"):
        return "review"
    return asset.status


def _progress(asset: Asset, job: Job | None) -> tuple[int | None, int | None]:
    """(progress_percent, eta_seconds) while the object is being made, else (None, None)."""
    if asset.status != "processing":
        return None, None
    pct = job.progress if job is not None else 0
    if job is not None and job.started_at is not None and pct > 0:
        started = job.started_at
        if started.tzinfo is None:
            started = started.replace(tzinfo=dt.UTC)
        elapsed = (dt.datetime.now(dt.UTC) - started).total_seconds()
        eta = math.ceil(max(elapsed, 0.0) * (100 - pct) / pct)
    else:
        eta = _TYPICAL_S
    return int(pct), max(1, int(eta))


def _size(asset: Asset) -> ObjectSize:
    size = (asset.params or {}).get("size") or {}
    return ObjectSize(width=int(size.get("width", 0)), height=int(size.get("height", 0)))


def _directions(asset: Asset) -> int:
    if (asset.result or {}).get("review"):
        return 1
    return int((asset.params or {}).get("directions", 1))


def _rotation_urls(asset: Asset, url: UrlFor) -> ObjectRotationUrls:
    files = asset.files or {}
    if asset.status != "completed" or _directions(asset) == 1:
        return ObjectRotationUrls()
    return ObjectRotationUrls(**{d: url(files[d]) for d in DIRECTIONS if d in files})


def _frame_keys(files: dict[str, str]) -> list[str]:
    return sorted((k for k in files if k.startswith("frame_")), key=lambda k: int(k[6:]))


def _groups(parts: list[AnimationPart], url: UrlFor) -> list[ObjectAnimationGroup]:
    """Animation directions grouped by animation, each direction's newest only."""
    order: list[str] = []
    groups: dict[str, dict[str, AnimationPart]] = {}
    for p in parts:  # oldest first, so a newer direction replaces an older one
        if p.group_id not in groups:
            order.append(p.group_id)
            groups[p.group_id] = {}
        groups[p.group_id][p.direction] = p
    out = []
    for gid in order:
        dirs = groups[gid]
        first = next(iter(dirs.values()))
        out.append(
            ObjectAnimationGroup(
                animation_group_id=gid,
                description=str(first.params.get("description", "")),
                frame_count=int(first.params.get("frame_count", 0)),
                display_name=first.display_name,
                animation_type=first.animation_type,
                directions=[
                    ObjectAnimationDirection(
                        direction=d,
                        created_at=iso(p.created_at),
                        storage_urls=(
                            {"frames": [url(p.files[k]) for k in _frame_keys(p.files)]}
                            if p.status == "completed"
                            else {}
                        ),
                        status=p.status,
                    )
                    for d, p in sorted(dirs.items(), key=lambda kv: _ORDER.get(kv[0], -1))
                ],
            )
        )
    return out


def get_object(ctx: Container, auth: Auth, object_id: str, url: UrlFor) -> ObjectDetail:
    """An object, with progress while it is made and its candidates while in review."""
    with ctx.db.read() as s:
        asset = owned_object(s, auth, object_id)
        job = s.get(Job, asset.job_id) if asset.job_id else None
        status = object_status(asset, job)
        pct, eta = _progress(asset, job)
        s.expunge(asset)
    params = asset.params or {}
    result = asset.result or {}
    files = (asset.files or {}) if asset.status == "completed" else {}
    frames = _frame_keys(files) if status == "review" else []
    look = result.get("look")
    return ObjectDetail(
        id=asset.id,
        prompt=asset.description or "",
        size=_size(asset),
        directions=_directions(asset),
        created_at=iso(asset.created_at),
        rotation_urls=_rotation_urls(asset, url),
        animations=_groups(animation_parts(ctx, asset.id, ANIMATION_FAMILY), url),
        eta_seconds=eta,
        frame_urls=[url(files[k]) for k in frames] if status == "review" else None,
        group_id=asset.group_id,
        name=asset.name,
        progress_percent=pct,
        state_name=params.get("state_name"),
        status=status,
        storage_urls={k: url(v) for k, v in files.items()},
        style_settings=params.get("style_settings") or (look_style(look) if look else None),
        tags=list(asset.tags or []),
        view=params.get("view"),
    )


def _summary(asset: Asset, job: Job | None, url: UrlFor) -> ObjectSummary:
    files = asset.files or {}
    status = object_status(asset, job)
    preview = None
    if status == "completed":
        key = files.get("south") or files.get("unknown")
        preview = url(key) if key else None
    elif status == "review" and "frame_0" in files:
        preview = url(files["frame_0"])
    return ObjectSummary(
        id=asset.id,
        prompt=asset.description or "",
        size=_size(asset),
        directions=_directions(asset),
        created_at=iso(asset.created_at),
        name=asset.name,
        preview_url=preview,
        state_name=(asset.params or {}).get("state_name"),
        status=status,
        tags=list(asset.tags or []),
        view=(asset.params or {}).get("view"),
    )


def list_objects(
    ctx: Container, auth: Auth, limit: int, offset: int, url: UrlFor
) -> ObjectsListResponse:
    """A page of the caller's objects, newest first, and how many there are in all."""
    where = (Asset.account_id == auth.account_id, Asset.family == FAMILY)
    with ctx.db.read() as s:
        total = int(s.scalar(select(func.count()).select_from(Asset).where(*where)) or 0)
        rows = s.scalars(
            select(Asset)
            .where(*where)
            .order_by(Asset.created_at.desc(), Asset.id)
            .limit(limit)
            .offset(min(offset, _MAX_OFFSET))
        ).all()
        items = [_summary(a, s.get(Job, a.job_id) if a.job_id else None, url) for a in rows]
    return ObjectsListResponse(objects=items, total=total)


def delete_object(ctx: Container, auth: Auth, object_id: str) -> DeleteObjectResponse:
    """Delete an object, its images and its animations (states are objects of their own
    and stay)."""
    delete_with_children(ctx, auth, object_id, (FAMILY,), NOUN)
    return DeleteObjectResponse(
        success=True, object_id=object_id, usage=Usage(type="generations", generations=0)
    )


def update_tags(
    ctx: Container, auth: Auth, object_id: str, tags: list[str]
) -> UpdateObjectTagsResponse:
    """Replace the object's tags (400 "Invalid tag format" past the limits)."""
    clean = set_tags(ctx, auth, object_id, (FAMILY,), tags, NOUN)
    return UpdateObjectTagsResponse(tags=clean, usage=Usage(type="generations", generations=0))


def delete_object_animations(
    ctx: Container,
    auth: Auth,
    object_id: str,
    animation_type: str | None,
    animation_group_id: str | None,
    direction: str | None,
) -> DeleteAnimationResponse:
    """Delete animations by type (its display name or motion) or group, optionally one
    direction (400 with neither; 409 when a type names several animations)."""
    label = None
    if animation_group_id:
        for p in animation_parts(ctx, object_id, ANIMATION_FAMILY):
            if p.group_id == animation_group_id:
                label = p.display_name or p.animation_type
                break
    count = delete_animations(
        ctx,
        auth,
        object_id,
        (FAMILY,),
        ANIMATION_FAMILY,
        animation_type,
        animation_group_id,
        direction,
        NOUN,
    )
    return DeleteAnimationResponse(
        success=True,
        deleted_count=count,
        label=label or animation_type,
        usage=Usage(type="generations", generations=0),
    )


def _pivot(record: dict[str, Any]) -> tuple[int, int]:
    p = record.get("pivot") or {}
    return int(p.get("x", 0)), int(p.get("y", 0))


def spritesheet(ctx: Container, auth: Auth, object_id: str, fmt: str | None) -> tuple[bytes, str]:
    """The object's spritesheet ZIP (the contract's, or ``fmt``: aseprite, godot, phaser)
    and its file name. 400 while it has no rotation images (drawing, failed, in review)."""
    with ctx.db.read() as s:
        asset = owned_object(s, auth, object_id)
        s.expunge(asset)
    result = asset.result or {}
    files = asset.files or {}
    if asset.status != "completed" or result.get("review") or not files:
        raise BadRequest("Object has no rotation images")
    pivot = _pivot(result)
    names = [d for d in DIRECTIONS if d in files] or ["unknown"]
    rotations = {d: Frame(ctx.blobs.get(files[d]), pivot) for d in names}
    rows: list[AnimationRow] = []
    latest: dict[tuple[str, str], AnimationPart] = {}
    for p in animation_parts(ctx, asset.id, ANIMATION_FAMILY):
        if p.status == "completed":
            latest[(p.group_id, p.direction)] = p
    for p in latest.values():
        rec = p.result or {}
        frames = tuple(Frame(ctx.blobs.get(p.files[k]), _pivot(rec)) for k in _frame_keys(p.files))
        rows.append(
            AnimationRow(
                name=p.display_name or p.animation_type,
                direction=p.direction,
                frames=frames,
                fps=int(rec.get("fps", 10)),
                loop=bool(rec.get("loop", True)),
                group_id=p.group_id,
            )
        )
    ss = SpriteSet(
        name=asset.name or "object",
        rotations=rotations,
        animations=tuple(rows),
        metadata={
            "object_id": asset.id,
            "description": asset.description,
            "directions": len(names),
            "view": (asset.params or {}).get("view"),
        },
    )
    data = contract_zip(ss) if fmt is None else export_zip(ss, fmt)
    suffix = "" if fmt is None else f"_{fmt}"
    return data, f"{ss.stem}{suffix}.zip"
