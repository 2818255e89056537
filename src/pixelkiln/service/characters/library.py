"""The character library: details, lists, deletion, tags and animation deletion.

A character is an asset of family ``character``; each direction of each animation is a
child asset of family ``character_animation`` (``parent_id`` the character, ``group_id``
the animation). A character's row reads ``pending`` until its job completes; its
rotation URLs (public, key-free, immutable) appear when it does. Another account's
character reads exactly like a missing one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from pixelkiln.contract.characters import (
    AnimationDirection,
    AnimationGroup,
    CharacterDetail,
    CharacterRotationUrls,
    CharacterSize,
    CharacterSummary,
    DeleteAnimationResponse,
    DeleteCharacterResponse,
    UpdateTagsResponse,
)
from pixelkiln.contract.common import Usage
from pixelkiln.service.accounts import Auth
from pixelkiln.service.assets import AssetView, get_asset, list_assets
from pixelkiln.service.subjects.library import (
    AnimationPart,
    animation_parts,
    delete_animations,
    delete_with_children,
    set_tags,
)
from pixelkiln.store.models import Asset, Blob

if TYPE_CHECKING:
    import datetime as dt

    from pixelkiln.bootstrap import Container

__all__ = [
    "ANIMATION_FAMILY",
    "FAMILY",
    "NOUN",
    "Url",
    "character_detail",
    "character_summary",
    "delete_character",
    "delete_character_animations",
    "grouped_animations",
    "list_characters",
    "owned_character",
    "public_status",
    "update_tags",
]

FAMILY = "character"
ANIMATION_FAMILY = "character_animation"
NOUN = "Character"
#: A blob key to its public URL (the router knows the host).
Url = Callable[[str], str]
_ZERO = Usage(type="generations", generations=0)


def public_status(status: str) -> str:
    """The contract's character status: pending until the job completes."""
    return {"processing": "pending"}.get(status, status)


def owned_character(ctx: Container, auth: Auth, character_id: str) -> AssetView:
    """The caller's character (404 for an unknown id or another account's)."""
    return get_asset(ctx, auth, character_id, FAMILY, NOUN)


def _iso(t: dt.datetime | None) -> str | None:
    return None if t is None else t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _size(d: dict[str, Any] | None) -> CharacterSize:
    d = d or {}
    return CharacterSize(width=int(d.get("width", 0)), height=int(d.get("height", 0)))


def _base(view: AssetView, tags: list[str], updated: Any, animation_count: int) -> dict[str, Any]:
    p = view.params
    return {
        "id": view.id,
        "name": view.name or (view.description or "")[:50],
        "prompt": view.description or "",
        "size": _size(p.get("canvas")),
        "image_size": _size(p.get("image_size")),
        "directions": len(p.get("directions", ())) or 8,
        "created_at": _iso(view.created_at) or "",
        "animation_count": animation_count,
        "template_id": p.get("template_id", "mannequin"),
        "group_id": p.get("group_id"),
        "state_name": p.get("state_name"),
        "status": public_status(view.status),
        "tags": tags,
        "updated_at": _iso(updated),
        "view": p.get("view"),
    }


def _rows(ctx: Container, ids: list[str]) -> dict[str, tuple[list[str], Any, str | None]]:
    """Tags, updated_at and group_id of assets (columns the shared view leaves out)."""
    if not ids:
        return {}
    with ctx.db.read() as s:
        rows = s.execute(
            select(Asset.id, Asset.tags, Asset.updated_at, Asset.group_id).where(Asset.id.in_(ids))
        ).all()
    return {r[0]: (list(r[1] or []), r[2], r[3]) for r in rows}


def grouped_animations(parts: list[AnimationPart]) -> list[tuple[str, list[AnimationPart]]]:
    """Animation directions grouped by animation, in the order they were made."""
    groups: dict[str, list[AnimationPart]] = {}
    for part in parts:
        groups.setdefault(part.group_id, []).append(part)
    return list(groups.items())


def _animation_group(group_id: str, parts: list[AnimationPart], url: Url) -> AnimationGroup:
    first = parts[0]
    directions = []
    for p in parts:
        frames = sorted(k for k in p.files if k.startswith("frame_"))
        status = public_status(p.status)
        count = len(frames) if status == "completed" else int(p.params.get("frame_count") or 0)
        directions.append(
            AnimationDirection(
                direction=p.direction,
                frame_count=count,
                frames=[url(p.files[k]) for k in frames],
                status=status,
            )
        )
    return AnimationGroup(
        animation_type=first.animation_type,
        directions=directions,
        animation_group_id=group_id,
        display_name=first.display_name,
    )


def character_detail(ctx: Container, auth: Auth, character_id: str, url: Url) -> CharacterDetail:
    """Everything about one of the caller's characters (pending while it is drawn)."""
    view = owned_character(ctx, auth, character_id)
    tags, updated, group_id = _rows(ctx, [view.id]).get(view.id, ([], None, None))
    groups = grouped_animations(animation_parts(ctx, view.id, ANIMATION_FAMILY))
    base = _base(view, tags, updated, len(groups))
    base["group_id"] = group_id
    result = view.result or {}
    look = result.get("look") or {}
    style = view.params.get("style") or {}
    rotation_urls = None
    if view.status == "completed":
        urls = {
            d: url(view.files[f"rotations/{d}"])
            for d in view.params.get("directions", ())
            if f"rotations/{d}" in view.files
        }
        rotation_urls = CharacterRotationUrls.model_validate(urls)
    spec_params = (result.get("spec") or {}).get("params") or {}
    proportions = None
    if spec_params or view.params.get("proportions"):
        proportions = {
            "requested": view.params.get("proportions"),
            "preset": spec_params.get("proportions"),
            "custom": spec_params.get("custom_proportions") or {},
        }
        if "fit" in result:
            proportions["fitted_iou"] = result["fit"].get("iou")
    return CharacterDetail(
        **base,
        animations=[_animation_group(g, parts, url) for g, parts in groups],
        guidance=view.params.get("guidance"),
        rotation_urls=rotation_urls,
        skeletons=result.get("keypoints"),
        style_settings={
            "outline": look.get("outline", style.get("outline")),
            "shading": look.get("shading", style.get("shading")),
            "detail": look.get("detail", style.get("detail")),
            "mode": view.params.get("mode", "standard"),
            "isometric": bool(view.params.get("isometric")),
        },
        proportions=proportions,
        reading=result.get("reading"),
    )


def character_summary(
    view: AssetView, extra: tuple[list[str], Any, str | None], count: int, url: Url
) -> CharacterSummary:
    tags, updated, group_id = extra
    base = _base(view, tags, updated, count)
    base["group_id"] = group_id
    preview = None
    if view.status == "completed" and "rotations/south" in view.files:
        preview = url(view.files["rotations/south"])
    return CharacterSummary(**base, preview_url=preview)


def list_characters(
    ctx: Container, auth: Auth, limit: int, offset: int, url: Url
) -> tuple[list[CharacterSummary], int]:
    """A page of the caller's characters, newest first, and how many there are."""
    views, total = list_assets(ctx, auth, FAMILY, limit, offset)
    ids = [v.id for v in views]
    extra = _rows(ctx, ids)
    counts: dict[str, int] = {}
    if ids:
        with ctx.db.read() as s:
            rows = s.execute(
                select(Asset.parent_id, func.count(func.distinct(Asset.group_id)))
                .where(Asset.parent_id.in_(ids), Asset.family == ANIMATION_FAMILY)
                .group_by(Asset.parent_id)
            ).all()
        counts = {r[0]: int(r[1]) for r in rows}
    return [
        character_summary(v, extra.get(v.id, ([], None, None)), counts.get(v.id, 0), url)
        for v in views
    ], total


def delete_character(ctx: Container, auth: Auth, character_id: str) -> DeleteCharacterResponse:
    """Delete a character, its images and its animations (its states stay)."""
    owned_character(ctx, auth, character_id)
    with ctx.db.read() as s:
        children = list(s.scalars(select(Asset.id).where(Asset.parent_id == character_id)))
        files = int(
            s.scalar(
                select(func.count())
                .select_from(Blob)
                .where(Blob.asset_id.in_([*children, character_id]))
            )
            or 0
        )
    delete_with_children(ctx, auth, character_id, (FAMILY,), NOUN)
    return DeleteCharacterResponse(
        success=True,
        character_id=character_id,
        animations_deleted=len(children),
        files_deleted=files,
        usage=_ZERO,
    )


def update_tags(
    ctx: Container, auth: Auth, character_id: str, tags: list[str]
) -> UpdateTagsResponse:
    """Replace the tags (400 "Invalid tag format" beyond 20 tags or 50 characters)."""
    clean = set_tags(ctx, auth, character_id, (FAMILY,), tags, NOUN)
    return UpdateTagsResponse(tags=clean, usage=_ZERO)


def delete_character_animations(
    ctx: Container,
    auth: Auth,
    character_id: str,
    animation_type: str | None,
    animation_group_id: str | None,
    direction: str | None,
) -> DeleteAnimationResponse:
    """Delete animations by type or group (one direction, optionally); see the library."""
    owned_character(ctx, auth, character_id)
    label = animation_type
    if animation_group_id and not animation_type:
        for group_id, parts in grouped_animations(
            animation_parts(ctx, character_id, ANIMATION_FAMILY)
        ):
            if group_id == animation_group_id:
                label = parts[0].display_name or parts[0].animation_type
    count = delete_animations(
        ctx,
        auth,
        character_id,
        (FAMILY,),
        ANIMATION_FAMILY,
        animation_type,
        animation_group_id,
        direction,
        NOUN,
    )
    return DeleteAnimationResponse(success=True, deleted_count=count, label=label, usage=_ZERO)
